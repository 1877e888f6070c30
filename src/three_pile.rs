//! Three-pile Wythoff (K. Xiao, "Winning strategies for Wythoff's game", §5; doc/three_pile.md):
//! take the same positive amount from any non-empty set of
//! the piles — one, two or all three.
//!
//! Algorithm (line occupancy).  A move goes from p to p − k·v, k ≥ 1, along one of the seven
//! directions v ∈ {e1, e2, e3, e1+e2, e1+e3, e2+e3, e1+e2+e3}.  Any two points of such a line are
//! joined by a move, so a line holds at most one P-position, and p is P iff none of its seven lines
//! holds a P-position below p.  We solve a box [0,X]×[0,Y]×[0,Z] (closed under moves) line by line
//! in direction e1: the line L(y, z) = {(t, y, z)} holds the P-position (t*, y, z) where t* is the
//! least t ≤ X whose other six lines are unoccupied — a mex over t.  Everything L(y, z) depends on
//! lies on lines L(y', z') with y' ≤ y, z' ≤ z, so lines are processed by antidiagonals y + z = s;
//! the lines of one antidiagonal are independent and run in parallel.  Each occupancy table is laid
//! out so that, for fixed (y, z), its bits over t are contiguous: the mex ORs six 64-bit words at a
//! time.  Cost: O(YZ·X/64) word operations and 13·N² bits of memory for an N-cube; N = 4000 takes
//! seconds.
//!
//! The table T(y, z) = t* (if ≤ X) is OEIS A018219 read by antidiagonals; its diagonal is A051261.
//!
//! The occupancy tables are plain `u64` words, not `bitvec`: the mex reads 64 bits at an unaligned
//! offset six times per step, and `bitvec`'s `load_le` over a bit slice made `three 2000` 4.3×
//! slower (median of 5: 9.7 s against 2.24 s, same machine, same run).

use crate::error::{Error, Result};
use rayon::prelude::*;

/// One occupancy table: `rows` rows of `bits` bits, each padded by a spare word.
struct Table {
    words: usize,
    data: Vec<u64>,
}

impl Table {
    fn new(rows: usize, bits: usize) -> Table {
        let words = bits / 64 + 2;
        Table {
            words,
            data: vec![0; rows * words],
        }
    }

    #[inline]
    fn set(&mut self, row: usize, bit: usize) {
        self.data[row * self.words + bit / 64] |= 1 << (bit % 64);
    }

    /// 64 bits of a row starting at bit `bit` (bits past the row's end read as 0).
    #[inline]
    fn word_at(&self, row: usize, bit: usize) -> u64 {
        let base = row * self.words;
        let (w, s) = (bit / 64, bit % 64);
        let lo = self.data[base + w] >> s;
        if s == 0 || w + 1 >= self.words {
            lo
        } else {
            lo | (self.data[base + w + 1] << (64 - s))
        }
    }
}

/// Value of T(y, z) when no P-position of the line lies in the box.
pub const NONE: u32 = u32::MAX;

/// The solved box: for every (y, z) the P-position (T(y, z), y, z), if T(y, z) ≤ X.
pub struct Box3 {
    x: usize,
    y: usize,
    z: usize,
    t: Vec<u32>,
}

/// Largest box side accepted (memory grows as 13·N² bits plus 4·N² bytes).
pub const MAX_SIDE: u64 = 10_000;

impl Box3 {
    /// Solves [0,x]×[0,y]×[0,z]; `progress` receives the number of lines finished.
    pub fn solve(x: u64, y: u64, z: u64, progress: &(dyn Fn(u64) + Sync)) -> Result<Box3> {
        let biggest = x.max(y).max(z);
        if biggest > MAX_SIDE {
            return Err(Error::usage(format!(
                "three-pile bound {biggest} is beyond the supported {MAX_SIDE} (memory grows as N²)"
            )));
        }
        let (xs, ys, zs) = (x as usize, y as usize, z as usize);
        // Layouts (row, bit) of the six tables for the point (t, y, z):
        // e2:  line (x, z):        row z,         bit t
        // e3:  line (x, y):        row y,         bit t
        // 110: line (x−y, z):      row z,         bit t − y + Y
        // 101: line (x−z, y):      row y,         bit t − z + Z
        // 011: line (y−z, x):      row y − z + Z, bit t
        // 111: line (x−y, y−z):    row y − z + Z, bit t − y + Y
        let mut e2 = Table::new(zs + 1, xs + 1);
        let mut e3 = Table::new(ys + 1, xs + 1);
        let mut d110 = Table::new(zs + 1, xs + ys + 1);
        let mut d101 = Table::new(ys + 1, xs + zs + 1);
        let mut d011 = Table::new(ys + zs + 1, xs + 1);
        let mut d111 = Table::new(ys + zs + 1, xs + ys + 1);
        let mut t = vec![NONE; (ys + 1) * (zs + 1)];
        for s in 0..=(ys + zs) {
            let lo = s.saturating_sub(zs);
            let hi = s.min(ys);
            let found: Vec<(usize, usize, u32)> = (lo..hi + 1)
                .into_par_iter()
                .with_min_len(64)
                .map(|yy| {
                    let zz = s - yy;
                    let r011 = yy + zs - zz;
                    let mut base = 0usize;
                    while base <= xs {
                        let blocked = e2.word_at(zz, base)
                            | e3.word_at(yy, base)
                            | d110.word_at(zz, base + ys - yy)
                            | d101.word_at(yy, base + zs - zz)
                            | d011.word_at(r011, base)
                            | d111.word_at(r011, base + ys - yy);
                        if blocked != u64::MAX {
                            let tt = base + (!blocked).trailing_zeros() as usize;
                            let v = if tt <= xs { tt as u32 } else { NONE };
                            return (yy, zz, v);
                        }
                        base += 64;
                    }
                    (yy, zz, NONE)
                })
                .collect();
            for (yy, zz, v) in found {
                t[yy * (zs + 1) + zz] = v;
                if v != NONE {
                    let tt = v as usize;
                    e2.set(zz, tt);
                    e3.set(yy, tt);
                    d110.set(zz, tt + ys - yy);
                    d101.set(yy, tt + zs - zz);
                    d011.set(yy + zs - zz, tt);
                    d111.set(yy + zs - zz, tt + ys - yy);
                }
            }
            progress((hi + 1 - lo) as u64);
        }
        Ok(Box3 {
            x: xs,
            y: ys,
            z: zs,
            t,
        })
    }

    /// Solves the cube [0, n]³.
    pub fn cube(n: u64, progress: &(dyn Fn(u64) + Sync)) -> Result<Box3> {
        Box3::solve(n, n, n, progress)
    }

    /// T(y, z): the t with (t, y, z) a P-position, if it is at most X; `None` otherwise.
    pub fn partner(&self, y: u64, z: u64) -> Option<u64> {
        let (y, z) = (y as usize, z as usize);
        if y > self.y || z > self.z {
            return None;
        }
        let v = self.t[y * (self.z + 1) + z];
        (v != NONE).then_some(v as u64)
    }

    /// Whether (x, y, z) (inside the box) is a P-position.
    pub fn is_p(&self, x: u64, y: u64, z: u64) -> bool {
        self.partner(y, z) == Some(x)
    }

    /// The P-positions x ≤ y ≤ z of the box, sorted by x + y + z, then x, then y.
    pub fn sorted_positions(&self) -> Vec<[u64; 3]> {
        let mut v = Vec::new();
        for y in 0..=self.y.min(self.z) {
            for z in y..=self.z {
                let t = self.t[y * (self.z + 1) + z];
                if t != NONE && (t as usize) <= y {
                    v.push([t as u64, y as u64, z as u64]);
                }
            }
        }
        v.sort_by_key(|p| (p[0] + p[1] + p[2], p[0], p[1]));
        v
    }

    /// A winning move from (x, y, z) inside the box: the P-position reached, or `None` if
    /// (x, y, z) is a P-position.  Directions are tried in the order e1, e2, e3, e1+e2, e1+e3,
    /// e2+e3, e1+e2+e3, and along each the nearest P-position below.
    pub fn winning_move(&self, p: [u64; 3]) -> Option<[u64; 3]> {
        if self.is_p(p[0], p[1], p[2]) {
            return None;
        }
        const DIRS: [[u64; 3]; 7] = [
            [1, 0, 0],
            [0, 1, 0],
            [0, 0, 1],
            [1, 1, 0],
            [1, 0, 1],
            [0, 1, 1],
            [1, 1, 1],
        ];
        for v in DIRS {
            let kmax = (0..3)
                .filter(|&i| v[i] == 1)
                .map(|i| p[i])
                .min()
                .unwrap_or(0);
            for k in 1..=kmax {
                let q = [p[0] - k * v[0], p[1] - k * v[1], p[2] - k * v[2]];
                if self.is_p(q[0], q[1], q[2]) {
                    return Some(q);
                }
            }
        }
        None
    }

    /// The box's sides (X, Y, Z).
    pub fn sides(&self) -> (u64, u64, u64) {
        (self.x as u64, self.y as u64, self.z as u64)
    }
}

/// T(a, b) for a + b ≤ d (OEIS A018219 by antidiagonals: T(0, s), T(1, s−1), …, T(s, 0) for
/// s = 0..=d), solving a box tall enough and refusing if any value falls outside it.
pub fn a018219(d: u64) -> Result<Vec<u64>> {
    let b = Box3::solve(4 * d + 16, d, d, &|_| {})?;
    let mut out = Vec::new();
    for s in 0..=d {
        for a in 0..=s {
            out.push(b.partner(a, s - a).ok_or_else(|| {
                Error::internal(format!("T({a}, {}) lies beyond the solved box", s - a))
            })?);
        }
    }
    Ok(out)
}

/// T(n, n) for n ≤ d (OEIS A051261, the diagonal of A018219).
pub fn a051261(d: u64) -> Result<Vec<u64>> {
    let b = Box3::solve(4 * d + 16, d, d, &|_| {})?;
    (0..=d)
        .map(|n| {
            b.partner(n, n)
                .ok_or_else(|| Error::internal(format!("T({n}, {n}) beyond the box")))
        })
        .collect()
}

/// Outcomes of every position of a small cube, decided directly from the rules by backward
/// induction (the test oracle; O(N⁴)).
pub fn brute_force(n: usize) -> Vec<bool> {
    let idx = |x: usize, y: usize, z: usize| (x * (n + 1) + y) * (n + 1) + z;
    let mut p = vec![false; (n + 1).pow(3)];
    for s in 0..=3 * n {
        for x in 0..=n.min(s) {
            for y in 0..=n.min(s - x) {
                let z = s - x - y;
                if z > n {
                    continue;
                }
                let mut to_p = false;
                'dirs: for v in 1..8usize {
                    let (vx, vy, vz) = (v & 1, (v >> 1) & 1, (v >> 2) & 1);
                    let mut k = 1;
                    while (vx == 0 || k <= x) && (vy == 0 || k <= y) && (vz == 0 || k <= z) {
                        if p[idx(x - k * vx, y - k * vy, z - k * vz)] {
                            to_p = true;
                            break 'dirs;
                        }
                        k += 1;
                    }
                }
                p[idx(x, y, z)] = !to_p;
            }
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equals_brute_force_on_a_cube() {
        let n = 24;
        let oracle = brute_force(n);
        let b = Box3::cube(n as u64, &|_| {}).unwrap();
        for x in 0..=n {
            for y in 0..=n {
                for z in 0..=n {
                    let want = oracle[(x * (n + 1) + y) * (n + 1) + z];
                    assert_eq!(b.is_p(x as u64, y as u64, z as u64), want, "({x},{y},{z})");
                }
            }
        }
    }

    #[test]
    fn xiao_first_positions_and_wythoff_faces() {
        let b = Box3::cube(60, &|_| {}).unwrap();
        let first: Vec<[u64; 3]> = b
            .sorted_positions()
            .into_iter()
            .filter(|p| p[0] > 0)
            .take(4)
            .collect();
        assert_eq!(first, [[1, 1, 4], [1, 3, 3], [2, 2, 6], [3, 4, 4]]);
        // every (0, A_n, B_n) is P
        for (a, bb) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (21, 34)] {
            assert!(b.is_p(0, a, bb) && b.is_p(bb, 0, a) && b.is_p(a, bb, 0));
        }
    }

    #[test]
    fn winning_moves_land_on_p_positions() {
        let b = Box3::cube(30, &|_| {}).unwrap();
        for x in 0..=30 {
            for y in 0..=30 {
                for z in 0..=30 {
                    match b.winning_move([x, y, z]) {
                        None => assert!(b.is_p(x, y, z)),
                        Some(q) => {
                            assert!(b.is_p(q[0], q[1], q[2]));
                            let d: Vec<u64> = (0..3).map(|i| [x, y, z][i] - q[i]).collect();
                            let k = *d.iter().max().unwrap();
                            assert!(k > 0 && d.iter().all(|&e| e == 0 || e == k));
                        }
                    }
                }
            }
        }
    }
}
