//! `wythoff prove --list` and `--theorem NAME`: the named theorems listed, and one decided
//! sentence by sentence against its recorded verdicts; the verdict words and notes that
//! `prove` shares.

use super::json;
use super::out::{Out, outln};
use std::time::Instant;
use wythoff::error::{Error, Result};
use wythoff::prove::{self, Limits, Theorem, Verdict, Vocabulary};

/// A verdict as printed: TRUE or FALSE.
pub(super) fn word(holds: bool) -> &'static str {
    if holds { "TRUE" } else { "FALSE" }
}

/// `counterexample: x=… y=…`, the least counterexample of a verdict, if it has one.
pub(super) fn counterexample_line(v: &Verdict) -> Option<String> {
    let c = v.counterexample.as_ref()?;
    let parts: Vec<String> = c.iter().map(|(n, x)| format!("{n}={x}")).collect();
    Some(format!("counterexample: {}", parts.join(" ")))
}

/// A note on standard error; a standard error that cannot be written loses the note, nothing else.
pub(super) fn note(text: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// The library's "no verdict" with the option that raises the cap it names.
pub(super) fn with_the_cap_option(e: Error) -> Error {
    match e {
        Error::Inconclusive(m) if m.contains("memory cap") => {
            Error::Inconclusive(format!("{m} (raise it with --max-memory SIZE)"))
        }
        Error::Inconclusive(m) if m.contains("state cap") => {
            Error::Inconclusive(format!("{m} (raise it with --max-states N)"))
        }
        e => e,
    }
}

/// `--list`: the theorems with their sentences, and the predicates of the numeration of
/// parameter `a`.
pub(super) fn list(a: u64, theorems: &[Theorem]) -> Result<()> {
    let mut out = Out::new();
    for t in theorems {
        outln!(out, "{}: {}", t.name, t.about)?;
        for (what, sentence, holds) in t.sentences {
            outln!(out, "  {} {what}: {sentence}", word(*holds))?;
        }
    }
    outln!(out, "predicates:")?;
    for (name, arity, meaning) in prove::PREDICATES {
        if a == 1 || ["P", "lower", "upper", "move"].contains(name) {
            outln!(out, "  {name}/{arity}: {meaning}")?;
        }
    }
    out.finish()
}

/// `--theorem NAME`: each sentence decided, the verdicts printed, the sizes and times on stderr;
/// a verdict other than the recorded one is a disagreement (status 1).  `json`: one JSON
/// object instead of text.
pub(super) fn theorem(
    json_out: bool,
    t: &Theorem,
    vocabulary: &Vocabulary,
    limits: &Limits,
) -> Result<()> {
    let start = Instant::now();
    let reports = prove::prove_theorem(t, vocabulary, limits, &wythoff::Context::serial())
        .map_err(with_the_cap_option)?;
    let holds = reports.iter().all(|r| r.verdict.holds);
    let as_recorded = reports.iter().all(|r| r.verdict.holds == r.expected);
    let mut out = Out::new();
    if json_out {
        out.json(&json::Theorem {
            theorem: t.name,
            verdict: holds,
            sentences: reports
                .iter()
                .map(|r| json::Sentence {
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
            "{}: {:.3} s, {}",
            r.what,
            r.seconds,
            largest(r.largest_built, r.largest_minimal)
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

/// "largest automaton N states built, M after minimization" (without the minimization when
/// nothing was minimized: a search of a closed block), one state said as one.
pub(crate) fn largest(built: usize, minimal: usize) -> String {
    let s = if built == 1 { "" } else { "s" };
    if minimal == 0 {
        return format!("largest automaton {built} state{s} built, none minimized");
    }
    format!("largest automaton {built} state{s} built, {minimal} after minimization")
}
