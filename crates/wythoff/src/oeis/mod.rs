//! The catalogue of OEIS sequences this program writes, with their offsets and conventions, and
//! the b-file writer (`n a(n)` per line from the entry's own offset, nothing else).
//!
//! Each entry ([`CATALOGUE`], in `catalogue.rs`) says how its terms are computed — always by the
//! library's engines: the bulk pairs generator, the Grundy table, certified rows, or the
//! three-pile box — and is tested against the data lines (%S/%T/%U) of its OEIS entry
//! (`data/oeis`). The families built on them have their own modules: the inverse Grundy rows
//! ([`row_inverse`]), the Wythoff array and its relatives ([`wythoff_array`]), the running mean of
//! the partner sequence ([`partner_mean`]) and the three-pile rows ([`three_pile_rows`]). The
//! Grundy entries can also be read from a table file ([`table_terms`]) and the row entries from a
//! row certificate ([`certificate`]).  [`each_term`] hands the terms out one at a time, streaming
//! them from the engines that stream (module `bfile`), and [`write_bfile`] writes them as they
//! come; [`terms`] collects them.  Each entry's limit ([`Entry::max_terms`]) has its reason
//! ([`Entry::limit_reason`]); a count past it is refused naming both.  Cost: per entry, in its
//! module.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::Rules;
use crate::grundy::{Spec, Table, rows};
use crate::pairs::bulk::{PairSink, Pairs, Plan};

mod bfile;
mod catalogue;
pub mod certificate;
pub mod grundy_table;
pub mod line_games;
pub mod partner_mean;
pub mod row_inverse;
pub mod three_pile_rows;
pub mod wythoff_array;

pub use bfile::{Term, each_term, write_bfile, write_offset_iter};
pub use catalogue::CATALOGUE;

/// How an entry's terms are produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// A_n (lower) or B_n (upper) of generalized Wythoff with parameter a.
    Pairs { a: u64, upper: bool },
    /// The Wythoff partner of n (A002251).
    Partner,
    /// The Fibonacci word 2 − (A_{n+2} − A_{n+1}) (A003849).
    FibonacciWord,
    /// Grundy table read by antidiagonals T(i, s−i) (A004481).
    GrundyAntidiagonals,
    /// Row r of the Grundy table.
    GrundyRow(usize),
    /// Preperiod of row n of the Grundy table (A046874).
    RowPreperiods,
    /// Additive period of row n of the Grundy table (A046875).
    RowPeriods,
    /// G(n, n) (A047708).
    GrundyDiagonal,
    /// Position of n in A047708 (A048850).
    GrundyDiagonalInverse,
    /// Triangle T(n, k) = G(n, k), 0 ≤ k ≤ n, by rows (A317205).
    GrundyTriangle,
    /// Three-pile T(a, b) by antidiagonals (A018219).
    ThreeAntidiagonals,
    /// Three-pile T(n, n) (A051261).
    ThreeDiagonal,
    /// A_1, B_1, A_2, B_2, … of Wythoff's game (A072061).
    PairsInterleaved,
    /// The inverse permutation of row r of the Grundy table (A064206–A064211).
    GrundyRowInverse(usize),
    /// The Wythoff array by antidiagonals, rows first (A035513) or columns first (A083412).
    WythoffArray {
        /// Column k = 1, 2, … first within an antidiagonal instead of row n.
        transposed: bool,
    },
    /// The position of n in A035513, a(0) = 0 (A064274).
    WythoffArrayInverse,
    /// The row of the Wythoff array containing n, rows numbered from `first` (A003603, A019586).
    WythoffArrayRow {
        /// The number of the first row.
        first: u64,
    },
    /// The column of the Wythoff array containing n, from 1 (A035612).
    WythoffArrayColumn,
    /// The Wythoff difference array by antidiagonals (A080164).
    WythoffDifferences,
    /// W(n, n) (A020941).
    WythoffArrayDiagonal,
    /// The running mean of A002251 (A073869).
    PartnerMean,
    /// The ends of the plateaus of A073869 (A090909).
    PartnerMeanPlateaus,
    /// Row r of A018219: T(r, n) (A018220–A018222).
    ThreeRow(u64),
    /// The m with T(m, m) = n (A077226).
    ThreeDiagonalInverse,
    /// A two-pile line game's Grundy table by antidiagonals T(s − i, i) (A307296–A307302),
    /// given by its rules ([`crate::lines::LineRules`]).
    LineGame(&'static str),
    /// The P-position (n, a(n)) of row n of a two-pile line game with the Nim moves, given by its
    /// rules (A307281, Maharaja Nim), row by row ([`crate::lines::ppos`]).
    LinePairs(&'static str),
}

impl Source {
    /// How the terms are computed, in a few words (`oeis --list`).
    fn computed_by(&self) -> String {
        match *self {
            Source::Pairs { a, upper } => {
                format!("pairs a = {a}, {}", if upper { "B_n" } else { "A_n" })
            }
            Source::Partner => "pairs a = 1, A_n and B_n merged".into(),
            Source::FibonacciWord => "pairs a = 1, carries".into(),
            Source::GrundyAntidiagonals
            | Source::GrundyDiagonal
            | Source::GrundyDiagonalInverse
            | Source::GrundyTriangle => "Grundy table".into(),
            Source::GrundyRow(_) => "certified rows".into(),
            Source::RowPreperiods | Source::RowPeriods => "certified rows".into(),
            Source::ThreeAntidiagonals | Source::ThreeDiagonal => "three-pile box".into(),
            Source::PairsInterleaved => "pairs a = 1, A_n and B_n".into(),
            Source::GrundyRowInverse(r) => {
                format!("certified row {r}, inverted over y <= n + {}", 2 * r)
            }
            Source::WythoffArray { .. }
            | Source::WythoffArrayDiagonal
            | Source::WythoffDifferences => "Wythoff array from pairs a = 1".into(),
            Source::WythoffArrayInverse
            | Source::WythoffArrayRow { .. }
            | Source::WythoffArrayColumn => "Wythoff array cell of n, by Zeckendorf".into(),
            Source::PartnerMean => "A002251, exact running sums".into(),
            Source::PartnerMeanPlateaus => "A073869 from its definition".into(),
            Source::ThreeRow(r) => format!("three-pile box, T({r}, n) <= {} + 2n", 4 * r),
            Source::ThreeDiagonalInverse => "three-pile box, values found".into(),
            Source::LineGame(r) => format!("line-game table, rules {r}"),
            Source::LinePairs(r) => format!("line-game P-positions row by row, rules {r}"),
        }
    }
}

/// One catalogued sequence.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The A-number.
    pub anum: &'static str,
    /// OEIS offset: the index of the first term.
    pub offset: u64,
    /// Title.
    pub title: &'static str,
    /// Terms written by default.
    pub default_terms: u64,
    /// Most terms the engine computes ([`each_term`]; why: [`Entry::limit_reason`]).
    pub max_terms: u64,
    source: Source,
}

impl Entry {
    /// How the entry's terms are computed, in a few words (the engine and, where it matters, the
    /// bound that proves them), as `oeis --list` shows it.
    pub fn computed_by(&self) -> String {
        self.source.computed_by()
    }

    /// Why the engine stops at [`Entry::max_terms`], in one phrase (`oeis --list` and the
    /// refusal of a larger `--terms`).
    pub fn limit_reason(&self) -> &'static str {
        self.source.limit_reason()
    }

    /// For a row of Wythoff's Grundy table (A004482–A004487): the row's preperiod y₀ and additive
    /// period p, G(x, y + p) = G(x, y) + p for y ≥ y₀, *proved* by the certified sweep of
    /// [`rows::certified_rows`] (a repeated engine state; milliseconds for these rows).
    /// `None` for every other entry.
    pub fn proven_period(&self) -> Result<Option<(u64, u64)>> {
        let Source::GrundyRow(r) = self.source else {
            return Ok(None);
        };
        let p = rows::certified_rows(r as u64 + 1, &Context::serial())?;
        Ok(p.rows.get(r).copied())
    }
}

/// The catalogue entry of an A-number (case-insensitive, leading zeros optional).
pub fn entry(anum: &str) -> Result<&'static Entry> {
    let t = anum.trim().to_ascii_uppercase();
    let digits = t.strip_prefix('A').unwrap_or(&t);
    let want = format!("A{:0>6}", digits);
    CATALOGUE.iter().find(|e| e.anum == want).ok_or_else(|| {
        Error::usage(format!(
            "{anum} is not in the catalogue (accepted: {})",
            CATALOGUE
                .iter()
                .map(|e| e.anum)
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

/// Side of a square holding the first `k` antidiagonal terms (i + j ≤ d with (d+1)(d+2)/2 ≥ k).
fn antidiagonals_for(k: u64) -> u64 {
    let mut d = 0;
    while (d + 1) * (d + 2) / 2 < k {
        d += 1;
    }
    d
}

/// Refuses a count of terms past the entry's limit (a usage error naming the limit and its
/// reason); every call that computes terms makes this check first.
pub fn check_count(e: &Entry, count: u64) -> Result<()> {
    if count > e.max_terms {
        return Err(Error::usage(format!(
            "{} gives at most {} terms (asked for {count}): {}",
            e.anum,
            e.max_terms,
            e.limit_reason()
        )));
    }
    Ok(())
}

/// The first `count` terms of an entry (a(offset), a(offset+1), …), held in memory (16 bytes
/// each); a value past 2^128 (the Wythoff array entries far out) is an error — [`write_bfile`]
/// streams any count up to the limit.  `ctx` as in [`each_term`].
pub fn terms(e: &Entry, count: u64, ctx: &Context) -> Result<Vec<u128>> {
    check_count(e, count)?;
    let mut v = Vec::with_capacity(usize::try_from(count).unwrap_or(usize::MAX).min(1 << 24));
    each_term(e, count, ctx, &mut |t| {
        v.push(match t {
            Term::Small(x) => x,
            Term::Big(x) => x.to_u128().ok_or_else(|| {
                Error::domain(format!(
                    "{}: a value past 2^128 - 1 (write the b-file to have it in full)",
                    e.anum
                ))
            })?,
        });
        Ok(())
    })?;
    Ok(v)
}

/// The first `count` terms of an entry not streamed by [`each_term`], computed in memory.
fn held_terms(e: &Entry, count: u64, ctx: &Context) -> Result<Vec<u128>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    Ok(match e.source {
        Source::ThreeRow(r) => three_pile_rows::row(r, count, ctx)?
            .into_iter()
            .map(u128::from)
            .collect(),
        Source::ThreeDiagonalInverse => three_pile_rows::diagonal_inverse(count, ctx)?
            .into_iter()
            .map(u128::from)
            .collect(),
        Source::LineGame(r) => line_games::antidiagonal_terms(r, count, ctx)?,
        Source::GrundyAntidiagonals | Source::GrundyTriangle => {
            if count > grundy_table::HELD_MAX {
                return Err(Error::domain(format!(
                    "{count} terms held in memory pass 12 GiB; the b-file (oeis {} -o FILE) \
                     streams them",
                    e.anum
                )));
            }
            let mut v = Vec::with_capacity(count as usize);
            let triangle = e.source == Source::GrundyTriangle;
            grundy_table::each_antidiagonal_term(count, triangle, ctx, &mut |g| {
                v.push(g);
                Ok(())
            })?;
            v
        }
        Source::RowPreperiods | Source::RowPeriods => rows::certified_rows(count, ctx)?
            .rows
            .into_iter()
            .map(|(y0, p)| {
                u128::from(if e.source == Source::RowPeriods {
                    p
                } else {
                    y0
                })
            })
            .collect(),
        Source::GrundyDiagonal => {
            let t = Table::compute(Spec::new(1, count)?, ctx)?;
            (0..count as usize).map(|n| t.get(n, n) as u128).collect()
        }
        Source::GrundyDiagonalInverse => {
            // n/2 ≤ G(n, n) ≤ 2n: value v sits at a position ≤ 2v.
            let side = 2 * count + 2;
            let t = Table::compute(Spec::new(1, side)?, ctx)?;
            let mut pos = vec![u128::MAX; count as usize];
            for n in 0..side as usize {
                let g = t.get(n, n) as usize;
                if g < pos.len() {
                    pos[g] = n as u128;
                }
            }
            if pos.contains(&u128::MAX) {
                return Err(Error::internal("A048850: a value was not found within 2n"));
            }
            pos
        }
        Source::ThreeAntidiagonals => {
            let d = antidiagonals_for(count);
            let held = count.saturating_mul(16);
            if three_pile_rows::table_bytes(d)
                .is_none_or(|b| b.saturating_add(held) > crate::three_pile::MAX_BYTES)
            {
                return Err(Error::domain(format!(
                    "{count} terms held in memory beside their box pass 12 GiB; the b-file \
                     (oeis {} -o FILE) streams them",
                    e.anum
                )));
            }
            let v = crate::three_pile::a018219(d, ctx)?;
            v.into_iter().take(count as usize).map(u128::from).collect()
        }
        Source::ThreeDiagonal => crate::three_pile::a051261(count - 1, ctx)?
            .into_iter()
            .map(u128::from)
            .collect(),
        _ => return Err(Error::internal("a streamed entry asked for held terms")),
    })
}

/// The pairs (A_n, B_n) of parameter a (normal play) for n = first..=last, in order, from the
/// bulk generator ([`crate::pairs::bulk`], exact at every index), each handed to `f`.
pub(crate) fn each_pair(
    a: u64,
    first: u64,
    last: u64,
    f: &mut dyn FnMut(u128, u128),
) -> Result<()> {
    try_each_pair(a, first, last, &mut |x, y| {
        f(x, y);
        Ok(())
    })
}

/// [`each_pair`] with a fallible `f`: its first error ends the stream (within the chunk of
/// 2^20 pairs under way, whose remaining pairs `f` no longer sees) and is returned.
pub(crate) fn try_each_pair(
    a: u64,
    first: u64,
    last: u64,
    f: &mut dyn FnMut(u128, u128) -> Result<()>,
) -> Result<()> {
    /// Feeds each pair of the stream to the closure until it fails.
    struct Each<'a> {
        f: &'a mut dyn FnMut(u128, u128) -> Result<()>,
        failed: Option<Error>,
    }
    impl PairSink for Each<'_> {
        fn pair(&mut self, a: u128, b: u128) {
            if self.failed.is_none()
                && let Err(e) = (self.f)(a, b)
            {
                self.failed = Some(e);
            }
        }
    }
    let rules = Rules::new(a, false)?;
    let mut sink = Pairs::new(a, Each { f, failed: None });
    // plans of 2^30 indices, so that the chunk list stays small for any range
    let mut lo = first;
    loop {
        let hi = last.min(lo.saturating_add((1 << 30) - 1));
        let plan = Plan::new(rules, lo, hi)?;
        for ch in plan.chunks(1 << 20) {
            plan.run(ch, &mut sink)?;
            if let Some(e) = sink.inner.failed.take() {
                return Err(e);
            }
        }
        if hi == last {
            return Ok(());
        }
        lo = hi + 1;
    }
}

/// Whether a Grundy table file gives the entry's terms ([`table_terms`]).
pub fn accepts_table(e: &Entry) -> bool {
    table_a(e).is_some() || matches!(e.source, Source::LineGame(_))
}

/// The a of the Grundy table an entry reads, or `None` for an entry not read from a table.
fn table_a(e: &Entry) -> Option<u64> {
    match e.source {
        Source::GrundyAntidiagonals
        | Source::GrundyRow(_)
        | Source::GrundyDiagonal
        | Source::GrundyDiagonalInverse
        | Source::GrundyTriangle => Some(1),
        _ => None,
    }
}

/// Why a table file cannot give an entry's terms.
fn table_refusal(e: &Entry, why: String) -> Error {
    Error::usage(format!("{}: {why}", e.anum))
}

/// The most terms of entry `e` a table of side N proves, with `diagonal` its G(n, n):
/// A047708 N terms (n < N); A048850 the terms up to the least k missing from the diagonal
/// ([`crate::verify::table::inverse_terms`]: each k found is at its one position; every k with
/// 2k < N is found, since k occurs at n ≤ 2k); the antidiagonal and triangle entries the
/// N(N+1)/2 cells of the antidiagonals i + j < N (capped by the entry's limit); a row, N terms.
pub fn table_capacity(e: &Entry, n: u64, diagonal: &[u32]) -> Result<u64> {
    Ok(match e.source {
        Source::GrundyDiagonal => n,
        Source::GrundyDiagonalInverse => crate::verify::table::inverse_terms(diagonal),
        Source::GrundyAntidiagonals | Source::GrundyTriangle => n
            .checked_mul(n + 1)
            .map_or(u64::MAX, |c| c / 2)
            .min(e.max_terms)
            .min(grundy_table::HELD_MAX),
        Source::GrundyRow(r) if (r as u64) < n => n,
        Source::GrundyRow(r) => {
            return Err(table_refusal(
                e,
                format!("row {r} is outside a table of side N = {n}"),
            ));
        }
        _ => {
            return Err(table_refusal(e, "is not read from a Grundy table".into()));
        }
    })
}

/// The first `count` terms of a Grundy-table entry read from the table file at `path` (its
/// header and payload checksum verified; its a must be the entry's; `None`: as many terms as
/// the table proves, [`table_capacity`]).  A table too small for `count` terms is refused,
/// naming the side it would need.
pub fn table_terms(e: &Entry, count: Option<u64>, path: &std::path::Path) -> Result<Vec<u128>> {
    if let Source::LineGame(rules) = e.source {
        return line_games::table_terms(e, rules, count, path);
    }
    let Some(a) = table_a(e) else {
        return Err(table_refusal(e, "is not read from a Grundy table".into()));
    };
    let t = crate::grundy::TableFile::open_verified(path)?;
    let (ta, n) = (t.header.a, t.header.n);
    if ta != a {
        return Err(table_refusal(
            e,
            format!(
                "needs a table of a = {a}; '{}' is of a = {ta}",
                path.display()
            ),
        ));
    }
    let get = |x: u64, y: u64| t.get(x, y).map(u128::from);
    let diagonal: Vec<u32> = (0..n).filter_map(|i| t.get(i, i)).collect();
    let cap = table_capacity(e, n, &diagonal)?;
    let count = count.unwrap_or(cap);
    if count > cap {
        let need = match e.source {
            Source::GrundyDiagonal => format!("a table of side N >= {count}"),
            Source::GrundyDiagonalInverse => format!(
                "k = {} to be found on the diagonal (certain for a side N > 2k = {})",
                cap,
                2 * cap
            ),
            Source::GrundyAntidiagonals | Source::GrundyTriangle
                if count > grundy_table::HELD_MAX =>
            {
                format!(
                    "more than the {} terms read from a table held in memory (16 bytes each, \
                     12 GiB)",
                    grundy_table::HELD_MAX
                )
            }
            Source::GrundyAntidiagonals | Source::GrundyTriangle if count <= e.max_terms => {
                format!("a table of side N >= {}", antidiagonals_for(count) + 1)
            }
            _ => format!("at most {cap} terms"),
        };
        return Err(table_refusal(
            e,
            format!(
                "{count} terms need {need}; '{}' (N = {n}) proves {cap}",
                path.display()
            ),
        ));
    }
    let k = count as usize; // ≤ the capacity, which fits memory-sized tables
    Ok(match e.source {
        Source::GrundyDiagonal => diagonal[..k].iter().map(|&g| g as u128).collect(),
        Source::GrundyDiagonalInverse => {
            let mut pos = vec![0u128; k];
            for (i, &g) in diagonal.iter().enumerate() {
                if let Some(p) = pos.get_mut(g as usize) {
                    *p = i as u128;
                }
            }
            pos
        }
        Source::GrundyAntidiagonals | Source::GrundyTriangle => {
            antidiagonals(&t, k, e.source == Source::GrundyTriangle)?
        }
        Source::GrundyRow(r) => (0..count)
            .map(|y| get(r as u64, y).ok_or_else(|| Error::internal("cell outside the table")))
            .collect::<Result<_>>()?,
        _ => return Err(Error::internal("not a table entry")),
    })
}

/// The first `k` cells of a table by antidiagonals s = i + j = 0, 1, …: T(i, s − i) for
/// i = 0..=s (or, for the triangle, T(s, i)); `k` at most N(N+1)/2.
fn antidiagonals(t: &crate::grundy::TableFile, k: usize, triangle: bool) -> Result<Vec<u128>> {
    let mut v = Vec::with_capacity(k);
    'outer: for s in 0..t.header.n {
        for i in 0..=s {
            if v.len() == k {
                break 'outer;
            }
            let cell = if triangle {
                t.get(s, i)
            } else {
                t.get(i, s - i)
            };
            v.push(u128::from(
                cell.ok_or_else(|| Error::internal("cell outside the table"))?,
            ));
        }
    }
    if v.len() < k {
        return Err(Error::internal("fewer cells than asked"));
    }
    Ok(v)
}

/// The table file at `path` (header and checksum verified), whatever its a, read by
/// antidiagonals T(i, s − i), s = 0, 1, …, i = 0..=s, offset 0: `count` terms (default: the
/// N(N+1)/2 cells of the antidiagonals s < N, capped at 5·10^7); more than that is refused.
/// For a = 2 no OEIS entry was found (doc/oeis.md); the b-file is written under its own name.
pub fn table_antidiagonals(count: Option<u64>, path: &std::path::Path) -> Result<Vec<u128>> {
    const CAP: u64 = 50_000_000;
    let t = crate::grundy::TableFile::open_verified(path)?;
    let n = t.header.n;
    let cap = n.checked_mul(n + 1).map_or(u64::MAX, |c| c / 2).min(CAP);
    let count = count.unwrap_or(cap);
    if count > cap {
        return Err(Error::usage(format!(
            "{count} terms by antidiagonals need more than '{}' (N = {n}) holds: at most {cap}",
            path.display()
        )));
    }
    antidiagonals(&t, count as usize, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup() {
        assert_eq!(entry("a201").unwrap().anum, "A000201");
        assert_eq!(entry("A000201").unwrap().offset, 1);
        assert_eq!(entry("A999999").unwrap_err().exit_code(), 2);
        let e = entry("A051261").unwrap();
        assert!(terms(e, e.max_terms + 1, &Context::serial()).is_err());
    }
}
