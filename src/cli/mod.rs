//! The command line: argument parsing and printing for the `wythoff` binary.  Every command
//! parses its arguments, makes one library call and renders the answer; the library does the work.
//!
//! # Adding a command
//!
//! 1. Put it in the file of its family (or a new `src/cli/NAME.rs`): an argument struct deriving
//!    `clap::Args` whose fields are typed — numbers through the value parsers of [`args`]
//!    (documented there), enums through `ValueEnum`, `--threads` by flattening
//!    `arg_groups::ThreadsArg` — and a `fn NAME(args) -> Result<()>` making one library call.
//! 2. Declare what may not be combined: `conflicts_with`, `requires`, `required_if_eq`,
//!    `ArgGroup`; a rule that depends on a value goes in a `check()` method called from
//!    [`main`] below.  `--json` exists when the command prints an answer or a summary and is
//!    refused (`conflicts_with`/`requires`) on bulk output.
//! 3. Print only through `out::Out` (`outln!`, `Out::json` with a type added to `json.rs`), and
//!    end with `out.finish()`: no `println!`, so a failing stdout is an error, not a panic.
//! 4. Add the variant to [`Command`] and its arm to [`main`]; add it to README's table of
//!    commands, walk through it in doc/guide.md (its JSON shape under "JSON output"), and test it
//!    in `tests/cli_*.rs`.
//!
//! Exit status: 0 success (a closed stdout pipe included), 1 failure, 2 bad usage; each error is
//! one line on stderr (see `main.rs` and README, "Exit status").

mod arg_groups;
mod args;
mod at;
mod certificate;
mod cw;
mod game_move;
mod generate;
mod grundy;
mod grundy_args;
mod gvalue;
mod gvalue_check;
mod json;
mod line_pairs;
mod lines;
mod manual;
mod nheap;
mod nheap_args;
mod nheap_slice;
mod oeis;
mod oeis_list;
mod out;
mod pairs;
mod play;
mod prove;
mod prove_theorem;
mod ratwyt;
mod rows;
mod rows_read;
mod sum;
mod table_file;
mod table_out;
mod three;
mod usage;
mod verify;

use clap::{Parser, Subcommand};
use cw::*;
use generate::*;
use grundy::*;
use grundy_args::*;
use gvalue::*;
use line_pairs::*;
use nheap::*;
use nheap_args::NheapArgs;
use oeis::*;
use pairs::*;
use play::*;
use prove::*;
use ratwyt::*;
use rows::*;
use sum::*;
use three::*;
use verify::*;
use wythoff::error::Result;

#[derive(Parser)]
#[command(
    name = "wythoff",
    version,
    about = "Exact P-positions of Wythoff's game and Fraenkel's generalization, at any size",
    long_about = "Exact P-positions of Wythoff's game (a = 1) and Fraenkel's generalized game \
                  (take any amount from one pile, or k and l from both with |k - l| < a), \
                  computed by the recursive, algebraic or arithmetic strategy.\n\n\
                  Numbers may be written as digits, 1e9 or 2^64.",
    arg_required_else_help = true,
    args_conflicts_with_subcommands = true
)]
pub(crate) struct Cli {
    /// Print the manual page (roff, every command on one page: `man -l FILE`) or a shell's
    /// completion script, and do nothing else.
    #[arg(long, value_enum, value_name = "WHAT", exclusive = true)]
    pub(crate) generate: Option<manual::Generated>,
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
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
    /// N-heap Wythoff (nim-sum moves): P or N and every winning move of H1 ... HN, or
    /// `--slice A` the P-positions (A, A_n, B_n) of three heaps.
    Nheap(NheapArgs),
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
    /// The g-values of Wythoff's Grundy function without a table: `gvalue G N` prints the N-th
    /// (x, y), x <= y, with G(x, y) = G; `gvalue G --count K` streams the first K.
    Gvalue(GvalueArgs),
    /// Rows 0..X-1 of Wythoff's Grundy function: certified preperiods and additive periods.
    Rows(RowsArgs),
    /// A disjunctive sum of positions X1,Y1 X2,Y2 ...: Grundy values, nim-sum, a winning move.
    Sum(SumArgs),
    /// Write the b-file of a catalogued OEIS sequence (`oeis --list` shows the catalogue).
    Oeis(OeisArgs),
    /// Verify the strategies against each other and the recursive definition, with a report.
    Verify(VerifyArgs),
    /// Play against the program: two piles (any a, normal or misère), three piles, or a sum.
    Play(PlayArgs),
    /// The P-positions (x, y) of a two-pile line game with the Nim moves, one per row x < N.
    LinePairs(LinePairsArgs),
    /// Decide a first-order statement about Wythoff's sequences by automata: TRUE or FALSE
    /// (with the least counterexample), or `--theorem NAME` (doc/prove.md).
    Prove(ProveArgs),
}

/// Parses the command line (printing clap's own errors as one line, exit 2) and runs it.
pub fn main() -> Result<()> {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                // help and version go to stdout; a closed or full stdout is an error here too
                let mut out = out::Out::new();
                out.text(&e.render().to_string())?;
                out.finish()?;
                std::process::exit(0);
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                let _ = e.print();
                std::process::exit(2);
            }
            return Err(usage::clap_error(&e));
        }
    };
    let command = match (cli.generate, cli.command) {
        (Some(what), _) => return manual::generate(what),
        (None, Some(c)) => c,
        (None, None) => return Err(usage::refused("give a command, or --generate WHAT")),
    };
    if let Some(msg) = check(&command) {
        return Err(usage::refused(&msg));
    }
    match command {
        Command::Nth(a) => nth(a),
        Command::Move(a) => play(a),
        Command::Pairs(a) => pairs_cmd(a),
        Command::Generate(a) => generate(a),
        Command::Three(a) => three(a),
        Command::ThreeMove(a) => three_move(a),
        Command::Nheap(a) => nheap_cmd(a),
        Command::Ratwyt(a) => ratwyt(a),
        Command::GameTwo(a) => game_two(a),
        Command::GameThree(a) => game_three(a),
        Command::Cw(a) => cw(a),
        Command::Grundy(a) => grundy(a),
        Command::Gvalue(a) => gvalue(a),
        Command::Rows(a) => rows(a),
        Command::Sum(a) => sum(a),
        Command::Oeis(a) => oeis_cmd(a),
        Command::LinePairs(a) => line_pairs(a),
        Command::Verify(a) => verify_cmd(a),
        Command::Play(a) => play_cmd(a),
        Command::Prove(a) => prove_cmd(a),
    }
}

/// The rules clap cannot declare because they depend on a value (`--side` only with `--format
/// bfile`); refused like clap's own conflicts.
fn check(c: &Command) -> Option<String> {
    let r = match c {
        Command::Nth(a) => a.solve.check(),
        Command::Move(a) => a.check(),
        Command::Pairs(a) => a.check(),
        Command::Grundy(a) => a.check(),
        Command::Nheap(a) => a.check(),
        _ => Ok(()),
    };
    r.err()
}
