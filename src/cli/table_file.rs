//! The commands that read a table file, Wythoff's or a line game's: `grundy get FILE X Y`,
//! `grundy png FILE OUT` and `grundy --check FILE`.

use super::args::*;
use super::lines::check_line_file;
use super::out::{Out, outln};
use super::table_out::report_check;
use std::path::Path;
use wythoff::error::{Error, Result};
use wythoff::files::AtomicFile;
use wythoff::files::line_table::AnyTableFile;
use wythoff::grundy::{self, picture};

/// `grundy get FILE X Y`.
pub(crate) fn grundy_get(file: &Path, x: Coord, y: Coord) -> Result<()> {
    let ((x0, x1), (y0, y1)) = (x.bounds(), y.bounds());
    let t = AnyTableFile::open(file)?;
    let n = t.n();
    if x1 >= n || y1 >= n {
        return Err(Error::usage(format!(
            "({x}, {y}) is outside the table: it covers 0 <= x, y < {n}"
        )));
    }
    let t = match t {
        // a Grundy table: the bands holding the cells asked for (row min(x, y)), before printing
        AnyTableFile::Wythoff(w) => {
            for xx in x0..=x1 {
                w.check_rows(xx.min(y0)..=xx.min(y1))
                    .map_err(|e| damaged(e, file))?;
            }
            AnyTableFile::Wythoff(w)
        }
        // a line-game table: the bands holding rows x0..=x1 (the square is stored row-major)
        AnyTableFile::Lines(l) => {
            l.check_rows(x0..=x1).map_err(|e| damaged(e, file))?;
            AnyTableFile::Lines(l)
        }
    };
    let mut out = Out::new();
    for xx in x0..=x1 {
        let row: Vec<String> = (y0..=y1)
            .map(|yy| t.get(xx, yy).map_or_else(String::new, |g| g.to_string()))
            .collect();
        outln!(out, "{}", row.join(" "))?;
    }
    out.finish()
}

/// `grundy png FILE OUT`: the header is validated and the output opened before the payload is
/// read; a payload that does not match its checksum is refused.
pub(crate) fn grundy_png(file: &Path, out: &Path) -> Result<()> {
    wythoff::files::atomic::refuse_overwriting_input(out, "OUT", file, "FILE")?;
    let t = AnyTableFile::open(file)?;
    let mut f = AtomicFile::create(out).map_err(naming("OUT"))?;
    let t = verified(t, file)?;
    picture::draw_table(&mut f, t.n() as usize, 2048, &|x, y| {
        t.get(x as u64, y as u64).unwrap_or(0)
    })?;
    f.commit()
}

/// `grundy --check FILE`.
pub(crate) fn check_file(file: &Path, json: bool) -> Result<()> {
    let t = match AnyTableFile::open(file)? {
        AnyTableFile::Wythoff(t) => t,
        AnyTableFile::Lines(t) => return check_line_file(&t, json),
    };
    let n = t.header.n as u128;
    let pb = progress_bar(if n >= 4096 { n * (n + 1) / 2 } else { 0 }, "check");
    let rep = grundy::check_with(
        t.payload(),
        t.layout(),
        t.header.a,
        Some(t.verify()),
        &wythoff::Context::serial().with_progress(&|k| pb.inc(k)),
    )?;
    pb.finish_and_clear();
    report_check(&rep, json)
}

/// A table file whose payload matches its checksum; a damaged file is refused (status 1).
fn verified(t: AnyTableFile, file: &Path) -> Result<AnyTableFile> {
    match &t {
        AnyTableFile::Wythoff(w) => w.check_all().map_err(|e| damaged(e, file))?,
        AnyTableFile::Lines(l) => l.check_all().map_err(|e| damaged(e, file))?,
    }
    Ok(t)
}

/// A damaged table file (status 1), with where to look further.
fn damaged(e: impl std::fmt::Display, file: &Path) -> Error {
    Error::damaged(format!(
        "{e}; `wythoff grundy --check {}` locates the damage",
        file.display()
    ))
}
