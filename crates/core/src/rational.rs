//! Rationals as users write them: the limit on their size and the reasons a text is not a
//! non-negative rational in lowest terms.  The rationals themselves and the Calkin–Wilf tree are
//! in the `wythoff` crate (`wythoff::ratwyt`).

use rug::Integer;

/// Most decimal digits of the numerator and of the denominator of a rational read from text or
/// built from a breadth-first index: p, q < 10^100000.  The continued fraction, the level, the
/// index and the steps are slow Euclidean algorithms, one division per partial quotient, so
/// their time grows with the square of the size (about a second per pass at this limit on a
/// 2-core machine); their memory grows linearly (tens of MB).
pub const MAX_DIGITS: u32 = 100_000;

/// Why a text or a pair of integers is not a non-negative rational in lowest terms.  The
/// messages name no argument; the caller adds it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RationalError {
    /// A minus sign: the rationals of the Calkin–Wilf tree are ≥ 0.
    #[error("'{0}' is negative (accepted: a rational p/q ≥ 0 in lowest terms, e.g. 3/5)")]
    Negative(String),
    /// q = 0.
    #[error("the denominator is zero (accepted: p/q with q ≥ 1)")]
    ZeroDenominator,
    /// gcd(p, q) > 1.
    #[error("{p}/{q} is not in lowest terms (gcd {gcd}); write {}/{}", Integer::from(p / gcd), Integer::from(q / gcd))]
    NotReduced {
        /// Numerator as given.
        p: Integer,
        /// Denominator as given.
        q: Integer,
        /// Their greatest common divisor (> 1).
        gcd: Integer,
    },
    /// The numerator or the denominator has more than [`MAX_DIGITS`] decimal digits.
    #[error(
        "the {0} has more than {MAX_DIGITS} decimal digits (accepted: p/q with p and q below \
         10^{MAX_DIGITS}; the work grows with the square of their size)"
    )]
    TooLarge(&'static str),
    /// Not `p/q` or `p` with numbers of the accepted syntax.
    #[error("'{text}' is not a rational p/q ({cause})")]
    Malformed {
        /// The text as given.
        text: String,
        /// Why: the part that is not a number, or a second `/`.
        cause: String,
    },
}
