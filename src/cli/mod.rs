//! The command line: argument parsing and printing for the `wythoff` binary.  Every command
//! parses its arguments, makes one library call and renders the answer; the library does the work.

mod args;
mod generate;
mod grundy;
mod json;
mod oeis;
mod pairs;
mod ratwyt;
mod three;
mod verify;

use clap::{Parser, Subcommand};
use generate::*;
use grundy::*;
use oeis::*;
use pairs::*;
use ratwyt::*;
use three::*;
use verify::*;
use wythoff::error::{Error, Result};

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
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
