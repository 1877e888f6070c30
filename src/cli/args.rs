//! Typed arguments shared by several commands: the game (-a, --misere), strategies, threads, ranges.

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rug::Integer;
use wythoff::error::{Error, Result};
use wythoff::num::{parse_natural, parse_u64};
use wythoff::pairs::{Solver, Strategy};
use wythoff::{Rules, pairs};

#[derive(Args, Clone)]
pub(crate) struct GameArgs {
    /// Parameter a >= 1 of the generalized game (a = 1 is Wythoff's game).
    #[arg(short = 'a', long = "a", value_name = "A", default_value = "1")]
    pub(crate) a: String,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    pub(crate) misere: bool,
}

impl GameArgs {
    pub(crate) fn rules(&self) -> Result<Rules> {
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
pub(crate) enum StrategyArg {
    Recursive,
    Algebraic,
    Arithmetic,
    All,
}

#[derive(Args, Clone)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// recursive (mex, O(n)), algebraic (exact floor formula), arithmetic (numeration), or all
    /// (every strategy, exit 1 if any two disagree).
    #[arg(long, value_enum, default_value = "algebraic")]
    pub(crate) strategy: StrategyArg,
    /// Largest index or pile size the recursive strategy accepts.
    #[arg(long, value_name = "N", default_value = "1e9")]
    pub(crate) recursive_limit: String,
    /// Machine-readable output (numbers as decimal strings).
    #[arg(long)]
    pub(crate) json: bool,
}

impl SolveArgs {
    /// The solvers to run; with `all`, the recursive one only if the sizes are within its limit.
    pub(crate) fn solvers(&self, size: &Integer) -> Result<Vec<Solver>> {
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

pub(crate) fn set_threads(threads: Option<usize>) -> Result<()> {
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
pub(crate) fn progress_bar(total: u128, label: &str) -> ProgressBar {
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

pub(crate) fn parse_range(range: &[String]) -> Result<(u64, u64)> {
    match range {
        [stop] => Ok((0, parse_u64(stop, "STOP")?)),
        [start, stop] => Ok((parse_u64(start, "START")?, parse_u64(stop, "STOP")?)),
        _ => Err(Error::usage("give STOP or START STOP")),
    }
}

pub(crate) fn threads_or_default(t: Option<usize>) -> Result<usize> {
    match t {
        Some(0) => Err(Error::usage("--threads must be at least 1")),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

pub(crate) fn parse_span(s: &str, what: &str) -> Result<(u64, u64)> {
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

pub(crate) fn rat_t(t: &str) -> Result<u64> {
    let v = parse_u64(t, "-t")?;
    if v == 0 {
        return Err(Error::usage("-t: the parameter t must be at least 1"));
    }
    Ok(v)
}
