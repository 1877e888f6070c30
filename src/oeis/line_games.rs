//! The NimHof tables of the OEIS (A307296–A307302): Sprague–Grundy values of a two-pile line
//! game ([`crate::lines`]) read by antidiagonals.
//!
//! Convention (read off the entries' data, which fit it and not its mirror for the asymmetric
//! games): antidiagonal s = x + y = 0, 1, … lists T(s − i, i) for i = 0..=s — the second pile y
//! from 0 up, where a rule [p, q] takes p from the first pile x.  For the symmetric games
//! (A307300, A307302) both orders agree.
//!
//! Cost: the table of side d + 1 for the d + 1 antidiagonals holding `count` terms
//! ([`crate::lines::LineTable::compute`]: (d + 1)² cells), or a line-game table file of that
//! side or more, whose rules must be the entry's ([`table_terms`]).

use super::Entry;
use crate::error::{Error, Result};
use crate::lines::file::LineTableFile;
use crate::lines::{LineTable, Rules};

/// The first `count` terms of the game with these rules, by antidiagonals (on every core).
pub fn antidiagonal_terms(rules: &str, count: u64) -> Result<Vec<u128>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rules = Rules::parse(rules)?;
    let d = super::antidiagonals_for(count);
    let t = LineTable::compute(&rules, d + 1, threads, &|_| {})?;
    Ok(by_antidiagonals(count, &|x, y| {
        t.get(x as usize, y as usize)
    }))
}

/// The first `count` cells T(s − i, i), s = 0, 1, …, i = 0..=s (all inside the table).
fn by_antidiagonals(count: u64, get: &dyn Fn(u64, u64) -> u32) -> Vec<u128> {
    let mut v = Vec::with_capacity(count as usize);
    'outer: for s in 0.. {
        for i in 0..=s {
            if v.len() as u64 == count {
                break 'outer;
            }
            v.push(u128::from(get(s - i, i)));
        }
    }
    v
}

/// The first `count` terms of a NimHof entry (its rules `rules`) read from a line-game table
/// file: its header and checksum verified (a damaged file is status 1), its rules the entry's
/// game (in any order), and `count` at most the N(N + 1)/2 cells of the antidiagonals s < N
/// (default: that many, capped by the entry's limit).
pub fn table_terms(
    e: &Entry,
    rules: &str,
    count: Option<u64>,
    path: &std::path::Path,
) -> Result<Vec<u128>> {
    let want = Rules::parse(rules)?;
    let t = LineTableFile::open(path)?;
    if !t.verify() {
        return Err(Error::Io(format!(
            "'{}' is damaged: its header, rules and payload do not match the checksum in its \
             header",
            path.display()
        )));
    }
    let (got, n) = (&t.header.rules, t.header.n);
    if !got.same_game(&want) {
        return Err(Error::usage(format!(
            "{}: needs a table of the rules {want}; '{}' is of the rules {got}",
            e.anum,
            path.display()
        )));
    }
    let cap = (n * (n + 1) / 2).min(e.max_terms); // n ≤ 2^16: no overflow
    let count = count.unwrap_or(cap);
    if count > cap {
        return Err(Error::usage(format!(
            "{}: {count} terms need a table of side N >= {}; '{}' (N = {n}) holds {cap}",
            e.anum,
            super::antidiagonals_for(count) + 1,
            path.display()
        )));
    }
    Ok(by_antidiagonals(count, &|x, y| {
        t.get(x, y).expect("inside the antidiagonals s < N")
    }))
}
