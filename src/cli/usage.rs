//! Usage errors as one line: clap's refusals, rendered from the error's kind and context (the
//! argument, the value, what is accepted) rather than from its printed text, and the refusals of
//! the commands' own `check()` rules, each with the command's help pointed to.

use super::Cli;
use clap::CommandFactory;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use wythoff::error::Error;

/// A clap error as one line: what clap's message says in its first paragraph (the argument, the
/// value and what is accepted, or the missing arguments), without its tips and usage, with the
/// command's help pointed to.
pub(crate) fn clap_error(e: &clap::Error) -> Error {
    // A negative number among several values (`pairs -2^64`) reaches clap as an unknown flag:
    // name the kind of value the command reads there.  (An extra positional value, `nth 5 12`,
    // is an unknown argument too, without the '-': clap's own "unexpected argument" says it.)
    if e.kind() == ErrorKind::UnknownArgument
        && let Some(ContextValue::String(flag)) = e.get(ContextKind::InvalidArg)
        && flag.starts_with('-')
        && flag.as_bytes().get(1).is_some_and(u8::is_ascii_digit)
    {
        // clap names only the first "flag" of the word (`-2` of `-2^64`): find the whole word
        let word = std::env::args()
            .find(|a| a.starts_with(flag.as_str()))
            .unwrap_or_else(|| flag.clone());
        let kind = match subcommand_name().as_deref() {
            Some("pairs") => "START and STOP are indices n ≥ 0",
            Some("game-three") => "the rationals are p/q ≥ 0",
            Some("sum") | Some("play") => "the piles are ≥ 0",
            Some("nheap") => "the heaps are ≥ 0",
            _ => "numbers here are non-negative",
        };
        return Error::usage(format!("'{word}' is negative: {kind} ({})", help()));
    }
    refused(&one_line(&message(e)))
}

/// A refusal of the command line that clap could not declare (a rule of a `check()` method, a
/// missing command), as clap's own refusals read.
pub(crate) fn refused(msg: &str) -> Error {
    let msg = if msg.is_empty() { "bad usage" } else { msg };
    Error::usage(format!("{msg} ({})", help()))
}

/// "see wythoff COMMAND --help", or "see wythoff --help" without a command.
fn help() -> String {
    match subcommand_name() {
        Some(s) => format!("see wythoff {s} --help"),
        None => "see wythoff --help".to_string(),
    }
}

/// The subcommand named on the command line, if any (the first argument that is not a flag).
fn subcommand_name() -> Option<String> {
    std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .filter(|a| Cli::command().find_subcommand(a).is_some())
}

/// The lines of `text` trimmed and joined by spaces, up to the first empty line after some text
/// (a value given on the command line may hold line breaks).
fn one_line(text: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            if parts.is_empty() {
                continue;
            }
            break;
        }
        parts.push(line);
    }
    parts.join(" ")
}

/// What clap's message says, from the error's kind and context (as clap words it; a list on
/// lines of its own).
fn message(e: &clap::Error) -> String {
    let string = |k| match e.get(k) {
        Some(ContextValue::String(s)) => Some(s.as_str()),
        _ => None,
    };
    let strings = |k| match e.get(k) {
        Some(ContextValue::Strings(v)) => Some(v.as_slice()),
        _ => None,
    };
    let number = |k| match e.get(k) {
        Some(ContextValue::Number(n)) => Some(*n),
        _ => None,
    };
    let (arg, value) = (
        string(ContextKind::InvalidArg),
        string(ContextKind::InvalidValue),
    );
    let provided = |n: isize| {
        if n > 1 {
            "were provided"
        } else {
            "was provided"
        }
    };
    let dynamic = match e.kind() {
        ErrorKind::ArgumentConflict => Some(conflict(e)),
        ErrorKind::NoEquals => {
            arg.map(|a| format!("equal sign is needed when assigning values to '{a}'"))
        }
        ErrorKind::InvalidValue => arg.zip(value).map(|(a, v)| {
            let head = if v.is_empty() {
                format!("a value is required for '{a}' but none was supplied")
            } else {
                format!("invalid value '{v}' for '{a}'")
            };
            head + &values_list("possible values", strings(ContextKind::ValidValue))
        }),
        ErrorKind::InvalidSubcommand => {
            string(ContextKind::InvalidSubcommand).map(|s| format!("unrecognized subcommand '{s}'"))
        }
        ErrorKind::MissingRequiredArgument => strings(ContextKind::InvalidArg).map(|v| {
            let mut m = "the following required arguments were not provided:".to_string();
            for a in v {
                m.push_str(&format!("\n  {a}"));
            }
            m
        }),
        ErrorKind::MissingSubcommand => string(ContextKind::InvalidSubcommand).map(|s| {
            format!("'{s}' requires a subcommand but one was not provided")
                + &values_list("subcommands", strings(ContextKind::ValidSubcommand))
        }),
        ErrorKind::TooManyValues => arg
            .zip(value)
            .map(|(a, v)| format!("unexpected value '{v}' for '{a}' found; no more were expected")),
        ErrorKind::TooFewValues => match (
            arg,
            number(ContextKind::ActualNumValues),
            number(ContextKind::MinValues),
        ) {
            (Some(a), Some(n), Some(min)) => Some(format!(
                "{min} values required by '{a}'; only {n} {}",
                provided(n)
            )),
            _ => None,
        },
        ErrorKind::ValueValidation => arg.zip(value).map(|(a, v)| {
            let mut m = format!("invalid value '{v}' for '{a}'");
            if let Some(source) = std::error::Error::source(e) {
                m.push_str(&format!(": {source}"));
            }
            m
        }),
        ErrorKind::WrongNumberOfValues => match (
            arg,
            number(ContextKind::ActualNumValues),
            number(ContextKind::ExpectedNumValues),
        ) {
            (Some(a), Some(n), Some(want)) => Some(format!(
                "{want} values required for '{a}' but {n} {}",
                provided(n)
            )),
            _ => None,
        },
        ErrorKind::UnknownArgument => arg.map(|a| format!("unexpected argument '{a}' found")),
        _ => None,
    };
    dynamic
        .or_else(|| e.kind().as_str().map(str::to_string))
        .or_else(|| std::error::Error::source(e).map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown cause".to_string())
}

/// An argument conflict: the argument and what it cannot be used with (or with itself, given
/// twice).
fn conflict(e: &clap::Error) -> String {
    let mut prior = e.get(ContextKind::PriorArg);
    let mut m = match (
        e.get(ContextKind::InvalidArg),
        e.get(ContextKind::InvalidSubcommand),
    ) {
        (Some(ContextValue::String(a)), _) if prior == e.get(ContextKind::InvalidArg) => {
            prior = None;
            format!("the argument '{a}' cannot be used multiple times")
        }
        (Some(ContextValue::String(a)), _) => format!("the argument '{a}' cannot be used with"),
        (_, Some(ContextValue::String(s))) => {
            format!("the subcommand '{s}' cannot be used with")
        }
        _ => ErrorKind::ArgumentConflict
            .as_str()
            .unwrap_or_default()
            .to_string(),
    };
    match prior {
        Some(ContextValue::Strings(v)) => {
            m.push(':');
            for a in v {
                m.push_str(&format!("\n  {a}"));
            }
        }
        Some(ContextValue::String(a)) => m.push_str(&format!(" '{a}'")),
        Some(_) => m.push_str(" one or more of the other specified arguments"),
        None => {}
    }
    m
}

/// "\n  [NAME: a, b, c]" for a non-empty list (a value that is empty or holds a space quoted, as
/// clap does); nothing otherwise.
fn values_list(name: &str, values: Option<&[String]>) -> String {
    let Some(values) = values.filter(|v| !v.is_empty()) else {
        return String::new();
    };
    let shown: Vec<String> = values
        .iter()
        .map(|v| {
            if v.is_empty() || v.contains(char::is_whitespace) {
                format!("{v:?}")
            } else {
                v.clone()
            }
        })
        .collect();
    format!("\n  [{name}: {}]", shown.join(", "))
}
