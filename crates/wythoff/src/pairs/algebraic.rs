//! Strategy 2 — the algebraic characterization (Fraenkel 1982, Theorem 2), in exact integers.
//!
//! With D = a² + 4 and α = (2 − a + √D)/2 (so α = φ for a = 1, √2 for a = 2):
//!
//! * normal play: A_n = ⌊nα⌋ = ⌊(n(2 − a) + √(n²D))/2⌋ = n + ⌊(isqrt(n²D) − a·n)/2⌋,
//!   B_n = A_n + a·n;
//! * misère play, a ≥ 2: A'_n = ⌊nα + 1/α⌋, B'_n = A'_n + a·n + 1.  The pair ⌊nα + 1/α⌋,
//!   ⌊nβ + 1/α + 1⌋ (β = α + a) is complementary by Fraenkel's criterion for inhomogeneous Beatty
//!   sequences (γ/α + δ/β = 0 after shifting to n ≥ 1), and since 1/α = (α + a − 2)/a,
//!   A'_n = ⌊(⌊(na + 1)α⌋ + a − 2)/a⌋ = ⌊(A_{na+1} + a − 2)/a⌋ — one more evaluation of the same
//!   floor.  (Checked against the recursion and the brute-force oracle in the tests.)
//!
//! n²D is never a perfect square for n ≥ 1, so isqrt gives the floor of an irrational and the
//! formula is exact for every n.  Cost: one integer square root of a 2·log n-bit number.  Fast path:
//! when n²D < 2^128 everything is done in `u128` with `u128::isqrt`; beyond, with GMP.
//!
//! Locating a value x (which pair holds it): the number of n ≥ 1 with A_n ≤ x is
//! ⌊(x + 1)/α⌋ = ⌊(x + 1)(a − 2 + √D)/(2a)⌋ (using 1/α = (√D + a − 2)/(2a)), an exact
//! [`floor_surd`]; the caller confirms the index with one or two evaluations.

use crate::num::floor_surd;
use rug::Integer;

/// A_n = ⌊nα⌋ for machine-word n, or `None` if n²(a² + 4) does not fit in 128 bits.
#[inline]
pub fn lower_u128(a: u64, n: u64) -> Option<u128> {
    let d = (a as u128).checked_mul(a as u128)?.checked_add(4)?;
    let nn = (n as u128) * (n as u128);
    let s = nn.checked_mul(d)?.isqrt();
    // s = ⌊n√D⌋ ≥ a·n because √D > a.
    let an = (a as u128) * (n as u128);
    Some(n as u128 + (s - an) / 2)
}

/// A_n = ⌊nα⌋ in normal play, for any n ≥ 0.
pub fn lower_normal(a: u64, n: &Integer) -> Integer {
    if let Some(n64) = n.to_u64()
        && let Some(v) = lower_u128(a, n64)
    {
        return Integer::from(v);
    }
    let d = Integer::from(a) * a + 4u32;
    let p = n * (2 - Integer::from(a));
    floor_surd(&p, n, &d, &Integer::from(2))
}

/// A_n of the base sequence for offset c: c = 0 normal play, c = 1 misère play with a ≥ 2.
pub fn lower(a: u64, c: u64, n: &Integer) -> Integer {
    if c == 0 {
        return lower_normal(a, n);
    }
    let m = Integer::from(n * a) + 1u32;
    let am = lower_normal(a, &m);
    (am + a - 2u32) / a // non-negative, so truncation is the floor
}

/// The number of n ≥ 1 with A_n ≤ x in normal play, ⌊(x + 1)/α⌋ — an index guess for locating x.
pub fn count_lower_up_to(a: u64, x: &Integer) -> Integer {
    let d = Integer::from(a) * a + 4u32;
    let x1 = Integer::from(x + 1u32);
    let p = &x1 * (Integer::from(a) - 2u32);
    floor_surd(&p, &x1, &d, &Integer::from(2 * a as u128))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ieee_double_failure_point_is_exact_here() {
        // n = F(40) = 102334155 is the first n where ⌊n·φ⌋ in IEEE double is wrong (measured; doc/pairs.md).
        // Exact value: ⌊F(40)·φ⌋ = F(41) − 1 for even index 40 (F(k)φ = F(k+1) − ψ^k·…):
        // F(41) = 165580141, and F(40)·φ = F(41) − (−1/φ)^40 < F(41), so the floor is F(41) − 1.
        let n = Integer::from(102_334_155u64);
        assert_eq!(lower_normal(1, &n), 165_580_140u64);
        // and the rug path agrees with the u128 path at the same n
        let d = Integer::from(5);
        let p = Integer::from(&n);
        assert_eq!(floor_surd(&p, &n, &d, &Integer::from(2)), 165_580_140u64);
    }

    #[test]
    fn u128_path_declines_when_out_of_range() {
        assert!(lower_u128(1, u64::MAX).is_none());
        assert!(lower_u128(1, 1 << 62).is_some());
        assert!(lower_u128(u64::MAX, 2).is_none());
    }

    #[test]
    fn rug_and_u128_agree_near_the_boundary() {
        for a in [1u64, 2, 3, 1000] {
            let lim = ((u128::MAX / (a as u128 * a as u128 + 4)) as f64).sqrt() as u64;
            for n in [lim - 3, lim - 2, lim - 1, lim] {
                if let Some(v) = lower_u128(a, n) {
                    let d = Integer::from(a) * a + 4u32;
                    let nn = Integer::from(n);
                    let p = &nn * (2 - Integer::from(a));
                    assert_eq!(floor_surd(&p, &nn, &d, &Integer::from(2)), v);
                }
            }
        }
    }
}
