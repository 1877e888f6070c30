//! Ho's restricted Wythoff game, R-Wythoff (N. B. Ho, "Two variants of Wythoff's game preserving
//! its P-positions", J. Combin. Theory Ser. A 119 (2012) 1302–1314): two piles (x, y); a move takes
//! k > 0 from the larger pile alone (from either pile when x = y), or the same k > 0 from both.
//! It is Wythoff's game without the moves that take from the smaller pile alone, and Ho proves
//! that its P-positions are Wythoff's.  Engine: those P-positions by Wythoff's algebraic strategy
//! ([`Solver`], exact at any size, O(M(log x)) a look-up); the winning moves are the game's moves
//! onto them — Wythoff's winning moves that its rules allow.

use super::{Analysis, Family, Game, Moves, Sample, taken};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::Rules;
use crate::pairs::{Outcome, Solver, Strategy};
use rug::Integer;
use std::ops::RangeInclusive;

/// `restricted-wythoff`.
pub(super) const FAMILY: Family = Family {
    pattern: "restricted-wythoff",
    about: "Ho's restricted Wythoff (R-Wythoff): take from the larger pile alone (from either \
            when equal) or the same amount from both; Wythoff's P-positions (Ho 2012)",
    engine: "Wythoff's P-positions by the algebraic strategy (any size), the moves onto them",
    make,
    samples: || {
        vec![
            Sample::new("restricted-wythoff", &[40, 40]),
            Sample::new("restricted-wythoff", &[12, 70]),
        ]
    },
};

struct Restricted;

fn make(name: &str) -> Option<Box<dyn Game>> {
    (name == "restricted-wythoff").then(|| Box::new(Restricted) as Box<dyn Game>)
}

/// Whether the rules allow going from (x, y) to (u, v), u ≤ x, v ≤ y, not both equal: the same
/// amount from both, or from one pile alone when it is not the smaller.
fn allowed(x: &Integer, y: &Integer, u: &Integer, v: &Integer) -> bool {
    match (u == x, v == y) {
        (true, true) => false,
        (false, true) => x >= y,
        (true, false) => y >= x,
        (false, false) => Integer::from(x - u) == Integer::from(y - v),
    }
}

impl Moves for Restricted {
    fn name(&self) -> String {
        "restricted-wythoff".into()
    }

    fn heaps(&self) -> RangeInclusive<usize> {
        2..=2
    }

    /// From the larger pile (either when equal) k = 1, 2, …, then k from both.
    fn any_move(&self, p: &[u64], f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        let (x, y) = (p[0], p[1]);
        (x >= y && (1..=x).any(|k| f(&[x - k, y])))
            || (y >= x && (1..=y).any(|k| f(&[x, y - k])))
            || (1..=x.min(y)).any(|k| f(&[x - k, y - k]))
    }
}

impl Game for Restricted {
    fn title(&self) -> String {
        "Ho's restricted Wythoff (R-Wythoff): take k > 0 from the larger pile (from either when \
         they are equal), or k > 0 from both (Ho 2012)"
            .into()
    }

    fn analyse(&self, p: &[Integer], _: &Context) -> Result<Analysis> {
        let (x, y) = (&p[0], &p[1]);
        let (outcome, moves) = Solver::new(Rules::wythoff(), Strategy::Algebraic).analyse(x, y)?;
        let winning_moves: Vec<Vec<Integer>> = moves
            .into_iter()
            .filter(|(u, v)| allowed(x, y, u, v))
            .map(|(u, v)| vec![u, v])
            .collect();
        if outcome == Outcome::N && winning_moves.is_empty() {
            return Err(Error::internal(format!(
                "restricted-wythoff: ({x}, {y}) is an N-position of Wythoff's game without a \
                 winning move of R-Wythoff, against Ho's theorem"
            )));
        }
        Ok(Analysis {
            outcome,
            winning_moves,
        })
    }

    /// From the amounts taken: k > 0 from both alike, or from one pile that is not the smaller.
    fn is_move(&self, p: &[u64], q: &[u64]) -> bool {
        taken(p, q).is_some_and(|d| match (d[0], d[1]) {
            (0, _) => p[1] >= p[0],
            (_, 0) => p[0] >= p[1],
            (k, l) => k == l,
        })
    }
}
