//! The JSON shape of `oeis --list --json`: the catalogue.

use serde::Serialize;

/// One entry of `oeis --list --json`.
#[derive(Serialize)]
pub(crate) struct OeisEntry {
    pub(crate) anum: String,
    pub(crate) offset: u64,
    pub(crate) terms: String,
    pub(crate) max_terms: String,
    /// Why the engine stops at `max_terms`, in one phrase.
    pub(crate) limit_reason: String,
    pub(crate) title: String,
    /// How the terms are computed (the engine, and the bound that proves them where one is used).
    pub(crate) computed_by: String,
    /// A Grundy row's proved preperiod and period (absent for other entries).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) preperiod: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) period: Option<String>,
    /// The files besides the engine its terms can be read from: `--table`, `--certificate`.
    pub(crate) inputs: Vec<String>,
}

/// `oeis --list --json`.
#[derive(Serialize)]
pub(crate) struct OeisList {
    pub(crate) sequences: Vec<OeisEntry>,
}
