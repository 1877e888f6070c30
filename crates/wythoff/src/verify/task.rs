//! One verification as one call ([`run`]): a configuration checked, or the reports of its shards
//! merged; the report stored atomically; the checkpoint of a long sweep kept beside the report
//! and resumed or discarded as asked; the plots of a table file drawn.  Everything that
//! `wythoff verify` does between parsing its arguments and printing the report, for the command
//! line, the default job and the Python bindings alike.
//!
//! Order: everything about the task is checked, and the output opened, before any work — the
//! table file's header, the configuration, the plots' folder, the output (never a file the task
//! reads), the checkpoint; then the checks (or the merge), the plots, the report stored, and only
//! then the checkpoint removed.  A run cancelled through its [`Context`] stores nothing: the
//! chunks it finished stay recorded in the checkpoint, for a run with [`Partial::Resume`].
//!
//! Failures say which input they concern ([`TaskError`]), so that a caller names its own
//! argument for it; remarks on the way (a run resumed, a plot written) go to the caller's
//! `note` ([`Note`]).  The checks run on rayon's global pool, which the caller sizes.

use super::table::TableFacts;
use super::{Checkpoint, Config, ConfigError, Opened, Report, checks, conjectures, window};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::files::atomic::{Need, Target, target};
use crate::files::{AtomicFile, FileError, Partial};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What a verification task works on.
#[derive(Clone, Debug)]
pub enum Work {
    /// Run the checks of this configuration.
    Check(Config),
    /// Merge the reports in these files, one per shard of one verification ([`super::merge::merge`]).
    Merge(Vec<PathBuf>),
}

/// One verification: its work, where its report goes, and its pictures.
#[derive(Clone, Debug)]
pub struct Task {
    /// The checks to run or the reports to merge.
    pub work: Work,
    /// The file the JSON report is written to (atomically), if any.  A sweep writing a regular
    /// file keeps its checkpoint beside it, `FILE.ckpt`, until the report is written.
    pub output: Option<PathBuf>,
    /// What to do with the checkpoint an interrupted run left beside the output.
    pub partial: Partial,
    /// The folder the plots of the table file's measurements are drawn into, if any (for a table
    /// of Wythoff's game, a = 1).
    pub plots: Option<PathBuf>,
}

impl Task {
    /// The checks of `cfg`, the report returned only.
    pub fn check(cfg: Config) -> Task {
        Task {
            work: Work::Check(cfg),
            output: None,
            partial: Partial::Refuse,
            plots: None,
        }
    }

    /// The merge of the reports in the files `reports`, the report returned only.
    pub fn merge(reports: Vec<PathBuf>) -> Task {
        Task {
            work: Work::Merge(reports),
            ..Task::check(Config::up_to(1))
        }
    }

    /// This task writing its report to `path`, treating the checkpoint of an interrupted run as
    /// `partial` says.
    pub fn with_output(self, path: Option<PathBuf>, partial: Partial) -> Task {
        Task {
            output: path,
            partial,
            ..self
        }
    }

    /// The items its progress is reported in ([`Config::items`]; none for a merge).
    pub fn items(&self) -> u64 {
        match &self.work {
            Work::Check(cfg) => cfg.items(),
            Work::Merge(_) => 0,
        }
    }

    /// This task drawing the plots of its table file into `dir`, if any.
    pub fn with_plots(self, dir: Option<PathBuf>) -> Task {
        Task { plots: dir, ..self }
    }
}

/// The outcome of a task.
#[derive(Debug)]
pub struct Verified {
    /// The report.
    pub report: Report,
    /// The facts measured on the table file (when its checks ran: shard 0, a = 1, checksum
    /// intact), for pictures ([`super::plot`]).
    pub facts: Option<TableFacts>,
    /// Seconds from the call to the report's completion.
    pub elapsed: f64,
}

impl Verified {
    /// The report as JSON, as stored in the task's output.
    pub fn to_json(&self) -> String {
        self.report.to_json(self.elapsed)
    }

    /// The report's summary ([`Report::summary`]) and the seconds taken, with the rate of the
    /// pairs sweep over the whole run's time when that sweep is the bulk of the work (a million
    /// n's or more).
    pub fn summary(&self) -> String {
        let first = self.report.checks.first().filter(|c| c.count >= 1_000_000);
        let rate = match first {
            Some(c) => format!(
                "; {} at {:.2e} n/s",
                c.name,
                c.count as f64 / self.elapsed.max(1e-9)
            ),
            None => String::new(),
        };
        format!("{}{:.1} s{rate}", self.report.summary(), self.elapsed)
    }
}

/// A remark of a task on its way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The temporary file a killed run left beside the output was removed.
    RemovedStale(PathBuf),
    /// An interrupted run is continued from its checkpoint `log`, `chunks` chunks recorded.
    Resumed {
        /// The checkpoint.
        log: PathBuf,
        /// The chunks recorded there.
        chunks: usize,
    },
    /// The checkpoint `log` of an interrupted run was discarded.
    Discarded {
        /// The checkpoint.
        log: PathBuf,
    },
    /// A plot was written.
    Plotted(PathBuf),
    /// Plots were asked for, but the table file's checks did not run (the report says why).
    NoPlots,
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::RemovedStale(p) => write!(
                f,
                "note: removed '{}', the temporary file of a killed run",
                p.display()
            ),
            Note::Resumed { log, chunks } => write!(
                f,
                "resuming from '{}': {chunks} chunk(s) already checked",
                log.display()
            ),
            Note::Discarded { log } => write!(
                f,
                "discarded the interrupted run checkpointed at '{}'",
                log.display()
            ),
            Note::Plotted(p) => write!(f, "wrote {}", p.display()),
            Note::NoPlots => write!(
                f,
                "no plots drawn: the table file's checks did not run (see the report)"
            ),
        }
    }
}

/// A file a task reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The table file of the configuration.
    Table,
    /// A report to merge.
    Merge,
}

/// Why a task failed, by the input concerned.  Every variant but [`TaskError::Run`] arises before
/// any work.
#[derive(Debug, thiserror::Error)]
pub enum TaskError {
    /// The configuration is refused.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The table file cannot be used: unreadable or invalid (bad input), or damaged
    /// ([`FileError::is_damage`]).
    #[error(transparent)]
    Table(FileError),
    /// The plots cannot be drawn: the folder takes no files, or the table is not of a = 1.
    #[error(transparent)]
    Plots(Error),
    /// The output cannot be written there.
    #[error(transparent)]
    Output(Error),
    /// The output is a file the task reads.
    #[error("'{}' is a file the task reads; writing it would destroy the input: give another name", output.display())]
    OverwritesInput {
        /// The output.
        output: PathBuf,
        /// The input it is.
        input: Source,
    },
    /// A checkpoint is to be resumed or discarded, but the output is a special file (a FIFO or
    /// device), beside which none is kept.
    #[error(
        "the report goes to a special file (a FIFO or device), where no checkpoint can be kept; give a regular file"
    )]
    NoCheckpoint,
    /// The checkpoint is refused (a log of an interrupted run in a plain run, a log of other
    /// parameters, a record that does not fit).
    #[error(transparent)]
    Checkpoint(Error),
    /// A report to merge is refused (unreadable, not a report, of another verification), or the
    /// reports do not make one whole.
    #[error(transparent)]
    Merge(Error),
    /// A failure of the run itself.
    #[error(transparent)]
    Run(#[from] Error),
}

impl From<TaskError> for Error {
    fn from(e: TaskError) -> Error {
        match e {
            TaskError::Config(e) => e.into(),
            TaskError::Table(e) => e.into(),
            e @ (TaskError::OverwritesInput { .. } | TaskError::NoCheckpoint) => {
                Error::usage(e.to_string())
            }
            TaskError::Plots(e)
            | TaskError::Output(e)
            | TaskError::Checkpoint(e)
            | TaskError::Merge(e)
            | TaskError::Run(e) => e,
        }
    }
}

/// Runs `task`: see the module's documentation.  `ctx` carries the progress of the long checks
/// (in items: n's of the sweep, indices of a window) and the cancellation flag; `note` receives
/// the remarks on the way.
pub fn run(
    task: &Task,
    ctx: &Context,
    note: &dyn Fn(&Note),
) -> std::result::Result<Verified, TaskError> {
    let t0 = Instant::now();
    let cfg = match &task.work {
        Work::Check(cfg) => Some(cfg),
        Work::Merge(_) => None,
    };
    let table_a = match cfg {
        Some(cfg) => prepare(cfg)?,
        None => None,
    };
    if let Some(dir) = &task.plots {
        plots_dir(cfg, table_a, dir)?;
    }
    let out = open_output(task, note)?;
    let in_place = out.as_ref().is_some_and(|o| o.1);
    if in_place && task.partial != Partial::Refuse {
        return Err(TaskError::NoCheckpoint);
    }
    let (report, facts, ckpt) = match &task.work {
        Work::Merge(paths) => (merged(paths)?, None, None),
        Work::Check(cfg) => {
            // a window is short work, run afresh: no checkpoint
            let ckpt = match &task.output {
                Some(p) if !in_place && cfg.window.is_none() => {
                    Some(checkpoint(p, cfg, task.partial, note)?)
                }
                _ => None,
            };
            let (r, facts) = checked(cfg, ctx, ckpt.as_ref())?;
            match (&task.plots, &facts) {
                (Some(dir), Some(f)) => {
                    for p in super::plot::draw_all(f, dir)? {
                        note(&Note::Plotted(p));
                    }
                }
                (Some(_), None) => note(&Note::NoPlots),
                _ => {}
            }
            (r, facts, ckpt)
        }
    };
    // a cancelled run claims nothing and stores nothing
    ctx.check()?;
    let done = Verified {
        report,
        facts,
        elapsed: t0.elapsed().as_secs_f64(),
    };
    if let (Some((mut f, _)), Some(p)) = (out, &task.output) {
        f.write_all(done.to_json().as_bytes())
            .map_err(|e| crate::files::io_error(p, e))?;
        f.commit()?;
    }
    // The report is stored: the checkpoint has served.
    if let Some(c) = ckpt {
        c.finish()?;
    }
    Ok(done)
}

/// The table file's header read (and its parameter a returned) and the configuration validated,
/// before any work; the payload's checksum is a check of the report.
fn prepare(cfg: &Config) -> std::result::Result<Option<u64>, TaskError> {
    let a = match &cfg.table {
        Some(t) => Some(
            crate::grundy::TableFile::open(Path::new(t))
                .map_err(TaskError::Table)?
                .header
                .a,
        ),
        None => None,
    };
    cfg.validate()?;
    Ok(a)
}

/// The plots' folder, checked before any work: only for a table of Wythoff's game (`table_a`, the
/// parameter of the configuration's table file).
fn plots_dir(
    cfg: Option<&Config>,
    table_a: Option<u64>,
    dir: &Path,
) -> std::result::Result<(), TaskError> {
    if let (Some(a), Some(t)) = (table_a, cfg.and_then(|c| c.table.as_ref()))
        && a != 1
    {
        return Err(TaskError::Plots(Error::usage(format!(
            "the plots measure a table of Wythoff's game (a = 1); '{t}' is of a = {a}, whose \
             table checks are skipped"
        ))));
    }
    crate::plot::check_dir(dir).map_err(TaskError::Plots)?;
    Ok(())
}

/// The report's output opened before any work (refused where it would overwrite an input), and
/// whether it is a special file written in place.
fn open_output(
    task: &Task,
    note: &dyn Fn(&Note),
) -> std::result::Result<Option<(AtomicFile, bool)>, TaskError> {
    let Some(p) = &task.output else {
        return Ok(None);
    };
    let table = match &task.work {
        Work::Check(cfg) => cfg.table.iter().map(PathBuf::from).collect(),
        Work::Merge(_) => Vec::new(),
    };
    let merged = match &task.work {
        Work::Merge(m) => m.as_slice(),
        Work::Check(_) => &[],
    };
    let inputs =
        (table.iter().map(|t| (t, Source::Table))).chain(merged.iter().map(|m| (m, Source::Merge)));
    for (input, source) in inputs {
        if same_file(p, input) {
            return Err(TaskError::OverwritesInput {
                output: p.clone(),
                input: source,
            });
        }
    }
    let in_place = matches!(
        target(p, Need::Stream).map_err(TaskError::Output)?,
        Target::InPlace(_) | Target::Descriptor(_)
    );
    let f = AtomicFile::create(p).map_err(TaskError::Output)?;
    for stale in f.removed_stale() {
        note(&Note::RemovedStale(stale.clone()));
    }
    Ok(Some((f, in_place)))
}

/// Whether `a` and `b` are one file (the same device and inode, through any links), as
/// [`crate::files::atomic::refuse_overwriting_input`] judges it.
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    matches!((std::fs::metadata(a), std::fs::metadata(b)),
        (Ok(o), Ok(i)) if (o.dev(), o.ino()) == (i.dev(), i.ino()))
}

/// The checkpoint of a run writing its report to `report`: `REPORT.ckpt`, created, resumed or
/// restarted as `partial` says.
fn checkpoint(
    report: &Path,
    cfg: &Config,
    partial: Partial,
    note: &dyn Fn(&Note),
) -> std::result::Result<Checkpoint, TaskError> {
    let Target::Replace(report) = target(report, Need::Regular).map_err(TaskError::Output)? else {
        return Err(Error::internal("a checkpointed report needs a regular file").into());
    };
    let (c, opened) = Checkpoint::open(&report, cfg, partial).map_err(TaskError::Checkpoint)?;
    let log = c.path().to_path_buf();
    match opened {
        Opened::Resumed(chunks) => note(&Note::Resumed { log, chunks }),
        Opened::Fresh { discarded: true } => note(&Note::Discarded { log }),
        Opened::Fresh { discarded: false } => {}
    }
    Ok(c)
}

/// Reads and merges the reports in `paths`; every refusal names the file.
fn merged(paths: &[PathBuf]) -> std::result::Result<Report, TaskError> {
    let parts = paths
        .iter()
        .map(|p| {
            let label = p.display().to_string();
            let text = std::fs::read(p)
                .map_err(|e| Error::reading(format!("cannot read '{label}'"), e))?;
            let text = String::from_utf8(text).map_err(|_| {
                Error::usage(format!("'{label}': not a verify report (not UTF-8 text)"))
            })?;
            let r =
                super::parse_report(&text).map_err(|e| Error::usage(format!("'{label}': {e}")))?;
            Ok((label, r))
        })
        .collect::<Result<Vec<_>>>()
        .map_err(TaskError::Merge)?;
    super::merge(&parts).map_err(TaskError::Merge)
}

/// The checks of `cfg`, with the facts measured on its table file; chunks recorded in
/// `checkpoint` are not checked again, and each chunk finished is recorded there.
pub(crate) fn checked(
    cfg: &Config,
    ctx: &Context,
    checkpoint: Option<&Checkpoint>,
) -> Result<(Report, Option<TableFacts>)> {
    let (progress, cancel) = (ctx.progress(), ctx.cancel());
    cfg.validate()?;
    if let Some(c) = checkpoint {
        c.check_config(cfg)?;
    }
    if let Some(w) = &cfg.window {
        let report = Report {
            config: cfg.clone(),
            checks: window::checks(cfg.a, w, cfg.inject_fault, progress, cancel)?,
            measurements: Vec::new(),
        };
        return Ok((report, None));
    }
    if cfg.conjectures {
        let report = Report {
            config: cfg.clone(),
            checks: conjectures::checks(cfg, progress, checkpoint, cancel)?,
            measurements: Vec::new(),
        };
        return Ok((report, None));
    }
    // The small checks first: their failures of input (a table too large) surface at once.
    let (small, measurements, facts) = checks::small_checks(cfg, cancel)?;
    let mut checks = vec![super::sweep::sweep(cfg, progress, checkpoint, cancel)?];
    checks.push(super::numeration::sample_check(cfg));
    checks.extend(small);
    let report = Report {
        config: cfg.clone(),
        checks,
        measurements,
    };
    Ok((report, facts))
}
