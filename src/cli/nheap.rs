//! `wythoff nheap`: Fraenkel's N-heap Wythoff game — P or N and every winning move of a
//! position, or the slice of a fixed smallest heap (three heaps).

use super::args::*;
use super::json;
use super::out::{Out, Sink, outln};
use clap::Args;
use std::path::PathBuf;
use wythoff::Outcome;
use wythoff::error::{Error, Result};
use wythoff::nheap;

/// The positions of a slice printed when `--count` is not given.
const DEFAULT_COUNT: u64 = 100;

/// The positions of each slice measured by `--conjectures` when `--count` is not given.
const DEFAULT_MEASURED: u64 = 10_000;

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
    /// a report with ok / FAIL per slice and statement on the second half of the range.
    #[arg(long, value_name = "S", value_parser = size, allow_hyphen_values = true, conflicts_with_all = ["slice", "all"])]
    pub(crate) conjectures: Option<u64>,
    /// With --slice: the number of positions (default 100); with --conjectures: the positions
    /// measured in each slice (default 10000).
    #[arg(long, value_name = "K", value_parser = listed, allow_hyphen_values = true)]
    pub(crate) count: Option<u64>,
    /// With --conjectures: draw alpha and the thresholds against s as PNG files into DIR.
    #[arg(long, value_name = "DIR", requires = "conjectures")]
    pub(crate) plots: Option<PathBuf>,
    /// With --slice A: every slice of smallest heap s <= A in one run, as `s n A_n B_n` lines in
    /// the order found (by A_n, then s); with --slice A1,A2: every four-heap slice of fixed heaps
    /// p <= q <= max(A1, A2), as `p q n A_n B_n` lines; each slice ends at K positions.
    #[arg(long, requires = "slice", conflicts_with = "json")]
    pub(crate) all: bool,
    /// With --slice: write to FILE (atomically) instead of standard output; with --conjectures:
    /// write the JSON report to FILE (the summary still goes to standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// One JSON object: the outcome and moves, or with --slice the positions with B - A.
    #[arg(long)]
    pub(crate) json: bool,
}

impl NheapArgs {
    /// `--count` and `-o` belong to `--slice` (clap's `requires` does not see them past the
    /// heaps' positional list).
    pub(crate) fn check(&self) -> std::result::Result<(), String> {
        if self.slice.is_none() && self.conjectures.is_none() {
            if self.count.is_some() {
                return Err("--count goes with --slice A or --conjectures S".into());
            }
            if self.output.is_some() {
                return Err("-o goes with --slice A or --conjectures S".into());
            }
        }
        if self.plots.is_some() && self.conjectures.is_none() {
            return Err("--plots goes with --conjectures S".into());
        }
        if self.slice.is_none() && self.all {
            return Err("--all goes with --slice A".into());
        }
        Ok(())
    }
}

pub(crate) fn nheap_cmd(args: NheapArgs) -> Result<()> {
    match (&args.slice, args.conjectures) {
        (Some(fixed), _) => slice(&fixed.0, &args),
        (None, Some(s)) => conjectures(s, &args),
        (None, None) => position(&args),
    }
}

/// The heaps as "(h1, h2, …)".
fn tuple(h: &[u64]) -> String {
    let v: Vec<String> = h.iter().map(u64::to_string).collect();
    format!("({})", v.join(", "))
}

fn position(args: &NheapArgs) -> Result<()> {
    let h = &args.heaps;
    let a = nheap::analyse(h)?;
    let mut out = Out::new();
    if args.json {
        out.json(&json::Nheap {
            position: h.iter().map(json::s).collect(),
            outcome: a.outcome.to_string(),
            moves: a
                .moves
                .iter()
                .map(|m| m.iter().map(json::s).collect())
                .collect(),
        })?;
        return out.finish();
    }
    let p = tuple(h);
    match a.outcome {
        Outcome::P => outln!(
            out,
            "{p}: P — the player to move loses; there is no winning move"
        )?,
        Outcome::N => {
            let k = a.moves.len();
            let s = if k == 1 { "" } else { "s" };
            outln!(out, "{p}: N — {k} winning move{s}:")?;
            for m in &a.moves {
                outln!(out, "  {p} -> {}", tuple(m))?;
            }
        }
    }
    out.finish()
}

/// The positions of the slice of the fixed heaps `fixed` (one: three heaps; two: four heaps):
/// `visit(n, A_n, B_n)`.
fn positions(
    fixed: &[u64],
    count: u64,
    visit: &mut dyn FnMut(u64, u64, u64) -> Result<()>,
) -> Result<()> {
    match *fixed {
        [s] => nheap::slice::slice(s, count, visit),
        [s, t] => nheap::slice::pair_slice(s, t, count, visit),
        _ => Err(Error::usage(
            "--slice: give A (three heaps) or A1,A2 (four heaps)",
        )),
    }
}

fn slice(fixed: &[u64], args: &NheapArgs) -> Result<()> {
    let count = args.count.unwrap_or(DEFAULT_COUNT);
    match *fixed {
        [s] => nheap::slice::check(s, count)?,
        [s, t] => nheap::slice::check_pairs(s.min(t), s.max(t), count)?,
        _ => {
            return Err(Error::usage(
                "--slice: give A (three heaps) or A1,A2 (four heaps)",
            ));
        }
    }
    let mut sink = Sink::open(args.output.as_deref())?;
    if args.json {
        let mut list = Vec::new();
        positions(fixed, count, &mut |n, a, b| {
            list.push(json::SlicePosition {
                n: json::s(n),
                a: json::s(a),
                b: json::s(b),
                difference: json::s(b - a),
            });
            Ok(())
        })?;
        let body = json::Slice {
            smallest: fixed.iter().map(json::s).collect(),
            count: json::s(count),
            positions: list,
        };
        let text = serde_json::to_string(&json::Versioned::with(json::VERSION, &body))
            .map_err(|e| Error::internal(format!("JSON rendering: {e}")))?;
        sink.text(&text)?;
        sink.text("\n")?;
        return sink.finish();
    }
    let mut buf = String::new();
    let mut line = |text: String| -> Result<()> {
        buf.push_str(&text);
        if buf.len() >= 1 << 16 {
            sink.text(&buf)?;
            buf.clear();
        }
        Ok(())
    };
    match (args.all, fixed) {
        (true, &[s]) => nheap::slice::slices(s, count, &mut |t, n, a, b| {
            line(format!("{t} {n} {a} {b}\n"))
        })?,
        (true, &[s, t]) => nheap::slice::pair_slices(s.max(t), count, &mut |p, q, n, a, b| {
            line(format!("{p} {q} {n} {a} {b}\n"))
        })?,
        _ => positions(fixed, count, &mut |n, a, b| line(format!("{n} {a} {b}\n")))?,
    }
    sink.text(&buf)?;
    sink.finish()
}

/// `--conjectures S`: the report of [`nheap::conjectures::measure`], as a summary or JSON, to
/// standard output and `-o FILE`, with the plots in `--plots DIR`; status 1 when a check failed.
fn conjectures(s: u64, args: &NheapArgs) -> Result<()> {
    let count = args.count.unwrap_or(DEFAULT_MEASURED);
    nheap::slice::check(s, count)?;
    let dir = match &args.plots {
        Some(d) => Some(wythoff::verify::plot::check_dir(d).map_err(|e| match e {
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
    let report = nheap::conjectures::measure(s, count)?;
    let json = report.to_json();
    if let Some(mut sink) = sink {
        sink.text(&json)?;
        sink.finish()?;
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
