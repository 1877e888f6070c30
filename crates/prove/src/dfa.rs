//! Deterministic automata over tuples of digits (Zeckendorf's, or Ostrowski's for the generalized
//! game: [`super::numeration`]): the type, its invariants, renaming of tracks, and the budget of a
//! decision; the operations of the procedure on them are in [`super::ops`].
//!
//! An automaton reads k numbers in parallel, one track each, most significant digit first, all
//! padded with leading zeros to one length: a letter holds one digit a track (for Zeckendorf's
//! digits a k-bit mask, bit i the digit of track i).
//! Track i belongs to the variable `vars[i]`, and `vars` is increasing, so two automata over one
//! set of variables read the same letters.  State 0 is the initial state; a missing transition
//! ([`NONE`]) leads to a rejecting sink that is never stored.
//!
//! Every automaton built here keeps two invariants, which is what makes it the automaton *of a
//! set of tuples of natural numbers*: it accepts only valid words (for Zeckendorf's digits no two
//! adjacent 1s on any track), and it accepts w exactly when it accepts 0w (leading zeros do not
//! matter); [`super::ops`] says how each operation keeps them (A. Büchi, 1960; V. Bruyère,
//! G. Hansel, C. Michaux and R. Villemaire, "Logic and p-recognizable sets of integers", 1994;
//! H. Mousavi, "Automatic theorem proving in Walnut", 2016).  Cost: b^k table entries a state.

use super::numeration::Numeration;
use std::cell::{Cell, RefCell};
use wythoff_core::cancel::Cancel;
use wythoff_core::context::Context;
use wythoff_core::error::{Error, Result};

/// A variable: an index into the statement's table of names.
pub type Var = u32;

/// "No transition": the rejecting sink.
pub const NONE: u32 = u32::MAX;

/// The limits of one decision and what it saw: the state cap, the cancellation flag, and the
/// largest automaton built before and after minimization.
pub struct Budget<'a> {
    /// The numeration every automaton of the decision reads.
    pub numeration: Numeration,
    /// The most states one construction may explore; beyond it the decision stops with
    /// [`Error::Inconclusive`] — never a verdict.
    pub max_states: usize,
    /// The most bytes one construction may hold in its tables ([`crate::ops`] counts them);
    /// beyond it the decision stops with [`Error::Inconclusive`].
    pub max_memory: usize,
    /// Polled every 4096 states.
    pub cancel: &'a Cancel,
    /// Whether predicates under ∃ may be expanded into their definitions where the estimate of
    /// [`crate::expand`] says it is cheaper (the default); `false` keeps every automaton.
    pub expand: bool,
    largest_built: Cell<usize>,
    largest_minimal: Cell<usize>,
    notes: RefCell<Vec<String>>,
}

impl<'a> Budget<'a> {
    /// A budget of `max_states` states per construction.
    pub fn new(max_states: usize, cancel: &'a Cancel) -> Budget<'a> {
        Budget::for_numeration(Numeration::Zeckendorf, max_states, cancel)
    }

    /// A budget for automata of another numeration (the generalized game's).
    pub fn for_numeration(
        numeration: Numeration,
        max_states: usize,
        cancel: &'a Cancel,
    ) -> Budget<'a> {
        Budget {
            numeration,
            max_states,
            max_memory: DEFAULT_MAX_MEMORY,
            cancel,
            expand: true,
            largest_built: Cell::new(0),
            largest_minimal: Cell::new(0),
            notes: RefCell::new(Vec::new()),
        }
    }

    /// A budget with the caps and choices of `limits`.
    pub fn with_limits(numeration: Numeration, limits: &Limits, cancel: &'a Cancel) -> Budget<'a> {
        Budget {
            max_memory: limits.max_memory,
            expand: limits.expand,
            ..Budget::for_numeration(numeration, limits.max_states, cancel)
        }
    }

    /// A budget with the caps and choices of `limits` for a decision that runs under `ctx`: it
    /// stops with [`Error::Cancelled`] once the flag of `ctx` is set (polled every 4096
    /// states).  The decision runs on the calling thread; it reports no progress.
    pub fn in_context(numeration: Numeration, limits: &Limits, ctx: &Context<'a>) -> Budget<'a> {
        Budget::with_limits(numeration, limits, ctx.cancel())
    }

    /// The most states any construction explored before minimizing.
    pub fn largest_built(&self) -> usize {
        self.largest_built.get()
    }

    /// The most states of any automaton after minimizing.
    pub fn largest_minimal(&self) -> usize {
        self.largest_minimal.get()
    }

    /// What the decision chose on the way (which predicates it expanded), each once, in order.
    pub fn notes(&self) -> Vec<String> {
        self.notes.borrow().clone()
    }

    /// An error when a construction holding `bytes` passes the memory cap.
    pub(crate) fn within_memory(&self, bytes: usize) -> Result<()> {
        if bytes <= self.max_memory {
            return Ok(());
        }
        Err(Error::Inconclusive(format!(
            "no verdict: the tables of an automaton on the way passed the memory cap of {}",
            human_bytes(self.max_memory)
        )))
    }

    /// Records a choice once.
    pub(crate) fn note(&self, s: String) {
        let mut notes = self.notes.borrow_mut();
        if !notes.contains(&s) {
            notes.push(s);
        }
    }

    /// Records the sizes of one construction.
    pub(crate) fn saw(&self, built: usize, minimal: usize) {
        self.largest_built.set(self.largest_built.get().max(built));
        self.largest_minimal
            .set(self.largest_minimal.get().max(minimal));
    }
}

/// The default memory cap of one construction: 1.75 GiB (1.88·10^9 bytes) of tables, which
/// with the rest of a decision keeps its resident memory under 2·10^9 bytes (doc/prove.md).
pub const DEFAULT_MAX_MEMORY: usize = 7 << 28;

/// The caps of a decision and whether it may expand predicates: what a caller chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most states one construction may explore ([`Budget::max_states`]).
    pub max_states: usize,
    /// The most bytes one construction's tables may hold ([`Budget::max_memory`]).
    pub max_memory: usize,
    /// Whether predicates may be expanded into their definitions ([`Budget::expand`]).
    pub expand: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: crate::DEFAULT_MAX_STATES,
            max_memory: DEFAULT_MAX_MEMORY,
            expand: true,
        }
    }
}

/// A number of bytes in MiB or GiB, for the messages.
pub fn human_bytes(b: usize) -> String {
    if b >= 1 << 30 {
        format!("{:.2} GiB", b as f64 / f64::from(1u32 << 30))
    } else {
        format!("{:.1} MiB", b as f64 / f64::from(1u32 << 20))
    }
}

/// A deterministic automaton over tuples of Zeckendorf digits (see the module documentation for
/// its invariants).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dfa {
    numeration: Numeration,
    vars: Vec<Var>,
    delta: Vec<u32>,
    accept: Vec<bool>,
}

impl Dfa {
    /// An automaton from its numeration, its tracks' variables (increasing), its transition
    /// table (row by row, b^k entries a state) and its accepting states.
    pub(crate) fn from_parts(
        numeration: Numeration,
        vars: Vec<Var>,
        delta: Vec<u32>,
        accept: Vec<bool>,
    ) -> Dfa {
        debug_assert!(vars.windows(2).all(|w| w[0] < w[1]));
        debug_assert_eq!(delta.len(), accept.len() * numeration.letters(vars.len()));
        Dfa {
            numeration,
            vars,
            delta,
            accept,
        }
    }

    /// An automaton from a table (state 0 initial, `NONE` for no transition), for tests and
    /// embedders; refused when the sizes do not fit or a target is out of range.
    pub fn from_table(vars: Vec<Var>, delta: Vec<u32>, accept: Vec<bool>) -> Result<Dfa> {
        let ok = vars.windows(2).all(|w| w[0] < w[1])
            && vars.len() < 16
            && !accept.is_empty()
            && delta.len() == accept.len() << vars.len()
            && delta
                .iter()
                .all(|&t| t == NONE || (t as usize) < accept.len());
        if !ok {
            return Err(Error::usage("an automaton table of the wrong shape"));
        }
        Ok(Dfa::from_parts(Numeration::Zeckendorf, vars, delta, accept))
    }

    /// The state reached from `s` on `letters`, or `None` in the sink.
    pub fn run_from(&self, s: u32, letters: &[usize]) -> Option<u32> {
        let mut s = s;
        for &l in letters {
            s = self.next(s, l);
            if s == NONE {
                return None;
            }
        }
        Some(s)
    }

    /// The automaton of the empty set over `vars`.
    pub fn nothing(numeration: Numeration, vars: Vec<Var>) -> Dfa {
        let k = numeration.letters(vars.len());
        Dfa::from_parts(numeration, vars, vec![NONE; k], vec![false])
    }

    /// The automaton without tracks of a truth value: it accepts the empty word or nothing.
    pub fn truth(numeration: Numeration, holds: bool) -> Dfa {
        let next = if holds { 0 } else { NONE };
        Dfa::from_parts(numeration, Vec::new(), vec![next], vec![holds])
    }

    /// The numeration the automaton reads.
    pub fn numeration(&self) -> Numeration {
        self.numeration
    }

    /// The variables of the tracks, increasing.
    pub fn vars(&self) -> &[Var] {
        &self.vars
    }

    /// The number of letters, b^k.
    pub fn letters(&self) -> usize {
        self.numeration.letters(self.vars.len())
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.accept.len()
    }

    /// The state reached from `s` on `letter`, or [`NONE`].
    pub fn next(&self, s: u32, letter: usize) -> u32 {
        self.delta[s as usize * self.letters() + letter]
    }

    /// Whether `s` is accepting.
    pub fn is_accepting(&self, s: u32) -> bool {
        self.accept[s as usize]
    }

    /// Whether the automaton accepts the word `letters` (read from state 0).
    pub fn accepts_word(&self, letters: &[usize]) -> bool {
        self.run_from(0, letters)
            .is_some_and(|s| self.is_accepting(s))
    }

    /// Whether the tuple `values` (one per track, in the order of [`Dfa::vars`]) is accepted.
    pub fn accepts(&self, values: &[u64]) -> bool {
        assert_eq!(values.len(), self.vars.len(), "one value a track");
        let n = self.numeration;
        let digits: Vec<Vec<u8>> = values
            .iter()
            .map(|&v| n.digits(&rug::Integer::from(v)))
            .collect();
        let len = digits.iter().map(Vec::len).max().unwrap_or(0);
        let word: Vec<usize> = (0..len)
            .map(|j| {
                digits.iter().rev().fold(0, |l, d| {
                    let pad = len - d.len();
                    let digit = if j < pad { 0 } else { d[j - pad] };
                    l * n.base() + usize::from(digit)
                })
            })
            .collect();
        self.accepts_word(&word)
    }

    /// The same automaton with track i given to `vars[i]` (distinct, any order): the tracks are
    /// reordered so that the variables increase.
    pub fn rename(&self, vars: &[Var]) -> Dfa {
        assert_eq!(vars.len(), self.vars.len(), "one variable a track");
        let mut order: Vec<usize> = (0..vars.len()).collect();
        order.sort_by_key(|&i| vars[i]);
        let sorted: Vec<Var> = order.iter().map(|&i| vars[i]).collect();
        let k = self.letters();
        // new letter -> old letter
        let n = self.numeration;
        let old_of: Vec<usize> = (0..k)
            .map(|nl| {
                order.iter().enumerate().fold(0, |l, (pos, &track)| {
                    l + n.digit(nl, pos) as usize * n.base().pow(track as u32)
                })
            })
            .collect();
        let mut delta = Vec::with_capacity(self.delta.len());
        for s in 0..self.states() {
            delta.extend(old_of.iter().map(|&ol| self.delta[s * k + ol]));
        }
        Dfa::from_parts(n, sorted, delta, self.accept.clone())
    }
}
