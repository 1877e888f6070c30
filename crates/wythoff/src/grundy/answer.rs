//! What is asked of a Sprague–Grundy table computed in memory — the table itself (to print or to
//! draw), the proof that it is the game's Grundy function, or the checksum of its square — and
//! the answer, in one shape for generalized Wythoff ([`answer`]) and the line games
//! ([`crate::lines::answer`]): compute, then prove or checksum, in one call.

use super::check::{CheckReport, check_with};
use super::checksum::square_checksum;
use super::{Spec, Table};
use crate::context::Context;
use crate::error::Result;

/// What is asked of a table computed in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The table itself: its values, to print or to draw.
    Table,
    /// The proof that every cell is the mex of its options, and the 0-positions
    /// ([`CheckReport`]).
    Check,
    /// The checksum of its N × N square ([`Checksum`]).
    Checksum,
}

/// The documented checksum of a table's N × N square: the sum of its values and the XXH3-64 of
/// the square, row-major, each value a little-endian u32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checksum {
    /// Side N.
    pub n: u64,
    /// The sum of the N² values.
    pub sum: u128,
    /// XXH3-64 of the row-major little-endian u32 square.
    pub xxh3: u64,
}

/// The answer to an [`Ask`] about a table of type `T` ([`Table`], [`crate::lines::LineTable`]).
#[derive(Clone, Debug)]
pub enum Answer<T> {
    /// [`Ask::Table`]: the table.
    Table(T),
    /// [`Ask::Check`]: the report of the proof (a failed check is in the report, not an error).
    Check(CheckReport),
    /// [`Ask::Checksum`]: the checksum of the square.
    Checksum(Checksum),
}

/// A table in memory read cell by cell, whichever the game: what a picture or a printout of it
/// needs.
pub trait Square {
    /// Side N: the table covers 0 ≤ x, y < N.
    fn side(&self) -> usize;
    /// G(x, y) for x, y < N.
    fn value(&self, x: usize, y: usize) -> u32;
}

impl Square for Table {
    fn side(&self) -> usize {
        self.spec.n
    }

    fn value(&self, x: usize, y: usize) -> u32 {
        self.get(x, y)
    }
}

/// Computes the table of `spec` in memory ([`Table::compute`]: the memory it needs is checked
/// first, against the machine) and answers `ask` about it.  `ctx`'s workers compute; its
/// progress counts the stored cells computed, then, for [`Ask::Check`], the stored cells proved
/// (twice N(N + 1)/2 in all); its flag stops either with [`crate::error::Error::Cancelled`].
pub fn answer(spec: Spec, ask: Ask, ctx: &Context) -> Result<Answer<Table>> {
    let t = Table::compute(spec, ctx)?;
    Ok(match ask {
        Ask::Table => Answer::Table(t),
        Ask::Check => Answer::Check(check_with(&t.data, t.layout, spec.a, None, ctx)?),
        Ask::Checksum => {
            let (sum, xxh3) = square_checksum(&t.data, t.layout);
            Answer::Checksum(Checksum {
                n: spec.n as u64,
                sum,
                xxh3,
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answers_are_those_of_the_table() {
        let spec = Spec::new(2, 70).unwrap();
        let ctx = Context::new(2);
        let Answer::Table(t) = answer(spec, Ask::Table, &ctx).unwrap() else {
            panic!("a table was asked for");
        };
        assert_eq!((t.side(), t.value(3, 5)), (70, t.get(3, 5)));
        let Answer::Check(rep) = answer(spec, Ask::Check, &ctx).unwrap() else {
            panic!("a check was asked for");
        };
        assert!(rep.ok, "{:?}", rep.problems);
        let Answer::Checksum(c) = answer(spec, Ask::Checksum, &ctx).unwrap() else {
            panic!("a checksum was asked for");
        };
        assert_eq!(
            (c.n, (c.sum, c.xxh3)),
            (70, square_checksum(&t.data, t.layout))
        );
    }
}
