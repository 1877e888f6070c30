//! The joint greedy sweep: the g-values of every h ≤ G, row by row, without a table.
//!
//! Algorithm (proof in doc/gvalues.md): for each h the h-values (a_n, b_n), a_n ≤ b_n, are found
//! in increasing a_n.  Row x is swept for h = 0, 1, …, G in turn; for each h, x is a new a_n of
//! S_h iff x is the mex of the numbers the earlier pairs of S_h use (else x is a b of an earlier
//! pair and its h-cell is the mirror of that pair), and then
//! b_n = min{y ≥ x : y not used by S_h, y − x not a diagonal of S_h, y ≠ b of a lower h in row x}.
//! The candidates y = x + d run over the absent diagonals d from the diagonals' mex upward.
//!
//! Source: the greedy characterisation of the g-values in G. Nivasch, "More on the
//! Sprague–Grundy function for Wythoff's game", Games of No Chance 3, MSRI Publ. 56 (2009), and
//! U. Blass and A. S. Fraenkel, "The Sprague–Grundy function for Wythoff's game", Theoret.
//! Comput. Sci. 75 (1990), re-derived from the rules.
//!
//! Cost: O(G) per row plus the candidates tried (a few per pair: the absent diagonals above the
//! mex are few, since b_n − a_n − n is bounded), each O(1); memory two [`MexSet`] windows per h,
//! about 0.62·x bits for the numbers used (b's between the mex ≈ x and ≈ φx) and a few words for
//! the diagonals.

use super::window::{Full, MexSet};
use crate::error::{Error, Result};

/// One g-value: the `n`-th cell (x, y), x ≤ y, with G(x, y) = `g`, counted from 0 in
/// increasing x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GValue {
    /// The value G(x, y).
    pub g: u32,
    /// The index among the g-values with x ≤ y, in increasing x.
    pub n: u64,
    /// The smaller coordinate.
    pub x: u64,
    /// The larger coordinate.
    pub y: u64,
}

/// What one value h keeps: the numbers its pairs use and their diagonals y − x.
#[derive(Clone, Debug)]
struct Strip {
    used: MexSet,
    diagonals: MexSet,
    count: u64,
}

/// The b's of lower values in the current row: an open-addressing set, emptied per row by a
/// stamp (at most [`super::MAX_G`] + 1 members, at most half the slots).
struct RowSet {
    keys: Vec<u64>,
    stamps: Vec<u64>,
    stamp: u64,
}

const ROW_SLOTS: usize = 1024;

impl RowSet {
    fn new() -> RowSet {
        RowSet {
            keys: vec![0; ROW_SLOTS],
            stamps: vec![0; ROW_SLOTS],
            stamp: 1,
        }
    }

    fn clear(&mut self) {
        self.stamp += 1;
    }

    #[inline]
    fn slot(v: u64) -> usize {
        (v.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize // 10 bits: ROW_SLOTS
    }

    #[inline]
    fn contains(&self, v: u64) -> bool {
        let mut i = Self::slot(v);
        while self.stamps[i] == self.stamp {
            if self.keys[i] == v {
                return true;
            }
            i = (i + 1) % ROW_SLOTS;
        }
        false
    }

    #[inline]
    fn insert(&mut self, v: u64) {
        let mut i = Self::slot(v);
        while self.stamps[i] == self.stamp {
            i = (i + 1) % ROW_SLOTS;
        }
        self.stamps[i] = self.stamp;
        self.keys[i] = v;
    }
}

/// The sweep over rows x = 0, 1, 2, … of the g-values of every h ≤ G.
pub struct Sweep {
    strips: Vec<Strip>,
    row: u64,
    lower: RowSet,
}

impl Sweep {
    /// The sweep of the values 0..=`top` (`top` ≤ [`super::MAX_G`]), each window capped at
    /// `cap_bytes` bytes.
    pub fn new(top: u32, cap_bytes: u64) -> Result<Sweep> {
        if top > super::MAX_G {
            return Err(Error::domain(format!(
                "the value G must be at most {}, got {top}",
                super::MAX_G
            )));
        }
        let strip = Strip {
            used: MexSet::new(cap_bytes),
            diagonals: MexSet::new(cap_bytes),
            count: 0,
        };
        Ok(Sweep {
            strips: vec![strip; top as usize + 1],
            row: 0,
            lower: RowSet::new(),
        })
    }

    /// The next row to sweep.
    pub fn row(&self) -> u64 {
        self.row
    }

    /// Sweeps one row x: calls `found` with each h-value (x, y), y ≥ x, in increasing h.
    pub fn step(&mut self, found: &mut impl FnMut(GValue)) -> Result<()> {
        let x = self.row;
        self.lower.clear();
        for (h, s) in self.strips.iter_mut().enumerate() {
            if s.used.mex() != x {
                continue; // x is the b of an earlier pair of S_h
            }
            let mut d = s.diagonals.mex();
            let y = loop {
                let y = x.checked_add(d).ok_or_else(overflow)?;
                if !s.used.contains(y) && !self.lower.contains(y) {
                    break y;
                }
                d = s
                    .diagonals
                    .next_absent(d.checked_add(1).ok_or_else(overflow)?);
            };
            let full = |Full(v): Full| {
                Error::internal(format!(
                    "the window of the {h}-values outgrew its cap at {v} (row {x}): \
                     the memory estimate is wrong"
                ))
            };
            s.used.insert(x).map_err(full)?;
            if y != x {
                s.used.insert(y).map_err(full)?;
            }
            s.diagonals.insert(d).map_err(full)?;
            self.lower.insert(y);
            found(GValue {
                g: h as u32,
                n: s.count,
                x,
                y,
            });
            s.count += 1;
        }
        self.row = x.checked_add(1).ok_or_else(overflow)?;
        Ok(())
    }
}

fn overflow() -> Error {
    Error::domain("the g-values passed 2^64 − 1")
}

/// The g-values of one g in increasing x, as an iterator over the joint [`Sweep`].
pub struct GValues {
    sweep: Sweep,
    g: u32,
}

impl GValues {
    /// The g-values of `g`, windows capped at `cap_bytes` bytes each.
    pub fn new(g: u32, cap_bytes: u64) -> Result<GValues> {
        Ok(GValues {
            sweep: Sweep::new(g, cap_bytes)?,
            g,
        })
    }
}

impl Iterator for GValues {
    type Item = Result<GValue>;

    fn next(&mut self) -> Option<Result<GValue>> {
        let g = self.g;
        loop {
            let mut got = None;
            if let Err(e) = self.sweep.step(&mut |v| {
                if v.g == g {
                    got = Some(v);
                }
            }) {
                return Some(Err(e));
            }
            if got.is_some() {
                return got.map(Ok);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Xiao's table (§4): the first rows of G, as in `grundy::tests::xiao_table_and_examples`.
    #[test]
    fn first_values_match_the_first_rows() {
        let zeros: Vec<(u64, u64)> = GValues::new(0, 1 << 20)
            .unwrap()
            .take(6)
            .map(|v| v.map(|v| (v.x, v.y)).unwrap())
            .collect();
        assert_eq!(zeros, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
        // row 0: 0 1 2 3 4 5; row 1: 1 2 0 4 5 3 7 8 6; row 2: 2 0 1 5 3 4 8 6 7
        let ones: Vec<(u64, u64)> = GValues::new(1, 1 << 20)
            .unwrap()
            .take(3)
            .map(|v| v.map(|v| (v.x, v.y)).unwrap())
            .collect();
        assert_eq!(ones, [(0, 1), (2, 2), (3, 6)]);
        let twos: Vec<(u64, u64)> = GValues::new(2, 1 << 20)
            .unwrap()
            .take(2)
            .map(|v| v.map(|v| (v.x, v.y)).unwrap())
            .collect();
        assert_eq!(twos, [(0, 2), (1, 1)]);
    }

    #[test]
    fn refuses_values_above_the_limit() {
        assert!(Sweep::new(super::super::MAX_G + 1, 1 << 20).is_err());
    }
}
