//! G(x, y) far out, beyond tables and certified rows, from what is proved and the g-values.
//!
//! Algorithm: with x ≤ y, the bounds y − 2x ≤ G(x, y) ≤ x + y (doc/rows.md: every value below
//! y − 2x occurs in row x left of column y; doc/grundy.md: G ≤ x + y), G = 0 iff (x, y) is a
//! Wythoff pair (the floor formula, any size), and — for a row x within [`FAR_ROWS`] — the joint
//! sweep of the values h ≤ min(255, x + y) through row x: the cell (x, y), y ≥ x, has the value
//! h iff x is an a of S_h with b = y (doc/gvalues.md, the Theorem); if no h ≤ 255 has it, then
//! G(x, y) > 255.  Beyond that row, the 1-value automaton ([`super::automaton`], proved for every
//! diagonal) says whether G = 1, and G ≥ 2 where it is not.  Source: the greedy rule of Nivasch (Games
//! of No Chance 3, 2009), re-derived in doc/gvalues.md.  Cost: the sweep of rows 0..=x,
//! O(x·(top + c)) time and about x/8 bytes per value; O(log² y) for the rest.

use super::automaton;
use super::sweep::Sweep;
use crate::context::Context;
use crate::error::Result;
use rug::Integer;

/// The largest row the far-out evaluation sweeps to (2^22: about two minutes for the 256 values
/// on a 2-core machine, 150 MB).
pub const FAR_ROWS: u64 = 1 << 22;

/// The row through which [`value_far`] sweeps the g-values for G(x, y) (piles in either order),
/// or `None` where it answers without a sweep: a smaller pile beyond [`FAR_ROWS`], y − 2x beyond
/// the values swept, or a 0-value.  O(log² y), on numbers below 2^23 (the 0-value test last).
pub fn sweep_row(x: &Integer, y: &Integer) -> Option<u64> {
    let (x, y) = if x <= y { (x, y) } else { (y, x) };
    let row = x.to_u64().filter(|&r| r <= FAR_ROWS)?;
    if Integer::from(y - x) > Integer::from(x) + super::MAX_G {
        return None;
    }
    let (a, b) = super::nth_zero(&Integer::from(y - x));
    ((&a, &b) != (x, y)).then_some(row)
}

/// What is known of G(x, y).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Known {
    /// The value, exactly.
    Exact(Integer),
    /// The value 1 by the 1-value automaton ([`super::automaton`], proved for every diagonal),
    /// beyond the rows swept.
    ByRule {
        /// The value (1).
        value: Integer,
    },
    /// Bounds only: `low` ≤ G ≤ `high`, with the reason the value is not known.
    Bounds {
        /// A lower bound.
        low: Integer,
        /// An upper bound.
        high: Integer,
        /// Why no exact value: G above the values swept, or a row beyond [`FAR_ROWS`].
        why: String,
    },
}

/// G(x, y) (piles in either order) by the bounds, the floor formula and the sweep.  Refused
/// (status 2) before any work when the machine lacks the memory of the floor formula and the
/// automaton on y − x ([`automaton::memory_bytes`] of its bits).  The sweep runs on one worker
/// and reports no progress; it stops within 2^12 rows once the context's flag is set, with
/// [`crate::Error::Cancelled`].
pub fn value_far(x: &Integer, y: &Integer, ctx: &Context) -> Result<Known> {
    let (x, y) = if x <= y { (x, y) } else { (y, x) };
    let d = Integer::from(y - x);
    // the floor formula and the automaton on d take memory linear in its bits: refused first
    crate::files::resources::check(
        automaton::memory_bytes(u64::from(d.significant_bits())),
        0,
        None,
        "difference of the piles",
    )?;
    let (a, b) = super::nth_zero(&d);
    if (&a, &b) == (x, y) {
        return Ok(Known::Exact(Integer::new()));
    }
    // not a 0-value: G ≥ 1; y − 2x ≤ G ≤ x + y
    let low = (y - Integer::from(x * 2u32)).max(Integer::from(1));
    let high = Integer::from(x + y);
    let top = super::MAX_G;
    let bounds = |why: String| Known::Bounds {
        low: low.clone(),
        high: high.clone(),
        why,
    };
    if low > top {
        return Ok(bounds(format!(
            "G ≥ y − 2x > {top}, beyond the g-values swept"
        )));
    }
    let Some(row) = x.to_u64().filter(|&r| r <= FAR_ROWS) else {
        return beyond_the_sweep(x, y, low, high);
    };
    // low ≤ 255 and x ≤ 2^22, so y ≤ 255 + 2x fits in u64
    let col = y.to_u64().expect("y ≤ 2x + 255");
    let top = high.to_u32().map_or(top, |h| h.min(top));
    let mut sweep = Sweep::new(top, super::window_cap(row.saturating_add(1)))?;
    while sweep.row() < row {
        if sweep.row().is_multiple_of(1 << 12) {
            ctx.check()?;
        }
        sweep.step(&mut |_| {})?;
    }
    let mut found = None;
    sweep.step(&mut |v| {
        if v.y == col {
            found = Some(v.g);
        }
    })?;
    Ok(match found {
        Some(g) => Known::Exact(Integer::from(g)),
        None => bounds(format!(
            "no value h ≤ {top} lies at this cell, so G > {top}"
        ))
        .raise(top),
    })
}

/// G(x, y), x ≤ y, not a 0-value, x beyond [`FAR_ROWS`]: the diagonal d = y − x holds exactly one
/// 1-value, (x_d, x_d + d), given by the automaton (proved for every d).  If x = x_d, G = 1; if
/// not, G ≠ 1, so G ≥ 2.  Refused (status 2) when the machine lacks the memory of the automaton
/// on d.
fn beyond_the_sweep(x: &Integer, y: &Integer, low: Integer, high: Integer) -> Result<Known> {
    let d = Integer::from(y - x);
    if automaton::one_value_on_diagonal(&d)?.0 == *x {
        return Ok(Known::ByRule {
            value: Integer::from(1),
        });
    }
    Ok(Known::Bounds {
        low: low.max(Integer::from(2)),
        high,
        why: format!(
            "the smaller pile is beyond the rows the g-value sweep reaches here (0 to \
             {FAR_ROWS}); G ≠ 1, since the 1-value of this diagonal lies elsewhere (proved: \
             wythoff prove --theorem one-values)"
        ),
    })
}

impl Known {
    /// Raises the lower bound of [`Known::Bounds`] past `top`.
    fn raise(self, top: u32) -> Known {
        match self {
            Known::Bounds { low, high, why } => Known::Bounds {
                low: low.max(Integer::from(top) + 1),
                high,
                why,
            },
            e => e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::{Spec, Table};

    #[test]
    fn far_values_agree_with_a_table_and_the_bounds_hold() {
        let ctx = Context::serial();
        let n = 600usize;
        let t = Table::compute(Spec::new(1, n as u64).unwrap(), &crate::Context::new(2)).unwrap();
        for (x, y) in [
            (0, 0),
            (3, 5),
            (300, 301),
            (400, 599),
            (257, 599),
            (599, 599),
            (10, 500),
        ] {
            let g = t.get(x, y);
            let k = value_far(&Integer::from(y), &Integer::from(x), &ctx).unwrap();
            match k {
                Known::Exact(v) => assert_eq!(v, g, "({x}, {y})"),
                Known::ByRule { .. } => panic!("({x}, {y}) is within the rows swept"),
                Known::Bounds { low, high, .. } => {
                    assert!(g > 255, "({x}, {y}) = {g} is known");
                    assert!(low <= g && g <= high, "({x}, {y}) = {g}: {low}..{high}");
                }
            }
        }
        // a 0-value of any size, and bounds beyond the rows swept
        let big = Integer::from(Integer::u_pow_u(10, 40));
        let (a, b) = crate::gvalues::nth_zero(&big);
        assert_eq!(
            value_far(&a, &b, &ctx).unwrap(),
            Known::Exact(Integer::new())
        );
        assert!(matches!(
            value_far(&a, &Integer::from(&b + 1u32), &ctx).unwrap(),
            Known::Bounds { .. }
        ));
    }

    #[test]
    fn beyond_the_rows_swept_the_greedy_s_1_values_are_found_and_no_others() {
        let ctx = Context::serial();
        // the greedy's 1-values (x, y), x ≤ y, with x just past FAR_ROWS (index n ≈ x/φ)
        let first = FAR_ROWS * 1000 / 1618 - 10;
        let cap = crate::gvalues::plan(1, first + 40).unwrap();
        let ones: Vec<(u64, u64)> = crate::gvalues::GValues::new(1, cap)
            .unwrap()
            .map(|v| v.unwrap())
            .skip_while(|v| v.n < first)
            .take(40)
            .map(|v| (v.x, v.y))
            .collect();
        assert!(ones.iter().filter(|&&(x, _)| x > FAR_ROWS).count() > 20);
        for &(x, y) in ones.iter().filter(|&&(x, _)| x > FAR_ROWS) {
            let (xi, yi) = (Integer::from(x), Integer::from(y));
            let by_rule = Known::ByRule {
                value: Integer::from(1),
            };
            assert_eq!(value_far(&yi, &xi, &ctx).unwrap(), by_rule, "({x}, {y})");
            // the cells beside it on its row are not 1-values: G ≥ 2 (or a 0-value)
            for y2 in [y - 1, y + 1, y + 2] {
                match value_far(&xi, &Integer::from(y2), &ctx).unwrap() {
                    Known::Bounds { low, .. } => assert!(low >= 2, "({x}, {y2})"),
                    Known::Exact(g) => assert_eq!(g, 0, "({x}, {y2})"),
                    k => panic!("({x}, {y2}): {k:?}"),
                }
            }
        }
        // far beyond the diagonals the greedy reached: the 1-value, and G ≥ 2 beside it on its
        // row (a row holds one 1-value: two would be options of each other) and on its diagonal
        let big = Integer::from(Integer::u_pow_u(10, 30));
        let (x, y) = automaton::nth_one_value(&big).unwrap();
        assert_eq!(
            value_far(&x, &y, &ctx).unwrap(),
            Known::ByRule {
                value: Integer::from(1)
            }
        );
        let mut bounded = 0;
        for (x2, y2) in [(x.clone(), Integer::from(&y + 1u32)), (x + 1u32, y + 1u32)] {
            match value_far(&x2, &y2, &ctx).unwrap() {
                Known::Bounds { low, .. } => {
                    assert!(low >= 2, "({x2}, {y2})");
                    bounded += 1;
                }
                Known::Exact(g) => assert_eq!(g, 0, "({x2}, {y2})"),
                k => panic!("({x2}, {y2}): {k:?}"),
            }
        }
        assert!(bounded > 0);
    }
}
