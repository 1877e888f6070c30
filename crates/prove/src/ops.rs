//! The operations of the decision procedure on automata ([`super::dfa`]): breadth-first
//! construction of an automaton from a step function, product (∧, ∨, ⇒, ⇔), complement (¬),
//! projection (∃) with the subset construction and the leading-zero closure.  Every result is
//! minimized ([`super::minimize`]).
//!
//! The operations keep the invariants of [`super::dfa`]: a product of two automata that may both
//! be in their sink (∨, ⇒, ⇔) and the complement track the last letter, so that an invalid letter
//! is refused; projection closes its initial set under the letters that are zero on the
//! remaining tracks, because the witness of ∃x may need more digits than the other variables.
//!
//! Cost: a product explores at most |A|·|B|·b^k states with b^k letters each (b^k for the
//! last-letter mask only where a sink is shared); a projection explores at most 2^|A| subsets,
//! in practice far fewer.  Every exploration counts its states against
//! [`Budget::max_states`] and the bytes of its tables against [`Budget::max_memory`] (the
//! transitions, 4 bytes each, are most of them where a state has many letters), and polls the
//! cancellation flag.

use super::dfa::{Budget, Dfa, NONE, Var};
use super::minimize::{MINIMIZE_BYTES_PER_STATE, MINIMIZE_BYTES_PER_TRANSITION, minimize};
use super::numeration::Numeration;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use wythoff_core::error::{Error, Result};

/// A multiplicative hash for the state tables (the keys are small integers and vectors of them;
/// no adversary chooses them).
#[derive(Default)]
pub(crate) struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap_or([0; 8])));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

pub(crate) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The automaton of every tuple over `vars` (all valid words).
pub fn everything(vars: Vec<Var>, budget: &Budget) -> Result<Dfa> {
    let (n, k) = (budget.numeration, vars.len());
    explore(
        vars,
        0u32,
        budget,
        |&last, l| n.step_ok(last as usize, l as usize, k).then_some(l),
        |&last| n.end_ok(last as usize, k),
    )
}

/// The heap bytes a state's key holds beyond its own size (a subset's list of states), for the
/// memory cap.
pub(crate) trait Footprint {
    /// The bytes on the heap.
    fn heap_bytes(&self) -> usize {
        0
    }
}

impl Footprint for u8 {}
impl Footprint for u32 {}
impl Footprint for (bool, u32) {}
impl Footprint for (u8, u32) {}
impl Footprint for (u32, u32) {}
impl Footprint for (u32, u32, u32) {}
impl Footprint for (i64, i64, u32, u32) {}
impl Footprint for Vec<u32> {
    /// The list and the allocator's header of 16 bytes.
    fn heap_bytes(&self) -> usize {
        self.capacity() * 4 + 16
    }
}

/// Breadth-first exploration of an automaton whose states are the keys reachable from `start`
/// by `step(key, letter)` (`None`: the sink), accepting where `accepting(key)`; the result is
/// minimized.  Refuses with [`Error::Inconclusive`] past the budget's state cap, 2^32
/// transitions, or its memory cap ([`Budget::max_memory`], checked at every new state, whose
/// row of transitions is counted when it is found, and before the minimization,
/// [`construction_bytes`]); the cancellation flag is polled every 4096 states.
pub(crate) fn explore<K: Hash + Eq + Clone + Footprint>(
    vars: Vec<Var>,
    start: K,
    budget: &Budget,
    mut step: impl FnMut(&K, u32) -> Option<K>,
    mut accepting: impl FnMut(&K) -> bool,
) -> Result<Dfa> {
    let numeration = budget.numeration;
    let letters = numeration
        .base()
        .checked_pow(vars.len() as u32)
        .filter(|&l| l <= 1 << 20);
    let Some(letters) = letters else {
        return Err(Error::Inconclusive(format!(
            "no verdict: an automaton on the way reads {} numbers at once, more letters than the \
             procedure holds (2^20); quantify fewer variables together",
            vars.len()
        )));
    };
    let k = letters as u32;
    let mut index: FxMap<K, u32> = FxMap::default();
    let mut heap = start.heap_bytes();
    let mut keys = vec![start.clone()];
    index.insert(start, 0);
    let mut delta: Vec<u32> = Vec::new();
    let mut accept = Vec::new();
    let mut q = 0;
    // the minimization numbers transitions in u32
    let cap = u32::MAX as usize;
    while q < keys.len() {
        if q % 4096 == 0 {
            budget.cancel.check()?;
        }
        let key = keys[q].clone();
        accept.push(accepting(&key));
        for l in 0..k {
            let t = match step(&key, l) {
                None => NONE,
                Some(next) => {
                    let fresh = keys.len() as u32;
                    let id = *index.entry(next.clone()).or_insert(fresh);
                    if id == fresh {
                        if keys.len() >= budget.max_states {
                            return Err(over_cap(budget));
                        }
                        if (keys.len() + 1).saturating_mul(letters) > cap {
                            return Err(Error::Inconclusive(format!(
                                "no verdict: an automaton on the way of {} states of {letters} \
                                 letters passed 2^32 transitions, the most the procedure numbers",
                                keys.len()
                            )));
                        }
                        heap += 2 * next.heap_bytes();
                        keys.push(next);
                        // every state found gets its row of transitions: counted now
                        let rows = keys.len().saturating_mul(letters * 4 + 1);
                        let held = construction_bytes::<K>(index.capacity(), keys.len(), heap);
                        budget.within_memory(held.saturating_add(rows))?;
                    }
                    id
                }
            };
            delta.push(t);
        }
        q += 1;
    }
    let built = keys.len();
    drop(index);
    drop(keys);
    let transitions = delta.iter().filter(|&&t| t != NONE).count();
    let held = (delta.len() * 4 + accept.len())
        .saturating_add(built.saturating_mul(MINIMIZE_BYTES_PER_STATE))
        .saturating_add(transitions.saturating_mul(MINIMIZE_BYTES_PER_TRANSITION));
    budget.within_memory(held)?;
    let min = minimize(&Dfa::from_parts(numeration, vars, delta, accept));
    budget.saw(built, min.states());
    Ok(min)
}

/// The bytes the state tables of a construction hold: the hash table of keys (a key, its
/// number and a control byte per slot of its capacity), the list of keys, and the keys' heap
/// bytes (`heap`, counted for both copies).  The transitions add 4 bytes each, the accepting
/// flags 1 a state (the lists' lengths: the unused part of a list's capacity is never written,
/// so it never becomes resident).
pub(crate) fn construction_bytes<K>(slots: usize, listed: usize, heap: usize) -> usize {
    let key = std::mem::size_of::<K>();
    slots
        .saturating_mul(key + 4 + 1)
        .saturating_add(listed.saturating_mul(key))
        .saturating_add(heap)
}

fn over_cap(budget: &Budget) -> Error {
    let n = budget.max_states;
    Error::Inconclusive(format!(
        "no verdict: an automaton on the way passed the state cap of {n} state{}",
        if n == 1 { "" } else { "s" }
    ))
}

/// The sorted union of two increasing variable lists, and for each list the positions of its
/// variables in the union.
pub(crate) fn union(a: &[Var], b: &[Var]) -> (Vec<Var>, Vec<usize>, Vec<usize>) {
    let mut all: Vec<Var> = a.iter().chain(b).copied().collect();
    all.sort_unstable();
    all.dedup();
    let pos = |v: &Var| all.binary_search(v).unwrap_or(0);
    let pa = a.iter().map(pos).collect();
    let pb = b.iter().map(pos).collect();
    (all, pa, pb)
}

/// The sorted union of variable lists.
pub(crate) fn union_all(lists: &[&[Var]]) -> Vec<Var> {
    let mut all: Vec<Var> = lists.iter().flat_map(|l| l.iter().copied()).collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// For each letter over the union, the letter of the sub-alphabet whose tracks sit at `pos`.
pub(crate) fn restriction(n: Numeration, width: usize, pos: &[usize]) -> Vec<usize> {
    (0..n.letters(width))
        .map(|l| {
            pos.iter()
                .rev()
                .fold(0, |acc, &p| acc * n.base() + n.digit(l, p) as usize)
        })
        .collect()
}

/// The automaton of the tuples (over the union of the variables) whose restrictions to `a`'s and
/// `b`'s variables satisfy `f(in a, in b)`.
pub fn combine(a: &Dfa, b: &Dfa, f: fn(bool, bool) -> bool, budget: &Budget) -> Result<Dfa> {
    let n = budget.numeration;
    if a.numeration() != n || b.numeration() != n {
        return Err(Error::internal("automata of two numerations combined"));
    }
    let (vars, pa, pb) = union(a.vars(), b.vars());
    let width = vars.len();
    let ra = restriction(n, width, &pa);
    let rb = restriction(n, width, &pb);
    let go = |d: &Dfa, s: u32, l: usize| if s == NONE { NONE } else { d.next(s, l) };
    let holds = |d: &Dfa, s: u32| s != NONE && d.is_accepting(s);
    if !f(false, false) && !f(true, false) && !f(false, true) {
        // a conjunction: both must stay alive, and each checks the validity of its tracks
        return explore(
            vars,
            (0u32, 0u32),
            budget,
            |&(sa, sb), l| {
                let (ta, tb) = (a.next(sa, ra[l as usize]), b.next(sb, rb[l as usize]));
                (ta != NONE && tb != NONE).then_some((ta, tb))
            },
            |&(sa, sb)| f(a.is_accepting(sa), b.is_accepting(sb)),
        );
    }
    let both_dead_accepts = f(false, false);
    explore(
        vars,
        (0u32, 0u32, 0u32),
        budget,
        |&(sa, sb, last), l| {
            if !n.step_ok(last as usize, l as usize, width) {
                return None; // not a valid word on some track
            }
            let (ta, tb) = (go(a, sa, ra[l as usize]), go(b, sb, rb[l as usize]));
            (ta != NONE || tb != NONE || both_dead_accepts).then_some((ta, tb, l))
        },
        |&(sa, sb, last)| f(holds(a, sa), holds(b, sb)) && n.end_ok(last as usize, width),
    )
}

/// The complement within the valid words over the same variables.
pub fn complement(a: &Dfa, budget: &Budget) -> Result<Dfa> {
    let truth = Dfa::from_parts(a.numeration(), Vec::new(), vec![0], vec![true]);
    combine(a, &truth, |x, _| !x, budget)
}

/// ∃`var`: the projection of `var`'s track, determinized, with the leading-zero closure of the
/// initial set (a witness may need more digits than the other variables).
pub fn exists(a: &Dfa, var: Var, budget: &Budget) -> Result<Dfa> {
    let Some(track) = a.vars().iter().position(|&v| v == var) else {
        return Ok(a.clone());
    };
    let vars: Vec<Var> = a.vars().iter().copied().filter(|&v| v != var).collect();
    let base = a.numeration().base();
    let low = base.pow(track as u32);
    // a letter over the remaining tracks, with the projected digit d inserted at `track`
    let widen = move |l: usize, d: usize| l % low + d * low + (l / low) * low * base;
    // the initial set: every state reachable from 0 on letters zero on the remaining tracks
    let mut start = vec![0u32];
    let mut q = 0;
    while q < start.len() {
        for d in 0..base {
            let t = a.next(start[q], widen(0, d));
            if t != NONE && !start.contains(&t) {
                start.push(t);
            }
        }
        q += 1;
    }
    start.sort_unstable();
    let mut scratch: Vec<u32> = Vec::new();
    explore(
        vars,
        start,
        budget,
        |set: &Vec<u32>, l| {
            scratch.clear();
            for &s in set {
                for d in 0..base {
                    let t = a.next(s, widen(l as usize, d));
                    if t != NONE {
                        scratch.push(t);
                    }
                }
            }
            if scratch.is_empty() {
                return None;
            }
            scratch.sort_unstable();
            scratch.dedup();
            Some(scratch.clone())
        },
        |set| set.iter().any(|&s| a.is_accepting(s)),
    )
}
