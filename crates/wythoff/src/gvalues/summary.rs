//! Figures of a prefix of the g-values measured against the 0-values of the same index.
//!
//! Algorithm: for each g-value (n, x, y) the 0-value (A_n, B_n) is stepped along exactly —
//! A_{n+1} = A_n + 2 iff A_n + 2 ≤ (n + 1)φ iff (2(A_n + 2) − (n + 1))² < 5(n + 1)² (both
//! sides integers, √5 irrational, 2(A_n + 2) > n + 1), B_n = A_n + n — and the extremes of
//! x − A_n, y − B_n and y − x − n are kept with the index where each last grew, and the runs of
//! equal (y − x) − n are counted (Sun's shifted Wythoff question, [`Tail`]).  Source: the
//! floor formula A_n = ⌊nφ⌋ (Wythoff 1907); the bounded distance of the g-values to the 0-values
//! is Nivasch's theorem (Games of No Chance 3, 2009), measured here on a prefix, not proved.
//! [`summarize_all`] summarizes every value h ≤ G from one joint sweep.
//! Cost: O(1) per g-value, u128 arithmetic; memory a window of the diagonals (a few words) and
//! the counts of (y − x) − n (bounded by Nivasch's theorem) per value.

use super::sweep::{GValue, Sweep};
use super::window::MexSet;
use crate::context::Context;
use crate::error::{Error, Result};

/// The extremes of one signed deviation over a prefix, and where they were last reached anew.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Extremes {
    /// The smallest deviation seen.
    pub min: i64,
    /// The largest deviation seen.
    pub max: i64,
    /// The index n at which the largest |deviation| last grew (from there on it did not).
    pub last_growth: u64,
}

impl Extremes {
    /// Takes the deviation `v` of index `n`; n = 0, the first, sets both extremes.
    fn see(&mut self, n: u64, v: i64) {
        if n == 0 {
            *self = Extremes {
                min: v,
                max: v,
                last_growth: 0,
            };
            return;
        }
        let before = self.min.unsigned_abs().max(self.max.unsigned_abs());
        self.min = self.min.min(v);
        self.max = self.max.max(v);
        if v.unsigned_abs() > before {
            self.last_growth = n;
        }
    }

    /// The largest |deviation|.
    pub fn largest(&self) -> u64 {
        self.min.unsigned_abs().max(self.max.unsigned_abs())
    }
}

/// What a prefix of the g-values shows (doc/gvalues.md, "The summary").
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// The value g.
    pub g: u32,
    /// The number of g-values in the prefix.
    pub count: u64,
    /// The last g-value (n, x, y).
    pub last: (u64, u64, u64),
    /// x − A_n.
    pub lower: Extremes,
    /// y − B_n.
    pub upper: Extremes,
    /// (y − x) − n: the diagonal against the 0-value's diagonal n.
    pub diagonal: Extremes,
    /// The largest diagonal y − x seen.
    pub largest_diagonal: u64,
    /// The diagonals 0..=largest_diagonal no g-value of the prefix uses.
    pub skipped_diagonals: u64,
    /// The first [`LISTED`] of those diagonals, in increasing order.
    pub skipped_list: Vec<u64>,
    /// Sun's shifted Wythoff question on the prefix ([`Tail`]).
    pub tail: Tail,
}

impl std::fmt::Display for Summary {
    /// The summary as the lines of `wythoff gvalue G --count K` (doc/gvalues.md, "The
    /// summary"), without a final newline: `g=… count=…`, then (when the count is not 0) the last
    /// g-value, the three deviations, the diagonals unused and the shifted Wythoff tail.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (n, x, y) = self.last;
        write!(f, "g={} count={}", self.g, self.count)?;
        if self.count == 0 {
            return Ok(());
        }
        write!(f, "\nlast: n={n} x={x} y={y}")?;
        for (what, e) in [
            ("x - A_n", self.lower),
            ("y - B_n", self.upper),
            ("(y - x) - n", self.diagonal),
        ] {
            write!(
                f,
                "\n{what}: from {} to {}; largest |.| = {}, last grew at n={}",
                e.min,
                e.max,
                e.largest(),
                e.last_growth
            )?;
        }
        let listed: Vec<String> = self.skipped_list.iter().map(u64::to_string).collect();
        let more = if self.skipped_diagonals > listed.len() as u64 {
            " …"
        } else {
            ""
        };
        write!(
            f,
            "\ndiagonals: largest y - x = {}, {} of 0..={} unused{}{}{more}",
            self.largest_diagonal,
            self.skipped_diagonals,
            self.largest_diagonal,
            if listed.is_empty() { "" } else { ": " },
            listed.join(" ")
        )?;
        let t = &self.tail;
        let counts: Vec<String> = t.counts.iter().map(|(d, c)| format!("{d}:{c}")).collect();
        write!(
            f,
            "\nshifted Wythoff: (y - x) - n changed {} times; its last run: {} from n={} to \
             n={}; value:count {}",
            t.changes,
            t.shift,
            t.constant_from,
            self.count - 1,
            counts.join(" ")
        )
    }
}

/// The prefix against a shifted Wythoff sequence in the sense of X. Sun ("Wythoff's sequence and
/// N-heap Wythoff's conjectures", Discrete Math. 300, 2005): pairs with
/// a_n = mex({a_i, b_i : i < n} ∪ T) for a finite T and b_n − a_n = n + c from some n on.  For
/// the g-values T = ∅ always (each a_n is the mex of the numbers earlier pairs use: doc/gvalues.md,
/// the Lemma), so the question is whether (y − x) − n is constant from some n on.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tail {
    /// The number of n ≥ 1 at which (y − x) − n differs from its value at n − 1.
    pub changes: u64,
    /// The first n of the last run of equal (y − x) − n: the prefix is a shifted Wythoff
    /// sequence from there to its end, and from no smaller n.
    pub constant_from: u64,
    /// (y − x) − n on that run: the shift c.
    pub shift: i64,
    /// How often each value of (y − x) − n occurs, in increasing value.
    pub counts: Vec<(i64, u64)>,
}

/// What the summaries are, said with every report of them.
pub const EVIDENCE: &str = "measurements on the first K g-values of each value, exact on that \
    range: evidence, not proof (doc/gvalues.md, \"The summary\")";

/// How many unused diagonals a summary lists.
pub const LISTED: usize = 32;

/// The summary of one value's g-values, fed one g-value at a time (n = 0, 1, 2, … in order).
pub struct Summarizer {
    s: Summary,
    /// A_n of the 0-value of the index last seen.
    a: u128,
    diagonals: MexSet,
    counts: std::collections::BTreeMap<i64, u64>,
}

impl Summarizer {
    /// An empty summary of the g-values of `g`.
    pub fn new(g: u32) -> Summarizer {
        Summarizer {
            s: Summary {
                g,
                ..Summary::default()
            },
            a: 0, // A_0 = 0
            diagonals: MexSet::new(1 << 30),
            counts: Default::default(),
        }
    }

    /// The number of g-values seen.
    pub fn count(&self) -> u64 {
        self.s.count
    }

    /// Takes the next g-value, which must be the one of index [`Summarizer::count`].
    pub fn see(&mut self, v: GValue) -> Result<()> {
        let n = self.s.count;
        let s = &mut self.s;
        if v.n != n || v.g != s.g {
            return Err(Error::internal("the g-values are not consecutive"));
        }
        if n > 0 {
            let m = u128::from(n);
            let k = self.a + 2;
            let lhs = 2 * k - m; // > 0: A_{n−1} ≥ n − 1
            self.a = if lhs * lhs < 5 * m * m { k } else { self.a + 1 };
        }
        let dev = |p: u64, q: u128| -> Result<i64> {
            i64::try_from(i128::from(p) - q as i128)
                .map_err(|_| Error::internal("a deviation from the 0-values passed 2^63"))
        };
        let b = self.a + u128::from(n);
        s.lower.see(n, dev(v.x, self.a)?);
        s.upper.see(n, dev(v.y, b)?);
        let d = v.y - v.x;
        // the diagonals of one value are distinct (cells on one diagonal are options of each
        // other): a repeat is a wrong sweep
        if self.diagonals.contains(d) {
            return Err(Error::internal(format!(
                "the g-values of {} use the diagonal {d} twice (n = {n})",
                s.g
            )));
        }
        self.diagonals
            .insert(d)
            .map_err(|_| Error::internal("the unused diagonals outgrew 1 GiB"))?;
        let shift = dev(d, u128::from(n))?;
        s.diagonal.see(n, shift);
        if n > 0 && shift != s.tail.shift {
            s.tail.changes += 1;
            s.tail.constant_from = n;
        }
        s.tail.shift = shift;
        *self.counts.entry(shift).or_default() += 1;
        s.largest_diagonal = s.largest_diagonal.max(d);
        s.last = (v.n, v.x, v.y);
        s.count = n + 1;
        Ok(())
    }

    /// The summary of the g-values seen.
    pub fn finish(mut self) -> Summary {
        let s = &mut self.s;
        let mut d = self.diagonals.next_absent(0);
        while d < s.largest_diagonal && s.skipped_list.len() < LISTED {
            s.skipped_list.push(d);
            d = self.diagonals.next_absent(d + 1);
        }
        s.skipped_diagonals = if s.count == 0 {
            0
        } else {
            (s.largest_diagonal + 1).saturating_sub(s.count)
        };
        s.tail.counts = self.counts.into_iter().collect();
        self.s
    }
}

/// Steps the 0-values along with the g-values of `values` (which must start at n = 0 and be
/// consecutive) and returns the figures; the context gets the number of values done, in steps
/// of 2^20, and its flag is polled at each step.
pub fn summarize(
    g: u32,
    values: impl Iterator<Item = Result<GValue>>,
    ctx: &Context,
) -> Result<Summary> {
    let mut s = Summarizer::new(g);
    for v in values {
        s.see(v?)?;
        if s.count().is_multiple_of(1 << 20) {
            ctx.check()?;
            ctx.report(1 << 20);
        }
    }
    ctx.report(s.count() % (1 << 20));
    Ok(s.finish())
}

/// The summaries of the first `count` g-values of every value h ≤ `top`, from one joint sweep
/// (windows capped at `cap_bytes`, as [`super::plan`] gives for `top` and `count`);
/// the context gets the rows swept, in steps of 2^16, and its flag is polled at each step.
pub fn summarize_all(top: u32, count: u64, cap_bytes: u64, ctx: &Context) -> Result<Vec<Summary>> {
    let mut sweep = Sweep::new(top, cap_bytes)?;
    let mut all: Vec<Summarizer> = (0..=top).map(Summarizer::new).collect();
    // the values with fewer than `count` g-values so far
    let mut short = if count == 0 { 0 } else { all.len() };
    let mut failed = None;
    while short > 0 && failed.is_none() {
        sweep.step(&mut |v| {
            let s = &mut all[v.g as usize];
            if s.count() < count && failed.is_none() {
                if let Err(e) = s.see(v) {
                    failed = Some(e);
                }
                if s.count() == count {
                    short -= 1;
                }
            }
        })?;
        if sweep.row().is_multiple_of(1 << 16) {
            ctx.check()?;
            ctx.report(1 << 16);
        }
    }
    if let Some(e) = failed {
        return Err(e);
    }
    ctx.report(sweep.row() % (1 << 16));
    Ok(all.into_iter().map(Summarizer::finish).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairs::algebraic::lower_u128;

    #[test]
    fn zero_values_deviate_nowhere_and_the_stepping_is_the_floor_formula() {
        let zeros = (0..100_000u64).map(|n| {
            let a = lower_u128(1, n).unwrap() as u64;
            Ok(GValue {
                g: 0,
                n,
                x: a,
                y: a + n,
            })
        });
        let s = summarize(0, zeros, &Context::serial()).unwrap();
        assert_eq!((s.lower.largest(), s.upper.largest()), (0, 0));
        assert_eq!((s.count, s.skipped_diagonals), (100_000, 0));
    }

    #[test]
    fn a_shifted_value_is_seen() {
        let vals = (0..10u64).map(|n| {
            let a = lower_u128(1, n).unwrap() as u64;
            let x = if n == 7 { a + 3 } else { a };
            Ok(GValue {
                g: 1,
                n,
                x,
                y: x + n,
            })
        });
        let s = summarize(1, vals, &Context::serial()).unwrap();
        assert_eq!((s.lower.max, s.lower.last_growth), (3, 7));
        assert_eq!((s.upper.max, s.diagonal.max), (3, 0));
        assert!(s.skipped_list.is_empty());
        // diagonals 0, 2, 5: 1, 3 and 4 unused
        let vals = [(0u64, 0u64), (1, 3), (2, 7)].into_iter().enumerate();
        let vals = vals.map(|(n, (x, y))| {
            Ok(GValue {
                g: 2,
                n: n as u64,
                x,
                y,
            })
        });
        let s = summarize(2, vals, &Context::serial()).unwrap();
        assert_eq!(
            (s.skipped_diagonals, &s.skipped_list[..]),
            (3, &[1, 3, 4][..])
        );
    }
}
