//! `wythoff rows`: certified rows of the Grundy function (doc/rows.md) — the search with its
//! progress, checkpoints and certificate file; `rows --check` and `rows --growth` read
//! certificates ([`super::rows_read`]).

use super::arg_groups::*;
use super::args::*;
use super::out::{Out, outln};
use super::rows_read::{rows_check, rows_growth};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use wythoff::artifact::atomic::{Need, Target, target};
use wythoff::error::{Error, Result};

// Three modes: `rows X` (the search), `rows --check CERT`, `rows --growth CERT...`.  clap does not
// enforce `requires = "check"` (or "growth", "output") when a given flag conflicts with the
// required one, so each flag of one mode also conflicts with what selects the others.
#[derive(Args)]
#[command(mut_args(rows_threads))]
pub(crate) struct RowsArgs {
    /// Number of rows X (rows 0..X-1).
    #[arg(value_parser = size, allow_hyphen_values = true,
          required_unless_present_any = ["check", "growth"])]
    pub(crate) x: Option<u64>,
    /// Parameter a, 1 to 10 with 2a·X below 2^15 (a = 1 is Wythoff's game).
    #[arg(short = 'a', default_value = "1", value_parser = parameter,
          allow_hyphen_values = true, conflicts_with_all = ["check", "growth"])]
    pub(crate) a: u64,
    /// The column budget: give up, certifying nothing, when no state has repeated within this
    /// many columns (rows 0..511 repeat after about 2·10^7, rows 0..1023 after about 1.5·10^8).
    #[arg(long, default_value = "1e9", value_parser = columns, allow_hyphen_values = true,
          conflicts_with = "growth")]
    pub(crate) max_columns: u64,
    /// Write the certificate file (binary, doc/formats.md) for `grundy at` and `sum`.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "CERT",
        conflicts_with = "check"
    )]
    pub(crate) output: Option<PathBuf>,
    /// Bytes the certificate may spend on the values below the preperiods (rows in order; a row
    /// whose values do not fit is stored without them).
    #[arg(long, value_name = "BYTES", default_value = "2^26", value_parser = size,
          requires = "output", conflicts_with_all = ["check", "growth"],
          allow_hyphen_values = true)]
    pub(crate) prefix_budget: u64,
    /// Continue an interrupted `rows X -o CERT` run from its checkpoint (CERT.ckpt), with the same
    /// X, -a and options.
    #[arg(long, requires = "output", conflicts_with_all = ["restart", "check", "growth"])]
    pub(crate) resume: bool,
    /// Discard the checkpoint of an interrupted `rows X -o CERT` run and start afresh.
    #[arg(long, requires = "output", conflicts_with_all = ["check", "growth"])]
    pub(crate) restart: bool,
    /// Assume that the joint period divides P (for instance the period of fewer rows: 393216
    /// for rows 0..1023): one walk to the first column y with equal states at y and y + P finds
    /// everything, in about μ + P columns instead of about 2μ + 3λ. The states are compared
    /// exactly, so P only decides the cost: when it is not a multiple of the joint period, the
    /// repeat found on the way is walked as without --period.
    #[arg(long, value_name = "P", value_parser = columns, allow_hyphen_values = true,
          conflicts_with_all = ["check", "growth"])]
    pub(crate) period: Option<u64>,
    // `--threads`, with the help of `rows` and refused with `--growth` ([`rows_threads`])
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
    /// Milliseconds between checkpoints of a `rows X -o CERT` run.
    #[arg(long, hide = true, default_value = "300000", value_parser = count,
          allow_hyphen_values = true)]
    pub(crate) checkpoint_ms: u64,
    /// Check a certificate file by computing its rows again: a plain mex from the rules on the
    /// columns within --mex-budget, and the sweep again.
    #[arg(long, value_name = "CERT", conflicts_with = "x")]
    pub(crate) check: Option<PathBuf>,
    /// Instead of X: read certificate files (any a) and say how their rows grow — whether every
    /// period of rows x >= 1 is 3·2^k, the largest preperiod per doubling of x, a least-squares
    /// power law for the preperiods (doc/results.md).
    #[arg(long, value_name = "CERT", num_args = 1.., conflicts_with_all = ["x", "check", "output"])]
    pub(crate) growth: Vec<PathBuf>,
    /// With --growth: draw row_preperiods.png and row_periods.png into this directory.
    #[arg(long, value_name = "DIR", requires = "growth", conflicts_with_all = ["x", "check"])]
    pub(crate) plots: Option<PathBuf>,
    /// Option reads the plain mex of --check may spend.
    #[arg(long, value_name = "READS", default_value = "2e9", value_parser = count,
          requires = "check", conflicts_with_all = ["x", "growth"], allow_hyphen_values = true)]
    pub(crate) mex_budget: u64,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

/// `--threads` of `rows` ([`ThreadsArg`], the flag's one declaration): its help says what the
/// threads do here, and it is refused with `--growth`.  (`mut_args` keeps the arguments' order,
/// which the completion scripts follow.)
fn rows_threads(a: clap::Arg) -> clap::Arg {
    if a.get_id() != "threads" {
        return a;
    }
    a.help(
        "Threads for a = 1, 1 to 1024 (default: all cores): the rows are cut into bands, each a \
         column behind the one above; the result is the same for every count",
    )
    .conflicts_with("growth")
}

pub(crate) fn rows(args: RowsArgs) -> Result<()> {
    use wythoff::artifact::certificate::Certificate;
    use wythoff::grundy::rows;
    if let Some(cert) = &args.check {
        return rows_check(
            cert,
            args.mex_budget,
            args.max_columns,
            args.threads.count(),
            args.json,
        );
    }
    if !args.growth.is_empty() {
        return rows_growth(&args.growth, args.plots.as_deref(), args.json);
    }
    let x = args
        .x
        .ok_or_else(|| Error::usage("give X, or --check CERT"))?;
    let x = usize::try_from(x).map_err(|_| Error::usage("X: too many rows"))?;
    let max = args.max_columns;
    // the certificate's target is opened before any work: one that cannot be written is refused
    let mut file = args
        .output
        .as_deref()
        .map(wythoff::artifact::AtomicFile::create_regular)
        .transpose()?;
    // a spinner with the stage and column reached (drawn only when stderr is a terminal)
    let pb = if x >= 64 {
        indicatif::ProgressBar::new_spinner()
    } else {
        indicatif::ProgressBar::hidden()
    };
    let t0 = std::time::Instant::now();
    let mut cfg = rows::Search::new(args.a, x, max);
    cfg.period = args.period;
    cfg.threads = args.threads.count();
    // the values below the preperiods only go into a certificate
    cfg.prefixes = rows::Prefixes::Budget(if args.output.is_some() {
        args.prefix_budget
    } else {
        0
    });
    let last = x.saturating_sub(1);
    let first = rows::first_state(&cfg).map_err(|e| match e {
        rows::RowsError::Rows(_) => Error::usage(format!("X: {e}")),
        rows::RowsError::Parameter(_) => Error::usage(format!("-a: {e}")),
        other => other.into(),
    })?;
    // checkpoints (with -o): CERT.ckpt and its state files
    let mut journal = None;
    let mut saved = rows::resume::Saved::Fresh;
    if let Some(path) = &args.output {
        let params = rows::resume::params(&cfg, args.prefix_budget);
        let every = std::time::Duration::from_millis(args.checkpoint_ms);
        let Target::Replace(cert) = target(path, Need::Regular).map_err(naming("-o"))? else {
            return Err(Error::internal("a certificate needs a regular file"));
        };
        let mode = wythoff::artifact::Partial::from_flags(args.resume, args.restart);
        let flag = if args.resume { "--resume" } else { "-o" };
        let (j, s) = rows::resume::Journal::open(&cert, &params, every, &first, mode)
            .map_err(|e| naming(flag)(e.into()))?;
        if args.resume {
            let at = match &s {
                rows::resume::Saved::Fresh => {
                    "no checkpoint matches its state file: starting again at column 0".to_string()
                }
                rows::resume::Saved::Repeat { hare, .. } => format!(
                    "looking for a repeated state from column {}",
                    hare.state.y()
                ),
                rows::resume::Saved::Walk { point, .. } => {
                    format!("preperiods from column {}", point.y)
                }
                rows::resume::Saved::Assumed { point, period, .. } => {
                    format!(
                        "preperiods, with period {period} assumed, from column {}",
                        point.y
                    )
                }
            };
            eprintln!(
                "wythoff: continuing the interrupted run of '{}': {at}",
                path.display()
            );
        }
        journal = Some(j);
        saved = s;
    }
    let report = |stage: rows::Stage, c: u64| {
        let what = match stage {
            rows::Stage::Repeat => format!("looking for a repeated state: column {c}"),
            rows::Stage::Preperiods { bound } => {
                format!("preperiods: column {c} of {bound}")
            }
            rows::Stage::Assumed { period } => {
                format!("preperiods, with period {period} assumed: column {c}")
            }
            rows::Stage::Prefixes { last } => {
                format!("values below the preperiods: column {c} of {last}")
            }
        };
        pb.set_message(format!(
            "rows 0..{last}: {what} ({:.0} s)",
            t0.elapsed().as_secs_f64()
        ));
        pb.tick();
    };
    let never = wythoff::cancel::Cancel::never();
    let p =
        rows::search_from(&cfg, saved, journal.as_mut(), &report, never).map_err(|e| match e {
            rows::RowsError::NoPeriod(c) => Error::Inconclusive(format!(
                "no repeat within {c} columns: rows 0..{last} are not certified (no preperiod or \
                 period is claimed for any of them); raise --max-columns"
            )),
            rows::RowsError::Rows(_) => Error::usage(format!("X: {e}")),
            rows::RowsError::Parameter(_) => Error::usage(format!("-a: {e}")),
            other => other.into(),
        })?;
    pb.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();
    if let Some(assumed) = args.period
        && !assumed.is_multiple_of(p.joint.1)
    {
        eprintln!(
            "wythoff: --period {assumed} is not a multiple of the joint period {}: the rows were \
             certified by the walk of the search instead",
            p.joint.1
        );
    }
    if let (Some(mut f), Some(path)) = (file.take(), &args.output) {
        let c = Certificate::from_periods(&p, args.a, args.prefix_budget)?;
        let bytes = c.to_bytes();
        f.write_all(bytes)
            .map_err(|e| Error::file(path.clone(), e))?;
        f.commit()?;
        if let Some(j) = journal.take() {
            j.finish()?;
        }
        eprintln!(
            "wythoff: wrote {} (rows 0..{}, a = {}, {} bytes; values below the preperiod stored \
             for {} of {} rows within --prefix-budget {})",
            path.display(),
            x - 1,
            args.a,
            bytes.len(),
            c.prefix_rows(),
            x,
            args.prefix_budget
        );
    }
    let (mu, lam) = p.joint;
    let mut out = Out::new();
    if args.json {
        outln!(out, "{}", p.to_json())?;
    } else {
        outln!(
            out,
            "row  preperiod  period   (G(x, y + p) = G(x, y) + p for y >= preperiod)"
        )?;
        for (i, (y0, per)) in p.rows.iter().enumerate() {
            outln!(out, "{i:>3}  {y0:>9}  {per:>6}")?;
        }
        outln!(
            out,
            "joint: preperiod {mu}, period {lam} — certified by a repeated engine state ({secs:.1} s)"
        )?;
    }
    out.finish()
}
