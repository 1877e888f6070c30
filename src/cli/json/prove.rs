//! The JSON shapes of `prove`: a statement's verdict and a theorem's.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// `prove 'STATEMENT' --json`: the verdict, the least counterexample, the automata's sizes.
#[derive(Serialize)]
pub(crate) struct Verdict<'a> {
    pub(crate) statement: &'a str,
    pub(crate) verdict: bool,
    /// The variables in the order of their quantifier block.
    #[serde(serialize_with = "in_order")]
    pub(crate) counterexample: Option<Vec<(String, String)>>,
    pub(crate) largest_built: String,
    pub(crate) largest_minimal: String,
}

/// A list of (name, value) pairs as a JSON object whose keys keep the list's order.
fn in_order<S: Serializer>(
    pairs: &Option<Vec<(String, String)>>,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    let Some(pairs) = pairs else {
        return s.serialize_none();
    };
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
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
