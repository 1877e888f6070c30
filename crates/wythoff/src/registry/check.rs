//! Every game of the registry held against the brute-force oracle of its own moves: on a box
//! of positions, the engine's answer ([`Game::analyse`]: P or N and the complete set of winning
//! moves) must equal the oracle's ([`BruteBox`], which knows the game only by
//! [`Moves::any_move`](crate::oracle::Moves::any_move): the P-positions by backward induction,
//! the winning moves as the options that are P-positions).  An engine and the oracle share
//! nothing but the statement of the moves; the registry's tests hold the moves against a
//! statement of the rules written apart.
//!
//! Cost: per game, the oracle's O(cells · moves per cell) plus one analysis per cell — the
//! boxes of [`SAMPLES`] hold about 28 000 cells in all.

use super::{Game, find};
use crate::check::Check;
use crate::context::Context;
use crate::error::Result;
use crate::oracle::{BruteBox, winning_moves};
use rug::Integer;

/// The name of the check.
pub const NAME: &str = "registry games = oracle";

/// The games checked and their boxes (the largest heap of the box, one per heap): every family,
/// the two-pile games in both conventions and with a > 1, every named line game, two, three and
/// four heaps of N-heap Wythoff.
pub const SAMPLES: [(&str, &[u64]); 21] = [
    ("wythoff", &[40, 40]),
    ("fraenkel-3", &[40, 40]),
    ("fraenkel-7", &[24, 24]),
    ("misere-wythoff", &[40, 40]),
    ("misere-fraenkel-2", &[40, 40]),
    ("misere-fraenkel-5", &[24, 24]),
    ("nim", &[24, 24]),
    ("maharaja", &[40, 40]),
    ("nimhof-a307296", &[32, 32]),
    ("nimhof-a307297", &[32, 32]),
    ("nimhof-a307298", &[32, 32]),
    ("nimhof-a307299", &[32, 32]),
    ("nimhof-a307300", &[32, 32]),
    ("nimhof-a307301", &[32, 32]),
    ("nimhof-a307302", &[32, 32]),
    ("gdwn-1-2", &[32, 32]),
    ("gdwn-2-5", &[32, 32]),
    ("three-pile", &[12, 13, 14]),
    ("nheap", &[16, 16]),
    ("nheap", &[12, 12, 12]),
    ("nheap", &[6, 7, 6, 7]),
];

/// What the check covers, in words: every game and its box.
pub fn covers() -> String {
    let games: Vec<String> = SAMPLES
        .iter()
        .map(|(name, sides)| format!("{name} {}", dims(sides)))
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

/// The engine of every game of [`SAMPLES`] against the oracle, as one check: `ok` with the
/// positions compared, or `FAIL` with the first disagreement (the game, the position, both
/// answers).  A name the registry does not know is a failure.  Polls `ctx` between games.
pub fn against_oracle(ctx: &Context) -> Result<Check> {
    let mut count = 0u64;
    let mut first = None;
    for (name, sides) in SAMPLES {
        ctx.check()?;
        let g = find(name)?;
        let (n, bad) = one(g.as_ref(), sides)?;
        count += n;
        if let Some(bad) = bad {
            first = Some(format!("{name}: {bad}"));
            break;
        }
    }
    Ok(Check::ran(NAME, covers(), count, first, "no game"))
}

/// The engine of `g` against the oracle on the box [0, sides[0]] × [0, sides[1]] × …: the
/// positions compared, and the first disagreement.
pub fn one(g: &dyn Game, sides: &[u64]) -> Result<(u64, Option<String>)> {
    let oracle = BruteBox::solve(g, sides)?;
    let mut count = 0u64;
    for p in oracle.positions() {
        let heaps: Vec<Integer> = p.iter().map(|&v| Integer::from(v)).collect();
        let engine = g.analyse(&heaps)?;
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
    use crate::check::Status;
    use crate::oracle::Moves;

    #[test]
    fn every_sample_is_a_game_of_the_registry_and_agrees_with_the_oracle() {
        let c = against_oracle(&Context::serial()).unwrap();
        assert_eq!(c.status, Status::Ok, "{c:?}");
        // every position of every box: the product of (side + 1) over the heaps, summed
        let cells: u64 = SAMPLES
            .iter()
            .map(|(_, sides)| sides.iter().map(|s| s + 1).product::<u64>())
            .sum();
        assert_eq!(c.count, cells);
        assert_eq!(
            one(find("wythoff").unwrap().as_ref(), &[40, 40]).unwrap(),
            (41 * 41, None)
        );
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
            fn analyse(&self, _: &[Integer]) -> Result<super::super::Analysis> {
                Ok(super::super::Analysis {
                    outcome: crate::pairs::Outcome::P,
                    winning_moves: Vec::new(),
                })
            }
        }
        let (_, bad) = one(&Liar(find("wythoff").unwrap()), &[5, 5]).unwrap();
        let bad = bad.unwrap_or_default();
        assert!(bad.contains("the oracle says N"), "{bad}");
    }
}
