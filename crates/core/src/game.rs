//! The rules of generalized Wythoff (A. S. Fraenkel, "How to beat your Wythoff games' opponent on
//! three fronts", 1982; doc/games.md) and a brute-force oracle.
//!
//! A position is a pair (x, y) of pile sizes.  A move takes k > 0 from one pile, or k > 0 from one
//! and l > 0 from the other with |k − l| < a.  Parameter a = 1 is Wythoff's game (equal amounts
//! from both piles).  In normal play the player who cannot move loses; in misère play that player
//! wins.
//!
//! [`BruteForce`] decides every position of a small board directly from these rules (their moves,
//! [`Moves`]) — no formula, no mex recursion on pairs — by the backward induction "P iff every
//! move leads to an N-position" (terminal position: P in normal play, N in misère; the oracle of
//! [`crate::oracle`]).  It costs O(N²·(N + N·min(N, 2a−1))) and is the independent oracle the
//! strategies are tested against.

use crate::error::{Error, Result};
use crate::oracle::{BruteBox, Moves, winning_moves};
use rug::Integer;
use std::ops::RangeInclusive;

/// Largest parameter a the library accepts: a must fit a machine word.
pub const MAX_A: u64 = u64::MAX;

/// The game being played: the parameter a ≥ 1 and the play convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    a: u64,
    misere: bool,
}

impl Rules {
    /// Generalized Wythoff with parameter `a` (≥ 1) in normal (`misere = false`) or misère play.
    pub fn new(a: u64, misere: bool) -> Result<Rules> {
        if a == 0 {
            return Err(Error::usage(
                "-a: the parameter a must be at least 1 (a = 1 is Wythoff's game)",
            ));
        }
        Ok(Rules { a, misere })
    }

    /// Wythoff's game in normal play (a = 1).
    pub fn wythoff() -> Rules {
        Rules {
            a: 1,
            misere: false,
        }
    }

    /// The parameter a.
    pub fn a(&self) -> u64 {
        self.a
    }

    /// Whether this is misère play.
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// The constant c in B_n = A_n + a·n + c of the base sequences: 0 in normal play, 1 in misère
    /// play with a ≥ 2 (doc/misere.md).  Misère play with a = 1 is a finite modification of normal
    /// play and is handled separately by `wythoff::pairs`.
    pub fn offset(&self) -> u64 {
        u64::from(self.misere && self.a >= 2)
    }

    /// The P-pairs that are not given by the base sequences (A_n, A_n + a·n + c): misère play with
    /// a = 1 replaces the first two pairs (0, 0) and (1, 2) of normal play by (0, 1) and (2, 2)
    /// (doc/misere.md); every other game has none.  Entry n is the n-th pair; this is the one place
    /// the exception is written down.
    pub fn special_pairs(&self) -> &'static [(u64, u64)] {
        if self.misere && self.a == 1 {
            &[(0, 1), (2, 2)]
        } else {
            &[]
        }
    }

    /// The n-th P-pair when it is one of [`Rules::special_pairs`].
    pub fn special_pair(&self, n: u64) -> Option<(u64, u64)> {
        usize::try_from(n)
            .ok()
            .and_then(|i| self.special_pairs().get(i).copied())
    }

    /// Whether moving from (x, y) to (x2, y2) is a legal move.
    pub fn is_legal_move(&self, x: &Integer, y: &Integer, x2: &Integer, y2: &Integer) -> bool {
        if *x2 < 0 || *y2 < 0 || x2 > x || y2 > y || (x2 == x && y2 == y) {
            return false;
        }
        if x2 == x || y2 == y {
            return true; // a positive amount from one pile
        }
        let k = Integer::from(x - x2);
        let l = Integer::from(y - y2);
        (k - l).abs() < self.a
    }
}

impl Moves for Rules {
    fn name(&self) -> String {
        let base = match self.a {
            1 => "wythoff".to_string(),
            a => format!("fraenkel-{a}"),
        };
        if self.misere {
            format!("misere-{base}")
        } else {
            base
        }
    }

    fn heaps(&self) -> RangeInclusive<usize> {
        2..=2
    }

    fn misere(&self) -> bool {
        self.misere
    }

    /// Any amount from one pile; k from the first and l from the second, k, l ≥ 1, |k − l| < a.
    fn any_move(&self, p: &[u64], f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        let (x, y) = (p[0], p[1]);
        (0..x).any(|t| f(&[t, y]))
            || (0..y).any(|t| f(&[x, t]))
            || (1..=x).any(|k| {
                let lo = k.saturating_sub(self.a - 1).max(1);
                let hi = k.saturating_add(self.a - 1).min(y);
                (lo..=hi).any(|l| f(&[x - k, y - l]))
            })
    }
}

/// Outcomes of every position of an N×N board, decided from the rules alone: the oracle
/// ([`BruteBox`]) on the two-pile moves of [`Rules`].
pub struct BruteForce {
    rules: Rules,
    n: usize,
    board: Option<BruteBox>,
}

impl BruteForce {
    /// Solves the board 0 ≤ x, y < n.  Intended for n up to a few hundred (at most 2^11).
    pub fn solve(rules: Rules, n: usize) -> BruteForce {
        let side = n.checked_sub(1).map(|m| m as u64);
        let board =
            side.map(|m| BruteBox::solve(&rules, &[m, m]).expect("a board of at most 2^22 cells"));
        BruteForce { rules, n, board }
    }

    /// The board size n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Whether (x, y) is a P-position (the previous player wins).
    pub fn is_p(&self, x: usize, y: usize) -> bool {
        assert!(
            x < self.n && y < self.n,
            "({x}, {y}) is off the board of side {}",
            self.n
        );
        self.board
            .as_ref()
            .is_some_and(|b| b.is_p(&[x as u64, y as u64]))
    }

    /// Every winning move from (x, y): the legal moves that land on a P-position, sorted.
    pub fn winning_moves(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let Some(b) = &self.board else {
            return Vec::new();
        };
        winning_moves(&self.rules, b, &[x as u64, y as u64])
            .into_iter()
            .map(|m| (m[0] as usize, m[1] as usize))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_is_refused() {
        assert_eq!(Rules::new(0, false).unwrap_err().exit_code(), 2);
    }

    #[test]
    fn published_examples() {
        // Fraenkel 1982, §1: for a = 2, (1, 3) is a P-position.
        let b = BruteForce::solve(Rules::new(2, false).unwrap(), 8);
        assert_eq!(b.size(), 8);
        assert!(b.is_p(1, 3) && b.is_p(3, 1) && !b.is_p(1, 2));
        // Xiao, §2 (the table of the first P-positions): Wythoff's first P-positions.
        let w = BruteForce::solve(Rules::wythoff(), 12);
        for (x, y) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)] {
            assert!(w.is_p(x, y) && w.is_p(y, x));
        }
        assert!(!w.is_p(2, 2) && !w.is_p(1, 1));
        // Misère Wythoff: (0, 1) and (2, 2) replace (0, 0) and (1, 2).
        let m = BruteForce::solve(Rules::new(1, true).unwrap(), 12);
        assert!(m.is_p(0, 1) && m.is_p(2, 2) && !m.is_p(0, 0) && !m.is_p(1, 2) && m.is_p(3, 5));
    }

    #[test]
    fn legality() {
        let r = Rules::new(2, false).unwrap();
        let i = |v: i32| Integer::from(v);
        assert!(r.is_legal_move(&i(5,), &i(5), &i(3), &i(4))); // k=2, l=1
        assert!(!r.is_legal_move(&i(5), &i(5), &i(2), &i(4))); // k=3, l=1
        assert!(r.is_legal_move(&i(5), &i(5), &i(0), &i(5)));
        assert!(!r.is_legal_move(&i(5), &i(5), &i(5), &i(5)));
        assert!(!r.is_legal_move(&i(5), &i(5), &i(6), &i(5)));
    }
}
