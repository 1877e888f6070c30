//! Cancellation of a long computation by its caller: a flag the caller sets (from another thread,
//! or from a callback) and the engines poll between blocks of work — the Grundy table engine
//! between columns of a band, the bulk pair generator and the verify sweeps between chunks, the
//! line-game engine between antidiagonals, the three-pile solver between wavefronts, the row
//! sweeps every 2^12 columns, the b-file stream every 2^12 terms.  A cancelled computation stops
//! within one block and returns [`Error::Cancelled`]; nothing it wrote is claimed.
//!
//! The command line passes [`Cancel::never`]: its runs are stopped by signals (see
//! `wythoff::files::atomic`), not by this flag.  Embedders (the Python bindings) set it when
//! their own interrupt arrives.  Cost: one relaxed atomic load per block.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};

/// A cancellation flag shared between a computation and its caller.
#[derive(Debug, Default)]
pub struct Cancel(AtomicBool);

/// The flag nobody sets, for callers that never cancel.
static NEVER: Cancel = Cancel::new();

impl Cancel {
    /// A flag not yet set.
    pub const fn new() -> Cancel {
        Cancel(AtomicBool::new(false))
    }

    /// A flag that is never set (the command line's).
    pub fn never() -> &'static Cancel {
        &NEVER
    }

    /// Asks the computation to stop at its next poll.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(Error::Cancelled)` once cancelled: the poll of an engine between blocks.
    pub fn check(&self) -> Result<()> {
        if self.is_cancelled() {
            Err(Error::Cancelled)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_once_set_stays_set_and_never_is_never_set() {
        let c = Cancel::new();
        assert!(c.check().is_ok());
        c.cancel();
        assert!(matches!(c.check(), Err(Error::Cancelled)));
        assert!(!Cancel::never().is_cancelled());
    }
}
