//! `wythoff three`: the P-positions of three-pile Wythoff up to a bound (`three-move` is
//! [`super::three_move`]).

use super::arg_groups::*;
use super::args::*;
use super::json;
use super::out::{Out, Sink, outln};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::files::Partial;
use wythoff::three_pile;

/// The OEIS sequences `three --oeis` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ThreeOeis {
    /// T(a, b) by antidiagonals 0..=N.
    #[value(name = "A018219")]
    A018219,
    /// T(n, n) for n <= N.
    #[value(name = "A051261")]
    A051261,
}

#[derive(Args)]
pub(crate) struct ThreeArgs {
    /// Bound N: positions with x <= y <= z <= N.
    #[arg(value_parser = size, allow_hyphen_values = true)]
    pub(crate) n: u64,
    /// Print only the number of P-positions.
    #[arg(long, conflicts_with_all = ["sum", "print", "output", "json", "oeis"])]
    pub(crate) count: bool,
    /// Print only the sum of x + y + z over them.
    #[arg(long, conflicts_with_all = ["print", "output", "json", "oeis"])]
    pub(crate) sum: bool,
    /// Print the positions, `x y z` per line, ordered by x + y + z, then x, then y.
    #[arg(long, conflicts_with_all = ["output", "json", "oeis"])]
    pub(crate) print: bool,
    /// Write the positions (or with --oeis the b-file) to FILE (atomically).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Write a b-file of OEIS A018219 (T(a, b) by antidiagonals 0..=N) or A051261 (T(n, n),
    /// n <= N) instead.
    #[arg(long, value_name = "ANUM", value_enum)]
    pub(crate) oeis: Option<ThreeOeis>,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
    /// The summary (N, count, sum) as one JSON object.
    #[arg(long, conflicts_with_all = ["output", "oeis"])]
    pub(crate) json: bool,
    /// Also write the cube file: T(y, z) for all y <= z <= N (doc/formats.md), checkpointed for
    /// --resume.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["print", "output", "oeis", "from"])]
    pub(crate) cube: Option<PathBuf>,
    /// Continue an interrupted --cube run from its last checkpoint.
    #[arg(long, requires = "cube", conflicts_with = "restart")]
    pub(crate) resume: bool,
    /// Discard the partial file of an interrupted --cube run and start afresh.
    #[arg(long, requires = "cube")]
    pub(crate) restart: bool,
    /// Read the P-positions from a cube file of side at least N instead of solving.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["print", "output", "oeis"])]
    pub(crate) from: Option<PathBuf>,
    /// Test hook: abort (like kill -9) once this many checkpoints are written.
    #[arg(long, hide = true, requires = "cube")]
    pub(crate) abort_after_checkpoints: Option<usize>,
}

pub(crate) fn three(args: ThreeArgs) -> Result<()> {
    args.threads.install()?;
    let n = args.n;
    if let Some(anum) = args.oeis {
        // the output is opened (its target checked) before any work
        let mut sink = Sink::open(args.output.as_deref())?;
        let terms = match anum {
            ThreeOeis::A018219 => three_pile::a018219(n, &Context::serial())?,
            ThreeOeis::A051261 => three_pile::a051261(n, &Context::serial())?,
        };
        let mut text = String::new();
        for (i, t) in terms.iter().enumerate() {
            text.push_str(&format!("{i} {t}\n"));
        }
        sink.text(&text)?;
        return sink.finish();
    }
    if args.print || args.output.is_some() {
        let mut sink = Sink::open(args.output.as_deref())?;
        let lines = (n as u128 + 1) * (n as u128 + 2) / 2;
        let pb = progress_bar(lines, "three-pile lines");
        let tick = |k| pb.inc(k);
        let b = three_pile::Box3::cube(n, &Context::serial().with_progress(&tick))?;
        pb.finish_and_clear();
        sink.stream(&mut |w| b.write_positions(w))?;
        return sink.finish();
    }
    let s = if let Some(from) = &args.from {
        let c = wythoff::files::cube::Cube::open(from)
            .map_err(|e| super::certificate::file_error("--from", e))?;
        if c.side() < n {
            return Err(Error::usage(format!(
                "--from: '{}' is a cube of side {}, smaller than N = {n}",
                from.display(),
                c.side()
            )));
        }
        three_pile::cube::summary_of(&c, n)
    } else {
        let lines = (n as u128 + 1) * (n as u128 + 2) / 2;
        let pb = progress_bar(lines, "three-pile lines");
        let tick = |k| pb.inc(k);
        let ctx = Context::serial().with_progress(&tick);
        let s = if let Some(path) = &args.cube {
            let mode = Partial::from_flags(args.resume, args.restart);
            let note = |m: &str| pb.suspend(|| crate::cli::out::errln!("wythoff: {m}"));
            three_pile::cube::write(n, path, mode, &note, args.abort_after_checkpoints, &ctx)
                .map_err(naming("--cube"))?
        } else {
            three_pile::cube::summary(n, &ctx)?
        };
        pb.finish_and_clear();
        s
    };
    let (count, sum) = (s.count, s.sum);
    let mut out = Out::new();
    if args.json {
        out.json(&json::ThreeSummary {
            n: json::s(n),
            count: json::s(count),
            sum: json::s(sum),
        })?;
    } else if args.count {
        outln!(out, "{count}")?;
    } else if args.sum {
        outln!(out, "{sum}")?;
    } else {
        outln!(
            out,
            "{count} P-positions with x <= y <= z <= {n}; sum of x + y + z = {sum}"
        )?;
    }
    out.finish()
}
