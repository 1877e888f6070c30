//! Inverse permutations of the rows of Wythoff's Sprague–Grundy table (A064206–A064211): for row
//! r, a(n) = the column y with G(r, y) = n.
//!
//! Row r is a permutation of the nonnegative integers, and value n sits at a column y ≤ n + 2r.
//! Proof: suppose n is not among G(r, y) for y < Y.  At each such column n is not G(r, y), so
//! either G(r, y) < n — at most n columns, the values of a row being distinct (any two cells of a
//! row are joined by a move) — or n is the value of an option of (r, y) outside the row: a cell
//! (x', y) of the column above, x' < r, or a cell (r − k, y − k) of the diagonal.  Either way n
//! occurs in a row x' < r at a cell determining y (its column y, or y = its column + r − x'); row
//! x' holds n at most once, so each row x' < r accounts for at most two columns y.  Hence
//! Y ≤ n + 2r, and n occurs at some column y ≤ n + 2r.  (The same counting gives
//! G(x, y) ≥ y − 2x, the lower edge of the window of doc/rows.md.)
//!
//! The same count bounds the values from above: (r, y) has y + r + min(r, y) ≤ y + 2r options, so
//! G(r, y) ≤ y + 2r.  So a(n) is written as soon as n is found, scanning y = 0, 1, … with the
//! row's values from its certified additive period ([`crate::grundy::rows::certified_rows`]);
//! the values found above the next n wait in a map, which holds only values in
//! [n, y + 2r] — at most 4r + 1 of them.  A value found twice, or n not found by y = n + 2r, is
//! an error instead of a term.  Cost: O(count + r) values, one remainder each; memory O(r).

use crate::error::{Error, Result};
use crate::grundy::rows;
use rug::{Assign, Integer};
use std::collections::BTreeMap;

/// a(n) for n < count, to `f`: the y with G(r, y) = n (rows 0..=r certified with `ctx`).
pub fn row_inverse(
    r: usize,
    count: u64,
    ctx: &crate::Context,
    f: &mut dyn FnMut(u128) -> Result<()>,
) -> Result<()> {
    let p = rows::certified_rows(r as u64 + 1, ctx)?;
    let span = 2 * r as u64;
    let mut waiting: BTreeMap<u64, u64> = BTreeMap::new();
    let (mut next, mut y) = (0u64, 0u64);
    let mut col = Integer::new();
    while next < count {
        if y > next
            .checked_add(span)
            .ok_or_else(|| Error::domain("a column past 2^64 - 1"))?
        {
            return Err(Error::internal(format!(
                "row {r}: {next} not found at a column <= {}",
                next + span
            )));
        }
        col.assign(y);
        let g = p
            .value(r, &col)
            .to_u64()
            .ok_or_else(|| Error::internal("a row value past 2^64"))?;
        if g < next || waiting.insert(g, y).is_some() {
            return Err(Error::internal(format!("row {r} holds {g} twice")));
        }
        while let Some(y) = waiting.remove(&next) {
            f(u128::from(y))?;
            next += 1;
            if next == count {
                break;
            }
        }
        y = match y.checked_add(1) {
            Some(y) => y,
            None if next == count => break,
            None => return Err(Error::domain("a column past 2^64 - 1")),
        };
    }
    Ok(())
}
