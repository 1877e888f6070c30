//! Computing a Grundy table into a file (`grundy N -o FILE`): the engine ([`super::engine`])
//! fills the payload of the table file's writer ([`crate::artifact::table_writer`]) in place and
//! reports each finished band to it, which checkpoints it; the format, the checkpoints, resuming
//! and sealing are the writer's.

use super::{Spec, engine, fill};
use crate::artifact::atomic::{self, Need, Target};
use crate::artifact::table::TableHeader;
use crate::artifact::table_writer::TableWriter;
use crate::cancel::Cancel;
use crate::error::Error;
use std::path::Path;

pub use crate::artifact::Partial;
pub use crate::artifact::resumable::ResumeError;
pub use crate::artifact::table_writer::WriteError;

/// Computes a table into `path` (see [`crate::artifact::table_writer`]).  `note` receives one-line
/// remarks (resuming at row R, a discarded partial file).  `abort_after` is a test hook: abort
/// the process (as `kill -9` would) once that many rows are checkpointed.
pub fn write_table(
    spec: Spec,
    path: &Path,
    threads: usize,
    mode: Partial,
    progress: &(dyn Fn(u64) + Sync),
    note: &dyn Fn(&str),
    abort_after: Option<usize>,
) -> Result<TableHeader, WriteError> {
    let run = (threads, mode, abort_after);
    write_table_cancellable(spec, path, run, progress, note, Cancel::never())
}

/// [`write_table`] (its `threads`, `mode` and `abort_after` as `run`) that stops between columns
/// once `cancel` is set, with [`Error::Cancelled`]: the bands checkpointed so far stay, and a
/// later run with [`Partial::Resume`] continues from them.
pub fn write_table_cancellable(
    spec: Spec,
    path: &Path,
    (threads, mode, abort_after): (usize, Partial, Option<usize>),
    progress: &(dyn Fn(u64) + Sync),
    note: &dyn Fn(&str),
    cancel: &Cancel,
) -> Result<TableHeader, WriteError> {
    let Target::Replace(target) =
        atomic::target(path, Need::Regular).map_err(WriteError::Output)?
    else {
        return Err(Error::internal("a table file needs a regular file").into());
    };
    let (mut file, from_row) = TableWriter::open(
        (spec.a, spec.n as u64, spec.layout()),
        &target,
        mode,
        spec.engine_bytes(),
        note,
        abort_after,
    )?;
    let payload = file.payload();
    let band_done = |rows| file.band_done(rows);
    let run = engine::Run {
        payload,
        from_row,
        threads,
        progress,
        band_done: &band_done,
        cancel,
    };
    fill(spec, run)?;
    file.finish(note)
}
