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
//! the result.  Cost per suffix length: the members sorted by node,
//! O(N log N) for N members, and the check O(N·L + |A|·L·b²).
//!
//! What a learned automaton is not: a proof.  It agrees with the data; whether it is the set for
//! all numbers is a question for the decision procedure ([`crate::kernel`] writes the
//! sentences).

use super::dfa::{Budget, Dfa, NONE};
use super::numeration::Numeration;
use super::ops::{FxMap, combine, everything};
use std::collections::HashSet;
use wythoff_core::error::{Error, Result};

/// The most digits of a box: b^L must stay below 2^127 and W_L below 2^64.
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

/// The words of the members, each number as its L digits in base b, most significant first,
/// packed into a u128.
struct Words {
    base: u128,
    len: usize,
    weights: Vec<u64>,
    /// (x word, y word), sorted.
    members: Vec<(u128, u128)>,
    set: HashSet<(u64, u64)>,
}

impl Words {
    fn new(n: Numeration, len: usize, members: &[(u64, u64)]) -> Result<Words> {
        let refuse = || Error::usage(format!("a box of {len} digits is more than {MAX_DIGITS}"));
        if len == 0 || len > MAX_DIGITS {
            return Err(refuse());
        }
        let weights = weights(n, len).ok_or_else(refuse)?;
        let base = n.base() as u128;
        base.checked_pow(len as u32).ok_or_else(refuse)?;
        let side = weights[len];
        let mut words = Words {
            base,
            len,
            weights,
            members: Vec::with_capacity(members.len()),
            set: HashSet::with_capacity(members.len()),
        };
        for &(x, y) in members {
            if x >= side || y >= side {
                return Err(Error::internal("a member outside the box"));
            }
            if words.set.insert((x, y)) {
                let pair = (words.encode(x), words.encode(y));
                words.members.push(pair);
            }
        }
        words.members.sort_unstable();
        Ok(words)
    }

    /// The L digits of v (greedy), packed.
    fn encode(&self, mut v: u64) -> u128 {
        let mut code = 0u128;
        for i in (0..self.len).rev() {
            let d = v / self.weights[i];
            v -= d * self.weights[i];
            code = code * self.base + u128::from(d);
        }
        code
    }

    /// The value of the `d` packed digits of `code`, read as a number.
    fn value(&self, mut code: u128, d: usize) -> u64 {
        let mut v = 0u64;
        for i in 0..d {
            let digit = (code % self.base) as u64;
            code /= self.base;
            v += digit * self.weights[i];
        }
        v
    }
}

/// Learns the automaton of the set whose members in the box of `len` digits are `members`
/// (every member of the set in [0, W_len)², in any order).
pub fn learn(
    n: Numeration,
    len: usize,
    members: &[(u64, u64)],
    budget: &Budget,
) -> Result<Learned> {
    let words = Words::new(n, len, members)?;
    let mut class_counts = Vec::new();
    for s in 1..len {
        budget.cancel.check()?;
        let (hypothesis, classes) = hypothesis(n, &words, s, budget)?;
        class_counts.push((len - s, classes));
        if let Some(dfa) = hypothesis
            && agrees(&dfa, &words)
        {
            class_counts.sort_unstable();
            return Ok(Learned {
                hypothesis: Some(Hypothesis {
                    dfa,
                    suffix_length: s,
                }),
                class_counts,
            });
        }
    }
    class_counts.sort_unstable();
    Ok(Learned {
        hypothesis: None,
        class_counts,
    })
}

/// A class: the number of its row (0: the empty row, the dead class).
type Class = u32;

/// A node: the packed digits of x and of y.
type Node = (u128, u128);

/// A suffix of a row: its length and the packed digits of x and of y.
type Suffix = (u8, u128, u128);

/// The hypothesis of suffix length `s` (valid and minimized) when it is closed and consistent,
/// and the number of classes of the nodes that hold a member.
fn hypothesis(
    n: Numeration,
    words: &Words,
    s: usize,
    budget: &Budget,
) -> Result<(Option<Dfa>, usize)> {
    let b = words.base;
    let d = words.len - s;
    let top = b.pow(d as u32 - 1);
    let span = b.pow(d as u32);
    // the row of each node: the suffixes s of at most S letters with node·s a member (a member
    // m of L letters is node·s with |s| = k when its letters above the last k + D are zeros)
    let mut entries: Vec<(Node, Suffix)> = Vec::new();
    for &(x, y) in &words.members {
        for k in 0..=s {
            let low = b.pow(k as u32);
            if x / low / span != 0 || y / low / span != 0 {
                continue;
            }
            entries.push((
                ((x / low) % span, (y / low) % span),
                (k as u8, x % low, y % low),
            ));
        }
    }
    entries.sort_unstable();
    let mut rows: FxMap<Vec<Suffix>, u32> = FxMap::default();
    let mut nodes: FxMap<(u128, u128), u32> = FxMap::default();
    let mut i = 0;
    while i < entries.len() {
        let node = entries[i].0;
        let mut j = i;
        let mut row = Vec::new();
        while j < entries.len() && entries[j].0 == node {
            row.push(entries[j].1);
            j += 1;
        }
        let fresh = rows.len() as u32 + 1;
        let id = *rows.entry(row).or_insert(fresh);
        nodes.insert(node, id);
        i = j;
    }
    drop(entries);
    let counted = rows.len();
    let class = |node: (u128, u128)| -> Class { nodes.get(&node).copied().unwrap_or(0) };
    let zero_first = |node: (u128, u128)| node.0 < top && node.1 < top;
    let letters = n.letters(2);
    let successor = |node: (u128, u128), l: usize| -> (u128, u128) {
        let (cx, cy) = (u128::from(n.digit(l, 0)), u128::from(n.digit(l, 1)));
        ((node.0 % top) * b + cx, (node.1 % top) * b + cy)
    };
    // a node beginning with a zero letter for each class of the nodes with members
    let mut witness: FxMap<Class, (u128, u128)> = FxMap::default();
    for (&node, &c) in &nodes {
        if zero_first(node) {
            witness.entry(c).or_insert(node);
        }
    }
    // breadth-first over the classes from the empty prefix
    let dead: Class = 0;
    let start = class((0, 0));
    let mut index: FxMap<Class, u32> = FxMap::default();
    let mut order: Vec<(Class, (u128, u128))> = Vec::new();
    if start == dead {
        return Ok((Some(Dfa::nothing(n, vec![0, 1])), counted));
    }
    index.insert(start, 0);
    order.push((start, (0, 0)));
    let mut delta: Vec<u32> = Vec::new();
    let mut q = 0;
    while q < order.len() {
        if order.len() > budget.max_states {
            return Ok((None, counted));
        }
        let (c, node) = order[q];
        let Some(&node) = (if zero_first(node) {
            Some(&node)
        } else {
            witness.get(&c)
        }) else {
            return Ok((None, counted)); // not closed
        };
        for l in 0..letters {
            let next = successor(node, l);
            let nc = class(next);
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
    for &node in nodes.keys().filter(|&&w| zero_first(w)) {
        let Some(&id) = index.get(&class(node)) else {
            continue; // a class the start does not reach
        };
        for l in 0..letters {
            let want = delta[id as usize * letters + l];
            let nc = class(successor(node, l));
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
    let accept = order
        .iter()
        .map(|&(_, node)| {
            words
                .set
                .contains(&(words.value(node.0, d), words.value(node.1, d)))
        })
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
pub fn agrees_on_box(n: Numeration, len: usize, members: &[(u64, u64)], a: &Dfa) -> Result<bool> {
    Ok(agrees(a, &Words::new(n, len, members)?))
}

/// Whether `a` accepts exactly the members among the words of the box: every member, and as
/// many words of length L as there are members.
fn agrees(a: &Dfa, words: &Words) -> bool {
    let b = words.base;
    let letters = a.letters();
    for &(x, y) in &words.members {
        let mut s = 0u32;
        for i in (0..words.len).rev() {
            let p = b.pow(i as u32);
            let l = ((x / p) % b) as usize + ((y / p) % b) as usize * b as usize;
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
