//! The JSON shape of `grundy N --checksum --json`, for Wythoff's game and the line games.

use serde::Serialize;

/// `grundy N --checksum`: the checksum of a table's N × N square, with its game — `a` for
/// generalized Wythoff, `rules` for a line game (the other absent).
#[derive(Serialize)]
pub(crate) struct TableChecksum {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) a: Option<String>,
    /// The rules, `P,Q:P,Q:…`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rules: Option<String>,
    #[serde(rename = "N")]
    pub(crate) n: String,
    /// The sum of the N² values.
    pub(crate) sum: String,
    /// XXH3-64 of the row-major little-endian u32 square, 16 hexadecimal digits.
    pub(crate) xxh3: String,
}
