//! Row certificates (`wythoff rows X -o CERT`, doc/rows.md): rows 0..X−1 of G with their
//! certified additive periods, written by the library's one call that certifies rows
//! ([`wythoff::grundy::rows::certify::certify`], as `wythoff rows X -o CERT` does), read once
//! ([`Certificate::read`]) and then asked for G(x, y) at any column, as `grundy at X Y
//! --certificate CERT` does.
//!
//! The file holds per row its preperiod y₀ and period p, the offsets G − y of one period and,
//! where stored, those below y₀ (doc/formats.md): so the preperiods and periods are arrays of X
//! values, and a row G(x, start..stop) is the array y + offset, the offset read at y₀ + (y − y₀)
//! mod p from y₀ on — O(stop − start), refused up front when it will not fit in memory.

use crate::convert::{Int, PathArg, to_py, u64_of};
use crate::errors::{file_to_py, refuse_unless_fits};
use numpy::PyArray1;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;
use wythoff::files::certificate::{Certificate, DEFAULT_PREFIX_BUDGET};
use wythoff::grundy::rows;

/// Certified rows 0..X−1 of the Grundy function of generalized Wythoff with parameter a, from a
/// row certificate file: G(x, y + p) = G(x, y) + p for y ≥ y₀ in row x, with its least period p
/// and preperiod y₀ proved by the sweep that wrote it.  The file's checksum is checked on open
/// (DamagedFileError otherwise).
#[pyclass(frozen, module = "wythoff")]
pub struct RowCertificate {
    pub(crate) cert: Certificate,
    path: PathBuf,
}

#[pymethods]
impl RowCertificate {
    /// The parameter a of the game.
    #[getter]
    fn a(&self) -> u64 {
        self.cert.a
    }

    /// X, the number of certified rows (rows 0 .. X−1).
    #[getter]
    fn rows(&self) -> u64 {
        self.cert.x()
    }

    /// (μ, λ): the joint preperiod and period of the sweep that certified the rows.
    #[getter]
    fn joint(&self) -> (u64, u64) {
        self.cert.joint
    }

    /// The preperiod y₀ of each row 0..X−1 as a uint64 array: G(x, y + p) = G(x, y) + p for
    /// y >= y₀, and not for y₀ − 1.
    fn preperiods<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        let v = self.cert.rows().iter().map(|r| r.preperiod).collect();
        PyArray1::from_vec(py, v)
    }

    /// The least additive period p of each row 0..X−1 as a uint64 array.
    fn periods<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        let v = self.cert.rows().iter().map(|r| r.period).collect();
        PyArray1::from_vec(py, v)
    }

    /// Whether the values below the preperiod are stored, for each row 0..X−1, as a bool array
    /// (True for a row with y₀ = 0): `row` and `value` answer below y₀ only for those rows.
    fn prefix_stored<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let v = self.cert.rows().iter().map(|r| r.prefix_stored).collect();
        PyArray1::from_vec(py, v)
    }

    /// G(x, y) for y in range(start, stop) as a new uint64 array (row x of the certificate),
    /// from the stored values below the preperiod and the period after it.  ValueError when the
    /// range reaches below a preperiod whose values are not stored, or when a value passes
    /// 2^64 − 1; MemoryError, before any work, when the array will not fit.
    #[pyo3(signature = (x, stop, *, start = None))]
    fn row<'py>(
        &self,
        py: Python<'py>,
        x: Int,
        stop: Int,
        start: Option<Int>,
    ) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let rows = self.cert.rows();
        let xi = u64_of(&x.0, "x")?;
        let Some(r) = usize::try_from(xi).ok().and_then(|i| rows.get(i)) else {
            return Err(PyIndexError::new_err(format!(
                "row {xi} is not in the certificate (rows 0..{})",
                rows.len() - 1
            )));
        };
        let x = xi as usize;
        let stop = u64_of(&stop.0, "stop")?;
        let start = match start {
            Some(s) => u64_of(&s.0, "start")?,
            None => 0,
        };
        if start > stop {
            return Err(PyValueError::new_err(format!(
                "start {start} is beyond stop {stop}"
            )));
        }
        if start < r.preperiod && !r.prefix_stored {
            return Err(PyValueError::new_err(format!(
                "'{}': the values of row {x} below its preperiod {} are not stored; ask for \
                 start >= {} (or write the certificate with a larger prefix budget)",
                self.path.display(),
                r.preperiod,
                r.preperiod
            )));
        }
        let len = stop - start;
        refuse_unless_fits(
            len.checked_mul(8),
            &format!("row {x} from {start} to {stop}"),
        )?;
        let cert = &self.cert;
        let values = py.allow_threads(|| -> Option<Vec<u64>> {
            let mut v = Vec::with_capacity(len as usize);
            let mut i = start.saturating_sub(r.preperiod) % r.period;
            for y in start..stop {
                let off = if y < r.preperiod {
                    cert.prefix_offset(x, y)?
                } else {
                    let o = cert.cycle_offset(x, i);
                    i = if i + 1 == r.period { 0 } else { i + 1 };
                    o
                };
                v.push(y.checked_add_signed(i64::from(off))?);
            }
            Some(v)
        });
        let v = values.ok_or_else(|| {
            PyValueError::new_err(format!(
                "row {x} from {start} to {stop}: a value of G passes 2^64 - 1"
            ))
        })?;
        Ok(PyArray1::from_vec(py, v))
    }

    /// G(x, y), any order, for min(x, y) a certified row and the other pile of any size; below a
    /// preperiod whose values are not stored, from a table when both piles are below 8192 (as
    /// sum_analysis and grundy_at do), ValueError beyond.
    fn value(&self, py: Python<'_>, x: Int, y: Int) -> PyResult<PyObject> {
        let (x, y) = (x.0, y.0);
        if x < 0 || y < 0 {
            return Err(PyValueError::new_err("pile sizes must be non-negative"));
        }
        let g = value(py, &self.cert, &x, &y)?
            .map_err(|e| PyValueError::new_err(format!("'{}': {e}", self.path.display())))?;
        to_py(py, &g)
    }

    fn __repr__(&self) -> String {
        format!(
            "<wythoff.RowCertificate a={} rows={} path='{}'>",
            self.cert.a,
            self.cert.x(),
            self.path.display()
        )
    }
}

/// Reads a row certificate file (`wythoff rows X -o CERT`): its header and checksum are checked
/// (DamagedFileError for an invalid or damaged file, OSError when it cannot be read).
#[pyfunction]
pub fn open_certificate(py: Python<'_>, path: PathArg) -> PyResult<RowCertificate> {
    let path = path.0;
    let cert = py
        .allow_threads(|| Certificate::read(&path))
        .map_err(file_to_py)?;
    Ok(RowCertificate { cert, path })
}

/// Certifies rows 0..rows−1 of the Grundy function of generalized Wythoff with parameter a by
/// the row sweep and writes them to the row certificate `path` — the command line's
/// `wythoff rows X -a A -o CERT`, with its default budgets and threads (all cores), without its
/// checkpoints: written whole (complete under its name, or absent: a stopped call leaves no
/// file) — and returns it opened.  Releases the GIL; Ctrl-C stops the sweep within 2^12 columns.  ValueError when no
/// period is found within max_columns columns (no file is written then).
#[pyfunction]
#[pyo3(signature = (path, rows, a = crate::convert::Param(1), *, max_columns = Int(1_000_000_000u64.into())))]
#[pyo3(text_signature = "(path, rows, a=1, *, max_columns=1000000000)")]
pub fn write_certificate(
    py: Python<'_>,
    path: PathArg,
    rows: Int,
    a: crate::convert::Param,
    max_columns: Int,
) -> PyResult<RowCertificate> {
    let path = path.0;
    let x = usize::try_from(u64_of(&rows.0, "rows")?)
        .map_err(|_| PyValueError::new_err("rows: too many"))?;
    let max_columns = u64_of(&max_columns.0, "max_columns")?;
    let request = rows::certify::Request {
        a: a.0,
        rows: x,
        max_columns,
        period: None,
        output: Some(rows::certify::Output {
            path: &path,
            prefix_budget: DEFAULT_PREFIX_BUDGET,
            checkpoints: None,
        }),
    };
    use rows::certify::{CertifyError, certify};
    let last = x.saturating_sub(1);
    let done = crate::interrupt::run(py, None, 0, |cancel, _| {
        let ctx = wythoff::Context::all_cores().with_cancel(cancel);
        Ok(certify(&request, &|_| {}, &ctx))
    })?
    .map_err(|e| match e {
        CertifyError::Refused(r) => PyValueError::new_err(r.message),
        CertifyError::Output(e) => crate::errors::output_to_py(e, &path),
        // a budget chosen too small, not a bug: bad input (ValueError)
        CertifyError::NoPeriod { columns: c } => PyValueError::new_err(format!(
            "max_columns = {c}: no period found within {c} columns, so rows 0..{last} are not \
             certified; raise max_columns"
        )),
        CertifyError::Failed(e) => crate::errors::to_py(e),
    })?;
    let cert = done.certificate.ok_or_else(|| {
        crate::errors::to_py(wythoff::Error::internal("no certificate was written"))
    })?;
    Ok(RowCertificate { cert, path })
}

/// G(x, y) (any order, non-negative) from `cert` by the library's one evaluator of certificates
/// ([`wythoff::sums::certificate_value`]: a table below 8192 where the values below a preperiod
/// are not stored), without the GIL; the certificate's refusal is the inner error.
pub fn value(
    py: Python<'_>,
    cert: &Certificate,
    x: &rug::Integer,
    y: &rug::Integer,
) -> PyResult<Result<rug::Integer, wythoff::files::certificate::CertificateError>> {
    use wythoff::sums::{TABLE_LIMIT, certificate_value};
    crate::interrupt::run(py, None, 0, |cancel, _| {
        certificate_value(
            cert,
            x,
            y,
            TABLE_LIMIT,
            &wythoff::Context::new(2).with_cancel(cancel),
        )
    })
}

/// A certificate argument: an opened RowCertificate, or the path of one, read now.
pub fn certificate_arg(py: Python<'_>, ob: &Bound<'_, PyAny>) -> PyResult<Certificate> {
    Ok(certificate_and_path(py, ob)?.0)
}

/// A certificate argument, as [`certificate_arg`], with the path of its file (to name it).
pub fn certificate_and_path(
    py: Python<'_>,
    ob: &Bound<'_, PyAny>,
) -> PyResult<(Certificate, PathBuf)> {
    if let Ok(c) = ob.downcast::<RowCertificate>() {
        let c = c.get();
        return Ok((c.cert.clone(), c.path.clone()));
    }
    let path = ob.extract::<PathArg>().map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "certificate must be a RowCertificate or a path (str, bytes or os.PathLike), got \
                 {}",
                crate::convert::type_name(ob)
            ))
        } else {
            e
        }
    })?;
    let c = open_certificate(py, path)?;
    Ok((c.cert, c.path))
}
