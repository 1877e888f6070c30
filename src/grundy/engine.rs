//! The Sprague–Grundy table of Wythoff's game (a = 1) by a banded, parallel bitset mex.
//!
//! G(x, y) = mex of the values left in its row, above in its column and up-left on its diagonal.
//! G is symmetric, so only the upper triangle x ≤ y is computed, with one bitset per *line* i —
//! serving as column i until cell (i, i) and as row i after it (by symmetry, row i's values left
//! of (i, y) are column i's values above (i, i) plus row i's values from the diagonal on) — and one
//! bitset per diagonal d = y − x ≥ 0.  Each set keeps a *first free* pointer, and since every value
//! below y − 2x already occurs in row x left of y (doc/grundy.md, fact 4), the mex search starts
//! at the largest of the three pointers and y − 2x and ORs the three bitsets a 64-bit word at a
//! time.
//!
//! Rows are cut into bands of [`BAND`] rows, each swept column by column, so a column's set is
//! shared by the band's rows and a diagonal's cache line is reused by the next row one column
//! later.  Band b may process column y once band b − 1 has finished it; bands are dealt to the
//! workers round-robin and a worker that catches up parks (it never spins).  Disjointness: at any
//! time band b touches lines x ∈ band and y, and diagonals y − x; band b − 1 is at a column > y and
//! band b + 1 at a column < y, which makes every set touched by two bands at once impossible
//! (see the proof in the comments of `run_band`).
//!
//! Cost: O(N²) cells, each one to a few word operations; memory about 3N² bits of sets.

use super::bits::{OutOfRange, Sets, SetsPtr, mex3};
use super::store::PayloadPtr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Rows per band.
pub const BAND: usize = 64;

/// Lengths of the sets: line i holds values ≤ i + N − 1; diagonal d values ≤ 2N − 2 − d.
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
    lines: Sets,
    diags: Sets,
}

impl State {
    /// Empty sets for side N.
    pub fn new(n: usize) -> State {
        State {
            n,
            lines: Sets::new(n, line_len(n)),
            diags: Sets::new(n, diag_len(n)),
        }
    }

    /// The sets after rows 0..rows are complete, rebuilt from those rows of a payload (resume).
    /// A value that cannot be in a correct table (it does not fit its set) is refused.
    pub fn rebuild(n: usize, payload: PayloadPtr, rows: usize) -> Result<State, OutOfRange> {
        let mut s = State::new(n);
        for x in 0..rows.min(n) {
            for y in x..n {
                // SAFETY: x ≤ y < N; rows < `rows` are complete and no worker runs yet.
                let g = unsafe { payload.get(x, y) };
                if y >= rows {
                    s.lines.insert(y, g)?;
                }
                s.diags.insert(y - x, g)?;
            }
        }
        Ok(s)
    }
}

/// Fills rows `from_row..N` of the triangle.  `progress(cells)` is called per column;
/// `band_done(rows_complete)` after each band, in order, with all rows below complete.
pub fn fill(
    state: &mut State,
    payload: PayloadPtr,
    from_row: usize,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
    band_done: &(dyn Fn(usize) + Sync),
) {
    let n = state.n;
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
                    run_band(n, bands[b], lines, diags, payload, prev, &done[b], progress);
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
    (b0, b1): (usize, usize),
    lines: SetsPtr,
    diags: SetsPtr,
    payload: PayloadPtr,
    prev: Option<&AtomicU64>,
    mine: &AtomicU64,
    progress: &(dyn Fn(u64) + Sync),
) {
    for y in b0..n {
        if let Some(p) = prev {
            // Band b − 1 must have finished column y.  Park (sleep) rather than spin.
            while p.load(Ordering::Acquire) <= y as u64 {
                std::thread::park_timeout(Duration::from_micros(50));
            }
        }
        let top = b1.min(y + 1);
        for x in b0..top {
            let d = y - x;
            // Disjointness: this band writes lines x (its rows) and y, and diagonal d.  Band b − 1
            // is at a column y' > y ≥ x, writing lines y' and x' < b0 ≤ x, and diagonals
            // y' − x' > y − x; band b + 1 waits for us, so it is at a column y'' < y with rows
            // x'' ≥ b1 > x: line y'' < y, line x'' is not yet a row there (x'' > y''), and its
            // diagonals y'' − x'' < y − x.  Hence no set is touched by two bands at once.
            // SAFETY (inserts): every set holds values of earlier cells, each ≤ its x' + y' <
            // x + y, so the mex g ≤ x + y, within line x (x + N), line y (y + N) and diagonal d
            // (2N − d) by their lengths; the schedule above gives this band exclusive use.
            unsafe {
                let lower = (y as u32).saturating_sub(2 * x as u32);
                let from = lower
                    .max(lines.first_free(x))
                    .max(lines.first_free(y))
                    .max(diags.first_free(d));
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
