//! `wythoff prove 'STATEMENT'`, `--theorem NAME`, `--list`, `--export-walnut DIR`: the decision
//! procedure of [`wythoff::prove`] on one statement or a named theorem (doc/prove.md).

use super::args::*;
use super::out::{Out, outln};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;
use wythoff::artifact::AtomicFile;
use wythoff::cancel::Cancel;
use wythoff::error::{Error, Result};
use wythoff::prove::{self, Budget, Numeration, Theorem, Verdict, Vocabulary};

#[derive(Args)]
pub(crate) struct ProveArgs {
    /// The statement, in Walnut's syntax (doc/prove.md): `A x,y P(x,y) => ~P(x+1,y)`.
    #[arg(
        value_name = "STATEMENT",
        allow_hyphen_values = true,
        required_unless_present_any = ["theorem", "list", "export_walnut"],
        conflicts_with_all = ["theorem", "list", "export_walnut"]
    )]
    pub(crate) statement: Option<String>,
    /// Decide the sentences of a named theorem (`--list` names them) and exit 1 unless each
    /// gets its recorded verdict.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["list", "export_walnut", "expect"])]
    pub(crate) theorem: Option<String>,
    /// Name the theorems and the predicates, and do nothing else.
    #[arg(long, conflicts_with_all = ["export_walnut", "expect", "json"])]
    pub(crate) list: bool,
    /// Write each predicate's automaton in Walnut's file format into DIR (NAME.txt).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["expect", "json", "a"])]
    pub(crate) export_walnut: Option<PathBuf>,
    /// Exit 1 when the verdict is not this one.
    #[arg(long, value_enum, value_name = "VERDICT")]
    pub(crate) expect: Option<Expected>,
    /// The most states one construction may explore; past it there is no verdict (exit 1).
    #[arg(long, value_name = "N", value_parser = size, default_value = "2000000")]
    pub(crate) max_states: u64,
    /// Print the verdict as JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// The game: Wythoff's (1) or Fraenkel's generalized game with parameter A (2 to 9), whose
    /// numbers are read in the Ostrowski numeration of [1; A, A, ...]; its predicates are P,
    /// lower, upper and move.
    #[arg(short = 'a', value_name = "A", value_parser = parameter, default_value = "1")]
    pub(crate) a: u64,
}

/// A verdict expected by `--expect`.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum Expected {
    /// The statement holds.
    True,
    /// The statement fails.
    False,
}

#[derive(Serialize)]
struct VerdictJson<'a> {
    statement: &'a str,
    verdict: bool,
    counterexample: Option<BTreeMap<String, String>>,
    largest_built: String,
    largest_minimal: String,
}

#[derive(Serialize)]
struct TheoremJson<'a> {
    theorem: &'a str,
    verdict: bool,
    sentences: Vec<SentenceJson<'a>>,
}

#[derive(Serialize)]
struct SentenceJson<'a> {
    statement: &'a str,
    says: &'a str,
    verdict: bool,
    recorded: bool,
    largest_built: String,
    largest_minimal: String,
}

fn word(holds: bool) -> &'static str {
    if holds { "TRUE" } else { "FALSE" }
}

fn counterexample_line(v: &Verdict) -> Option<String> {
    let c = v.counterexample.as_ref()?;
    let parts: Vec<String> = c.iter().map(|(n, x)| format!("{n}={x}")).collect();
    Some(format!("counterexample: {}", parts.join(" ")))
}

/// A note on standard error; a standard error that cannot be written loses the note, nothing else.
fn note(text: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// The library's "no verdict" with the option that raises the cap.
fn with_the_cap_option(e: Error) -> Error {
    match e {
        Error::Inconclusive(m) => {
            Error::Inconclusive(format!("{m} (raise it with --max-states N)"))
        }
        e => e,
    }
}

pub(crate) fn prove_cmd(args: ProveArgs) -> Result<()> {
    if args.max_states == 0 {
        return Err(Error::usage(
            "--max-states: the state cap must be at least 1 (one state is the smallest automaton)",
        ));
    }
    let max_states = usize::try_from(args.max_states).unwrap_or(usize::MAX);
    let numeration =
        Numeration::for_parameter(args.a).map_err(|e| Error::usage(format!("-a: {e}")))?;
    let vocabulary = Vocabulary::for_numeration(numeration);
    let theorems = prove::theorems(numeration.parameter());
    if args.list {
        return list(&args, theorems);
    }
    if let Some(dir) = &args.export_walnut {
        return export_walnut(dir, &vocabulary, max_states);
    }
    if let Some(name) = &args.theorem {
        let Some(t) = theorems.iter().find(|t| t.name == name) else {
            let names: Vec<&str> = theorems.iter().map(|t| t.name).collect();
            return Err(Error::usage(format!(
                "--theorem: no theorem '{name}' for a = {} (known: {})",
                args.a,
                names.join(", ")
            )));
        };
        return theorem(&args, t, &vocabulary, max_states);
    }
    statement(&args, numeration, &vocabulary, max_states)
}

/// `--list`: the theorems with their sentences, and the predicates of this numeration.
fn list(args: &ProveArgs, theorems: &[Theorem]) -> Result<()> {
    let mut out = Out::new();
    for t in theorems {
        outln!(out, "{}: {}", t.name, t.about)?;
        for (what, sentence, holds) in t.sentences {
            outln!(out, "  {} {what}: {sentence}", word(*holds))?;
        }
    }
    outln!(out, "predicates:")?;
    for (name, arity, meaning) in prove::PREDICATES {
        if args.a == 1 || ["P", "lower", "upper", "move"].contains(name) {
            outln!(out, "  {name}/{arity}: {meaning}")?;
        }
    }
    out.finish()
}

/// `--export-walnut DIR`: the predicates as Walnut automaton files, each written atomically.
fn export_walnut(dir: &Path, vocabulary: &Vocabulary, max_states: usize) -> Result<()> {
    let budget = Budget::new(max_states, Cancel::never());
    let files = prove::walnut_files(vocabulary, &budget)?;
    for (name, text) in files {
        let path = dir.join(&name);
        let mut f = AtomicFile::create(&path).map_err(naming("--export-walnut"))?;
        use std::io::Write;
        f.file()
            .write_all(text.as_bytes())
            .map_err(|e| Error::file(&path, e))?;
        f.commit()?;
        note(format_args!("wrote {}", path.display()));
    }
    Out::new().finish()
}

/// `--theorem NAME`: each sentence decided, the verdicts printed, the sizes and times on stderr;
/// a verdict other than the recorded one is a disagreement (status 1).
fn theorem(
    args: &ProveArgs,
    t: &Theorem,
    vocabulary: &Vocabulary,
    max_states: usize,
) -> Result<()> {
    let start = Instant::now();
    let reports = prove::prove_theorem(t, vocabulary, max_states, Cancel::never())
        .map_err(with_the_cap_option)?;
    let holds = reports.iter().all(|r| r.verdict.holds);
    let as_recorded = reports.iter().all(|r| r.verdict.holds == r.expected);
    let mut out = Out::new();
    if args.json {
        out.json(&TheoremJson {
            theorem: t.name,
            verdict: holds,
            sentences: reports
                .iter()
                .map(|r| SentenceJson {
                    statement: r.sentence,
                    says: r.what,
                    verdict: r.verdict.holds,
                    recorded: r.expected,
                    largest_built: r.largest_built.to_string(),
                    largest_minimal: r.largest_minimal.to_string(),
                })
                .collect(),
        })?;
    } else {
        outln!(out, "{}", word(holds))?;
        for r in &reports {
            outln!(out, "{} {}: {}", word(r.verdict.holds), r.what, r.sentence)?;
            if let Some(line) = counterexample_line(&r.verdict) {
                outln!(out, "  {line}")?;
            }
        }
    }
    out.finish()?;
    for r in &reports {
        note(format_args!(
            "{}: {:.3} s, largest automaton {} states built, {} after minimization",
            r.what, r.seconds, r.largest_built, r.largest_minimal
        ));
    }
    note(format_args!(
        "{}: {:.3} s in all",
        t.name,
        start.elapsed().as_secs_f64()
    ));
    if !as_recorded {
        return Err(Error::Disagreement(format!(
            "the theorem {} did not get its recorded verdicts",
            t.name
        )));
    }
    Ok(())
}

/// A statement decided: TRUE or FALSE with the least counterexample, checked against `--expect`.
fn statement(
    args: &ProveArgs,
    numeration: Numeration,
    vocabulary: &Vocabulary,
    max_states: usize,
) -> Result<()> {
    let statement = args.statement.as_deref().unwrap_or_default();
    let start = Instant::now();
    let budget = Budget::for_numeration(numeration, max_states, Cancel::never());
    let v = prove::decide(statement, vocabulary, &budget).map_err(with_the_cap_option)?;
    let mut out = Out::new();
    if args.json {
        out.json(&VerdictJson {
            statement,
            verdict: v.holds,
            counterexample: v
                .counterexample
                .as_ref()
                .map(|c| c.iter().map(|(n, x)| (n.clone(), x.to_string())).collect()),
            largest_built: budget.largest_built().to_string(),
            largest_minimal: budget.largest_minimal().to_string(),
        })?;
    } else {
        outln!(out, "{}", word(v.holds))?;
        if let Some(line) = counterexample_line(&v) {
            outln!(out, "{line}")?;
        }
    }
    out.finish()?;
    note(format_args!(
        "largest automaton {} states built, {} after minimization; {:.3} s",
        budget.largest_built(),
        budget.largest_minimal(),
        start.elapsed().as_secs_f64()
    ));
    match args.expect {
        Some(Expected::True) if !v.holds => Err(Error::Disagreement(
            "the statement is FALSE, not TRUE as expected".into(),
        )),
        Some(Expected::False) if v.holds => Err(Error::Disagreement(
            "the statement is TRUE, not FALSE as expected".into(),
        )),
        _ => Ok(()),
    }
}
