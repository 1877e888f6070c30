//! Checkpointed verifications through the library's one call (`wythoff::verify::run`), stopped
//! as a killed run stops: after every chunk is recorded, before the report is stored.

use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use wythoff::cancel::Cancel;
use wythoff::error::Error;
use wythoff::files::Partial;
use wythoff::verify::{self, Config, Note, Task};

/// Runs `cfg` writing its report to `report` with its checkpoint treated as `mode` says, and
/// cancels it once every item is checked, so that it stores no report and its checkpoint stays.
/// Returns the number of chunks the checkpoint held when the run began (0 for a fresh one), or
/// the exit status of the refusal of the task.
pub fn interrupted(cfg: &Config, report: &Path, mode: Partial) -> Result<usize, i32> {
    let total = cfg.items();
    let (done, flag) = (AtomicU64::new(0), Cancel::new());
    let tick = |k: u64| {
        if done.fetch_add(k, Ordering::Relaxed) + k >= total {
            flag.cancel();
        }
    };
    let resumed = Cell::new(0);
    let note = |n: &Note| {
        if let Note::Resumed { chunks, .. } = n {
            resumed.set(*chunks);
        }
    };
    let ctx = wythoff::Context::serial()
        .with_progress(&tick)
        .with_cancel(&flag);
    let task = Task::check(cfg.clone()).with_output(Some(report.to_path_buf()), mode);
    match verify::run(&task, &ctx, &note).map_err(Error::from) {
        Err(Error::Cancelled) => Ok(resumed.get()),
        Err(e) => Err(e.exit_code()),
        Ok(_) => panic!("the run was not interrupted"),
    }
}

/// Runs `cfg` to its end writing its report to `report`, the checkpoint treated as `mode` says;
/// returns the report and the number of chunks the checkpoint held when the run began.
pub fn completed(cfg: &Config, report: &Path, mode: Partial) -> (verify::Report, usize) {
    let resumed = Cell::new(0);
    let note = |n: &Note| {
        if let Note::Resumed { chunks, .. } = n {
            resumed.set(*chunks);
        }
    };
    let task = Task::check(cfg.clone()).with_output(Some(report.to_path_buf()), mode);
    let done = verify::run(&task, &wythoff::Context::serial(), &note).unwrap();
    (done.report, resumed.get())
}
