//! Every game of the registry held against the brute-force oracle of its own moves: on a box
//! of positions, the engine's answer ([`Game::analyse`]: P or N and the complete set of winning
//! moves) must equal the oracle's ([`BruteBox`], which knows the game only by
//! [`Moves::any_move`]: the P-positions by backward induction, the winning moves as the options
//! that are P-positions).  An engine and the oracle share nothing but the statement of the
//! moves; the registry's tests hold the moves against a statement of the rules written apart.
//!
//! Cost: per game, the oracle's O(cells · moves per cell) plus one analysis per cell — the
//! boxes of [`SAMPLES`] hold 30 000 cells in all, well under a second.

use super::{Game, find};
use crate::check::Check;
use crate::context::Context;
use crate::error::Result;
use crate::oracle::{BruteBox, winning_moves};
use rug::Integer;

/// The games checked and their boxes (the largest heap of the box, one per heap): every family, the
/// two-pile games in both conventions and with a > 1, every named line game, three and four
/// heaps of N-heap Wythoff.
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

/// One check per entry of [`SAMPLES`] whose game the registry knows (a name it does not know is
/// a skipped check that says so).  Polls `ctx` between games.
pub fn against_oracle(ctx: &Context) -> Result<Vec<Check>> {
    let mut checks = Vec::with_capacity(SAMPLES.len());
    for (name, sides) in SAMPLES {
        ctx.check()?;
        checks.push(match find(name) {
            Ok(g) => one(g.as_ref(), sides)?,
            Err(_) => Check::skipped(
                &check_name(name, sides),
                covers(sides),
                format!("the registry has no game named {name}"),
            ),
        });
    }
    Ok(checks)
}

/// The name of the check of game `name` on the box of `sides`, e.g. `registry: nheap 12 × 12 ×
/// 12 against the oracle` (one per entry of [`SAMPLES`]).
pub fn check_name(name: &str, sides: &[u64]) -> String {
    format!("registry: {name} {} against the oracle", dims(sides))
}

/// What the check of the box of `sides` covers, in words.
pub fn covers(sides: &[u64]) -> String {
    format!(
        "P or N and every winning move of each position of the box {} (each heap from 0 to \
         its side), by the game's engine and by backward induction over its moves",
        dims(sides)
    )
}

fn dims(sides: &[u64]) -> String {
    let d: Vec<String> = sides.iter().map(u64::to_string).collect();
    d.join(" × ")
}

/// The engine of `g` against the oracle on the box [0, sides[0]] × [0, sides[1]] × … — every
/// cell.
pub fn one(g: &dyn Game, sides: &[u64]) -> Result<Check> {
    let oracle = BruteBox::solve(g, sides)?;
    let covers = covers(sides);
    let mut count = 0u64;
    let mut first = None;
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
            first = Some(format!(
                "{:?}: the engine says {:?} with winning moves {:?}; the oracle says {} with {:?}",
                p,
                engine.outcome,
                engine.winning_moves,
                if p_by_oracle { "P" } else { "N" },
                expected
            ));
            break;
        }
    }
    Ok(Check::ran(
        &check_name(&g.name(), sides),
        covers,
        count,
        first,
        "the box is empty",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Status;
    use crate::oracle::Moves;

    #[test]
    fn every_sample_is_a_game_of_the_registry_and_agrees_with_the_oracle() {
        let checks = against_oracle(&Context::serial()).unwrap();
        assert_eq!(checks.len(), SAMPLES.len());
        for c in &checks {
            assert_eq!(c.status, Status::Ok, "{c:?}");
        }
        // the 41 × 41 positions (x, y) ≤ (40, 40) of Wythoff's game
        assert_eq!(checks[0].count, 41 * 41);
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
        let c = one(&Liar(find("wythoff").unwrap()), &[5, 5]).unwrap();
        assert_eq!(c.status, Status::Fail);
        let ce = c.counterexample.as_deref().unwrap_or_default();
        assert!(ce.contains("the oracle says N"), "{c:?}");
    }
}
