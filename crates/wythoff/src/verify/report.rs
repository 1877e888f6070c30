//! The verification report: its types, its JSON form (serde) and its human summary.
//!
//! A report is a list of [`Check`]s (the crate's one check record, [`crate::check`]), each with a
//! [`Status`] — `ok`, `FAIL` or `skipped` (with the true reason) — the number of items it covered,
//! a text saying exactly what it covers, and its first counterexample in full when it failed;
//! plus [`Measurement`]s, figures that are measured, not checked.  The report passes ([`Report::ok`]) only if no check failed and at
//! least one check ran.
//!
//! The JSON form ([`ReportFile`], `"version": 1`) writes every integer that can exceed 2^53 as a
//! decimal string.  [`parse_report`] reads it back strictly: unknown or missing fields, another
//! version, or a report that contradicts itself (an `ok` check with a counterexample, a `skipped`
//! one without reason, an `ok` flag that does not follow from the checks) are refused.

pub use crate::check::{Check, Status};
use crate::error::{Error, Result};
use crate::verify::Config;
use serde::{Deserialize, Serialize};

/// The version of the report format this library writes and reads.
pub const VERSION: u32 = 1;

/// A figure measured, not checked (it has no status and cannot fail).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Measurement {
    /// Name.
    pub name: String,
    /// Exactly what was measured, in words.
    pub covers: String,
    /// The figures.
    pub values: serde_json::Value,
}

/// A verification report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The configuration.
    pub config: Config,
    /// The checks, in order.
    pub checks: Vec<Check>,
    /// The measurements, in order.
    pub measurements: Vec<Measurement>,
}

/// The report as written to JSON: `{"version":1,"ok":…,"config":{…},"elapsed_s":…,"checks":[…],
/// "measurements":[…]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportFile {
    /// Always [`VERSION`].
    pub version: u32,
    /// No check failed and at least one ran ([`Report::ok`]).
    pub ok: bool,
    /// The configuration.
    pub config: Config,
    /// Wall-clock seconds of the run (informative only).
    pub elapsed_s: f64,
    /// The checks.
    pub checks: Vec<Check>,
    /// The measurements.
    pub measurements: Vec<Measurement>,
}

impl Report {
    /// Whether the report passes: no check failed and at least one check ran.
    pub fn ok(&self) -> bool {
        crate::check::verdict(&self.checks) == Status::Ok
    }

    /// Whether some check failed.
    pub fn failed(&self) -> bool {
        crate::check::verdict(&self.checks) == Status::Fail
    }

    /// `Ok` when the report passes; otherwise [`Error::Disagreement`]: a counterexample was
    /// found, or no check ran.
    pub fn verdict(&self) -> Result<()> {
        if self.failed() {
            Err(Error::Disagreement(
                "verification found a counterexample (see the report)".into(),
            ))
        } else if !self.ok() {
            Err(Error::Disagreement("no check ran".into()))
        } else {
            Ok(())
        }
    }

    /// The check of that name.
    pub fn check(&self, name: &str) -> Option<&Check> {
        self.checks.iter().find(|c| c.name == name)
    }

    /// The report as one line of JSON (with a final newline); `elapsed` in seconds.
    pub fn to_json(&self, elapsed: f64) -> String {
        let file = ReportFile {
            version: VERSION,
            ok: self.ok(),
            config: self.config.clone(),
            elapsed_s: (elapsed.max(0.0) * 1000.0).round() / 1000.0,
            checks: self.checks.clone(),
            measurements: self.measurements.clone(),
        };
        // Serializing plain data with string keys cannot fail.
        serde_json::to_string(&file).unwrap_or_default() + "\n"
    }

    /// A short human summary: one line per check (`ok`, `FAIL`, `skipped (reason)`), the
    /// counterexamples and facts, the measurements, and an overall line.
    pub fn summary(&self) -> String {
        let mut s = crate::check::render(&self.checks);
        for m in &self.measurements {
            // Long lists (d(g) for thousands of g) are shortened here; the JSON has them all.
            let v = shorten(&m.values);
            s.push_str(&format!(
                "measured {} ({}):\n        {v}\n",
                m.name, m.covers
            ));
        }
        s.push_str(if self.failed() {
            "VERIFICATION FAILED\n"
        } else if self.ok() {
            "ALL CHECKS PASSED\n"
        } else {
            "NOTHING WAS CHECKED\n"
        });
        s
    }
}

/// A copy of `v` with every array longer than 16 items cut to its first 12 and a note of its
/// length (for the human summary only).
fn shorten(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Array(a) if a.len() > 16 => {
            let mut b: Vec<Value> = a.iter().take(12).map(shorten).collect();
            b.push(Value::String(format!(
                "... ({} in all; --json or -o has every one)",
                a.len()
            )));
            Value::Array(b)
        }
        Value::Array(a) => Value::Array(a.iter().map(shorten).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, x)| (k.clone(), shorten(x))).collect()),
        x => x.clone(),
    }
}

/// Parses a report written by [`Report::to_json`], refusing (with a usage error saying what is
/// wrong) anything else: malformed or truncated JSON, another version, unknown or missing
/// fields, or a report that contradicts itself.
pub fn parse_report(json: &str) -> Result<Report> {
    let bad = |m: String| Error::usage(format!("not a valid wythoff verify report: {m}"));
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|e| bad(format!("malformed JSON ({e})")))?;
    match value.get("version") {
        Some(v) if v.as_u64() == Some(VERSION as u64) => {}
        Some(v) => {
            return Err(Error::usage(format!(
                "a verify report of version {v}; this wythoff reads version {VERSION} only"
            )));
        }
        None => return Err(bad("no \"version\" field".into())),
    }
    let file: ReportFile = serde_json::from_value(value).map_err(|e| bad(e.to_string()))?;
    file.config.validate().map_err(|e| bad(e.to_string()))?;
    for c in &file.checks {
        c.consistent().map_err(bad)?;
    }
    let report = Report {
        config: file.config,
        checks: file.checks,
        measurements: file.measurements,
    };
    if report.ok() != file.ok {
        return Err(bad(format!(
            "\"ok\" is {} but the checks say {}",
            file.ok,
            report.ok()
        )));
    }
    Ok(report)
}

/// serde for the shard (I, K) written as the text "I/K".
pub(crate) mod shard_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    /// Writes "I/K".
    pub fn serialize<S: Serializer>(v: &(u64, u64), s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}/{}", v.0, v.1))
    }

    /// Reads "I/K" (decimal digits; the range 0 ≤ I < K is checked by the caller).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(u64, u64), D::Error> {
        let s = String::deserialize(d)?;
        s.split_once('/')
            .and_then(|(i, k)| {
                Some((
                    crate::decimal_string::parse(i)?,
                    crate::decimal_string::parse(k)?,
                ))
            })
            .ok_or_else(|| D::Error::custom(format!("shard '{s}' is not I/K")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Config, Task, run};

    fn sample() -> String {
        let cfg = Config::up_to(3000)
            .with_grundy(20)
            .with_three(5)
            .with_faults(Some(1234), None, None);
        run(&Task::check(cfg), &crate::Context::serial(), &|_| {})
            .unwrap()
            .report
            .to_json(0.25)
    }

    #[test]
    fn a_report_round_trips_and_states_its_outcome() {
        let text = sample();
        let r = parse_report(&text).unwrap();
        assert!(r.failed() && !r.ok());
        assert_eq!(r.to_json(0.25), text);
        assert!(text.starts_with("{\"version\":1,\"ok\":false,"), "{text}");
        assert!(text.contains("\"inject_fault\":\"1234\""));
        // a check that ran nothing is skipped, never ok; a report of skipped checks only is not ok
        let empty = Check::ran("x", "nothing".into(), 0, None, "no items");
        assert_eq!(empty.status, Status::Skipped);
        let only_skipped = Report {
            config: r.config.clone(),
            checks: vec![empty],
            measurements: vec![],
        };
        assert!(!only_skipped.ok() && !only_skipped.failed());
        assert!(only_skipped.summary().contains("skipped x"));
        assert!(!only_skipped.summary().contains("ALL CHECKS PASSED"));
    }

    #[test]
    fn arbitrary_bytes_and_mutated_reports_never_panic() {
        use proptest::prelude::*;
        let text = sample();
        proptest!(ProptestConfig::with_cases(400), |(bytes in proptest::collection::vec(any::<u8>(), 0..400))| {
            let s = String::from_utf8_lossy(&bytes);
            let _ = parse_report(&s);
        });
        // A proper prefix of the JSON text (the trailing newline aside) never parses.
        let body = text.trim_end().len();
        proptest!(ProptestConfig::with_cases(400), |(at in 0..text.len(), with in any::<u8>(), cut in 0..body)| {
            let mut b = text.clone().into_bytes();
            b[at] = with;
            if let Ok(s) = String::from_utf8(b)
                && let Ok(r) = parse_report(&s)
            {
                // whatever is accepted is self-consistent and survives a round trip
                prop_assert_eq!(parse_report(&r.to_json(0.0)).unwrap(), r);
            }
            let prefix = String::from_utf8_lossy(&text.as_bytes()[..cut]);
            prop_assert!(parse_report(&prefix).is_err());
        });
    }
}
