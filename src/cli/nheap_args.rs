//! The arguments of `wythoff nheap` (a position, `--slice`, `--conjectures`), with the rules
//! clap cannot declare, what they give the library's slice runs ([`wythoff::nheap::run`]) and
//! the flags that name the inputs of its errors.

use super::args::*;
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;
use wythoff::error::{Error, Result};
use wythoff::nheap::run::{Cadence, Fixed, Output, RunError};
use wythoff::nheap::slice::{Input, SliceError};

#[derive(Args)]
pub(crate) struct NheapArgs {
    /// The heaps H1 H2 ... HN (1 to 8 of them).
    #[arg(
        value_name = "HEAP",
        num_args = 0..,
        value_parser = pile_u64,
        allow_negative_numbers = true,
        required_unless_present_any = ["slice", "conjectures"],
        conflicts_with_all = ["slice", "conjectures"]
    )]
    pub(crate) heaps: Vec<u64>,
    /// Print the slice of smallest heap A (three heaps): the P-positions (A, A_n, B_n),
    /// A <= A_n <= B_n, A_n increasing, as `n A_n B_n` lines from n = 0; with A1,A2 the
    /// four-heap slice (A1, A2, A_n, B_n), max(A1, A2) <= A_n <= B_n.
    #[arg(long, value_name = "A", value_parser = slice_heaps, allow_hyphen_values = true)]
    pub(crate) slice: Option<SliceHeaps>,
    /// Measure Fraenkel's two conjectures on every slice of smallest heap s <= S (three heaps):
    /// a report with ok / FAIL per slice and statement on the second half of the range.  With
    /// P,Q: every four-heap slice of fixed heaps p <= q, p <= min(P, Q), q <= max(P, Q) — for
    /// P = Q the slices `--slice Q,Q --all` lists — evidence only: no four-heap slice of two
    /// nonzero fixed heaps is proved (a slice (0, q) is the three-heap slice q).
    #[arg(long, value_name = "S|P,Q", value_parser = slice_heaps, allow_hyphen_values = true, conflicts_with_all = ["slice", "all"])]
    pub(crate) conjectures: Option<SliceHeaps>,
    /// With --slice: the number of positions (default 100); with --conjectures: the positions
    /// measured in each slice (default 10000).
    #[arg(long, value_name = "K", value_parser = listed, allow_hyphen_values = true)]
    pub(crate) count: Option<u64>,
    /// With --conjectures: draw alpha and the thresholds against s (four heaps: against q) as
    /// PNG files into DIR.
    #[arg(long, value_name = "DIR", requires = "conjectures")]
    pub(crate) plots: Option<PathBuf>,
    /// With --slice A: every slice of smallest heap s <= A in one run, as `s n A_n B_n` lines in
    /// the order found (by A_n, then s); with --slice A1,A2: every four-heap slice of fixed heaps
    /// p <= q <= max(A1, A2), as `p q n A_n B_n` lines; each slice ends at K positions.
    #[arg(long, requires = "slice", conflicts_with = "json")]
    pub(crate) all: bool,
    /// With --slice: write to FILE (atomically) instead of standard output; with --conjectures:
    /// write the JSON report to FILE (the summary still goes to standard output).  A run with
    /// -o FILE (a regular file) is checkpointed: killed, it continues with --resume; standard
    /// output and special files are not.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Continue an interrupted run with -o FILE from its checkpoint, with the same options.
    #[arg(long, requires = "output", conflicts_with = "restart")]
    pub(crate) resume: bool,
    /// Discard the checkpoint of an interrupted run with -o FILE and start afresh.
    #[arg(long, requires = "output")]
    pub(crate) restart: bool,
    /// With -o FILE: seconds between checkpoints (1 to 86400; default 120).  A checkpoint
    /// writes the engine's state, so a killed run loses at most this much work.
    #[arg(long, value_name = "SECONDS", default_value = "120", value_parser = checkpoint_seconds,
          allow_hyphen_values = true, requires = "output")]
    pub(crate) checkpoint_every: u64,
    /// Test hook: milliseconds between checkpoints (overrides --checkpoint-every).
    #[arg(long, hide = true, value_parser = count, allow_hyphen_values = true)]
    pub(crate) checkpoint_ms: Option<u64>,
    /// Test hook: abort (like kill -9) once this many checkpoints are taken.
    #[arg(long, hide = true, requires = "output")]
    pub(crate) abort_after_checkpoints: Option<usize>,
    /// Test hook: a checkpoint every this many columns instead of by time.
    #[arg(long, hide = true, requires = "output", value_parser = count,
          allow_hyphen_values = true)]
    pub(crate) checkpoint_columns: Option<u64>,
    /// One JSON object: the outcome and moves, or with --slice the positions with B - A.
    #[arg(long)]
    pub(crate) json: bool,
}

impl NheapArgs {
    /// The fixed heaps of `flag` (`--slice` or `--conjectures`), one or two; `shapes` names them.
    pub(crate) fn fixed(heaps: &[u64], flag: &str, shapes: &str) -> Result<Fixed> {
        match *heaps {
            [s] => Ok(Fixed::Three(s)),
            [p, q] => Ok(Fixed::Four(p, q)),
            _ => Err(Error::usage(format!("{flag}: give {shapes}"))),
        }
    }

    /// `-o FILE` with `--resume`/`--restart` and the checkpoints' cadence.
    pub(crate) fn output(&self) -> Option<Output<'_>> {
        let every = match self.checkpoint_ms {
            Some(ms) => Duration::from_millis(ms),
            None => Duration::from_secs(self.checkpoint_every),
        };
        Some(Output {
            path: self.output.as_deref()?,
            partial: wythoff::files::Partial::from_flags(self.resume, self.restart),
            cadence: Cadence {
                every,
                columns: self.checkpoint_columns,
                abort_after: self.abort_after_checkpoints,
            },
        })
    }

    /// The library's errors with the flags of the inputs they concern, in one place: `flag` for
    /// the fixed heaps (`--slice` or `--conjectures`, whichever gave them).
    pub(crate) fn named(&self, e: RunError, flag: &'static str) -> Error {
        match e {
            RunError::Slice(SliceError::Refused(r)) => {
                let name = match r.input {
                    Input::Fixed => flag,
                    Input::Count => "--count",
                };
                Error::usage(format!("{name}: {}", r.message))
            }
            RunError::Slice(SliceError::PastLimit(m)) => Error::usage(format!(
                "{flag}: {m}; ask for smaller fixed heaps or a smaller --count"
            )),
            RunError::Slice(SliceError::PastMemory(m)) => Error::usage(format!(
                "{flag}: {m}; ask for a smaller --count or fixed heaps"
            )),
            RunError::Slice(SliceError::Failed(e)) | RunError::Failed(e) => e,
            RunError::Output(e) => naming("-o")(e),
            RunError::Checkpoints(e) => naming(if self.resume { "--resume" } else { "-o" })(e),
            e @ RunError::NoCheckpoints => Error::usage(format!(
                "--resume/--restart: {e}; give a regular file to -o"
            )),
            RunError::Plots(e) => naming("--plots")(e),
        }
    }

    /// `--count` and `-o` belong to `--slice` (clap's `requires` does not see them past the
    /// heaps' positional list).
    pub(crate) fn check(&self) -> std::result::Result<(), String> {
        if self.slice.is_none() && self.conjectures.is_none() {
            if self.count.is_some() {
                return Err("--count goes with --slice A or --conjectures S (or P,Q)".into());
            }
            if self.output.is_some() {
                return Err("-o goes with --slice A or --conjectures S (or P,Q)".into());
            }
        }
        if self.plots.is_some() && self.conjectures.is_none() {
            return Err("--plots goes with --conjectures S (or P,Q)".into());
        }
        if self.slice.is_none() && self.all {
            return Err("--all goes with --slice A".into());
        }
        Ok(())
    }
}
