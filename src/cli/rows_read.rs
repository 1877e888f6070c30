//! `rows --check CERT` and `rows --growth CERT...`: the certificate files of `rows X` read back —
//! checked by computing their rows again, or summarised by how their rows grow.

use super::args::naming;
use super::json;
use super::out::{Out, outln, passed_or};
use std::path::{Path, PathBuf};
use wythoff::check::Status;
use wythoff::error::{Error, Result};
use wythoff::grundy::rows::check::CheckReport;
use wythoff::grundy::rows::growth::{FIT_FROM, RowGrowth};

/// `rows --check CERT`.
pub(crate) fn rows_check(
    path: &Path,
    mex_budget: u64,
    max_columns: u64,
    threads: usize,
    as_json: bool,
) -> Result<()> {
    use wythoff::grundy::rows::{self, check};
    let c = wythoff::files::certificate::Certificate::read(path)
        .map_err(|e| super::certificate::file_error("--check", e))?;
    let rep = check::check(&c, mex_budget, max_columns, threads).map_err(|e| match e {
        rows::RowsError::NoPeriod(c) => Error::Inconclusive(format!(
            "--check: no repeat within {c} columns, so the sweep cannot be run again to the \
             certificate's end; raise --max-columns"
        )),
        other => other.into(),
    })?;
    let mut out = Out::new();
    if as_json {
        out.json(&check_json(&rep))?;
    } else {
        let outcomes = rep.outcomes();
        outln!(
            out,
            "{}: certificate of rows 0..{} (a = {}, joint preperiod {}, period {})",
            wythoff::check::verdict(&outcomes),
            c.x() - 1,
            c.a,
            c.joint.0,
            c.joint.1
        )?;
        out.text(&wythoff::check::render(&outcomes))?;
    }
    out.finish()?;
    passed_or(rep.ok, || {
        format!(
            "the certificate '{}' does not match its rows computed again",
            path.display()
        )
    })
}

/// The JSON of `rows --check`: each part's outcome, what it covers and its first difference.
fn check_json(rep: &CheckReport) -> json::RowsCheck<'_> {
    let findings = (rep.findings.iter())
        .map(|f| {
            let c = &f.check;
            json::RowsFinding {
                name: &c.name,
                ok: match c.status {
                    Status::Ok => Some(true),
                    Status::Fail => Some(false),
                    Status::Skipped => None,
                },
                covers: match &c.reason {
                    Some(r) => format!("skipped: {r}"),
                    None => c.covers.clone(),
                },
                first_difference: c.counterexample.as_deref(),
                row: f.row,
            }
        })
        .collect();
    json::RowsCheck {
        ok: rep.ok,
        findings,
    }
}

/// `rows --growth CERT... [--plots DIR]`.
pub(crate) fn rows_growth(paths: &[PathBuf], plots: Option<&Path>, as_json: bool) -> Result<()> {
    use wythoff::files::certificate::Certificate;
    // the plots' directory is checked before any certificate is read
    let dir = plots
        .map(wythoff::plot::check_dir)
        .transpose()
        .map_err(naming("--plots"))?;
    let mut gs = Vec::new();
    for path in paths {
        let c =
            Certificate::read(path).map_err(|e| super::certificate::file_error("--growth", e))?;
        gs.push(RowGrowth::of(&c));
    }
    if let Some(dir) = &dir {
        std::fs::create_dir_all(dir).map_err(|e| Error::file(dir, e))?;
        for (which, name) in ["row_preperiods.png", "row_periods.png"].iter().enumerate() {
            wythoff::grundy::rows::growth::draw_row_growth(&gs, which, &dir.join(name))?;
        }
    }
    let mut out = Out::new();
    if as_json {
        out.json(&growth_json(&gs, paths))?;
        return out.finish();
    }
    for (g, path) in gs.iter().zip(paths) {
        growth_text(&mut out, g, path)?;
    }
    if let Some(dir) = &dir {
        outln!(
            out,
            "plots: {}, {}",
            dir.join("row_preperiods.png").display(),
            dir.join("row_periods.png").display()
        )?;
    }
    out.finish()
}

/// The JSON of `rows --growth`: each certificate's figures.
fn growth_json(gs: &[RowGrowth], paths: &[PathBuf]) -> json::RowsGrowth {
    let certificates = (gs.iter().zip(paths))
        .map(|(g, path)| json::RowGrowthJson {
            file: path.display().to_string(),
            a: json::s(g.a),
            rows: json::s(g.rows),
            joint_preperiod: json::s(g.joint.0),
            joint_period: json::s(g.joint.1),
            periods_all_3_2k: (g.rows >= 2).then_some(g.not_3_2k.is_empty()),
            not_3_2k: g
                .not_3_2k
                .iter()
                .map(|&(x, p)| [json::s(x), json::s(p)])
                .collect(),
            distinct_periods: g.periods.iter().map(json::s).collect(),
            odd_parts: g.odd_parts.iter().map(json::s).collect(),
            doublings: (g.doublings.iter())
                .map(|&(j, lo, hi)| [json::s(j), json::s(lo), json::s(hi)])
                .collect(),
            fit: g.fit.map(|(e, b, n)| json::GrowthFit {
                from_row: json::s(FIT_FROM),
                rows_used: json::s(n),
                exponent: format!("{e:.4}"),
                log2_intercept: format!("{b:.4}"),
            }),
        })
        .collect();
    json::RowsGrowth { certificates }
}

/// The text of `rows --growth` for one certificate.
fn growth_text(out: &mut Out, g: &RowGrowth, path: &Path) -> Result<()> {
    outln!(
        out,
        "{}: a = {}, rows 0..{}, joint preperiod {}, period {}",
        path.display(),
        g.a,
        g.rows - 1,
        g.joint.0,
        g.joint.1
    )?;
    let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    if g.rows < 2 {
        outln!(
            out,
            "  no rows past row 0: no periods of rows x >= 1 to report"
        )?;
    } else if g.not_3_2k.is_empty() {
        outln!(
            out,
            "  periods of rows 1..{}: every one is 3·2^k (distinct: {})",
            g.rows - 1,
            list(&g.periods)
        )?;
    } else {
        let bad: Vec<String> = (g.not_3_2k.iter().take(20))
            .map(|(x, p)| format!("row {x}: {p}"))
            .collect();
        outln!(
            out,
            "  periods of rows 1..{}: {} not of the form 3·2^k ({}{})",
            g.rows - 1,
            g.not_3_2k.len(),
            bad.join(", "),
            if g.not_3_2k.len() > 20 { ", ..." } else { "" }
        )?;
    }
    if g.rows >= 2 {
        outln!(
            out,
            "  odd parts m of the periods m·2^k of rows 1..{}: {}",
            g.rows - 1,
            list(&g.odd_parts)
        )?;
    }
    if !g.doublings.is_empty() {
        outln!(out, "  largest preperiod per doubling of the row x:")?;
    }
    for &(j, lo, hi) in &g.doublings {
        let ratio = if lo > 0 {
            format!("{:.3}", hi as f64 / lo as f64)
        } else {
            "-".into()
        };
        let range = |lo: u64, hi: u64| format!("rows {lo}..{}", hi - 1);
        outln!(
            out,
            "    {:<16} {hi:>12}   ({}: {lo}; ratio {ratio})",
            range(1 << j, 1 << (j + 1)) + ":",
            range(1 << (j - 1), 1 << j)
        )?;
    }
    match g.fit {
        Some((e, b, n)) => outln!(
            out,
            "  least squares over the {n} rows x >= {FIT_FROM} with y0 > 0: log2 y0 = \
             {e:.4} log2 x {b:+.4}, i.e. y0 ~ {:.4} x^{e:.3} (a description of these rows, \
             not a law)",
            b.exp2()
        )?,
        None => outln!(
            out,
            "  no fit: fewer than two rows x >= {FIT_FROM} with y0 > 0"
        )?,
    }
    Ok(())
}
