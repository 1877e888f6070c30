//! The slices listed column by column ([`Listing`]): the slice engine ([`super::slice::Rows`])
//! stepped one column at a time, and of each slice followed the P-positions with A at least its
//! largest fixed heap, the first K of them, in the order found (by A, then by row).
//!
//! A listing can continue from an engine restored at any column (a checkpoint,
//! [`super::resume`]): what it has listed so far is read off the engine's rows, since the
//! positions of a slice found up to column C are exactly its row's pairs (A, f(A)) with
//! f(A) ≥ A, A < C ([`Listing::recount`]).
//!
//! Cost: the engine's per column, plus O(1) per position listed; a recount sorts each followed
//! row's pairs once, O(p log p) for p pairs.

use super::slice::{self, Rows, SliceError, index_below};
use crate::error::Result;

/// What a listing hands each position to: (the slice's fixed heaps, n, A_n, B_n).
pub type Visit<'v> = dyn FnMut(&[u64], u64, u64, u64) -> Result<()> + 'v;

/// One slice followed: its row, its fixed heaps, the least A listed and the positions so far.
struct Followed {
    row: usize,
    fixed: Vec<u64>,
    from: u64,
    found: u64,
}

/// The first `count` positions of some slices, found column by column (module documentation).
pub struct Listing {
    rows: Rows,
    followed: Vec<Followed>,
    count: u64,
    /// The slices with fewer than `count` positions.
    short: usize,
}

impl Listing {
    /// The three-heap slice of smallest heap `s`, or with `all` every slice s′ ≤ `s`; refused up
    /// front as [`slice::check`] says.
    pub fn three(s: u64, all: bool, count: u64) -> std::result::Result<Listing, SliceError> {
        slice::check(s, count)?;
        let one = |t: u64| Followed {
            row: t as usize,
            fixed: vec![t],
            from: t,
            found: 0,
        };
        let followed = if all {
            (0..=s).map(one).collect()
        } else {
            vec![one(s)]
        };
        Ok(Listing::with(Rows::new(s)?, followed, count))
    }

    /// The four-heap slice of fixed heaps {`s`, `t`} (any order), or with `all` every slice of
    /// fixed heaps p ≤ q ≤ max(s, t); refused up front as [`slice::check_pairs`] says.
    pub fn four(s: u64, t: u64, all: bool, count: u64) -> std::result::Result<Listing, SliceError> {
        let (s, t) = (s.min(t), s.max(t));
        let pair = |row, p, q| Followed {
            row,
            fixed: vec![p, q],
            from: q,
            found: 0,
        };
        if all {
            slice::check_pairs(t, t, count)?;
            let followed = (0..=t)
                .flat_map(|q| (0..=q).map(move |p| (p, q)))
                .map(|(p, q)| pair(slice::pair_index(p, q), p, q))
                .collect();
            Ok(Listing::with(Rows::pairs(t)?, followed, count))
        } else {
            slice::check_pairs(s, t, count)?;
            // only the rows (p, q) with p ≤ s are needed
            let followed = vec![pair(index_below(s, t, s), s, t)];
            Ok(Listing::with(Rows::pairs_below(s, t)?, followed, count))
        }
    }

    fn with(rows: Rows, followed: Vec<Followed>, count: u64) -> Listing {
        let short = if count == 0 { 0 } else { followed.len() };
        Listing {
            rows,
            followed,
            count,
            short,
        }
    }

    /// The engine.
    pub fn rows(&self) -> &Rows {
        &self.rows
    }

    /// The engine, to restore a checkpoint into; [`Listing::recount`] must follow.
    pub fn rows_mut(&mut self) -> &mut Rows {
        &mut self.rows
    }

    /// The positions listed so far, read off the engine's rows (after a restore).
    pub fn recount(&mut self) {
        let count = self.count;
        for f in &mut self.followed {
            let pairs = self.rows.pairs_of(f.row);
            f.found = (pairs.iter().filter(|p| p.0 >= f.from).count() as u64).min(count);
        }
        self.short = (self.followed.iter()).filter(|f| f.found < count).count();
    }

    /// Every followed slice has its `count` positions.
    pub fn done(&self) -> bool {
        self.short == 0
    }

    /// Computes the next column: `visit(fixed heaps, n, A_n, B_n)` for each new position, the
    /// slices in the order of the rows.
    pub fn column(&mut self, visit: &mut Visit<'_>) -> Result<()> {
        let a = self.rows.column();
        let col = self.rows.step()?;
        for f in &mut self.followed {
            if let Some(b) = col[f.row]
                && a >= f.from
                && f.found < self.count
            {
                visit(&f.fixed, f.found, a, b)?;
                f.found += 1;
                if f.found == self.count {
                    self.short -= 1;
                }
            }
        }
        Ok(())
    }

    /// Runs to the end: every position through `visit`.
    fn run(mut self, visit: &mut Visit<'_>) -> Result<()> {
        while !self.done() {
            self.column(visit)?;
        }
        Ok(())
    }
}

/// The first `count` positions (s, t, A_n, B_n), A_n ≥ t increasing, of every four-heap slice
/// of fixed heaps s ≤ t ≤ `t_max`: `visit(s, t, n, A_n, B_n)` in the order found (column by
/// column).  Stops when every slice has `count` positions.
pub fn pair_slices(
    t_max: u64,
    count: u64,
    visit: &mut dyn FnMut(u64, u64, u64, u64, u64) -> Result<()>,
) -> Result<()> {
    Listing::four(t_max, t_max, true, count)?.run(&mut |f, n, a, b| visit(f[0], f[1], n, a, b))
}

/// The first `count` positions of the four-heap slice of fixed heaps {`s`, `t`} (in any order):
/// `visit(n, A_n, B_n)`, A_n ≥ max(s, t) increasing.
pub fn pair_slice(
    s: u64,
    t: u64,
    count: u64,
    visit: &mut dyn FnMut(u64, u64, u64) -> Result<()>,
) -> Result<()> {
    Listing::four(s, t, false, count)?.run(&mut |_, n, a, b| visit(n, a, b))
}

/// The first `count` positions (s, A_n, B_n), A_n ≥ s increasing, of every slice s ≤ `s_max`:
/// `visit(s, n, A_n, B_n)` in the order they are found (column by column).  Stops when every
/// slice has `count` positions.
pub fn slices(
    s_max: u64,
    count: u64,
    visit: &mut dyn FnMut(u64, u64, u64, u64) -> Result<()>,
) -> Result<()> {
    Listing::three(s_max, true, count)?.run(&mut |f, n, a, b| visit(f[0], n, a, b))
}

/// The first `count` positions of the slice of smallest heap `s`: `visit(n, A_n, B_n)`.
pub fn slice(s: u64, count: u64, visit: &mut dyn FnMut(u64, u64, u64) -> Result<()>) -> Result<()> {
    Listing::three(s, false, count)?.run(&mut |_, n, a, b| visit(n, a, b))
}
