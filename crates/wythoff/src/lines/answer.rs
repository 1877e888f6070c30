//! A line game's Grundy table in one call: computed in memory and answered about
//! ([`answer`]: the table, its proof, its checksum — the shapes of [`crate::grundy::answer`]), or
//! written whole to a table file ([`write_table`]).  The memory the table needs is checked once,
//! against the machine, before anything is allocated.

use super::table::{self, LineTable};
use super::{LineRules, check};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::files::AtomicFile;
use crate::files::line_table::LineHeader;
use crate::grundy::{Answer, Ask, Checksum, Square, check_resources};
use std::path::Path;

impl Square for LineTable {
    fn side(&self) -> usize {
        self.n
    }

    fn value(&self, x: usize, y: usize) -> u32 {
        self.get(x, y)
    }
}

/// Computes the table of side n of `rules` in memory ([`LineTable::compute`]: sizes beyond the
/// limits are [`Error::Domain`], memory beyond the machine's [`Error::Usage`]) and answers `ask`
/// about it.  `ctx`'s workers compute; its progress counts the cells computed, then, for
/// [`Ask::Check`], the cells proved (2·N² in all); its flag stops either with
/// [`Error::Cancelled`].
pub fn answer(rules: &LineRules, n: u64, ask: Ask, ctx: &Context) -> Result<Answer<LineTable>> {
    let t = LineTable::compute(rules, n, ctx)?;
    Ok(match ask {
        Ask::Table => Answer::Table(t),
        Ask::Check => {
            let get = |x: u64, y: u64| t.get(x as usize, y as usize);
            Answer::Check(check::check(&get, n, rules, None, ctx)?)
        }
        Ask::Checksum => {
            let (sum, xxh3) = t.checksum();
            Answer::Checksum(Checksum { n, sum, xxh3 })
        }
    })
}

/// A failure of [`write_table`], by what it concerns.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The output: a path that cannot be written, or a file system without the room for the
    /// file, found before any work.
    #[error(transparent)]
    Output(Error),
    /// Anything else: the side or the memory refused before the work ([`answer`]'s errors), or
    /// a failure of the run (writing the file included).
    #[error(transparent)]
    Other(#[from] Error),
}

impl From<WriteError> for Error {
    fn from(e: WriteError) -> Error {
        match e {
            WriteError::Output(e) | WriteError::Other(e) => e,
        }
    }
}

/// Computes the table of side n of `rules` in memory and writes it whole, as a line-game table
/// file (kind 6, [`LineTable::write`]), to `path`, atomically; returns the header written.  The
/// output is opened first — it needs a regular file, as a Wythoff table does: a device, a FIFO
/// or a descriptor is refused — then the side, the memory and the room on the file system for
/// the file are checked, all before the work.  `ctx` as in [`answer`].
pub fn write_table(
    rules: &LineRules,
    n: u64,
    path: &Path,
    ctx: &Context,
) -> std::result::Result<LineHeader, WriteError> {
    let mut file = AtomicFile::create_regular(path).map_err(WriteError::Output)?;
    let memory = table::memory(rules, n)?;
    // written beside its target (a regular file), so the room is taken there
    let dir = match file.path().parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => std::path::PathBuf::from("."),
    };
    let disk = LineHeader::new(rules, n)
        .and_then(|h| h.file_len())
        .unwrap_or(u64::MAX);
    check_resources(memory, 0, None)?;
    check_resources(0, disk, Some(&dir)).map_err(WriteError::Output)?;
    let t = LineTable::fill(rules, n, ctx)?;
    let h = t.write(&mut file)?;
    file.commit()?;
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answers_are_those_of_the_table() {
        let rules = LineRules::parse("1,0:0,1:1,1:j1,2").unwrap();
        let ctx = Context::new(2);
        let Answer::Table(t) = answer(&rules, 50, Ask::Table, &ctx).unwrap() else {
            panic!("a table was asked for");
        };
        assert_eq!((t.side(), t.value(4, 7)), (50, t.get(4, 7)));
        let Answer::Check(rep) = answer(&rules, 50, Ask::Check, &ctx).unwrap() else {
            panic!("a check was asked for");
        };
        assert!(rep.ok, "{:?}", rep.problems);
        let Answer::Checksum(c) = answer(&rules, 50, Ask::Checksum, &ctx).unwrap() else {
            panic!("a checksum was asked for");
        };
        let (sum, xxh3) = t.checksum();
        assert_eq!((c.n, c.sum, c.xxh3), (50, sum, xxh3));
    }

    #[test]
    fn refusals_keep_their_class() {
        let rules = LineRules::parse("1,0:0,1").unwrap();
        let e = answer(&rules, 0, Ask::Table, &Context::serial()).unwrap_err();
        assert!(matches!(e, Error::Domain(_)), "{e}");
        // a cancelled run is a failure of the run, not bad input
        let cancel = crate::cancel::Cancel::new();
        cancel.cancel();
        let ctx = Context::serial().with_cancel(&cancel);
        let e = answer(&rules, 30, Ask::Check, &ctx).unwrap_err();
        assert!(matches!(e, Error::Cancelled) && e.exit_code() == 1, "{e}");
        let dir = tempfile::tempdir().unwrap();
        let e = write_table(&rules, 30, &dir.path().join("t.bin"), &ctx).unwrap_err();
        assert!(matches!(e, WriteError::Other(Error::Cancelled)), "{e}");
        assert!(!dir.path().join("t.bin").exists());
        let e = write_table(&rules, 30, dir.path(), &Context::serial()).unwrap_err();
        assert!(matches!(e, WriteError::Output(_)), "{e}");
    }
}
