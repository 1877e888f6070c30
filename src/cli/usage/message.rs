//! What clap's message says in its first paragraph, rendered from the error's kind and context
//! (the argument, the value, what is accepted), in clap's words.

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// What clap's message says, from the error's kind and context (as clap words it; a list on
/// lines of its own).
pub(super) fn message(e: &clap::Error) -> String {
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
