//! Typed arguments: clap value parsers (values of several numbers in `compound.rs`), the progress
//! bars (`progress.rs`) and, from [`super::usage`], the naming of a usage error by its flag; the
//! argument groups several commands share (the game, the strategies, `--threads`) are in
//! [`super::arg_groups`].
//!
//! Every number is parsed once, by clap, into its type; a command never sees a `String` where a
//! number was meant.  The syntax is the library's ([`wythoff::num::natural`]): digits, `1e9`,
//! `2^64`, underscores between digits.  A bad value is refused by clap with exit status 2 and a
//! one-line message naming the argument and what is accepted, e.g.
//! `invalid value '-5' for '<N>': the value is negative; expected an index n ≥ 0 (digits (123),
//! 1e9 or 2^64)`.
//!
//! # How a command adopts them
//!
//! ```ignore
//! #[derive(clap::Args)]
//! struct FooArgs {
//!     /// A pile (any size).                  -> rug::Integer
//!     #[arg(value_parser = pile, allow_hyphen_values = true)]
//!     x: Integer,
//!     /// Side N.                              -> u64
//!     #[arg(value_parser = size, allow_hyphen_values = true)]
//!     n: u64,
//!     /// Parameter a >= 1.                    -> u64 in 1..=2^64-1
//!     #[arg(short = 'a', default_value = "1", value_parser = parameter,
//!           allow_hyphen_values = true)]
//!     a: u64,
//!     #[command(flatten)]
//!     threads: ThreadsArg,                    // --threads T, 1..=1024, number syntax
//! }
//! // in the command:  let workers = args.threads.install()?;   (once; returns the count)
//! //                  or args.threads.count() for a call that takes the count
//! ```
//!
//! * Parsers: [`index`] / [`index_u64`] (an index n), [`pile`] / [`pile_u64`] (a pile size),
//!   [`size`] (a size or bound, u64), [`count`] (a count), [`terms`] (a number of terms ≥ 1),
//!   [`parameter`] (a, t ≥ 1), [`grundy_value`] (a value G, 0..=255), [`threads`]
//!   (1..=[`MAX_THREADS`]), [`rational`] (p/q in lowest terms), [`coord`] (`A..B` or one value,
//!   for table look-ups).  Each names the kind of value in its message, so a negative pile is "a
//!   pile size", a negative `-a` "a parameter".
//! * Negative numbers must reach the parser, not be taken for flags: give a single-valued
//!   positional or an option `allow_hyphen_values = true`; a positional with several values
//!   (`num_args = 1..`) `allow_negative_numbers = true` (`allow_hyphen_values` there would swallow
//!   the flags that follow).  What still slips through (`-2^64` among several values) is caught by
//!   `cli::usage`, which names the kind of value.
//! * Conflicting or meaningless flags are declared with `conflicts_with`, `requires` or
//!   `required_if_eq`; a rule that depends on a value (`--side` only with `--format bfile`) is a
//!   `check()` method returning the message, called by `cli::mod` and refused like clap's own.
//! * Threads: flatten `ThreadsArg` ([`super::arg_groups`]), the flag's one declaration (a
//!   command that needs another help text or a conflict adjusts it with
//!   `#[command(mut_args(…))]`, as `rows` does), and call `ThreadsArg::install` once for rayon's
//!   global pool, or `ThreadsArg::count` for a library call that takes the number of workers.

mod compound;
mod progress;

pub(crate) use super::usage::{naming, naming_input};
pub(crate) use compound::*;
pub(crate) use progress::*;
use rug::Integer;
use wythoff::num::{NumberError, SYNTAX, natural, natural_in};

/// The most worker threads `--threads` accepts.
pub(crate) const MAX_THREADS: usize = 1024;

/// A refused argument value: one line saying what is wrong and what is accepted (clap adds the
/// value and the argument's name in front).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct ArgError(String);

/// The kinds of number the command line reads; each names itself in error messages.
#[derive(Clone, Copy)]
enum Kind {
    Index,
    Pile,
    Size,
    Count,
    Terms,
    Listed,
    Parameter,
    Columns,
    Threads,
    GValue,
    Seconds,
    Memory,
}

impl Kind {
    /// What is expected, with its range.
    fn noun(self) -> &'static str {
        match self {
            Kind::Index => "an index n ≥ 0",
            Kind::Pile => "a pile size ≥ 0",
            Kind::Size => "a size ≥ 0",
            Kind::Count => "a whole number ≥ 0",
            Kind::Terms => "a number of terms ≥ 1",
            Kind::Listed => "a number of positions ≥ 1",
            Kind::Parameter => "a parameter ≥ 1",
            Kind::Columns => "a number of columns ≥ 1",
            Kind::Threads => "a number of threads from 1 to 1024",
            Kind::GValue => "a value G from 0 to 255",
            Kind::Seconds => "a number of seconds from 1 to 86400",
            Kind::Memory => {
                "a memory size of at least 1M, with K, M, G or T for powers of 1024 (2G, 512M) or \
                 KB, MB, GB, TB for powers of 1000 (1GB)"
            }
        }
    }
}

fn explain(kind: Kind, e: NumberError) -> ArgError {
    let noun = kind.noun();
    ArgError(match e {
        NumberError::Negative(_) => {
            format!("the value is negative; expected {noun} ({SYNTAX})")
        }
        NumberError::Empty | NumberError::Malformed(_) | NumberError::BadExponent(_) => {
            format!("not a number; expected {noun} ({SYNTAX})")
        }
        NumberError::TooLarge(_) => format!(
            "too large to build (more than {} bits); expected {noun}",
            wythoff::num::MAX_PARSED_BITS
        ),
        NumberError::OutOfRange { text, min, max } => {
            let below = natural(&text).is_ok_and(|v| v < min);
            if below || max != u64::MAX {
                format!("out of range; expected {noun}")
            } else {
                format!("out of range; expected {noun}, at most 2^64-1 = {max}")
            }
        }
    })
}

/// An index n of any size (`nth N`).
pub(crate) fn index(s: &str) -> std::result::Result<Integer, ArgError> {
    natural(s).map_err(|e| explain(Kind::Index, e))
}

/// A pile size of any size (`move X Y`).
pub(crate) fn pile(s: &str) -> std::result::Result<Integer, ArgError> {
    natural(s).map_err(|e| explain(Kind::Pile, e))
}

/// Value parsers of a u64 in LEAST..=2^64 − 1, one for each kind of number: `name: Kind from
/// LEAST;` makes `fn name(s: &str) -> Result<u64, ArgError>`, whose message names the kind.
macro_rules! u64_parsers {
    ($($(#[$doc:meta])* $name:ident: $kind:ident from $least:literal;)*) => {$(
        $(#[$doc])*
        pub(crate) fn $name(s: &str) -> std::result::Result<u64, ArgError> {
            natural_in(s, $least, u64::MAX).map_err(|e| explain(Kind::$kind, e))
        }
    )*};
}

u64_parsers! {
    /// An index n up to 2^64 − 1 (`pairs START STOP`).
    index_u64: Index from 0;
    /// A pile size up to 2^64 − 1 (`three-move X Y Z`).
    pile_u64: Pile from 0;
    /// A size, bound or limit up to 2^64 − 1 (`three N`, `--recursive-limit`, a table side).
    size: Size from 0;
    /// A count up to 2^64 − 1 (`rows --mex-budget`).
    count: Count from 0;
    /// A number of terms to write, in 1..=2^64 − 1 (`oeis --terms`): no terms would be an empty
    /// b-file.
    terms: Terms from 1;
    /// A number of positions to list, in 1..=2^64 − 1 (`gvalue --count`, `nheap --count`): none
    /// would be an empty list.
    listed: Listed from 1;
    /// A game parameter (a, t) in 1..=2^64 − 1.
    parameter: Parameter from 1;
    /// A column budget in 1..=2^64 − 1 (`rows --max-columns`): 0 columns could certify nothing.
    columns: Columns from 1;
}

/// A value G of the Grundy function in 0..=[`wythoff::gvalues::MAX_G`] (`gvalue G`).
pub(crate) fn grundy_value(s: &str) -> std::result::Result<u32, ArgError> {
    let g = natural_in(s, 0, u64::from(wythoff::gvalues::MAX_G))
        .map_err(|e| explain(Kind::GValue, e))?;
    // g ≤ 255, so the conversion cannot fail.
    u32::try_from(g).map_err(|_| explain(Kind::GValue, NumberError::Malformed(s.into())))
}

/// Seconds between checkpoints, 1..=86400 (`nheap --checkpoint-every`): 0 would checkpoint after
/// every column, slower than the work itself.
pub(crate) fn checkpoint_seconds(s: &str) -> std::result::Result<u64, ArgError> {
    natural_in(s, 1, 86_400).map_err(|e| explain(Kind::Seconds, e))
}

/// A number of worker threads in 1..=[`MAX_THREADS`] (`1e3` accepted).
pub(crate) fn threads(s: &str) -> std::result::Result<usize, ArgError> {
    let t = natural_in(s, 1, MAX_THREADS as u64).map_err(|e| explain(Kind::Threads, e))?;
    // t ≤ 1024, so the conversion cannot fail.
    usize::try_from(t).map_err(|_| explain(Kind::Threads, NumberError::Malformed(s.into())))
}

/// A memory size in bytes, at least 1 MiB: a number with an optional suffix K, M, G or T
/// (also KiB … TiB; powers of 1024) or KB, MB, GB, TB (powers of 1000), e.g. `2G`, `512M`,
/// `1GB`, `2^31` (`prove --max-memory`).
pub(crate) fn memory(s: &str) -> std::result::Result<u64, ArgError> {
    let t = s.trim();
    let upper = t.to_ascii_uppercase();
    const UNITS: [(&str, u64); 12] = [
        ("TIB", 1 << 40),
        ("GIB", 1 << 30),
        ("MIB", 1 << 20),
        ("KIB", 1 << 10),
        ("TB", 1_000_000_000_000),
        ("GB", 1_000_000_000),
        ("MB", 1_000_000),
        ("KB", 1_000),
        ("T", 1 << 40),
        ("G", 1 << 30),
        ("M", 1 << 20),
        ("K", 1 << 10),
    ];
    let (digits, unit) = UNITS
        .into_iter()
        .find_map(|(suffix, unit)| {
            upper
                .strip_suffix(suffix)
                .map(|rest| (&t[..rest.len()], unit))
        })
        .unwrap_or((t, 1));
    let n = natural_in(digits, 0, u64::MAX).map_err(|e| explain(Kind::Memory, e))?;
    let bytes = n
        .checked_mul(unit)
        .ok_or_else(|| ArgError(format!("too large; expected {}", Kind::Memory.noun())))?;
    if bytes < 1 << 20 {
        return Err(ArgError(format!(
            "too small; expected {}",
            Kind::Memory.noun()
        )));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests;
