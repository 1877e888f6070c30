//! Standard output with typed errors: every command prints through [`Out`], never `println!`
//! (which panics when stdout fails, e.g. `> /dev/full`).
//!
//! A failed write becomes [`Error::Stdout`] holding the [`std::io::Error`], so `main` ends a
//! closed pipe (`| head`) quietly with status 0 by its [`std::io::ErrorKind::BrokenPipe`] and any
//! other failure with one line and status 1.  [`Out`] also implements [`Write`] for library
//! writers (`emit::write_text`, `oeis::write_bfile`) and remembers their I/O error: wrap their
//! result in [`Out::typed`] to get the typed error back whatever the library made of it.
//!
//! Usage: `let mut out = Out::new(); out.line(format_args!("{x}"))?; out.json(&value)?;
//! out.finish()` — `finish` flushes and must end every command that printed.  [`Sink`] is the one
//! "file of `-o` or standard output" of the commands that write text either way.
//!
//! One rule for every streaming output: a write that fails keeps its [`std::io::Error`], on
//! standard output ([`Error::Stdout`]) as on the file of `-o` ([`Error::File`], whatever a library
//! writer made of it: `Kept`), so that a closed pipe — `| head` on standard output, or on
//! `-o /dev/stdout` or a FIFO — ends the run quietly with status 0 ([`Error::is_broken_pipe`]).

mod sink;

use super::json::Versioned;
use serde::Serialize;
pub(crate) use sink::Sink;
use std::io::{self, BufWriter, Write};
use wythoff::error::{Error, Result};

/// Buffered standard output that keeps the cause of a failure.
pub(crate) struct Out {
    w: Kept<BufWriter<io::StdoutLock<'static>>>,
}

/// A writer that keeps (a copy of) its first failure, so that the cause comes back typed
/// whatever error a library writer made of it ([`Kept::typed`]).
struct Kept<W: Write> {
    w: W,
    failed: Option<io::Error>,
}

impl<W: Write> Kept<W> {
    fn new(w: W) -> Kept<W> {
        Kept { w, failed: None }
    }

    /// The result of a library call that wrote here: when a write failed, `typed(cause)`,
    /// whatever error the library returned.
    fn typed<T>(&mut self, r: Result<T>, typed: impl FnOnce(io::Error) -> Error) -> Result<T> {
        match (r, self.failed.take()) {
            (Err(_), Some(e)) => Err(typed(e)),
            (r, _) => r,
        }
    }

    fn keep<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        r.inspect_err(|e| {
            if self.failed.is_none() {
                self.failed = Some(copy(e));
            }
        })
    }
}

impl<W: Write> Write for Kept<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.w.write(buf);
        self.keep(r)
    }

    fn flush(&mut self) -> io::Result<()> {
        let r = self.w.flush();
        self.keep(r)
    }
}

/// A copy of an I/O error (io::Error is not Clone): the OS code when there is one, else the kind
/// and text.
fn copy(e: &io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::new(e.kind(), e.to_string()),
    }
}

/// The exit of a check whose report was printed: `Ok` when it passed (`ok`), else a
/// disagreement (status 1) saying `failed()`.
pub(crate) fn passed_or(ok: bool, failed: impl FnOnce() -> String) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(Error::Disagreement(failed()))
    }
}

impl Out {
    /// Standard output, locked and buffered (64 KiB; larger writes go straight through).
    pub(crate) fn new() -> Out {
        Out {
            w: Kept::new(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
        }
    }

    /// Writes one line (the text of `args` and a newline).
    pub(crate) fn line(&mut self, args: std::fmt::Arguments<'_>) -> Result<()> {
        writeln!(self.w, "{args}").map_err(Error::Stdout)
    }

    /// Writes text as it is.
    pub(crate) fn text(&mut self, s: &str) -> Result<()> {
        self.w.write_all(s.as_bytes()).map_err(Error::Stdout)
    }

    /// Writes `body` as one line of JSON, with `"version": 1` in front of its fields.
    pub(crate) fn json<T: Serialize>(&mut self, body: &T) -> Result<()> {
        self.json_versioned(super::json::VERSION, body)
    }

    /// One JSON object of a shape with a version of its own, and a newline.
    pub(crate) fn json_versioned<T: Serialize>(&mut self, version: u32, body: &T) -> Result<()> {
        // streamed: a long array (cw --path) is never held in memory
        let r = serde_json::to_writer(&mut *self, &Versioned::with(version, body))
            .map_err(|e| Error::internal(format!("JSON rendering: {e}")));
        self.typed(r)?;
        self.text("\n")
    }

    /// The result of a library call that wrote into this output: when a write failed, the typed
    /// [`Error::Stdout`] with its cause, whatever error the library returned.
    pub(crate) fn typed<T>(&mut self, r: Result<T>) -> Result<T> {
        self.w.typed(r, Error::Stdout)
    }

    /// Flushes; every command that printed ends with this (a buffered write can fail here).
    pub(crate) fn finish(mut self) -> Result<()> {
        self.w.flush().map_err(Error::Stdout)
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.w.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// `outln!(out, "...", args)`: one line through [`Out::line`], returning its `Result`.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {
        $out.line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

/// `errln!("...", args)`: one line on standard error.  A standard error that cannot be written
/// (`2>/dev/full`) is passed over: there is nowhere left to say so, and the exit status still
/// tells.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub(crate) use errln;
