//! The atomic automata of the arithmetic: a linear atom Σ aᵢxᵢ + c = 0 or ≤ 0 with integer
//! coefficients (every comparison of two terms, `k*x` and the order included, is one of them),
//! a constant `x = K`, the shifts of a word, and the automata the predicates are read from.
//!
//! **Linear atoms.** Let the weights of the numeration be q₀ = 1, q₁, q₂, … with
//! q_{m+1} = a·q_m + q_{m−1} (a = 1 and q₋₁ = 1 for Zeckendorf's 1, 2, 3, 5, …; q₋₁ = 0 for
//! Ostrowski's).  A word w whose digits are the column sums Σ aᵢ·(digit of xᵢ), followed by m
//! more digits, is worth α·q_m + β·q_{m−1} + (the m digits), where (α, β) is kept while reading:
//! appending a digit c maps (α, β) to (a·α + β + c, α).  At the end (m = 0) the value is
//! α + β (Zeckendorf) or α (Ostrowski); the atom accepts where that value plus c is = 0 or ≤ 0.
//! m more digits add a number R with −N·(q_m − 1) ≤ R ≤ P·(q_m − 1), P and N the sums of the
//! positive and of the negative coefficients' sizes.  A pair **settles** when no continuation
//! can change its verdict: for ≤ 0, when α·q_m + β·q_{m−1} + P·(q_m − 1) + c ≤ 0 for every
//! m ≥ 0 (it accepts every continuation: one state per last letter) or
//! α·q_m + β·q_{m−1} − N·(q_m − 1) + c ≥ 1 for every m (it accepts none: the sink); for = 0 both
//! are the sink.  Each test is exact, in integers: S(m) = u·q_m + v·q_{m−1} + w with
//! T(m) = u·q_m + v·q_{m−1} obeying T(m+1) = a·T(m) + T(m−1), so once T(m−1) ≥ 0 and T(m) ≥ 0
//! the sequence T no longer decreases and S(m) decides every later m ([`always_nonnegative`]).
//!
//! Finitely many pairs stay unsettled because the recurrence's root λ is a Pisot number: the
//! conjugate quantity αμ + β (μ = −1/λ) of a reachable pair is contracted by |μ| < 1 at each step,
//! so it stays below M·|μ|/(1 − |μ|) (M the largest column sum), while the dominant quantity
//! αλ + β of an unsettled pair is within a constant times M + |c| of 0 (the continuations are
//! worth at most M·q_m, and αλ + β grows like λ^m past that).  So the states grow with the
//! square of the coefficients' sizes added, not with the product of their squares: the atom
//! alone has about 2·k² states for `k*x = y` and for `k*x <= y` (doc/prove.md gives the counts;
//! they are the minimal automata's).  Inside a product ([`conjoin`]) only the pairs
//! reached together with the other factor are made.  A pair outside the box
//! |α|, |β| ≤ 8·(M + |c|) + 8, which the argument excludes, is reported as an internal error,
//! never a verdict; the tests check every atom against arithmetic on a box for random
//! coefficients, positive and negative, and every comparison.
//! Cost: O((M + |c|)²·b^k) transitions for b^k letters (b digits, k variables).
//! Source: THEORY §11 (the adder of Frougny's normalization, here for any coefficients and for
//! the order).

use super::dfa::{Budget, Dfa, NONE, Var};
use super::numeration::Numeration;
use super::ops::{Footprint, FxMap, everything, explore, restriction, union};
use rug::Integer;
use std::cell::{Cell, RefCell};
use wythoff_core::error::{Error, Result};

/// What a linear atom says of Σ aᵢxᵢ + c.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// Σ aᵢxᵢ + c = 0.
    Zero,
    /// Σ aᵢxᵢ + c ≤ 0.
    NonPositive,
}

/// The largest size of the constant c a linear atom takes into its pairs; a larger constant is
/// given a track of its own ([`constant`]) by the compiler.
pub const MAX_FOLDED: i64 = 1 << 40;

/// The automaton of Σ aᵢxᵢ + c = 0 or ≤ 0 (by `sign`) over the given (variable, coefficient)
/// pairs ([`Linear::new`]).
pub fn linear(terms: &[(Var, i64)], c: i64, sign: Sign, budget: &Budget) -> Result<Dfa> {
    let atom = Linear::new(terms, c, sign, budget.numeration)?;
    match atom.truth() {
        Some(true) => everything(Vec::new(), budget),
        Some(false) => Ok(Dfa::nothing(budget.numeration, Vec::new())),
        None => atom.build(budget),
    }
}

/// A state of a linear atom: a pair not yet settled, or settled to accept every continuation;
/// each with the last letter read (the validity of the next one depends on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    Open(i64, i64, u32),
    Accepting(u32),
}

/// The settled verdict of a pair, if any.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Settled {
    Accepts,
    Rejects,
    Open,
}

/// A linear atom Σ aᵢxᵢ + c = 0 or ≤ 0, kept as its step function: built alone by
/// [`Linear::build`], or explored inside a product ([`conjoin`]) so that only the
/// pairs the other automaton lets through are ever made.
pub struct Linear {
    numeration: Numeration,
    vars: Vec<Var>,
    /// The column sum of each letter.
    digit: Vec<i64>,
    pos: i128,
    neg: i128,
    c: i128,
    sign: Sign,
    /// The box no unsettled pair leaves.
    bound: i64,
    settled: RefCell<FxMap<(i64, i64), Settled>>,
    outside: Cell<bool>,
}

impl Linear {
    /// The atom Σ aᵢxᵢ + c = 0 or ≤ 0 over the (variable, coefficient) pairs `terms`, in the
    /// numeration `n`; a variable may repeat (its coefficients add up), zero coefficients drop
    /// out.  Refused (an internal error) when the sums of the coefficients' sizes or |c| reach
    /// [`MAX_FOLDED`].
    pub fn new(terms: &[(Var, i64)], c: i64, sign: Sign, n: Numeration) -> Result<Linear> {
        let mut merged: Vec<(Var, i64)> = Vec::new();
        let mut sorted = terms.to_vec();
        sorted.sort_by_key(|&(v, _)| v);
        for (v, a) in sorted {
            match merged.last_mut() {
                Some((w, b)) if *w == v => *b += a,
                _ => merged.push((v, a)),
            }
        }
        merged.retain(|&(_, a)| a != 0);
        let vars: Vec<Var> = merged.iter().map(|&(v, _)| v).collect();
        let coef: Vec<i64> = merged.iter().map(|&(_, a)| a).collect();
        let pos: i64 = coef.iter().filter(|&&a| a > 0).sum();
        let neg: i64 = -coef.iter().filter(|&&a| a < 0).sum::<i64>();
        if pos.max(neg) >= MAX_FOLDED || c.abs() >= MAX_FOLDED {
            return Err(Error::internal("a linear atom's coefficients past 2^40"));
        }
        let digit = (0..n.letters(coef.len()))
            .map(|l| {
                coef.iter()
                    .enumerate()
                    .map(|(i, &a)| a * i64::from(n.digit(l, i)))
                    .sum()
            })
            .collect();
        let top = n.base() as i64 - 1;
        Ok(Linear {
            numeration: n,
            vars,
            digit,
            pos: pos.into(),
            neg: neg.into(),
            c: c.into(),
            sign,
            bound: 8 * (top * pos.max(neg) + c.abs()) + 8,
            settled: RefCell::new(FxMap::default()),
            outside: Cell::new(false),
        })
    }

    /// The larger of the sums of the positive and of the negative coefficients' sizes, which
    /// the atom's states grow with.
    pub fn size(&self) -> i128 {
        self.pos.max(self.neg)
    }

    /// The variables of the atom's tracks, increasing.
    pub fn vars(&self) -> &[Var] {
        &self.vars
    }

    /// The truth of an atom without variables (c = 0 or c ≤ 0); `None` when it has variables.
    pub fn truth(&self) -> Option<bool> {
        self.vars.is_empty().then_some(match self.sign {
            Sign::Zero => self.c == 0,
            Sign::NonPositive => self.c <= 0,
        })
    }

    /// The atom's own minimal automaton.
    pub fn build(&self, budget: &Budget) -> Result<Dfa> {
        let Some(start) = self.start() else {
            return Ok(Dfa::nothing(self.numeration, self.vars.clone()));
        };
        let a = explore(
            self.vars.clone(),
            start,
            budget,
            |&s, l| self.step(s, l as usize),
            |&s| self.accepting(s),
        )?;
        self.check()?;
        Ok(a)
    }

    /// The initial state (`None`: the atom holds for no tuple).
    pub(crate) fn start(&self) -> Option<Key> {
        self.key(0, 0, 0)
    }

    /// The state after `letter` (over the atom's own tracks), `None` for the sink.
    pub(crate) fn step(&self, s: Key, letter: usize) -> Option<Key> {
        let n = self.numeration;
        let last = match s {
            Key::Open(_, _, l) | Key::Accepting(l) => l,
        };
        if !n.step_ok(last as usize, letter, self.vars.len()) {
            return None;
        }
        match s {
            Key::Accepting(_) => Some(Key::Accepting(letter as u32)),
            Key::Open(alpha, beta, _) => {
                let next = n.multiplier() * alpha + beta + self.digit[letter];
                self.key(next, alpha, letter as u32)
            }
        }
    }

    /// Whether a word may end in the state `s`.
    pub(crate) fn accepting(&self, s: Key) -> bool {
        let (last, holds) = match s {
            Key::Accepting(l) => (l, true),
            Key::Open(alpha, beta, l) => (l, self.holds_at_end(alpha, beta)),
        };
        holds && self.numeration.end_ok(last as usize, self.vars.len())
    }

    /// An internal error when an exploration met a pair outside the box (never seen: the
    /// module's bound excludes it).
    pub(crate) fn check(&self) -> Result<()> {
        if self.outside.get() {
            return Err(Error::internal(
                "a linear atom's pair left the box the Pisot bound gives",
            ));
        }
        Ok(())
    }

    /// The state of the pair (α, β) after the letter `last`.
    fn key(&self, alpha: i64, beta: i64, last: u32) -> Option<Key> {
        let known = self.settled.borrow().get(&(alpha, beta)).copied();
        let s = known.unwrap_or_else(|| {
            let s = self.settle(alpha, beta);
            self.settled.borrow_mut().insert((alpha, beta), s);
            s
        });
        match s {
            Settled::Accepts => Some(Key::Accepting(last)),
            Settled::Rejects => None,
            Settled::Open if alpha.abs() > self.bound || beta.abs() > self.bound => {
                self.outside.set(true);
                None
            }
            Settled::Open => Some(Key::Open(alpha, beta, last)),
        }
    }

    /// Whether the word read so far, ending here, satisfies the atom.
    fn holds_at_end(&self, alpha: i64, beta: i64) -> bool {
        let q_before = match self.numeration {
            Numeration::Zeckendorf => 1,
            Numeration::Ostrowski(_) => 0,
        };
        let value = i128::from(alpha) + q_before * i128::from(beta) + self.c;
        match self.sign {
            Sign::Zero => value == 0,
            Sign::NonPositive => value <= 0,
        }
    }

    /// Whether the pair (α, β) accepts every continuation, none, or is still open.
    fn settle(&self, alpha: i64, beta: i64) -> Settled {
        let (alpha, beta) = (i128::from(alpha), i128::from(beta));
        let (p, n, c, num) = (self.pos, self.neg, self.c, self.numeration);
        // V ≥ 1 for every continuation: α·q_m + β·q_{m−1} − N·(q_m − 1) + c − 1 ≥ 0
        if always_nonnegative(num, alpha - n, beta, n + c - 1) {
            return Settled::Rejects;
        }
        // V ≤ 0 (V ≤ −1 for = 0) for every continuation:
        // −(α·q_m + β·q_{m−1}) − P·(q_m − 1) − c (− 1) ≥ 0
        let strict = i128::from(self.sign == Sign::Zero);
        if always_nonnegative(num, -alpha - p, -beta, p - c - strict) {
            return match self.sign {
                Sign::Zero => Settled::Rejects,
                Sign::NonPositive => Settled::Accepts,
            };
        }
        Settled::Open
    }
}

/// The conjunction of `a` with the linear atom `atom`, the atom explored only along the words
/// `a` lets through: the product's states are the pairs (state of `a`, state of the atom) that
/// are reached together, never the atom's whole automaton ([`super::linear`]).
pub fn conjoin(a: &Dfa, atom: &Linear, budget: &Budget) -> Result<Dfa> {
    let n = budget.numeration;
    if a.numeration() != n {
        return Err(Error::internal("automata of two numerations combined"));
    }
    let (vars, pa, pb) = union(a.vars(), atom.vars());
    let width = vars.len();
    let ra = restriction(n, width, &pa);
    let rb = restriction(n, width, &pb);
    let Some(start) = atom.start() else {
        return Ok(Dfa::nothing(n, vars));
    };
    let product = explore(
        vars,
        (0u32, start),
        budget,
        |&(sa, sb), l| {
            let ta = a.next(sa, ra[l as usize]);
            if ta == NONE {
                return None;
            }
            atom.step(sb, rb[l as usize]).map(|tb| (ta, tb))
        },
        |&(sa, sb)| a.is_accepting(sa) && atom.accepting(sb),
    )?;
    atom.check()?;
    Ok(product)
}

impl Footprint for Key {}
impl Footprint for (u32, Key) {}

/// Whether u·q_m + v·q_{m−1} + w ≥ 0 for every m ≥ 0, the q_m the weights of `n` (q₋₁ = 1 for
/// Zeckendorf, 0 for Ostrowski).  T(m) = u·q_m + v·q_{m−1} obeys T(m+1) = a·T(m) + T(m−1), so
/// from two consecutive T ≥ 0 on T is nondecreasing and the current m decides the rest; unless
/// u = v = 0 the root λ > 1 drives T to ±∞, so the loop ends.  False where i128 would overflow.
pub fn always_nonnegative(n: Numeration, u: i128, v: i128, w: i128) -> bool {
    let a = i128::from(n.multiplier());
    let (mut q_prev, mut q) = match n {
        Numeration::Zeckendorf => (1i128, 1i128),
        Numeration::Ostrowski(_) => (0, 1),
    };
    let mut t_prev: Option<i128> = None;
    loop {
        let Some(t) = u
            .checked_mul(q)
            .and_then(|x| v.checked_mul(q_prev).and_then(|y| x.checked_add(y)))
        else {
            return false;
        };
        let Some(s) = t.checked_add(w) else {
            return false;
        };
        if s < 0 {
            return false;
        }
        if t_prev.is_some_and(|p| p >= 0) && t >= 0 {
            return true;
        }
        t_prev = Some(t);
        let Some(next) = q.checked_mul(a).and_then(|x| x.checked_add(q_prev)) else {
            return false;
        };
        (q_prev, q) = (q, next);
    }
}

/// The automaton of `x = n` in the numeration `numeration`.
pub fn constant(numeration: Numeration, x: Var, n: &Integer) -> Dfa {
    let digits = numeration.digits(n);
    let len = digits.len();
    let b = numeration.base();
    // state i: i digits of n read (state 0 also reads the leading zeros); state len accepts
    let mut delta = Vec::with_capacity(b * (len + 1));
    for i in 0..=len {
        let mut row = vec![super::dfa::NONE; b];
        if i == 0 {
            row[0] = 0;
        }
        if i < len {
            row[usize::from(digits[i])] = (i + 1) as u32;
        }
        delta.extend_from_slice(&row);
    }
    let mut accept = vec![false; len + 1];
    accept[len] = true;
    Dfa::from_parts(numeration, vec![x], delta, accept)
}

/// The automaton of `r = Σ_{i≥1} mᵢ·q_{i−1}` in Ostrowski's numeration, mᵢ the digits of m: the
/// word of m without its last digit, read one place lower (r need not have that word: its own
/// is the greedy one).  `lower(n,x)` of the generalized game rests on it: ⌊(m + 1)α⌋ = m + r + 1
/// (Fraenkel 1982: A_{m+1} − 1 = Σ mᵢ·p_i with p_i = q_i + q_{i−1}).
pub fn right_shift(m: Var, r: Var, budget: &Budget) -> Result<Dfa> {
    let n = budget.numeration;
    let (tm, tr) = if m < r { (0, 1) } else { (1, 0) };
    let vars = if m < r { vec![m, r] } else { vec![r, m] };
    let a = n.multiplier();
    let bound = 4 * a + 4;
    // state: (α, β, the digit of m read last — its weight in r is the next column's, last letter)
    explore(
        vars,
        (0i64, 0i64, 0u32, 0u32),
        budget,
        |&(alpha, beta, pending, last), l| {
            if !n.step_ok(last as usize, l as usize, 2) {
                return None;
            }
            let c = i64::from(n.digit(l as usize, tr)) - i64::from(pending);
            let next = a * alpha + beta + c;
            (next.abs() <= bound).then_some((next, alpha, n.digit(l as usize, tm), l))
        },
        |&(alpha, _, _, last)| alpha == 0 && n.end_ok(last as usize, 2),
    )
}

/// The automaton of `s = m·0`: the Zeckendorf word of s is that of m with a 0 appended
/// (s = ⌊(m + 1)φ⌋ − 1; THEORY §11).
pub fn shift(m: Var, s: Var, budget: &Budget) -> Result<Dfa> {
    zeckendorf_only(budget, "shift")?;
    let m_low = m < s;
    let (bm, bs) = if m_low { (1u32, 2u32) } else { (2u32, 1u32) };
    let vars = if m_low { vec![m, s] } else { vec![s, m] };
    // state: (the digit of m expected next = the digit of s just read, last letter)
    explore(
        vars,
        (false, 0u32),
        budget,
        |&(expect, mask), l| {
            if l & mask != 0 || (l & bm != 0) != expect {
                return None;
            }
            Some((l & bs != 0, l))
        },
        |&(expect, _)| !expect,
    )
}

/// The automaton of the set of `d` whose Zeckendorf word leads a Moore automaton from state 0 to
/// a state whose output satisfies `keep`: `table[s] = (output, next on 0, next on 1 or 255)`.
pub fn moore_output(
    d: Var,
    table: &[(i8, u8, u8)],
    keep: impl Fn(i8) -> bool,
    budget: &Budget,
) -> Result<Dfa> {
    zeckendorf_only(budget, "the 1-value automaton")?;
    explore(
        vec![d],
        (0u8, 0u32),
        budget,
        |&(s, mask), l| {
            if l & mask != 0 {
                return None;
            }
            let t = if l == 0 {
                table[s as usize].1
            } else {
                table[s as usize].2
            };
            (usize::from(t) < table.len()).then_some((t, l))
        },
        |&(s, _)| keep(table[s as usize].0),
    )
}

/// The automaton of the Fibonacci numbers 1, 2, 3, 5, 8, …: words with exactly one 1.
pub fn fibonacci(n: Var, budget: &Budget) -> Result<Dfa> {
    zeckendorf_only(budget, "fib")?;
    explore(
        vec![n],
        0u8,
        budget,
        |&ones, l| match (ones, l) {
            (0, 0) => Some(0),
            (0, 1) => Some(1),
            (_, 0) => Some(2),
            _ => None,
        },
        |&ones| ones > 0,
    )
}

/// Refuses an automaton written for Zeckendorf's digits in another numeration.
fn zeckendorf_only(budget: &Budget, what: &str) -> Result<()> {
    if budget.numeration == Numeration::Zeckendorf {
        Ok(())
    } else {
        Err(wythoff_core::error::Error::usage(format!(
            "{what} is defined for Wythoff's game (a = 1) only"
        )))
    }
}
