//! One registry of the games: every game behind one trait, [`Game`] — its positions (heaps of
//! counters), its moves as the rules state them, and P or N with every winning move as its engine
//! decides them — found by name ([`find`]); the brute-force oracle of `wythoff-core`
//! ([`crate::oracle`]) decides any game of the registry from its moves alone.
//!
//! The families (`wythoff move --game NAME`, `wythoff.analyse` in Python; [`FAMILIES`]):
//! * `wythoff`, `fraenkel-A` — Fraenkel's generalized game with parameter a = A ≥ 1, normal play
//!   ([`pairs::Solver`](crate::pairs::Solver), the algebraic strategy: any size);
//! * `misere-wythoff`, `misere-fraenkel-A` — the same in misère play;
//! * every line game of [`crate::lines::NAMED`] but `wythoff` (which is the first family's), and
//!   `gdwn-P-Q` — the P-positions row by row ([`crate::lines::ppos`]) when the game has the Nim
//!   moves, the Grundy table ([`crate::lines::table`]) otherwise;
//! * `three-pile` — the queen in a cube ([`crate::three_pile::Box3`]);
//! * `nheap` — Fraenkel's N-heap Wythoff, 2 to [`crate::nheap::MAX_HEAPS`] heaps
//!   ([`crate::nheap::analyse`]).
//!
//! Adding a game is one module with an implementation of [`Game`] and one line of
//! [`FAMILIES`]; the registry's tests then hold its engine against the oracle on a box, and
//! its moves against an independent statement of its rules.

pub mod check;
mod line;
mod nheap;
mod three;
mod two_pile;

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
    /// the engine takes; beyond its limits a one-line refusal.
    fn analyse(&self, p: &[Integer]) -> Result<Analysis>;
    /// Whether one move leads from `p` to `q`: by default a search of the moves of `p`
    /// ([`Moves::any_move`], as many as the counters for the two-heap games); a game whose
    /// moves are too many to list at large positions answers from the amounts taken.
    fn is_move(&self, p: &[u64], q: &[u64]) -> bool {
        taken(p, q).is_some() && self.any_move(p, &mut |m| m == q)
    }
}

/// The amounts taken by going from `p` to `q`; `None` if the numbers of heaps differ, a heap
/// grows or nothing is taken.
pub fn taken(p: &[u64], q: &[u64]) -> Option<Vec<u64>> {
    if p.len() != q.len() || q.iter().zip(p).any(|(a, b)| a > b) || p == q {
        return None;
    }
    Some(p.iter().zip(q).map(|(a, b)| a - b).collect())
}

/// A family of games: a name or a name pattern, what the family is, and how to make a member
/// from its name (`None` if the name is not the family's).
pub struct Family {
    /// The name, or the pattern of the names (`fraenkel-A`).
    pub pattern: &'static str,
    /// What the family is.
    pub about: &'static str,
    make: fn(&str) -> Option<Box<dyn Game>>,
}

/// Every family of the registry, in the order `--list` shows them.
pub const FAMILIES: [Family; 6] = [
    Family {
        pattern: "wythoff, fraenkel-A",
        about: "Wythoff's game (a = 1) and Fraenkel's generalized game with parameter A, \
                1 <= A < 2^64",
        make: two_pile::normal,
    },
    Family {
        pattern: "misere-wythoff, misere-fraenkel-A",
        about: "the same in misère play",
        make: two_pile::misere,
    },
    Family {
        pattern: "NAME of a line game, gdwn-P-Q (0 < P < Q <= 64)",
        about: "two-pile line games: maharaja (Maharaja Nim), nimhof-a307296 … \
                nimhof-a307302, gdwn-P-Q (Larsson's (P,Q)-GDWN); doc/lines.md",
        make: line::named,
    },
    Family {
        pattern: "three-pile",
        about: "three-pile Wythoff, the queen in a cube (a = 1, normal play)",
        make: three::make,
    },
    Family {
        pattern: "nheap",
        about: "Fraenkel's N-heap Wythoff (nim-sum moves), 2 to 8 heaps",
        make: nheap::make,
    },
    Family {
        pattern: "nim",
        about: "Nim on two piles (a line game: 1,0:0,1)",
        make: line::nim,
    },
];

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
    FAMILIES.iter().find_map(|f| (f.make)(name)).ok_or_else(|| {
        let known: Vec<&str> = FAMILIES.iter().map(|f| f.pattern).collect();
        let lines: Vec<&str> = (crate::lines::NAMED.iter())
            .map(|g| g.0)
            .filter(|g| !["wythoff", "nim"].contains(g))
            .collect();
        Error::usage(format!(
            "no game is named '{name}' (accepted: {}; the line games are {})",
            known.join("; "),
            lines.join(", ")
        ))
    })
}

/// Fraenkel's game with the parameter and play convention of `rules` (the family `wythoff`,
/// `fraenkel-A`, `misere-…`).
pub fn two_pile(rules: crate::game::Rules) -> Box<dyn Game> {
    two_pile::of(rules)
}

/// P or N and every winning move of `p` in `game`, after checking the number of heaps.
pub fn analyse(game: &dyn Game, p: &[Integer]) -> Result<Analysis> {
    let heaps = game.heaps();
    if !heaps.contains(&p.len()) {
        return Err(Error::usage(format!(
            "the game {} is played on {} heaps, not {}",
            game.name(),
            if heaps.start() == heaps.end() {
                heaps.start().to_string()
            } else {
                format!("{} to {}", heaps.start(), heaps.end())
            },
            p.len()
        )));
    }
    game.analyse(p)
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
