//! `wythoff generate`: the default job, as a declarative list of outputs.
//!
//! [`Sizes`] fixes how big each output is (the default job, `--scale S` times it, or the small
//! `--quick` preset the tests run end to end); [`outputs`] lists the files, each made by one library
//! call.  The output folder is checked before any work, each file is opened (its target checked)
//! before its own work, and every file appears under its final name only when whole.

use super::args::*;
use super::out::{Out, outln};
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use wythoff::artifact::AtomicFile;
use wythoff::artifact::report::Report;
use wythoff::error::{Error, Result};
use wythoff::page::{PageFile, PageSequence};
use wythoff::pairs::bulk::{self, Plan};
use wythoff::pairs::emit::{self, Columns, FileFormat};
use wythoff::{Rules, grundy, oeis, three_pile, verify};

#[derive(Args)]
pub(crate) struct GenerateArgs {
    /// Output directory.
    #[arg(long, default_value = "out")]
    pub(crate) out: PathBuf,
    /// Make everything bigger by this factor S >= 1 (pairs, terms, bounds; the Grundy table by
    /// the square root of S).
    #[arg(long, value_name = "S", default_value = "1", value_parser = parameter,
          allow_hyphen_values = true, conflicts_with = "quick")]
    pub(crate) scale: u64,
    /// A small preset of every output (a few seconds; what the tests run end to end).
    #[arg(long)]
    pub(crate) quick: bool,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
}

/// How big each output of the job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sizes {
    /// Terms of each b-file: the entry's default times this, capped by the entry's limit.
    pub(crate) oeis_factor: u64,
    /// Cap on the terms of each b-file.
    pub(crate) oeis_cap: u64,
    /// STOP of the text pairs files (normal play).
    pub(crate) pairs: u64,
    /// STOP of the misère text pairs files.
    pub(crate) misere: u64,
    /// STOP of the binary pairs file.
    pub(crate) binary: u64,
    /// STOP of the characteristic word and of the checksum.
    pub(crate) word: u64,
    /// Side of the Grundy table.
    pub(crate) grundy: u64,
    /// Rows whose periods are certified.
    pub(crate) rows: u64,
    /// Bound of the three-pile P-positions.
    pub(crate) three: u64,
    /// Verification bound (floor = mex = numeration for every n below it).
    pub(crate) verify: u64,
    /// Side of the Grundy table the verification checks.
    pub(crate) verify_grundy: u64,
    /// Bound of the three-pile check of the verification.
    pub(crate) verify_three: u64,
}

impl Sizes {
    /// The default job.
    pub(crate) const DEFAULT: Sizes = Sizes {
        oeis_factor: 1,
        oeis_cap: u64::MAX,
        pairs: 1_000_000,
        misere: 100_000,
        binary: 10_000_000,
        word: 1_000_000_000,
        grundy: 16384,
        rows: 128,
        three: 2000,
        verify: 30_000_000_000,
        verify_grundy: 2048,
        verify_three: 200,
    };

    /// The small preset (`--quick`).
    pub(crate) const QUICK: Sizes = Sizes {
        oeis_factor: 1,
        oeis_cap: 1000,
        pairs: 1000,
        misere: 1000,
        binary: 10_000,
        word: 100_000,
        grundy: 256,
        rows: 8,
        three: 100,
        verify: 1_000_000,
        verify_grundy: 64,
        verify_three: 30,
    };

    /// The sizes in words, for the report page.
    pub(crate) fn describe(&self) -> String {
        let cap = if self.oeis_cap == u64::MAX {
            String::new()
        } else {
            format!(" (at most {})", self.oeis_cap)
        };
        format!(
            "b-files: {}× each entry's default terms{cap}; pairs n ≤ {}, misère n ≤ {}, binary \
             n ≤ {}, word and checksum n ≤ {}; Grundy table N = {}; certified rows 0..{}; \
             three-pile ≤ {}; verification n < {}, Grundy N = {}, three-pile ≤ {}",
            self.oeis_factor,
            self.pairs,
            self.misere,
            self.binary,
            self.word,
            self.grundy,
            self.rows.saturating_sub(1),
            self.three,
            self.verify,
            self.verify_grundy,
            self.verify_three
        )
    }

    /// The default job times `scale` (the Grundy table by ⌊√scale⌋, the three-pile box at most
    /// doubled); every product is checked.
    pub(crate) fn scaled(scale: u64) -> Result<Sizes> {
        if scale == 0 {
            return Err(Error::usage("--scale: S must be at least 1"));
        }
        let d = Sizes::DEFAULT;
        let mul = |v: u64| {
            v.checked_mul(scale).ok_or_else(|| {
                Error::usage(format!(
                    "--scale: {scale} is too large: {v}·{scale} does not fit in 64 bits"
                ))
            })
        };
        Ok(Sizes {
            oeis_factor: scale,
            oeis_cap: u64::MAX,
            pairs: mul(d.pairs)?,
            misere: mul(d.misere)?,
            binary: mul(d.binary)?,
            word: mul(d.word)?,
            grundy: d.grundy.checked_mul(scale.isqrt()).ok_or_else(|| {
                Error::usage(format!(
                    "--scale: {scale} is too large for the Grundy table"
                ))
            })?,
            rows: d.rows,
            three: d.three * scale.min(2),
            verify: mul(d.verify)?,
            verify_grundy: d.verify_grundy,
            verify_three: d.verify_three,
        })
    }
}

/// Streams an output's bytes into its opened file.
type StreamFn = Box<dyn Fn(&mut AtomicFile) -> Result<()>>;
/// Writes an output at a path (the library opens its own output there).
type PathFn = Box<dyn Fn(&Path) -> Result<()>>;

/// How an output's bytes are made.
enum Make {
    /// Streamed into the opened output (which the job commits).
    Stream(FileFormat, StreamFn),
    /// Written by the library to the path (pairs files, table files and pictures).
    Path(PathFn),
}

/// One file of the job.
struct Output {
    file: String,
    what: String,
    make: Make,
}

fn text(file: String, what: String, f: impl Fn(&mut dyn Write) -> Result<()> + 'static) -> Output {
    Output {
        file,
        what,
        make: Make::Stream(
            FileFormat::Text(Columns::Pairs),
            Box::new(move |out| f(out)),
        ),
    }
}

fn pairs_file(file: &str, what: &str, a: u64, misere: bool, stop: u64, f: FileFormat) -> Output {
    Output {
        file: file.into(),
        what: format!("{what}, n = 0..{stop}"),
        make: Make::Path(Box::new(move |path| {
            let plan = Plan::new(Rules::new(a, misere)?, 0, stop)?;
            emit::write_file(&plan, f, emit::open_file(f, path)?, &|_| {})
        })),
    }
}

/// The job: every output in order, each one library call.
fn outputs(s: Sizes, threads: usize, report: Shared<Report>) -> (Vec<Output>, Vec<PageSequence>) {
    use FileFormat::*;
    let mut v = Vec::new();
    let mut catalogue = Vec::new();
    for e in oeis::CATALOGUE {
        let terms = e
            .default_terms
            .saturating_mul(s.oeis_factor)
            .min(e.max_terms)
            .min(s.oeis_cap);
        catalogue.push(PageSequence {
            anum: e.anum.into(),
            title: e.title.into(),
            offset: e.offset,
            terms,
            file: format!("b{}.txt", &e.anum[1..]),
        });
        v.push(text(
            format!("b{}.txt", &e.anum[1..]),
            format!("{} {} ({terms} terms)", e.anum, e.title),
            move |out| oeis::write_bfile(e, terms, out),
        ));
    }
    let p = Text(Columns::Pairs);
    v.push(pairs_file(
        "pairs_a1.txt",
        "Wythoff P-pairs n A_n B_n",
        1,
        false,
        s.pairs,
        p,
    ));
    v.push(pairs_file(
        "pairs_a2.txt",
        "a = 2 P-pairs",
        2,
        false,
        s.pairs,
        p,
    ));
    v.push(pairs_file(
        "pairs_a1_misere.txt",
        "misère Wythoff P-pairs",
        1,
        true,
        s.misere,
        p,
    ));
    v.push(pairs_file(
        "pairs_a2_misere.txt",
        "misère a = 2 P-pairs",
        2,
        true,
        s.misere,
        p,
    ));
    v.push(pairs_file(
        "pairs_a1.bin",
        "Wythoff P-pairs, binary (header in doc/formats.md)",
        1,
        false,
        s.binary,
        Binary,
    ));
    v.push(pairs_file(
        "word_a1.bin",
        "characteristic word of floor(n*phi), packed bits",
        1,
        false,
        s.word,
        Word,
    ));
    let stop = s.word;
    v.push(text(
        "checksums.txt".into(),
        "checksum of the Wythoff pairs (pairs --checksum)".into(),
        move |out| {
            let plan = Plan::new(Rules::wythoff(), 0, stop)?;
            let sum = bulk::checksum(&plan, &|_| {})?;
            writeln!(
                out,
                "a = 1, n = 0..{stop}: count={} sum_A={} sum_B={} sum_nA={} (sums mod 2^64)",
                plan.count(),
                sum.sum_a,
                sum.sum_b,
                sum.sum_na
            )
            .map_err(emit::write_error)
        },
    ));
    let gn = s.grundy;
    let table = format!("grundy_a1_{gn}.bin");
    v.push(Output {
        file: table.clone(),
        what: format!("Grundy table, a = 1, N = {gn} (table file format in doc/formats.md)"),
        make: Make::Path(Box::new(move |path| {
            let spec = grundy::Spec::new(1, gn)?;
            // The job owns its folder: an interrupted table of an earlier job (not in use — a
            // running one holds its lock) is discarded and computed afresh.
            let mode = grundy::Partial::Restart;
            grundy::write_table(spec, path, threads, mode, &|_| {}, &|_| {}, None)?;
            Ok(())
        })),
    });
    let table2 = table.clone();
    let table3 = table.clone();
    // The facts the verification measures on the table, for the plots after it.
    let facts: std::rc::Rc<std::cell::RefCell<Option<verify::table::TableFacts>>> =
        Default::default();
    let facts_in = facts.clone();
    v.push(Output {
        file: format!("grundy_a1_{gn}.png"),
        what: "picture of the table (0-positions white)".into(),
        make: Make::Path(Box::new(move |path| {
            let t = grundy::TableFile::open(&path.with_file_name(&table2))?;
            let n = usize::try_from(t.header.n).map_err(|_| Error::internal("table side"))?;
            grundy::picture::table_png(path, n, 2048, &|x, y| {
                t.get(x as u64, y as u64).unwrap_or(0)
            })
        })),
    });
    v.push(Output {
        file: "board_32.png".into(),
        what: "queen's-move board with the safe cells marked".into(),
        make: Make::Path(Box::new(move |path| {
            let t = grundy::TableFile::open(&path.with_file_name(&table))?;
            let n = 32.min(usize::try_from(t.header.n).unwrap_or(32));
            grundy::picture::board_png(path, n, &|x, y| t.get(x as u64, y as u64) == Some(0))
        })),
    });
    let rows = s.rows;
    v.push(text(
        format!("row_periods_{rows}.json"),
        format!("certified preperiods and periods of rows 0..{}", rows - 1),
        move |out| {
            let p = grundy::rows::periods(rows as usize, 1 << 26, &|_| {})?;
            writeln!(out, "{}", p.to_json()).map_err(emit::write_error)
        },
    ));
    let tn = s.three;
    v.push(text(
        format!("three_pile_{tn}.txt"),
        format!("three-pile P-positions x <= y <= z <= {tn}"),
        move |out| {
            let b = three_pile::Box3::cube(tn, &|_| {})?;
            let mut w = std::io::BufWriter::new(out);
            for q in b.sorted_positions() {
                writeln!(w, "{} {} {}", q[0], q[1], q[2]).map_err(emit::write_error)?;
            }
            w.flush().map_err(emit::write_error)
        },
    ));
    v.push(Output {
        file: "verify.json".into(),
        what: format!(
            "verification report (floor = mex = numeration for n < {}; the table {table3} read back: Nivasch's distances, the diagonal)",
            s.verify
        ),
        make: Make::Path(Box::new(move |path| {
            let facts_out = &facts_in;
            let table = path.with_file_name(&table3);
            let table = table.to_str().ok_or_else(|| {
                Error::usage(format!(
                    "--out: the path '{}' is not UTF-8 text",
                    table.display()
                ))
            })?;
            let cfg = verify::Config {
                a: 1,
                bound: s.verify,
                grundy: s.verify_grundy,
                three: s.verify_three,
                shard: (0, 1),
                inject_fault: None,
                inject_carry: None,
                inject_digit: None,
                table: Some(table.to_string()),
                window: None,
                conjectures: false,
            };
            let t = std::time::Instant::now();
            let mut f = AtomicFile::create(path)?;
            let (r, facts) = verify::run_with_facts(&cfg, &|_| {}, None)?;
            f.write_all(r.to_json(t.elapsed().as_secs_f64()).as_bytes())
                .map_err(emit::write_error)?;
            f.commit()?;
            *facts_out.borrow_mut() = facts;
            *report.borrow_mut() = Some(r);
            Ok(())
        })),
    });
    for (i, (file, what)) in verify::plot::FILES
        .into_iter()
        .zip([
            "plot: d(g) against g with its least-squares line (doc/results.md)",
            "plot: distance of each row's 1-value from the nearer line",
        ])
        .enumerate()
    {
        let facts = facts.clone();
        v.push(Output {
            file: file.into(),
            what: what.into(),
            make: Make::Path(Box::new(move |path| match &*facts.borrow() {
                Some(f) => verify::plot::draw(f, i, path),
                None => Err(Error::internal("the table's facts were not measured")),
            })),
        });
    }
    (v, catalogue)
}

/// A value one output of the job leaves for a later one (the verification report for the page).
type Shared<T> = std::rc::Rc<std::cell::RefCell<Option<T>>>;

pub(crate) fn generate(args: GenerateArgs) -> Result<()> {
    let threads = args.threads.install()?;
    let sizes = if args.quick {
        Sizes::QUICK
    } else {
        Sizes::scaled(args.scale)?
    };
    let out = &args.out;
    // The folder's file system must hold the files whose sizes are known, before anything is
    // computed or created (measured at the folder, or at its nearest existing ancestor).
    let known = known_bytes(&sizes)?;
    let place = out
        .ancestors()
        .find(|d| d.as_os_str().is_empty() || d.exists())
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    super::pairs::check_room(place, known, "--out", "--scale")?;
    std::fs::create_dir_all(out)
        .map_err(|e| Error::usage(format!("--out: cannot create '{}': {e}", out.display())))?;
    // The folder must take files before anything is computed.
    drop(
        AtomicFile::create_regular(&out.join(".wythoff-probe")).map_err(|e| {
            Error::usage(format!("--out: cannot write into '{}': {e}", out.display()))
        })?,
    );
    let t0 = std::time::Instant::now();
    let started = wythoff::page::utc_now();
    let report: Shared<Report> = Default::default();
    let (job, catalogue) = outputs(sizes, threads, report.clone());
    let mut written: Vec<(PathBuf, String)> = Vec::new();
    let mut files = Vec::new();
    for o in &job {
        let t = std::time::Instant::now();
        let path = out.join(&o.file);
        match &o.make {
            Make::Stream(format, f) => {
                let mut file = emit::open_file(*format, &path)?;
                f(&mut file)?;
                file.commit()?;
            }
            Make::Path(f) => f(&path)?,
        }
        files.push(PageFile {
            name: o.file.clone(),
            what: o.what.clone(),
            bytes: std::fs::metadata(&path).map_or(0, |m| m.len()),
            seconds: t.elapsed().as_secs_f64(),
        });
        // named once complete under its final name: an interrupted run lists only files that exist
        let _ = writeln!(
            std::io::stderr(),
            "wythoff generate: wrote {} ({:.0} s)",
            o.file,
            t0.elapsed().as_secs_f64()
        );
        written.push((path, o.what.clone()));
    }
    // the report page, last: it links every file above
    let report = report.borrow();
    let failed = report.as_ref().is_some_and(|r| r.failed());
    let index = out.join("index.html");
    let page = wythoff::page::render(&wythoff::page::Page {
        title: format!("wythoff generate: {}", out.display()),
        files,
        report: report.as_ref(),
        catalogue,
        figures: vec![
            ("started".into(), started),
            ("finished".into(), wythoff::page::utc_now()),
            (
                "time".into(),
                format!(
                    "{:.1} s for {} files",
                    t0.elapsed().as_secs_f64(),
                    job.len()
                ),
            ),
            ("machine".into(), wythoff::page::machine()),
            ("threads".into(), threads.to_string()),
            ("preset".into(), sizes.describe()),
            (
                "program".into(),
                format!("wythoff {}", env!("CARGO_PKG_VERSION")),
            ),
        ],
    });
    let mut f = AtomicFile::create(&index)?;
    f.write_all(page.as_bytes())
        .map_err(|e| Error::file(index.clone(), e))?;
    f.commit()?;
    written.push((
        index,
        "this run's report page (open it in a browser)".into(),
    ));
    let mut stdout = Out::new();
    outln!(
        stdout,
        "wythoff generate: wrote {} files into {} in {:.1} s:",
        written.len(),
        out.display(),
        t0.elapsed().as_secs_f64()
    )?;
    for (p, what) in &written {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        outln!(stdout, "  {name:<26} {:>9}  {what}", size_of(p))?;
    }
    stdout.finish()?;
    if failed {
        return Err(Error::Disagreement(
            "the verification report found a counterexample (see verify.json)".into(),
        ));
    }
    Ok(())
}

/// The bytes of the job's files whose sizes are known in advance: the binary pairs file, the
/// characteristic word and the Grundy table (the text files come on top).  A table side the
/// library does not take is refused here, naming --scale, before any work.
pub(crate) fn known_bytes(s: &Sizes) -> Result<u64> {
    let pairs = |stop: u64, f: FileFormat| -> Result<u64> {
        let plan = Plan::new(Rules::wythoff(), 0, stop)?;
        Ok(super::pairs::file_bytes(&plan, f).unwrap_or(0))
    };
    let spec = grundy::Spec::new(1, s.grundy).map_err(|e| {
        Error::usage(format!(
            "--scale: the Grundy table's side would be N = {}: {e}",
            s.grundy
        ))
    })?;
    let table = (grundy::HEADER_LEN as u64).saturating_add(spec.layout().bytes() as u64);
    Ok(pairs(s.binary, FileFormat::Binary)?
        .saturating_add(pairs(s.word, FileFormat::Word)?)
        .saturating_add(table))
}

fn size_of(p: &Path) -> String {
    let b = std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    match b {
        0..=9_999 => format!("{b} B"),
        10_000..=9_999_999 => format!("{} kB", b / 1000),
        _ => format!("{} MB", b / 1_000_000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_is_checked_not_wrapped() {
        assert_eq!(Sizes::scaled(1).unwrap(), Sizes::DEFAULT);
        assert_eq!(Sizes::scaled(0).unwrap_err().exit_code(), 2);
        assert_eq!(Sizes::scaled(u64::MAX / 2).unwrap_err().exit_code(), 2);
        let s = Sizes::scaled(4).unwrap();
        assert_eq!((s.pairs, s.grundy, s.three), (4_000_000, 32768, 4000));
    }
}
