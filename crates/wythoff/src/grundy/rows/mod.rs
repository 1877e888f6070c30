//! Long rows of the Sprague–Grundy function of Wythoff's game and its generalization (parameter
//! a) with *certified* additive periods (Dress–Flammenkamp–Pink 1999; Landman 2002 — the
//! finite-state argument made computational).
//!
//! Rows 0..X−1 are swept column by column.  In row x every value below y − 2a·x already occurs
//! left of column y (doc/rows.md, the window lemma, proved there for every a), and every value is
//! at most x + y, so row x is described at column y by the window of values [y − 2aX, y + X)
//! relative to y ((2a + 1)X bits); the sweep *checks* that every bit it drops off the bottom of a
//! window is set and that no value passes its top, so the truncation is verified, not assumed.
//! Diagonal δ holds values in [δ − (2a−1)X, δ + 2X), kept relative to δ.  A diagonal move from
//! (x, y) lands on one of the 2a − 1 diagonals δ + e, |e| < a; the few cells of those diagonals
//! that are not options (computed in the last a − 2 columns, in rows below x) are masked out, and
//! those columns are part of the state.  The column y's cells then depend only on
//! S_y = (row windows, windows of diagonals y−X−a+2..y, last a − 2 columns), all relative — so
//! S_{y+p} = S_y implies G(x, y' + p) = G(x, y') + p for all y' ≥ y and every row: a proof of
//! additive periodicity.  The search ([`search`]) finds the joint period λ and preperiod μ
//! exactly without recording the sweep: Nivasch's stack algorithm on incremental state hashes
//! (every equality decided by an exact comparison) with snapshots every K columns ([`cycle`]),
//! then one walk from column 0 with rings of the last λ columns for μ, each row's preperiod and
//! one joint period, from which each row's least period, a divisor of λ ([`per_row`]).  With a
//! multiple P of the joint period given ([`Search::period`]), the walk alone does it all, from
//! column 0 to the first y with S_y = S_{y+P} (= μ).  Long runs checkpoint and continue
//! ([`resume`]).
//!
//! Cost: O(X · (1 + X/128)) word operations per column (the sweep, [`sweep`]); about 2μ + 3λ
//! columns (μ + P with a period assumed), plus the largest preperiod whose values below it are
//! asked for; memory the snapshots' budget, X·λ·2 bytes for the walk (X·P·2), and the values
//! asked for.
//!
//! [`value_at`] is the one place that evaluates G at any column from certified rows: the rows up
//! to the smaller pile are certified on demand, below [`ON_DEMAND_ROWS`].

use crate::cancel::Cancel;
use crate::context::Context;
use crate::error::Error;
use rug::Integer;

pub mod certify;
pub mod check;
pub mod columns;
pub mod cycle;
pub mod growth;
pub mod per_row;
pub mod resume;
pub mod sweep;

pub use sweep::Sweep;

/// Rows certified on demand: [`value_at`] and [`certified_rows`] accept a smaller pile below this
/// (rows 0..255 take about a minute of CPU on a 2-core AMD EPYC).
pub const ON_DEMAND_ROWS: u64 = 256;
/// Columns an on-demand certification may sweep before giving up.
pub const ON_DEMAND_COLUMNS: u64 = 100_000_000;

/// Why rows could not be certified or a value not evaluated.
#[derive(Debug, thiserror::Error)]
pub enum RowsError {
    /// The number of rows is outside 1..=[`MAX_ROWS`].
    #[error("the number of rows must be between 1 and {MAX_ROWS}, got {0}")]
    Rows(u64),
    /// The smaller pile is not below [`ON_DEMAND_ROWS`].
    #[error(
        "the smaller pile {pile} is beyond the rows certified on demand (0 to {})",
        ON_DEMAND_ROWS - 1
    )]
    BeyondOnDemand {
        /// The smaller pile, abbreviated.
        pile: String,
    },
    /// The sweep is not available for this parameter a (with this many rows).
    #[error(
        "rows are certified for 1 <= a <= {MAX_A} with 2a·X below 2^15 (the values are \
         recorded in 16 bits), got a = {0}"
    )]
    Parameter(u64),
    /// No repeated state within the columns allowed.
    #[error("no period found within {0} columns")]
    NoPeriod(u64),
    /// Recording the values needs more memory than is available.
    #[error(
        "rows 0..{last}: the walk with period {period} records {columns} columns of values, \
         which needs {:.1} GiB",
        *bytes as f64 / (1u64 << 30) as f64
    )]
    Memory {
        /// The last row.
        last: usize,
        /// The joint period.
        period: u64,
        /// Columns to record.
        columns: u64,
        /// Bytes needed.
        bytes: u128,
    },
    /// The sweep's own consistency check failed (a bug).
    #[error(transparent)]
    Sweep(#[from] Error),
}

impl From<RowsError> for Error {
    fn from(e: RowsError) -> Error {
        match e {
            RowsError::Sweep(e) => e,
            RowsError::Memory { .. } => Error::usage(e.to_string()),
            other => Error::domain(other.to_string()),
        }
    }
}

/// Certified periodicity of rows 0..X−1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periods {
    /// Joint preperiod μ and period λ: S_{μ+λ} = S_μ.
    pub joint: (u64, u64),
    /// Per row: (preperiod, period).
    pub rows: Vec<(u64, u64)>,
    /// Per row: G(x, y) − y for y₀ ≤ y < y₀ + p (one period from the preperiod).
    pub cycles: Vec<Vec<i16>>,
    /// Per row: G(x, y) − y for y < y₀, for the rows whose values below the preperiod were asked
    /// for ([`Prefixes`]).
    pub prefixes: Vec<Option<Vec<i16>>>,
    /// State hashes that matched without the states being equal (each settled by an exact
    /// comparison; they cost time, never change a result).
    pub hash_collisions: u64,
}

impl<'p> From<&'p Periods> for wythoff_files::certificate::SweptRows<'p> {
    fn from(p: &'p Periods) -> Self {
        wythoff_files::certificate::SweptRows {
            joint: p.joint,
            rows: &p.rows,
            cycles: &p.cycles,
            prefixes: &p.prefixes,
        }
    }
}

impl Periods {
    /// The certificate as JSON (serde): `{"version":1,"rows":[{"x":"0","preperiod":"0",
    /// "period":"1"},…],"joint":{"preperiod":…,"period":…,"certified":true}}`, integers as strings.
    pub fn to_json(&self) -> String {
        #[derive(serde::Serialize)]
        struct Row {
            x: String,
            preperiod: String,
            period: String,
        }
        #[derive(serde::Serialize)]
        struct Joint {
            preperiod: String,
            period: String,
            certified: bool,
        }
        #[derive(serde::Serialize)]
        struct Certificate {
            version: u32,
            rows: Vec<Row>,
            joint: Joint,
        }
        let c = Certificate {
            version: 1,
            rows: (self.rows.iter().enumerate())
                .map(|(i, (y0, p))| Row {
                    x: i.to_string(),
                    preperiod: y0.to_string(),
                    period: p.to_string(),
                })
                .collect(),
            joint: Joint {
                preperiod: self.joint.0.to_string(),
                period: self.joint.1.to_string(),
                certified: true,
            },
        };
        serde_json::to_string(&c).unwrap_or_default()
    }

    /// G(x, y) for x < X and any y ≥ 0 (y as a big integer), from the certified period; `None`
    /// when y is below the row's preperiod and those values were not asked for.
    ///
    /// Panics if x is not one of the certified rows (x ≥ X).
    pub fn try_value(&self, x: usize, y: &rug::Integer) -> Option<rug::Integer> {
        let (y0, p) = self.rows[x];
        if *y >= y0 {
            let i = (rug::Integer::from(y - y0) % p).to_usize()?;
            return Some(rug::Integer::from(y + self.cycles[x][i]));
        }
        let yy = y.to_usize()?;
        let off = self.prefixes[x].as_ref()?[yy];
        Some(rug::Integer::from(y + off))
    }

    /// [`Periods::try_value`] for periods that hold every row's values below its preperiod — those
    /// of [`periods`], [`periods_a`] and [`certified_rows`].
    ///
    /// Panics if x ≥ X, or y is below a preperiod whose values were not recorded.
    pub fn value(&self, x: usize, y: &rug::Integer) -> rug::Integer {
        self.try_value(x, y)
            .expect("the values below the preperiod are recorded")
    }
}

/// Largest X accepted (the state is about 6X² bits), the most rows a certificate holds.
pub const MAX_ROWS: usize = wythoff_files::certificate::MAX_ROWS;

/// Largest parameter a the sweep accepts.
pub const MAX_A: u64 = 10;

/// Which rows' values below their preperiods a search records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prefixes {
    /// Rows in order while their values (2 bytes each) fit this many bytes; a row that does not
    /// fit is skipped and the next ones are still tried.  `u64::MAX`: every row.
    Budget(u64),
    /// Exactly the rows marked.
    Rows(Vec<bool>),
}

/// What the search is doing, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Looking for a repeated state (column reached).
    Repeat,
    /// The lockstep of two sweeps λ apart for μ and the preperiods (column reached, of at most
    /// `bound`).
    Preperiods {
        /// The lockstep stops at or before this column.
        bound: u64,
    },
    /// One walk with the period assumed ([`Search::period`]): the column reached, looking for
    /// the first y with S_y = S_{y+period}.
    Assumed {
        /// The period assumed.
        period: u64,
    },
    /// The sweep again from column 0 for the values below the preperiods (up to `last`).
    Prefixes {
        /// The largest preperiod asked for.
        last: u64,
    },
}

/// A search for certified rows: the parameters of [`search`].
#[derive(Clone, Debug)]
pub struct Search {
    /// Parameter a, 1 ≤ a ≤ [`MAX_A`], with 2a·X below 2^15.
    pub a: u64,
    /// Rows 0..X−1.
    pub rows: usize,
    /// Give up when no state has repeated within this many columns.
    pub max_columns: u64,
    /// Bytes the snapshots of the state may take (see [`cycle::Snapshots`]).
    pub snapshot_budget: u64,
    /// The values below the preperiods to record.
    pub prefixes: Prefixes,
    /// Bits of the state hash used (64; fewer only to exercise hash collisions in tests).
    pub hash_bits: u32,
    /// A multiple of the joint period to assume (`rows --period P`), or `None` to search for a
    /// repeat.  Assumed, one walk to the first y with S_y = S_{y+P} finds μ, the preperiods and
    /// the periods at once (about μ + P columns instead of about 2μ + 3λ).  The equality is
    /// exact, so P decides only the cost: a P that is not a multiple of the joint period is
    /// found out by Nivasch's stack, kept on the way, and the search's walk takes over.
    pub period: Option<u64>,
    /// Threads of the walks for a = 1 (the rows cut into bands, [`Sweep::steps`]); the results
    /// do not depend on it.
    pub threads: usize,
}

/// Default bytes for the snapshots of the state.
pub const DEFAULT_SNAPSHOT_BUDGET: u64 = 512 << 20;

impl Search {
    /// A search of rows 0..rows−1 for parameter a with the defaults: every prefix recorded,
    /// [`DEFAULT_SNAPSHOT_BUDGET`], a full hash.
    pub fn new(a: u64, rows: usize, max_columns: u64) -> Search {
        Search {
            a,
            rows,
            max_columns,
            snapshot_budget: DEFAULT_SNAPSHOT_BUDGET,
            prefixes: Prefixes::Budget(u64::MAX),
            hash_bits: 64,
            period: None,
            threads: 1,
        }
    }
}

/// Finds the certified joint and per-row periods of rows 0..x_rows − 1 (a = 1), giving up after
/// `max_columns` columns; every row's values below its preperiod are recorded.  `ctx`'s progress
/// counts columns: each report is how far the furthest column swept so far has advanced; its
/// workers run the search and its flag stops it within 2^12 columns ([`Error::Cancelled`]).
pub fn periods(
    x_rows: usize,
    max_columns: u64,
    ctx: &Context,
) -> std::result::Result<Periods, RowsError> {
    periods_a(1, x_rows, max_columns, ctx)
}

/// [`periods`] for parameter a, 1 ≤ a ≤ [`MAX_A`], with 2a·X below 2^15 (the offsets
/// G(x, y) − y ∈ [−2a·x, x] are kept in 16 bits).
pub fn periods_a(
    a: u64,
    x_rows: usize,
    max_columns: u64,
    ctx: &Context,
) -> std::result::Result<Periods, RowsError> {
    let mut cfg = Search::new(a, x_rows, max_columns);
    cfg.threads = ctx.threads();
    // the stages report the column each has reached; the context is told of the advances
    let furthest = std::sync::atomic::AtomicU64::new(0);
    let advance = |_: Stage, c: u64| {
        let before = furthest.fetch_max(c, std::sync::atomic::Ordering::Relaxed);
        if c > before {
            ctx.report(c - before);
        }
    };
    search_from(&cfg, resume::Saved::Fresh, None, &advance, ctx.cancel())
}

/// The certified rows of a [`Search`] (doc/rows.md): a repeated state ([`cycle::find`]), then μ
/// and each row's preperiod and period ([`per_row`]), then the values below the preperiods asked
/// for.
pub fn search(
    cfg: &Search,
    progress: &dyn Fn(Stage, u64),
) -> std::result::Result<Periods, RowsError> {
    search_from(cfg, resume::Saved::Fresh, None, progress, Cancel::never())
}

/// The state before column 0 of a [`Search`], once its parameters are checked.
pub fn first_state(cfg: &Search) -> std::result::Result<Sweep, RowsError> {
    let x_rows = cfg.rows;
    if x_rows == 0 || x_rows > MAX_ROWS {
        return Err(RowsError::Rows(x_rows as u64));
    }
    let a = cfg.a;
    if a == 0 || a > MAX_A || 2 * a * x_rows as u64 > i16::MAX as u64 {
        return Err(RowsError::Parameter(a));
    }
    if let Prefixes::Rows(w) = &cfg.prefixes
        && w.len() != x_rows
    {
        return Err(Error::internal("prefix rows do not match the rows").into());
    }
    Ok(Sweep::with_hash_bits(a as usize, x_rows, cfg.hash_bits))
}

/// [`search`] continuing from `saved`, checkpointing into `journal` (doc/rows.md, "Stopping and
/// continuing"); the result is the same as that of an uninterrupted search.  Once `cancel` is
/// set it stops within 2^12 columns with [`Error::Cancelled`] (the journal keeps what it holds).
pub fn search_from(
    cfg: &Search,
    saved: resume::Saved,
    mut journal: Option<&mut resume::Journal>,
    progress: &dyn Fn(Stage, u64),
    cancel: &Cancel,
) -> std::result::Result<Periods, RowsError> {
    let first = first_state(cfg)?;
    let x_rows = cfg.rows;
    let mut at = walk_start(cfg, &first, saved, journal.as_deref_mut(), progress, cancel)?;
    let walk = walk_rows(cfg, &mut at, journal, progress, cancel)?;
    let lam = at.lam;
    let (mu, y0) = (walk.mu, walk.preperiods.clone());
    let (rows, cycles) = row_cycles(&walk, lam, x_rows);
    let collisions = at.collisions + walk.collisions;
    drop(walk);
    // the joint period: the least period of the states, which are a function of the last
    // (2a + 1)X + a columns' offsets — so the lcm of the rows' least periods (each divides λ)
    let joint = rows.iter().fold(1u64, |l, &(_, p)| l / gcd(l, p) * p);
    if joint != lam && matches!(at.end, per_row::End::Known(_)) {
        return Err(Error::internal(format!(
            "the joint period {lam} is not the lcm {joint} of the rows' periods"
        ))
        .into());
    }
    let want = wanted_prefixes(&cfg.prefixes, &y0);
    let last = (y0.iter().zip(&want))
        .filter(|p| *p.1)
        .map(|p| *p.0)
        .max()
        .unwrap_or(0);
    let prefixes = per_row::prefixes(
        &at.snaps,
        &y0,
        &want,
        cfg.threads,
        &|c| progress(Stage::Prefixes { last }, c),
        cancel,
    )?;
    Ok(Periods {
        joint: (mu, joint),
        rows,
        cycles,
        prefixes,
        hash_collisions: collisions,
    })
}

/// Where the per-row walk of a search starts, and what it has found so far.
struct WalkStart {
    /// The snapshots of the sweep's states.
    snaps: cycle::Snapshots,
    /// Where the walk ends.
    end: per_row::End,
    /// The period λ walked with (the repeat's, or the one assumed).
    lam: u64,
    /// The walk's saved state, when continuing one.
    point: Option<per_row::WalkPoint>,
    /// Hash matches that were not repeats, so far.
    collisions: u64,
}

/// The walk's start for `cfg` from `saved`: with the period assumed, at once; else after the
/// search for a repeat (Brent's cycle detection with Nivasch's stack, [`cycle::find`]) from the
/// first state `first`, checkpointing into `journal`.
fn walk_start(
    cfg: &Search,
    first: &Sweep,
    saved: resume::Saved,
    mut journal: Option<&mut resume::Journal>,
    progress: &dyn Fn(Stage, u64),
    cancel: &Cancel,
) -> std::result::Result<WalkStart, RowsError> {
    let first_match = per_row::End::FirstMatch {
        max_columns: cfg.max_columns,
    };
    let at = |snaps, end, lam, point, collisions| WalkStart {
        snaps,
        end,
        lam,
        point,
        collisions,
    };
    Ok(match (cfg.period, saved) {
        (Some(0), _) => {
            return Err(Error::usage("the period assumed must be at least 1").into());
        }
        (
            Some(p),
            resume::Saved::Assumed {
                snaps,
                period,
                point,
            },
        ) if period == p => at(snaps, first_match, p, Some(point), 0),
        (Some(p), resume::Saved::Fresh) => at(
            cycle::Snapshots::new(first, cfg.snapshot_budget),
            first_match,
            p,
            None,
            0,
        ),
        (_, resume::Saved::Walk { snaps, rep, point }) => at(
            snaps,
            per_row::End::Known(rep.repeat),
            rep.period,
            Some(point),
            rep.collisions,
        ),
        (Some(_), _) | (None, resume::Saved::Assumed { .. }) => {
            return Err(Error::internal("a checkpoint of another kind of run").into());
        }
        (None, other) => {
            let (hare, mut snaps) = match other {
                resume::Saved::Repeat { hare, snaps } => (*hare, snaps),
                _ => (
                    cycle::Hare {
                        state: first.clone(),
                        stack: Vec::new(),
                        collisions: 0,
                    },
                    cycle::Snapshots::new(first, cfg.snapshot_budget),
                ),
            };
            let rep = cycle::find(
                hare,
                &mut snaps,
                cfg.max_columns,
                cfg.threads,
                &|c| progress(Stage::Repeat, c),
                &mut |h, sn| {
                    cancel.check()?;
                    match journal.as_deref_mut() {
                        Some(j) => j.repeat(h, sn),
                        None => Ok(()),
                    }
                },
            )?;
            let end = per_row::End::Known(rep.repeat);
            at(snaps, end, rep.period, None, rep.collisions)
        }
    })
}

/// The per-row walk from `at` ([`per_row::walk`]), checkpointing into `journal`; when the walk
/// with a period assumed finds a repeat whose period it is not a multiple of, it walks again
/// with that repeat (`at` updated: λ, the end and the collisions found).
fn walk_rows(
    cfg: &Search,
    at: &mut WalkStart,
    mut journal: Option<&mut resume::Journal>,
    progress: &dyn Fn(Stage, u64),
    cancel: &Cancel,
) -> std::result::Result<per_row::Walk, RowsError> {
    let x_rows = cfg.rows;
    loop {
        let (lam, end) = (at.lam, at.end);
        // the walk's rings: X·λ offsets of 2 bytes and λ hashes of 8
        let need = u128::from(lam) * (x_rows as u128 * 2 + 8);
        if let Some(avail) = crate::files::resources::available_memory()
            && need > u128::from(avail) / 2
        {
            return Err(RowsError::Memory {
                last: x_rows - 1,
                period: lam,
                columns: lam,
                bytes: need,
            });
        }
        let stage = match end {
            per_row::End::Known(t) => Stage::Preperiods { bound: t + lam },
            per_row::End::FirstMatch { .. } => Stage::Assumed { period: lam },
        };
        let rep = cycle::Repeat {
            period: lam,
            repeat: match end {
                per_row::End::Known(t) => t,
                per_row::End::FirstMatch { .. } => 0,
            },
            collisions: at.collisions,
        };
        let walked = per_row::walk(
            &mut at.snaps,
            lam,
            end,
            at.point.take(),
            cfg.threads,
            &|c| progress(stage, c),
            &mut |sn, p| {
                cancel.check()?;
                match (end, journal.as_deref_mut()) {
                    (per_row::End::Known(_), Some(j)) => j.walk(sn, &rep, p),
                    (per_row::End::FirstMatch { .. }, Some(j)) => j.assumed(sn, lam, p),
                    (_, None) => Ok(()),
                }
            },
        )?;
        match walked {
            per_row::Walked::Done(w) => return Ok(w),
            // the period assumed is not a multiple of the joint period, which the stack found:
            // the search's walk, with the snapshots taken so far
            per_row::Walked::Repeat(r) => {
                (at.lam, at.end) = (r.period, per_row::End::Known(r.repeat));
                at.collisions += r.collisions;
            }
        }
    }
}

/// Per row of the walk (period λ = `lam`, `x_rows` rows): its preperiod and least period, and
/// its values G(x, y) − y over one least period from the preperiod on.
fn row_cycles(walk: &per_row::Walk, lam: u64, x_rows: usize) -> (Vec<(u64, u64)>, Vec<Vec<i16>>) {
    let mut rows = Vec::with_capacity(x_rows);
    let mut cycles = Vec::with_capacity(x_rows);
    for (x, &y0x) in walk.preperiods.iter().enumerate() {
        let r = per_row::row_of(walk, x, x_rows);
        let p = per_row::least_period(&r);
        // r(y₀ + i) = r(y₀ + i + mλ) for any m (period p | λ from y₀ on), and that column is
        // ≥ μ for m large, where the ring holds it at index (y₀ + i) mod λ
        let cyc = (0..p).map(|i| r[((y0x + i) % lam) as usize]).collect();
        rows.push((y0x, p));
        cycles.push(cyc);
    }
    (rows, cycles)
}

/// Which rows keep their values below the preperiod `y0`: those named, or, within a budget of
/// bytes, each row whose 2 bytes per value still fit, in order.
fn wanted_prefixes(prefixes: &Prefixes, y0: &[u64]) -> Vec<bool> {
    match prefixes {
        Prefixes::Rows(w) => w.clone(),
        Prefixes::Budget(b) => {
            let mut left = *b;
            (y0.iter())
                .map(|&y| {
                    let bytes = y.saturating_mul(2);
                    let fits = bytes <= left;
                    if fits {
                        left -= bytes;
                    }
                    fits
                })
                .collect()
        }
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The certified periods of rows 0..rows−1, for rows ≤ [`ON_DEMAND_ROWS`] (at most
/// [`ON_DEMAND_COLUMNS`] columns swept), the walks for a = 1 on `ctx`'s workers (the periods do
/// not depend on them); it reports no progress, and stops within 2^12 columns once `ctx`'s flag
/// is set, with [`Error::Cancelled`].
pub fn certified_rows(rows: u64, ctx: &Context) -> std::result::Result<Periods, RowsError> {
    if rows == 0 || rows > ON_DEMAND_ROWS {
        return Err(RowsError::Rows(rows));
    }
    let mut cfg = Search::new(1, rows as usize, ON_DEMAND_COLUMNS);
    cfg.threads = ctx.threads();
    search_from(&cfg, resume::Saved::Fresh, None, &|_, _| {}, ctx.cancel())
}

/// G(x, y) of Wythoff's game (a = 1), piles in any order and of any size, when the smaller pile
/// is below [`ON_DEMAND_ROWS`]: from the certified periods of the rows up to it
/// ([`certified_rows`], with `ctx`).
pub fn value_at(
    x: &Integer,
    y: &Integer,
    ctx: &Context,
) -> std::result::Result<Integer, RowsError> {
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    let row =
        lo.to_u64()
            .filter(|&r| r < ON_DEMAND_ROWS)
            .ok_or_else(|| RowsError::BeyondOnDemand {
                pile: crate::pairs::abbreviate(lo),
            })?;
    let p = certified_rows(row + 1, ctx)?;
    Ok(p.value(row as usize, hi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;
    use crate::grundy::{Spec, Table};

    #[test]
    fn sweep_equals_the_table() {
        let t = Table::compute(Spec::new(1, 300).unwrap(), &Context::serial()).unwrap();
        let mut s = Sweep::new(20);
        for y in 0..300 {
            s.step().unwrap();
            for x in 0..20 {
                assert_eq!(s.column[x], t.get(x, y) as u64, "({x}, {y})");
            }
        }
    }

    #[test]
    fn known_periods_of_rows_0_to_4() {
        // Rows 0..4 have (y₀, p) = (0,1), (0,3), (0,3), (8,6), (9,12): doc/rows.md, "Values"; for rows
        // 1..4 consistent with the published terms of OEIS A004482–A004485.
        let p = periods(5, 1 << 20, &Context::serial()).unwrap();
        assert_eq!(p.rows, [(0, 1), (0, 3), (0, 3), (8, 6), (9, 12)]);
        // values far out agree with the table
        let t = Table::compute(Spec::new(1, 400).unwrap(), &Context::serial()).unwrap();
        for x in 0..5 {
            for y in 0..400 {
                assert_eq!(p.value(x, &rug::Integer::from(y)), t.get(x, y));
            }
        }
    }

    #[test]
    fn value_at_any_column_and_its_limit() {
        // Xiao, Example 14: G(1, 11) = 9; row 1 is tersum n + 1, so G(1, 3k) = 3k + 1 for k ≥ 1
        assert_eq!(
            value_at(&Integer::from(1), &Integer::from(11), &Context::serial()).unwrap(),
            9
        );
        assert_eq!(
            value_at(&Integer::from(11), &Integer::from(1), &Context::serial()).unwrap(),
            9
        );
        let big = Integer::from(Integer::u_pow_u(10, 40)) * 3;
        assert_eq!(
            value_at(&Integer::from(1), &big, &Context::serial()).unwrap(),
            big.clone() + 1
        );
        // row 0: G(0, y) = y
        assert_eq!(
            value_at(&big, &Integer::from(0), &Context::serial()).unwrap(),
            big
        );
        let t = Table::compute(Spec::new(1, 300).unwrap(), &Context::serial()).unwrap();
        for (x, y) in [(7usize, 250usize), (30, 299), (299, 12)] {
            let g = value_at(&Integer::from(x), &Integer::from(y), &Context::serial()).unwrap();
            assert_eq!(g, t.get(x, y), "({x}, {y})");
        }
        let e = value_at(&Integer::from(ON_DEMAND_ROWS), &big, &Context::serial()).unwrap_err();
        assert!(matches!(e, RowsError::BeyondOnDemand { .. }), "{e}");
        assert!(matches!(
            certified_rows(0, &Context::serial()),
            Err(RowsError::Rows(0))
        ));
        assert!(matches!(
            certified_rows(ON_DEMAND_ROWS + 1, &Context::serial()),
            Err(RowsError::Rows(r)) if r == ON_DEMAND_ROWS + 1
        ));
    }

    #[test]
    fn periods_predict_values_beyond_the_sweep() {
        let p = periods(12, 1 << 22, &Context::serial()).unwrap();
        let n = (p.joint.0 + 3 * p.joint.1 + 50).min(3000) as usize;
        let t = Table::compute(Spec::new(1, n as u64).unwrap(), &Context::new(2)).unwrap();
        for x in 0..12 {
            for y in 0..n {
                assert_eq!(
                    p.value(x, &rug::Integer::from(y)),
                    t.get(x, y),
                    "({x}, {y})"
                );
            }
        }
    }
}
