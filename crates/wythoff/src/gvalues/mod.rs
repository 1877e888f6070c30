//! The g-values of Wythoff's Grundy function (a = 1) without a table: the cells (x, y), x ≤ y,
//! with G(x, y) = g, listed in increasing x (doc/gvalues.md).
//!
//! Algorithm: the joint greedy sweep of [`sweep`] — row by row, the h-values of every h ≤ G,
//! each found from the pairs of h before it and the lower values' cells in the same row.  For
//! g = 0 the pairs are Wythoff's (⌊nφ⌋, ⌊nφ⌋ + n) and [`nth_zero`] gives them for any n by the
//! exact floor formula.  [`summary`] measures a prefix against the 0-values of the same index;
//! [`far`] answers G(x, y) beyond tables and certified rows; [`against`] compares the sweep with
//! a Grundy table cell by cell; [`prefix`] gives the N-th g-value and streams or measures the
//! first K as one call each; [`automaton`] gives the 1-values for any n by a
//! Fibonacci automaton learned from the sweep and proved for every diagonal (doc/prove.md).
//!
//! Sources: G. Nivasch, "More on the Sprague–Grundy function for Wythoff's game", Games of No
//! Chance 3, MSRI Publ. 56 (2009) 377–410 (the g-values are found greedily; they lie within
//! bounded distance of the 0-values); U. Blass and A. S. Fraenkel, "The Sprague–Grundy function
//! for Wythoff's game", Theoret. Comput. Sci. 75 (1990) 311–333.  The greedy rule is re-derived
//! from the definition of G in doc/gvalues.md.
//!
//! Cost: O(G + c) per row x for the first K g-values (x up to ≈ φK, c the candidates tried, a few
//! per pair); memory about K/8 bytes per value h ≤ G ([`memory_bytes`]), refused up front above
//! [`MEMORY_CEILING`].

pub mod against;
pub mod automaton;
pub mod far;
pub mod plot;
pub mod prefix;
pub mod summary;
pub mod sweep;
pub mod window;

use crate::error::{Error, Result};
pub use prefix::{Method, NthValue, Prefix, nth, nth_value};
use rug::Integer;
pub use summary::{Summarizer, Summary, Tail, summarize, summarize_all};
pub use sweep::{GValue, GValues, Sweep};

/// The largest value G the sweep accepts (cost and memory grow with G + 1).
pub const MAX_G: u32 = wythoff_files::gvalues::MAX_G;

/// The most memory a run may plan for, in bytes (4 GiB).
pub const MEMORY_CEILING: u64 = 4 << 30;

/// The cap of one window for the first `count` g-values, in bytes: the numbers used between the
/// mex (≈ a_K ≈ φK) and the largest b (≈ φ²K) are about K bits; a quarter more and 1 MiB spare.
pub fn window_cap(count: u64) -> u64 {
    (count / 8)
        .saturating_add(count / 32)
        .saturating_add(1 << 20)
}

/// The memory the sweep of the first `count` g-values of `g` plans for: per value h ≤ g, the
/// numbers' window at twice its cap (a ring buffer may hold up to twice the words in use) and
/// 64 KiB for the diagonals' window, which stays a few words in practice.
pub fn memory_bytes(g: u32, count: u64) -> u64 {
    (u64::from(g) + 1).saturating_mul(window_cap(count).saturating_mul(2).saturating_add(1 << 16))
}

/// The index n up to which a sweep of `g` stays under [`MEMORY_CEILING`].
pub fn max_count(g: u32) -> u64 {
    // memory_bytes is increasing in count: bisect
    let (mut lo, mut hi) = (0u64, u64::MAX / 2);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if memory_bytes(g, mid) <= MEMORY_CEILING {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// Checks `g` ≤ [`MAX_G`] and that the first `count` g-values fit under [`MEMORY_CEILING`]
/// (and the machine's memory); returns the window cap to use.
pub fn plan(g: u32, count: u64) -> Result<u64> {
    if g > MAX_G {
        return Err(Error::usage(format!(
            "G = {g}: the value G is at most {MAX_G}"
        )));
    }
    let need = memory_bytes(g, count);
    if need > MEMORY_CEILING {
        return Err(Error::usage(format!(
            "the first {count} g-values of G = {g} would need about {} of memory, over the \
             ceiling of {}: this G reaches n ≤ {}",
            crate::files::resources::size(need),
            crate::files::resources::size(MEMORY_CEILING),
            max_count(g).saturating_sub(1)
        )));
    }
    crate::files::resources::check(need, 0, None, "count")?;
    Ok(window_cap(count))
}

/// The n-th 0-value (A_n, B_n) = (⌊nφ⌋, ⌊nφ⌋ + n), for any n, by the exact floor formula.
pub fn nth_zero(n: &Integer) -> (Integer, Integer) {
    let a = crate::pairs::algebraic::lower_normal(1, n);
    let b = Integer::from(&a + n);
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_refuses_beyond_the_ceiling_and_names_the_limit() {
        assert!(plan(256, 10).is_err());
        let m = max_count(255);
        assert!(memory_bytes(255, m) <= MEMORY_CEILING);
        assert!(memory_bytes(255, m + 1) > MEMORY_CEILING);
        let e = plan(255, m + 1).unwrap_err().to_string();
        assert!(e.contains(&(m - 1).to_string()), "{e}");
    }

    #[test]
    fn zero_values_by_formula_match_the_sweep() {
        let sweep: Vec<GValue> = GValues::new(0, 1 << 20)
            .unwrap()
            .take(2000)
            .map(|v| v.unwrap())
            .collect();
        for v in sweep {
            let (a, b) = nth_zero(&Integer::from(v.n));
            assert_eq!(
                (a, b),
                (Integer::from(v.x), Integer::from(v.y)),
                "n={}",
                v.n
            );
        }
    }
}
