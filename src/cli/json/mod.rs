//! Every JSON object the command line prints, in one place, derived with serde.
//!
//! Conventions (doc/guide.md, "JSON output"): one object per line; every top-level object starts
//! with its shape's `"version"` ([`Versioned`], added by `Out::json`: [`VERSION`], or a shape's
//! own such as [`GAME_THREE_VERSION`]); every integer that can exceed 2^53 — a, t, n, N, piles,
//! counts, sums, levels, indices — is a decimal string; absent values are `null`.  Only `version`,
//! a catalogue `offset` and a `component` position (an argument's place on the command line,
//! counted from 1) are JSON numbers.  A command with a JSON form has one shape, listed here: a
//! file per family of commands, each shape reached as `json::NAME`.

mod gvalue;
mod heaps;
pub(crate) mod learn;
mod oeis;
mod pairs;
mod prove;
mod rationals;
mod rows;
mod table;

pub(crate) use gvalue::*;
pub(crate) use heaps::*;
pub(crate) use oeis::*;
pub(crate) use pairs::*;
pub(crate) use prove::*;
pub(crate) use rationals::*;
pub(crate) use rows::*;
use serde::Serialize;
use std::fmt::Display;
pub(crate) use table::*;
use wythoff::pairs::Position;

/// The version of every JSON shape below but those with a version of their own.  Changes when a
/// field changes meaning or goes away.
pub(crate) const VERSION: u32 = 1;

/// The version of the `game-three` shape: 2, where `move.component` counts from 1 (in the order
/// given, as `sum --json` does); in version 1 it counted from 0.
pub(crate) const GAME_THREE_VERSION: u32 = 2;

/// A top-level object: `{"version": 1, ...the body's fields}`.
#[derive(Serialize)]
pub(crate) struct Versioned<'a, T: Serialize> {
    version: u32,
    #[serde(flatten)]
    body: &'a T,
}

impl<'a, T: Serialize> Versioned<'a, T> {
    /// Wraps `body` with its shape's `version` ([`VERSION`] or a shape's own).
    pub(crate) fn with(version: u32, body: &'a T) -> Self {
        Versioned { version, body }
    }
}

/// A number as a JSON string.
pub(crate) fn s(v: impl Display) -> String {
    v.to_string()
}

/// A position (x, y) as two strings.
pub(crate) fn pair(p: &Position) -> [String; 2] {
    [s(&p.0), s(&p.1)]
}

/// Numbers as strings.
pub(crate) fn all<T: Display>(v: &[T]) -> Vec<String> {
    v.iter().map(s).collect()
}
