//! `check`: a proof that a table is the Sprague–Grundy function of generalized Wythoff with
//! parameter a, and two cheap checks (the file's checksum, the 0-positions against the pairs
//! engine).  See doc/grundy.md and A. S. Fraenkel, "How to beat your Wythoff games' opponent on
//! three fronts" (1982) for the game; the proof is written from the rules below and shares no code
//! with the engines.
//!
//! ## The rules
//!
//! The options of (x, y) are (x', y) for x' < x, (x, y') for y' < y, and (x − k, y − l) for
//! k, l ≥ 1 with |k − l| < a.  G(x, y) is the least value that no option has (the mex).  So a table
//! is the Grundy function exactly when, at every cell, every value below the stored g occurs among
//! the options and g itself does not.
//!
//! ## The proof
//!
//! The table is symmetric (it stores x ≤ y), so the cells x ≤ y are proved, in bands of 64 rows,
//! each band column by column and each column top to bottom.  Every option of a cell — or its
//! mirror image, which has the same value — comes earlier in that order.  The proof stops at the
//! first cell whose value is not the mex of its options' values: then either its value occurs at
//! an option (*repeated*, the option is named), or a smaller value occurs at none (*missing*).
//! Until then every cell seen is proved, which two facts below rely on: a proved G(x', y') is at
//! most x' + y' (its options' values are at most x' + y' − 1), and two proved cells on one
//! diagonal differ (the upper one is an option of the lower one).
//!
//! The options' values of (x, y), x ≤ y, d = y − x, come from sets of proved cells:
//! * *line* i — column i above the main diagonal, then row i: at (x, y), line x holds exactly the
//!   row options G(x, y') = G(y', x), y' < y, and line y the column options G(x', y), x' < x;
//! * *diagonal* e ≥ 0 — the proved cells (u, u + e).  The option (x − k, y − l) lies on diagonal
//!   e = d + j, j = k − l, |j| < a, in row u ≤ x − 1 − max(j, 0) (k ≥ 1, l = k − j ≥ 1).  An option
//!   below the main diagonal (e < 0) has its mirror on diagonal −e ≤ a − 1 − d, in a row
//!   v ≤ x − 1 + e ≤ x − 1 − max(−e − d, 0): one of the cells above, so it adds no value.
//!
//! Diagonal e's set holds, besides those options, the cells of the band below row x left of
//! column y and of earlier bands right of column y: for j = −1 the cell (x, y − 1) and for j ≥ 1
//! the cell (x − j, y) — a row and a column option, harmless — and, only when a ≥ 3, the rows
//! x + 1 ..= x − j − 1 of this band (j ≤ −2) and x − j + 1 ..= b₀ − 1 of earlier bands (j ≥ 2),
//! which are not options.  Their values are masked out of that diagonal's words; as values on a
//! diagonal are distinct, that removes exactly them.  The mex is sought from the largest
//! first-free pointer of lines x, y and diagonal d (sets of options only), four words a step.
//! Cost: O(N²) cells, each (2a + 1) words ORed per word scanned plus at most (a − 1)(a − 2)
//! masked values; memory about 3N² bits.

//! ## The cheap checks
//!
//! The payload's XXH3-64 against the header (files only), and the 0-positions: in row x, G(x, y)
//! = 0 exactly at y = the partner of x given by the pairs engine (Fraenkel's formulas).

use super::store::{self, Layout};
use crate::Context;
use crate::check::{Check, Status};
use crate::decimal_string;
use crate::error::{Error, Result};
use serde::Serialize;

/// What is wrong at a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "flaw", rename_all = "snake_case")]
pub enum Flaw {
    /// The cell's value also occurs at one of its options.
    Repeated {
        /// That option.
        #[serde(serialize_with = "decimal_string::pair::serialize")]
        option: (u64, u64),
    },
    /// A smaller value occurs at none of its options.
    Missing {
        /// The least such value (the true mex of the options).
        #[serde(serialize_with = "decimal_string::serialize")]
        missing: u64,
    },
    /// The cell is (or is not) 0 where the pairs engine says it is not (or is) a P-position.
    Zero {
        /// Whether the pairs engine says the cell is a P-position.
        p_position: bool,
    },
    /// A line-game cell is (or is not) 0 where the row-by-row P-positions
    /// ([`crate::lines::ppos`]) say it is not (or is) a P-position.
    LineZero {
        /// Whether the row-by-row search says the cell is a P-position.
        p_position: bool,
    },
}

/// The first cell a check found wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BadCell {
    /// Row.
    #[serde(serialize_with = "decimal_string::serialize")]
    pub x: u64,
    /// Column.
    #[serde(serialize_with = "decimal_string::serialize")]
    pub y: u64,
    /// The stored value.
    #[serde(serialize_with = "decimal_string::serialize")]
    pub value: u64,
    /// What is wrong.
    #[serde(flatten)]
    pub flaw: Flaw,
}

impl std::fmt::Display for BadCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (x, y, g) = (self.x, self.y, self.value);
        match &self.flaw {
            Flaw::Repeated { option: (u, v) } => {
                write!(f, "G({x}, {y}) = {g}: value {g} also at option ({u}, {v})")
            }
            Flaw::Missing { missing } => write!(
                f,
                "G({x}, {y}) = {g}: value {missing} missing among its options"
            ),
            Flaw::Zero { p_position } | Flaw::LineZero { p_position } => write!(
                f,
                "G({x}, {y}) = {g}, but {} says ({x}, {y}) is {}",
                if matches!(self.flaw, Flaw::Zero { .. }) {
                    "the pairs engine"
                } else {
                    "the row-by-row P-position search"
                },
                if *p_position {
                    "a P-position (G = 0)"
                } else {
                    "not a P-position (G ≠ 0)"
                }
            ),
        }
    }
}

/// One check of a table: its outcome and, where a check of cells failed, the first bad cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCheck {
    /// The outcome: the name (`checksum`, `mex_proof`, `zeros_vs_pairs` or
    /// `zeros_vs_line_pairs`), the status, the stored cells covered (x ≤ y for generalized
    /// Wythoff, the square for a line game) and the first bad cell in words.
    pub check: Check,
    /// The first bad cell, where a check of cells failed.
    pub bad_cell: Option<BadCell>,
}

/// A table check as `grundy --check --json` writes it (doc/guide.md): `reason` is why it was
/// skipped or why it failed.
#[derive(Serialize)]
struct TableCheckJson<'a> {
    name: &'a str,
    status: Status,
    #[serde(serialize_with = "decimal_string::serialize")]
    cells: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bad_cell: Option<&'a BadCell>,
}

impl Serialize for TableCheck {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        TableCheckJson {
            name: &self.check.name,
            status: self.check.status,
            cells: self.check.count,
            reason: self.check.why_not(),
            bad_cell: self.bad_cell.as_ref(),
        }
        .serialize(s)
    }
}

/// What `check` found: one entry per check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// Format version of this report (1).
    pub version: u32,
    /// Parameter a (a table of generalized Wythoff); `None` for a line game.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "decimal_string::option::serialize"
    )]
    pub a: Option<u64>,
    /// The rules of a line game (`P,Q:P,Q:…`); `None` for generalized Wythoff.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Side N.
    #[serde(rename = "N", serialize_with = "decimal_string::serialize")]
    pub n: u64,
    /// Stored cells: N(N+1)/2 for generalized Wythoff (the N² square by symmetry), N² for a
    /// line game.
    #[serde(serialize_with = "decimal_string::serialize")]
    pub cells: u64,
    /// The largest stored value.
    #[serde(serialize_with = "decimal_string::serialize")]
    pub max: u64,
    /// Whether no check failed and at least one ran ([`crate::check::verdict`]).
    pub ok: bool,
    /// The checks.
    pub checks: Vec<TableCheck>,
    /// The failed checks' reasons, one line each (empty when ok).
    #[serde(skip)]
    pub problems: Vec<String>,
}

/// What the check of that name covers, in words.
fn covers(name: &str) -> &'static str {
    match name {
        "checksum" => "file checksum over header and payload",
        "mex_proof" => "mex proof that every cell is the mex of its options",
        "zeros_vs_pairs" => "0-positions = P-positions of the pairs engine",
        "zeros_vs_line_pairs" => "0-positions = P-positions found row by row by line-pairs",
        _ => "",
    }
}

impl CheckReport {
    /// The checks' outcomes alone.
    pub fn outcomes(&self) -> Vec<Check> {
        self.checks.iter().map(|c| c.check.clone()).collect()
    }
}

/// Runs every check on a table computed in this run (no stored checksum).
pub fn check(payload: &[u8], layout: Layout, a: u64) -> Result<CheckReport> {
    check_with(payload, layout, a, None, &Context::serial())
}

/// Runs every check on a table.  `checksum_ok` is, for a file, whether its header and payload
/// match the checksum in its header ([`crate::grundy::TableFile::verify`]); `None` for a table
/// computed in this run (that check is then skipped).  `ctx`'s progress counts the stored cells
/// proved as the proof advances; its flag stops the proof between bands of rows.
pub fn check_with(
    payload: &[u8],
    layout: Layout,
    a: u64,
    checksum_ok: Option<bool>,
    ctx: &Context,
) -> Result<CheckReport> {
    let n = layout.n as u64;
    let cells = n * (n + 1) / 2;
    if a == 0 || payload.len() != layout.bytes() {
        return Err(Error::internal("check: inconsistent table"));
    }
    let sum = checksum_check(checksum_ok, cells);
    let (proved, bad) = prove(payload, layout, a, ctx)?;
    let proof = cells_check("mex_proof", proved, bad);
    let (max, bad) = zeros(payload, layout, a)?;
    let zero = cells_check("zeros_vs_pairs", cells, bad);
    Ok(report(Some(a), None, n, cells, max, vec![sum, proof, zero]))
}

/// The report of these checks on a table of side n.
pub(crate) fn report(
    a: Option<u64>,
    rules: Option<String>,
    n: u64,
    cells: u64,
    max: u64,
    checks: Vec<TableCheck>,
) -> CheckReport {
    let outcomes: Vec<Check> = checks.iter().map(|c| c.check.clone()).collect();
    CheckReport {
        version: 1,
        a,
        rules,
        n,
        cells,
        max,
        ok: crate::check::verdict(&outcomes) == Status::Ok,
        problems: outcomes
            .iter()
            .filter(|c| c.status == Status::Fail)
            .map(|c| format!("{}: {}", c.covers, c.why_not().unwrap_or("failed")))
            .collect(),
        checks,
    }
}

/// The checksum check: `checksum_ok` is, for a file, whether it matches the checksum in its
/// header; `None` for a table computed in this run (skipped).
pub(crate) fn checksum_check(checksum_ok: Option<bool>, cells: u64) -> TableCheck {
    let (name, covers) = ("checksum", covers("checksum").to_string());
    let check = match checksum_ok {
        Some(true) => Check::ran(name, covers, cells, None, "an empty table"),
        Some(false) => Check::failed(
            name,
            covers,
            cells,
            "the header and payload do not match the checksum in the header (damaged, or a \
             header field edited)"
                .into(),
        ),
        None => Check::skipped(
            name,
            covers,
            "the table was computed in this run: no stored checksum",
        ),
    };
    TableCheck {
        check,
        bad_cell: None,
    }
}

/// A check over `cells` cells that passed, or failed at `bad`.
pub(crate) fn cells_check(name: &'static str, cells: u64, bad: Option<BadCell>) -> TableCheck {
    TableCheck {
        check: Check::ran(
            name,
            covers(name).into(),
            cells,
            bad.as_ref().map(|b| b.to_string()),
            "an empty table",
        ),
        bad_cell: bad,
    }
}

/// A check of cells skipped, and why.
pub(crate) fn skipped_check(name: &'static str, reason: &str) -> TableCheck {
    TableCheck {
        check: Check::skipped(name, covers(name).into(), reason),
        bad_cell: None,
    }
}

/// The bad cell (x, y) holding g where the mex of its options is `mex` ≠ g: g at `option`
/// (repeated) or, when no option holds g, g > mex (missing).  `None` when neither holds — g <
/// mex yet at no option, which a correct proof never meets.
pub(crate) fn mismatch(
    x: u64,
    y: u64,
    g: u64,
    mex: u64,
    option: Option<(u64, u64)>,
) -> Option<BadCell> {
    let flaw = match option {
        Some(option) => Flaw::Repeated { option },
        None if g > mex => Flaw::Missing { missing: mex },
        None => return None,
    };
    Some(BadCell {
        x,
        y,
        value: g,
        flaw,
    })
}

/// Memory the proof needs for side N, in bytes.
pub fn memory_bytes(n: u64) -> u64 {
    let words = |bits: u64| bits / 64 + 1;
    let lines: u64 = (0..n).map(|i| words(i + n)).sum();
    let diags: u64 = (0..n).map(|e| words(2 * n - 1 - e)).sum();
    (lines + diags) * 8 + 2 * n * 16 + BAND as u64 * n * 4
}

/// Sets of small integers in one buffer, each with a first-free pointer (every value below it is
/// in the set).  Every access is bounds-checked; words past a set's end read as 0.
pub(crate) struct Family {
    start: Vec<usize>,
    words: Vec<u64>,
    pub(crate) first_free: Vec<u64>,
}

impl Family {
    /// Sets with room for the values 0..bits[i].
    pub(crate) fn new(bits: impl Iterator<Item = u64>) -> Family {
        let mut start = vec![0usize];
        let mut total = 0usize;
        for b in bits {
            total += (b / 64 + 1) as usize;
            start.push(total);
        }
        Family {
            first_free: vec![0; start.len() - 1],
            start,
            words: vec![0; total],
        }
    }

    /// Inserts v into set i; false if v does not fit.
    pub(crate) fn insert(&mut self, i: usize, v: u64) -> bool {
        let set = &mut self.words[self.start[i]..self.start[i + 1]];
        let Some(word) = usize::try_from(v / 64).ok().and_then(|w| set.get_mut(w)) else {
            return false;
        };
        *word |= 1 << (v % 64);
        if v == self.first_free[i] {
            // skip the run of ones from v, a word at a time
            let mut f = v + 1;
            while let Some(&word) = set.get((f / 64) as usize) {
                let sh = f % 64;
                let ones = (!(word >> sh)).trailing_zeros() as u64; // ≤ 64 − sh
                f += ones;
                if sh + ones < 64 {
                    break;
                }
            }
            self.first_free[i] = f;
        }
        true
    }

    /// The least value ≥ `from` in none of the sets `ids`, where a pair (i, v) of `masked`
    /// says that value v of set i does not count; searched up to word `last`.
    pub(crate) fn mex(
        &self,
        ids: &[usize],
        masked: &[(usize, u64)],
        from: u64,
        last: u64,
        ranges: &mut Vec<(usize, usize, usize)>,
    ) -> Option<u64> {
        ranges.clear();
        ranges.extend(ids.iter().map(|&i| (i, self.start[i], self.start[i + 1])));
        // four words a step: the union of the sets' words w..w+4, less the masked values
        let mut w = from / 64;
        let mut below = (1u64 << (from % 64)) - 1;
        while w <= last {
            let mut used = [below, 0, 0, 0];
            let wi = w as usize;
            for &(i, s, e) in ranges.iter() {
                let mut words = [0u64; 4];
                match self.words.get(s + wi..s + wi + 4) {
                    Some(c) if s + wi + 4 <= e => words.copy_from_slice(c),
                    _ => {
                        for (k, word) in words.iter_mut().enumerate() {
                            if s + wi + k < e {
                                *word = self.words[s + wi + k];
                            }
                        }
                    }
                }
                for &(mi, v) in masked {
                    if mi == i && (w..w + 4).contains(&(v / 64)) {
                        words[(v / 64 - w) as usize] &= !(1 << (v % 64));
                    }
                }
                for k in 0..4 {
                    used[k] |= words[k];
                }
            }
            if let Some(k) = used.iter().position(|&u| u != u64::MAX) {
                return Some((w + k as u64) * 64 + (!used[k]).trailing_zeros() as u64);
            }
            below = 0;
            w += 4;
        }
        None
    }
}

/// Row x of the triangle, G(x, y) for y = x..N−1.
fn read_row(payload: &[u8], layout: Layout, x: usize, out: &mut Vec<u32>) {
    let w = layout.width;
    let s = layout.row_start(x) * w;
    let bytes = &payload[s..s + (layout.n - x) * w];
    out.clear();
    match w {
        1 => out.extend(bytes.iter().map(|&b| b as u32)),
        2 => out.extend(
            bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]) as u32),
        ),
        3 => out.extend(
            bytes
                .chunks_exact(3)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], 0])),
        ),
        _ => out.extend(
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        ),
    }
}

/// Rows per band of the proof.
const BAND: usize = 64;

/// Proves the table cell by cell (see the module documentation).  Returns the number of stored
/// cells proved and the first cell (in the proof's order) that is not the mex of its options.
/// `ctx` as in [`check_with`].
pub fn prove(
    payload: &[u8],
    layout: Layout,
    a: u64,
    ctx: &Context,
) -> Result<(u64, Option<BadCell>)> {
    super::check_resources(memory_bytes(layout.n as u64), 0, None)?;
    prove_in_bands(payload, layout, a, BAND, ctx)
}

/// [`prove`] with bands of `rows` rows (any `rows` ≥ 1 gives the same verdict).
fn prove_in_bands(
    payload: &[u8],
    layout: Layout,
    a: u64,
    rows: usize,
    ctx: &Context,
) -> Result<(u64, Option<BadCell>)> {
    let n = layout.n;
    // |k − l| ≤ N − 1 on the board, so any a ≥ N allows the same moves as a = N.
    let aa = a.min(n as u64) as usize;
    let get = |x: usize, y: usize| store::read(payload, layout, x, y);
    // Line i is set i; diagonal e is set N + e.
    let mut sets = Family::new(
        (0..n)
            .map(|i| (i + n) as u64)
            .chain((0..n).map(|e| (2 * n - 1 - e) as u64)),
    );
    let (line, diag) = (|i: usize| i, |e: usize| n + e);
    let mut band: Vec<Vec<u32>> = vec![Vec::new(); rows];
    let (mut ids, mut masked, mut ranges) = (Vec::new(), Vec::new(), Vec::new());
    let mut proved = 0u64;
    let lost = |what: &str| Error::internal(format!("grundy check: {what}"));
    for b0 in (0..n).step_by(rows.max(1)) {
        let b1 = (b0 + rows.max(1)).min(n);
        for (x, row) in (b0..b1).zip(band.iter_mut()) {
            read_row(payload, layout, x, row);
        }
        for y in b0..n {
            for x in b0..b1.min(y + 1) {
                let g = band[x - b0][y - x] as u64;
                let d = y - x;
                ids.clear();
                ids.extend([line(x), line(y)]);
                masked.clear();
                for e in d.saturating_sub(aa - 1)..=(d + aa - 1).min(n - 1) {
                    ids.push(diag(e));
                    // The cells of diagonal e proved so far that are not options: rows
                    // x+1 ..= x−j−1 of this band (j ≤ −2), rows x−j+1 ..= b0−1 (j ≥ 2).
                    let contaminants = if e < d {
                        (x + 1).max(b0)..(x + d - e).min(b1)
                    } else {
                        (x + 1).saturating_sub(e - d)..b0
                    };
                    for u in contaminants.filter(|&u| u + e < n) {
                        masked.push((diag(e), get(u, u + e) as u64));
                    }
                }
                let from = sets.first_free[line(x)]
                    .max(sets.first_free[line(y)])
                    .max(sets.first_free[diag(d)]);
                // every proved value is ≤ its x' + y' < x + y, so the mex is ≤ x + y
                let last = (x + y) as u64 / 64 + 1;
                let mex = sets
                    .mex(&ids, &masked, from, last, &mut ranges)
                    .ok_or_else(|| lost("no free value below x + y"))?;
                if g != mex {
                    // g at an option is the first reason; else g > mex, and mex is missing
                    let option = option_with_value(&get, aa, x, y, g);
                    let bad = mismatch(x as u64, y as u64, g, mex, option)
                        .ok_or_else(|| lost("a value below the mex is at no option"))?;
                    return Ok((proved, Some(bad)));
                }
                if !sets.insert(line(x), g) || !sets.insert(line(y), g) || !sets.insert(diag(d), g)
                {
                    return Err(lost("a proved value does not fit its set"));
                }
                proved += 1;
            }
            ctx.report((b1.min(y + 1) - b0) as u64);
        }
        ctx.check()?;
    }
    Ok((proved, None))
}

/// An option of (x, y) whose value is g, searched directly from the rules.
fn option_with_value(
    get: &dyn Fn(usize, usize) -> u32,
    a: usize,
    x: usize,
    y: usize,
    g: u64,
) -> Option<(u64, u64)> {
    let found = |u: usize, v: usize| (get(u, v) as u64 == g).then_some((u as u64, v as u64));
    (0..x)
        .find_map(|u| found(u, y))
        .or_else(|| (0..y).find_map(|v| found(x, v)))
        .or_else(|| {
            (1..=x).find_map(|k| {
                // l ≥ 1, l ≤ y, |k − l| < a
                let l_lo = (k + 1).saturating_sub(a).max(1);
                let l_hi = (k + a - 1).min(y);
                (l_lo..=l_hi).find_map(|l| found(x - k, y - l))
            })
        })
}

/// The 0-positions against the pairs engine; returns the largest value and the first mismatch.
fn zeros(payload: &[u8], layout: Layout, a: u64) -> Result<(u64, Option<BadCell>)> {
    let solver = crate::pairs::Solver::new(
        crate::game::Rules::new(a, false)?,
        crate::Strategy::Algebraic,
    );
    let mut row = Vec::new();
    let mut max = 0u64;
    let mut bad = None;
    for x in 0..layout.n {
        let partner = solver.partner(&rug::Integer::from(x))?;
        read_row(payload, layout, x, &mut row);
        for (y, &g) in (x..).zip(&row) {
            max = max.max(g as u64);
            let p = partner == y;
            if (g == 0) != p && bad.is_none() {
                bad = Some(BadCell {
                    x: x as u64,
                    y: y as u64,
                    value: g as u64,
                    flaw: Flaw::Zero { p_position: p },
                });
            }
        }
    }
    Ok((max, bad))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::{Spec, Table};

    /// The naive reference of the engine tests (a direct mex from the rules), row-major N×N.
    fn naive(n: usize, a: usize) -> Vec<u32> {
        crate::grundy::tests::naive(n, a as u64)
    }

    /// The upper triangle of a square, at width `width`.
    fn triangle(sq: &[u32], n: usize, width: usize) -> (Vec<u8>, Layout) {
        let layout = Layout { n, width };
        let mut p = Vec::new();
        for x in 0..n {
            for y in x..n {
                p.extend_from_slice(&sq[x * n + y].to_le_bytes()[..width]);
            }
        }
        (p, layout)
    }

    fn proof(p: &[u8], l: Layout, a: u64) -> (u64, Option<BadCell>) {
        prove(p, l, a, &Context::serial()).unwrap()
    }

    fn banded(p: &[u8], l: Layout, a: u64, rows: usize) -> (u64, Option<BadCell>) {
        prove_in_bands(p, l, a, rows, &Context::serial()).unwrap()
    }

    #[test]
    fn the_naive_tables_are_proved_and_every_single_change_is_caught() {
        // bands of 1, 2, 3 and 64 rows: the cells of earlier bands and of rows below in the
        // band that are not options are met in every position
        for a in 1..=5usize {
            for n in [1usize, 2, 9, 17] {
                let sq = naive(n, a);
                let (p, l) = triangle(&sq, n, 1);
                let cells = (n * (n + 1) / 2) as u64;
                for rows in [1, 2, 3, 64] {
                    assert_eq!(banded(&p, l, a as u64, rows), (cells, None), "a={a} n={n}");
                }
                // every cell, every other value up to 2N: the first changed cell is caught
                for x in 0..n {
                    for y in x..n {
                        for v in 0..2 * n as u32 {
                            if v == sq[x * n + y] {
                                continue;
                            }
                            let mut sq2 = sq.clone();
                            sq2[x * n + y] = v;
                            sq2[y * n + x] = v;
                            let (p2, _) = triangle(&sq2, n, 1);
                            for rows in [1, 2, 3, 64] {
                                let (_, bad) = banded(&p2, l, a as u64, rows);
                                let bad = bad.unwrap_or_else(|| panic!("a={a} ({x},{y})={v}"));
                                assert_eq!(
                                    (bad.x, bad.y, bad.value),
                                    (x as u64, y as u64, v as u64)
                                );
                                match bad.flaw {
                                    Flaw::Missing { missing } => {
                                        assert!(v > sq[x * n + y]);
                                        assert_eq!(missing, sq[x * n + y] as u64);
                                        // and v is at no option
                                        assert!((0..n).all(|w| sq[x * n + w] != v || w >= y));
                                        assert!((0..x).all(|u| sq[u * n + y] != v));
                                    }
                                    Flaw::Repeated { option: (u, w) } => {
                                        let (u, w) = (u as usize, w as usize);
                                        assert_eq!(sq[u * n + w], v);
                                        let r = crate::game::Rules::new(a as u64, false).unwrap();
                                        let i = |v: usize| rug::Integer::from(v);
                                        assert!(r.is_legal_move(&i(x), &i(y), &i(u), &i(w)));
                                    }
                                    Flaw::Zero { .. } | Flaw::LineZero { .. } => unreachable!(),
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn arbitrary_payloads_are_proved_exactly_when_they_are_the_grundy_table() {
        use proptest::prelude::*;
        proptest!(ProptestConfig::with_cases(400), |(
            a in 1usize..=4,
            n in 1usize..=7,
            seed in proptest::collection::vec(0u8..16, 28),
            width in 1usize..=4,
            rows in 1usize..=3,
        )| {
            let sq = naive(n, a);
            // the naive table with some cells replaced by arbitrary values below 16 (some beyond
            // 2N − 2, some equal to the true value)
            let mut sq2 = sq.clone();
            let mut k = 0;
            for x in 0..n {
                for y in x..n {
                    if seed[k] % 3 == 0 {
                        sq2[x * n + y] = seed[k] as u32;
                        sq2[y * n + x] = seed[k] as u32;
                    }
                    k += 1;
                }
            }
            let (p, l) = triangle(&sq2, n, width);
            let (proved, bad) = banded(&p, l, a as u64, rows);
            prop_assert_eq!(bad.is_none(), sq2 == sq);
            prop_assert!(proved <= (n * (n + 1) / 2) as u64);
            let r = check(&p, l, a as u64).unwrap();
            prop_assert_eq!(r.checks[1].check.status == Status::Ok, sq2 == sq);
        });
    }

    #[test]
    fn bigger_naive_tables_are_proved_in_small_bands() {
        for a in [1usize, 2, 3, 4, 7] {
            let n = 60;
            let sq = naive(n, a);
            let (p, l) = triangle(&sq, n, 1);
            for rows in [1, 4, 5, 64] {
                assert_eq!(banded(&p, l, a as u64, rows).1, None, "a={a} rows={rows}");
            }
        }
    }

    #[test]
    fn engine_tables_pass_every_check() {
        for a in 1..=5u64 {
            for n in [1u64, 64, 150] {
                let t = Table::compute(Spec::new(a, n).unwrap(), &Context::new(2)).unwrap();
                let r = check_with(&t.data, t.layout, a, Some(true), &Context::serial()).unwrap();
                assert!(r.ok, "{r:?}");
                assert!(
                    r.checks
                        .iter()
                        .all(|c| c.check.status == Status::Ok && c.check.count == r.cells)
                );
                let want_max = (0..n as usize)
                    .flat_map(|x| (0..n as usize).map(move |y| (x, y)))
                    .map(|(x, y)| t.get(x, y) as u64)
                    .max();
                assert_eq!(Some(r.max), want_max);
            }
        }
    }

    #[test]
    fn a_value_too_large_is_a_missing_value_never_an_overflow() {
        let sq = naive(12, 2);
        let (mut p, l) = triangle(&sq, 12, 4);
        let i = l.index(3, 7) * 4;
        p[i..i + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        let (proved, bad) = proof(&p, l, 2);
        let bad = bad.unwrap();
        assert_eq!((bad.x, bad.y, bad.value), (3, 7, u32::MAX as u64));
        assert_eq!(
            bad.flaw,
            Flaw::Missing {
                missing: sq[3 * 12 + 7] as u64
            }
        );
        // one band: the cells (u, v), u ≤ v, of columns v < 7 and of column 7 above row 3
        assert_eq!(proved, (1..=7).sum::<u64>() + 3);
        let r = check(&p, l, 2).unwrap();
        assert!(!r.ok);
        assert_eq!(r.checks[0].check.status, Status::Skipped);
        assert_eq!(r.max, u32::MAX as u64);
    }
}
