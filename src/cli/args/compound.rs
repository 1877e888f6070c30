//! Values of more than one number: a rational `p/q`, the fixed heaps of an N-heap slice (`A` or
//! `A1,A2`) and a table coordinate (`V` or `A..B`).

use super::{ArgError, index_u64, pile_u64};
use wythoff::num::SYNTAX;
use wythoff::ratwyt::{Rational, RationalError};

/// A non-negative rational p/q in lowest terms, numbers in the number syntax.
pub(crate) fn rational(s: &str) -> std::result::Result<Rational, ArgError> {
    s.parse::<Rational>().map_err(|e| {
        ArgError(match e {
            RationalError::Negative(_) => {
                "the value is negative; expected a rational p/q ≥ 0 in lowest terms (e.g. 3/5)"
                    .into()
            }
            e => e.to_string(),
        })
    })
}

/// The fixed smallest heaps of an N-heap Wythoff slice: `A` (three heaps) or `A1,A2` (four).
pub(crate) fn slice_heaps(s: &str) -> std::result::Result<SliceHeaps, ArgError> {
    let v = s
        .split(',')
        .map(pile_u64)
        .collect::<std::result::Result<Vec<u64>, ArgError>>()?;
    if v.len() > 2 {
        return Err(ArgError(
            "expected one smallest heap A (three heaps) or two, A1,A2 (four heaps)".into(),
        ));
    }
    Ok(SliceHeaps(v))
}

/// The fixed heaps of a slice, as [`slice_heaps`] reads them.
#[derive(Clone)]
pub(crate) struct SliceHeaps(pub(crate) Vec<u64>);

/// A coordinate of a table look-up (`grundy get FILE X Y`): one value, or an inclusive range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Coord {
    /// One row or column.
    One(u64),
    /// The rows or columns A..=B, A ≤ B.
    Range(u64, u64),
}

impl Coord {
    /// The first and the last value, inclusive.
    pub(crate) fn bounds(self) -> (u64, u64) {
        match self {
            Coord::One(v) => (v, v),
            Coord::Range(a, b) => (a, b),
        }
    }
}

impl std::fmt::Display for Coord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Coord::One(v) => write!(f, "{v}"),
            Coord::Range(a, b) => write!(f, "{a}..{b}"),
        }
    }
}

/// One value `V` or an inclusive range `A..B` (A ≤ B), each up to 2^64 − 1.
pub(crate) fn coord(s: &str) -> std::result::Result<Coord, ArgError> {
    match s.split_once("..") {
        Some((a, b)) => {
            let (a, b) = (index_u64(a)?, index_u64(b)?);
            if a > b {
                return Err(ArgError(format!(
                    "empty range; expected A..B with A <= B, or one value ({SYNTAX})"
                )));
            }
            Ok(Coord::Range(a, b))
        }
        None => index_u64(s).map(Coord::One),
    }
}
