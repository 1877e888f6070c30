//! `wythoff.learn(…)`: the automaton of a game's P-positions learned from its engine and proved
//! from its rules, or the honest "not found" ([`wythoff::learn::learn`], doc/learn.md), the same
//! call `wythoff learn` makes, with the same choice of subject.

use crate::convert::{Int, Param, u64_of};
use crate::errors::to_py as err;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use wythoff::Context;
use wythoff::learn::{Options, Representation, Subject, learn as learn_subject};
use wythoff::lines::LineRules;
use wythoff::prove::{Limits, walnut};

/// The subject of exactly one of game, rules, a and value ≥ 1, as `wythoff learn` chooses it;
/// `misere` goes with game, rules or a, or alone (a = 1).
fn subject_of(
    game: Option<&str>,
    rules: Option<&str>,
    a: Option<Param>,
    value: u64,
    misere: bool,
) -> PyResult<Subject> {
    if misere {
        if value > 0 {
            return Err(PyValueError::new_err(
                "misere=True goes with game, rules or a=A, or alone (Wythoff's game), not with value",
            ));
        }
        if game.is_none() && rules.is_none() {
            return Ok(Subject::Misere(a.map_or(1, |Param(a)| a)));
        }
    }
    let given = [game.is_some(), rules.is_some(), a.is_some(), value > 0];
    if given.iter().filter(|&&g| g).count() != 1 {
        return Err(PyValueError::new_err(
            "give exactly one of game=NAME, rules=RULES, a=A or value=G (1 or 2)",
        ));
    }
    if value > 0 {
        // the library refuses every value but 1 and 2, in its own words
        let g = u32::try_from(value)
            .map_err(|_| PyValueError::new_err(format!("value: {value} is not 1 or 2")))?;
        return Ok(Subject::Value(g));
    }
    if let Some(Param(a)) = a {
        return Ok(Subject::Generalized(a));
    }
    let lines = match rules {
        Some(r) => LineRules::parse(r).map_err(err)?,
        None => wythoff::registry::line_game(game.unwrap_or_default(), "analyse takes it")
            .map_err(err)?,
    };
    Ok(if misere {
        Subject::MisereLines(lines)
    } else {
        Subject::Lines(lines)
    })
}

/// Learns the automaton of a game's P-positions from its engine and proves it from the game's
/// rules (doc/learn.md): exactly one of `game` (a named line game: "wythoff", "maharaja",
/// "nimhof-a307296" …, "gdwn-P-Q"), `rules` (a line game "P,Q:jP,Q:…" with the Nim moves 1,0
/// and 0,1), `a` (Fraenkel's generalized game, read in the Ostrowski numeration for a ≥ 2) or
/// `value` (1 or 2: the positions of Wythoff's game of that Grundy value); `misere=True` learns
/// the misère form of the game of `game`, `rules` or `a` (of Wythoff's game alone).  Boxes of growing
/// side up to `max_rows` rows are tried.  A dict: "verdict" ("proved", "unproved": learned but
/// its proof got no verdict within the caps, or "not-found"), "states" (of the learned
/// automaton, else None), "rows", "digits", "checked_rows",
/// "sentences" (each {"says", "statement", "verdict": True/False/None, "counterexample"}),
/// "class_counts" ([(prefix_length, classes)] of the largest box), "representation"
/// ("two-tracks", or "diagonals": a Moore automaton of the diagonal of "moore_states" states;
/// None when nothing was learned), "diagonal_class_counts" (the Moore automaton's classes, [] when not tried) and "diagonals"
/// (the diagonals they were counted on, 0 when not tried), "diagonals_skipped" (why they were
/// not tried, else None), "reason" (why not found),
/// "automaton" (the proved automaton in Walnut's file format, else None).  ValueError for bad
/// arguments.  Releases the GIL; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (game = None, rules = None, a = None, value = Int(0u64.into()), max_rows = Int(4_000_000u64.into()), misere = false))]
#[pyo3(text_signature = "(game=None, rules=None, a=None, value=0, max_rows=4000000, misere=False)")]
pub fn learn<'py>(
    py: Python<'py>,
    game: Option<&str>,
    rules: Option<&str>,
    a: Option<Param>,
    value: Int,
    max_rows: Int,
    misere: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let value = u64_of(&value.0, "value")?;
    let max_rows = u64_of(&max_rows.0, "max_rows")?;
    let subject = subject_of(game, rules, a, value, misere)?;
    subject.check().map_err(err)?;
    if max_rows == 0 {
        return Err(PyValueError::new_err(
            "max_rows must be at least 1 (the side of the largest box of positions)",
        ));
    }
    let options = Options {
        max_rows,
        limits: Limits::default(),
    };
    let report = crate::interrupt::run(py, None, 0, |cancel, _| {
        learn_subject(&subject, &options, &Context::serial().with_cancel(cancel))
    })?;
    let sentences = PyList::empty(py);
    for s in &report.sentences {
        let d = PyDict::new(py);
        d.set_item("says", &s.sentence.what)?;
        d.set_item("statement", &s.sentence.text)?;
        d.set_item("verdict", s.verdict.as_ref().ok().copied())?;
        d.set_item("counterexample", s.counterexample.as_deref())?;
        sentences.append(d)?;
    }
    let d = PyDict::new(py);
    d.set_item("verdict", report.verdict())?;
    let learned = report.automaton.as_ref().or(report.unproved.as_ref());
    d.set_item("states", learned.map(|a| a.states()))?;
    d.set_item("rows", report.rows)?;
    d.set_item("digits", report.digits)?;
    d.set_item("checked_rows", report.checked_rows)?;
    d.set_item("sentences", sentences)?;
    d.set_item("class_counts", report.class_counts.clone())?;
    let (representation, moore_states) = match report.representation {
        _ if !report.proved() && !report.stuck => (None, None),
        Representation::TwoTracks => (Some("two-tracks"), None),
        Representation::Diagonals { states } => (Some("diagonals"), Some(states)),
    };
    d.set_item("representation", representation)?;
    d.set_item("moore_states", moore_states)?;
    d.set_item(
        "diagonal_class_counts",
        report.diagonal_class_counts.clone(),
    )?;
    d.set_item("diagonals", report.diagonals)?;
    d.set_item("diagonals_skipped", report.diagonals_skipped.as_deref())?;
    d.set_item("reason", report.reason.as_deref())?;
    d.set_item(
        "automaton",
        report.automaton.as_ref().map(walnut::walnut_text),
    )?;
    Ok(d)
}
