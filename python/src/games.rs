//! The registry of games ([`wythoff::registry`], `wythoff move --game NAME`): `games()` lists
//! the families, `analyse(game, position)` says P or N and gives every winning move.

use crate::convert::{Int, to_py};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use wythoff::pairs::Outcome;
use wythoff::registry::{self, FAMILIES};

/// The families of the registry: a list of (name or name pattern, what the family is), e.g.
/// ("wythoff, fraenkel-A", "Wythoff's game (a = 1) and Fraenkel's …").
#[pyfunction]
pub fn games() -> Vec<(&'static str, &'static str)> {
    FAMILIES.iter().map(|f| (f.pattern, f.about)).collect()
}

/// P or N of `position` (a sequence of heaps, Python ints) in the game named `game` (see
/// `games()`), and every winning move as the position it leads to: `("N", [(3, 5)])`,
/// `("P", [])`.  ValueError for an unknown game, a wrong number of heaps or a position past the
/// game's engine.  Releases the GIL.
#[pyfunction]
pub fn analyse<'py>(
    py: Python<'py>,
    game: &str,
    position: Vec<Int>,
) -> PyResult<(&'static str, Vec<Bound<'py, PyTuple>>)> {
    let p: Vec<rug::Integer> = position.into_iter().map(|v| v.0).collect();
    let name = game.to_string();
    let a = py
        .allow_threads(move || {
            let g = registry::find(&name)?;
            registry::analyse(g.as_ref(), &p)
        })
        .map_err(crate::errors::to_py)?;
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
