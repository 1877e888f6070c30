//! `wythoff three`, `three-move`: three-pile Wythoff.

use super::args::*;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use wythoff::error::Result;
use wythoff::num::parse_u64;
use wythoff::output::AtomicFile;
use wythoff::pairs::emit::{self};
use wythoff::three_pile;

#[derive(Args)]
pub(crate) struct ThreeArgs {
    /// Bound N: positions with x <= y <= z <= N.
    pub(crate) n: String,
    /// Print only the number of P-positions.
    #[arg(long)]
    pub(crate) count: bool,
    /// Print only the sum of x + y + z over them.
    #[arg(long)]
    pub(crate) sum: bool,
    /// Print the positions, `x y z` per line, ordered by x + y + z, then x, then y.
    #[arg(long)]
    pub(crate) print: bool,
    /// Write the positions to FILE (atomically).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Write a b-file of OEIS A018219 (T(a, b) by antidiagonals, N antidiagonals) or A051261
    /// (T(n, n), n <= N) instead.
    #[arg(long, value_name = "ANUM", value_parser = ["A018219", "A051261"])]
    pub(crate) oeis: Option<String>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Machine-readable summary.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct ThreeMoveArgs {
    pub(crate) x: String,
    pub(crate) y: String,
    pub(crate) z: String,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn three(args: ThreeArgs) -> Result<()> {
    set_threads(args.threads)?;
    let n = parse_u64(&args.n, "N")?;
    if let Some(anum) = &args.oeis {
        let (terms, label) = if anum == "A018219" {
            (three_pile::a018219(n)?, "antidiagonals")
        } else {
            (three_pile::a051261(n)?, "terms")
        };
        let _ = label;
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
    let count = ps.len();
    let sum: u128 = ps.iter().map(|p| (p[0] + p[1] + p[2]) as u128).sum();
    if args.print || args.output.is_some() {
        let mut text = String::with_capacity(ps.len() * 16);
        for p in &ps {
            text.push_str(&format!("{} {} {}\n", p[0], p[1], p[2]));
        }
        return emit_text(&text, args.output.as_deref());
    }
    if args.json {
        println!("{{\"N\":\"{n}\",\"count\":\"{count}\",\"sum\":\"{sum}\"}}");
    } else if args.count {
        println!("{count}");
    } else if args.sum {
        println!("{sum}");
    } else {
        println!("{count} P-positions with x <= y <= z <= {n}; sum of x + y + z = {sum}");
    }
    Ok(())
}

pub(crate) fn emit_text(text: &str, output: Option<&Path>) -> Result<()> {
    match output {
        None => std::io::stdout()
            .lock()
            .write_all(text.as_bytes())
            .map_err(emit::write_error),
        Some(p) => {
            let mut f = AtomicFile::create(p)?;
            f.write_all(text.as_bytes())
                .map_err(|e| wythoff::output::io_error(p, e))?;
            f.commit()
        }
    }
}

pub(crate) fn three_move(args: ThreeMoveArgs) -> Result<()> {
    let p = [
        parse_u64(&args.x, "X")?,
        parse_u64(&args.y, "Y")?,
        parse_u64(&args.z, "Z")?,
    ];
    let b = three_pile::Box3::solve(p[0], p[1], p[2], &|_| {})?;
    let mv = b.winning_move(p);
    let outcome = if mv.is_some() { "N" } else { "P" };
    if args.json {
        let m = match mv {
            None => "null".to_string(),
            Some(q) => format!("[\"{}\",\"{}\",\"{}\"]", q[0], q[1], q[2]),
        };
        println!(
            "{{\"position\":[\"{}\",\"{}\",\"{}\"],\"outcome\":\"{outcome}\",\"move\":{m}}}",
            p[0], p[1], p[2]
        );
    } else {
        match mv {
            None => println!(
                "({}, {}, {}): P — the player to move loses",
                p[0], p[1], p[2]
            ),
            Some(q) => println!(
                "({}, {}, {}): N — winning move to ({}, {}, {})",
                p[0], p[1], p[2], q[0], q[1], q[2]
            ),
        }
    }
    Ok(())
}
