//! Verification at scale, with a report that says exactly what was checked.
//!
//! * **floor = mex** ([`mex`]) for every n < bound: the floor formula's terms, as streamed by the
//!   very kernel that writes the pairs files ([`crate::pairs::bulk`]: exact square-root starts,
//!   proved-exact Sturmian steps), against the recursive definition A_n = mex{A_i, B_i : i < n}
//!   (A. S. Fraenkel, "How to beat your Wythoff games' opponent on three fronts", 1982).  Where
//!   the values fit a machine word the same sweep also checks Fraenkel's numeration property
//!   (Property 3) at every n by table ([`numeration`]).  The range is cut into chunks run in
//!   parallel, and into shards run anywhere and merged ([`merge`](mod@merge)).  Cost: a few cycles per n.
//! * **floor = numeration** ([`numeration`]): Property 3 with arbitrary precision at every
//!   n < min(bound, 10^6) and at 10^4 spread-out n up to the bound.
//! * The small checks ([`checks`], [`misere`], [`grundy`]), run by shard 0: Wythoff identities,
//!   misère play against its rules, Grundy tables and certified row periods, three-pile Wythoff
//!   against a brute-force search.
//!
//! Every check reports `ok`, `FAIL` or `skipped` (with the reason), how many items it covered,
//! exactly what it covers, and its first counterexample in full ([`report`]).  One call runs a
//! verification ([`run`], a [`Task`] with a [`crate::Context`]): the checks or the merge of the
//! shards' reports, the report stored, and a [`Checkpoint`] beside it that records each finished
//! chunk in an integrity-checked log and skips the recorded chunks when resumed.

pub mod checkpoint;
pub mod checks;
pub mod conjectures;
pub mod grundy;
pub mod merge;
pub mod mex;
pub mod misere;
pub mod numeration;
pub mod plot;
pub mod property1;
pub mod report;
mod run;
pub mod sweep;
pub mod table;
mod task;
pub mod window;
pub mod words;

pub use checkpoint::{Checkpoint, Opened};
pub use merge::merge;
pub use numeration::NumTable;
pub use report::{Check, Measurement, Report, ReportFile, Status, parse_report};
pub use task::{Note, Source, Task, TaskError, Verified, Work, run};

use crate::error::{Error, Refusal, Refuses};
use serde::{Deserialize, Serialize};

/// The input of a verification that a refused [`Config`] concerns, so that a caller can name its
/// own argument for it (the library names quantities, never flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The parameter a.
    A,
    /// The bound of the sweep, n < bound.
    Bound,
    /// The shard I/K.
    Shard,
    /// The window of indices [X, Y].
    Window,
    /// A test double's index or offset (a corrupted term, carry or digit).
    Fault,
    /// The check of the OEIS questions, which runs on its own.
    Conjectures,
}

/// Why a [`Config`] is refused.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A value the verifier does not accept (its message a sentence about the quantity, as
    /// [`Error::Domain`] has it).
    #[error(transparent)]
    Refused(#[from] Refusal<Input>),
    /// A combination no caller should build (checks that run only on their own, combined):
    /// a bug of the caller, as [`Error::Internal`] has it.
    #[error("internal error (please report): {0}")]
    Internal(String),
}

impl From<ConfigError> for Error {
    fn from(e: ConfigError) -> Self {
        match e {
            ConfigError::Refused(r) => Error::Domain(r.message),
            ConfigError::Internal(m) => Error::Internal(m),
        }
    }
}

/// What to verify.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Parameter a ≥ 1.
    #[serde(with = "crate::decimal_string")]
    pub a: u64,
    /// Pairs are checked for n < bound (at least 1).
    #[serde(with = "crate::decimal_string")]
    pub bound: u64,
    /// Grundy table side (0: no Grundy checks).
    #[serde(with = "crate::decimal_string")]
    pub grundy: u64,
    /// Three-pile bound (0: no three-pile check).
    #[serde(with = "crate::decimal_string")]
    pub three: u64,
    /// This shard (i, k), 0 ≤ i < k ≤ bound: the pairs range is cut in k contiguous, non-empty
    /// pieces ([`shard_range`]); shard 0 also runs the small checks.  Written "I/K".
    #[serde(with = "report::shard_text")]
    pub shard: (u64, u64),
    /// Test double: corrupt the floor formula's term at this n < bound (a wrong carry), to see
    /// the verifier catch it.  Written only when set.
    #[serde(
        with = "crate::decimal_string::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub inject_fault: Option<u64>,
    /// Test double: flip the carry c_n of the floor stream's kernel at this n < bound (the word
    /// sweep; A_{n+1} onwards move).  Written only when set.
    #[serde(
        with = "crate::decimal_string::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub inject_carry: Option<u64>,
    /// Test double: flip the numeration side's bit of m = A_n at this n < bound (a corrupted
    /// digit; the word sweep).  Written only when set.
    #[serde(
        with = "crate::decimal_string::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub inject_digit: Option<u64>,
    /// A window of indices checked at any height instead of the sweep from 0 ([`window`]); the
    /// bound is then 0.  Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<window::Window>,
    /// A Grundy table file whose facts are checked and measured through its memory map
    /// ([`table`]), by shard 0.  Written only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// Check the OEIS questions A073869 = A005206 and A090909 = A001950 for every n < bound
    /// instead of the pairs ([`conjectures`]; a = 1, bound ≤ 2^60).  Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub conjectures: bool,
}

impl Config {
    /// The pairs n < `bound` of Wythoff's game (a = 1), the whole range in one shard, no further
    /// check and no test double: what `wythoff verify --bound BOUND` runs.  The `with_*` setters
    /// below change one field each; [`Config::validate`] judges the result.
    pub fn up_to(bound: u64) -> Config {
        Config {
            a: 1,
            bound,
            grundy: 0,
            three: 0,
            shard: (0, 1),
            inject_fault: None,
            inject_carry: None,
            inject_digit: None,
            window: None,
            table: None,
            conjectures: false,
        }
    }

    /// The window of indices `w`, checked at any height instead of the sweep from 0 (bound 0),
    /// with the other fields as [`Config::up_to`] has them.
    pub fn in_window(w: window::Window) -> Config {
        Config {
            window: Some(w),
            ..Config::up_to(0)
        }
    }

    /// This configuration with parameter a.
    pub fn with_a(self, a: u64) -> Config {
        Config { a, ..self }
    }

    /// This configuration with a Grundy table of side `side` checked (0: none).
    pub fn with_grundy(self, side: u64) -> Config {
        Config {
            grundy: side,
            ..self
        }
    }

    /// This configuration with three-pile Wythoff checked up to `bound` (0: not at all).
    pub fn with_three(self, bound: u64) -> Config {
        Config {
            three: bound,
            ..self
        }
    }

    /// This configuration as shard (i, k).
    pub fn with_shard(self, shard: (u64, u64)) -> Config {
        Config { shard, ..self }
    }

    /// This configuration checking and measuring the Grundy table file at `table`, if any.
    pub fn with_table(self, table: Option<String>) -> Config {
        Config { table, ..self }
    }

    /// This configuration with the test doubles `fault`, `carry` and `digit` (see the fields
    /// `inject_fault`, `inject_carry` and `inject_digit`).
    pub fn with_faults(self, fault: Option<u64>, carry: Option<u64>, digit: Option<u64>) -> Config {
        Config {
            inject_fault: fault,
            inject_carry: carry,
            inject_digit: digit,
            ..self
        }
    }

    /// This configuration checking the OEIS questions instead of the pairs, when `on`.
    pub fn with_conjectures(self, on: bool) -> Config {
        Config {
            conjectures: on,
            ..self
        }
    }

    /// Refuses a configuration that would check nothing or is out of range: bound 0, a shard
    /// outside 0 ≤ I < K, more shards than n's (a shard with an empty range), a = 0, a fault
    /// index outside the range.
    pub fn validate(&self) -> std::result::Result<(), ConfigError> {
        if self.a == 0 {
            return Err(ConfigError::refused(
                Input::A,
                "the parameter a must be at least 1 (a = 1 is Wythoff's game)",
            ));
        }
        if let Some(w) = &self.window {
            let (_, _, len) = w.bounds()?;
            if self.bound != 0 || self.shard != (0, 1) || self.grundy != 0 || self.three != 0 {
                return Err(ConfigError::Internal(
                    "a window is checked on its own".into(),
                ));
            }
            if self.inject_carry.is_some() || self.inject_digit.is_some() {
                return Err(ConfigError::refused(
                    Input::Fault,
                    "fault doubles for the carry and the digit act on the word sweep, not on a window",
                ));
            }
            if let Some(f) = self.inject_fault
                && f >= len
            {
                return Err(ConfigError::refused(
                    Input::Fault,
                    format!("fault offset {f} lies outside the window of {len} indices"),
                ));
            }
            return Ok(());
        }
        if self.bound == 0 {
            return Err(ConfigError::refused(
                Input::Bound,
                "bound 0 leaves nothing to verify; the bound must be at least 1 (pairs n < bound)",
            ));
        }
        let (i, k) = self.shard;
        if k == 0 || i >= k {
            return Err(ConfigError::refused(
                Input::Shard,
                format!("shard {i}/{k}: need 0 <= I < K (for example 0/4)"),
            ));
        }
        if k > self.bound {
            return Err(ConfigError::refused(
                Input::Shard,
                format!(
                    "shard {i}/{k}: {k} shards of the {} n < {} leave some shard empty; use at most {} shards",
                    self.bound, self.bound, self.bound
                ),
            ));
        }
        if self.conjectures {
            conjectures::validate(self)?;
        }
        if (self.inject_carry.is_some() || self.inject_digit.is_some())
            && sweep::Sweep::of(self) != sweep::Sweep::Words
        {
            return Err(ConfigError::refused(
                Input::Fault,
                "fault doubles for the carry and the digit act on the word sweep, which runs for 1 <= a <= 6 (values below 2^63)",
            ));
        }
        for f in [self.inject_fault, self.inject_carry, self.inject_digit]
            .into_iter()
            .flatten()
        {
            if f >= self.bound {
                return Err(ConfigError::refused(
                    Input::Fault,
                    format!("fault index {f} lies outside the range n < {}", self.bound),
                ));
            }
        }
        Ok(())
    }

    /// The items the long check of this configuration reports its progress in: the indices of
    /// its window, else the n's of its shard's range (0 for a window that does not parse).
    pub fn items(&self) -> u64 {
        match &self.window {
            Some(w) => w.bounds().map_or(0, |b| b.2),
            None => self.range().1 - self.range().0,
        }
    }

    /// This shard's pairs range [lo, hi), never empty for a valid configuration.
    pub fn range(&self) -> (u64, u64) {
        shard_range(self.bound, self.shard)
    }
}

/// The shard `I/K` with 0 <= I < K <= 2^64 - 1, each in the number syntax; the refusal says
/// what is accepted.
pub fn parse_shard(s: &str) -> std::result::Result<(u64, u64), String> {
    use crate::num::{SYNTAX, natural, natural_in};
    let bad = || format!("expected I/K with 0 <= I < K, for example 0/4 ({SYNTAX})");
    let (i, k) = s.split_once('/').ok_or_else(bad)?;
    let k = match natural_in(k.trim(), 1, u64::MAX) {
        Ok(k) => k,
        // a K past the machine word is a number of shards that cannot be run, not a bad I
        Err(_) if natural(k.trim()).is_ok_and(|v| v > u64::MAX) => {
            return Err(format!(
                "K = {} does not fit: K is at most 2^64-1 = {}",
                k.trim(),
                u64::MAX
            ));
        }
        Err(_) => return Err(bad()),
    };
    let i = natural_in(i.trim(), 0, u64::MAX).map_err(|_| bad())?;
    if i >= k {
        return Err(bad());
    }
    Ok((i, k))
}

/// The pairs range of shard (i, k) of [0, bound): [⌊bound·i/k⌋, ⌊bound·(i+1)/k⌋) (exact in
/// 128 bits; non-empty when k ≤ bound).  For k = 0 or i ≥ k the range is empty.
pub fn shard_range(bound: u64, (i, k): (u64, u64)) -> (u64, u64) {
    if k == 0 || i >= k {
        return (0, 0);
    }
    let at = |j: u64| (bound as u128 * j as u128 / k as u128) as u64; // ≤ bound since j ≤ k
    (at(i), at(i + 1))
}

/// The ranges [lo, hi) of n the chunked sweeps are tested on: the first index, a few, a single
/// one, across many chunk boundaries, and past 2^40.
#[cfg(test)]
pub(crate) const TEST_RANGES: [(u64, u64); 5] = [
    (0, 1),
    (0, 10),
    (1, 2),
    (5, 100_000),
    (1 << 40, (1 << 40) + 70_000),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(bound: u64) -> Config {
        Config::up_to(bound).with_grundy(64).with_three(12)
    }

    /// The report of `c`, or the exit status of its refusal.
    fn run(c: &Config) -> std::result::Result<Report, i32> {
        super::run(&Task::check(c.clone()), &crate::Context::serial(), &|_| {})
            .map(|v| v.report)
            .map_err(|e| Error::from(e).exit_code())
    }

    #[test]
    fn passes_and_catches_an_injected_fault() {
        for a in [1u64, 2, 5] {
            let mut c = cfg(300_000);
            c.a = a;
            let r = run(&c).unwrap();
            assert!(r.ok(), "{}", r.summary());
            c.inject_fault = Some(123_457);
            let r = run(&c).unwrap();
            assert!(!r.ok() && r.failed());
            assert_eq!(r.checks[0].status, Status::Fail);
            let ce = r.checks[0].counterexample.as_ref().unwrap();
            assert!(ce.contains("n = 123457"), "{ce}");
        }
    }

    #[test]
    fn empty_work_is_refused() {
        assert_eq!(run(&cfg(0)).unwrap_err(), 2);
        let mut c = cfg(3);
        c.shard = (1, 4);
        assert_eq!(run(&c).unwrap_err(), 2);
        // a refusal names the input at fault, and is bad usage (status 2)
        let refused = |c: &Config, want: Input| {
            let e = c.validate().unwrap_err();
            assert!(
                matches!(&e, ConfigError::Refused(r) if r.input == want),
                "{e}"
            );
            assert_eq!(Error::from(e).exit_code(), 2);
        };
        c.shard = (4, 4);
        refused(&c, Input::Shard);
        let mut c = cfg(10);
        c.inject_fault = Some(10);
        refused(&c, Input::Fault);
        c.inject_fault = None;
        c.bound = 0;
        refused(&c, Input::Bound);
        // every shard of a valid configuration is non-empty and the shards tile [0, bound)
        for (bound, k) in [(1u64, 1u64), (7, 7), (10, 3), (u64::MAX, 1000)] {
            let mut next = 0;
            for i in 0..k {
                let (lo, hi) = shard_range(bound, (i, k));
                assert!(lo == next && lo < hi, "{bound} {i}/{k}");
                next = hi;
            }
            assert_eq!(next, bound);
        }
    }
}
