//! `wythoff oeis`: the catalogue and its b-files.

use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::{ArgGroup, Args};
use std::path::PathBuf;
use wythoff::artifact::AtomicFile;
use wythoff::error::Result;
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
    #[arg(required_unless_present = "list", value_parser = anum)]
    pub(crate) anum: Option<&'static Entry>,
    /// Number of terms (default: the entry's, usually 10000).
    #[arg(long, value_name = "K", value_parser = count, allow_hyphen_values = true)]
    pub(crate) terms: Option<u64>,
    /// Write to FILE (atomically) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// List the catalogue: A-number, offset, default terms, title.
    #[arg(long, conflicts_with_all = ["anum", "terms", "output"])]
    pub(crate) list: bool,
    /// The catalogue as one JSON object (only with --list).
    #[arg(long, requires = "listing")]
    pub(crate) json: bool,
}

pub(crate) fn oeis_cmd(args: OeisArgs) -> Result<()> {
    if args.list {
        let mut out = Out::new();
        if args.json {
            out.json(&json::OeisList {
                sequences: oeis::CATALOGUE
                    .iter()
                    .map(|e| json::OeisEntry {
                        anum: e.anum.into(),
                        offset: e.offset,
                        terms: json::s(e.default_terms),
                        max_terms: json::s(e.max_terms),
                        title: e.title.into(),
                    })
                    .collect(),
            })?;
        } else {
            outln!(out, "A-number  offset  terms   title")?;
            for e in oeis::CATALOGUE {
                outln!(
                    out,
                    "{}   {:>4}  {:>6}   {}",
                    e.anum,
                    e.offset,
                    e.default_terms,
                    e.title
                )?;
            }
        }
        return out.finish();
    }
    let Some(e) = args.anum else {
        return Err(wythoff::error::Error::usage(
            "give an A-number (wythoff oeis --list shows the catalogue)",
        ));
    };
    let count = args.terms.unwrap_or(e.default_terms);
    match &args.output {
        None => {
            let mut out = Out::new();
            let r = oeis::write_bfile(e, count, &mut out);
            out.typed(r)?;
            out.finish()
        }
        Some(p) => {
            let mut f = AtomicFile::create(p)?;
            oeis::write_bfile(e, count, &mut f)?;
            f.commit()
        }
    }
}
