//! The b-file writer and the term stream behind it: `n a(n)` per line from the entry's offset,
//! nothing else, written in blocks of about 1 MiB as the terms come.
//!
//! [`each_term`] hands an entry's terms out one at a time.  The pairs entries, the Fibonacci word,
//! the Grundy rows and their inverses, the partner sequence and its means, the Wythoff array
//! entries and the cells of the integers in it are streamed from their engines (constant memory,
//! or one antidiagonal of big integers), so their limit is the engine's index or size range, not
//! memory; the others are computed in memory (the engines of [`super::terms`]) and then handed
//! out.  Cost: the engine's, plus one decimal conversion per term.

use super::{
    Entry, Source, check_count, grundy_table, held_terms, line_games, partner_mean, row_inverse,
    try_each_pair, wythoff_array,
};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::grundy::rows;
use rug::{Assign, Integer};
use std::io::Write;

/// Terms handed out between two polls of the cancellation flag (and two progress reports).
pub const POLL_TERMS: u64 = 1 << 12;

/// One term as the stream hands it out: a 128-bit integer or, past that, a big one.
#[derive(Clone, Copy, Debug)]
pub enum Term<'a> {
    /// A value below 2^128.
    Small(u128),
    /// A value of any size (the Wythoff array entries).
    Big(&'a Integer),
}

/// Hands the first `count` terms of an entry to `f`, in order (a count past the entry's limit
/// is refused first, naming `--terms` and the reason); `f`'s first error ends the stream.  The
/// terms handed out are reported to `ctx`'s progress, [`POLL_TERMS`] at a time and the rest at
/// the end; the engines behind the terms run on `ctx`'s workers (the three-pile solver on rayon's
/// global pool) and report nothing.  Once `ctx`'s flag is set the stream ends with
/// [`Error::Cancelled`] within 2^12 terms, and the engines that compute the terms in memory
/// first stop between their blocks.
pub fn each_term(
    e: &Entry,
    count: u64,
    ctx: &Context,
    f: &mut dyn FnMut(Term<'_>) -> Result<()>,
) -> Result<()> {
    check_count(e, count)?;
    if count == 0 {
        return Ok(());
    }
    let mut handed = 0u64;
    let f = &mut |t: Term<'_>| {
        handed += 1;
        if handed.is_multiple_of(POLL_TERMS) {
            ctx.check()?;
            ctx.report(POLL_TERMS);
        }
        f(t)
    };
    each_term_quietly(e, count, &ctx.with_progress(&silent), f)?;
    ctx.report(handed % POLL_TERMS);
    Ok(())
}

/// The progress callback of the engines behind the terms: their units are not terms.
fn silent(_: u64) {}

/// [`each_term`] without its progress reports (`count` > 0, checked).
fn each_term_quietly(
    e: &Entry,
    count: u64,
    ctx: &Context,
    f: &mut dyn FnMut(Term<'_>) -> Result<()>,
) -> Result<()> {
    let last = e.offset + (count - 1); // ≤ 2^64 − 1: the limits keep it there
    match e.source {
        Source::Pairs { a, upper } => try_each_pair(a, e.offset, last, &mut |x, y| {
            f(Term::Small(if upper { y } else { x }))
        }),
        Source::PairsInterleaved => {
            let mut left = count;
            try_each_pair(1, 1, count.div_ceil(2), &mut |x, y| {
                f(Term::Small(x))?;
                left -= 1;
                if left > 0 {
                    f(Term::Small(y))?;
                    left -= 1;
                }
                Ok(())
            })
        }
        Source::FibonacciWord => {
            // a(n) = 2 − (A_{n+2} − A_{n+1}), n = 0..count − 1
            let mut prev = None;
            try_each_pair(1, 1, count + 1, &mut |x, _| {
                if let Some(p) = prev {
                    f(Term::Small(2 - (x - p)))?;
                }
                prev = Some(x);
                Ok(())
            })
        }
        Source::GrundyRow(r) => {
            let p = rows::certified_rows(r as u64 + 1, ctx)?;
            let mut y = Integer::new();
            for i in 0..count {
                y.assign(i);
                let v = p.value(r, &y);
                match v.to_u128() {
                    Some(v) => f(Term::Small(v))?,
                    None => f(Term::Big(&v))?,
                }
            }
            Ok(())
        }
        Source::Partner => partner_mean::partners(count, &mut |v| f(Term::Small(v))),
        Source::PartnerMean => partner_mean::means(count, &mut |v| f(Term::Small(v))),
        Source::PartnerMeanPlateaus => {
            partner_mean::plateau_ends(count, &mut |v| f(Term::Small(v)))
        }
        Source::GrundyRowInverse(r) => {
            row_inverse::row_inverse(r, count, ctx, &mut |v| f(Term::Small(v)))
        }
        Source::WythoffArrayInverse => (0..count).try_for_each(|m| {
            f(Term::Small(if m == 0 {
                0
            } else {
                wythoff_array::position(m)
            }))
        }),
        Source::WythoffArrayRow { first } => (1..=last).try_for_each(|m| {
            f(Term::Small(u128::from(
                wythoff_array::cell(m).0 - 1 + first,
            )))
        }),
        Source::WythoffArrayColumn => {
            (1..=last).try_for_each(|m| f(Term::Small(u128::from(wythoff_array::cell(m).1))))
        }
        Source::WythoffArray { transposed } => {
            wythoff_array::antidiagonals(count, transposed, &mut |v| f(Term::Big(v)))
        }
        Source::WythoffDifferences => wythoff_array::differences(count, &mut |v| f(Term::Big(v))),
        Source::WythoffArrayDiagonal => wythoff_array::diagonal(count, &mut |v| f(Term::Big(v))),
        Source::GrundyAntidiagonals | Source::GrundyTriangle => {
            let triangle = e.source == Source::GrundyTriangle;
            grundy_table::each_antidiagonal_term(count, triangle, ctx, &mut |v| f(Term::Small(v)))
        }
        Source::ThreeAntidiagonals => {
            crate::three_pile::a018219(super::antidiagonals_for(count), ctx)?
                .into_iter()
                .take(count as usize)
                .try_for_each(|t| f(Term::Small(u128::from(t))))
        }
        Source::LineGame(rules) => {
            line_games::each_antidiagonal_term(rules, count, ctx, &mut |v| f(Term::Small(v)))
        }
        Source::LinePairs(rules) => {
            line_games::each_row_partner(rules, count, &mut |v| f(Term::Small(u128::from(v))))
        }
        _ => held_terms(e, count, ctx)?
            .into_iter()
            .try_for_each(|v| f(Term::Small(v))),
    }
}

/// Lines `n a(n)` from an offset, gathered into blocks of about 1 MiB.
struct Lines<'a> {
    buf: String,
    next: Option<u64>,
    out: &'a mut dyn Write,
}

impl<'a> Lines<'a> {
    const BLOCK: usize = 1 << 20;

    fn new(offset: u64, out: &'a mut dyn Write) -> Lines<'a> {
        Lines {
            buf: String::with_capacity(Self::BLOCK + 128),
            next: Some(offset),
            out,
        }
    }

    /// Appends the next line; an index past 2^64 − 1 is an error.
    fn push(&mut self, t: Term<'_>) -> Result<()> {
        use std::fmt::Write as _;
        let i = self
            .next
            .ok_or_else(|| Error::domain("a b-file index past 2^64 - 1"))?;
        // writing into a String cannot fail
        let _ = match t {
            Term::Small(v) => match u64::try_from(v) {
                Ok(v) => writeln!(self.buf, "{i} {v}"),
                Err(_) => writeln!(self.buf, "{i} {v}"),
            },
            Term::Big(v) => writeln!(self.buf, "{i} {v}"),
        };
        self.next = i.checked_add(1);
        if self.buf.len() >= Self::BLOCK {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        let r = self
            .out
            .write_all(self.buf.as_bytes())
            .map_err(Error::Write);
        self.buf.clear();
        r
    }
}

/// Writes the b-file of an entry: `count` lines `n a(n)` from the offset, streamed
/// ([`each_term`] with `ctx`: the terms reported as progress, stopped by its flag with
/// [`Error::Cancelled`]; a count past the limit is refused before anything is written).
pub fn write_bfile(e: &Entry, count: u64, out: &mut dyn Write, ctx: &Context) -> Result<()> {
    let mut lines = Lines::new(e.offset, out);
    each_term(e, count, ctx, &mut |t| lines.push(t))?;
    lines.flush()
}

/// Writes terms as a b-file: `n a(n)` per line from `offset`, as they come (in blocks of about
/// 1 MiB, so that any number of terms streams in constant memory).  An index past 2^64 − 1 is
/// an error.
pub fn write_offset_iter(
    offset: u64,
    terms: impl Iterator<Item = u128>,
    out: &mut dyn Write,
) -> Result<()> {
    let mut lines = Lines::new(offset, out);
    for v in terms {
        lines.push(Term::Small(v))?;
    }
    lines.flush()
}
