//! `wythoff oeis`: the catalogue and its b-files.

use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::{ArgGroup, Args};
use std::path::PathBuf;
use wythoff::artifact::AtomicFile;
use wythoff::error::{Error, Result};
use wythoff::oeis::{self, Entry};

/// A catalogued A-number (case-insensitive, leading zeros optional).
fn anum(s: &str) -> std::result::Result<&'static Entry, String> {
    oeis::entry(s).map_err(|_| {
        "not in the catalogue; expected an A-number that `wythoff oeis --list` shows".to_string()
    })
}

#[derive(Args)]
// `requires = "list"` would be satisfied by the flag's default (false); a group counts only
// what was given.
#[command(group(ArgGroup::new("listing").args(["list"])))]
pub(crate) struct OeisArgs {
    /// The A-number, e.g. A000201.
    #[arg(required_unless_present_any = ["list", "antidiagonals"], value_parser = anum)]
    pub(crate) anum: Option<&'static Entry>,
    /// Number of terms (default: the entry's, usually 10000).
    #[arg(long, value_name = "K", value_parser = count, allow_hyphen_values = true)]
    pub(crate) terms: Option<u64>,
    /// Write to FILE (atomically) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Read the terms from a Grundy table file (`grundy N -o FILE`) instead of computing them:
    /// its header and checksum are verified and its a must be the entry's; without --terms, as
    /// many terms as the table proves.  For A047708, A048850, A004481..A004487, A317205.
    #[arg(long, value_name = "FILE")]
    pub(crate) table: Option<PathBuf>,
    /// Instead of an A-number: the table file of --table (any a) by antidiagonals T(i, s - i),
    /// s = 0, 1, ..., i = 0..s, offset 0 (for a = 2 no OEIS entry exists; doc/oeis.md).
    #[arg(long, requires = "table", conflicts_with = "anum")]
    pub(crate) antidiagonals: bool,
    /// List the catalogue: A-number, offset, default terms, title.
    #[arg(long, conflicts_with_all = ["anum", "terms", "output", "table", "antidiagonals"])]
    pub(crate) list: bool,
    /// The catalogue as one JSON object (only with --list).
    #[arg(long, requires = "listing")]
    pub(crate) json: bool,
}

pub(crate) fn oeis_cmd(args: OeisArgs) -> Result<()> {
    if args.list {
        let mut out = Out::new();
        let periods = oeis::CATALOGUE
            .iter()
            .map(|e| e.proven_period())
            .collect::<Result<Vec<_>>>()?;
        if args.json {
            out.json(&json::OeisList {
                sequences: oeis::CATALOGUE
                    .iter()
                    .zip(&periods)
                    .map(|(e, p)| json::OeisEntry {
                        anum: e.anum.into(),
                        offset: e.offset,
                        terms: json::s(e.default_terms),
                        max_terms: json::s(e.max_terms),
                        title: e.title.into(),
                        preperiod: p.map(|(y0, _)| json::s(y0)),
                        period: p.map(|(_, per)| json::s(per)),
                    })
                    .collect(),
            })?;
        } else {
            outln!(out, "A-number  offset  terms   title")?;
            for (e, p) in oeis::CATALOGUE.iter().zip(&periods) {
                let proved = match p {
                    Some((y0, per)) => format!(
                        " — proved: a(n + {per}) = a(n) + {per} for n >= {y0} (certified rows)"
                    ),
                    None => String::new(),
                };
                outln!(
                    out,
                    "{}   {:>4}  {:>6}   {}{proved}",
                    e.anum,
                    e.offset,
                    e.default_terms,
                    e.title
                )?;
            }
        }
        return out.finish();
    }
    let with_flag = |err: Error| match err {
        Error::Usage(m) => Error::usage(format!("--table: {m}")),
        err => err,
    };
    if args.antidiagonals {
        let mut file = match &args.output {
            Some(p) => Some(AtomicFile::create(p)?),
            None => None,
        };
        let path = args
            .table
            .as_deref()
            .ok_or_else(|| Error::usage("--antidiagonals needs --table FILE"))?;
        let terms = oeis::table_antidiagonals(args.terms, path).map_err(with_flag)?;
        return match file.take() {
            None => {
                let mut out = Out::new();
                let r = oeis::write_offset_terms(0, &terms, &mut out);
                out.typed(r)?;
                out.finish()
            }
            Some(mut f) => {
                oeis::write_offset_terms(0, &terms, &mut f)?;
                f.commit()
            }
        };
    }
    let Some(e) = args.anum else {
        return Err(Error::usage(
            "give an A-number (wythoff oeis --list shows the catalogue)",
        ));
    };
    // The output is opened (its target checked) before any work.
    let mut file = match &args.output {
        Some(p) => Some(AtomicFile::create(p)?),
        None => None,
    };
    let terms = match &args.table {
        Some(t) => oeis::table_terms(e, args.terms, t).map_err(with_flag)?,
        None => oeis::terms(e, args.terms.unwrap_or(e.default_terms))?,
    };
    match &mut file {
        None => {
            let mut out = Out::new();
            let r = oeis::write_terms(e, &terms, &mut out);
            out.typed(r)?;
            out.finish()
        }
        Some(f) => {
            oeis::write_terms(e, &terms, f)?;
            file.take().map_or(Ok(()), |f| f.commit())
        }
    }
}
