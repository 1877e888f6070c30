//! `wythoff three`, `three-move`: three-pile Wythoff.

use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::{Path, PathBuf};
use wythoff::artifact::AtomicFile;
use wythoff::error::Result;
use wythoff::three_pile;

/// The OEIS sequences `three --oeis` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ThreeOeis {
    /// T(a, b) by antidiagonals, N antidiagonals.
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
    /// Write a b-file of OEIS A018219 (T(a, b) by antidiagonals, N antidiagonals) or A051261
    /// (T(n, n), n <= N) instead.
    #[arg(long, value_name = "ANUM", value_enum)]
    pub(crate) oeis: Option<ThreeOeis>,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
    /// The summary (N, count, sum) as one JSON object.
    #[arg(long, conflicts_with_all = ["output", "oeis"])]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct ThreeMoveArgs {
    /// First pile.
    #[arg(value_parser = pile_u64, allow_hyphen_values = true)]
    pub(crate) x: u64,
    /// Second pile.
    #[arg(value_parser = pile_u64, allow_hyphen_values = true)]
    pub(crate) y: u64,
    /// Third pile.
    #[arg(value_parser = pile_u64, allow_hyphen_values = true)]
    pub(crate) z: u64,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn three(args: ThreeArgs) -> Result<()> {
    args.threads.install()?;
    let n = args.n;
    if let Some(anum) = args.oeis {
        let terms = match anum {
            ThreeOeis::A018219 => three_pile::a018219(n)?,
            ThreeOeis::A051261 => three_pile::a051261(n)?,
        };
        let mut text = String::new();
        for (i, t) in terms.iter().enumerate() {
            text.push_str(&format!("{i} {t}\n"));
        }
        return emit_text(&text, args.output.as_deref());
    }
    let lines = (n as u128 + 1) * (n as u128 + 1);
    let pb = progress_bar(lines * 100, "three-pile lines");
    let b = three_pile::Box3::cube(n, &|k| pb.inc(k * 100))?;
    pb.finish_and_clear();
    let ps = b.sorted_positions();
    if args.print || args.output.is_some() {
        let mut text = String::with_capacity(ps.len() * 16);
        for p in &ps {
            text.push_str(&format!("{} {} {}\n", p[0], p[1], p[2]));
        }
        return emit_text(&text, args.output.as_deref());
    }
    let count = ps.len();
    let sum: u128 = ps
        .iter()
        .map(|p| p[0] as u128 + p[1] as u128 + p[2] as u128)
        .sum();
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

/// Writes `text` to stdout, or atomically to `output`.
pub(crate) fn emit_text(text: &str, output: Option<&Path>) -> Result<()> {
    match output {
        None => {
            let mut out = Out::new();
            out.text(text)?;
            out.finish()
        }
        Some(p) => {
            let mut f = AtomicFile::create(p).map_err(naming("-o"))?;
            f.write_all(text.as_bytes())
                .map_err(|e| wythoff::artifact::io_error(p, e))?;
            f.commit()
        }
    }
}

pub(crate) fn three_move(args: ThreeMoveArgs) -> Result<()> {
    let p = [args.x, args.y, args.z];
    let b = three_pile::Box3::solve(p[0], p[1], p[2], &|_| {})?;
    let mv = b.winning_move(p);
    let outcome = if mv.is_some() { "N" } else { "P" };
    let mut out = Out::new();
    if args.json {
        out.json(&json::ThreeMove {
            position: p.map(json::s),
            outcome: outcome.into(),
            to: mv.map(|q| q.map(json::s)),
        })?;
    } else {
        match mv {
            None => outln!(
                out,
                "({}, {}, {}): P — the player to move loses",
                p[0],
                p[1],
                p[2]
            )?,
            Some(q) => outln!(
                out,
                "({}, {}, {}): N — winning move to ({}, {}, {})",
                p[0],
                p[1],
                p[2],
                q[0],
                q[1],
                q[2]
            )?,
        }
    }
    out.finish()
}
