//! `wythoff nth`, `move`: P-positions one at a time, by the strategies asked and checked equal
//! ([`wythoff::pairs::agree`]).

use super::arg_groups::*;
use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::Args;
use rug::Integer;
use wythoff::Context;
use wythoff::error::Result;
use wythoff::pairs::agree;

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
    #[arg(long = "game", value_name = "NAME",
          conflicts_with_all = ["a", "misere", "strategy", "recursive_limit"])]
    pub(crate) game: Option<String>,
    #[command(flatten)]
    pub(crate) solve: SolveArgs,
}

/// `nth N`: the n-th pair, by each strategy asked, checked equal.
pub(crate) fn nth(args: NthArgs) -> Result<()> {
    let n = args.n;
    let solvers = args.solve.solvers(&n)?;
    let (x, y) = agree::nth(&solvers, &n, &Context::serial())?.value;
    let mut out = Out::new();
    if args.solve.json {
        out.json(&json::Nth {
            game: json::GameRules::of(&args.solve.game.rules()?),
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
            Some(pile) if self.game.is_none() => Err(format!("unexpected argument '{pile}' found")),
            _ => self.solve.check(),
        }
    }
}

/// `move X Y`: the outcome and the winning moves, by each strategy asked, checked equal (or a
/// game of the registry by name).
pub(crate) fn move_cmd(args: MoveArgs) -> Result<()> {
    if let Some(name) = &args.game {
        let heaps: Vec<Integer> = [args.x, args.y].into_iter().chain(args.more).collect();
        return super::game_move::game_move(name, &heaps, args.solve.json);
    }
    let (x, y) = (args.x, args.y);
    let size = x.clone().max(y.clone());
    let solvers = args.solve.solvers(&size)?;
    let (outcome, moves) = agree::analyse(&solvers, &x, &y, &Context::serial())?.value;
    let mut out = Out::new();
    if args.solve.json {
        out.json(&json::Move {
            game: json::GameRules::of(&args.solve.game.rules()?),
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
