//! `wythoff nheap`: Fraenkel's N-heap Wythoff game — P or N and every winning move of a
//! position, a slice of fixed heaps (three or four heaps), or the conjectures measured on slices
//! (those two in [`super::nheap_slice`]).

use super::game_move::print_outcome;
use super::json;
use super::nheap_args::NheapArgs;
use super::nheap_slice::{conjectures, slice};
use super::out::Out;
use rug::Integer;
use wythoff::error::Result;
use wythoff::nheap;

pub(crate) fn nheap_cmd(args: NheapArgs) -> Result<()> {
    match (&args.slice, &args.conjectures) {
        (Some(fixed), _) => slice(&fixed.0, &args),
        (None, Some(fixed)) => conjectures(&fixed.0, &args),
        (None, None) => position(&args),
    }
}

fn position(args: &NheapArgs) -> Result<()> {
    let h = &args.heaps;
    let a = nheap::analyse(h, &wythoff::Context::serial())?;
    let mut out = Out::new();
    if args.json {
        out.json(&json::Nheap {
            position: json::all(h),
            outcome: a.outcome.to_string(),
            moves: a.moves.iter().map(|m| json::all(m)).collect(),
        })?;
        return out.finish();
    }
    let big = |v: &[u64]| v.iter().map(|&x| Integer::from(x)).collect::<Vec<_>>();
    let moves: Vec<Vec<Integer>> = a.moves.iter().map(|m| big(m)).collect();
    print_outcome(&mut out, &big(h), a.outcome, &moves)?;
    out.finish()
}
