//! The JSON shapes of the games on rationals and the Calkin–Wilf tree: `ratwyt`, `game-two`,
//! `game-three`, `cw`.

use serde::Serialize;
use wythoff::ratwyt::Rational;

/// One move of a game on rationals: steps on each rational and where they land.
#[derive(Serialize)]
pub(crate) struct RatMove {
    pub(crate) steps: Vec<String>,
    pub(crate) to: Vec<String>,
}

/// `ratwyt R1 R2 --json`.
#[derive(Serialize)]
pub(crate) struct Ratwyt {
    pub(crate) t: String,
    pub(crate) rationals: Vec<String>,
    pub(crate) induced: Vec<String>,
    pub(crate) outcome: String,
    pub(crate) moves: Vec<RatMove>,
}

/// The move of `game-two`: steps on the one rational.
#[derive(Serialize)]
pub(crate) struct StepMove {
    pub(crate) steps: String,
    pub(crate) to: String,
}

/// `game-two R -t T --json`.
#[derive(Serialize)]
pub(crate) struct GameTwo {
    pub(crate) t: String,
    pub(crate) rational: String,
    pub(crate) induced: String,
    pub(crate) outcome: String,
    #[serde(rename = "move")]
    pub(crate) to: Option<StepMove>,
}

/// The move of `game-three`: steps on one component (its place on the command line, counted from
/// 1, as in `sum --json`).
#[derive(Serialize)]
pub(crate) struct ComponentMove {
    pub(crate) component: usize,
    pub(crate) steps: String,
    pub(crate) to: String,
}

/// `game-three R1 R2 ... --json`.
#[derive(Serialize)]
pub(crate) struct GameThree {
    pub(crate) rationals: Vec<String>,
    pub(crate) induced: Vec<String>,
    pub(crate) nim_sum: String,
    pub(crate) outcome: String,
    #[serde(rename = "move")]
    pub(crate) to: Option<ComponentMove>,
}

/// `cw R --json` (and `--path`: the rationals from R up to the root 0/1).
#[derive(Serialize)]
pub(crate) struct Cw {
    pub(crate) rational: String,
    pub(crate) level: String,
    pub(crate) continued_fraction: Vec<String>,
    pub(crate) parent: Option<String>,
    /// Left child (none for 0/1) and right child.
    pub(crate) children: [Option<String>; 2],
    /// The breadth-first index; null when it has more bits than the library builds.
    pub(crate) index: Option<String>,
    /// With `--path`: the rationals from this one up to the root 0/1 (written as they are
    /// found, never held in memory).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) path: Option<PathToRoot>,
}

/// The path from a rational up to the root 0/1, serialized as an array of strings one parent at
/// a time.
pub(crate) struct PathToRoot(pub(crate) Rational);

impl Serialize for PathToRoot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(None)?;
        let mut c = Some(self.0.clone());
        while let Some(r) = c {
            seq.serialize_element(&r.to_string())?;
            c = r.parent();
        }
        seq.end()
    }
}

/// A rational as a string `p/q`.
pub(crate) fn rat(r: &Rational) -> String {
    r.to_string()
}
