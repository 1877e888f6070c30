//! The slice engine of N-heap Wythoff: the P-positions (s, A, B) for every smallest heap s ≤ S,
//! and (p, q, A, B) for fixed heaps p ≤ q ≤ T ([`Rows::pairs`]), computed column by column
//! without searching the game tree (doc/nheap.md, where both recursions are proved; for four
//! heaps a row's moves go to the rows {p − x_1, q − x_2} with d = x_1 ⊕ x_2, the rest as below).
//!
//! Algorithm.  For every s, A ≥ 0 exactly one y makes (s, A, y) a P-position; call it f_s(A).
//! It is the least y that no move other than "lower the third heap" sends to a P-position:
//! y is forbidden when y = f_{s'}(A) for an s' < s (lower heap 1), y = f_s(A') for an A' < A
//! (lower heap 2), y − A = f_s(A') − A' for an A' < A (the nim-sum move (0, u, u)), or
//! y = f_{s−d}(A − u) + (u ⊕ d) for 1 ≤ d ≤ s, 0 ≤ u ≤ A (the nim-sum move (d, u, u ⊕ d)).
//! Each row f_s is an involution (f_s(A) < A exactly when A was already taken as a value), and
//! the differences f_s(A) − A of a row are distinct, so a row is kept as a map from |difference|
//! to the smaller heap of its pair.  The nim-sum move from (s, A, y) to row t = s − d changes
//! the difference by δ = (u ⊕ d) − u = Σ_{i ∈ bits(d)} ±2^i, so only 2^popcount(d) entries of
//! row t can forbid y.  The columns A = 0, 1, 2, … are computed for all rows s = 0..=S in turn.
//! An unused difference below a row's largest (a hole) is a candidate at every column; whether a
//! nim-sum move forbids it depends only on the column mod M = 2^bitlen(S), so each hole keeps a
//! mask of the residues forbidden, updated as the lower rows record pairs (S < 1024).
//!
//! Cost: per row and column, one bit per hole and (candidates above the holes) × (s + w(s))
//! look-ups with w(s) = Σ_{d=1}^{s} 2^popcount(d) ≤ 3^⌈log2(s+1)⌉ (≈ s^1.585), and per pair
//! recorded in row t, Σ_{s>t} 2^popcount(s−t) hole tests; a slice of n positions needs about n·φ
//! columns.  Memory: per row about 2.5 bytes per column (the difference map, u32), one bit per
//! value (the values taken, up to ≈ φ² times the column), M/8 + 48 bytes per hole: O(S·n + S²·M).
//! The estimate of a run's memory and look-ups made before anything is allocated, and the
//! refusals built on it, are in slice/cost.rs; the engine's state as a file in slice/state.rs.

use crate::error::{Error, Result};

mod cost;
pub mod state;

pub use cost::{
    Cost, Input, MAX_LOOKUPS, PENDING_KEY_BYTES, SliceError, check, check_pairs, columns_estimate,
    cost,
};

/// No entry (an unused difference).
const NONE: u32 = u32::MAX;

/// The largest column or value the engine stores (u32, with `NONE` reserved).
pub const MAX_VALUE: u64 = u32::MAX as u64 - 1;

/// An unused difference e below the top of a row; with residue masks ([`Rows::modulus`] M > 0),
/// bit r of `mask` says that a nim-sum move forbids a + e at every column a ≡ r (mod M) (doc/nheap.md,
/// "Holes by residues"); without, a hint: the last nim-sum move (1 + its index among the row's
/// moves, index of its change of difference) that forbade a + e, or (0, 0).
struct Hole {
    e: u64,
    hint: (usize, usize),
    mask: Vec<u64>,
}

/// Whether bit y of a bitset is set.
fn bit(set: &[u64], y: u64) -> bool {
    let w = (y / 64) as usize;
    w < set.len() && set[w] >> (y % 64) & 1 == 1
}

/// One row f_s: the pairs {A, f_s(A)} of the columns computed so far.
struct Row {
    /// by_diff[E] = the smaller heap a of the pair (a, a + E), or [`NONE`].
    by_diff: Vec<u32>,
    /// Bit y set: y = f_s(a) for some a < y computed already (y is taken as a value).
    taken: Vec<u64>,
    /// Unused differences below `top`, ascending, each with the nim-sum move that forbade it
    /// last (tried first at the next column).
    holes: Vec<Hole>,
    /// Every difference ≥ top is unused.
    top: u64,
}

impl Row {
    fn new() -> Row {
        Row {
            by_diff: Vec::new(),
            taken: Vec::new(),
            holes: Vec::new(),
            top: 0,
        }
    }

    fn is_taken(&self, y: u64) -> bool {
        bit(&self.taken, y)
    }

    fn take(&mut self, y: u64) {
        let w = (y / 64) as usize;
        if w >= self.taken.len() {
            self.taken.resize(w + 1, 0);
        }
        self.taken[w] |= 1 << (y % 64);
    }

    /// The entry of difference `dd` (signed): the column A' and value B' = f(A'), if any.
    fn at_difference(&self, dd: i64) -> Option<(u64, u64)> {
        let e = dd.unsigned_abs();
        let a = *self.by_diff.get(usize::try_from(e).ok()?)?;
        if a == NONE {
            return None;
        }
        let a = u64::from(a);
        Some(if dd >= 0 { (a, a + e) } else { (a + e, a) })
    }

    /// Records the pair (a, a + e); returns the new holes' differences.
    fn record(&mut self, a: u64, e: u64) -> std::ops::Range<u64> {
        let i = e as usize;
        if i >= self.by_diff.len() {
            self.by_diff.resize(i + 1, NONE);
        }
        self.by_diff[i] = a as u32;
        if e > 0 {
            self.take(a + e);
        }
        if e < self.top {
            if let Ok(k) = self.holes.binary_search_by_key(&e, |h| h.e) {
                self.holes.remove(k);
            }
            e..e
        } else {
            let new = self.top..e;
            self.holes.extend(new.clone().map(|e| Hole {
                e,
                hint: (0, 0),
                mask: Vec::new(),
            }));
            self.top = e + 1;
            new
        }
    }

    /// The hole of difference e, if e is one.
    fn hole_mut(&mut self, e: i64) -> Option<&mut Hole> {
        let e = u64::try_from(e).ok()?;
        if e >= self.top || self.by_diff.get(e as usize).is_none_or(|&a| a != NONE) {
            return None;
        }
        let k = self.holes.binary_search_by_key(&e, |h| h.e).ok()?;
        Some(&mut self.holes[k])
    }

    /// The bytes this row holds (its vectors' capacities).
    fn bytes(&self) -> u64 {
        (self.by_diff.capacity() * 4
            + self.taken.capacity() * 8
            + self.holes.capacity() * std::mem::size_of::<Hole>()
            + self
                .holes
                .iter()
                .map(|h| h.mask.capacity() * 8)
                .sum::<usize>()) as u64
    }
}

/// The rows of a family of slices, computed column by column: for three heaps f_0, …, f_S (row s
/// for the smallest heap s), for four heaps f_{p,q}, p ≤ q ≤ T ([`Rows::pairs`]).  Each row has
/// its moves to lower rows (the nim-sum moves that lower a fixed heap) and its single-heap
/// lowerings of a fixed heap; every lower row comes earlier in the order of the rows.
pub struct Rows {
    /// Which rows these are (the parameters of the constructor).
    family: Family,
    rows: Vec<Row>,
    /// moves[r] = the nim-sum moves of row r that lower a fixed heap: (lower row, d), where the
    /// move changes the difference by one of deltas[d] (d = x_1 ⊕ … of the fixed heaps' takes).
    moves: Vec<Vec<(usize, u64)>>,
    /// reverse[l] = the (upper row, d) of the moves that lead to row l.
    reverse: Vec<Vec<(usize, u64)>>,
    /// singles[r] = the rows reached by lowering one fixed heap of row r, as runs of consecutive
    /// rows (for three heaps the one run 0..r), so that the test of a column is a scan of
    /// contiguous slices of `current`.
    singles: Vec<Vec<std::ops::Range<usize>>>,
    /// deltas[d] = the changes of difference (u ⊕ d) − u, for d = 0..=max d.
    deltas: Vec<Vec<i64>>,
    /// The column computed last: f_r(A) when A ≤ f_r(A), else [`u64::MAX`].
    current: Vec<u64>,
    /// The next column.
    column: u64,
    /// M = 2^(bit length of the largest d) when the holes keep residue masks (d below
    /// [`MASKS_BELOW`]), else 0.
    modulus: u64,
    /// The largest d of a move.
    max_d: u64,
    /// Targets of small negative difference −E (pairs (a, a + E), E ≤ max d) that become valid
    /// at column a + E: column → (row, difference, column of the target).
    pending: std::collections::BTreeMap<u64, Vec<(usize, i64, u64)>>,
}

/// Which rows a [`Rows`] holds: the parameters it was made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Three heaps, rows f_0..=f_S ([`Rows::new`]).
    Three {
        /// S, the largest smallest heap.
        smallest: u64,
    },
    /// Four heaps, rows f_{p,q}, p ≤ min(q, `p_max`), q ≤ `t_max` ([`Rows::pairs_below`]).
    Pairs {
        /// The largest smaller fixed heap.
        p_max: u64,
        /// The largest fixed heap.
        t_max: u64,
    },
}

/// The holes keep residue masks for moves with d below this (M ≤ 1024 bits a hole).
pub const MASKS_BELOW: u64 = 1024;

/// Sets in `mask` (M bits) the columns r (mod M) at which the target of a lower row with
/// difference e − δ at column a2, reached by a move with d, forbids a + e: those with
/// ((r − a2) mod M) & d = π, where δ = Σ_{i ∈ bits(d)} (1 − 2π_i)·2^i.
fn set_residues(mask: &mut [u64], m: u64, d: u64, delta: i64, a2: u64) {
    let twice = d as i64 - delta;
    debug_assert!(twice >= 0 && twice % 2 == 0);
    let pi = (twice / 2) as u64;
    debug_assert_eq!(pi & !d, 0);
    let free = (m - 1) & !d;
    let mut w = free;
    loop {
        let r = ((pi | w) + a2) & (m - 1);
        mask[(r / 64) as usize] |= 1 << (r % 64);
        if w == 0 {
            break;
        }
        w = (w - 1) & free;
    }
}

/// The changes Σ_{i ∈ bits(d)} ±2^i of the difference that a nim-sum move with d can make.
fn deltas(d: u64) -> Vec<i64> {
    let mut v = vec![0i64];
    let mut bits = d;
    while bits != 0 {
        let b = 1i64 << bits.trailing_zeros();
        bits &= bits - 1;
        let mut next = Vec::with_capacity(2 * v.len());
        for &x in &v {
            next.extend([x + b, x - b]);
        }
        v = next;
    }
    v
}

/// w(s) = Σ_{d=1}^{s} 2^popcount(d): the look-ups of the nim-sum test for one candidate in row s.
pub fn nim_sum_lookups(s: u64) -> u64 {
    (1..=s).map(|d| 1u64 << d.count_ones()).sum()
}

/// The index of the row f_{p,q} (p ≤ q) among the rows of [`Rows::pairs`]: q(q + 1)/2 + p.
pub fn pair_index(p: u64, q: u64) -> usize {
    index_below(p, q, u64::MAX)
}

/// The index of the row f_{p,q} among the rows f_{p′,q′}, p′ ≤ min(q′, `p_max`), ordered by q′
/// and then p′ ([`Rows::pairs_below`]): the rows before column q′ = q, then p.
pub(super) fn index_below(p: u64, q: u64, p_max: u64) -> usize {
    let (p, q) = (p.min(q), p.max(q));
    rows_before(q, p_max) + p as usize
}

/// The number of rows f_{p′,q′}, p′ ≤ min(q′, `p_max`), with q′ < q.
fn rows_before(q: u64, p_max: u64) -> usize {
    let full = q.min(p_max.saturating_add(1)) as usize;
    full * (full + 1) / 2 + (q as usize - full) * (p_max.min(q) as usize + 1)
}

impl Rows {
    /// The three-heap rows f_0..=f_`s_max`, no column computed yet: row s has the moves
    /// (s − d, d), 1 ≤ d ≤ s, and the lowerings to the rows s′ < s.
    pub fn new(s_max: u64) -> Result<Rows> {
        if let Some(m) = unsupported(s_max, MAX_SMALLEST, "N-heap Wythoff slices: smallest heaps") {
            return Err(Error::usage(m));
        }
        let n = s_max as usize + 1;
        Ok(Rows::with_moves(
            Family::Three { smallest: s_max },
            (0..n)
                .map(|s| (1..=s).map(|d| (s - d, d as u64)).collect())
                .collect(),
            (0..n).map(|s| (0..s).collect()).collect(),
        ))
    }

    /// The four-heap rows f_{p,q}, 0 ≤ p ≤ q ≤ `t_max`, in the order of [`pair_index`].
    pub fn pairs(t_max: u64) -> Result<Rows> {
        Rows::pairs_below(t_max, t_max)
    }

    /// The four-heap rows f_{p,q}, p ≤ min(q, `p_max`), q ≤ `t_max`, ordered by q and then p
    /// (every row a row needs comes before it): row (p, q) has the nim-sum moves taking
    /// (x_1, x_2) ≠ (0, 0) from the fixed heaps, to the row {p − x_1, q − x_2} with
    /// d = x_1 ⊕ x_2, and the lowerings of one fixed heap (all to rows of smaller heap ≤ p).
    pub fn pairs_below(p_max: u64, t_max: u64) -> Result<Rows> {
        if let Some(m) = unsupported(
            t_max,
            MAX_PAIR,
            "N-heap Wythoff four-heap slices: fixed heaps",
        ) {
            return Err(Error::usage(m));
        }
        let at = |p, q| index_below(p, q, p_max);
        let (mut moves, mut singles) = (Vec::new(), Vec::new());
        for q in 0..=t_max {
            for p in 0..=q.min(p_max) {
                let mut m = Vec::with_capacity(((p + 1) * (q + 1) - 1) as usize);
                for x1 in 0..=p {
                    for x2 in 0..=q {
                        if (x1, x2) != (0, 0) {
                            m.push((at(p - x1, q - x2), x1 ^ x2));
                        }
                    }
                }
                moves.push(m);
                let lower = (0..p).map(|v| at(v, q));
                singles.push(lower.chain((0..q).map(|v| at(p, v))).collect());
            }
        }
        Ok(Rows::with_moves(
            Family::Pairs { p_max, t_max },
            moves,
            singles,
        ))
    }

    fn with_moves(family: Family, moves: Vec<Vec<(usize, u64)>>, singles: Vec<Vec<usize>>) -> Rows {
        let n = moves.len();
        let max_d = moves.iter().flatten().map(|m| m.1).max().unwrap_or(0);
        // each row's moves in, counted first: the lists are made at their size
        let mut into = vec![0usize; n];
        for &(l, _) in moves.iter().flatten() {
            into[l] += 1;
        }
        let mut reverse: Vec<Vec<(usize, u64)>> =
            into.into_iter().map(Vec::with_capacity).collect();
        for (r, m) in moves.iter().enumerate() {
            for &(l, d) in m {
                debug_assert!(l < r);
                reverse[l].push((r, d));
            }
        }
        Rows {
            family,
            rows: (0..n).map(|_| Row::new()).collect(),
            deltas: (0..=max_d).map(deltas).collect(),
            moves,
            reverse,
            singles: singles.into_iter().map(runs).collect(),
            current: vec![0; n],
            column: 0,
            modulus: if max_d < MASKS_BELOW {
                1 << (64 - max_d.leading_zeros())
            } else {
                0
            },
            max_d,
            pending: std::collections::BTreeMap::new(),
        }
    }

    /// The next column to compute.
    pub fn column(&self) -> u64 {
        self.column
    }

    /// The parameters these rows were made with.
    pub fn family(&self) -> Family {
        self.family
    }

    /// The pairs (A, f_r(A)) with f_r(A) ≥ A of row `r` over the columns computed, A increasing.
    pub fn pairs_of(&self, r: usize) -> Vec<(u64, u64)> {
        let mut v: Vec<(u64, u64)> = (self.rows[r].by_diff.iter().enumerate())
            .filter(|&(_, &a)| a != NONE)
            .map(|(e, &a)| (u64::from(a), u64::from(a) + e as u64))
            .collect();
        v.sort_unstable();
        v
    }

    /// The bytes the engine holds now, counted from its own allocations (every vector's
    /// capacity; the map of pending targets at [`PENDING_KEY_BYTES`] a column besides its
    /// entries): the rows, their moves, reverse moves and lowerings, the changes of difference,
    /// the last column and the targets not valid yet.  [`cost()`] bounds it.
    pub fn bytes(&self) -> u64 {
        use std::mem::size_of;
        let vecs = |v: &Vec<Vec<(usize, u64)>>| -> usize {
            v.capacity() * size_of::<Vec<(usize, u64)>>()
                + v.iter()
                    .map(|m| m.capacity() * size_of::<(usize, u64)>())
                    .sum::<usize>()
        };
        let singles = self.singles.capacity() * size_of::<Vec<std::ops::Range<usize>>>()
            + (self.singles.iter())
                .map(|r| r.capacity() * size_of::<std::ops::Range<usize>>())
                .sum::<usize>();
        let deltas = self.deltas.capacity() * size_of::<Vec<i64>>()
            + self.deltas.iter().map(|d| d.capacity() * 8).sum::<usize>();
        let pending = (self.pending.values())
            .map(|v| PENDING_KEY_BYTES as usize + v.capacity() * size_of::<(usize, i64, u64)>())
            .sum::<usize>();
        let fixed = self.rows.capacity() * size_of::<Row>()
            + vecs(&self.moves)
            + vecs(&self.reverse)
            + singles
            + deltas
            + self.current.capacity() * 8
            + pending;
        fixed as u64 + self.rows.iter().map(Row::bytes).sum::<u64>()
    }

    /// Computes column A = [`Rows::column`] for every row; returns, for each row r, f_r(A) when
    /// f_r(A) ≥ A (the P-position with A and f_r(A) is new) and `None` when f_r(A) < A.
    pub fn step(&mut self) -> Result<Vec<Option<u64>>> {
        let a = self.column;
        if a > MAX_VALUE / 4 {
            return Err(Error::domain(format!(
                "N-heap Wythoff slices: column {a} passes the engine's range (values up to {MAX_VALUE})"
            )));
        }
        if let Some(list) = self.pending.remove(&a) {
            for (t, dd, a2) in list {
                self.apply_target(t, dd, a2);
            }
        }
        let mut out = Vec::with_capacity(self.rows.len());
        for s in 0..self.rows.len() {
            let y = if self.rows[s].is_taken(a) {
                None
            } else {
                Some(self.least_free(s, a)?)
            };
            self.current[s] = y.unwrap_or(u64::MAX);
            if let Some(y) = y {
                let e = y - a;
                let new = self.rows[s].record(a, e);
                if self.modulus > 0 {
                    for h in new {
                        self.build_mask(s, h, a);
                    }
                    self.apply_target(s, e as i64, a);
                    if e > 0 && e <= self.max_d {
                        self.pending.entry(y).or_default().push((s, -(e as i64), y));
                    }
                }
            }
            out.push(y);
        }
        self.column += 1;
        Ok(out)
    }

    /// The mask of the new hole e of row s, from the targets valid at column a (those valid later
    /// come through [`Rows::apply_target`]).
    fn build_mask(&mut self, s: usize, e: u64, a: u64) {
        let m = self.modulus;
        let mut mask = vec![0u64; m.div_ceil(64) as usize];
        for &(l, d) in &self.moves[s] {
            for &delta in &self.deltas[d as usize] {
                if let Some((a2, _)) = self.rows[l].at_difference(e as i64 - delta)
                    && a2 <= a
                {
                    set_residues(&mut mask, m, d, delta, a2);
                }
            }
        }
        if let Some(h) = self.rows[s].hole_mut(e as i64) {
            h.mask = mask;
        }
    }

    /// The target of row t with difference `dd` at column a2, valid from now on: added to the
    /// masks of the holes of the rows above that it can forbid.
    fn apply_target(&mut self, t: usize, dd: i64, a2: u64) {
        let m = self.modulus;
        for &(s, d) in &self.reverse[t] {
            for &delta in &self.deltas[d as usize] {
                if let Some(h) = self.rows[s].hole_mut(dd + delta) {
                    set_residues(&mut h.mask, m, d, delta, a2);
                }
            }
        }
    }

    /// The least y ≥ a forbidden by no move of row s at column a (a not taken in row s): the
    /// unused differences e in increasing order, y = a + e.
    fn least_free(&mut self, s: usize, a: u64) -> Result<u64> {
        let (lower, upper) = self.rows.split_at_mut(s);
        let Row {
            holes, taken, top, ..
        } = &mut upper[0];
        let (current, singles) = (&self.current, &self.singles[s]);
        let lowered = Lowered {
            rows: lower,
            moves: &self.moves[s],
            deltas: &self.deltas,
        };
        let open = |e: u64| -> Result<Option<u64>> {
            let y = a + e;
            if y > MAX_VALUE {
                return Err(passes_the_range());
            }
            // the scan of the lowerings only where the bit test leaves y open
            let open = (e == 0 || !bit(taken, y))
                && !singles.iter().any(|run| current[run.clone()].contains(&y));
            Ok(open.then_some(y))
        };
        let m = self.modulus;
        for h in holes.iter_mut() {
            if let Some(y) = open(h.e)? {
                if m > 0 {
                    if bit(&h.mask, a & (m - 1)) {
                        continue;
                    }
                    return Ok(y);
                }
                match lowered.forbids(a, y, h.hint) {
                    Some(hint) => h.hint = hint,
                    None => return Ok(y),
                }
            }
        }
        let mut e = *top;
        loop {
            if let Some(y) = open(e)?
                && lowered.forbids(a, y, (0, 0)).is_none()
            {
                return Ok(y);
            }
            e += 1;
        }
    }
}

/// The error of a value beyond [`MAX_VALUE`] (kept out of the hot loop).
#[cold]
fn passes_the_range() -> Error {
    Error::domain(format!(
        "N-heap Wythoff slices: a value passes the engine's range ({MAX_VALUE})"
    ))
}

/// Row indices as the maximal runs of consecutive indices, in increasing order.
fn runs(mut rows: Vec<usize>) -> Vec<std::ops::Range<usize>> {
    rows.sort_unstable();
    rows.dedup();
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    for r in rows {
        match out.last_mut() {
            Some(last) if last.end == r => last.end += 1,
            _ => out.push(r..r + 1),
        }
    }
    out
}

/// The lower rows of one row, with its nim-sum moves to them.
struct Lowered<'r> {
    rows: &'r [Row],
    moves: &'r [(usize, u64)],
    deltas: &'r [Vec<i64>],
}

impl Lowered<'_> {
    /// Whether a nim-sum move that lowers a fixed heap leads from the position with heaps a, y
    /// (and the row's fixed heaps) to a P-position: the move found, as (1 + its index in the
    /// row's moves, index of its change of difference), the `hint` tried first.
    fn forbids(&self, a: u64, y: u64, hint: (usize, usize)) -> Option<(usize, usize)> {
        let e = (y - a) as i64;
        let hits = |i: usize, k: usize| {
            let (l, d) = self.moves[i];
            self.rows[l]
                .at_difference(e - self.deltas[d as usize][k])
                .is_some_and(|(a2, b2)| a2 <= a && b2 + ((a - a2) ^ d) == y)
        };
        if hint.0 > 0 && hint.0 <= self.moves.len() && hits(hint.0 - 1, hint.1) {
            return Some(hint);
        }
        (0..self.moves.len()).find_map(|i| {
            let d = self.moves[i].1 as usize;
            (0..self.deltas[d].len())
                .find(|&k| hits(i, k))
                .map(|k| (i + 1, k))
        })
    }
}

/// The largest smallest heap of a three-heap slice (1023): a larger one has moves with d of
/// [`MASKS_BELOW`] or more, so its rows run without residue masks, and even one position of
/// them is past [`MAX_LOOKUPS`] (slice/cost.rs checks it).
pub const MAX_SMALLEST: u64 = MASKS_BELOW - 1;

/// The largest fixed heap of a four-heap slice.
pub const MAX_PAIR: u64 = 255;

/// The refusal of `value` above `max`, in one line: "`heaps` up to `max` are supported, not
/// `value`"; `None` within.
fn unsupported(value: u64, max: u64, heaps: &str) -> Option<String> {
    (value > max).then(|| format!("{heaps} up to {max} are supported, not {value}"))
}

pub use super::listing::{pair_slice, pair_slices, slice, slices};

#[cfg(test)]
mod tests {
    use super::*;

    fn first(s: u64, k: u64) -> Vec<(u64, u64)> {
        let mut v = Vec::new();
        slice(s, k, &mut |_, a, b| {
            v.push((a, b));
            Ok(())
        })
        .unwrap();
        v
    }

    #[test]
    fn slice_zero_is_wythoff() {
        // the pairs (⌊nφ⌋, ⌊nφ²⌋) from their mex definition, written out
        let w = [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
        ];
        assert_eq!(first(0, 8), w);
    }

    #[test]
    fn slices_one_and_two_open_as_derived_by_hand() {
        let one = [
            (1, 1),
            (3, 4),
            (5, 9),
            (6, 12),
            (7, 14),
            (8, 11),
            (10, 18),
            (13, 22),
            (15, 20),
        ];
        assert_eq!(first(1, 9), one);
        let two = [(2, 2), (3, 6), (4, 10), (5, 12), (7, 16), (8, 18), (9, 13)];
        assert_eq!(first(2, 7), two);
    }

    /// The rows made by `make` with residue masks and without, column by column: the same.
    fn masks_agree(make: fn(u64) -> Result<Rows>, cases: &[(u64, u64)]) {
        for &(size, columns) in cases {
            let mut fast = make(size).unwrap();
            let mut plain = make(size).unwrap();
            assert!(fast.modulus > 0);
            plain.modulus = 0;
            for a in 0..columns {
                assert_eq!(
                    fast.step().unwrap(),
                    plain.step().unwrap(),
                    "size {size}, A = {a}"
                );
            }
        }
    }

    #[test]
    fn residue_masks_agree_with_the_direct_nim_sum_test() {
        masks_agree(Rows::new, &[(1, 500), (5, 2000), (40, 3000), (70, 1500)]);
    }

    #[test]
    fn four_heap_residue_masks_agree_with_the_direct_nim_sum_test() {
        masks_agree(Rows::pairs, &[(3, 1500), (8, 1500)]);
        // the rows below p_max are those of the full set, in the same order
        let mut full = Rows::pairs(9).unwrap();
        let mut below = Rows::pairs_below(2, 9).unwrap();
        let keep: Vec<usize> = (0..=9u64)
            .flat_map(|q| (0..=q.min(2)).map(move |p| pair_index(p, q)))
            .collect();
        assert_eq!(keep.len(), below.rows.len());
        for (i, &k) in keep.iter().enumerate() {
            let (p, q) = (0..=9u64)
                .flat_map(|q| (0..=q).map(move |p| (p, q)))
                .nth(k)
                .unwrap();
            assert_eq!(index_below(p, q, 2), i);
        }
        for _ in 0..600 {
            let f = full.step().unwrap();
            let b = below.step().unwrap();
            assert_eq!(keep.iter().map(|&k| f[k]).collect::<Vec<_>>(), b);
        }
        assert_eq!(pair_index(0, 0), 0);
        assert_eq!(pair_index(2, 1), pair_index(1, 2));
        assert_eq!(pair_index(0, 3), 6);
    }

    #[test]
    fn deltas_are_the_signed_bit_sums() {
        let mut d = deltas(5);
        d.sort();
        assert_eq!(d, [-5, -3, 3, 5]);
        for d in 1..64u64 {
            let set: std::collections::BTreeSet<i64> =
                (0..256u64).map(|u| (u ^ d) as i64 - u as i64).collect();
            let mut got = deltas(d);
            got.sort();
            assert_eq!(got, set.into_iter().collect::<Vec<_>>(), "d = {d}");
        }
        assert_eq!(nim_sum_lookups(3), 2 + 2 + 4);
    }
}
