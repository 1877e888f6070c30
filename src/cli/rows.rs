//! `wythoff rows`: certified rows of the Grundy function (doc/rows.md) — the arguments parsed
//! into one library call ([`wythoff::grundy::rows::certify`]: the search with its checkpoints and
//! certificate file), its progress drawn and its rows printed ([`super::rows_print`]); `rows
//! --check` and `rows --growth` read certificates ([`super::rows_read`]).

use super::arg_groups::*;
use super::args::*;
use super::rows_print::{named, print, stage_words};
use super::rows_read::{rows_check, rows_growth};
use clap::Args;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::files::Partial;
use wythoff::grundy::rows::certify::{Checkpoints, Event, Output, Request, certify};

// Three modes: `rows X` (the search), `rows --check CERT`, `rows --growth CERT...`.  clap does not
// enforce `requires = "check"` (or "growth", "output") when a given flag conflicts with the
// required one, so each flag of one mode also conflicts with what selects the others.
#[derive(Args)]
#[command(mut_args(rows_threads))]
pub(crate) struct RowsArgs {
    /// Number of rows X (rows 0..X-1), 1 to 4096.
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
    let output = args.output.as_deref().map(|path| Output {
        path,
        prefix_budget: args.prefix_budget,
        checkpoints: Some(Checkpoints {
            partial: Partial::from_flags(args.resume, args.restart),
            every: Duration::from_millis(args.checkpoint_ms),
        }),
    });
    let request = Request {
        a: args.a,
        rows: x,
        max_columns: args.max_columns,
        period: args.period,
        output,
    };
    // a spinner with the stage and column reached (drawn only when stderr is a terminal)
    let pb = if x >= 64 {
        indicatif::ProgressBar::new_spinner()
    } else {
        indicatif::ProgressBar::hidden()
    };
    let t0 = Instant::now();
    let last = x.saturating_sub(1);
    let event = |e: Event<'_>| match e {
        Event::Resumed(saved) => crate::cli::out::errln!(
            "wythoff: continuing the interrupted run of '{}': {saved}",
            args.output.clone().unwrap_or_default().display()
        ),
        Event::Progress { stage, column } => {
            pb.set_message(format!(
                "rows 0..{last}: {} ({:.0} s)",
                stage_words(stage, column),
                t0.elapsed().as_secs_f64()
            ));
            pb.tick();
        }
        Event::Certified(p) => {
            pb.finish_and_clear();
            if let Some(assumed) = args.period
                && !assumed.is_multiple_of(p.joint.1)
            {
                crate::cli::out::errln!(
                    "wythoff: --period {assumed} is not a multiple of the joint period {}: the \
                     rows were certified by the walk of the search instead",
                    p.joint.1
                );
            }
        }
    };
    let ctx = Context::new(args.threads.count());
    let done = certify(&request, &event, &ctx).map_err(|e| named(e, args.resume, last))?;
    if let (Some(c), Some(path)) = (&done.certificate, &args.output) {
        crate::cli::out::errln!(
            "wythoff: wrote {} (rows 0..{last}, a = {}, {} bytes; values below the preperiod \
             stored for {} of {x} rows within --prefix-budget {})",
            path.display(),
            args.a,
            c.to_bytes().len(),
            c.prefix_rows(),
            args.prefix_budget
        );
    }
    print(&done.periods, done.seconds, args.json)
}
