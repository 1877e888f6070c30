//! Hofstadter's G-sequence A005206, G(0) = 0, G(n) = n − G(G(n − 1)) (D. R. Hofstadter,
//! *Gödel, Escher, Bach*, 1979, ch. V), two ways that share no code:
//!
//! * [`by_recursion`]: the definition itself, a table of G(0..len): O(len) time and memory;
//! * [`GWalk`]: G(n) = ⌊(n + 1)/φ⌋ = ⌊(n + 1)τ⌋ with τ = (√5 − 1)/2, the closed form proved for
//!   G (P. J. Downey and R. E. Griswold, "On a family of nested recurrences", Fibonacci
//!   Quarterly 22 (1984), as recorded in OEIS A005206), started by an integer square root
//!   ([`super::beatty::floor_at`]) and stepped exactly: G(n) = G(n − 1) + 1 iff
//!   G(n − 1) + 1 ≤ (n + 1)τ iff (2G(n − 1) + n + 3)² < 5(n + 1)² (strict: √5 is irrational),
//!   two 64 × 64 → 128-bit products per n.  The verifier runs the walk
//!   over the whole range and checks it against the recursion where a table fits
//!   ([`RECURSION_MAX`]).
//!
//! Neither is a closed form of A073869: that side is computed only from the pairs
//! ([`super`]).

use super::beatty;
use crate::error::{Error, Result};

/// The recursion's table is built for n below this (8 bytes a term: 128 MiB).
pub const RECURSION_MAX: u64 = 1 << 24;

/// G(0), …, G(len − 1) by the recursion G(n) = n − G(G(n − 1)).
pub fn by_recursion(len: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len as usize);
    for n in 0..len {
        let v = if n == 0 {
            0
        } else {
            // G(n − 1) ≤ n − 1 < n: already in the table
            n - g[g[n as usize - 1] as usize]
        };
        g.push(v);
    }
    g
}

/// G(n) = ⌊(n + 1)τ⌋ for consecutive n (the module header).
#[derive(Clone, Copy, Debug)]
pub struct GWalk {
    n: u64,
    g: u64,
}

/// The walk's n stays below this, so (n + 2)² · 5 < 2^127 and 2G + n + 3 < 2^63.
pub const WALK_MAX: u64 = 1 << 61;

impl GWalk {
    /// The walk at n (its value G(n)), n < [`WALK_MAX`].
    pub fn at(n: u64) -> Result<GWalk> {
        if n >= WALK_MAX {
            return Err(Error::internal(format!("G walk at {n}")));
        }
        Ok(GWalk {
            n,
            g: beatty::floor_at(-1, n + 1)? as u64, // 0 ≤ ⌊(n+1)τ⌋ < n + 1
        })
    }

    /// The current G(n).
    #[inline(always)]
    pub fn value(&self) -> u64 {
        self.g
    }

    /// Moves from n to n + 1 and returns G(n + 1).  The caller keeps n + 1 < [`WALK_MAX`].
    #[inline(always)]
    pub fn step(&mut self) -> u64 {
        self.n += 1;
        // G(n) = G(n−1) + [(2G(n−1) + n + 3)² < 5(n + 1)²], n the new index
        let x = (2 * self.g + self.n + 3) as u128;
        let n1 = self.n as u128 + 1;
        self.g += u64::from(x * x < 5 * n1 * n1);
        self.g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recursion_matches_the_walk() {
        let g = by_recursion(200_000);
        assert_eq!(&g[..10], &[0, 1, 1, 2, 3, 3, 4, 4, 5, 6]); // GEB's first values
        let mut w = GWalk::at(0).unwrap();
        assert_eq!(w.value(), 0);
        for (n, &v) in g.iter().enumerate().skip(1) {
            assert_eq!(w.step(), v, "n = {n}");
        }
        let w = GWalk::at(123_456).unwrap();
        assert_eq!(w.value(), g[123_456]);
    }
}
