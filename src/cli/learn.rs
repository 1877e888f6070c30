//! `wythoff learn (--game NAME | --rules RULES | -a A)`: the automaton of a game's P-positions,
//! learned from its engine and proved from its rules, or "not found" with the class counts (one
//! library call: [`wythoff::learn::learn`]).  `-o FILE` writes the proved automaton in Walnut's
//! format and FILE.json beside it with the game and the sentences.

use super::args::*;
use super::json::learn as json;
use super::out::Out;
use super::prove_theorem::note;
use clap::Args;
use std::path::{Path, PathBuf};
use std::time::Instant;
use wythoff::error::{Error, Result};
use wythoff::files::AtomicFile;
use wythoff::learn::{Options, PREDICATE, Report, Representation, Subject, learn};
use wythoff::prove::{Limits, walnut};

#[derive(Args)]
pub(crate) struct LearnArgs {
    /// A named line game: nim, wythoff, nimhof-a307296 … nimhof-a307302, maharaja, gdwn-P-Q
    /// (doc/lines.md).
    #[arg(long, value_name = "NAME", conflicts_with_all = ["rules", "a"])]
    pub(crate) game: Option<String>,
    /// The rules of a line game P,Q:jP,Q:… (doc/lines.md); they must contain 1,0 and 0,1.
    #[arg(long, value_name = "RULES", conflicts_with = "a")]
    pub(crate) rules: Option<String>,
    /// Fraenkel's generalized game with parameter A (1 is Wythoff's game), read in the
    /// Ostrowski numeration of [1; A, A, …] for A ≥ 2.
    #[arg(short = 'a', value_name = "A", value_parser = parameter)]
    pub(crate) a: Option<u64>,
    /// Learn the positions of Wythoff's game whose Grundy value is G (1 or 2) instead of the
    /// P-positions; the sets of the lower values are the proved predicates P and one.
    #[arg(long, value_name = "G", value_parser = grundy_value, conflicts_with_all = ["game", "rules", "a"])]
    pub(crate) value: Option<u32>,
    /// The misère form of the game (of --game, --rules or -a A; Wythoff's game alone): the
    /// player who makes the last move loses.
    #[arg(long, conflicts_with = "value")]
    pub(crate) misere: bool,
    /// The most states one construction of the proof may explore (as `prove --max-states`).
    #[arg(long, value_name = "N", value_parser = size, default_value = "2000000")]
    pub(crate) max_states: u64,
    /// The most memory one construction of the proof may take (as `prove --max-memory`: 2G,
    /// 512M, 1GB).
    #[arg(long, value_name = "SIZE", value_parser = memory, default_value = "1792M")]
    pub(crate) max_memory: u64,
    /// The most rows (the side of the largest box of P-positions) the learner may take.
    #[arg(long, value_name = "N", value_parser = size, default_value = "4000000")]
    pub(crate) max_rows: u64,
    /// Write the proved automaton to FILE in Walnut's automaton format, and FILE.json beside
    /// it with the game, the sentences and their verdicts.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Print the outcome as JSON.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn learn_cmd(args: LearnArgs) -> Result<()> {
    let subject = match (&args.a, args.rules.as_deref(), args.game.as_deref()) {
        _ if args.value.is_some() => Subject::Value(args.value.unwrap_or(0)),
        (None, None, None) if args.misere => Subject::Misere(1),
        (Some(a), _, _) if args.misere => Subject::Misere(*a),
        (Some(a), _, _) => Subject::Generalized(*a),
        (None, r, g) => {
            let rules = super::lines::rules_from(r, g)?.ok_or_else(|| {
                Error::usage("give --game NAME, --rules RULES, -a A or --value G")
            })?;
            if args.misere {
                Subject::MisereLines(rules)
            } else {
                Subject::Lines(rules)
            }
        }
    };
    if let Subject::Generalized(a) | Subject::Misere(a) = subject {
        wythoff::prove::Numeration::for_parameter(a).map_err(naming_input("-a"))?;
    }
    subject.check()?;

    // the files are opened before the work: a place that cannot be written is refused first
    let files = match &args.output {
        Some(p) => Some(open_pair(p)?),
        None => None,
    };
    let start = Instant::now();
    if args.max_states == 0 {
        return Err(Error::usage(
            "--max-states: the state cap must be at least 1",
        ));
    }
    let options = Options {
        max_rows: args.max_rows,
        limits: Limits {
            max_states: usize::try_from(args.max_states).unwrap_or(usize::MAX),
            max_memory: usize::try_from(args.max_memory).unwrap_or(usize::MAX),
            expand: true,
        },
    };
    let pb = bar(u128::from(args.max_rows), "learn: rows");
    let tick = |d: u64| pb.inc(d);
    let ctx = wythoff::Context::serial().with_progress(&tick);
    let report = learn(&subject, &options, &ctx);
    pb.finish_and_clear();
    let report = report?;
    let seconds = start.elapsed().as_secs_f64();
    for d in &report.sentences {
        let verdict = match &d.verdict {
            Ok(true) => "TRUE".to_string(),
            Ok(false) => "FALSE".to_string(),
            Err(why) => format!("NO VERDICT ({})", why.trim_start_matches("no verdict: ")),
        };
        let cx = d
            .counterexample
            .as_ref()
            .map(|c| format!(" (counterexample {c})"))
            .unwrap_or_default();
        note(format_args!(
            "{verdict} {}: {}{cx}",
            d.sentence.what, d.sentence.text
        ));
    }
    if let (Some((text, meta)), Some(a)) = (files, &report.automaton) {
        write(text, &walnut::walnut_text(a))?;
        write(meta, &(json::render(&report, seconds)? + "\n"))?;
    }
    let mut out = Out::new();
    if args.json {
        out.json(&json::Learned::from(&report, seconds))?;
    } else {
        out.line(format_args!("{}", summary(&report, seconds)))?;
    }
    out.finish()?;
    if report.proved() {
        Ok(())
    } else {
        Err(Error::Inconclusive(format!(
            "{}: {}",
            report.verdict().replace('-', " "),
            report.reason.as_deref().unwrap_or("no automaton")
        )))
    }
}

/// The line of the outcome.
fn summary(r: &Report, seconds: f64) -> String {
    let counts = |c: &[(usize, usize)]| {
        c.iter()
            .map(|(d, c)| format!("{d}:{c}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match &r.automaton {
        Some(a) => {
            let how = match r.representation {
                Representation::TwoTracks => String::new(),
                Representation::Diagonals { states } => format!(
                    "along the diagonals, a Moore automaton of {states} states on {} \
                     diagonals, ",
                    r.diagonals
                ),
            };
            format!(
                "proved: {} are the automaton {PREDICATE} of {} states \
                 (learned {how}on {} rows, {} digits, checked on {} rows; {seconds:.2} s)",
                r.set,
                a.states(),
                r.rows,
                r.digits,
                r.checked_rows
            )
        }
        None if r.stuck => format!(
            "unproved: {}",
            r.reason.as_deref().unwrap_or("the proof got no verdict")
        ),
        None => {
            let diagonals = if let Some(why) = &r.diagonals_skipped {
                format!("; the diagonals not learned: {why}")
            } else if r.diagonal_class_counts.is_empty() {
                String::new()
            } else {
                format!(
                    "; along {} diagonals {}",
                    r.diagonals,
                    counts(&r.diagonal_class_counts)
                )
            };
            format!(
                "not found: {} on {} rows ({} digits); classes by prefix length {}{diagonals}",
                r.set,
                r.rows,
                r.digits,
                counts(&r.class_counts)
            )
        }
    }
}

/// The automaton file and its JSON beside it, opened.
/// Both must be regular files: a device or a FIFO has no place beside it for the JSON.
fn open_pair(p: &Path) -> Result<(AtomicFile, AtomicFile)> {
    let mut meta = p.as_os_str().to_owned();
    meta.push(".json");
    let text = AtomicFile::create_regular(p).map_err(naming("-o"))?;
    let meta = AtomicFile::create_regular(Path::new(&meta)).map_err(naming("-o"))?;
    Ok((text, meta))
}

fn write(mut f: AtomicFile, text: &str) -> Result<()> {
    use std::io::Write;
    let path = f.path().to_owned();
    f.file()
        .write_all(text.as_bytes())
        .map_err(|e| Error::file(&path, e))?;
    f.commit()?;
    note(format_args!("wrote {}", path.display()));
    Ok(())
}
