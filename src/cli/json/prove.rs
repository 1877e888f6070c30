//! The JSON shapes of `prove`: a statement's verdict and a theorem's.

use serde::Serialize;
use std::collections::BTreeMap;

/// `prove 'STATEMENT' --json`: the verdict, the least counterexample, the automata's sizes.
#[derive(Serialize)]
pub(crate) struct Verdict<'a> {
    pub(crate) statement: &'a str,
    pub(crate) verdict: bool,
    pub(crate) counterexample: Option<BTreeMap<String, String>>,
    pub(crate) largest_built: String,
    pub(crate) largest_minimal: String,
}

/// `prove --theorem NAME --json`: the theorem's verdict and each sentence's.
#[derive(Serialize)]
pub(crate) struct Theorem<'a> {
    pub(crate) theorem: &'a str,
    pub(crate) verdict: bool,
    pub(crate) sentences: Vec<Sentence<'a>>,
}

/// One sentence of `prove --theorem NAME --json`, with the verdict recorded for it.
#[derive(Serialize)]
pub(crate) struct Sentence<'a> {
    pub(crate) statement: &'a str,
    pub(crate) says: &'a str,
    pub(crate) verdict: bool,
    pub(crate) recorded: bool,
    pub(crate) largest_built: String,
    pub(crate) largest_minimal: String,
}
