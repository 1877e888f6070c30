//! The Sprague–Grundy table of generalized Wythoff with parameter a ≥ 2.
//!
//! The options of (x, y), x ≤ y, d = y − x, are its row and column and the cells (x−k, y−l) with
//! k, l ≥ 1 and |k − l| < a, i.e. the cells of the diagonals e = d + j, |j| < a, in rows
//! u ≤ x − 1 − max(j, 0).  The engine keeps one bitset per line (as for a = 1), and one bitset per
//! diagonal e ∈ (−N, N) holding the values of its cells in all completed rows (the full row of the
//! square, by symmetry, is added when a row of the triangle completes).  For j ≤ 0 the diagonal set
//! is exactly the options on that diagonal; for j > 0 it holds j cells too many — rows
//! x − 1, …, x − j — whose values (distinct along a diagonal, which is a line of moves) are masked
//! out of the word being scanned.  Cost per cell: 2a + 1 words ORed per word scanned and a(a−1)/2
//! table look-ups; memory about 5N² bits.  Single-threaded.

use super::bits::{Sets, SetsPtr};
use super::store::PayloadPtr;

/// Bytes of set memory for side N.
pub fn memory_bytes(n: usize) -> u64 {
    Sets::bytes_for(n, |i| i + n + 1) + Sets::bytes_for(2 * n - 1, |_| 2 * n + 1)
}

/// Fills the whole triangle of side N for parameter a ≥ 2.
pub fn fill(n: usize, a: u64, payload: PayloadPtr, progress: &(dyn Fn(u64) + Sync)) {
    // |k − l| ≤ N − 1 on an N×N board, so any a ≥ N acts like a = N.
    let aa = a.min(n as u64).max(1) as isize;
    let mut lines = Sets::new(n, |i| i + n + 1);
    let mut diags = Sets::new(2 * n - 1, |_| 2 * n + 1);
    let (lp, dp): (SetsPtr, SetsPtr) = (lines.ptr(), diags.ptr());
    let ni = n as isize;
    let didx = |e: isize| (e + ni - 1) as usize;
    // Values to drop, grouped by j: recent[starts[j]..starts[j + 1]].
    let mut recent: Vec<u32> = Vec::new();
    let mut starts: Vec<usize> = vec![0; aa.max(1) as usize + 1];
    for x in 0..n {
        for y in x..n {
            let d = (y - x) as isize;
            // Values of the cells (x − i, x − i + d + j), 1 ≤ i ≤ j < a: in the diagonal sets but
            // not options.
            recent.clear();
            for j in 1..aa {
                starts[j as usize] = recent.len();
                let e = d + j;
                if e >= ni {
                    continue;
                }
                for i in 1..=j {
                    let (u, v) = (x as isize - i, x as isize - i + e);
                    if u < 0 || v >= ni {
                        continue;
                    }
                    recent.push(unsafe { payload.get(u as usize, v as usize) });
                }
            }
            starts[aa as usize] = recent.len();
            let from = unsafe { lp.first_free(x).max(lp.first_free(y)) };
            let mut w = (from / 64) as usize;
            let mut below = (1u64 << (from % 64)).wrapping_sub(1);
            let g = loop {
                let mut used = below | unsafe { lp.word(x, w) | lp.word(y, w) };
                for j in -(aa - 1)..aa {
                    let e = d + j;
                    if e <= -ni || e >= ni {
                        continue;
                    }
                    let mut t = unsafe { dp.word(didx(e), w) };
                    if j > 0 {
                        for &g in &recent[starts[j as usize]..starts[j as usize + 1]] {
                            if (g / 64) as usize == w {
                                t &= !(1u64 << (g % 64));
                            }
                        }
                    }
                    used |= t;
                }
                if used != u64::MAX {
                    break (w * 64) as u32 + (!used).trailing_zeros();
                }
                below = 0;
                w += 1;
            };
            // SAFETY: single-threaded; the sets hold values of earlier cells, each ≤ its
            // x' + y' < x + y, so g ≤ x + y fits line x (x + N + 1) and line y (y + N + 1).
            unsafe {
                lp.insert(x, g);
                if x != y {
                    lp.insert(y, g);
                }
                payload.put(x, y, g);
            }
        }
        // Row x of the square is complete (its left part by symmetry): add it to the diagonals.
        for v in 0..n {
            let g = unsafe { payload.get(x, v) };
            // SAFETY: g ≤ x + v ≤ 2N − 2 fits a diagonal set (2N + 1); single-threaded.
            unsafe { dp.insert(didx(v as isize - x as isize), g) };
        }
        progress((n - x) as u64);
    }
    drop(lines);
    drop(diags);
}
