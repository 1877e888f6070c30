//! `wythoff oeis --list`: the catalogue, as a table or as JSON.

use super::json;
use super::out::{Out, outln};
use wythoff::error::Result;
use wythoff::oeis::{self, Entry};

/// `oeis --list`: the catalogue as a table, or (`as_json`) as one JSON object.
pub(super) fn list(as_json: bool) -> Result<()> {
    let mut out = Out::new();
    let periods = oeis::CATALOGUE
        .iter()
        .map(|e| e.proven_period())
        .collect::<Result<Vec<_>>>()?;
    if as_json {
        out.json(&json::OeisList {
            sequences: oeis::CATALOGUE
                .iter()
                .zip(&periods)
                .map(|(e, p)| json::OeisEntry {
                    anum: e.anum.into(),
                    offset: e.offset,
                    terms: json::s(e.default_terms),
                    max_terms: json::s(e.max_terms),
                    limit_reason: e.limit_reason().into(),
                    title: e.title.into(),
                    computed_by: e.computed_by(),
                    preperiod: p.map(|(y0, _)| json::s(y0)),
                    period: p.map(|(_, per)| json::s(per)),
                    inputs: inputs(e).into_iter().map(String::from).collect(),
                })
                .collect(),
        })?;
    } else {
        outln!(
            out,
            "A-number  offset  terms   max terms  title {{computed by}} <limit: why> [also from]"
        )?;
        for (e, p) in oeis::CATALOGUE.iter().zip(&periods) {
            let proved = match p {
                Some((y0, per)) => {
                    format!(" — proved: a(n + {per}) = a(n) + {per} for n >= {y0} (certified rows)")
                }
                None => String::new(),
            };
            let from = match inputs(e).as_slice() {
                [] => String::new(),
                i => format!(" [from {}]", i.join(", ")),
            };
            outln!(
                out,
                "{}   {:>4}  {:>6}  {:>9}  {} {{{}}} <limit: {}>{proved}{from}",
                e.anum,
                e.offset,
                e.default_terms,
                e.max_terms,
                e.title,
                e.computed_by(),
                e.limit_reason()
            )?;
        }
    }
    out.finish()
}

/// The inputs besides the engine that an entry's terms can be read from, as `--list` names them.
fn inputs(e: &Entry) -> Vec<&'static str> {
    let mut v = Vec::new();
    if oeis::accepts_table(e) {
        v.push("--table");
    }
    if oeis::certificate::accepts_certificate(e) {
        v.push("--certificate");
    }
    v
}
