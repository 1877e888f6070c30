//! Sprague–Grundy values: the N × N table computed in memory ([`wythoff::grundy::Table`], the
//! command line's `grundy N`), single values G(x, y) from certified rows (`grundy at`), and
//! table files opened read-only ([`wythoff::files::table::TableFile`], `grundy get`).
//!
//! A table file is a packed upper triangle of 1 to 4 bytes a value, so no copy-free 2-D view of
//! it exists: [`TableFile::triangle`] is the copy-free 1-D view where the width is a NumPy dtype
//! (1, 2 or 4 bytes); [`TableFile::row`] decodes one row of the square for every width;
//! [`TableFile::square`] is a copy, refused up front (MemoryError) when it cannot fit.

use crate::convert::{Int, Param, PathArg, to_py, u64_of};
use crate::errors::{file_to_py, refuse_unless_fits, to_py as err};
use crate::mapped::{Verified, index, mapped_file_methods, view};
use numpy::ndarray::Array2;
use numpy::{PyArray1, PyArray2, PyUntypedArray};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use wythoff::Context;
use wythoff::files::table::TableFile as File;
use wythoff::grundy::{Layout, Spec, Table, store};

/// The n × n square of a packed upper triangle of `width`-byte values (row x holds G(x, x..n)),
/// as a new array of the smallest unsigned dtype holding 2n − 2, filled without the GIL.
fn square<'py>(
    py: Python<'py>,
    n: usize,
    width: usize,
    triangle: &[u8],
) -> PyResult<Bound<'py, PyUntypedArray>> {
    let layout = Layout { n, width };
    fn fill<T: Copy + Default + Send + TryFrom<u32>>(
        n: usize,
        layout: Layout,
        triangle: &[u8],
    ) -> Vec<T> {
        let mut sq = vec![T::default(); n * n];
        let mut row = vec![0u32; n];
        for x in 0..n {
            let start = layout.row_start(x) * layout.width;
            store::decode_into(&triangle[start..], layout.width, &mut row[..n - x]);
            for (k, &g) in row[..n - x].iter().enumerate() {
                // g ≤ 2N − 2 fits the dtype chosen from that bound
                let v = T::try_from(g).unwrap_or_default();
                sq[x * n + x + k] = v;
                sq[(x + k) * n + x] = v;
            }
        }
        sq
    }
    let shape = (n, n);
    let bound = (2 * n as u64).saturating_sub(2);
    let shaped = |e| PyValueError::new_err(format!("internal error (please report): {e}"));
    Ok(if bound <= u8::MAX as u64 {
        let v = py.allow_threads(|| fill::<u8>(n, layout, triangle));
        let a = Array2::from_shape_vec(shape, v).map_err(shaped)?;
        PyArray2::from_owned_array(py, a)
            .into_any()
            .downcast_into()?
    } else if bound <= u16::MAX as u64 {
        let v = py.allow_threads(|| fill::<u16>(n, layout, triangle));
        let a = Array2::from_shape_vec(shape, v).map_err(shaped)?;
        PyArray2::from_owned_array(py, a)
            .into_any()
            .downcast_into()?
    } else {
        let v = py.allow_threads(|| fill::<u32>(n, layout, triangle));
        let a = Array2::from_shape_vec(shape, v).map_err(shaped)?;
        PyArray2::from_owned_array(py, a)
            .into_any()
            .downcast_into()?
    })
}

/// Bytes of the n × n square in the smallest dtype holding 2n − 2.
fn square_bytes(n: u64) -> Option<u64> {
    let item = match 2 * n.max(1) - 2 {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        _ => 4,
    };
    n.checked_mul(n)?.checked_mul(item)
}

/// The Sprague–Grundy values G(x, y), 0 <= x, y < n, of generalized Wythoff with parameter a as
/// an n × n NumPy array of the smallest unsigned dtype holding 2n − 2 (uint8, uint16 or
/// uint32).  n from 1 to 2**20.  MemoryError, before any work, when the engine and the array do
/// not fit in the memory available.  Releases the GIL and uses `threads` workers (default: all
/// cores); Ctrl-C stops it; progress(done, total) is called with the cells finished.
#[pyfunction]
#[pyo3(signature = (n, a = Param(1), *, threads = None, progress = None))]
#[pyo3(text_signature = "(n, a=1, *, threads=None, progress=None)")]
pub fn grundy_table<'py>(
    py: Python<'py>,
    n: Int,
    a: Param,
    threads: Option<Int>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyUntypedArray>> {
    let n64 = u64_of(&n.0, "n")?;
    let spec = Spec::new(a.0, n64).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let threads = threads_of(threads)?;
    let need = (spec.engine_bytes())
        .checked_add(spec.layout().bytes() as u64)
        .and_then(|b| b.checked_add(square_bytes(n64)?));
    refuse_unless_fits(need, &format!("the {n64} × {n64} table"))?;
    let cells = n64 * (n64 + 1) / 2;
    let t = crate::interrupt::run(py, progress, cells, |cancel, tick| {
        Table::compute(
            spec,
            &Context::new(threads)
                .with_progress(tick)
                .with_cancel(cancel),
        )
    })?;
    square(py, spec.n, t.layout.width, &t.data)
}

/// G(x, y) of Wythoff's game (a = 1) for a small row min(x, y) and a column of any size, from
/// certified row periods (rows below 256 are certified on demand: rows 0..127 take seconds,
/// 0..255 about a minute); beyond them from the g-values where they decide it, and past the rows
/// the g-value sweep reaches, the value 1 by the 1-value automaton, proved for every diagonal
/// (`wythoff prove --theorem one-values`; elsewhere G ≥ 2 is among the bounds).  certificate: a
/// row certificate (`wythoff rows X -o CERT`; a RowCertificate or its path), answered from at
/// once, for its parameter a — below a preperiod whose values it does not store, from a table
/// when both piles are below 8192, as sum_analysis does.
/// ValueError when only bounds are known (the message gives them), or when the certificate
/// cannot answer; MemoryError, before any work, when beyond the rows swept the machine lacks the
/// memory (linear in the digits of y − x) of the floor formula and the automaton.  Releases the
/// GIL; Ctrl-C stops the certification of rows, the table and the sweep of g-values.
#[pyfunction]
#[pyo3(signature = (x, y, certificate = None))]
pub fn grundy_at(
    py: Python<'_>,
    x: Int,
    y: Int,
    certificate: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    use wythoff::grundy::rows::{self, RowsError};
    use wythoff::gvalues::far::{self, Known};
    let (x, y) = (x.0, y.0);
    if x < 0 || y < 0 {
        return Err(PyValueError::new_err("pile sizes must be non-negative"));
    }
    let (lo, hi) = if x <= y { (&x, &y) } else { (&y, &x) };
    let g = match certificate {
        Some(c) => {
            let c = crate::certificate::certificate_arg(py, c)?;
            crate::certificate::value(py, &c, lo, hi)?
                .map_err(|e| PyValueError::new_err(format!("certificate: {e}")))?
        }
        None => match crate::interrupt::run(py, None, 0, |cancel, _| {
            Ok(rows::value_at(
                lo,
                hi,
                &Context::serial().with_cancel(cancel),
            ))
        })? {
            Ok(g) => g,
            Err(RowsError::BeyondOnDemand { .. }) => {
                // the floor formula and the 1-value automaton on y − x: memory linear in its bits
                let bits = rug::Integer::from(hi - lo).significant_bits();
                refuse_unless_fits(
                    Some(wythoff::gvalues::automaton::memory_bytes(u64::from(bits))),
                    &format!("G(x, y) with a difference of {bits} bits"),
                )?;
                let far = crate::interrupt::run(py, None, 0, |cancel, _| {
                    far::value_far(lo, hi, &wythoff::Context::serial().with_cancel(cancel))
                })?;
                match far {
                    Known::Exact(g) | Known::ByRule { value: g } => g,
                    Known::Bounds { low, high, why } => {
                        return Err(PyValueError::new_err(format!(
                            "unknown: {low} <= G({x}, {y}) <= {high} ({why})"
                        )));
                    }
                }
            }
            Err(e) => return Err(err(e.into())),
        },
    };
    to_py(py, &g)
}

/// A Grundy table file (`wythoff grundy N -o FILE`) opened read-only through a memory map.
///
/// The header is checked in full on open (DamagedFileError otherwise).  The payload's checksum
/// is checked on request (`verify()`, or `open_table(path, verify=True)`) or before first use:
/// `row` and `get` check the bands they read, `square` and `triangle` the whole file.
/// `verified` says whether the whole file was found intact.
#[pyclass(frozen, module = "wythoff")]
pub struct TableFile {
    file: File,
    verified: Verified,
}

mapped_file_methods! {
    TableFile;
    /// The side N: the table covers 0 <= x, y < N.
    n;

    /// Checks the whole file against its checksums (releases the GIL); DamagedFileError names the
    /// first damaged rows.  Afterwards `verified` is True.
    verify;

    /// G(x, y), any order, after checking the band of rows that holds it.
    get;

    /// The parameter a of the game.
    #[getter]
    fn a(&self) -> u64 {
        self.file.header.a
    }

    /// Row x of the square, G(x, y) for y = 0 .. N−1, as a uint32 array (every width); the
    /// bands it reads (rows 0 to x) are checked first.
    fn row<'py>(&self, py: Python<'py>, x: Int) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let x = index(&x, self.file.header.n, "x")?;
        py.allow_threads(|| self.file.check_rows(0..=x))
            .map_err(file_to_py)?;
        let n = self.file.header.n as usize;
        let x = x as usize;
        let mut row = vec![0u32; n];
        let p = self.file.payload();
        let l = self.file.layout();
        for (u, r) in row.iter_mut().enumerate().take(x) {
            *r = store::read(p, l, u, x);
        }
        let start = l.row_start(x) * l.width;
        store::decode_into(&p[start..], l.width, &mut row[x..]);
        Ok(PyArray1::from_vec(py, row))
    }

    /// The N × N square as a new array of the smallest unsigned dtype holding 2N − 2 (a copy:
    /// MemoryError up front when it does not fit).  The whole file is checked first.
    fn square<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyUntypedArray>> {
        let n = self.file.header.n;
        refuse_unless_fits(square_bytes(n), &format!("the {n} × {n} square"))?;
        self.check_all(py)?;
        square(
            py,
            n as usize,
            self.file.layout().width,
            self.file.payload(),
        )
    }

    /// The packed upper triangle as a read-only 1-D array without a copy (the memory map):
    /// row x holds G(x, y) for y = x .. N−1, from index x·N − x(x−1)/2.  Only for widths 1, 2
    /// and 4 (uint8, uint16, uint32); ValueError for width 3 (use row() or square()).  The whole
    /// file is checked first unless check=False (then `verified` tells).
    #[pyo3(signature = (check = true))]
    fn triangle<'py>(slf: Bound<'py, Self>, check: bool) -> PyResult<Bound<'py, PyUntypedArray>> {
        let py = slf.py();
        let me = slf.get();
        if check {
            me.check_all(py)?;
        }
        let shape = numpy::ndarray::Ix1(me.file.layout().values());
        // SAFETY: the payload is in the memory map `slf` owns, which it never writes
        match unsafe { view(slf.as_any(), me.file.payload(), me.file.header.width, shape)? } {
            Some(arr) => Ok(arr),
            None => Err(PyValueError::new_err(format!(
                "values of {} bytes are no NumPy dtype here: use row() or square()",
                me.file.header.width
            ))),
        }
    }

    fn __repr__(&self) -> String {
        let h = &self.file.header;
        format!(
            "<wythoff.TableFile a={} n={} width={} verified={}>",
            h.a,
            h.n,
            h.width,
            if self.verified() { "True" } else { "False" }
        )
    }
}

/// Computes the Grundy table of side n and parameter a into the file `path` — the command line's
/// `grundy N -o FILE`: written in place with band checkpoints, complete under its name only at
/// the end — and returns it opened (verified).  Releases the GIL; Ctrl-C stops it, keeping the
/// bands done: resume=True continues from them, restart=True discards them (without either, a
/// partial file of an earlier run is refused with ValueError).
#[pyfunction]
#[pyo3(signature = (path, n, a = Param(1), *, resume = false, restart = false, threads = None, progress = None))]
#[pyo3(
    text_signature = "(path, n, a=1, *, resume=False, restart=False, threads=None, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn write_table(
    py: Python<'_>,
    path: PathArg,
    n: Int,
    a: Param,
    resume: bool,
    restart: bool,
    threads: Option<Int>,
    progress: Option<Py<PyAny>>,
) -> PyResult<TableFile> {
    let path = path.0;
    use wythoff::grundy::{Partial, WriteError};
    if resume && restart {
        return Err(PyValueError::new_err(
            "resume and restart exclude each other",
        ));
    }
    let n64 = u64_of(&n.0, "n")?;
    let spec = Spec::new(a.0, n64).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let threads = threads_of(threads)?;
    let mode = Partial::from_flags(resume, restart);
    // the output's target is checked before the work (as the writer does first)
    crate::errors::check_output(&path)?;
    let cells = n64 * (n64 + 1) / 2;
    crate::interrupt::run(py, progress, cells, |cancel, tick| {
        let ctx = Context::new(threads)
            .with_progress(tick)
            .with_cancel(cancel);
        wythoff::grundy::write_table(spec, &path, mode, &|_| {}, None, &ctx).map_err(|e| match e {
            // the library's message names the command line's flags; here they are arguments
            WriteError::Resume(r) => wythoff::Error::usage(
                r.to_string()
                    .replace("--resume", "resume=True")
                    .replace("--restart", "restart=True"),
            ),
            WriteError::Output(e) | WriteError::Other(e) => e,
        })
    })?;
    open_table(py, PathArg(path), true)
}

/// The number of worker threads: `threads` (at least 1) or all cores.
pub fn threads_of(threads: Option<Int>) -> PyResult<usize> {
    match threads {
        Some(t) => match u64_of(&t.0, "threads")? {
            0 => Err(PyValueError::new_err("threads must be at least 1, got 0")),
            t => Ok(usize::try_from(t).unwrap_or(usize::MAX)),
        },
        None => Ok(std::thread::available_parallelism().map_or(1, |t| t.get())),
    }
}

/// Opens a Grundy table file read-only (a memory map): the header is checked in full, against
/// the checksum too (DamagedFileError for an invalid or damaged file, OSError when it cannot be
/// read); with verify=True the whole payload is checked too.  A file of format version 2, whose
/// one checksum covers the header with the whole payload, is checked whole on open.
#[pyfunction]
#[pyo3(signature = (path, verify = false))]
pub fn open_table(py: Python<'_>, path: PathArg, verify: bool) -> PyResult<TableFile> {
    let path = path.0;
    let file = py.allow_threads(|| File::open(&path)).map_err(file_to_py)?;
    let t = TableFile {
        file,
        verified: Verified::default(),
    };
    if verify || t.file.header.version != wythoff::files::table::VERSION {
        t.check_all(py)?;
    }
    Ok(t)
}
