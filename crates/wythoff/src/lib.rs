//! # wythoff
//!
//! Exact, fast and checkable mathematics of Wythoff's game and its relatives: Fraenkel's
//! generalized game with parameter a ≥ 1 in normal and misère play, computed three ways
//! (A. S. Fraenkel, "How to beat your Wythoff games' opponent on three fronts", Amer. Math.
//! Monthly 89 (1982) 353–361), for numbers of any size.
//!
//! * [`game`] — the rules and a brute-force oracle.
//! * [`pairs`] — P-positions: the n-th pair, the pair holding a value, outcomes and all winning
//!   moves ([`pairs::Solver`]); the three strategies ([`pairs::recursive`],
//!   [`pairs::algebraic`], [`pairs::numeration`]); the bulk generator ([`pairs::bulk`]).
//! * [`ratwyt`] — RATWYT, Games I–III and the Calkin–Wilf tree.
//! * [`sums`] — disjunctive sums: nim-sum of Grundy values, winning moves.
//! * [`three_pile`] — three-pile Wythoff by line occupancy.
//! * [`nheap`] — Fraenkel's N-heap Wythoff (nim-sum moves): outcomes, winning moves, three-heap
//!   slices.
//! * [`play`] — a game against the program as a state machine (lines in, text out).
//! * [`registry`] — every game behind one trait: its moves, P or N and every winning move by its
//!   engine, found by name; [`oracle`] — the brute-force oracle over any game's moves.
//! * [`grundy`] — Sprague–Grundy tables: engines, table files, checks.
//! * [`lines`] — two-pile line games (NimHof): any list of move directions, Grundy tables.
//! * [`oeis`] — the catalogue of OEIS sequences and the b-file writer.
//! * [`learn`] — the automaton of a game's P-positions, learned from its engine and proved from
//!   its rules.
//! * [`prove`] — a decision procedure for first-order statements about Wythoff's sequences
//!   (automata over Zeckendorf digits) and the theorems it proves.
//! * [`verify`] — verification at scale with a JSON report, shards and merge.
//! * [`job`] — the default job: every kind of output into one folder, with its report page
//!   ([`job::page`]).
//! * [`plot`] — plots and pictures as PNG files.
//! * [`check`] — one check's outcome (ok, FAIL or skipped, and what it covered), shared by every
//!   report, and its human rendering; [`decimal_string`] — serde for integers as decimal strings.
//! * [`files`] — everything that leaves the process: the atomic writer, checkpoint logs, the
//!   binary header and its kinds, fast decimal output.
//! * [`num`] — parsing of numbers as users write them, exact floors of quadratic surds.
//! * [`cancel`] — a flag by which an embedder stops a long computation between blocks.
//! * [`context`] — workers, progress and cancellation of a long call, as one value.
//!
//! No floating point decides any floor, comparison or index.

#![warn(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub use wythoff_core::{cancel, check, context, decimal_string, error, game, num, oracle};
pub use wythoff_files as files;
pub use wythoff_prove as prove;

pub mod grundy;
pub mod gvalues;
pub mod job;
pub mod learn;
pub mod lines;
pub mod nheap;
pub mod oeis;
pub mod pairs;
pub mod play;
pub mod plot;
pub mod ratwyt;
pub mod registry;
pub mod sums;
pub mod three_pile;
pub mod verify;

pub use context::Context;
pub use error::{Error, Result};
pub use game::Rules;
pub use pairs::{Outcome, Side, Solver, Strategy};
