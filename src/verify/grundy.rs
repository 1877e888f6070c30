//! The Grundy checks of a verification (`grundy` side N > 0).
//!
//! * **grundy table**: the engine's N×N table ([`crate::grundy::Table`]) through the library's
//!   table check ([`crate::grundy::check`]).
//! * **row periods = table** (a = 1): the certified additive periods of rows 0..X−1, X =
//!   min(N, 64) (the row sweep of [`crate::grundy::rows`]; Dress, Flammenkamp and Pink,
//!   "Additive periodicity of the Sprague-Grundy function of certain Nim games", 1999; Landman,
//!   "A simple FSM-based proof of the additive periodicity of the Sprague-Grundy function of
//!   Wythoff's game", 2002) predict G(x, y) for every y < N; compared with the engine's table,
//!   which is computed by other code.
//! * **row periods are 3·2^k** (a = 1): the observation that every row x ≥ 1 has additive period
//!   3·2^k, checked on rows 1..X−1.  Row 0 (G(0, y) = y, period 1) is not of that form and is
//!   not covered.
//! * measurement **g-values near 0-values** (a = 1): for each g < 32 the largest distance, over
//!   the rows 1 ≤ x < N/φ, between a column holding g and the nearer of the columns of the
//!   two 0-positions of the row (G. Nivasch, "More on the Sprague-Grundy function for Wythoff's
//!   game", 2009, proves such distances bounded).  A figure, not a check.
//!
//! Cost: the table, O(N² log N) with the engine; the rows, O(X²/64) words per column.

use super::Config;
use super::checks::Run;
use super::report::{Check, Measurement};
use crate::error::Result;
use crate::grundy::{Spec, Table, check, rows};
use crate::pairs::algebraic;
use serde_json::json;

/// Rows whose periods are certified.
pub const ROWS: u64 = 64;

/// Columns the row sweep may scan to find the joint period.
pub const MAX_COLUMNS: u64 = 1 << 26;

/// The Grundy checks and measurements.
pub(super) fn checks(cfg: &Config, run: Run) -> Result<(Vec<Check>, Vec<Measurement>)> {
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
    let t = Table::compute(spec, rayon::current_num_threads(), &|_| {})?;
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
    let side = n as usize; // the table exists, so N fits memory and usize
    match rows::periods(x as usize, MAX_COLUMNS, &|_| {}) {
        Err(e) => {
            let why = format!("the row sweep found no certified period: {e}");
            out.push(Check::skipped(periods_name.0, periods_name.1, why.clone()));
            out.push(Check::skipped(conj_name.0, conj_name.1, why));
        }
        Ok(p) => {
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
        }
    }
    Ok((out, vec![near_zero(&t, side)]))
}

/// Nivasch's distances, measured.
fn near_zero(t: &Table, n: usize) -> Measurement {
    const GMAX: usize = 32;
    let mut sup = [0u64; GMAX];
    let mut rows_seen = 0u64;
    for x in 1..n {
        let Some(up) = algebraic::lower_u128(1, x as u64) else {
            break;
        };
        if up >= n as u128 {
            break;
        }
        let up = up as u64; // ⌊xφ⌋
        let down = up - x as u64; // ⌊x/φ⌋ = ⌊xφ⌋ − x
        rows_seen += 1;
        for y in 0..n {
            let g = t.get(x, y) as usize;
            if let Some(s) = sup.get_mut(g) {
                let d = (y as u64).abs_diff(up).min((y as u64).abs_diff(down));
                *s = (*s).max(d);
            }
        }
    }
    Measurement {
        name: "g-values near 0-values".into(),
        covers: format!(
            "rows 1 <= x < {n}/phi ({rows_seen} rows), g < {GMAX}: per g, the largest distance from a column holding g to the nearer 0-position of the row"
        ),
        values: json!({ "sup_distance_per_g": sup.to_vec() }),
    }
}
