//! `wythoff gvalue`: the g-values of Wythoff's Grundy function without a table — the N-th one,
//! the first K streamed to a binary file, to text or to a summary, and a g-value file checked
//! ([`wythoff::gvalues`], doc/gvalues.md).

use super::args::*;
use super::gvalue_check::{against, check_file, rule_check};
use super::json;
use super::out::{Out, Sink, outln};
use clap::Args;
use rug::Integer;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use wythoff::artifact::gvalues as file;
use wythoff::error::{Error, Result};
use wythoff::gvalues::{self, GValues, automaton};
use wythoff::pairs::emit::write_error;

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
    let (x, y, method, status) = if g == 0 {
        let (x, y) = gvalues::nth_zero(&n);
        (x, y, "formula", "proved")
    } else if g == 1 && n >= automaton::SWEEP_BELOW {
        let (x, y) = automaton::nth_one_value(&n)?;
        eprintln!("wythoff: {}", automaton::LABEL);
        (x, y, "automaton", "proved")
    } else {
        let n64 = n.to_u64().ok_or_else(|| {
            Error::usage(format!(
                "N = {}: the sweep of G = {g} reaches N ≤ {} (G = 0 and G = 1 take any N)",
                wythoff::pairs::abbreviate(&n),
                gvalues::max_count(g) - 1
            ))
        })?;
        let pb = progress_bar(u128::from(n64) + 1, "g-values");
        let v = gvalues::nth(g, n64, &|k| pb.inc(k))?;
        pb.finish_and_clear();
        (Integer::from(v.x), Integer::from(v.y), "sweep", "proved")
    };
    let mut out = Out::new();
    if args.json {
        out.json(&json::GValueJson::new(g, &n, &x, &y, method, status))?;
    } else {
        outln!(out, "{n} {x} {y}")?;
    }
    out.finish()
}

/// `gvalue G --count K`: the first K g-values to a file, to text or to a summary.
fn stream(g: u32, k: u64, args: &GvalueArgs) -> Result<()> {
    let cap = gvalues::plan(g, k)?;
    let mut values = GValues::new(g, cap)?.take(usize::try_from(k).unwrap_or(usize::MAX));
    let pb = progress_bar(u128::from(k), "g-values");
    let tick = |d: u64| pb.inc(d);
    if args.text {
        let mut sink = Sink::open(args.output.as_deref())?;
        sink.stream(&mut |w: &mut dyn Write| {
            let mut w = BufWriter::with_capacity(1 << 20, w);
            for v in values.by_ref() {
                let v = v?;
                writeln!(w, "{} {} {}", v.n, v.x, v.y).map_err(write_error)?;
                if (v.n + 1) % (1 << 20) == 0 {
                    tick(1 << 20);
                }
            }
            w.flush().map_err(write_error)
        })?;
        pb.finish_and_clear();
        return sink.finish();
    }
    if let Some(path) = &args.output {
        let mut w = file::Writer::create(path, u64::from(g)).map_err(naming("-o"))?;
        for v in values {
            let v = v?;
            w.push(v.x, v.y)?;
            if (v.n + 1) % (1 << 20) == 0 {
                tick(1 << 20);
            }
        }
        w.finish()?;
        pb.finish_and_clear();
        return Ok(());
    }
    let s = gvalues::summarize(g, values, &tick)?;
    pb.finish_and_clear();
    let mut out = Out::new();
    if args.json {
        out.json(&json::GSummary::from(&s))?;
    } else {
        print_summary(&mut out, &s)?;
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
    let cap = gvalues::plan(g, k)?;
    // the rows to sweep: the K-th g-value of each h lies near row φK (x − A_n is bounded)
    let pb = progress_bar(u128::from(k) * 1618 / 1000 + 1, "rows");
    let all = gvalues::summarize_all(g, k, cap, &|d| pb.inc(d))?;
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
            print_summary(&mut out, s)?;
        }
        for p in &drawn {
            outln!(out, "plot: {}", p.display())?;
        }
    }
    out.finish()
}

fn print_summary(out: &mut Out, s: &gvalues::Summary) -> Result<()> {
    let (n, x, y) = s.last;
    outln!(out, "g={} count={}", s.g, s.count)?;
    if s.count == 0 {
        return Ok(());
    }
    outln!(out, "last: n={n} x={x} y={y}")?;
    for (what, e) in [
        ("x - A_n", s.lower),
        ("y - B_n", s.upper),
        ("(y - x) - n", s.diagonal),
    ] {
        outln!(
            out,
            "{what}: from {} to {}; largest |.| = {}, last grew at n={}",
            e.min,
            e.max,
            e.largest(),
            e.last_growth
        )?;
    }
    let listed: Vec<String> = s.skipped_list.iter().map(u64::to_string).collect();
    let more = if s.skipped_diagonals > listed.len() as u64 {
        " …"
    } else {
        ""
    };
    outln!(
        out,
        "diagonals: largest y - x = {}, {} of 0..={} unused{}{}{more}",
        s.largest_diagonal,
        s.skipped_diagonals,
        s.largest_diagonal,
        if listed.is_empty() { "" } else { ": " },
        listed.join(" ")
    )?;
    let t = &s.tail;
    let counts: Vec<String> = t.counts.iter().map(|(d, c)| format!("{d}:{c}")).collect();
    outln!(
        out,
        "shifted Wythoff: (y - x) - n changed {} times; its last run: {} from n={} to n={}; \
         value:count {}",
        t.changes,
        t.shift,
        t.constant_from,
        s.count - 1,
        counts.join(" ")
    )
}
