//! The cross-strategy check: one question put to several solvers — Fraenkel's strategies
//! recursive, algebraic and arithmetic on the same rules — whose answers must be equal.
//!
//! The three strategies compute the same pairs by independent means (the mex recursion, the
//! floor formula with exact square roots, the numeration systems: [`super`]), so equal answers
//! are evidence for each, and a difference is a bug in one of them, reported as
//! [`Error::Disagreement`] naming the first two strategies that differ and both answers.
//!
//! Cost: one call of the question per solver, in the order given (the recursive strategy
//! O(n), the others polylogarithmic in the size: [`Strategy`]); nothing beyond.  The context's
//! flag is polled before each solver, and each solver done is reported as one unit of
//! progress; the solvers run one after the other on the calling thread.

use super::{Outcome, Position, Solver, Strategy};
use crate::context::Context;
use crate::error::{Error, Result};
use rug::Integer;
use std::fmt::Debug;

/// The answer all the solvers gave, and which strategies gave it (in the order run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreed<T> {
    /// The common answer.
    pub value: T,
    /// The strategies compared.
    pub strategies: Vec<Strategy>,
}

/// Runs `f` with every solver of `solvers` and insists that all answers are equal: the common
/// answer, or [`Error::Disagreement`] (`the S and T strategies disagree on WHAT: A vs B`) at the
/// first answer that differs from the first solver's; the error of a solver as it is; an
/// internal error for an empty list of solvers.
pub fn agree<T: PartialEq + Debug>(
    solvers: &[Solver],
    what: &str,
    ctx: &Context,
    f: impl Fn(&Solver) -> Result<T>,
) -> Result<Agreed<T>> {
    let mut first: Option<(Strategy, T)> = None;
    let mut strategies = Vec::with_capacity(solvers.len());
    for s in solvers {
        ctx.check()?;
        let v = f(s)?;
        ctx.report(1);
        strategies.push(s.strategy());
        match &first {
            None => first = Some((s.strategy(), v)),
            Some((fs, fv)) => {
                if *fv != v {
                    return Err(Error::Disagreement(format!(
                        "the {fs} and {} strategies disagree on {what}: {fv:?} vs {v:?}",
                        s.strategy()
                    )));
                }
            }
        }
    }
    let (_, value) = first.ok_or_else(|| Error::internal("no strategy was run"))?;
    Ok(Agreed { value, strategies })
}

/// The n-th pair (A_n, B_n) by every solver, checked equal ([`agree`] on [`Solver::nth`]).
pub fn nth(solvers: &[Solver], n: &Integer, ctx: &Context) -> Result<Agreed<Position>> {
    let what = format!("pair n = {}", super::abbreviate(n));
    agree(solvers, &what, ctx, |s| s.nth(n))
}

/// The outcome of (x, y) and its winning moves by every solver, checked equal ([`agree`] on
/// [`Solver::analyse`]).
pub fn analyse(
    solvers: &[Solver],
    x: &Integer,
    y: &Integer,
    ctx: &Context,
) -> Result<Agreed<(Outcome, Vec<Position>)>> {
    let what = format!(
        "position ({}, {})",
        super::abbreviate(x),
        super::abbreviate(y)
    );
    agree(solvers, &what, ctx, |s| s.analyse(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    fn all(rules: Rules) -> Vec<Solver> {
        Strategy::ALL
            .iter()
            .map(|&s| Solver::new(rules, s))
            .collect()
    }

    /// ⌊n·φ⌋ = ⌊(n + √(5n²))/2⌋ with the exact integer square root: ⌊n + √(5n²)⌋ is n + ⌊√(5n²)⌋
    /// since n is an integer, and halving a floor of a real gives the floor of its half.
    fn floor_n_phi(n: u64) -> u64 {
        let n = u128::from(n);
        let five = 5 * n * n;
        let mut r = (five as f64).sqrt() as u128;
        while r * r > five {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= five {
            r += 1;
        }
        u64::try_from((n + r) / 2).unwrap()
    }

    #[test]
    fn the_three_strategies_agree_on_wythoff_s_pairs_and_give_the_floor_formula() {
        let solvers = all(Rules::new(1, false).unwrap());
        for n in (0..3000u64).chain([1 << 20, 5_000_017]) {
            let got = nth(&solvers, &Integer::from(n), &Context::serial()).unwrap();
            assert_eq!(got.strategies, Strategy::ALL.to_vec(), "n={n}");
            let a = floor_n_phi(n);
            assert_eq!(got.value, (Integer::from(a), Integer::from(a + n)), "n={n}");
        }
    }

    #[test]
    fn the_strategies_agree_on_the_positions_of_each_game() {
        for a in 1..=3u64 {
            for misere in [false, true] {
                let solvers = all(Rules::new(a, misere).unwrap());
                for x in 0..40u64 {
                    for y in 0..40u64 {
                        let (xi, yi) = (Integer::from(x), Integer::from(y));
                        let got = analyse(&solvers, &xi, &yi, &Context::serial()).unwrap();
                        assert_eq!(got.strategies.len(), 3);
                        // a P-position has no winning move, an N-position (but misère (0, 0)) has one
                        let p = got.value.0 == Outcome::P;
                        assert_eq!(p, got.value.1.is_empty() && !(misere && x + y == 0));
                    }
                }
            }
        }
    }

    #[test]
    fn a_difference_is_a_disagreement_naming_both_strategies_and_answers() {
        let solvers = all(Rules::new(1, false).unwrap());
        // an answer that depends on the strategy: the arithmetic one is off by one
        let skewed = |s: &Solver| -> Result<u64> {
            Ok(if s.strategy() == Strategy::Arithmetic {
                8
            } else {
                7
            })
        };
        match agree(&solvers, "the test value", &Context::serial(), skewed) {
            Err(Error::Disagreement(m)) => assert_eq!(
                m,
                "the recursive and arithmetic strategies disagree on the test value: 7 vs 8"
            ),
            r => panic!("{r:?}"),
        }
        // a solver's own error passes unchanged; no solvers is a bug, not agreement
        let failing = |_: &Solver| -> Result<u64> { Err(Error::usage("refused")) };
        let r = agree(&solvers, "x", &Context::serial(), failing);
        assert!(matches!(r, Err(Error::Usage(_))), "{r:?}");
        let none = agree(&[], "x", &Context::serial(), |_| Ok(0u8));
        assert!(matches!(none, Err(Error::Internal(_))), "{none:?}");
    }

    #[test]
    fn a_cancelled_context_stops_before_the_first_solver_and_progress_counts_solvers() {
        use std::sync::atomic::{AtomicU64, Ordering};
        let solvers = all(Rules::new(2, false).unwrap());
        let stop = crate::cancel::Cancel::new();
        stop.cancel();
        let ctx = Context::serial().with_cancel(&stop);
        let r = agree(&solvers, "x", &ctx, |_| -> Result<u8> { panic!("ran") });
        assert!(matches!(r, Err(Error::Cancelled)), "{r:?}");
        let done = AtomicU64::new(0);
        let tick = |d: u64| {
            done.fetch_add(d, Ordering::Relaxed);
        };
        nth(
            &solvers,
            &Integer::from(10),
            &Context::serial().with_progress(&tick),
        )
        .unwrap();
        assert_eq!(done.load(Ordering::Relaxed), 3);
    }
}
