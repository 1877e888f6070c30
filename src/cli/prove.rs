//! `wythoff prove 'STATEMENT'`, `--theorem NAME`, `--list`, `--export-walnut DIR`: the decision
//! procedure of [`wythoff::prove`] on one statement or a named theorem (doc/prove.md), with the
//! predicates of `--predicate NAME=FILE` read from Walnut automaton files.

use super::args::*;
use super::json;
use super::out::{Out, outln};
use super::prove_theorem::{
    counterexample_line, largest, list, note, theorem, with_the_cap_option, word,
};
use clap::{ArgAction, Args, ValueEnum};
use std::path::{Path, PathBuf};
use std::time::Instant;
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::files::AtomicFile;
use wythoff::prove::{self, Budget, Limits, Numeration, Vocabulary};

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
    /// A predicate NAME(x1, ..., xk) given as an automaton in Walnut's file format (first line
    /// msd_fib per argument, or with -a A msd_ostA; doc/prove.md): it holds where the automaton
    /// accepts; repeat the option for several.  A statement may also write any predicate as
    /// Walnut does, $NAME(x,y).
    #[arg(
        long = "predicate",
        value_name = "NAME=FILE",
        action = ArgAction::Append,
        conflicts_with_all = ["list", "export_walnut"]
    )]
    pub(crate) predicates: Vec<String>,
    /// Exit 1 when the verdict is not this one.
    #[arg(long, value_enum, value_name = "VERDICT")]
    pub(crate) expect: Option<Expected>,
    /// The most states one construction may explore; past it there is no verdict (exit 1).
    #[arg(
        long,
        value_name = "N",
        value_parser = size,
        default_value = "2000000",
        conflicts_with = "list"
    )]
    pub(crate) max_states: u64,
    /// The most memory one construction's tables may take (2G, 512M: K, M, G, T are powers of
    /// 1024; 1GB: KB, MB, GB, TB powers of 1000); past it there is no verdict (exit 1).
    #[arg(
        long,
        value_name = "SIZE",
        conflicts_with = "list",
        value_parser = memory,
        default_value = "1792M",
        allow_hyphen_values = true
    )]
    pub(crate) max_memory: u64,
    /// Keep every predicate as its automaton: never expand one into its definition under a
    /// quantifier (doc/prove.md says when the expansion is chosen).
    #[arg(long, conflicts_with_all = ["list", "export_walnut"])]
    pub(crate) no_expand: bool,
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

pub(crate) fn prove_cmd(args: ProveArgs) -> Result<()> {
    if args.max_states == 0 {
        return Err(Error::usage(
            "--max-states: the state cap must be at least 1 (one state is the smallest automaton)",
        ));
    }
    let limits = Limits {
        max_states: usize::try_from(args.max_states).unwrap_or(usize::MAX),
        max_memory: usize::try_from(args.max_memory).unwrap_or(usize::MAX),
        expand: !args.no_expand,
    };
    let numeration = Numeration::for_parameter(args.a).map_err(naming_input("-a"))?;
    let mut vocabulary = Vocabulary::for_numeration(numeration);
    for spec in &args.predicates {
        vocabulary = given_predicate(vocabulary, spec, &limits)?;
    }
    let theorems = prove::theorems(numeration.parameter());
    if args.list {
        return list(args.a, theorems);
    }
    if let Some(dir) = &args.export_walnut {
        return export_walnut(dir, &vocabulary, &limits);
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
        return theorem(args.json, t, &vocabulary, &limits);
    }
    statement(&args, numeration, &vocabulary, &limits)
}

/// `--predicate NAME=FILE`: the automaton of the Walnut file FILE added to the vocabulary as
/// NAME, read within the caps of the decision; every error names the option as given.
fn given_predicate(vocabulary: Vocabulary, spec: &str, limits: &Limits) -> Result<Vocabulary> {
    let context = |m: String| format!("--predicate {spec}: {m}");
    let Some((name, file)) = spec
        .split_once('=')
        .filter(|(n, f)| !n.is_empty() && !f.is_empty())
    else {
        return Err(Error::usage(context(
            "expected NAME=FILE, a predicate's name, '=' and a Walnut automaton file".into(),
        )));
    };
    let text = std::fs::read_to_string(file)
        .map_err(|e| Error::reading(context(format!("cannot read '{file}'")), e))?;
    let budget = Budget::in_context(vocabulary.numeration(), limits, &Context::serial());
    let a = prove::walnut::read_walnut_within(&text, &budget)
        .map_err(|e| match e {
            Error::Usage(m) => Error::usage(context(m)),
            Error::Inconclusive(m) => Error::Inconclusive(context(m)),
            e => e,
        })
        .map_err(with_the_cap_option)?;
    vocabulary.with_predicate(name, a).map_err(|e| match e {
        Error::Usage(m) => Error::usage(context(m)),
        e => e,
    })
}

/// `--export-walnut DIR`: the predicates as Walnut automaton files, each written atomically.
fn export_walnut(dir: &Path, vocabulary: &Vocabulary, limits: &Limits) -> Result<()> {
    let budget = Budget::in_context(Numeration::Zeckendorf, limits, &Context::serial());
    let files = prove::walnut_files(vocabulary, &budget).map_err(with_the_cap_option)?;
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

/// A statement decided: TRUE or FALSE with the least counterexample, checked against `--expect`.
fn statement(
    args: &ProveArgs,
    numeration: Numeration,
    vocabulary: &Vocabulary,
    limits: &Limits,
) -> Result<()> {
    let statement = args.statement.as_deref().unwrap_or_default();
    let start = Instant::now();
    let budget = Budget::in_context(numeration, limits, &Context::serial());
    let v = prove::decide(statement, vocabulary, &budget).map_err(with_the_cap_option)?;
    let mut out = Out::new();
    if args.json {
        out.json(&json::Verdict {
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
    for line in budget.notes() {
        note(format_args!("{line}"));
    }
    note(format_args!(
        "{}; {:.3} s",
        largest(budget.largest_built(), budget.largest_minimal()),
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
