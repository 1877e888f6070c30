//! `wythoff.prove(statement)`: the decision procedure of [`wythoff::prove`] (doc/prove.md), the
//! same call `wythoff prove` makes.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use wythoff::Context;
use wythoff::prove::{
    Budget, DEFAULT_MAX_MEMORY, DEFAULT_MAX_STATES, Limits, Numeration, Vocabulary, decide,
    walnut::read_walnut_within,
};

/// Decides a closed statement about Wythoff's sequences: `(True, None)`, `(False, None)`, or for
/// a false statement that begins with `A`, `(False, {"x": 0, "y": 7})` — the least values of the
/// variables of that first block.  ValueError for a syntax error, an unknown predicate, a wrong
/// number of arguments or a free variable; RuntimeError when an automaton on the way passes
/// `max_states` or its tables pass `max_memory` bytes (no verdict).  `a` (1 to 9) picks the game: Wythoff's, or Fraenkel's
/// generalized game read in the Ostrowski numeration of [1; a, a, …] (predicates P, lower,
/// upper, move).  `predicates`, a dict {name: path}, adds predicates given as automata in Walnut's
/// file format (doc/prove.md, "Automata as predicates"); a file that cannot be read or is not such
/// an automaton, or a name already taken, is a ValueError.  Releases the GIL; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (
    statement,
    a = 1,
    max_states = DEFAULT_MAX_STATES as u64,
    max_memory = DEFAULT_MAX_MEMORY as u64,
    predicates = None
))]
pub fn prove(
    py: Python<'_>,
    statement: &str,
    a: u64,
    max_states: u64,
    max_memory: u64,
    predicates: Option<Bound<'_, PyDict>>,
) -> PyResult<(bool, PyObject)> {
    let text = statement.to_string();
    let mut given: Vec<(String, PathBuf)> = Vec::new();
    for (name, path) in predicates.iter().flat_map(|d| d.iter()) {
        let path: crate::convert::PathArg = path.extract()?;
        given.push((name.extract()?, path.0));
    }
    let numeration = Numeration::for_parameter(a).map_err(crate::errors::to_py)?;
    if max_states == 0 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "max_states must be at least 1 (one state is the smallest automaton)",
        ));
    }
    if max_memory < 1 << 20 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "max_memory must be at least 1048576 bytes (1 MiB)",
        ));
    }
    let limits = Limits {
        max_states: usize::try_from(max_states).unwrap_or(usize::MAX),
        max_memory: usize::try_from(max_memory).unwrap_or(usize::MAX),
        expand: true,
    };
    let verdict = crate::interrupt::run(py, None, 0, move |cancel, _| {
        let ctx = Context::serial().with_cancel(cancel);
        let decided = || {
            let mut vocabulary = Vocabulary::for_numeration(numeration);
            for (name, path) in &given {
                vocabulary = given_predicate(vocabulary, name, path, &limits, &ctx)?;
            }
            let budget = Budget::in_context(numeration, &limits, &ctx);
            decide(&text, &vocabulary, &budget)
        };
        decided().map_err(|e| match e {
            wythoff::Error::Inconclusive(m) if m.contains("memory cap") => {
                wythoff::Error::Inconclusive(format!("{m} (raise it with max_memory=BYTES)"))
            }
            wythoff::Error::Inconclusive(m) => {
                wythoff::Error::Inconclusive(format!("{m} (raise it with max_states=N)"))
            }
            e => e,
        })
    })?;
    let counterexample = match &verdict.counterexample {
        None => py.None(),
        Some(values) => {
            let d = PyDict::new(py);
            for (name, value) in values {
                d.set_item(name, crate::convert::to_py(py, value)?)?;
            }
            d.into_any().unbind()
        }
    };
    Ok((verdict.holds, counterexample))
}

/// The predicate `name` read from the Walnut file at `path` and added to `vocabulary`; every
/// error names the entry of `predicates`.
fn given_predicate(
    vocabulary: Vocabulary,
    name: &str,
    path: &std::path::Path,
    limits: &Limits,
    ctx: &Context,
) -> wythoff::Result<Vocabulary> {
    let context = |m: String| format!("predicates['{name}']: {m}");
    let text = std::fs::read_to_string(path).map_err(|e| {
        wythoff::Error::usage(context(format!("cannot read '{}': {e}", path.display())))
    })?;
    let budget = Budget::in_context(vocabulary.numeration(), limits, ctx);
    let named = |e: wythoff::Error| match e {
        wythoff::Error::Usage(m) => wythoff::Error::usage(context(m)),
        wythoff::Error::Inconclusive(m) => wythoff::Error::Inconclusive(context(m)),
        e => e,
    };
    let a = read_walnut_within(&text, &budget).map_err(named)?;
    vocabulary.with_predicate(name, a).map_err(named)
}
