//! The checks of `wythoff gvalue`: `--rule` (the sweep's 1-values against the automaton),
//! `--check FILE` (a g-value file against the sweep) and `--against TABLE` (the sweep against a
//! table file).

use super::args::*;
use super::json;
use super::out::{Out, outln};
use std::path::Path;
use wythoff::error::{Error, Result};
use wythoff::gvalues::{self, automaton};

/// `gvalue 1 --count K --rule`: the sweep's first K 1-values against the automaton.
pub(crate) fn rule_check(g: u32, k: u64, as_json: bool) -> Result<()> {
    if g != 1 {
        return Err(Error::usage(format!(
            "--rule: G = {g}; the automaton is of the 1-values, give G = 1"
        )));
    }
    let pb = progress_bar(u128::from(k), "1-values");
    let checks = automaton::check_against_sweep(
        k,
        &wythoff::Context::serial().with_progress(&|d| pb.inc(d)),
    )?;
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

/// `gvalue --check FILE`: the file's integrity, then each record against the sweep.
pub(crate) fn check_file(path: &Path, as_json: bool) -> Result<()> {
    let c = gvalues::against::check_file(path, &wythoff::Context::serial())
        .map_err(naming("--check"))?;
    let (g, first_bad) = (c.g, c.first_wrong);
    let mut out = Out::new();
    if as_json {
        out.json(&json::GCheck {
            g: json::s(g),
            count: json::s(c.count),
            ok: first_bad.is_none(),
            first_wrong: first_bad.map(|(n, _, _)| json::s(n)),
        })?;
    } else {
        match first_bad {
            None => outln!(
                out,
                "ok: {} holds the first {} g-values of G = {g}, each equal to the sweep's",
                path.display(),
                c.count
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

/// `gvalue G --against TABLE`: the sweep's values 0..=G against a table file, cell by cell.
pub(crate) fn against(g: u32, path: &Path, as_json: bool) -> Result<()> {
    let t = wythoff::files::table::TableFile::open_verified(path)
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
    let c = gvalues::against::against_table(
        &get,
        side,
        g,
        &wythoff::Context::serial().with_progress(&|k| pb.inc(k * 10_000)),
    )?;
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
