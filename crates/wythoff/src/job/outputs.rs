//! The files of the default job, in order, as a declarative list: each [`Output`] names its file,
//! says what it holds, and makes it by one library call — the very call of the command that makes
//! that file on its own (`oeis`, `pairs -o`, `pairs --checksum`, `grundy N -o`, `grundy png`,
//! `rows --json`, `three --print`, `verify -o`).  Cost: the sum of those calls; the list itself
//! is built in time linear in the catalogue.

use super::Sizes;
use super::page::PageSequence;
use crate::error::{Error, Result};
use crate::files::AtomicFile;
use crate::pairs::bulk::{self, Plan};
use crate::pairs::emit::{self, Columns, FileFormat};
use crate::verify::report::Report;
use crate::verify::table::TableFacts;
use crate::{Context, Rules, grundy, oeis, three_pile, verify};
use std::cell::RefCell;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;

/// A value one output of the job leaves for later ones (the verification report for the page,
/// the table's facts for the plots).
pub(super) type Shared<T> = Rc<RefCell<Option<T>>>;

/// Streams an output's bytes into its opened file.
type StreamFn = Box<dyn Fn(&mut AtomicFile) -> Result<()>>;
/// Writes an output at a path (the library opens its own output there).
type PathFn = Box<dyn Fn(&Path) -> Result<()>>;

/// How an output's bytes are made.
pub(super) enum Make {
    /// Streamed into the opened output (which the job commits).
    Stream(FileFormat, StreamFn),
    /// Written by the library to the path (pairs files, table files, pictures, the report).
    Path(PathFn),
}

/// One file of the job.
pub(super) struct Output {
    /// The file's name in the folder.
    pub(super) file: String,
    /// What it holds, in words.
    pub(super) what: String,
    /// How it is made.
    pub(super) make: Make,
}

/// A text file streamed by `f`.
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

/// A file made at its path by `f`.
fn at_path(file: String, what: String, f: impl Fn(&Path) -> Result<()> + 'static) -> Output {
    Output {
        file,
        what,
        make: Make::Path(Box::new(f)),
    }
}

/// A pairs file of n = 0..=stop as `pairs -o` writes it.
fn pairs_file(file: &str, what: &str, a: u64, misere: bool, stop: u64, f: FileFormat) -> Output {
    at_path(file.into(), format!("{what}, n = 0..{stop}"), move |path| {
        let plan = Plan::new(Rules::new(a, misere)?, 0, stop)?;
        emit::write_file(&plan, f, emit::open_file(f, path)?, &Context::serial())
    })
}

/// The b-files of the catalogue, and the catalogue as the page lists it.
fn bfiles(s: &Sizes) -> (Vec<Output>, Vec<PageSequence>) {
    let mut v = Vec::new();
    let mut catalogue = Vec::new();
    for e in oeis::CATALOGUE {
        let terms = e
            .default_terms
            .saturating_mul(s.oeis_factor)
            .min(e.max_terms)
            .min(s.oeis_cap);
        let file = format!("b{}.txt", &e.anum[1..]);
        catalogue.push(PageSequence {
            anum: e.anum.into(),
            title: e.title.into(),
            offset: e.offset,
            terms,
            file: file.clone(),
        });
        v.push(text(
            file,
            format!("{} {} ({terms} terms)", e.anum, e.title),
            move |out| oeis::write_bfile(e, terms, out, &Context::all_cores()),
        ));
    }
    (v, catalogue)
}

/// The job: every output in order, each one library call; the verification leaves its report
/// in `report`.  Also the catalogue of b-files, for the page.
pub(super) fn outputs(
    s: Sizes,
    threads: usize,
    report: Shared<Report>,
) -> (Vec<Output>, Vec<PageSequence>) {
    let (mut v, catalogue) = bfiles(&s);
    v.extend(pairs_files(&s));
    v.push(checksums(s.word));
    let table = format!("grundy_a1_{}.bin", s.grundy);
    v.extend(table_files(s.grundy, &table, threads));
    v.push(row_periods(s.rows));
    v.push(three_piles(s.three));
    // The facts the verification measures on the table, for the plots after it.
    let facts: Shared<TableFacts> = Default::default();
    v.push(verification(&s, table, facts.clone(), report));
    v.extend(plots(&facts));
    (v, catalogue)
}

/// The pairs files (text for a = 1, 2 and their misère forms; binary; the packed word), as
/// `pairs -o` writes them.
fn pairs_files(s: &Sizes) -> [Output; 6] {
    use FileFormat::*;
    let p = Text(Columns::Pairs);
    [
        pairs_file(
            "pairs_a1.txt",
            "Wythoff P-pairs n A_n B_n",
            1,
            false,
            s.pairs,
            p,
        ),
        pairs_file("pairs_a2.txt", "a = 2 P-pairs", 2, false, s.pairs, p),
        pairs_file(
            "pairs_a1_misere.txt",
            "misère Wythoff P-pairs",
            1,
            true,
            s.misere,
            p,
        ),
        pairs_file(
            "pairs_a2_misere.txt",
            "misère a = 2 P-pairs",
            2,
            true,
            s.misere,
            p,
        ),
        pairs_file(
            "pairs_a1.bin",
            "Wythoff P-pairs, binary (header in doc/formats.md)",
            1,
            false,
            s.binary,
            Binary,
        ),
        pairs_file(
            "word_a1.bin",
            "characteristic word of floor(n*phi), packed bits",
            1,
            false,
            s.word,
            Word,
        ),
    ]
}

/// checksums.txt: the checksum of the Wythoff pairs n = 0..=stop, as `pairs --checksum` prints it.
fn checksums(stop: u64) -> Output {
    text(
        "checksums.txt".into(),
        "checksum of the Wythoff pairs (pairs --checksum)".into(),
        move |out| {
            let plan = Plan::new(Rules::wythoff(), 0, stop)?;
            let sum = bulk::checksum(&plan, &Context::serial())?;
            writeln!(out, "a = 1, n = 0..{stop}: {}", sum.line(plan.count()))
                .map_err(emit::write_error)
        },
    )
}

/// The Grundy table file `table` of side `gn` (as `grundy N -o` writes it), then its picture and
/// the 32 x 32 board drawn from it (as `grundy png`).
fn table_files(gn: u64, table: &str, threads: usize) -> [Output; 3] {
    let (t1, t2) = (table.to_string(), table.to_string());
    [
        at_path(
            table.to_string(),
            format!("Grundy table, a = 1, N = {gn} (table file format in doc/formats.md)"),
            move |path| {
                let spec = grundy::Spec::new(1, gn)?;
                // The job owns its folder: an interrupted table of an earlier job (not in use — a
                // running one holds its lock) is discarded and computed afresh.
                let mode = grundy::Partial::Restart;
                grundy::write_table(spec, path, mode, &|_| {}, None, &Context::new(threads))?;
                Ok(())
            },
        ),
        at_path(
            format!("grundy_a1_{gn}.png"),
            "picture of the table (0-positions white)".into(),
            move |path| {
                let t = grundy::TableFile::open(&path.with_file_name(&t1))?;
                let n = usize::try_from(t.header.n).map_err(|_| Error::internal("table side"))?;
                grundy::picture::table_png(path, n, 2048, &|x, y| {
                    t.get(x as u64, y as u64).unwrap_or(0)
                })
            },
        ),
        at_path(
            "board_32.png".into(),
            "queen's-move board with the safe cells marked".into(),
            move |path| {
                let t = grundy::TableFile::open(&path.with_file_name(&t2))?;
                let n = 32.min(usize::try_from(t.header.n).unwrap_or(32));
                grundy::picture::board_png(path, n, &|x, y| t.get(x as u64, y as u64) == Some(0))
            },
        ),
    ]
}

/// The certified preperiods and periods of rows 0..rows, as `rows --json` writes them.
fn row_periods(rows: u64) -> Output {
    text(
        format!("row_periods_{rows}.json"),
        format!(
            "certified preperiods and periods of rows 0..{}",
            rows.saturating_sub(1)
        ),
        move |out| {
            let rows = usize::try_from(rows).map_err(|_| Error::internal("rows"))?;
            let p = grundy::rows::periods(rows, 1 << 26, &Context::serial())?;
            writeln!(out, "{}", p.to_json()).map_err(emit::write_error)
        },
    )
}

/// The three-pile P-positions in the cube of side `tn`, as `three --print` writes them.
fn three_piles(tn: u64) -> Output {
    text(
        format!("three_pile_{tn}.txt"),
        format!("three-pile P-positions x <= y <= z <= {tn}"),
        move |out| three_pile::Box3::cube(tn, &Context::serial())?.write_positions(out),
    )
}

/// The plots drawn from the facts the verification measured on the table.
fn plots(facts: &Shared<TableFacts>) -> Vec<Output> {
    let mut v = Vec::new();
    for (i, (file, what)) in verify::plot::FILES
        .into_iter()
        .zip([
            "plot: d(g) against g with its least-squares line (doc/results.md)",
            "plot: distance of each row's 1-value from the nearer line",
        ])
        .enumerate()
    {
        let facts = facts.clone();
        v.push(at_path(
            file.into(),
            what.into(),
            move |path| match &*facts.borrow() {
                Some(f) => verify::plot::draw(f, i, path),
                None => Err(Error::internal("the table's facts were not measured")),
            },
        ));
    }
    v
}

/// verify.json: the verification of `s`, reading back the job's table file `table`, as
/// `verify -o` writes it; the facts measured on the table go to `facts`, the report to `report`.
fn verification(
    s: &Sizes,
    table: String,
    facts: Shared<TableFacts>,
    report: Shared<Report>,
) -> Output {
    let what = format!(
        "verification report (floor = mex = numeration for n < {}; the table {table} read back: \
         Nivasch's distances, the diagonal)",
        s.verify
    );
    let cfg = verify::Config::up_to(s.verify)
        .with_grundy(s.verify_grundy)
        .with_three(s.verify_three);
    at_path("verify.json".into(), what, move |path| {
        // the folder's path is UTF-8 text: checked before the job starts
        let table = path.with_file_name(&table);
        let table = table
            .to_str()
            .ok_or_else(|| Error::internal("the output folder's path is not UTF-8 text"))?;
        let cfg = cfg.clone().with_table(Some(table.to_string()));
        let t = std::time::Instant::now();
        let mut f = AtomicFile::create(path)?;
        let done = verify::run(
            &verify::Task::check(cfg),
            &crate::Context::serial(),
            &|_| {},
        )?;
        let (r, measured) = (done.report, done.facts);
        f.write_all(r.to_json(t.elapsed().as_secs_f64()).as_bytes())
            .map_err(emit::write_error)?;
        f.commit()?;
        *facts.borrow_mut() = measured;
        *report.borrow_mut() = Some(r);
        Ok(())
    })
}
