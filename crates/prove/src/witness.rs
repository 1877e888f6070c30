//! ∃ over every variable of a conjunction, without projection: the product of the conjuncts
//! (automata and linear atoms) explored lazily from its initial tuple of states, searched for
//! an accepting tuple ([`Product::nonempty`]) and for the least accepted tuple of numbers
//! ([`least_tuple`]).
//!
//! A closed block ∃x₁…x_k (C₁ ∧ … ∧ C_m) holds exactly when the product accepts some word; no
//! subset construction is needed, since nothing is left to read.  The search stops at the first
//! accepting tuple; only a false block explores every reachable tuple.  The least witness, the
//! counterexample of a false ∀, is found variable by variable, each on the product (the values
//! already found fixed by a constant automaton, [`super::linear::constant`]):
//!
//! 1. Z, the tuples reachable on letters whose digit on x's track is 0 (x's leading zeros); if
//!    one accepts, x = 0.
//! 2. Otherwise R₁, R₂, …: the tuples reached from Z in exactly j letters, the first with a
//!    nonzero digit of x, until R_m holds an accepting tuple; m is the length of the least x.
//! 3. Backwards, G_m = R_m ∩ accepting and G_j = the tuples of R_j with a successor in G_{j+1}:
//!    those from which an accepting tuple is exactly m − j letters away.
//! 4. Forwards from Z, the least digit at each place whose letters lead into G_j.  Among
//!    valid words of one length the lexicographic order is the numeric order (Zeckendorf's and
//!    Ostrowski's greedy representations), so the digits read are those of the least x.
//!
//! Cost: the reachable tuples (at most the product of the conjuncts' states), each stepped on
//! the b^k letters; for the least witness m + 1 layers of them per variable.  Every tuple found
//! counts against the state cap and its bytes against the memory cap; no transition is stored.

use super::dfa::{Budget, Dfa, NONE, Var};
use super::linear::{Key, Linear, constant};
use super::numeration::Numeration;
use super::ops::{FxMap, construction_bytes, restriction, union_all};
use rug::Integer;
use wythoff_core::error::{Error, Result};

/// A tuple of states: one per automaton, one per linear atom.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Tuple {
    states: Box<[u32]>,
    keys: Box<[Key]>,
}

impl Tuple {
    fn heap_bytes(&self) -> usize {
        self.states.len() * 4 + std::mem::size_of_val(&*self.keys) + 32
    }
}

/// The product of automata and linear atoms over the union of their variables, its tuples
/// numbered as they are found.
pub(crate) struct Product<'a> {
    numeration: Numeration,
    vars: Vec<Var>,
    letters: usize,
    automata: Vec<(&'a Dfa, Vec<usize>)>,
    atoms: Vec<(&'a Linear, Vec<usize>)>,
    index: FxMap<Tuple, u32>,
    tuples: Vec<Tuple>,
    heap: usize,
    budget: &'a Budget<'a>,
}

impl<'a> Product<'a> {
    /// The product of `automata` and `atoms`; `None` when an atom holds for no tuple.
    pub(crate) fn new(
        automata: &[&'a Dfa],
        atoms: &[&'a Linear],
        budget: &'a Budget<'a>,
    ) -> Result<Option<Product<'a>>> {
        let n = budget.numeration;
        if automata.iter().any(|a| a.numeration() != n) {
            return Err(Error::internal("automata of two numerations combined"));
        }
        let lists: Vec<&[Var]> = automata
            .iter()
            .map(|a| a.vars())
            .chain(atoms.iter().map(|l| l.vars()))
            .collect();
        let vars = union_all(&lists);
        let width = vars.len();
        let Some(letters) = n.base().checked_pow(width as u32).filter(|&l| l <= 1 << 20) else {
            return Err(Error::Inconclusive(format!(
                "no verdict: a search reads {width} numbers at once, more letters than the \
                 procedure holds (2^20); quantify fewer variables together"
            )));
        };
        let positions = |own: &[Var]| -> Vec<usize> {
            own.iter()
                .map(|v| vars.binary_search(v).unwrap_or(0))
                .collect()
        };
        let automata = automata
            .iter()
            .map(|&a| (a, restriction(n, width, &positions(a.vars()))))
            .collect();
        let atoms_with: Vec<(&Linear, Vec<usize>)> = atoms
            .iter()
            .map(|&l| (l, restriction(n, width, &positions(l.vars()))))
            .collect();
        let mut keys = Vec::new();
        for (l, _) in &atoms_with {
            match l.start() {
                Some(k) => keys.push(k),
                None => return Ok(None),
            }
        }
        let mut product = Product {
            numeration: n,
            vars,
            letters,
            automata,
            atoms: atoms_with,
            index: FxMap::default(),
            tuples: Vec::new(),
            heap: 0,
            budget,
        };
        let start = Tuple {
            states: vec![0; product.automata.len()].into(),
            keys: keys.into(),
        };
        product.intern(start)?;
        Ok(Some(product))
    }

    /// The number of `t`, numbering it when it is new (within the caps).
    fn intern(&mut self, t: Tuple) -> Result<u32> {
        if let Some(&id) = self.index.get(&t) {
            return Ok(id);
        }
        let id = self.tuples.len();
        let b = self.budget;
        if id >= b.max_states {
            return Err(Error::Inconclusive(format!(
                "no verdict: a search on the way passed the state cap of {} states",
                b.max_states
            )));
        }
        if id.is_multiple_of(4096) {
            b.cancel.check()?;
        }
        self.heap += 2 * t.heap_bytes();
        b.within_memory(construction_bytes::<Tuple>(
            self.index.capacity().max(id + 1),
            id + 1,
            self.heap,
        ))?;
        self.index.insert(t.clone(), id as u32);
        self.tuples.push(t);
        Ok(id as u32)
    }

    /// The tuple after `letter`, `None` for the sink.
    fn step(&self, id: u32, letter: usize) -> Option<Tuple> {
        let t = &self.tuples[id as usize];
        let mut states = Vec::with_capacity(t.states.len());
        for ((a, r), &s) in self.automata.iter().zip(t.states.iter()) {
            let next = a.next(s, r[letter]);
            if next == NONE {
                return None;
            }
            states.push(next);
        }
        let mut keys = Vec::with_capacity(t.keys.len());
        for ((l, r), &k) in self.atoms.iter().zip(t.keys.iter()) {
            keys.push(l.step(k, r[letter])?);
        }
        Some(Tuple {
            states: states.into(),
            keys: keys.into(),
        })
    }

    /// Appends to `out` the numbers of the tuples after `id` on the letters `take` lets
    /// through.
    fn successors(
        &mut self,
        id: u32,
        take: impl Fn(usize) -> bool,
        out: &mut Vec<u32>,
    ) -> Result<()> {
        for l in (0..self.letters).filter(|&l| take(l)) {
            if let Some(t) = self.step(id, l) {
                out.push(self.intern(t)?);
            }
        }
        Ok(())
    }

    /// Whether a word may end in the tuple `id`.
    fn accepting(&self, id: u32) -> bool {
        let t = &self.tuples[id as usize];
        self.automata
            .iter()
            .zip(t.states.iter())
            .all(|((a, _), &s)| a.is_accepting(s))
            && self
                .atoms
                .iter()
                .zip(t.keys.iter())
                .all(|((l, _), &k)| l.accepting(k))
    }

    /// An internal error if an atom met a pair outside its box; records the tuples found.
    fn finish(&self) -> Result<()> {
        self.budget.saw(self.tuples.len(), 0);
        self.atoms.iter().try_for_each(|(l, _)| l.check())
    }

    /// Whether the product accepts a word: breadth-first search, stopped at the first accepting
    /// tuple.
    pub(crate) fn nonempty(&mut self) -> Result<bool> {
        let mut q = 0u32;
        let mut next = Vec::new();
        while (q as usize) < self.tuples.len() {
            if self.accepting(q) {
                self.finish()?;
                return Ok(true);
            }
            next.clear();
            self.successors(q, |_| true, &mut next)?;
            q += 1;
        }
        self.finish()?;
        Ok(false)
    }

    /// The least value of `var` over the accepted words (the steps of the module's opening);
    /// an internal error when the product accepts nothing.
    fn least(&mut self, var: Var) -> Result<Integer> {
        let n = self.numeration;
        let track = self.vars.binary_search(&var).unwrap_or(0);
        let digit = move |l: usize| n.digit(l, track);
        // 1. the leading zeros of x
        let mut seen: Vec<bool> = vec![true];
        let mut zero = vec![0u32];
        let mut q = 0;
        let mut out = Vec::new();
        while q < zero.len() {
            out.clear();
            self.successors(zero[q], |l| digit(l) == 0, &mut out)?;
            for &t in &out {
                mark(&mut seen, t, &mut zero);
            }
            q += 1;
        }
        if zero.iter().any(|&s| self.accepting(s)) {
            return Ok(Integer::new());
        }
        // 2. the layers, until one accepts
        let mut layers: Vec<Vec<u32>> = Vec::new();
        let mut current = self.image(&zero, |l| digit(l) != 0)?;
        while !current.iter().any(|&s| self.accepting(s)) {
            if current.is_empty() || layers.len() > self.tuples.len() {
                return Err(Error::internal(
                    "a least witness searched where none exists",
                ));
            }
            let next = self.image(&current, |_| true)?;
            layers.push(std::mem::replace(&mut current, next));
        }
        layers.push(current);
        // 3. backwards: the tuples from which acceptance is exactly the remaining letters away
        let m = layers.len();
        let mut good: Vec<Vec<u32>> = vec![Vec::new(); m];
        good[m - 1] = layers[m - 1]
            .iter()
            .copied()
            .filter(|&s| self.accepting(s))
            .collect();
        for j in (0..m - 1).rev() {
            let mut kept = Vec::new();
            for &s in &layers[j] {
                out.clear();
                self.successors(s, |_| true, &mut out)?;
                if out.iter().any(|t| good[j + 1].binary_search(t).is_ok()) {
                    kept.push(s);
                }
            }
            good[j] = kept;
        }
        drop(layers);
        // 4. forwards: the least digit at each place
        let mut digits = Vec::with_capacity(m);
        let mut at = zero;
        for (j, g) in good.iter().enumerate() {
            let first = if j == 0 { 1 } else { 0 };
            let mut chosen = None;
            for d in first..n.base() as u32 {
                let mut next = self.image(&at, |l| digit(l) == d)?;
                next.retain(|t| g.binary_search(t).is_ok());
                if !next.is_empty() {
                    chosen = Some((d, next));
                    break;
                }
            }
            let Some((d, next)) = chosen else {
                return Err(Error::internal("a least witness lost its way"));
            };
            digits.push(d as u8);
            at = next;
        }
        self.finish()?;
        Ok(n.value(&digits))
    }

    /// The sorted set of tuples reached from `from` in one letter that `take` lets through.
    fn image(&mut self, from: &[u32], take: impl Fn(usize) -> bool + Copy) -> Result<Vec<u32>> {
        let mut out = Vec::new();
        for &s in from {
            self.successors(s, take, &mut out)?;
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}

/// Adds `t` to `list` unless `seen` says it is there.
fn mark(seen: &mut Vec<bool>, t: u32, list: &mut Vec<u32>) {
    let i = t as usize;
    if seen.len() <= i {
        seen.resize(i + 1, false);
    }
    if !seen[i] {
        seen[i] = true;
        list.push(t);
    }
}

/// Whether the conjunction of `automata` and `atoms` holds for some tuple.
pub(crate) fn satisfiable(automata: &[&Dfa], atoms: &[&Linear], budget: &Budget) -> Result<bool> {
    match Product::new(automata, atoms, budget)? {
        None => Ok(false),
        Some(mut p) => p.nonempty(),
    }
}

/// The lexicographically least tuple of values of `vars` (the first most significant) for
/// which the conjunction of `automata` and `atoms` holds, whose variables are among `vars`; a
/// variable of no conjunct takes 0.  An internal error when the conjunction holds for none.
pub(crate) fn least_tuple(
    automata: &[&Dfa],
    atoms: &[&Linear],
    vars: &[Var],
    budget: &Budget,
) -> Result<Vec<Integer>> {
    let mut fixed: Vec<Dfa> = Vec::new();
    let mut values = Vec::new();
    for &v in vars {
        let mentioned = automata.iter().any(|a| a.vars().contains(&v))
            || atoms.iter().any(|l| l.vars().contains(&v));
        if !mentioned {
            values.push(Integer::new());
            continue;
        }
        let mut all: Vec<&Dfa> = automata.to_vec();
        all.extend(fixed.iter());
        let value = match Product::new(&all, atoms, budget)? {
            Some(mut p) => p.least(v)?,
            None => {
                return Err(Error::internal(
                    "a least witness searched where none exists",
                ));
            }
        };
        fixed.push(constant(budget.numeration, v, &value));
        values.push(value);
    }
    Ok(values)
}
