//! # wythoff-prove
//!
//! A decision procedure for first-order statements about Wythoff's sequences: Büchi arithmetic
//! ⟨ℕ, +, <⟩ with numbers in Zeckendorf representation, extended by Fibonacci-automatic
//! predicates (`P`, `lower`, `upper`, `one`, `move`, `fib`, …), decided by finite automata.
//!
//! **The construction.**  Each atom is a deterministic automaton reading its variables' Zeckendorf
//! digits in parallel, most significant first ([`linear`]: comparisons Σ aᵢxᵢ + c = 0 or ≤ 0
//! with any coefficients, constants; [`vocabulary`]: the predicates).  ∧, ∨, ⇒, ⇔ are products
//! (a linear atom explored only along the other factor's words), ¬ is the complement within the
//! valid words, ∃x drops x's track and determinizes by the subset construction, with
//! the leading-zero closure a witness longer than the other numbers needs, and ∀ is ¬∃¬ ([`dfa`], [`ops`]).
//! Under ∃ a predicate defined by a disjunction may be replaced by its cases ([`expand`]); a
//! block that leaves no variable free is decided by searching the product of its conjuncts for
//! an accepting tuple, with nothing projected, and the least counterexample of a false ∀ is
//! found on that product (witness.rs).
//! Every automaton on the way is minimized by Valmari's algorithm ([`minimize`]).  A sentence
//! ends as an automaton without tracks: it accepts the empty word (TRUE) or nothing (FALSE).
//! Sources: J. R. Büchi, "Weak second-order arithmetic and finite automata" (1960);
//! V. Bruyère, G. Hansel, C. Michaux and R. Villemaire, "Logic and p-recognizable sets of
//! integers" (1994); H. Mousavi, "Automatic theorem proving in Walnut" (2016), whose syntax the
//! statements follow ([`syntax`]); A. Valmari, "Fast brief practical DFA minimization" (2012).
//!
//! **Cost.** Products multiply state counts, projections may in principle make 2^n subsets;
//! in practice the automata stay small because each step is minimized and ∃ is applied to the
//! conjuncts that mention its variable only (the sizes of the named theorems:
//! doc/performance.md).  A state cap ([`Budget::max_states`]) and a memory cap
//! ([`Budget::max_memory`]) bound every construction; passing one ends the decision with
//! [`wythoff_core::Error::Inconclusive`] — never a verdict — and the cancellation flag is polled
//! every 4096 states.
//!
//! **Learning.** [`learn`] finds the automaton of a set of pairs from its members in a box, and
//! [`kernel`] writes the sentences that prove such a set the P-positions (or the positions of
//! one Grundy value) of a game from its moves.
//!
//! **Trust.** Each operation is tested against brute force on every tuple up to a bound, every
//! predicate against the engines on a prefix, every theorem by enumeration on a box
//! (tests/prove.rs).

#![warn(missing_docs)]

pub mod dfa;
pub mod diagonals;
pub mod eval;
pub mod expand;
pub mod kernel;
pub mod learn;
pub mod linear;
pub mod minimize;
pub mod numeration;
pub mod one_values;
pub mod ops;
pub mod syntax;
pub mod theorems;
pub mod vocabulary;
pub mod walnut;
mod witness;

pub use dfa::{Budget, DEFAULT_MAX_MEMORY, Dfa, Limits};
pub use numeration::Numeration;
pub use theorems::{THEOREMS, Theorem, theorem, theorems};
pub use vocabulary::{PREDICATES, Vocabulary};

use eval::Compiler;
use rug::Integer;
use syntax::{Formula, parse};
use wythoff_core::error::Result;

/// The default state cap of one construction.
pub const DEFAULT_MAX_STATES: usize = 2_000_000;

/// The outcome of a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the statement holds.
    pub holds: bool,
    /// For a false statement that begins with `A`: the least values of that block's variables
    /// (lexicographically, the first variable most significant) for which the rest fails.
    pub counterexample: Option<Vec<(String, Integer)>>,
}

/// Decides `statement` with the predicates of `vocabulary` within `budget`.  Bad syntax, an
/// unknown predicate, a wrong number of arguments or a free variable is [`wythoff_core::Error::Usage`].
pub fn decide(statement: &str, vocabulary: &Vocabulary, budget: &Budget) -> Result<Verdict> {
    let parsed = parse(statement, &|name| vocabulary.arity(name))?;
    let first_fresh = parsed.names.len() as u32;
    let mut compiler =
        Compiler::new(vocabulary, budget, first_fresh).with_names(parsed.names.clone());
    let a = compiler.compile(&parsed.formula, false)?;
    let holds = a.is_accepting(0);
    let counterexample = match (&parsed.formula, holds) {
        (Formula::Quant(true, vars, body), false) => {
            let values = compiler.least_counterexample(vars, body)?;
            Some(
                vars.iter()
                    .zip(values)
                    .map(|(&v, x)| (parsed.names[v as usize].clone(), x))
                    .collect(),
            )
        }
        _ => None,
    };
    Ok(Verdict {
        holds,
        counterexample,
    })
}

/// One sentence of a theorem, decided: its verdict against the recorded one, and the sizes and
/// time it took.
#[derive(Clone, Debug)]
pub struct SentenceReport {
    /// What the sentence says.
    pub what: &'static str,
    /// The sentence.
    pub sentence: &'static str,
    /// The recorded verdict.
    pub expected: bool,
    /// The verdict now.
    pub verdict: Verdict,
    /// The most states a construction explored.
    pub largest_built: usize,
    /// The most states of a minimized automaton.
    pub largest_minimal: usize,
    /// Wall time in seconds (the vocabulary's automata included where this sentence built them).
    pub seconds: f64,
}

/// Decides every sentence of `theorem` in turn, each within its own budget of `limits`;
/// `ctx`'s flag stops a construction ([`wythoff_core::Error::Cancelled`]).  Nothing is reported
/// as progress and one worker is used.
pub fn prove_theorem(
    theorem: &Theorem,
    vocabulary: &Vocabulary,
    limits: &Limits,
    ctx: &wythoff_core::Context,
) -> Result<Vec<SentenceReport>> {
    let mut out = Vec::new();
    for &(what, sentence, expected) in theorem.sentences {
        let start = std::time::Instant::now();
        let budget = Budget::in_context(vocabulary.numeration(), limits, ctx);
        let verdict = decide(sentence, vocabulary, &budget).map_err(|e| match e {
            wythoff_core::Error::Inconclusive(m) => {
                wythoff_core::Error::Inconclusive(format!("{what}: {m}"))
            }
            e => e,
        })?;
        out.push(SentenceReport {
            what,
            sentence,
            expected,
            verdict,
            largest_built: budget.largest_built(),
            largest_minimal: budget.largest_minimal(),
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    Ok(out)
}

/// Every public predicate of the vocabulary as a Walnut automaton file: (file name, text).
pub fn walnut_files(vocabulary: &Vocabulary, budget: &Budget) -> Result<Vec<(String, String)>> {
    PREDICATES
        .iter()
        .map(|&(name, _, _)| {
            let a = predicate(name, vocabulary, budget)?;
            Ok((format!("{name}.txt"), walnut::walnut_text(&a)))
        })
        .collect()
}

/// The automaton of the formula `text` over its free variables `free` (track i for `free[i]`),
/// with the predicates of `vocabulary`: the sets a statement can speak of, for tests and
/// exports.
pub fn automaton(
    text: &str,
    free: &[&str],
    vocabulary: &Vocabulary,
    budget: &Budget,
) -> Result<Dfa> {
    eval::formula_automaton(
        text,
        free,
        &|name| vocabulary.arity(name),
        vocabulary,
        budget,
    )
}

/// The automaton of a predicate of the vocabulary (tracks in argument order).
pub fn predicate(name: &str, vocabulary: &Vocabulary, budget: &Budget) -> Result<Dfa> {
    use eval::Predicates;
    vocabulary.automaton(name, budget)
}
