//! The argument groups several commands share, each declared once and flattened where used:
//! the game (`-a`, `--misere`), the strategies of `nth` and `move`, and `--threads` with the one
//! setup of rayon's thread pool.

use super::args::*;
use clap::{Args, ValueEnum};
use rug::Integer;
use std::sync::OnceLock;
use wythoff::error::{Error, Result};
use wythoff::pairs::{Solver, Strategy};
use wythoff::{Rules, pairs};

/// The game: `-a A` and `--misere`.
#[derive(Args, Clone)]
pub(crate) struct GameArgs {
    /// Parameter a >= 1 of the generalized game (a = 1 is Wythoff's game).
    #[arg(short = 'a', value_name = "A", default_value = "1",
          value_parser = parameter, allow_hyphen_values = true)]
    pub(crate) a: u64,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    pub(crate) misere: bool,
}

impl GameArgs {
    /// The rules (a ≥ 1 is guaranteed by the parser).
    pub(crate) fn rules(&self) -> Result<Rules> {
        Rules::new(self.a, self.misere)
    }
}

/// `--strategy`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum StrategyArg {
    Recursive,
    Algebraic,
    Arithmetic,
    All,
}

/// The default of `--recursive-limit`.
const RECURSIVE_LIMIT: u64 = 1_000_000_000;

/// The game and the strategies of `nth` and `move`.
#[derive(Args, Clone)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// recursive (mex, O(n)), algebraic (exact floor formula), arithmetic (numeration), or all
    /// (every strategy, exit 1 if any two disagree).
    #[arg(long, value_enum, default_value = "algebraic")]
    pub(crate) strategy: StrategyArg,
    /// Largest index or pile size the recursive strategy accepts (default 1e9; only with
    /// --strategy recursive or all).
    #[arg(long, value_name = "N", value_parser = size, allow_hyphen_values = true)]
    pub(crate) recursive_limit: Option<u64>,
    /// Machine-readable output (one JSON object; numbers as decimal strings).
    #[arg(long)]
    pub(crate) json: bool,
}

impl SolveArgs {
    /// The rules that depend on a value: a recursive limit is meaningless for the closed forms.
    pub(crate) fn check(&self) -> std::result::Result<(), String> {
        if self.recursive_limit.is_some()
            && matches!(
                self.strategy,
                StrategyArg::Algebraic | StrategyArg::Arithmetic
            )
        {
            return Err("--recursive-limit applies only to --strategy recursive or all".into());
        }
        Ok(())
    }

    /// The solvers to run; with `all`, the recursive one only if the sizes are within its limit.
    pub(crate) fn solvers(&self, size: &Integer) -> Result<Vec<Solver>> {
        let rules = self.game.rules()?;
        let limit = self.recursive_limit.unwrap_or(RECURSIVE_LIMIT);
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
                    crate::cli::out::errln!(
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

/// `--threads T`, the one declaration of the flag: the number of worker threads, 1..=1024
/// (default: all cores).  A command flattens it (and may adjust its help or conflicts with
/// `#[command(mut_args(…))]`, as `rows` does), then calls [`ThreadsArg::count`] when the library
/// call takes a number of workers and runs them itself, or [`ThreadsArg::install`] when the
/// library works on rayon's global pool.
#[derive(Args, Clone, Copy, Default)]
pub(crate) struct ThreadsArg {
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long = "threads", value_name = "T", value_parser = threads,
          allow_hyphen_values = true)]
    pub(crate) threads: Option<usize>,
}

impl ThreadsArg {
    /// The number of workers: the count given (1..=[`MAX_THREADS`], checked by the parser), or
    /// the cores.
    pub(crate) fn count(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// The one thread-pool setup: builds rayon's global pool with the count given, the first
    /// time it is called (without `--threads` rayon's default, one worker per core, stays), and
    /// returns the number of workers.
    pub(crate) fn install(&self) -> Result<usize> {
        static POOL: OnceLock<std::result::Result<(), String>> = OnceLock::new();
        let built = POOL.get_or_init(|| match self.threads {
            None => Ok(()),
            Some(t) => rayon::ThreadPoolBuilder::new()
                .num_threads(t)
                .build_global()
                .map_err(|e| e.to_string()),
        });
        match built {
            Ok(()) => Ok(self.count()),
            Err(e) => Err(Error::internal(format!("thread pool: {e}"))),
        }
    }
}
