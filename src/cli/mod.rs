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
//! 3. Print only through `out::Out` (`outln!`, `Out::json` with a type added to the file of its
//!    family in `json/`), and end with `out.finish()`: no `println!`, so a failing stdout is an
//!    error, not a panic.
//! 4. Add the variant to [`Command`] (`command.rs`) and its arm to [`main`]; add it to README's
//!    table of commands, walk through it in doc/guide.md (its JSON shape under "JSON output"), and
//!    test it in `tests/cli_*.rs`.
//!
//! Exit status: 0 success (a closed stdout pipe included), 1 failure, 2 bad usage; each error is
//! one line on stderr (see `main.rs` and README, "Exit status").

mod arg_groups;
mod args;
mod at;
mod certificate;
mod command;
mod cw;
mod game_move;
mod generate;
mod grundy;
mod grundy_args;
mod gvalue;
mod gvalue_check;
mod json;
mod learn;
mod line_pairs;
mod lines;
mod manual;
mod nheap;
mod nheap_args;
mod nheap_slice;
mod nth;
mod oeis;
mod oeis_list;
mod out;
mod pairs;
mod play;
mod prove;
mod prove_theorem;
mod ratwyt;
mod rows;
mod rows_print;
mod rows_read;
mod sum;
mod table_file;
mod table_out;
mod three;
mod three_move;
mod usage;
mod verify;

use clap::Parser;
use command::{Cli, Command};
use cw::*;
use generate::*;
use grundy::*;
use gvalue::*;
use learn::*;
use line_pairs::*;
use nheap::*;
use nth::*;
use oeis::*;
use pairs::*;
use play::*;
use prove::*;
use ratwyt::*;
use rows::*;
use sum::*;
use three::*;
use three_move::*;
use verify::*;
use wythoff::error::Result;

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
        Command::Move(a) => move_cmd(a),
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
        Command::Learn(a) => learn_cmd(a),
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
