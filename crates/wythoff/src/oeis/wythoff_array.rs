//! The Wythoff array and its relatives, exactly, from the lower Wythoff numbers A_n = ⌊nφ⌋.
//!
//! The Wythoff array (D. R. Morrison, "A Stolarsky array of Wythoff pairs", 1980; C. Kimberling,
//! "The Zeckendorf array equals the Wythoff array", Fibonacci Quarterly 33, 1995) has rows
//! n = 1, 2, … and columns k = 1, 2, …: row n is the Fibonacci-like sequence that starts, one
//! step before column 1, with the pair (n − 1, A_n):
//!
//!   W(n, −1) = n − 1,  W(n, 0) = A_n,  W(n, k) = W(n, k − 1) + W(n, k − 2),
//!
//! which is H. Bottomley's W(n, k) = F(k+1)·A_n + F(k)·(n − 1) (A035513).  So W(n, 1) = A_n + n − 1
//! = B_n − 1 and every pair (W(n, 2j − 1), W(n, 2j)) is a Wythoff P-pair.  The array contains
//! every positive integer exactly once (Morrison; Kimberling) — [`Cells::up_to`] checks this for the
//! integers it covers instead of assuming it.  A_n comes from the bulk pairs generator (the
//! catalogue's `each_pair`), exact at every index; everything else is integer addition: no
//! floating point.
//!
//! From it:
//! * A035513 / A083412: the array by antidiagonals d = n + k − 2 = 0, 1, …, row n = 1..d+1 first
//!   (A035513) or column k = 1..d+1 first (A083412, the transpose's order), as big integers
//!   (values pass 2^128 at antidiagonal 183), streamed: one antidiagonal is held — each row's last
//!   two values, stepped once per antidiagonal — so memory is O(d²) bits and time O(d³/64) word
//!   operations for d antidiagonals;
//! * A080164, Kimberling's Wythoff difference array d(i, j) = W(i, 2j) − W(i, 2j − 1) =
//!   W(i, 2j − 2) (the recurrence; W(i, 0) = A_i), by antidiagonals, row i first: the same stream,
//!   each row stepped twice per antidiagonal;
//! * A020941, the diagonal W(n, n) = F(n+1)·A_n + F(n)·(n − 1), the Fibonacci pair carried along;
//! * A064274, A003603, A019586, A035612: the cell (row n, column k) of each integer m, streamed
//!   by [`cell`] from m's Zeckendorf representation m = F(e_1) + … + F(e_r), e_1 < … < e_r,
//!   e_1 ≥ 2 (F(2) = 1), no two indices adjacent: the Wythoff array is Kimberling's Zeckendorf
//!   array, whose column k holds the m with e_1 = k + 1 and whose rows are Fibonacci-like, so
//!   shifting every index of m down by k + 1 steps back along m's row to column −1, where
//!   W(n, −1) = n − 1: n − 1 = F(e_1 − k − 1) + … + F(e_r − k − 1).  O(log m) per integer,
//!   constant memory.  [`Cells::up_to`] locates every m ≤ M by writing out every row up to M
//!   instead (O(M) time, 13 bytes per integer; the tests' independent reference).  The position
//!   of m in A035513 is d(d+1)/2 + n for m = W(n, k), d = n + k − 2.
//!
//! The big-integer entries stop where their b-file would pass [`BFILE_BYTES`] (4 GiB): the
//! constants below are the exact term counts, each tied to the exact line lengths by a test.

use crate::error::{Error, Result};
use rug::{Assign, Integer};

/// The b-file size the big-integer entries stay within: 2^32 bytes.
pub const BFILE_BYTES: u64 = 1 << 32;
/// Terms of A035513 whose b-file (offset 1) is at most [`BFILE_BYTES`] (tested).
pub const ANTIDIAGONALS_MAX: u64 = 12_083_359;
/// Terms of A083412 whose b-file (offset 0, column-first order) is at most [`BFILE_BYTES`]
/// (tested).
pub const TRANSPOSED_MAX: u64 = 12_085_193;
/// Terms of A080164 whose b-file (offset 1) is at most [`BFILE_BYTES`] (tested).
pub const DIFFERENCES_MAX: u64 = 7_687_387;
/// Terms of A020941 whose b-file (offset 1) is at most [`BFILE_BYTES`] (tested).
pub const DIAGONAL_MAX: u64 = 202_674;
/// Integers located by [`Cells::up_to`] at most (memory: about 13 bytes per integer).
pub const CELLS_MAX: u64 = 10_000_000;

/// A_n = ⌊nφ⌋ for n = 0..=n_max, from the bulk generator.
fn lower(n_max: u64) -> Result<Vec<u128>> {
    let mut v = Vec::with_capacity(n_max as usize + 1);
    super::each_pair(1, 0, n_max, &mut |a, _| v.push(a))?;
    Ok(v)
}

/// The least number of antidiagonals holding `count` terms (d(d+1)/2 ≥ count).
fn antidiagonals_holding(count: u64) -> u64 {
    let mut d = 0u64;
    while d * (d + 1) / 2 < count {
        d += 1;
    }
    d
}

/// A row's last two values (W(n, k − 1), W(n, k)), stepped along the row.
struct Row(Integer, Integer);

impl Row {
    /// Row n at column 0: (W(n, −1), W(n, 0)) = (n − 1, A_n).
    fn start(n: u64, a_n: u128) -> Row {
        Row(Integer::from(n - 1), Integer::from(a_n))
    }

    /// One column on: (W(n, k), W(n, k + 1)).
    fn step(&mut self) {
        self.0 += &self.1;
        std::mem::swap(&mut self.0, &mut self.1);
    }
}

/// The rows 1..=d of antidiagonal-ordered streams: each antidiagonal adds a row at column
/// `first_column` and steps every older row `steps` columns; `f` gets the rows' current values
/// (row 1 first, or last if `reversed`) until `count` terms are out.
fn by_antidiagonals(
    count: u64,
    steps: u32,
    first_column: u32,
    reversed: bool,
    f: &mut dyn FnMut(&Integer) -> Result<()>,
) -> Result<()> {
    let d_max = antidiagonals_holding(count);
    let a = lower(d_max)?;
    let mut rows: Vec<Row> = Vec::with_capacity(d_max as usize);
    let mut left = count;
    for n in 1..=d_max {
        for r in rows.iter_mut() {
            for _ in 0..steps {
                r.step();
            }
        }
        let mut r = Row::start(n, a[n as usize]);
        for _ in 0..first_column {
            r.step();
        }
        rows.push(r);
        let take = left.min(n) as usize;
        if reversed {
            rows.iter().rev().take(take).try_for_each(|r| f(&r.1))?;
        } else {
            rows.iter().take(take).try_for_each(|r| f(&r.1))?;
        }
        left -= take as u64;
    }
    Ok(())
}

/// The first `count` terms of the Wythoff array by antidiagonals, to `f`: W(1, d+1), W(2, d), …,
/// W(d+1, 1) for d = 0, 1, … (A035513), or in the reverse order within each antidiagonal, column
/// k = 1 first (`transposed`, A083412).
pub fn antidiagonals(
    count: u64,
    transposed: bool,
    f: &mut dyn FnMut(&Integer) -> Result<()>,
) -> Result<()> {
    by_antidiagonals(count, 1, 1, transposed, f)
}

/// The first `count` terms of the Wythoff difference array by antidiagonals s = 1, 2, …, to `f`:
/// d(1, s), d(2, s − 1), …, d(s, 1), with d(i, j) = W(i, 2j) − W(i, 2j − 1) = W(i, 2j − 2)
/// (A080164).
pub fn differences(count: u64, f: &mut dyn FnMut(&Integer) -> Result<()>) -> Result<()> {
    by_antidiagonals(count, 2, 0, false, f)
}

/// W(n, n) = F(n+1)·A_n + F(n)·(n − 1) for n = 1..=count, to `f` (A020941).
pub fn diagonal(count: u64, f: &mut dyn FnMut(&Integer) -> Result<()>) -> Result<()> {
    let a = lower(count)?;
    // (F(n), F(n+1)) from (F(1), F(2)) = (1, 1)
    let (mut fib, mut fib1) = (Integer::from(1), Integer::from(1));
    let mut w = Integer::new();
    for n in 1..=count {
        w.assign(&fib1 * a[n as usize]);
        w += &fib * (n - 1);
        f(&w)?;
        fib += &fib1;
        std::mem::swap(&mut fib, &mut fib1);
    }
    Ok(())
}

/// F(0), F(1), …, F(94) (F(93) ≤ 2^64 − 1 < F(94)).
const FIB: [u128; 95] = {
    let mut f = [0u128; 95];
    f[1] = 1;
    let mut i = 2;
    while i < 95 {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
};

/// The cell (row n, column k), both from 1, of m ≥ 1 in the Wythoff array, from m's Zeckendorf
/// representation (greedy: the largest Fibonacci number ≤ what is left, which never takes two
/// adjacent indices).
pub fn cell(m: u64) -> (u64, u32) {
    let mut left = u128::from(m);
    let mut parts = [0usize; 64];
    let mut r = 0;
    let mut i = 94;
    while left > 0 {
        while FIB[i] > left {
            i -= 1;
        }
        left -= FIB[i];
        parts[r] = i;
        r += 1;
        i -= 1;
    }
    let low = parts[r - 1]; // e_1 ≥ 2: F(1) = F(2) is never taken by the greedy from above
    let n_minus_1: u128 = parts[..r].iter().map(|&e| FIB[e - low]).sum();
    (n_minus_1 as u64 + 1, low as u32 - 1)
}

/// The index of m ≥ 1 in A035513: d(d+1)/2 + n for m = W(n, k), d = n + k − 2 (< 2^127).
pub fn position(m: u64) -> u128 {
    let (n, k) = cell(m);
    let (n, d) = (u128::from(n), u128::from(n) + u128::from(k) - 2);
    d * (d + 1) / 2 + n
}

/// The cell of every integer 1..=M in the Wythoff array.
pub struct Cells {
    /// Row of m (from 1), index m; 0 at index 0.
    rows: Vec<u32>,
    /// Column of m (from 1), index m.
    columns: Vec<u8>,
}

impl Cells {
    /// Writes out every row n with W(n, 1) ≤ M up to its last value ≤ M and records where each
    /// m ≤ M occurs.  An integer found twice or never is an error (the array is a permutation of
    /// the positive integers, so neither happens).
    pub fn up_to(m: u64) -> Result<Cells> {
        if m > CELLS_MAX {
            return Err(Error::usage(format!(
                "the Wythoff array cells are located up to {CELLS_MAX} (asked for {m})"
            )));
        }
        let size = m as usize + 1;
        let mut rows = vec![0u32; size];
        let mut columns = vec![0u8; size];
        // W(n, 1) = A_n + n − 1 > (φ + 1)n − 2 > M for n > M/2 + 1
        let a = lower(m / 2 + 2)?;
        let top = u128::from(m);
        for n in 1..a.len() as u64 {
            let (mut prev, mut cur) = (u128::from(n - 1), a[n as usize]);
            let mut k = 0u8;
            loop {
                (prev, cur) = (cur, prev + cur); // ≤ 2M: no overflow
                k += 1;
                if cur > top {
                    break;
                }
                let i = cur as usize;
                if rows[i] != 0 {
                    return Err(Error::internal(format!("{cur} twice in the Wythoff array")));
                }
                rows[i] = n as u32;
                columns[i] = k;
            }
        }
        if let Some(i) = (1..size).find(|&i| rows[i] == 0) {
            return Err(Error::internal(format!("{i} not in the Wythoff array")));
        }
        Ok(Cells { rows, columns })
    }

    /// The row (from 1) holding m, 1 ≤ m ≤ M.
    pub fn row(&self, m: u64) -> u32 {
        self.rows[m as usize]
    }

    /// The column (from 1) holding m, 1 ≤ m ≤ M.
    pub fn column(&self, m: u64) -> u8 {
        self.columns[m as usize]
    }

    /// The index of m in A035513 (offset 1; 0 for m = 0), 0 ≤ m ≤ M: d(d+1)/2 + n for
    /// m = W(n, k), d = n + k − 2.
    pub fn position(&self, m: u64) -> u128 {
        if m == 0 {
            return 0;
        }
        let (n, k) = (u128::from(self.row(m)), u128::from(self.column(m)));
        let d = n + k - 2;
        d * (d + 1) / 2 + n
    }
}
