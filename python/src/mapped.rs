//! What the views of the memory-mapped files share: read-only NumPy arrays over the map without
//! a copy, and the flag that says whether the whole file was checked.
//!
//! A view is a NumPy array whose data is the map and whose base object is the Python object that
//! owns the map, so the map lives as long as any view; it is made read-only before it is returned
//! (the map is read-only).  Values of 1, 2 and 4 bytes are NumPy dtypes (uint8, uint16, uint32,
//! little-endian as the files are, so only on a little-endian machine); 3-byte values are not, and
//! the callers decode those instead.

use numpy::ndarray::{ArrayView, Dimension};
use numpy::{Element, PyArray, PyUntypedArray};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use wythoff::files::FileError;

/// A read-only view of the `width`-byte values in `bytes` as an array of `shape`, owned by
/// `owner`; `None` where the width is no NumPy dtype of this machine (3 bytes, or a big-endian
/// machine).
///
/// # Safety
/// `bytes` must live as long as `owner` and never be written while it does.
pub unsafe fn view<'py, D: Dimension>(
    owner: &Bound<'py, PyAny>,
    bytes: &[u8],
    width: u32,
    shape: D,
) -> PyResult<Option<Bound<'py, PyUntypedArray>>> {
    if cfg!(target_endian = "big") && width > 1 {
        return Ok(None);
    }
    // SAFETY: passed on from the caller; `typed` checks length and alignment
    unsafe {
        Ok(Some(match width {
            1 => typed::<u8, D>(owner, bytes, shape)?,
            2 => typed::<u16, D>(owner, bytes, shape)?,
            4 => typed::<u32, D>(owner, bytes, shape)?,
            _ => return Ok(None),
        }))
    }
}

/// # Safety
/// As [`view`].
unsafe fn typed<'py, T: Element, D: Dimension>(
    owner: &Bound<'py, PyAny>,
    bytes: &[u8],
    shape: D,
) -> PyResult<Bound<'py, PyUntypedArray>> {
    let len = shape.size();
    let fits = len
        .checked_mul(size_of::<T>())
        .is_some_and(|b| b <= bytes.len());
    if !fits || !(bytes.as_ptr() as usize).is_multiple_of(align_of::<T>()) {
        return Err(PyValueError::new_err(
            "internal error (please report): a view outside or misaligned in its map",
        ));
    }
    // SAFETY: in bounds and aligned (checked just above); the bytes outlive `owner`, the view's
    // base, and are never written (the caller's promise; the array is made read-only below).
    let values = unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<T>(), len) };
    let v = ArrayView::from_shape(shape, values)
        .map_err(|e| PyValueError::new_err(format!("internal error (please report): {e}")))?;
    // SAFETY: as above: `owner` keeps the data alive
    let arr = unsafe { PyArray::borrow_from_array(&v, owner.clone()) };
    arr.call_method1("setflags", (false,))?;
    Ok(arr.into_any().downcast_into()?)
}

/// Whether the whole file was found intact, set once the check passes.
#[derive(Default)]
pub struct Verified(AtomicBool);

impl Verified {
    /// Runs `check_all` (without the GIL) unless it passed before; a damaged file raises
    /// DamagedFileError.
    pub fn check(
        &self,
        py: Python<'_>,
        check_all: impl FnOnce() -> Result<(), FileError> + Send,
    ) -> PyResult<()> {
        if !self.get() {
            py.allow_threads(check_all)
                .map_err(crate::errors::file_to_py)?;
            self.0.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Whether the check passed.
    pub fn get(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Row or column `v` of a table of side n, named `what` in the IndexError for one outside it.
pub fn index(v: &crate::convert::Int, n: u64, what: &str) -> PyResult<u64> {
    v.0.to_u64().filter(|&i| i < n).ok_or_else(|| {
        pyo3::exceptions::PyIndexError::new_err(format!(
            "{what} = {} is outside the table (rows and columns 0 to {})",
            wythoff::pairs::abbreviate(&v.0),
            n.saturating_sub(1)
        ))
    })
}

/// G(x, y) of a banded table file (Grundy or line-game table), any order, after checking the band
/// of rows that holds it: IndexError outside the table, DamagedFileError for a damaged band.
pub fn value_at<H: wythoff::files::bands::BandedHeader>(
    file: &wythoff::files::bands::BandedFile<H>,
    x: &crate::convert::Int,
    y: &crate::convert::Int,
) -> PyResult<u32> {
    let n = file.header.rows();
    let (x, y) = (index(x, n, "x")?, index(y, n, "y")?);
    let g = file.get_checked(x, y).map_err(crate::errors::file_to_py)?;
    g.ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("outside the table"))
}

/// The methods every class of a memory-mapped table file has (`TableFile`, `LineTableFile`: a
/// struct with `file`, a banded file, and `verified`, a [`Verified`]): `check_all`, and in one
/// `#[pymethods]` block the getters `n`, `width`, `version`, `verified`, the methods `verify` and
/// `get`, then the class's own methods.  The docstrings of `n`, `verify` and `get`, which say
/// what they mean for that kind of file, are given before their names.
macro_rules! mapped_file_methods {
    (
        $class:ident;
        $(#[$n_doc:meta])* n;
        $(#[$verify_doc:meta])* verify;
        $(#[$get_doc:meta])* get;
        $($own:tt)*
    ) => {
        impl $class {
            fn check_all(&self, py: Python<'_>) -> PyResult<()> {
                self.verified.check(py, || self.file.check_all())
            }
        }

        #[pymethods]
        impl $class {
            $(#[$n_doc])*
            #[getter]
            fn n(&self) -> u64 {
                self.file.header.n
            }

            /// Bytes per value in the file (1 to 4).
            #[getter]
            fn width(&self) -> u32 {
                self.file.header.width
            }

            /// The file format version.
            #[getter]
            fn version(&self) -> u32 {
                self.file.header.version
            }

            /// Whether the whole payload was checked against the file's checksums.
            #[getter]
            fn verified(&self) -> bool {
                self.verified.get()
            }

            $(#[$verify_doc])*
            fn verify(&self, py: Python<'_>) -> PyResult<()> {
                self.check_all(py)
            }

            $(#[$get_doc])*
            fn get(&self, x: $crate::convert::Int, y: $crate::convert::Int) -> PyResult<u32> {
                $crate::mapped::value_at(&self.file, &x, &y)
            }

            $($own)*
        }
    };
}
pub(crate) use mapped_file_methods;
