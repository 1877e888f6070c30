//! The sweep handed out column by column while it runs in batches over threads
//! ([`Sweep::steps`]): what the walks of [`super::per_row`] read — each column's state hash and
//! values — with the exact state at any column on request.
//!
//! A batch ends at a multiple of [`BATCH`] columns, so the states the snapshots keep (at
//! multiples of 1024) are exact batch ends.  The exact state inside a batch — wanted only on a
//! hash match, a rare event — is rebuilt from the batch's first state by single steps.
//!
//! Cost: the sweep's, over `threads` bands; memory two states and a batch of values (BATCH·X).

use super::Sweep;
use super::sweep::Batch;
use crate::error::Result;

/// Columns per batch (a divisor of every snapshot spacing).
pub const BATCH: u64 = 1024;

/// The exact state at a column: a [`Sweep`] itself, or one rebuilt by [`Columns`].
pub trait Exact {
    /// The state S_y at the current column.
    fn exact(&mut self) -> Result<&Sweep>;
}

impl Exact for Sweep {
    fn exact(&mut self) -> Result<&Sweep> {
        Ok(self)
    }
}

/// The sweep from some column on, one column at a time (see the module documentation).
#[derive(Debug)]
pub struct Columns {
    /// The state at the batch's first column.
    first: Sweep,
    /// The state at the batch's end.
    end: Sweep,
    batch: Batch,
    /// Columns of the batch handed out.
    pos: usize,
    /// A state rebuilt inside the batch, and its column.
    inside: Option<Sweep>,
    threads: usize,
    x_rows: usize,
}

impl Columns {
    /// Columns from the state `s` on, computed over `threads` threads (one when a ≠ 1).
    pub fn new(s: Sweep, threads: usize) -> Columns {
        let x_rows = s.column.len();
        let threads = if s.a() == 1 { threads.max(1) } else { 1 };
        Columns {
            end: s.clone(),
            first: s,
            batch: Batch::default(),
            pos: 0,
            inside: None,
            threads,
            x_rows,
        }
    }

    /// The current column y.
    pub fn y(&self) -> u64 {
        self.first.y() + self.pos as u64
    }

    /// Columns computed and not yet handed out.
    fn ready(&self) -> usize {
        self.batch.hashes.len() - self.pos
    }

    /// Computes the next batch when the current one is handed out.
    fn fill(&mut self) -> Result<()> {
        if self.ready() > 0 {
            return Ok(());
        }
        self.first = self.end.clone();
        self.pos = 0;
        self.inside = None;
        let y = self.end.y();
        let n = (BATCH - y % BATCH) as usize;
        if self.end.a() == 1 {
            self.end.steps(n, self.threads, &mut self.batch)
        } else {
            // one column at a time, the general sweep
            self.batch.hashes.clear();
            self.batch.values.clear();
            for _ in 0..n {
                self.batch.hashes.push(self.end.hash());
                self.end.step()?;
                self.batch.values.extend_from_slice(&self.end.column);
            }
            Ok(())
        }
    }

    /// The hash of the state at the current column.
    pub fn hash(&mut self) -> Result<u64> {
        self.fill()?;
        Ok(self.batch.hashes[self.pos])
    }

    /// Computes the current column and moves to the next: the column's values G(x, y).
    pub fn advance(&mut self) -> Result<&[u64]> {
        self.fill()?;
        let c = self.pos;
        self.pos += 1;
        Ok(&self.batch.values[c * self.x_rows..(c + 1) * self.x_rows])
    }
}

impl Exact for Columns {
    fn exact(&mut self) -> Result<&Sweep> {
        if self.pos == 0 {
            return Ok(&self.first);
        }
        if self.ready() == 0 {
            return Ok(&self.end);
        }
        let y = self.y();
        let stale = self.inside.as_ref().is_none_or(|s| s.y() > y);
        if stale {
            self.inside = Some(self.first.clone());
        }
        let s = self.inside.as_mut().expect("set above");
        while s.y() < y {
            s.step()?;
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Banded batches hand out what single steps compute: every column's hash and values, and
    /// the exact state at any column (inside a batch too), for several band counts.
    #[test]
    fn columns_equal_single_steps() {
        for (x_rows, threads) in [(130, 2), (300, 4), (200, 3), (70, 1)] {
            let mut cols = Columns::new(Sweep::new(x_rows), threads);
            let mut s = Sweep::new(x_rows);
            for y in 0..2600u64 {
                assert_eq!(cols.y(), y);
                assert_eq!(cols.hash().unwrap(), s.hash(), "X = {x_rows}, column {y}");
                if y % 331 == 5 || y == 1024 || y == 2047 {
                    let e = cols.exact().unwrap();
                    assert!(e.same_state(&s) && e.hash() == s.hash() && e.y() == y);
                }
                s.step().unwrap();
                assert_eq!(cols.advance().unwrap(), &s.column[..], "column {y}");
            }
        }
    }
}
