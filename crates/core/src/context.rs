//! The context of a long library call: how many workers it may use, whom it tells of its
//! progress, and the flag by which its caller stops it — one value, passed down unchanged from
//! the caller (the command line, the default job, the Python bindings) to the engine.
//!
//! A call documents the unit of the numbers it reports (cells of a table, positions checked,
//! columns swept); each report is the work finished since the previous one, so a caller that
//! draws a bar adds them up.  A call that runs on rayon's global pool takes its size from that
//! pool, which the caller builds (the command line builds it once, from `--threads`); a call
//! that runs its own workers uses [`Context::threads`].
//!
//! Cost: nothing beyond the calls themselves — a context is three words, copied.

use crate::cancel::Cancel;
use crate::error::Result;

/// Workers, progress and cancellation of one call.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    threads: usize,
    progress: &'a (dyn Fn(u64) + Sync),
    cancel: &'a Cancel,
}

impl std::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("threads", &self.threads)
            .field("cancelled", &self.cancel.is_cancelled())
            .finish_non_exhaustive()
    }
}

/// The progress callback that tells nobody.
fn silent(_: u64) {}

impl Context<'static> {
    /// `threads` workers (at least 1 is used), no progress reports, never cancelled.
    pub fn new(threads: usize) -> Context<'static> {
        Context {
            threads: threads.max(1),
            progress: &silent,
            cancel: Cancel::never(),
        }
    }

    /// One worker, no progress reports, never cancelled: the context of tests and small calls.
    pub fn serial() -> Context<'static> {
        Context::new(1)
    }

    /// One worker per core (as the operating system reports them), otherwise as
    /// [`Context::serial`].
    pub fn all_cores() -> Context<'static> {
        Context::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

impl<'a> Context<'a> {
    /// The same context with `threads` workers (at least 1 is used).
    pub fn with_threads(self, threads: usize) -> Context<'a> {
        Context {
            threads: threads.max(1),
            ..self
        }
    }

    /// The same context reporting progress to `progress`.
    pub fn with_progress<'b>(self, progress: &'b (dyn Fn(u64) + Sync)) -> Context<'b>
    where
        'a: 'b,
    {
        Context { progress, ..self }
    }

    /// The same context stopped by `cancel`.
    pub fn with_cancel<'b>(self, cancel: &'b Cancel) -> Context<'b>
    where
        'a: 'b,
    {
        Context { cancel, ..self }
    }

    /// The number of workers, at least 1.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Reports `done` more units of work.
    pub fn report(&self, done: u64) {
        (self.progress)(done)
    }

    /// The progress callback itself, for an engine that hands it to its workers.
    pub fn progress(&self) -> &'a (dyn Fn(u64) + Sync) {
        self.progress
    }

    /// The cancellation flag.
    pub fn cancel(&self) -> &'a Cancel {
        self.cancel
    }

    /// `Err(Error::Cancelled)` once the flag is set: the poll of an engine between blocks.
    pub fn check(&self) -> Result<()> {
        self.cancel.check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn a_context_carries_its_workers_progress_and_flag() {
        assert_eq!(Context::new(0).threads(), 1);
        assert_eq!(Context::serial().threads(), 1);
        assert!(Context::all_cores().threads() >= 1);
        assert_eq!(Context::serial().with_threads(7).threads(), 7);

        let total = AtomicU64::new(0);
        let add = |n: u64| {
            total.fetch_add(n, Ordering::Relaxed);
        };
        let flag = Cancel::new();
        let ctx = Context::new(3).with_progress(&add).with_cancel(&flag);
        ctx.report(5);
        (ctx.progress())(2);
        assert_eq!(total.load(Ordering::Relaxed), 7);
        assert_eq!(ctx.threads(), 3);
        assert!(ctx.check().is_ok());
        flag.cancel();
        assert!(matches!(ctx.check(), Err(Error::Cancelled)));
        assert!(ctx.cancel().is_cancelled());
        // The default context reports to nobody and is never cancelled.
        Context::serial().report(1);
        assert!(Context::serial().check().is_ok());
    }
}
