//! The rendering shared by `grundy N` and `grundy N --rules R` (and their `--check FILE`): the
//! pictures (`--png`, `--board`), the printed square (`--print`), the check report and JSON on
//! one line.

use super::args::naming;
use super::out::{Out, outln, passed_or};
use std::path::Path;
use wythoff::artifact::AtomicFile;
use wythoff::error::{Error, Result};
use wythoff::grundy::picture;

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
                eprintln!("wythoff: the board shows the corner 0 <= x, y < {side} of the table");
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
