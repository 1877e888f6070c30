//! `wythoff grundy`, `rows`, `sum`: Sprague–Grundy tables, certified rows, disjunctive sums.

use super::args::*;
use super::certificate::{certificate_error, read_certificate};
use super::json;
use super::out::{Out, outln, passed_or};
use clap::{ArgGroup, Args, Subcommand};
use rug::Integer;
use std::path::PathBuf;
use wythoff::Rules;
use wythoff::artifact::AtomicFile;
use wythoff::artifact::line_table::AnyTableFile;
use wythoff::error::{Error, Result};
use wythoff::grundy::{self, Spec, SpecError, Table, picture};
use wythoff::num::parse_natural;
use wythoff::pairs::Position;

#[derive(Args)]
pub(crate) struct SumArgs {
    /// The components, each as X,Y.
    #[arg(required = true, num_args = 1.., value_name = "X,Y")]
    pub(crate) components: Vec<String>,
    /// Parameter a >= 1 (with --certificate: the certificate's a, the default).
    #[arg(short = 'a', value_parser = parameter, allow_hyphen_values = true)]
    pub(crate) a: Option<u64>,
    /// Certified rows (`rows X -o CERT`): components whose smaller pile is one of its rows are
    /// answered from it at any column.
    #[arg(long, value_name = "CERT")]
    pub(crate) certificate: Option<PathBuf>,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

/// `grundy`: one job per run.  What each combination means (everything else is refused by the
/// declarations below, with status 2, before any work):
/// * `grundy N -o FILE [--resume | --restart]` writes the table file, nothing else;
/// * `grundy N` with one answer on stdout — `--print`, `--checksum` or `--check` — or with
///   pictures (`--png`, `--board`, together or alone), never both;
/// * `grundy --check FILE`, `grundy get …`, `grundy png …`, `grundy at …` read a file or a row;
///   they take no N, -a or --threads.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
#[command(group(ArgGroup::new("answer").args(["print", "checksum", "check"]).multiple(false)))]
#[command(group(ArgGroup::new("json_answer").args(["checksum", "check"]).multiple(false)))]
#[command(group(
    ArgGroup::new("job")
        .args(["output", "print", "checksum", "check", "png", "board"])
        .multiple(true)
))]
pub(crate) struct GrundyArgs {
    #[command(subcommand)]
    pub(crate) sub: Option<GrundySub>,
    /// Side N: the table covers 0 <= x, y < N.
    #[arg(value_name = "N", requires = "job", value_parser = size, allow_hyphen_values = true)]
    pub(crate) n: Option<u64>,
    /// Parameter a >= 1 (a = 1 is Wythoff's game; default 1).
    #[arg(short = 'a', value_name = "A", value_parser = parameter,
          allow_hyphen_values = true)]
    pub(crate) a: Option<u64>,
    /// Write the table file (atomically; checkpointed for --resume, any a).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        conflicts_with_all = ["answer", "png", "board"]
    )]
    pub(crate) output: Option<PathBuf>,
    // (clap does not enforce `requires = "output"` when another given flag conflicts with -o, so
    // the flags that need -o also conflict with everything -o conflicts with.)
    /// Continue an interrupted `-o FILE` run from its last checkpoint.
    #[arg(
        long,
        requires = "output",
        conflicts_with_all = ["restart", "answer", "png", "board"]
    )]
    pub(crate) resume: bool,
    /// Discard the partial file of an interrupted `-o FILE` run and start afresh.
    #[arg(long, requires = "output", conflicts_with_all = ["answer", "png", "board"])]
    pub(crate) restart: bool,
    /// Print the N x N table: row x on line x, values separated by spaces.
    #[arg(long)]
    pub(crate) print: bool,
    /// Print the sum of all N^2 values and the XXH3-64 of the row-major u32 square.
    #[arg(long)]
    pub(crate) checksum: bool,
    /// Prove a table file (or, without FILE, the table computed for N): every cell is the mex
    /// of its options; also the file's checksum and the 0-positions.
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub(crate) check: Option<Option<PathBuf>>,
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, value_name = "T", value_parser = threads, allow_hyphen_values = true)]
    pub(crate) threads: Option<usize>,
    /// Machine-readable output of --checksum or --check.
    #[arg(long, requires = "json_answer")]
    pub(crate) json: bool,
    /// Draw the table as a PNG picture (downsampled beyond 2048 pixels a side).
    #[arg(long, value_name = "FILE", conflicts_with = "answer")]
    pub(crate) png: Option<PathBuf>,
    /// Draw the queen's-move board of the corner 0 <= x, y < min(N, 128) with the safe cells
    /// (P-positions) marked; alone, it computes only that corner.
    #[arg(long, value_name = "FILE", conflicts_with = "answer")]
    pub(crate) board: Option<PathBuf>,
    /// A two-pile line game instead of Wythoff's: rules P,Q:P,Q:… (a move takes i·(P, Q);
    /// doc/lines.md).  The table is computed in memory: -o writes it whole at the end.
    #[arg(long, value_name = "RULES",
          conflicts_with_all = ["a", "game", "resume", "restart", "abort_after_rows"])]
    pub(crate) rules: Option<String>,
    /// A named line game: nim, wythoff, nimhof-a307296 … nimhof-a307302, gdwn-P-Q
    /// (Larsson's (P,Q)-GDWN, 0 < P < Q <= 64; doc/lines.md).
    #[arg(long, value_name = "NAME",
          conflicts_with_all = ["a", "resume", "restart", "abort_after_rows"])]
    pub(crate) game: Option<String>,
    /// Test hook: abort (like kill -9) once this many rows are checkpointed.
    #[arg(
        long,
        hide = true,
        requires = "output",
        conflicts_with_all = ["answer", "png", "board"]
    )]
    pub(crate) abort_after_rows: Option<usize>,
}

impl GrundyArgs {
    /// The rules clap cannot declare because they depend on a value, refused like clap's own
    /// conflicts: `--check FILE` (with a file) proves the table the file holds, whose header gives
    /// its side, a or rules, so it takes no N, -a, --threads, --rules or --game (`grundy N
    /// --check`, without a file, takes them all); `--png` and `--board` name two files.
    pub(crate) fn check(&self) -> std::result::Result<(), String> {
        if let Some(Some(_)) = &self.check {
            if self.n.is_some() {
                return Err(
                    "N and --check FILE: check the table computed for N (grundy N \
                            --check) or a file (grundy --check FILE), not both"
                        .into(),
                );
            }
            let header =
                "a line-game table file's header gives its rules, and the proof uses those";
            for (given, flag, why) in [
                (self.a.is_some(), "-a", "the table file's header gives a"),
                (
                    self.threads.is_some(),
                    "--threads",
                    "the check runs on one thread",
                ),
                (self.rules.is_some(), "--rules", header),
                (self.game.is_some(), "--game", header),
            ] {
                if given {
                    return Err(format!("{flag} is not accepted with --check FILE: {why}"));
                }
            }
        }
        if let (Some(p), Some(b)) = (&self.png, &self.board)
            && p == b
        {
            return Err("--png and --board name the same file".into());
        }
        Ok(())
    }

    /// Whether the board is the only output of `grundy N`: no table file, picture of the
    /// whole table, printout, checksum or check.
    pub(crate) fn board_only(&self) -> bool {
        self.board.is_some()
            && self.output.is_none()
            && self.png.is_none()
            && !self.print
            && !self.checksum
            && self.check.is_none()
    }

    /// The side of the table `grundy N` computes: N, or min(N, [`picture::BOARD_MAX`]) when the
    /// board is the only output.  The corner is all the board shows, and a table of that side
    /// holds the same values there: every option of (x, y) lowers a coordinate and raises none
    /// (Wythoff's game and every line game), so G(x, y) depends only on cells of the corner.
    pub(crate) fn computed_side(&self, n: u64) -> u64 {
        if self.board_only() {
            n.min(picture::BOARD_MAX as u64)
        } else {
            n
        }
    }
}

#[derive(Subcommand)]
pub(crate) enum GrundySub {
    /// G(X, Y) of Wythoff's game: for a small row X and a column Y of any size from certified
    /// row periods; beyond them from the g-values (value 0 at any size, values up to 255 for
    /// rows up to 2^22, value 1 beyond by the 1-value automaton, labelled), else the bounds.
    At {
        /// Row (the smaller pile; rows below 256 are certified on demand).
        #[arg(value_parser = pile, allow_hyphen_values = true)]
        x: Integer,
        /// Column (any size).
        #[arg(value_parser = pile, allow_hyphen_values = true)]
        y: Integer,
        /// Certified rows (`rows X -o CERT`): answer from it at once, for its parameter a (below
        /// a preperiod it does not store: from a table, both piles below 8192).
        #[arg(long, value_name = "CERT")]
        certificate: Option<PathBuf>,
    },
    /// Draw a table file as a PNG picture (the file's checksum is verified first).
    Png {
        /// The table file.
        file: PathBuf,
        /// The picture to write.
        out: PathBuf,
    },
    /// Read values from a table file: X and Y are numbers or ranges A..B (inclusive); the
    /// file's checksum is verified first.
    Get {
        /// The table file.
        file: PathBuf,
        /// Row or range of rows.
        #[arg(value_parser = coord, allow_hyphen_values = true)]
        x: Coord,
        /// Column or range of columns.
        #[arg(value_parser = coord, allow_hyphen_values = true)]
        y: Coord,
    },
}

pub(crate) fn grundy(args: GrundyArgs) -> Result<()> {
    match &args.sub {
        Some(GrundySub::Get { file, x, y }) => return grundy_get(file, *x, *y),
        Some(GrundySub::Png { file, out }) => return grundy_png(file, out),
        Some(GrundySub::At { x, y, certificate }) => {
            let g = match certificate {
                Some(c) => at_from_certificate(x, y, c)?,
                None => match grundy_at(x, y) {
                    Err(Error::Usage(_)) if x.min(y) >= &rows_on_demand() => {
                        return super::gvalue::grundy_far(x, y);
                    }
                    r => r?,
                },
            };
            let mut out = Out::new();
            outln!(out, "{g}")?;
            return out.finish();
        }
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
    if let Some(rules) = super::lines::rules_of(&args)? {
        return super::lines::line_table(&args, &rules, *n);
    }
    let (a, n) = (args.a.unwrap_or(1), *n);
    let spec = Spec::new(a, n).map_err(|e| match e {
        SpecError::ZeroA => Error::usage(format!("-a: {e}")),
        SpecError::Side(_) => Error::usage(format!("N: {e}")),
    })?;
    let threads = thread_pool(args.threads)?;
    // the table of side n, or only the corner the board shows when it is the only output
    let full = spec;
    let spec = Spec::new(a, args.computed_side(n)).map_err(|e| Error::usage(format!("N: {e}")))?;
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
        return write_table(&args, full, path, threads, &pb);
    }
    // Every output is opened before any work: a path that cannot be written is refused now.
    let pictures = Pictures::open(&args)?;
    let t = Table::compute(spec, threads, &tick)?;
    pb.finish_and_clear();
    pictures.draw(full.n, &|x, y| t.get(x, y))?;
    if args.check.is_some() {
        let rep = grundy::check(&t.data, t.layout, a)?;
        return report_check(&rep, args.json);
    }
    if args.checksum {
        let r = grundy::checksum::ChecksumReport::of(&t.data, t.layout, a);
        if args.json {
            print_json(&r)?;
        } else {
            let mut out = Out::new();
            outln!(
                out,
                "sum={} xxh3={} (a = {a}, N = {}, row-major u32 square)",
                r.sum,
                r.xxh3,
                spec.n
            )?;
            return out.finish();
        }
        return Ok(());
    }
    if args.print {
        return print_square(spec.n, &|x, y| t.get(x, y));
    }
    Ok(())
}

/// The `--png` and `--board` outputs of `grundy N`, opened before the work.
pub(crate) struct Pictures {
    png: Option<AtomicFile>,
    board: Option<AtomicFile>,
}

impl Pictures {
    /// Opens the outputs `--png` and `--board` name (refusing a path that cannot be written).
    pub(crate) fn open(args: &GrundyArgs) -> Result<Pictures> {
        // one name for both is refused by `GrundyArgs::check`
        let open = |p: &Option<PathBuf>, flag| {
            p.as_deref()
                .map(AtomicFile::create)
                .transpose()
                .map_err(naming(flag))
        };
        Ok(Pictures {
            png: open(&args.png, "--png")?,
            board: open(&args.board, "--board")?,
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

/// `grundy N -o FILE`.
fn write_table(
    args: &GrundyArgs,
    spec: Spec,
    path: &std::path::Path,
    threads: usize,
    pb: &indicatif::ProgressBar,
) -> Result<()> {
    use wythoff::grundy::{Partial, WriteError};
    let note = |m: &str| pb.suspend(|| eprintln!("wythoff: {m}"));
    let t0 = std::time::Instant::now();
    let mode = Partial::from_flags(args.resume, args.restart);
    let h = grundy::write_table(
        spec,
        path,
        threads,
        mode,
        &|k| pb.inc(k),
        &note,
        args.abort_after_rows,
    )
    .map_err(|e| match e {
        WriteError::Resume(r) => naming(if args.resume { "--resume" } else { "-o" })(r.into()),
        WriteError::Output(e) => naming("-o")(e),
        WriteError::Other(e) => e,
    })?;
    pb.finish_and_clear();
    eprintln!(
        "wythoff: wrote {} (a = {}, N = {}, {} bytes per value, {:.1} s)",
        path.display(),
        h.a,
        h.n,
        h.width,
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `grundy get FILE X Y`.
fn grundy_get(file: &std::path::Path, x: Coord, y: Coord) -> Result<()> {
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
fn grundy_png(file: &std::path::Path, out: &std::path::Path) -> Result<()> {
    wythoff::artifact::atomic::refuse_overwriting_input(out, "OUT", file, "FILE")?;
    let t = AnyTableFile::open(file)?;
    let mut f = AtomicFile::create(out).map_err(naming("OUT"))?;
    let t = verified(t, file)?;
    picture::draw_table(&mut f, t.n() as usize, 2048, &|x, y| {
        t.get(x as u64, y as u64).unwrap_or(0)
    })?;
    f.commit()
}

/// `grundy --check FILE`.
fn check_file(file: &std::path::Path, json: bool) -> Result<()> {
    let t = match AnyTableFile::open(file)? {
        AnyTableFile::Wythoff(t) => t,
        AnyTableFile::Lines(t) => return super::lines::check_line_file(&t, json),
    };
    let n = t.header.n as u128;
    let pb = progress_bar(if n >= 4096 { n * (n + 1) / 2 } else { 0 }, "check");
    let rep = grundy::check_with(
        t.payload(),
        t.layout(),
        t.header.a,
        Some(t.verify()),
        &|k| pb.inc(k),
    )?;
    pb.finish_and_clear();
    report_check(&rep, json)
}

fn print_json<T: serde::Serialize>(v: &T) -> Result<()> {
    let s = serde_json::to_string(v).map_err(|e| Error::internal(format!("json: {e}")))?;
    let mut out = Out::new();
    outln!(out, "{s}")?;
    out.finish()
}

/// A table file whose payload matches its checksum; a damaged file is refused (status 1).
fn verified(t: AnyTableFile, file: &std::path::Path) -> Result<AnyTableFile> {
    match &t {
        AnyTableFile::Wythoff(w) => w.check_all().map_err(|e| damaged(e, file))?,
        AnyTableFile::Lines(l) => l.check_all().map_err(|e| damaged(e, file))?,
    }
    Ok(t)
}

/// A damaged table file (status 1), with where to look further.
fn damaged(e: impl std::fmt::Display, file: &std::path::Path) -> Error {
    Error::Io(format!(
        "{e}; `wythoff grundy --check {}` locates the damage",
        file.display()
    ))
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

/// G(x, y) for a = 1 from the rows certified on demand, with the way out named.
pub(crate) fn grundy_at(x: &Integer, y: &Integer) -> Result<Integer> {
    use wythoff::grundy::rows::{self, RowsError};
    announce_sweep(x.min(y));
    rows::value_at(x, y).map_err(|e| match e {
        RowsError::BeyondOnDemand { .. } => Error::usage(format!(
            "{e}; `wythoff rows X` certifies more rows (it may take long)"
        )),
        other => other.into(),
    })
}

/// Says on stderr, before the work, that rows 0..row are certified first, when that is not
/// instant (rows 0..63 take well under a second).
fn announce_sweep(row: &Integer) {
    if let Some(r) = row
        .to_u64()
        .filter(|&r| (64..rows_on_demand()).contains(&r))
    {
        eprintln!(
            "wythoff: certifying rows 0..{r} first (rows 0..127 take about 3 s, rows 0..255 \
             about a minute on a 2-core machine); `wythoff rows {} -o CERT` once, then \
             --certificate CERT, answers at once",
            r + 1
        );
    }
}

fn rows_on_demand() -> u64 {
    wythoff::grundy::rows::ON_DEMAND_ROWS
}

/// `grundy at X Y --certificate CERT`: from the certificate, or, below a preperiod whose values
/// it does not store, from a table when both piles are below the table limit of `sum`.
fn at_from_certificate(x: &Integer, y: &Integer, path: &std::path::Path) -> Result<Integer> {
    use wythoff::sums::{TABLE_LIMIT, certificate_value};
    let c = read_certificate(path)?;
    certificate_value(&c, x, y, TABLE_LIMIT, wythoff::cancel::Cancel::never())?
        .map_err(|e| certificate_error(e, path))
}

pub(crate) fn sum(args: SumArgs) -> Result<()> {
    let cert = args
        .certificate
        .as_deref()
        .map(read_certificate)
        .transpose()?;
    let a = match (&cert, args.a) {
        (Some(c), Some(a)) if a != c.a => {
            return Err(Error::usage(format!(
                "-a {a}: the certificate '{}' holds rows for a = {}",
                args.certificate.clone().unwrap_or_default().display(),
                c.a
            )));
        }
        (Some(c), _) => c.a,
        (None, a) => a.unwrap_or(1),
    };
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
    if cert.is_none() && a == 1 {
        let far = ps
            .iter()
            .filter(|(x, y)| x.max(y) >= &wythoff::sums::TABLE_LIMIT);
        if let Some(lo) = far.map(|(x, y)| x.min(y)).max() {
            announce_sweep(lo);
        }
    }
    let r = match cert {
        Some(c) => wythoff::sums::analyse_with(c, &ps),
        None => wythoff::sums::analyse(a, &ps),
    }?;
    let outcome = if r.nim_sum == 0 { "P" } else { "N" };
    let mut out = Out::new();
    if args.json {
        out.json(&json::Sum {
            a: a.to_string(),
            components: (ps.iter().zip(&r.values))
                .map(|(p, g)| json::SumComponent {
                    position: json::pair(p),
                    grundy: g.to_string(),
                })
                .collect(),
            nim_sum: r.nim_sum.to_string(),
            outcome,
            mv: r.winning.as_ref().map(|(i, to)| json::SumMove {
                component: *i + 1,
                to: json::pair(to),
            }),
        })?;
    } else {
        for (p, g) in ps.iter().zip(&r.values) {
            outln!(out, "({}, {}): G = {g}", p.0, p.1)?;
        }
        outln!(out, "nim-sum {}: {outcome}", r.nim_sum)?;
        if let Some((i, to)) = &r.winning {
            outln!(
                out,
                "winning move: component {} ({}, {}) -> ({}, {})",
                i + 1,
                ps[*i].0,
                ps[*i].1,
                to.0,
                to.1
            )?;
        }
    }
    out.finish()
}
