//! `wythoff move --game NAME H1 H2 ...`: P or N and every winning move of a position of any game
//! of the registry ([`wythoff::registry`]), one library call; and the text of every such answer
//! ([`print_outcome`]: `move`, `move --game`, `nheap`).

use super::json;
use super::out::{Out, outln};
use rug::Integer;
use wythoff::error::Result;
use wythoff::pairs::Outcome;
use wythoff::registry;

/// Analyses `heaps` in the game named `name` and prints the answer (text, or JSON with `json`).
pub(crate) fn game_move(name: &str, heaps: &[Integer], json: bool) -> Result<()> {
    let game = registry::find(name)?;
    let ctx = wythoff::Context::new(rayon::current_num_threads());
    let a = registry::analyse(game.as_ref(), heaps, &ctx)?;
    let mut out = Out::new();
    if json {
        out.json(&json::GameMove {
            game: game.name(),
            position: json::all(heaps),
            outcome: a.outcome.to_string(),
            moves: a.winning_moves.iter().map(|m| json::all(m)).collect(),
        })?;
        return out.finish();
    }
    print_outcome(&mut out, heaps, a.outcome, &a.winning_moves)?;
    out.finish()
}

/// The position, P or N, and each winning move on a line of its own.
pub(crate) fn print_outcome(
    out: &mut Out,
    heaps: &[Integer],
    outcome: Outcome,
    moves: &[Vec<Integer>],
) -> Result<()> {
    let p = tuple(heaps);
    match outcome {
        Outcome::P => outln!(
            out,
            "{p}: P — the player to move loses; there is no winning move"
        ),
        Outcome::N if moves.is_empty() => outln!(
            out,
            "{p}: N — misère play: the player to move cannot move, and so wins"
        ),
        Outcome::N => {
            let n = moves.len();
            let s = if n == 1 { "" } else { "s" };
            outln!(out, "{p}: N — {n} winning move{s}:")?;
            for m in moves {
                outln!(out, "  {p} -> {}", tuple(m))?;
            }
            Ok(())
        }
    }
}

/// `(h1, h2, …)`.
fn tuple(h: &[Integer]) -> String {
    let parts: Vec<String> = h.iter().map(Integer::to_string).collect();
    format!("({})", parts.join(", "))
}
