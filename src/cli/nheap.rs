//! `wythoff nheap`: Fraenkel's N-heap Wythoff game — P or N and every winning move of a
//! position, a slice of fixed heaps (three or four heaps), or the conjectures measured on slices
//! (those two in [`super::nheap_slice`]).

use super::json;
use super::nheap_args::NheapArgs;
use super::nheap_slice::{conjectures, slice};
use super::out::{Out, outln};
use wythoff::Outcome;
use wythoff::error::Result;
use wythoff::nheap;

pub(crate) fn nheap_cmd(args: NheapArgs) -> Result<()> {
    match (&args.slice, &args.conjectures) {
        (Some(fixed), _) => slice(&fixed.0, &args),
        (None, Some(fixed)) => conjectures(&fixed.0, &args),
        (None, None) => position(&args),
    }
}

/// The heaps as "(h1, h2, …)".
fn tuple(h: &[u64]) -> String {
    let v: Vec<String> = h.iter().map(u64::to_string).collect();
    format!("({})", v.join(", "))
}

fn position(args: &NheapArgs) -> Result<()> {
    let h = &args.heaps;
    let a = nheap::analyse(h)?;
    let mut out = Out::new();
    if args.json {
        out.json(&json::Nheap {
            position: h.iter().map(json::s).collect(),
            outcome: a.outcome.to_string(),
            moves: a
                .moves
                .iter()
                .map(|m| m.iter().map(json::s).collect())
                .collect(),
        })?;
        return out.finish();
    }
    let p = tuple(h);
    match a.outcome {
        Outcome::P => outln!(
            out,
            "{p}: P — the player to move loses; there is no winning move"
        )?,
        Outcome::N => {
            let k = a.moves.len();
            let s = if k == 1 { "" } else { "s" };
            outln!(out, "{p}: N — {k} winning move{s}:")?;
            for m in &a.moves {
                outln!(out, "  {p} -> {}", tuple(m))?;
            }
        }
    }
    out.finish()
}
