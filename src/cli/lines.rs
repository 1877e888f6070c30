//! `grundy N --rules R` / `--game NAME`: the Grundy table of a two-pile line game — written to a
//! table file ([`wythoff::lines::write_table`]), or printed, checksummed, proved or drawn
//! ([`wythoff::lines::answer`]) — and `grundy --check FILE` of a line-game table file.

use super::args::{naming, naming_input, progress_bar};
use super::grundy_args::GrundyArgs;
use super::table_out::{Pictures, TableGame, ask_of, render, report_check, table_bar};
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::files::line_table as file;
use wythoff::lines::{self, LineRules, WriteError, check, table};

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
            .map_err(naming_input("--rules")),
        (None, Some(g)) => wythoff::registry::line_game(g, "move --game and play --game take it")
            .map(Some)
            .map_err(naming_input("--game")),
        (None, None) => Ok(None),
    }
}

/// The library's refusal of the side (an [`Error::Domain`]) named `N`; everything else — the
/// memory the machine lacks, a failure of the run — unchanged.
fn side_named(e: Error) -> Error {
    match e {
        Error::Domain(m) => Error::usage(format!("N: {m}")),
        e => e,
    }
}

/// `grundy N --rules R` with `-o FILE`, `--print`, `--checksum`, `--check`, `--png` or
/// `--board`: one library call.  Every output is opened before the work (a path that cannot be
/// written is refused first); the table is computed in memory and a file is written whole at
/// the end.
pub(crate) fn line_table(args: &GrundyArgs, rules: &LineRules, n: u64) -> Result<()> {
    let ask = ask_of(args);
    let pb = table_bar(n, u128::from(n) * u128::from(n), ask);
    let tick = |k| pb.inc(k);
    let ctx = Context::new(args.threads.count()).with_progress(&tick);
    if let Some(path) = &args.output {
        let t0 = std::time::Instant::now();
        let h = lines::write_table(rules, n, path, &ctx).map_err(|e| match e {
            WriteError::Output(e) => naming("-o")(e),
            WriteError::Other(e) => side_named(e),
        })?;
        pb.finish_and_clear();
        crate::cli::out::errln!(
            "wythoff: wrote {} (rules {rules}, N = {n}, {} bytes per value, {:.1} s)",
            path.display(),
            h.width,
            t0.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    // the table of side N, or only the corner the board shows when it is the only output
    table::check_side(n).map_err(side_named)?;
    let full = usize::try_from(n).map_err(|_| Error::internal("a side beyond usize"))?;
    let pictures = Pictures::open(args.png.as_deref(), args.board.as_deref())?;
    let answer = lines::answer(rules, args.computed_side(n), ask, &ctx).map_err(side_named)?;
    pb.finish_and_clear();
    render(args, TableGame::Lines(rules), full, pictures, answer)
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
