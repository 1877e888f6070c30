//! The one error type of the library, with typed causes (derived with `thiserror`).
//!
//! Errors are split by who must act.  Bad input — [`Error::Usage`], [`Error::Number`],
//! [`Error::Rational`], [`Error::Domain`] — means the caller asked for something the library does
//! not accept (the command line exits with status 2); everything else is a failure of the run
//! (status 1).  Messages are one line, say what is wrong and, where it helps, what is accepted.
//!
//! The library speaks mathematics: its messages name quantities ("the parameter a", "an index"),
//! never command-line flags.  The command line renders them and adds the argument's name where it
//! knows it.  A failed write keeps its [`std::io::Error`], so a closed pipe is recognised by
//! [`std::io::ErrorKind::BrokenPipe`] ([`Error::is_broken_pipe`]), never by comparing text.
//!
//! The string variants (`Usage`, `Disagreement`, `Internal`) carry a message made where the error
//! arises; the typed ones (`Number`, `Rational`, `Io`, `Write`, `File`, `Damaged`, …) carry their
//! cause.

use std::io;
use std::path::PathBuf;

pub use crate::num::NumberError;
pub use crate::rational::RationalError;

/// A library call's refusal of one of its inputs, before any work: the input it concerns (an
/// enum of the call's, so that a caller can name its own argument for it — the library names
/// quantities, never flags) and what is wrong, a sentence about the quantity.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal<I> {
    /// The input concerned.
    pub input: I,
    /// What is wrong, and what is accepted.
    pub message: String,
}

/// An error type with a variant that holds a [`Refusal`] of an input `I`: `E::refused(input,
/// message)` makes one (`job::JobError`, `verify::ConfigError`).
pub trait Refuses<I>: From<Refusal<I>> {
    /// A refusal of `input`, saying `message`.
    fn refused(input: I, message: impl Into<String>) -> Self {
        Self::from(Refusal {
            input,
            message: message.into(),
        })
    }
}

impl<I, E: From<Refusal<I>>> Refuses<I> for E {}

/// `impl From<$error> for Error` for the error of a call that refuses its input or carries a
/// failure on: the variant `$carried` passes the error it holds on (converted to [`Error`]);
/// every other variant is bad input, [`Error::Usage`] (status 2), with its message.
#[macro_export]
macro_rules! refusals_are_usage {
    ($error:ident, carries $carried:ident) => {
        impl From<$error> for $crate::error::Error {
            fn from(e: $error) -> Self {
                match e {
                    $error::$carried(e) => e.into(),
                    other => $crate::error::Error::usage(other.to_string()),
                }
            }
        }
    };
}
pub use refusals_are_usage;

/// Every failure the library reports.  No function of the library panics on bad input.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input: a malformed number, a = 0, START > STOP, an unwritable output path, a size the
    /// chosen strategy refuses.  The CLI exits with status 2.
    #[error("{0}")]
    Usage(String),
    /// Two strategies (or a strategy and an identity) disagree.  The CLI exits with status 1.
    #[error("DISAGREEMENT: {0}")]
    Disagreement(String),
    /// An I/O failure on something that is not a named file (standard input, say), with what
    /// failed in words and the cause.  Exit status 1.  A named file's failure is
    /// [`Error::File`].
    #[error("{what}: {source}")]
    Io {
        /// What failed, in words ("cannot read standard input").
        what: String,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },
    /// Data read back fails its own checks: a file whose checksum does not match, the saved
    /// state of an interrupted run that does not continue.  Nothing is computed from it; exit
    /// status 1 (an unreadable or invalid input is bad input instead, status 2).  The cause is
    /// typed where the library made it (a `FileError` of `wythoff_files`), or the sentence a
    /// caller made of it, naming its argument.
    #[error("{0}")]
    Damaged(Box<dyn std::error::Error + Send + Sync>),
    /// A consistency check inside the library failed; this is a bug.  Exit status 1.
    #[error("internal error (please report): {0}")]
    Internal(String),
    /// A text that is not a number of the accepted syntax (digits, `1e9`, `2^64`), or a number out
    /// of the range asked for.  Exit status 2.
    #[error(transparent)]
    Number(#[from] NumberError),
    /// A text that is not a non-negative rational in lowest terms.  Exit status 2.
    #[error(transparent)]
    Rational(#[from] RationalError),
    /// A value outside what the mathematics accepts (a parameter 0, an empty range, a size beyond
    /// a strategy's limit), described by the quantity, never by a flag.  Exit status 2.
    #[error("{0}")]
    Domain(String),
    /// A computation that ran within the budget it was given and reached no result (no repeated
    /// state within the column budget): nothing is claimed.  Exit status 1.
    #[error("{0}")]
    Inconclusive(String),
    /// An I/O failure on a named file, with its cause.  Exit status 1.
    #[error("'{}': {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },
    /// Writing standard output failed.  A closed pipe ([`io::ErrorKind::BrokenPipe`]) is the
    /// reader's choice and ends the command line quietly with status 0; anything else (a full
    /// disk, `> /dev/full`) is a failure, status 1.
    #[error("cannot write standard output: {0}")]
    Stdout(#[source] io::Error),
    /// A library writer's output (a stream handed to it) failed.  Exit status 1; a closed pipe
    /// is recognised by its [`io::ErrorKind`] like [`Error::Stdout`].
    #[error("write failed: {0}")]
    Write(#[source] io::Error),
    /// The caller cancelled the computation ([`crate::cancel::Cancel`]) before it finished;
    /// nothing is claimed.  Exit status 1 (the command line never cancels this way).
    #[error("the computation was cancelled")]
    Cancelled,
}

impl Error {
    /// Shorthand for a usage error.
    pub fn usage(msg: impl Into<String>) -> Self {
        Error::Usage(msg.into())
    }

    /// Shorthand for an internal consistency failure.
    pub fn internal(msg: impl Into<String>) -> Self {
        Error::Internal(msg.into())
    }

    /// Shorthand for a domain error (a value the mathematics does not accept).
    pub fn domain(msg: impl Into<String>) -> Self {
        Error::Domain(msg.into())
    }

    /// An I/O failure on something that is not a named file, `what` saying what failed.
    pub fn io(what: impl Into<String>, source: io::Error) -> Self {
        Error::Io {
            what: what.into(),
            source,
        }
    }

    /// Damaged data read back ([`Error::Damaged`]): a typed cause, or a sentence.
    pub fn damaged(cause: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Error::Damaged(cause.into())
    }

    /// A failure reading an input the caller named (`what`: "cannot read 'FILE'"): bad input
    /// ([`Error::Usage`], status 2) when the input is missing, not permitted, not a file or not
    /// text; any other failure of the system ([`Error::Io`], status 1) keeps its cause.  Both say
    /// `what: cause`.
    pub fn reading(what: impl Into<String>, source: io::Error) -> Self {
        use io::ErrorKind as K;
        let what = what.into();
        match source.kind() {
            K::NotFound
            | K::PermissionDenied
            | K::IsADirectory
            | K::NotADirectory
            | K::InvalidData
            | K::InvalidInput => Error::usage(format!("{what}: {source}")),
            _ => Error::io(what, source),
        }
    }

    /// An I/O failure on `path`.
    pub fn file(path: impl Into<PathBuf>, source: io::Error) -> Self {
        Error::File {
            path: path.into(),
            source,
        }
    }

    /// Whether this is bad input — [`Error::Usage`], [`Error::Number`], [`Error::Rational`],
    /// [`Error::Domain`] — rather than a failure of the run: the caller must change what it
    /// asked for.
    pub fn is_bad_input(&self) -> bool {
        match self {
            Error::Usage(_) | Error::Number(_) | Error::Rational(_) | Error::Domain(_) => true,
            Error::Disagreement(_)
            | Error::Inconclusive(_)
            | Error::Io { .. }
            | Error::Damaged(_)
            | Error::Internal(_)
            | Error::File { .. }
            | Error::Stdout(_)
            | Error::Write(_)
            | Error::Cancelled => false,
        }
    }

    /// The process exit status the command line uses for this error: 2 for bad input
    /// ([`Error::is_bad_input`]), 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        if self.is_bad_input() { 2 } else { 1 }
    }

    /// True when an output was closed by its reader — standard output (`wythoff pairs 1e9 |
    /// head`), or the pipe or FIFO a streamed `-o` file is (`-o /dev/stdout | head`): a write
    /// failed with [`io::ErrorKind::BrokenPipe`] (EPIPE, which only a pipe, FIFO or socket
    /// gives).  The command line ends quietly with status 0.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self,
            Error::Stdout(e) | Error::Write(e) | Error::File { source: e, .. }
                if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// Result with the library's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_follow_the_error_class() {
        assert_eq!(Error::usage("x").exit_code(), 2);
        assert_eq!(Error::domain("x").exit_code(), 2);
        assert_eq!(Error::Number(NumberError::Empty).exit_code(), 2);
        assert_eq!(Error::Disagreement("x".into()).exit_code(), 1);
        assert_eq!(Error::internal("x").exit_code(), 1);
        let full = io::Error::from_raw_os_error(libc::ENOSPC);
        assert_eq!(Error::file("/x", full).exit_code(), 1);
        let pipe = Error::Stdout(io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(pipe.is_broken_pipe());
        assert_eq!(pipe.exit_code(), 1);
        let other = Error::Stdout(io::Error::from_raw_os_error(libc::ENOSPC));
        assert!(!other.is_broken_pipe());
        // a text that merely says "broken pipe" is not a broken pipe
        assert!(!Error::damaged("broken pipe").is_broken_pipe());
        assert_eq!(Error::damaged("a checksum").exit_code(), 1);
        let stdin = Error::io("cannot read standard input", io::Error::other("x"));
        assert_eq!(stdin.exit_code(), 1);
        assert_eq!(stdin.to_string(), "cannot read standard input: x");
        // a pipe or FIFO named by -o, closed by its reader
        let fifo = Error::file("/dev/stdout", io::Error::from_raw_os_error(libc::EPIPE));
        assert!(fifo.is_broken_pipe());
        assert!(!Error::file("/x", io::Error::from_raw_os_error(libc::ENOSPC)).is_broken_pipe());
    }

    #[test]
    fn a_failed_read_of_an_input_is_bad_input_only_when_the_input_is() {
        let read = |kind| Error::reading("cannot read 'f'", io::Error::from(kind));
        for kind in [io::ErrorKind::NotFound, io::ErrorKind::PermissionDenied] {
            assert_eq!(read(kind).exit_code(), 2);
        }
        let eio = Error::reading("cannot read 'f'", io::Error::from_raw_os_error(libc::EIO));
        assert_eq!(eio.exit_code(), 1);
        assert!(eio.to_string().starts_with("cannot read 'f': "), "{eio}");
        assert!(std::error::Error::source(&eio).is_some());
    }

    #[test]
    fn messages_are_one_line_and_keep_the_cause() {
        let e = Error::file("/tmp/t.bin", io::Error::from_raw_os_error(libc::ENOSPC));
        let s = e.to_string();
        assert!(s.starts_with("'/tmp/t.bin': "), "{s}");
        assert!(!s.contains('\n'));
        assert!(std::error::Error::source(&e).is_some());
        assert_eq!(
            Error::Disagreement("a vs b".into()).to_string(),
            "DISAGREEMENT: a vs b"
        );
    }
}
