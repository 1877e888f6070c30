//! The checks of `wythoff gvalue`: `--rule` (the sweep's 1-values against the automaton),
//! `--check FILE` (a g-value file against the sweep) and `--against TABLE` (the sweep against a
//! table file).

use super::args::*;
use super::json;
use super::out::{Out, outln};
use std::path::Path;
use wythoff::artifact::gvalues as file;
use wythoff::error::{Error, Result};
use wythoff::gvalues::{self, GValue, GValues, automaton};

/// `gvalue 1 --count K --rule`: the sweep's first K 1-values against the automaton.
pub(crate) fn rule_check(g: u32, k: u64, as_json: bool) -> Result<()> {
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

/// `gvalue --check FILE`: the file's integrity, then each record against the sweep.
pub(crate) fn check_file(path: &Path, as_json: bool) -> Result<()> {
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

/// `gvalue G --against TABLE`: the sweep's values 0..=G against a table file, cell by cell.
pub(crate) fn against(g: u32, path: &Path, as_json: bool) -> Result<()> {
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
