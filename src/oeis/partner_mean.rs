//! The running mean of the Wythoff partner sequence and its plateaus (A073869, A090909), each
//! from its definition in the OEIS — never from the closed forms conjectured there.
//!
//! * A073869: m(n) = (A002251(0) + … + A002251(n))/(n + 1), n ≥ 0.  The entry asks whether this is
//!   Hofstadter's G-sequence A005206; we do not assume it is, nor that the mean is an integer: the
//!   prefix sum is exact (128-bit, partners from [`super::partners`]) and its divisibility by
//!   n + 1 is checked, a remainder being an error.
//! * A090909: the k ≥ 1 with m(k − 1) = m(k) ≠ m(k + 1), in increasing order.  The entry's name
//!   says "terms a(k) of A073869", but its data (2, 5, 7, 10, …) are the indices k — the values
//!   m(k) would be 1, 3, 4, 6, … — so we follow the data (doc/oeis.md).  The entry asks whether
//!   this is the upper Wythoff sequence A001950; again nothing is assumed: m is computed to an
//!   index K and the k found with k + 1 ≤ K are written, K growing until there are enough.
//!
//! Cost: one `Solver::partner` call per index (O(1) big-integer square roots).

use super::catalogue::PARTNER_MAX;
use crate::error::{Error, Result};

/// Terms of A090909 at most: each needs the mean to an index about 2.6 times its own.
pub const PLATEAUS_MAX: u64 = PARTNER_MAX / 3;

/// m(n) for n < count.
pub fn means(count: u64) -> Result<Vec<u128>> {
    let p = super::partners(count)?;
    let mut sum = 0u128;
    let mut v = Vec::with_capacity(count as usize);
    for (n, x) in p.into_iter().enumerate() {
        sum = sum
            .checked_add(x)
            .ok_or_else(|| Error::internal("a partner sum past 2^128"))?;
        let d = n as u128 + 1;
        if !sum.is_multiple_of(d) {
            return Err(Error::domain(format!(
                "A073869: the sum of A002251(0..={n}) = {sum} is not divisible by {d}"
            )));
        }
        v.push(sum / d);
    }
    Ok(v)
}

/// The first `count` k ≥ 1 with m(k − 1) = m(k) ≠ m(k + 1).
pub fn plateau_ends(count: u64) -> Result<Vec<u128>> {
    let mut len = count.saturating_mul(3).saturating_add(3);
    loop {
        let m = means(len.min(PARTNER_MAX))?;
        let ends: Vec<u128> = (1..m.len().saturating_sub(1))
            .filter(|&k| m[k - 1] == m[k] && m[k] != m[k + 1])
            .map(|k| k as u128)
            .take(count as usize)
            .collect();
        if ends.len() as u64 == count {
            return Ok(ends);
        }
        if len >= PARTNER_MAX {
            return Err(Error::domain(format!(
                "A090909: only {} terms among the means m(0..{})",
                ends.len(),
                m.len()
            )));
        }
        len = len.saturating_mul(2);
    }
}
