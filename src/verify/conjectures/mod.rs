//! Two questions of the OEIS, checked for every n below a bound (`verify --conjectures`):
//!
//! * **A073869 = A005206?**  m(n) = (A002251(0) + … + A002251(n))/(n + 1), the running mean of
//!   the Wythoff partner permutation, against Hofstadter's G.
//! * **A090909 = A001950?**  The k ≥ 1 with m(k − 1) = m(k) ≠ m(k + 1) (the entry's data are these
//!   k; doc/oeis.md), against the upper Wythoff sequence ⌊jφ²⌋.
//!
//! Both are theorems (doc/conjectures.md gives the literature and a two-line proof); this module
//! checks them by machine from the definitions, never from a closed form of A073869 or A090909:
//!
//! * A002251 from its definition, the swap of the Wythoff pairs: p(A_j) = B_j, p(B_j) = A_j,
//!   p(0) = 0, with (A_j, B_j) = (⌊jφ⌋, ⌊jφ²⌋) from the proved Sturmian kernel of
//!   [`crate::pairs::bulk`] (the one that writes the pairs files).  Two cursors walk the A's and
//!   the B's; every n must be the next A or the next B (their complementarity is checked, not
//!   assumed), and each chunk's cursors end on the square-root formula's values.
//! * S(n) = Σ_{k ≤ n} p(k) in exact 128-bit integers, and the check at every n is
//!   S(n) = (n + 1)·G(n): that is, n + 1 divides S(n) (checked, not assumed) and the mean is
//!   G(n).  G(n) = ⌊(n + 1)/φ⌋ by the exact walk of [`hofstadter::GWalk`] (no code shared with
//!   the pairs' kernel), itself checked against the recursion G(n) = n − G(G(n − 1)) for
//!   n < 2^24 by shard 0.
//! * The plateaus k of m (m being G where the first check passed) against ⌊jφ²⌋ from a third
//!   exact walk ([`beatty::UpperWalk`]): every k is a plateau exactly when it is the next
//!   ⌊jφ²⌋, so the two sets agree on the range, in order.
//!
//! A chunk [lo, hi) starts from S(lo' − 1), lo' = max(lo − 2, 1), computed in O(log n) from the
//! Beatty sums ([`beatty::lower_sum`]): the n < lo' are A_1..A_{i−1} and B_1..B_{i'−1}, so
//! S(lo' − 1) = Σ_{j<i} B_j + Σ_{j<i'} A_j.  Chunks run in parallel and in shards; a chunk stops
//! at its first counterexample, which is given in full.  Cost: a few ns per n.

pub mod beatty;
pub mod hofstadter;

use super::report::Check;
use super::{Checkpoint, Config, mex};
use crate::error::{Error, Result};
use crate::game::Rules;
use crate::pairs::bulk::{Chunk, Plan};

/// The largest bound accepted (values and sums then fit: S(n) < 2^122).
pub const MAX_BOUND: u64 = 1 << 60;

/// The first check's name.
pub const MEAN: &str = "A073869 = A005206";
/// The second check's name.
pub const PLATEAUS: &str = "A090909 = A001950";
/// The third check's name (shard 0).
pub const RECURSION: &str = "A005206: recursion = floor((n+1)/phi)";

/// What the check `name` covers for the n in [lo, hi) (`None` for another name).
pub fn covers(name: &str, lo: u64, hi: u64) -> Option<String> {
    match name {
        MEAN => Some(format!(
            "every n in [{lo}, {hi}): S(n) = A002251(0) + ... + A002251(n) (A002251 by swapping the Wythoff pairs (floor(j*phi), floor(j*phi^2)) of the Sturmian kernel, the pairs' complementarity checked at every n) equals (n+1)*G(n) exactly, so n+1 divides S(n) and A073869(n) = G(n) = A005206(n) (floor((n+1)/phi) by an exact integer walk)"
        )),
        PLATEAUS => {
            let (k0, k1) = k_range(lo, hi);
            Some(format!(
                "every k in [{k0}, {k1}): m(k-1) = m(k) != m(k+1) (m = A073869 as checked, so k is a term of A090909) exactly when k is the next floor(j*phi^2) (A001950 by an exact integer walk)"
            ))
        }
        _ => None,
    }
}

/// The k decided by the n in [lo, hi): k + 1 = n, k ≥ 1.
fn k_range(lo: u64, hi: u64) -> (u64, u64) {
    let k0 = lo.max(2) - 1;
    (k0, (hi.max(1) - 1).max(k0))
}

/// Test doubles: a perturbed term, to see the checks catch it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    /// A002251(n) + 1 at this n.
    pub partner: Option<u64>,
    /// The term k of A001950 replaced by k + 1 (where k is one).
    pub upper: Option<u64>,
}

/// Refuses what the check cannot do: a ≠ 1, a bound past [`MAX_BOUND`], other checks.
pub fn validate(cfg: &Config) -> Result<()> {
    if cfg.a != 1 {
        return Err(Error::domain(
            "the conjectures are about Wythoff's game: a must be 1",
        ));
    }
    if cfg.bound > MAX_BOUND {
        return Err(Error::domain(format!(
            "bound {} is past 2^60 = {MAX_BOUND}, where the conjectures are checked",
            cfg.bound
        )));
    }
    if cfg.grundy != 0
        || cfg.three != 0
        || cfg.table.is_some()
        || cfg.window.is_some()
        || cfg.inject_carry.is_some()
        || cfg.inject_digit.is_some()
    {
        return Err(Error::internal("the conjectures are checked on their own"));
    }
    Ok(())
}

/// Runs the three checks over this shard's range: [`MEAN`], [`PLATEAUS`] and (shard 0)
/// [`RECURSION`].  `progress(items)` as in [`super::run`]; with a checkpoint, chunks recorded
/// are not run again.
pub fn checks(
    cfg: &Config,
    progress: &(dyn Fn(u64) + Sync),
    checkpoint: Option<&Checkpoint>,
) -> Result<Vec<Check>> {
    use rayon::prelude::*;
    validate(cfg)?;
    let (lo, hi) = cfg.range();
    let faults = Faults {
        partner: cfg.inject_fault,
        upper: None,
    };
    let chunks = (hi - lo).div_ceil(mex::CHUNK);
    // (n examined, k examined, first counterexample with its chunk start)
    type Part = (u64, u64, Option<(u64, String)>);
    let (count_n, count_k, first) = (0..chunks)
        .into_par_iter()
        .map(|j| -> Result<Part> {
            let s = lo + j * mex::CHUNK; // < hi
            let e = s.saturating_add(mex::CHUNK).min(hi);
            let (n, ce) = match checkpoint.and_then(|c| c.done(s)) {
                Some(done) => done,
                None => {
                    let r = chunk(s, e, faults)?;
                    if let Some(c) = checkpoint {
                        c.record(s, r.0, r.1.as_deref())?;
                    }
                    r
                }
            };
            progress(e - s);
            Ok((n, k_examined(s, n), ce.map(|t| (s, t))))
        })
        .try_reduce(
            || (0, 0, None),
            |(n1, k1, c1), (n2, k2, c2)| {
                let first = match (c1, c2) {
                    (Some(x), Some(y)) => Some(if x.0 <= y.0 { x } else { y }),
                    (x, y) => x.or(y),
                };
                Ok((n1 + n2, k1 + k2, first))
            },
        )?;
    let (mean_ce, plateau_ce) = match first {
        Some((_, t)) if t.starts_with("A090909") => (None, Some(t)),
        Some((_, t)) => (Some(t), None),
        None => (None, None),
    };
    let mut out = vec![
        Check::ran(
            MEAN,
            covers(MEAN, lo, hi).unwrap_or_default(),
            count_n,
            mean_ce,
            "the range is empty",
        ),
        Check::ran(
            PLATEAUS,
            covers(PLATEAUS, lo, hi).unwrap_or_default(),
            count_k,
            plateau_ce,
            "no k is decided by this range (k + 1 = n >= 2)",
        ),
    ];
    out.push(recursion_check(cfg));
    Ok(out)
}

/// The k examined by a chunk from `s` that examined `n` n's: one per n ≥ 2 (k = n − 1).
fn k_examined(s: u64, n: u64) -> u64 {
    (s + n).saturating_sub(s.max(2))
}

/// What the recursion check covers.
fn recursion_covers(len: u64) -> String {
    format!(
        "every n < {len}: G(n) by the recursion G(0) = 0, G(n) = n - G(G(n-1)) (A005206's definition) equals the exact walk floor((n+1)/phi) used by '{MEAN}'"
    )
}

/// [`RECURSION`]: the walk against the definition of G, for n < min(bound, 2^24), by shard 0.
fn recursion_check(cfg: &Config) -> Check {
    let len = cfg.bound.min(hofstadter::RECURSION_MAX);
    if cfg.shard.0 != 0 {
        return Check::skipped(
            RECURSION,
            recursion_covers(len),
            format!("run by shard 0/{}", cfg.shard.1),
        );
    }
    let g = hofstadter::by_recursion(len);
    let mut ce = None;
    match hofstadter::GWalk::at(0) {
        Ok(mut w) => {
            for (n, &v) in g.iter().enumerate() {
                let got = if n == 0 { w.value() } else { w.step() };
                if got != v {
                    ce = Some(format!(
                        "n = {n}: the recursion gives G(n) = {v}, the walk floor((n+1)/phi) = {got}"
                    ));
                    break;
                }
            }
        }
        Err(e) => ce = Some(format!("the walk could not start: {e}")),
    }
    Check::ran(RECURSION, recursion_covers(len), len, ce, "the bound is 0")
}

/// The smallest j ≥ 1 with f(j) ≥ x, for f increasing and f(j) ≥ j, from the guess `j`.
/// The guess is within a few steps of the answer (it is ⌊x/θ⌋ or so); more than 64 steps
/// is an internal error, not a long search.
fn first_at_least(x: u64, guess: u64, f: impl Fn(u64) -> Result<u64>) -> Result<u64> {
    let mut j = guess.max(1);
    let mut steps = 0;
    while j > 1 && f(j - 1)? >= x {
        j -= 1;
        steps += 1;
        if steps > 64 {
            return Err(Error::internal(format!(
                "index search from {guess} for {x}"
            )));
        }
    }
    while f(j)? < x {
        j += 1;
        steps += 1;
        if steps > 64 {
            return Err(Error::internal(format!(
                "index search from {guess} for {x}"
            )));
        }
    }
    Ok(j)
}

/// Restarts after a counterexample within one chunk; beyond them the chunk stops early and
/// its count says so.
const MAX_RESTARTS: u32 = 64;

/// Checks the n in [lo, hi) (lo < hi ≤ [`MAX_BOUND`]): returns the number of n examined and the
/// first counterexample, whose text starts with the A-number of the sequence that failed.
///
/// After a counterexample at n the check starts afresh at n + 1 (from the Beatty sums, as a
/// chunk starts), so every n is examined and the first counterexample does not depend on how
/// the range was cut — up to [`MAX_RESTARTS`] counterexamples, after which the chunk stops.
pub fn chunk(lo: u64, hi: u64, faults: Faults) -> Result<(u64, Option<String>)> {
    let mut first = None;
    let mut at = lo;
    let mut count = 0;
    for _ in 0..=MAX_RESTARTS {
        let (n, ce) = run(at, hi, faults)?;
        count += n;
        match ce {
            None => return Ok((count, first)),
            Some(t) => {
                first = first.or(Some(t));
                at += n; // the counterexample was at at + n − 1
                if at >= hi {
                    return Ok((count, first));
                }
            }
        }
    }
    Ok((count, first))
}

/// [`chunk`] up to its first counterexample: the n examined (to and including the
/// counterexample's) and the counterexample.
fn run(lo: u64, hi: u64, faults: Faults) -> Result<(u64, Option<String>)> {
    if lo >= hi || hi > MAX_BOUND {
        return Err(Error::internal(format!("conjectures chunk [{lo}, {hi})")));
    }
    // n = 0: A002251(0) = 0, S(0) = 0 = 1·G(0); nothing else is decided there.
    let fault_n = faults.partner.unwrap_or(u64::MAX);
    if lo == 0 && fault_n == 0 {
        return Ok((
            1,
            Some(
                "A073869: n = 0: A002251(0) + ... + A002251(0) = 1 (A002251(0) = 1), and (n+1)*G(n) = 1*0 = 0: the mean 1/1 = 1 differs from G(0) = 0".into(),
            ),
        ));
    }
    if hi == 1 {
        return Ok((1, None));
    }
    let ns = lo.saturating_sub(2).max(1); // the first n stepped; n < lo only set up the means
    let lower = beatty::lower;
    let ja = first_at_least(ns, beatty::floor_at(-1, ns)? as u64, lower)?;
    let jb = first_at_least(ns, ns - beatty::floor_at(-1, ns)? as u64, |j| {
        Ok(lower(j)? + j)
    })?;
    let mut s: u128 = beatty::upper_sum(ja - 1)? + beatty::lower_sum(jb - 1)?;
    let steps = hi - ns + 2;
    let plan = Plan::new(Rules::new(1, false)?, jb, ja + steps)?;
    let kernel = |j: u64| -> Result<crate::pairs::bulk::Sturmian> {
        plan.sturmian(Chunk {
            start: j,
            len: steps,
        })?
        .ok_or_else(|| Error::internal("the Sturmian kernel is not proved exact here"))
    };
    let (mut ka, mut kb) = (kernel(ja)?, kernel(jb)?);
    let (mut ja, mut jb) = (ja, jb);
    let mut a_val = plan.pair(ja).0 as u64; // A_ja < 2^61
    let mut b_a = plan.pair(jb).0 as u64; // A_jb
    let mut gw = hofstadter::GWalk::at(ns - 1)?;
    let (k0, _) = k_range(lo, hi);
    let mut ju = first_at_least(k0, k0 - beatty::floor_at(-1, k0)? as u64, |j| {
        Ok(beatty::floor_at(3, j)? as u64)
    })?;
    let mut uw = beatty::UpperWalk::at(ju)?;
    let fault_k = faults.upper.unwrap_or(u64::MAX);
    let bump = |u: u64| if u == fault_k { u + 1 } else { u };
    let mut u = bump(uw.value());
    // m(n − 2), m(n − 1); m(0) = 0 (used only from n = 2 on, when lo ≤ 2 and ns = 1)
    let (mut m2, mut m1) = (0u64, 0u64);
    for n in ns..hi {
        // n is the next A (its partner B_ja = A_ja + ja) or the next B (its partner A_jb);
        // both cursors are moved without a branch, one of them by nothing
        let is_a = n == a_val;
        let b = b_a + jb; // B_jb
        if !is_a && n != b {
            {
                let ce = format!(
                    "A073869: n = {n} is neither the next lower Wythoff number A_{ja} = {a_val} nor the next upper one B_{jb} = {b}: A002251(n) is not defined by the swap"
                );
                if n < lo {
                    return Err(Error::internal(format!(
                        "before the chunk [{lo}, {hi}): {ce}"
                    )));
                }
                return Ok((n - lo + 1, Some(ce)));
            }
        }
        let ia = u64::from(is_a);
        let p = if is_a { a_val + ja } else { b_a };
        let ca = u64::from(ka.carry_if(is_a));
        let cb = u64::from(kb.carry_if(!is_a));
        a_val += ia + ca;
        ja += ia;
        b_a += (1 - ia) + cb;
        jb += 1 - ia;
        let p = if n == fault_n && n >= lo { p + 1 } else { p };
        s += p as u128; // < 2^122 for n < 2^60
        let g = gw.step(); // G(n)
        let target = (n as u128 + 1) * g as u128;
        let mut ce = None;
        if s != target && n >= lo {
            let d = n as u128 + 1;
            let how = if !s.is_multiple_of(d) {
                format!("S(n) mod (n+1) = {}: the mean is not an integer", s % d)
            } else {
                format!("the mean is {}, not G(n) = {g}", s / d)
            };
            ce = Some(format!(
                "A073869: n = {n}: S(n) = A002251(0) + ... + A002251(n) = {s} (A002251(n) = {p}), but (n+1)*G(n) = {d}*{g} = {target}: {how}"
            ));
        }
        if n >= lo && n >= 2 {
            let k = n - 1;
            // m(k+1) = S(n)/(n+1) differs from m(k) = m1 exactly when S(n) != (n+1)·m1 (where
            // the mean check passed at n: when G(n) != m1)
            let term = (m2 == m1)
                & if ce.is_none() {
                    g != m1
                } else {
                    s != (n as u128 + 1) * m1 as u128
                };
            let expected = u == k;
            if term != expected {
                let next = if ce.is_none() {
                    format!("{g}")
                } else {
                    format!("{s}/{}", n as u128 + 1)
                };
                ce = ce.or(Some(format!(
                    "A090909: k = {k}: m(k-1) = {m2}, m(k) = {m1}, m(k+1) = {next}, so k is {} of A090909, but the next term of A001950 is floor({ju}*phi^2) = {u}",
                    if term { "a term" } else { "not a term" }
                )));
                return Ok((n - lo + 1, ce));
            }
            uw.advance_if(expected);
            ju = uw.j();
            u = bump(uw.value());
        }
        if ce.is_some() {
            return Ok((n - lo + 1, ce));
        }
        m2 = m1;
        m1 = g;
    }
    // The kernels' cursors end on the square-root formula's values.
    if u128::from(a_val) != plan.pair(ja).0 || u128::from(b_a) != plan.pair(jb).0 {
        return Err(Error::internal(format!(
            "conjectures chunk [{lo}, {hi}): the Sturmian cursors left the floor formula"
        )));
    }
    Ok((hi - lo, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_pass_and_catch_faults() {
        assert_eq!(chunk(0, 50_000, Faults::default()).unwrap(), (50_000, None));
        for lo in [1u64, 2, 3, 4, 5, 7, 100, 12_345] {
            assert_eq!(
                chunk(lo, lo + 3000, Faults::default()).unwrap().1,
                None,
                "{lo}"
            );
        }
        let far = (1u64 << 60) - 100_000;
        assert_eq!(
            chunk(far, far + 100_000, Faults::default()).unwrap().1,
            None
        );
        let f = Faults {
            partner: Some(777),
            upper: None,
        };
        let (n, ce) = chunk(0, 5000, f).unwrap();
        assert_eq!(n, 5000); // every n examined, the check started afresh after the fault
        assert!(ce.unwrap().starts_with("A073869: n = 777:"));
        let k = beatty::floor_at(3, 1000).unwrap() as u64; // B_1000
        let f = Faults {
            partner: None,
            upper: Some(k),
        };
        let (_, ce) = chunk(0, 5000, f).unwrap();
        assert!(ce.unwrap().starts_with(&format!("A090909: k = {k}:")));
        // the fault doubles are caught far out too
        let f = Faults {
            partner: Some(far + 5),
            upper: None,
        };
        let (n, ce) = chunk(far, far + 100, f).unwrap();
        assert_eq!(n, 100);
        assert!(
            ce.unwrap()
                .starts_with(&format!("A073869: n = {}:", far + 5))
        );
    }
}
