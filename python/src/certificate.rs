//! Row certificates (`wythoff rows X -o CERT`, doc/rows.md): rows 0..X−1 of G with their
//! certified additive periods, read once ([`wythoff::artifact::certificate::Certificate::read`])
//! and then asked for G(x, y) at any column, as `grundy at X Y --certificate CERT` does.

use crate::convert::{Int, to_py};
use crate::errors::file_to_py;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;
use wythoff::artifact::certificate::Certificate;

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

    /// (preperiod, period) of every row, in order.
    #[getter]
    fn periods(&self) -> Vec<(u64, u64)> {
        self.cert
            .rows()
            .iter()
            .map(|r| (r.preperiod, r.period))
            .collect()
    }

    /// G(x, y), any order, for min(x, y) a certified row and the other pile of any size.
    fn value(&self, py: Python<'_>, x: Int, y: Int) -> PyResult<PyObject> {
        let (x, y) = (x.0, y.0);
        if x < 0 || y < 0 {
            return Err(PyValueError::new_err("pile sizes must be non-negative"));
        }
        let (lo, hi) = if x <= y { (&x, &y) } else { (&y, &x) };
        let g = self
            .cert
            .value(lo, hi)
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
pub fn open_certificate(py: Python<'_>, path: PathBuf) -> PyResult<RowCertificate> {
    let cert = py
        .allow_threads(|| Certificate::read(&path))
        .map_err(file_to_py)?;
    Ok(RowCertificate { cert, path })
}

/// A certificate argument: an opened RowCertificate, or the path of one, read now.
pub fn certificate_arg(py: Python<'_>, ob: &Bound<'_, PyAny>) -> PyResult<Certificate> {
    if let Ok(c) = ob.downcast::<RowCertificate>() {
        return Ok(c.get().cert.clone());
    }
    let path: PathBuf = ob.extract()?;
    Ok(open_certificate(py, path)?.cert)
}
