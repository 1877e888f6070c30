//! `wythoff grundy`, `rows`, `sum`: Sprague–Grundy tables, certified rows, disjunctive sums.

use super::args::*;
use super::json::*;
use clap::{Args, Subcommand};
use rug::Integer;
use std::io::Write;
use std::path::PathBuf;
use wythoff::error::{Error, Result};
use wythoff::num::{parse_natural, parse_u64};
use wythoff::pairs::Position;
use wythoff::pairs::emit::{self};
use wythoff::{Rules, pairs};

#[derive(Args)]
pub(crate) struct SumArgs {
    /// The components, each as X,Y.
    #[arg(required = true, num_args = 1.., value_name = "X,Y")]
    pub(crate) components: Vec<String>,
    /// Parameter a >= 1.
    #[arg(short = 'a', long = "a", default_value = "1")]
    pub(crate) a: String,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct RowsArgs {
    /// Number of rows X (rows 0..X-1).
    pub(crate) x: String,
    /// Give up after this many columns.
    #[arg(long, default_value = "1e8")]
    pub(crate) max_columns: String,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub(crate) struct GrundyArgs {
    #[command(subcommand)]
    pub(crate) sub: Option<GrundySub>,
    /// Side N: the table covers 0 <= x, y < N.
    #[arg(value_name = "N")]
    pub(crate) n: Option<String>,
    /// Parameter a >= 1 (a = 1 is Wythoff's game).
    #[arg(short = 'a', long = "a", default_value = "1")]
    pub(crate) a: String,
    /// Write the table file (atomically; with checkpoints for --resume).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Continue an interrupted `-o FILE` run from its last completed band.
    #[arg(long, requires = "output")]
    pub(crate) resume: bool,
    /// Print the N x N table: row x on line x, values separated by spaces.
    #[arg(long)]
    pub(crate) print: bool,
    /// Print the sum of all N^2 values and the XXH3-64 of the row-major u32 square.
    #[arg(long)]
    pub(crate) checksum: bool,
    /// Check a table file (or, without FILE, the computed table): lines of moves, bounds,
    /// 0-positions, payload checksum.
    #[arg(long, value_name = "FILE")]
    pub(crate) check: Option<Option<PathBuf>>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Machine-readable output for --checksum and --check.
    #[arg(long)]
    pub(crate) json: bool,
    /// Draw the table as a PNG picture (downsampled beyond 2048 pixels a side).
    #[arg(long, value_name = "FILE")]
    pub(crate) png: Option<PathBuf>,
    /// Draw the queen's-move board (N <= 128) with the safe cells (P-positions) marked.
    #[arg(long, value_name = "FILE")]
    pub(crate) board: Option<PathBuf>,
    /// Test hook: abort (like kill -9) once this many rows are checkpointed.
    #[arg(long, hide = true)]
    pub(crate) abort_after_rows: Option<usize>,
}

#[derive(Subcommand)]
pub(crate) enum GrundySub {
    /// G(X, Y) of Wythoff's game for a small row X and a column Y of any size, from certified
    /// row periods.
    At {
        /// Row (at most 4095; the smaller pile).
        x: String,
        /// Column (any size).
        y: String,
    },
    /// Draw a table file as a PNG picture.
    Png {
        /// The table file.
        file: PathBuf,
        /// The picture to write.
        out: PathBuf,
    },
    /// Read values from a table file: X and Y are numbers or ranges A..B (inclusive).
    Get {
        /// The table file.
        file: PathBuf,
        /// Row or range of rows.
        x: String,
        /// Column or range of columns.
        y: String,
    },
}

pub(crate) fn grundy(args: GrundyArgs) -> Result<()> {
    use wythoff::grundy::{self, Spec, Table, TableFile};
    if let Some(GrundySub::Get { file, x, y }) = &args.sub {
        let (x0, x1) = parse_span(x, "X")?;
        let (y0, y1) = parse_span(y, "Y")?;
        let t = TableFile::open(file)?;
        let n = t.header.n;
        if x1 >= n || y1 >= n {
            return Err(Error::usage(format!(
                "({x}, {y}) is outside the table: it covers 0 <= x, y < {n}"
            )));
        }
        let t = verified(t, file)?;
        let mut out = std::io::stdout().lock();
        for xx in x0..=x1 {
            let row: Vec<String> = (y0..=y1)
                .map(|yy| t.get(xx, yy).map_or_else(String::new, |g| g.to_string()))
                .collect();
            writeln!(out, "{}", row.join(" ")).map_err(emit::write_error)?;
        }
        return Ok(());
    }
    if let Some(GrundySub::At { x, y }) = &args.sub {
        let xi = parse_natural(x, "X")?;
        let yi = parse_natural(y, "Y")?;
        let g = grundy_at(&xi, &yi)?;
        println!("{g}");
        return Ok(());
    }
    if let Some(GrundySub::Png { file, out }) = &args.sub {
        let t = verified(TableFile::open(file)?, file)?;
        let n = t.header.n as usize;
        let layout = t.layout;
        return grundy::picture::table_png(out, n, 2048, &|x, y| {
            wythoff::grundy::store::read(t.payload(), layout, x, y)
        });
    }
    if let Some(Some(file)) = &args.check {
        let t = TableFile::open(file)?;
        let n = t.header.n as u128;
        let pb = progress_bar(if n >= 4096 { n * (n + 1) / 2 } else { 0 }, "check");
        let rep = grundy::check_with(
            t.payload(),
            t.layout,
            t.header.a,
            Some(t.header.checksum),
            &|k| pb.inc(k),
        )?;
        pb.finish_and_clear();
        return report_check(&rep, args.json);
    }
    let Some(n) = &args.n else {
        return Err(Error::usage(
            "give N (grundy N ...), grundy get FILE X Y, or grundy --check FILE",
        ));
    };
    let a = parse_u64(&args.a, "-a")?;
    let spec = Spec::new(a, parse_u64(n, "N")?)?;
    let threads = threads_or_default(args.threads)?;
    let cells = (spec.n as u128 * (spec.n as u128 + 1)) / 2;
    let pb = progress_bar(
        if spec.n >= 4096 {
            cells.max(50_000_000)
        } else {
            0
        },
        "grundy",
    );
    let tick = |k: u64| pb.inc(k);
    if let Some(path) = &args.output {
        if args.print || args.checksum || args.check.is_some() {
            return Err(Error::usage(
                "-o writes a file; read it back with grundy get / --check",
            ));
        }
        let note = |m: &str| pb.suspend(|| eprintln!("wythoff: {m}"));
        let t0 = std::time::Instant::now();
        let h = grundy::compute_to_file(
            spec,
            path,
            threads,
            args.resume,
            &tick,
            &note,
            args.abort_after_rows,
        )?;
        pb.finish_and_clear();
        eprintln!(
            "wythoff: wrote {} (a = {}, N = {}, {} bytes per value, {:.1} s)",
            path.display(),
            h.a,
            h.n,
            h.width,
            t0.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let t = Table::compute(spec, threads, &tick)?;
    pb.finish_and_clear();
    if args.png.is_some() || args.board.is_some() {
        if let Some(p) = &args.png {
            grundy::picture::table_png(p, spec.n, 2048, &|x, y| t.get(x, y))?;
        }
        if let Some(p) = &args.board {
            grundy::picture::board_png(p, spec.n, &|x, y| t.get(x, y) == 0)?;
        }
        return Ok(());
    }
    if args.check.is_some() {
        let rep = grundy::check(&t.data, t.layout, a)?;
        return report_check(&rep, args.json);
    }
    if args.checksum {
        let (sum, hash) = grundy::square_checksum(&t.data, t.layout);
        if args.json {
            println!(
                "{{\"a\":{a},\"N\":{},\"sum\":\"{sum}\",\"xxh3\":\"{hash:016x}\"}}",
                spec.n
            );
        } else {
            println!(
                "sum={sum} xxh3={hash:016x} (a = {a}, N = {}, row-major u32 square)",
                spec.n
            );
        }
        return Ok(());
    }
    if args.print {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        let mut line = String::new();
        for x in 0..spec.n {
            line.clear();
            for y in 0..spec.n {
                if y > 0 {
                    line.push(' ');
                }
                line.push_str(&t.get(x, y).to_string());
            }
            line.push('\n');
            out.write_all(line.as_bytes()).map_err(emit::write_error)?;
        }
        return out.flush().map_err(emit::write_error);
    }
    Err(Error::usage(
        "say what to do with the table: -o FILE, --print, --checksum or --check",
    ))
}

/// A table file whose payload matches its checksum; a damaged file is refused (status 1).
fn verified(
    t: wythoff::grundy::TableFile,
    file: &std::path::Path,
) -> Result<wythoff::grundy::TableFile> {
    if t.verify() {
        return Ok(t);
    }
    Err(Error::Io(format!(
        "{}; `wythoff grundy --check {}` locates the damage",
        wythoff::grundy::file::TableFileError::Damaged {
            path: file.to_owned()
        },
        file.display()
    )))
}

/// Prints a check report (text or JSON); a failed check is status 1.
pub(crate) fn report_check(rep: &wythoff::grundy::CheckReport, json: bool) -> Result<()> {
    if json {
        let s = serde_json::to_string(rep).map_err(|e| Error::internal(format!("json: {e}")))?;
        println!("{s}");
    } else {
        println!(
            "{}: a = {}, N = {}: {} stored cells (x <= y; the N^2 square by symmetry), max value {}",
            if rep.ok { "OK" } else { "FAIL" },
            rep.a,
            rep.n,
            rep.cells,
            rep.max
        );
        for c in &rep.checks {
            println!(
                "  {:<8} {:>14} cells  {}",
                c.status.to_string(),
                c.cells,
                c.title()
            );
            if let Some(r) = &c.reason {
                println!("           {r}");
            }
        }
    }
    if rep.ok {
        Ok(())
    } else {
        Err(Error::Disagreement(format!(
            "the table failed its checks: {}",
            rep.problems.join("; ")
        )))
    }
}

/// G(x, y) for a = 1 with min(x, y) within the certifiable rows.
pub(crate) fn grundy_at(x: &Integer, y: &Integer) -> Result<Integer> {
    use wythoff::grundy::rows;
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    const AT_ROWS: usize = 256; // rows 0..255 are certified in about 80 s here
    let row = lo.to_usize().filter(|&r| r < AT_ROWS).ok_or_else(|| {
        Error::usage(format!(
            "the smaller pile {} is beyond the rows certified on demand (< {AT_ROWS}); \
             `wythoff rows X` certifies more rows (it may take long)",
            pairs::abbreviate(lo)
        ))
    })?;
    let p = rows::periods(row + 1, 100_000_000, &|_| {})?;
    Ok(p.value(row, hi))
}

pub(crate) fn rows(args: RowsArgs) -> Result<()> {
    use wythoff::grundy::rows;
    let x = parse_u64(&args.x, "X")? as usize;
    let max = parse_u64(&args.max_columns, "--max-columns")?;
    let pb = progress_bar(0, "rows");
    let t0 = std::time::Instant::now();
    let p = rows::periods(x, max, &|c| pb.set_message(format!("column {c}")))?;
    pb.finish_and_clear();
    let (mu, lam) = p.joint;
    if args.json {
        println!("{}", p.to_json());
    } else {
        println!("row  preperiod  period   (G(x, y + p) = G(x, y) + p for y >= preperiod)");
        for (i, (y0, per)) in p.rows.iter().enumerate() {
            println!("{i:>3}  {y0:>9}  {per:>6}");
        }
        println!(
            "joint: preperiod {mu}, period {lam} — certified by a repeated engine state ({:.1} s)",
            t0.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

pub(crate) fn sum(args: SumArgs) -> Result<()> {
    let a = parse_u64(&args.a, "-a")?;
    Rules::new(a, false)?;
    let mut ps: Vec<Position> = Vec::new();
    for (i, c) in args.components.iter().enumerate() {
        let what = format!("component {}", i + 1);
        let (x, y) = c.split_once(',').ok_or_else(|| {
            Error::usage(format!(
                "{what}: '{c}' is not a position X,Y (for example 3,5)"
            ))
        })?;
        ps.push((parse_natural(x, &what)?, parse_natural(y, &what)?));
    }
    let r = wythoff::sums::analyse(a, &ps)?;
    let outcome = if r.nim_sum == 0 { "P" } else { "N" };
    if args.json {
        let comps: Vec<String> = ps
            .iter()
            .zip(&r.values)
            .map(|(p, g)| {
                format!(
                    "{{\"position\":{},\"grundy\":{}}}",
                    json_pair(p),
                    json_str(g)
                )
            })
            .collect();
        let mv = match &r.winning {
            None => "null".to_string(),
            Some((i, to)) => format!("{{\"component\":{i},\"to\":{}}}", json_pair(to)),
        };
        println!(
            "{{\"components\":[{}],\"nim_sum\":{},\"outcome\":\"{outcome}\",\"move\":{mv}}}",
            comps.join(","),
            json_str(&r.nim_sum)
        );
    } else {
        for (p, g) in ps.iter().zip(&r.values) {
            println!("({}, {}): G = {g}", p.0, p.1);
        }
        println!("nim-sum {}: {outcome}", r.nim_sum);
        if let Some((i, to)) = &r.winning {
            println!(
                "winning move: component {} ({}, {}) -> ({}, {})",
                i + 1,
                ps[*i].0,
                ps[*i].1,
                to.0,
                to.1
            );
        }
    }
    Ok(())
}
