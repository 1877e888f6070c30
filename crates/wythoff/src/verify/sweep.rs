//! The sweep over a shard's range of n, whichever check it runs: the words 64 integers at a time
//! ([`super::words`]) or floor = mex per n ([`super::mex`]), chosen from the whole configuration
//! ([`Sweep`]).  The range is cut into chunks of [`CHUNK`] terms run in parallel, each recorded
//! in the checkpoint log when done; the first counterexample and the count do not depend on the
//! cutting.

use super::numeration::NumTable;
use super::report::Check;
use super::{Checkpoint, Config, mex, words};
use crate::error::{Error, Result};
use crate::game::Rules;

/// Terms per chunk (the unit of parallel work and of checkpoint records).
pub const CHUNK: u64 = 1 << 24;

/// How the floor = mex sweep runs, decided from the whole configuration so that every chunk of
/// every shard checks the same thing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sweep {
    /// 64 integers at a time ([`super::words`]): the A- and B-words complementary, and the
    /// A-word equal to Property 1's; 1 ≤ a ≤ 6, values below 2^63.
    Words,
    /// Per n, with Property 3 by table at every n (values below 2^63, the table available).
    PerNumeration,
    /// Per n, floor = mex only.
    PerN,
}

impl Sweep {
    /// The sweep for this configuration.
    pub fn of(cfg: &Config) -> Sweep {
        let rules = Rules::new(cfg.a, false);
        if rules.is_ok_and(|r| words::applies(r, cfg.bound)) {
            return Sweep::Words;
        }
        let fits = (cfg.bound as u128)
            .checked_mul(cfg.a as u128 + 2)
            .is_some_and(|v| v < 1 << 63);
        if fits && NumTable::available(cfg.a) {
            Sweep::PerNumeration
        } else {
            Sweep::PerN
        }
    }

    /// The check's name (the same for both sweeps with numeration, so that reports compare).
    pub fn name(self) -> &'static str {
        match self {
            Sweep::Words | Sweep::PerNumeration => "floor = mex = numeration",
            Sweep::PerN => "floor = mex",
        }
    }

    /// Exactly what the check covers over [lo, hi).
    pub fn covers(self, lo: u64, hi: u64) -> String {
        match self {
            Sweep::Words => format!(
                "every n in [{lo}, {hi}): the words of the A_n and of the B_n of the pairs stream (Sturmian kernel, 64 integers at a time) are complementary on [A_{}, A_{hi}) (so A_n = mex{{A_i, B_i : i < n}}{}) and the A-word is Property 1's (numeration, by table)",
                lo.max(1),
                if lo == 0 { "; n = 0 directly" } else { "" }
            ),
            Sweep::PerNumeration => format!(
                "every n in [{lo}, {hi}): A_n of the pairs stream (Sturmian kernel) = mex{{A_i, B_i : i < n}} = numeration (Property 3, by table)"
            ),
            Sweep::PerN => format!(
                "every n in [{lo}, {hi}): A_n of the pairs stream (Sturmian kernel) = mex{{A_i, B_i : i < n}}"
            ),
        }
    }

    /// The word used in checkpoint logs.
    pub fn key(self) -> &'static str {
        match self {
            Sweep::Words => "words",
            Sweep::PerNumeration => "mex+numeration",
            Sweep::PerN => "mex",
        }
    }

    /// The sweep's name, given the name of a report's first check (for merging).
    pub fn named(name: &str, cfg: &Config) -> Option<Sweep> {
        let own = Sweep::of(cfg);
        (own.name() == name).then_some(own)
    }
}

/// The sweep over this shard's range, in parallel chunks, recording and reusing finished chunks
/// through `checkpoint`.
pub(super) fn sweep(
    cfg: &Config,
    progress: &(dyn Fn(u64) + Sync),
    checkpoint: Option<&Checkpoint>,
    cancel: &crate::cancel::Cancel,
) -> Result<Check> {
    use rayon::prelude::*;
    let rules = Rules::new(cfg.a, false)?;
    let (lo, hi) = cfg.range();
    let kind = Sweep::of(cfg);
    let num = if kind == Sweep::PerNumeration {
        Some(NumTable::new(cfg.a).ok_or_else(|| Error::internal("numeration table"))?)
    } else {
        None
    };
    let tables = if kind == Sweep::Words {
        Some(words::Tables::new(rules)?)
    } else {
        None
    };
    let faults = words::Faults {
        term: cfg.inject_fault,
        carry: cfg.inject_carry,
        digit: cfg.inject_digit,
    };
    let chunks = (hi - lo).div_ceil(CHUNK);
    // (items examined, first counterexample with its chunk start)
    type Part = (u64, Option<(u64, String)>);
    let (count, first) = (0..chunks)
        .into_par_iter()
        .map(|j| -> Result<Part> {
            cancel.check()?;
            let s = lo + j * CHUNK; // < hi
            let e = s.saturating_add(CHUNK).min(hi);
            let (n, ce) = match checkpoint.and_then(|c| c.done(s)) {
                Some(done) => done,
                None => {
                    let r = match &tables {
                        Some(t) => words::chunk(rules, s, e, faults, t)?,
                        None => mex::chunk(rules, s, e, cfg.inject_fault, num.as_ref())?,
                    };
                    if let Some(c) = checkpoint {
                        c.record(s, r.0, r.1.as_deref())?;
                    }
                    r
                }
            };
            progress(e - s);
            Ok((n, ce.map(|t| (s, t))))
        })
        .try_reduce(
            || (0, None),
            |(n1, c1), (n2, c2)| {
                let first = match (c1, c2) {
                    (Some(x), Some(y)) => Some(if x.0 <= y.0 { x } else { y }),
                    (x, y) => x.or(y),
                };
                Ok((n1 + n2, first))
            },
        )?;
    Ok(Check::ran(
        kind.name(),
        kind.covers(lo, hi),
        count,
        first.map(|f| f.1),
        "the range is empty",
    ))
}
