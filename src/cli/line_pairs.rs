//! `wythoff line-pairs N --rules R | --game NAME`: the P-positions (x, y) of a two-pile line game
//! with the Nim moves, one per row x < N (one library call: [`wythoff::lines::ppos`]).

use super::args::*;
use super::out::Sink;
use clap::Args;
use std::path::PathBuf;
use wythoff::error::{Error, Result};
use wythoff::files::resources;
use wythoff::lines::ppos::{Input, RowPositions, RowsError};

#[derive(Args)]
pub(crate) struct LinePairsArgs {
    /// Number of rows: the P-positions (x, y) for x = 0..N-1, "x y" per line.
    #[arg(value_parser = size, allow_hyphen_values = true)]
    pub(crate) n: u64,
    /// The rules P,Q:jP,Q:... (a ray P,Q takes i·(P, Q), a jump jP,Q takes (P, Q) once;
    /// doc/lines.md); they must contain 1,0 and 0,1.
    #[arg(
        long,
        value_name = "RULES",
        conflicts_with = "game",
        required_unless_present = "game"
    )]
    pub(crate) rules: Option<String>,
    /// A named line game: nim, wythoff, nimhof-a307296 … nimhof-a307302, maharaja, gdwn-P-Q
    /// (doc/lines.md).
    #[arg(long, value_name = "NAME")]
    pub(crate) game: Option<String>,
    /// Only the P-positions with x <= y: for symmetric rules each pair {x, y} once, listed by
    /// its smaller pile (rows x < N whose P-position is on or above the diagonal).
    #[arg(long)]
    pub(crate) upper: bool,
    /// Write the pairs to FILE (atomically) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
}

pub(crate) fn line_pairs(args: LinePairsArgs) -> Result<()> {
    let rules = super::lines::rules_from(args.rules.as_deref(), args.game.as_deref())?
        .ok_or_else(|| Error::usage("give --rules RULES or --game NAME"))?;
    if args.upper && !rules.is_symmetric() {
        return Err(Error::usage(format!(
            "--upper: the rules {rules} are not symmetric (the mirror (q,p) of some rule is \
             missing), so the P-positions below the diagonal are not the mirrors of those above; \
             list every row instead"
        )));
    }
    let bytes = wythoff::lines::ppos::bytes_needed(&rules, args.n);
    resources::check_cap(bytes, &format!("{} rows of {rules}", args.n)).map_err(naming("N"))?;
    let mut sink = Sink::open(args.output.as_deref())?;
    let mut rows = RowPositions::new(&rules, args.n).map_err(|e| match e {
        RowsError::Refused(r) => Error::usage(format!(
            "{}: {}",
            match (r.input, args.game.is_some()) {
                (Input::Rules, false) => "--rules",
                (Input::Rules, true) => "--game",
                (Input::Rows, _) => "N",
            },
            r.message
        )),
        RowsError::Failed(e) => e,
    })?;
    let pb = progress_bar(if args.n >= 1 << 24 { args.n.into() } else { 0 }, "rows");
    let mut chunk = String::with_capacity(1 << 20);
    while let Some((x, y)) = rows.next_position() {
        if args.upper && y < x {
            continue;
        }
        chunk.push_str(&x.to_string());
        chunk.push(' ');
        chunk.push_str(&y.to_string());
        chunk.push('\n');
        if chunk.len() >= 1 << 20 {
            sink.text(&chunk)?;
            pb.inc(1 << 16);
            chunk.clear();
        }
    }
    sink.text(&chunk)?;
    pb.finish_and_clear();
    sink.finish()
}
