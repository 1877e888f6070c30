//! Fraenkel's N-heap Wythoff game (X. Sun and D. Zeilberger, "On Fraenkel's N-heap Wythoff's
//! conjectures", Annals of Combinatorics 8 (2004); doc/nheap.md): N heaps; a move takes any
//! positive number from one heap, or (x_1, …, x_N) from all of them, 0 ≤ x_i ≤ heap i, not all
//! zero, with nim-sum x_1 ⊕ … ⊕ x_N = 0.  For N = 2 it is Wythoff's game.  It is not three-pile
//! Wythoff ([`crate::three_pile`], the queen in a cube): (1, 2, 3) is a move only here.
//!
//! Algorithms: P or N and every winning move of a position by a search over the box below it
//! ([`box_search`]: the cells in increasing order, each P when no option is; cost
//! cells × Π_{i ≠ largest}(h_i + 1) at the most), and for three and four heaps by the slices
//! ([`slice`](mod@slice): the rows f_s up to the smallest heap, or f_{p,q} up to the two smallest,
//! columns up to the second largest heap; a four-heap position past the slices' limits but within
//! the box's goes by the box).  The limits are checked before any work and refused in one line.  Fraenkel's two conjectures on the
//! three-heap slices are measured by [`conjectures`].

pub mod conjectures;
pub mod listing;
pub mod resume;
pub mod run;
pub mod slice;

use crate::context::Context;
use crate::error::{Error, Result};
use crate::pairs::Outcome;

/// The most heaps a position may have.
pub const MAX_HEAPS: usize = 8;

/// The most cells of a box search (2^24).
pub const MAX_CELLS: u64 = 1 << 24;

/// The most steps of a box search: cells × Π_{i ≠ largest}(h_i + 1) (2^34).
pub const MAX_BOX_WORK: u64 = 1 << 34;

/// The most (rows of the slice table) × (second largest heap + 1) of a three- or four-heap
/// position (2^26): the slice table.
pub const MAX_THREE_CELLS: u64 = 1 << 26;

/// The most slice look-ups of a four-heap position, by the bound of `slice_work` (2^30).
pub const MAX_FOUR_WORK: u64 = 1 << 30;

/// The most nim-sum options of a three- or four-heap position: Π (h_i + 1) over all heaps but
/// the largest (2^30).
pub const MAX_NIM_OPTIONS: u64 = 1 << 30;

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
/// fastest).  Refused beyond [`MAX_CELLS`] cells or [`MAX_BOX_WORK`] steps; polls `ctx` every
/// 2^12 cells.
pub fn box_search(h: &[u64], ctx: &Context) -> Result<Vec<bool>> {
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
        if cell % (1 << 12) == 0 {
            ctx.check()?;
        }
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

/// P or N and every winning move of `h`: three and four heaps by the slices (`SliceTable`, by
/// [`slice::Rows`]), other counts by the box search; beyond their limits a one-line refusal.
/// Polls `ctx` between columns of the slices and blocks of the box.
pub fn analyse(h: &[u64], ctx: &Context) -> Result<Analysis> {
    check_heaps(h)?;
    let mut moves = Vec::new();
    // four heaps that pass the slices' limits go by the box when it takes them
    let table = match h.len() {
        3 => Some(SliceTable::solve(h, ctx)?),
        4 => match SliceTable::solve(h, ctx) {
            Ok(t) => Some(t),
            Err(Error::Cancelled) => return Err(Error::Cancelled),
            Err(_) if box_cost(h).is_some_and(|(c, w)| c <= MAX_CELLS && w <= MAX_BOX_WORK) => None,
            Err(e) => return Err(e),
        },
        _ => None,
    };
    if let Some(table) = table {
        for i in 0..h.len() {
            // lowering heap i to v: below the largest other heap z, each v is looked up; at or
            // above z, the one P-position is (the others, f(the others))
            let mut others: Vec<u64> = (0..h.len()).filter(|&j| j != i).map(|j| h[j]).collect();
            others.sort_unstable();
            let z = others[others.len() - 1];
            let mut t = h.to_vec();
            for v in 0..h[i].min(z) {
                t[i] = v;
                if table.is_p(&t) {
                    moves.push(t.clone());
                }
            }
            if h[i] > z
                && let Some(v) = table.partner(&others[..others.len() - 1], z)
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
        moves = by_box(h, ctx)?;
    }
    moves.sort();
    let outcome = if moves.is_empty() {
        Outcome::P
    } else {
        Outcome::N
    };
    Ok(Analysis { outcome, moves })
}

/// Every winning move of `h` by the box search, unsorted.
fn by_box(h: &[u64], ctx: &Context) -> Result<Vec<Vec<u64>>> {
    let p = box_search(h, ctx)?;
    let mut stride = 1usize;
    let strides: Vec<usize> = h
        .iter()
        .map(|&v| {
            let s = stride;
            stride *= v as usize + 1;
            s
        })
        .collect();
    let mut moves = Vec::new();
    for_each_option(h, &mut |t| {
        let at: usize = t.iter().zip(&strides).map(|(&v, &s)| v as usize * s).sum();
        if p[at] {
            moves.push(t.to_vec());
        }
        false
    });
    Ok(moves)
}

/// The heaps as "h1, h2, …".
fn join(h: &[u64]) -> String {
    h.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// The slice look-ups of the rows below a position of three or four heaps (sorted `s`), as
/// (middle + 1) · Σ_rows (singles + nim-sum look-ups): for three heaps row t costs t + w(t), for
/// four heaps row (p, q) at most p + q + (p + 1)(q + 1)·2^bitlen(q) (2^popcount(d) ≤ 2^bitlen(q));
/// `None` past u64.  Only called when the table's cells fit, so the loops are short.
fn slice_work(s: &[u64]) -> Option<u64> {
    let col = s[s.len() - 2].checked_add(1)?;
    let mut sum = 0u64;
    if s.len() == 3 {
        let mut w = 0u64;
        for t in 1..=s[0] {
            w += 1 << t.count_ones();
            sum = sum.checked_add(t + w)?;
        }
    } else {
        for q in 0..=s[1] {
            let m = q.min(s[0]);
            let pairs = (m + 1).checked_mul(m + 2)? / 2;
            let singles = (m * (m + 1) / 2).checked_add((m + 1).checked_mul(q)?)?;
            let bits = 1u64.checked_shl(64 - q.leading_zeros())?;
            let nim = (q + 1).checked_mul(bits)?.checked_mul(pairs)?;
            sum = sum.checked_add(singles)?.checked_add(nim)?;
        }
    }
    sum.checked_mul(col)
}

/// The P-positions below a position of three or four heaps, from the slice engine: with
/// s_0 ≤ s_1 ≤ … the sorted heaps, the rows f_a, a ≤ s_0 (three heaps) or f_{p,q}, p ≤ s_0,
/// p ≤ q ≤ s_1 (four heaps), at the columns c from the largest fixed heap to the second largest
/// heap: a sorted option (…, c, d) is P exactly when d = f_{fixed}(c), and every option's sorted
/// heaps lie below the position's, so these rows and columns decide every option.
struct SliceTable {
    /// The largest smaller fixed heap of the rows (four heaps; for three, unused).
    p_max: u64,
    /// rows[row][c − the row's largest fixed heap] = f(c) when f(c) ≥ c, else [`u32::MAX`].
    rows: Vec<Vec<u32>>,
}

impl SliceTable {
    fn solve(h: &[u64], ctx: &Context) -> Result<SliceTable> {
        let mut s = h.to_vec();
        s.sort_unstable();
        let (n, mid) = (s.len(), s[s.len() - 2]);
        // the rows with their fixed heaps, in the engine's order (at most (s_0 + 1)(s_1 + 1))
        let bound = if n == 3 {
            s[0].checked_add(1)
        } else {
            (s[0].checked_add(1)).and_then(|x| x.checked_mul(s[1].checked_add(1)?))
        };
        let fixed: Vec<Vec<u64>> = match bound {
            Some(b) if b <= MAX_THREE_CELLS && n == 3 => (0..=s[0]).map(|a| vec![a]).collect(),
            Some(b) if b <= MAX_THREE_CELLS => (0..=s[1])
                .flat_map(|q| (0..=q.min(s[0])).map(move |p| vec![p, q]))
                .collect(),
            _ => Vec::new(),
        };
        let cells = (mid.checked_add(1)).and_then(|c| c.checked_mul(fixed.len() as u64));
        let fits_cells = !fixed.is_empty() && cells.is_some_and(|c| c <= MAX_THREE_CELLS);
        let options = s[..n - 1]
            .iter()
            .try_fold(1u64, |acc, &v| acc.checked_mul(v.checked_add(1)?));
        let max_work = if n == 3 {
            MAX_THREE_WORK
        } else {
            MAX_FOUR_WORK
        };
        let fits = fits_cells
            && slice_work(&s).is_some_and(|w| w <= max_work)
            && options.is_some_and(|o| o <= MAX_NIM_OPTIONS)
            && mid <= slice::MAX_VALUE / 4
            && (n == 3 || s[1] <= slice::MAX_PAIR);
        if !fits {
            let which = if n == 3 { "three-heap" } else { "four-heap" };
            return Err(Error::usage(format!(
                "nheap: ({}) passes the {which} limits (rows × (second largest + 1) up to \
                 {MAX_THREE_CELLS}, {max_work} slice look-ups, {MAX_NIM_OPTIONS} nim-sum \
                 options); the largest heap is free",
                join(h)
            )));
        }
        let mut engine = if n == 3 {
            slice::Rows::new(s[0])?
        } else {
            slice::Rows::pairs_below(s[0], s[1])?
        };
        let mut rows = vec![Vec::new(); fixed.len()];
        for c in 0..=mid {
            ctx.check()?;
            for (r, y) in engine.step()?.into_iter().enumerate() {
                if c >= fixed[r][n - 3] {
                    // values stay below slice::MAX_VALUE < u32::MAX (the engine refuses more)
                    let v = y.map_or(Ok(u32::MAX), u32::try_from);
                    rows[r].push(v.map_err(|_| Error::internal("slice value past u32"))?);
                }
            }
        }
        Ok(SliceTable { p_max: s[0], rows })
    }

    /// f_{fixed}(c) for sorted fixed heaps (one or two) and c at least the largest, when
    /// f(c) ≥ c; the heaps within the table's rows and columns.
    fn partner(&self, fixed: &[u64], c: u64) -> Option<u64> {
        let (r, top) = match *fixed {
            [a] => (a as usize, a),
            [p, q] => (slice::index_below(p, q, self.p_max), q),
            _ => return None,
        };
        let v = *self.rows.get(r)?.get(usize::try_from(c - top).ok()?)?;
        (v != u32::MAX).then_some(u64::from(v))
    }

    /// Whether the option `t` (any order, dominated by the position) is a P-position.
    fn is_p(&self, t: &[u64]) -> bool {
        let mut s = t.to_vec();
        s.sort_unstable();
        let n = s.len();
        self.partner(&s[..n - 2], s[n - 2]) == Some(s[n - 1])
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
        let p = box_search(&[n, n, n], &Context::serial()).unwrap();
        let side = n as usize + 1;
        for x in 0..=n {
            for y in x..=n {
                for z in y..=n {
                    let a = analyse(&[x, y, z], &Context::serial()).unwrap();
                    let want = p[x as usize + side * (y as usize + side * z as usize)];
                    assert_eq!(a.outcome == Outcome::P, want, "({x}, {y}, {z})");
                }
            }
        }
    }

    #[test]
    fn four_heaps_by_slices_agree_with_the_box_search() {
        // the winning moves by the slices = those of the box search, sorted
        let agree = |h: [u64; 4]| {
            let mut want = by_box(&h, &Context::serial()).unwrap();
            want.sort();
            assert_eq!(
                analyse(&h, &Context::serial()).unwrap().moves,
                want,
                "{h:?}"
            );
        };
        // every position of heaps up to 7 (in one order each), its moves in the given order
        let n = 7u64;
        for w in 0..=n {
            for z in 0..=w {
                for y in 0..=z {
                    for x in 0..=y {
                        agree([z, x, w, y]);
                    }
                }
            }
        }
        // larger ones, the largest heap far out of the box's reach in the last
        for h in [[9u64, 12, 10, 11], [3, 14, 0, 13], [2, 5, 5, 40]] {
            agree(h);
        }
        assert!(analyse(&[3, 5, 200, u64::MAX], &Context::serial()).is_ok());
    }

    #[test]
    fn limits_are_refused() {
        assert!(analyse(&[], &Context::serial()).is_err());
        assert!(analyse(&[1; 9], &Context::serial()).is_err());
        assert!(analyse(&[1000, 1000, 1000, 1000], &Context::serial()).is_err());
        assert!(analyse(&[100_000, 100_000, 100_000], &Context::serial()).is_err());
        assert!(analyse(&[100_000, 100_000, 5], &Context::serial()).is_ok());
        assert!(analyse(&[u64::MAX, u64::MAX, u64::MAX], &Context::serial()).is_err());
        assert!(analyse(&[3, 5, u64::MAX], &Context::serial()).is_ok());
    }
}
