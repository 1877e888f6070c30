//! `wythoff oeis`: the catalogue and its b-files.

use clap::Args;
use std::path::PathBuf;
use wythoff::error::Result;
use wythoff::num::parse_u64;
use wythoff::output::AtomicFile;

#[derive(Args)]
pub(crate) struct OeisArgs {
    /// The A-number, e.g. A000201.
    #[arg(required_unless_present = "list")]
    pub(crate) anum: Option<String>,
    /// Number of terms (default: the entry's, usually 10000).
    #[arg(long)]
    pub(crate) terms: Option<String>,
    /// Write to FILE (atomically) instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// List the catalogue: A-number, offset, default terms, title.
    #[arg(long)]
    pub(crate) list: bool,
}

pub(crate) fn oeis_cmd(args: OeisArgs) -> Result<()> {
    use wythoff::oeis;
    if args.list {
        println!("A-number  offset  terms   title");
        for e in oeis::CATALOGUE {
            println!(
                "{}   {:>4}  {:>6}   {}",
                e.anum, e.offset, e.default_terms, e.title
            );
        }
        return Ok(());
    }
    let e = oeis::entry(args.anum.as_deref().unwrap_or_default())?;
    let count = match &args.terms {
        Some(t) => parse_u64(t, "--terms")?,
        None => e.default_terms,
    };
    match &args.output {
        None => oeis::write_bfile(e, count, &mut std::io::stdout().lock()),
        Some(p) => {
            let mut f = AtomicFile::create(p)?;
            oeis::write_bfile(e, count, &mut f)?;
            f.commit()
        }
    }
}
