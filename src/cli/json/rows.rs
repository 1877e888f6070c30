//! The JSON shapes of `rows --check CERT --json` (the certificate computed again) and `rows
//! --growth --json` (how the certified rows grow).

use serde::Serialize;

/// `rows --check CERT`: whether the certificate matches its rows computed again, part by part
/// (`wythoff::grundy::rows::check::CheckReport`).
#[derive(Serialize)]
pub(crate) struct RowsCheck<'a> {
    /// True when no part failed and at least one ran.
    pub(crate) ok: bool,
    /// The parts, in order: plain mex, sweep.
    pub(crate) findings: Vec<RowsFinding<'a>>,
}

/// One part of `rows --check`: `ok` is true, false or null (skipped), and a skipped part's
/// `covers` says `skipped:` and why.
#[derive(Serialize)]
pub(crate) struct RowsFinding<'a> {
    /// `plain_mex` or `sweep`.
    pub(crate) name: &'a str,
    pub(crate) ok: Option<bool>,
    pub(crate) covers: String,
    /// The first difference, in words.
    pub(crate) first_difference: Option<&'a str>,
    /// The row of the first difference (a JSON number, as in version 1 of this shape).
    pub(crate) row: Option<u64>,
}

/// `rows --growth CERT...`: one entry per certificate.
#[derive(Serialize)]
pub(crate) struct RowsGrowth {
    pub(crate) certificates: Vec<RowGrowthJson>,
}

/// The growth facts of one certificate (`wythoff::grundy::rows::growth::RowGrowth`).
#[derive(Serialize)]
pub(crate) struct RowGrowthJson {
    pub(crate) file: String,
    pub(crate) a: String,
    pub(crate) rows: String,
    pub(crate) joint_preperiod: String,
    pub(crate) joint_period: String,
    /// Whether every row x ≥ 1 has a period 3·2^k; null when the certificate has no row x ≥ 1.
    pub(crate) periods_all_3_2k: Option<bool>,
    /// The rows x ≥ 1 whose period is not 3·2^k: [row, period].
    pub(crate) not_3_2k: Vec<[String; 2]>,
    pub(crate) distinct_periods: Vec<String>,
    /// The distinct odd parts m of the periods m·2^k of rows x >= 1.
    pub(crate) odd_parts: Vec<String>,
    /// [j, largest preperiod over rows 2^(j-1)..2^j - 1, largest over rows 2^j..2^(j+1) - 1].
    pub(crate) doublings: Vec<[String; 3]>,
    /// The least-squares line log2 y0 = exponent * log2 x + intercept (decimal strings), or null.
    pub(crate) fit: Option<GrowthFit>,
}

/// A least-squares line in log-log coordinates, its numbers as decimal strings.
#[derive(Serialize)]
pub(crate) struct GrowthFit {
    pub(crate) from_row: String,
    pub(crate) rows_used: String,
    pub(crate) exponent: String,
    pub(crate) log2_intercept: String,
}
