//! `nheap --slice` and `nheap --conjectures`: the slices of fixed heaps, streamed to standard
//! output or a checkpointed file, and Fraenkel's conjectures measured on them — each one call of
//! [`wythoff::nheap::run`], its errors named by the flags here.

use super::args::bar;
use super::json;
use super::nheap_args::NheapArgs;
use super::out::Out;
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::nheap;
use wythoff::nheap::resume::Begin;
use wythoff::nheap::run::{Event, Render, Request};

/// The positions of a slice printed when `--count` is not given.
const DEFAULT_COUNT: u64 = 100;

/// The positions of each slice measured by `--conjectures` when `--count` is not given.
const DEFAULT_MEASURED: u64 = 10_000;

/// The text of `--slice`: `n A_n B_n` lines (with `--all` the fixed heaps first), or one JSON
/// object whose positions are streamed.
struct Text<'a> {
    fixed: &'a [u64],
    count: u64,
    all: bool,
    json: bool,
}

fn rendering(e: serde_json::Error) -> Error {
    Error::internal(format!("JSON rendering: {e}"))
}

impl Render for Text<'_> {
    fn identity(&self) -> String {
        format!("json={}", self.json)
    }

    fn opening(&self) -> Result<String> {
        if !self.json {
            return Ok(String::new());
        }
        // the object as one line, its positions streamed: its opening up to the list's `[`
        let empty = json::Slice {
            smallest: self.fixed.iter().map(json::s).collect(),
            count: json::s(self.count),
            positions: Vec::new(),
        };
        let text = serde_json::to_string(&json::Versioned::with(json::VERSION, &empty))
            .map_err(rendering)?;
        Ok(text.strip_suffix("]}").unwrap_or(&text).to_string())
    }

    fn position(&self, buf: &mut String, f: &[u64], n: u64, a: u64, b: u64) -> Result<()> {
        if self.json {
            let p = json::SlicePosition {
                n: json::s(n),
                a: json::s(a),
                b: json::s(b),
                difference: json::s(b - a),
            };
            if n > 0 {
                buf.push(',');
            }
            buf.push_str(&serde_json::to_string(&p).map_err(rendering)?);
        } else if self.all {
            let f: Vec<String> = f.iter().map(u64::to_string).collect();
            buf.push_str(&format!("{} {n} {a} {b}\n", f.join(" ")));
        } else {
            buf.push_str(&format!("{n} {a} {b}\n"));
        }
        Ok(())
    }

    fn closing(&self) -> String {
        if self.json {
            "]}\n".into()
        } else {
            String::new()
        }
    }
}

/// The start of a checkpointed run, told on standard error.
fn told(args: &NheapArgs, in_place: bool) -> impl Fn(Event) + '_ {
    move |Event::Begins(begin)| {
        let path = args.output.clone().unwrap_or_default();
        let path = path.display();
        match begin {
            Begin::Fresh { discarded: true } => {
                crate::cli::out::errln!("wythoff: discarded the interrupted run of '{path}'")
            }
            Begin::Fresh { discarded: false } => {}
            Begin::Again => crate::cli::out::errln!(
                "wythoff: continuing the interrupted run of '{path}': it recorded no checkpoint, \
                 starting again at column 0"
            ),
            Begin::Resumed { column, bytes } if in_place => crate::cli::out::errln!(
                "wythoff: continuing the interrupted run of '{path}' from column {column} \
                 ({bytes} bytes of output kept)"
            ),
            Begin::Resumed { column, .. } => crate::cli::out::errln!(
                "wythoff: continuing the interrupted run of '{path}' from column {column} (the \
                 report is written at the end)"
            ),
        }
    }
}

/// A bar of the columns the engine is expected to need for `count` positions of the slices of
/// fixed heaps up to `fixed` (as for a smallest heap of their sum, the estimate of the memory
/// check); drawn only on a terminal.
fn columns_bar(fixed: &[u64], count: u64, label: &str) -> indicatif::ProgressBar {
    let s = fixed.iter().fold(0u64, |a, &f| a.saturating_add(f));
    let total = nheap::slice::columns_estimate(s, count).unwrap_or(u64::MAX);
    bar(u128::from(total), label)
}

pub(crate) fn slice(heaps: &[u64], args: &NheapArgs) -> Result<()> {
    let count = args.count.unwrap_or(DEFAULT_COUNT);
    let (all, json) = (args.all, args.json);
    let render = Text {
        fixed: heaps,
        count,
        all,
        json,
    };
    let req = Request {
        fixed: NheapArgs::fixed(heaps, "--slice", "A (three heaps) or A1,A2 (four heaps)")?,
        all,
        count,
        render: &render,
        output: args.output(),
    };
    let pb = columns_bar(heaps, count, "nheap slice (columns)");
    let progress = |n: u64| pb.inc(n);
    let ctx = Context::serial().with_progress(&progress);
    let mut out = Out::new();
    let done = nheap::run::list(&req, &mut |t| out.text(t), &told(args, true), &ctx);
    pb.finish_and_clear();
    done.map_err(|e| args.named(e, "--slice"))?;
    out.finish()
}

/// `--conjectures S` or `P,Q`: the report of [`nheap::run::measure`], as a summary or JSON, to
/// standard output and `-o FILE`, with the plots in `--plots DIR`; status 1 when a check failed.
pub(crate) fn conjectures(heaps: &[u64], args: &NheapArgs) -> Result<()> {
    let count = args.count.unwrap_or(DEFAULT_MEASURED);
    let fixed = NheapArgs::fixed(
        heaps,
        "--conjectures",
        "S (three heaps) or P,Q (four heaps)",
    )?;
    let pb = columns_bar(heaps, count, "nheap conjectures (columns)");
    let progress = |n: u64| pb.inc(n);
    let ctx = Context::serial().with_progress(&progress);
    let event = told(args, false);
    let plots = args.plots.as_deref();
    let done = nheap::run::measure(fixed, count, args.output(), plots, &event, &ctx);
    pb.finish_and_clear();
    let report = done.map_err(|e| args.named(e, "--conjectures"))?;
    let mut out = Out::new();
    out.text(&if args.json {
        report.to_json()
    } else {
        report.summary()
    })?;
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
