//! The g-values of the sweep compared with a Grundy table, cell by cell (`gvalue G --against`),
//! and with a g-value file, record by record (`gvalue --check FILE`, [`check_file`]).
//!
//! Algorithm: rows x = 0..N−1 are swept for the values h ≤ G; for each row the sweep's cells
//! (x, y_h), x ≤ y_h < N, are set beside the table's row x from column x on: every table cell of
//! value v ≤ G must be the sweep's cell of v, and every sweep cell inside must hold its value in
//! the table — so the two sets of cells x ≤ y < N of value ≤ G are equal.  The table comes from
//! the table engine (doc/grundy.md), the sweep from the greedy rule (doc/gvalues.md): two
//! independent computations.  Cost: one read of the upper triangle, N²/2 cells, and the sweep of
//! N rows.

use super::sweep::{GValue, GValues, Sweep};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::files::gvalues as file;
use std::path::Path;

/// The outcome of a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The table's side N.
    pub side: u64,
    /// The values compared, 0..=top.
    pub top: u32,
    /// The cells x ≤ y < N of value ≤ top found equal.
    pub cells: u64,
    /// The first cell that differs: (x, y, the table's value, the sweep's value or `None` when
    /// the sweep has no value ≤ top there).
    pub first_wrong: Option<(u64, u64, u32, Option<u32>)>,
}

/// Compares the values 0..=`top` of the sweep with `get(x, y)` (the table's G) for
/// x ≤ y < `side`; `ctx`'s progress counts the rows done (1024 at a time), its flag stops the
/// comparison between such blocks ([`Error::Cancelled`]).
pub fn against_table(
    get: &dyn Fn(u64, u64) -> u32,
    side: u64,
    top: u32,
    ctx: &Context,
) -> Result<Comparison> {
    let mut sweep = Sweep::new(top, super::window_cap(side))?;
    let mut at: Vec<Option<u64>> = vec![None; top as usize + 1];
    let mut c = Comparison {
        side,
        top,
        cells: 0,
        first_wrong: None,
    };
    for x in 0..side {
        at.iter_mut().for_each(|a| *a = None);
        sweep.step(&mut |v| at[v.g as usize] = Some(v.y))?;
        // every table cell of value ≤ top is the sweep's cell of that value
        for y in x..side {
            let v = get(x, y);
            if v > top {
                continue;
            }
            if at[v as usize] != Some(y) {
                let swept = (0..=top).find(|&h| at[h as usize] == Some(y));
                c.first_wrong = Some((x, y, v, swept));
                return Ok(c);
            }
            c.cells += 1;
        }
        // and every sweep cell inside holds its value in the table
        for (h, y) in at.iter().enumerate() {
            if let Some(y) = *y
                && y < side
                && get(x, y) != h as u32
            {
                c.first_wrong = Some((x, y, get(x, y), Some(h as u32)));
                return Ok(c);
            }
        }
        if x % 1024 == 1023 {
            ctx.report(1024);
            ctx.check()?;
        }
    }
    ctx.report(side % 1024);
    Ok(c)
}

/// The outcome of checking a g-value file against the sweep ([`check_file`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileCheck {
    /// The file's G.
    pub g: u32,
    /// Its records.
    pub count: u64,
    /// The first record that is not the sweep's: its index n, the record (x, y), and the n-th
    /// g-value of the sweep.
    pub first_wrong: Option<(u64, (u64, u64), GValue)>,
}

/// A g-value file (doc/formats.md, kind 7) against the sweep: the file as a file first — header,
/// length, checksum, every record read once (damage is an error, bad input a usage error) —
/// then, in a second read, each record n against the n-th g-value of the sweep of G.  Cost: two
/// reads of the file and the sweep to its last record; polls `ctx` before each read.
pub fn check_file(path: &Path, ctx: &Context) -> Result<FileCheck> {
    ctx.check()?;
    let header = file::read(path, &mut |_, _| {})?;
    let g = u32::try_from(header.g).map_err(|_| Error::internal("G was validated"))?;
    let cap = super::plan(g, header.count)?;
    let mut sweep = GValues::new(g, cap)?;
    let mut first_wrong = None;
    let mut failure: Option<Error> = None;
    let mut i = 0u64;
    ctx.check()?;
    let again = file::read(path, &mut |x, y| {
        if first_wrong.is_some() || failure.is_some() {
            return;
        }
        match sweep.next() {
            Some(Ok(v)) if (v.x, v.y) == (x, y) => {}
            Some(Ok(v)) => first_wrong = Some((i, (x, y), v)),
            Some(Err(e)) => failure = Some(e),
            None => failure = Some(Error::internal("the sweep ended")),
        }
        i += 1;
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    ctx.report(again.count);
    Ok(FileCheck {
        g,
        count: again.count,
        first_wrong,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::{Spec, Table};

    /// The first `k` Wythoff pairs (A_n, B_n) by the floor formula in integers:
    /// A_n = ⌊(n + √(5n²))/2⌋, B_n = A_n + n.
    fn pairs(k: u64) -> Vec<(u64, u64)> {
        (0..k)
            .map(|n| {
                let a = (n + (5 * n * n).isqrt()) / 2;
                (a, a + n)
            })
            .collect()
    }

    fn written(dir: &Path, name: &str, records: &[(u64, u64)]) -> std::path::PathBuf {
        let path = dir.join(name);
        let mut w = file::Writer::create(&path, 0).unwrap();
        for &(x, y) in records {
            w.push(x, y).unwrap();
        }
        w.finish().unwrap();
        path
    }

    #[test]
    fn a_file_of_the_zero_values_agrees_and_a_changed_record_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let mut records = pairs(200);
        let good = check_file(&written(dir.path(), "good", &records), &Context::serial()).unwrap();
        assert_eq!((good.g, good.count, good.first_wrong), (0, 200, None));
        records[57].1 += 1;
        let bad = check_file(&written(dir.path(), "bad", &records), &Context::serial()).unwrap();
        let (n, record, v) = bad.first_wrong.unwrap();
        assert_eq!((n, record), (57, records[57]));
        assert_eq!((v.x, v.y), pairs(58)[57]);
    }

    #[test]
    fn a_table_agrees_and_a_changed_cell_is_named() {
        let t = Table::compute(Spec::new(1, 300).unwrap(), &crate::Context::new(2)).unwrap();
        let get = |x: u64, y: u64| t.get(x as usize, y as usize);
        let c = against_table(&get, 300, 255, &Context::serial()).unwrap();
        assert_eq!(c.first_wrong, None);
        let cells = (0..300u64)
            .flat_map(|x| (x..300).map(move |y| (x, y)))
            .filter(|&(x, y)| get(x, y) <= 255)
            .count() as u64;
        assert_eq!(c.cells, cells);
        // G(3, 5) = 0 changed to 4: the table's cell (3, 5) is not the sweep's 4-value of row 3
        let bad = |x: u64, y: u64| if (x, y) == (3, 5) { 4 } else { get(x, y) };
        let c = against_table(&bad, 300, 255, &Context::serial()).unwrap();
        assert_eq!(c.first_wrong, Some((3, 5, 4, Some(0))));
        // a value above top where the sweep has one: named by the second pass
        let high = |x: u64, y: u64| if (x, y) == (3, 5) { 1000 } else { get(x, y) };
        let c = against_table(&high, 300, 255, &Context::serial()).unwrap();
        assert_eq!(c.first_wrong, Some((3, 5, 1000, Some(0))));
    }
}
