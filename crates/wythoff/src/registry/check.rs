//! Every game of the registry held against the brute-force oracle of its own moves: on the boxes
//! each family declares ([`Family::samples`](super::Family::samples)), the engine's answer
//! ([`Game::analyse`]: P or N and the complete set of winning moves) must equal the oracle's
//! ([`BruteBox`], which knows the game only by [`Moves::any_move`](crate::oracle::Moves::any_move):
//! the P-positions by backward induction, the winning moves as the options that are
//! P-positions).  An engine and the oracle share nothing but the statement of the moves; the
//! registry's tests hold the moves against [`Game::is_move`], a statement of the rules written
//! apart, and against statements of the rules written in the tests.
//!
//! Cost: per box, the oracle's O(cells · moves per cell) plus one analysis per cell — the boxes
//! of [`samples`](super::samples) hold about 30 000 cells in all.

use super::{Game, Sample, find, samples};
use crate::check::Check;
use crate::context::Context;
use crate::error::Result;
use crate::oracle::{BruteBox, winning_moves};
use rug::Integer;

/// The name of the check.
pub const NAME: &str = "registry games = oracle";

/// What the check covers, in words: every game and its box.
pub fn covers() -> String {
    let games: Vec<String> = samples()
        .iter()
        .map(|s| format!("{} {}", s.game, dims(&s.sides)))
        .collect();
    format!(
        "P or N and every winning move of each position (each heap from 0 to its side) of: {}; \
         by the game's engine and by backward induction over its moves",
        games.join(", ")
    )
}

fn dims(sides: &[u64]) -> String {
    let d: Vec<String> = sides.iter().map(u64::to_string).collect();
    d.join("×")
}

/// The engine of every game of the registry against the oracle on the boxes of its family
/// ([`samples`](super::samples)), as one check: `ok` with the positions compared, or `FAIL`
/// with the first disagreement (the game, the position, both answers).  A name the registry
/// does not know is a failure.  Polls `ctx` between games; the engines get it too.
pub fn against_oracle(ctx: &Context) -> Result<Check> {
    let mut count = 0u64;
    let mut first = None;
    for Sample { game, sides } in samples() {
        ctx.check()?;
        let g = find(&game)?;
        let (n, bad) = one(g.as_ref(), &sides, ctx)?;
        count += n;
        if let Some(bad) = bad {
            first = Some(format!("{game}: {bad}"));
            break;
        }
    }
    Ok(Check::ran(NAME, covers(), count, first, "no game"))
}

/// The engine of `g` against the oracle on the box [0, sides[0]] × [0, sides[1]] × …: the
/// positions compared, and the first disagreement.
pub fn one(g: &dyn Game, sides: &[u64], ctx: &Context) -> Result<(u64, Option<String>)> {
    let oracle = BruteBox::solve(g, sides)?;
    let mut count = 0u64;
    for p in oracle.positions() {
        let heaps: Vec<Integer> = p.iter().map(|&v| Integer::from(v)).collect();
        let engine = super::analyse(g, &heaps, ctx)?;
        let expected: Vec<Vec<Integer>> = winning_moves(g, &oracle, &p)
            .into_iter()
            .map(|m| m.into_iter().map(Integer::from).collect())
            .collect();
        count += 1;
        let p_by_oracle = oracle.is_p(&p);
        if (engine.outcome == crate::pairs::Outcome::P) != p_by_oracle
            || engine.winning_moves != expected
        {
            return Ok((
                count,
                Some(format!(
                    "{p:?}: the engine says {:?} with winning moves {:?}; the oracle says {} \
                     with {:?}",
                    engine.outcome,
                    engine.winning_moves,
                    if p_by_oracle { "P" } else { "N" },
                    expected
                )),
            ));
        }
    }
    Ok((count, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Moves;

    #[test]
    fn one_box_is_every_position_of_it() {
        // the whole check runs in tests/registry.rs; here one box, counted
        assert_eq!(
            one(
                find("wythoff").unwrap().as_ref(),
                &[20, 30],
                &Context::serial()
            )
            .unwrap(),
            (21 * 31, None)
        );
        let e = one(
            find("wythoff").unwrap().as_ref(),
            &[3, 3, 3],
            &Context::serial(),
        );
        assert!(e.is_err());
    }

    #[test]
    fn a_wrong_engine_is_caught() {
        /// Wythoff's moves with an engine that calls every position P.
        struct Liar(Box<dyn Game>);
        impl Moves for Liar {
            fn name(&self) -> String {
                "liar".into()
            }
            fn heaps(&self) -> std::ops::RangeInclusive<usize> {
                2..=2
            }
            fn any_move(&self, p: &[u64], f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
                self.0.any_move(p, f)
            }
        }
        impl Game for Liar {
            fn title(&self) -> String {
                "liar".into()
            }
            fn analyse(&self, _: &[Integer], _: &Context) -> Result<super::super::Analysis> {
                Ok(super::super::Analysis {
                    outcome: crate::pairs::Outcome::P,
                    winning_moves: Vec::new(),
                })
            }
            fn is_move(&self, p: &[u64], q: &[u64]) -> bool {
                self.0.is_move(p, q)
            }
        }
        let (_, bad) = one(&Liar(find("wythoff").unwrap()), &[5, 5], &Context::serial()).unwrap();
        let bad = bad.unwrap_or_default();
        assert!(bad.contains("the oracle says N"), "{bad}");
    }
}
