//! Exact floors of multiples of (p + √5)/2, one at a time and in a walk, and the Beatty sums
//! Σ_{j ≤ m} ⌊jφ⌋ in O(log m).
//!
//! * [`floor_at`]: ⌊kθ⌋ for θ = (p + √5)/2 is ⌊(pk + isqrt(5k²))/2⌋ (√5·k is irrational for
//!   k ≥ 1, so flooring the root first changes nothing), one 128-bit integer square root.
//! * [`UpperWalk`]: ⌊jφ²⌋ for j = j₀, j₀ + 1, …, each step deciding between the two possible
//!   increments 2 and 3 by the exact comparison u + 3 ≤ (j + 1)φ² ⟺
//!   2(u + 3) − 3(j + 1) < (j + 1)√5 ⟺ (2u + 3 − 3j)² < 5(j + 1)² (strict: √5 is irrational).
//!   Two 64 × 64 → 128-bit products a step; no fixed point, no rounding.  This generator shares
//!   no code with the Sturmian kernel of [`crate::pairs::bulk`], which writes the pairs.
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

/// The upper Wythoff numbers ⌊jφ²⌋ for consecutive j (see the module header; θ = φ², p = 3):
/// ⌊(j + 1)φ²⌋ = u + 2 + [u + 3 ≤ (j + 1)φ²], and u + 3 ≤ (j + 1)(3 + √5)/2 iff
/// (2u + 3 − 3j)² < 5(j + 1)², where 2u + 3 − 3j > 0 because u ≥ 2j.
#[derive(Clone, Copy, Debug)]
pub struct UpperWalk {
    j: u64,
    u: u64,
}

impl UpperWalk {
    /// The walk at j (its value ⌊jφ²⌋), j < [`MAX_K`] / 2.
    pub fn at(j: u64) -> Result<UpperWalk> {
        if j >= MAX_K / 2 {
            return Err(Error::internal(format!("upper walk at {j}")));
        }
        Ok(UpperWalk {
            j,
            u: floor_at(3, j)? as u64,
        })
    }

    /// The current j.
    #[inline(always)]
    pub fn j(&self) -> u64 {
        self.j
    }

    /// The current value ⌊jφ²⌋.
    #[inline(always)]
    pub fn value(&self) -> u64 {
        self.u
    }

    /// ⌊(j + 1)φ²⌋, without moving.
    #[inline(always)]
    pub fn peek(&self) -> u64 {
        let y = (2 * self.u + 3 - 3 * self.j) as u128; // > 0, < 2^62
        let j1 = self.j as u128 + 1;
        self.u + 2 + u64::from(y * y < 5 * j1 * j1)
    }

    /// Moves to j + 1 where `go` (without a branch), staying otherwise.  The caller keeps
    /// j + 1 < [`MAX_K`] / 2.
    #[inline(always)]
    pub fn advance_if(&mut self, go: bool) {
        let next = self.peek();
        self.u = if go { next } else { self.u };
        self.j += u64::from(go);
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
        let v = (Integer::from(p) * &k + root)
            .div_rem_floor(Integer::from(2))
            .0;
        v.to_i128().unwrap()
    }

    #[test]
    fn floors_and_walks_agree_with_gmp() {
        for p in [-1i64, 1, 3] {
            for k in (0..2000).chain([(1 << 40) + 7, MAX_K - 5]) {
                assert_eq!(floor_at(p, k).unwrap(), big(p, k), "p = {p}, k = {k}");
            }
        }
        let mut w = UpperWalk::at(0).unwrap();
        for j in 1..20_000u64 {
            assert_eq!(w.peek() as i128, big(3, j), "j = {j}");
            w.advance_if(false);
            assert_eq!(w.j(), j - 1);
            w.advance_if(true);
            assert_eq!(w.value() as i128, big(3, j), "j = {j}");
        }
        let start = (1u64 << 59) - 3000;
        let mut w = UpperWalk::at(start).unwrap();
        for j in start + 1..start + 3000 {
            w.advance_if(true);
            assert_eq!(w.value() as i128, big(3, j), "j = {j}");
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
