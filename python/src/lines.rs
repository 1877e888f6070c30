//! Two-pile line games (doc/lines.md): the Grundy table computed in memory
//! ([`wythoff::lines::LineTable::compute`], `wythoff grundy N --rules R`), written to a line-game
//! table file ([`wythoff::lines::LineTable::write`], `grundy N --rules R -o FILE`), and such
//! files opened read-only ([`wythoff::files::line_table::LineTableFile`]).
//!
//! A line-game table file stores the whole square row-major (a rule list need not be symmetric),
//! so [`LineTableFile::square`] is a copy-free 2-D view of the memory map where the width is a
//! NumPy dtype (1, 2 or 4 bytes), and a decoded uint32 copy for 3-byte values.

use crate::convert::{Int, PathArg, u64_of};
use crate::errors::{file_to_py, refuse_unless_fits, to_py as err};
use crate::mapped::{Verified, index, mapped_file_methods, view};
use numpy::ndarray::{Array2, Ix2};
use numpy::{PyArray1, PyArray2, PyUntypedArray};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use wythoff::Context;
use wythoff::files::line_table::LineTableFile as File;
use wythoff::lines::{LineRules, LineTable, table};

/// The game of `rules` ("P,Q:P,Q:…") or of the named `game`, exactly one of them.
fn rules_of(rules: Option<&str>, game: Option<&str>) -> PyResult<LineRules> {
    match (rules, game) {
        (Some(r), None) => LineRules::parse(r).map_err(err),
        (None, Some(g)) => LineRules::named(g).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown game '{g}' (named games: nim, wythoff, nimhof-a307296 … \
                 nimhof-a307302, maharaja, gdwn-P-Q with 0 < P < Q <= 64)"
            ))
        }),
        _ => Err(PyValueError::new_err("give rules or game, one of them")),
    }
}

/// Checks the side n and the memory of its table up front (the table, its line sets and `extra`
/// bytes more): the side and the threads to compute it with.
fn prepare(
    rules: &LineRules,
    n: &Int,
    threads: Option<Int>,
    extra: impl Fn(u64) -> Option<u64>,
) -> PyResult<(u64, usize)> {
    let n = u64_of(&n.0, "n")?;
    table::check_side(n).map_err(err)?;
    let need = table::memory(rules, n)
        .ok()
        .and_then(|m| m.checked_add(extra(n)?));
    refuse_unless_fits(need, &format!("the {n} × {n} line-game table"))?;
    Ok((n, crate::grundy::threads_of(threads)?))
}

/// The Grundy table of a two-pile line game (doc/lines.md) as an n × n uint32 array: rules as
/// "P,Q:jP,Q:…" (a ray P,Q takes i·(P, Q) for some i ≥ 1, a jump jP,Q takes (P, Q) once), or
/// game, a named game ("nim", "wythoff", "nimhof-a307296" … "nimhof-a307302", "maharaja",
/// "gdwn-P-Q").  n from 1 to 65536; MemoryError
/// up front when the table and its line sets do not fit.  Releases the GIL; Ctrl-C stops it;
/// progress(done, total) is called with the cells finished.
#[pyfunction]
#[pyo3(signature = (n, rules = None, game = None, *, threads = None, progress = None))]
pub fn line_grundy_table<'py>(
    py: Python<'py>,
    n: Int,
    rules: Option<&str>,
    game: Option<&str>,
    threads: Option<Int>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    let rules = rules_of(rules, game)?;
    let square_bytes = |n: u64| n.checked_mul(n)?.checked_mul(4);
    let (n, threads) = prepare(&rules, &n, threads, square_bytes)?;
    let t = crate::interrupt::run(py, progress, n * n, |cancel, tick| {
        LineTable::compute(
            &rules,
            n,
            &Context::new(threads)
                .with_progress(tick)
                .with_cancel(cancel),
        )
    })?;
    let square = Array2::from_shape_vec((t.n, t.n), t.data().to_vec()).map_err(internal)?;
    Ok(PyArray2::from_owned_array(py, square))
}

/// Computes the Grundy table of a line game into the file `path` — the command line's
/// `grundy N --rules R -o FILE`: computed in memory, written whole (complete under its name, or
/// absent: a stopped call leaves no file) — and returns it opened (verified).  Releases the
/// GIL; Ctrl-C stops it; progress(done, total) is called with the cells finished.
#[pyfunction]
#[pyo3(signature = (path, n, rules = None, game = None, *, threads = None, progress = None))]
pub fn write_line_table(
    py: Python<'_>,
    path: PathArg,
    n: Int,
    rules: Option<&str>,
    game: Option<&str>,
    threads: Option<Int>,
    progress: Option<Py<PyAny>>,
) -> PyResult<LineTableFile> {
    let path = path.0;
    let rules = rules_of(rules, game)?;
    // the output is opened (its target checked) before the work
    let mut out = wythoff::files::AtomicFile::create_regular(&path)
        .map_err(|e| crate::errors::output_to_py(e, &path))?;
    let (n, threads) = prepare(&rules, &n, threads, |_| Some(0))?;
    crate::interrupt::run(py, progress, n * n, |cancel, tick| {
        let t = LineTable::compute(
            &rules,
            n,
            &Context::new(threads)
                .with_progress(tick)
                .with_cancel(cancel),
        )?;
        let mut w = std::io::BufWriter::new(out.file());
        t.write(&mut w)?;
        std::io::Write::flush(&mut w).map_err(wythoff::pairs::emit::write_error)?;
        drop(w);
        out.commit()
    })?;
    open_line_table(py, PathArg(path), true)
}

/// A line-game table file (`wythoff grundy N --rules R -o FILE`) opened read-only through a
/// memory map: the header and rules are checked in full on open (DamagedFileError otherwise);
/// the payload on request (`verify()`) or before first use (`row`, `get`: the bands they read;
/// `square`: the whole file); `verified` says whether the whole file was found intact.
#[pyclass(frozen, module = "wythoff")]
pub struct LineTableFile {
    file: File,
    verified: Verified,
}

mapped_file_methods! {
    LineTableFile;
    /// The side N.
    n;

    /// Checks the whole file against its checksums; DamagedFileError names the first damaged
    /// rows.  Afterwards `verified` is True.
    verify;

    /// G(x, y), after checking the band of rows that holds row x.
    get;

    /// The rules, as (P, Q) pairs: a ray takes i·(P, Q), i ≥ 1, a jump (P, Q) once — a jump is
    /// listed by its (P, Q) too: `rules_text` tells them apart.
    #[getter]
    fn rules(&self) -> Vec<(u32, u32)> {
        self.file
            .header
            .rules
            .rules()
            .iter()
            .map(|r| (r.p, r.q))
            .collect()
    }

    /// The rules in the grammar of `rules=` ("1,0:0,1:1,1:j1,2:j2,1"; a jump written jP,Q).
    #[getter]
    fn rules_text(&self) -> String {
        self.file.header.rules.to_string()
    }

    /// Row x, G(x, y) for y = 0 .. N−1, as a new uint32 array; its band is checked first.
    fn row<'py>(&self, py: Python<'py>, x: Int) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let x = index(&x, self.file.header.n, "x")?;
        self.file.check_rows(x..=x).map_err(file_to_py)?;
        let n = self.file.header.n as usize;
        let w = self.file.header.width as usize;
        let mut row = vec![0u32; n];
        let start = x as usize * n * w;
        wythoff::grundy::store::decode_into(&self.file.payload()[start..], w, &mut row);
        Ok(PyArray1::from_vec(py, row))
    }

    /// The N × N square: for widths 1, 2 and 4 a read-only view of the memory map without a copy
    /// (uint8, uint16, uint32), for width 3 a decoded uint32 copy (MemoryError up front when it
    /// does not fit).  The whole file is checked first unless check=False.
    #[pyo3(signature = (check = true))]
    fn square<'py>(slf: Bound<'py, Self>, check: bool) -> PyResult<Bound<'py, PyUntypedArray>> {
        let py = slf.py();
        let me = slf.get();
        if check {
            me.check_all(py)?;
        }
        let n = me.file.header.n as usize;
        let (p, w) = (me.file.payload(), me.file.header.width);
        // SAFETY: the payload is in the memory map `slf` owns, which it never writes
        if let Some(arr) = unsafe { view(slf.as_any(), p, w, Ix2(n, n))? } {
            return Ok(arr);
        }
        let bytes = (n as u64)
            .checked_mul(n as u64)
            .and_then(|c| c.checked_mul(4));
        refuse_unless_fits(bytes, &format!("the {n} × {n} square"))?;
        let mut v = vec![0u32; n * n];
        py.allow_threads(|| wythoff::grundy::store::decode_into(p, w as usize, &mut v));
        let a = Array2::from_shape_vec((n, n), v).map_err(internal)?;
        Ok(PyArray2::from_owned_array(py, a)
            .into_any()
            .downcast_into()?)
    }

    fn __repr__(&self) -> String {
        let h = &self.file.header;
        format!(
            "<wythoff.LineTableFile n={} rules={:?} width={} verified={}>",
            h.n,
            self.rules(),
            h.width,
            if self.verified() { "True" } else { "False" }
        )
    }
}

fn internal(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("internal error (please report): {e}"))
}

/// Opens a line-game table file read-only (a memory map): header and rules checked in full,
/// against the checksum too (DamagedFileError for an invalid or damaged file, OSError when it
/// cannot be read); with verify=True the whole payload is checked too.  A file of format version
/// 1, whose one checksum covers the header and rules with the whole payload, is checked whole on
/// open.
#[pyfunction]
#[pyo3(signature = (path, verify = false))]
pub fn open_line_table(py: Python<'_>, path: PathArg, verify: bool) -> PyResult<LineTableFile> {
    let path = path.0;
    let file = py.allow_threads(|| File::open(&path)).map_err(file_to_py)?;
    let t = LineTableFile {
        file,
        verified: Verified::default(),
    };
    if verify || t.file.header.version != wythoff::files::line_table::VERSION {
        t.check_all(py)?;
    }
    Ok(t)
}
