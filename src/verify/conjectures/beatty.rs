//! Exact floors of multiples of (p + √5)/2, one at a time and in a walk, and the Beatty sums
//! Σ_{j ≤ m} ⌊jφ⌋ in O(log m).
//!
//! * [`floor_at`]: ⌊kθ⌋ for θ = (p + √5)/2 is ⌊(pk + isqrt(5k²))/2⌋ (√5·k is irrational for
//!   k ≥ 1, so flooring the root first changes nothing), one 128-bit integer square root.
//! * [`Walk`]: ⌊kθ⌋ for k = k₀, k₀ + 1, …, each step deciding between the two possible
//!   increments ⌊θ⌋ and ⌊θ⌋ + 1 by the exact comparison f + 1 ≤ (k + 1)θ ⟺
//!   2(f + 1) − p(k + 1) < (k + 1)√5 ⟺ y < 0 or y² < 5(k + 1)² (strict: √5 is irrational).  Two
//!   128-bit products a step; no fixed point, no rounding.  This generator shares no code with
//!   the Sturmian kernel of [`crate::pairs::bulk`], which writes the pairs.
//! * [`lower_sum`]: S(m) = Σ_{j=1}^{m} ⌊jφ⌋ by the classical recursion for Beatty sums
//!   (A. S. Fraenkel, "The bracket function and complementary sets of integers", Canad. J. Math.
//!   21 (1969); K. O'Bryant, "A generating function technique for Beatty sequences and other
//!   step sequences", J. Number Theory 94 (2002)): with a = ⌊mφ⌋ and b = a − m, the integers
//!   1..=a are A_1..A_m and B_1..B_b (Beatty's theorem: the lower and upper Wythoff sequences
//!   partition the positive integers, and B_j = A_j + j), so S(m) + S(b) + b(b+1)/2 = a(a+1)/2,
//!   i.e. S(m) = T(a) − T(b) − S(b) with T(x) = x(x+1)/2 and b < 0.62m: O(log m) square roots.
//!
//! Arguments are below 2^61 (so 5k² < 2^127); every sum is checked, overflow is an error.

use crate::error::{Error, Result};

/// The largest k the functions here accept: 5k² must stay below 2^127.
pub const MAX_K: u64 = 1 << 61;

/// ⌊kθ⌋ for θ = (p + √5)/2 and 0 ≤ k ≤ [`MAX_K`] (−3 ≤ p ≤ 3).
pub fn floor_at(p: i64, k: u64) -> Result<i128> {
    if k > MAX_K || !(-3..=3).contains(&p) {
        return Err(Error::internal(format!("floor_at({p}, {k}) out of range")));
    }
    let k = k as u128;
    let root = (5 * k * k).isqrt() as i128; // 5k² < 2^125
    Ok((p as i128 * k as i128 + root).div_euclid(2))
}

/// ⌊kφ⌋ (A000201 for k ≥ 1; 0 at k = 0), k ≤ [`MAX_K`].
pub fn lower(k: u64) -> Result<u64> {
    Ok(floor_at(1, k)? as u64) // < 1.62·2^61
}

/// The floors ⌊kθ⌋, θ = (p + √5)/2, for consecutive k (see the module header).
#[derive(Clone, Copy, Debug)]
pub struct Walk {
    p: i128,
    step: i128,
    k: u64,
    f: i128,
}

impl Walk {
    /// The walk at k (its value ⌊kθ⌋ exactly), for −3 ≤ p ≤ 3 and k < [`MAX_K`].
    pub fn at(p: i64, k: u64) -> Result<Walk> {
        Ok(Walk {
            p: p as i128,
            step: floor_at(p, 1)?,
            k,
            f: floor_at(p, k)?,
        })
    }

    /// The current k.
    #[inline(always)]
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The current value ⌊kθ⌋.
    #[inline(always)]
    pub fn value(&self) -> i128 {
        self.f
    }

    /// Moves to k + 1 and returns ⌊(k + 1)θ⌋.  The caller keeps k + 1 ≤ [`MAX_K`].
    #[inline(always)]
    pub fn next(&mut self) -> i128 {
        let k1 = self.k as i128 + 1;
        let cand = self.f + self.step;
        // cand + 1 ≤ (k+1)θ  ⟺  y < (k+1)√5 with y = 2(cand+1) − p(k+1)
        let y = 2 * (cand + 1) - self.p * k1;
        let up = y < 0 || (y as u128) * (y as u128) < 5 * (k1 as u128) * (k1 as u128);
        self.k += 1;
        self.f = cand + i128::from(up);
        self.f
    }
}

/// T(x) = x(x + 1)/2, checked.
fn triangle(x: u64) -> Result<i128> {
    (x as i128)
        .checked_mul(x as i128 + 1)
        .map(|v| v / 2)
        .ok_or_else(|| Error::internal("triangle number past 2^127"))
}

/// Σ_{j=1}^{m} ⌊jφ⌋ exactly in O(log m) steps (the module header), m ≤ 2^61.
pub fn lower_sum(m: u64) -> Result<u128> {
    let mut total: i128 = 0;
    let mut sign: i128 = 1;
    let mut m = m;
    while m > 0 {
        let a = lower(m)?;
        let b = a - m;
        let term = triangle(a)?
            .checked_sub(triangle(b)?)
            .and_then(|t| t.checked_mul(sign))
            .ok_or_else(|| Error::internal("Beatty sum out of range"))?;
        total = total
            .checked_add(term)
            .ok_or_else(|| Error::internal("Beatty sum out of range"))?;
        sign = -sign;
        m = b;
    }
    u128::try_from(total).map_err(|_| Error::internal("negative Beatty sum"))
}

/// Σ_{j=1}^{m} ⌊jφ²⌋ = Σ_{j=1}^{m} (⌊jφ⌋ + j), m ≤ 2^61.
pub fn upper_sum(m: u64) -> Result<u128> {
    lower_sum(m)?
        .checked_add(triangle(m)? as u128)
        .ok_or_else(|| Error::internal("Beatty sum out of range"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rug::Integer;

    /// ⌊kθ⌋ by GMP: ⌊(pk + √(5k²))/2⌋ with an exact integer root.
    fn big(p: i64, k: u64) -> i128 {
        let k = Integer::from(k);
        let root = (Integer::from(&k * &k) * 5u32).sqrt();
        let v = (Integer::from(p) * &k + root).div_rem_floor(Integer::from(2)).0;
        v.to_i128().unwrap()
    }

    #[test]
    fn floors_and_walks_agree_with_gmp() {
        for p in [-1i64, 1, 3] {
            for k in (0..2000).chain([(1 << 40) + 7, MAX_K - 5]) {
                assert_eq!(floor_at(p, k).unwrap(), big(p, k), "p = {p}, k = {k}");
            }
            let mut w = Walk::at(p, 0).unwrap();
            for k in 1..20_000u64 {
                assert_eq!(w.next(), big(p, k), "p = {p}, k = {k}");
            }
            let start = (1u64 << 60) - 3000;
            let mut w = Walk::at(p, start).unwrap();
            for k in start + 1..start + 3000 {
                assert_eq!(w.next(), big(p, k), "p = {p}, k = {k}");
            }
        }
    }

    #[test]
    fn beatty_sums_agree_with_summing() {
        let mut s = 0u128;
        for m in 0..5000u64 {
            if m > 0 {
                s += big(1, m) as u128;
            }
            assert_eq!(lower_sum(m).unwrap(), s, "m = {m}");
            assert_eq!(upper_sum(m).unwrap(), s + (m as u128) * (m as u128 + 1) / 2);
        }
        // far out: the difference of two sums is the sum of the floors between
        let m = 1u64 << 59;
        let d = lower_sum(m + 1000).unwrap() - lower_sum(m).unwrap();
        let direct: u128 = (m + 1..=m + 1000).map(|j| big(1, j) as u128).sum();
        assert_eq!(d, direct);
    }
}
