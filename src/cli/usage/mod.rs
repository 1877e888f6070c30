//! Usage errors as one line: clap's refusals, rendered from the error's kind and context (the
//! argument, the value, what is accepted) rather than from its printed text, and the refusals of
//! the commands' own `check()` rules, each with the command's help pointed to; and a library's
//! usage error named by the flag it concerns.

mod message;

use super::Cli;
use clap::CommandFactory;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use message::message;
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
    if let Some(msg) = oeis_json_alone(e) {
        return refused(&msg);
    }
    refused(&one_line(&message(e)))
}

/// `oeis --json` without `--list`: clap names the group of `--list` that `--json` requires as a
/// placeholder, `<--list>` (beside `<ANUM>` when no A-number is given either); said instead as
/// what is accepted.
fn oeis_json_alone(e: &clap::Error) -> Option<String> {
    if e.kind() != ErrorKind::MissingRequiredArgument
        || subcommand_name().as_deref() != Some("oeis")
    {
        return None;
    }
    let Some(ContextValue::Strings(missing)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    if !missing.iter().any(|m| m == "<--list>") {
        return None;
    }
    Some(if missing.iter().any(|m| m == "<ANUM>") {
        "give an A-number or --list (--json goes with --list only)".to_string()
    } else {
        "--json goes with --list only (a b-file is text): give --list, or leave out --json"
            .to_string()
    })
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

/// Names the argument a usage error concerns (`-o: cannot write '…': …`); other errors (failures
/// of the run) pass unchanged.  For errors of the library, which names no flag.
pub(crate) fn naming(arg: &'static str) -> impl Fn(Error) -> Error {
    move |e| match e {
        Error::Usage(m) => Error::usage(format!("{arg}: {m}")),
        e => e,
    }
}

/// Names the argument of any refusal of the input — bad usage, a malformed number, a value the
/// mathematics refuses ([`Error::is_bad_input`]) — as a usage error (`N: side 0: …`); a failure
/// of the run (I/O, a computation, a bug) passes unchanged and keeps its exit status.  For a
/// library call on that one argument.
pub(crate) fn naming_input(arg: &'static str) -> impl Fn(Error) -> Error {
    move |e| {
        if e.is_bad_input() {
            Error::usage(format!("{arg}: {e}"))
        } else {
            e
        }
    }
}
