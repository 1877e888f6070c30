//! The atomic automata of the arithmetic: linear equations Σ aᵢxᵢ = 0 (so `x + y = z`, `=`,
//! `k*x`), the order `x < y`, a constant `x = K`, and the Zeckendorf shift.
//!
//! **Equations.** For a word w with digits in ℤ (the column sums Σ aᵢ·(digit of xᵢ)) write its
//! value with k more digits to come as α·F(k+2) + β·F(k+1) (F(1) = F(2) = 1): appending a digit
//! c maps (α, β) to (α + β + c, α), and the value of the whole word is α + β.  So Σ aᵢxᵢ = 0 is
//! decided by reading the columns and accepting where α + β = 0 (THEORY §11, the adder of
//! Frougny's normalization, here for any coefficients).  Finitely many (α, β) can still return
//! to 0: with |c| ≤ M, the conjugate quantity αψ + β (ψ = −1/φ) of a reachable state is at most
//! M·φ in absolute value (it is contracted by |ψ| at every step), and a state that can still
//! reach 0 has |αφ + β| ≤ (φ² + 2)·M (the remaining digits are worth at most M·(F(k+3) − 2));
//! so |α| ≤ 3M and |β| ≤ 3M.  The exploration is cut at 4M + 4, the states that cannot reach
//! acceptance are removed by the minimization, and a test checks that a box twice as large
//! gives the same automaton.  Cost: O(M²·2^k) states, 2^k letters each.
//!
//! **Order.** Two valid words of one length compare as numbers exactly when they compare
//! lexicographically (a Zeckendorf sum of Fibonacci numbers below F(j) is less than F(j)), so
//! `x < y` is three states.
//!
//! **Other numerations.**  In Ostrowski's system of [1; a, a, …] ([`super::numeration`]) the
//! weights satisfy q_{i+1} = a·q_i + q_{i−1} with q₋₁ = 0, so a digit c maps (α, β) to
//! (a·α + β + c, α) and the word's value is α; the same Pisot argument bounds the states (the
//! conjugate root lies in (−1/2, 0)), and the same test of a doubled box checks the bound.

use super::dfa::{Budget, Dfa, Var};
use super::numeration::Numeration;
use super::ops::explore;
use rug::Integer;
use wythoff_core::error::Result;

/// The automaton of Σ aᵢxᵢ = 0 over the given (variable, coefficient) pairs; a variable may
/// repeat (its coefficients add up), zero coefficients drop out.
pub fn equation(terms: &[(Var, i64)], budget: &Budget) -> Result<Dfa> {
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
    let top = budget.numeration.base() as i64 - 1;
    let bound = 4 * top * pos.max(neg) + 4;
    build_equation(vars, coef, bound, budget)
}

/// [`equation`] explored inside the box (public so that a test can check that a larger box adds
/// nothing) |α|, |β| ≤ `bound`.
pub fn build_equation(vars: Vec<Var>, coef: Vec<i64>, bound: i64, budget: &Budget) -> Result<Dfa> {
    let n = budget.numeration;
    let k = vars.len();
    let digit: Vec<i64> = (0..n.letters(k))
        .map(|l| {
            coef.iter()
                .enumerate()
                .map(|(i, &a)| a * i64::from(n.digit(l, i)))
                .sum()
        })
        .collect();
    let m = n.multiplier();
    let zeckendorf = n == Numeration::Zeckendorf;
    explore(
        vars,
        (0i64, 0i64, 0u32),
        budget,
        |&(alpha, beta, last), l| {
            if !n.step_ok(last as usize, l as usize, k) {
                return None;
            }
            let next = m * alpha + beta + digit[l as usize];
            (next.abs() <= bound).then_some((next, alpha, l))
        },
        |&(alpha, beta, last)| {
            let zero = if zeckendorf {
                alpha + beta == 0
            } else {
                alpha == 0
            };
            zero && n.end_ok(last as usize, k)
        },
    )
}

/// The automaton of `x < y` (x ≠ y).
pub fn less(x: Var, y: Var, budget: &Budget) -> Result<Dfa> {
    // states: (smaller already decided, last letter); tracks ordered by variable
    let n = budget.numeration;
    let (tx, ty) = if x < y { (0, 1) } else { (1, 0) };
    let vars = if x < y { vec![x, y] } else { vec![y, x] };
    explore(
        vars,
        (false, 0u32),
        budget,
        |&(lt, last), l| {
            if !n.step_ok(last as usize, l as usize, 2) {
                return None;
            }
            let (dx, dy) = (n.digit(l as usize, tx), n.digit(l as usize, ty));
            match (lt, dx.cmp(&dy)) {
                (true, _) | (false, std::cmp::Ordering::Less) => Some((true, l)),
                (false, std::cmp::Ordering::Greater) => None,
                (false, std::cmp::Ordering::Equal) => Some((false, l)),
            }
        },
        |&(lt, last)| lt && n.end_ok(last as usize, 2),
    )
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
