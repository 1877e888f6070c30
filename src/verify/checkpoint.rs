//! Checkpoints of the floor = mex sweep: one record per finished chunk, in a
//! [`crate::artifact::checkpoint::Log`] (every line carries the XXH3-64 of its body; a torn or
//! corrupted record, and everything after it, counts as not done).
//!
//! The log's parameter line names the format version and everything the chunk records depend
//! on: `wythoff verify checkpoint v1 a=A bound=BOUND shard=I/K fault=F chunk=2^24 sweep=S`.  A
//! log of other parameters is refused and left untouched.  Records are
//! `chunk START COUNT ok` or `chunk START COUNT FAIL COUNTEREXAMPLE`; a record that checks but
//! does not fit the run's chunks is refused, never guessed at.

use super::{Config, mex};
use crate::artifact::checkpoint::Log;
use crate::error::{Error, Result};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// An open checkpoint of one verification run: the chunks recorded so far and the log that
/// records the next ones.
pub struct Checkpoint {
    log: Mutex<Log>,
    path: PathBuf,
    params: String,
    done: HashMap<u64, (u64, Option<String>)>,
}

/// The parameter line of a run's log.
pub fn params(cfg: &Config) -> String {
    format!(
        "wythoff verify checkpoint v1 a={} bound={} shard={}/{} fault={} chunk={} sweep={}",
        cfg.a,
        cfg.bound,
        cfg.shard.0,
        cfg.shard.1,
        cfg.inject_fault
            .map_or_else(|| "none".to_string(), |f| f.to_string()),
        mex::CHUNK,
        mex::Sweep::of(cfg).key()
    ) + &[("carry", cfg.inject_carry), ("digit", cfg.inject_digit)]
        .iter()
        .filter_map(|(w, f)| f.map(|f| format!(" {w}={f}")))
        .collect::<String>()
        + if cfg.conjectures { " conjectures" } else { "" }
}

impl Checkpoint {
    /// Starts a new log at `path` for `cfg`; refuses if a log is already there.
    pub fn create(path: &Path, cfg: &Config) -> Result<Checkpoint> {
        cfg.validate()?;
        let params = params(cfg);
        let log = Log::create(path, &params)?;
        Ok(Checkpoint {
            log: Mutex::new(log),
            path: path.to_owned(),
            params,
            done: HashMap::new(),
        })
    }

    /// Reopens the log at `path` to continue a run of `cfg`: refuses a log of other parameters
    /// (left untouched) or a record that does not fit the run's chunks.
    pub fn resume(path: &Path, cfg: &Config) -> Result<Checkpoint> {
        cfg.validate()?;
        let params = params(cfg);
        let (log, records) = Log::resume(path, &params)?;
        let (lo, hi) = cfg.range();
        let mut done = HashMap::new();
        for (j, body) in records.iter().enumerate() {
            let bad = || {
                Error::usage(format!(
                    "checkpoint '{}': record {} (\"{}\") does not fit this run",
                    path.display(),
                    j + 1,
                    body.chars().take(80).collect::<String>()
                ))
            };
            let (start, count, ce) = parse_record(body).ok_or_else(bad)?;
            let fits = start >= lo
                && start < hi
                && (start - lo) % mex::CHUNK == 0
                && (count == (hi - start).min(mex::CHUNK)
                    || (cfg.conjectures && ce.is_some() && count <= mex::CHUNK));
            if !fits {
                return Err(bad());
            }
            done.entry(start).or_insert((count, ce));
        }
        Ok(Checkpoint {
            log: Mutex::new(log),
            path: path.to_owned(),
            params,
            done,
        })
    }

    /// The number of chunks found recorded when the log was opened.
    pub fn resumed_chunks(&self) -> usize {
        self.done.len()
    }

    /// The log's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Refuses a run of another configuration than the log's.
    pub(super) fn check_config(&self, cfg: &Config) -> Result<()> {
        if params(cfg) == self.params {
            Ok(())
        } else {
            Err(Error::internal(format!(
                "checkpoint '{}' was opened for another run",
                self.path.display()
            )))
        }
    }

    /// The recorded outcome of the chunk starting at `start`: (items, first counterexample).
    pub(super) fn done(&self, start: u64) -> Option<(u64, Option<String>)> {
        self.done.get(&start).cloned()
    }

    /// Records a finished chunk (synced to disk before returning).
    pub(super) fn record(&self, start: u64, count: u64, ce: Option<&str>) -> Result<()> {
        let body = match ce {
            None => format!("chunk {start} {count} ok"),
            Some(t) => format!(
                "chunk {start} {count} FAIL {}",
                t.replace(['\n', '\r'], " ")
            ),
        };
        self.log
            .lock()
            .map_err(|_| Error::internal("checkpoint lock poisoned"))?
            .append(&body)
    }

    /// The run is complete and its report stored: removes the log.
    pub fn finish(self) -> Result<()> {
        self.log
            .into_inner()
            .map_err(|_| Error::internal("checkpoint lock poisoned"))?
            .finish()
    }
}

/// `chunk START COUNT ok` or `chunk START COUNT FAIL TEXT`.
fn parse_record(body: &str) -> Option<(u64, u64, Option<String>)> {
    let mut it = body.splitn(5, ' ');
    if it.next()? != "chunk" {
        return None;
    }
    let start = super::report::decimal::parse(it.next()?)?;
    let count = super::report::decimal::parse(it.next()?)?;
    match (it.next()?, it.next()) {
        ("ok", None) => Some((start, count, None)),
        ("FAIL", Some(t)) if !t.is_empty() => Some((start, count, Some(t.to_string()))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_malformed_ones_are_refused() {
        assert_eq!(parse_record("chunk 0 16 ok"), Some((0, 16, None)));
        assert_eq!(
            parse_record("chunk 5 16 FAIL n = 7: x"),
            Some((5, 16, Some("n = 7: x".into())))
        );
        for bad in [
            "chunk 0 16",
            "chunk 0 16 ok extra",
            "chunk 0 16 FAIL",
            "chunk -1 1 ok",
            "chunk 0 16 pass",
        ] {
            assert_eq!(parse_record(bad), None, "{bad}");
        }
    }
}
