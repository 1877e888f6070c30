//! Three-pile Wythoff cube files (`wythoff three N --cube FILE`, doc/formats.md): T(y, z) — the
//! one x with (x, y, z) a P-position, when x ≤ N — for 0 ≤ y, z ≤ N, written by the library's
//! checkpointed writer ([`wythoff::three_pile::cube::write`]) and read through its checked
//! memory map ([`wythoff::files::cube::Cube`]).  The values are stored tile by tile, so no
//! array view of the file is possible: `square()` is a copy, refused up front when it will not
//! fit.

use crate::convert::{Int, PathArg, u64_of};
use crate::errors::{check_output, file_to_py, refuse_unless_fits};
use numpy::{PyArray2, ToPyArray};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use wythoff::files::cube::Cube;

/// A three-pile cube file opened read-only: the header, the length, the checksum over the header
/// and every value, and every value's range are checked on open (DamagedFileError otherwise).
#[pyclass(frozen, module = "wythoff")]
pub struct CubeFile {
    cube: Cube,
}

#[pymethods]
impl CubeFile {
    /// The side N: the file covers 0 <= y, z <= N.
    #[getter]
    fn n(&self) -> u64 {
        self.cube.side()
    }

    /// Always True: the whole file was checked against its checksum when it was opened.
    #[getter]
    fn verified(&self) -> bool {
        true
    }

    /// T(y, z): the x <= N with (x, y, z) a P-position, or None when there is none within the
    /// cube (or y or z lies outside it).  Symmetric in y and z.
    fn partner(&self, y: Int, z: Int) -> PyResult<Option<u64>> {
        let (y, z) = (u64_of(&y.0, "y")?, u64_of(&z.0, "z")?);
        Ok(self.cube.partner(y, z))
    }

    /// The (N + 1) × (N + 1) array of T(y, z) as int64, −1 where there is none within the cube:
    /// a copy (the file stores tiles), refused with MemoryError before it is made when it will
    /// not fit.
    fn square<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let side = self.cube.side() + 1;
        let bytes = side.checked_mul(side).and_then(|c| c.checked_mul(8));
        refuse_unless_fits(bytes, &format!("the {side} × {side} square"))?;
        let s = side as usize;
        let values = py.allow_threads(|| {
            let mut v = vec![-1i64; s * s];
            for y in 0..side {
                for z in y..side {
                    if let Some(x) = self.cube.partner(y, z) {
                        v[y as usize * s + z as usize] = x as i64;
                        v[z as usize * s + y as usize] = x as i64;
                    }
                }
            }
            v
        });
        let a = numpy::ndarray::Array2::from_shape_vec((s, s), values)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(a.to_pyarray(py))
    }

    fn __repr__(&self) -> String {
        format!("<wythoff.CubeFile N={}>", self.cube.side())
    }
}

/// Opens a three-pile cube file read-only (DamagedFileError for an invalid or damaged file,
/// OSError when it cannot be read).
#[pyfunction]
pub fn open_cube(py: Python<'_>, path: PathArg) -> PyResult<CubeFile> {
    let path = path.0;
    let cube = py.allow_threads(|| Cube::open(&path)).map_err(file_to_py)?;
    Ok(CubeFile { cube })
}

/// Solves three-pile Wythoff on [0, N]³ into the cube file `path` (checkpointed, as
/// `wythoff three N --cube FILE`; resume=True continues an interrupted run, restart=True
/// discards it) and returns it opened.  Releases the GIL; Ctrl-C stops it, keeping the
/// checkpoints written for resume=True (nothing is under the name `path` until the cube is
/// whole); progress(done, total) is called with the lines solved.
#[pyfunction]
#[pyo3(signature = (path, n, *, resume = false, restart = false, progress = None))]
pub fn write_cube(
    py: Python<'_>,
    path: PathArg,
    n: Int,
    resume: bool,
    restart: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<CubeFile> {
    let path = path.0;
    if resume && restart {
        return Err(PyValueError::new_err(
            "resume and restart exclude each other",
        ));
    }
    let n = u64_of(&n.0, "n")?;
    check_output(&path)?;
    let mode = wythoff::files::Partial::from_flags(resume, restart);
    let lines = crate::extra::three_pile_lines(n);
    crate::interrupt::run(py, progress, lines, |cancel, tick| {
        let ctx = wythoff::Context::serial()
            .with_progress(tick)
            .with_cancel(cancel);
        wythoff::three_pile::cube::write(n, &path, mode, &|_| {}, None, &ctx)
    })?;
    open_cube(py, PathArg(path))
}
