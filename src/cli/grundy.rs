//! `wythoff grundy`: Sprague–Grundy tables of Wythoff's game (and, with `--rules` or `--game`,
//! of a line game, [`super::lines`]) — written to a table file, printed, checksummed, proved or
//! drawn — and the dispatch of `grundy at`, `get`, `png` and `--check FILE`.

use super::args::*;
use super::at::at;
use super::grundy_args::{GrundyArgs, GrundySub};
use super::lines::{line_table, rules_of};
use super::table_file::{check_file, grundy_get, grundy_png};
use super::table_out::{Pictures, TableGame, ask_of, render, table_bar};
use std::path::Path;
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::grundy::{self, Spec, SpecError};

pub(crate) fn grundy(args: GrundyArgs) -> Result<()> {
    match &args.sub {
        Some(GrundySub::Get { file, x, y }) => return grundy_get(file, *x, *y),
        Some(GrundySub::Png { file, out }) => return grundy_png(file, out),
        Some(GrundySub::At { x, y, certificate }) => return at(x, y, certificate.as_deref()),
        None => {}
    }
    if let Some(Some(file)) = &args.check {
        // N, -a, --threads, --rules and --game are refused with a file by `check()`
        return check_file(file, args.json);
    }
    let Some(n) = &args.n else {
        return Err(Error::usage(
            "give N (grundy N -o FILE, --print, --checksum, --check, --png, --board), or \
             grundy --check FILE, grundy get FILE X Y, grundy png FILE OUT, grundy at X Y",
        ));
    };
    if let Some(rules) = rules_of(&args)? {
        return line_table(&args, &rules, *n);
    }
    let (a, n) = (args.a.unwrap_or(1), *n);
    let spec_of = |n| {
        Spec::new(a, n).map_err(|e| match e {
            SpecError::ZeroA => Error::usage(format!("-a: {e}")),
            SpecError::Side(_) => Error::usage(format!("N: {e}")),
        })
    };
    let full = spec_of(n)?;
    let ask = ask_of(&args);
    // the table of side n, or only the corner the board shows when it is the only output
    let spec = spec_of(args.computed_side(n))?;
    let cells = (spec.n as u128 * (spec.n as u128 + 1)) / 2;
    let pb = table_bar(spec.n as u64, cells, ask);
    if let Some(path) = &args.output {
        return write_table(&args, full, path, &pb);
    }
    // Every output is opened before any work: a path that cannot be written is refused now.
    let pictures = Pictures::open(args.png.as_deref(), args.board.as_deref())?;
    let tick = |k: u64| pb.inc(k);
    let ctx = Context::new(args.threads.count()).with_progress(&tick);
    let answer = grundy::answer(spec, ask, &ctx)?;
    pb.finish_and_clear();
    render(&args, TableGame::Wythoff(a), full.n, pictures, answer)
}

/// `grundy N -o FILE`.
fn write_table(
    args: &GrundyArgs,
    spec: Spec,
    path: &Path,
    pb: &indicatif::ProgressBar,
) -> Result<()> {
    use wythoff::grundy::{Partial, WriteError};
    let note = |m: &str| pb.suspend(|| crate::cli::out::errln!("wythoff: {m}"));
    let t0 = std::time::Instant::now();
    let mode = Partial::from_flags(args.resume, args.restart);
    let tick = |k| pb.inc(k);
    let ctx = Context::new(args.threads.count()).with_progress(&tick);
    let h =
        grundy::write_table(spec, path, mode, &note, args.abort_after_rows, &ctx).map_err(|e| {
            match e {
                WriteError::Resume(r) => {
                    naming(if args.resume { "--resume" } else { "-o" })(r.into())
                }
                WriteError::Output(e) => naming("-o")(e),
                WriteError::Other(e) => e,
            }
        })?;
    pb.finish_and_clear();
    crate::cli::out::errln!(
        "wythoff: wrote {} (a = {}, N = {}, {} bytes per value, {:.1} s)",
        path.display(),
        h.a,
        h.n,
        h.width,
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
