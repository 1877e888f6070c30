//! From a [`Formula`] to its automaton: each atom an automaton of [`super::linear`] or of the
//! vocabulary, each connective a product or complement, each quantifier a projection
//! ([`super::dfa`]).  Negations are pushed inwards (∀ becomes ¬∃¬ only at the quantifier), ∃ is
//! pushed through ∨, and inside ∃ only the conjuncts that mention a variable are multiplied
//! before it is projected — so the automata on the way stay small.

use super::dfa::{Budget, Dfa, Var};
use super::expand::{self, Definition};
use super::linear::{Linear, MAX_FOLDED, Sign, conjoin, constant};
use super::ops::{combine, complement, everything, exists};
use super::syntax::{Formula, Op, Rel, Term, parse};
use super::witness;
use rug::Integer;
use wythoff_core::error::Error;
use wythoff_core::error::Result;

/// The automaton of a predicate of the vocabulary, its tracks the variables 0, 1, … of its
/// arguments in order.
pub trait Predicates {
    /// The automaton of `name`.
    fn automaton(&self, name: &str, budget: &Budget) -> Result<Dfa>;

    /// The defining formula of `name`, when it is defined by one that may be expanded in its
    /// place ([`super::expand`]); `None` keeps its automaton.
    fn definition(&self, _name: &str) -> Option<Definition> {
        None
    }
}

/// A conjunct on its way to a product: an automaton, or a linear atom kept as its step function
/// until it is multiplied with the others ([`super::linear::conjoin`]).
enum Part {
    Built(Dfa),
    Linear(Linear),
}

impl Part {
    fn vars(&self) -> &[Var] {
        match self {
            Part::Built(a) => a.vars(),
            Part::Linear(l) => l.vars(),
        }
    }
}

/// Compiles formulas whose variables are below `first_fresh`.
pub struct Compiler<'a> {
    vocabulary: &'a dyn Predicates,
    budget: &'a Budget<'a>,
    next: Var,
    /// Whether the predicates of a body under ∃ may be expanded into their definitions.
    expanding: bool,
    /// The statement's variable names, for the notes.
    names: Vec<String>,
}

impl<'a> Compiler<'a> {
    /// A compiler whose fresh variables start at `first_fresh`.
    pub fn new(vocabulary: &'a dyn Predicates, budget: &'a Budget<'a>, first_fresh: Var) -> Self {
        Compiler {
            vocabulary,
            budget,
            next: first_fresh,
            expanding: budget.expand,
            names: Vec::new(),
        }
    }

    /// The same compiler naming the statement's variables `names` in its notes.
    pub fn with_names(mut self, names: Vec<String>) -> Self {
        self.names = names;
        self
    }

    /// The same compiler with the expansion of predicates off (for the definitions themselves).
    pub fn without_expansion(mut self) -> Self {
        self.expanding = false;
        self
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
                let part = self.relation(*rel, s, t, negate)?;
                self.multiply(vec![part])
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
        if self.expanding
            && let Some(a) = self.exists_expanded(vars, body, negate)?
        {
            return Ok(a);
        }
        let mut parts = self.conjuncts(body, negate)?;
        if parts
            .iter()
            .all(|p| p.vars().iter().all(|v| vars.contains(v)))
        {
            // nothing is left free: a witness is searched in the product, nothing projected
            let (automata, atoms) = split(&parts);
            match witness::satisfiable(&automata, &atoms, self.budget) {
                Ok(found) => return Ok(Dfa::truth(self.budget.numeration, found)),
                Err(Error::Inconclusive(m)) => self.budget.note(format!(
                    "the search for a witness stopped ({}); projected one variable at a time",
                    m.trim_start_matches("no verdict: ")
                )),
                Err(e) => return Err(e),
            }
        }
        let mut left = vars.to_vec();
        while !left.is_empty() {
            // the variable whose conjuncts make the smallest product goes first (the block's
            // last on a tie): ∃ commutes, and a cheap projection shrinks what the next one sees
            let base = self.budget.numeration.base();
            let (i, _) = left
                .iter()
                .enumerate()
                .rev()
                .min_by_key(|&(_, &v)| product_estimate(&parts, v, base))
                .unwrap_or((left.len() - 1, &0));
            let v = left.remove(i);
            let (with, without): (Vec<Part>, Vec<Part>) =
                parts.into_iter().partition(|a| a.vars().contains(&v));
            parts = without;
            if !with.is_empty() {
                let joined = self.multiply(with)?;
                parts.push(Part::Built(exists(&joined, v, self.budget)?));
            }
        }
        self.multiply(parts)
    }

    /// The least values of `vars` (lexicographically, the first most significant) for which
    /// `body` fails, `vars` the block of a false ∀ and every free variable of `body` among them
    /// ([`witness::least_tuple`]).
    pub fn least_counterexample(&mut self, vars: &[Var], body: &Formula) -> Result<Vec<Integer>> {
        let parts = self.conjuncts(body, true)?;
        let (automata, atoms) = split(&parts);
        witness::least_tuple(&automata, &atoms, vars, self.budget)
    }

    /// ∃`vars` (¬)`body` with predicates expanded into their cases ([`super::expand`]), each
    /// case projected on its own and the results joined by ∨; `None` when none is expanded.
    /// The cases are not expanded again.
    fn exists_expanded(
        &mut self,
        vars: &[Var],
        body: &Formula,
        negate: bool,
    ) -> Result<Option<Dfa>> {
        let mut signed = Vec::new();
        expand::conjuncts(body, negate, &mut signed);
        let (vocabulary, budget) = (self.vocabulary, self.budget);
        let next = &mut self.next;
        let cases = expand::cases(
            vars,
            &self.names,
            &signed,
            &|name| vocabulary.definition(name),
            &mut || {
                *next += 1;
                *next - 1
            },
            &mut |s| budget.note(s),
        )?;
        let Some(cases) = cases else {
            return Ok(None);
        };
        self.expanding = false;
        let joined = self.join_cases(vars, cases);
        self.expanding = budget.expand;
        joined.map(Some)
    }

    /// ∨ over the cases of ∃`vars` (the case's conjuncts).
    fn join_cases(&mut self, vars: &[Var], cases: Vec<expand::Case>) -> Result<Dfa> {
        let mut acc = Dfa::nothing(self.budget.numeration, Vec::new());
        for case in cases {
            let body = case
                .into_iter()
                .map(|(f, negated)| {
                    if negated {
                        Formula::Not(Box::new(f))
                    } else {
                        f
                    }
                })
                .reduce(|l, r| Formula::Bin(Op::And, Box::new(l), Box::new(r)))
                .unwrap_or(Formula::Const(true));
            let a = self.exists_all(vars, &body, false)?;
            acc = combine(&acc, &a, |p, q| p || q, self.budget)?;
        }
        Ok(acc)
    }

    fn exists_all_of(&mut self, vars: &[Var], (f, negate): Signed<'_>) -> Result<Dfa> {
        self.exists_all(vars, f, negate)
    }

    /// The automata of the conjuncts of (¬)`f`, linear atoms kept as they are.
    fn conjuncts(&mut self, f: &Formula, negate: bool) -> Result<Vec<Part>> {
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
            (Formula::Rel(rel, s, t), _) => Ok(vec![self.relation(*rel, s, t, negate)?]),
            _ => Ok(vec![Part::Built(self.compile(f, negate)?)]),
        }
    }

    /// The product of the parts: the automata smallest first, each linear atom explored along
    /// the product as soon as the product has all its tracks (it then only removes words), the
    /// others at the end.
    fn multiply(&mut self, parts: Vec<Part>) -> Result<Dfa> {
        let b = self.budget;
        let mut built = Vec::new();
        let mut atoms = Vec::new();
        for p in parts {
            match p {
                Part::Built(a) => built.push(a),
                Part::Linear(l) => atoms.push(l),
            }
        }
        built.sort_by_key(|a| std::cmp::Reverse(a.states() << a.vars().len()));
        let mut acc = match (built.pop(), atoms.pop()) {
            (Some(a), atom) => {
                atoms.extend(atom);
                a
            }
            (None, Some(atom)) => atom.build(b)?,
            (None, None) => return everything(Vec::new(), b),
        };
        loop {
            let (inside, outside): (Vec<Linear>, Vec<Linear>) = atoms
                .into_iter()
                .partition(|l| l.vars().iter().all(|v| acc.vars().contains(v)));
            atoms = outside;
            for atom in inside {
                acc = conjoin(&acc, &atom, b)?;
            }
            let Some(next) = built.pop() else {
                break;
            };
            acc = combine(&acc, &next, |p, q| p && q, b)?;
        }
        for atom in atoms {
            acc = conjoin(&acc, &atom, b)?;
        }
        Ok(acc)
    }

    /// (¬)`s REL t`: one linear atom over s − t = Σ aᵢxᵢ + c ([`super::linear`]): s < t is
    /// s − t + 1 ≤ 0, s ≥ t is t − s ≤ 0, and so on (a negation turns one order into another);
    /// s ≠ t is the complement of s = t.
    fn relation(&mut self, rel: Rel, s: &Term, t: &Term, negate: bool) -> Result<Part> {
        let rel = if negate { rel.negation() } else { rel };
        let mut terms: Vec<(Var, i64)> = s.vars.clone();
        terms.extend(t.vars.iter().map(|&(v, a)| (v, -a)));
        let c = Integer::from(&s.constant - &t.constant);
        let flip = |terms: &[(Var, i64)]| terms.iter().map(|&(v, a)| (v, -a)).collect();
        let (terms, c, sign) = match rel {
            Rel::Eq | Rel::Ne => (terms, c, Sign::Zero),
            Rel::Le => (terms, c, Sign::NonPositive),
            Rel::Lt => (terms, c + 1, Sign::NonPositive),
            Rel::Ge => (flip(&terms), -c, Sign::NonPositive),
            Rel::Gt => (flip(&terms), 1 - c, Sign::NonPositive),
        };
        let atom = self.linear(terms, c, sign)?;
        if rel != Rel::Ne {
            return Ok(atom);
        }
        let a = self.multiply(vec![atom])?;
        Ok(Part::Built(complement(&a, self.budget)?))
    }

    /// Σ aᵢxᵢ + c = 0 or ≤ 0: one linear atom, the constant in its pairs; a constant of 2^40
    /// or more takes a fresh track bound to it by [`constant`] and projected away.
    fn linear(&mut self, mut terms: Vec<(Var, i64)>, c: Integer, sign: Sign) -> Result<Part> {
        let b = self.budget;
        let n = b.numeration;
        if let Some(small) = c.to_i64().filter(|c| c.abs() < MAX_FOLDED) {
            let atom = Linear::new(&terms, small, sign, n)?;
            return Ok(match atom.truth() {
                Some(true) => Part::Built(everything(Vec::new(), b)?),
                Some(false) => Part::Built(Dfa::nothing(n, Vec::new())),
                None => Part::Linear(atom),
            });
        }
        let v = self.fresh();
        terms.push((v, if c > 0 { 1 } else { -1 }));
        let bound = constant(n, v, &c.abs());
        let atom = Linear::new(&terms, 0, sign, n)?;
        Ok(Part::Built(exists(&conjoin(&bound, &atom, b)?, v, b)?))
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
        tracks.parts.push(Part::Built(base.rename(&vars)));
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
        tracks
            .parts
            .push(self.relation(Rel::Eq, &var_term, term, false)?);
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
    parts: Vec<Part>,
    fresh: Vec<Var>,
    used: Vec<Var>,
}

/// The automata and the linear atoms among `parts`.
fn split(parts: &[Part]) -> (Vec<&Dfa>, Vec<&Linear>) {
    let mut automata = Vec::new();
    let mut atoms = Vec::new();
    for p in parts {
        match p {
            Part::Built(a) => automata.push(a),
            Part::Linear(l) => atoms.push(l),
        }
    }
    (automata, atoms)
}

/// An estimate of the product of the parts that mention `v`: their states multiplied (a linear
/// atom counted as its largest coefficient plus one), times the letters of their tracks.
fn product_estimate(parts: &[Part], v: Var, base: usize) -> u128 {
    let mut tracks: Vec<Var> = Vec::new();
    let mut states: u128 = 1;
    for p in parts.iter().filter(|p| p.vars().contains(&v)) {
        tracks.extend(p.vars());
        let s = match p {
            Part::Built(a) => a.states() as u128,
            Part::Linear(l) => l.size() as u128 + 1,
        };
        states = states.saturating_mul(s);
    }
    tracks.sort_unstable();
    tracks.dedup();
    let letters = (base as u128).saturating_pow(tracks.len() as u32);
    states.saturating_mul(letters)
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
    let mut a = Compiler::new(vocabulary, budget, first_fresh)
        .without_expansion()
        .compile(&body, false)?;
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
