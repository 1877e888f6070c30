//! The artifact layer: everything that leaves the process goes through here, each idea once.
//!
//! * [`atomic`] — the one atomic writer: unique temporary names, special files written in place,
//!   targets checked before any work, clean-up on signals.
//! * [`checkpoint`] — checkpoint logs whose every record carries its own integrity check.
//! * [`resumable`] — the one resumable output: partial file, checkpoint log, lock, and the
//!   refuse/resume/restart decision taken under the lock.
//! * [`header`] — the binary header of pairs and word files and the registry of binary kinds.
//! * [`resources`] — the memory, disk and `ulimit -v` probes and the one memory cap.
//! * [`decimal`] — fast decimal counters for text output.
//!
//! The formats are documented in `doc/formats.md` and README.md.

pub mod atomic;
pub mod checkpoint;
pub mod decimal;
pub mod header;
pub mod resources;
pub mod resumable;

pub use atomic::{AtomicFile, Need, io_error};

/// What a run does with the partial file of an interrupted run on the same output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partial {
    /// Refuse to touch it (a plain run).
    Refuse,
    /// Continue it.
    Resume,
    /// Discard it and start afresh.
    Restart,
}

impl Partial {
    /// The mode of the command-line flags `--resume` and `--restart` (which exclude each other).
    pub fn from_flags(resume: bool, restart: bool) -> Partial {
        if resume {
            Partial::Resume
        } else if restart {
            Partial::Restart
        } else {
            Partial::Refuse
        }
    }
}
