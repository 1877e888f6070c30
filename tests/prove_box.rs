//! The decision procedure (src/prove) against an evaluator written here: each statement is
//! parsed by the library's parser and its formula evaluated by brute force, every predicate
//! computed from the rules of the game or from its arithmetic definition — `P` and `misereP` by
//! backward induction on the board, `one` as G = 1 by a plain mex (tests/common/naive.rs),
//! `lower` and `upper` as ⌊nφ⌋ and ⌊nφ⌋ + n by integer square roots, `move` from the rules,
//! `fib` from a list, `shift` by a Zeckendorf conversion written here, `hofG(n,g)` by counting
//! the j ≥ 1 with ⌊jφ⌋ ≤ n — never by the library.
//!
//! **What is compared.** A universal sentence `A x,y BODY` is checked on a box [0, N)^k tuple
//! by tuple: the automaton the procedure builds for BODY, with x, y free, must accept exactly the
//! tuples of the box where the evaluation of BODY holds.  Its verdict is compared in the
//! directions a box allows: a sentence the procedure proves must hold on the whole box, and a
//! counterexample it gives (the least failing tuple, first variable most significant) must be
//! the least failing tuple of the box when it lies in the box, and come before every failing
//! tuple of the box when it does not; an existential sentence holding somewhere on the box must
//! be proved.  Any other sentence is evaluated whole and must get the verdict of its evaluation,
//! which is exact when every quantifier in it is bounded by a guard (below).
//!
//! **Why the evaluation is exact.** The evaluator's quantifiers range over 0..K, and it ranges a
//! quantified variable u only over the values its guards allow: the conjuncts of ∃'s body, or of
//! ∀'s antecedent, that bound u by variables already bound —
//! - `u + a < b`, `u + a <= b`, `u + a = b` (or the same written the other way round);
//! - `lower(u,t)`, `upper(u,t)`: u ≤ t, because ⌊uφ⌋ ≥ u;
//! - `hofG(t,u)`: u ≤ t, because the j ≥ 1 with ⌊jφ⌋ ≤ t are at most t;
//! - `shift(u,t)`: u ≤ t, because moving every Zeckendorf digit up does not decrease a number;
//! - `move(x,y,u,t)`, `move(x,y,t,u)`: u ≤ x, u ≤ y.
//!
//! The values skipped make ∃'s body false and ∀'s body true, so the narrowed range gives the
//! value over ℕ as soon as the guard's bound is at most K.  The evaluator records a quantifier
//! that no guard bounds and a guard that reaches past K, and every check here fails on either:
//! so each value compared is the value over ℕ.  (The kernel sentences of the named theorems bind
//! their witnesses by `u < x`, `v < y`, and on the diagonal by `u < x` and `u + y = v + x`; the
//! other theorems' inner quantifiers are bounded by their `lower`, `upper` or `hofG` atoms; the
//! random formulas bind every variable by a guard `u < t` or `u <= t`, t a variable in scope
//! plus 0 to 2, or a constant 1 to 6.)

mod common;

use common::{naive_rows, p_board};
use rug::Integer;
use wythoff::cancel::Cancel;
use wythoff::prove::dfa::Var;
use wythoff::prove::syntax::{Formula, Op, Rel, Term, parse};
use wythoff::prove::vocabulary::arity;
use wythoff::prove::{self, Budget, Dfa, Verdict, Vocabulary, decide};

fn budget() -> Budget<'static> {
    Budget::new(prove::DEFAULT_MAX_STATES, Cancel::never())
}

// ---------------------------------------------------------------------------------------------
// The predicates, from the rules.

/// ⌊nφ⌋ = ⌊(n + √(5n²))/2⌋ = ⌊(n + ⌊√(5n²)⌋)/2⌋ (√(5n²) is irrational for n ≥ 1, so its floor
/// changes nothing), by an exact integer square root.
fn floor_phi(n: u64) -> u64 {
    let r = (Integer::from(n) * n * 5u32).sqrt();
    ((r + n) / 2u32).to_u64().expect("small")
}

/// The Fibonacci numbers 1, 2, 3, 5, 8, … below 2^62: the weights of the Zeckendorf digits.
fn fibonacci() -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while f[f.len() - 1] < 1 << 62 {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

/// The Zeckendorf digits of n, least significant first (digit i weighs `fibs[i]`), greedily:
/// the largest Fibonacci number not above what is left, each time.
fn zeckendorf(n: u64, fibs: &[u64]) -> Vec<bool> {
    let top = fibs.iter().take_while(|&&f| f <= n).count();
    let mut digits = vec![false; top];
    let mut left = n;
    for i in (0..top).rev() {
        if fibs[i] <= left {
            digits[i] = true;
            left -= fibs[i];
        }
    }
    assert_eq!(left, 0);
    assert!(
        digits.windows(2).all(|w| !(w[0] && w[1])),
        "{n}: adjacent 1s"
    );
    digits
}

/// The number whose Zeckendorf word is that of m followed by a 0: each digit moves to the next
/// weight.
fn shifted(m: u64, fibs: &[u64]) -> u64 {
    zeckendorf(m, fibs)
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d)
        .map(|(i, _)| fibs[i + 1])
        .sum()
}

/// The predicates of the vocabulary, computed from the rules on a square board of `side`.
struct World {
    side: usize,
    p: Vec<Vec<bool>>,
    misere: Vec<Vec<bool>>,
    g: Vec<Vec<u32>>,
    fibs: Vec<u64>,
    lower: Vec<u64>,
    /// hofG: #{j ≥ 1 : ⌊jφ⌋ ≤ n}, for n below the length.
    count: Vec<u64>,
}

impl World {
    fn new(side: usize) -> World {
        let mut w = World {
            side,
            p: p_board(side, 1, false),
            misere: p_board(side, 1, true),
            g: naive_rows(side, side, 1),
            fibs: fibonacci(),
            lower: (0..4096).map(floor_phi).collect(),
            count: Vec::new(),
        };
        w.count = (0..4096u64)
            .map(|n| (1..=n).take_while(|&j| w.lower[j as usize] <= n).count() as u64)
            .collect();
        // the references themselves, on their first values
        assert_eq!(&w.lower[..9], &[0, 1, 3, 4, 6, 8, 9, 11, 12]);
        let p: Vec<(usize, usize)> = (0..14)
            .flat_map(|x| (x..14).map(move |y| (x, y)))
            .filter(|&(x, y)| w.p[x][y])
            .collect();
        assert_eq!(p, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
        assert!(w.misere[0][1] && w.misere[2][2] && !w.misere[0][0] && !w.misere[1][2]);
        assert_eq!((w.g[0][1], w.g[1][1], w.g[2][2], w.g[2][3]), (1, 2, 1, 5));
        assert_eq!(shifted(1, &w.fibs), 2);
        assert_eq!(shifted(4, &w.fibs), 7); // 101 -> 1010
        // A005206: 0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6
        assert_eq!(&w.count[..11], &[0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6]);
        w
    }

    fn lower(&self, n: u64) -> u64 {
        self.lower
            .get(n as usize)
            .copied()
            .unwrap_or_else(|| floor_phi(n))
    }

    fn cell<T: Copy>(&self, board: &[Vec<T>], x: u64, y: u64) -> T {
        assert!(
            x < self.side as u64 && y < self.side as u64,
            "({x}, {y}) is off the reference board of side {}: enlarge it",
            self.side
        );
        board[x as usize][y as usize]
    }

    fn holds(&self, name: &str, a: &[u64]) -> bool {
        match name {
            "P" => self.cell(&self.p, a[0], a[1]),
            "misereP" => self.cell(&self.misere, a[0], a[1]),
            "one" => self.cell(&self.g, a[0], a[1]) == 1,
            "lower" => a[1] == self.lower(a[0]),
            "upper" => a[1] == self.lower(a[0]) + a[0],
            "fib" => self.fibs.contains(&a[0]),
            "shift" => a[1] == shifted(a[0], &self.fibs),
            "hofG" => {
                let count = self
                    .count
                    .get(a[0] as usize)
                    .expect("hofG's table: enlarge it");
                a[1] == *count
            }
            "move" => {
                let (x, y, u, v) = (a[0], a[1], a[2], a[3]);
                // a row, a column, or the same number from both piles
                (u < x && v == y) || (u == x && v < y) || (u < x && v < y && x - u == y - v)
            }
            _ => panic!("no reference for the predicate {name}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The evaluator.

/// Evaluates formulas with every quantifier ranging over 0..k (narrowed by its guards).
struct Eval<'a> {
    world: &'a World,
    k: u64,
    env: Vec<u64>,
    /// A quantifier ran without a guard (over all of 0..k).
    unguarded: bool,
    /// A guard allowed values from k on, which the evaluation did not try.
    clipped: bool,
}

/// The conjuncts of `f` (f itself when it is not a conjunction).
fn conjuncts<'f>(f: &'f Formula, out: &mut Vec<&'f Formula>) {
    match f {
        Formula::Bin(Op::And, l, r) => {
            conjuncts(l, out);
            conjuncts(r, out);
        }
        _ => out.push(f),
    }
}

/// The coefficient of `v` in `t`.
fn coefficient(t: &Term, v: Var) -> u64 {
    t.vars.iter().filter(|p| p.0 == v).map(|p| p.1 as u64).sum()
}

impl<'a> Eval<'a> {
    fn new(world: &'a World, k: u64, variables: usize) -> Eval<'a> {
        Eval {
            world,
            k,
            env: vec![0; variables],
            unguarded: false,
            clipped: false,
        }
    }

    /// The value of `t` without its summands in `skip`.
    fn value_without(&self, t: &Term, skip: Option<Var>) -> u64 {
        let c = t.constant.to_u64().expect("a small constant");
        t.vars
            .iter()
            .filter(|p| Some(p.0) != skip)
            .map(|&(w, a)| a as u64 * self.env[w as usize])
            .sum::<u64>()
            + c
    }

    fn value(&self, t: &Term) -> u64 {
        self.value_without(t, None)
    }

    fn holds(&mut self, f: &Formula) -> bool {
        match f {
            Formula::Const(b) => *b,
            Formula::Rel(rel, l, r) => {
                let (a, b) = (self.value(l), self.value(r));
                match rel {
                    Rel::Eq => a == b,
                    Rel::Ne => a != b,
                    Rel::Lt => a < b,
                    Rel::Le => a <= b,
                    Rel::Gt => a > b,
                    Rel::Ge => a >= b,
                }
            }
            Formula::Pred(name, args) => {
                let values: Vec<u64> = args.iter().map(|t| self.value(t)).collect();
                self.world.holds(name, &values)
            }
            Formula::Not(g) => !self.holds(g),
            Formula::Bin(op, l, r) => match op {
                Op::And => self.holds(l) && self.holds(r),
                Op::Or => self.holds(l) || self.holds(r),
                Op::Implies => !self.holds(l) || self.holds(r),
                Op::Iff => self.holds(l) == self.holds(r),
            },
            Formula::Quant(forall, vars, body) => self.quantify(*forall, vars, body),
        }
    }

    /// ∀ or ∃ `vars` (in order, the first outermost) `body`.
    fn quantify(&mut self, forall: bool, vars: &[Var], body: &Formula) -> bool {
        let Some((&v, later)) = vars.split_first() else {
            return self.holds(body);
        };
        let (lo, hi) = self.range(forall, v, later, body);
        for value in lo..hi {
            self.env[v as usize] = value;
            if self.quantify(forall, later, body) != forall {
                return !forall;
            }
        }
        forall
    }

    /// The values of `v` worth trying: 0..k narrowed by the guards on v among the conjuncts of
    /// ∃'s body or ∀'s antecedent whose other variables are all bound (not in `later`).
    fn range(&mut self, forall: bool, v: Var, later: &[Var], body: &Formula) -> (u64, u64) {
        let mut cs = Vec::new();
        match (forall, body) {
            (false, _) => conjuncts(body, &mut cs),
            (true, Formula::Bin(Op::Implies, a, _)) => conjuncts(a, &mut cs),
            _ => {}
        }
        let (mut lo, mut hi, mut guarded) = (0u64, u64::MAX, false);
        let bound = |t: &Term| t.vars.iter().all(|p| p.0 == v || !later.contains(&p.0));
        let free_of_v = |t: &Term| bound(t) && coefficient(t, v) == 0;
        for c in cs {
            if let Formula::Pred(name, args) = c {
                // an argument that is v alone, at most another argument free of v
                let at_most = match name.as_str() {
                    "lower" | "upper" | "shift" => Some((0, 1)),
                    "hofG" => Some((1, 0)),
                    "move" if args[2].as_var() == Some(v) => Some((2, 0)),
                    "move" => Some((3, 1)),
                    _ => None,
                };
                if let Some((i, j)) = at_most
                    && args[i].as_var() == Some(v)
                    && free_of_v(&args[j])
                {
                    hi = hi.min(self.value(&args[j]) + 1);
                    guarded = true;
                }
                continue;
            }
            let Formula::Rel(rel, l, r) = c else {
                continue;
            };
            if !bound(l) || !bound(r) {
                continue;
            }
            // as v + a REL b
            let (rel, a, b) = match (coefficient(l, v), coefficient(r, v)) {
                (1, 0) => (*rel, self.value_without(l, Some(v)), self.value(r)),
                (0, 1) => {
                    let flipped = match rel {
                        Rel::Lt => Rel::Gt,
                        Rel::Le => Rel::Ge,
                        Rel::Gt => Rel::Lt,
                        Rel::Ge => Rel::Le,
                        other => *other,
                    };
                    (flipped, self.value_without(r, Some(v)), self.value(l))
                }
                _ => continue,
            };
            match rel {
                Rel::Lt => hi = hi.min(b.saturating_sub(a)),
                Rel::Le => hi = hi.min(if b >= a { b - a + 1 } else { 0 }),
                Rel::Eq if b >= a => {
                    lo = lo.max(b - a);
                    hi = hi.min(b - a + 1);
                }
                Rel::Eq => hi = 0,
                _ => continue,
            }
            guarded = true;
        }
        if !guarded {
            self.unguarded = true;
        }
        if hi > self.k {
            if guarded && lo < hi {
                self.clipped = true;
            }
            hi = self.k;
        }
        (lo, hi.max(lo))
    }
}

// ---------------------------------------------------------------------------------------------
// The comparisons.

/// Every tuple of [0, n)^k, lexicographically (the first coordinate most significant).
fn tuples(k: usize, n: u64) -> impl Iterator<Item = Vec<u64>> {
    let total = n.pow(k as u32);
    (0..total).map(move |mut i| {
        let mut t = vec![0; k];
        for c in t.iter_mut().rev() {
            *c = i % n;
            i /= n;
        }
        t
    })
}

/// What the box says about BODY over the variables `vars` on [0, n)^k: the per-tuple values,
/// after checking them against the procedure's automaton of BODY (tracks in `vars` order).
#[allow(clippy::too_many_arguments)]
fn check_body(
    what: &str,
    body_text: &str,
    body: &Formula,
    vars: &[Var],
    names: &[&str],
    n: u64,
    eval: &mut Eval,
    vocabulary: &Vocabulary,
    strict: bool,
) -> Vec<(Vec<u64>, bool)> {
    let a: Dfa = prove::automaton(body_text, names, vocabulary, &budget())
        .unwrap_or_else(|e| panic!("{what}: the automaton of {body_text}: {e}"));
    let mut out = Vec::new();
    for t in tuples(vars.len(), n) {
        for (&v, &x) in vars.iter().zip(&t) {
            eval.env[v as usize] = x;
        }
        let want = eval.holds(body);
        assert!(
            !eval.clipped,
            "{what}: a guard of {body_text} reaches past the evaluator's bound at {t:?}"
        );
        assert!(
            !strict || !eval.unguarded,
            "{what}: {body_text} has a quantifier without a guard"
        );
        let got = a.accepts(&t);
        assert_eq!(
            got, want,
            "{what}: at {names:?} = {t:?} the automaton of `{body_text}` says {got}, \
             the evaluation from the rules {want}"
        );
        out.push((t, want));
    }
    out
}

/// Checks the verdict of `A vars BODY` against the box's values of BODY.
fn check_forall(what: &str, verdict: &Verdict, box_values: &[(Vec<u64>, bool)]) {
    let first_failing = box_values.iter().find(|(_, b)| !b).map(|(t, _)| t);
    if verdict.holds {
        assert!(
            first_failing.is_none(),
            "{what}: proved, but fails at {first_failing:?} on the box"
        );
        assert!(verdict.counterexample.is_none(), "{what}");
        return;
    }
    let cx: Vec<u64> = verdict
        .counterexample
        .as_ref()
        .unwrap_or_else(|| panic!("{what}: false without a counterexample"))
        .iter()
        .map(|(_, x)| x.to_u64().expect("a small counterexample"))
        .collect();
    let inside = box_values.iter().any(|(t, _)| *t == cx);
    if inside {
        assert_eq!(
            Some(&cx),
            first_failing,
            "{what}: the counterexample is not the least failing tuple of the box"
        );
    } else if let Some(t) = first_failing {
        assert!(
            cx < *t,
            "{what}: the counterexample {cx:?} lies outside the box, yet {t:?} of the box \
             fails and comes first"
        );
    }
}

/// Checks the verdict of `E vars BODY` against the box's values of BODY.
fn check_exists(what: &str, verdict: &Verdict, box_values: &[(Vec<u64>, bool)]) {
    if let Some((t, _)) = box_values.iter().find(|(_, b)| *b) {
        assert!(verdict.holds, "{what}: refuted, but holds at {t:?}");
    }
    assert!(verdict.counterexample.is_none(), "{what}");
}

fn decide_text(text: &str, vocabulary: &Vocabulary) -> Verdict {
    decide(text, vocabulary, &budget()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The side of the box for a sentence of k universal variables (the evaluation of BODY at each
/// tuple, and the automaton's acceptance, cost about n^k).
fn theorem_box(k: usize) -> u64 {
    match k {
        1 => 600,
        2 => 110,
        3 => 45,
        _ => 22,
    }
}

#[test]
fn every_sentence_of_every_named_theorem_agrees_with_the_rules_on_a_box() {
    let world = World::new(256);
    let vocabulary = Vocabulary::default();
    let mut checked = 0;
    for t in prove::THEOREMS {
        for &(what, sentence, recorded) in t.sentences {
            let what = format!("{} / {what}", t.name);
            let verdict = decide_text(sentence, &vocabulary);
            assert_eq!(verdict.holds, recorded, "{what}: {sentence}");
            let parsed = parse(sentence, &arity).unwrap();
            match &parsed.formula {
                Formula::Quant(true, vars, body) => {
                    // the body's text: what follows `A x,y,… `
                    let (list, body_text) = sentence
                        .strip_prefix("A ")
                        .and_then(|rest| rest.split_once(' '))
                        .unwrap_or_else(|| panic!("{what}: not written `A x,y,… BODY`"));
                    let names: Vec<&str> = list.split(',').collect();
                    let want: Vec<&str> = vars
                        .iter()
                        .map(|&v| parsed.names[v as usize].as_str())
                        .collect();
                    assert_eq!(names, want, "{what}");
                    let n = theorem_box(vars.len());
                    let mut eval = Eval::new(&world, 2 * n, parsed.names.len());
                    let values = check_body(
                        &what,
                        body_text,
                        body,
                        vars,
                        &names,
                        n,
                        &mut eval,
                        &vocabulary,
                        true,
                    );
                    check_forall(&what, &verdict, &values);
                }
                f => {
                    let mut eval = Eval::new(&world, 1000, parsed.names.len());
                    let value = eval.holds(f);
                    assert!(
                        !eval.unguarded && !eval.clipped,
                        "{what}: {sentence} has a quantifier no guard bounds below 1000: \
                         no exact check written for it"
                    );
                    assert_eq!(value, verdict.holds, "{what}: {sentence}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 17, "{checked} sentences");
}

#[test]
fn the_box_tells_true_from_false() {
    // the checker itself: statements known false from the rules come out false on the box, at the
    // known place, and the procedure agrees
    let world = World::new(64);
    let vocabulary = Vocabulary::default();
    for (sentence, first_failing) in [
        ("A x,y ~P(x,y) => E u u < x & P(u,y)", vec![0, 1]),
        (
            "A x,y,u,v (u < x & u + y = v + x & one(x,y)) => ~P(u,v)",
            vec![2, 2, 0, 0],
        ),
        ("A n,x lower(n,x) => x > n", vec![0, 0]),
        ("A x,y one(x,y) => ~misereP(x,y)", vec![0, 1]),
        ("A m,s shift(m,s) => s > m", vec![0, 0]),
        (
            "A x,y,u,v move(x,y,u,v) => u + v + 1 < x + y",
            vec![0, 1, 0, 0],
        ),
    ] {
        let parsed = parse(sentence, &arity).unwrap();
        let Formula::Quant(true, vars, body) = &parsed.formula else {
            unreachable!()
        };
        let mut eval = Eval::new(&world, 40, parsed.names.len());
        let found = tuples(vars.len(), 12).find(|t| {
            for (&v, &x) in vars.iter().zip(t) {
                eval.env[v as usize] = x;
            }
            !eval.holds(body)
        });
        assert_eq!(found, Some(first_failing.clone()), "{sentence}");
        let verdict = decide_text(sentence, &vocabulary);
        let cx: Vec<u64> = verdict
            .counterexample
            .expect(sentence)
            .iter()
            .map(|(_, x)| x.to_u64().unwrap())
            .collect();
        assert_eq!(cx, first_failing, "{sentence}");
    }
}

// ---------------------------------------------------------------------------------------------
// Random statements.

/// xorshift64: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, m: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % m
    }
}

/// Random formulas over the free variables 0..free, each quantified variable bound by a guard.
struct Gen {
    rng: Rng,
    names: Vec<String>,
    /// Quantified variables so far (at most 2 a formula).
    quantified: usize,
    /// `one` atoms so far (at most 1 a formula: two of them joined by `<=>` over different
    /// variables make automata of millions of states, seconds each).
    ones: usize,
}

const PREDICATES: [(&str, usize); 9] = [
    ("P", 2),
    ("one", 2),
    ("misereP", 2),
    ("lower", 2),
    ("upper", 2),
    ("fib", 1),
    ("move", 4),
    ("shift", 2),
    ("hofG", 2),
];

const RELS: [Rel; 6] = [Rel::Eq, Rel::Ne, Rel::Lt, Rel::Le, Rel::Gt, Rel::Ge];
const OPS: [Op; 4] = [Op::And, Op::Or, Op::Implies, Op::Iff];

impl Gen {
    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.rng.below(from.len() as u64) as usize]
    }

    fn constant(c: u64) -> Term {
        Term {
            vars: Vec::new(),
            constant: Integer::from(c),
        }
    }

    /// Σ k·v + c with at most two summands, k ≤ 3, c ≤ 5.
    fn term(&mut self, scope: &[Var]) -> Term {
        let mut t = Gen::constant(0);
        for _ in 0..1 + self.rng.below(2) {
            if self.rng.below(4) > 0 {
                let v = self.pick(scope);
                let k = [1, 1, 1, 2, 3][self.rng.below(5) as usize];
                t.vars.push((v, k));
            }
        }
        if t.vars.is_empty() || self.rng.below(2) == 0 {
            t.constant = Integer::from(self.rng.below(6));
        }
        t
    }

    /// An argument of a predicate: v, v + 1, 2·v or a constant ≤ 6.
    fn argument(&mut self, scope: &[Var]) -> Term {
        let v = self.pick(scope);
        match self.rng.below(5) {
            0 | 1 => Term {
                vars: vec![(v, 1)],
                constant: Integer::new(),
            },
            2 => Term {
                vars: vec![(v, 1)],
                constant: Integer::from(1),
            },
            3 => Term {
                vars: vec![(v, 2)],
                constant: Integer::new(),
            },
            _ => Gen::constant(self.rng.below(7)),
        }
    }

    fn atom(&mut self, scope: &[Var]) -> Formula {
        match self.rng.below(20) {
            0..=10 => {
                let rel = self.pick(&RELS);
                Formula::Rel(rel, self.term(scope), self.term(scope))
            }
            11..=18 => {
                let (mut name, mut k) = self.pick(&PREDICATES);
                if name == "one" {
                    if self.ones > 0 {
                        (name, k) = ("P", 2);
                    }
                    self.ones += 1;
                }
                let args = (0..k).map(|_| self.argument(scope)).collect();
                Formula::Pred(name.to_string(), args)
            }
            _ => Formula::Const(self.rng.below(2) == 0),
        }
    }

    /// `v < t`, `v <= t`, `t > v` or `t >= v`, t a variable of `scope` plus 0 to 2, or 1 to 6.
    fn guard(&mut self, v: Var, scope: &[Var]) -> Formula {
        let t = if !scope.is_empty() && self.rng.below(4) > 0 {
            Term {
                vars: vec![(self.pick(scope), 1)],
                constant: Integer::from(self.rng.below(3)),
            }
        } else {
            Gen::constant(1 + self.rng.below(6))
        };
        let u = Term {
            vars: vec![(v, 1)],
            constant: Integer::new(),
        };
        match self.rng.below(4) {
            0 => Formula::Rel(Rel::Lt, u, t),
            1 => Formula::Rel(Rel::Le, u, t),
            2 => Formula::Rel(Rel::Gt, t, u),
            _ => Formula::Rel(Rel::Ge, t, u),
        }
    }

    fn formula(&mut self, depth: u32, scope: &mut Vec<Var>) -> Formula {
        let r = self.rng.below(100);
        if depth == 0 || r < 25 {
            return self.atom(scope);
        }
        if r < 37 {
            return Formula::Not(Box::new(self.formula(depth - 1, scope)));
        }
        if r < 75 || self.quantified >= 2 {
            let op = self.pick(&OPS);
            let l = self.formula(depth - 1, scope);
            let r = self.formula(depth - 1, scope);
            return Formula::Bin(op, Box::new(l), Box::new(r));
        }
        self.quantifier(depth, scope)
    }

    /// `A vars GUARDS => REST` or `E vars GUARDS & REST`, one or two variables.
    fn quantifier(&mut self, depth: u32, scope: &mut Vec<Var>) -> Formula {
        let forall = self.rng.below(2) == 0;
        let count = if self.quantified == 0 && self.rng.below(4) == 0 {
            2
        } else {
            1
        };
        self.quantified += count;
        let mut vars = Vec::new();
        let mut guards = Vec::new();
        for _ in 0..count {
            let v = self.names.len() as Var;
            self.names.push(format!("u{v}"));
            guards.push(self.guard(v, scope));
            scope.push(v);
            vars.push(v);
        }
        let rest = self.formula(depth - 1, scope);
        scope.truncate(scope.len() - count);
        let guard = guards
            .into_iter()
            .reduce(|a, b| Formula::Bin(Op::And, Box::new(a), Box::new(b)))
            .expect("a guard");
        let op = if forall { Op::Implies } else { Op::And };
        let body = Formula::Bin(op, Box::new(guard), Box::new(rest));
        Formula::Quant(forall, vars, Box::new(body))
    }
}

/// The precedence level of a formula's top (higher binds tighter); a quantifier is written
/// apart.
fn level(f: &Formula) -> u32 {
    match f {
        Formula::Bin(Op::Iff, ..) => 1,
        Formula::Bin(Op::Implies, ..) => 2,
        Formula::Bin(..) => 3,
        _ => 4,
    }
}

fn show_term(t: &Term, names: &[String]) -> String {
    let mut parts: Vec<String> = t
        .vars
        .iter()
        .map(|&(v, k)| {
            let name = &names[v as usize];
            if k == 1 {
                name.clone()
            } else {
                format!("{k}*{name}")
            }
        })
        .collect();
    if t.constant != 0 || parts.is_empty() {
        parts.push(t.constant.to_string());
    }
    parts.join(" + ")
}

/// `f` written with as few parentheses as the documented grammar allows: `~` tightest, `&` and
/// `|` one level, then `=>`, then `<=>`, each associating to the left, and a quantifier's scope
/// running to the end (`at_end`: nothing follows `f` before a closing parenthesis or the end).
fn show(f: &Formula, names: &[String], at_end: bool) -> String {
    let sub = |g: &Formula, parens: bool, at_end: bool| {
        if parens {
            format!("({})", show(g, names, true))
        } else {
            show(g, names, at_end)
        }
    };
    let is_quant = |g: &Formula| matches!(g, Formula::Quant(..));
    match f {
        Formula::Const(b) => b.to_string(),
        Formula::Rel(rel, l, r) => {
            let op = match rel {
                Rel::Eq => "=",
                Rel::Ne => "!=",
                Rel::Lt => "<",
                Rel::Le => "<=",
                Rel::Gt => ">",
                Rel::Ge => ">=",
            };
            format!("{} {op} {}", show_term(l, names), show_term(r, names))
        }
        Formula::Pred(name, args) => {
            let args: Vec<String> = args.iter().map(|t| show_term(t, names)).collect();
            format!("{name}({})", args.join(","))
        }
        Formula::Not(g) => {
            let parens = matches!(**g, Formula::Bin(..)) || (is_quant(g) && !at_end);
            format!("~{}", sub(g, parens, at_end))
        }
        Formula::Bin(op, l, r) => {
            let s = match op {
                Op::And => "&",
                Op::Or => "|",
                Op::Implies => "=>",
                Op::Iff => "<=>",
            };
            let lp = is_quant(l) || level(l) < level(f);
            let rp = if is_quant(r) {
                !at_end
            } else {
                level(r) <= level(f)
            };
            format!("{} {s} {}", sub(l, lp, false), sub(r, rp, at_end))
        }
        Formula::Quant(forall, vars, body) => {
            let vs: Vec<&str> = vars.iter().map(|&v| names[v as usize].as_str()).collect();
            let q = if *forall { "A" } else { "E" };
            format!("{q} {} {}", vs.join(","), show(body, names, true))
        }
    }
}

#[test]
fn random_small_statements_agree_with_the_rules_on_a_box() {
    let world = World::new(256);
    let vocabulary = Vocabulary::default();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut proved, mut refuted) = (0, 0);
    for i in 0..300 {
        let free: &[&str] = if i % 3 == 2 {
            &["x", "y", "z"]
        } else {
            &["x", "y"]
        };
        let n: u64 = if free.len() == 2 { 20 } else { 9 };
        let mut generator = Gen {
            rng: Rng(rng.below(u64::MAX) | 1),
            names: free.iter().map(|s| s.to_string()).collect(),
            quantified: 0,
            ones: 0,
        };
        let mut scope: Vec<Var> = (0..free.len() as Var).collect();
        let formula = generator.formula(4, &mut scope);
        let names = generator.names;
        let text = show(&formula, &names, true);
        // the library's parser reads the text as the generated formula
        let wrapped = format!("E {} ({text})", free.join(","));
        let parsed = parse(&wrapped, &arity).unwrap_or_else(|e| panic!("{text}: {e}"));
        let Formula::Quant(false, _, body) = &parsed.formula else {
            unreachable!()
        };
        assert_eq!(**body, formula, "{text}: parsed otherwise");
        assert_eq!(parsed.names, names, "{text}");
        // K: every guard is below n + 2·2 + 6; the evaluator fails if one is not
        let mut eval = Eval::new(&world, n + 16, names.len());
        let vars: Vec<Var> = (0..free.len() as Var).collect();
        let what = format!("statement {i}");
        let values = check_body(
            &what,
            &text,
            &formula,
            &vars,
            free,
            n,
            &mut eval,
            &vocabulary,
            true,
        );
        let all = decide_text(&format!("A {} ({text})", free.join(",")), &vocabulary);
        check_forall(&format!("{what}: A {free:?} {text}"), &all, &values);
        let some = decide_text(&format!("E {} ({text})", free.join(",")), &vocabulary);
        check_exists(&format!("{what}: E {free:?} {text}"), &some, &values);
        proved += usize::from(all.holds);
        refuted += usize::from(!some.holds);
    }
    // the statements are not all trivial: some hold everywhere, some nowhere, most neither
    assert!(
        proved >= 10 && refuted >= 10,
        "{proved} proved, {refuted} refuted"
    );
}

#[test]
fn random_closed_sentences_get_the_value_of_their_evaluation() {
    // every quantifier guarded, the outermost by a constant: the evaluation is over ℕ, so the
    // verdict must equal it, and a false `A` its least failing tuple
    let world = World::new(64);
    let vocabulary = Vocabulary::default();
    let mut rng = Rng(0x6a09_e667_f3bc_c909);
    let k = 24;
    let (mut held, mut failed) = (0, 0);
    for i in 0..150 {
        let mut generator = Gen {
            rng: Rng(rng.below(u64::MAX) | 1),
            names: Vec::new(),
            quantified: 0,
            ones: 0,
        };
        let formula = generator.quantifier(4, &mut Vec::new());
        let names = generator.names;
        let text = show(&formula, &names, true);
        let parsed = parse(&text, &arity).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parsed.formula, formula, "{text}: parsed otherwise");
        let mut eval = Eval::new(&world, k, names.len());
        let want = eval.holds(&formula);
        assert!(!eval.clipped && !eval.unguarded, "{text}");
        let verdict = decide_text(&text, &vocabulary);
        assert_eq!(
            verdict.holds, want,
            "sentence {i}: `{text}` is decided {}, evaluated {want}",
            verdict.holds
        );
        if let (Formula::Quant(true, vars, body), false) = (&formula, want) {
            let first = tuples(vars.len(), k).find(|t| {
                for (&v, &x) in vars.iter().zip(t) {
                    eval.env[v as usize] = x;
                }
                !eval.holds(body)
            });
            let cx: Option<Vec<u64>> = verdict
                .counterexample
                .map(|c| c.iter().map(|(_, x)| x.to_u64().expect("small")).collect());
            assert_eq!(cx, first, "sentence {i}: `{text}`: the counterexample");
        }
        held += usize::from(want);
        failed += usize::from(!want);
    }
    assert!(held >= 20 && failed >= 20, "{held} true, {failed} false");
}
