//! One registry of the games: every game behind one trait, [`Game`] — its positions (heaps of
//! counters), its moves as the rules state them, and P or N with every winning move as its engine
//! decides them — found by name ([`find`]); the brute-force oracle of `wythoff-core`
//! ([`crate::oracle`]) decides any game of the registry from its moves alone.
//!
//! [`FAMILIES`] is the one list of the games: `wythoff move --game NAME`, `wythoff play --game
//! NAME`, `wythoff.analyse` and `wythoff.games` in Python, the check `registry games = oracle` of
//! `wythoff verify` ([`check`]), the report page and the tests all read it.  Each family is a
//! module of this folder holding its rules, its engine and its [`Family`] entry — names, what it
//! is, its engine in words, and the boxes its engine is checked on against the oracle.
//!
//! Adding a game is one new file — a module with an implementation of [`Game`] and a
//! [`Family`] — and one line, `module: [FAMILY],` in the list of families below (which declares
//! the module too); the check and the tests then hold its engine against the oracle on its
//! boxes, and its moves against its own [`Game::is_move`].

pub mod check;

use crate::context::Context;
use crate::error::{Error, Result};
pub use crate::oracle::{BruteBox, Moves, winning_moves};
use crate::pairs::Outcome;
use rug::Integer;

/// A position: the heaps, in the game's order.
pub type Position = Vec<Integer>;

/// P or N, and every winning move as the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// P or N.
    pub outcome: Outcome,
    /// The options that are P-positions, in increasing order of the heaps; empty for a
    /// P-position.
    pub winning_moves: Vec<Position>,
}

/// A game of the registry: its rules as moves ([`Moves`]: name, heaps, play convention, the
/// positions one move reaches) and its engine.
pub trait Game: Moves + Send + Sync {
    /// What it is, in one line, with its source.
    fn title(&self) -> String;
    /// P or N and every winning move of `p` by the game's engine, for positions as large as
    /// the engine takes; beyond its limits a one-line refusal.  A long analysis uses the
    /// workers of `ctx` and stops with [`Error::Cancelled`] once its flag is set.
    fn analyse(&self, p: &[Integer], ctx: &Context) -> Result<Analysis>;
    /// Whether one move leads from `p` to `q` (positions of the game, as many heaps each):
    /// decided from the two positions — the amounts taken ([`taken`]) and the heaps — in a time
    /// that does not grow with the heaps, never by listing the moves of `p`, which are as many
    /// as the counters or more.  It is a second statement of the rules, written apart from
    /// [`Moves::any_move`]: the tests hold the two against each other.
    fn is_move(&self, p: &[u64], q: &[u64]) -> bool;
}

/// The amounts taken by going from `p` to `q`; `None` if the numbers of heaps differ, a heap
/// grows or nothing is taken.
pub fn taken(p: &[u64], q: &[u64]) -> Option<Vec<u64>> {
    if p.len() != q.len() || q.iter().zip(p).any(|(a, b)| a > b) || p == q {
        return None;
    }
    Some(p.iter().zip(q).map(|(a, b)| a - b).collect())
}

/// A box of positions of one game on which its engine is checked against the oracle: every
/// position whose heap i is at most `sides[i]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The game's name ([`find`] makes it).
    pub game: String,
    /// The largest heap of the box, one per heap.
    pub sides: Vec<u64>,
}

impl Sample {
    /// The box of `game` with these sides.
    pub fn new(game: &str, sides: &[u64]) -> Sample {
        Sample {
            game: game.to_string(),
            sides: sides.to_vec(),
        }
    }

    /// The number of positions of the box: the product of (side + 1).
    pub fn cells(&self) -> u64 {
        self.sides
            .iter()
            .fold(1u64, |c, &s| c.saturating_mul(s.saturating_add(1)))
    }
}

/// A family of games: a name or a name pattern, what the family is, its engine, how to make a
/// member from its name (`None` if the name is not the family's) and the boxes its engine is
/// checked on.
pub struct Family {
    /// The name, or the pattern of the names (`fraenkel-A`).
    pub pattern: &'static str,
    /// What the family is.
    pub about: &'static str,
    /// What decides its positions, and up to what size.
    pub engine: &'static str,
    make: fn(&str) -> Option<Box<dyn Game>>,
    samples: fn() -> Vec<Sample>,
}

impl Family {
    /// The member of the family named `name`; `None` if the name is not the family's.
    pub fn make(&self, name: &str) -> Option<Box<dyn Game>> {
        (self.make)(name)
    }

    /// The boxes on which the family's engine is checked against the oracle ([`check`]): every
    /// member the family singles out (both play conventions, parameters, heap counts), each on
    /// a box of about 300 to 3000 positions.
    pub fn samples(&self) -> Vec<Sample> {
        (self.samples)()
    }
}

/// Declares the module of each family and lists its families in [`FAMILIES`], in the order
/// given: a line per module, `module: [FAMILY, …],`.
macro_rules! families {
    ($($module:ident: [$($family:ident),+],)+) => {
        $(mod $module;)+

        /// Every family of the registry, in the order they are listed: the one list of the
        /// games.
        pub const FAMILIES: &[Family] = &[$($($module::$family,)+)+];
    };
}

families! {
    two_pile: [NORMAL, MISERE],
    line: [LINES, NIM],
    three: [FAMILY],
    nheap: [FAMILY],
    restricted: [FAMILY],
}

/// The boxes of every family, in the order of [`FAMILIES`].
pub fn samples() -> Vec<Sample> {
    FAMILIES.iter().flat_map(Family::samples).collect()
}

/// The named line game `name` (`wythoff`, `maharaja`, `gdwn-P-Q`, …); otherwise a usage error
/// listing the line games, which for a game of the registry that is not a line game says so and
/// where it is taken (`elsewhere`, e.g. "move --game and play --game take it").
pub fn line_game(name: &str, elsewhere: &str) -> Result<crate::lines::LineRules> {
    crate::lines::LineRules::named(name).ok_or_else(|| {
        let names: Vec<&str> = crate::lines::NAMED.iter().map(|n| n.0).collect();
        let other = if find(name).is_ok() {
            format!("'{name}' is not a line game ({elsewhere})")
        } else {
            format!("unknown game '{name}'")
        };
        Error::usage(format!(
            "{other}; the named line games are {} and {}",
            names.join(", "),
            crate::lines::GDWN_NAMES
        ))
    })
}

/// The game named `name`; an unknown name is a usage error that lists the families.
pub fn find(name: &str) -> Result<Box<dyn Game>> {
    FAMILIES.iter().find_map(|f| f.make(name)).ok_or_else(|| {
        let known: Vec<&str> = FAMILIES.iter().map(|f| f.pattern).collect();
        Error::usage(format!(
            "no game is named '{name}' (accepted: {}; the line games are {})",
            known.join("; "),
            line::names().join(", ")
        ))
    })
}

/// Fraenkel's game with the parameter and play convention of `rules` (the family `wythoff`,
/// `fraenkel-A`, `misere-…`).
pub fn two_pile(rules: crate::game::Rules) -> Box<dyn Game> {
    two_pile::of(rules)
}

/// P or N and every winning move of `p` in `game`, after checking the number of heaps; `ctx`
/// gives the workers and the cancellation flag of a long analysis.
pub fn analyse(game: &dyn Game, p: &[Integer], ctx: &Context) -> Result<Analysis> {
    heap_count(game, p.len())?;
    ctx.check()?;
    game.analyse(p, ctx)
}

/// Every position one move from `p` in `game`, as its rules state them ([`Moves::any_move`]),
/// in the order they come, after checking the number of heaps; refused when there are more than
/// `most` (the moves of a position are as many as its counters, or more).
pub fn options(game: &dyn Game, p: &[u64], most: usize) -> Result<Vec<Vec<u64>>> {
    heap_count(game, p.len())?;
    let mut v = Vec::new();
    let over = game.any_move(p, &mut |q| {
        v.push(q.to_vec());
        v.len() > most
    });
    if over {
        return Err(Error::domain(format!(
            "{}: the position has more than {most} moves",
            game.name()
        )));
    }
    Ok(v)
}

/// Refuses a position of `n` heaps that `game` does not have.
fn heap_count(game: &dyn Game, n: usize) -> Result<()> {
    let heaps = game.heaps();
    if heaps.contains(&n) {
        return Ok(());
    }
    Err(Error::usage(format!(
        "the game {} is played on {} heaps, not {n}",
        game.name(),
        if heaps.start() == heaps.end() {
            heaps.start().to_string()
        } else {
            format!("{} to {}", heaps.start(), heaps.end())
        },
    )))
}

/// The heaps as machine words, or a refusal naming the game's limit.
fn words(game: &str, p: &[Integer], limit: u64) -> Result<Vec<u64>> {
    p.iter()
        .map(|v| {
            v.to_u64().filter(|&w| w <= limit).ok_or_else(|| {
                Error::domain(format!(
                    "{game}: heaps up to {limit} are accepted, not {}",
                    crate::num::abbreviate(v)
                ))
            })
        })
        .collect()
}

/// The analysis of a position whose winning moves are the listed P-positions.
fn analysis(moves: Vec<Vec<u64>>) -> Analysis {
    let mut winning_moves: Vec<Position> = moves
        .into_iter()
        .map(|m| m.into_iter().map(Integer::from).collect())
        .collect();
    winning_moves.sort();
    winning_moves.dedup();
    Analysis {
        outcome: if winning_moves.is_empty() {
            Outcome::P
        } else {
            Outcome::N
        },
        winning_moves,
    }
}
