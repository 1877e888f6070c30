//! Computing a Grundy table into a file (`grundy N -o FILE`): the engine ([`super::engine`])
//! fills the payload of the table file's writer ([`crate::files::table_writer`]) in place and
//! reports each finished band to it, which checkpoints it; the format, the checkpoints, resuming
//! and sealing are the writer's.

use super::{Spec, engine, fill};
use crate::context::Context;
use crate::error::Error;
use crate::files::atomic::{self, Need, Target};
use crate::files::table::TableHeader;
use crate::files::table_writer::TableWriter;
use std::path::Path;

pub use crate::files::Partial;
pub use crate::files::resumable::ResumeError;
pub use crate::files::table_writer::WriteError;

/// Computes a table into `path` (see [`crate::files::table_writer`]) with `ctx`'s workers,
/// reporting cells finished to its progress.  `note` receives one-line remarks (resuming at row R,
/// a discarded partial file).  `abort_after` is a test hook: abort the process (as `kill -9`
/// would) once that many rows are checkpointed.  Once `ctx`'s flag is set it stops between
/// columns with [`Error::Cancelled`]: the bands checkpointed so far stay, and a later run with
/// [`Partial::Resume`] continues from them.
pub fn write_table(
    spec: Spec,
    path: &Path,
    mode: Partial,
    note: &dyn Fn(&str),
    abort_after: Option<usize>,
    ctx: &Context,
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
        threads: ctx.threads(),
        progress: ctx.progress(),
        band_done: &band_done,
        cancel: ctx.cancel(),
    };
    fill(spec, run)?;
    file.finish(note)
}
