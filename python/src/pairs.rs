//! P-positions: the n-th pair, P or N, the partner of a pile, every winning move — each one call
//! of [`wythoff::pairs::Solver`], as the command line's `nth` and `move` make — and the pairs of
//! a range as NumPy arrays through the bulk generator ([`wythoff::pairs::columns`]).

use crate::convert::{Int, Param, pair_to_py, to_py, u64_of};
use crate::errors::{refuse_unless_fits, to_py as err};
use numpy::PyArray1;
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use wythoff::Rules;
use wythoff::pairs::bulk::Plan;
use wythoff::pairs::{Outcome, Solver, Strategy, columns};

/// The arrays of A_n and B_n.
type Columns<'py> = (Bound<'py, PyArray1<u64>>, Bound<'py, PyArray1<u64>>);

/// The solver of the rules and strategy the arguments name.
fn solver(a: Param, misere: bool, strategy: &str) -> PyResult<Solver> {
    let rules = Rules::new(a.0, misere).map_err(err)?;
    let strategy: Strategy = strategy.parse().map_err(err)?;
    Ok(Solver::new(rules, strategy))
}

/// `f` applied to the solver of the rules and strategy the arguments name: without the GIL where
/// it may be long (the mex recursion, O(n); `numbers` of more than 4096 bits), with it otherwise
/// (a call of a fraction of a microsecond).
fn solve<T: Send>(
    py: Python<'_>,
    numbers: &[&rug::Integer],
    (a, misere, strategy): (Param, bool, &str),
    f: impl FnOnce(&Solver) -> wythoff::error::Result<T> + Send,
) -> PyResult<T> {
    let s = solver(a, misere, strategy)?;
    let long = strategy == "recursive" || numbers.iter().any(|n| n.significant_bits() > 4096);
    let r = if long {
        py.allow_threads(|| f(&s))
    } else {
        f(&s)
    };
    r.map_err(err)
}

/// The n-th P-position (A_n, B_n) of generalized Wythoff with parameter a, A_n <= B_n, exact
/// for any n >= 0 (Python ints of any size).  strategy: "algebraic" (the exact floor formula,
/// the command line's default), "arithmetic" (numeration systems) or "recursive" (the mex
/// recursion, n up to 10**9).
#[pyfunction]
#[pyo3(signature = (n, a = Param(1), misere = false, strategy = "algebraic"))]
#[pyo3(text_signature = "(n, a=1, misere=False, strategy='algebraic')")]
pub fn nth(
    py: Python<'_>,
    n: Int,
    a: Param,
    misere: bool,
    strategy: &str,
) -> PyResult<(PyObject, PyObject)> {
    let p = solve(py, &[&n.0], (a, misere, strategy), |s| s.nth(&n.0))?;
    pair_to_py(py, &p)
}

/// Every winning move from the position (x, y), as the positions reached, sorted: a list of
/// (x', y') tuples.  Empty for a P-position (and for (0, 0) in misère play, where the player to
/// move cannot move and so wins).
#[pyfunction]
#[pyo3(signature = (x, y, a = Param(1), misere = false, strategy = "algebraic"))]
#[pyo3(text_signature = "(x, y, a=1, misere=False, strategy='algebraic')")]
pub fn moves(
    py: Python<'_>,
    x: Int,
    y: Int,
    a: Param,
    misere: bool,
    strategy: &str,
) -> PyResult<Vec<(PyObject, PyObject)>> {
    let m = solve(py, &[&x.0, &y.0], (a, misere, strategy), |s| {
        s.winning_moves(&x.0, &y.0)
    })?;
    m.iter().map(|p| pair_to_py(py, p)).collect()
}

/// Whether (x, y) is a P-position: the player to move loses with best play.
#[pyfunction]
#[pyo3(signature = (x, y, a = Param(1), misere = false, strategy = "algebraic"))]
#[pyo3(text_signature = "(x, y, a=1, misere=False, strategy='algebraic')")]
pub fn is_p(
    py: Python<'_>,
    x: Int,
    y: Int,
    a: Param,
    misere: bool,
    strategy: &str,
) -> PyResult<bool> {
    let o = solve(py, &[&x.0, &y.0], (a, misere, strategy), |s| {
        s.outcome(&x.0, &y.0)
    })?;
    Ok(o == Outcome::P)
}

/// The unique y with (x, y) a P-position.
#[pyfunction]
#[pyo3(signature = (x, a = Param(1), misere = false, strategy = "algebraic"))]
#[pyo3(text_signature = "(x, a=1, misere=False, strategy='algebraic')")]
pub fn partner(
    py: Python<'_>,
    x: Int,
    a: Param,
    misere: bool,
    strategy: &str,
) -> PyResult<PyObject> {
    let p = solve(py, &[&x.0], (a, misere, strategy), |s| s.partner(&x.0))?;
    to_py(py, &p)
}

/// The P-positions (A_n, B_n) for n in range(start, stop) — or range(0, start) when stop is
/// omitted, as with range() — as two NumPy arrays of dtype uint64.  OverflowError when an index
/// or a value does not fit in 64 bits (use nth for single huge pairs); MemoryError, before any
/// work, when the arrays do not fit in the memory available.  Releases the GIL; Ctrl-C stops it;
/// progress(done, total) is called from time to time with the pairs finished.
#[pyfunction]
#[pyo3(signature = (start, stop = None, a = Param(1), misere = false, *, progress = None))]
#[pyo3(text_signature = "(start, stop=None, a=1, misere=False, *, progress=None)")]
pub fn pairs<'py>(
    py: Python<'py>,
    start: Int,
    stop: Option<Int>,
    a: Param,
    misere: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<Columns<'py>> {
    let (start, stop) = match stop {
        None => (0, u64_of(&start.0, "stop")?),
        Some(stop) => (u64_of(&start.0, "start")?, u64_of(&stop.0, "stop")?),
    };
    if start > stop {
        return Err(PyValueError::new_err(format!(
            "start ({start}) is greater than stop ({stop}); give start <= stop"
        )));
    }
    let rules = Rules::new(a.0, misere).map_err(err)?;
    let count = stop - start;
    if count == 0 {
        return Ok((PyArray1::zeros(py, 0, false), PyArray1::zeros(py, 0, false)));
    }
    let plan = Plan::new(rules, start, stop - 1).map_err(|e| match e {
        wythoff::Error::Usage(m) => PyOverflowError::new_err(m),
        e => err(e),
    })?;
    if !columns::fits_u64(&plan) {
        return Err(PyOverflowError::new_err(format!(
            "B_{} = {} does not fit in uint64: ask for a smaller stop (nth gives single pairs \
             of any size)",
            stop - 1,
            plan.pair(stop - 1).1
        )));
    }
    refuse_unless_fits(count.checked_mul(16), "the two uint64 arrays")?;
    let len = count as usize;
    let (lower, upper) = crate::interrupt::run(py, progress, count, |cancel, tick| {
        let (mut lower, mut upper) = (vec![0u64; len], vec![0u64; len]);
        let ctx = wythoff::Context::serial()
            .with_progress(tick)
            .with_cancel(cancel);
        columns::fill_u64(&plan, &mut lower, &mut upper, &ctx)?;
        Ok((lower, upper))
    })?;
    Ok((PyArray1::from_vec(py, lower), PyArray1::from_vec(py, upper)))
}
