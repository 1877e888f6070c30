//! Learning the automaton of a set of pairs from its members in a box: the minimal
//! deterministic automaton reading (x, y) in parallel, most significant digit first, that
//! agrees with the data on every pair of the box, if the data show one.
//!
//! **The box.** With L digits the numeration writes exactly the numbers below W_L (the weight of
//! the (L+1)-th place: F(L+2) for Zeckendorf's digits), so the pairs of the box [0, W_L)² are
//! exactly the words of length L, leading zeros included.  The data are the members of the set
//! in the box.
//!
//! **Classes** (the Myhill–Nerode relation, cut at a horizon).  Fix a suffix length S and let
//! D = L − S.  A prefix p of at most D letters is padded in front to the node w = 0…0p of D
//! letters; its *right language* is the set of suffixes s of exactly S letters with w·s a
//! member — the data know it, as every such word lies in the box.  The class of p is the pair
//! (whether p itself is a member, the right language of w).  From a node whose first letter is
//! zero, the letter c leads to the node w′ = w without its first letter, then c: the class of
//! p·c.  The hypothesis has the classes reachable from the empty prefix for states; it is
//! *closed* when every class reached has a node that begins with a zero letter (so its
//! transitions are known) and *consistent* when all such nodes of one class lead to the same
//! classes.  A closed, consistent hypothesis is made valid (only valid words) and minimized,
//! then checked against the whole box: it accepts every member, and it accepts as many words of
//! length L as there are members — so it accepts exactly the members.
//!
//! The suffix lengths are tried from the shortest up (a short one costs least, and the first
//! that passes is the smallest automaton the data allow); the first hypothesis that passes is
//! the result.
//!
//! **Cost.** The members are words read as numbers in base b², sorted once (O(N log N) for N
//! members), in the caller's vector: 16 bytes a member.  Sorted so, the members below a node
//! are runs, one for each suffix length, and the rows are compared on those runs without a
//! copy ([`rows`]): O(N) steps a suffix length, and 20 bytes for each node that holds a member;
//! the check is O(N·L + |A|·L·b²).
//!
//! What a learned automaton is not: a proof.  It agrees with the data; whether it is the set for
//! all numbers is a question for the decision procedure ([`crate::kernel`] writes the
//! sentences).

use super::dfa::{Budget, Dfa, NONE};
use super::numeration::Numeration;
use super::ops::{FxHasher, FxMap, combine, everything};
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::Hasher;
use wythoff_core::cancel::Cancel;
use wythoff_core::error::{Error, Result};

/// The most digits of a box: b^(2L) must stay below 2^128 and W_L below 2^64.
const MAX_DIGITS: usize = 80;

/// The side W_L of the box of pairs written with `digits` digits (`None` past u64).
pub fn box_side(n: Numeration, digits: usize) -> Option<u64> {
    weights(n, digits).map(|w| w[digits])
}

/// The weights W_0 … W_len of the places, least first (`None` past u64).
fn weights(n: Numeration, len: usize) -> Option<Vec<u64>> {
    let m = u64::from(n.parameter());
    let mut w = vec![1u64, if m == 1 { 2 } else { m }];
    while w.len() <= len {
        let k = w.len();
        let next = w[k - 1].checked_mul(m)?.checked_add(w[k - 2])?;
        w.push(next);
    }
    w.truncate(len + 1);
    Some(w)
}

/// A learned automaton with the suffix length that gave it.
#[derive(Clone, Debug)]
pub struct Hypothesis {
    /// The minimal automaton, tracks 0 (x) and 1 (y).
    pub dfa: Dfa,
    /// The suffix length S of its classes.
    pub suffix_length: usize,
}

/// The outcome of learning on one box.
#[derive(Clone, Debug)]
pub struct Learned {
    /// The automaton, when a suffix length gave one that agrees with every pair of the box.
    pub hypothesis: Option<Hypothesis>,
    /// For each prefix length D tried, increasing: the number of classes of the nodes of D
    /// letters that hold a member below them.
    pub class_counts: Vec<(usize, usize)>,
}

/// The members as words: the pair (x, y) as its L letters (a letter: the digit of x plus b
/// times the digit of y), most significant first, read as one number in base B = b², kept as
/// the two halves of a u128 in the caller's own vector (16 bytes a member, no copy).
///
/// Sorted as numbers, the words are sorted letter by letter, so the members whose first letters
/// form a given prefix are one run, and the members of fewer than L letters (zeros in front)
/// come first.
struct Words {
    /// B = b², the letters of two tracks.
    big: u128,
    /// log2 B when B is a power of two (Zeckendorf's digits: 2 bits a letter), for shifts.
    shift: Option<u32>,
    len: usize,
    /// (high, low) halves of the words, sorted, distinct.
    members: Vec<(u64, u64)>,
}

impl Words {
    /// The words of `members`, converted in place.
    fn new(n: Numeration, len: usize, mut members: Vec<(u64, u64)>) -> Result<Words> {
        let refuse = || Error::usage(format!("a box of {len} digits is more than {MAX_DIGITS}"));
        if len == 0 || len > MAX_DIGITS {
            return Err(refuse());
        }
        let weights = weights(n, len).ok_or_else(refuse)?;
        let b = n.base() as u128;
        let big = b * b;
        big.checked_pow(len as u32).ok_or_else(refuse)?;
        let side = weights[len];
        // each pair to its word, then sorted, on every thread of the pool
        members.par_iter_mut().try_for_each(|m| {
            let (mut x, mut y) = *m;
            if x >= side || y >= side {
                return Err(Error::internal("a member outside the box"));
            }
            let mut code = 0u128;
            for w in weights[..len].iter().rev() {
                let (dx, dy) = (x / w, y / w);
                x -= dx * w;
                y -= dy * w;
                code = code * big + u128::from(dx) + b * u128::from(dy);
            }
            *m = ((code >> 64) as u64, code as u64);
            Ok(())
        })?;
        members.par_sort_unstable();
        members.dedup();
        let shift = big.is_power_of_two().then(|| big.trailing_zeros());
        Ok(Words {
            big,
            shift,
            len,
            members,
        })
    }

    /// The word of member `i`.
    fn word(&self, i: usize) -> u128 {
        let (hi, lo) = self.members[i];
        (u128::from(hi) << 64) | u128::from(lo)
    }

    /// Whether the word `w` is a member.
    fn contains(&self, w: u128) -> bool {
        let key = ((w >> 64) as u64, w as u64);
        self.members.binary_search(&key).is_ok()
    }

    /// The word `w` cut after its last `k` letters: (the letters before, the last k), with
    /// `pow` = B^k.
    fn split(&self, w: u128, k: usize, pow: u128) -> (u128, u128) {
        match self.shift {
            Some(bits) => {
                let at = bits as usize * k;
                if at >= 128 {
                    (0, w)
                } else {
                    (w >> at, w & ((1u128 << at) - 1))
                }
            }
            None => (w / pow, w % pow),
        }
    }
}

/// Learns the automaton of the set whose members in the box of `len` digits are `members`
/// (every member of the set in [0, W_len)², in any order; the vector becomes the learner's
/// words, so a box takes 16 bytes a member beside the tables of its classes).
///
/// Up to `at_once` suffix lengths are tried at the same time, on the threads of the current
/// rayon pool (each holds the tables of its classes, 20 bytes a node, so the caller sizes
/// `at_once` by the memory it has); the result is the same for every `at_once`: the shortest
/// suffix length that passes, with the class counts of the lengths up to it.
pub fn learn(
    n: Numeration,
    len: usize,
    members: Vec<(u64, u64)>,
    at_once: usize,
    budget: &Budget,
) -> Result<Learned> {
    let words = Words::new(n, len, members)?;
    let (max_states, max_memory) = (budget.max_states, budget.max_memory);
    let (found, class_counts) = shortest_suffix(len, at_once, budget.cancel, |s| {
        // a budget of its own on each thread (a budget counts in cells, which threads do not
        // share)
        let mut own = Budget::for_numeration(n, max_states, budget.cancel);
        own.max_memory = max_memory;
        let (hypothesis, classes) = hypothesis(n, &words, s, &own)?;
        Ok((hypothesis.filter(|dfa| agrees(dfa, &words)), classes))
    })?;
    Ok(Learned {
        hypothesis: found.map(|(suffix_length, dfa)| Hypothesis { dfa, suffix_length }),
        class_counts,
    })
}

/// The shortest suffix length that passes with its hypothesis, if one does, and the class counts
/// (prefix length, classes) of the lengths tried up to it.
pub(crate) type Shortest<T> = (Option<(usize, T)>, Vec<(usize, usize)>);

/// Tries the suffix lengths 1 … len − 1 from the shortest, up to `at_once` at a time on the
/// threads of the current rayon pool, each by `try_length` (its hypothesis, if one passes, and
/// its class count); returns the shortest length that passes with its hypothesis, and the class
/// counts (prefix length len − s, classes) of the lengths up to it, by prefix length — the same
/// for every `at_once`.
pub(crate) fn shortest_suffix<T: Send>(
    len: usize,
    at_once: usize,
    cancel: &Cancel,
    try_length: impl Fn(usize) -> Result<(Option<T>, usize)> + Sync,
) -> Result<Shortest<T>> {
    let lengths: Vec<usize> = (1..len).collect();
    let mut class_counts = Vec::new();
    let mut found = None;
    for batch in lengths.chunks(at_once.max(1)) {
        cancel.check()?;
        let tried: Vec<Result<(Option<T>, usize)>> =
            batch.par_iter().map(|&s| try_length(s)).collect();
        for (&s, outcome) in batch.iter().zip(tried) {
            let (hypothesis, classes) = outcome?;
            class_counts.push((len - s, classes));
            if let Some(h) = hypothesis {
                found = Some((s, h));
                break;
            }
        }
        if found.is_some() {
            break;
        }
    }
    class_counts.sort_unstable();
    Ok((found, class_counts))
}

/// A class: the number of its row (0: the empty row, the dead class).
type Class = u32;

/// The nodes of D letters that hold a member below them, ascending, and the class of each.
struct Nodes {
    nodes: Vec<u128>,
    classes: Vec<Class>,
    /// The number of distinct rows.
    rows: usize,
}

impl Nodes {
    /// The class of a node (0 when no member lies below it).
    fn class(&self, node: u128) -> Class {
        self.nodes
            .binary_search(&node)
            .map_or(0, |i| self.classes[i])
    }
}

/// The rows of the nodes of D = L − S letters: the row of w is the set of suffixes t of at most
/// S letters with w·t a member.  For each k ≤ S the members of at most D + k letters are the
/// first ones, and among them those of the node w (its first D letters) are one run; the runs
/// of the k are merged by node.  A row is kept as its runs, never copied: two rows are equal
/// when their runs have the same lengths and the same suffixes, compared member by member
/// after a hash of the suffixes has sorted them into buckets.  Cost: O(N) steps for N members
/// (the members of fewer letters count once for each k that takes them: 2.6 times N in all for
/// the Fibonacci boxes), twice for a row that meets its class's representative; memory: the
/// nodes and their classes, 20 bytes a node, and the runs of one representative a class.
fn rows(words: &Words, s: usize, budget: &Budget) -> Result<Nodes> {
    let d = words.len - s;
    let span = words.big.pow(d as u32);
    let pow: Vec<u128> = (0..=s).map(|k| words.big.pow(k as u32)).collect();
    let n = words.members.len();
    // the members of at most D + k letters: those whose node at k is below B^D
    let ends: Vec<usize> = (0..=s)
        .map(|k| {
            let (mut lo, mut hi) = (0, n);
            while lo < hi {
                let mid = (lo + hi) / 2;
                if words.split(words.word(mid), k, pow[k]).0 < span {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        })
        .collect();
    // a run: k, and the members [start, end) whose node at k is the row's node
    type Runs = Vec<(usize, usize, usize)>;
    let suffix = |k: usize, i: usize| words.split(words.word(i), k, pow[k]).1;
    let same = |p: &Runs, q: &Runs| {
        p.len() == q.len()
            && p.iter().zip(q).all(|(&(k, a, b), &(l, c, e))| {
                k == l && b - a == e - c && (0..b - a).all(|j| suffix(k, a + j) == suffix(k, c + j))
            })
    };
    let mut at = vec![0usize; s + 1];
    let mut buckets: FxMap<u64, Vec<(Class, Runs)>> = FxMap::default();
    let mut classes = 0usize;
    let mut out = Nodes {
        nodes: Vec::new(),
        classes: Vec::new(),
        rows: 0,
    };
    let mut runs: Runs = Vec::new();
    loop {
        let node = (0..=s)
            .filter(|&k| at[k] < ends[k])
            .map(|k| words.split(words.word(at[k]), k, pow[k]).0)
            .min();
        let Some(node) = node else { break };
        runs.clear();
        let mut hash = FxHasher::default();
        for k in 0..=s {
            let start = at[k];
            while at[k] < ends[k] {
                let (w, t) = words.split(words.word(at[k]), k, pow[k]);
                if w != node {
                    break;
                }
                hash.write_u128(pow[k] + t);
                at[k] += 1;
            }
            if at[k] > start {
                runs.push((k, start, at[k]));
            }
        }
        let bucket = buckets.entry(hash.finish()).or_default();
        let class = match bucket.iter().find(|(_, r)| same(r, &runs)) {
            Some(&(c, _)) => c,
            None => {
                classes += 1;
                let c = Class::try_from(classes)
                    .map_err(|_| Error::internal("more classes than 32 bits count"))?;
                bucket.push((c, runs.clone()));
                c
            }
        };
        out.nodes.push(node);
        out.classes.push(class);
        if out.nodes.len().is_multiple_of(1 << 20) {
            budget.cancel.check()?;
        }
    }
    out.rows = classes;
    Ok(out)
}

/// The hypothesis of suffix length `s` (valid and minimized) when it is closed and consistent,
/// and the number of classes of the nodes that hold a member.
fn hypothesis(
    n: Numeration,
    words: &Words,
    s: usize,
    budget: &Budget,
) -> Result<(Option<Dfa>, usize)> {
    let big = words.big;
    let d = words.len - s;
    let top = big.pow(d as u32 - 1);
    let table = rows(words, s, budget)?;
    let counted = table.rows;
    let letters = n.letters(2);
    let successor = |node: u128, l: usize| -> u128 { (node % top) * big + l as u128 };
    // the nodes that begin with a zero letter are the first ones; a witness for each class
    let zero_first = table.nodes.partition_point(|&w| w < top);
    let mut witness: FxMap<Class, u128> = FxMap::default();
    for i in 0..zero_first {
        witness.entry(table.classes[i]).or_insert(table.nodes[i]);
    }
    // breadth-first over the classes from the empty prefix
    let dead: Class = 0;
    let start = table.class(0);
    let mut index: FxMap<Class, u32> = FxMap::default();
    let mut order: Vec<(Class, u128)> = Vec::new();
    if start == dead {
        return Ok((Some(Dfa::nothing(n, vec![0, 1])), counted));
    }
    index.insert(start, 0);
    order.push((start, 0));
    let mut delta: Vec<u32> = Vec::new();
    let mut q = 0;
    while q < order.len() {
        if order.len() > budget.max_states {
            return Ok((None, counted));
        }
        let (c, node) = order[q];
        let node = if node < top {
            node
        } else {
            match witness.get(&c) {
                Some(&w) => w,
                None => return Ok((None, counted)), // not closed
            }
        };
        for l in 0..letters {
            let next = successor(node, l);
            let nc = table.class(next);
            if nc == dead {
                delta.push(NONE);
                continue;
            }
            let fresh = order.len() as u32;
            let id = *index.entry(nc).or_insert(fresh);
            if id == fresh {
                order.push((nc, next));
            }
            delta.push(id);
        }
        q += 1;
    }
    // consistency: every node of a class that begins with a zero letter leads where its
    // witness leads
    for i in 0..zero_first {
        if i.is_multiple_of(1 << 20) {
            budget.cancel.check()?;
        }
        let Some(&id) = index.get(&table.classes[i]) else {
            continue; // a class the start does not reach
        };
        for l in 0..letters {
            let want = delta[id as usize * letters + l];
            let nc = table.class(successor(table.nodes[i], l));
            let got = if nc == dead {
                NONE
            } else {
                index.get(&nc).copied().unwrap_or(NONE - 1)
            };
            if got != want {
                return Ok((None, counted));
            }
        }
    }
    drop(table);
    // a node of D letters is the word of the pair it writes, zeros in front
    let accept = order
        .iter()
        .map(|&(_, node)| words.contains(node))
        .collect();
    let raw = Dfa::from_parts(n, vec![0, 1], delta, accept);
    let valid = combine(
        &raw,
        &everything(vec![0, 1], budget)?,
        |p, q| p && q,
        budget,
    )?;
    Ok((Some(valid), counted))
}

/// Whether `a` (tracks x, y) accepts exactly `members` among the pairs of the box of `len`
/// digits ([`learn`]'s final check, for a box of any size).
pub fn agrees_on_box(n: Numeration, len: usize, members: Vec<(u64, u64)>, a: &Dfa) -> Result<bool> {
    Ok(agrees(a, &Words::new(n, len, members)?))
}

/// Whether `a` accepts exactly the members among the words of the box: every member, and as
/// many words of length L as there are members.
fn agrees(a: &Dfa, words: &Words) -> bool {
    let letters = a.letters();
    let pow: Vec<u128> = (0..words.len).map(|i| words.big.pow(i as u32)).collect();
    for m in 0..words.members.len() {
        let w = words.word(m);
        let mut s = 0u32;
        for i in (0..words.len).rev() {
            let l = (words.split(w, i, pow[i]).0 % words.big) as usize;
            s = a.next(s, l);
            if s == NONE {
                return false;
            }
        }
        if !a.is_accepting(s) {
            return false;
        }
    }
    // words of length L accepted, by their count from each state
    let mut count: Vec<u128> = (0..a.states() as u32)
        .map(|s| u128::from(a.is_accepting(s)))
        .collect();
    for _ in 0..words.len {
        let next: Vec<u128> = (0..a.states() as u32)
            .map(|s| {
                (0..letters)
                    .map(|l| a.next(s, l))
                    .filter(|&t| t != NONE)
                    .map(|t| count[t as usize])
                    .fold(0u128, u128::saturating_add)
            })
            .collect();
        count = next;
    }
    count[0] == words.members.len() as u128
}

/// Whether two automata over the same tracks accept the same words (a breadth-first walk of
/// the pairs of states; the automata are minimal, so a missing transition is the dead state).
pub fn same_language(a: &Dfa, b: &Dfa) -> bool {
    if a.vars() != b.vars() || a.numeration() != b.numeration() {
        return false;
    }
    let letters = a.letters();
    let mut seen: HashSet<(u32, u32)> = HashSet::new();
    let mut queue = vec![(0u32, 0u32)];
    seen.insert((0, 0));
    while let Some((p, q)) = queue.pop() {
        if a.is_accepting(p) != b.is_accepting(q) {
            return false;
        }
        for l in 0..letters {
            match (a.next(p, l), b.next(q, l)) {
                (NONE, NONE) => {}
                (NONE, _) | (_, NONE) => return false,
                pair => {
                    if seen.insert(pair) {
                        queue.push(pair);
                    }
                }
            }
        }
    }
    true
}
