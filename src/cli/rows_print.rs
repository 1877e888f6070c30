//! What `wythoff rows X` shows: the stage of the search on the spinner, the certified rows as a
//! table or JSON, and the library's refusals named by the flags of the inputs they concern.

use super::out::{Out, outln};
use wythoff::error::{Error, Result};
use wythoff::grundy::rows::certify::{CertifyError, Input};
use wythoff::grundy::rows::{Periods, Stage};

/// The library's refusal with the flag of the input it concerns (`--resume` given or not), and its inconclusive search
/// with the flag that raises the budget: the inputs named in one place.
pub(super) fn named(e: CertifyError, resume: bool, last: usize) -> Error {
    match e {
        CertifyError::Refused(r) => {
            let flag = match r.input {
                Input::Rows => "X",
                Input::A => "-a",
                Input::Checkpoints if resume => "--resume",
                Input::Checkpoints => "-o",
            };
            Error::usage(format!("{flag}: {}", r.message))
        }
        CertifyError::NoPeriod { columns: c } => Error::Inconclusive(format!(
            "no repeat within {c} columns: rows 0..{last} are not certified (no preperiod or \
             period is claimed for any of them); raise --max-columns"
        )),
        CertifyError::Output(e) => super::args::naming("-o")(e),
        e => e.into(),
    }
}

/// What the search is doing at `column`, for the spinner.
pub(super) fn stage_words(stage: Stage, c: u64) -> String {
    match stage {
        Stage::Repeat => format!("looking for a repeated state: column {c}"),
        Stage::Preperiods { bound } => format!("preperiods: column {c} of {bound}"),
        Stage::Assumed { period } => {
            format!("preperiods, with period {period} assumed: column {c}")
        }
        Stage::Prefixes { last } => {
            format!("values below the preperiods: column {c} of {last}")
        }
    }
}

/// The certified rows on standard output: a table, or JSON.
pub(super) fn print(p: &Periods, secs: f64, json: bool) -> Result<()> {
    let (mu, lam) = p.joint;
    let mut out = Out::new();
    if json {
        outln!(out, "{}", p.to_json())?;
    } else {
        outln!(
            out,
            "row  preperiod  period   (G(x, y + p) = G(x, y) + p for y >= preperiod)"
        )?;
        for (i, (y0, per)) in p.rows.iter().enumerate() {
            outln!(out, "{i:>3}  {y0:>9}  {per:>6}")?;
        }
        outln!(
            out,
            "joint: preperiod {mu}, period {lam} — certified by a repeated engine state ({secs:.1} s)"
        )?;
    }
    out.finish()
}
