//! Rows and the diagonal inverse of the three-pile Wythoff table T(a, b) (A018219: (a, b, T(a, b))
//! is a P-position), from the three-pile box ([`crate::three_pile::Box3`]): the rows
//! T(r, n), r = 1, 2, 3 (A018220–A018222), and the m with T(m, m) = n (A077226).
//!
//! A term is written only when the solved box contains it.  The box [0, X]×[0, Y]×[0, Z] is closed
//! under moves, so every P-position it reports is one of the whole game.
//!
//! * Rows.  T(r, n) ≤ 2r + 2n + 2·min(r, n).  Proof: T(r, n) is the least t such that none of the
//!   six lines through (t, r, n) other than its own e1-line holds a P-position below it, and each
//!   line holds at most one P-position.  The e2-lines' blockers are P-positions (t, y', n),
//!   y' < r: one per line {(·, y', n)}, so at most r values of t; likewise at most n for e3
//!   ((t, r, z'), z' < n), r for e1+e2 ((t − k, r − k, n)), n for e1+e3, and min(r, n) each for
//!   e2+e3 and e1+e2+e3.  So the box X = 4r + 2(count − 1), Y = r, Z = count − 1 holds every
//!   T(r, n), n < count; a value not found is an error.  Cost O(r·count²/64) word operations;
//!   X ≤ `MAX_SIDE` limits the terms ([`ROW_MAX`]).
//! * A077226.  For the diagonal no such bound is proved here (in the plane x = n the blockers are
//!   not bounded by n), so the box Y = Z = D, X = 4D + 16 ≤ `MAX_SIDE` is solved and its diagonal
//!   T(m, m), m ≤ D, inverted: a value n found at m is proved (the line {(n, k, k)} holds at most
//!   one P-position, so m is its only place), and the b-file stops before the least n not found,
//!   refusing a larger count with that n.

use crate::error::{Error, Result};
use crate::three_pile::{Box3, MAX_SIDE};

/// Terms of the rows r ≤ 3: the box X = 4r + 2(count − 1) ≤ `MAX_SIDE`.
pub const ROW_MAX: u64 = (MAX_SIDE - 12) / 2 + 1;

/// Terms of A077226 the largest box proves (D = (MAX_SIDE − 16)/4 = 2496: every n < 1260 is on
/// its diagonal, 1260 is not; measured, and tested).
pub const DIAGONAL_INVERSE_MAX: u64 = 1260;

/// T(r, n) for n < count.
pub fn row(r: u64, count: u64) -> Result<Vec<u64>> {
    let z = count - 1;
    let x = (4 * r)
        .checked_add(
            z.checked_mul(2)
                .ok_or_else(|| Error::domain("too many terms"))?,
        )
        .ok_or_else(|| Error::domain("too many terms"))?;
    let b = Box3::solve(x, r, z, &|_| {})?;
    (0..count)
        .map(|n| {
            b.partner(r, n).ok_or_else(|| {
                Error::internal(format!("T({r}, {n}) beyond t <= {x}, against the bound"))
            })
        })
        .collect()
}

/// The m with T(m, m) = n, for n < count.
pub fn diagonal_inverse(count: u64) -> Result<Vec<u64>> {
    let d = count
        .saturating_mul(3)
        .saturating_add(16)
        .min((MAX_SIDE - 16) / 4);
    let b = Box3::solve(4 * d + 16, d, d, &|_| {})?;
    let mut pos = vec![u64::MAX; count as usize];
    for m in 0..=d {
        if let Some(slot) = b.partner(m, m).and_then(|n| pos.get_mut(n as usize)) {
            if *slot != u64::MAX {
                return Err(Error::internal("a P-position twice on a diagonal line"));
            }
            *slot = m;
        }
    }
    match pos.iter().position(|&m| m == u64::MAX) {
        None => Ok(pos),
        Some(n) => Err(Error::domain(format!(
            "A077226: n = {n} is not on the diagonal T(m, m), m <= {d}, of the largest box \
             solved ([0, {}] x [0, {d}]^2); at most {n} terms",
            4 * d + 16
        ))),
    }
}
