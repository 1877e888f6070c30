//! `wythoff nth`, `move`, `pairs`: P-positions one at a time and in bulk.

use super::args::*;
use super::json::*;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::{Path, PathBuf};
use wythoff::error::{Error, Result};
use wythoff::num::parse_natural;
use wythoff::pairs;
use wythoff::pairs::bulk::{self, Kernel, Plan};
use wythoff::pairs::emit::{self, Columns, FileFormat};
use wythoff::pairs::{Outcome, Solver, Strategy};

#[derive(Args)]
pub(crate) struct NthArgs {
    /// The index n (digits, 1e9, 2^64, ...).
    pub(crate) n: String,
    #[command(flatten)]
    pub(crate) solve: SolveArgs,
}

#[derive(Args)]
pub(crate) struct MoveArgs {
    /// One pile.
    pub(crate) x: String,
    /// The other pile (piles may be given in either order).
    pub(crate) y: String,
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
pub(crate) struct PairsArgs {
    /// START (default 0) and STOP, inclusive: `pairs STOP` or `pairs START STOP`.
    #[arg(value_name = "[START] STOP", num_args = 1..=2, required = true)]
    pub(crate) range: Vec<String>,
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Print only the number of pairs.
    #[arg(long, conflicts_with_all = ["checksum", "format", "output"])]
    pub(crate) count: bool,
    /// Print the checksum: sums of A_n, B_n and n*A_n, each mod 2^64.
    #[arg(long, conflicts_with_all = ["format", "output"])]
    pub(crate) checksum: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: Format,
    /// Which column a b-file holds.
    #[arg(long, value_enum, default_value = "lower")]
    pub(crate) side: SideArg,
    /// Write to FILE (atomically: FILE.partial, renamed when complete) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Term generator: sturmian (fixed-point accumulator, proved exact per chunk) or exact
    /// (square-root formula at every term; the benchmark baseline).
    #[arg(long, value_enum, default_value = "sturmian", hide = true)]
    pub(crate) kernel: KernelArg,
    /// Machine-readable output for --count and --checksum.
    #[arg(long)]
    pub(crate) json: bool,
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
    Ok(first.expect("at least one solver").1)
}

pub(crate) fn nth(args: NthArgs) -> Result<()> {
    let n = parse_natural(&args.n, "N")?;
    let solvers = args.solve.solvers(&n)?;
    let (x, y) = agree(
        &solvers,
        &format!("pair n = {}", pairs::abbreviate(&n)),
        |s| s.nth(&n),
    )?;
    let rules = solvers[0].rules();
    if args.solve.json {
        println!(
            "{{\"a\":{},\"misere\":{},\"n\":{},\"A\":{},\"B\":{}}}",
            rules.a(),
            rules.misere(),
            json_str(&n),
            json_str(&x),
            json_str(&y)
        );
    } else {
        println!("{n} {x} {y}");
    }
    Ok(())
}

pub(crate) fn play(args: MoveArgs) -> Result<()> {
    let x = parse_natural(&args.x, "X")?;
    let y = parse_natural(&args.y, "Y")?;
    let size = x.clone().max(y.clone());
    let solvers = args.solve.solvers(&size)?;
    let what = format!(
        "position ({}, {})",
        pairs::abbreviate(&x),
        pairs::abbreviate(&y)
    );
    let (outcome, moves) = agree(&solvers, &what, |s| s.analyse(&x, &y))?;
    let rules = solvers[0].rules();
    if args.solve.json {
        let list: Vec<String> = moves.iter().map(json_pair).collect();
        println!(
            "{{\"a\":{},\"misere\":{},\"position\":{},\"outcome\":\"{}\",\"moves\":[{}]}}",
            rules.a(),
            rules.misere(),
            json_pair(&(x, y)),
            outcome,
            list.join(",")
        );
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    let w = |e| emit::write_error(e);
    match outcome {
        Outcome::P => {
            writeln!(
                out,
                "({x}, {y}): P — the player to move loses; there is no winning move"
            )
            .map_err(w)?;
        }
        Outcome::N if moves.is_empty() => {
            writeln!(
                out,
                "({x}, {y}): N — misère play: the player to move cannot move, and so wins"
            )
            .map_err(w)?;
        }
        Outcome::N => {
            let s = if moves.len() == 1 { "" } else { "s" };
            writeln!(out, "({x}, {y}): N — {} winning move{s}:", moves.len()).map_err(w)?;
            for (u, v) in &moves {
                writeln!(out, "  ({x}, {y}) -> ({u}, {v})").map_err(w)?;
            }
        }
    }
    Ok(())
}

pub(crate) fn pairs_cmd(args: PairsArgs) -> Result<()> {
    set_threads(args.threads)?;
    let rules = args.game.rules()?;
    let (start, stop) = parse_range(&args.range)?;
    let kernel = match args.kernel {
        KernelArg::Sturmian => Kernel::Sturmian,
        KernelArg::Exact => Kernel::Exact,
    };
    let plan = Plan::new(rules, start, stop)?.with_kernel(kernel);
    if args.count {
        let c = plan.count();
        if args.json {
            println!(
                "{{\"a\":{},\"misere\":{},\"start\":\"{start}\",\"stop\":\"{stop}\",\"count\":\"{c}\"}}",
                rules.a(),
                rules.misere()
            );
        } else {
            println!("{c}");
        }
        return Ok(());
    }
    let pb = progress_bar(plan.count(), "pairs");
    let tick = |k: u64| pb.inc(k);
    if args.checksum {
        let sum = bulk::checksum(&plan, &tick)?;
        pb.finish_and_clear();
        if args.json {
            println!(
                "{{\"a\":{},\"misere\":{},\"start\":\"{start}\",\"stop\":\"{stop}\",\"count\":\"{}\",\"sum_A\":\"{}\",\"sum_B\":\"{}\",\"sum_nA\":\"{}\"}}",
                rules.a(),
                rules.misere(),
                plan.count(),
                sum.sum_a,
                sum.sum_b,
                sum.sum_na
            );
        } else {
            println!(
                "count={} sum_A={} sum_B={} sum_nA={} (sums mod 2^64)",
                plan.count(),
                sum.sum_a,
                sum.sum_b,
                sum.sum_na
            );
        }
        return Ok(());
    }
    let cols = match (args.format, args.side) {
        (Format::Bfile, SideArg::Lower) => Columns::Lower,
        (Format::Bfile, SideArg::Upper) => Columns::Upper,
        _ => Columns::Pairs,
    };
    match (args.format, &args.output) {
        (Format::Text | Format::Bfile, None) => {
            let stdout = std::io::stdout();
            let mut lock = stdout.lock();
            emit::write_text(&plan, cols, &mut lock, &tick)?;
        }
        (Format::Binary | Format::Word, None) => {
            return Err(Error::usage(
                "--format binary/word writes a header whose checksum is filled in last: give -o FILE",
            ));
        }
        (format, Some(path)) => write_plan(&plan, format, cols, path, &tick)?,
    }
    pb.finish_and_clear();
    Ok(())
}

/// Writes the pairs of `plan` to `path` (atomically) in the given format — the one writer behind
/// `pairs -o` and the default job.
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
    emit::write_file(plan, format, emit::open_file(format, path)?, progress)
}
