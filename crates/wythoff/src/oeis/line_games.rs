//! The NimHof tables of the OEIS (A307296–A307302): Sprague–Grundy values of a two-pile line
//! game ([`crate::lines`]) read by antidiagonals; and the P-positions (n, a(n)) of Maharaja Nim
//! (A307281), row by row ([`crate::lines::ppos`], 20 bytes a row, no table).
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
use crate::context::Context;
use crate::error::{Error, Result};
use crate::files::line_table::LineTableFile;
use crate::lines::{LineRules, LineTable};

/// The terms of the antidiagonals 0..S − 1, those a table of side S holds.
pub(crate) const fn terms_of_side(side: u64) -> u64 {
    side * (side + 1) / 2
}

/// The largest sides whose tables pass the line engine's 12 GiB memory cap
/// ([`crate::lines::table::memory`]), per entry; a unit test ties each to the cap.
pub(crate) const A307296_SIDE: u64 = 40_610;
/// See [`A307296_SIDE`].
pub(crate) const A307297_SIDE: u64 = 40_233;
/// See [`A307296_SIDE`].
pub(crate) const A307298_SIDE: u64 = 36_180;
/// See [`A307296_SIDE`].
pub(crate) const A307299_SIDE: u64 = 42_563;
/// See [`A307296_SIDE`].
pub(crate) const A307300_SIDE: u64 = 46_709;
/// See [`A307296_SIDE`].
pub(crate) const A307301_SIDE: u64 = 47_221;
/// See [`A307296_SIDE`].
pub(crate) const A307302_SIDE: u64 = 44_968;

/// Hands a(n), the column of the P-position of row n, to `f` for n = 0..count (the rules must
/// contain the Nim moves; the memory, 20 bytes a row for Maharaja Nim, is checked first).
pub fn each_row_partner(
    rules: &str,
    count: u64,
    f: &mut dyn FnMut(u64) -> Result<()>,
) -> Result<()> {
    let rules = LineRules::parse(rules)?;
    let bytes = crate::lines::ppos::bytes_needed(&rules, count);
    crate::files::resources::check_cap(bytes, &format!("{count} rows of {rules}"))?;
    let mut rows = crate::lines::ppos::RowPositions::new(&rules, count)?;
    while let Some((_, y)) = rows.next_position() {
        f(y)?;
    }
    Ok(())
}

/// The table of the d + 1 antidiagonals holding `count` terms, computed with `ctx`.
fn table_for(rules: &str, count: u64, ctx: &Context) -> Result<LineTable> {
    let rules = LineRules::parse(rules)?;
    let d = super::antidiagonals_for(count);
    LineTable::compute(&rules, d + 1, ctx)
}

/// The first `count` terms of the game with these rules, by antidiagonals, held in memory
/// (16 bytes a term beside the table; more than 12 GiB in all is refused, naming the b-file,
/// which streams them: [`each_antidiagonal_term`]); the table computed with `ctx`.
pub fn antidiagonal_terms(rules: &str, count: u64, ctx: &Context) -> Result<Vec<u128>> {
    let side = super::antidiagonals_for(count) + 1;
    let table = crate::lines::table::memory(&LineRules::parse(rules)?, side)?;
    if count.saturating_mul(16).saturating_add(table) > crate::lines::table::MAX_BYTES {
        return Err(Error::domain(format!(
            "{count} terms held in memory beside their table pass 12 GiB; the b-file \
             (oeis ANUM -o FILE) streams them"
        )));
    }
    let t = table_for(rules, count, ctx)?;
    let mut v = Vec::with_capacity(count as usize);
    each_cell(count, &|x, y| t.get(x as usize, y as usize), &mut |g| {
        v.push(u128::from(g));
        Ok(())
    })?;
    Ok(v)
}

/// Hands the first `count` terms of the game with these rules to `f`, by antidiagonals, from
/// the table of side d + 1 (its memory the only cost beside the b-file's blocks).
pub fn each_antidiagonal_term(
    rules: &str,
    count: u64,
    ctx: &Context,
    f: &mut dyn FnMut(u128) -> Result<()>,
) -> Result<()> {
    let t = table_for(rules, count, ctx)?;
    each_cell(count, &|x, y| t.get(x as usize, y as usize), &mut |g| {
        f(u128::from(g))
    })
}

/// The first `count` cells T(s − i, i), s = 0, 1, …, i = 0..=s (all inside the table), to `f`.
fn each_cell(
    count: u64,
    get: &dyn Fn(u64, u64) -> u32,
    f: &mut dyn FnMut(u32) -> Result<()>,
) -> Result<()> {
    let mut left = count;
    'outer: for s in 0.. {
        for i in 0..=s {
            if left == 0 {
                break 'outer;
            }
            f(get(s - i, i))?;
            left -= 1;
        }
    }
    Ok(())
}

/// The first `count` terms of a NimHof entry (its rules `rules`) read from a line-game table
/// file: its header, checksum and every band verified (a damaged file is status 1), its rules the entry's
/// game (in any order), and `count` at most the N(N + 1)/2 cells of the antidiagonals s < N
/// (default: that many, capped by the entry's limit).
pub fn table_terms(
    e: &Entry,
    rules: &str,
    count: Option<u64>,
    path: &std::path::Path,
) -> Result<Vec<u128>> {
    let want = LineRules::parse(rules)?;
    let t = LineTableFile::open(path)?;
    // every band (version 2) or the whole payload (version 1); damage is status 1
    t.check_all()?;
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
    let mut v = Vec::with_capacity(count as usize);
    each_cell(
        count,
        &|x, y| t.get(x, y).expect("inside the antidiagonals s < N"),
        &mut |g| {
            v.push(u128::from(g));
            Ok(())
        },
    )?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::table::memory;

    #[test]
    fn each_limit_is_the_largest_side_within_the_memory_cap() {
        for e in super::super::CATALOGUE {
            let super::super::Source::LineGame(r) = e.source else {
                continue;
            };
            let rules = LineRules::parse(r).unwrap();
            // the side S with S(S + 1)/2 = max_terms
            let side = (1..=65536u64)
                .find(|&s| terms_of_side(s) == e.max_terms)
                .unwrap_or_else(|| panic!("{}: no side", e.anum));
            assert!(memory(&rules, side).is_ok(), "{}", e.anum);
            assert!(memory(&rules, side + 1).is_err(), "{}", e.anum);
        }
    }
}
