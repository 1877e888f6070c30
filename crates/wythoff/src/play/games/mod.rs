//! The games `wythoff play` offers, behind one interface: positions, legality with the reason
//! for a refusal, outcomes, winning moves and the computer's choice (doc/play.md).
//!
//! Every game but sums is a game of the [`registry`], which decides its positions:
//! * Two piles, any a, normal or misère play (`wythoff`, `fraenkel-A`, `misere-…`): outcomes
//!   and every winning move from the algebraic strategy (exact at any size; Fraenkel 1982,
//!   Theorem 2), O(M(log x)) per look-up.
//! * Three piles, a = 1, normal play (`three-pile`): the box [0, x] × [0, y] × [0, z] of the
//!   start is solved once by line occupancy (doc/three_pile.md; O(x·y·z / 64) word operations,
//!   0.2 s for piles of 1000); every later position lies in the box, its outcome is one look-up
//!   and its winning moves a scan of the ≤ 7·max(x, y, z) moves.
//! * N-heap Wythoff (`nheap`) and the games chosen by name (`--game`): the game's engine.
//! * Sums of pairs, any a, normal play: the Grundy table of the largest component is computed
//!   once ([`Oracle`]); the sum is a P-position iff the nim-sum s of the components' values is 0,
//!   and a winning move lowers a component of value g with g ⊕ s < g to a position of value
//!   g ⊕ s (Sprague–Grundy theorem; doc/sums.md) — one such move per component.
//!
//! When no winning move exists the computer plays the *smallest take*: one counter from the
//! largest pile (the first of equal ones, components in order).  Every move from a P-position
//! leads to an N-position, so no choice is better against best play; taking one counter keeps
//! the most counters on the table.  With a random generator the computer draws uniformly among
//! its winning moves, or among all one-counter moves.

mod moves;

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::Rules;
use crate::pairs::Outcome;
use crate::registry;
use crate::sums::{Oracle, TABLE_LIMIT};
use rug::Integer;
use std::fmt;

/// Largest pile of a three-pile game (the box of the start is solved at once,
/// [`crate::three_pile::MAX_BOX_PILE`]).
pub const MAX_THREE_PILE: u64 = crate::three_pile::MAX_BOX_PILE;
/// Largest pile of a component of a sum (the Grundy table of side ≤ 8192 is computed at once).
pub const MAX_SUM_PILE: u64 = TABLE_LIMIT - 1;
/// Most components of a sum.
pub const MAX_COMPONENTS: usize = 64;

/// A position of one of the games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// Two piles (x, y), any size.
    Pair(Integer, Integer),
    /// Three piles (x, y, z).
    Three([u64; 3]),
    /// A disjunctive sum of two-pile positions.
    Sum(Vec<(u64, u64)>),
    /// Fraenkel's N-heap Wythoff (2 to [`crate::nheap::MAX_HEAPS`] heaps).
    Nheap(Vec<u64>),
    /// A position of a game of the registry ([`crate::registry`]): its heaps, in its order.
    Game(Vec<u64>),
}

impl State {
    /// Whether no move is left (every pile empty).
    pub fn is_terminal(&self) -> bool {
        match self {
            State::Pair(x, y) => *x == 0 && *y == 0,
            State::Three(p) => p.iter().all(|&v| v == 0),
            State::Sum(cs) => cs.iter().all(|&(x, y)| x == 0 && y == 0),
            State::Nheap(h) | State::Game(h) => h.iter().all(|&v| v == 0),
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            State::Pair(x, y) => write!(f, "({x}, {y})"),
            State::Three([x, y, z]) => write!(f, "({x}, {y}, {z})"),
            State::Nheap(h) | State::Game(h) => {
                let h: Vec<String> = h.iter().map(u64::to_string).collect();
                write!(f, "({})", h.join(", "))
            }
            State::Sum(cs) => {
                for (i, (x, y)) in cs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" + ")?;
                    }
                    write!(f, "({x}, {y})")?;
                }
                Ok(())
            }
        }
    }
}

/// A source of random choices: SplitMix64 (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014), enough to vary a game, not for cryptography.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in 0..n (n ≥ 1), by the high half of a 128-bit product (no floating point).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n.max(1))) >> 64) as u64
    }

    /// One element of a non-empty slice, uniformly.
    pub fn pick<'v, T>(&mut self, v: &'v [T]) -> Option<&'v T> {
        if v.is_empty() {
            return None;
        }
        let i = self.below(v.len() as u64) as usize;
        v.get(i)
    }
}

/// What the computer plays and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The position reached.
    pub to: State,
    /// Whether it is a winning move (onto a P-position); otherwise the smallest take.
    pub winning: bool,
}

enum Engine {
    /// A sum of two-pile positions: the Grundy values of its components.
    Sum(Oracle),
    /// A game of the registry: each position analysed when asked ([`registry::Game::analyse`]:
    /// two piles by the algebraic strategy at any size; three piles, the line games and
    /// three-pile keep their box, rows or table, which cover every position below the start;
    /// N heaps by the slices or the box search); the start's analysis checks the limits up
    /// front.
    Registry(Box<dyn registry::Game>),
}

/// A game being played: the rules and what decides its positions, prepared for a start and
/// every position below it (the games themselves, with their moves and engines, are the
/// registry's [`registry::Game`]).
pub struct PlayedGame {
    rules: Rules,
    engine: Engine,
}

impl PlayedGame {
    /// Prepares the game that starts at `start`: refuses three piles or sums in misère play or
    /// three piles with a ≠ 1, and piles beyond [`MAX_THREE_PILE`] / [`MAX_SUM_PILE`].
    pub fn new(rules: Rules, start: &State) -> Result<PlayedGame> {
        let engine = match start {
            State::Pair(..) => Engine::Registry(registry::two_pile(rules)),
            State::Three(p) => {
                if rules.misere() || rules.a() != 1 {
                    return Err(Error::domain(
                        "three-pile Wythoff is played with a = 1 in normal play (the parameter a \
                         and misère play apply to two piles)",
                    ));
                }
                if let Some(&big) = p.iter().find(|&&v| v > MAX_THREE_PILE) {
                    return Err(Error::domain(format!(
                        "three-pile play accepts piles up to {MAX_THREE_PILE}, not {big} (the \
                         whole box below the start is solved first; its cost grows as the \
                         product of the piles)"
                    )));
                }
                Engine::Registry(started("three-pile", start)?)
            }
            State::Sum(cs) => {
                if rules.misere() {
                    return Err(Error::domain(
                        "sums are played in normal play (misère play applies to two piles)",
                    ));
                }
                if cs.is_empty() || cs.len() > MAX_COMPONENTS {
                    return Err(Error::domain(format!(
                        "a sum has 1 to {MAX_COMPONENTS} components, not {}",
                        cs.len()
                    )));
                }
                if let Some(&(x, y)) = cs.iter().find(|&&(x, y)| x.max(y) > MAX_SUM_PILE) {
                    return Err(Error::domain(format!(
                        "the components of a sum take piles up to {MAX_SUM_PILE}, not ({x}, {y}) \
                         (their Grundy table is computed first)"
                    )));
                }
                let ps: Vec<_> = cs
                    .iter()
                    .map(|&(x, y)| (Integer::from(x), Integer::from(y)))
                    .collect();
                Engine::Sum(Oracle::for_positions(rules.a(), &ps)?)
            }
            State::Game(_) => {
                return Err(Error::internal(
                    "a position of a game of the registry is played with PlayedGame::registry",
                ));
            }
            State::Nheap(h) => {
                if rules.misere() || rules.a() != 1 {
                    return Err(Error::domain(
                        "N-heap Wythoff is played with a = 1 in normal play (the parameter a and \
                         misère play apply to two piles)",
                    ));
                }
                if h.len() < 2 || h.len() > crate::nheap::MAX_HEAPS {
                    return Err(Error::domain(format!(
                        "N-heap Wythoff is played with 2 to {} heaps, not {}",
                        crate::nheap::MAX_HEAPS,
                        h.len()
                    )));
                }
                Engine::Registry(started("nheap", start)?)
            }
        };
        Ok(PlayedGame { rules, engine })
    }

    /// Prepares `game`, a game of the registry, for the start `start` ([`State::Game`]): the
    /// start is analysed first, which checks its number of heaps and the engine's limits (every
    /// later position lies below it).
    pub fn registry(game: Box<dyn registry::Game>, start: &State) -> Result<PlayedGame> {
        let State::Game(h) = start else {
            return Err(mismatch(start));
        };
        registry::analyse(game.as_ref(), &integers(h), &context())?;
        Ok(PlayedGame {
            rules: Rules::new(1, game.misere())?,
            engine: Engine::Registry(game),
        })
    }

    /// The rules played: for a game of the registry, a = 1 and the game's play convention (its
    /// moves are the game's own).
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Whether the player who cannot move wins (misère play).
    pub fn misere(&self) -> bool {
        match &self.engine {
            Engine::Registry(g) => g.misere(),
            _ => self.rules.misere(),
        }
    }

    /// Whether no move is left from `s`: every pile empty, or, for a game of the registry, no
    /// move of its rules.
    pub fn is_terminal(&self, s: &State) -> bool {
        match (&self.engine, s) {
            (Engine::Registry(g), State::Game(h)) => !g.any_move(h, &mut |_| true),
            _ => s.is_terminal(),
        }
    }

    /// The analysis of a position by the game of the registry played.
    fn registry_analysis(&self, s: &State) -> Result<registry::Analysis> {
        match (&self.engine, heaps(s)) {
            (Engine::Registry(g), Some(h)) => registry::analyse(g.as_ref(), &h, &context()),
            _ => Err(mismatch(s)),
        }
    }

    /// Whether `s` is a P-position: the player to move loses against best play.  A terminal
    /// position is P in normal play and N in misère play.
    pub fn is_p(&self, s: &State) -> Result<bool> {
        match (&self.engine, s) {
            (Engine::Sum(o), State::Sum(cs)) => Ok(self.sum_values(o, cs)?.1 == 0),
            _ => Ok(self.registry_analysis(s)?.outcome == Outcome::P),
        }
    }

    fn sum_values(&self, o: &Oracle, cs: &[(u64, u64)]) -> Result<(Vec<Integer>, Integer)> {
        let mut s = Integer::new();
        let mut values = Vec::with_capacity(cs.len());
        for &(x, y) in cs {
            let g = o.value(&Integer::from(x), &Integer::from(y))?;
            s ^= &g;
            values.push(g);
        }
        Ok((values, s))
    }

    /// The winning moves from `s` (positions reached): every one for two and three piles, one per
    /// component that has one for a sum.  Empty for a P-position and a terminal one.
    pub fn winning_moves(&self, s: &State) -> Result<Vec<State>> {
        if self.is_terminal(s) {
            return Ok(Vec::new());
        }
        match (&self.engine, s) {
            (Engine::Registry(g), State::Three(p)) => {
                // in the order of the moves: directions e1, e2, e1+e2, e3, …, nearest first
                let wins = self.registry_analysis(s)?.winning_moves;
                Ok(g.moves(p)
                    .into_iter()
                    .filter(|q| wins.iter().any(|w| w.iter().zip(q).all(|(a, b)| a == b)))
                    .map(|q| State::Three([q[0], q[1], q[2]]))
                    .collect())
            }
            (Engine::Sum(o), State::Sum(cs)) => {
                let (values, nim) = self.sum_values(o, cs)?;
                let mut v = Vec::new();
                if nim == 0 {
                    return Ok(v);
                }
                for (i, g) in values.iter().enumerate() {
                    let t = Integer::from(g ^ &nim);
                    if t < *g {
                        let (x, y) = cs[i];
                        let (u, w) = o.move_to_value(&Integer::from(x), &Integer::from(y), &t)?;
                        let (u, w) = (small(&u)?, small(&w)?);
                        let mut next = cs.clone();
                        next[i] = (u, w);
                        v.push(State::Sum(next));
                    }
                }
                Ok(v)
            }
            (Engine::Registry(_), _) => self
                .registry_analysis(s)?
                .winning_moves
                .into_iter()
                .map(|m| rebuilt(s, m))
                .collect(),
            _ => Err(mismatch(s)),
        }
    }

    /// The one-counter moves from `s`, the largest pile first (the first of equal ones).  For a
    /// game of the registry, those its rules allow; when it allows none, the moves that take
    /// the fewest counters in all, in increasing order of the position reached.
    pub fn small_moves(&self, s: &State) -> Vec<State> {
        let mut v: Vec<(Integer, State)> = Vec::new();
        match s {
            State::Game(h) => {
                let Engine::Registry(g) = &self.engine else {
                    return Vec::new();
                };
                for i in 0..h.len() {
                    let mut q = h.clone();
                    if q[i] > 0 {
                        q[i] -= 1;
                        if g.is_move(h, &q) {
                            v.push((Integer::from(h[i]), State::Game(q)));
                        }
                    }
                }
                if v.is_empty() {
                    let total = |q: &[u64]| h.iter().zip(q).map(|(a, b)| a - b).sum::<u64>();
                    let mut all = g.moves(h);
                    let least = all.iter().map(|q| total(q)).min();
                    all.retain(|q| Some(total(q)) == least);
                    all.sort();
                    all.dedup();
                    return all.into_iter().map(State::Game).collect();
                }
            }
            State::Pair(x, y) => {
                if *x > 0 {
                    v.push((x.clone(), State::Pair(Integer::from(x - 1u32), y.clone())));
                }
                if *y > 0 {
                    v.push((y.clone(), State::Pair(x.clone(), Integer::from(y - 1u32))));
                }
            }
            State::Three(p) => {
                for i in 0..3 {
                    if p[i] > 0 {
                        let mut q = *p;
                        q[i] -= 1;
                        v.push((Integer::from(p[i]), State::Three(q)));
                    }
                }
            }
            State::Nheap(h) => {
                for i in 0..h.len() {
                    if h[i] > 0 {
                        let mut q = h.clone();
                        q[i] -= 1;
                        v.push((Integer::from(h[i]), State::Nheap(q)));
                    }
                }
            }
            State::Sum(cs) => {
                for (i, &(x, y)) in cs.iter().enumerate() {
                    for (pile, to) in [(x, (x.wrapping_sub(1), y)), (y, (x, y.wrapping_sub(1)))] {
                        if pile > 0 {
                            let mut next = cs.clone();
                            next[i] = to;
                            v.push((Integer::from(pile), State::Sum(next)));
                        }
                    }
                }
            }
        }
        // stable: equal piles keep their order
        v.sort_by(|a, b| b.0.cmp(&a.0));
        v.into_iter().map(|(_, s)| s).collect()
    }

    /// The computer's move from `s`: a winning move if there is one, else the smallest take;
    /// the first of each list, or one drawn by `rng`.  `None` when no move is left.
    pub fn computer_move(&self, s: &State, rng: Option<&mut Rng>) -> Result<Option<Choice>> {
        if self.is_terminal(s) {
            return Ok(None);
        }
        let wins = self.winning_moves(s)?;
        let (list, winning) = if wins.is_empty() {
            (self.small_moves(s), false)
        } else {
            (wins, true)
        };
        let to = match rng {
            Some(r) => r.pick(&list).cloned(),
            None => list.first().cloned(),
        };
        Ok(to.map(|to| Choice { to, winning }))
    }

    /// The rules in one paragraph, as the session opens.
    pub fn describe(&self, s: &State) -> String {
        if let (Engine::Registry(g), State::Game(_)) = (&self.engine, s) {
            let end = if g.misere() {
                "The player who cannot move wins (misère play)."
            } else {
                "The player who cannot move loses: the player who makes the last move wins."
            };
            return format!("{} (the game {}). {end}", g.title(), g.name());
        }
        let a = self.rules.a();
        let pair_rule = if a == 1 {
            "take any number of counters from one pile, or the same number from both".to_string()
        } else {
            format!(
                "take any number of counters from one pile, or k from one and l from the other with |k - l| < {a}"
            )
        };
        let end = if self.rules.misere() {
            "The player who takes the last counter loses (misère play)."
        } else {
            "The player who takes the last counter wins."
        };
        let name = if a == 1 {
            "Wythoff's game".to_string()
        } else {
            format!("Generalized Wythoff with a = {a}")
        };
        match s {
            State::Pair(..) => format!("{name}: {pair_rule}. {end}"),
            State::Three(..) => format!(
                "Three-pile Wythoff: take any number of counters from one pile, or the same \
                 number from two or from all three piles. {end}"
            ),
            State::Nheap(h) => format!(
                "{}-heap Wythoff (Fraenkel): take any number of counters from one heap, or from \
                 several heaps amounts whose nim-sum (bitwise exclusive or) is 0, for example {}. \
                 {end}",
                h.len(),
                // two heaps have no three amounts: their nim-sum moves take the same from both
                if h.len() == 2 {
                    "2 and 2"
                } else {
                    "1, 2 and 3"
                }
            ),
            State::Game(_) => format!("{name}: {pair_rule}. {end}"),
            State::Sum(cs) => format!(
                "A sum of {} games of {}: a move is a move in one component ({pair_rule}). {end}",
                cs.len(),
                if a == 1 {
                    "Wythoff".to_string()
                } else {
                    format!("generalized Wythoff, a = {a}")
                }
            ),
        }
    }
}

/// The context of every analysis of a session: the workers of rayon's pool, never cancelled (a
/// session answers one line at a time).
pub(crate) fn context() -> Context<'static> {
    Context::new(rayon::current_num_threads())
}

/// The heaps as integers.
fn integers(h: &[u64]) -> Vec<Integer> {
    h.iter().map(|&v| Integer::from(v)).collect()
}

/// The heaps of a position of a game of the registry; `None` for a sum.
fn heaps(s: &State) -> Option<Vec<Integer>> {
    match s {
        State::Pair(x, y) => Some(vec![x.clone(), y.clone()]),
        State::Three(p) => Some(integers(p)),
        State::Nheap(h) | State::Game(h) => Some(integers(h)),
        State::Sum(_) => None,
    }
}

/// The position of the kind of `s` with heaps `m`.
fn rebuilt(s: &State, mut m: Vec<Integer>) -> Result<State> {
    let words = |m: &[Integer]| m.iter().map(small).collect::<Result<Vec<u64>>>();
    Ok(match s {
        State::Pair(..) if m.len() == 2 => {
            let y = m.pop().unwrap_or_default();
            State::Pair(m.pop().unwrap_or_default(), y)
        }
        State::Three(_) if m.len() == 3 => {
            let w = words(&m)?;
            State::Three([w[0], w[1], w[2]])
        }
        State::Nheap(_) => State::Nheap(words(&m)?),
        State::Game(_) => State::Game(words(&m)?),
        _ => return Err(mismatch(s)),
    })
}

/// The game `name` of the registry prepared for `start`, which it analyses first: that checks
/// its limits, which hold for every later position since each lies below it.
fn started(name: &str, start: &State) -> Result<Box<dyn registry::Game>> {
    let g = registry::find(name)?;
    registry::analyse(
        g.as_ref(),
        &heaps(start).ok_or_else(|| mismatch(start))?,
        &context(),
    )?;
    Ok(g)
}

/// A pile that came from a u64 position and did not grow.
fn small(v: &Integer) -> Result<u64> {
    v.to_u64()
        .ok_or_else(|| Error::internal(format!("pile {v} beyond 64 bits in a sum")))
}

fn mismatch(s: &State) -> Error {
    Error::internal(format!(
        "position {s} does not belong to the game being played"
    ))
}
