//! The registry of games ([`wythoff::registry`], `wythoff move --game NAME`): `games()` lists
//! the families, `analyse(game, position)` says P or N and gives every winning move,
//! `game_moves(game, position)` gives the positions one move reaches, and `game_samples()` the
//! boxes each game's engine is checked on.

use crate::convert::{Int, to_py};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use wythoff::Context;
use wythoff::pairs::Outcome;
use wythoff::registry::{self, FAMILIES};

/// The most moves `game_moves` lists.
const MOST_MOVES: usize = 1_000_000;

/// The families of the registry: a list of (name or name pattern, what the family is), e.g.
/// ("wythoff, fraenkel-A", "Wythoff's game (a = 1) and Fraenkel's …").
#[pyfunction]
pub fn games() -> Vec<(&'static str, &'static str)> {
    FAMILIES.iter().map(|f| (f.pattern, f.about)).collect()
}

/// The boxes on which the registry checks each game's engine against the brute-force oracle
/// (`wythoff verify`'s check `registry games = oracle`), every family's: a list of (name,
/// sides, misère), the box being every position whose heap i is at most `sides[i]`, and misère
/// whether the game is played misère (the player who cannot move wins).
#[pyfunction]
pub fn game_samples() -> PyResult<Vec<(String, Vec<u64>, bool)>> {
    registry::samples()
        .into_iter()
        .map(|s| {
            let g = registry::find(&s.game).map_err(crate::errors::to_py)?;
            Ok((s.game, s.sides, g.misere()))
        })
        .collect()
}

/// Every position one move from `position` (heaps below 2**64) in the game named `game`, as its
/// rules state them — the moves the brute-force oracle knows the game by.  ValueError for an
/// unknown game, a wrong number of heaps or a position with more than a million moves.
#[pyfunction]
pub fn game_moves<'py>(
    py: Python<'py>,
    game: &str,
    position: Vec<Int>,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    let p = (position.iter())
        .map(|v| crate::convert::u64_of(&v.0, "a heap"))
        .collect::<PyResult<Vec<u64>>>()?;
    let g = registry::find(game).map_err(crate::errors::to_py)?;
    let moves = registry::options(g.as_ref(), &p, MOST_MOVES).map_err(crate::errors::to_py)?;
    moves.into_iter().map(|m| PyTuple::new(py, m)).collect()
}

/// P or N of `position` (a sequence of heaps, Python ints) in the game named `game` (see
/// `games()`), and every winning move as the position it leads to: `("N", [(3, 5)])`,
/// `("P", [])`.  ValueError for an unknown game, a wrong number of heaps or a position past the
/// game's engine.  Releases the GIL; Ctrl-C stops it.
#[pyfunction]
pub fn analyse<'py>(
    py: Python<'py>,
    game: &str,
    position: Vec<Int>,
) -> PyResult<(&'static str, Vec<Bound<'py, PyTuple>>)> {
    let p: Vec<rug::Integer> = position.into_iter().map(|v| v.0).collect();
    let a = crate::interrupt::run(py, None, 0, |cancel, _| {
        let g = registry::find(game)?;
        registry::analyse(g.as_ref(), &p, &Context::all_cores().with_cancel(cancel))
    })?;
    let outcome = match a.outcome {
        Outcome::P => "P",
        Outcome::N => "N",
    };
    let moves = a
        .winning_moves
        .iter()
        .map(|m| {
            let heaps = m
                .iter()
                .map(|v| to_py(py, v))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, heaps)
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok((outcome, moves))
}
