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
//! integers it covers instead of assuming it.  A_n comes from the bulk pairs generator
//! ([`super::each_pair`]), exact at every index; everything else is integer addition, checked
//! against overflow of 128 bits: no floating point.
//!
//! From it:
//! * A035513 / A083412: the array by antidiagonals d = n + k − 2 = 0, 1, …, row n = 1..d+1 first
//!   (A035513) or column k = 1..d+1 first (A083412, the transpose's order); O(d²) for d
//!   antidiagonals, d ≤ 183 before a value passes 2^128 ([`ANTIDIAGONALS_MAX`] terms);
//! * A080164, Kimberling's Wythoff difference array d(i, j) = W(i, 2j) − W(i, 2j − 1) =
//!   W(i, 2j − 2) (the recurrence; W(i, 0) = A_i), by antidiagonals, row i first;
//! * A020941, the diagonal W(n, n);
//! * A064274, A003603, A019586, A035612: the cell (row, column) of each integer m ≤ M, found by
//!   writing out every row up to M — O(M) time, 5 bytes per integer plus A_n for n ≤ M/2 + 2.
//!   The position of m in A035513 is d(d+1)/2 + n for m = W(n, k), d = n + k − 2.

use crate::error::{Error, Result};

/// Terms of A035513 and A083412 whose values fit in 128 bits: the antidiagonals d ≤ 182
/// (antidiagonal 183 holds a value past 2^128 − 1; tested).
pub const ANTIDIAGONALS_MAX: u64 = 183 * 184 / 2;
/// Terms of A080164 whose values fit in 128 bits: the antidiagonals s ≤ 93 (tested).
pub const DIFFERENCES_MAX: u64 = 93 * 94 / 2;
/// Terms of A020941 whose values fit in 128 bits: W(n, n) for n ≤ 172 (tested).
pub const DIAGONAL_MAX: u64 = 172;
/// Integers located by [`Cells::up_to`] at most (memory: about 13 bytes per integer).
pub const CELLS_MAX: u64 = 10_000_000;

/// A_n = ⌊nφ⌋ for n = 0..=n_max, from the bulk generator.
fn lower(n_max: u64) -> Result<Vec<u128>> {
    let mut v = Vec::with_capacity(n_max as usize + 1);
    super::each_pair(1, 0, n_max, &mut |a, _| v.push(a))?;
    Ok(v)
}

fn overflow() -> Error {
    Error::domain("a Wythoff array value past 2^128 - 1")
}

/// W(n, 1), …, W(n, k) for n ≥ 1 (`a_n` = A_n), each by the Fibonacci recurrence.
fn row(n: u64, a_n: u128, k: u64) -> Result<Vec<u128>> {
    let (mut prev, mut cur) = (u128::from(n - 1), a_n);
    let mut v = Vec::with_capacity(k as usize);
    for _ in 0..k {
        let next = prev.checked_add(cur).ok_or_else(overflow)?;
        (prev, cur) = (cur, next);
        v.push(cur);
    }
    Ok(v)
}

/// The least number of antidiagonals holding `count` terms (d(d+1)/2 ≥ count).
fn antidiagonals_holding(count: u64) -> u64 {
    let mut d = 0;
    while d * (d + 1) / 2 < count {
        d += 1;
    }
    d
}

/// The first `count` terms of the Wythoff array by antidiagonals: W(1, d+1), W(2, d), …,
/// W(d+1, 1) for d = 0, 1, … (A035513), or in the reverse order within each antidiagonal, column
/// k = 1 first (`transposed`, A083412).
pub fn antidiagonals(count: u64, transposed: bool) -> Result<Vec<u128>> {
    let d = antidiagonals_holding(count);
    let a = lower(d)?;
    // rows n = 1..=d, row n to column d + 1 − n
    let rows: Vec<Vec<u128>> = (1..=d)
        .map(|n| row(n, a[n as usize], d + 1 - n))
        .collect::<Result<_>>()?;
    let mut v = Vec::with_capacity(count as usize);
    'all: for s in 0..d as usize {
        for i in 0..=s {
            if v.len() as u64 == count {
                break 'all;
            }
            // row n = r + 1, column k = s − r + 1
            let r = if transposed { s - i } else { i };
            v.push(rows[r][s - r]);
        }
    }
    Ok(v)
}

/// The first `count` terms of the Wythoff difference array by antidiagonals s = 1, 2, …:
/// d(1, s), d(2, s − 1), …, d(s, 1), with d(i, j) = W(i, 2j) − W(i, 2j − 1) = W(i, 2j − 2)
/// (A080164).
pub fn differences(count: u64) -> Result<Vec<u128>> {
    let s_max = antidiagonals_holding(count);
    let a = lower(s_max)?;
    let mut v = Vec::with_capacity(count as usize);
    'all: for s in 1..=s_max {
        for i in 1..=s {
            if v.len() as u64 == count {
                break 'all;
            }
            let j = s + 1 - i;
            // W(i, 0) = A_i, then columns 1..=2j − 2
            let w = row(i, a[i as usize], 2 * j - 2)?;
            v.push(if j == 1 {
                a[i as usize]
            } else {
                w[2 * j as usize - 3]
            });
        }
    }
    Ok(v)
}

/// W(n, n) for n = 1..=count (A020941).
pub fn diagonal(count: u64) -> Result<Vec<u128>> {
    let a = lower(count)?;
    (1..=count)
        .map(|n| Ok(row(n, a[n as usize], n)?[n as usize - 1]))
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_are_where_128_bits_end() {
        assert_eq!(
            antidiagonals(ANTIDIAGONALS_MAX, false).unwrap().len(),
            ANTIDIAGONALS_MAX as usize
        );
        assert!(antidiagonals(ANTIDIAGONALS_MAX + 1, false).is_err());
        assert_eq!(
            differences(DIFFERENCES_MAX).unwrap().len(),
            DIFFERENCES_MAX as usize
        );
        assert!(differences(DIFFERENCES_MAX + 1).is_err());
        assert_eq!(diagonal(DIAGONAL_MAX).unwrap().len(), DIAGONAL_MAX as usize);
        assert!(diagonal(DIAGONAL_MAX + 1).is_err());
    }
}
