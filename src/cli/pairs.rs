//! `wythoff nth`, `move`, `pairs`: P-positions one at a time and in bulk.

use super::arg_groups::*;
use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::{ArgGroup, Args, ValueEnum};
use rug::Integer;
use std::path::{Path, PathBuf};
use wythoff::error::{Error, Result};
use wythoff::pairs;
use wythoff::pairs::bulk::{self, Kernel, Plan};
use wythoff::pairs::emit::{self, Columns, FileFormat};
use wythoff::pairs::join;
use wythoff::pairs::{Solver, Strategy};

#[derive(Args)]
pub(crate) struct NthArgs {
    /// The index n (digits, 1e9, 2^64, ...).
    #[arg(value_parser = index, allow_hyphen_values = true)]
    pub(crate) n: Integer,
    #[command(flatten)]
    pub(crate) solve: SolveArgs,
}

#[derive(Args)]
pub(crate) struct MoveArgs {
    /// One pile.
    #[arg(value_parser = pile, allow_hyphen_values = true)]
    pub(crate) x: Integer,
    /// The other pile (for Wythoff's and Fraenkel's games the piles may be given in either
    /// order; an asymmetric line game of --game reads them in its order).
    #[arg(value_parser = pile, allow_hyphen_values = true)]
    pub(crate) y: Integer,
    /// More piles, for a game of --game played on three or more (three-pile, nheap).
    #[arg(value_name = "MORE", value_parser = pile)]
    pub(crate) more: Vec<Integer>,
    /// A game of the registry by name, instead of -a and --misere: wythoff, fraenkel-A,
    /// misere-wythoff, misere-fraenkel-A, a line game (maharaja, nim, gdwn-P-Q, ...),
    /// three-pile or nheap (doc/games.md).
    #[arg(long = "game", id = "registry", value_name = "NAME",
          conflicts_with_all = ["a", "misere", "strategy", "recursive_limit"])]
    pub(crate) registry: Option<String>,
    #[command(flatten)]
    pub(crate) solve: SolveArgs,
}

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

/// Runs `f` with every solver and insists that all answers agree.
pub(crate) fn agree<T: PartialEq + std::fmt::Debug>(
    solvers: &[Solver],
    what: &str,
    f: impl Fn(&Solver) -> Result<T>,
) -> Result<T> {
    let mut first: Option<(Strategy, T)> = None;
    for s in solvers {
        let v = f(s)?;
        match &first {
            None => first = Some((s.strategy(), v)),
            Some((fs, fv)) => {
                if *fv != v {
                    return Err(Error::Disagreement(format!(
                        "the {fs} and {} strategies disagree on {what}: {fv:?} vs {v:?}",
                        s.strategy()
                    )));
                }
            }
        }
    }
    first
        .map(|f| f.1)
        .ok_or_else(|| Error::internal("no strategy was run"))
}

pub(crate) fn nth(args: NthArgs) -> Result<()> {
    let n = args.n;
    let solvers = args.solve.solvers(&n)?;
    let (x, y) = agree(
        &solvers,
        &format!("pair n = {}", pairs::abbreviate(&n)),
        |s| s.nth(&n),
    )?;
    let mut out = Out::new();
    if args.solve.json {
        out.json(&json::Nth {
            game: json::Game::of(&args.solve.game.rules()?),
            n: json::s(&n),
            lower: json::s(&x),
            upper: json::s(&y),
        })?;
    } else {
        outln!(out, "{n} {x} {y}")?;
    }
    out.finish()
}

impl MoveArgs {
    /// More than two piles only with --game; the rules of the solvers otherwise.
    pub(crate) fn check(&self) -> std::result::Result<(), String> {
        match self.more.first() {
            Some(pile) if self.registry.is_none() => {
                Err(format!("unexpected argument '{pile}' found"))
            }
            _ => self.solve.check(),
        }
    }
}

pub(crate) fn play(args: MoveArgs) -> Result<()> {
    if let Some(name) = &args.registry {
        let heaps: Vec<Integer> = [args.x, args.y].into_iter().chain(args.more).collect();
        return super::game_move::game_move(name, &heaps, args.solve.json);
    }
    let (x, y) = (args.x, args.y);
    let size = x.clone().max(y.clone());
    let solvers = args.solve.solvers(&size)?;
    let what = format!(
        "position ({}, {})",
        pairs::abbreviate(&x),
        pairs::abbreviate(&y)
    );
    let (outcome, moves) = agree(&solvers, &what, |s| s.analyse(&x, &y))?;
    let mut out = Out::new();
    if args.solve.json {
        out.json(&json::Move {
            game: json::Game::of(&args.solve.game.rules()?),
            position: [json::s(&x), json::s(&y)],
            outcome: outcome.to_string(),
            moves: moves.iter().map(json::pair).collect(),
        })?;
        return out.finish();
    }
    let moves: Vec<Vec<Integer>> = moves.into_iter().map(|(u, v)| vec![u, v]).collect();
    super::game_move::print_outcome(&mut out, &[x, y], outcome, &moves)?;
    out.finish()
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
            wythoff::artifact::atomic::refuse_overwriting_input(path, "-o", part, "--join")?;
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
    let mut out = Out::new();
    if args.count {
        let c = plan.count();
        if args.json {
            out.json(&json::PairsCount {
                game: json::Game::of(&rules),
                start: json::s(start),
                stop: json::s(stop),
                count: json::s(c),
            })?;
        } else {
            outln!(out, "{c}")?;
        }
        return out.finish();
    }
    let pb = progress_bar(plan.count(), "pairs");
    let tick = |k: u64| pb.inc(k);
    if args.checksum {
        let sum = bulk::checksum(&plan, &wythoff::Context::serial().with_progress(&tick))?;
        pb.finish_and_clear();
        if args.json {
            out.json(&json::PairsChecksum {
                pairs: json::PairsCount {
                    game: json::Game::of(&rules),
                    start: json::s(start),
                    stop: json::s(stop),
                    count: json::s(plan.count()),
                },
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
            let r = emit::write_text(&plan, cols, &mut out, &tick);
            out.typed(r)?;
        }
        (Format::Binary | Format::Word, None) => {
            return Err(Error::usage(
                "--format binary/word writes a header whose checksum is filled in last: give -o FILE",
            ));
        }
        (format, Some(path)) => write_plan(&plan, format, cols, path, &tick)?,
    }
    pb.finish_and_clear();
    out.finish()
}

/// Writes the pairs of `plan` to `path` (atomically) in the given format, through the library's
/// writer [`emit::write_file`] (which the default job calls too).
pub(crate) fn write_plan(
    plan: &Plan,
    format: Format,
    cols: Columns,
    path: &Path,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<()> {
    let format = match format {
        Format::Text | Format::Bfile => FileFormat::Text(cols),
        Format::Binary => FileFormat::Binary,
        Format::Word => FileFormat::Word,
    };
    if let Some(bytes) = format.bytes(plan) {
        check_disk(path, bytes, "-o")?;
    }
    let f = emit::open_file(format, path).map_err(naming("-o"))?;
    emit::write_file(plan, format, f, progress)
}

/// Refuses, naming `flag` (status 2), an output of `bytes` bytes at `path` that the free space
/// of its directory cannot hold — before any work, and before any file is created.  A special
/// file (a device, a FIFO: written in place) takes no room; a path that cannot be written is
/// left to the output's own checks.  The probe is [`wythoff::artifact::resources::check_disk`].
fn check_disk(path: &Path, bytes: u64, flag: &'static str) -> Result<()> {
    // the file's final place: a link's target, or the path itself when it does not exist yet
    let resolved = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    if std::fs::metadata(&resolved).is_ok_and(|m| !m.is_file()) {
        return Ok(());
    }
    let dir = match resolved.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    wythoff::artifact::resources::check_disk(bytes, &dir, "range of n").map_err(naming(flag))
}
