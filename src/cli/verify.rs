//! `wythoff verify`: verification at scale, shards, merge and resume — the arguments parsed
//! into one [`Task`], run by [`verify::run`], and its report printed.

use super::arg_groups::*;
use super::args::*;
use super::out::{Out, outln};
use clap::Args;
use rug::Integer;
use std::path::PathBuf;
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::files::Partial;
use wythoff::verify::{self, Config, Input, Note, Source, Task, TaskError};

/// Flags that describe a new run, refused together with --merge.
const RUN_FLAGS: [&str; 12] = [
    "bound",
    "a",
    "grundy",
    "three",
    "shard",
    "resume",
    "restart",
    "table",
    "plots",
    "from",
    "to",
    "conjectures",
];

#[derive(Args)]
pub(crate) struct VerifyArgs {
    /// Check the pairs for n < BOUND (at least 1).
    #[arg(long, default_value = "1e9", value_parser = size, allow_hyphen_values = true)]
    pub(crate) bound: u64,
    /// Parameter a >= 1.
    #[arg(short = 'a', default_value = "1", value_parser = parameter,
          allow_hyphen_values = true)]
    pub(crate) a: u64,
    /// Also check a Grundy table of this side (0: skip).
    #[arg(long, default_value = "0", value_parser = size, allow_hyphen_values = true)]
    pub(crate) grundy: u64,
    /// Also check three-pile Wythoff up to this bound (0: skip).
    #[arg(long, default_value = "0", value_parser = size, allow_hyphen_values = true)]
    pub(crate) three: u64,
    /// Also check and measure a Grundy table file (written by `grundy N -o FILE`), read through
    /// its memory map: its checksum, and for a = 1 the diagonal's bounds, the g-values' columns,
    /// and the distances of the g-values from the 0-values (doc/results.md).
    #[arg(long, value_name = "FILE")]
    pub(crate) table: Option<PathBuf>,
    /// With --table: draw d(g) against g and the 1-values' offsets as PNG files into DIR.
    #[arg(long, value_name = "DIR", requires = "table")]
    pub(crate) plots: Option<PathBuf>,
    /// Run shard I of K (0 <= I < K <= BOUND) of the pairs range; merge the reports with --merge.
    #[arg(long, value_name = "I/K", value_parser = shard)]
    pub(crate) shard: Option<(u64, u64)>,
    /// Write the JSON report to FILE (atomically).  A run with -o keeps a checkpoint FILE.ckpt of
    /// its finished chunks until the report is written.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Merge the reports of all shards of one verification into one report.
    #[arg(long, num_args = 1.., value_name = "REPORT", conflicts_with_all = RUN_FLAGS)]
    pub(crate) merge: Vec<PathBuf>,
    /// Print the JSON report on stdout instead of the summary.
    #[arg(long)]
    pub(crate) json: bool,
    /// Continue an interrupted `-o FILE` run: chunks recorded in FILE.ckpt are not checked again.
    #[arg(long, requires = "output", conflicts_with = "restart")]
    pub(crate) resume: bool,
    /// Discard the checkpoint FILE.ckpt of an interrupted `-o FILE` run and start afresh.
    #[arg(long, requires = "output")]
    pub(crate) restart: bool,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
    /// Check the window of indices FROM..=TO at any height (10^30, 10^1000) instead of every
    /// n < BOUND: floor = numeration at every n and the complementarity of the window's A's and
    /// B's, in exact arbitrary precision (at most 2e8 indices).
    #[arg(long, value_name = "FROM", value_parser = index, requires = "to",
          conflicts_with_all = ["bound", "shard", "grundy", "three", "table", "resume", "restart"])]
    pub(crate) from: Option<Integer>,
    /// Last index of the --from window.
    #[arg(long, value_name = "TO", value_parser = index, requires = "from")]
    pub(crate) to: Option<Integer>,
    /// Check the OEIS questions A073869 = A005206 and A090909 = A001950 for every n < BOUND
    /// (a = 1, BOUND <= 2^60) instead of the pairs, from the definitions (doc/conjectures.md).
    #[arg(long, conflicts_with_all = ["grundy", "three", "table", "from", "to", "inject_carry", "inject_digit"])]
    pub(crate) conjectures: bool,
    /// Test double: corrupt the floor formula's term at this n (with --from: at FROM + this;
    /// with --conjectures: A002251(n) + 1).
    #[arg(long, hide = true, value_parser = index_u64, conflicts_with = "merge")]
    pub(crate) inject_fault: Option<u64>,
    /// Test double: flip the floor stream's carry c_n at this n (the word sweep).
    #[arg(long, hide = true, value_parser = index_u64, conflicts_with = "merge")]
    pub(crate) inject_carry: Option<u64>,
    /// Test double: flip the numeration side's bit of A_n at this n (the word sweep).
    #[arg(long, hide = true, value_parser = index_u64, conflicts_with = "merge")]
    pub(crate) inject_digit: Option<u64>,
}

/// `I/K` with 0 <= I < K <= 2^64 - 1, each in the number syntax (also `pairs --shard`).
pub(crate) use wythoff::verify::parse_shard as shard;

/// The configuration of the arguments (the library validates it).
fn config(args: &VerifyArgs) -> Result<Config> {
    let table = match args.table.as_deref().map(|p| (p, p.to_str())) {
        Some((p, None)) => {
            let p = p.display();
            return Err(Error::usage(format!(
                "--table: the path '{p}' is not UTF-8 text"
            )));
        }
        t => t.and_then(|(_, s)| s).map(str::to_string),
    };
    Ok(match (&args.from, &args.to) {
        (Some(x), Some(y)) => Config::in_window(verify::window::Window {
            from: x.to_string(),
            to: y.to_string(),
        }),
        _ => Config::up_to(args.bound),
    }
    .with_a(args.a)
    .with_grundy(args.grundy)
    .with_three(args.three)
    .with_shard(args.shard.unwrap_or((0, 1)))
    .with_faults(args.inject_fault, args.inject_carry, args.inject_digit)
    .with_conjectures(args.conjectures)
    .with_table(table))
}

/// A failure of the task, with the flag of the input it concerns: the one place the library's
/// inputs are named.
fn flagged(e: TaskError, args: &VerifyArgs) -> Error {
    match e {
        TaskError::Config(verify::ConfigError::Refused(r)) => {
            let flag = match r.input {
                Input::A => "-a",
                Input::Bound => "--bound",
                Input::Shard => "--shard",
                Input::Window => "--from/--to",
                Input::Fault => "--inject-fault/--inject-carry/--inject-digit",
                Input::Conjectures => "--conjectures",
            };
            Error::usage(format!("{flag}: {}", r.message))
        }
        // an unreadable or invalid table file is bad input, a damaged one a failure
        TaskError::Table(e) if e.is_damage() => Error::damaged(format!("--table: {e}")),
        TaskError::Table(e) => Error::usage(format!("--table: {e}")),
        TaskError::Plots(e) => naming("--plots")(e),
        TaskError::Output(e) => naming("-o")(e),
        TaskError::OverwritesInput { output, input } => Error::usage(format!(
            "-o: '{}' is the file {} reads; writing it would destroy the input: give another name",
            output.display(),
            match input {
                Source::Table => "--table",
                Source::Merge => "--merge",
            }
        )),
        TaskError::NoCheckpoint => Error::usage(
            "--resume/--restart: the report goes to a special file (a FIFO or device), where no checkpoint can be kept; give a regular file to -o",
        ),
        TaskError::Checkpoint(e) => naming(if args.resume { "--resume" } else { "-o" })(e),
        TaskError::Merge(e) => naming("--merge")(e),
        e => e.into(),
    }
}

pub(crate) fn verify_cmd(args: VerifyArgs) -> Result<()> {
    let threads = args.threads.install()?;
    let task = if args.merge.is_empty() {
        Task::check(config(&args)?)
    } else {
        Task::merge(args.merge.clone())
    }
    .with_output(
        args.output.clone(),
        Partial::from_flags(args.resume, args.restart),
    )
    .with_plots(args.plots.clone());
    let pb = progress_bar(task.items() as u128, "verify");
    let inc = |k| pb.inc(k);
    let note = |n: &Note| {
        let flag = if *n == Note::NoPlots { "--plots: " } else { "" };
        pb.suspend(|| crate::cli::out::errln!("wythoff: {flag}{n}"));
    };
    let ctx = Context::new(threads).with_progress(&inc);
    let done = verify::run(&task, &ctx, &note).map_err(|e| flagged(e, &args))?;
    pb.finish_and_clear();
    let mut out = Out::new();
    if args.json {
        out.text(&done.to_json())?;
    } else {
        outln!(out, "{}", done.summary())?;
    }
    out.finish()?;
    done.report.verdict()
}
