//! `wythoff play`: a game against the program on standard input and output.  The session
//! ([`wythoff::play::Session`]) does the work; this reads lines and prints its answers.

use super::arg_groups::*;
use super::args::*;
use super::out::Out;
use clap::Args;
use std::io::{BufRead, Write};
use wythoff::error::{Error, Result};
use wythoff::play::{Kind, PROMPT, Session, Setup, Start};

#[derive(Args)]
pub(crate) struct PlayArgs {
    /// The start: X Y (two piles), X Y Z (three piles), X1,Y1 X2,Y2 ... (a sum) or, with
    /// --nheap or --game, H1 H2 ... HN; drawn at random when omitted.
    #[arg(value_name = "POSITION", num_args = 0.., allow_negative_numbers = true)]
    pub(crate) position: Vec<String>,
    #[command(flatten)]
    pub(crate) rules: GameArgs,
    /// Three-pile Wythoff (a = 1, normal play; piles up to 2000).
    #[arg(long, conflicts_with = "sum")]
    pub(crate) three: bool,
    /// A sum of two-pile games (normal play; piles up to 8191).
    #[arg(long, conflicts_with = "nheap")]
    pub(crate) sum: bool,
    /// Fraenkel's N-heap Wythoff: POSITION is 2 to 8 heaps H1 H2 ... (a = 1, normal play;
    /// the limits of `wythoff nheap`).
    #[arg(long, conflicts_with = "three")]
    pub(crate) nheap: bool,
    /// A game of the registry by name, instead of -a, --misere, --three, --sum and --nheap:
    /// maharaja, nim, gdwn-P-Q or another line game, wythoff, fraenkel-A, misere-wythoff,
    /// misere-fraenkel-A, three-pile or nheap (doc/play.md; the games of `move --game`).
    #[arg(long = "game", value_name = "NAME",
          conflicts_with_all = ["a", "misere", "three", "sum", "nheap"])]
    pub(crate) game: Option<String>,
    /// The computer moves first.
    #[arg(long)]
    pub(crate) computer_first: bool,
    /// Seed of the random start and of random choices among the computer's candidate moves.
    #[arg(long, value_name = "N", value_parser = size, allow_hyphen_values = true)]
    pub(crate) seed: Option<u64>,
}

pub(crate) fn play_cmd(args: PlayArgs) -> Result<()> {
    let kind = if args.game.is_some() {
        Some(Kind::Registry)
    } else if args.three {
        Some(Kind::Three)
    } else if args.sum {
        Some(Kind::Sum)
    } else if args.nheap {
        Some(Kind::Nheap)
    } else {
        None
    };
    let mut session = Session::new(Setup {
        rules: args.rules.rules()?,
        start: Start::parse(&args.position, kind)?,
        computer_first: args.computer_first,
        seed: args.seed,
        game: args.game,
    })?;
    let mut out = Out::new();
    let say = |out: &mut Out, text: &str| -> Result<()> {
        out.text(text)?;
        out.flush().map_err(Error::Stdout)
    };
    say(&mut out, &session.opening()?)?;
    let mut input = std::io::stdin().lock();
    let mut line = Vec::new();
    while !session.is_over() {
        say(&mut out, PROMPT)?;
        line.clear();
        let n = input
            .read_until(b'\n', &mut line)
            .map_err(|e| Error::io("cannot read standard input", e))?;
        let text = if n == 0 {
            session.end_of_input()
        } else {
            session.respond(&String::from_utf8_lossy(&line))?.text
        };
        say(&mut out, &text)?;
    }
    out.finish()
}
