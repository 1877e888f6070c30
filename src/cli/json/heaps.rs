//! The JSON shapes of the commands of three or more heaps: `three`, `three-move`, `nheap`.

use serde::Serialize;

/// `three N --json`: the summary.
#[derive(Serialize)]
pub(crate) struct ThreeSummary {
    #[serde(rename = "N")]
    pub(crate) n: String,
    pub(crate) count: String,
    pub(crate) sum: String,
}

/// `three-move X Y Z --json`.
#[derive(Serialize)]
pub(crate) struct ThreeMove {
    pub(crate) position: [String; 3],
    pub(crate) outcome: String,
    #[serde(rename = "move")]
    pub(crate) to: Option<[String; 3]>,
}

/// `nheap H1 … HN --json`: the outcome and every winning move, heaps in the given order.
#[derive(Serialize)]
pub(crate) struct Nheap {
    pub(crate) position: Vec<String>,
    pub(crate) outcome: String,
    pub(crate) moves: Vec<Vec<String>>,
}

/// One position of `nheap --slice A --json`.
#[derive(Serialize)]
pub(crate) struct SlicePosition {
    pub(crate) n: String,
    #[serde(rename = "A")]
    pub(crate) a: String,
    #[serde(rename = "B")]
    pub(crate) b: String,
    /// B − A.
    pub(crate) difference: String,
}

/// `nheap --slice A --json`: the first `count` positions of the slice.
#[derive(Serialize)]
pub(crate) struct Slice {
    pub(crate) smallest: Vec<String>,
    pub(crate) count: String,
    pub(crate) positions: Vec<SlicePosition>,
}
