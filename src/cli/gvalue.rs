//! `wythoff gvalue`: the g-values of Wythoff's Grundy function without a table — the N-th one,
//! the first K streamed to a binary file, to text or to a summary, and a g-value file checked
//! ([`wythoff::gvalues`], doc/gvalues.md).

use super::args::*;
use super::json;
use super::out::{Out, Sink, outln};
use clap::Args;
use rug::Integer;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use wythoff::artifact::gvalues as file;
use wythoff::error::{Error, Result};
use wythoff::gvalues::{self, GValue, GValues, automaton};
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

/// `gvalue 1 --count K --rule`: the sweep's first K 1-values against the automaton.
fn rule_check(g: u32, k: u64, as_json: bool) -> Result<()> {
    if g != 1 {
        return Err(Error::usage(format!(
            "--rule: G = {g}; the automaton is of the 1-values, give G = 1"
        )));
    }
    let pb = progress_bar(u128::from(k), "1-values");
    let checks = automaton::check_against_sweep(k, &|d| pb.inc(d))?;
    pb.finish_and_clear();
    let verdict = wythoff::check::verdict(&checks);
    let mut out = Out::new();
    if as_json {
        out.json(&json::GRule {
            g: json::s(g),
            count: json::s(k),
            verdict,
            checks: &checks,
        })?;
    } else {
        out.text(&format!(
            "{verdict}: the first {k} 1-values of the greedy against the automaton\n{}",
            wythoff::check::render(&checks)
        ))?;
    }
    out.finish()?;
    match checks.iter().find_map(|c| c.counterexample.clone()) {
        None => Ok(()),
        Some(ce) => Err(Error::Disagreement(format!(
            "the automaton and the greedy differ: {ce}"
        ))),
    }
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
        .map(|d| wythoff::verify::plot::check_dir(d).map_err(naming("--plots")))
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

/// `gvalue --check FILE`: the file's integrity, then each record against the sweep.
fn check_file(path: &std::path::Path, as_json: bool) -> Result<()> {
    // first the file as a file: header, length, checksum (damage is exit 1)
    let header = file::read(path, &mut |_, _| {}).map_err(|e| naming("--check")(e.into()))?;
    let g = u32::try_from(header.g).map_err(|_| Error::internal("G was validated"))?;
    let cap = gvalues::plan(g, header.count).map_err(naming("--check"))?;
    let mut sweep = GValues::new(g, cap)?;
    let mut first_bad: Option<(u64, (u64, u64), GValue)> = None;
    let mut failure: Option<Error> = None;
    let mut i = 0u64;
    let again = file::read(path, &mut |x, y| {
        if first_bad.is_some() || failure.is_some() {
            return;
        }
        match sweep.next() {
            Some(Ok(v)) if (v.x, v.y) == (x, y) => {}
            Some(Ok(v)) => first_bad = Some((i, (x, y), v)),
            Some(Err(e)) => failure = Some(e),
            None => failure = Some(Error::internal("the sweep ended")),
        }
        i += 1;
    })
    .map_err(|e| naming("--check")(e.into()))?;
    if let Some(e) = failure {
        return Err(e);
    }
    let mut out = Out::new();
    if as_json {
        out.json(&json::GCheck {
            g: json::s(g),
            count: json::s(again.count),
            ok: first_bad.is_none(),
            first_wrong: first_bad.map(|(n, _, _)| json::s(n)),
        })?;
    } else {
        match first_bad {
            None => outln!(
                out,
                "ok: {} holds the first {} g-values of G = {g}, each equal to the sweep's",
                path.display(),
                again.count
            )?,
            Some((n, (x, y), v)) => outln!(
                out,
                "FAIL: record n={n} is ({x}, {y}); the {n}-th g-value of G = {g} is ({}, {})",
                v.x,
                v.y
            )?,
        }
    }
    out.finish()?;
    match first_bad {
        None => Ok(()),
        Some((n, _, _)) => Err(Error::Disagreement(format!(
            "{}: record n={n} is not the g-value of the sweep",
            path.display()
        ))),
    }
}

/// `grundy at X Y` beyond the certified rows: the value when the g-values give it, else one line
/// saying what is known (the bounds, and why no value), status 0 either way.
pub(crate) fn grundy_far(x: &Integer, y: &Integer) -> Result<()> {
    // only where the sweep runs (not for a 0-value, nor where y − 2x > 255), and is long
    if let Some(row) = gvalues::far::sweep_row(x, y).filter(|&r| r >= 1 << 18) {
        eprintln!(
            "wythoff: sweeping the g-values of 0..=255 through row {row} first (about two \
             minutes at row 2^22 on a 2-core machine)"
        );
    }
    let mut out = Out::new();
    match gvalues::far::value_far(x, y)? {
        gvalues::far::Known::Exact(g) => outln!(out, "{g}")?,
        gvalues::far::Known::ByRule { value } => {
            eprintln!("wythoff: {}", gvalues::automaton::LABEL);
            outln!(out, "{value}")?
        }
        gvalues::far::Known::Bounds { low, high, why } => {
            outln!(out, "unknown: {low} ≤ G({x}, {y}) ≤ {high} ({why})")?
        }
    }
    out.finish()
}

/// `gvalue G --against TABLE`: the sweep's values 0..=G against a table file, cell by cell.
fn against(g: u32, path: &std::path::Path, as_json: bool) -> Result<()> {
    let t = wythoff::artifact::table::TableFile::open_verified(path)
        .map_err(|e| naming("--against")(e.into()))?;
    if t.header.a != 1 {
        return Err(Error::usage(format!(
            "--against: '{}' is a table of a = {}; the g-values are of Wythoff's game, a = 1",
            path.display(),
            t.header.a
        )));
    }
    let side = t.header.n;
    let pb = progress_bar(u128::from(side) * 10_000, "rows");
    let get = |x: u64, y: u64| t.get(x, y).unwrap_or(u32::MAX);
    let c = gvalues::against::against_table(&get, side, g, &|k| pb.inc(k * 10_000))?;
    pb.finish_and_clear();
    let mut out = Out::new();
    if as_json {
        out.json(&json::GAgainst {
            g: json::s(g),
            side: json::s(side),
            cells: json::s(c.cells),
            ok: c.first_wrong.is_none(),
            first_wrong: c.first_wrong.map(|(x, y, v, h)| json::GWrongCell {
                x: json::s(x),
                y: json::s(y),
                table: json::s(v),
                sweep: h.map(json::s),
            }),
        })?;
    } else {
        match c.first_wrong {
            None => outln!(
                out,
                "ok: the {} cells x <= y < {side} of value <= {g} in {} are the sweep's g-values, \
                 and every g-value of 0..={g} inside is in the table",
                c.cells,
                path.display()
            )?,
            Some((x, y, v, h)) => outln!(
                out,
                "FAIL: ({x}, {y}): the table says {v}, the sweep {}",
                h.map_or(format!("no value <= {g}"), |h| format!("{h}"))
            )?,
        }
    }
    out.finish()?;
    match c.first_wrong {
        None => Ok(()),
        Some((x, y, _, _)) => Err(Error::Disagreement(format!(
            "the table and the g-value sweep differ at ({x}, {y})"
        ))),
    }
}
