//! Merging the reports of shards 0..K−1 of one verification into the report of the whole run.
//!
//! The reports must be of one configuration (all fields but the shard equal), one report per
//! shard, every shard present.  The range checks ([`super::mex`], the numeration sample, the
//! two sweeps of [`super::conjectures`]) are joined: each part must cover exactly its shard's
//! range, and count what that range holds (see `Items`); counts add up; the merged check
//! fails with the counterexample of the lowest failing shard.  The small checks and the
//! measurements are shard 0's (the other shards list them as skipped).  The merged report of a
//! complete set of shards has the same checks — names, covers, counts, statuses and first
//! counterexamples — as the unsharded run.  Cost: linear in the reports.

use super::report::{Check, Report, Status};
use super::{conjectures, numeration, shard_range, sweep};
use crate::error::{Error, Result};

/// Merges the reports of all shards of one verification; each comes with a label naming it
/// (its file) in error messages.  Refuses (usage error) reports of different configurations,
/// a shard given twice or missing, and a part that does not cover what its shard should.
pub fn merge(parts: &[(String, Report)]) -> Result<Report> {
    let Some((first_label, first)) = parts.first() else {
        return Err(Error::usage("no reports to merge"));
    };
    let ordered = in_shard_order(parts, first_label, first)?;
    let cfg = &first.config;
    // which checks are range checks, and what each counts
    let items = range_items(first_label, first)?;
    for (label, p) in &ordered {
        consistent_counts(label, p, &items)?;
    }
    let mut checks = Vec::new();
    for (idx, c0) in first.checks.iter().enumerate() {
        checks.push(merge_check(&ordered, idx, c0, cfg)?);
    }
    let mut config = cfg.clone();
    config.shard = (0, 1);
    Ok(Report {
        config,
        checks,
        measurements: ordered[0].1.measurements.clone(),
    })
}

/// The parts in the order of their shards 0..K−1, K being the first part's (`first`, labelled
/// `first_label`) number of shards; refuses parts of another configuration or with other checks,
/// a shard given twice or out of range, and missing shards.
fn in_shard_order<'a>(
    parts: &'a [(String, Report)],
    first_label: &str,
    first: &Report,
) -> Result<Vec<&'a (String, Report)>> {
    let k = first.config.shard.1;
    if k > parts.len() as u64 {
        return Err(Error::usage(format!(
            "'{first_label}' is shard {}/{k}, but only {} report(s) are given; every shard of {k} is needed",
            first.config.shard.0,
            parts.len()
        )));
    }
    let mut at: Vec<Option<usize>> = vec![None; k as usize]; // k ≤ parts.len()
    for (j, (label, p)) in parts.iter().enumerate() {
        let mut c = p.config.clone();
        c.shard = first.config.shard;
        if c != first.config || p.config.shard.1 != k {
            return Err(Error::usage(format!(
                "'{label}' is a report of another verification than '{first_label}' (a, bound, grundy, three or the number of shards differ)"
            )));
        }
        let names = |r: &Report| r.checks.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
        if names(p) != names(first) {
            return Err(Error::usage(format!(
                "'{label}' lists other checks than '{first_label}'"
            )));
        }
        let i = p.config.shard.0 as usize; // < k ≤ at.len(), checked when parsed
        match at.get_mut(i) {
            Some(slot @ None) => *slot = Some(j),
            Some(Some(prev)) => {
                return Err(Error::usage(format!(
                    "shard {i}/{k} is given twice: '{}' and '{label}'",
                    parts[*prev].0
                )));
            }
            None => {
                return Err(Error::usage(format!(
                    "'{label}': shard {i}/{k} is out of range"
                )));
            }
        }
    }
    let missing: Vec<String> = at
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| format!("{i}/{k}"))
        .take(5)
        .collect();
    if !missing.is_empty() {
        return Err(Error::usage(format!(
            "shard(s) {} missing: every shard of {k} is needed",
            missing.join(", ")
        )));
    }
    Ok(at.iter().flatten().map(|&j| &parts[j]).collect())
}

/// For each check of the first report (`first`, labelled `first_label`): what it counts if it
/// is a range check (joined over the shards), none if it is shard 0's alone.  The first check
/// must be the floor = mex sweep of the configuration.
fn range_items(first_label: &str, first: &Report) -> Result<Vec<Option<Items>>> {
    let cfg = &first.config;
    let mut items = Vec::new();
    for (idx, c0) in first.checks.iter().enumerate() {
        items.push(if conjectures::covers(&c0.name, 0, 1).is_some() {
            Some(if c0.name == conjectures::PLATEAUS {
                Items::KPerN
            } else {
                Items::PerN
            })
        } else if idx == 0 {
            if sweep::Sweep::named(&c0.name, cfg).is_none() {
                return Err(Error::usage(format!(
                    "'{first_label}': the first check is '{}', not the floor = mex sweep of this configuration",
                    c0.name
                )));
            }
            Some(Items::PerN)
        } else if c0.name == numeration::NAME {
            Some(Items::Sample)
        } else {
            None
        });
    }
    Ok(items)
}

/// The merged check number `idx` (`c0` in shard 0's report) of the reports `ordered` by shard:
/// a range check joined over the shards, any other check shard 0's (the others must have
/// skipped it).
fn merge_check(
    ordered: &[&(String, Report)],
    idx: usize,
    c0: &Check,
    cfg: &super::Config,
) -> Result<Check> {
    let bound = cfg.bound;
    if let Some(name) = conjectures::covers(&c0.name, 0, 1).map(|_| &c0.name) {
        join(ordered, idx, bound, |lo, hi| {
            conjectures::covers(name, lo, hi).unwrap_or_default()
        })
    } else if idx == 0 {
        let Some(kind) = sweep::Sweep::named(&c0.name, cfg) else {
            return Err(Error::internal("the sweep was named above"));
        };
        join(ordered, idx, bound, |lo, hi| kind.covers(lo, hi))
    } else if c0.name == numeration::NAME {
        join(ordered, idx, bound, |lo, hi| {
            numeration::covers(bound, lo, hi)
        })
    } else {
        // shard 0's; the other shards must have skipped it
        for (label, p) in ordered.iter().skip(1) {
            let c = &p.checks[idx];
            if c.status != Status::Skipped {
                return Err(Error::usage(format!(
                    "'{label}': check '{}' should be left to shard 0",
                    c.name
                )));
            }
        }
        Ok(ordered[0].1.checks[idx].clone())
    }
}

/// What a range check counts over the range [lo, hi) of its shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Items {
    /// One item per n (the floor = mex sweep, [`conjectures::MEAN`]): all hi − lo of them, but
    /// for a chunk that stops early after many counterexamples.
    PerN,
    /// One k = n − 1 per n ≥ 2 ([`conjectures::PLATEAUS`]), under the same proviso.
    KPerN,
    /// The sample points of the numeration check in the range, every one examined.
    Sample,
}

impl Items {
    /// The items of [lo, hi) in a verification of [0, bound).
    fn of(self, bound: u64, lo: u64, hi: u64) -> u64 {
        match self {
            Items::PerN => hi - lo,
            Items::KPerN => hi.saturating_sub(lo.max(2)),
            Items::Sample => numeration::sample_points(bound, lo, hi).len() as u64,
        }
    }
}

/// Refuses (usage error naming the part) a report whose range checks count other than what
/// the range it covers holds: [`Items::Sample`] exactly; the sweeps exactly when none of the
/// part's range checks failed, and at most that many when one did (a chunk stops after
/// [`mex`]'s limit of counterexamples, and the two sweeps of the conjectures share chunks).
fn consistent_counts(label: &str, p: &Report, items: &[Option<Items>]) -> Result<()> {
    let (lo, hi) = p.config.range();
    let failed = p
        .checks
        .iter()
        .zip(items)
        .any(|(c, i)| i.is_some() && c.status == Status::Fail);
    for (c, i) in p.checks.iter().zip(items) {
        let Some(i) = i else { continue };
        let want = i.of(p.config.bound, lo, hi);
        let exact = *i == Items::Sample || !failed;
        if c.count > want || (exact && c.count != want) {
            let (i, k) = p.config.shard;
            return Err(Error::usage(format!(
                "'{label}': check '{}' counts {} items, but shard {i}/{k}, [{lo}, {hi}), holds {want}: the report is damaged or edited",
                c.name, c.count
            )));
        }
    }
    Ok(())
}

/// Joins the range check at position `idx` of the shards (in shard order).
fn join(
    ordered: &[&(String, Report)],
    idx: usize,
    bound: u64,
    covers: impl Fn(u64, u64) -> String,
) -> Result<Check> {
    let k = ordered.len() as u64;
    let mut count = 0u64;
    let mut first_fail: Option<String> = None;
    let mut ran = false;
    let mut reason = None;
    for (i, (label, p)) in ordered.iter().enumerate() {
        let c = &p.checks[idx];
        let (lo, hi) = shard_range(bound, (i as u64, k));
        if c.covers != covers(lo, hi) {
            return Err(Error::usage(format!(
                "'{label}': check '{}' covers \"{}\", but shard {i}/{k} should cover \"{}\"",
                c.name,
                c.covers,
                covers(lo, hi)
            )));
        }
        count = count.checked_add(c.count).ok_or_else(|| {
            Error::usage(format!("'{label}': the counts of '{}' overflow", c.name))
        })?;
        match c.status {
            Status::Fail => {
                if first_fail.is_none() {
                    first_fail = c.counterexample.clone();
                }
            }
            Status::Ok => ran = true,
            Status::Skipped => reason = reason.or(c.reason.clone()),
        }
    }
    let name = &ordered[0].1.checks[idx].name;
    Ok(if first_fail.is_some() || ran {
        Check::ran(name, covers(0, bound), count, first_fail, "")
    } else {
        Check::skipped(name, covers(0, bound), reason.unwrap_or_default())
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Config, Task};
    use super::*;

    fn run(c: &Config) -> Report {
        super::super::run(&Task::check(c.clone()), &crate::Context::serial(), &|_| {})
            .unwrap()
            .report
    }

    fn cfg(bound: u64, shard: (u64, u64), fault: Option<u64>) -> Config {
        Config::up_to(bound)
            .with_grundy(64)
            .with_three(12)
            .with_shard(shard)
            .with_faults(fault, None, None)
    }

    fn shards(bound: u64, k: u64, fault: Option<u64>) -> Vec<(String, Report)> {
        (0..k)
            .map(|i| {
                let r = run(&cfg(bound, (i, k), fault));
                let back = super::super::parse_report(&r.to_json(1.5)).unwrap();
                assert_eq!(back, r);
                (format!("s{i}.json"), back)
            })
            .collect()
    }

    #[test]
    fn shards_merge_to_the_unsharded_report() {
        for fault in [None, Some(1_234_567)] {
            let whole = run(&cfg(2_000_000, (0, 1), fault));
            let parts = shards(2_000_000, 3, fault);
            let merged = merge(&parts).unwrap();
            assert_eq!(merged, whole);
            assert_eq!(merged.failed(), fault.is_some());
            // order does not matter
            let mut rev = parts.clone();
            rev.reverse();
            assert_eq!(merge(&rev).unwrap(), whole);
            // a missing shard, a duplicate, a foreign report are refused
            assert!(
                merge(&parts[..2])
                    .unwrap_err()
                    .to_string()
                    .contains("every shard of 3")
            );
            let mut dup = parts.clone();
            dup[1] = dup[0].clone();
            assert!(merge(&dup).unwrap_err().to_string().contains("twice"));
            let mut other = parts.clone();
            other[2].1.config.bound += 1;
            assert!(merge(&other).unwrap_err().to_string().contains("s2.json"));
            // a part whose range check was tampered with is refused
            let mut bad = parts.clone();
            bad[1].1.checks[0].covers = "every n".into();
            assert_eq!(merge(&bad).unwrap_err().exit_code(), 2);
        }
    }
}
