//! `nheap --slice` and `nheap --conjectures`: the slices of fixed heaps, streamed to standard
//! output or a checkpointed file, and Fraenkel's conjectures measured on them.

use super::args::*;
use super::json;
use super::nheap_args::NheapArgs;
use super::out::{Out, Sink};
use wythoff::artifact::atomic::{Need, Target, target};
use wythoff::error::{Error, Result};
use wythoff::nheap;
use wythoff::nheap::listing::Listing;
use wythoff::nheap::resume::{Begin, Checkpoints};
use wythoff::nheap::slice::{Input, SliceError};

/// The positions of a slice printed when `--count` is not given.
const DEFAULT_COUNT: u64 = 100;

/// The positions of each slice measured by `--conjectures` when `--count` is not given.
const DEFAULT_MEASURED: u64 = 10_000;

/// Where a slice's text goes: standard output or a special file, as it is ([`Sink`]), or a
/// regular file, checkpointed ([`Checkpoints`]).
enum Dest {
    Plain(Sink),
    Checkpointed(Box<Checkpoints>),
}

impl Dest {
    fn text(&mut self, t: &str) -> Result<()> {
        match self {
            Dest::Plain(s) => s.text(t),
            Dest::Checkpointed(c) => c.write(t),
        }
    }

    fn finish(self) -> Result<()> {
        match self {
            Dest::Plain(s) => s.finish(),
            Dest::Checkpointed(c) => c.finish(),
        }
    }
}

/// The checkpoints of a run with `-o FILE` when FILE is (or will be) a regular file, opened as
/// `--resume`/`--restart` say, the engine `rows` restored when resuming; `None` for a special
/// file (where --resume/--restart are refused).
fn checkpoints(
    args: &NheapArgs,
    in_place: bool,
    params: &str,
    rows: &mut nheap::slice::Rows,
) -> Result<Option<(Checkpoints, Begin)>> {
    let Some(path) = &args.output else {
        return Ok(None);
    };
    let Target::Replace(file) = target(path, Need::Stream).map_err(naming("-o"))? else {
        if args.resume || args.restart {
            return Err(Error::usage(
                "--resume/--restart: the output is a special file (a FIFO or device), where no \
                 checkpoint can be kept; give a regular file to -o",
            ));
        }
        return Ok(None);
    };
    let mode = wythoff::artifact::Partial::from_flags(args.resume, args.restart);
    let flag = if args.resume { "--resume" } else { "-o" };
    let every = match args.checkpoint_ms {
        Some(ms) => std::time::Duration::from_millis(ms),
        None => std::time::Duration::from_secs(args.checkpoint_every),
    };
    let (mut c, begin) =
        Checkpoints::open(&file, in_place, params, mode, every, rows).map_err(naming(flag))?;
    c.abort_after(args.abort_after_checkpoints);
    c.every_columns(args.checkpoint_columns);
    match begin {
        Begin::Fresh { discarded: true } => eprintln!(
            "wythoff: discarded the interrupted run of '{}'",
            path.display()
        ),
        Begin::Fresh { discarded: false } => {}
        Begin::Again => eprintln!(
            "wythoff: continuing the interrupted run of '{}': it recorded no checkpoint, \
             starting again at column 0",
            path.display()
        ),
        Begin::Resumed { column, bytes } if in_place => eprintln!(
            "wythoff: continuing the interrupted run of '{}' from column {column} ({bytes} bytes \
             of output kept)",
            path.display()
        ),
        Begin::Resumed { column, .. } => eprintln!(
            "wythoff: continuing the interrupted run of '{}' from column {column} (the report is \
             written at the end)",
            path.display()
        ),
    }
    Ok(Some((c, begin)))
}

/// A bar of the columns the engine is expected to need for `count` positions of the slices of
/// fixed heaps up to `fixed` (as for a smallest heap of their sum, the estimate of the memory
/// check); drawn only on a terminal.
fn columns_bar(fixed: &[u64], count: u64, label: &str) -> indicatif::ProgressBar {
    let s = fixed.iter().fold(0u64, |a, &f| a.saturating_add(f));
    let total = nheap::slice::columns_estimate(s, count).unwrap_or(u64::MAX);
    bar(u128::from(total), label)
}

/// The slice engine's refusal in one line naming the flag of the input concerned: `flag` for the
/// fixed heaps (`--slice` or `--conjectures`, whichever gave them), `--count` for the positions.
fn refused(flag: &'static str) -> impl Fn(SliceError) -> Error {
    move |e| match e {
        SliceError::Refused(r) => {
            let name = match r.input {
                Input::Fixed => flag,
                Input::Count => "--count",
            };
            Error::usage(format!("{name}: {}", r.message))
        }
        SliceError::PastLimit(m) => Error::usage(format!(
            "{flag}: {m}; ask for smaller fixed heaps or a smaller --count"
        )),
        SliceError::PastMemory(m) => Error::usage(format!(
            "{flag}: {m}; ask for a smaller --count or fixed heaps"
        )),
        SliceError::Failed(e) => e,
    }
}

pub(crate) fn slice(fixed: &[u64], args: &NheapArgs) -> Result<()> {
    let count = args.count.unwrap_or(DEFAULT_COUNT);
    let named = refused("--slice");
    let mut listing = match *fixed {
        [s] => Listing::three(s, args.all, count).map_err(named)?,
        [s, t] => Listing::four(s, t, args.all, count).map_err(named)?,
        _ => {
            return Err(Error::usage(
                "--slice: give A (three heaps) or A1,A2 (four heaps)",
            ));
        }
    };
    let list: Vec<String> = fixed.iter().map(u64::to_string).collect();
    let params = format!(
        "nheap slice v1 fixed={} all={} count={count} json={}",
        list.join(","),
        args.all,
        args.json
    );
    let (mut dest, begin) = match checkpoints(args, true, &params, listing.rows_mut())? {
        Some((c, begin)) => (Dest::Checkpointed(Box::new(c)), begin),
        None => (
            Dest::Plain(Sink::open(args.output.as_deref())?),
            Begin::Fresh { discarded: false },
        ),
    };
    if matches!(begin, Begin::Resumed { .. }) {
        listing.recount();
    } else if args.json {
        // the object as one line, its positions streamed: its opening up to the list's `[`
        let empty = json::Slice {
            smallest: fixed.iter().map(json::s).collect(),
            count: json::s(count),
            positions: Vec::new(),
        };
        let text = serde_json::to_string(&json::Versioned::with(json::VERSION, &empty))
            .map_err(|e| Error::internal(format!("JSON rendering: {e}")))?;
        dest.text(text.strip_suffix("]}").unwrap_or(&text))?;
    }
    let mut buf = String::new();
    let json = args.json;
    let pb = columns_bar(fixed, count, "nheap slice (columns)");
    while !listing.done() {
        pb.set_position(listing.rows().column());
        listing.column(&mut |f, n, a, b| {
            if json {
                let p = json::SlicePosition {
                    n: json::s(n),
                    a: json::s(a),
                    b: json::s(b),
                    difference: json::s(b - a),
                };
                if n > 0 {
                    buf.push(',');
                }
                let t = serde_json::to_string(&p)
                    .map_err(|e| Error::internal(format!("JSON rendering: {e}")))?;
                buf.push_str(&t);
            } else if args.all {
                let f: Vec<String> = f.iter().map(u64::to_string).collect();
                buf.push_str(&format!("{} {n} {a} {b}\n", f.join(" ")));
            } else {
                buf.push_str(&format!("{n} {a} {b}\n"));
            }
            Ok(())
        })?;
        let due = match &dest {
            Dest::Checkpointed(c) => c.due(listing.rows().column()),
            Dest::Plain(_) => false,
        };
        if buf.len() >= 1 << 16 || due {
            dest.text(&buf)?;
            buf.clear();
        }
        if let Dest::Checkpointed(c) = &mut dest {
            c.maybe(listing.rows())?;
        }
    }
    pb.finish_and_clear();
    if json {
        buf.push_str("]}\n");
    }
    dest.text(&buf)?;
    dest.finish()
}

/// `--conjectures S` or `P,Q`: the report of [`nheap::conjectures::Measure`], as a summary or
/// JSON, to standard output and `-o FILE`, with the plots in `--plots DIR`; status 1 when a
/// check failed.
pub(crate) fn conjectures(fixed: &[u64], args: &NheapArgs) -> Result<()> {
    let count = args.count.unwrap_or(DEFAULT_MEASURED);
    let named = refused("--conjectures");
    let (mut m, params) = match *fixed {
        [s] => (
            nheap::conjectures::Measure::new(s, count).map_err(named)?,
            format!("nheap conjectures v1 S={s} count={count}"),
        ),
        [p, q] => (
            nheap::conjectures::Measure::pairs(p, q, count).map_err(named)?,
            format!(
                "nheap conjectures v1 P,Q={},{} count={count}",
                p.min(q),
                p.max(q)
            ),
        ),
        _ => {
            return Err(Error::usage(
                "--conjectures: give S (three heaps) or P,Q (four heaps)",
            ));
        }
    };
    let dir = match &args.plots {
        Some(d) => Some(wythoff::plot::check_dir(d).map_err(|e| match e {
            Error::Usage(m) => Error::usage(format!("--plots: {m}")),
            e => e,
        })?),
        None => None,
    };
    // the file is opened (under a temporary name) before the run, so that a bad path is
    // refused up front
    let sink = match &args.output {
        Some(path) => Some(Sink::open(Some(path))?),
        None => None,
    };
    let mut ckpt = checkpoints(args, false, &params, m.rows_mut())?;
    if let Some((_, Begin::Resumed { .. })) = &ckpt {
        m.replay()?;
    }
    let pb = columns_bar(fixed, count, "nheap conjectures (columns)");
    while !m.done() {
        pb.set_position(m.rows().column());
        m.column()?;
        if let Some((c, _)) = &mut ckpt {
            c.maybe(m.rows())?;
        }
    }
    pb.finish_and_clear();
    let report = m.report();
    let json = report.to_json();
    if let Some(mut sink) = sink {
        sink.text(&json)?;
        sink.finish()?;
    }
    if let Some((c, _)) = ckpt {
        c.finish()?;
    }
    if let Some(dir) = &dir {
        nheap::conjectures::draw_plots(&report, dir)?;
    }
    let mut out = Out::new();
    out.text(&if args.json { json } else { report.summary() })?;
    out.finish()?;
    match report.verdict() {
        wythoff::check::Status::Ok => Ok(()),
        wythoff::check::Status::Fail => Err(Error::Disagreement(
            "a statement did not hold on the second half of a slice's range (see the report)"
                .into(),
        )),
        wythoff::check::Status::Skipped => Err(Error::Disagreement("no check ran".into())),
    }
}
