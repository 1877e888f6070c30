//! The Sprague–Grundy table of generalized Wythoff with any parameter a ≥ 1 (a = 1 is Wythoff's
//! game) by a banded, parallel bitset mex.
//!
//! G(x, y) = mex of the values left in its row, above in its column and on its move diagonals:
//! the cells (x − k, y − l) with k, l ≥ 1 and |k − l| < a.  G is symmetric, so only the upper
//! triangle x ≤ y is computed, with one bitset per *line* i — serving as column i until cell
//! (i, i) and as row i after it (by symmetry, row i's values left of (i, y) are column i's values
//! above (i, i) plus row i's values from the diagonal on) — and one bitset W_d per diagonal
//! d = y − x ≥ 0 holding the values of the *diagonal options* of the next cell of that diagonal.
//!
//! The diagonal options of (x, y) lie on the diagonals e = d + j, |j| < a, in rows
//! u ≤ x − 1 − max(j, 0), all of them at rows < x and columns < y.  Going from (x − 1, y − 1) to
//! (x, y) along diagonal d, exactly one cell per j becomes an option: (x − 1 − max(j, 0),
//! y − 1 + min(j, 0)), read back from the payload (by symmetry when it lies below the main
//! diagonal).  So W_d is kept exact by at most 2a − 1 inserts per cell — the cell's own value
//! (j = 0, for the next cell) and 2a − 2 look-ups — and the mex scans three sets, line x, line y
//! and W_d, whatever a is (doc/grundy.md).  A union is exact here because W_d only ever receives
//! option cells; no value is taken out.
//!
//! Where the search starts: every value below y − 2a·x occurs in row x left of y (doc/grundy.md,
//! fact 4; for a = 1 the bound y − 2x), so line x's first-free pointer is at least that; the search
//! starts at the largest of the three sets' first-free pointers and skips, 64 words at a time, the
//! words that one set alone has full (each set's summary bits, `bits.rs`), reading real words
//! only elsewhere.
//!
//! Rows are cut into bands of [`BAND`] rows, each swept column by column, so a column's set is
//! shared by the band's rows and a diagonal's cache line is reused by the next row one column
//! later.  Band b may process column y once band b − 1 has finished it; bands are dealt to the
//! workers round-robin and a worker that catches up parks (it never spins).  Disjointness: at any
//! time band b touches lines x ∈ band and y, and W_{y − x}; band b − 1 is at a column > y and
//! band b + 1 at a column < y, which makes every set touched by two bands at once impossible
//! (see the proof in the comments of `run_band`).  The look-ups read cells at rows < x and
//! columns < y, which are finished: earlier columns of this band, or cells of earlier bands, which
//! have passed column y (an Acquire on their progress counter orders the reads).
//!
//! Cost: O(N²) cells, each 2a − 1 inserts (a capped at N) and a scan of one to a few words of
//! three sets; memory about 3N² bits of sets whatever a is.

use super::bits::{OutOfRange, Sets, SetsPtr, mex3};
use super::store::PayloadPtr;
use crate::cancel::Cancel;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Rows per band.
pub const BAND: usize = wythoff_files::bands::ROWS as usize;

/// Lengths of the sets: line i holds values ≤ i + N − 1; W_d values ≤ 2N − 2 − d (every value
/// it receives is G of a cell (u, v) with u + v ≤ x + y ≤ 2N − 2 − d, x + d = y < N).
fn line_len(n: usize) -> impl Fn(usize) -> usize {
    move |i| i + n + 1
}
fn diag_len(n: usize) -> impl Fn(usize) -> usize {
    move |d| 2 * n - d + 1
}

/// Bytes of set memory the engine needs for side N.
pub fn memory_bytes(n: usize) -> u64 {
    Sets::bytes_for(n, line_len(n)) + Sets::bytes_for(n, diag_len(n))
}

/// The engine's sets.
pub struct State {
    n: usize,
    /// The parameter a, capped at N (|k − l| ≤ N − 1 on an N×N board, so a ≥ N acts like N).
    a: usize,
    lines: Sets,
    diags: Sets,
}

/// The cells that become diagonal options when diagonal d's walk reaches row x: for each
/// j ≠ 0 with |j| < a, the cell (x − 1 − max(j, 0), y − 1 + min(j, 0)), y = x + d, where it
/// exists (both coordinates ≥ 0).  The cell (x − 1, y − 1) of j = 0 is inserted by its own
/// computation.
#[inline(always)]
fn newcomers(a: usize, x: usize, y: usize) -> impl Iterator<Item = (usize, usize)> {
    // j = −i: (x − 1, y − 1 − i) needs y − 1 − i ≥ 0; j > 0: (x − 1 − j, y − 1) needs x − 1 − j ≥ 0
    let (lo, hi) = if x == 0 {
        (0, 0)
    } else {
        ((a - 1).min(y - 1), (a - 1).min(x - 1))
    };
    let below = (1..=lo).map(move |i| (x - 1, y - 1 - i));
    let above = (1..=hi).map(move |j| (x - 1 - j, y - 1));
    below.chain(above)
}

impl State {
    /// Empty sets for side N and parameter a ≥ 1.
    pub fn new(n: usize, a: u64) -> State {
        State {
            n,
            a: a.clamp(1, n.max(1) as u64) as usize,
            lines: Sets::new(n, line_len(n)),
            diags: Sets::new(n, diag_len(n)),
        }
    }

    /// The sets after rows 0..rows are complete, rebuilt from those rows of a payload (resume):
    /// the same inserts the sweep made, in any order.  A value that cannot be in a correct table
    /// (it does not fit its set) is refused.
    pub fn rebuild(
        n: usize,
        a: u64,
        payload: PayloadPtr,
        rows: usize,
    ) -> Result<State, OutOfRange> {
        let mut s = State::new(n, a);
        let rows = rows.min(n);
        // Every cell read here is (u, v) with u < rows and v < N, or its mirror (v, u) with
        // v < u < rows: a cell of a complete row.
        // SAFETY: u, v < N; rows < `rows` are complete, and no worker runs yet to write any.
        let get = |u: usize, v: usize| unsafe { payload.get(u, v) };
        for x in 0..rows {
            for y in x..n {
                let g = get(x, y);
                if y >= rows {
                    s.lines.insert(y, g)?;
                }
                s.diags.insert(y - x, g)?;
                // the newcomers have u < x < rows and v < y < N
                for (u, v) in newcomers(s.a, x, y) {
                    s.diags.insert(y - x, get(u, v))?;
                }
            }
        }
        Ok(s)
    }
}

/// One run of the engine: which rows of which payload, on how many workers, and whom it tells.
#[derive(Clone, Copy)]
pub struct Run<'r> {
    /// The triangle written.
    pub payload: PayloadPtr,
    /// The first row computed: rows below it are complete already (0, or a resumed table).
    pub from_row: usize,
    /// Worker threads (at least 1 is used, at most one per band).
    pub threads: usize,
    /// Called per column with the cells it finished.
    pub progress: &'r (dyn Fn(u64) + Sync),
    /// Called after each band, in order, with the number of rows complete.
    pub band_done: &'r (dyn Fn(usize) + Sync),
    /// Polled per column by every band.
    pub cancel: &'r Cancel,
}

/// Fills rows `run.from_row..N` of the triangle.  `progress(cells)` is called per column;
/// `band_done(rows_complete)` after each band, in order, with all rows below complete.  Every
/// band polls `cancel` per column (also while it waits for the band above): once it is set, the
/// workers stop, the rows not reported by `band_done` are incomplete and the caller must not
/// use them.
pub fn fill(state: &mut State, run: Run) {
    let Run {
        payload,
        from_row,
        threads,
        progress,
        band_done,
        cancel,
    } = run;
    let (n, a) = (state.n, state.a);
    if from_row >= n {
        return;
    }
    let bands: Vec<(usize, usize)> = (from_row..n)
        .step_by(BAND)
        .map(|b0| (b0, (b0 + BAND).min(n)))
        .collect();
    let done: Vec<AtomicU64> = (0..bands.len()).map(|_| AtomicU64::new(0)).collect();
    let lines = state.lines.ptr();
    let diags = state.diags.ptr();
    let threads = threads.clamp(1, bands.len());
    let next_report = std::sync::Mutex::new(0usize);
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (bands, done, next_report) = (&bands, &done, &next_report);
            scope.spawn(move || {
                for b in (t..bands.len()).step_by(threads) {
                    let prev = if b == 0 { None } else { Some(&done[b - 1]) };
                    let sets = (lines, diags);
                    let band = (bands[b], &done[b]);
                    run_band(n, a, band, sets, payload, prev, progress, cancel);
                    // Report completed bands strictly in order.
                    let mut next = next_report.lock().unwrap();
                    while *next < bands.len() && done[*next].load(Ordering::Acquire) == u64::MAX {
                        band_done(bands[*next].1);
                        *next += 1;
                    }
                }
            });
        }
    });
}

#[allow(clippy::too_many_arguments)]
fn run_band(
    n: usize,
    a: usize,
    ((b0, b1), mine): ((usize, usize), &AtomicU64),
    (lines, diags): (SetsPtr, SetsPtr),
    payload: PayloadPtr,
    prev: Option<&AtomicU64>,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &Cancel,
) {
    for y in b0..n {
        if let Some(p) = prev {
            // Band b − 1 must have finished column y.  Park (sleep) rather than spin; a
            // cancelled band above never finishes, so the wait ends on cancellation too.
            while p.load(Ordering::Acquire) <= y as u64 {
                if cancel.is_cancelled() {
                    return;
                }
                std::thread::park_timeout(Duration::from_micros(50));
            }
        }
        if cancel.is_cancelled() {
            // the band stays unfinished (its counter never reaches u64::MAX): not reported
            return;
        }
        let top = b1.min(y + 1);
        for x in b0..top {
            let d = y - x;
            // Disjointness: this band writes lines x (its rows) and y, and W_d.  Band b − 1
            // is at a column y' > y ≥ x, writing lines y' and x' < b0 ≤ x, and W_{y' − x'} with
            // y' − x' > y − x; band b + 1 waits for us, so it is at a column y'' < y with rows
            // x'' ≥ b1 > x: line y'' < y, line x'' is not yet a row there (x'' > y''), and its
            // W_{y'' − x''} has y'' − x'' < y − x.  Hence no set is touched by two bands at once.
            // Reads: the newcomers lie at rows < x and columns < y (module docs): done by this
            // band at an earlier column, or by an earlier band, which has passed y.  Inserts and
            // the mex: x, y, d < N are sets of theirs; every set holds values of cells (u, v)
            // with u + v ≤ x + y, so the mex g ≤ x + y, within line x (x + N), line y (y + N)
            // and W_d (2N − d) by their lengths; the schedule above gives this band exclusive use.
            // SAFETY: in bounds and exclusive, by the two paragraphs above.
            unsafe {
                if a > 1 {
                    for (u, v) in newcomers(a, x, y) {
                        diags.insert(d, payload.get(u, v));
                    }
                }
                // every value below y − 2a·x is in line x already; a ≤ N ≤ 2^20 keeps 2a·x in u64
                let lower = (y as u64).saturating_sub(2 * a as u64 * x as u64) as u32;
                let from = lower
                    .max(lines.first_free(x))
                    .max(lines.first_free(y))
                    .max(diags.first_free(d));
                if x + 1 < top {
                    // The next cell's search starts near here: ask for its words while this
                    // cell's are worked on (line y's pointer may still move, rarely by much).
                    let lower = (y as u64).saturating_sub(2 * a as u64 * (x as u64 + 1)) as u32;
                    let next = lower
                        .max(lines.first_free(x + 1))
                        .max(lines.first_free(y))
                        .max(diags.first_free(d - 1));
                    lines.prefetch(x + 1, next);
                    lines.prefetch(y, next);
                    diags.prefetch(d - 1, next);
                }
                let g = mex3(lines, x, lines, y, diags, d, from);
                lines.insert(x, g);
                if x != y {
                    lines.insert(y, g);
                }
                diags.insert(d, g);
                payload.put(x, y, g);
            }
        }
        mine.store(y as u64 + 1, Ordering::Release);
        progress((top - b0) as u64);
    }
    mine.store(u64::MAX, Ordering::Release);
}
