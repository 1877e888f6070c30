//! The arguments of `grundy` (Wythoff's table and the line games' tables share them): the
//! declarations of what may be combined, the rules that depend on a value, and the subcommands
//! `grundy at`, `png` and `get`.

use super::arg_groups::*;
use super::args::*;
use clap::{ArgGroup, Args, Subcommand};
use rug::Integer;
use std::path::PathBuf;
use wythoff::grundy::picture;

/// `grundy`: one job per run.  What each combination means (everything else is refused by the
/// declarations below, with status 2, before any work):
/// * `grundy N -o FILE [--resume | --restart]` writes the table file, nothing else;
/// * `grundy N` with one answer on stdout — `--print`, `--checksum` or `--check` — or with
///   pictures (`--png`, `--board`, together or alone), never both;
/// * `grundy --check FILE`, `grundy get …`, `grundy png …`, `grundy at …` read a file or a row;
///   they take no N, -a or --threads.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
#[command(group(ArgGroup::new("answer").args(["print", "checksum", "check"]).multiple(false)))]
#[command(group(ArgGroup::new("json_answer").args(["checksum", "check"]).multiple(false)))]
#[command(group(
    ArgGroup::new("job")
        .args(["output", "print", "checksum", "check", "png", "board"])
        .multiple(true)
))]
pub(crate) struct GrundyArgs {
    #[command(subcommand)]
    pub(crate) sub: Option<GrundySub>,
    /// Side N: the table covers 0 <= x, y < N.
    #[arg(value_name = "N", requires = "job", value_parser = size, allow_hyphen_values = true)]
    pub(crate) n: Option<u64>,
    /// Parameter a >= 1 (a = 1 is Wythoff's game; default 1).
    #[arg(short = 'a', value_name = "A", value_parser = parameter,
          allow_hyphen_values = true)]
    pub(crate) a: Option<u64>,
    /// Write the table file (atomically; checkpointed for --resume, any a).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        conflicts_with_all = ["answer", "png", "board"]
    )]
    pub(crate) output: Option<PathBuf>,
    // (clap does not enforce `requires = "output"` when another given flag conflicts with -o, so
    // the flags that need -o also conflict with everything -o conflicts with.)
    /// Continue an interrupted `-o FILE` run from its last checkpoint.
    #[arg(
        long,
        requires = "output",
        conflicts_with_all = ["restart", "answer", "png", "board"]
    )]
    pub(crate) resume: bool,
    /// Discard the partial file of an interrupted `-o FILE` run and start afresh.
    #[arg(long, requires = "output", conflicts_with_all = ["answer", "png", "board"])]
    pub(crate) restart: bool,
    /// Print the N x N table: row x on line x, values separated by spaces.
    #[arg(long)]
    pub(crate) print: bool,
    /// Print the sum of all N^2 values and the XXH3-64 of the row-major u32 square.
    #[arg(long)]
    pub(crate) checksum: bool,
    /// Prove a table file (or, without FILE, the table computed for N): every cell is the mex
    /// of its options; also the file's checksum and the 0-positions.
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub(crate) check: Option<Option<PathBuf>>,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
    /// Machine-readable output of --checksum or --check.
    #[arg(long, requires = "json_answer")]
    pub(crate) json: bool,
    /// Draw the table as a PNG picture (downsampled beyond 2048 pixels a side).
    #[arg(long, value_name = "FILE", conflicts_with = "answer")]
    pub(crate) png: Option<PathBuf>,
    /// Draw the queen's-move board of the corner 0 <= x, y < min(N, 128) with the safe cells
    /// (P-positions) marked; alone, it computes only that corner.
    #[arg(long, value_name = "FILE", conflicts_with = "answer")]
    pub(crate) board: Option<PathBuf>,
    /// A two-pile line game instead of Wythoff's: rules P,Q:jP,Q:… (a ray P,Q takes i·(P, Q),
    /// any i >= 1; a jump jP,Q takes (P, Q) once; doc/lines.md).  The table is computed in memory: -o writes it whole at the end.
    #[arg(long, value_name = "RULES",
          conflicts_with_all = ["a", "game", "resume", "restart", "abort_after_rows"])]
    pub(crate) rules: Option<String>,
    /// A named line game: nim, wythoff, nimhof-a307296 … nimhof-a307302, maharaja (Maharaja
    /// Nim), gdwn-P-Q (Larsson's (P,Q)-GDWN, 0 < P < Q <= 64; doc/lines.md).
    #[arg(long, value_name = "NAME",
          conflicts_with_all = ["a", "resume", "restart", "abort_after_rows"])]
    pub(crate) game: Option<String>,
    /// Test hook: abort (like kill -9) once this many rows are checkpointed.
    #[arg(
        long,
        hide = true,
        requires = "output",
        conflicts_with_all = ["answer", "png", "board"]
    )]
    pub(crate) abort_after_rows: Option<usize>,
}

impl GrundyArgs {
    /// The rules clap cannot declare because they depend on a value, refused like clap's own
    /// conflicts: `--check FILE` (with a file) proves the table the file holds, whose header gives
    /// its side, a or rules, so it takes no N, -a, --threads, --rules or --game (`grundy N
    /// --check`, without a file, takes them all); `--png` and `--board` name two files.
    pub(crate) fn check(&self) -> std::result::Result<(), String> {
        if let Some(Some(_)) = &self.check {
            if self.n.is_some() {
                return Err(
                    "N and --check FILE: check the table computed for N (grundy N \
                            --check) or a file (grundy --check FILE), not both"
                        .into(),
                );
            }
            let header =
                "a line-game table file's header gives its rules, and the proof uses those";
            for (given, flag, why) in [
                (self.a.is_some(), "-a", "the table file's header gives a"),
                (
                    self.threads.threads.is_some(),
                    "--threads",
                    "the check runs on one thread",
                ),
                (self.rules.is_some(), "--rules", header),
                (self.game.is_some(), "--game", header),
            ] {
                if given {
                    return Err(format!("{flag} is not accepted with --check FILE: {why}"));
                }
            }
        }
        if let (Some(p), Some(b)) = (&self.png, &self.board)
            && p == b
        {
            return Err("--png and --board name the same file".into());
        }
        Ok(())
    }

    /// Whether the board is the only output of `grundy N`: no table file, picture of the
    /// whole table, printout, checksum or check.
    pub(crate) fn board_only(&self) -> bool {
        self.board.is_some()
            && self.output.is_none()
            && self.png.is_none()
            && !self.print
            && !self.checksum
            && self.check.is_none()
    }

    /// The side of the table `grundy N` computes: N, or min(N, [`picture::BOARD_MAX`]) when the
    /// board is the only output.  The corner is all the board shows, and a table of that side
    /// holds the same values there: every option of (x, y) lowers a coordinate and raises none
    /// (Wythoff's game and every line game), so G(x, y) depends only on cells of the corner.
    pub(crate) fn computed_side(&self, n: u64) -> u64 {
        if self.board_only() {
            n.min(picture::BOARD_MAX as u64)
        } else {
            n
        }
    }
}

#[derive(Subcommand)]
pub(crate) enum GrundySub {
    /// G(X, Y) of Wythoff's game: for a small row X and a column Y of any size from certified
    /// row periods; beyond them from the g-values (value 0 at any size, values up to 255 for
    /// rows up to 2^22, value 1 beyond by the 1-value automaton, labelled), else the bounds.
    At {
        /// Row (the smaller pile; rows below 256 are certified on demand).
        #[arg(value_parser = pile, allow_hyphen_values = true)]
        x: Integer,
        /// Column (any size).
        #[arg(value_parser = pile, allow_hyphen_values = true)]
        y: Integer,
        /// Certified rows (`rows X -o CERT`): answer from it at once, for its parameter a (below
        /// a preperiod it does not store: from a table, both piles below 8192).
        #[arg(long, value_name = "CERT")]
        certificate: Option<PathBuf>,
    },
    /// Draw a table file as a PNG picture (the file's checksum is verified first).
    Png {
        /// The table file.
        file: PathBuf,
        /// The picture to write.
        out: PathBuf,
    },
    /// Read values from a table file: X and Y are numbers or ranges A..B (inclusive); the
    /// file's checksum is verified first.
    Get {
        /// The table file.
        file: PathBuf,
        /// Row or range of rows.
        #[arg(value_parser = coord, allow_hyphen_values = true)]
        x: Coord,
        /// Column or range of columns.
        #[arg(value_parser = coord, allow_hyphen_values = true)]
        y: Coord,
    },
}
