//! `grundy at X Y`: G(x, y) of Wythoff's game at any size — from the rows certified on demand or
//! a certificate, beyond them from the g-values — and the note on stderr before a long sweep.

use super::certificate::{certificate_error, read_certificate};
use super::out::{Out, outln};
use rug::Integer;
use std::path::Path;
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::gvalues;

/// `grundy at X Y [--certificate CERT]`.
pub(crate) fn at(x: &Integer, y: &Integer, certificate: Option<&Path>) -> Result<()> {
    let g = match certificate {
        Some(c) => at_from_certificate(x, y, c)?,
        None => match grundy_at(x, y) {
            Err(Error::Usage(_)) if x.min(y) >= &rows_on_demand() => {
                return grundy_far(x, y);
            }
            r => r?,
        },
    };
    let mut out = Out::new();
    outln!(out, "{g}")?;
    out.finish()
}

/// G(x, y) for a = 1 from the rows certified on demand, with the way out named.
fn grundy_at(x: &Integer, y: &Integer) -> Result<Integer> {
    use wythoff::grundy::rows::{self, RowsError};
    announce_sweep(x.min(y));
    rows::value_at(x, y, &Context::serial()).map_err(|e| match e {
        RowsError::BeyondOnDemand { .. } => Error::usage(format!(
            "{e}; `wythoff rows X` certifies more rows (it may take long)"
        )),
        other => other.into(),
    })
}

/// Says on stderr, before the work, that rows 0..row are certified first, when that is not
/// instant (rows 0..63 take well under a second).
pub(crate) fn announce_sweep(row: &Integer) {
    if let Some(r) = row
        .to_u64()
        .filter(|&r| (64..rows_on_demand()).contains(&r))
    {
        crate::cli::out::errln!(
            "wythoff: certifying rows 0..{r} first (rows 0..127 take about 3 s, rows 0..255 \
             about a minute on a 2-core machine); `wythoff rows {} -o CERT` once, then \
             --certificate CERT, answers at once",
            r + 1
        );
    }
}

fn rows_on_demand() -> u64 {
    wythoff::grundy::rows::ON_DEMAND_ROWS
}

/// `grundy at X Y --certificate CERT`: from the certificate, or, below a preperiod whose values
/// it does not store, from a table when both piles are below the table limit of `sum`.
fn at_from_certificate(x: &Integer, y: &Integer, path: &Path) -> Result<Integer> {
    use wythoff::sums::{TABLE_LIMIT, certificate_value};
    let c = read_certificate(path)?;
    certificate_value(&c, x, y, TABLE_LIMIT, &Context::new(2))?
        .map_err(|e| certificate_error(e, path))
}

/// `grundy at X Y` beyond the certified rows: the value when the g-values give it, else one line
/// saying what is known (the bounds, and why no value), status 0 either way.
fn grundy_far(x: &Integer, y: &Integer) -> Result<()> {
    // only where the sweep runs (not for a 0-value, nor where y − 2x > 255), and is long
    if let Some(row) = gvalues::far::sweep_row(x, y).filter(|&r| r >= 1 << 18) {
        crate::cli::out::errln!(
            "wythoff: sweeping the g-values of 0..=255 through row {row} first (about two \
             minutes at row 2^22 on a 2-core machine)"
        );
    }
    let mut out = Out::new();
    match gvalues::far::value_far(x, y, &wythoff::Context::serial())? {
        gvalues::far::Known::Exact(g) => outln!(out, "{g}")?,
        gvalues::far::Known::ByRule { value } => {
            crate::cli::out::errln!("wythoff: {}", gvalues::automaton::LABEL);
            outln!(out, "{value}")?
        }
        gvalues::far::Known::Bounds { low, high, why } => {
            outln!(out, "unknown: {low} ≤ G({x}, {y}) ≤ {high} ({why})")?
        }
    }
    out.finish()
}
