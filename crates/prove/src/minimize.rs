//! Minimization of a partial deterministic automaton: the algorithm of A. Valmari, "Fast brief
//! practical DFA minimization", Information Processing Letters 112 (2012) 213–217.
//!
//! The states that are unreachable from the initial state, or from which no accepting state is
//! reachable, are removed first; what remains is refined by Hopcroft's "process the smaller half"
//! rule on two partitions at once — the blocks of states and the "cords" of transitions (the
//! transitions with one label whose heads lie in one block).  Missing transitions stand for a
//! rejecting sink, so no sink is ever materialized.
//!
//! Cost: O(m log n) time and O(n + m) memory for n states and m transitions: every index is a
//! u32, so at the peak (the refinement) a transition takes 12 bytes as (tail, label, head), 24
//! in the partition of the cords and 4 in the adjacency by head —
//! [`MINIMIZE_BYTES_PER_TRANSITION`] in all, beside [`MINIMIZE_BYTES_PER_STATE`] a state;
//! [`super::ops`] counts them against the memory cap before it minimizes.  The result is
//! numbered canonically (breadth first from the initial state, letters in increasing order), so
//! two minimal automata of one language over one alphabet are equal as data.

use super::dfa::{Dfa, NONE};

/// The bytes the minimization holds at its peak per transition of its input (u32 indices: 12 in
/// the transition lists, 24 in the cords' partition, 4 in the adjacency by head).
pub const MINIMIZE_BYTES_PER_TRANSITION: usize = 40;

/// The bytes the minimization holds per state of its input (the masks and renumbering of the
/// trimming, the blocks' partition, the adjacency's offsets and the quotient's tables).
pub const MINIMIZE_BYTES_PER_STATE: usize = 48;

/// A refinable partition of 0..n (Valmari's `partition`): `elems` holds the elements grouped by
/// set, set `s` occupying `first[s]..past[s]`; `marked[s]` counts the marked elements at the
/// front of its range.  Indices are stored as u32 (n < 2^32: [`super::ops`] caps the
/// transitions below that), 28 bytes an element.
struct Partition {
    sets: usize,
    elems: Vec<u32>,
    loc: Vec<u32>,
    set_of: Vec<u32>,
    first: Vec<u32>,
    past: Vec<u32>,
    marked: Vec<u32>,
    touched: Vec<u32>,
}

impl Partition {
    /// One set holding 0..n (no set when n = 0).
    fn new(n: usize) -> Partition {
        let mut first = vec![0; n + 1];
        let mut past = vec![0; n + 1];
        first[0] = 0;
        past[0] = n as u32;
        Partition {
            sets: usize::from(n > 0),
            elems: (0..n as u32).collect(),
            loc: (0..n as u32).collect(),
            set_of: vec![0; n],
            first,
            past,
            marked: vec![0; n + 1],
            touched: Vec::new(),
        }
    }

    /// The set of `e`.
    fn set(&self, e: usize) -> usize {
        self.set_of[e] as usize
    }

    /// The elements of set `s`, as a range of positions in `elems`.
    fn range(&self, s: usize) -> std::ops::Range<usize> {
        self.first[s] as usize..self.past[s] as usize
    }

    /// Moves `e` to the marked front of its set.
    fn mark(&mut self, e: usize) {
        let s = self.set(e);
        let i = self.loc[e] as usize;
        let j = (self.first[s] + self.marked[s]) as usize;
        if i < j {
            return; // already marked
        }
        self.elems[i] = self.elems[j];
        self.loc[self.elems[i] as usize] = i as u32;
        self.elems[j] = e as u32;
        self.loc[e] = j as u32;
        if self.marked[s] == 0 {
            self.touched.push(s as u32);
        }
        self.marked[s] += 1;
    }

    /// Splits every touched set into its marked and unmarked parts; the smaller part gets the
    /// new set number.
    fn split(&mut self) {
        while let Some(s) = self.touched.pop() {
            let s = s as usize;
            let j = self.first[s] + self.marked[s];
            if j == self.past[s] {
                self.marked[s] = 0;
                continue;
            }
            let z = self.sets;
            if self.marked[s] <= self.past[s] - j {
                self.first[z] = self.first[s];
                self.past[z] = j;
                self.first[s] = j;
            } else {
                self.past[z] = self.past[s];
                self.first[z] = j;
                self.past[s] = j;
            }
            for i in self.range(z) {
                self.set_of[self.elems[i] as usize] = z as u32;
            }
            self.marked[s] = 0;
            self.marked[z] = 0;
            self.sets += 1;
        }
    }
}

/// The states reachable from `starts` along the edges `next(state)`, as a mask.
fn closure(n: usize, starts: &[usize], edges: impl Fn(usize, &mut dyn FnMut(usize))) -> Vec<bool> {
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    for &s in starts {
        if !seen[s] {
            seen[s] = true;
            stack.push(s);
        }
    }
    while let Some(s) = stack.pop() {
        edges(s, &mut |t| {
            if !seen[t] {
                seen[t] = true;
                stack.push(t);
            }
        });
    }
    seen
}

/// The minimal automaton of `dfa`'s language, canonically numbered.  An empty language gives the
/// one-state automaton that accepts nothing.
pub fn minimize(dfa: &Dfa) -> Dfa {
    let Some((kept, index)) = trim(dfa) else {
        return Dfa::nothing(dfa.numeration(), dfa.vars().to_vec());
    };
    let (tail, label, head) = transitions(dfa, &kept, &index);
    // blocks: accepting against rejecting
    let mut blocks = Partition::new(kept.len());
    for (i, &s) in kept.iter().enumerate() {
        if dfa.is_accepting(s) {
            blocks.mark(i);
        }
    }
    blocks.split();
    let mut cords = cords_by_label(&label);
    refine(&mut blocks, &mut cords, &tail, &head);
    quotient(dfa, &kept, &index, &blocks)
}

/// The states of `dfa` reachable from the initial state from which an accepting state is
/// reachable, in increasing order, and each state's index among them (`u32::MAX` for the
/// others); none when the initial state is not one of them (the language is empty).
fn trim(dfa: &Dfa) -> Option<(Vec<u32>, Vec<u32>)> {
    let n = dfa.states();
    let k = dfa.letters();
    let forward = closure(n, &[0], |s, push| {
        for l in 0..k {
            let t = dfa.next(s as u32, l);
            if t != NONE {
                push(t as usize);
            }
        }
    });
    // incoming edges, for the backward closure and later for the cords
    let mut in_count = vec![0u32; n + 1];
    for s in (0..n).filter(|&s| forward[s]) {
        for l in 0..k {
            let t = dfa.next(s as u32, l);
            if t != NONE {
                in_count[t as usize + 1] += 1;
            }
        }
    }
    for s in 0..n {
        in_count[s + 1] += in_count[s];
    }
    let mut fill = in_count.clone();
    let mut sources = vec![0u32; in_count[n] as usize];
    for s in (0..n).filter(|&s| forward[s]) {
        for l in 0..k {
            let t = dfa.next(s as u32, l);
            if t != NONE {
                sources[fill[t as usize] as usize] = s as u32;
                fill[t as usize] += 1;
            }
        }
    }
    let accepting: Vec<usize> = (0..n)
        .filter(|&s| forward[s] && dfa.is_accepting(s as u32))
        .collect();
    let backward = closure(n, &accepting, |s, push| {
        for &p in &sources[in_count[s] as usize..in_count[s + 1] as usize] {
            push(p as usize);
        }
    });
    if !backward[0] {
        return None;
    }
    drop(sources);
    drop(in_count);
    drop(fill);
    // the trimmed automaton's states, renumbered
    let kept: Vec<u32> = (0..n)
        .filter(|&s| forward[s] && backward[s])
        .map(|s| s as u32)
        .collect();
    let index = renumbering(n, &kept);
    Some((kept, index))
}

/// For each of the `n` states its index among `kept` (u32::MAX for the others).
fn renumbering(n: usize, kept: &[u32]) -> Vec<u32> {
    let mut index = vec![u32::MAX; n];
    for (i, &s) in kept.iter().enumerate() {
        index[s as usize] = i as u32;
    }
    index
}

/// The transitions between the states `kept` (renumbered by `index`) as (tail, label, head),
/// state by state, labels increasing.
fn transitions(dfa: &Dfa, kept: &[u32], index: &[u32]) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let k = dfa.letters();
    let m = kept
        .iter()
        .map(|&s| {
            (0..k)
                .filter(|&l| {
                    let t = dfa.next(s, l);
                    t != NONE && index[t as usize] != u32::MAX
                })
                .count()
        })
        .sum();
    let (mut tail, mut label, mut head) = (
        Vec::with_capacity(m),
        Vec::with_capacity(m),
        Vec::with_capacity(m),
    );
    for (i, &s) in kept.iter().enumerate() {
        for l in 0..k {
            let t = dfa.next(s, l);
            if t != NONE && index[t as usize] != u32::MAX {
                tail.push(i as u32);
                label.push(l as u32);
                head.push(index[t as usize]);
            }
        }
    }
    (tail, label, head)
}

/// The cords' first partition: the transitions grouped by label.
fn cords_by_label(label: &[u32]) -> Partition {
    let m = label.len();
    let mut cords = Partition::new(m);
    if m > 0 {
        let mut order: Vec<u32> = (0..m as u32).collect();
        order.sort_by_key(|&t| label[t as usize]);
        cords.sets = 0;
        let mut current = label[order[0] as usize];
        cords.first[0] = 0;
        for (i, &t) in order.iter().enumerate() {
            if label[t as usize] != current {
                current = label[t as usize];
                cords.past[cords.sets] = i as u32;
                cords.sets += 1;
                cords.first[cords.sets] = i as u32;
            }
            cords.elems[i] = t;
            cords.loc[t as usize] = i as u32;
            cords.set_of[t as usize] = cords.sets as u32;
        }
        cords.past[cords.sets] = m as u32;
        cords.sets += 1;
    }
    cords
}

/// Refines `blocks` and `cords` together until stable (Hopcroft's rule: each new set is
/// processed once); the transitions are given by their `tail` and `head` states.
fn refine(blocks: &mut Partition, cords: &mut Partition, tail: &[u32], head: &[u32]) {
    let (nn, m) = (blocks.elems.len(), head.len());
    // transitions by head
    let mut adj_first = vec![0u32; nn + 1];
    for &h in head {
        adj_first[h as usize + 1] += 1;
    }
    for s in 0..nn {
        adj_first[s + 1] += adj_first[s];
    }
    let mut adj = vec![0u32; m];
    let mut fill = adj_first.clone();
    for (t, &h) in head.iter().enumerate() {
        adj[fill[h as usize] as usize] = t as u32;
        fill[h as usize] += 1;
    }
    drop(fill);
    let (mut b, mut c) = (1usize, 0usize);
    while c < cords.sets {
        for i in cords.range(c) {
            blocks.mark(tail[cords.elems[i] as usize] as usize);
        }
        blocks.split();
        c += 1;
        while b < blocks.sets {
            for i in blocks.range(b) {
                let s = blocks.elems[i] as usize;
                for &t in &adj[adj_first[s] as usize..adj_first[s + 1] as usize] {
                    cords.mark(t as usize);
                }
            }
            cords.split();
            b += 1;
        }
    }
}

/// The quotient of `dfa` by the `blocks` of its states `kept` (renumbered by `index`), numbered
/// breadth first from the block of the initial state.
fn quotient(dfa: &Dfa, kept: &[u32], index: &[u32], blocks: &Partition) -> Dfa {
    let k = dfa.letters();
    let mut out_of_block = vec![u32::MAX; blocks.sets];
    let mut rep: Vec<u32> = Vec::with_capacity(blocks.sets);
    let mut delta = Vec::with_capacity(blocks.sets * k);
    let mut accept = Vec::with_capacity(blocks.sets);
    let start = blocks.set(0);
    out_of_block[start] = 0;
    rep.push(blocks.elems[blocks.first[start] as usize]);
    let mut row = vec![NONE; k];
    let mut q = 0;
    while q < rep.len() {
        let s = kept[rep[q] as usize];
        row.fill(NONE);
        for (l, slot) in row.iter_mut().enumerate() {
            let t = dfa.next(s, l);
            if t == NONE || index[t as usize] == u32::MAX {
                continue;
            }
            let blk = blocks.set(index[t as usize] as usize);
            if out_of_block[blk] == u32::MAX {
                out_of_block[blk] = rep.len() as u32;
                rep.push(blocks.elems[blocks.first[blk] as usize]);
            }
            *slot = out_of_block[blk];
        }
        delta.extend_from_slice(&row);
        accept.push(dfa.is_accepting(s));
        q += 1;
    }
    Dfa::from_parts(dfa.numeration(), dfa.vars().to_vec(), delta, accept)
}
