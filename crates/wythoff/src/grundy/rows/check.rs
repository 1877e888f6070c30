//! Checking a row certificate by computing its rows again, two ways.
//!
//! 1. **Plain mex from the rules.**  G(x, y) for rows 0..X−1 and columns 0..C−1 straight from the
//!    definition: the mex of the values of every option — (x − k, y), (x, y − l), and
//!    (x − k, y − l) with k, l ≥ 1, |k − l| < a — with no bitsets, windows or periods.  C is the
//!    largest number of columns (at most μ + 2λ) whose option count fits a budget; every cell of
//!    that rectangle that the certificate determines (everything at or beyond a preperiod, and
//!    below it where the values are stored) is compared.
//! 2. **The sweep again.**  The certifying sweep of doc/rows.md is run afresh; its joint and
//!    per-row preperiods and periods, one period of offsets per row and the stored values below
//!    the preperiods must equal the certificate's.
//!
//! Cost: (1) Σ options ≤ X·C·(2a·X + C) reads, within the budget; (2) one sweep, μ + 2λ columns.

use super::RowsError;
use crate::check::{Check, Status};
use crate::files::certificate::Certificate;

/// One part of a certificate check: its outcome and the row of its first difference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The outcome: name (`plain_mex` or `sweep`), status, the values compared, what the part
    /// covers and the first difference in words.
    pub check: Check,
    /// The row of the first difference, when it failed there.
    pub row: Option<u64>,
}

/// The result of [`check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// True when no part failed and at least one ran ([`crate::check::verdict`]).
    pub ok: bool,
    /// The parts, in order: plain mex, sweep.
    pub findings: Vec<Finding>,
}

impl CheckReport {
    /// The parts' outcomes alone.
    pub fn outcomes(&self) -> Vec<Check> {
        self.findings.iter().map(|f| f.check.clone()).collect()
    }
}

/// G(x, y) for x < `rows`, y < `columns`, from the rules by a plain mex over every option
/// (parameter a).  Returned row by row.
pub fn plain_mex_rows(a: u64, rows: usize, columns: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; columns]; rows];
    let mut seen: Vec<bool> = Vec::new();
    for y in 0..columns {
        for x in 0..rows {
            let mut opts: Vec<u64> = Vec::with_capacity(x + y);
            opts.extend((0..x).map(|u| g[u][y]));
            opts.extend((0..y).map(|v| g[x][v]));
            for k in 1..=x {
                let lo = (k as u64).saturating_sub(a - 1).max(1) as usize;
                let hi = (k as u64).saturating_add(a - 1).min(y as u64) as usize;
                opts.extend((lo..=hi).map(|l| g[x - k][y - l]));
            }
            seen.clear();
            seen.resize(opts.len() + 1, false);
            for &v in &opts {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            }
            g[x][y] = seen.iter().position(|&s| !s).unwrap_or(opts.len()) as u64;
        }
    }
    g
}

/// The largest C ≤ `cap` with X·C·(2a·X + C) ≤ `budget` (the plain mex's option reads).
pub fn plain_columns(a: u64, rows: u64, cap: u64, budget: u64) -> u64 {
    let cost = |c: u64| -> u128 {
        let (x, c, a) = (u128::from(rows), u128::from(c), u128::from(a));
        x * c * (2 * a * x + c)
    };
    let (mut lo, mut hi) = (0u64, cap);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if cost(mid) <= u128::from(budget) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// Checks a certificate: the plain mex within `mex_budget` option reads, then the sweep again
/// (giving up after `max_columns` columns; a = 1 in `threads` bands).
pub fn check(
    cert: &Certificate,
    mex_budget: u64,
    max_columns: u64,
    threads: usize,
) -> Result<CheckReport, RowsError> {
    let findings = vec![
        check_plain(cert, mex_budget),
        check_sweep(cert, max_columns, threads)?,
    ];
    let outcomes: Vec<Check> = findings.iter().map(|f| f.check.clone()).collect();
    Ok(CheckReport {
        ok: crate::check::verdict(&outcomes) == Status::Ok,
        findings,
    })
}

fn check_plain(cert: &Certificate, budget: u64) -> Finding {
    let (mu, lam) = cert.joint;
    let cap = mu.saturating_add(lam.saturating_mul(2));
    let x_rows = cert.x();
    let c = plain_columns(cert.a, x_rows, cap, budget);
    let name = "plain_mex";
    if c == 0 {
        return Finding {
            check: Check::skipped(
                name,
                format!("rows 0..{} by a plain mex from the rules", x_rows - 1),
                "not one column within the budget",
            ),
            row: None,
        };
    }
    let covers = format!(
        "rows 0..{} x columns 0..{} of the sweep's {cap}: every cell the certificate \
         determines, against a plain mex from the rules",
        x_rows - 1,
        c - 1
    );
    let g = plain_mex_rows(cert.a, x_rows as usize, c as usize);
    let mut compared = 0u64;
    for (x, (row, plain)) in cert.rows().iter().zip(&g).enumerate() {
        for (y, &want) in plain.iter().enumerate() {
            let y = y as u64;
            let off = if y >= row.preperiod {
                cert.cycle_offset(x, (y - row.preperiod) % row.period)
            } else if let Some(o) = cert.prefix_offset(x, y) {
                o
            } else {
                continue;
            };
            let got = i128::from(y) + i128::from(off);
            if got != i128::from(want) {
                let what = format!(
                    "row {x}, column {y}: the certificate gives G = {got}, the mex of the \
                     options is {want}"
                );
                return Finding {
                    check: Check::failed(name, covers, compared, what),
                    row: Some(x as u64),
                };
            }
            compared += 1;
        }
    }
    Finding {
        check: Check::ran(
            name,
            covers,
            compared,
            None,
            "no cell within the budget is determined by the certificate (its values below the \
             preperiods are not stored)",
        ),
        row: None,
    }
}

fn check_sweep(cert: &Certificate, max_columns: u64, threads: usize) -> Result<Finding, RowsError> {
    let x_rows = cert.x() as usize;
    let name = "sweep";
    let mut cfg = super::Search::new(cert.a, x_rows, max_columns);
    cfg.threads = threads;
    cfg.prefixes = super::Prefixes::Rows(cert.rows().iter().map(|r| r.prefix_stored).collect());
    // the certificate's joint period, assumed: it only saves the search for the repeat (the
    // states are compared exactly; a wrong one falls back to the search's walk), and one too
    // large for memory is not assumed
    cfg.period = Some(cert.joint.1).filter(|&p| p >= 1 && p <= max_columns);
    let p = match super::search(&cfg, &|_, _| {}) {
        Err(RowsError::Memory { .. }) if cfg.period.is_some() => {
            cfg.period = None;
            super::search(&cfg, &|_, _| {})?
        }
        r => r?,
    };
    let covers = format!(
        "rows 0..{}: a fresh sweep past the joint preperiod {} by at least one joint period {}, \
         every preperiod, period and stored value",
        x_rows - 1,
        p.joint.0,
        p.joint.1
    );
    let mut compared = 0u64;
    let fail = |row: Option<u64>, compared: u64, what: String| Finding {
        check: Check::failed(name, covers.clone(), compared, what),
        row,
    };
    for (x, (row, &(y0, per))) in cert.rows().iter().zip(&p.rows).enumerate() {
        if (row.preperiod, row.period) != (y0, per) {
            return Ok(fail(
                Some(x as u64),
                compared,
                format!(
                    "row {x}: the certificate has preperiod {} and period {}, the sweep finds \
                     {y0} and {per}",
                    row.preperiod, row.period
                ),
            ));
        }
        let pre = p.prefixes[x].as_deref().unwrap_or(&[]);
        let stored = (0..y0).filter_map(|y| {
            let mine = *pre.get(y as usize)?;
            Some((y, cert.prefix_offset(x, y)?, mine))
        });
        let cycle = (0..per).map(|i| (y0 + i, cert.cycle_offset(x, i), p.cycles[x][i as usize]));
        for (y, v, mine) in stored.chain(cycle) {
            if i32::from(mine) != v {
                return Ok(fail(
                    Some(x as u64),
                    compared,
                    format!(
                        "row {x}, column {y}: the certificate gives G = {}, the sweep {}",
                        y as i64 + i64::from(v),
                        y as i64 + i64::from(mine)
                    ),
                ));
            }
            compared += 1;
        }
    }
    if p.joint != cert.joint {
        return Ok(fail(
            None,
            compared,
            format!(
                "joint preperiod and period: the certificate has {:?}, the sweep finds {:?}",
                cert.joint, p.joint
            ),
        ));
    }
    Ok(Finding {
        check: Check::ran(name, covers, compared, None, "no row to compare"),
        row: None,
    })
}
