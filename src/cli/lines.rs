//! `grundy N --rules R` / `--game NAME`: the Grundy table of a two-pile line game, printed or
//! checksummed (one library call: [`wythoff::lines::LineTable::compute`]).

use super::args::{progress_bar, thread_pool};
use super::grundy::GrundyArgs;
use super::json::{LineChecksum, s};
use super::out::{Out, outln};
use wythoff::error::{Error, Result};
use wythoff::lines::{GDWN_NAMES, LineTable, NAMED, Rules};

/// The rules of `--rules` or `--game`, or `None` for Wythoff's game.
pub(crate) fn rules_of(args: &GrundyArgs) -> Result<Option<Rules>> {
    match (&args.rules, &args.game) {
        (Some(r), _) => Rules::parse(r)
            .map(Some)
            .map_err(|e| Error::usage(format!("--rules: {e}"))),
        (None, Some(g)) => Rules::named(g).map(Some).ok_or_else(|| {
            let names: Vec<&str> = NAMED.iter().map(|n| n.0).collect();
            Error::usage(format!(
                "--game: unknown game '{g}'; the named games are {} and {GDWN_NAMES}",
                names.join(", ")
            ))
        }),
        (None, None) => Ok(None),
    }
}

/// `grundy N --rules R` with `--print` or `--checksum`.
pub(crate) fn line_table(args: &GrundyArgs, rules: &Rules, n: u64) -> Result<()> {
    if !(args.print || args.checksum) {
        return Err(Error::usage(
            "--rules/--game: give --print or --checksum (line-game tables are not written to \
             files, checked or drawn yet)",
        ));
    }
    let threads = thread_pool(args.threads)?;
    let pb = progress_bar(
        if n >= 4096 {
            u128::from(n) * u128::from(n)
        } else {
            0
        },
        "grundy",
    );
    let t = LineTable::compute(rules, n, threads, &|k| pb.inc(k))
        .map_err(|e| Error::usage(format!("N: {e}")))?;
    pb.finish_and_clear();
    if args.checksum {
        let (sum, h) = t.checksum();
        let mut out = Out::new();
        if args.json {
            out.json(&LineChecksum {
                rules: rules.to_string(),
                n: s(n),
                sum: s(sum),
                xxh3: format!("{h:016x}"),
            })?;
        } else {
            outln!(
                out,
                "sum={sum} xxh3={h:016x} (rules {rules}, N = {n}, row-major u32 square)"
            )?;
        }
        return out.finish();
    }
    super::grundy::print_square(t.n, &|x, y| t.get(x, y))
}
