//! The small checks run by shard 0 (every other shard lists them as skipped), and two of them:
//!
//! * **identities (a = 1)**: A_n + B_n = A_{B_n} and A_{A_n} = B_n − 1 for 1 ≤ n < min(bound,
//!   10^7), on the floor formula (identities of the Wythoff pairs, e.g. C. Kimberling,
//!   "Complementary equations and Wythoff sequences", 2008).  Cost: O(1) per n in 128-bit
//!   arithmetic.
//! * **three-pile = brute force**: the three-pile engine ([`crate::three_pile`]) against the
//!   brute-force oracle ([`crate::oracle::BruteBox`]) deciding the rules of the registry's
//!   `three-pile` ([`crate::registry`]) on the cube up to min(N, 20); the count and sum of the
//!   P-positions x ≤ y ≤ z ≤ N are reported as facts.
//!
//! * **registry games = oracle**: every game of the registry on the small boxes its family
//!   declares, P or N and every winning move by its engine against the oracle of its moves
//!   ([`crate::registry::check`]; about 30 000 positions in all).
//!
//! The misère checks live in [`super::misere`], the Grundy checks in [`super::grundy`].  The
//! list of names is the same for every shard of one configuration, so that reports merge.

use super::Config;
use super::report::{Check, Measurement};
use super::run::{Run, pn};
use crate::cancel::Cancel;
use crate::error::Result;
use crate::pairs::algebraic;
use serde_json::json;

/// The small checks and measurements of this configuration: run for shard 0, listed as
/// skipped ("run by shard 0") for the others.
pub(super) fn small_checks(
    cfg: &Config,
    cancel: &Cancel,
) -> Result<(
    Vec<Check>,
    Vec<Measurement>,
    Option<super::table::TableFacts>,
)> {
    let other = format!("run by shard 0/{}", cfg.shard.1);
    let run = if cfg.shard.0 == 0 {
        Run::Here
    } else {
        Run::Skip(&other)
    };
    cancel.check()?;
    let mut checks = vec![identities(cfg, run)];
    cancel.check()?;
    checks.extend(super::misere::checks(cfg, run)?);
    let (g, mut measurements) = super::grundy::checks(cfg, run, cancel)?;
    checks.extend(g);
    checks.push(three(cfg, run, cancel)?);
    checks.push(registry_games(run, cancel)?);
    if cfg.three > 0 && matches!(run, Run::Here) {
        measurements.push(three_discrepancy(cfg.three, cancel)?);
    }
    cancel.check()?;
    let (t, m, facts) = super::table::file_checks(cfg, run)?;
    checks.extend(t);
    measurements.extend(m);
    Ok((checks, measurements, facts))
}

/// Every game of the registry against the brute-force oracle of its moves, on the boxes of
/// each family declares ([`crate::registry::samples`]).
fn registry_games(run: Run, cancel: &Cancel) -> Result<Check> {
    use crate::registry::check::{NAME, against_oracle, covers};
    match run {
        Run::Here => against_oracle(&crate::Context::serial().with_cancel(cancel)),
        Run::Skip(why) => Ok(Check::skipped(NAME, covers(), why)),
    }
}

/// A_n + B_n = A_{B_n} and A_{A_n} = B_n − 1 (a = 1).
fn identities(cfg: &Config, run: Run) -> Check {
    use rayon::prelude::*;
    const NAME: &str = "identities (a = 1)";
    let m = cfg.bound.min(10_000_000);
    let covers = format!("A_n + B_n = A_(B_n) and A_(A_n) = B_n - 1 for 1 <= n < {m}");
    if cfg.a != 1 {
        return Check::skipped(NAME, covers, "these identities hold for a = 1 only");
    }
    if let Run::Skip(why) = run {
        return Check::skipped(NAME, covers, why);
    }
    // A_n = ⌊nφ⌋ below 2^64 (n < 10^7 keeps every argument far below)
    let lower = |n: u128| -> Option<u128> { algebraic::lower_u128(1, u64::try_from(n).ok()?) };
    let holds = |n: u64| -> Option<bool> {
        let an = lower(n as u128)?;
        let bn = an + n as u128;
        Some(an + bn == lower(bn)? && lower(an)? + 1 == bn)
    };
    let bad = (1..m.max(1))
        .into_par_iter()
        .filter(|&n| holds(n) != Some(true))
        .min();
    Check::ran(
        NAME,
        covers,
        m.saturating_sub(1),
        bad.map(|n| format!("n = {n}: an identity fails")),
        "the bound leaves no n >= 1",
    )
}

/// The three-pile engine against a brute-force search.
fn three(cfg: &Config, run: Run, cancel: &Cancel) -> Result<Check> {
    use crate::oracle::BruteBox;
    use crate::three_pile::Box3;
    const NAME: &str = "three-pile = brute force";
    let m = cfg.three.min(20);
    let covers = format!(
        "every position 0 <= x, y, z <= {m}: P-positions of the engine = a brute-force search of the rules; count and sum over the cube up to {}",
        cfg.three
    );
    if cfg.three == 0 {
        return Ok(Check::skipped(
            NAME,
            covers,
            "no three-pile bound requested (0)",
        ));
    }
    if let Run::Skip(why) = run {
        return Ok(Check::skipped(NAME, covers, why));
    }
    // the corner [0, m]³ of the cube is solved on its own (a box closed under moves)
    let b = Box3::solve([m; 3], &crate::Context::serial().with_cancel(cancel))?;
    // the game's rules as the registry states them, decided by the one brute-force oracle
    let oracle = BruteBox::solve(&*crate::registry::find("three-pile")?, &[m; 3])?;
    let mut bad = None;
    for x in 0..=m {
        for y in 0..=m {
            for z in 0..=m {
                let (got, want) = (b.is_p(x, y, z), oracle.is_p(&[x, y, z]));
                if got != want && bad.is_none() {
                    bad = Some(format!(
                        "({x}, {y}, {z}): the engine says {}, the brute-force search {}",
                        pn(got),
                        pn(want)
                    ));
                }
            }
        }
    }
    let whole =
        crate::three_pile::cube::summary(cfg.three, &crate::Context::serial().with_cancel(cancel))?;
    Ok(
        Check::ran(NAME, covers, (m + 1).pow(3), bad, "empty cube").with_fact(
            &format!("p_positions_x<=y<=z<={}", cfg.three),
            json!({"count": whole.count.to_string(), "sum": whole.sum.to_string()}),
        ),
    )
}

/// Rows a ≤ min(1000, bound) of A018219 against Wythoff's pairs, over b ≤ bound
/// ([`crate::three_pile::discrepancy`]): a measurement that proves nothing.
fn three_discrepancy(bound: u64, cancel: &Cancel) -> Result<Measurement> {
    let rows = bound.min(1000);
    let m = crate::three_pile::discrepancy::measure(
        rows,
        bound,
        &crate::Context::serial().with_cancel(cancel),
    )?;
    let worst = |f: &dyn Fn(&crate::three_pile::discrepancy::Row) -> (i64, i64)| {
        let lo = m.iter().map(|r| f(r).0).min().unwrap_or(0);
        let hi = m.iter().map(|r| f(r).1).max().unwrap_or(0);
        json!([lo, hi])
    };
    Ok(Measurement {
        name: "three-pile rows against Wythoff's pairs".into(),
        covers: format!(
            "rows a = 0..={rows} of A018219: the pairs (b, T(a, b)) with b < T(a, b) and \
             b <= {bound}, numbered n = 1, 2, ... by b; extremes of b - floor(n phi) and \
             T(a, b) - floor(n phi^2); a measurement over this range only, it proves no bound"
        ),
        values: json!({
            "b_minus_floor_n_phi": worst(&|r| r.lower),
            "t_minus_floor_n_phi2": worst(&|r| r.upper),
            "rows": m,
        }),
    })
}
