//! # wythoff-files
//!
//! Everything that leaves the process, and every file read back, goes through here, each idea
//! once.  Engines hand it typed values and get typed values back.  It stands on `wythoff-core`
//! only: the engines (the `wythoff` crate, where this crate is `wythoff::files`) stand on it,
//! never the other way round.
//!
//! The machinery:
//! * [`atomic`] — the one atomic writer: unique temporary names, special files written in place,
//!   targets checked before any work, clean-up on signals.
//! * [`checkpoint`] — checkpoint logs whose every record carries its own integrity check.
//! * [`resumable`] — the one resumable output: partial file, checkpoint log, lock, and the
//!   refuse/resume/restart decision taken under the lock.
//! * [`header`] — the magic, the registry of binary kinds, and the one error type of a file read
//!   back ([`HeaderError`], [`FileError`]).
//! * [`resources`] — the memory, disk and `ulimit -v` probes and the one memory cap.
//! * [`decimal`] — fast decimal counters for text output.
//!
//! One module per binary file kind:
//! * [`pairs`] — P-pairs and the characteristic word (kinds 1 and 2);
//! * [`table`] — the Grundy table (kind 3), with its band index [`bands`], written by
//!   [`table_writer`];
//! * [`certificate`] — certified rows of the Grundy function (kind 4);
//! * [`cube`] — the three-pile cube (kind 5), its writer and reader;
//! * [`line_table`] — the Grundy table of a line game (kind 6);
//! * [`gvalues`] — the g-values of one value of Wythoff's Grundy function (kind 7).
//!
//! The storage orders the files share with the engines that fill them: [`store`] (the Grundy
//! table's upper triangle, with its value width) and [`tiles`] (the three-pile cube's lines).
//!
//! The formats are documented in `doc/formats.md`.

#![warn(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod atomic;
pub mod bands;
pub mod certificate;
pub mod checkpoint;
pub mod cube;
pub mod decimal;
pub mod gvalues;
pub mod header;
pub mod line_table;
pub mod pairs;
pub mod resources;
pub mod resumable;
pub mod store;
pub mod table;
pub mod table_writer;
pub mod tiles;

pub use atomic::{AtomicFile, Need, io_error};
pub use header::{FileError, HeaderError, Kind};

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
