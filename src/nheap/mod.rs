//! Fraenkel's N-heap Wythoff game (X. Sun and D. Zeilberger, "On Fraenkel's N-heap Wythoff's
//! conjectures", Annals of Combinatorics 8 (2004); doc/nheap.md): N heaps; a move takes any
//! positive number from one heap, or (x_1, …, x_N) from all of them, 0 ≤ x_i ≤ heap i, not all
//! zero, with nim-sum x_1 ⊕ … ⊕ x_N = 0.  For N = 2 it is Wythoff's game.  It is not three-pile
//! Wythoff ([`crate::three_pile`], the queen in a cube): (1, 2, 3) is a move only here.
//!
//! Algorithms: P or N and every winning move of a position by a search over the box below it
//! ([`box_search`]: the cells in increasing order, each P when no option is; cost
//! cells × Π_{i ≠ largest}(h_i + 1) at the most), and for three heaps by the slices
//! ([`slice`](mod@slice): the rows f_s up to the smallest heap, columns up to the middle one).  The
//! limits are checked before any work and refused in one line.  Fraenkel's two conjectures on the
//! three-heap slices are measured by [`conjectures`].

pub mod conjectures;
pub mod listing;
pub mod resume;
pub mod slice;

use crate::error::{Error, Result};
use crate::pairs::Outcome;

/// The most heaps a position may have.
pub const MAX_HEAPS: usize = 8;

/// The most cells of a box search (2^24).
pub const MAX_CELLS: u64 = 1 << 24;

/// The most steps of a box search: cells × Π_{i ≠ largest}(h_i + 1) (2^34).
pub const MAX_BOX_WORK: u64 = 1 << 34;

/// The most (smallest + 1) × (middle + 1) of a three-heap position (2^26): the slice table.
pub const MAX_THREE_CELLS: u64 = 1 << 26;

/// The most slice look-ups of a three-heap position: (middle + 1) × Σ_{s ≤ smallest}(s + w(s))
/// (2^33; w in [`slice::nim_sum_lookups`]).
pub const MAX_THREE_WORK: u64 = 1 << 33;

/// Whether taking `x` (heap by heap) is a move of N-heap Wythoff: one heap lowered, or a
/// nim-sum-zero vector, not all zero.
pub fn is_move(x: &[u64]) -> bool {
    let nonzero = x.iter().filter(|&&v| v > 0).count();
    nonzero == 1 || (nonzero > 1 && x.iter().fold(0, |acc, &v| acc ^ v) == 0)
}

/// Every option of `h` (the positions one move leads to), heap by heap in the given order:
/// first the single-heap moves, then the nim-sum moves.  `visit` returns true to stop.
fn for_each_option(h: &[u64], visit: &mut dyn FnMut(&[u64]) -> bool) {
    let mut t = h.to_vec();
    for i in 0..h.len() {
        for v in 0..h[i] {
            t[i] = v;
            if visit(&t) {
                return;
            }
        }
        t[i] = h[i];
    }
    for_each_nim_sum_option(h, visit);
}

/// The options of `h` by nim-sum moves (at least two heaps lowered).
fn for_each_nim_sum_option(h: &[u64], visit: &mut dyn FnMut(&[u64]) -> bool) {
    let mut t = h.to_vec();
    if h.len() < 2 {
        return;
    }
    // the largest heap takes the nim-sum of the others; the others run over their boxes
    let j = (0..h.len()).max_by_key(|&i| h[i]).unwrap_or(0);
    let free: Vec<usize> = (0..h.len()).filter(|&i| i != j).collect();
    let mut x = vec![0u64; h.len()];
    loop {
        // next x over the free heaps (odometer), skipping all-zero
        let mut k = 0;
        while k < free.len() {
            let i = free[k];
            if x[i] < h[i] {
                x[i] += 1;
                break;
            }
            x[i] = 0;
            k += 1;
        }
        if k == free.len() {
            return;
        }
        let xj = free.iter().fold(0, |acc, &i| acc ^ x[i]);
        if xj > h[j] {
            continue;
        }
        x[j] = xj;
        for i in 0..h.len() {
            t[i] = h[i] - x[i];
        }
        if visit(&t) {
            return;
        }
    }
}

/// Refuses a position with no heap or more than [`MAX_HEAPS`].
fn check_heaps(h: &[u64]) -> Result<()> {
    if h.is_empty() || h.len() > MAX_HEAPS {
        return Err(Error::usage(format!(
            "nheap: give 1 to {MAX_HEAPS} heaps, not {}",
            h.len()
        )));
    }
    Ok(())
}

/// The cells and the work bound of the box [0, h_1] × … × [0, h_N] (`None` past u64).
pub fn box_cost(h: &[u64]) -> Option<(u64, u64)> {
    let mut cells: u64 = 1;
    for &v in h {
        cells = cells.checked_mul(v.checked_add(1)?)?;
    }
    let big = h.iter().copied().max().unwrap_or(0);
    let per = cells / big.checked_add(1)?;
    Some((cells, cells.checked_mul(per)?))
}

/// The P-positions of the box [0, h_1] × … × [0, h_N], as a bit per cell in mixed radix (heap 1
/// fastest).  Refused beyond [`MAX_CELLS`] cells or [`MAX_BOX_WORK`] steps.
pub fn box_search(h: &[u64]) -> Result<Vec<bool>> {
    check_heaps(h)?;
    match box_cost(h) {
        Some((cells, work)) if cells <= MAX_CELLS && work <= MAX_BOX_WORK => {}
        _ => {
            return Err(Error::usage(format!(
                "nheap: the box below ({}) passes the search's limits ({MAX_CELLS} cells, \
                 {MAX_BOX_WORK} steps); three heaps go by the slices, two by `wythoff move`",
                join(h)
            )));
        }
    }
    let cells = box_cost(h).map_or(0, |c| c.0) as usize;
    let mut stride = vec![1usize; h.len()];
    for i in 1..h.len() {
        stride[i] = stride[i - 1] * (h[i - 1] as usize + 1);
    }
    let index = |c: &[u64]| {
        c.iter()
            .zip(&stride)
            .map(|(&v, &s)| v as usize * s)
            .sum::<usize>()
    };
    let mut p = vec![false; cells];
    let mut c = vec![0u64; h.len()];
    for cell in 0..cells {
        let mut win = false;
        for_each_option(&c, &mut |t| {
            win = p[index(t)];
            win
        });
        p[cell] = !win;
        // the next cell, heap 1 fastest
        for i in 0..h.len() {
            if c[i] < h[i] {
                c[i] += 1;
                break;
            }
            c[i] = 0;
        }
    }
    Ok(p)
}

/// The outcome of a position and every winning move, as the positions they lead to (heaps in
/// the given order, lexicographically ascending).
pub struct Analysis {
    /// P or N.
    pub outcome: Outcome,
    /// The options that are P-positions.
    pub moves: Vec<Vec<u64>>,
}

/// P or N and every winning move of `h`: three heaps by the slices, other counts by the box
/// search; beyond their limits a one-line refusal.
pub fn analyse(h: &[u64]) -> Result<Analysis> {
    check_heaps(h)?;
    let mut moves = Vec::new();
    if h.len() == 3 {
        let table = ThreeTable::solve(h)?;
        for i in 0..3 {
            // lowering heap i to v: below the larger other heap q, each v is looked up; at or
            // above q, the one P-position is (p, q, f_p(q))
            let (p, q) = (
                h[(i + 1) % 3].min(h[(i + 2) % 3]),
                h[(i + 1) % 3].max(h[(i + 2) % 3]),
            );
            let mut t = h.to_vec();
            for v in 0..h[i].min(q) {
                t[i] = v;
                if table.is_p(&t) {
                    moves.push(t.clone());
                }
            }
            if h[i] > q
                && let Some(v) = table.partner(p, q)
                && v < h[i]
            {
                t[i] = v;
                moves.push(t);
            }
        }
        for_each_nim_sum_option(h, &mut |t| {
            if table.is_p(t) {
                moves.push(t.to_vec());
            }
            false
        });
    } else {
        let p = box_search(h)?;
        let mut stride = 1usize;
        let strides: Vec<usize> = h
            .iter()
            .map(|&v| {
                let s = stride;
                stride *= v as usize + 1;
                s
            })
            .collect();
        for_each_option(h, &mut |t| {
            if p[t
                .iter()
                .zip(&strides)
                .map(|(&v, &s)| v as usize * s)
                .sum::<usize>()]
            {
                moves.push(t.to_vec());
            }
            false
        });
    }
    moves.sort();
    let outcome = if moves.is_empty() {
        Outcome::P
    } else {
        Outcome::N
    };
    Ok(Analysis { outcome, moves })
}

/// The heaps as "h1, h2, …".
fn join(h: &[u64]) -> String {
    h.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// f_a(b) for a ≤ the smallest heap and a ≤ b ≤ the middle heap, from the slice engine: the
/// P-positions (a, b, c), a ≤ b ≤ c, below a three-heap position.
struct ThreeTable {
    mid: u64,
    /// rows[a][b − a] = f_a(b) when f_a(b) ≥ b, else [`u32::MAX`].
    rows: Vec<Vec<u32>>,
}

impl ThreeTable {
    fn solve(h: &[u64]) -> Result<ThreeTable> {
        let mut s = h.to_vec();
        s.sort_unstable();
        let (small, mid) = (s[0], s[1]);
        let cells = small
            .checked_add(1)
            .zip(mid.checked_add(1))
            .and_then(|(x, y)| x.checked_mul(y));
        let fits_cells = cells.is_some_and(|c| c <= MAX_THREE_CELLS);
        // only when the cells fit (then small < 2^13): Σ_{t ≤ small} (t + w(t)), w(t) summed as
        // it grows
        let work = fits_cells.then(|| {
            let (mut w, mut sum) = (0u64, 0u64);
            for t in 1..=small {
                w += 1 << t.count_ones();
                sum += t + w;
            }
            sum.checked_mul(mid + 1)
        });
        let fits = fits_cells
            && work.flatten().is_some_and(|w| w <= MAX_THREE_WORK)
            && mid <= slice::MAX_VALUE / 4;
        if !fits {
            return Err(Error::usage(format!(
                "nheap: ({}) passes the three-heap limits ((smallest + 1)·(middle + 1) up to \
                 {MAX_THREE_CELLS}, {MAX_THREE_WORK} slice look-ups); the largest heap is free",
                join(h)
            )));
        }
        let mut rows = vec![Vec::new(); small as usize + 1];
        let mut engine = slice::Rows::new(small)?;
        for b in 0..=mid {
            for (a, y) in engine.step()?.into_iter().enumerate() {
                if b >= a as u64 {
                    // values stay below slice::MAX_VALUE < u32::MAX (the engine refuses more)
                    let v = y.map_or(Ok(u32::MAX), u32::try_from);
                    rows[a].push(v.map_err(|_| Error::internal("slice value past u32"))?);
                }
            }
        }
        Ok(ThreeTable { mid, rows })
    }

    /// f_p(q) for p ≤ q (p at most the smallest heap, q at most the middle one) when f_p(q) ≥ q.
    fn partner(&self, p: u64, q: u64) -> Option<u64> {
        let v = self.rows[p as usize][(q - p) as usize];
        (v != u32::MAX).then_some(u64::from(v))
    }

    /// Whether the option `t` (any order, dominated by the position) is a P-position.
    fn is_p(&self, t: &[u64]) -> bool {
        let mut s = [t[0], t[1], t[2]];
        s.sort_unstable();
        let [a, b, c] = s;
        debug_assert!(b <= self.mid);
        self.partner(a, b) == Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_single_heap_or_nim_sum_zero() {
        assert!(is_move(&[0, 3, 0]));
        assert!(is_move(&[1, 2, 3]));
        assert!(is_move(&[2, 2]));
        assert!(!is_move(&[1, 1, 1]));
        assert!(!is_move(&[0, 0, 0]));
        assert!(!is_move(&[1, 2]));
    }

    #[test]
    fn options_are_exactly_the_moves() {
        let h = [2u64, 3, 1, 2];
        let mut got = Vec::new();
        for_each_option(&h, &mut |t| {
            got.push(t.to_vec());
            false
        });
        let mut want = Vec::new();
        for x0 in 0..=2 {
            for x1 in 0..=3 {
                for x2 in 0..=1 {
                    for x3 in 0..=2 {
                        if is_move(&[x0, x1, x2, x3]) {
                            want.push(vec![2 - x0, 3 - x1, 1 - x2, 2 - x3]);
                        }
                    }
                }
            }
        }
        got.sort();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn three_heaps_by_slices_agree_with_the_box_search() {
        let n = 12u64;
        let p = box_search(&[n, n, n]).unwrap();
        let side = n as usize + 1;
        for x in 0..=n {
            for y in x..=n {
                for z in y..=n {
                    let a = analyse(&[x, y, z]).unwrap();
                    let want = p[x as usize + side * (y as usize + side * z as usize)];
                    assert_eq!(a.outcome == Outcome::P, want, "({x}, {y}, {z})");
                }
            }
        }
    }

    #[test]
    fn limits_are_refused() {
        assert!(analyse(&[]).is_err());
        assert!(analyse(&[1; 9]).is_err());
        assert!(analyse(&[1000, 1000, 1000, 1000]).is_err());
        assert!(analyse(&[100_000, 100_000, 100_000]).is_err());
        assert!(analyse(&[100_000, 100_000, 5]).is_ok());
        assert!(analyse(&[u64::MAX, u64::MAX, u64::MAX]).is_err());
        assert!(analyse(&[3, 5, u64::MAX]).is_ok());
    }
}
