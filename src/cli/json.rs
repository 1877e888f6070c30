//! Every JSON object the command line prints, in one place, derived with serde.
//!
//! Conventions (doc/guide.md, "JSON output"): one object per line; every top-level object starts
//! with its shape's `"version"` ([`Versioned`], added by `Out::json`: [`VERSION`], or a shape's
//! own such as [`GAME_THREE_VERSION`]); every integer that can exceed 2^53 — a, t, n, N, piles,
//! counts, sums, levels, indices — is a decimal string; absent values are `null`.  Only `version`,
//! a catalogue `offset` and a `component` position (an argument's place on the command line,
//! counted from 1) are JSON numbers.  A command with a JSON form has one shape, listed here.

use rug::Integer;
use serde::Serialize;
use std::fmt::Display;
use wythoff::Rules;
use wythoff::pairs::Position;
use wythoff::ratwyt::Rational;

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

/// The game an answer is of: `"a"` and `"misere"`, the first fields of `nth`, `move` and `pairs`.
#[derive(Serialize)]
pub(crate) struct Game {
    a: String,
    misere: bool,
}

impl Game {
    /// The game of `rules`.
    pub(crate) fn of(rules: &Rules) -> Game {
        Game {
            a: s(rules.a()),
            misere: rules.misere(),
        }
    }
}

/// `nth`: the n-th P-position.
#[derive(Serialize)]
pub(crate) struct Nth {
    #[serde(flatten)]
    pub(crate) game: Game,
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
    pub(crate) game: Game,
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
    pub(crate) game: Game,
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

/// A rational as a string `p/q`.
pub(crate) fn rat(r: &Rational) -> String {
    r.to_string()
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

/// `rows --growth CERT...`: one entry per certificate.
#[derive(Serialize)]
pub(crate) struct RowsGrowth {
    pub(crate) certificates: Vec<RowGrowthJson>,
}

/// The growth facts of one certificate (`wythoff::grundy::rows::growth::RowGrowth`).
#[derive(Serialize)]
pub(crate) struct RowGrowthJson {
    pub(crate) file: String,
    pub(crate) a: String,
    pub(crate) rows: String,
    pub(crate) joint_preperiod: String,
    pub(crate) joint_period: String,
    /// Whether every row x ≥ 1 has a period 3·2^k; null when the certificate has no row x ≥ 1.
    pub(crate) periods_all_3_2k: Option<bool>,
    /// The rows x ≥ 1 whose period is not 3·2^k: [row, period].
    pub(crate) not_3_2k: Vec<[String; 2]>,
    pub(crate) distinct_periods: Vec<String>,
    /// The distinct odd parts m of the periods m·2^k of rows x >= 1.
    pub(crate) odd_parts: Vec<String>,
    /// [j, largest preperiod over rows 2^(j-1)..2^j - 1, largest over rows 2^j..2^(j+1) - 1].
    pub(crate) doublings: Vec<[String; 3]>,
    /// The least-squares line log2 y0 = exponent * log2 x + intercept (decimal strings), or null.
    pub(crate) fit: Option<GrowthFit>,
}

/// A least-squares line in log-log coordinates, its numbers as decimal strings.
#[derive(Serialize)]
pub(crate) struct GrowthFit {
    pub(crate) from_row: String,
    pub(crate) rows_used: String,
    pub(crate) exponent: String,
    pub(crate) log2_intercept: String,
}

/// `grundy N --rules R --checksum --json`: the checksum of a line game's table.
#[derive(Serialize)]
pub(crate) struct LineChecksum {
    /// The rules, `P,Q:P,Q:…`.
    pub(crate) rules: String,
    #[serde(rename = "N")]
    pub(crate) n: String,
    pub(crate) sum: String,
    /// XXH3-64 of the row-major little-endian u32 square, 16 hexadecimal digits.
    pub(crate) xxh3: String,
}

/// `gvalue G N --json`: the N-th g-value of G and its diagonal y − x.
#[derive(Serialize)]
pub(crate) struct GValueJson {
    g: String,
    n: String,
    x: String,
    y: String,
    diagonal: String,
    method: &'static str,
    status: &'static str,
}

impl GValueJson {
    /// The N-th g-value (x, y) of G, x ≤ y, found by `method` (`formula`, `sweep` or
    /// `automaton`) with `status` (`proved`: each method's answers are proved).
    pub(crate) fn new(
        g: u32,
        n: &Integer,
        x: &Integer,
        y: &Integer,
        method: &'static str,
        status: &'static str,
    ) -> GValueJson {
        GValueJson {
            g: s(g),
            n: s(n),
            x: s(x),
            y: s(y),
            diagonal: s(Integer::from(y - x)),
            method,
            status,
        }
    }
}

/// `gvalue 1 --count K --rule --json`: the automaton against the greedy, its checks as those of
/// `verify` (crates/core/src/check.rs).
#[derive(Serialize)]
pub(crate) struct GRule<'a> {
    pub(crate) g: String,
    pub(crate) count: String,
    pub(crate) verdict: wythoff::check::Status,
    pub(crate) checks: &'a [wythoff::check::Check],
}

/// The extremes of one deviation in `gvalue G --count K --json`.
#[derive(Serialize)]
pub(crate) struct GExtremes {
    pub(crate) min: String,
    pub(crate) max: String,
    pub(crate) largest: String,
    pub(crate) last_growth: String,
}

impl From<wythoff::gvalues::summary::Extremes> for GExtremes {
    fn from(e: wythoff::gvalues::summary::Extremes) -> Self {
        GExtremes {
            min: s(e.min),
            max: s(e.max),
            largest: s(e.largest()),
            last_growth: s(e.last_growth),
        }
    }
}

/// `gvalue G --count K --json`: the summary of the first K g-values against the 0-values.
#[derive(Serialize)]
pub(crate) struct GSummary {
    pub(crate) g: String,
    pub(crate) count: String,
    /// [n, x, y] of the last g-value, or null for K = 0.
    pub(crate) last: Option<[String; 3]>,
    pub(crate) x_minus_a: GExtremes,
    pub(crate) y_minus_b: GExtremes,
    pub(crate) diagonal_minus_n: GExtremes,
    pub(crate) largest_diagonal: String,
    pub(crate) unused_diagonals: String,
    /// The first 32 unused diagonals, in increasing order.
    pub(crate) unused_diagonal_list: Vec<String>,
    /// The number of n ≥ 1 at which (y − x) − n changed.
    pub(crate) diagonal_minus_n_changes: String,
    /// The first n of the last run of equal (y − x) − n (the prefix is a shifted Wythoff
    /// sequence from there on, and from no smaller n).
    pub(crate) constant_from: String,
    /// (y − x) − n on that run.
    pub(crate) shift: String,
    /// [value, how often] for each value of (y − x) − n, in increasing value.
    pub(crate) diagonal_minus_n_counts: Vec<[String; 2]>,
}

/// `gvalue G --count K --all --json`: the summaries of every value h ≤ G from one sweep.
#[derive(Serialize)]
pub(crate) struct GSummaries {
    pub(crate) top: String,
    pub(crate) count: String,
    /// What the figures are: measurements on a range, not proof.
    pub(crate) evidence: String,
    /// The summary of each h = 0..=top, in order.
    pub(crate) values: Vec<GSummary>,
    /// The plots written (--plots DIR), else empty.
    pub(crate) plots: Vec<String>,
}

impl From<&wythoff::gvalues::Summary> for GSummary {
    fn from(v: &wythoff::gvalues::Summary) -> Self {
        let (n, x, y) = v.last;
        GSummary {
            g: s(v.g),
            count: s(v.count),
            last: (v.count > 0).then(|| [s(n), s(x), s(y)]),
            x_minus_a: v.lower.into(),
            y_minus_b: v.upper.into(),
            diagonal_minus_n: v.diagonal.into(),
            largest_diagonal: s(v.largest_diagonal),
            unused_diagonals: s(v.skipped_diagonals),
            unused_diagonal_list: all(&v.skipped_list),
            diagonal_minus_n_changes: s(v.tail.changes),
            constant_from: s(v.tail.constant_from),
            shift: s(v.tail.shift),
            diagonal_minus_n_counts: v.tail.counts.iter().map(|&(d, c)| [s(d), s(c)]).collect(),
        }
    }
}

/// `gvalue --check FILE --json`: whether every record is the sweep's g-value.
#[derive(Serialize)]
pub(crate) struct GCheck {
    pub(crate) g: String,
    pub(crate) count: String,
    pub(crate) ok: bool,
    /// The first record n that differs, or null.
    pub(crate) first_wrong: Option<String>,
}

/// `gvalue G --against TABLE --json`: the sweep against a table file.
#[derive(Serialize)]
pub(crate) struct GAgainst {
    pub(crate) g: String,
    pub(crate) side: String,
    /// The cells x ≤ y < side of value ≤ g found equal.
    pub(crate) cells: String,
    pub(crate) ok: bool,
    pub(crate) first_wrong: Option<GWrongCell>,
}

/// The first cell where a table and the sweep differ.
#[derive(Serialize)]
pub(crate) struct GWrongCell {
    pub(crate) x: String,
    pub(crate) y: String,
    /// The table's value.
    pub(crate) table: String,
    /// The sweep's value ≤ g there, or null.
    pub(crate) sweep: Option<String>,
}
