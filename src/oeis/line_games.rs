//! The NimHof tables of the OEIS (A307296–A307302): Sprague–Grundy values of a two-pile line
//! game ([`crate::lines`]) read by antidiagonals.
//!
//! Convention (read off the entries' data, which fit it and not its mirror for the asymmetric
//! games): antidiagonal s = x + y = 0, 1, … lists T(s − i, i) for i = 0..=s — the second pile y
//! from 0 up, where a rule [p, q] takes p from the first pile x.  For the symmetric games
//! (A307300, A307302) both orders agree.
//!
//! Cost: the table of side d + 1 for the d + 1 antidiagonals holding `count` terms
//! ([`crate::lines::LineTable::compute`]: (d + 1)² cells).

use crate::error::Result;
use crate::lines::{LineTable, Rules};

/// The first `count` terms of the game with these rules, by antidiagonals (on every core).
pub fn antidiagonal_terms(rules: &str, count: u64) -> Result<Vec<u128>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rules = Rules::parse(rules)?;
    let d = super::antidiagonals_for(count);
    let t = LineTable::compute(&rules, d + 1, threads, &|_| {})?;
    let mut v = Vec::with_capacity(count as usize);
    'outer: for s in 0..=d as usize {
        for i in 0..=s {
            if v.len() as u64 == count {
                break 'outer;
            }
            v.push(u128::from(t.get(s - i, i)));
        }
    }
    Ok(v)
}
