//! `wythoff pairs`: the P-positions of a range of n in bulk — as text, a b-file, a binary pairs
//! or word file, a count or a checksum ([`wythoff::pairs::bulk`], [`wythoff::pairs::emit`]).

use super::arg_groups::*;
use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::{ArgGroup, Args, ValueEnum};
use std::path::PathBuf;
use wythoff::error::{Error, Result};
use wythoff::pairs::bulk::{self, Kernel, Plan};
use wythoff::pairs::emit::{self, Columns, FileFormat};
use wythoff::pairs::join;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// `n A_n B_n` per line.
    Text,
    /// OEIS b-file of one column: `n A_n` or `n B_n` (see --side).
    Bfile,
    /// Header + little-endian (A_n, B_n) pairs (needs -o).
    Binary,
    /// Header + packed bits: which integers in [A_START, A_STOP] are lower numbers (needs -o).
    Word,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum SideArg {
    Lower,
    Upper,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum KernelArg {
    Sturmian,
    Exact,
}

#[derive(Args)]
#[command(group(ArgGroup::new("summary").args(["count", "checksum"])))]
pub(crate) struct PairsArgs {
    /// START (default 0) and STOP, inclusive: `pairs STOP` or `pairs START STOP`.
    #[arg(value_name = "[START] STOP", num_args = 1..=2, required_unless_present = "join",
          value_parser = index_u64, allow_negative_numbers = true)]
    pub(crate) range: Vec<u64>,
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Print only the number of pairs.
    #[arg(long, conflicts_with_all = ["checksum", "format", "output", "side", "kernel"])]
    pub(crate) count: bool,
    /// Print the checksum: sums of A_n, B_n and n*A_n, each mod 2^64.
    #[arg(long, conflicts_with_all = ["format", "output", "side"])]
    pub(crate) checksum: bool,
    /// Output format (binary and word need -o).
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: Format,
    /// Which column a b-file holds (default lower; only with --format bfile).
    #[arg(long, value_enum)]
    pub(crate) side: Option<SideArg>,
    /// Write to FILE (atomically: FILE.partial, renamed when complete) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE",
          required_if_eq_any = [("format", "binary"), ("format", "word")])]
    pub(crate) output: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
    /// Term generator: sturmian (fixed-point accumulator, proved exact per chunk) or exact
    /// (square-root formula at every term; the benchmark baseline).
    #[arg(long, value_enum, default_value = "sturmian", hide = true)]
    pub(crate) kernel: KernelArg,
    /// One JSON object instead of the line (only with --count or --checksum).
    #[arg(long, requires = "summary")]
    pub(crate) json: bool,
    /// Only part I of K (0 <= I < K <= the number of pairs) of the range, for a job array:
    /// n from START + floor(count*I/K) to START + floor(count*(I+1)/K) - 1.
    #[arg(long, value_name = "I/K", value_parser = super::verify::shard)]
    pub(crate) shard: Option<(u64, u64)>,
    /// Join binary pairs files written in parts (in order, contiguous) into the one file the
    /// unsharded run writes (needs -o; every part's header and checksum are checked).
    #[arg(long, num_args = 1.., value_name = "PART", requires = "output",
          conflicts_with_all = ["range", "count", "checksum", "format", "side", "kernel",
                                "json", "shard", "a", "misere"])]
    pub(crate) join: Vec<PathBuf>,
}

impl PairsArgs {
    /// The rules that depend on a value.
    pub(crate) fn check(&self) -> std::result::Result<(), String> {
        if self.side.is_some() && self.format != Format::Bfile {
            return Err("--side chooses the column of a b-file: it needs --format bfile".into());
        }
        Ok(())
    }
}

pub(crate) fn pairs_cmd(args: PairsArgs) -> Result<()> {
    args.threads.install()?;
    if !args.join.is_empty() {
        let path = args
            .output
            .as_deref()
            .ok_or_else(|| Error::usage("--join: give -o FILE"))?;
        // the joined file must not replace a part it reads (also through a link)
        for part in &args.join {
            wythoff::files::atomic::refuse_overwriting_input(path, "-o", part, "--join")?;
        }
        let f = emit::open_file(FileFormat::Binary, path).map_err(naming("-o"))?;
        join::join(&args.join, f)?;
        return Ok(());
    }
    let rules = args.game.rules()?;
    let (start, stop) = match args.range[..] {
        [stop] => (0, stop),
        [start, stop] => (start, stop),
        _ => return Err(Error::usage("[START] STOP: give STOP or START STOP")),
    };
    let kernel = match args.kernel {
        KernelArg::Sturmian => Kernel::Sturmian,
        KernelArg::Exact => Kernel::Exact,
    };
    let plan = Plan::new(rules, start, stop)?.with_kernel(kernel);
    let plan = match args.shard {
        None => plan,
        Some(s) => plan.shard(s).map_err(|e| match e {
            Error::Domain(m) => Error::usage(format!("--shard: {m}")),
            e => e,
        })?,
    };
    let counted = || json::PairsCount {
        game: json::GameRules::of(&rules),
        start: json::s(start),
        stop: json::s(stop),
        count: json::s(plan.count()),
    };
    let mut out = Out::new();
    if args.count {
        if args.json {
            out.json(&counted())?;
        } else {
            outln!(out, "{}", plan.count())?;
        }
        return out.finish();
    }
    let pb = progress_bar(plan.count(), "pairs");
    let tick = |k: u64| pb.inc(k);
    let ctx = wythoff::Context::serial().with_progress(&tick);
    if args.checksum {
        let sum = bulk::checksum(&plan, &ctx)?;
        pb.finish_and_clear();
        if args.json {
            out.json(&json::PairsChecksum {
                pairs: counted(),
                sum_a: json::s(sum.sum_a),
                sum_b: json::s(sum.sum_b),
                sum_na: json::s(sum.sum_na),
            })?;
        } else {
            outln!(out, "{}", sum.line(plan.count()))?;
        }
        return out.finish();
    }
    let cols = match (args.format, args.side.unwrap_or(SideArg::Lower)) {
        (Format::Bfile, SideArg::Lower) => Columns::Lower,
        (Format::Bfile, SideArg::Upper) => Columns::Upper,
        _ => Columns::Pairs,
    };
    match (args.format, &args.output) {
        (Format::Text | Format::Bfile, None) => {
            let r = emit::write_text(&plan, cols, &mut out, &ctx);
            out.typed(r)?;
        }
        (Format::Binary | Format::Word, None) => {
            return Err(Error::usage(
                "--format binary/word writes a header whose checksum is filled in last: give -o FILE",
            ));
        }
        (format, Some(path)) => {
            // atomically, through the library's writer (which the default job calls too)
            let format = match format {
                Format::Text | Format::Bfile => FileFormat::Text(cols),
                Format::Binary => FileFormat::Binary,
                Format::Word => FileFormat::Word,
            };
            let f = emit::open_checked(format, &plan, path).map_err(naming("-o"))?;
            emit::write_file(&plan, format, f, &ctx)?;
        }
    }
    pb.finish_and_clear();
    out.finish()
}
