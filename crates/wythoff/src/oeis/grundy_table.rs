//! The entries read off the Grundy table of Wythoff's game computed in memory: A004481 and
//! A317205 by antidiagonals (streamed from the table), A047708 its diagonal and A048850 the
//! diagonal's inverse.
//!
//! Limit: the table of side S in memory — the upper triangle at the least width holding 2S − 2,
//! and the engine's sets — within [`MAX_BYTES`]; `SIDE` is the largest such S (a unit test ties
//! it to the cap).  So A004481 and A317205 reach the S(S + 1)/2 cells of the antidiagonals
//! 0..S − 1, A047708 S terms, A048850 (S − 2)/2 (its side is 2n + 2).
//!
//! Cost: the engine's, O(S²) cells on two threads (`grundy N`), then one read a term.

use crate::context::Context;
use crate::error::Result;
use crate::grundy::{Spec, Table};

/// The most memory the table of these entries may take: 12 GiB.
pub const MAX_BYTES: u64 = crate::files::resources::MEMORY_CAP;

/// The largest side whose table and engine sets fit [`MAX_BYTES`].
pub(crate) const SIDE: u64 = 82_743;
/// Terms of A004481 and A317205: the cells of the antidiagonals 0..SIDE − 1.
pub(crate) const ANTIDIAGONAL_MAX: u64 = SIDE * (SIDE + 1) / 2;
/// Terms of A048850: its table has side 2n + 2 ≤ SIDE.
pub(crate) const INVERSE_MAX: u64 = (SIDE - 2) / 2;
/// The most terms held in memory at once (16 bytes each) where a caller asks for a vector of
/// them, or reads them from a table file: 12 GiB of terms.
pub const HELD_MAX: u64 = MAX_BYTES / 16;

/// The bytes the table of side n and the engine's sets take.
pub fn table_bytes(n: u64) -> Result<u64> {
    let spec = Spec::new(1, n)?;
    Ok(spec.engine_bytes() + spec.layout().bytes() as u64)
}

/// The table of the d + 1 antidiagonals holding `count` cells, computed with `ctx`.
fn table_for(count: u64, ctx: &Context) -> Result<Table> {
    let side = super::antidiagonals_for(count) + 1;
    Table::compute(Spec::new(1, side)?, ctx)
}

/// Hands the first `count` cells by antidiagonals s = 0, 1, … to `f`: T(i, s − i) for
/// i = 0..=s, or T(s, i) for the triangle (A317205's order; the same values by symmetry, read
/// the other way along each antidiagonal).
pub fn each_antidiagonal_term(
    count: u64,
    triangle: bool,
    ctx: &Context,
    f: &mut dyn FnMut(u128) -> Result<()>,
) -> Result<()> {
    let t = table_for(count, ctx)?;
    let mut left = count;
    'outer: for s in 0usize.. {
        for i in 0..=s {
            if left == 0 {
                break 'outer;
            }
            let g = if triangle {
                t.get(s, i)
            } else {
                t.get(i, s - i)
            };
            f(u128::from(g))?;
            left -= 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_is_the_largest_within_the_cap() {
        let fits = |n: u64| table_bytes(n).unwrap() <= MAX_BYTES;
        let (mut lo, mut hi) = (1u64, crate::grundy::MAX_N);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        assert_eq!(SIDE, lo);
        assert!(fits(SIDE) && !fits(SIDE + 1));
    }
}
