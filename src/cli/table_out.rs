//! The rendering shared by `grundy N` and `grundy N --rules R` (and their `--check FILE`): what
//! is asked of the table ([`ask_of`]) and its answer ([`render`]) — the pictures (`--png`,
//! `--board`), the printed square (`--print`), the check report, the checksum — and JSON on one
//! line.

use super::args::{naming, progress_bar};
use super::grundy_args::GrundyArgs;
use super::json;
use super::out::{Out, outln, passed_or};
use std::path::Path;
use wythoff::error::{Error, Result};
use wythoff::files::AtomicFile;
use wythoff::grundy::{Answer, Ask, Checksum, Square, picture};
use wythoff::lines::LineRules;

/// The game of a table computed by `grundy N`, as its checksum names it.
pub(crate) enum TableGame<'r> {
    /// Generalized Wythoff with parameter a.
    Wythoff(u64),
    /// A line game.
    Lines(&'r LineRules),
}

/// What `grundy N` asks of the table it computes: its proof (`--check`), its checksum
/// (`--checksum`), or the table itself (`--print`, `--png`, `--board`).
pub(crate) fn ask_of(args: &GrundyArgs) -> Ask {
    if args.check.is_some() {
        Ask::Check
    } else if args.checksum {
        Ask::Checksum
    } else {
        Ask::Table
    }
}

/// The progress bar of `grundy N` computing `cells` cells a pass (the proof of `--check` is a
/// second pass), drawn from side 4096 on.
pub(crate) fn table_bar(n: u64, cells: u128, ask: Ask) -> indicatif::ProgressBar {
    let passes = if ask == Ask::Check { 2 } else { 1 };
    progress_bar(
        if n >= 4096 {
            (cells * passes).max(50_000_000)
        } else {
            0
        },
        "grundy",
    )
}

/// Renders the answer of `grundy N`: the table drawn into the `pictures` opened (`full` is the
/// side N asked for; the board shows its corner, all a board-only table holds) and printed with
/// `--print`; the check report; the checksum.
pub(crate) fn render<T: Square>(
    args: &GrundyArgs,
    game: TableGame,
    full: usize,
    pictures: Pictures,
    answer: Answer<T>,
) -> Result<()> {
    match answer {
        Answer::Table(t) => {
            pictures.draw(full, &|x, y| t.value(x, y))?;
            if args.print {
                return print_square(t.side(), &|x, y| t.value(x, y));
            }
            Ok(())
        }
        Answer::Check(rep) => report_check(&rep, args.json),
        Answer::Checksum(c) => print_checksum(&game, &c, args.json),
    }
}

/// `grundy N --checksum`: the sum and the XXH3-64 of the square, with the game and N.
fn print_checksum(game: &TableGame, c: &Checksum, as_json: bool) -> Result<()> {
    let xxh3 = format!("{:016x}", c.xxh3);
    let mut out = Out::new();
    if as_json {
        let (a, rules) = match game {
            TableGame::Wythoff(a) => (Some(json::s(a)), None),
            TableGame::Lines(r) => (None, Some(r.to_string())),
        };
        out.json(&json::TableChecksum {
            a,
            rules,
            n: json::s(c.n),
            sum: json::s(c.sum),
            xxh3,
        })?;
    } else {
        let game = match game {
            TableGame::Wythoff(a) => format!("a = {a}"),
            TableGame::Lines(r) => format!("rules {r}"),
        };
        outln!(
            out,
            "sum={} xxh3={xxh3} ({game}, N = {}, row-major u32 square)",
            c.sum,
            c.n
        )?;
    }
    out.finish()
}

/// The `--png` and `--board` outputs of `grundy N`, opened before the work.
pub(crate) struct Pictures {
    png: Option<AtomicFile>,
    board: Option<AtomicFile>,
}

impl Pictures {
    /// Opens the outputs `--png` and `--board` name (refusing a path that cannot be written).
    pub(crate) fn open(png: Option<&Path>, board: Option<&Path>) -> Result<Pictures> {
        // one name for both is refused by `GrundyArgs::check`
        let open =
            |p: Option<&Path>, flag| p.map(AtomicFile::create).transpose().map_err(naming(flag));
        Ok(Pictures {
            png: open(png, "--png")?,
            board: open(board, "--board")?,
        })
    }

    /// Draws the table of side n (values `get`) into the outputs opened.
    pub(crate) fn draw(self, n: usize, get: &dyn Fn(usize, usize) -> u32) -> Result<()> {
        if let Some(mut f) = self.png {
            picture::draw_table(&mut f, n, 2048, get)?;
            f.commit()?;
        }
        if let Some(mut f) = self.board {
            let side = n.min(picture::BOARD_MAX);
            if side < n {
                crate::cli::out::errln!(
                    "wythoff: the board shows the corner 0 <= x, y < {side} of the table"
                );
            }
            picture::draw_board(&mut f, side, &|x, y| get(x, y) == 0)?;
            f.commit()?;
        }
        Ok(())
    }
}

/// The N × N square as text: row x on line x, values separated by spaces (`--print`).
pub(crate) fn print_square(n: usize, get: &dyn Fn(usize, usize) -> u32) -> Result<()> {
    let mut out = Out::new();
    let mut line = String::new();
    for x in 0..n {
        line.clear();
        for y in 0..n {
            if y > 0 {
                line.push(' ');
            }
            line.push_str(&get(x, y).to_string());
        }
        line.push('\n');
        out.text(&line)?;
    }
    out.finish()
}

/// Prints a check report (text or JSON); a failed check is status 1.
pub(crate) fn report_check(rep: &wythoff::grundy::CheckReport, json: bool) -> Result<()> {
    if json {
        print_json(rep)?;
    } else {
        let game = match (&rep.a, &rep.rules) {
            (Some(a), _) => format!(
                "a = {a}, N = {}: {} stored cells (x <= y; the N^2 square by symmetry)",
                rep.n, rep.cells
            ),
            (None, rules) => format!(
                "rules {}, N = {}: {} cells (the full square)",
                rules.as_deref().unwrap_or("?"),
                rep.n,
                rep.cells
            ),
        };
        let outcomes = rep.outcomes();
        let text = format!(
            "{}: {game}, max value {}\n{}",
            wythoff::check::verdict(&outcomes),
            rep.max,
            wythoff::check::render(&outcomes)
        );
        let mut out = Out::new();
        out.text(&text)?;
        out.finish()?;
    }
    passed_or(rep.ok, || {
        format!("the table failed its checks: {}", rep.problems.join("; "))
    })
}

/// One JSON value on one line of standard output.
pub(crate) fn print_json<T: serde::Serialize>(v: &T) -> Result<()> {
    let s = serde_json::to_string(v).map_err(|e| Error::internal(format!("json: {e}")))?;
    let mut out = Out::new();
    outln!(out, "{s}")?;
    out.finish()
}
