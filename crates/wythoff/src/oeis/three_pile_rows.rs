//! Rows and the diagonal inverse of the three-pile Wythoff table T(a, b) (A018219: (a, b, T(a, b))
//! is a P-position), from the three-pile solver ([`crate::three_pile::scan`]): the rows
//! T(r, n), r = 1, 2, 3 (A018220–A018222), and the m with T(m, m) = n (A077226).
//!
//! A term is written only when the solved box contains it.  The box [0, X] × [0, D]² is closed
//! under moves, and so is its strip y ≤ r, so every P-position found is one of the whole game.
//!
//! * Rows.  T(r, n) ≤ 2r + 2n + 2·min(r, n).  Proof: T(r, n) is the least t such that none of the
//!   six lines through (t, r, n) other than its own e1-line holds a P-position below it, and each
//!   line holds at most one P-position.  The e2-lines' blockers are P-positions (t, y', n),
//!   y' < r: one per line {(·, y', n)}, so at most r values of t; likewise at most n for e3
//!   ((t, r, z'), z' < n), r for e1+e2 ((t − k, r − k, n)), n for e1+e3, and min(r, n) each for
//!   e2+e3 and e1+e2+e3.  So the strip y ≤ r, z ≤ count − 1 of the box X = 4r + 2(count − 1)
//!   holds every T(r, n), n < count; a value not found is an error.  Cost O(r·count²/64) word
//!   operations; memory about 8·count² bits (the solver's tables have a row for every z), which
//!   limits the terms ([`ROW_MAX`]).
//! * A077226.  For the diagonal no such bound is proved here (in the plane x = n the blockers are
//!   not bounded by n).  The box X = count − 1, D = ⌊21·count/10⌋ + 64 is solved and its
//!   diagonal T(m, m), m ≤ D, inverted: a value n found at m is proved (the line {(n, k, k)}
//!   holds at most one P-position, so m is its only place); if some n < count is not found the
//!   request is refused with that n.  (Every T(m, m) measured is at least m/2.03, so D reaches
//!   them.)

use crate::context::Context;
use crate::error::{Error, Result};
use crate::three_pile::scan;

/// Terms of the rows r ≤ 3: the most whose box stays within the solver's memory cap
/// ([`crate::three_pile::MAX_BYTES`], 12 GiB; tested).
pub const ROW_MAX: u64 = 101_425;

/// Terms of A077226: the most whose box stays within the solver's memory cap (tested).
pub const DIAGONAL_INVERSE_MAX: u64 = 77_169;

/// Terms of A018219: the antidiagonals 0..=d of the largest d whose box X = 3d and the terms
/// (8 bytes each, [`crate::three_pile::a018219`]) stay within the memory cap (tested).
pub const TABLE_MAX: u64 = 830_953_761;

/// The bytes [`crate::three_pile::a018219`] takes for the antidiagonals 0..=d: its box and the
/// terms, 8 bytes each (`None` past u64).
pub fn table_bytes(d: u64) -> Option<u64> {
    let cells = d.checked_add(1)?.checked_mul(d.checked_add(2)?)? / 2;
    crate::three_pile::box_bytes(d.checked_mul(3)?, d)?.checked_add(cells.checked_mul(8)?)
}

/// The box (X, D) that [`row`] solves for `count` terms of row r ≤ 3 (`None` past u64).
pub fn row_box(r: u64, count: u64) -> Option<(u64, u64)> {
    let z = count.checked_sub(1)?;
    Some(((4 * r).checked_add(z.checked_mul(2)?)?, z.max(r)))
}

/// The box (X, D) that [`diagonal_inverse`] solves for `count` terms (`None` past u64).
pub fn diagonal_inverse_box(count: u64) -> Option<(u64, u64)> {
    Some((count.checked_sub(1)?, count.checked_mul(21)? / 10 + 64))
}

/// T(r, n) for n < count (the solver's strip run with `ctx`, [`scan`]).
pub fn row(r: u64, count: u64, ctx: &Context) -> Result<Vec<u64>> {
    let too_many = || Error::usage(format!("{count} terms of row {r} is too many"));
    let (x, d) = row_box(r, count).ok_or_else(too_many)?;
    let mut out = vec![u64::MAX; usize::try_from(count).map_err(|_| too_many())?];
    scan(x, r, d, ctx, &mut |a, b, t| {
        // line (a, b), a ≤ b: T(r, b) if a = r, T(r, a) if b = r (the table is symmetric)
        let n = if a == r {
            b
        } else if b == r {
            a
        } else {
            return;
        };
        if let (Some(t), Some(slot)) = (t, out.get_mut(n as usize)) {
            *slot = t;
        }
    })?;
    match out.iter().position(|&t| t == u64::MAX) {
        None => Ok(out),
        Some(n) => Err(Error::internal(format!(
            "T({r}, {n}) beyond t <= {x}, against the bound"
        ))),
    }
}

/// The m with T(m, m) = n, for n < count (the solver run with `ctx`, [`scan`]).
pub fn diagonal_inverse(count: u64, ctx: &Context) -> Result<Vec<u64>> {
    let d = count
        .checked_mul(21)
        .map(|v| v / 10 + 64)
        .ok_or_else(|| Error::usage(format!("{count} terms of A077226 is too many")))?;
    diagonal_inverse_in(count, d, ctx)
}

/// The m ≤ d with T(m, m) = n, for n < count, from the box [0, count − 1] × [0, d]²; refused
/// with the least n not found.
pub fn diagonal_inverse_in(count: u64, d: u64, ctx: &Context) -> Result<Vec<u64>> {
    let too_many = || Error::usage(format!("{count} terms of A077226 is too many"));
    let x = count.checked_sub(1).ok_or_else(too_many)?;
    let mut pos = vec![u64::MAX; usize::try_from(count).map_err(|_| too_many())?];
    let mut twice = None;
    scan(x, d, d, ctx, &mut |y, z, t| {
        if y == z
            && let Some(t) = t
        {
            let slot = &mut pos[t as usize];
            if *slot != u64::MAX {
                twice = Some(t);
            }
            *slot = y;
        }
    })?;
    if let Some(n) = twice {
        return Err(Error::internal(format!(
            "{n} found twice on the diagonal T(m, m)"
        )));
    }
    match pos.iter().position(|&m| m == u64::MAX) {
        None => Ok(pos),
        Some(n) => Err(Error::domain(format!(
            "A077226: n = {n} is not on the diagonal T(m, m), m <= {d}, of the box solved \
             ([0, {x}] x [0, {d}]^2); at most {n} terms"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::three_pile::{check_box, diagonal_box, engine::bytes_needed};

    /// The limits are exactly the largest counts whose boxes pass the memory cap.
    #[test]
    fn limits_are_the_memory_cap() {
        let fits = |b: Option<(u64, u64)>| {
            let (x, d) = b.unwrap();
            check_box(x, d, bytes_needed(x, d)).is_ok()
        };
        for r in 1..=3 {
            assert!(fits(row_box(r, ROW_MAX)));
        }
        assert!(!fits(row_box(3, ROW_MAX + 1)));
        assert!(fits(diagonal_inverse_box(DIAGONAL_INVERSE_MAX)));
        assert!(!fits(diagonal_inverse_box(DIAGONAL_INVERSE_MAX + 1)));
        // A018219: the box and its terms within the cap, through the last full antidiagonal
        let within = |d: u64| table_bytes(d).is_some_and(|b| b <= crate::three_pile::MAX_BYTES);
        let d = (0..).find(|&d| !within(d + 1)).unwrap();
        assert_eq!(TABLE_MAX, (d + 1) * (d + 2) / 2);
        assert!(check_box(3 * d, d, bytes_needed(3 * d, d)).is_ok());
        let m = crate::oeis::catalogue::THREE_DIAGONAL_MAX;
        assert!(fits(diagonal_box(m - 1)));
        assert!(!fits(diagonal_box(m)));
    }
}
