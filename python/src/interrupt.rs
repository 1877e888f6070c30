//! Long work without the GIL, stopped cleanly by Ctrl-C and reporting progress.
//!
//! The work runs on a thread of its own while the calling thread, without the GIL, waits for its
//! result; every [`POLL`] it takes the GIL briefly to run Python's signal handlers
//! (`Python::check_signals`, which raises `KeyboardInterrupt` after Ctrl-C) and to call the
//! progress callback.  An exception from either sets the library's [`Cancel`] flag, which the
//! engines poll between blocks: the work stops within a block and the exception is raised.  No
//! signal handler of Rust is installed in the interpreter.  A progress that is not callable is
//! refused before the work, naming `progress`.  Cost: one thread start per call and
//! one wake-up per 50 ms.

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;
use wythoff::cancel::Cancel;

/// How often the waiting thread looks at signals and reports progress.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work` without the GIL; `progress(done, total)` is called with the units finished.
pub fn run<T: Send>(
    py: Python<'_>,
    progress: Option<Py<PyAny>>,
    total: u64,
    work: impl FnOnce(&Cancel, &(dyn Fn(u64) + Sync)) -> wythoff::Result<T> + Send,
) -> PyResult<T> {
    if let Some(cb) = &progress {
        let cb = cb.bind(py);
        if !cb.is_callable() {
            return Err(PyTypeError::new_err(format!(
                "progress must be callable or None, got {}",
                crate::convert::type_name(cb)
            )));
        }
    }
    let cancel = Cancel::new();
    let done = AtomicU64::new(0);
    let mut failure: Option<PyErr> = None;
    let outcome = py.allow_threads(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            let (cancel, done) = (&cancel, &done);
            scope.spawn(move || {
                let tick = |k: u64| {
                    done.fetch_add(k, Ordering::Relaxed);
                };
                let r = catch_unwind(AssertUnwindSafe(|| work(cancel, &tick)));
                // the receiver waits until this arrives
                let _ = tx.send(r);
            });
            let mut reported = u64::MAX;
            loop {
                match rx.recv_timeout(POLL) {
                    Ok(r) => return Some(r),
                    Err(RecvTimeoutError::Disconnected) => return None,
                    Err(RecvTimeoutError::Timeout) if failure.is_none() => {
                        Python::with_gil(|py| {
                            let r = py.check_signals().and_then(|()| {
                                report(py, progress.as_ref(), done, total, &mut reported)
                            });
                            if let Err(e) = r {
                                failure = Some(e);
                                cancel.cancel();
                            }
                        });
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
            }
        })
    });
    if let Some(e) = failure {
        return Err(e);
    }
    match outcome {
        Some(Ok(r)) => {
            let t = r.map_err(crate::errors::to_py)?;
            let mut reported = u64::MAX;
            report(py, progress.as_ref(), &done, total, &mut reported)?;
            Ok(t)
        }
        _ => Err(PyRuntimeError::new_err(
            "internal error (please report): the computation stopped without a result",
        )),
    }
}

/// Calls the progress callback with (done, total) if `done` moved since the last call.
fn report(
    py: Python<'_>,
    progress: Option<&Py<PyAny>>,
    done: &AtomicU64,
    total: u64,
    reported: &mut u64,
) -> PyResult<()> {
    let Some(cb) = progress else { return Ok(()) };
    let d = done.load(Ordering::Relaxed).min(total);
    if d != *reported {
        *reported = d;
        cb.call1(py, (d, total))?;
    }
    Ok(())
}
