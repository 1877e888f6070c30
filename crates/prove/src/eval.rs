//! From a [`Formula`] to its automaton: each atom an automaton of [`super::linear`] or of the
//! vocabulary, each connective a product or complement, each quantifier a projection
//! ([`super::dfa`]).  Negations are pushed inwards (∀ becomes ¬∃¬ only at the quantifier), ∃ is
//! pushed through ∨, and inside ∃ only the conjuncts that mention a variable are multiplied
//! before it is projected — so the automata on the way stay small.

use super::dfa::{Budget, Dfa, Var};
use super::linear::{constant, equation, less};
use super::ops::{combine, complement, everything, exists};
use super::syntax::{Formula, Op, Rel, Term, parse};
use rug::Integer;
use wythoff_core::error::Error;
use wythoff_core::error::Result;

/// The largest coefficient an equation's automaton takes as it is; larger ones go through
/// [`Compiler::multiple`].
const SMALL: i64 = 4;

/// The automaton of a predicate of the vocabulary, its tracks the variables 0, 1, … of its
/// arguments in order.
pub trait Predicates {
    /// The automaton of `name`.
    fn automaton(&self, name: &str, budget: &Budget) -> Result<Dfa>;
}

/// Compiles formulas whose variables are below `first_fresh`.
pub struct Compiler<'a> {
    vocabulary: &'a dyn Predicates,
    budget: &'a Budget<'a>,
    next: Var,
}

impl<'a> Compiler<'a> {
    /// A compiler whose fresh variables start at `first_fresh`.
    pub fn new(vocabulary: &'a dyn Predicates, budget: &'a Budget<'a>, first_fresh: Var) -> Self {
        Compiler {
            vocabulary,
            budget,
            next: first_fresh,
        }
    }

    fn fresh(&mut self) -> Var {
        self.next += 1;
        self.next - 1
    }

    /// The automaton of `f` (of `¬f` when `negate`), over its free variables.
    pub fn compile(&mut self, f: &Formula, negate: bool) -> Result<Dfa> {
        let b = self.budget;
        match f {
            Formula::Const(t) => Ok(if *t != negate {
                everything(Vec::new(), b)?
            } else {
                Dfa::nothing(self.budget.numeration, Vec::new())
            }),
            Formula::Not(g) => self.compile(g, !negate),
            Formula::Rel(rel, s, t) => {
                let a = self.relation(*rel, s, t)?;
                if negate { complement(&a, b) } else { Ok(a) }
            }
            Formula::Pred(name, args) => {
                let a = self.predicate(name, args)?;
                if negate { complement(&a, b) } else { Ok(a) }
            }
            Formula::Bin(op, l, r) => match (op, negate) {
                (Op::And, false) | (Op::Or, true) => {
                    let parts = self.conjuncts(f, negate)?;
                    self.multiply(parts)
                }
                (Op::Or, false) | (Op::And, true) => {
                    let x = self.compile(l, negate)?;
                    let y = self.compile(r, negate)?;
                    combine(&x, &y, |p, q| p || q, b)
                }
                (Op::Implies, false) => {
                    let x = self.compile(l, true)?;
                    let y = self.compile(r, false)?;
                    combine(&x, &y, |p, q| p || q, b)
                }
                (Op::Implies, true) => {
                    let parts = self.conjuncts(f, true)?;
                    self.multiply(parts)
                }
                (Op::Iff, _) => {
                    let x = self.compile(l, false)?;
                    let y = self.compile(r, false)?;
                    if negate {
                        combine(&x, &y, |p, q| p != q, b)
                    } else {
                        combine(&x, &y, |p, q| p == q, b)
                    }
                }
            },
            Formula::Quant(forall, vars, body) => {
                // ∃v body, or ∀v body = ¬∃v ¬body
                let a = self.exists_all(vars, body, *forall)?;
                if *forall != negate {
                    complement(&a, b)
                } else {
                    Ok(a)
                }
            }
        }
    }

    /// The automaton of ∃`vars` (¬)`body`: ∃ pushed through ∨, conjuncts multiplied only when
    /// they share the variable projected.
    fn exists_all(&mut self, vars: &[Var], body: &Formula, negate: bool) -> Result<Dfa> {
        if let Some((l, r)) = disjuncts(body, negate) {
            let x = self.exists_all_of(vars, l)?;
            let y = self.exists_all_of(vars, r)?;
            return combine(&x, &y, |p, q| p || q, self.budget);
        }
        let mut parts = self.conjuncts(body, negate)?;
        for &v in vars.iter().rev() {
            let (with, without): (Vec<Dfa>, Vec<Dfa>) =
                parts.into_iter().partition(|a| a.vars().contains(&v));
            parts = without;
            if !with.is_empty() {
                let joined = self.multiply(with)?;
                parts.push(exists(&joined, v, self.budget)?);
            }
        }
        self.multiply(parts)
    }

    fn exists_all_of(&mut self, vars: &[Var], (f, negate): Signed<'_>) -> Result<Dfa> {
        self.exists_all(vars, f, negate)
    }

    /// The automata of the conjuncts of (¬)`f`.
    fn conjuncts(&mut self, f: &Formula, negate: bool) -> Result<Vec<Dfa>> {
        match (f, negate) {
            (Formula::Bin(Op::And, l, r), false) | (Formula::Bin(Op::Or, l, r), true) => {
                let mut v = self.conjuncts(l, negate)?;
                v.extend(self.conjuncts(r, negate)?);
                Ok(v)
            }
            (Formula::Bin(Op::Implies, l, r), true) => {
                let mut v = self.conjuncts(l, false)?;
                v.extend(self.conjuncts(r, true)?);
                Ok(v)
            }
            (Formula::Not(g), _) => self.conjuncts(g, !negate),
            _ => Ok(vec![self.compile(f, negate)?]),
        }
    }

    /// The product of automata, smallest first.
    fn multiply(&mut self, mut parts: Vec<Dfa>) -> Result<Dfa> {
        if parts.is_empty() {
            return everything(Vec::new(), self.budget);
        }
        parts.sort_by_key(|a| std::cmp::Reverse(a.states() << a.vars().len()));
        let mut acc = parts
            .pop()
            .unwrap_or_else(|| Dfa::nothing(self.budget.numeration, Vec::new()));
        while let Some(next) = parts.pop() {
            acc = combine(&acc, &next, |p, q| p && q, self.budget)?;
        }
        Ok(acc)
    }

    /// `s REL t`.
    fn relation(&mut self, rel: Rel, s: &Term, t: &Term) -> Result<Dfa> {
        let b = self.budget;
        match rel {
            Rel::Eq => self.equal(s, t),
            Rel::Ne => complement(&self.equal(s, t)?, b),
            Rel::Lt => self.less_than(s, t),
            Rel::Gt => self.less_than(t, s),
            Rel::Le => complement(&self.less_than(t, s)?, b),
            Rel::Ge => complement(&self.less_than(s, t)?, b),
        }
    }

    /// `s = t`: one equation, the difference of the constants on a fresh track, and each
    /// coefficient above [`SMALL`] replaced by a fresh track w = k·x ([`Compiler::multiple`]),
    /// since the equation's automaton grows with the square of its coefficients.
    fn equal(&mut self, s: &Term, t: &Term) -> Result<Dfa> {
        let b = self.budget;
        let mut merged: Vec<(Var, i64)> = Vec::new();
        for (v, a) in s
            .vars
            .iter()
            .copied()
            .chain(t.vars.iter().map(|&(v, a)| (v, -a)))
        {
            match merged.iter_mut().find(|(w, _)| *w == v) {
                Some((_, c)) => *c += a,
                None => merged.push((v, a)),
            }
        }
        let mut parts = Vec::new();
        let mut fresh = Vec::new();
        let mut coef = Vec::new();
        for (v, a) in merged {
            if a.abs() > SMALL {
                let (w, multiple) = self.multiple(v, a.abs())?;
                parts.push(multiple);
                fresh.push(w);
                coef.push((w, a.signum()));
            } else {
                coef.push((v, a));
            }
        }
        let k = Integer::from(&s.constant - &t.constant);
        if k != 0 {
            let c = self.fresh();
            coef.push((c, if k > 0 { 1 } else { -1 }));
            parts.push(constant(b.numeration, c, &k.abs()));
            fresh.push(c);
        }
        parts.push(equation(&coef, b)?);
        let mut a = self.multiply(parts)?;
        for v in fresh {
            a = exists(&a, v, b)?;
        }
        Ok(a)
    }

    /// A fresh track w and the automaton of w = k·v (k ≥ 1), by Horner's rule over the binary
    /// digits of k: t ← 2t + bit·v, each step a small equation and a projection.
    fn multiple(&mut self, v: Var, k: i64) -> Result<(Var, Dfa)> {
        let b = self.budget;
        let top = 63 - k.leading_zeros();
        let mut t = self.fresh();
        let mut acc = equation(&[(t, 1), (v, -1)], b)?;
        for j in (0..top).rev() {
            let next = self.fresh();
            let mut c = vec![(next, 1), (t, -2)];
            if (k >> j) & 1 == 1 {
                c.push((v, -1));
            }
            let step = combine(&acc, &equation(&c, b)?, |p, q| p && q, b)?;
            acc = exists(&step, t, b)?;
            t = next;
        }
        Ok((t, acc))
    }

    /// `s < t`: the lexicographic order on two variables, each side a variable or a fresh track.
    fn less_than(&mut self, s: &Term, t: &Term) -> Result<Dfa> {
        let mut tracks = Tracks::default();
        let x = self.track(s, &mut tracks, false)?;
        let y = self.track(t, &mut tracks, false)?;
        if x == y {
            return Ok(Dfa::nothing(self.budget.numeration, Vec::new()));
        }
        tracks.parts.push(less(x, y, self.budget)?);
        self.close(tracks)
    }

    /// `name(args)`: the vocabulary's automaton on the arguments' tracks; an argument that is
    /// not a variable, or a variable seen before in the list, gets a fresh track equal to it.
    fn predicate(&mut self, name: &str, args: &[Term]) -> Result<Dfa> {
        let base = self.vocabulary.automaton(name, self.budget)?;
        let mut tracks = Tracks::default();
        let mut vars = Vec::new();
        for arg in args {
            let v = self.track(arg, &mut tracks, true)?;
            vars.push(v);
        }
        tracks.parts.push(base.rename(&vars));
        self.close(tracks)
    }

    /// The track of a term: its variable, or (a term of another form, or with `distinct` a
    /// variable that already has a track) a fresh track with the equation that binds it.
    fn track(&mut self, term: &Term, tracks: &mut Tracks, distinct: bool) -> Result<Var> {
        if let Some(v) = term.as_var()
            && !(distinct && tracks.used.contains(&v))
        {
            tracks.used.push(v);
            return Ok(v);
        }
        let v = self.fresh();
        let var_term = Term {
            vars: vec![(v, 1)],
            constant: Integer::new(),
        };
        tracks.parts.push(self.equal(&var_term, term)?);
        tracks.fresh.push(v);
        tracks.used.push(v);
        Ok(v)
    }

    /// The product of the parts with the fresh tracks projected away.
    fn close(&mut self, tracks: Tracks) -> Result<Dfa> {
        let mut a = self.multiply(tracks.parts)?;
        for v in tracks.fresh {
            a = exists(&a, v, self.budget)?;
        }
        Ok(a)
    }
}

/// The tracks an atom's terms take: the automata binding fresh tracks, those tracks, and every
/// track used so far.
#[derive(Default)]
struct Tracks {
    parts: Vec<Dfa>,
    fresh: Vec<Var>,
    used: Vec<Var>,
}

/// A formula and whether it is negated.
type Signed<'a> = (&'a Formula, bool);

/// The two sides of (¬)`f` when it is a disjunction, each with its polarity.
fn disjuncts(f: &Formula, negate: bool) -> Option<(Signed<'_>, Signed<'_>)> {
    match (f, negate) {
        (Formula::Bin(Op::Or, l, r), false) => Some(((l, false), (r, false))),
        (Formula::Bin(Op::And, l, r), true) => Some(((l, true), (r, true))),
        (Formula::Bin(Op::Implies, l, r), false) => Some(((l, true), (r, false))),
        (Formula::Not(g), _) => disjuncts(g, !negate),
        _ => None,
    }
}

/// The automaton of `text` with the free variables `free`, track i for `free[i]` (a variable the
/// formula does not mention gets a track that accepts every number).
pub fn formula_automaton(
    text: &str,
    free: &[&str],
    arity: &dyn Fn(&str) -> Option<usize>,
    vocabulary: &dyn Predicates,
    budget: &Budget,
) -> Result<Dfa> {
    let quantified = if free.is_empty() {
        text.to_string()
    } else {
        format!("E {} ({text})", free.join(","))
    };
    let statement = parse(&quantified, arity)?;
    let (vars, body) = match statement.formula {
        Formula::Quant(false, vars, body) if !free.is_empty() => (vars, *body),
        f => (Vec::new(), f),
    };
    let first_fresh = statement.names.len() as Var;
    let mut a = Compiler::new(vocabulary, budget, first_fresh).compile(&body, false)?;
    for &v in &vars {
        if !a.vars().contains(&v) {
            a = combine(&a, &everything(vec![v], budget)?, |p, q| p && q, budget)?;
        }
    }
    if a.vars() != vars.as_slice() {
        return Err(Error::internal(
            "a formula's automaton has a track of no free variable",
        ));
    }
    Ok(a.rename(&(0..vars.len() as Var).collect::<Vec<_>>()))
}
