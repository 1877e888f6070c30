//! The catalogue of OEIS sequences this program writes, with their offsets and conventions, and
//! the b-file writer (`n a(n)` per line from the entry's own offset, nothing else).
//!
//! Each entry says how its terms are computed — always by the library's engines: the bulk pairs
//! generator, the Grundy table, certified rows, or the three-pile box — and is tested against the
//! data lines (%S/%T/%U) of its OEIS entry (`data/oeis`). The Grundy entries can also be read from
//! a table file ([`table_terms`]) and the row entries from a row certificate ([`certificate`]).

use crate::error::{Error, Result};
use crate::game::Rules;
use crate::grundy::{Spec, Table, rows};
use crate::pairs::bulk::{Plan, VecSink};
use crate::pairs::{Solver, Strategy};
use rug::Integer;
use std::io::Write;

pub mod certificate;

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
    /// Most terms the engine computes ([`terms`]; a row certificate gives a row any number,
    /// [`certificate::certificate_terms`]).
    pub max_terms: u64,
    source: Source,
}

impl Entry {
    /// For a row of Wythoff's Grundy table (A004482–A004487): the row's preperiod y₀ and additive
    /// period p, G(x, y + p) = G(x, y) + p for y ≥ y₀, *proved* by the certified sweep of
    /// [`rows::certified_rows`] (a repeated engine state; milliseconds for these rows).
    /// `None` for every other entry.
    pub fn proven_period(&self) -> Result<Option<(u64, u64)>> {
        let Source::GrundyRow(r) = self.source else {
            return Ok(None);
        };
        let p = rows::certified_rows(r as u64 + 1)?;
        Ok(p.rows.get(r).copied())
    }
}

const BIG: u64 = 100_000_000;

/// The catalogue.
pub const CATALOGUE: &[Entry] = &[
    Entry {
        anum: "A000201",
        offset: 1,
        title: "Lower Wythoff sequence: floor(n*phi)",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::Pairs { a: 1, upper: false },
    },
    Entry {
        anum: "A001950",
        offset: 1,
        title: "Upper Wythoff sequence: floor(n*phi^2)",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::Pairs { a: 1, upper: true },
    },
    Entry {
        anum: "A066096",
        offset: 0,
        title: "floor(n*phi) from n = 0",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::Pairs { a: 1, upper: false },
    },
    Entry {
        anum: "A001951",
        offset: 0,
        title: "floor(n*sqrt(2)) (lower, a = 2)",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::Pairs { a: 2, upper: false },
    },
    Entry {
        anum: "A001952",
        offset: 1,
        title: "floor(n*(2+sqrt(2))) (upper, a = 2)",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::Pairs { a: 2, upper: true },
    },
    Entry {
        anum: "A184480",
        offset: 1,
        title: "floor(n*(-1+sqrt(13))/2) (lower, a = 3)",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::Pairs { a: 3, upper: false },
    },
    Entry {
        anum: "A001956",
        offset: 1,
        title: "floor(n*(5+sqrt(13))/2) (upper, a = 3)",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::Pairs { a: 3, upper: true },
    },
    Entry {
        anum: "A002251",
        offset: 0,
        title: "Wythoff partner: swap lower and upper Wythoff numbers",
        default_terms: 10_000,
        max_terms: 10_000_000,
        source: Source::Partner,
    },
    Entry {
        anum: "A003849",
        offset: 0,
        title: "The infinite Fibonacci word",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::FibonacciWord,
    },
    Entry {
        anum: "A004481",
        offset: 0,
        title: "Sprague-Grundy table of Wythoff's game by antidiagonals",
        default_terms: 10_000,
        max_terms: 50_000_000,
        source: Source::GrundyAntidiagonals,
    },
    Entry {
        anum: "A004482",
        offset: 0,
        title: "Sprague-Grundy row 1 (tersum n + 1)",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::GrundyRow(1),
    },
    Entry {
        anum: "A004483",
        offset: 0,
        title: "Sprague-Grundy row 2 (tersum n + 2)",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::GrundyRow(2),
    },
    Entry {
        anum: "A004484",
        offset: 0,
        title: "Sprague-Grundy row 3",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::GrundyRow(3),
    },
    Entry {
        anum: "A004485",
        offset: 0,
        title: "Sprague-Grundy row 4",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::GrundyRow(4),
    },
    Entry {
        anum: "A004486",
        offset: 0,
        title: "Sprague-Grundy row 5",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::GrundyRow(5),
    },
    Entry {
        anum: "A004487",
        offset: 0,
        title: "Sprague-Grundy row 6",
        default_terms: 10_000,
        max_terms: BIG,
        source: Source::GrundyRow(6),
    },
    Entry {
        anum: "A046874",
        offset: 0,
        title: "Preperiods of the rows of the Sprague-Grundy table",
        default_terms: 64,
        max_terms: 128,
        source: Source::RowPreperiods,
    },
    Entry {
        anum: "A046875",
        offset: 0,
        title: "Additive periods of the rows of the Sprague-Grundy table",
        default_terms: 64,
        max_terms: 128,
        source: Source::RowPeriods,
    },
    Entry {
        anum: "A047708",
        offset: 0,
        title: "Diagonal G(n, n) of the Sprague-Grundy table",
        default_terms: 10_000,
        max_terms: 100_000,
        source: Source::GrundyDiagonal,
    },
    Entry {
        anum: "A048850",
        offset: 0,
        title: "Position of n in A047708",
        default_terms: 10_000,
        max_terms: 40_000,
        source: Source::GrundyDiagonalInverse,
    },
    Entry {
        anum: "A317205",
        offset: 0,
        title: "Sprague-Grundy triangle G(n, k), 0 <= k <= n, by rows",
        default_terms: 10_000,
        max_terms: 50_000_000,
        source: Source::GrundyTriangle,
    },
    Entry {
        anum: "A018219",
        offset: 0,
        title: "Three-pile Wythoff: T(a,b) with (a,b,T) a P-position, by antidiagonals",
        default_terms: 10_000,
        max_terms: 500_000,
        source: Source::ThreeAntidiagonals,
    },
    Entry {
        anum: "A051261",
        offset: 0,
        title: "Three-pile Wythoff: (n, n, a(n)) is a P-position",
        default_terms: 2_000,
        max_terms: 4_000,
        source: Source::ThreeDiagonal,
    },
];

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

/// The first `count` terms of an entry (a(offset), a(offset+1), …).
pub fn terms(e: &Entry, count: u64) -> Result<Vec<u128>> {
    if count > e.max_terms {
        return Err(Error::usage(format!(
            "{}: at most {} terms (asked for {count})",
            e.anum, e.max_terms
        )));
    }
    if count == 0 {
        return Ok(Vec::new());
    }
    let last = e.offset + count - 1;
    Ok(match e.source {
        Source::Pairs { a, upper } => {
            let plan = Plan::new(Rules::new(a, false)?, e.offset, last)?;
            let mut sink = VecSink::new(a);
            for ch in plan.chunks(1 << 20) {
                plan.run(ch, &mut sink)?;
            }
            sink.pairs
                .into_iter()
                .map(|(_, x, y)| if upper { y } else { x })
                .collect()
        }
        Source::Partner => {
            let s = Solver::new(Rules::wythoff(), Strategy::Algebraic);
            (0..count)
                .map(|n| Ok(s.partner(&Integer::from(n))?.to_u128().unwrap()))
                .collect::<Result<_>>()?
        }
        Source::FibonacciWord => {
            let plan = Plan::new(Rules::wythoff(), 1, count + 1)?;
            let mut sink = VecSink::new(1);
            for ch in plan.chunks(1 << 20) {
                plan.run(ch, &mut sink)?;
            }
            sink.pairs
                .windows(2)
                .map(|w| 2 - (w[1].1 - w[0].1))
                .collect()
        }
        Source::GrundyAntidiagonals | Source::GrundyTriangle => {
            let d = antidiagonals_for(count);
            let t = Table::compute(Spec::new(1, d + 1)?, 2, &|_| {})?;
            let mut v = Vec::with_capacity(count as usize);
            'outer: for s in 0..=d as usize {
                for i in 0..=s {
                    if v.len() as u64 == count {
                        break 'outer;
                    }
                    v.push(if e.source == Source::GrundyTriangle {
                        t.get(s, i) as u128
                    } else {
                        t.get(i, s - i) as u128
                    });
                }
            }
            v
        }
        Source::GrundyRow(r) => {
            let p = rows::certified_rows(r as u64 + 1)?;
            (0..count)
                .map(|y| p.value(r, &Integer::from(y)).to_u128().unwrap())
                .collect()
        }
        Source::RowPreperiods | Source::RowPeriods => rows::certified_rows(count)?
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
            let t = Table::compute(Spec::new(1, count)?, 2, &|_| {})?;
            (0..count as usize).map(|n| t.get(n, n) as u128).collect()
        }
        Source::GrundyDiagonalInverse => {
            // n/2 ≤ G(n, n) ≤ 2n: value v sits at a position ≤ 2v.
            let side = 2 * count + 2;
            let t = Table::compute(Spec::new(1, side)?, 2, &|_| {})?;
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
            let v = crate::three_pile::a018219(antidiagonals_for(count))?;
            v.into_iter().take(count as usize).map(u128::from).collect()
        }
        Source::ThreeDiagonal => crate::three_pile::a051261(count - 1)?
            .into_iter()
            .map(u128::from)
            .collect(),
    })
}

/// Whether a Grundy table file gives the entry's terms ([`table_terms`]).
pub fn accepts_table(e: &Entry) -> bool {
    table_a(e).is_some()
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
            .min(e.max_terms),
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

/// Writes terms as a b-file: `n a(n)` per line from the entry's offset.
pub fn write_terms(e: &Entry, t: &[u128], out: &mut dyn Write) -> Result<()> {
    write_offset_terms(e.offset, t, out)
}

/// Writes terms as a b-file: `n a(n)` per line from `offset`.
pub fn write_offset_terms(offset: u64, t: &[u128], out: &mut dyn Write) -> Result<()> {
    write_offset_iter(offset, t.iter().copied(), out)
}

/// Writes terms as a b-file: `n a(n)` per line from `offset`, as they come (in blocks of about
/// 1 MiB, so that any number of terms streams in constant memory).  An index past 2^64 − 1 is
/// an error.
pub fn write_offset_iter(
    offset: u64,
    terms: impl Iterator<Item = u128>,
    out: &mut dyn Write,
) -> Result<()> {
    use std::fmt::Write as _;
    const BLOCK: usize = 1 << 20;
    let mut buf = String::with_capacity(BLOCK + 128);
    let flush = |buf: &mut String, out: &mut dyn Write| {
        let r = out
            .write_all(buf.as_bytes())
            .map_err(|e| Error::Io(format!("write failed: {e}")));
        buf.clear();
        r
    };
    let mut n = Some(offset);
    for v in terms {
        let i = n.ok_or_else(|| Error::domain("a b-file index past 2^64 - 1"))?;
        // writing into a String cannot fail
        let _ = writeln!(buf, "{i} {v}");
        n = i.checked_add(1);
        if buf.len() >= BLOCK {
            flush(&mut buf, out)?;
        }
    }
    flush(&mut buf, out)
}

/// Writes the b-file of an entry: `n a(n)` per line, from the offset, ending with a newline.
pub fn write_bfile(e: &Entry, count: u64, out: &mut dyn Write) -> Result<()> {
    write_terms(e, &terms(e, count)?, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup() {
        assert_eq!(entry("a201").unwrap().anum, "A000201");
        assert_eq!(entry("A000201").unwrap().offset, 1);
        assert_eq!(entry("A999999").unwrap_err().exit_code(), 2);
        assert!(terms(entry("A051261").unwrap(), 5000).is_err());
    }
}
