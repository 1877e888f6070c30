//! `wythoff generate`: the default job.

use super::args::*;
use super::pairs::*;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use wythoff::error::{Error, Result};
use wythoff::num::parse_u64;
use wythoff::output::AtomicFile;
use wythoff::pairs::bulk::{self, Plan};
use wythoff::pairs::emit::Columns;
use wythoff::{Rules, three_pile};

#[derive(Args)]
pub(crate) struct GenerateArgs {
    /// Output directory.
    #[arg(long, default_value = "out")]
    pub(crate) out: PathBuf,
    /// Make everything bigger by this factor (pairs, terms, bounds; the Grundy table by its
    /// square root).
    #[arg(long, default_value = "1")]
    pub(crate) scale: String,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
}

pub(crate) fn generate(args: GenerateArgs) -> Result<()> {
    set_threads(args.threads)?;
    let threads = threads_or_default(args.threads)?;
    let scale = parse_u64(&args.scale, "--scale")?.max(1);
    let out = &args.out;
    std::fs::create_dir_all(out)
        .map_err(|e| Error::usage(format!("--out: cannot create '{}': {e}", out.display())))?;
    let t0 = std::time::Instant::now();
    let mut written: Vec<(PathBuf, String)> = Vec::new();
    let step = |what: &str| {
        eprintln!(
            "wythoff generate: {what} ({:.0} s)",
            t0.elapsed().as_secs_f64()
        )
    };

    // 1. the OEIS catalogue as b-files
    step("OEIS b-files");
    for e in wythoff::oeis::CATALOGUE {
        let terms = (e.default_terms * scale).min(e.max_terms);
        let path = out.join(format!("b{}.txt", &e.anum[1..]));
        let mut f = AtomicFile::create(&path)?;
        wythoff::oeis::write_bfile(e, terms, &mut f)?;
        f.commit()?;
        written.push((path, format!("{} {} ({terms} terms)", e.anum, e.title)));
    }

    // 2. P-positions in bulk
    step("P-positions");
    use Format::*;
    let s = scale;
    // (file, what, a, misère, START, STOP, format); text files carry all three columns
    #[rustfmt::skip]
    let jobs: [(&str, &str, u64, bool, u64, u64, Format); 6] = [
        ("pairs_a1.txt", "Wythoff P-pairs n A_n B_n", 1, false, 0, 1_000_000 * s, Text),
        ("pairs_a2.txt", "a = 2 P-pairs", 2, false, 0, 1_000_000 * s, Text),
        ("pairs_a1_misere.txt", "misère Wythoff P-pairs", 1, true, 0, 100_000 * s, Text),
        ("pairs_a2_misere.txt", "misère a = 2 P-pairs", 2, true, 0, 100_000 * s, Text),
        ("pairs_a1.bin", "Wythoff P-pairs, binary u64 (header in README)", 1, false, 0, 10_000_000 * s, Binary),
        ("word_a1.bin", "characteristic word of floor(n*phi), packed bits", 1, false, 0, 1_000_000_000 * s, Word),
    ];
    for &(file, what, a, misere, start, stop, format) in &jobs {
        let plan = Plan::new(Rules::new(a, misere)?, start, stop)?;
        let path = out.join(file);
        write_plan(&plan, format, Columns::Pairs, &path, &|_| {})?;
        written.push((path, format!("{what}, n = {start}..{stop}")));
    }
    let plan = Plan::new(Rules::wythoff(), 0, 1_000_000_000 * s)?;
    let sum = bulk::checksum(&plan, &|_| {})?;
    let path = out.join("checksums.txt");
    let mut f = AtomicFile::create(&path)?;
    writeln!(
        f,
        "a = 1, n = 0..{}: count={} sum_A={} sum_B={} sum_nA={} (sums mod 2^64)",
        plan.stop(),
        plan.count(),
        sum.sum_a,
        sum.sum_b,
        sum.sum_na
    )
    .map_err(|e| wythoff::output::io_error(&path, e))?;
    f.commit()?;
    written.push((
        path,
        "checksum of the Wythoff pairs (pairs --checksum)".into(),
    ));

    // 3. a Grundy table with its pictures, and certified row periods
    step("Grundy table");
    let gn = 16384 * scale.isqrt().max(1);
    let spec = wythoff::grundy::Spec::new(1, gn)?;
    let path = out.join(format!("grundy_a1_{gn}.bin"));
    wythoff::grundy::compute_to_file(spec, &path, threads, false, &|_| {}, &|_| {}, None)?;
    written.push((
        path.clone(),
        format!("Grundy table, a = 1, N = {gn} (table file format in README)"),
    ));
    let t = wythoff::grundy::TableFile::open(&path)?;
    let png = out.join(format!("grundy_a1_{gn}.png"));
    wythoff::grundy::picture::table_png(&png, gn as usize, 2048, &|x, y| {
        t.get(x as u64, y as u64).unwrap()
    })?;
    written.push((png, "picture of the table (0-positions white)".into()));
    let board = out.join("board_32.png");
    wythoff::grundy::picture::board_png(&board, 32, &|x, y| t.get(x as u64, y as u64) == Some(0))?;
    written.push((
        board,
        "queen's-move board with the safe cells marked".into(),
    ));
    let rows_n = 128usize;
    let p = wythoff::grundy::rows::periods(rows_n, 1 << 26, &|_| {})?;
    let path = out.join(format!("row_periods_{rows_n}.json"));
    let mut f = AtomicFile::create(&path)?;
    writeln!(f, "{}", p.to_json()).map_err(|e| wythoff::output::io_error(&path, e))?;
    f.commit()?;
    written.push((
        path,
        format!("certified preperiods and periods of rows 0..{}", rows_n - 1),
    ));

    // 4. three-pile tables
    step("three-pile");
    let tn = 2000 * scale.min(2);
    let b = three_pile::Box3::cube(tn, &|_| {})?;
    let path = out.join(format!("three_pile_{tn}.txt"));
    let mut text = String::new();
    for q in b.sorted_positions() {
        text.push_str(&format!("{} {} {}\n", q[0], q[1], q[2]));
    }
    let mut f = AtomicFile::create(&path)?;
    f.write_all(text.as_bytes())
        .map_err(|e| wythoff::output::io_error(&path, e))?;
    f.commit()?;
    written.push((path, format!("three-pile P-positions x <= y <= z <= {tn}")));

    // 5. verification report
    step("verification");
    let cfg = wythoff::verify::Config {
        a: 1,
        bound: 30_000_000_000 * scale,
        grundy: 2048,
        three: 200,
        shard: (0, 1),
        inject_fault: None,
    };
    let tv = std::time::Instant::now();
    let report = wythoff::verify::run(&cfg, &|_| {}, None)?;
    let path = out.join("verify.json");
    let mut f = AtomicFile::create(&path)?;
    f.write_all(report.to_json(tv.elapsed().as_secs_f64()).as_bytes())
        .map_err(|e| wythoff::output::io_error(&path, e))?;
    f.commit()?;
    written.push((
        path,
        format!(
            "verification report ({})",
            if report.ok() {
                "all checks passed"
            } else {
                "FAILED"
            }
        ),
    ));

    println!(
        "wythoff generate: wrote {} files into {} in {:.1} s:",
        written.len(),
        out.display(),
        t0.elapsed().as_secs_f64()
    );
    for (p, what) in &written {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        println!("  {name:<26} {:>9}  {what}", size_of(p));
    }
    if !report.ok() {
        return Err(Error::Disagreement(
            "the verification report found a counterexample".into(),
        ));
    }
    Ok(())
}

pub(crate) fn size_of(p: &Path) -> String {
    let b = std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    match b {
        0..=9_999 => format!("{b} B"),
        10_000..=9_999_999 => format!("{} kB", b / 1000),
        _ => format!("{} MB", b / 1_000_000),
    }
}
