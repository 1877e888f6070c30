//! The Grundy checks of a verification (`grundy` side N > 0).
//!
//! * **grundy table**: the engine's N×N table ([`crate::grundy::Table`]) through the library's
//!   table check ([`crate::grundy::check`](mod@crate::grundy::check)).
//! * **row periods = table** (a = 1): the certified additive periods of rows 0..X−1, X =
//!   min(N, 64) (the row sweep of [`crate::grundy::rows`]; Dress, Flammenkamp and Pink,
//!   "Additive periodicity of the Sprague-Grundy function of certain Nim games", 1999; Landman,
//!   "A simple FSM-based proof of the additive periodicity of the Sprague-Grundy function of
//!   Wythoff's game", 2002) predict G(x, y) for every y < N; compared with the engine's table,
//!   which is computed by other code.
//! * **row periods are 3·2^k** (a = 1): the observation that every row x ≥ 1 has additive period
//!   3·2^k, checked on rows 1..X−1.  Row 0 (G(0, y) = y, period 1) is not of that form and is
//!   not covered.
//! * measurements **g-values near 0-values (Nivasch)** and **1-values near 0-values
//!   (Blass-Fraenkel)** (a = 1): the distances d(g) of [`super::table`] (one definition, the
//!   same code as for table files; doc/results.md).  Figures, not checks.
//!
//! Cost: the table, O(N² log N) with the engine; the rows, O(X²/64) words per column.

use super::Config;
use super::report::{Check, Measurement};
use super::run::Run;
use crate::cancel::Cancel;
use crate::error::{Error, Result};
use crate::grundy::{Spec, Table, check, rows};
use serde_json::json;

/// Rows whose periods are certified.
pub const ROWS: u64 = 64;

/// Columns the row sweep may scan to find the joint period.
pub const MAX_COLUMNS: u64 = 1 << 26;

/// The Grundy checks and measurements.
pub(super) fn checks(
    cfg: &Config,
    run: Run,
    cancel: &Cancel,
) -> Result<(Vec<Check>, Vec<Measurement>)> {
    let n = cfg.grundy;
    let x = n.min(ROWS);
    let names = [
        (
            "grundy table",
            format!(
                "every cell 0 <= x, y < {n} of the engine's table, by the library's table check"
            ),
        ),
        (
            "row periods = table",
            format!(
                "rows 0..{} and columns y < {n}: G by the certified row periods = the engine's table",
                x.saturating_sub(1)
            ),
        ),
        (
            "row periods are 3*2^k",
            format!(
                "rows 1..{}: the certified period of each row is 3*2^k (row 0 has period 1 and is not covered)",
                x.saturating_sub(1)
            ),
        ),
    ];
    let skip_all = |why: &str| -> Vec<Check> {
        names
            .iter()
            .map(|(name, covers)| Check::skipped(name, covers.clone(), why))
            .collect()
    };
    if n == 0 {
        return Ok((skip_all("no Grundy table requested (side 0)"), vec![]));
    }
    if let Run::Skip(why) = run {
        return Ok((skip_all(why), vec![]));
    }
    let [table_name, periods_name, conj_name] = names;
    let spec = Spec::new(cfg.a, n)?;
    let t = Table::compute(
        spec,
        &crate::Context::new(rayon::current_num_threads()).with_cancel(cancel),
    )?;
    let rep = check(&t.data, t.layout, cfg.a)?;
    let mut out = vec![
        Check::ran(
            table_name.0,
            table_name.1,
            rep.cells,
            rep.problems.first().cloned(),
            "empty table",
        )
        .with_fact("max", json!(rep.max.to_string())),
    ];
    if cfg.a != 1 {
        let why = "row periods are computed for a = 1 only";
        out.push(Check::skipped(periods_name.0, periods_name.1, why));
        out.push(Check::skipped(conj_name.0, conj_name.1, why));
        return Ok((out, vec![]));
    }
    let search = rows::Search::new(1, x as usize, MAX_COLUMNS);
    match rows::search_from(
        &search,
        rows::resume::Saved::Fresh,
        None,
        &|_, _| {},
        cancel,
    ) {
        Err(rows::RowsError::Sweep(Error::Cancelled)) => return Err(Error::Cancelled),
        Err(e) => {
            let why = format!("the row sweep found no certified period: {e}");
            out.push(Check::skipped(periods_name.0, periods_name.1, why.clone()));
            out.push(Check::skipped(conj_name.0, conj_name.1, why));
        }
        Ok(p) => out.extend(period_checks(&p, &t, [periods_name, conj_name])),
    }
    // The distances of Nivasch and of Blass and Fraenkel, by the same code as for table files.
    let facts = super::table::measure(&t.data, t.layout)?;
    let (_, ms) = super::table::report(&facts, "the engine's table");
    Ok((out, ms))
}

/// The checks of the certified row periods `p` against the engine's table `t`: the values of
/// rows 0..x−1 in every column of the table, and the form 3·2^k of each period of rows ≥ 1.
fn period_checks(p: &rows::Periods, t: &Table, names: [(&str, String); 2]) -> Vec<Check> {
    let [periods_name, conj_name] = names;
    let side = t.spec.n;
    let (x, n) = (p.rows.len() as u64, t.spec.n as u64);
    let mut out = Vec::new();
    let mut bad = None;
    for (r, _) in p.rows.iter().enumerate() {
        for y in 0..side {
            let want = t.get(r, y);
            let got = p.value(r, &rug::Integer::from(y));
            if got != want && bad.is_none() {
                bad = Some(format!(
                    "G({r}, {y}): the row periods give {got}, the table {want}"
                ));
            }
        }
    }
    let list: Vec<_> = p.rows.iter().map(|&(y0, per)| json!([y0, per])).collect();
    out.push(
        Check::ran(periods_name.0, periods_name.1, x * n, bad, "empty table")
            .with_fact(
                "joint",
                json!({"preperiod": p.joint.0, "period": p.joint.1}),
            )
            .with_fact("rows_preperiod_period", json!(list)),
    );
    let odd = p
        .rows
        .iter()
        .enumerate()
        .skip(1)
        .find(|&(_, &(_, per))| !(per % 3 == 0 && (per / 3).is_power_of_two()))
        .map(|(r, &(_, per))| format!("row {r}: period {per} is not 3*2^k"));
    out.push(Check::ran(
        conj_name.0,
        conj_name.1,
        x - 1,
        odd,
        "only row 0 is in range; the statement concerns rows >= 1",
    ));
    out
}
