//! The JSON shapes of `gvalue`: a g-value, the summaries of a sweep, the checks against a file
//! or a table.

use super::{all, s};
use rug::Integer;
use serde::Serialize;

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
