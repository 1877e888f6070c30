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
//! S(lo' − 1) = Σ_{j<i} B_j + Σ_{j<i'} A_j.  Chunks run in parallel and in shards; the loop is
//! in the private module `sweep` (exact steps, and blocks of 1024 n's in four passes that fall back to the steps
//! on any disagreement).  After a counterexample, given in full, the chunk starts afresh at the
//! next n.  Cost: about 5 ns per n per core on the build machine.

pub mod beatty;
pub mod hofstadter;
mod sweep;

use super::report::Check;
use super::{Checkpoint, Config, ConfigError, Input};
use crate::error::{Error, Refuses, Result};

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
pub fn validate(cfg: &Config) -> std::result::Result<(), ConfigError> {
    if cfg.a != 1 {
        return Err(ConfigError::refused(
            Input::Conjectures,
            "the conjectures are about Wythoff's game: a must be 1",
        ));
    }
    if cfg.bound > MAX_BOUND {
        return Err(ConfigError::refused(
            Input::Bound,
            format!(
                "bound {} is past 2^60 = {MAX_BOUND}, where the conjectures are checked",
                cfg.bound
            ),
        ));
    }
    if cfg.grundy != 0
        || cfg.three != 0
        || cfg.table.is_some()
        || cfg.window.is_some()
        || cfg.inject_carry.is_some()
        || cfg.inject_digit.is_some()
    {
        return Err(ConfigError::Internal(
            "the conjectures are checked on their own".into(),
        ));
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
    cancel: &crate::cancel::Cancel,
) -> Result<Vec<Check>> {
    use rayon::prelude::*;
    validate(cfg)?;
    let (lo, hi) = cfg.range();
    let faults = Faults {
        partner: cfg.inject_fault,
        upper: None,
    };
    let chunks = (hi - lo).div_ceil(super::sweep::CHUNK);
    // (n examined, k examined, first counterexample with its chunk start)
    type Part = (u64, u64, Option<(u64, String)>);
    let (count_n, count_k, first) = (0..chunks)
        .into_par_iter()
        .map(|j| -> Result<Part> {
            cancel.check()?;
            let s = lo + j * super::sweep::CHUNK; // < hi
            let e = s.saturating_add(super::sweep::CHUNK).min(hi);
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
/// the range was cut — up to 64 counterexamples, after which the chunk stops.
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
    let fault_n = faults.partner.unwrap_or(u64::MAX);
    if lo == 0 {
        // n = 0: A002251(0) = 0 (the pair (0, 0) swapped with itself), S(0) = A002251(0)
        let p0 = u64::from(fault_n == 0);
        let g0 = hofstadter::GWalk::at(0)?.value();
        if p0 != g0 {
            return Ok((
                1,
                Some(format!(
                    "A073869: n = 0: S(n) = A002251(0) = {p0}, but (n+1)*G(n) = 1*{g0} = {g0}: the mean is {p0}, not G(n) = {g0}"
                )),
            ));
        }
        if hi == 1 {
            return Ok((1, None));
        }
    }
    let ns = lo.saturating_sub(2).max(1); // the first n stepped; n < lo only set up the means
    let (k0, _) = k_range(lo, hi);
    let mut st = sweep::State::start(ns, k0, hi - ns + 2)?;
    // the first n's one at a time (n < lo set up the means), then blocks
    while st.n < hi && (st.n < lo || st.n < 2) {
        let n = st.n;
        if let Some(ce) = st.step(lo, &faults)? {
            return Ok((n - lo + 1, Some(ce)));
        }
    }
    while st.n < hi {
        let len = (hi - st.n).min(sweep::BLOCK as u64) as usize;
        let saved = st;
        if st.block(len, &faults)? {
            continue;
        }
        st = saved;
        for _ in 0..len {
            let n = st.n;
            if let Some(ce) = st.step(lo, &faults)? {
                return Ok((n - lo + 1, Some(ce)));
            }
        }
        return Err(Error::internal(format!(
            "the block from n = {} disagreed, its steps did not",
            saved.n
        )));
    }
    st.check_cursors()?;
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
