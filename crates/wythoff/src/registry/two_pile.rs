//! Fraenkel's generalized Wythoff game with parameter a ≥ 1 (a = 1: Wythoff's game), in normal
//! and misère play (A. S. Fraenkel, "How to beat your Wythoff games' opponent on three fronts",
//! 1982; doc/games.md).  A move takes k > 0 from one pile, or k > 0 and l > 0 from both with
//! |k − l| < a.  Engine: the algebraic strategy ([`Solver`]), exact at any size, O(M(log x))
//! a look-up.

use super::{Analysis, Family, Game, Moves, Sample, taken};
use crate::context::Context;
use crate::error::Result;
use crate::game::Rules;
use crate::pairs::{Solver, Strategy};
use rug::Integer;
use std::ops::RangeInclusive;

struct TwoPile(Rules);

/// `wythoff` and `fraenkel-A`, normal play.
pub(super) const NORMAL: Family = Family {
    pattern: "wythoff, fraenkel-A",
    about: "Wythoff's game (a = 1) and Fraenkel's generalized game with parameter A, \
            1 <= A < 2^64",
    engine: "the algebraic strategy (any size; doc/pairs.md)",
    make: normal,
    samples: || {
        vec![
            Sample::new("wythoff", &[40, 40]),
            Sample::new("fraenkel-2", &[32, 32]),
            Sample::new("fraenkel-3", &[40, 40]),
            Sample::new("fraenkel-7", &[24, 24]),
        ]
    },
};

/// The same in misère play.
pub(super) const MISERE: Family = Family {
    pattern: "misere-wythoff, misere-fraenkel-A",
    about: "the same in misère play",
    engine: "the algebraic strategy (any size; doc/misere.md)",
    make: misere,
    samples: || {
        vec![
            Sample::new("misere-wythoff", &[40, 40]),
            Sample::new("misere-fraenkel-2", &[40, 40]),
            Sample::new("misere-fraenkel-5", &[24, 24]),
        ]
    },
};

/// `wythoff` or `fraenkel-A`, normal play.
fn normal(name: &str) -> Option<Box<dyn Game>> {
    parse(name, false)
}

/// `misere-wythoff` or `misere-fraenkel-A`.
fn misere(name: &str) -> Option<Box<dyn Game>> {
    parse(name.strip_prefix("misere-")?, true)
}

fn parse(name: &str, misere: bool) -> Option<Box<dyn Game>> {
    let a = if name == "wythoff" {
        1
    } else {
        let digits = name.strip_prefix("fraenkel-")?;
        // digits only, no sign or leading zero: one spelling per game
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        digits.parse().ok()?
    };
    Some(of(Rules::new(a, misere).ok()?))
}

/// The game of `rules`.
pub(super) fn of(rules: Rules) -> Box<dyn Game> {
    Box::new(TwoPile(rules))
}

impl Moves for TwoPile {
    fn name(&self) -> String {
        self.0.name()
    }

    fn heaps(&self) -> RangeInclusive<usize> {
        self.0.heaps()
    }

    fn misere(&self) -> bool {
        self.0.misere()
    }

    fn any_move(&self, p: &[u64], f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        self.0.any_move(p, f)
    }
}

impl Game for TwoPile {
    fn title(&self) -> String {
        format!(
            "{} with a = {}: take from one pile, or k and l from both with |k - l| < a \
             (Fraenkel 1982){}",
            if self.0.a() == 1 {
                "Wythoff's game"
            } else {
                "Fraenkel's generalized Wythoff game"
            },
            self.0.a(),
            if self.0.misere() {
                ", misère play"
            } else {
                ""
            }
        )
    }

    fn analyse(&self, p: &[Integer], _: &Context) -> Result<Analysis> {
        let (outcome, moves) = Solver::new(self.0, Strategy::Algebraic).analyse(&p[0], &p[1])?;
        let mut winning_moves: Vec<Vec<Integer>> =
            moves.into_iter().map(|(u, v)| vec![u, v]).collect();
        winning_moves.sort();
        Ok(Analysis {
            outcome,
            winning_moves,
        })
    }

    /// From the amounts taken: k > 0 from one pile, or k, l > 0 with |k − l| < a.
    fn is_move(&self, p: &[u64], q: &[u64]) -> bool {
        taken(p, q).is_some_and(|d| {
            (d[0] == 0) != (d[1] == 0) || (d[0] > 0 && d[1] > 0 && d[0].abs_diff(d[1]) < self.0.a())
        })
    }
}
