//! More of the library, each one call as the command line makes it: disjunctive sums
//! ([`wythoff::sums::analyse`], `wythoff sum`), three-pile Wythoff ([`wythoff::three_pile::Box3`],
//! `wythoff three move`), RATWYT and the Calkin–Wilf tree ([`wythoff::ratwyt`], `wythoff ratwyt`),
//! the catalogue's b-files ([`wythoff::oeis::write_bfile`], `wythoff oeis`) and the verify report
//! ([`wythoff::verify::run`], `wythoff verify --json`) as a dict.

use crate::convert::{Int, Param, PathArg, pair_to_py, to_py, type_name, u64_of};
use crate::errors::to_py as err;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rug::Integer;
use wythoff::Context;
use wythoff::cancel::Cancel;
use wythoff::pairs::Outcome;
use wythoff::ratwyt::Rational;

/// Adds this file's functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sum_analysis, m)?)?;
    m.add_function(wrap_pyfunction!(three_pile_move, m)?)?;
    m.add_function(wrap_pyfunction!(three_pile_positions, m)?)?;
    m.add_function(wrap_pyfunction!(calkin_wilf, m)?)?;
    m.add_function(wrap_pyfunction!(calkin_wilf_index, m)?)?;
    m.add_function(wrap_pyfunction!(ratwyt, m)?)?;
    m.add_function(wrap_pyfunction!(ratwyt_game_two, m)?)?;
    m.add_function(wrap_pyfunction!(ratwyt_game_three, m)?)?;
    m.add_function(wrap_pyfunction!(oeis_bfile, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    Ok(())
}

fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "P",
        Outcome::N => "N",
    }
}

/// The disjunctive sum of Wythoff positions with parameter a: a dict with "values" (the Grundy
/// value of each component), "nim_sum", "outcome" ("P" or "N") and "move" — (index of the
/// component, position reached) of a winning move, or None.  a: the parameter (1 when left out,
/// or the certificate's).  certificate: a row certificate (`wythoff rows X -o CERT`; a
/// RowCertificate or its path) for components of any size whose smaller pile is one of its rows;
/// an a other than the certificate's is refused (ValueError).  Releases the GIL; Ctrl-C stops
/// the certification of rows.
#[pyfunction]
#[pyo3(signature = (components, a = None, certificate = None))]
#[pyo3(text_signature = "(components, a=None, certificate=None)")]
fn sum_analysis<'py>(
    py: Python<'py>,
    components: Vec<(Int, Int)>,
    a: Option<Param>,
    certificate: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let ps: Vec<(Integer, Integer)> = components.into_iter().map(|(x, y)| (x.0, y.0)).collect();
    let cert = match certificate {
        Some(c) => Some(crate::certificate::certificate_and_path(py, c)?),
        None => None,
    };
    // as the command line's `sum -a A --certificate CERT`: one a, named where two disagree
    let a = match (&cert, a) {
        (Some((c, path)), Some(Param(a))) if a != c.a => {
            return Err(PyValueError::new_err(format!(
                "a = {a}: the certificate '{}' holds rows for a = {}",
                path.display(),
                c.a
            )));
        }
        (Some((c, _)), _) => c.a,
        (None, a) => a.map_or(1, |a| a.0),
    };
    let cert = cert.map(|(c, _)| c);
    let r = crate::interrupt::run(py, None, 0, |cancel, _| {
        wythoff::sums::analyse(a, cert, &ps, &Context::new(2).with_cancel(cancel))
    })?;
    let d = PyDict::new(py);
    let values: PyResult<Vec<PyObject>> = r.values.iter().map(|g| to_py(py, g)).collect();
    d.set_item("values", values?)?;
    d.set_item("nim_sum", to_py(py, &r.nim_sum)?)?;
    d.set_item("outcome", if r.nim_sum == 0 { "P" } else { "N" })?;
    match &r.winning {
        Some((i, to)) => d.set_item("move", (*i, pair_to_py(py, to)?))?,
        None => d.set_item("move", py.None())?,
    }
    Ok(d)
}

/// The lines y <= z <= d of a three-pile box (its solver's unit of progress).
pub fn three_pile_lines(d: u64) -> u64 {
    let lines = (u128::from(d) + 1) * (u128::from(d) + 2) / 2;
    u64::try_from(lines).unwrap_or(u64::MAX)
}

/// A winning move of three-pile Wythoff from (x, y, z) — take any number from one pile, or the
/// same number from any two, or from all three (doc/three.md) — as the position reached, or
/// None for a P-position.  Piles up to the sizes the line-occupancy solver holds in memory.
/// Releases the GIL; Ctrl-C stops it; progress(done, total) is called with the lines solved.
#[pyfunction]
#[pyo3(signature = (x, y, z, *, progress = None))]
fn three_pile_move(
    py: Python<'_>,
    x: Int,
    y: Int,
    z: Int,
    progress: Option<Py<PyAny>>,
) -> PyResult<Option<(u64, u64, u64)>> {
    let p = [u64_of(&x.0, "x")?, u64_of(&y.0, "y")?, u64_of(&z.0, "z")?];
    let lines = three_pile_lines(p[1].max(p[2]));
    let b = crate::interrupt::run(py, progress, lines, |cancel, tick| {
        let ctx = Context::serial().with_progress(tick).with_cancel(cancel);
        wythoff::three_pile::Box3::solve(p, &ctx)
    })?;
    Ok(b.winning_move(p).map(|q| (q[0], q[1], q[2])))
}

/// The P-positions x <= y <= z <= n of three-pile Wythoff as a (k, 3) uint64 array, sorted by
/// x + y + z, then x, then y — the command line's `three N --print`.  Releases the GIL; Ctrl-C
/// stops it; progress(done, total) is called with the lines solved.
#[pyfunction]
#[pyo3(signature = (n, *, progress = None))]
fn three_pile_positions<'py>(
    py: Python<'py>,
    n: Int,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, numpy::PyArray2<u64>>> {
    let n = u64_of(&n.0, "n")?;
    let ps = crate::interrupt::run(py, progress, three_pile_lines(n), |cancel, tick| {
        let ctx = Context::serial().with_progress(tick).with_cancel(cancel);
        wythoff::three_pile::Box3::solve([n; 3], &ctx).map(|b| b.sorted_positions())
    })?;
    let flat: Vec<u64> = ps.iter().flatten().copied().collect();
    let a = numpy::ndarray::Array2::from_shape_vec((ps.len(), 3), flat)
        .map_err(|e| PyValueError::new_err(format!("internal error (please report): {e}")))?;
    Ok(numpy::PyArray2::from_owned_array(py, a))
}

/// A non-negative rational from a Fraction, an int, or anything with numerator and denominator.
fn rational(ob: &Bound<'_, PyAny>, what: &str) -> PyResult<Rational> {
    let part = |name: &str| -> PyResult<Integer> {
        let v = ob.getattr(name).map_err(|_| {
            PyTypeError::new_err(format!(
                "{what} must be a rational (a fractions.Fraction or an int), got {}",
                type_name(ob)
            ))
        })?;
        Ok(v.extract::<Int>()?.0)
    };
    Rational::new(part("numerator")?, part("denominator")?, what).map_err(err)
}

fn fraction(py: Python<'_>, r: &Rational) -> PyResult<PyObject> {
    let f = py.import("fractions")?.getattr("Fraction")?;
    Ok(f.call1((to_py(py, r.numer())?, to_py(py, r.denom())?))?
        .unbind())
}

/// The rational with breadth-first index n >= 1 in the Calkin–Wilf tree (1 is 1/1), as a
/// fractions.Fraction; exact at any size.
#[pyfunction]
fn calkin_wilf(py: Python<'_>, n: Int) -> PyResult<PyObject> {
    let r = Rational::from_bfs_index(&n.0).map_err(err)?;
    fraction(py, &r)
}

/// The breadth-first index of the positive rational r in the Calkin–Wilf tree (inverse of
/// calkin_wilf).
#[pyfunction]
fn calkin_wilf_index(py: Python<'_>, r: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let r = rational(r, "r")?;
    to_py(py, &r.bfs_index().map_err(err)?)
}

/// RATWYT (t = 1) and Game I with parameter t on two non-negative rationals (Fractions or
/// ints): a dict with "levels" (the induced integers, the levels in the Calkin–Wilf tree),
/// "outcome" ("P" or "N") and "moves", every winning move as the pair of rationals reached.
#[pyfunction]
#[pyo3(signature = (r1, r2, t = Param(1)))]
#[pyo3(text_signature = "(r1, r2, t=1)")]
fn ratwyt<'py>(
    py: Python<'py>,
    r1: &Bound<'py, PyAny>,
    r2: &Bound<'py, PyAny>,
    t: Param,
) -> PyResult<Bound<'py, PyDict>> {
    let (r1, r2) = (rational(r1, "r1")?, rational(r2, "r2")?);
    let (levels, o, moves) = wythoff::ratwyt::game_one(&r1, &r2, t.0).map_err(err)?;
    let d = PyDict::new(py);
    let levels: PyResult<Vec<PyObject>> = levels.iter().map(|k| to_py(py, k)).collect();
    d.set_item("levels", levels?)?;
    d.set_item("outcome", outcome(o))?;
    let list = PyList::empty(py);
    for m in &moves {
        let to: PyResult<Vec<PyObject>> = m.to.iter().map(|r| fraction(py, r)).collect();
        list.append(pyo3::types::PyTuple::new(py, to?)?)?;
    }
    d.set_item("moves", list)?;
    Ok(d)
}

/// The move of a RATWYT game as a dict entry: the rationals reached and the steps done to each.
fn rat_move<'py>(
    py: Python<'py>,
    d: &Bound<'py, PyDict>,
    m: Option<&wythoff::ratwyt::RatMove>,
) -> PyResult<()> {
    match m {
        None => d.set_item("move", py.None()),
        Some(m) => {
            let to: PyResult<Vec<PyObject>> = m.to.iter().map(|r| fraction(py, r)).collect();
            let steps: PyResult<Vec<PyObject>> = m.steps.iter().map(|s| to_py(py, s)).collect();
            d.set_item("move", pyo3::types::PyTuple::new(py, to?)?)?;
            d.set_item("steps", steps?)
        }
    }
}

/// Fraenkel's Game II with parameter t on one non-negative rational (a move does 1 to t steps
/// towards 1/1 in the Calkin–Wilf tree): a dict with "level", "outcome", and "move" (the rational
/// reached, as a 1-tuple, with "steps") or None.
#[pyfunction]
#[pyo3(signature = (r, t = Param(1)))]
#[pyo3(text_signature = "(r, t=1)")]
fn ratwyt_game_two<'py>(
    py: Python<'py>,
    r: &Bound<'py, PyAny>,
    t: Param,
) -> PyResult<Bound<'py, PyDict>> {
    let r = rational(r, "r")?;
    let (k, o, m) = wythoff::ratwyt::game_two(&r, t.0).map_err(err)?;
    let d = PyDict::new(py);
    d.set_item("level", to_py(py, &k)?)?;
    d.set_item("outcome", outcome(o))?;
    rat_move(py, &d, m.as_ref())?;
    Ok(d)
}

/// Fraenkel's Game III on several non-negative rationals (steps on one of them): Nim on their
/// levels.  A dict with "levels", "nim_sum", "outcome", and "move" (the rationals reached, with
/// "steps") or None.
#[pyfunction]
fn ratwyt_game_three<'py>(
    py: Python<'py>,
    rationals: Vec<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rs: PyResult<Vec<Rational>> = (rationals.iter().enumerate())
        .map(|(i, r)| rational(r, &format!("rationals[{i}]")))
        .collect();
    let rs = rs?;
    let (levels, x, o, m) = py.allow_threads(|| wythoff::ratwyt::game_three(&rs));
    let d = PyDict::new(py);
    let levels: PyResult<Vec<PyObject>> = levels.iter().map(|k| to_py(py, k)).collect();
    d.set_item("levels", levels?)?;
    d.set_item("nim_sum", to_py(py, &x)?)?;
    d.set_item("outcome", outcome(o))?;
    rat_move(py, &d, m.as_ref())?;
    Ok(d)
}

/// A writer that reports the lines written through it (the b-file's terms).
struct Counted<'a, W> {
    out: W,
    tick: &'a (dyn Fn(u64) + Sync),
}

impl<W: std::io::Write> std::io::Write for Counted<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        (self.tick)(buf[..n].iter().filter(|&&b| b == b'\n').count() as u64);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// The b-file of a catalogued OEIS sequence (A-number, e.g. "A000201"): its first `terms` terms
/// (default: the catalogue's count) from the sequence's offset — as a list of ints, or, with
/// path, written to that file (atomically: complete under its name, or absent) in the b-file
/// format "n a(n)" per line.  Releases the GIL; Ctrl-C stops it; progress(done, total) is
/// called with the terms written.
#[pyfunction]
#[pyo3(signature = (anum, terms = None, path = None, *, progress = None))]
fn oeis_bfile(
    py: Python<'_>,
    anum: &str,
    terms: Option<Int>,
    path: Option<PathArg>,
    progress: Option<Py<PyAny>>,
) -> PyResult<PyObject> {
    let path = path.map(|p| p.0);
    let e = wythoff::oeis::entry(anum).map_err(err)?;
    let count = match terms {
        Some(t) => u64_of(&t.0, "terms")?,
        None => e.default_terms,
    };
    let write = |out: &mut dyn std::io::Write, cancel: &Cancel, tick: &(dyn Fn(u64) + Sync)| {
        let mut counted = Counted { out, tick };
        wythoff::oeis::write_bfile(
            e,
            count,
            &mut counted,
            &Context::all_cores().with_cancel(cancel),
        )
    };
    if let Some(path) = path {
        let mut f = wythoff::files::AtomicFile::create(&path)
            .map_err(|e| crate::errors::output_to_py(e, &path))?;
        crate::interrupt::run(py, progress, count, |cancel, tick| {
            write(f.file(), cancel, tick)?;
            f.commit()
        })?;
        return Ok(py.None());
    }
    let mut text = Vec::new();
    crate::interrupt::run(py, progress, count, |cancel, tick| {
        write(&mut text, cancel, tick)
    })?;
    let text = String::from_utf8(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut out = Vec::with_capacity(count.min(1 << 20) as usize);
    for line in text.lines() {
        let v = line
            .split_once(' ')
            .and_then(|(_, v)| v.parse::<Integer>().ok())
            .ok_or_else(|| {
                PyValueError::new_err(format!("internal error (please report): line '{line}'"))
            })?;
        out.push(to_py(py, &v)?);
    }
    Ok(PyList::new(py, out)?.into_any().unbind())
}

/// Runs `wythoff verify` in process: the pairs n < bound of the game with parameter a by the
/// three strategies and their identities, a Grundy table of side `grundy` (0: none), three-pile
/// Wythoff up to `three` (0: none), and a table file `table` — the report as a dict (the JSON
/// report of `wythoff verify --json`, each check ok, FAIL or skipped with what it covered; a
/// table file that is invalid, or whose header does not match its checksum, raises
/// DamagedFileError before any work).  Releases the GIL; Ctrl-C stops it; progress(done, total)
/// is called with the pairs checked.
#[pyfunction]
#[pyo3(signature = (bound = Int(1_000_000u64.into()), a = Param(1), grundy = Int(0u64.into()), three = Int(0u64.into()), table = None, *, progress = None))]
#[pyo3(text_signature = "(bound=1000000, a=1, grundy=0, three=0, table=None, *, progress=None)")]
fn verify(
    py: Python<'_>,
    bound: Int,
    a: Param,
    grundy: Int,
    three: Int,
    table: Option<PathArg>,
    progress: Option<Py<PyAny>>,
) -> PyResult<PyObject> {
    use wythoff::verify::Config;
    let bound = u64_of(&bound.0, "bound")?;
    let grundy = u64_of(&grundy.0, "grundy")?;
    let three = u64_of(&three.0, "three")?;
    // the report names the table file as text: a name that is not UTF-8 cannot be put there
    let table = match table {
        Some(p) => Some(p.0.into_os_string().into_string().map_err(|p| {
            PyValueError::new_err(format!(
                "table: the verify report names its file as UTF-8 text, and {} is not \
                 (rename the file)",
                std::path::Path::new(&p).display()
            ))
        })?),
        None => None,
    };
    if let Some(t) = &table {
        // the header and length, and the header against the checksum, before any work (the
        // payload's checksum is a check of the report), as the command line's `--table`
        let path = std::path::Path::new(t);
        py.allow_threads(|| wythoff::files::table::TableFile::open(path))
            .map_err(crate::errors::file_to_py)?;
    }
    let cfg = Config::up_to(bound)
        .with_a(a.0)
        .with_grundy(grundy)
        .with_three(three)
        .with_table(table);
    let started = std::time::Instant::now();
    let (lo, hi) = cfg.range();
    let report = crate::interrupt::run(py, progress, hi.saturating_sub(lo), |cancel, tick| {
        let ctx = wythoff::Context::serial()
            .with_progress(tick)
            .with_cancel(cancel);
        let task = wythoff::verify::Task::check(cfg.clone());
        Ok(wythoff::verify::run(&task, &ctx, &|_| {})?.report)
    })?;
    let text = report.to_json(started.elapsed().as_secs_f64());
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}
