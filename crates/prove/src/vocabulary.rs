//! The predicates a statement may use, each an automaton built in code — the primitive ones
//! directly ([`super::linear`]), the others by the procedure itself from a defining formula —
//! and checked against the engines on a prefix by the tests.
//!
//! | predicate | meaning | defined as |
//! |---|---|---|
//! | `fib(n)` | n ∈ {1, 2, 3, 5, 8, …} | words with one 1 |
//! | `lower(n,x)` | x = ⌊nφ⌋ | `(n = 0 & x = 0) \| E m,s n = m+1 & shift(m,s) & x = s+1` |
//! | `upper(n,y)` | y = ⌊nφ²⌋ | `E x lower(n,x) & y = x+n` |
//! | `P(x,y)` | (x, y) is a P-position of Wythoff's game, either order | `E n (lower(n,x) & upper(n,y)) \| (lower(n,y) & upper(n,x))` |
//! | `misereP(x,y)` | a P-position of misère Wythoff | `(P(x,y) & x+y > 3) \| (x=0 & y=1) \| (x=1 & y=0) \| (x=2 & y=2)` |
//! | `one(x,y)` | (min, max) = (x_d, x_d + d), d = \|y − x\|: the 1-value automaton's cells | see [`ONE_LOW`] |
//! | `move(x,y,u,v)` | a legal move of Wythoff's game from (x, y) to (u, v) | rows, columns, diagonals |
//! | `shift(m,s)` | the word of s is that of m followed by 0 | two states |
//! | `hofG(n,g)` | g = #{j ≥ 1 : ⌊jφ⌋ ≤ n} (Hofstadter's G, by the theorem `hofstadter-g`) | `E a,b lower(g,a) & lower(g+1,b) & a <= n & n < b` |
//!
//! `shift` gives ⌊nφ⌋: rep(⌊(m + 1)φ⌋ − 1) = rep(m)·0 (THEORY §11; Fraenkel 1982, the
//! arithmetic strategy).  `one` reads x_d = ⌊dφ⌋ + e_d with e_d the output of the 188-state
//! automaton of [`crate::one_values`]: for each output e, the set of d with e_d = e is
//! an automaton of one track.

use super::dfa::{Budget, Dfa, Var};
use super::eval::{Predicates, formula_automaton};
use super::expand::Definition;
use super::linear::{fibonacci, moore_output, right_shift, shift};
use super::numeration::Numeration;
use super::syntax::parse;
use crate::one_values::{State, TABLE};
use std::cell::RefCell;
use std::collections::HashMap;
use wythoff_core::error::{Error, Result};

/// The predicates of the statement language: (name, arity, meaning).
pub const PREDICATES: &[(&str, usize, &str)] = &[
    (
        "P",
        2,
        "(x, y) is a P-position of Wythoff's game (either order)",
    ),
    (
        "lower",
        2,
        "x = floor(n*phi), the lower Wythoff sequence (n = 0 gives 0)",
    ),
    (
        "upper",
        2,
        "y = floor(n*phi^2), the upper Wythoff sequence (n = 0 gives 0)",
    ),
    (
        "one",
        2,
        "(x, y) has Grundy value 1 by the 1-value automaton (either order)",
    ),
    (
        "move",
        4,
        "(x, y) -> (u, v) is a legal move of Wythoff's game",
    ),
    ("fib", 1, "n is a Fibonacci number 1, 2, 3, 5, 8, ..."),
    (
        "misereP",
        2,
        "(x, y) is a P-position of misere Wythoff (either order)",
    ),
    (
        "shift",
        2,
        "the Zeckendorf word of s is that of m followed by 0",
    ),
    (
        "hofG",
        2,
        "g = #{j >= 1 : floor(j*phi) <= n}, which is Hofstadter's G (A005206)",
    ),
];

/// The arity of a public predicate.
pub fn arity(name: &str) -> Option<usize> {
    PREDICATES.iter().find(|p| p.0 == name).map(|p| p.1)
}

/// `onelow(x,y)`: x ≤ y and (x, y) = (x_d, x_d + d) — x = ⌊dφ⌋ + e_d over the outputs e; the
/// placeholder `@` is replaced by one disjunct per output.
pub const ONE_LOW: &str = "E d,l y = x + d & lower(d,l) & (@)";

/// The arity of a predicate of the definitions, the internal ones included.
fn internal_arity(p: &str) -> Option<usize> {
    if p.starts_with("out") {
        Some(1)
    } else if p == "onelow" || p == "rshift" {
        Some(2)
    } else {
        arity(p)
    }
}

/// The predicates a statement's body under ∃ may have expanded into their definitions
/// ([`crate::expand`]).
const EXPANDABLE: &[&str] = &["move", "P", "lower", "upper", "one", "misereP"];

/// The defining formulas of the derived predicates, in the order they may use each other.
const DEFINITIONS: &[(&str, &str)] = &[
    (
        "lower",
        "(n = 0 & x = 0) | E m,s n = m + 1 & shift(m,s) & x = s + 1",
    ),
    ("upper", "E x lower(n,x) & y = x + n"),
    (
        "P",
        "E n (lower(n,x) & upper(n,y)) | (lower(n,y) & upper(n,x))",
    ),
    (
        "misereP",
        "(P(x,y) & x + y > 3) | (x = 0 & y = 1) | (x = 1 & y = 0) | (x = 2 & y = 2)",
    ),
    (
        "move",
        "(u < x & v = y) | (u = x & v < y) | (u < x & u + y = v + x)",
    ),
    ("one", "onelow(x,y) | onelow(y,x)"),
    ("hofG", "E a,b lower(g,a) & lower(g + 1,b) & a <= n & n < b"),
];

/// The free variables of each definition, in argument order.
fn parameters(name: &str) -> &'static [&'static str] {
    match name {
        "lower" => &["n", "x"],
        "upper" => &["n", "y"],
        "move" => &["x", "y", "u", "v"],
        "hofG" => &["n", "g"],
        _ => &["x", "y"],
    }
}

/// The definitions for the generalized game with parameter a ≥ 2 (`A` stands for a), in
/// Ostrowski's numeration: ⌊(m + 1)α⌋ = m + r + 1 with r the right shift of m
/// ([`super::linear::right_shift`]), B_n = A_n + a·n, and the diagonal moves |k − l| < a.
const DEFINITIONS_A: &[(&str, &str)] = &[
    (
        "lower",
        "(n = 0 & x = 0) | E m,r n = m + 1 & rshift(m,r) & x = m + r + 1",
    ),
    ("upper", "E x lower(n,x) & y = x + A*n"),
    (
        "P",
        "E n (lower(n,x) & upper(n,y)) | (lower(n,y) & upper(n,x))",
    ),
    (
        "move",
        "(u < x & v = y) | (u = x & v < y) | (u < x & v < y & x + v < y + u + A & y + u < x + v + A)",
    ),
];

/// The vocabulary's automata, built on first use and kept.
pub struct Vocabulary {
    numeration: Numeration,
    one_table: Vec<State>,
    built: RefCell<HashMap<String, Dfa>>,
    /// Predicates given as automata ([`Vocabulary::with_predicate`]): name and automaton.
    given: Vec<(String, Dfa)>,
}

impl Default for Vocabulary {
    fn default() -> Self {
        Vocabulary::with_one_table(TABLE.to_vec())
    }
}

impl Vocabulary {
    /// The vocabulary with `one` read off another Moore automaton of the same form as
    /// [`TABLE`] (the tests perturb one output and watch `one-values` fail).
    pub fn with_one_table(one_table: Vec<State>) -> Vocabulary {
        Vocabulary {
            numeration: Numeration::Zeckendorf,
            one_table,
            built: RefCell::new(HashMap::new()),
            given: Vec::new(),
        }
    }

    /// The vocabulary of the generalized game whose numeration is `numeration`: for a ≥ 2 the
    /// predicates `P`, `lower`, `upper` and `move` (the others belong to a = 1).
    pub fn for_numeration(numeration: Numeration) -> Vocabulary {
        Vocabulary {
            numeration,
            ..Vocabulary::default()
        }
    }

    /// The numeration of the vocabulary's automata.
    pub fn numeration(&self) -> Numeration {
        self.numeration
    }

    /// The same vocabulary with one more predicate, `name(x₁, …, x_k)`, the set `a` accepts
    /// (track i the i-th argument; a learned automaton, or one read from a file).  Refused (a
    /// usage error) when the name is not a word of letters, digits and `_` beginning with a
    /// letter, names a predicate already there, or `a` reads another numeration.
    pub fn with_predicate(mut self, name: &str, a: Dfa) -> Result<Vocabulary> {
        let word = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if matches!(name, "A" | "E" | "true" | "false") {
            return Err(Error::usage(format!(
                "the predicate name '{name}' is a word of the syntax (A and E quantify, true and \
                 false are constants); choose another name"
            )));
        }
        if !word {
            return Err(Error::usage(format!(
                "the predicate name '{name}' is not a word of ASCII letters, digits and _ that \
                 begins with a letter"
            )));
        }
        if self.arity(name).is_some() {
            return Err(Error::usage(format!(
                "the predicate '{name}' is already defined; choose another name"
            )));
        }
        if a.numeration() != self.numeration {
            return Err(Error::usage(format!(
                "the automaton of '{name}' reads another numeration than the game's"
            )));
        }
        let k = a.vars().len();
        self.given.push((
            name.to_string(),
            a.rename(&(0..k as Var).collect::<Vec<_>>()),
        ));
        Ok(self)
    }

    /// The number of arguments of the predicate `name`, given ones included (`None`: unknown).
    pub fn arity(&self, name: &str) -> Option<usize> {
        match self.given.iter().find(|(n, _)| n == name) {
            Some((_, a)) => Some(a.vars().len()),
            None => arity(name),
        }
    }

    fn build(&self, name: &str, budget: &Budget) -> Result<Dfa> {
        if budget.numeration != self.numeration {
            return Err(Error::internal("a vocabulary used with another numeration"));
        }
        if let Numeration::Ostrowski(a) = self.numeration {
            if name == "rshift" {
                return right_shift(0, 1, budget);
            }
            let Some(&(_, text)) = DEFINITIONS_A.iter().find(|d| d.0 == name) else {
                return Err(Error::usage(format!(
                    "the predicate '{name}' is defined for Wythoff's game (a = 1) only; with \
                     a = {a} the predicates are P, lower, upper and move"
                )));
            };
            return self.define(name, &text.replace('A', &a.to_string()), budget);
        }
        if let Some(rest) = name.strip_prefix("out") {
            let e: i8 = rest
                .replace('m', "-")
                .parse()
                .map_err(|_| Error::internal(format!("no predicate {name}")))?;
            return moore_output(0, &self.one_table, |o| o == e, budget);
        }
        match name {
            "fib" => return fibonacci(0, budget),
            "shift" => return shift(0, 1, budget),
            _ => {}
        }
        let text = if name == "onelow" {
            let mut outputs: Vec<i8> = self.one_table.iter().map(|s| s.0).collect();
            outputs.sort_unstable();
            outputs.dedup();
            let cases: Vec<String> = outputs
                .iter()
                .map(|&e| {
                    let label = if e < 0 {
                        format!("m{}", -e)
                    } else {
                        e.to_string()
                    };
                    match e {
                        e if e < 0 => format!("(out{label}(d) & x + {} = l)", -e),
                        0 => format!("(out{label}(d) & x = l)"),
                        e => format!("(out{label}(d) & x = l + {e})"),
                    }
                })
                .collect();
            ONE_LOW.replace('@', &cases.join(" | "))
        } else {
            let Some(&(_, text)) = DEFINITIONS.iter().find(|d| d.0 == name) else {
                return Err(Error::internal(format!("no predicate {name}")));
            };
            text.to_string()
        };
        self.define(name, &text, budget)
    }

    /// The automaton of a defining formula over the parameters of `name`, tracks in their order.
    fn define(&self, name: &str, text: &str, budget: &Budget) -> Result<Dfa> {
        formula_automaton(text, parameters(name), &internal_arity, self, budget)
    }
}

impl Predicates for Vocabulary {
    fn definition(&self, name: &str) -> Option<Definition> {
        if !EXPANDABLE.contains(&name) {
            return None;
        }
        let text = match self.numeration {
            Numeration::Ostrowski(a) => DEFINITIONS_A
                .iter()
                .find(|d| d.0 == name)?
                .1
                .replace('A', &a.to_string()),
            Numeration::Zeckendorf => DEFINITIONS.iter().find(|d| d.0 == name)?.1.to_string(),
        };
        let params = parameters(name);
        let statement = parse(&format!("E {} ({text})", params.join(",")), &internal_arity).ok()?;
        Some(Definition {
            statement,
            arity: params.len(),
        })
    }

    fn automaton(&self, name: &str, budget: &Budget) -> Result<Dfa> {
        if let Some((_, a)) = self.given.iter().find(|(n, _)| n == name) {
            return Ok(a.clone());
        }
        if let Some(a) = self.built.borrow().get(name) {
            return Ok(a.clone());
        }
        let a = self.build(name, budget)?;
        self.built.borrow_mut().insert(name.to_string(), a.clone());
        Ok(a)
    }
}
