//! Argument parsing and printing for the `wythoff` binary.

use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rug::Integer;
use std::io::Write;
use std::path::{Path, PathBuf};
use wythoff::error::{Error, Result};
use wythoff::num::{parse_natural, parse_u64};
use wythoff::output::AtomicFile;
use wythoff::pairs::bulk::{self, Kernel, Plan};
use wythoff::pairs::emit::{self, Columns};
use wythoff::pairs::{Outcome, Position, Solver, Strategy};
use wythoff::ratwyt::{self, Rational};
use wythoff::{Rules, pairs, three_pile};

#[derive(Parser)]
#[command(
    name = "wythoff",
    version,
    about = "Exact P-positions of Wythoff's game and Fraenkel's generalization, at any size",
    long_about = "Exact P-positions of Wythoff's game (a = 1) and Fraenkel's generalized game \
                  (take any amount from one pile, or k and l from both with |k - l| < a), \
                  computed by the recursive, algebraic or arithmetic strategy.\n\n\
                  Numbers may be written as digits, 1e9 or 2^64."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the n-th P-position: n, A_n, B_n.
    Nth(NthArgs),
    /// Say whether (X, Y) is a P- or N-position and list every winning move.
    Move(MoveArgs),
    /// P-positions for START <= n <= STOP: text, b-file, binary, word, count or checksum.
    Pairs(PairsArgs),
    /// The default job: write a standard set of outputs into out/.
    Generate(GenerateArgs),
    /// Three-pile Wythoff: the P-positions x <= y <= z <= N.
    Three(ThreeArgs),
    /// Three-pile Wythoff: P or N, and a winning move, for (X, Y, Z).
    ThreeMove(ThreeMoveArgs),
    /// RATWYT / Game I on two reduced rationals: induced integers, outcome, every winning move.
    Ratwyt(RatwytArgs),
    /// Game II: one rational, a move does 1..=t steps toward the root.
    GameTwo(GameTwoArgs),
    /// Game III: several rationals, a move does steps on one of them (Nim on induced integers).
    GameThree(GameThreeArgs),
    /// The Calkin-Wilf tree: level, parent, children, path and breadth-first index of a rational.
    Cw(CwArgs),
    /// Sprague-Grundy tables: `grundy N -o FILE`, `--print`, `--checksum`, `--check FILE`,
    /// `grundy get FILE X Y`, `grundy at X Y`.
    Grundy(GrundyArgs),
    /// Rows 0..X-1 of Wythoff's Grundy function: certified preperiods and additive periods.
    Rows(RowsArgs),
    /// A disjunctive sum of positions X1,Y1 X2,Y2 ...: Grundy values, nim-sum, a winning move.
    Sum(SumArgs),
    /// Write the b-file of a catalogued OEIS sequence (`oeis --list` shows the catalogue).
    Oeis(OeisArgs),
    /// Verify the strategies against each other and the recursive definition, with a report.
    Verify(VerifyArgs),
}

#[derive(Args)]
struct VerifyArgs {
    /// Check the pairs for n < BOUND.
    #[arg(long, default_value = "1e9")]
    bound: String,
    /// Parameter a >= 1.
    #[arg(short = 'a', long = "a", default_value = "1")]
    a: String,
    /// Also check a Grundy table of this side (0: skip).
    #[arg(long, default_value = "0")]
    grundy: String,
    /// Also check three-pile Wythoff up to this bound (0: skip).
    #[arg(long, default_value = "0")]
    three: String,
    /// Run shard I of K (0 <= I < K) of the pairs range; merge the reports with --merge.
    #[arg(long, value_name = "I/K")]
    shard: Option<String>,
    /// Write the JSON report to FILE (atomically).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Merge the reports of all shards of one verification into one report.
    #[arg(long, num_args = 1.., value_name = "REPORT")]
    merge: Vec<PathBuf>,
    /// Print the JSON report on stdout instead of the summary.
    #[arg(long)]
    json: bool,
    /// Continue an interrupted `-o REPORT` run: chunks recorded in REPORT.partial.ckpt are not
    /// checked again.
    #[arg(long, requires = "output")]
    resume: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Test double: corrupt the floor formula's term at this n.
    #[arg(long, hide = true)]
    inject_fault: Option<u64>,
}

#[derive(Args)]
struct OeisArgs {
    /// The A-number, e.g. A000201.
    #[arg(required_unless_present = "list")]
    anum: Option<String>,
    /// Number of terms (default: the entry's, usually 10000).
    #[arg(long)]
    terms: Option<String>,
    /// Write to FILE (atomically) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// List the catalogue: A-number, offset, default terms, title.
    #[arg(long)]
    list: bool,
}

#[derive(Args)]
struct SumArgs {
    /// The components, each as X,Y.
    #[arg(required = true, num_args = 1.., value_name = "X,Y")]
    components: Vec<String>,
    /// Parameter a >= 1.
    #[arg(short = 'a', long = "a", default_value = "1")]
    a: String,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct RowsArgs {
    /// Number of rows X (rows 0..X-1).
    x: String,
    /// Give up after this many columns.
    #[arg(long, default_value = "1e8")]
    max_columns: String,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
struct GrundyArgs {
    #[command(subcommand)]
    sub: Option<GrundySub>,
    /// Side N: the table covers 0 <= x, y < N.
    #[arg(value_name = "N")]
    n: Option<String>,
    /// Parameter a >= 1 (a = 1 is Wythoff's game).
    #[arg(short = 'a', long = "a", default_value = "1")]
    a: String,
    /// Write the table file (atomically; with checkpoints for --resume).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Continue an interrupted `-o FILE` run from its last completed band.
    #[arg(long, requires = "output")]
    resume: bool,
    /// Print the N x N table: row x on line x, values separated by spaces.
    #[arg(long)]
    print: bool,
    /// Print the sum of all N^2 values and the XXH3-64 of the row-major u32 square.
    #[arg(long)]
    checksum: bool,
    /// Check a table file (or, without FILE, the computed table): lines of moves, bounds,
    /// 0-positions, payload checksum.
    #[arg(long, value_name = "FILE")]
    check: Option<Option<PathBuf>>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Machine-readable output for --checksum and --check.
    #[arg(long)]
    json: bool,
    /// Draw the table as a PNG picture (downsampled beyond 2048 pixels a side).
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Draw the queen's-move board (N <= 128) with the safe cells (P-positions) marked.
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// Test hook: abort (like kill -9) once this many rows are checkpointed.
    #[arg(long, hide = true)]
    abort_after_rows: Option<usize>,
}

#[derive(Subcommand)]
enum GrundySub {
    /// G(X, Y) of Wythoff's game for a small row X and a column Y of any size, from certified
    /// row periods.
    At {
        /// Row (at most 4095; the smaller pile).
        x: String,
        /// Column (any size).
        y: String,
    },
    /// Draw a table file as a PNG picture.
    Png {
        /// The table file.
        file: PathBuf,
        /// The picture to write.
        out: PathBuf,
    },
    /// Read values from a table file: X and Y are numbers or ranges A..B (inclusive).
    Get {
        /// The table file.
        file: PathBuf,
        /// Row or range of rows.
        x: String,
        /// Column or range of columns.
        y: String,
    },
}

#[derive(Args)]
struct ThreeArgs {
    /// Bound N: positions with x <= y <= z <= N.
    n: String,
    /// Print only the number of P-positions.
    #[arg(long)]
    count: bool,
    /// Print only the sum of x + y + z over them.
    #[arg(long)]
    sum: bool,
    /// Print the positions, `x y z` per line, ordered by x + y + z, then x, then y.
    #[arg(long)]
    print: bool,
    /// Write the positions to FILE (atomically).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Write a b-file of OEIS A018219 (T(a, b) by antidiagonals, N antidiagonals) or A051261
    /// (T(n, n), n <= N) instead.
    #[arg(long, value_name = "ANUM", value_parser = ["A018219", "A051261"])]
    oeis: Option<String>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Machine-readable summary.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct ThreeMoveArgs {
    x: String,
    y: String,
    z: String,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct RatwytArgs {
    /// First rational p/q (lowest terms, any size).
    r1: String,
    /// Second rational.
    r2: String,
    /// Game I parameter t >= 1: steps s1, s2 > 0 on both with |s1 - s2| < t (t = 1: RATWYT).
    #[arg(short = 't', long = "t", default_value = "1")]
    t: String,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct GameTwoArgs {
    /// The rational p/q.
    r: String,
    /// At most t steps per move (t >= 1).
    #[arg(short = 't', long = "t")]
    t: String,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct GameThreeArgs {
    /// The rationals.
    #[arg(required = true, num_args = 1..)]
    rs: Vec<String>,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct CwArgs {
    /// A rational p/q (or use --index).
    #[arg(required_unless_present = "index")]
    r: Option<String>,
    /// The rational with this breadth-first index (0/1 is 0, 1/1 is 1, 1/2 is 2, ...).
    #[arg(long, value_name = "N", conflicts_with = "r")]
    index: Option<String>,
    /// Also print the path to the root, one rational per line (refused beyond 10^6 levels).
    #[arg(long)]
    path: bool,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Clone)]
struct GameArgs {
    /// Parameter a >= 1 of the generalized game (a = 1 is Wythoff's game).
    #[arg(short = 'a', long = "a", value_name = "A", default_value = "1")]
    a: String,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    misere: bool,
}

impl GameArgs {
    fn rules(&self) -> Result<Rules> {
        let a = parse_natural(&self.a, "-a")?;
        let a = a.to_u64().ok_or_else(|| {
            Error::usage(format!(
                "-a: '{}' is beyond the supported range 1..={} (2^64-1)",
                self.a,
                u64::MAX
            ))
        })?;
        Rules::new(a, self.misere)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum StrategyArg {
    Recursive,
    Algebraic,
    Arithmetic,
    All,
}

#[derive(Args, Clone)]
struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// recursive (mex, O(n)), algebraic (exact floor formula), arithmetic (numeration), or all
    /// (every strategy, exit 1 if any two disagree).
    #[arg(long, value_enum, default_value = "algebraic")]
    strategy: StrategyArg,
    /// Largest index or pile size the recursive strategy accepts.
    #[arg(long, value_name = "N", default_value = "1e9")]
    recursive_limit: String,
    /// Machine-readable output (numbers as decimal strings).
    #[arg(long)]
    json: bool,
}

impl SolveArgs {
    /// The solvers to run; with `all`, the recursive one only if the sizes are within its limit.
    fn solvers(&self, size: &Integer) -> Result<Vec<Solver>> {
        let rules = self.game.rules()?;
        let limit = parse_u64(&self.recursive_limit, "--recursive-limit")?;
        let one = |s| Solver::new(rules, s).with_recursive_limit(limit);
        Ok(match self.strategy {
            StrategyArg::Recursive => vec![one(Strategy::Recursive)],
            StrategyArg::Algebraic => vec![one(Strategy::Algebraic)],
            StrategyArg::Arithmetic => vec![one(Strategy::Arithmetic)],
            StrategyArg::All => {
                let mut v = Vec::new();
                if *size <= limit {
                    v.push(one(Strategy::Recursive));
                } else {
                    eprintln!(
                        "wythoff: note: recursive strategy skipped ({} is beyond its limit {limit}); \
                         comparing algebraic and arithmetic",
                        pairs::abbreviate(size)
                    );
                }
                v.push(one(Strategy::Algebraic));
                v.push(one(Strategy::Arithmetic));
                v
            }
        })
    }
}

#[derive(Args)]
struct NthArgs {
    /// The index n (digits, 1e9, 2^64, ...).
    n: String,
    #[command(flatten)]
    solve: SolveArgs,
}

#[derive(Args)]
struct MoveArgs {
    /// One pile.
    x: String,
    /// The other pile (piles may be given in either order).
    y: String,
    #[command(flatten)]
    solve: SolveArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
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
enum SideArg {
    Lower,
    Upper,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum KernelArg {
    Sturmian,
    Exact,
}

#[derive(Args)]
struct PairsArgs {
    /// START (default 0) and STOP, inclusive: `pairs STOP` or `pairs START STOP`.
    #[arg(value_name = "[START] STOP", num_args = 1..=2, required = true)]
    range: Vec<String>,
    #[command(flatten)]
    game: GameArgs,
    /// Print only the number of pairs.
    #[arg(long, conflicts_with_all = ["checksum", "format", "output"])]
    count: bool,
    /// Print the checksum: sums of A_n, B_n and n*A_n, each mod 2^64.
    #[arg(long, conflicts_with_all = ["format", "output"])]
    checksum: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Which column a b-file holds.
    #[arg(long, value_enum, default_value = "lower")]
    side: SideArg,
    /// Write to FILE (atomically: FILE.partial, renamed when complete) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Term generator: sturmian (fixed-point accumulator, proved exact per chunk) or exact
    /// (square-root formula at every term; the benchmark baseline).
    #[arg(long, value_enum, default_value = "sturmian", hide = true)]
    kernel: KernelArg,
    /// Machine-readable output for --count and --checksum.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct GenerateArgs {
    /// Output directory.
    #[arg(long, default_value = "out")]
    out: PathBuf,
    /// Make everything bigger by this factor (pairs, terms, bounds; the Grundy table by its
    /// square root).
    #[arg(long, default_value = "1")]
    scale: String,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
}

/// Parses the command line (printing clap's own errors as one line, exit 2) and runs it.
pub fn main() -> Result<()> {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                std::process::exit(0);
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                let _ = e.print();
                std::process::exit(2);
            }
            if e.kind() == ErrorKind::UnknownArgument
                && let Some(neg) = std::env::args()
                    .find(|a| a.len() > 1 && a.starts_with('-') && a.as_bytes()[1].is_ascii_digit())
            {
                return Err(Error::usage(format!(
                    "'{neg}' is negative: pile sizes, indices and rationals must be non-negative"
                )));
            }
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("bad usage");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            return Err(Error::usage(format!("{first} (see wythoff --help)")));
        }
    };
    match cli.command {
        Command::Nth(a) => nth(a),
        Command::Move(a) => play(a),
        Command::Pairs(a) => pairs_cmd(a),
        Command::Generate(a) => generate(a),
        Command::Three(a) => three(a),
        Command::ThreeMove(a) => three_move(a),
        Command::Ratwyt(a) => ratwyt(a),
        Command::GameTwo(a) => game_two(a),
        Command::GameThree(a) => game_three(a),
        Command::Cw(a) => cw(a),
        Command::Grundy(a) => grundy(a),
        Command::Rows(a) => rows(a),
        Command::Sum(a) => sum(a),
        Command::Oeis(a) => oeis_cmd(a),
        Command::Verify(a) => verify_cmd(a),
    }
}

fn json_str(v: &Integer) -> String {
    format!("\"{v}\"")
}

fn json_pair(p: &Position) -> String {
    format!("[{},{}]", json_str(&p.0), json_str(&p.1))
}

/// Runs `f` with every solver and insists that all answers agree.
fn agree<T: PartialEq + std::fmt::Debug>(
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

fn nth(args: NthArgs) -> Result<()> {
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

fn play(args: MoveArgs) -> Result<()> {
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

fn set_threads(threads: Option<usize>) -> Result<()> {
    if let Some(t) = threads {
        if t == 0 {
            return Err(Error::usage("--threads must be at least 1"));
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .map_err(|e| Error::internal(format!("thread pool: {e}")))?;
    }
    Ok(())
}

/// A progress bar on stderr, drawn only when stderr is a terminal and the job is large.
fn progress_bar(total: u128, label: &str) -> ProgressBar {
    if total < 50_000_000 {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(
        Some(total.min(u64::MAX as u128) as u64),
        ProgressDrawTarget::stderr(),
    );
    pb.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {per_sec} ETA {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    pb.set_message(label.to_string());
    pb
}

fn parse_range(range: &[String]) -> Result<(u64, u64)> {
    match range {
        [stop] => Ok((0, parse_u64(stop, "STOP")?)),
        [start, stop] => Ok((parse_u64(start, "START")?, parse_u64(stop, "STOP")?)),
        _ => Err(Error::usage("give STOP or START STOP")),
    }
}

fn pairs_cmd(args: PairsArgs) -> Result<()> {
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
fn write_plan(
    plan: &Plan,
    format: Format,
    cols: Columns,
    path: &Path,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<()> {
    let mut f = AtomicFile::create(path)?;
    match format {
        Format::Text | Format::Bfile => {
            let mut w = std::io::BufWriter::with_capacity(1 << 20, &mut f);
            emit::write_text(plan, cols, &mut w, progress)?;
        }
        Format::Binary => {
            emit::write_binary(plan, f.file(), progress)?;
        }
        Format::Word => {
            emit::write_word(plan, f.file(), progress)?;
        }
    }
    f.commit()
}

fn generate(args: GenerateArgs) -> Result<()> {
    set_threads(args.threads)?;
    let threads = threads_or_default(args.threads)?;
    let scale = parse_u64(&args.scale, "--scale")?.max(1);
    let out = &args.out;
    std::fs::create_dir_all(out)
        .map_err(|e| Error::usage(format!("--out: cannot create '{}': {e}", out.display())))?;
    let t0 = std::time::Instant::now();
    let mut written: Vec<(PathBuf, String)> = Vec::new();
    let step = |what: &str| {
        eprintln!(
            "wythoff generate: {what} ({:.0} s)",
            t0.elapsed().as_secs_f64()
        )
    };

    // 1. the OEIS catalogue as b-files
    step("OEIS b-files");
    for e in wythoff::oeis::CATALOGUE {
        let terms = (e.default_terms * scale).min(e.max_terms);
        let path = out.join(format!("b{}.txt", &e.anum[1..]));
        let mut f = AtomicFile::create(&path)?;
        wythoff::oeis::write_bfile(e, terms, &mut f)?;
        f.commit()?;
        written.push((path, format!("{} {} ({terms} terms)", e.anum, e.title)));
    }

    // 2. P-positions in bulk
    step("P-positions");
    use Format::*;
    let s = scale;
    // (file, what, a, misère, START, STOP, format); text files carry all three columns
    #[rustfmt::skip]
    let jobs: [(&str, &str, u64, bool, u64, u64, Format); 6] = [
        ("pairs_a1.txt", "Wythoff P-pairs n A_n B_n", 1, false, 0, 1_000_000 * s, Text),
        ("pairs_a2.txt", "a = 2 P-pairs", 2, false, 0, 1_000_000 * s, Text),
        ("pairs_a1_misere.txt", "misère Wythoff P-pairs", 1, true, 0, 100_000 * s, Text),
        ("pairs_a2_misere.txt", "misère a = 2 P-pairs", 2, true, 0, 100_000 * s, Text),
        ("pairs_a1.bin", "Wythoff P-pairs, binary u64 (header in README)", 1, false, 0, 10_000_000 * s, Binary),
        ("word_a1.bin", "characteristic word of floor(n*phi), packed bits", 1, false, 0, 1_000_000_000 * s, Word),
    ];
    for &(file, what, a, misere, start, stop, format) in &jobs {
        let plan = Plan::new(Rules::new(a, misere)?, start, stop)?;
        let path = out.join(file);
        write_plan(&plan, format, Columns::Pairs, &path, &|_| {})?;
        written.push((path, format!("{what}, n = {start}..{stop}")));
    }
    let plan = Plan::new(Rules::wythoff(), 0, 1_000_000_000 * s)?;
    let sum = bulk::checksum(&plan, &|_| {})?;
    let path = out.join("checksums.txt");
    let mut f = AtomicFile::create(&path)?;
    writeln!(
        f,
        "a = 1, n = 0..{}: count={} sum_A={} sum_B={} sum_nA={} (sums mod 2^64)",
        plan.stop(),
        plan.count(),
        sum.sum_a,
        sum.sum_b,
        sum.sum_na
    )
    .map_err(|e| wythoff::output::io_error(&path, e))?;
    f.commit()?;
    written.push((
        path,
        "checksum of the Wythoff pairs (pairs --checksum)".into(),
    ));

    // 3. a Grundy table with its pictures, and certified row periods
    step("Grundy table");
    let gn = 16384 * scale.isqrt().max(1);
    let spec = wythoff::grundy::Spec::new(1, gn)?;
    let path = out.join(format!("grundy_a1_{gn}.bin"));
    wythoff::grundy::compute_to_file(spec, &path, threads, false, &|_| {}, &|_| {}, None)?;
    written.push((
        path.clone(),
        format!("Grundy table, a = 1, N = {gn} (table file format in README)"),
    ));
    let t = wythoff::grundy::TableFile::open(&path)?;
    let png = out.join(format!("grundy_a1_{gn}.png"));
    wythoff::grundy::picture::table_png(&png, gn as usize, 2048, &|x, y| {
        t.get(x as u64, y as u64).unwrap()
    })?;
    written.push((png, "picture of the table (0-positions white)".into()));
    let board = out.join("board_32.png");
    wythoff::grundy::picture::board_png(&board, 32, &|x, y| t.get(x as u64, y as u64) == Some(0))?;
    written.push((
        board,
        "queen's-move board with the safe cells marked".into(),
    ));
    let rows_n = 128usize;
    let p = wythoff::grundy::rows::periods(rows_n, 1 << 26, &|_| {})?;
    let path = out.join(format!("row_periods_{rows_n}.json"));
    let mut f = AtomicFile::create(&path)?;
    writeln!(f, "{}", p.to_json()).map_err(|e| wythoff::output::io_error(&path, e))?;
    f.commit()?;
    written.push((
        path,
        format!("certified preperiods and periods of rows 0..{}", rows_n - 1),
    ));

    // 4. three-pile tables
    step("three-pile");
    let tn = 2000 * scale.min(2);
    let b = three_pile::Box3::cube(tn, &|_| {})?;
    let path = out.join(format!("three_pile_{tn}.txt"));
    let mut text = String::new();
    for q in b.sorted_positions() {
        text.push_str(&format!("{} {} {}\n", q[0], q[1], q[2]));
    }
    let mut f = AtomicFile::create(&path)?;
    f.write_all(text.as_bytes())
        .map_err(|e| wythoff::output::io_error(&path, e))?;
    f.commit()?;
    written.push((path, format!("three-pile P-positions x <= y <= z <= {tn}")));

    // 5. verification report
    step("verification");
    let cfg = wythoff::verify::Config {
        a: 1,
        bound: 30_000_000_000 * scale,
        grundy: 2048,
        three: 200,
        shard: (0, 1),
        inject_fault: None,
    };
    let tv = std::time::Instant::now();
    let report = wythoff::verify::run(&cfg, &|_| {}, None)?;
    let path = out.join("verify.json");
    let mut f = AtomicFile::create(&path)?;
    f.write_all(report.to_json(tv.elapsed().as_secs_f64()).as_bytes())
        .map_err(|e| wythoff::output::io_error(&path, e))?;
    f.commit()?;
    written.push((
        path,
        format!(
            "verification report ({})",
            if report.ok() {
                "all checks passed"
            } else {
                "FAILED"
            }
        ),
    ));

    println!(
        "wythoff generate: wrote {} files into {} in {:.1} s:",
        written.len(),
        out.display(),
        t0.elapsed().as_secs_f64()
    );
    for (p, what) in &written {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        println!("  {name:<26} {:>9}  {what}", size_of(p));
    }
    if !report.ok() {
        return Err(Error::Disagreement(
            "the verification report found a counterexample".into(),
        ));
    }
    Ok(())
}

fn size_of(p: &Path) -> String {
    let b = std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    match b {
        0..=9_999 => format!("{b} B"),
        10_000..=9_999_999 => format!("{} kB", b / 1000),
        _ => format!("{} MB", b / 1_000_000),
    }
}

fn three(args: ThreeArgs) -> Result<()> {
    set_threads(args.threads)?;
    let n = parse_u64(&args.n, "N")?;
    if let Some(anum) = &args.oeis {
        let (terms, label) = if anum == "A018219" {
            (three_pile::a018219(n)?, "antidiagonals")
        } else {
            (three_pile::a051261(n)?, "terms")
        };
        let _ = label;
        let mut text = String::new();
        for (i, t) in terms.iter().enumerate() {
            text.push_str(&format!("{i} {t}\n"));
        }
        return emit_text(&text, args.output.as_deref());
    }
    let lines = (n as u128 + 1) * (n as u128 + 1);
    let pb = progress_bar(lines * 100, "three-pile lines");
    let b = three_pile::Box3::cube(n, &|k| pb.inc(k * 100))?;
    pb.finish_and_clear();
    let ps = b.sorted_positions();
    let count = ps.len();
    let sum: u128 = ps.iter().map(|p| (p[0] + p[1] + p[2]) as u128).sum();
    if args.print || args.output.is_some() {
        let mut text = String::with_capacity(ps.len() * 16);
        for p in &ps {
            text.push_str(&format!("{} {} {}\n", p[0], p[1], p[2]));
        }
        return emit_text(&text, args.output.as_deref());
    }
    if args.json {
        println!("{{\"N\":\"{n}\",\"count\":\"{count}\",\"sum\":\"{sum}\"}}");
    } else if args.count {
        println!("{count}");
    } else if args.sum {
        println!("{sum}");
    } else {
        println!("{count} P-positions with x <= y <= z <= {n}; sum of x + y + z = {sum}");
    }
    Ok(())
}

fn emit_text(text: &str, output: Option<&Path>) -> Result<()> {
    match output {
        None => std::io::stdout()
            .lock()
            .write_all(text.as_bytes())
            .map_err(emit::write_error),
        Some(p) => {
            let mut f = AtomicFile::create(p)?;
            f.write_all(text.as_bytes())
                .map_err(|e| wythoff::output::io_error(p, e))?;
            f.commit()
        }
    }
}

fn three_move(args: ThreeMoveArgs) -> Result<()> {
    let p = [
        parse_u64(&args.x, "X")?,
        parse_u64(&args.y, "Y")?,
        parse_u64(&args.z, "Z")?,
    ];
    let b = three_pile::Box3::solve(p[0], p[1], p[2], &|_| {})?;
    let mv = b.winning_move(p);
    let outcome = if mv.is_some() { "N" } else { "P" };
    if args.json {
        let m = match mv {
            None => "null".to_string(),
            Some(q) => format!("[\"{}\",\"{}\",\"{}\"]", q[0], q[1], q[2]),
        };
        println!(
            "{{\"position\":[\"{}\",\"{}\",\"{}\"],\"outcome\":\"{outcome}\",\"move\":{m}}}",
            p[0], p[1], p[2]
        );
    } else {
        match mv {
            None => println!(
                "({}, {}, {}): P — the player to move loses",
                p[0], p[1], p[2]
            ),
            Some(q) => println!(
                "({}, {}, {}): N — winning move to ({}, {}, {})",
                p[0], p[1], p[2], q[0], q[1], q[2]
            ),
        }
    }
    Ok(())
}

fn rat_t(t: &str) -> Result<u64> {
    let v = parse_u64(t, "-t")?;
    if v == 0 {
        return Err(Error::usage("-t: the parameter t must be at least 1"));
    }
    Ok(v)
}

fn json_rats(rs: &[Rational]) -> String {
    let v: Vec<String> = rs.iter().map(|r| format!("\"{r}\"")).collect();
    format!("[{}]", v.join(","))
}

fn json_ints(v: &[Integer]) -> String {
    let v: Vec<String> = v.iter().map(json_str).collect();
    format!("[{}]", v.join(","))
}

fn ratwyt(args: RatwytArgs) -> Result<()> {
    let r1 = Rational::parse(&args.r1, "R1")?;
    let r2 = Rational::parse(&args.r2, "R2")?;
    let t = rat_t(&args.t)?;
    let (k, outcome, moves) = ratwyt::game_one(&r1, &r2, t)?;
    if args.json {
        let ms: Vec<String> = moves
            .iter()
            .map(|m| {
                format!(
                    "{{\"steps\":{},\"to\":{}}}",
                    json_ints(&m.steps),
                    json_rats(&m.to)
                )
            })
            .collect();
        println!(
            "{{\"rationals\":{},\"induced\":{},\"outcome\":\"{outcome}\",\"moves\":[{}]}}",
            json_rats(&[r1, r2]),
            json_ints(&k),
            ms.join(",")
        );
        return Ok(());
    }
    println!(
        "({r1}, {r2}) has induced integers ({}, {}): {outcome}",
        k[0], k[1]
    );
    for m in &moves {
        println!(
            "  {} step(s) on {r1} and {} on {r2} -> ({}, {})",
            m.steps[0], m.steps[1], m.to[0], m.to[1]
        );
    }
    if moves.is_empty() {
        println!("  no winning move: every move loses");
    }
    Ok(())
}

fn game_two(args: GameTwoArgs) -> Result<()> {
    let r = Rational::parse(&args.r, "R")?;
    let t = rat_t(&args.t)?;
    let (k, outcome, mv) = ratwyt::game_two(&r, t)?;
    if args.json {
        let m = match &mv {
            None => "null".into(),
            Some(m) => format!(
                "{{\"steps\":{},\"to\":{}}}",
                json_str(&m.steps[0]),
                json_str_rat(&m.to[0])
            ),
        };
        println!(
            "{{\"rational\":\"{r}\",\"induced\":{},\"t\":{t},\"outcome\":\"{outcome}\",\"move\":{m}}}",
            json_str(&k)
        );
    } else {
        match mv {
            None => println!("{r} (level {k}): P — level is a multiple of {}", t + 1),
            Some(m) => println!(
                "{r} (level {k}): N — do {} step(s) to {}",
                m.steps[0], m.to[0]
            ),
        }
    }
    Ok(())
}

fn json_str_rat(r: &Rational) -> String {
    format!("\"{r}\"")
}

fn game_three(args: GameThreeArgs) -> Result<()> {
    let rs: Vec<Rational> = args
        .rs
        .iter()
        .enumerate()
        .map(|(i, s)| Rational::parse(s, &format!("R{}", i + 1)))
        .collect::<Result<_>>()?;
    let (levels, x, outcome, mv) = ratwyt::game_three(&rs);
    if args.json {
        let m = match &mv {
            None => "null".into(),
            Some(m) => {
                let i = m.steps.iter().position(|s| *s != 0).unwrap_or(0);
                format!(
                    "{{\"component\":{i},\"steps\":{},\"to\":{}}}",
                    json_str(&m.steps[i]),
                    json_str_rat(&m.to[i])
                )
            }
        };
        println!(
            "{{\"rationals\":{},\"induced\":{},\"nim_sum\":{},\"outcome\":\"{outcome}\",\"move\":{m}}}",
            json_rats(&rs),
            json_ints(&levels),
            json_str(&x)
        );
    } else {
        let ls: Vec<String> = levels.iter().map(|l| l.to_string()).collect();
        println!("levels {}; nim-sum {x}: {outcome}", ls.join(" "));
        if let Some(m) = mv {
            let i = m.steps.iter().position(|s| *s != 0).unwrap_or(0);
            println!("  do {} step(s) on {} -> {}", m.steps[i], rs[i], m.to[i]);
        }
    }
    Ok(())
}

fn cw(args: CwArgs) -> Result<()> {
    let r = match (&args.r, &args.index) {
        (Some(s), _) => Rational::parse(s, "R")?,
        (None, Some(n)) => Rational::from_bfs_index(&parse_natural(n, "--index")?)?,
        _ => return Err(Error::usage("give a rational or --index N")),
    };
    let level = r.level();
    let parent = r.parent();
    let (left, right) = r.children();
    let index = r.bfs_index();
    let cf: Vec<String> = r
        .partial_quotients()
        .iter()
        .map(|q| q.to_string())
        .collect();
    let show = |o: &Option<Rational>| o.as_ref().map_or("none".to_string(), |x| x.to_string());
    if args.json {
        let q = |o: &Option<Rational>| {
            o.as_ref()
                .map_or("null".to_string(), |x| format!("\"{x}\""))
        };
        let idx = match &index {
            Ok(i) => json_str(i),
            Err(_) => "null".into(),
        };
        println!(
            "{{\"rational\":\"{r}\",\"level\":{},\"continued_fraction\":[{}],\"parent\":{},\"children\":[{},\"{right}\"],\"index\":{idx}}}",
            json_str(&level),
            cf.iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(","),
            q(&parent),
            q(&left)
        );
    } else {
        println!("rational      {r}");
        println!(
            "level         {level}   (the induced integer: sum of [{}])",
            cf.join(", ")
        );
        println!("parent        {}", show(&parent));
        println!("children      left {}, right {right}", show(&left));
        match &index {
            Ok(i) => println!("bfs index     {i}"),
            Err(e) => println!("bfs index     not shown: {e}"),
        }
    }
    if args.path {
        if level > 1_000_000u32 {
            return Err(Error::usage(format!(
                "--path: the path has {} rationals; the limit is 10^6",
                pairs::abbreviate(&level)
            )));
        }
        let mut c = r.clone();
        let mut out = std::io::stdout().lock();
        writeln!(out, "{c}").map_err(emit::write_error)?;
        while let Some(p) = c.parent() {
            writeln!(out, "{p}").map_err(emit::write_error)?;
            c = p;
        }
    }
    Ok(())
}

fn threads_or_default(t: Option<usize>) -> Result<usize> {
    match t {
        Some(0) => Err(Error::usage("--threads must be at least 1")),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

fn parse_span(s: &str, what: &str) -> Result<(u64, u64)> {
    match s.split_once("..") {
        Some((a, b)) => {
            let (a, b) = (parse_u64(a, what)?, parse_u64(b, what)?);
            if a > b {
                return Err(Error::usage(format!("{what}: empty range {s}")));
            }
            Ok((a, b))
        }
        None => {
            let v = parse_u64(s, what)?;
            Ok((v, v))
        }
    }
}

fn grundy(args: GrundyArgs) -> Result<()> {
    use wythoff::grundy::{self, Spec, Table, TableFile};
    if let Some(GrundySub::Get { file, x, y }) = &args.sub {
        let t = TableFile::open(file)?;
        let (x0, x1) = parse_span(x, "X")?;
        let (y0, y1) = parse_span(y, "Y")?;
        let n = t.header.n;
        if x1 >= n || y1 >= n {
            return Err(Error::usage(format!(
                "({x}, {y}) is outside the table: it covers 0 <= x, y < {n}"
            )));
        }
        let mut out = std::io::stdout().lock();
        for xx in x0..=x1 {
            let row: Vec<String> = (y0..=y1)
                .map(|yy| t.get(xx, yy).expect("in range").to_string())
                .collect();
            writeln!(out, "{}", row.join(" ")).map_err(emit::write_error)?;
        }
        return Ok(());
    }
    if let Some(GrundySub::At { x, y }) = &args.sub {
        let xi = parse_natural(x, "X")?;
        let yi = parse_natural(y, "Y")?;
        let g = grundy_at(&xi, &yi)?;
        println!("{g}");
        return Ok(());
    }
    if let Some(GrundySub::Png { file, out }) = &args.sub {
        let t = TableFile::open(file)?;
        let n = t.header.n as usize;
        return grundy::picture::table_png(out, n, 2048, &|x, y| {
            t.get(x as u64, y as u64).unwrap()
        });
    }
    if let Some(Some(file)) = &args.check {
        let t = TableFile::open(file)?;
        let ok_sum = t.verify();
        let rep = grundy::check(t.payload(), t.layout, t.header.a)?;
        return report_check(&rep, ok_sum, t.header.a, t.header.n, args.json);
    }
    let Some(n) = &args.n else {
        return Err(Error::usage(
            "give N (grundy N ...), grundy get FILE X Y, or grundy --check FILE",
        ));
    };
    let a = parse_u64(&args.a, "-a")?;
    let spec = Spec::new(a, parse_u64(n, "N")?)?;
    let threads = threads_or_default(args.threads)?;
    let cells = (spec.n as u128 * (spec.n as u128 + 1)) / 2;
    let pb = progress_bar(
        if spec.n >= 4096 {
            cells.max(50_000_000)
        } else {
            0
        },
        "grundy",
    );
    let tick = |k: u64| pb.inc(k);
    if let Some(path) = &args.output {
        if args.print || args.checksum || args.check.is_some() {
            return Err(Error::usage(
                "-o writes a file; read it back with grundy get / --check",
            ));
        }
        let note = |m: &str| pb.suspend(|| eprintln!("wythoff: {m}"));
        let t0 = std::time::Instant::now();
        let h = grundy::compute_to_file(
            spec,
            path,
            threads,
            args.resume,
            &tick,
            &note,
            args.abort_after_rows,
        )?;
        pb.finish_and_clear();
        eprintln!(
            "wythoff: wrote {} (a = {}, N = {}, {} bytes per value, {:.1} s)",
            path.display(),
            h.a,
            h.n,
            h.width,
            t0.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let t = Table::compute(spec, threads, &tick)?;
    pb.finish_and_clear();
    if args.png.is_some() || args.board.is_some() {
        if let Some(p) = &args.png {
            grundy::picture::table_png(p, spec.n, 2048, &|x, y| t.get(x, y))?;
        }
        if let Some(p) = &args.board {
            grundy::picture::board_png(p, spec.n, &|x, y| t.get(x, y) == 0)?;
        }
        return Ok(());
    }
    if args.check.is_some() {
        let rep = grundy::check(&t.data, t.layout, a)?;
        return report_check(&rep, true, a, spec.n as u64, args.json);
    }
    if args.checksum {
        let (sum, hash) = grundy::square_checksum(&t.data, t.layout);
        if args.json {
            println!(
                "{{\"a\":{a},\"N\":{},\"sum\":\"{sum}\",\"xxh3\":\"{hash:016x}\"}}",
                spec.n
            );
        } else {
            println!(
                "sum={sum} xxh3={hash:016x} (a = {a}, N = {}, row-major u32 square)",
                spec.n
            );
        }
        return Ok(());
    }
    if args.print {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        let mut line = String::new();
        for x in 0..spec.n {
            line.clear();
            for y in 0..spec.n {
                if y > 0 {
                    line.push(' ');
                }
                line.push_str(&t.get(x, y).to_string());
            }
            line.push('\n');
            out.write_all(line.as_bytes()).map_err(emit::write_error)?;
        }
        return out.flush().map_err(emit::write_error);
    }
    Err(Error::usage(
        "say what to do with the table: -o FILE, --print, --checksum or --check",
    ))
}

fn report_check(
    rep: &wythoff::grundy::CheckReport,
    sum_ok: bool,
    a: u64,
    n: u64,
    json: bool,
) -> Result<()> {
    let ok = rep.problems.is_empty() && sum_ok;
    if json {
        let ps: Vec<String> = rep.problems.iter().map(|p| format!("\"{p}\"")).collect();
        println!(
            "{{\"a\":{a},\"N\":{n},\"cells\":\"{}\",\"max\":{},\"payload_checksum_ok\":{sum_ok},\"problems\":[{}],\"ok\":{ok}}}",
            rep.cells,
            rep.max,
            ps.join(",")
        );
    } else {
        println!(
            "{}: a = {a}, N = {n}, {} cells, max value {}; payload checksum {}; lines of moves, bounds and 0-positions {}",
            if ok { "OK" } else { "FAILED" },
            rep.cells,
            rep.max,
            if sum_ok { "ok" } else { "WRONG" },
            if rep.problems.is_empty() {
                "ok"
            } else {
                "VIOLATED"
            }
        );
        for p in &rep.problems {
            println!("  {p}");
        }
    }
    if ok {
        Ok(())
    } else {
        Err(Error::Disagreement("the table failed its checks".into()))
    }
}

/// G(x, y) for a = 1 with min(x, y) within the certifiable rows.
fn grundy_at(x: &Integer, y: &Integer) -> Result<Integer> {
    use wythoff::grundy::rows;
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    const AT_ROWS: usize = 256; // rows 0..255 are certified in about 80 s here
    let row = lo.to_usize().filter(|&r| r < AT_ROWS).ok_or_else(|| {
        Error::usage(format!(
            "the smaller pile {} is beyond the rows certified on demand (< {AT_ROWS}); \
             `wythoff rows X` certifies more rows (it may take long)",
            pairs::abbreviate(lo)
        ))
    })?;
    let p = rows::periods(row + 1, 100_000_000, &|_| {})?;
    Ok(p.value(row, hi))
}

fn rows(args: RowsArgs) -> Result<()> {
    use wythoff::grundy::rows;
    let x = parse_u64(&args.x, "X")? as usize;
    let max = parse_u64(&args.max_columns, "--max-columns")?;
    let pb = progress_bar(0, "rows");
    let t0 = std::time::Instant::now();
    let p = rows::periods(x, max, &|c| pb.set_message(format!("column {c}")))?;
    pb.finish_and_clear();
    let (mu, lam) = p.joint;
    if args.json {
        println!("{}", p.to_json());
    } else {
        println!("row  preperiod  period   (G(x, y + p) = G(x, y) + p for y >= preperiod)");
        for (i, (y0, per)) in p.rows.iter().enumerate() {
            println!("{i:>3}  {y0:>9}  {per:>6}");
        }
        println!(
            "joint: preperiod {mu}, period {lam} — certified by a repeated engine state ({:.1} s)",
            t0.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn sum(args: SumArgs) -> Result<()> {
    let a = parse_u64(&args.a, "-a")?;
    Rules::new(a, false)?;
    let mut ps: Vec<Position> = Vec::new();
    for (i, c) in args.components.iter().enumerate() {
        let what = format!("component {}", i + 1);
        let (x, y) = c.split_once(',').ok_or_else(|| {
            Error::usage(format!(
                "{what}: '{c}' is not a position X,Y (for example 3,5)"
            ))
        })?;
        ps.push((parse_natural(x, &what)?, parse_natural(y, &what)?));
    }
    let r = wythoff::sums::analyse(a, &ps)?;
    let outcome = if r.nim_sum == 0 { "P" } else { "N" };
    if args.json {
        let comps: Vec<String> = ps
            .iter()
            .zip(&r.values)
            .map(|(p, g)| {
                format!(
                    "{{\"position\":{},\"grundy\":{}}}",
                    json_pair(p),
                    json_str(g)
                )
            })
            .collect();
        let mv = match &r.winning {
            None => "null".to_string(),
            Some((i, to)) => format!("{{\"component\":{i},\"to\":{}}}", json_pair(to)),
        };
        println!(
            "{{\"components\":[{}],\"nim_sum\":{},\"outcome\":\"{outcome}\",\"move\":{mv}}}",
            comps.join(","),
            json_str(&r.nim_sum)
        );
    } else {
        for (p, g) in ps.iter().zip(&r.values) {
            println!("({}, {}): G = {g}", p.0, p.1);
        }
        println!("nim-sum {}: {outcome}", r.nim_sum);
        if let Some((i, to)) = &r.winning {
            println!(
                "winning move: component {} ({}, {}) -> ({}, {})",
                i + 1,
                ps[*i].0,
                ps[*i].1,
                to.0,
                to.1
            );
        }
    }
    Ok(())
}

fn oeis_cmd(args: OeisArgs) -> Result<()> {
    use wythoff::oeis;
    if args.list {
        println!("A-number  offset  terms   title");
        for e in oeis::CATALOGUE {
            println!(
                "{}   {:>4}  {:>6}   {}",
                e.anum, e.offset, e.default_terms, e.title
            );
        }
        return Ok(());
    }
    let e = oeis::entry(args.anum.as_deref().unwrap_or_default())?;
    let count = match &args.terms {
        Some(t) => parse_u64(t, "--terms")?,
        None => e.default_terms,
    };
    match &args.output {
        None => oeis::write_bfile(e, count, &mut std::io::stdout().lock()),
        Some(p) => {
            let mut f = AtomicFile::create(p)?;
            oeis::write_bfile(e, count, &mut f)?;
            f.commit()
        }
    }
}

fn parse_shard(s: &str) -> Result<(u64, u64)> {
    let bad = || {
        Error::usage(format!(
            "--shard: '{s}' is not I/K with 0 <= I < K (for example 0/4)"
        ))
    };
    let (i, k) = s.split_once('/').ok_or_else(bad)?;
    let (i, k) = (
        i.trim().parse::<u64>().map_err(|_| bad())?,
        k.trim().parse::<u64>().map_err(|_| bad())?,
    );
    if k == 0 || i >= k {
        return Err(bad());
    }
    Ok((i, k))
}

fn verify_cmd(args: VerifyArgs) -> Result<()> {
    use wythoff::verify;
    set_threads(args.threads)?;
    let t0 = std::time::Instant::now();
    let report = if !args.merge.is_empty() {
        let parts = args
            .merge
            .iter()
            .map(|p| {
                let s = std::fs::read_to_string(p).map_err(|e| {
                    Error::usage(format!("--merge: cannot read '{}': {e}", p.display()))
                })?;
                verify::parse_report(&s)
            })
            .collect::<Result<Vec<_>>>()?;
        verify::merge(&parts)?
    } else {
        let a = parse_u64(&args.a, "-a")?;
        Rules::new(a, false)?;
        let cfg = verify::Config {
            a,
            bound: parse_u64(&args.bound, "--bound")?,
            grundy: parse_u64(&args.grundy, "--grundy")?,
            three: parse_u64(&args.three, "--three")?,
            shard: match &args.shard {
                Some(s) => parse_shard(s)?,
                None => (0, 1),
            },
            inject_fault: args.inject_fault,
        };
        let (lo, hi) = verify::shard_range(cfg.bound, cfg.shard);
        let pb = progress_bar((hi - lo) as u128, "verify");
        let ckpt = args.output.as_ref().map(|p| {
            let mut c = p.as_os_str().to_owned();
            c.push(".partial.ckpt");
            PathBuf::from(c)
        });
        if let Some(c) = &ckpt
            && !args.resume
        {
            let _ = std::fs::remove_file(c);
        }
        let r = verify::run(&cfg, &|k| pb.inc(k), ckpt.as_deref())?;
        if let Some(c) = &ckpt {
            let _ = std::fs::remove_file(c);
        }
        pb.finish_and_clear();
        r
    };
    let elapsed = t0.elapsed().as_secs_f64();
    let json = report.to_json(elapsed);
    if let Some(p) = &args.output {
        let mut f = AtomicFile::create(p)?;
        f.write_all(json.as_bytes())
            .map_err(|e| wythoff::output::io_error(p, e))?;
        f.commit()?;
    }
    if args.json {
        print!("{json}");
    } else {
        print!("{}", report.summary());
        let checked = report.checks.first().map_or(0, |c| c.checked);
        println!(
            "{:.1} s; {} at {:.2e} n/s",
            elapsed,
            report
                .checks
                .first()
                .map_or("floor = mex", |c| c.name.as_str()),
            checked as f64 / elapsed.max(1e-9)
        );
    }
    if report.ok() {
        Ok(())
    } else {
        Err(Error::Disagreement(
            "verification found a counterexample (see the report)".into(),
        ))
    }
}
