//! The JSON shapes of the two-pile commands: `nth`, `move`, `pairs` and `sum`.

use super::s;
use serde::Serialize;
use wythoff::Rules;

/// The rules an answer is of: `"a"` and `"misere"`, the first fields of `nth`, `move` and `pairs`.
#[derive(Serialize)]
pub(crate) struct GameRules {
    a: String,
    misere: bool,
}

impl GameRules {
    /// The game of `rules`.
    pub(crate) fn of(rules: &Rules) -> GameRules {
        GameRules {
            a: s(rules.a()),
            misere: rules.misere(),
        }
    }
}

/// `nth`: the n-th P-position.
#[derive(Serialize)]
pub(crate) struct Nth {
    #[serde(flatten)]
    pub(crate) game: GameRules,
    pub(crate) n: String,
    #[serde(rename = "A")]
    pub(crate) lower: String,
    #[serde(rename = "B")]
    pub(crate) upper: String,
}

/// `move`: the outcome of (x, y) and every winning move, in the user's pile order.
#[derive(Serialize)]
pub(crate) struct Move {
    #[serde(flatten)]
    pub(crate) game: GameRules,
    pub(crate) position: [String; 2],
    pub(crate) outcome: String,
    pub(crate) moves: Vec<[String; 2]>,
}

/// `move --game NAME`: the game's name, the position, its outcome and every winning move.
#[derive(Serialize)]
pub(crate) struct GameMove {
    pub(crate) game: String,
    pub(crate) position: Vec<String>,
    pub(crate) outcome: String,
    pub(crate) moves: Vec<Vec<String>>,
}

/// `pairs --count --json`.
#[derive(Serialize)]
pub(crate) struct PairsCount {
    #[serde(flatten)]
    pub(crate) game: GameRules,
    pub(crate) start: String,
    pub(crate) stop: String,
    pub(crate) count: String,
}

/// `pairs --checksum --json`: the fields of `pairs --count --json`, then sums mod 2^64.
#[derive(Serialize)]
pub(crate) struct PairsChecksum {
    #[serde(flatten)]
    pub(crate) pairs: PairsCount,
    #[serde(rename = "sum_A")]
    pub(crate) sum_a: String,
    #[serde(rename = "sum_B")]
    pub(crate) sum_b: String,
    #[serde(rename = "sum_nA")]
    pub(crate) sum_na: String,
}

/// One component of `sum --json`.
#[derive(Serialize)]
pub(crate) struct SumComponent {
    pub(crate) position: [String; 2],
    pub(crate) grundy: String,
}

/// The winning move of `sum --json`: the component (numbered from 1 in the order given, as in
/// the text output) and the position it goes to.
#[derive(Serialize)]
pub(crate) struct SumMove {
    pub(crate) component: usize,
    pub(crate) to: [String; 2],
}

/// `sum --json`.
#[derive(Serialize)]
pub(crate) struct Sum {
    pub(crate) a: String,
    pub(crate) components: Vec<SumComponent>,
    pub(crate) nim_sum: String,
    pub(crate) outcome: &'static str,
    #[serde(rename = "move")]
    pub(crate) mv: Option<SumMove>,
}
