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

use super::dfa::{Budget, Dfa, Var, explore};
use crate::error::Result;
use rug::Integer;

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
    let bound = 4 * pos.max(neg) + 4;
    build_equation(vars, coef, bound, budget)
}

/// [`equation`] explored inside the box (public so that a test can check that a larger box adds
/// nothing) |α|, |β| ≤ `bound`.
pub fn build_equation(vars: Vec<Var>, coef: Vec<i64>, bound: i64, budget: &Budget) -> Result<Dfa> {
    let digit: Vec<i64> = (0..1usize << vars.len())
        .map(|l| {
            coef.iter()
                .enumerate()
                .filter(|&(i, _)| (l >> i) & 1 == 1)
                .map(|(_, &a)| a)
                .sum()
        })
        .collect();
    explore(
        vars,
        (0i64, 0i64, 0u32),
        budget,
        |&(alpha, beta, mask), l| {
            if l & mask != 0 {
                return None;
            }
            let next = alpha + beta + digit[l as usize];
            (next.abs() <= bound && alpha.abs() <= bound).then_some((next, alpha, l))
        },
        |&(alpha, beta, _)| alpha + beta == 0,
    )
}

/// The automaton of `x < y` (x ≠ y).
pub fn less(x: Var, y: Var, budget: &Budget) -> Result<Dfa> {
    // states: (smaller already decided, last letter); tracks ordered by variable
    let x_low = x < y;
    let (bx, by) = if x_low { (1u32, 2u32) } else { (2u32, 1u32) };
    let vars = if x_low { vec![x, y] } else { vec![y, x] };
    explore(
        vars,
        (false, 0u32),
        budget,
        |&(lt, mask), l| {
            if l & mask != 0 {
                return None;
            }
            let (dx, dy) = (l & bx != 0, l & by != 0);
            match (lt, dx, dy) {
                (true, _, _) => Some((true, l)),
                (false, false, true) => Some((true, l)),
                (false, true, false) => None,
                _ => Some((false, l)),
            }
        },
        |&(lt, _)| lt,
    )
}

/// The Zeckendorf digits of `n` over 1, 2, 3, 5, …, most significant first (empty for 0).
pub fn zeckendorf(n: &Integer) -> Vec<u8> {
    let mut fibs = vec![Integer::from(1), Integer::from(2)];
    while fibs[fibs.len() - 1] <= *n {
        let next = Integer::from(&fibs[fibs.len() - 1] + &fibs[fibs.len() - 2]);
        fibs.push(next);
    }
    let mut rest = n.clone();
    let mut digits = Vec::new();
    for f in fibs.iter().rev() {
        if *f <= rest {
            rest -= f;
            digits.push(1);
        } else if !digits.is_empty() {
            digits.push(0);
        }
    }
    digits
}

/// The value of Zeckendorf digits, most significant first.
pub fn from_zeckendorf(digits: &[u8]) -> Integer {
    let (mut lo, mut hi) = (Integer::from(1), Integer::from(2));
    let mut value = Integer::new();
    for &d in digits.iter().rev() {
        if d == 1 {
            value += &lo;
        }
        let next = Integer::from(&lo + &hi);
        lo = std::mem::replace(&mut hi, next);
    }
    value
}

/// The automaton of `x = n`.
pub fn constant(x: Var, n: &Integer) -> Dfa {
    let digits = zeckendorf(n);
    let len = digits.len();
    // state i: i digits of n read (state 0 also reads the leading zeros); state len accepts
    let mut delta = Vec::with_capacity(2 * (len + 1));
    for i in 0..=len {
        let mut row = [super::dfa::NONE; 2];
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
    Dfa::from_parts(vec![x], delta, accept)
}

/// The automaton of `s = m·0`: the Zeckendorf word of s is that of m with a 0 appended
/// (s = ⌊(m + 1)φ⌋ − 1; THEORY §11).
pub fn shift(m: Var, s: Var, budget: &Budget) -> Result<Dfa> {
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
