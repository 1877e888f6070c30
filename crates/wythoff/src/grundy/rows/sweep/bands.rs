//! The sweep for a = 1 over several threads: the rows cut into bands, one thread per band, each
//! band a column behind the band above it (a pipeline), and the hash rolled afterwards.
//!
//! Cell (x, y) reads the column above it (rows < x at column y), its row (columns < y) and its
//! diagonal δ = y − x (rows < x, columns < y).  So band k may compute column y as soon as band
//! k − 1 has: the column above comes from the bands above, finished, and every diagonal cell it
//! reads lies in an earlier column.  Band 0 starts diagonal y in column y by clearing its slot; it
//! may run at most [`LAG`] columns ahead of the last band, and the sweep keeps X + [`LAG`] diagonal
//! slots, so that a slot it clears holds no diagonal a lower band still reads.  Each slot is
//! written by one band at a time, in the order the pipeline imposes (band k − 1 finishes its cells
//! of diagonal δ, at columns < δ + lo_k, before band k starts column δ + lo_k) — the counters of
//! finished columns, stored with release and read with acquire ordering, carry that order.
//!
//! The state hash is linear in the cells' terms (module [`super`]): each band adds up its terms
//! per column, the last band notes the sum of the diagonal that leaves the state, and the hash of
//! every column is rolled from those sums after the batch — exactly the sequential sweep's, so
//! that a run may mix the two (a checkpoint of one continues in the other; tested).
//!
//! Cost: the sequential sweep's work, spread over the bands (cut so that each band does about
//! the same work, the scan of row x growing with x), plus per column and band the X·k/K values
//! of the bands above copied into its column ring; a batch of n columns ends with all bands at
//! the same column (the pipeline fills and drains once per batch).

use super::{Geometry, Hashing, Sweep, addmod, mex_one, mulmod, put_cell, submod};
use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// How many columns band 0 may run ahead of the last band (the extra diagonal slots).
pub const LAG: usize = 64;

/// The diagonal slots and their sums, shared by the bands: each slot is touched by one band at a
/// time (see the module documentation).
#[derive(Clone, Copy)]
struct Diagonals {
    words: *mut u64,
    sums: *mut u64,
    dw: usize,
}

// SAFETY: the bands touch a slot one at a time, ordered by the release/acquire counters.
unsafe impl Send for Diagonals {}
// SAFETY: as for Send: shared, the slots are still touched by one band at a time.
unsafe impl Sync for Diagonals {}

impl Diagonals {
    /// Slot `k`'s sum.
    ///
    /// # Safety
    /// No other thread may write slot `k` meanwhile.
    // SAFETY: k < slots (the callers reduce mod slots), so the read is inside the sums.
    unsafe fn sum(self, k: usize) -> u64 {
        // SAFETY: in bounds (above); no concurrent write (the caller's guarantee)
        unsafe { *self.sums.add(k) }
    }

    /// Slot `k`'s window and sum.
    ///
    /// # Safety
    /// No other thread may touch slot `k` while the references live.
    // SAFETY: k < slots, so the window k·dw .. (k + 1)·dw and the sum lie inside their vectors.
    unsafe fn slot<'a>(self, k: usize) -> (&'a mut [u64], &'a mut u64) {
        // SAFETY: in bounds (above); exclusive for the references' life (the caller's guarantee)
        unsafe {
            (
                std::slice::from_raw_parts_mut(self.words.add(k * self.dw), self.dw),
                &mut *self.sums.add(k),
            )
        }
    }
}

/// The values of a batch's columns, G(x, y0 + c) at c·X + x: written by each band for its rows,
/// read by the bands below.
#[derive(Clone, Copy)]
struct Values(*mut u64);

// SAFETY: a band writes only its own rows; the rows of a column are read only after their band
// has published the column (release/acquire).
unsafe impl Send for Values {}
// SAFETY: as for Send: shared, each row is still written by its own band and read once published.
unsafe impl Sync for Values {}

impl Values {
    /// The address of value i (a method, so that closures capture the whole wrapper).
    fn at(self, i: usize) -> *mut u64 {
        self.0.wrapping_add(i)
    }
}

/// One band's rows and its working memory.
struct Band<'a> {
    lo: usize,
    rows: &'a mut [u64],
    free: &'a mut [i64],
    /// The column ring of this band: the column above, then its own cells.
    col: Vec<u64>,
    /// Per column of the batch: Σ of this band's row terms and diagonal terms.
    terms: Vec<(u64, u64)>,
}

impl Band<'_> {
    /// Column y of this band's rows (a = 1), the values of the rows above already in `values`.
    ///
    /// # Safety
    /// The slots of diagonals y − hi + 1 ..= y − lo are this band's for the call, and the values
    /// of rows < lo at column y are published.
    // SAFETY: the only unsafe step is the slot of diagonal y − x for x in lo..hi, covered above.
    unsafe fn column(
        &mut self,
        geo: &Geometry,
        hs: &Hashing,
        diags: Diagonals,
        y: i64,
        out: &mut [u64],
        above: &[u64],
    ) -> Result<(u64, u64)> {
        let (nw, wmask) = (geo.nw, geo.nw * 64 - 1);
        let hi = self.lo + self.free.len();
        for &g in above {
            let p = ((g as i64 + geo.low) as usize) & wmask;
            self.col[p / 64] |= 1 << (p % 64);
        }
        let ys = (y as u64 % geo.slots as u64) as usize;
        let mut terms = (0, 0);
        for x in self.lo..hi {
            let i = x - self.lo;
            let delta = y - x as i64;
            let own = if ys >= x { ys - x } else { ys + geo.slots - x };
            // SAFETY: diagonal δ = y − x is this band's (the caller's guarantee)
            let (diag, dsum) = unsafe { diags.slot(own) };
            let v = self.free[i];
            let row = &mut self.rows[i * nw..(i + 1) * nw];
            let g = mex_one(row, &self.col, diag, v + geo.low, geo.dlow - delta, v);
            let t = put_cell(
                geo,
                hs,
                x,
                y,
                g,
                row,
                &mut self.free[i],
                &mut self.col,
                diag,
                dsum,
            )?;
            terms = (addmod(terms.0, t.0), addmod(terms.1, t.1));
            out[i] = g as u64;
        }
        for &g in above.iter().chain(out.iter()) {
            let p = ((g as i64 + geo.low) as usize) & wmask;
            self.col[p / 64] &= !(1u64 << (p % 64));
        }
        Ok(terms)
    }
}

/// Raises the flag when its thread panics, so that the other bands stop waiting.
struct OnPanic<'a>(&'a AtomicBool);

impl Drop for OnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// Row bounds of `k` bands over X rows with about equal work: row x costs about X + x (a fixed
/// part and a scan that grows with x).
fn cuts(x_rows: usize, k: usize) -> Vec<usize> {
    let weight = |x: usize| (x_rows + x) as u128;
    let total: u128 = (0..x_rows).map(weight).sum();
    let mut cuts = vec![0];
    let mut acc = 0u128;
    for x in 0..x_rows {
        acc += weight(x);
        if cuts.len() < k && acc * k as u128 >= total * cuts.len() as u128 && x + 1 < x_rows {
            cuts.push(x + 1);
        }
    }
    cuts.push(x_rows);
    cuts
}

/// What a batch gives per column: the hash of the state before it and its values.
#[derive(Debug, Default)]
pub struct Batch {
    /// `hashes[c]`: the hash of S_{y0+c}.
    pub hashes: Vec<u64>,
    /// `values[c·X + x]` = G(x, y0 + c).
    pub values: Vec<u64>,
}

impl Sweep {
    /// Computes the next `n` columns with `threads` bands (a = 1; threads ≥ 1, at most one band
    /// per 64 rows), filling `batch` with each column's state hash and values, and ends in the
    /// same state as `n` calls of [`Sweep::step`].
    // One function (a hot kernel): the bands' worker closure shares the pipeline's counters, its
    // failure flag and the raw pointers into the state as locals; split, they would cross calls.
    #[allow(clippy::needless_range_loop)] // `leaving` is the last band's only
    pub fn steps(&mut self, n: usize, threads: usize, batch: &mut Batch) -> Result<()> {
        if self.a != 1 {
            return Err(Error::internal("the banded sweep is for a = 1"));
        }
        let xr = self.geo.x_rows;
        let geo = self.geo;
        let k = threads.clamp(1, (xr / 64).max(1));
        let cuts = cuts(xr, k);
        batch.hashes.clear();
        batch.values.clear();
        batch.values.resize(n * xr, 0);
        let y0 = self.y as i64;
        let live = geo.live;
        let mut leaving = vec![0u64; n];
        let diags = Diagonals {
            words: self.diags.as_mut_ptr(),
            sums: self.diag_sum.as_mut_ptr(),
            dw: geo.dw,
        };
        let values = Values(batch.values.as_mut_ptr());
        let done: Vec<AtomicU64> = (0..k).map(|_| AtomicU64::new(0)).collect();
        let failed = AtomicBool::new(false);
        let mut bands = Vec::with_capacity(k);
        {
            let (mut rows, mut free) = (&mut self.rows[..], &mut self.free[..]);
            for b in 0..k {
                let m = cuts[b + 1] - cuts[b];
                let (r, rest) = std::mem::take(&mut rows).split_at_mut(m * geo.nw);
                let (f, frest) = std::mem::take(&mut free).split_at_mut(m);
                (rows, free) = (rest, frest);
                bands.push(Band {
                    lo: cuts[b],
                    rows: r,
                    free: f,
                    col: vec![0; geo.nw],
                    terms: vec![(0, 0); n],
                });
            }
        }
        let hs = std::sync::Arc::clone(&self.hashing);
        let hs: &Hashing = &hs;
        let run = |b: usize, band: &mut Band, leaving: &mut [u64]| -> Result<()> {
            let _stop_the_others = OnPanic(&failed);
            let wait = |counter: &AtomicU64, at_least: u64| -> bool {
                let mut spins = 0u32;
                while counter.load(Ordering::Acquire) < at_least {
                    if failed.load(Ordering::Relaxed) {
                        return false;
                    }
                    spins += 1;
                    if spins < 1 << 10 {
                        std::hint::spin_loop();
                    } else {
                        std::thread::yield_now();
                    }
                }
                true
            };
            for c in 0..n {
                let y = y0 + c as i64;
                if b > 0 && !wait(&done[b - 1], c as u64 + 1) {
                    return Ok(());
                }
                if b == 0 && c + 1 > LAG && !wait(&done[k - 1], (c + 1 - LAG) as u64) {
                    return Ok(());
                }
                if b == k - 1 {
                    // the diagonal y − (X + a − 1) leaves the state: its sum, final now
                    let slot = (y - live as i64).rem_euclid(geo.slots as i64) as usize;
                    // SAFETY: no band writes that diagonal any more, and band 0 clears its slot
                    // only LAG columns later
                    leaving[c] = unsafe { diags.sum(slot) };
                }
                if b == 0 {
                    // diagonal y starts in the slot of diagonal y − slots
                    let slot = (y as u64 % geo.slots as u64) as usize;
                    // SAFETY: the last band is past column y − LAG, so no band reads that slot
                    let (w, s) = unsafe { diags.slot(slot) };
                    w.fill(0);
                    *s = 0;
                }
                let (lo, hi) = (band.lo, band.lo + band.free.len());
                // SAFETY: rows < lo of column c are published (waited for above); rows lo..hi
                // are this band's
                let (above, out) = unsafe {
                    (
                        std::slice::from_raw_parts(values.at(c * xr), lo),
                        std::slice::from_raw_parts_mut(values.at(c * xr + lo), hi - lo),
                    )
                };
                // SAFETY: the diagonals of this band's cells are its own (the pipeline's order)
                // and the rows above are published (waited for above)
                match unsafe { band.column(&geo, hs, diags, y, out, above) } {
                    Ok(t) => band.terms[c] = t,
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                }
                done[b].store(c as u64 + 1, Ordering::Release);
            }
            Ok(())
        };
        if k == 1 {
            run(0, &mut bands[0], &mut leaving)?;
        } else {
            let results: Vec<Result<()>> = std::thread::scope(|scope| {
                let mut it = bands.iter_mut().enumerate();
                let (_, first) = it.next().expect("one band");
                let mut others = Vec::new();
                let mut last_leaving = Some(&mut leaving);
                let run = &run;
                for (b, band) in it {
                    let l = if b == k - 1 {
                        last_leaving.take()
                    } else {
                        None
                    };
                    others.push(scope.spawn(move || {
                        let mut scratch = Vec::new();
                        match l {
                            Some(l) => run(b, band, l),
                            None => run(b, band, &mut scratch),
                        }
                    }));
                }
                let mut rs = vec![run(0, first, &mut [])];
                rs.extend(others.into_iter().map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(Error::internal("a band of the sweep panicked")))
                }));
                rs
            });
            results.into_iter().collect::<Result<Vec<()>>>()?;
        }
        let terms: Vec<(u64, u64)> = (0..n)
            .map(|c| {
                (bands.iter()).fold((0, 0), |s, b| {
                    (addmod(s.0, b.terms[c].0), addmod(s.1, b.terms[c].1))
                })
            })
            .collect();
        drop(bands);
        // roll the hash column by column
        for (&(tr, td), left) in terms.iter().zip(&leaving) {
            batch.hashes.push(self.hash());
            let h_diag = submod(self.h_diag, mulmod(hs.c_pow[live], *left));
            self.h_diag = mulmod(addmod(h_diag, td), hs.c_pow[1]);
            self.h_rows = mulmod(submod(addmod(self.h_rows, tr), hs.row_coef_sum), hs.b_inv);
        }
        if n > 0 {
            self.column
                .copy_from_slice(&batch.values[(n - 1) * xr..n * xr]);
        }
        self.y += n as u64;
        Ok(())
    }
}
