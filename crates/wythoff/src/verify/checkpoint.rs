//! Checkpoints of the floor = mex sweep: one record per finished chunk, in the report's
//! resumable checkpoint `REPORT.ckpt` ([`crate::files::resumable`]; every line carries the XXH3-64 of its body; a torn or
//! corrupted record, and everything after it, counts as not done).
//!
//! The log's parameter line names the format version and everything the chunk records depend
//! on: `wythoff verify checkpoint v1 a=A bound=BOUND shard=I/K fault=F chunk=2^24 sweep=S`.  A
//! log of other parameters is refused and left untouched.  Records are
//! `chunk START COUNT ok` or `chunk START COUNT FAIL COUNTEREXAMPLE`; a record that checks but
//! does not fit the run's chunks is refused, never guessed at.

use super::{Config, sweep};
use crate::error::{Error, Result};
use crate::files::Partial;
use crate::files::resumable::{Files, Resumable, Start};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// An open checkpoint of one verification run: the chunks recorded so far and the log that
/// records the next ones.
pub struct Checkpoint {
    log: Mutex<Resumable>,
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
        sweep::CHUNK,
        sweep::Sweep::of(cfg).key()
    ) + &[("carry", cfg.inject_carry), ("digit", cfg.inject_digit)]
        .iter()
        .filter_map(|(w, f)| f.map(|f| format!(" {w}={f}")))
        .collect::<String>()
        + if cfg.conjectures { " conjectures" } else { "" }
}

/// How a checkpointed run started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opened {
    /// Afresh; `discarded` says whether an interrupted run's log was discarded.
    Fresh {
        /// An earlier run was discarded (restart).
        discarded: bool,
    },
    /// Continuing an interrupted run: this many chunks are recorded.
    Resumed(usize),
}

impl Checkpoint {
    /// Opens the checkpoint `REPORT.ckpt` of a run of `cfg` writing the report `report` (a
    /// regular file, symlinks resolved): refused, resumed or restarted as `mode` says, under the
    /// log's lock ([`crate::files::resumable`]).  Resuming refuses a log of other parameters
    /// (left untouched) or a record that does not fit the run's chunks.
    pub fn open(report: &Path, cfg: &Config, mode: Partial) -> Result<(Checkpoint, Opened)> {
        cfg.validate()?;
        let params = params(cfg);
        let files = Files::at_end(report, &[]);
        let progress = |r: &[String]| format!("{} chunk(s)", r.len());
        let (log, start) = Resumable::open(files, &params, mode, "verification", &progress)?;
        let path = log.files().log.clone();
        let records = match start {
            Start::Fresh { discarded } => {
                let c = Checkpoint {
                    log: Mutex::new(log),
                    path,
                    params,
                    done: HashMap::new(),
                };
                return Ok((c, Opened::Fresh { discarded }));
            }
            Start::Resume(records) => records,
        };
        let (lo, hi) = cfg.range();
        let mut done = HashMap::new();
        for (j, body) in records.iter().enumerate() {
            let fits = parse_record(body).filter(|&(start, count, ref ce)| {
                start >= lo
                    && start < hi
                    && (start - lo) % sweep::CHUNK == 0
                    && (count == (hi - start).min(sweep::CHUNK)
                        || (cfg.conjectures && ce.is_some() && count <= sweep::CHUNK))
            });
            let Some((start, count, ce)) = fits else {
                return Err(log
                    .refuse(format!(
                        "record {} (\"{}\") does not fit this run",
                        j + 1,
                        body.chars().take(80).collect::<String>()
                    ))
                    .into());
            };
            done.entry(start).or_insert((count, ce));
        }
        let n = done.len();
        let c = Checkpoint {
            log: Mutex::new(log),
            path,
            params,
            done,
        };
        Ok((c, Opened::Resumed(n)))
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
    let start = crate::decimal_string::parse(it.next()?)?;
    let count = crate::decimal_string::parse(it.next()?)?;
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
