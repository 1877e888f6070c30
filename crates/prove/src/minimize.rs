//! Minimization of a partial deterministic automaton: the algorithm of A. Valmari, "Fast brief
//! practical DFA minimization", Information Processing Letters 112 (2012) 213–217.
//!
//! The states that are unreachable from the initial state, or from which no accepting state is
//! reachable, are removed first; what remains is refined by Hopcroft's "process the smaller half"
//! rule on two partitions at once — the blocks of states and the "cords" of transitions (the
//! transitions with one label whose heads lie in one block).  Missing transitions stand for a
//! rejecting sink, so no sink is ever materialized.
//!
//! Cost: O(m log n) time and O(n + m) memory for n states and m transitions.  The result is
//! numbered canonically (breadth first from the initial state, letters in increasing order), so
//! two minimal automata of one language over one alphabet are equal as data.

use super::dfa::{Dfa, NONE};

/// A refinable partition of 0..n (Valmari's `partition`): `elems` holds the elements grouped by
/// set, set `s` occupying `first[s]..past[s]`; `marked[s]` counts the marked elements at the
/// front of its range.
struct Partition {
    sets: usize,
    elems: Vec<usize>,
    loc: Vec<usize>,
    set_of: Vec<usize>,
    first: Vec<usize>,
    past: Vec<usize>,
    marked: Vec<usize>,
    touched: Vec<usize>,
}

impl Partition {
    /// One set holding 0..n (no set when n = 0).
    fn new(n: usize) -> Partition {
        let mut first = vec![0; n + 1];
        let mut past = vec![0; n + 1];
        first[0] = 0;
        past[0] = n;
        Partition {
            sets: usize::from(n > 0),
            elems: (0..n).collect(),
            loc: (0..n).collect(),
            set_of: vec![0; n],
            first,
            past,
            marked: vec![0; n + 1],
            touched: Vec::new(),
        }
    }

    /// Moves `e` to the marked front of its set.
    fn mark(&mut self, e: usize) {
        let s = self.set_of[e];
        let i = self.loc[e];
        let j = self.first[s] + self.marked[s];
        if i < j {
            return; // already marked
        }
        self.elems[i] = self.elems[j];
        self.loc[self.elems[i]] = i;
        self.elems[j] = e;
        self.loc[e] = j;
        if self.marked[s] == 0 {
            self.touched.push(s);
        }
        self.marked[s] += 1;
    }

    /// Splits every touched set into its marked and unmarked parts; the smaller part gets the
    /// new set number.
    fn split(&mut self) {
        while let Some(s) = self.touched.pop() {
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
            for i in self.first[z]..self.past[z] {
                self.set_of[self.elems[i]] = z;
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
        if dfa.is_accepting(s as u32) {
            blocks.mark(i);
        }
    }
    blocks.split();
    let mut cords = cords_by_label(&label);
    refine(&mut blocks, &mut cords, &tail, &head);
    quotient(dfa, &kept, &index, &blocks)
}

/// The states of `dfa` reachable from the initial state from which an accepting state is
/// reachable, in increasing order, and each state's index among them (`usize::MAX` for the
/// others); none when the initial state is not one of them (the language is empty).
fn trim(dfa: &Dfa) -> Option<(Vec<usize>, Vec<usize>)> {
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
    let mut in_count = vec![0usize; n + 1];
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
    let mut sources = vec![0usize; in_count[n]];
    for s in (0..n).filter(|&s| forward[s]) {
        for l in 0..k {
            let t = dfa.next(s as u32, l);
            if t != NONE {
                sources[fill[t as usize]] = s;
                fill[t as usize] += 1;
            }
        }
    }
    let accepting: Vec<usize> = (0..n)
        .filter(|&s| forward[s] && dfa.is_accepting(s as u32))
        .collect();
    let backward = closure(n, &accepting, |s, push| {
        for &p in &sources[in_count[s]..in_count[s + 1]] {
            push(p);
        }
    });
    if !backward[0] {
        return None;
    }
    // the trimmed automaton's states, renumbered
    let mut index = vec![usize::MAX; n];
    let mut kept = Vec::new();
    for s in 0..n {
        if forward[s] && backward[s] {
            index[s] = kept.len();
            kept.push(s);
        }
    }
    Some((kept, index))
}

/// The transitions between the states `kept` (renumbered by `index`) as (tail, label, head),
/// state by state, labels increasing.
fn transitions(dfa: &Dfa, kept: &[usize], index: &[usize]) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let k = dfa.letters();
    let (mut tail, mut label, mut head) = (Vec::new(), Vec::new(), Vec::new());
    for (i, &s) in kept.iter().enumerate() {
        for l in 0..k {
            let t = dfa.next(s as u32, l);
            if t != NONE && index[t as usize] != usize::MAX {
                tail.push(i);
                label.push(l);
                head.push(index[t as usize]);
            }
        }
    }
    (tail, label, head)
}

/// The cords' first partition: the transitions grouped by label.
fn cords_by_label(label: &[usize]) -> Partition {
    let m = label.len();
    let mut cords = Partition::new(m);
    if m > 0 {
        let mut order: Vec<usize> = (0..m).collect();
        order.sort_by_key(|&t| label[t]);
        cords.sets = 0;
        let mut current = label[order[0]];
        cords.first[0] = 0;
        for (i, &t) in order.iter().enumerate() {
            if label[t] != current {
                current = label[t];
                cords.past[cords.sets] = i;
                cords.sets += 1;
                cords.first[cords.sets] = i;
            }
            cords.elems[i] = t;
            cords.loc[t] = i;
            cords.set_of[t] = cords.sets;
        }
        cords.past[cords.sets] = m;
        cords.sets += 1;
    }
    cords
}

/// Refines `blocks` and `cords` together until stable (Hopcroft's rule: each new set is
/// processed once); the transitions are given by their `tail` and `head` states.
fn refine(blocks: &mut Partition, cords: &mut Partition, tail: &[usize], head: &[usize]) {
    let (nn, m) = (blocks.elems.len(), head.len());
    // transitions by head
    let mut adj_first = vec![0usize; nn + 1];
    for &h in head {
        adj_first[h + 1] += 1;
    }
    for s in 0..nn {
        adj_first[s + 1] += adj_first[s];
    }
    let mut adj = vec![0usize; m];
    let mut fill = adj_first.clone();
    for (t, &h) in head.iter().enumerate() {
        adj[fill[h]] = t;
        fill[h] += 1;
    }
    let (mut b, mut c) = (1usize, 0usize);
    while c < cords.sets {
        for i in cords.first[c]..cords.past[c] {
            blocks.mark(tail[cords.elems[i]]);
        }
        blocks.split();
        c += 1;
        while b < blocks.sets {
            for i in blocks.first[b]..blocks.past[b] {
                let s = blocks.elems[i];
                for &t in &adj[adj_first[s]..adj_first[s + 1]] {
                    cords.mark(t);
                }
            }
            cords.split();
            b += 1;
        }
    }
}

/// The quotient of `dfa` by the `blocks` of its states `kept` (renumbered by `index`), numbered
/// breadth first from the block of the initial state.
fn quotient(dfa: &Dfa, kept: &[usize], index: &[usize], blocks: &Partition) -> Dfa {
    let k = dfa.letters();
    let mut out_of_block = vec![usize::MAX; blocks.sets];
    let mut rep = Vec::with_capacity(blocks.sets);
    let mut delta = Vec::with_capacity(blocks.sets * k);
    let mut accept = Vec::with_capacity(blocks.sets);
    let start = blocks.set_of[0];
    out_of_block[start] = 0;
    rep.push(blocks.elems[blocks.first[start]]);
    let mut row = vec![NONE; k];
    let mut q = 0;
    while q < rep.len() {
        let s = kept[rep[q]];
        row.fill(NONE);
        for (l, slot) in row.iter_mut().enumerate() {
            let t = dfa.next(s as u32, l);
            if t == NONE || index[t as usize] == usize::MAX {
                continue;
            }
            let blk = blocks.set_of[index[t as usize]];
            if out_of_block[blk] == usize::MAX {
                out_of_block[blk] = rep.len();
                rep.push(blocks.elems[blocks.first[blk]]);
            }
            *slot = out_of_block[blk] as u32;
        }
        delta.extend_from_slice(&row);
        accept.push(dfa.is_accepting(s as u32));
        q += 1;
    }
    Dfa::from_parts(dfa.numeration(), dfa.vars().to_vec(), delta, accept)
}
