//! A slice run as one call each: the listing of slices ([`list`], what `wythoff nheap --slice`
//! runs) and the measurement of Fraenkel's conjectures on them ([`measure`], `nheap
//! --conjectures`).  Each call refuses its inputs before any work, opens its output and, for a
//! regular file, its checkpoints ([`super::resume`]: continued, restarted or refused as the
//! caller says of an interrupted run's files), computes the slice engine's columns one by one —
//! reporting each column to the [`Context`] and stopping between two columns once it is
//! cancelled — and takes a checkpoint whenever one is due.  A listing's text is written as it is
//! found, in the caller's format ([`Render`]); a measurement's report is returned, its JSON
//! written whole to the output at the end and its plots drawn.
//!
//! Errors are typed by the input they concern ([`RunError`]), never by the caller's names for
//! them.  The engine is serial: [`Context::threads`] is not used.  Progress is counted in
//! columns of the engine (a continued run first reports the columns its checkpoint holds).
//!
//! Cost: the engine's ([`super::slice`]), plus one checkpoint per [`Cadence`].

use super::conjectures::{self, Measure, Report};
use super::listing::Listing;
use super::resume::{Begin, Checkpoints};
use super::slice::{Rows, SliceError};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::files::atomic::{Need, Target, target};
use crate::files::{AtomicFile, Partial, io_error};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The fixed heaps of a run: one (three-heap slices) or two (four-heap slices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixed {
    /// The smallest heap S of three heaps.
    Three(u64),
    /// The two fixed heaps of four heaps, in any order.
    Four(u64, u64),
}

impl Fixed {
    /// The fixed heaps as a list, in the order given.
    pub fn heaps(self) -> Vec<u64> {
        match self {
            Fixed::Three(s) => vec![s],
            Fixed::Four(p, q) => vec![p, q],
        }
    }
}

/// When a checkpoint is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cadence {
    /// The time between two checkpoints.
    pub every: Duration,
    /// Instead of by time, a checkpoint at every column that is a multiple of this (so that where
    /// a run stops does not depend on the machine's speed; for tests).
    pub columns: Option<u64>,
    /// Abort the process, as kill -9 would, once this many checkpoints are taken (for tests).
    pub abort_after: Option<usize>,
}

/// A file a run writes: a regular file is checkpointed while the run goes; a special file (a
/// FIFO or device) is written as a stream, with no checkpoint.
#[derive(Clone, Copy, Debug)]
pub struct Output<'a> {
    /// The file.
    pub path: &'a Path,
    /// What to do with the files of an interrupted run on the same file.
    pub partial: Partial,
    /// When a checkpoint is taken.
    pub cadence: Cadence,
}

/// Why a slice run failed, typed by the input it concerns (the library names quantities and
/// paths, never a caller's flags).
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The slice engine's refusal of the fixed heaps or the number of positions, before any work.
    #[error(transparent)]
    Slice(#[from] SliceError),
    /// The output cannot be written there (the files layer's refusal of the path, bad input,
    /// or a failure to create the file), before any work.
    #[error(transparent)]
    Output(Error),
    /// The checkpoints beside the output: an interrupted run's files, refused as
    /// [`Output::partial`] says, or damaged.
    #[error(transparent)]
    Checkpoints(Error),
    /// An interrupted run was to be continued or discarded, but the output is a special file
    /// (a FIFO or device), where no checkpoint is kept.
    #[error("the output is a special file (a FIFO or device), where no checkpoint can be kept")]
    NoCheckpoints,
    /// The folder of the plots cannot take them (the refusal of [`crate::plot::check_dir`]).
    #[error(transparent)]
    Plots(Error),
    /// The run failed after its start, or was cancelled ([`Error::Cancelled`]; the checkpoints
    /// keep what they hold).
    #[error(transparent)]
    Failed(#[from] Error),
}

impl From<RunError> for Error {
    fn from(e: RunError) -> Self {
        match e {
            RunError::Slice(e) => e.into(),
            RunError::Output(e)
            | RunError::Checkpoints(e)
            | RunError::Plots(e)
            | RunError::Failed(e) => e,
            e @ RunError::NoCheckpoints => Error::usage(e.to_string()),
        }
    }
}

/// What a run reports while it goes, besides its progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The checkpoints are open: the run starts as it says (fresh, or where an interrupted run
    /// stopped).
    Begins(Begin),
}

/// The text of a listing, in the caller's format.
pub trait Render {
    /// Words naming the format, part of the checkpoint's identity: a run is continued only by a
    /// run that gives the same.
    fn identity(&self) -> String;
    /// The text before the first position (written when a run starts at column 0, not when one
    /// continues).
    fn opening(&self) -> Result<String>;
    /// Appends the text of position `n`, (`a`, `b`) = (A_n, B_n), of the slice of fixed heaps
    /// `fixed`.
    fn position(&self, out: &mut String, fixed: &[u64], n: u64, a: u64, b: u64) -> Result<()>;
    /// The text after the last position.
    fn closing(&self) -> String;
}

/// A listing: the first `count` positions of the slice of [`Fixed`] heaps, or with `all` of
/// every slice of smaller fixed heaps too ([`Listing::three`], [`Listing::four`]).
#[derive(Clone, Copy)]
pub struct Request<'a> {
    /// The fixed heaps.
    pub fixed: Fixed,
    /// Every slice of fixed heaps up to these.
    pub all: bool,
    /// The positions of each slice.
    pub count: u64,
    /// The text of the positions.
    pub render: &'a dyn Render,
    /// The file written, or `None` for `stream`.
    pub output: Option<Output<'a>>,
}

/// Where a listing's text goes.
enum Dest<'s> {
    Stream(&'s mut dyn FnMut(&str) -> Result<()>),
    Special(AtomicFile),
    Checkpointed(Box<Checkpoints>),
}

impl Dest<'_> {
    fn text(&mut self, t: &str) -> Result<()> {
        match self {
            Dest::Stream(s) => s(t),
            Dest::Special(f) => {
                let p = f.path().to_owned();
                f.write_all(t.as_bytes()).map_err(|e| io_error(&p, e))
            }
            Dest::Checkpointed(c) => c.write(t),
        }
    }
}

/// The checkpoints of `output` when it is (or will be) a regular file, opened as its
/// [`Output::partial`] says, the engine `rows` restored when continuing; `None` for a special
/// file.  The start is told to `event`.
fn checkpoints(
    output: &Output<'_>,
    in_place: bool,
    identity: &str,
    rows: &mut Rows,
    event: &dyn Fn(Event),
) -> std::result::Result<Option<(Checkpoints, Begin)>, RunError> {
    let Target::Replace(file) = target(output.path, Need::Stream).map_err(RunError::Output)? else {
        if output.partial != Partial::Refuse {
            return Err(RunError::NoCheckpoints);
        }
        return Ok(None);
    };
    let c = output.cadence;
    let (mut ckpt, begin) =
        Checkpoints::open(&file, in_place, identity, output.partial, c.every, rows)
            .map_err(RunError::Checkpoints)?;
    ckpt.abort_after(c.abort_after);
    ckpt.every_columns(c.columns);
    event(Event::Begins(begin));
    Ok(Some((ckpt, begin)))
}

/// Lists the positions of [`Request`] in its format: written to its output, or through
/// `stream` (each piece of text in order; flushing it is the caller's) when it has none.  A
/// regular file is written in place and checkpointed, and appears under its name only when
/// complete; its start is told to `event`.  Progress: the engine's columns.
pub fn list(
    req: &Request<'_>,
    stream: &mut dyn FnMut(&str) -> Result<()>,
    event: &dyn Fn(Event),
    ctx: &Context<'_>,
) -> std::result::Result<(), RunError> {
    let mut listing = match req.fixed {
        Fixed::Three(s) => Listing::three(s, req.all, req.count)?,
        Fixed::Four(s, t) => Listing::four(s, t, req.all, req.count)?,
    };
    let list: Vec<String> = req.fixed.heaps().iter().map(u64::to_string).collect();
    let identity = format!(
        "nheap slice v1 fixed={} all={} count={} {}",
        list.join(","),
        req.all,
        req.count,
        req.render.identity()
    );
    let mut begin = Begin::Fresh { discarded: false };
    let mut dest = match &req.output {
        None => Dest::Stream(stream),
        Some(o) => match checkpoints(o, true, &identity, listing.rows_mut(), event)? {
            Some((c, b)) => {
                begin = b;
                Dest::Checkpointed(Box::new(c))
            }
            None => Dest::Special(AtomicFile::create(o.path).map_err(RunError::Output)?),
        },
    };
    if matches!(begin, Begin::Resumed { .. }) {
        listing.recount();
        ctx.report(listing.rows().column());
    } else {
        dest.text(&req.render.opening()?)?;
    }
    let mut buf = String::new();
    while !listing.done() {
        ctx.check()?;
        listing.column(&mut |f, n, a, b| req.render.position(&mut buf, f, n, a, b))?;
        ctx.report(1);
        let column = listing.rows().column();
        let due = matches!(&dest, Dest::Checkpointed(c) if c.due(column));
        if buf.len() >= 1 << 16 || due {
            dest.text(&buf)?;
            buf.clear();
        }
        if let Dest::Checkpointed(c) = &mut dest {
            c.maybe(listing.rows())?;
        }
    }
    buf.push_str(&req.render.closing());
    dest.text(&buf)?;
    match dest {
        Dest::Stream(_) => Ok(()),
        Dest::Special(f) => Ok(f.commit()?),
        Dest::Checkpointed(c) => Ok(c.finish()?),
    }
}

/// Fraenkel's conjectures measured on the slices of fixed heaps up to [`Fixed`]
/// ([`Measure::new`], [`Measure::pairs`]), `count` positions each: the report, its JSON written
/// to `output` (opened before any work, under its name only when complete; a regular file
/// checkpointed meanwhile, its start told to `event`) and its plots drawn into `plots`
/// ([`conjectures::draw_plots`], the folder checked before any work).  Progress: the engine's
/// columns.
pub fn measure(
    fixed: Fixed,
    count: u64,
    output: Option<Output<'_>>,
    plots: Option<&Path>,
    event: &dyn Fn(Event),
    ctx: &Context<'_>,
) -> std::result::Result<Report, RunError> {
    let (mut m, identity) = match fixed {
        Fixed::Three(s) => (
            Measure::new(s, count)?,
            format!("nheap conjectures v1 S={s} count={count}"),
        ),
        Fixed::Four(p, q) => (
            Measure::pairs(p, q, count)?,
            format!(
                "nheap conjectures v1 P,Q={},{} count={count}",
                p.min(q),
                p.max(q)
            ),
        ),
    };
    let dir: Option<PathBuf> = match plots {
        Some(d) => Some(crate::plot::check_dir(d).map_err(RunError::Plots)?),
        None => None,
    };
    let mut file = match &output {
        Some(o) => Some(AtomicFile::create(o.path).map_err(RunError::Output)?),
        None => None,
    };
    let mut ckpt = match &output {
        Some(o) => checkpoints(o, false, &identity, m.rows_mut(), event)?,
        None => None,
    };
    if let Some((_, Begin::Resumed { .. })) = &ckpt {
        m.replay()?;
        ctx.report(m.rows().column());
    }
    while !m.done() {
        ctx.check()?;
        m.column()?;
        ctx.report(1);
        if let Some((c, _)) = &mut ckpt {
            c.maybe(m.rows())?;
        }
    }
    let report = m.report();
    if let Some(f) = &mut file {
        let p = f.path().to_owned();
        f.write_all(report.to_json().as_bytes())
            .map_err(|e| io_error(&p, e))?;
    }
    if let Some(f) = file {
        f.commit()?;
    }
    if let Some((c, _)) = ckpt {
        c.finish()?;
    }
    if let Some(dir) = &dir {
        conjectures::draw_plots(&report, dir)?;
    }
    Ok(report)
}
