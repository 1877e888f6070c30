//! Numbers as users write them, and the exact floor arithmetic everything else stands on.
//!
//! * [`natural`] reads `12345`, `1e9` (mantissa × 10^exponent), `2^64` (base^exponent) and
//!   `1_000_000` into a `rug::Integer`, rejecting negatives and non-numbers with a typed
//!   [`NumberError`] (one line, naming no argument); [`natural_in`] adds a range.  Cost: linear in
//!   the digits, one GMP power for the exponent forms (bounded by [`MAX_PARSED_BITS`]).
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

/// The number syntax, as error messages state it.
pub const SYNTAX: &str = "digits (123), 1e9 or 2^64";

/// Why a text is not a number of the accepted syntax (or not in the range asked for).  The
/// messages name no argument: the caller knows which one it was and adds its name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    /// Nothing (or only blanks) was given.
    #[error("empty value (accepted: {SYNTAX})")]
    Empty,
    /// A minus sign: every number here is non-negative.
    #[error("'{0}' is negative (accepted: a non-negative integer, {SYNTAX})")]
    Negative(String),
    /// Not digits, `MeE` or `B^E`.
    #[error("'{0}' is not a non-negative integer (accepted: {SYNTAX})")]
    Malformed(String),
    /// `1e`, `2^x`, `1e-3`: the exponent is not a non-negative integer in digits.
    #[error("'{0}' has a malformed exponent (accepted: {SYNTAX})")]
    BadExponent(String),
    /// The exponent form would build a number of more than [`MAX_PARSED_BITS`] bits.
    #[error("'{0}' is too large (at most {MAX_PARSED_BITS} bits, about 2·10^7 decimal digits)")]
    TooLarge(String),
    /// A well-formed number outside the range `min..=max`.
    #[error("'{text}' is out of range (accepted: {min}..={max})")]
    OutOfRange {
        /// The text as given.
        text: String,
        /// Smallest accepted value.
        min: u64,
        /// Largest accepted value.
        max: u64,
    },
}

/// Parses a non-negative integer written as digits, `MeE` (M × 10^E) or `B^E` (underscores
/// allowed between digits, a leading `+` allowed), with a typed error.
pub fn natural(s: &str) -> std::result::Result<Integer, NumberError> {
    let t = s.trim();
    if t.is_empty() {
        return Err(NumberError::Empty);
    }
    if let Some(rest) = t.strip_prefix('-') {
        // "-5", "-1e9", "-2^64" are negative numbers; "-x" or "--5" are not numbers at all.
        // One sign at most: `rest` starting with '-' is malformed (and is not parsed recursively,
        // so a million dashes cannot exhaust the stack).
        return Err(if !rest.starts_with('-') && natural(rest).is_ok() {
            NumberError::Negative(s.to_string())
        } else {
            NumberError::Malformed(s.to_string())
        });
    }
    let t = t.strip_prefix('+').unwrap_or(t);
    let clean: String = t.chars().filter(|&c| c != '_').collect();
    let bad = || NumberError::Malformed(s.to_string());
    let too_big = || NumberError::TooLarge(s.to_string());
    if let Some((base, exp)) = clean.split_once('^') {
        let b = digits(base).ok_or_else(bad)?;
        let e = small_exponent(exp, s)?;
        let bits = u64::from(b.significant_bits()).saturating_mul(e);
        if bits > MAX_PARSED_BITS {
            return Err(too_big());
        }
        return Ok(b.pow(u32::try_from(e).map_err(|_| too_big())?));
    }
    if let Some((mant, exp)) = clean.split_once(['e', 'E']) {
        let m = digits(mant).ok_or_else(bad)?;
        let e = small_exponent(exp, s)?;
        if e.saturating_mul(4) > MAX_PARSED_BITS {
            return Err(too_big());
        }
        let ten = Integer::from(10).pow(u32::try_from(e).map_err(|_| too_big())?);
        return Ok(m * ten);
    }
    digits(&clean).ok_or_else(bad)
}

/// Parses a number (syntax of [`natural`]) that must lie in `min..=max`.
pub fn natural_in(s: &str, min: u64, max: u64) -> std::result::Result<u64, NumberError> {
    let v = natural(s)?;
    match v.to_u64() {
        Some(x) if (min..=max).contains(&x) => Ok(x),
        _ => Err(NumberError::OutOfRange {
            text: s.to_string(),
            min,
            max,
        }),
    }
}

/// Parses a non-negative integer, as [`natural`] does, with the refusal as a usage error whose
/// message starts with `what`, the argument's name (for example `"N"`).
pub fn parse_natural(s: &str, what: &str) -> Result<Integer> {
    natural(s).map_err(|e| Error::usage(format!("{what}: {e}")))
}

fn digits(s: &str) -> Option<Integer> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Integer::from_str_radix(s, 10).ok()
}

fn small_exponent(e: &str, s: &str) -> std::result::Result<u64, NumberError> {
    if e.is_empty() || !e.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumberError::BadExponent(s.to_string()));
    }
    e.parse::<u64>()
        .map_err(|_| NumberError::TooLarge(s.to_string()))
}

/// Parses a number that must fit in a `u64`, as [`natural_in`] does, with the refusal as a usage
/// error whose message starts with `what`, the argument's name.
pub fn parse_u64(s: &str, what: &str) -> Result<u64> {
    natural_in(s, 0, u64::MAX).map_err(|e| Error::usage(format!("{what}: {e}")))
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

/// A short rendering of a possibly huge number for messages: all digits up to 40, else the first
/// and last digits with the digit count.
pub fn abbreviate(v: &Integer) -> String {
    let s = v.to_string();
    if s.len() <= 40 {
        s
    } else {
        format!("{}…{} ({} digits)", &s[..12], &s[s.len() - 12..], s.len())
    }
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
    fn typed_errors_say_what_is_wrong() {
        use NumberError::*;
        assert_eq!(natural("-5"), Err(Negative("-5".into())));
        assert_eq!(natural("-2^64"), Err(Negative("-2^64".into())));
        assert_eq!(natural("-1e9"), Err(Negative("-1e9".into())));
        assert_eq!(natural("--5"), Err(Malformed("--5".into())));
        assert_eq!(natural("-x"), Err(Malformed("-x".into())));
        assert_eq!(natural(" "), Err(Empty));
        assert_eq!(natural("1e-3"), Err(BadExponent("1e-3".into())));
        assert_eq!(
            natural("10^99999999999"),
            Err(TooLarge("10^99999999999".into()))
        );
        assert_eq!(natural_in("1e3", 1, 1024), Ok(1000));
        assert_eq!(natural_in("1024", 1, 1024), Ok(1024));
        for out in ["0", "1025", "2^64", "1e100"] {
            assert!(
                matches!(
                    natural_in(out, 1, 1024),
                    Err(OutOfRange {
                        min: 1,
                        max: 1024,
                        ..
                    })
                ),
                "{out}"
            );
        }
        // no message names an argument; each is one line
        for e in [Empty, Negative("-1".into()), Malformed("x".into())] {
            let m = e.to_string();
            assert!(!m.contains('\n') && !m.contains("--"), "{m}");
        }
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
