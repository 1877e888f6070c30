//! `wythoff three-move X Y Z`: P or N, and a winning move, in three-pile Wythoff.

use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::Args;
use wythoff::error::Result;
use wythoff::three_pile;

#[derive(Args)]
pub(crate) struct ThreeMoveArgs {
    /// First pile.
    #[arg(value_parser = pile_u64, allow_hyphen_values = true)]
    pub(crate) x: u64,
    /// Second pile.
    #[arg(value_parser = pile_u64, allow_hyphen_values = true)]
    pub(crate) y: u64,
    /// Third pile.
    #[arg(value_parser = pile_u64, allow_hyphen_values = true)]
    pub(crate) z: u64,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn three_move(args: ThreeMoveArgs) -> Result<()> {
    let p = [args.x, args.y, args.z];
    let b = three_pile::Box3::solve(p, &wythoff::Context::serial())?;
    let mv = b.winning_move(p);
    let outcome = if mv.is_some() { "N" } else { "P" };
    let mut out = Out::new();
    if args.json {
        out.json(&json::ThreeMove {
            position: p.map(json::s),
            outcome: outcome.into(),
            to: mv.map(|q| q.map(json::s)),
        })?;
    } else {
        match mv {
            None => outln!(
                out,
                "({}, {}, {}): P — the player to move loses",
                p[0],
                p[1],
                p[2]
            )?,
            Some(q) => outln!(
                out,
                "({}, {}, {}): N — winning move to ({}, {}, {})",
                p[0],
                p[1],
                p[2],
                q[0],
                q[1],
                q[2]
            )?,
        }
    }
    out.finish()
}
