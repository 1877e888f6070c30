//! One check's outcome — `ok`, `FAIL` or `skipped` (with the true reason) — with what it covered,
//! and the one human rendering of a list of them.  Every check the crate reports is a [`Check`]:
//! the verification report (`wythoff::verify`, whose JSON form this record is), the proof of a
//! Grundy table (`wythoff::grundy::check`, `wythoff::lines::check`) and the check of a row
//! certificate (`wythoff::grundy::rows::check`).
//!
//! A check that ran over some items is `ok`, or `FAIL` with its first counterexample in full; a
//! check that covered nothing is `skipped` and says why, never `ok`.  A list of checks passes
//! ([`verdict`] is `ok`) only if none failed and at least one ran.  Cost: nothing beyond
//! formatting.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The outcome of one check (or, through [`verdict`], of a list of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Every item covered passed.
    #[serde(rename = "ok")]
    Ok,
    /// A counterexample was found.
    #[serde(rename = "FAIL")]
    Fail,
    /// Nothing was checked; the check's `reason` says why.
    #[serde(rename = "skipped")]
    Skipped,
}

impl Status {
    /// The word reports use: `ok`, `FAIL` or `skipped`.
    pub fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Fail => "FAIL",
            Status::Skipped => "skipped",
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// One check's outcome.  Its JSON form (serde) is a check of the verification report
/// (doc/formats.md); the other reports write their own shapes from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// Name.
    pub name: String,
    /// `ok`, `FAIL` or `skipped`.
    pub status: Status,
    /// Why the check was skipped (`None` unless skipped).
    pub reason: Option<String>,
    /// Items checked (0 when skipped).
    #[serde(with = "crate::decimal_string")]
    pub count: u64,
    /// Exactly what the check covers, in words.
    pub covers: String,
    /// The first counterexample, in full (`Some` exactly when the status is `FAIL`).
    pub counterexample: Option<String>,
    /// Facts measured along the way (integers beyond 2^53 as strings).
    pub facts: BTreeMap<String, serde_json::Value>,
}

impl Check {
    /// A check that ran over `count` items: `FAIL` with a counterexample, `ok` otherwise — and
    /// `skipped` with `empty_reason` when it covered nothing.
    pub fn ran(
        name: &str,
        covers: String,
        count: u64,
        counterexample: Option<String>,
        empty_reason: &str,
    ) -> Check {
        match (counterexample, count) {
            (Some(ce), _) => Check::failed(name, covers, count, ce),
            (None, 0) => Check::skipped(name, covers, empty_reason),
            (None, _) => Check {
                count,
                ..Check::bare(name, covers, Status::Ok)
            },
        }
    }

    /// A check that found `counterexample` after `count` items had passed.
    pub fn failed(name: &str, covers: String, count: u64, counterexample: String) -> Check {
        Check {
            count,
            counterexample: Some(counterexample),
            ..Check::bare(name, covers, Status::Fail)
        }
    }

    /// A check that did not run, and why.
    pub fn skipped(name: &str, covers: String, reason: impl Into<String>) -> Check {
        Check {
            reason: Some(reason.into()),
            ..Check::bare(name, covers, Status::Skipped)
        }
    }

    /// A check of that status with no count, reason, counterexample or facts.
    fn bare(name: &str, covers: String, status: Status) -> Check {
        Check {
            name: name.into(),
            status,
            reason: None,
            count: 0,
            covers,
            counterexample: None,
            facts: BTreeMap::new(),
        }
    }

    /// Adds a measured fact.
    pub fn with_fact(mut self, key: &str, value: serde_json::Value) -> Check {
        self.facts.insert(key.into(), value);
        self
    }

    /// Whether the fields agree with the status (see the module header); the error names the
    /// check and what is wrong.
    pub fn consistent(&self) -> Result<(), String> {
        let why = match self.status {
            Status::Ok if self.count == 0 => "is ok with a count of 0",
            Status::Ok if self.counterexample.is_some() => "is ok and has a counterexample",
            Status::Fail if self.counterexample.is_none() => "is FAIL without a counterexample",
            Status::Skipped if self.reason.is_none() => "is skipped without a reason",
            Status::Skipped if self.count != 0 || self.counterexample.is_some() => {
                "is skipped but reports items or a counterexample"
            }
            Status::Ok | Status::Fail if self.reason.is_some() => {
                "has a reason but was not skipped"
            }
            _ => return Ok(()),
        };
        Err(format!("check '{}' {why}", self.name))
    }

    /// Why the check did not pass, in one line: the counterexample or the reason it was skipped
    /// (`None` for a check that passed).
    pub fn why_not(&self) -> Option<&str> {
        self.counterexample.as_deref().or(self.reason.as_deref())
    }
}

/// The outcome of a list of checks: `FAIL` if one failed, else `ok` if at least one ran, else
/// `skipped` (nothing was checked).
pub fn verdict(checks: &[Check]) -> Status {
    if checks.iter().any(|c| c.status == Status::Fail) {
        Status::Fail
    } else if checks.iter().any(|c| c.status == Status::Ok) {
        Status::Ok
    } else {
        Status::Skipped
    }
}

/// The checks for a reader, one line each — `ok` or `FAIL`, the name, the count of items
/// checked and what the check covers; `skipped`, the name and the reason, then what it would
/// have covered — each followed by its counterexample and its facts, indented.
pub fn render(checks: &[Check]) -> String {
    let mut s = String::new();
    for k in checks {
        match k.status {
            Status::Skipped => s.push_str(&format!(
                "skipped {:<30} ({})\n        covers: {}\n",
                k.name,
                k.reason.as_deref().unwrap_or(""),
                k.covers
            )),
            st => s.push_str(&format!(
                "{:<7} {:<30} {:>14} checked  ({})\n",
                st.word(),
                k.name,
                k.count,
                k.covers
            )),
        }
        if let Some(ce) = &k.counterexample {
            s.push_str(&format!("        counterexample: {ce}\n"));
        }
        for (n, v) in &k.facts {
            s.push_str(&format!("        {n} = {v}\n"));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_that_covered_nothing_is_skipped_never_ok() {
        let empty = Check::ran("x", "nothing".into(), 0, None, "no items");
        assert_eq!(
            (empty.status, empty.reason.as_deref()),
            (Status::Skipped, Some("no items"))
        );
        let ok = Check::ran("y", "1..9".into(), 9, None, "no items");
        let bad = Check::ran("z", "1..9".into(), 3, Some("n = 4".into()), "no items");
        for c in [&empty, &ok, &bad] {
            assert_eq!(c.consistent(), Ok(()));
        }
        assert_eq!((ok.status, ok.reason.as_ref()), (Status::Ok, None));
        assert_eq!((bad.status, bad.why_not()), (Status::Fail, Some("n = 4")));
        assert_eq!(verdict(&[]), Status::Skipped);
        assert_eq!(verdict(std::slice::from_ref(&empty)), Status::Skipped);
        assert_eq!(verdict(&[empty.clone(), ok.clone()]), Status::Ok);
        assert_eq!(
            verdict(&[ok.clone(), bad.clone(), empty.clone()]),
            Status::Fail
        );
        let text = render(&[ok, bad, empty]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                format!("ok      {:<30} {:>14} checked  (1..9)", "y", 9),
                format!("FAIL    {:<30} {:>14} checked  (1..9)", "z", 3),
                "        counterexample: n = 4".into(),
                format!("skipped {:<30} (no items)", "x"),
                "        covers: nothing".into(),
            ]
        );
    }
}
