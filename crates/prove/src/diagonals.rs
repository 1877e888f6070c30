//! Learning a set of pairs along its diagonals: when every diagonal holds one member on each
//! side, the set is a function of the diagonal, and its automaton may be far smaller as a
//! Moore automaton of one track than as an automaton of two.
//!
//! **The data.** For a diagonal d ≥ 0 the member above it, (x, x + d), is written by its offset
//! e_d = x − ⌊dφ⌋, and the member below it, (y + d, y), by f_d = y − ⌊dφ⌋ (f_0 = e_0: the same
//! member).  The set is then the pair of functions d ↦ (e_d, f_d), read here over the Zeckendorf
//! digits of d, most significant first — as the 1-value automaton of [`crate::one_values`]
//! reads the 1-values of Wythoff's game.  ⌊dφ⌋ = d + ⌊(√(5d²) − d)/2⌋, in integers.  A box of
//! side W gives the diagonals d < W_K of the largest K for which every such diagonal has its
//! two members in the box; a diagonal with two members above (or below) it in the box is not a
//! function, and then this representation is not tried.
//!
//! **Classes** (Myhill–Nerode for Moore automata, cut at a horizon S, as [`crate::learn`]
//! does for sets).  With D = K − S, the row of a node w of D digits (its value n < W_D) is the
//! list of outputs of the words w·s over the suffixes s of at most S digits.  Those words are
//! consecutive numbers: with v_k the value of w·0^k (v_0 = n, v_1 = ⌊(n + 1)φ⌋ − 1,
//! v_{k+2} = v_{k+1} + v_k), the words of k more digits are v_k … v_k + c_k − 1 with c_k = W_k
//! when w ends with 0 (or is empty) and W_{k−1} when it ends with 1.  So a row is S + 1 slices
//! of the outputs, compared without a copy.  From a node beginning with 0, the digit c leads
//! to the node of value v_1 + c (c = 1 only after a 0).  The hypothesis, closed and consistent
//! as for sets, is minimized (Moore's refinement) and checked on every diagonal of the box.
//!
//! **The predicate.** For each output e of the upper side the one-track set {d : e_d = e}, and
//! likewise below; the two-track set is then
//! `(E d,l y = x + d & lower(d,l) & ∨_e (U_e(d) & x = l + e)) | (E d,l x = y + d & d >= 1 &
//! lower(d,l) & ∨_f (V_f(d) & y = l + f))`, built by the decision procedure ([`Moore::predicate`])
//! and then proved or refuted like any learned automaton.
//!
//! **Cost.** 16 bytes a row of the box for the two sides' offsets while they are read, then 4
//! bytes a diagonal; each suffix length: one pass over the diagonals' outputs (2.6 times, the
//! shorter suffixes counted again) and 4 bytes a node.

use super::dfa::{Budget, Dfa, NONE};
use super::learn::shortest_suffix;
use super::numeration::Numeration;
use super::ops::{FxHasher, FxMap};
use super::vocabulary::Vocabulary;
use std::hash::Hasher;
use wythoff_core::cancel::Cancel;
use wythoff_core::error::{Error, Result};

/// The fewest diagonals worth learning from (below, the classes say nothing).
const MIN_DIAGONALS: u64 = 21;

/// The most distinct offsets a side may show for the predicate to be written (one disjunct
/// each); more, and the representation is not tried.
pub const MAX_OFFSETS: usize = 64;

/// ⌊dφ⌋, exactly: d + ⌊(isqrt(5d²) − d)/2⌋ (5d² is never a square for d ≥ 1); `None` when
/// 5d² passes 128 bits.
pub fn floor_phi(d: u64) -> Option<u128> {
    let d = u128::from(d);
    let five = d.checked_mul(d)?.checked_mul(5)?;
    Some(d + (five.isqrt() - d) / 2)
}

/// The weights W_0 … W_len of Zeckendorf's places: 1, 2, 3, 5, … (`None` past u64).
fn weights(len: usize) -> Option<Vec<u64>> {
    let mut w = vec![1u64, 2];
    while w.len() <= len {
        let k = w.len();
        w.push(w[k - 1].checked_add(w[k - 2])?);
    }
    w.truncate(len + 1);
    Some(w)
}

/// The diagonals of a box, as the outputs of a Moore automaton to learn.
#[derive(Clone, Debug)]
pub struct Diagonals {
    /// K: the diagonals are the numbers of K digits, d < W_K.
    pub digits: usize,
    /// The distinct outputs (e_d, f_d), in order of first appearance.
    pub offsets: Vec<(i64, i64)>,
    /// For each diagonal d < W_K, the index of its output in `offsets`.
    outputs: Vec<u32>,
}

impl Diagonals {
    /// The diagonals of the members of the box [0, side)² (every member of the set there, in
    /// any order, repeats allowed), or why they are not learned: a diagonal holds two members
    /// on one side, fewer than [`MIN_DIAGONALS`] diagonals have both members in the box, an
    /// offset passes 64 bits, or a side shows more than [`MAX_OFFSETS`] offsets.
    pub fn of_box(members: &[(u64, u64)], side: u64) -> std::result::Result<Diagonals, String> {
        const MISSING: u64 = u64::MAX;
        let reach = usize::try_from(side / 2)
            .map_err(|_| "the box is past the memory's words".to_string())?;
        let (mut above, mut below) = (vec![MISSING; reach], vec![MISSING; reach]);
        for &(x, y) in members {
            let (d, low, slot) = if x <= y {
                (y - x, x, &mut above)
            } else {
                (x - y, y, &mut below)
            };
            if let Some(cell) = slot.get_mut(d as usize) {
                if *cell != MISSING && *cell != low {
                    return Err("a diagonal holds two members on one side".into());
                }
                *cell = low;
            }
        }
        below[0] = above[0];
        let known = (0..reach)
            .find(|&d| above[d] == MISSING || below[d] == MISSING)
            .unwrap_or(reach) as u64;
        let w = weights(90).ok_or("the box is past 64 bits".to_string())?;
        let digits = (0..w.len()).rev().find(|&k| w[k] <= known);
        let Some(digits) = digits.filter(|&k| w[k] >= MIN_DIAGONALS) else {
            return Err(format!(
                "fewer than {MIN_DIAGONALS} diagonals have both members in the box"
            ));
        };
        let mut index: FxMap<(i64, i64), u32> = FxMap::default();
        let mut offsets = Vec::new();
        let mut outputs = Vec::with_capacity(w[digits] as usize);
        for d in 0..w[digits] {
            let base = floor_phi(d)
                .ok_or_else(|| "5d² of a diagonal passes 128 bits".to_string())?
                as i128;
            let offset = |low: u64| {
                i64::try_from(i128::from(low) - base)
                    .map_err(|_| "an offset passes 64 bits".to_string())
            };
            let (e, f) = (offset(above[d as usize])?, offset(below[d as usize])?);
            let next = index.len() as u32;
            let i = *index.entry((e, f)).or_insert(next);
            if i == next {
                offsets.push((e, f));
            }
            outputs.push(i);
        }
        let upper: std::collections::BTreeSet<i64> = offsets.iter().map(|o| o.0).collect();
        let lower: std::collections::BTreeSet<i64> = offsets.iter().map(|o| o.1).collect();
        if upper.len() > MAX_OFFSETS || lower.len() > MAX_OFFSETS {
            return Err(format!(
                "a side shows more than {MAX_OFFSETS} offsets from the diagonal's ⌊dφ⌋"
            ));
        }
        Ok(Diagonals {
            digits,
            offsets,
            outputs,
        })
    }

    /// The number of diagonals, W_K.
    pub fn count(&self) -> usize {
        self.outputs.len()
    }
}

/// Calls `f(n, v1, last)` for every word of `len` Zeckendorf digits in increasing order: n its
/// value, v1 the value of the word followed by 0, `last` its last digit (false for the empty
/// word).
fn each_word(len: usize, f: &mut impl FnMut(u64, u64, bool) -> Result<()>) -> Result<()> {
    fn go(
        left: usize,
        n: u64,
        v1: u64,
        last: bool,
        f: &mut impl FnMut(u64, u64, bool) -> Result<()>,
    ) -> Result<()> {
        if left == 0 {
            return f(n, v1, last);
        }
        // w·c: value v1 + c, and followed by 0: v1 + n + 2c
        go(left - 1, v1, v1 + n, false, f)?;
        if !last {
            go(left - 1, v1 + 1, v1 + n + 2, true, f)?;
        }
        Ok(())
    }
    go(len, 0, 0, false, f)
}

/// A learned Moore automaton over the Zeckendorf digits of a diagonal: state 0 initial,
/// `table[s] = (output index, next on 0, next on 1 or NONE)`, minimal and numbered breadth
/// first, with the outputs (e, f) it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moore {
    /// The outputs (e_d, f_d) the states name.
    pub offsets: Vec<(i64, i64)>,
    /// (output, next on 0, next on 1) a state.
    pub table: Vec<(u32, u32, u32)>,
}

/// The outcome of learning along the diagonals of one box.
#[derive(Clone, Debug)]
pub struct LearnedMoore {
    /// The automaton, when a suffix length gave one that agrees with every diagonal.
    pub moore: Option<Moore>,
    /// For each prefix length D tried, increasing: the classes of the nodes of D digits.
    pub class_counts: Vec<(usize, usize)>,
}

/// Learns the Moore automaton of the diagonals, trying up to `at_once` suffix lengths at a
/// time (the shortest that passes wins, whatever `at_once`).
pub fn learn(diagonals: &Diagonals, at_once: usize, budget: &Budget) -> Result<LearnedMoore> {
    let len = diagonals.digits;
    let w = weights(len).ok_or_else(|| Error::internal("diagonals past 64 bits"))?;
    let max_states = budget.max_states;
    let (found, class_counts) = shortest_suffix(len, at_once, budget.cancel, |s| {
        hypothesis(diagonals, &w, s, max_states, budget.cancel)
    })?;
    Ok(LearnedMoore {
        moore: found.map(|(_, m)| m),
        class_counts,
    })
}

/// The start of the slices of a node's row and their lengths: (v_k, c_k) for k = 0 … S.
fn slices(
    n: u64,
    v1: u64,
    last: bool,
    s: usize,
    w: &[u64],
) -> impl Iterator<Item = (usize, usize)> {
    let (mut a, mut b) = (n, v1);
    (0..=s).map(move |k| {
        let count = match (k, last) {
            (0, _) => 1,
            (_, false) => w[k],
            (_, true) => w[k - 1],
        };
        let start = a;
        (a, b) = (b, a + b);
        (start as usize, count as usize)
    })
}

/// The classes of the nodes of D = K − S digits (a class for each distinct row, numbered
/// from 0 in order of first appearance), then the hypothesis if it is closed and consistent,
/// minimized and checked on every diagonal.  (A [`Budget`] is not shared between threads: its
/// cap and its flag are passed.)
fn hypothesis(
    dg: &Diagonals,
    w: &[u64],
    s: usize,
    max_states: usize,
    cancel: &Cancel,
) -> Result<(Option<Moore>, usize)> {
    let d = dg.digits - s;
    let out = &dg.outputs;
    let row = |n: u64, v1: u64, last: bool| slices(n, v1, last, s, w).map(|(a, c)| &out[a..a + c]);
    // representatives: (n, v1, last) of the first node of each class, by the hash of its row
    let mut reps: Vec<(u64, u64, bool)> = Vec::new();
    let mut buckets: FxMap<u64, Vec<u32>> = FxMap::default();
    let mut class = vec![0u32; w[d] as usize];
    each_word(d, &mut |n, v1, last| {
        if n.is_multiple_of(1 << 20) {
            cancel.check()?;
        }
        let mut hash = FxHasher::default();
        for slice in row(n, v1, last) {
            for &o in slice {
                hash.write_u32(o);
            }
            hash.write_u32(u32::MAX);
        }
        let bucket = buckets.entry(hash.finish()).or_default();
        let found = bucket.iter().copied().find(|&c| {
            let (m, m1, mlast) = reps[c as usize];
            row(m, m1, mlast).eq(row(n, v1, last))
        });
        class[n as usize] = match found {
            Some(c) => c,
            None => {
                let c = u32::try_from(reps.len())
                    .map_err(|_| Error::internal("more classes than 32 bits count"))?;
                reps.push((n, v1, last));
                bucket.push(c);
                c
            }
        };
        Ok(())
    })?;
    let classes = reps.len();
    drop(buckets);
    // the witness of a class: a node beginning with 0 (a word of D − 1 digits)
    let mut witness: Vec<Option<(u64, u64, bool)>> = vec![None; classes];
    each_word(d - 1, &mut |n, v1, last| {
        let c = class[n as usize] as usize;
        witness[c].get_or_insert((n, v1, last));
        Ok(())
    })?;
    // breadth first from the class of node 0; transitions from the witnesses
    let mut index: FxMap<u32, u32> = FxMap::default();
    let mut order: Vec<u32> = vec![class[0]];
    index.insert(class[0], 0);
    let mut table: Vec<(u32, u32, u32)> = Vec::new();
    let mut q = 0;
    while q < order.len() {
        if order.len() > max_states {
            return Ok((None, classes));
        }
        let c = order[q] as usize;
        let Some((_, v1, last)) = witness[c] else {
            return Ok((None, classes)); // not closed
        };
        let mut next = [NONE; 2];
        for (digit, slot) in next.iter_mut().enumerate() {
            if digit == 1 && last {
                continue;
            }
            let nc = class[(v1 + digit as u64) as usize];
            let fresh = order.len() as u32;
            let id = *index.entry(nc).or_insert(fresh);
            if id == fresh {
                order.push(nc);
            }
            *slot = id;
        }
        table.push((out[reps[c].0 as usize], next[0], next[1]));
        q += 1;
    }
    // consistency: every node beginning with 0 leads where its class's witness leads
    let mut consistent = true;
    each_word(d - 1, &mut |n, v1, last| {
        if let Some(&id) = index.get(&class[n as usize]) {
            let (_, n0, n1) = table[id as usize];
            let to = |digit: u64| index.get(&class[(v1 + digit) as usize]).copied();
            consistent &= to(0) == Some(n0) && (last || to(1) == Some(n1));
        }
        Ok(())
    })?;
    if !consistent {
        return Ok((None, classes));
    }
    let moore = minimal(&table, &dg.offsets);
    Ok((moore.agrees(dg).then_some(moore), classes))
}

/// The minimal Moore automaton of `table` (Moore's refinement from the outputs), numbered
/// breadth first with its outputs renumbered in order of appearance.
fn minimal(table: &[(u32, u32, u32)], offsets: &[(i64, i64)]) -> Moore {
    let key = |t: u32, block: &[u32]| if t == NONE { NONE } else { block[t as usize] };
    let mut block: Vec<u32> = table.iter().map(|t| t.0).collect();
    let mut count = 0;
    loop {
        let mut ids: FxMap<(u32, u32, u32), u32> = FxMap::default();
        let next: Vec<u32> = table
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let k = (block[i], key(t.1, &block), key(t.2, &block));
                let fresh = ids.len() as u32;
                *ids.entry(k).or_insert(fresh)
            })
            .collect();
        let stable = ids.len() == count;
        count = ids.len();
        block = next;
        if stable {
            break;
        }
    }
    // the quotient, breadth first from the block of state 0
    let mut index: FxMap<u32, u32> = FxMap::default();
    let mut order = vec![0usize];
    index.insert(block[0], 0);
    let mut out_index: FxMap<u32, u32> = FxMap::default();
    let mut moore = Moore {
        offsets: Vec::new(),
        table: Vec::new(),
    };
    let mut q = 0;
    while q < order.len() {
        let (o, n0, n1) = table[order[q]];
        let mut go = |t: u32| {
            if t == NONE {
                return NONE;
            }
            let fresh = order.len() as u32;
            let id = *index.entry(block[t as usize]).or_insert(fresh);
            if id == fresh {
                order.push(t as usize);
            }
            id
        };
        let (a, b) = (go(n0), go(n1));
        let fresh = out_index.len() as u32;
        let oi = *out_index.entry(o).or_insert(fresh);
        if oi == fresh {
            moore.offsets.push(offsets[o as usize]);
        }
        moore.table.push((oi, a, b));
        q += 1;
    }
    moore
}

impl Moore {
    /// The number of states.
    pub fn states(&self) -> usize {
        self.table.len()
    }

    /// Whether it gives every diagonal of `dg` its output (a walk of the words of K digits).
    fn agrees(&self, dg: &Diagonals) -> bool {
        fn go(
            m: &Moore,
            dg: &Diagonals,
            left: usize,
            state: u32,
            n: u64,
            v1: u64,
            last: bool,
        ) -> bool {
            if left == 0 {
                let (o, _, _) = m.table[state as usize];
                return m.offsets[o as usize] == dg.offsets[dg.outputs[n as usize] as usize];
            }
            let (_, n0, n1) = m.table[state as usize];
            if n0 == NONE || !go(m, dg, left - 1, n0, v1, v1 + n, false) {
                return false;
            }
            last || (n1 != NONE && go(m, dg, left - 1, n1, v1 + 1, v1 + n + 2, true))
        }
        go(self, dg, dg.digits, 0, 0, 0, false)
    }

    /// The one-track automaton of the diagonals whose output satisfies `keep`.
    fn diagonals_where(&self, keep: impl Fn((i64, i64)) -> bool) -> Dfa {
        let mut delta = Vec::with_capacity(2 * self.table.len());
        for &(_, n0, n1) in &self.table {
            delta.push(n0);
            delta.push(n1);
        }
        let accept = self
            .table
            .iter()
            .map(|&(o, _, _)| keep(self.offsets[o as usize]))
            .collect();
        crate::minimize::minimize(&Dfa::from_parts(
            Numeration::Zeckendorf,
            vec![0],
            delta,
            accept,
        ))
    }

    /// The two-track automaton (x, y) of the set it describes (the module's formula), built by
    /// the decision procedure.
    pub fn predicate(&self, budget: &Budget) -> Result<Dfa> {
        let name = |side: &str, e: i64| {
            if e < 0 {
                format!("{side}_m{}", -e)
            } else {
                format!("{side}_{e}")
            }
        };
        let mut vocabulary = Vocabulary::default();
        let mut sides = Vec::new();
        for (side, low, pick) in [("up", "x", 0usize), ("down", "y", 1)] {
            let mut values: Vec<i64> = self
                .offsets
                .iter()
                .map(|o| if pick == 0 { o.0 } else { o.1 })
                .collect();
            values.sort_unstable();
            values.dedup();
            let mut cases = Vec::new();
            for e in values {
                let p = name(side, e);
                let a = self.diagonals_where(|o| (if pick == 0 { o.0 } else { o.1 }) == e);
                vocabulary = vocabulary.with_predicate(&p, a)?;
                cases.push(match e {
                    e if e < 0 => format!("({p}(d) & {low} + {} = l)", -e),
                    e => format!("({p}(d) & {low} = l + {e})"),
                });
            }
            sides.push(cases.join(" | "));
        }
        let text = format!(
            "(E d,l y = x + d & lower(d,l) & ({})) | (E d,l x = y + d & d >= 1 & lower(d,l) & ({}))",
            sides[0], sides[1]
        );
        crate::automaton(&text, &["x", "y"], &vocabulary, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wythoff's P-positions by the rule (mex over rows, columns and diagonals), a brute force.
    fn wythoff_box(side: u64) -> Vec<(u64, u64)> {
        let n = side as usize;
        let mut p = vec![vec![false; n]; n];
        let mut out = Vec::new();
        for x in 0..n {
            for y in 0..n {
                let reaches = (0..x).any(|u| p[u][y])
                    || (0..y).any(|v| p[x][v])
                    || (1..=x.min(y)).any(|i| p[x - i][y - i]);
                if !reaches {
                    p[x][y] = true;
                    out.push((x as u64, y as u64));
                }
            }
        }
        out
    }

    #[test]
    fn floor_phi_is_the_lower_wythoff_sequence() {
        // A000201: 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17
        let want = [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17];
        assert_eq!(floor_phi(u64::MAX), None);
        for (d, &x) in want.iter().enumerate() {
            assert_eq!(floor_phi(d as u64), Some(x));
        }
    }

    #[test]
    fn the_words_are_the_numbers_in_order_with_their_shift_and_last_digit() {
        let mut seen = Vec::new();
        each_word(5, &mut |n, v1, last| {
            seen.push((n, v1, last));
            Ok(())
        })
        .unwrap();
        assert_eq!(seen.len(), 13); // F(7)
        for (i, &(n, v1, last)) in seen.iter().enumerate() {
            assert_eq!(n, i as u64);
            // by the greedy digits: shift the weights one place up
            let w = weights(7).unwrap();
            let (mut r, mut shifted, mut low) = (n, 0, false);
            for k in (0..6).rev() {
                if w[k] <= r {
                    r -= w[k];
                    shifted += w[k + 1];
                    low = k == 0;
                }
            }
            assert_eq!((v1, last), (shifted, low), "n = {n}");
        }
    }

    #[test]
    fn wythoffs_p_positions_along_the_diagonals_are_offset_0_and_the_predicate_p() {
        let members = wythoff_box(400);
        let dg = Diagonals::of_box(&members, 400).unwrap();
        assert_eq!(dg.offsets, vec![(0, 0)]);
        let cancel = Cancel::new();
        let budget = Budget::new(1000, &cancel);
        let m = learn(&dg, 2, &budget).unwrap().moore.unwrap();
        // offset 0 everywhere: one state after a 0, one after a 1 (no 1 may follow)
        assert_eq!(m.table, vec![(0, 0, 1), (0, 0, NONE)]);
        // the two-track predicate accepts exactly the brute force's members in the box, and it
        // is the predicate P of the definitions
        let l = m.predicate(&budget).unwrap();
        let agrees = crate::learn::agrees_on_box(Numeration::Zeckendorf, 11, wythoff_box(233), &l);
        assert!(agrees.unwrap());
        let p = crate::predicate("P", &Vocabulary::default(), &budget).unwrap();
        assert!(crate::learn::same_language(&l, &p));
    }

    #[test]
    fn two_members_on_one_side_of_a_diagonal_is_no_function() {
        assert!(Diagonals::of_box(&[(0, 0), (1, 1), (2, 2)], 400).is_err());
        // a member given twice is one member
        let twice: Vec<(u64, u64)> = wythoff_box(400).iter().flat_map(|&m| [m, m]).collect();
        assert!(Diagonals::of_box(&twice, 400).is_ok());
    }
}
