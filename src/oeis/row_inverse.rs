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
//! So the first `count` terms need the row's values for y ≤ count − 1 + 2r, read from its
//! certified additive period ([`crate::grundy::rows::certified_rows`]); a value found twice or a
//! value < count not found is an error instead of a term.  Cost: O(count + r) values, one
//! remainder each.

use crate::error::{Error, Result};
use crate::grundy::rows;
use rug::Integer;

/// a(n) for n < count: the y with G(r, y) = n.
pub fn row_inverse(r: usize, count: u64) -> Result<Vec<u128>> {
    let p = rows::certified_rows(r as u64 + 1)?;
    let span = (count - 1)
        .checked_add(2 * r as u64)
        .ok_or_else(|| Error::domain("a column past 2^64 - 1"))?;
    let mut pos = vec![u128::MAX; count as usize];
    for y in 0..=span {
        let g = p.value(r, &Integer::from(y));
        if let Some(slot) = g.to_usize().and_then(|g| pos.get_mut(g)) {
            if *slot != u128::MAX {
                return Err(Error::internal(format!("row {r} holds {g} twice")));
            }
            *slot = u128::from(y);
        }
    }
    if let Some(n) = pos.iter().position(|&y| y == u128::MAX) {
        return Err(Error::internal(format!(
            "row {r}: {n} not found at a column <= {span}"
        )));
    }
    Ok(pos)
}
