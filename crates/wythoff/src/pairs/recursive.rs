//! Strategy 1 — the recursive characterization (Fraenkel 1982, Theorem 1).
//!
//! A_n = mex{A_i, B_i : 0 ≤ i < n},  B_n = A_n + a·n + c,
//! with c = 0 in normal play and c = 1 in misère play for a ≥ 2 (doc/misere.md).
//!
//! The sweep computes the mex honestly, but incrementally: every value below the current
//! candidate is already used, and the only used values at or above it are earlier B's.  Those are
//! marked in a sliding bitset window covering [candidate, B_n], so the window holds about a·n bits
//! and each step costs O(1) amortized.  Cost: O(n) time and O(a·n) bits to reach index n, and
//! O(x) to locate a value x.  That is exponentially slower than the other two strategies; it is
//! here as the definition made executable, and it refuses inputs beyond [`DEFAULT_LIMIT`] rather
//! than hang.

use crate::error::{Error, Result};
use std::collections::VecDeque;

/// Largest index (or value) the recursive strategy accepts by default: 10^9, about five seconds.
pub const DEFAULT_LIMIT: u64 = 1_000_000_000;

/// Largest sliding window, in bits, the sweep may allocate (2^33 bits = 1 GiB).
pub const MAX_WINDOW_BITS: u64 = 1 << 33;

/// Iterator over (n, A_n, B_n) for n = 0, 1, 2, … computed by the mex recursion.
pub struct Sweep {
    a: u64,
    c: u64,
    n: u64,
    /// Smallest value not yet used (the next A).
    candidate: u64,
    /// Bit j of word w marks value (base + 64·w + j) as used by an earlier B.
    window: VecDeque<u64>,
    /// First value represented by the window; a multiple of 64.
    base: u64,
}

impl Sweep {
    /// A sweep for parameter a and offset c (0: normal play; 1: misère with a ≥ 2).
    pub fn new(a: u64, c: u64) -> Sweep {
        Sweep {
            a,
            c,
            n: 0,
            candidate: 0,
            window: VecDeque::new(),
            base: 0,
        }
    }

    fn is_used(&self, v: u64) -> bool {
        if v < self.base {
            return true;
        }
        let off = v - self.base;
        let w = (off / 64) as usize;
        w < self.window.len() && (self.window[w] >> (off % 64)) & 1 == 1
    }

    fn mark(&mut self, v: u64) {
        let off = v - self.base;
        let w = (off / 64) as usize;
        while self.window.len() <= w {
            self.window.push_back(0);
        }
        self.window[w] |= 1 << (off % 64);
    }
}

impl Iterator for Sweep {
    type Item = (u64, u64, u64);

    fn next(&mut self) -> Option<(u64, u64, u64)> {
        let n = self.n;
        let a_n = self.candidate; // = mex of everything used so far
        let b_n = a_n
            .checked_add(self.a.checked_mul(n)?)?
            .checked_add(self.c)?;
        self.mark(a_n);
        self.mark(b_n);
        // Advance the candidate past used values, dropping window words left behind.
        let mut v = a_n;
        while self.is_used(v) {
            v += 1;
        }
        self.candidate = v;
        while v - self.base >= 64 && !self.window.is_empty() {
            self.window.pop_front();
            self.base += 64;
        }
        self.n += 1;
        Some((n, a_n, b_n))
    }
}

fn refuse(what: &str, v: u64, limit: u64) -> Error {
    Error::usage(format!(
        "the recursive strategy needs O({what}) time and memory; {what} = {v} is beyond its limit \
         of {limit}: use --strategy algebraic or arithmetic (exact at any size), or raise \
         --recursive-limit"
    ))
}

fn check(a: u64, what: &str, v: u64, limit: u64) -> Result<()> {
    if v > limit {
        return Err(refuse(what, v, limit));
    }
    let bits = (a as u128) * (v as u128 + 1);
    if bits > MAX_WINDOW_BITS as u128 {
        return Err(Error::usage(format!(
            "the recursive strategy needs a·{what} = {bits} bits of memory, more than its {} \
             limit: use --strategy algebraic or arithmetic",
            MAX_WINDOW_BITS
        )));
    }
    Ok(())
}

/// (A_n, B_n) by the recursion, refusing n > `limit`.
pub fn nth(a: u64, c: u64, n: u64, limit: u64) -> Result<(u64, u64)> {
    check(a, "n", n, limit)?;
    let mut s = Sweep::new(a, c);
    for (i, x, y) in s.by_ref() {
        if i == n {
            return Ok((x, y));
        }
    }
    Err(Error::internal("recursive sweep ended early"))
}

/// Which pair holds the value x: `(true, n)` if x = A_n, `(false, n)` if x = B_n (x ≠ A_n).
pub fn locate(a: u64, c: u64, x: u64, limit: u64) -> Result<(bool, u64)> {
    check(a, "x", x, limit)?;
    for (n, an, bn) in Sweep::new(a, c) {
        if an == x {
            return Ok((true, n));
        }
        if bn == x {
            return Ok((false, n));
        }
        if an > x {
            break;
        }
    }
    Err(Error::internal(format!(
        "value {x} lies in no pair of the recursive sweep"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_slides_and_stays_exact() {
        // A long run across many dropped words: complementarity of {A_n} and {B_n} (n ≥ 1).
        let mut seen = vec![0u8; 200_000];
        for (n, x, y) in Sweep::new(1, 0).take_while(|&(_, x, _)| x < 100_000) {
            if n > 0 {
                seen[x as usize] += 1;
                if (y as usize) < seen.len() {
                    seen[y as usize] += 1;
                }
            }
        }
        assert!(seen[1..100_000].iter().all(|&k| k == 1));
    }

    #[test]
    fn refuses_beyond_the_limit() {
        assert_eq!(nth(1, 0, 11, 10).unwrap_err().exit_code(), 2);
        assert!(locate(1, 0, 5, 10).is_ok());
    }
}
