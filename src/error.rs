//! The one error type of the library.
//!
//! Errors are split by who must act: [`Error::Usage`] means the input was wrong (the command line
//! exits with status 2), everything else is a failure of the run (status 1).  Messages are one
//! line, say what is wrong and, where it helps, what is accepted instead.

use std::fmt;

/// Every failure the library reports.  No function of the library panics on bad input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Bad input: a malformed number, a = 0, START > STOP, an unwritable output path, a size the
    /// chosen strategy refuses.  The CLI exits with status 2.
    Usage(String),
    /// Two strategies (or a strategy and an identity) disagree.  The CLI exits with status 1.
    Disagreement(String),
    /// An I/O failure after the run started (disk full, write error).  Exit status 1.
    Io(String),
    /// A consistency check inside the library failed; this is a bug.  Exit status 1.
    Internal(String),
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

    /// The process exit status the command line uses for this error: 2 for bad usage, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_) => 2,
            _ => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(m) | Error::Io(m) => f.write_str(m),
            Error::Disagreement(m) => write!(f, "DISAGREEMENT: {m}"),
            Error::Internal(m) => write!(f, "internal error (please report): {m}"),
        }
    }
}

impl std::error::Error for Error {}

/// Result with the library's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
