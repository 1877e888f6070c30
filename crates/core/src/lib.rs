//! # wythoff-core
//!
//! The ground floor of `wythoff`, on which every other crate stands and which imports none of
//! them:
//!
//! * [`error`] — the one error type ([`Error`]) and the typed refusals of a call's inputs;
//! * [`num`] — numbers as users write them (`1e12`, `2^64`), exact floors of quadratic surds;
//! * [`rational`] — the limits and errors of rationals read from text;
//! * [`cancel`] — the flag by which an embedder stops a long computation between blocks;
//! * [`context`] — the context of a long call: workers, progress and cancellation as one value;
//! * [`check`] — one check's outcome (ok, FAIL or skipped, and what it covered), shared by every
//!   report, and its human rendering; [`decimal_string`] — serde for integers as decimal
//!   strings;
//! * [`game`] — the rules of Wythoff's game and Fraenkel's generalization, and a brute-force
//!   oracle;
//! * [`lines`] — the rules of two-pile line games (NimHof): a list of move directions;
//! * [`oracle`] — the rules of any game as its moves ([`oracle::Moves`]) and the brute-force
//!   oracle that decides a box of positions from them.
//!
//! No floating point decides any floor, comparison or index.

#![warn(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod cancel;
pub mod check;
pub mod context;
pub mod decimal_string;
pub mod error;
pub mod game;
pub mod lines;
pub mod num;
pub mod oracle;
pub mod rational;

pub use context::Context;
pub use error::{Error, Result};
