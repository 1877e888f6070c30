//! `grundy N --rules R` / `--game NAME`: the Grundy table of a two-pile line game — written to a
//! table file, printed, checksummed, proved or drawn ([`wythoff::lines::LineTable::compute`],
//! [`wythoff::artifact::line_table`], [`wythoff::lines::check`]) — and `grundy --check FILE` of a
//! line-game table file.

use super::args::{naming, progress_bar};
use super::grundy_args::GrundyArgs;
use super::json::{LineChecksum, s};
use super::out::{Out, outln};
use super::table_out::{Pictures, print_square, report_check};
use wythoff::Context;
use wythoff::artifact::AtomicFile;
use wythoff::artifact::line_table as file;
use wythoff::error::{Error, Result};
use wythoff::lines::{LineRules, LineTable, check, table};

/// The rules of `--rules` or `--game`, or `None` for Wythoff's game.
pub(crate) fn rules_of(args: &GrundyArgs) -> Result<Option<LineRules>> {
    rules_from(args.rules.as_deref(), args.game.as_deref())
}

/// The game of `--rules R` or `--game NAME` (the one parser of both flags, for `grundy` and
/// `line-pairs`), `None` when neither is given.
pub(crate) fn rules_from(rules: Option<&str>, game: Option<&str>) -> Result<Option<LineRules>> {
    match (rules, game) {
        (Some(r), _) => LineRules::parse(r)
            .map(Some)
            .map_err(|e| Error::usage(format!("--rules: {e}"))),
        (None, Some(g)) => wythoff::registry::line_game(g, "move --game and play --game take it")
            .map(Some)
            .map_err(|e| Error::usage(format!("--game: {e}"))),
        (None, None) => Ok(None),
    }
}

/// `grundy N --rules R` with `-o FILE`, `--print`, `--checksum`, `--check`, `--png` or
/// `--board`.  Every output is opened before the work (a path that cannot be written is refused
/// first); the table is computed in memory and a file is written whole at the end.
pub(crate) fn line_table(args: &GrundyArgs, rules: &LineRules, n: u64) -> Result<()> {
    // a table file needs a regular file, as Wythoff's does: /dev/null, a FIFO or a descriptor
    // is refused here, before the work
    let mut file_out = args
        .output
        .as_deref()
        .map(AtomicFile::create_regular)
        .transpose()
        .map_err(naming("-o"))?;
    // the table of side n, or only the corner the board shows when it is the only output
    table::check_side(n).map_err(|e| Error::usage(format!("N: {e}")))?;
    let full = n;
    let n = args.computed_side(n);
    // memory for the table and its line sets; disk for the file (always written beside its
    // target: a regular file)
    let memory = table::memory(rules, n).map_err(|e| Error::usage(format!("N: {e}")))?;
    let disk = match &file_out {
        Some(_) => file::LineHeader::new(rules, n)
            .and_then(|h| h.file_len())
            .unwrap_or(u64::MAX),
        _ => 0,
    };
    let dir = file_out.as_ref().map(|f| match f.path().parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => std::path::PathBuf::from("."),
    });
    wythoff::grundy::check_resources(memory, 0, None)?;
    wythoff::grundy::check_resources(0, disk, dir.as_deref()).map_err(naming("-o"))?;
    let pictures = Pictures::open(args.png.as_deref(), args.board.as_deref())?;
    let threads = args.threads.count();
    let pb = progress_bar(
        if n >= 4096 {
            u128::from(n) * u128::from(n)
        } else {
            0
        },
        "grundy",
    );
    let t0 = std::time::Instant::now();
    let t = LineTable::compute(
        rules,
        n,
        &Context::new(threads).with_progress(&|k| pb.inc(k)),
    )
    .map_err(|e| Error::usage(format!("N: {e}")))?;
    pb.finish_and_clear();
    if let Some(mut f) = file_out.take() {
        let f_name = f.path().to_owned();
        let h = t.write(&mut f)?;
        f.commit()?;
        eprintln!(
            "wythoff: wrote {} (rules {rules}, N = {n}, {} bytes per value, {:.1} s)",
            f_name.display(),
            h.width,
            t0.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    // full ≤ MAX_SIDE, checked above, so it fits
    let full = usize::try_from(full).map_err(|_| Error::internal("a side beyond usize"))?;
    pictures.draw(full, &|x, y| t.get(x, y))?;
    if args.check.is_some() {
        let pb = progress_bar(if n >= 4096 { u128::from(n * n) } else { 0 }, "check");
        let rep = check::check(
            &|x, y| t.get(x as usize, y as usize),
            n,
            rules,
            None,
            &Context::serial().with_progress(&|k| pb.inc(k)),
        )?;
        pb.finish_and_clear();
        return report_check(&rep, args.json);
    }
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
    if args.print {
        return print_square(t.n, &|x, y| t.get(x, y));
    }
    Ok(())
}

/// `grundy --check FILE` for a line-game table file: the checksum, the proof against the rules
/// in its header, the 0-positions.
pub(crate) fn check_line_file(t: &file::LineTableFile, json: bool) -> Result<()> {
    let n = t.header.n;
    let pb = progress_bar(if n >= 4096 { u128::from(n * n) } else { 0 }, "check");
    let get = |x: u64, y: u64| t.get(x, y).unwrap_or(u32::MAX);
    let rep = check::check(
        &get,
        n,
        &t.header.rules,
        Some(t.verify()),
        &Context::serial().with_progress(&|k| pb.inc(k)),
    )?;
    pb.finish_and_clear();
    report_check(&rep, json)
}
