//! `wythoff oeis`: the catalogue and its b-files.

use super::args::*;
use super::certificate::{certificate_error, read_certificate};
use super::oeis_list::list;
use super::out::Sink;
use clap::{ArgGroup, Args};
use std::path::PathBuf;
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::files::AtomicFile;
use wythoff::oeis::certificate::{FromCertificateError, RowQuantity};
use wythoff::oeis::{self, Entry};

/// A catalogued A-number (case-insensitive, leading zeros optional).
fn anum(s: &str) -> std::result::Result<&'static Entry, String> {
    oeis::entry(s).map_err(|_| {
        "not in the catalogue; expected an A-number that `wythoff oeis --list` shows".to_string()
    })
}

#[derive(Args)]
// `requires = "list"` would be satisfied by the flag's default (false); a group counts only
// what was given.  (clap names the group `<--list>` when it is missing: `usage` says instead what
// is accepted.)
#[command(group(ArgGroup::new("listing").args(["list"])))]
pub(crate) struct OeisArgs {
    /// The A-number, e.g. A000201.
    #[arg(
        required_unless_present_any = ["list", "antidiagonals", "row_periods", "row_preperiods"],
        value_parser = anum
    )]
    pub(crate) anum: Option<&'static Entry>,
    /// Number of terms (default: the entry's, usually 10000; with --table, as many as the table
    /// proves; A046874/A046875 with --certificate, one per row of the certificate).  At most the
    /// entry's limit, which `oeis --list` shows with its reason.
    #[arg(long, value_name = "K", value_parser = terms, allow_hyphen_values = true)]
    pub(crate) terms: Option<u64>,
    /// Write to FILE (atomically) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Read the terms from a Grundy table file (`grundy N -o FILE`) instead of computing them:
    /// its header and checksum are verified and its a (or rules) must be the entry's; without --terms, as
    /// many terms as the table proves.  For A047708, A048850, A004481..A004487, A317205 (a table of
    /// `grundy N -o FILE`) and A307296..A307302 (a line-game table of `grundy N --game NAME -o`).
    #[arg(long, value_name = "FILE", conflicts_with = "certificate")]
    pub(crate) table: Option<PathBuf>,
    /// Read the terms from a row certificate (`rows X -o CERT`) instead of computing them: its
    /// checksum is verified, its a must be 1 and it must cover the row (X above it).  For the
    /// rows A004482..A004487 (any --terms, default 10000; the values below a row's preperiod
    /// must be stored in it) and the row preperiods A046874 and periods A046875 (default: every
    /// row of the certificate).
    #[arg(long, value_name = "CERT")]
    pub(crate) certificate: Option<PathBuf>,
    /// Instead of an A-number: the preperiods of rows 0..X-1 of the --certificate (any a),
    /// offset 0 (row n = index n); for a = 1 this is A046874.
    #[arg(
        long,
        requires = "certificate",
        conflicts_with_all = ["anum", "antidiagonals", "row_periods"]
    )]
    pub(crate) row_preperiods: bool,
    /// Instead of an A-number: the additive periods of rows 0..X-1 of the --certificate (any
    /// a), offset 0 (row n = index n); for a = 1 this is A046875.
    #[arg(long, requires = "certificate", conflicts_with_all = ["anum", "antidiagonals"])]
    pub(crate) row_periods: bool,
    /// Instead of an A-number: the table file of --table (any a) by antidiagonals T(i, s - i),
    /// s = 0, 1, ..., i = 0..s, offset 0 (for a = 2 no OEIS entry exists; doc/oeis.md).
    #[arg(long, requires = "table", conflicts_with = "anum")]
    pub(crate) antidiagonals: bool,
    /// List the catalogue: A-number, offset, default terms, the most terms the engine computes,
    /// title, how the terms are computed, why the engine stops there, and the files (--table,
    /// --certificate) each entry can also be read from.
    #[arg(
        long,
        conflicts_with_all = [
            "anum", "terms", "output", "table", "antidiagonals", "certificate", "row_periods",
            "row_preperiods"
        ]
    )]
    pub(crate) list: bool,
    /// The catalogue as one JSON object (only with --list).
    #[arg(long, requires = "listing")]
    pub(crate) json: bool,
}

pub(crate) fn oeis_cmd(args: OeisArgs) -> Result<()> {
    if args.list {
        return list(args.json);
    }
    let with_flag = |err: Error| match err {
        Error::Usage(m) => Error::usage(format!("--table: {m}")),
        err => err,
    };
    if args.antidiagonals {
        let file = open_output(&args)?;
        let path = args
            .table
            .as_deref()
            .ok_or_else(|| Error::usage("--antidiagonals needs --table FILE"))?;
        let terms = oeis::table_antidiagonals(args.terms, path).map_err(with_flag)?;
        return write(0, terms.into_iter(), file);
    }
    if args.row_periods || args.row_preperiods {
        return row_quantities(&args);
    }
    let Some(e) = args.anum else {
        return Err(Error::usage(
            "give an A-number (wythoff oeis --list shows the catalogue)",
        ));
    };
    // The output is opened (its target checked) before any work.
    let file = open_output(&args)?;
    if let Some(path) = &args.certificate {
        let c = read_certificate(path)?;
        let terms = oeis::certificate::certificate_terms(e, &c, args.terms)
            .map_err(|e| refusal(e, path))?;
        return write(e.offset, terms, file);
    }
    match &args.table {
        Some(t) => {
            let terms = oeis::table_terms(e, args.terms, t).map_err(with_flag)?;
            write(e.offset, terms.into_iter(), file)
        }
        None => {
            let count = args.terms.unwrap_or(e.default_terms);
            oeis::check_count(e, count).map_err(naming("--terms"))?;
            stream(file, &mut |out| {
                oeis::write_bfile(e, count, out, &Context::all_cores())
            })
        }
    }
}

/// What the certificate at `path` cannot give, as one line naming the way out (status 2).
fn refusal(e: FromCertificateError, path: &std::path::Path) -> Error {
    match e {
        FromCertificateError::Certificate(c) => certificate_error(c, path),
        e @ FromCertificateError::TooFewRows { .. } => Error::usage(format!(
            "--terms: {e}; `wythoff rows X -o CERT` with a larger X certifies more ('{}')",
            path.display()
        )),
        e => Error::usage(format!("--certificate: {e}")),
    }
}

/// Streams b-file lines `n a(n)` from `offset` to the opened output file, or to stdout.
fn write(offset: u64, terms: impl Iterator<Item = u128>, file: Option<AtomicFile>) -> Result<()> {
    let mut terms = Some(terms);
    stream(file, &mut |out| match terms.take() {
        Some(t) => oeis::write_offset_iter(offset, t, out),
        None => Ok(()),
    })
}

/// Runs a library writer on the opened output file (committed when it succeeds), or on stdout.
fn stream(
    file: Option<AtomicFile>,
    writer: &mut dyn FnMut(&mut dyn std::io::Write) -> Result<()>,
) -> Result<()> {
    let mut sink = Sink::from(file);
    sink.stream(writer)?;
    sink.finish()
}

/// Opens `-o FILE` (before any work): a path that cannot be written, or the very file that
/// `--table` or `--certificate` reads, is refused naming -o.
fn open_output(args: &OeisArgs) -> Result<Option<AtomicFile>> {
    let Some(p) = &args.output else {
        return Ok(None);
    };
    let inputs = [
        (&args.table, "--table"),
        (&args.certificate, "--certificate"),
    ];
    for (input, flag) in inputs {
        if let Some(i) = input {
            wythoff::files::atomic::refuse_overwriting_input(p, "-o", i, flag)?;
        }
    }
    AtomicFile::create(p).map(Some).map_err(naming("-o"))
}

/// `oeis --row-preperiods|--row-periods --certificate CERT`: one term per row, offset 0.
fn row_quantities(args: &OeisArgs) -> Result<()> {
    let path = args.certificate.as_deref().ok_or_else(|| {
        Error::usage("--row-periods and --row-preperiods need --certificate CERT")
    })?;
    // the output is opened (its target checked) before any work
    let file = open_output(args)?;
    let c = read_certificate(path)?;
    let q = if args.row_periods {
        RowQuantity::Period
    } else {
        RowQuantity::Preperiod
    };
    let terms =
        oeis::certificate::row_quantities(&c, q, args.terms).map_err(|e| refusal(e, path))?;
    write(0, terms.into_iter(), file)
}
