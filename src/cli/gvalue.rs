//! `wythoff gvalue`: the g-values of Wythoff's Grundy function without a table — the N-th one,
//! the first K streamed to a binary file, to text or to a summary, and a g-value file checked
//! ([`wythoff::gvalues`], doc/gvalues.md).

use super::args::*;
use super::gvalue_check::{against, check_file, rule_check};
use super::json;
use super::out::{Out, Sink, outln};
use clap::Args;
use rug::Integer;
use std::io::Write;
use std::path::PathBuf;
use std::sync::OnceLock;
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::files::gvalues as file;
use wythoff::gvalues::{self, Method, Prefix, automaton};

#[derive(Args)]
pub(crate) struct GvalueArgs {
    /// The value G, 0 to 255.
    #[arg(value_parser = grundy_value, allow_hyphen_values = true,
          required_unless_present = "check")]
    pub(crate) g: Option<u32>,
    /// The index N (from 0, in increasing x; any size for G = 0 and G = 1): print the N-th
    /// g-value.
    #[arg(value_parser = index, allow_hyphen_values = true,
          required_unless_present_any = ["count", "check", "against"])]
    pub(crate) n: Option<Integer>,
    /// Stream the first K g-values: a summary, `--text` lines or (`-o FILE`) a binary file.
    #[arg(long, value_name = "K", value_parser = listed, conflicts_with = "n")]
    pub(crate) count: Option<u64>,
    /// With --count: write `n x y` lines (to stdout, or to -o FILE) instead of a summary.
    #[arg(long, requires = "count", conflicts_with = "n")]
    pub(crate) text: bool,
    /// With --count: write the binary g-value file (kind 7, doc/formats.md), or the text of
    /// --text, to FILE (atomically).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        requires = "count",
        conflicts_with = "n"
    )]
    pub(crate) output: Option<PathBuf>,
    /// Check a g-value file: header, length, checksum, and every record against the sweep.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["g", "n", "count", "text", "output"])]
    pub(crate) check: Option<PathBuf>,
    /// Compare the values 0..=G of the sweep with a Grundy table file of a = 1 (`grundy N -o
    /// FILE`), cell by cell inside it.
    #[arg(long, value_name = "TABLE", requires = "g",
          conflicts_with_all = ["n", "count", "text", "output", "check"])]
    pub(crate) against: Option<PathBuf>,
    /// With --count K: the summary of every value h = 0..=G from one sweep (the first K
    /// g-values of each), instead of G's alone.
    #[arg(long, requires = "count",
          conflicts_with_all = ["n", "check", "against", "text", "output"])]
    pub(crate) all: bool,
    /// With --all: draw the summaries against h into DIR (created if needed):
    /// gvalue_distances.png and gvalue_settling.png.
    #[arg(long, value_name = "DIR", requires = "all",
          conflicts_with_all = ["n", "check", "against"])]
    pub(crate) plots: Option<PathBuf>,
    /// With G = 1 and --count K: compare the first K 1-values of the sweep with the automaton
    /// (on each diagonal, by index, and its n-th 1-value on a sample); FAIL is status 1.
    #[arg(long, requires = "count",
          conflicts_with_all = ["n", "check", "against", "text", "output", "all"])]
    pub(crate) rule: bool,
    /// One JSON object: the g-value (with its diagonal y − x), the summary, the check of a file
    /// or the comparison with a table.
    #[arg(long, conflicts_with_all = ["text", "output"])]
    pub(crate) json: bool,
}

pub(crate) fn gvalue(args: GvalueArgs) -> Result<()> {
    if let Some(path) = &args.check {
        return check_file(path, args.json);
    }
    let g = args.g.ok_or_else(|| Error::usage("give the value G"))?;
    if let Some(table) = &args.against {
        return against(g, table, args.json);
    }
    if let Some(k) = args.count {
        if args.rule {
            return rule_check(g, k, args.json);
        }
        if args.all {
            return summaries(g, k, &args);
        }
        return stream(g, k, &args);
    }
    let n = args.n.ok_or_else(|| Error::usage("give N or --count K"))?;
    // the bar appears with the first report: only the sweep reports
    let bar = OnceLock::new();
    let total = n.to_u128().map_or(u128::MAX, |n| n.saturating_add(1));
    let tick = |d: u64| bar.get_or_init(|| progress_bar(total, "g-values")).inc(d);
    let v = gvalues::nth_value(g, &n, &Context::serial().with_progress(&tick))?;
    if let Some(pb) = bar.get() {
        pb.finish_and_clear();
    }
    if v.method == Method::Automaton {
        crate::cli::out::errln!("wythoff: {}", automaton::LABEL);
    }
    let mut out = Out::new();
    if args.json {
        let method = v.method.name();
        out.json(&json::GValueJson::new(g, &n, &v.x, &v.y, method, "proved"))?;
    } else {
        outln!(out, "{n} {} {}", v.x, v.y)?;
    }
    out.finish()
}

/// `gvalue G --count K`: the first K g-values to a file, to text or to a summary.
fn stream(g: u32, k: u64, args: &GvalueArgs) -> Result<()> {
    let prefix = Prefix::new(g, k)?;
    let pb = progress_bar(u128::from(k), "g-values");
    let tick = |d: u64| pb.inc(d);
    let ctx = Context::serial().with_progress(&tick);
    if args.text {
        let mut sink = Sink::open(args.output.as_deref())?;
        sink.stream(&mut |w: &mut dyn Write| prefix.write_text(w, &ctx))?;
        pb.finish_and_clear();
        return sink.finish();
    }
    if let Some(path) = &args.output {
        let w = file::Writer::create(path, u64::from(g)).map_err(naming("-o"))?;
        prefix.write_file(w, &ctx)?;
        pb.finish_and_clear();
        return Ok(());
    }
    let s = prefix.summary(&ctx)?;
    pb.finish_and_clear();
    let mut out = Out::new();
    if args.json {
        out.json(&json::GSummary::from(&s))?;
    } else {
        outln!(out, "{s}")?;
    }
    out.finish()
}

/// `gvalue G --count K --all`: the summaries of every h ≤ G from one sweep, with plots.
fn summaries(g: u32, k: u64, args: &GvalueArgs) -> Result<()> {
    let plots = args
        .plots
        .as_deref()
        .map(|d| wythoff::plot::check_dir(d).map_err(naming("--plots")))
        .transpose()?;
    let prefix = Prefix::new(g, k)?;
    let pb = progress_bar(u128::from(prefix.rows()), "rows");
    let tick = |d: u64| pb.inc(d);
    let all = prefix.summaries(&Context::serial().with_progress(&tick))?;
    pb.finish_and_clear();
    let mut drawn = Vec::new();
    if let Some(dir) = &plots {
        drawn = gvalues::plot::draw_all(&all, dir)?;
    }
    let mut out = Out::new();
    if args.json {
        out.json(&json::GSummaries {
            top: json::s(g),
            count: json::s(k),
            evidence: gvalues::summary::EVIDENCE.into(),
            values: all.iter().map(json::GSummary::from).collect(),
            plots: drawn.iter().map(|p| p.display().to_string()).collect(),
        })?;
    } else {
        outln!(out, "{}", gvalues::summary::EVIDENCE)?;
        for s in &all {
            outln!(out, "{s}")?;
        }
        for p in &drawn {
            outln!(out, "plot: {}", p.display())?;
        }
    }
    out.finish()
}
