//! The numeration systems the automata read: Zeckendorf's (Fibonacci) for Wythoff's game, and for
//! Fraenkel's generalized game with parameter a ≥ 2 the Ostrowski system of the continued fraction
//! [1; a, a, …] (Fraenkel's arithmetic strategy, "How to beat your Wythoff games' opponent on
//! three fronts", 1982).
//!
//! * **Zeckendorf**: weights 1, 2, 3, 5, 8, …; digits 0 and 1, no two adjacent 1s.
//! * **Ostrowski(a)**: weights q₀ = 1, q₁ = a, q_{i+1} = a·q_i + q_{i−1}; digits 0 to a; a digit
//!   a is followed by a 0; the last digit is below a.  Every n ≥ 0 has exactly one such word
//!   without leading zeros (the greedy one), and words of one length compare as their values.
//!
//! A letter of k tracks is the number Σ dᵢ·bⁱ, b the number of digits, digit i on track i.

use rug::Integer;
use wythoff_core::error::{Error, Result};

/// The largest parameter a of the generalized game whose numeration the procedure reads.
pub const MAX_A: u64 = 9;

/// A numeration system of the natural numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Numeration {
    /// Zeckendorf's: the game with a = 1.
    Zeckendorf,
    /// Ostrowski's for [1; a, a, …], a ≥ 2.
    Ostrowski(u32),
}

impl Numeration {
    /// The numeration of the game with parameter `a` (1 to [`MAX_A`]).
    pub fn for_parameter(a: u64) -> Result<Numeration> {
        match a {
            1 => Ok(Numeration::Zeckendorf),
            2..=MAX_A => Ok(Numeration::Ostrowski(a as u32)),
            _ => Err(Error::domain(format!(
                "the parameter a = {a}: the decision procedure reads the numerations of a = 1 to \
                 {MAX_A}"
            ))),
        }
    }

    /// The parameter a of the game.
    pub fn parameter(self) -> u32 {
        match self {
            Numeration::Zeckendorf => 1,
            Numeration::Ostrowski(a) => a,
        }
    }

    /// The number of digits b.
    pub fn base(self) -> usize {
        match self {
            Numeration::Zeckendorf => 2,
            Numeration::Ostrowski(a) => a as usize + 1,
        }
    }

    /// The number of letters of k tracks, b^k.
    pub fn letters(self, k: usize) -> usize {
        self.base().pow(k as u32)
    }

    /// The digit of track `track` in `letter`.
    pub fn digit(self, letter: usize, track: usize) -> u32 {
        match self {
            Numeration::Zeckendorf => ((letter >> track) & 1) as u32,
            _ => ((letter / self.base().pow(track as u32)) % self.base()) as u32,
        }
    }

    /// Whether the letter `next` may follow the letter `prev` on every one of k tracks.
    pub fn step_ok(self, prev: usize, next: usize, k: usize) -> bool {
        match self {
            Numeration::Zeckendorf => prev & next == 0,
            Numeration::Ostrowski(a) => {
                (0..k).all(|t| self.digit(prev, t) != a || self.digit(next, t) == 0)
            }
        }
    }

    /// Whether a word may end with the letter `last` (on k tracks).
    pub fn end_ok(self, last: usize, k: usize) -> bool {
        match self {
            Numeration::Zeckendorf => true,
            Numeration::Ostrowski(a) => (0..k).all(|t| self.digit(last, t) != a),
        }
    }

    /// m in the recurrence of the weights w_{i+1} = m·w_i + w_{i−1}.
    pub fn multiplier(self) -> i64 {
        i64::from(self.parameter())
    }

    /// The weights, least first, up to the first one beyond `n`.
    fn weights(self, n: &Integer) -> Vec<Integer> {
        let (mut w, m) = match self {
            Numeration::Zeckendorf => (vec![Integer::from(1), Integer::from(2)], 1u32),
            Numeration::Ostrowski(a) => (vec![Integer::from(1), Integer::from(a)], a),
        };
        while w[w.len() - 1] <= *n {
            let next = Integer::from(&w[w.len() - 1] * m) + &w[w.len() - 2];
            w.push(next);
        }
        w
    }

    /// The digits of n, most significant first, without leading zeros (empty for 0): the
    /// greedy representation.
    pub fn digits(self, n: &Integer) -> Vec<u8> {
        let w = self.weights(n);
        let mut rest = n.clone();
        let mut out = Vec::new();
        for f in w.iter().rev() {
            let d = Integer::from(&rest / f);
            rest -= Integer::from(&d * f);
            let d = d.to_u8().unwrap_or(u8::MAX);
            if d > 0 || !out.is_empty() {
                out.push(d);
            }
        }
        out
    }

    /// The value of digits, most significant first.
    pub fn value(self, digits: &[u8]) -> Integer {
        let m = self.parameter();
        let (mut lo, mut hi) = match self {
            Numeration::Zeckendorf => (Integer::from(1), Integer::from(2)),
            Numeration::Ostrowski(a) => (Integer::from(1), Integer::from(a)),
        };
        let mut value = Integer::new();
        for &d in digits.iter().rev() {
            value += Integer::from(&lo * d);
            let next = Integer::from(&hi * m) + &lo;
            lo = std::mem::replace(&mut hi, next);
        }
        value
    }
}
