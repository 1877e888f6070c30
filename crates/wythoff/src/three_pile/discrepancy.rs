//! How far the rows of the three-pile table stay from Wythoff's pairs — a measurement, which
//! proves nothing (doc/three_pile.md).
//!
//! Row a of A018219 pairs each b with T(a, b), the t making (a, b, t) a P-position.  The pairs
//! with b < T(a, b), numbered n = 1, 2, … in order of b, are compared with Wythoff's pairs
//! (⌊nφ⌋, ⌊nφ²⌋): for row 0 they are Wythoff's pairs exactly (the face x = 0 is two-pile
//! Wythoff), and for two piles in general Nivasch's theorem bounds such differences.  Whether a
//! bounded discrepancy holds for every row a of three-pile Wythoff is open; the extremes of
//! b − ⌊nφ⌋ and T(a, b) − ⌊nφ²⌋ over b ≤ C say only what happens up to C.
//!
//! Algorithm: one strip of the solver ([`super::scan`]): the lines y ≤ R, z ≤ C of the box of
//! height X = 4R + 2C, which holds every T(a, b), a ≤ R, b ≤ C, because
//! T(a, b) ≤ 2a + 2b + 2·min(a, b) ≤ 4a + 2b (proof in `crate::oeis::three_pile_rows`); floors
//! exact ([`crate::pairs::algebraic::lower_u128`]), ⌊nφ²⌋ = ⌊nφ⌋ + n.  Cost O(R·C·X/64) word
//! operations; memory (C + 1)(4X + 2C) bits and 4(R + 1)(C + 1) bytes.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::pairs::algebraic::lower_u128;
use serde::Serialize;

/// The extremes of one row's differences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The row a.
    pub a: u64,
    /// Number of pairs (b, T(a, b)) with b < T(a, b) and b ≤ C.
    pub pairs: u64,
    /// Least and greatest b − ⌊nφ⌋ (0, 0 when there are no pairs).
    pub lower: (i64, i64),
    /// Least and greatest T(a, b) − ⌊nφ²⌋.
    pub upper: (i64, i64),
}

/// The extremes for rows a = 0..=`rows`, over b ≤ `columns`; `ctx` as in [`super::scan`].
pub fn measure(rows: u64, columns: u64, ctx: &Context) -> Result<Vec<Row>> {
    let too_big = || Error::usage(format!("{rows} rows by {columns} columns is too large"));
    let d = columns.max(rows);
    let x = rows
        .checked_mul(4)
        .and_then(|v| v.checked_add(d.checked_mul(2)?))
        .ok_or_else(too_big)?;
    let width = usize::try_from(columns + 1).map_err(|_| too_big())?;
    let cells = width
        .checked_mul(usize::try_from(rows + 1).map_err(|_| too_big())?)
        .ok_or_else(too_big)?;
    let mut t = vec![u32::MAX; cells];
    super::scan(x, rows, d, ctx, &mut |y, z, v| {
        // line (y, z), y ≤ z: T(y, z) = T(z, y)
        if let Some(v) = v {
            for (a, b) in [(y, z), (z, y)] {
                if a <= rows && b <= columns {
                    t[a as usize * width + b as usize] = v as u32;
                }
            }
        }
    })?;
    (0..=rows)
        .map(|a| {
            let row = &t[a as usize * width..(a as usize + 1) * width];
            let mut r = Row {
                a,
                pairs: 0,
                lower: (0, 0),
                upper: (0, 0),
            };
            for (b, &v) in row.iter().enumerate() {
                if v == u32::MAX {
                    return Err(Error::internal(format!(
                        "T({a}, {b}) lies above the box [0, {x}], against the bound"
                    )));
                }
                let (b, v) = (b as i64, i64::from(v));
                if b >= v {
                    continue;
                }
                r.pairs += 1;
                let n = r.pairs;
                let lo = lower_u128(1, n).expect("n is at most 2^32") as i64;
                let (dl, du) = (b - lo, v - lo - n as i64);
                if r.pairs == 1 {
                    (r.lower, r.upper) = ((dl, dl), (du, du));
                }
                r.lower = (r.lower.0.min(dl), r.lower.1.max(dl));
                r.upper = (r.upper.0.min(du), r.upper.1.max(du));
            }
            Ok(r)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_match_a_game_search_and_row_zero_is_wythoff() {
        let (rows, cols) = (6u64, 30u64);
        let got = measure(rows, cols, &Context::serial()).unwrap();
        // T(a, b) from a backward induction over the cube [0, 4R + 2C]³, ⌊nφ⌋ = ⌊(n + √(5n²))/2⌋
        let n = 4 * rows + 2 * cols;
        let p = super::super::tests::brute_box(n);
        let m = n + 1;
        let floor_phi = |k: i64| (k + (5 * k * k).isqrt()) / 2;
        assert_eq!(got.len() as u64, rows + 1);
        for (a, &r) in got.iter().enumerate() {
            let (mut k, mut lo, mut up) = (0i64, Vec::new(), Vec::new());
            for b in 0..=cols as usize {
                let t = (0..m).find(|&t| p.is_p(&[t, a as u64, b as u64])).unwrap() as i64;
                if (b as i64) < t {
                    k += 1;
                    lo.push(b as i64 - floor_phi(k));
                    up.push(t - floor_phi(k) - k);
                }
            }
            let ext = |v: &[i64]| (*v.iter().min().unwrap(), *v.iter().max().unwrap());
            assert_eq!((r.a, r.pairs), (a as u64, k as u64));
            assert_eq!(r.lower, ext(&lo), "row {a}");
            assert_eq!(r.upper, ext(&up), "row {a}");
        }
        // row 0 is two-pile Wythoff: its pairs are (⌊nφ⌋, ⌊nφ²⌋) exactly
        assert_eq!((got[0].lower, got[0].upper), ((0, 0), (0, 0)));
    }
}
