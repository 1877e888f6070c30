//! `wythoff verify`: verification at scale, shards, merge and resume.

use super::arg_groups::*;
use super::args::*;
use super::out::{Out, outln};
use clap::Args;
use rug::Integer;
use std::io::Write;
use std::path::{Path, PathBuf};
use wythoff::artifact::AtomicFile;
use wythoff::artifact::atomic::{Need, Target, target};
use wythoff::error::{Error, Result};
use wythoff::num::{SYNTAX, natural, natural_in};
use wythoff::verify::{self, Checkpoint, Config, Opened, Report};

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

/// `I/K` with 0 <= I < K <= 2^64 - 1, each in the number syntax.
pub(crate) fn shard(s: &str) -> std::result::Result<(u64, u64), String> {
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

/// The configuration, validated (an empty range is refused here, before any work).
fn config(args: &VerifyArgs) -> Result<Config> {
    let table = match &args.table {
        None => None,
        Some(p) => Some(
            p.to_str()
                .ok_or_else(|| {
                    Error::usage(format!(
                        "--table: the path '{}' is not UTF-8 text",
                        p.display()
                    ))
                })?
                .to_string(),
        ),
    };
    let cfg = match (&args.from, &args.to) {
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
    .with_table(table);
    if let Some(p) = &args.table {
        // Header and length, and the header against the checksum, before any work (the
        // payload's checksum is a check of the report).
        wythoff::grundy::TableFile::open(p).map_err(table_error)?;
    }
    // The library names the quantities; the flag is named here.
    cfg.validate().map_err(|e| match e {
        verify::ConfigError::Refused(r) => {
            Error::usage(format!("{}: {}", flag(r.input), r.message))
        }
        e => e.into(),
    })?;
    Ok(cfg)
}

/// A `--table` file that cannot be read: an unreadable or invalid file is bad input (status 2), a
/// damaged one a failure (status 1), in one line naming the flag.
fn table_error(e: wythoff::artifact::FileError) -> Error {
    if e.is_damage() {
        Error::Io(format!("--table: {e}"))
    } else {
        Error::usage(format!("--table: {e}"))
    }
}

/// The flag that sets a verification's input.
fn flag(input: verify::Input) -> &'static str {
    use verify::Input;
    match input {
        Input::A => "-a",
        Input::Bound => "--bound",
        Input::Shard => "--shard",
        Input::Window => "--from/--to",
        Input::Fault => "--inject-fault/--inject-carry/--inject-digit",
        Input::Conjectures => "--conjectures",
    }
}

/// Reads and merges the reports given to --merge; every refusal names the file.
fn merged(paths: &[PathBuf]) -> Result<Report> {
    let parts = paths
        .iter()
        .map(|p| {
            let label = p.display().to_string();
            let text = std::fs::read(p)
                .map_err(|e| Error::usage(format!("--merge: cannot read '{label}': {e}")))?;
            let text = String::from_utf8(text).map_err(|_| {
                Error::usage(format!(
                    "--merge: '{label}': not a verify report (not UTF-8 text)"
                ))
            })?;
            let r = verify::parse_report(&text)
                .map_err(|e| Error::usage(format!("--merge: '{label}': {e}")))?;
            Ok((label, r))
        })
        .collect::<Result<Vec<_>>>()?;
    verify::merge(&parts).map_err(|e| match e {
        Error::Usage(m) => Error::usage(format!("--merge: {m}")),
        e => e,
    })
}

/// The checkpoint of a run with `-o FILE`: FILE.ckpt, created, resumed or restarted as asked.
fn checkpoint(report: &Path, cfg: &Config, args: &VerifyArgs) -> Result<Checkpoint> {
    let Target::Replace(report) = target(report, Need::Regular).map_err(naming("-o"))? else {
        return Err(Error::internal(
            "a checkpointed report needs a regular file",
        ));
    };
    let mode = wythoff::artifact::Partial::from_flags(args.resume, args.restart);
    let flag = if args.resume { "--resume" } else { "-o" };
    let (c, opened) = Checkpoint::open(&report, cfg, mode).map_err(naming(flag))?;
    match opened {
        Opened::Resumed(chunks) => eprintln!(
            "wythoff: resuming from '{}': {chunks} chunk(s) already checked",
            c.path().display()
        ),
        Opened::Fresh { discarded: true } => eprintln!(
            "wythoff: discarded the interrupted run checkpointed at '{}'",
            c.path().display()
        ),
        Opened::Fresh { discarded: false } => {}
    }
    Ok(c)
}

pub(crate) fn verify_cmd(args: VerifyArgs) -> Result<()> {
    args.threads.install()?;
    let t0 = std::time::Instant::now();
    // Everything about the run is validated, and the output opened, before any work.
    let cfg = if args.merge.is_empty() {
        Some(config(&args)?)
    } else {
        None
    };
    let plots = plots_dir(&args)?;
    let (out, in_place) = open_output(&args)?;
    if in_place && (args.resume || args.restart) {
        return Err(Error::usage(
            "--resume/--restart: the report goes to a special file (a FIFO or device), where no checkpoint can be kept; give a regular file to -o",
        ));
    }
    let (report, ckpt) = match &cfg {
        None => (merged(&args.merge)?, None),
        Some(cfg) => {
            // a window is short work, run afresh: no checkpoint
            let ckpt = match &args.output {
                Some(p) if !in_place && cfg.window.is_none() => Some(checkpoint(p, cfg, &args)?),
                _ => None,
            };
            let total = match &cfg.window {
                Some(w) => w.bounds()?.2,
                None => cfg.range().1 - cfg.range().0,
            };
            let pb = progress_bar(total as u128, "verify");
            let never = wythoff::cancel::Cancel::never();
            let (r, facts) = verify::run_with_facts(cfg, &|k| pb.inc(k), ckpt.as_ref(), never)?;
            pb.finish_and_clear();
            match (&plots, &facts) {
                (Some(dir), Some(f)) => {
                    for p in verify::plot::draw_all(f, dir)? {
                        eprintln!("wythoff: wrote {}", p.display());
                    }
                }
                (Some(_), None) => eprintln!(
                    "wythoff: --plots: no plots drawn: the table file's checks did not run (see \
                     the report)"
                ),
                _ => {}
            }
            (r, ckpt)
        }
    };
    let elapsed = t0.elapsed().as_secs_f64();
    let json = report.to_json(elapsed);
    if let (Some(mut f), Some(p)) = (out, &args.output) {
        f.write_all(json.as_bytes())
            .map_err(|e| wythoff::artifact::io_error(p, e))?;
        f.commit()?;
    }
    // The report is stored: the checkpoint has served.
    if let Some(c) = ckpt {
        c.finish()?;
    }
    let mut out = Out::new();
    if args.json {
        out.text(&json)?;
    } else {
        // The rate of the pairs sweep, over the whole run's time: worth printing only when that
        // sweep is the bulk of the work (not for `--bound 1 --table FILE`).
        let first = report.checks.first().filter(|c| c.count >= 1_000_000);
        let rate = match first {
            Some(c) => format!(
                "; {} at {:.2e} n/s",
                c.name,
                c.count as f64 / elapsed.max(1e-9)
            ),
            None => String::new(),
        };
        outln!(out, "{}{:.1} s{rate}", report.summary(), elapsed)?;
    }
    out.finish()?;
    if report.failed() {
        Err(Error::Disagreement(
            "verification found a counterexample (see the report)".into(),
        ))
    } else if !report.ok() {
        Err(Error::Disagreement("no check ran".into()))
    } else {
        Ok(())
    }
}

/// The folder of `--plots`, checked before any work: only for a table of Wythoff's game.
fn plots_dir(args: &VerifyArgs) -> Result<Option<PathBuf>> {
    Ok(match &args.plots {
        None => None,
        Some(d) => {
            // The plots measure a table of Wythoff's game: refused for another a, before any
            // work and before the directory is made.
            if let Some(t) = &args.table {
                let a = wythoff::grundy::TableFile::open(t)
                    .map_err(table_error)?
                    .header
                    .a;
                if a != 1 {
                    return Err(Error::usage(format!(
                        "--plots: the plots measure a table of Wythoff's game (a = 1); '{}' is of \
                         a = {a}, whose table checks are skipped",
                        t.display()
                    )));
                }
            }
            Some(wythoff::plot::check_dir(d).map_err(|e| match e {
                Error::Usage(m) => Error::usage(format!("--plots: {m}")),
                e => e,
            })?)
        }
    })
}

/// The report's output opened before any work (refused where it would overwrite an input), and
/// whether it is a special file written in place.
fn open_output(args: &VerifyArgs) -> Result<(Option<AtomicFile>, bool)> {
    Ok(match &args.output {
        Some(p) => {
            let tables = args.table.iter().map(|t| (t, "--table"));
            for (input, flag) in tables.chain(args.merge.iter().map(|m| (m, "--merge"))) {
                wythoff::artifact::atomic::refuse_overwriting_input(p, "-o", input, flag)?;
            }
            let in_place = matches!(
                target(p, Need::Stream).map_err(naming("-o"))?,
                Target::InPlace(_) | Target::Descriptor(_)
            );
            let f = AtomicFile::create(p).map_err(naming("-o"))?;
            for stale in f.removed_stale() {
                eprintln!(
                    "wythoff: note: removed '{}', the temporary file of a killed run",
                    stale.display()
                );
            }
            (Some(f), in_place)
        }
        None => (None, false),
    })
}
