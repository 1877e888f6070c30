//! Expanding a predicate into its defining formula under ∃, where that lets ∃ pass through a
//! disjunction.
//!
//! `move`, `P`, `lower`, `one` and `misereP` are defined by disjunctions
//! ([`super::vocabulary`]): `move(x,y,u,v)` is a row, a column or a diagonal move.  Under
//! ∃x,y,u,v, the built automaton of `move` joins the three kinds in one automaton, and projecting
//! a variable out of a union costs the subset construction of all its cases together — up to the
//! product of what each case costs alone.  Written out, ∃v (C ∧ (D₁ ∨ D₂ ∨ D₃)) is
//! ∃v (C ∧ D₁) ∨ ∃v (C ∧ D₂) ∨ ∃v (C ∧ D₃), each projected on its own (the sum), and in each case
//! the mini-scoping of [`super::eval`] sees the case's atoms (`u < x`, `v = y`) and drops a
//! variable as soon as no other conjunct needs it.  That is how the `one-values` theorem is
//! written by hand.
//!
//! **The estimate.**  A predicate occurring as a positive conjunct of the body of ∃ (after
//! negations are pushed in: `A x … (… & move(…)) => …` counts) is a candidate when one of its
//! arguments is a variable of the block and its definition is a disjunction of k ≥ 2 cases that
//! bind no variable of their own.  Then the expanded form costs the sum of its cases and the
//! built one up to their product.  A case with its own ∃ (`P`: `E n …`, `lower`: `E m,s …`)
//! would redo, inside the larger product, the projection its built automaton did once, so such
//! a predicate keeps its automaton — as does one of a single case (`upper`).  Candidates are
//! expanded, their cases multiplying, as long as the number of cases stays at most
//! [`MAX_CASES`] (each case repeats the rest of the body); those of more arguments go first, as
//! their automata have the most letters.  Only the predicates written in the statement are
//! expanded, not those inside a definition, and a body is expanded once.  The choice is noted
//! in the budget ([`super::dfa::Budget::notes`]), which the command line prints.  Cost: linear in
//! the formula for each case.

use super::dfa::Var;
use super::syntax::{Formula, Op, Statement, Term};
use wythoff_core::error::{Error, Result};

/// The most cases a body is split into by expansions.
pub const MAX_CASES: usize = 16;

/// A predicate's definition: the parsed statement `E p₁,…,p_k (text)` whose first k variables
/// are the parameters.
pub struct Definition {
    /// The parsed statement.
    pub statement: Statement,
    /// The number of parameters.
    pub arity: usize,
}

/// One case of an expanded body: its conjuncts with their polarity (`true`: negated).
pub type Case = Vec<(Formula, bool)>;

/// The signed conjuncts of (¬)`f`.
pub fn conjuncts(f: &Formula, negate: bool, out: &mut Vec<(Formula, bool)>) {
    match (f, negate) {
        (Formula::Bin(Op::And, l, r), false) | (Formula::Bin(Op::Or, l, r), true) => {
            conjuncts(l, negate, out);
            conjuncts(r, negate, out);
        }
        (Formula::Bin(Op::Implies, l, r), true) => {
            conjuncts(l, false, out);
            conjuncts(r, true, out);
        }
        (Formula::Not(g), _) => conjuncts(g, !negate, out),
        _ => out.push((f.clone(), negate)),
    }
}

/// The cases of the body (`conjuncts`) of ∃`vars` after expanding the chosen predicates, or
/// `None` when none is expanded; `definition(name)` gives a predicate's definition (`None`: not
/// defined by a formula), `fresh` a new variable, `note` records each choice.
pub fn cases(
    vars: &[Var],
    names: &[String],
    body: &[(Formula, bool)],
    definition: &dyn Fn(&str) -> Option<Definition>,
    fresh: &mut dyn FnMut() -> Var,
    note: &mut dyn FnMut(String),
) -> Result<Option<Vec<Case>>> {
    // candidates: (index in body, arguments, the definition's cases)
    let mut candidates = Vec::new();
    for (i, (f, negated)) in body.iter().enumerate() {
        let Formula::Pred(name, args) = f else {
            continue;
        };
        if *negated
            || !args
                .iter()
                .any(|t| t.vars.iter().any(|(v, _)| vars.contains(v)))
        {
            continue;
        }
        let Some(def) = definition(name) else {
            continue;
        };
        let Some(k) = split(&def).map(|cases| cases.len()) else {
            continue;
        };
        if k >= 2 {
            candidates.push((i, show(name, args, names), args.len(), def, k));
        }
    }
    if candidates.is_empty() {
        return Ok(None);
    }
    candidates.sort_by_key(|c| std::cmp::Reverse(c.2));
    let block: Vec<&str> = vars.iter().map(|&v| name_of(v, names)).collect();
    let block = block.join(",");
    let mut chosen = Vec::new();
    let mut count = 1usize;
    for (i, name, arity, def, k) in candidates {
        if count * k <= MAX_CASES {
            count *= k;
            note(format!(
                "expanded {name} into its {k} cases under E {block} ({arity} arguments)"
            ));
            chosen.push((i, def));
        } else {
            note(format!(
                "kept {name} as its automaton (expanding it would make more than {MAX_CASES} cases)"
            ));
        }
    }
    if chosen.is_empty() {
        return Ok(None);
    }
    let rest: Vec<(Formula, bool)> = body
        .iter()
        .enumerate()
        .filter(|(i, _)| !chosen.iter().any(|(j, _)| j == i))
        .map(|(_, c)| c.clone())
        .collect();
    let mut out: Vec<Case> = vec![rest];
    for (i, def) in &chosen {
        let Formula::Pred(_, args) = &body[*i].0 else {
            return Err(Error::internal("an expanded conjunct is not a predicate"));
        };
        let mut next = Vec::new();
        for case in &out {
            for disjunct in split(def).unwrap_or_default() {
                let map = substitution(def, args, fresh);
                let mut c = case.clone();
                conjuncts(&substitute(disjunct, &map)?, false, &mut c);
                next.push(c);
            }
        }
        out = next;
    }
    Ok(Some(out))
}

/// The name of variable `v`, or `_` for a variable the compiler made.
fn name_of(v: Var, names: &[String]) -> &str {
    names.get(v as usize).map_or("_", String::as_str)
}

/// `name(t₁,…,t_k)` as written (coefficients and constants included).
fn show(name: &str, args: &[Term], names: &[String]) -> String {
    let terms: Vec<String> = args
        .iter()
        .map(|t| {
            let mut parts: Vec<String> = t
                .vars
                .iter()
                .map(|&(v, a)| match a {
                    1 => name_of(v, names).to_string(),
                    a => format!("{a}*{}", name_of(v, names)),
                })
                .collect();
            if t.constant != 0 || parts.is_empty() {
                parts.push(t.constant.to_string());
            }
            parts.join("+")
        })
        .collect();
    format!("{name}({})", terms.join(","))
}

/// The cases of a definition: its body below `E params` split at its top-level ∨; `None` when
/// a case binds a variable of its own (`E n …`), which is then never expanded.
fn split(def: &Definition) -> Option<Vec<&Formula>> {
    let Formula::Quant(false, _, body) = &def.statement.formula else {
        return None;
    };
    let mut out = Vec::new();
    disjuncts(body, &mut out);
    (!out.iter().any(|d| matches!(d, Formula::Quant(..)))).then_some(out)
}

fn disjuncts<'f>(f: &'f Formula, out: &mut Vec<&'f Formula>) {
    match f {
        Formula::Bin(Op::Or, l, r) => {
            disjuncts(l, out);
            disjuncts(r, out);
        }
        f => out.push(f),
    }
}

/// For each variable of the definition: the argument term of a parameter, or a fresh variable.
fn substitution(
    def: &Definition,
    args: &[Term],
    fresh: &mut dyn FnMut() -> Var,
) -> Vec<Option<Term>> {
    (0..def.statement.names.len())
        .map(|v| {
            Some(match args.get(v) {
                Some(t) if v < def.arity => t.clone(),
                _ => Term {
                    vars: vec![(fresh(), 1)],
                    constant: rug::Integer::new(),
                },
            })
        })
        .collect()
}

/// `f` with every variable v replaced by `map[v]` (a term; a bound variable is mapped to a
/// fresh variable, so no capture occurs).
fn substitute(f: &Formula, map: &[Option<Term>]) -> Result<Formula> {
    let var = |v: &Var| -> Result<Var> {
        map.get(*v as usize)
            .and_then(|t| t.as_ref())
            .and_then(Term::as_var)
            .ok_or_else(|| Error::internal("a definition binds a variable to a term"))
    };
    Ok(match f {
        Formula::Const(b) => Formula::Const(*b),
        Formula::Rel(r, s, t) => Formula::Rel(*r, term(s, map)?, term(t, map)?),
        Formula::Pred(name, args) => Formula::Pred(
            name.clone(),
            args.iter().map(|t| term(t, map)).collect::<Result<_>>()?,
        ),
        Formula::Not(g) => Formula::Not(Box::new(substitute(g, map)?)),
        Formula::Bin(op, l, r) => Formula::Bin(
            *op,
            Box::new(substitute(l, map)?),
            Box::new(substitute(r, map)?),
        ),
        Formula::Quant(forall, vars, body) => Formula::Quant(
            *forall,
            vars.iter().map(var).collect::<Result<_>>()?,
            Box::new(substitute(body, map)?),
        ),
    })
}

/// The term Σ aᵢ·map[xᵢ] + c.
fn term(t: &Term, map: &[Option<Term>]) -> Result<Term> {
    let mut out = Term {
        vars: Vec::new(),
        constant: t.constant.clone(),
    };
    for &(v, a) in &t.vars {
        let Some(Some(s)) = map.get(v as usize) else {
            return Err(Error::internal("a definition's variable without a value"));
        };
        for &(w, b) in &s.vars {
            let ab = a
                .checked_mul(b)
                .ok_or_else(|| Error::usage("a coefficient of an expanded predicate overflows"))?;
            out.vars.push((w, ab));
        }
        out.constant += rug::Integer::from(&s.constant * a);
    }
    Ok(out)
}
