//! Numbers as users write them, and the exact floor arithmetic everything else stands on.
//!
//! * [`parse_natural`] reads `12345`, `1e9` (mantissa × 10^exponent), `2^64` (base^exponent) and
//!   `1_000_000` into a `rug::Integer`, rejecting negatives and non-numbers with a one-line message.
//! * [`floor_surd`] computes ⌊(p + q·√D)/r⌋ exactly for a non-square D, with one integer square
//!   root: ⌊q√D⌋ = isqrt(q²D) for q ≥ 0 and −isqrt(q²D) − 1 for q < 0 (√D is irrational, so q√D
//!   is never an integer unless q = 0), and ⌊(p + t)/r⌋ = ⌊(p + ⌊t⌋)/r⌋ for an integer p and
//!   r > 0.  Cost: one multiplication and one square root of numbers twice the size of q, i.e.
//!   O(M(digits)).  No floating point is involved anywhere.

use crate::error::{Error, Result};
use rug::Integer;
use rug::ops::{DivRounding, Pow};

/// Largest size, in bits, of a number the parser will build from an exponent form (2^26 bits,
/// about 20 million decimal digits).  Protects against `10^10^12`-style inputs exhausting memory.
pub const MAX_PARSED_BITS: u64 = 1 << 26;

/// Parses a non-negative integer written as digits, `MeE` (M × 10^E) or `B^E`.
///
/// `what` names the argument in error messages (for example `"N"` or `"-a"`).
pub fn parse_natural(s: &str, what: &str) -> Result<Integer> {
    let t = s.trim();
    let accepted = "accepted: digits (123), 1e9, 2^64";
    if t.is_empty() {
        return Err(Error::usage(format!("{what}: empty value ({accepted})")));
    }
    if t.starts_with('-') {
        return Err(Error::usage(format!(
            "{what}: '{s}' is negative; it must be a non-negative integer ({accepted})"
        )));
    }
    let t = t.strip_prefix('+').unwrap_or(t);
    let clean: String = t.chars().filter(|&c| c != '_').collect();
    let bad = || {
        Error::usage(format!(
            "{what}: '{s}' is not a non-negative integer ({accepted})"
        ))
    };
    if let Some((base, exp)) = clean.split_once('^') {
        let b = digits(base).ok_or_else(bad)?;
        let e = small_exponent(exp, what, s)?;
        let bits = u64::from(b.significant_bits()).saturating_mul(e);
        if bits > MAX_PARSED_BITS {
            return Err(too_big(what, s));
        }
        return Ok(b.pow(u32::try_from(e).map_err(|_| too_big(what, s))?));
    }
    if let Some((mant, exp)) = clean.split_once(['e', 'E']) {
        let m = digits(mant).ok_or_else(bad)?;
        let e = small_exponent(exp, what, s)?;
        if e.saturating_mul(4) > MAX_PARSED_BITS {
            return Err(too_big(what, s));
        }
        let ten = Integer::from(10).pow(u32::try_from(e).map_err(|_| too_big(what, s))?);
        return Ok(m * ten);
    }
    digits(&clean).ok_or_else(bad)
}

fn digits(s: &str) -> Option<Integer> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Integer::from_str_radix(s, 10).ok()
}

fn small_exponent(e: &str, what: &str, s: &str) -> Result<u64> {
    if e.is_empty() || !e.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::usage(format!(
            "{what}: '{s}' has a malformed exponent (accepted: digits, 1e9, 2^64)"
        )));
    }
    e.parse::<u64>().map_err(|_| too_big(what, s))
}

fn too_big(what: &str, s: &str) -> Error {
    Error::usage(format!(
        "{what}: '{s}' is too large (at most {MAX_PARSED_BITS} bits, about 2·10^7 decimal digits)"
    ))
}

/// Parses a number that must fit in a `u64`, naming the argument in the error.
pub fn parse_u64(s: &str, what: &str) -> Result<u64> {
    let v = parse_natural(s, what)?;
    v.to_u64().ok_or_else(|| {
        Error::usage(format!(
            "{what}: '{s}' is larger than the largest supported value {} (2^64-1)",
            u64::MAX
        ))
    })
}

/// ⌊(p + q·√d)/r⌋ exactly, for r > 0 and d ≥ 2 not a perfect square.
///
/// See the module documentation for the identity used.  The caller guarantees that d is not a
/// perfect square (for the Wythoff family, d = a² + 4 with a ≥ 1 never is).
pub fn floor_surd(p: &Integer, q: &Integer, d: &Integer, r: &Integer) -> Integer {
    debug_assert!(*r > 0);
    let q2d = Integer::from(q * q) * d;
    let root = q2d.sqrt();
    let floor_qsd = if *q >= 0 { root } else { -root - 1u32 };
    (floor_qsd + p).div_floor(r.clone())
}

/// ⌊x / y⌋ for y > 0 (floor division of integers of any sign).
pub fn floor_div(x: Integer, y: &Integer) -> Integer {
    x.div_floor(y.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_forms() {
        assert_eq!(parse_natural("12345", "N").unwrap(), 12345);
        assert_eq!(parse_natural("1e9", "N").unwrap(), 1_000_000_000u64);
        assert_eq!(parse_natural("3E2", "N").unwrap(), 300);
        assert_eq!(
            parse_natural("2^64", "N").unwrap(),
            Integer::from(u64::MAX) + 1u32
        );
        assert_eq!(parse_natural("1_000", "N").unwrap(), 1000);
        assert_eq!(parse_natural("+7", "N").unwrap(), 7);
        assert_eq!(parse_natural("0", "N").unwrap(), 0);
    }

    #[test]
    fn rejects_bad_numbers_with_the_argument_named() {
        for bad in [
            "", "-1", "abc", "1.5", "1e", "2^", "e9", "0x10", "1e-3", "2^-1", "--5",
        ] {
            let e = parse_natural(bad, "STOP").unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad}");
            assert!(e.to_string().starts_with("STOP:"), "{e}");
        }
        assert!(parse_natural("10^99999999999", "N").is_err());
        assert!(parse_u64("2^64", "STOP").is_err());
        assert_eq!(parse_u64("2^64", "STOP").unwrap_err().exit_code(), 2);
        assert_eq!(parse_u64("18446744073709551615", "STOP").unwrap(), u64::MAX);
    }

    #[test]
    fn floor_surd_matches_scaled_integer_floors() {
        // ⌊(p + q√5)/r⌋ checked against the definition: the unique k with k·r ≤ p + q√5 < (k+1)·r,
        // decided by squaring with exact integers.
        let d = Integer::from(5);
        for p in -20i32..=20 {
            for q in -20i32..=20 {
                for r in 1i32..=7 {
                    let k = floor_surd(&Integer::from(p), &Integer::from(q), &d, &Integer::from(r));
                    // check k*r - p <= q√5 < (k+1)*r - p
                    let le = |lhs: Integer| -> bool {
                        // lhs <= q√5 ?
                        let qq = Integer::from(q);
                        match (lhs >= 0, qq >= 0) {
                            (true, true) => {
                                Integer::from(&lhs * &lhs) <= Integer::from(&qq * &qq) * 5
                            }
                            (true, false) => false,
                            (false, true) => true,
                            (false, false) => {
                                Integer::from(&lhs * &lhs) >= Integer::from(&qq * &qq) * 5
                            }
                        }
                    };
                    let lo = Integer::from(&k * r) - p;
                    let hi = Integer::from(&k + 1) * r - p;
                    assert!(le(lo), "p={p} q={q} r={r} k={k}");
                    assert!(!le(hi), "p={p} q={q} r={r} k={k}");
                }
            }
        }
    }
}
