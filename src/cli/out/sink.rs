//! [`Sink`]: the file of `-o`, opened before any work, or standard output.

use super::{Kept, Out};
use crate::cli::args::naming;
use std::io::Write;
use std::path::Path;
use wythoff::error::Result;
use wythoff::files::AtomicFile;

/// Where a command's text goes: the file of `-o` (written through [`AtomicFile`], whole under its
/// name only when committed) or standard output — the one "file or stdout" of the command line.
pub(crate) enum Sink {
    /// `-o FILE`.
    File(AtomicFile),
    /// Standard output.
    Stdout(Out),
}

impl Sink {
    /// Opens `-o` (before any work: a place that cannot be written is refused naming `-o`), or
    /// standard output when there is none.
    pub(crate) fn open(output: Option<&Path>) -> Result<Sink> {
        match output {
            Some(p) => Ok(Sink::File(AtomicFile::create(p).map_err(naming("-o"))?)),
            None => Ok(Sink::Stdout(Out::new())),
        }
    }

    /// An output file opened already, or standard output.
    pub(crate) fn from(file: Option<AtomicFile>) -> Sink {
        file.map_or_else(|| Sink::Stdout(Out::new()), Sink::File)
    }

    /// Writes `text`.
    pub(crate) fn text(&mut self, text: &str) -> Result<()> {
        match self {
            Sink::File(f) => {
                let p = f.path().to_owned();
                f.write_all(text.as_bytes())
                    .map_err(|e| wythoff::files::io_error(&p, e))
            }
            Sink::Stdout(out) => out.text(text),
        }
    }

    /// Runs a library writer on the sink (a failed write to standard output comes back typed).
    pub(crate) fn stream(
        &mut self,
        writer: &mut dyn FnMut(&mut dyn Write) -> Result<()>,
    ) -> Result<()> {
        match self {
            Sink::File(f) => {
                let path = f.path().to_owned();
                let mut kept = Kept::new(f);
                let r = writer(&mut kept);
                kept.typed(r, |e| wythoff::files::io_error(&path, e))
            }
            Sink::Stdout(out) => {
                let r = writer(out);
                out.typed(r)
            }
        }
    }

    /// Commits the file, or flushes standard output.
    pub(crate) fn finish(self) -> Result<()> {
        match self {
            Sink::File(f) => f.commit(),
            Sink::Stdout(out) => out.finish(),
        }
    }
}
