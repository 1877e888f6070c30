//! Python integers in and out: any object with `__index__` (int, NumPy and gmpy2 integers) to a
//! GMP integer and back, exactly, at any size.
//!
//! Small values take the machine-word path; larger ones travel as hexadecimal text, which
//! Python converts in linear time and without its limit on decimal digits
//! (`sys.set_int_max_str_digits` bounds only non-power-of-two bases).  Cost: O(digits).
//!
//! Paths in are `str`, `bytes` or `os.PathLike`, as `os.fsencode` takes them: on Unix the bytes
//! are the file name (a non-UTF-8 name included), a `str` is encoded by the file system encoding
//! with `surrogateescape`, so `os.fsdecode(name)` and `name` open the same file.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTypeMethods};
use rug::Integer;
use std::path::PathBuf;

/// A path argument: `str`, `bytes` or `os.PathLike` (see the module documentation).  A wrong type
/// is a `TypeError` that PyO3 prefixes with the argument's name.
pub struct PathArg(pub PathBuf);

impl<'py> FromPyObject<'py> for PathArg {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        let os = ob.py().import("os")?;
        let not_path = || {
            PyTypeError::new_err(format!(
                "expected a path (str, bytes or os.PathLike), got {}",
                type_name(ob)
            ))
        };
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let b = os.call_method1("fsencode", (ob,)).map_err(|e| {
                if e.is_instance_of::<PyTypeError>(ob.py()) {
                    not_path()
                } else {
                    e
                }
            })?;
            let bytes: &[u8] = b.downcast::<pyo3::types::PyBytes>()?.as_bytes();
            Ok(PathArg(std::ffi::OsStr::from_bytes(bytes).into()))
        }
        #[cfg(not(unix))]
        {
            let s = os.call_method1("fsdecode", (ob,)).map_err(|e| {
                if e.is_instance_of::<PyTypeError>(ob.py()) {
                    not_path()
                } else {
                    e
                }
            })?;
            Ok(PathArg(s.extract::<String>()?.into()))
        }
    }
}

/// The name of `ob`'s type as Python writes it: `int`, `numpy.bool`, `fractions.Fraction`.
pub fn type_name(ob: &Bound<'_, PyAny>) -> String {
    let ty = ob.get_type();
    ty.fully_qualified_name()
        .map(|n| n.to_string())
        .or_else(|_| ty.name().map(|n| n.to_string()))
        .unwrap_or_else(|_| "?".into())
}

/// An integer argument: an int, or any object with `__index__`.
pub struct Int(pub Integer);

impl<'py> FromPyObject<'py> for Int {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        let int = index(ob)?;
        if let Ok(v) = int.extract::<i64>() {
            return Ok(Int(Integer::from(v)));
        }
        let hex: String = int.call_method1("__format__", ("x",))?.extract()?;
        Integer::from_str_radix(&hex, 16)
            .map(Int)
            .map_err(|e| PyValueError::new_err(format!("not an integer: {e}")))
    }
}

/// The parameter a ≥ 1 of the generalized game (a = 1 is Wythoff's).
#[derive(Clone, Copy)]
pub struct Param(pub u64);

impl<'py> FromPyObject<'py> for Param {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        let Int(v) = ob.extract()?;
        match v.to_u64() {
            Some(a) if a >= 1 => Ok(Param(a)),
            _ => Err(PyValueError::new_err(format!(
                "a must be an integer from 1 to 2**64 - 1 (a = 1 is Wythoff's game), got {}",
                wythoff::pairs::abbreviate(&v)
            ))),
        }
    }
}

/// `operator.index(ob)`, with a message that names what is accepted.
fn index<'py>(ob: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyInt>> {
    if let Ok(i) = ob.downcast::<PyInt>() {
        return Ok(i.clone());
    }
    let not_int = || {
        let ty = type_name(ob);
        // NumPy's bool, unlike Python's (an int), has no __index__: operator.index refuses it too
        let hint = if ty == "numpy.bool" || ty == "numpy.bool_" {
            " (NumPy's bool is not an integer: pass int(v))"
        } else {
            ""
        };
        PyTypeError::new_err(format!(
            "expected an integer (an int or an object with __index__), got {ty}{hint}"
        ))
    };
    if !ob.hasattr("__index__")? {
        return Err(not_int());
    }
    let v = ob.call_method0("__index__")?;
    v.downcast_into::<PyInt>().map_err(|_| not_int())
}

/// A non-negative integer argument that must fit in a u64, named `what` in the message.
pub fn u64_of(v: &Integer, what: &str) -> PyResult<u64> {
    if *v < 0 {
        return Err(PyValueError::new_err(format!(
            "{what} must be non-negative, got {}",
            wythoff::pairs::abbreviate(v)
        )));
    }
    v.to_u64().ok_or_else(|| {
        pyo3::exceptions::PyOverflowError::new_err(format!(
            "{what} = {} is beyond 2**64 - 1",
            wythoff::pairs::abbreviate(v)
        ))
    })
}

/// A GMP integer as a Python int.
pub fn to_py(py: Python<'_>, v: &Integer) -> PyResult<PyObject> {
    if let Some(x) = v.to_i64() {
        return Ok(x.into_pyobject(py)?.into_any().unbind());
    }
    let hex = v.to_string_radix(16);
    Ok(py.get_type::<PyInt>().call1((hex, 16))?.unbind())
}

/// A position as a Python tuple of ints.
pub fn pair_to_py(py: Python<'_>, (x, y): &(Integer, Integer)) -> PyResult<(PyObject, PyObject)> {
    Ok((to_py(py, x)?, to_py(py, y)?))
}
