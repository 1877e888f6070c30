//! The library's typed errors as Python exceptions.
//!
//! * bad input ([`wythoff::Error::Usage`], `Number`, `Rational`, `Domain`) → `ValueError`;
//! * a file that cannot be read → `OSError` with `errno` and `filename` (so `FileNotFoundError`,
//!   `PermissionError`, … by the errno);
//! * a file that is not a valid, intact wythoff file of the kind asked for (a checksum that does
//!   not match, a truncated or edited file, a wrong header, another kind) → `DamagedFileError`,
//!   a subclass of `OSError`, with `filename`; other damaged data (the saved state of an
//!   interrupted run) → `OSError` with the library's message;
//! * a refusal before allocation (the memory a result needs is not available) → `MemoryError`
//!   ([`refuse_unless_fits`]);
//! * a disagreement of two strategies, an internal check, an inconclusive search →
//!   `RuntimeError`.
//!
//! `filename` is the path as `os.fsdecode` gives it (a name that is not UTF-8 with
//! `surrogateescape`), so `os.fsencode(e.filename)` is the file's name.

use pyo3::exceptions::{
    PyKeyboardInterrupt, PyMemoryError, PyOSError, PyRuntimeError, PyValueError,
};
use pyo3::import_exception;
use pyo3::prelude::*;
use std::path::Path;
use wythoff::files::FileError;

// Defined in Python (python/wythoff/_errors.py) so that its message stays the library's one
// line while `filename` is set, which OSError's own formatting cannot do.
import_exception!(wythoff._errors, DamagedFileError);

/// The library's error as a Python exception.
pub fn to_py(e: wythoff::Error) -> PyErr {
    use wythoff::Error as E;
    match e {
        E::Usage(_) | E::Number(_) | E::Rational(_) | E::Domain(_) => {
            PyValueError::new_err(e.to_string())
        }
        E::File { path, source } => os_error(&source, &path),
        E::Stdout(source) | E::Write(source) => os_error(&source, Path::new("")),
        E::Io { source, .. } => os_error(&source, Path::new("")),
        E::Damaged(cause) => match cause.downcast::<FileError>() {
            Ok(file) => file_to_py(*file),
            Err(cause) => PyOSError::new_err(cause.to_string()),
        },
        E::Cancelled => PyKeyboardInterrupt::new_err("the computation was cancelled"),
        E::Disagreement(_) | E::Internal(_) | E::Inconclusive(_) => {
            PyRuntimeError::new_err(e.to_string())
        }
    }
}

/// A file error as a Python exception: `OSError` for a file that cannot be read,
/// `DamagedFileError` for one that is invalid or damaged.
pub fn file_to_py(e: FileError) -> PyErr {
    match &e {
        FileError::Open { path, source } => os_error(source, path),
        FileError::NotRegular { path, .. } => {
            let (errno, what) = if path.is_dir() {
                (libc::EISDIR, "Is a directory")
            } else {
                (libc::EINVAL, "not a regular file (a FIFO or a device)")
            };
            PyOSError::new_err((errno, what, path.as_os_str().to_os_string()))
        }
        FileError::Damaged { path, .. } | FileError::Invalid { path, .. } => {
            DamagedFileError::new_err((e.to_string(), path.as_os_str().to_os_string()))
        }
    }
}

/// An output that cannot be written at `path` (the files layer refuses it before any work,
/// as bad usage) as the OSError Python's own `open` would raise where there is one —
/// `IsADirectoryError` for a directory, `FileNotFoundError` for a missing directory — and as an
/// OSError with the library's message otherwise (a FIFO where a regular file is needed, a
/// directory that takes no new file).
pub fn output_to_py(e: wythoff::Error, path: &Path) -> PyErr {
    let name = path.as_os_str().to_os_string();
    let parent_missing = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => !d.exists(),
        _ => false,
    };
    match e {
        wythoff::Error::File { path, source } => os_error(&source, &path),
        _ if path.is_dir() => PyOSError::new_err((libc::EISDIR, "Is a directory", name)),
        _ if parent_missing => {
            PyOSError::new_err((libc::ENOENT, "No such file or directory", name))
        }
        wythoff::Error::Usage(m) => PyOSError::new_err(m),
        e => to_py(e),
    }
}

/// Refuses, before any work, an output at `path` that cannot be a regular file there: the
/// files layer's check of the target ([`wythoff::files::atomic::target`]) and a missing
/// directory, as [`output_to_py`] raises them.
pub fn check_output(path: &Path) -> PyResult<()> {
    use wythoff::files::{Need, atomic};
    atomic::target(path, Need::Regular).map_err(|e| output_to_py(e, path))?;
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() && !d.is_dir() => Err(output_to_py(
            wythoff::Error::usage("the directory does not exist"),
            path,
        )),
        _ => Ok(()),
    }
}

/// `OSError(errno, strerror, filename)`: Python picks the subclass by the errno.
fn os_error(source: &std::io::Error, path: &Path) -> PyErr {
    let text = source.to_string();
    // io::Error renders "message (os error N)"; Python adds the number itself
    let strerror = match text.rfind(" (os error ") {
        Some(i) => text[..i].to_string(),
        None => text,
    };
    let filename = path.as_os_str().to_os_string();
    match source.raw_os_error() {
        Some(errno) if filename.is_empty() => PyOSError::new_err((errno, strerror)),
        Some(errno) => PyOSError::new_err((errno, strerror, filename)),
        None => with_filename(PyOSError::new_err(strerror), path),
    }
}

/// Sets `filename` on an exception built from a message alone.
fn with_filename(err: PyErr, path: &Path) -> PyErr {
    Python::with_gil(|py| {
        let name = path.as_os_str().to_os_string();
        // setting an attribute of a fresh OSError cannot fail; if it did, the message still
        // names the file
        let _ = err.value(py).setattr("filename", name);
    });
    err
}

/// Refuses up front, with `MemoryError`, a result of `bytes` bytes (plus the working memory
/// already counted in it) that the memory available now cannot hold — or that does not even
/// have a size (`None`: the arithmetic overflowed).
pub fn refuse_unless_fits(bytes: Option<u64>, what: &str) -> PyResult<u64> {
    let avail = wythoff::files::resources::available_memory();
    match (bytes, avail) {
        (Some(b), Some(a)) if b > a => Err(PyMemoryError::new_err(format!(
            "{what} needs {} of memory and {} are available",
            wythoff::files::resources::size(b),
            wythoff::files::resources::size(a)
        ))),
        (Some(b), _) if usize::try_from(b).is_ok() => Ok(b),
        _ => Err(PyMemoryError::new_err(format!(
            "{what} needs more memory than this machine can address"
        ))),
    }
}
