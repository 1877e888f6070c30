//! Fraenkel's two conjectures on the three- and four-heap slices, measured on a finite range
//! (doc/nheap.md, "The conjectures measured"; X. Sun and D. Zeilberger, Annals of Combinatorics 8
//! (2004); X. Sun, "Wythoff's sequence and N-heap Wythoff's conjectures" (2005)).
//!
//! For each slice s ≤ S, the positions (s, A_k, B_k), k = 0..K−1, A_k ≥ s increasing, come from
//! the slice engine ([`super::slice::Rows`], every row in one pass); for four heaps the same for
//! each slice of fixed heaps p ≤ q (p ≤ P, q ≤ Q), with A_k ≥ q — the largest fixed heap plays
//! the part of s throughout.  With D_k = B_k − A_k:
//!
//! * (i) — the least k₀ with D_{j+1} − D_j = 1 for every k₀ ≤ j < K − 1, the last violation
//!   j = k₀ − 1, and the shift c = D_k − k on that tail (the papers' index is n = D = k + c);
//! * (ii) — with n := D_k and r_k = A_k − ⌊nφ⌋ (⌊nφ⌋ exact, [`crate::pairs::algebraic`]), the
//!   least k₀′ such that the r_k, k ≥ k₀′, fit in a window of width 2 (some integer α has
//!   |r_k − α| ≤ 1 on the tail), the last position before it and the one it conflicts with, α
//!   (unique when the window is full; otherwise the midpoint rounded down, with every candidate
//!   given) and the extremes of ε_k = r_k − α;
//! * T — the finite set of Sun's definition: every number that is not a heap A_k or B_k of the
//!   tail of (i), that is the heaps of the pairs {a, f_s(a)} with a < s and of the positions
//!   before k₀ (doc/nheap.md proves that the tail is then a Wythoff's sequence with this T; for
//!   four heaps the pairs {a, f_{p,q}(a)} with a < q, by the same proof).
//!
//! Everything is streamed: (i) keeps the last violation, (ii) the last index of each of the at
//! most four values r in the current tail, T its size and maximum as each violation moves k₀
//! (its elements are listed when k₀ ≤ [`T_LISTED`]).  Each claim is then checked on the second
//! half of the range (k ≥ ⌊K/2⌋): `ok` means it held there, `FAIL` gives the violation that lies
//! there — evidence on a range either way, never a proof or a disproof (only the three-heap
//! slices s ≤ 10, and the four-heap slices (0, q), q ≤ 10, which are the three-heap slices q,
//! are proved).  Cost: the slice engine (O(K·S^2.585) time for K positions of slices 0..S; for
//! four heaps about (P + 1)(Q + 1) rows, each with Σ_{x_1 ≤ p, x_2 ≤ q} 2^popcount(x_1 ⊕ x_2)
//! look-ups a candidate, doc/nheap.md), plus O(1) per position and one 128-bit integer square
//! root.  Memory: the engine's, plus O(rows·T_LISTED).

mod plot;

pub use plot::{PLOTS, PLOTS_FOUR, draw_plots};

use super::slice::{self, SliceError};
use crate::check::{Check, Status};
use crate::error::{Error, Result};
use serde_json::{Value, json};

/// T is listed element by element when the tail of (i) starts at or before this index.
pub const T_LISTED: u64 = 4096;

/// The slices proved by Sun and Zeilberger (three heaps, smallest heap at most this; no
/// four-heap slice is proved).
pub const PROVED_UP_TO: u64 = 10;

/// A position of a slice: its index k and heaps (A_k, B_k).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The index k (from 0, A increasing).
    pub k: u64,
    /// The middle heap A_k.
    pub a: u64,
    /// The largest heap B_k.
    pub b: u64,
}

impl Position {
    fn json(&self) -> Value {
        json!({"n": self.k.to_string(), "A": self.a.to_string(), "B": self.b.to_string()})
    }
}

/// r = A − ⌊(B − A)·φ⌋ of a position, exactly.
pub fn offset(a: u64, b: u64) -> Result<i64> {
    let n = b
        .checked_sub(a)
        .ok_or_else(|| Error::internal("a slice position with B < A"))?;
    let f = crate::pairs::algebraic::lower_u128(1, n)
        .ok_or_else(|| Error::internal("floor(n*phi) past 128 bits"))?;
    let (a, f) = (i128::from(a), i128::try_from(f).unwrap_or(i128::MAX));
    i64::try_from(a - f).map_err(|_| Error::internal("A - floor(n*phi) past 64 bits"))
}

/// What was measured on one slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The fixed heaps: `[s]` for three heaps, `[p, q]` (p ≤ q) for four.
    pub fixed: Vec<u64>,
    /// The positions measured, k = 0..count−1.
    pub count: u64,
    /// (i): the least k₀ from which D_{k+1} − D_k = 1 on the whole range.
    pub i_from: u64,
    /// (i): the last violation before k₀: positions k₀ − 1 and k₀.
    pub i_last_violation: Option<(Position, Position)>,
    /// (i): c = D_k − k on the tail (the papers' index n = D_k = k + c).
    pub shift: i64,
    /// (ii): the least k₀′ from which A − ⌊(B − A)φ⌋ stays within 1 of one α.
    pub ii_from: u64,
    /// (ii): the position k₀′ − 1 and a later one whose r differs from its own by more than 2.
    pub ii_last_violation: Option<(Position, Position)>,
    /// (ii): the least and largest r = A − ⌊nφ⌋ on the tail.
    pub r_range: (i64, i64),
    /// (ii): α (unique when r_range spans 2; otherwise the midpoint rounded down).
    pub alpha: i64,
    /// (ii): every α with |r − α| ≤ 1 on the tail: [r_max − 1, r_min + 1].
    pub alpha_candidates: (i64, i64),
    /// Sun's T: its number of elements.
    pub t_size: u64,
    /// Sun's T: its largest element (`None` when T is empty).
    pub t_max: Option<u64>,
    /// Sun's T, ascending, when the tail of (i) starts at k₀ ≤ [`T_LISTED`].
    pub t: Option<Vec<u64>>,
    /// n₀ = D_{k₀} − 1: the tail is Sun's sequence {(A_n, B_n)}_{n > n₀}.
    pub n0: i64,
    /// |T| − 2·n₀ − 1 − (1 if the position with B = A lies in the tail): a count of the numbers the tail and T
    /// cover, which the doc compares with α (a measured figure, not a claim).
    pub alpha_by_count: i64,
}

/// The fixed heaps of a slice, or the bounds of a report, in JSON: `"s": "S"` for three heaps
/// (the form of version 1), `"fixed": ["P", "Q"]` for four.
fn fixed_json(fixed: &[u64]) -> (&'static str, Value) {
    match fixed {
        [s] => ("s", json!(s.to_string())),
        v => (
            "fixed",
            json!(v.iter().map(u64::to_string).collect::<Vec<_>>()),
        ),
    }
}

/// The report's JSON object, its fields in the documented order (`version` first).
#[derive(serde::Serialize)]
struct ReportJson<'a> {
    version: u32,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    smallest: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fixed: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'static str>,
    count: String,
    checks: &'a [Check],
    slices: Vec<Value>,
}

/// The last position of the tail of (ii) with each value r: (r, position).
type Last = (i64, Position);

/// The streaming measurement of one slice.
struct Tracker {
    fixed: Vec<u64>,
    /// The least A of a position: the largest fixed heap.
    from: u64,
    seen: u64,
    prev: Option<Position>,
    i_from: u64,
    i_last: Option<(Position, Position)>,
    d_at_from: u64,
    /// The heaps of the pairs {a, f_s(a)}, a < s.
    small: Vec<u64>,
    /// The first [`T_LISTED`] positions.
    early: Vec<(u64, u64)>,
    max_seen: u64,
    fixed_seen: u64,
    max_before: Option<u64>,
    fixed_before: u64,
    ii_from: u64,
    ii_last: Option<(Position, Position)>,
    tail: Vec<Last>,
}

impl Tracker {
    fn new(fixed: Vec<u64>) -> Tracker {
        Tracker {
            from: fixed.iter().copied().max().unwrap_or(0),
            fixed,
            seen: 0,
            prev: None,
            i_from: 0,
            i_last: None,
            d_at_from: 0,
            small: Vec::new(),
            early: Vec::new(),
            max_seen: 0,
            fixed_seen: 0,
            max_before: None,
            fixed_before: 0,
            ii_from: 0,
            ii_last: None,
            tail: Vec::new(),
        }
    }

    /// The pair {a, b}, a ≤ b, a below the largest fixed heap, of the slice's row.
    fn small_pair(&mut self, a: u64, b: u64) {
        self.small.push(a);
        if b != a {
            self.small.push(b);
        }
    }

    /// The next position (…, a, b) of the slice.
    fn position(&mut self, a: u64, b: u64) -> Result<()> {
        let p = Position { k: self.seen, a, b };
        let d = b - a;
        match self.prev {
            Some(q) if d != q.b - q.a + 1 => {
                self.i_last = Some((q, p));
                self.i_from = p.k;
                self.d_at_from = d;
                self.max_before = Some(self.max_seen);
                self.fixed_before = self.fixed_seen;
            }
            None => self.d_at_from = d,
            _ => {}
        }
        self.max_seen = self.max_seen.max(b);
        self.fixed_seen += u64::from(d == 0);
        if self.seen < T_LISTED {
            self.early.push((a, b));
        }
        // (ii): drop from the tail every value more than 2 away from the new one
        let r = offset(a, b)?;
        for &(v, q) in &self.tail {
            if v.abs_diff(r) > 2 && q.k >= self.ii_from {
                self.ii_from = q.k + 1;
                self.ii_last = Some((q, p));
            }
        }
        let from = self.ii_from;
        self.tail.retain(|&(v, q)| v != r && q.k >= from);
        self.tail.push((r, p));
        self.prev = Some(p);
        self.seen += 1;
        Ok(())
    }

    fn figures(&self) -> Figures {
        let (lo, hi) = self
            .tail
            .iter()
            .fold((i64::MAX, i64::MIN), |(lo, hi), &(v, _)| {
                (lo.min(v), hi.max(v))
            });
        let (lo, hi) = if self.tail.is_empty() {
            (0, 0)
        } else {
            (lo, hi)
        };
        let alpha = (lo + hi).div_euclid(2);
        let fixed_tail = self.fixed_seen - self.fixed_before;
        let before = if self.i_from > 0 {
            self.fixed_before
        } else {
            0
        };
        let t_size = self.small.len() as u64 + 2 * self.i_from - before;
        let t_max = self
            .small
            .iter()
            .copied()
            .max()
            .into_iter()
            .chain(self.max_before.filter(|_| self.i_from > 0))
            .max();
        let t = (self.i_from <= T_LISTED).then(|| {
            let mut t = self.small.clone();
            for &(a, b) in &self.early[..self.i_from as usize] {
                t.push(a);
                t.push(b);
            }
            t.sort_unstable();
            t.dedup();
            t
        });
        let n0 = self.d_at_from as i64 - 1;
        Figures {
            fixed: self.fixed.clone(),
            count: self.seen,
            i_from: self.i_from,
            i_last_violation: self.i_last,
            shift: self.prev.map_or(0, |p| (p.b - p.a) as i64 - p.k as i64),
            ii_from: self.ii_from,
            ii_last_violation: self.ii_last,
            r_range: (lo, hi),
            alpha,
            alpha_candidates: (hi - 1, lo + 1),
            t_size,
            t_max,
            t,
            n0,
            alpha_by_count: t_size as i64 - 2 * n0 - 1 - fixed_tail as i64,
        }
    }
}

impl Figures {
    /// The two checks of this slice, on its second half k ≥ ⌊count/2⌋.
    pub fn checks(&self) -> [Check; 2] {
        let k = self.count;
        let half = k / 2;
        let four = self.fixed.len() == 2;
        // the slice's name, its fixed heaps' letters and values, the least A
        let list = |sep: &str| {
            let v: Vec<String> = self.fixed.iter().map(u64::to_string).collect();
            v.join(sep)
        };
        let (s, h, v) = (list(","), if four { "p, q" } else { "s" }, list(", "));
        let least = if four { "q" } else { "s" };
        let proved = match self.fixed[..] {
            [s] if s <= PROVED_UP_TO => "; Sun and Zeilberger prove it for this slice".into(),
            [_] => "; open for this slice: evidence on the range, not a proof".into(),
            [0, q] if q <= PROVED_UP_TO => format!(
                "; this slice is the three-heap slice {q} (a zero heap takes no part in any \
                 move), which Sun and Zeilberger prove"
            ),
            _ => "; open for this slice, as for every four-heap slice of two nonzero fixed heaps \
                  (Sun and Zeilberger's proof covers three heaps with smallest heap <= 10): \
                  evidence on the range, not a proof"
                .to_string(),
        };
        let show = |(p, q): (Position, Position)| {
            format!(
                "({h}, A, B) = ({v}, {}, {}) at n = {} and ({v}, {}, {}) at n = {}",
                p.a, p.b, p.k, q.a, q.b, q.k
            )
        };
        let pairs = k.saturating_sub(1).saturating_sub(half);
        let i = Check::ran(
            &format!("slice {s}: (i)"),
            format!(
                "the {pairs} consecutive pairs of positions n, n+1 with {half} <= n < {} of slice \
                 {s} (the P-positions ({h}, A_n, B_n), A_n >= {least} increasing, n from 0): B - A \
                 grows by exactly 1{proved}",
                k.saturating_sub(1)
            ),
            pairs,
            (self.i_from > half)
                .then(|| self.i_last_violation.map(show))
                .flatten()
                .map(|v| format!("B - A does not grow by 1 from {v}")),
            "fewer than 3 positions: no pair in the second half",
        );
        let ii = Check::ran(
            &format!("slice {s}: (ii)"),
            format!(
                "the {} positions n with {half} <= n < {k} of slice {s}: with m = B - A, the \
                 values A - floor(m*phi) (exact) lie within 1 of one integer alpha{proved}",
                k - half
            ),
            k - half,
            (self.ii_from > half)
                .then(|| self.ii_last_violation.map(show))
                .flatten()
                .map(|v| format!("A - floor((B - A)*phi) differs by more than 2 between {v}")),
            "no position",
        );
        [self.facts(i), self.facts(ii)]
    }

    /// The check with this slice's figures as facts (T's elements only in the slice's object).
    fn facts(&self, c: Check) -> Check {
        let v = self.json();
        let mut c = c;
        if let Value::Object(m) = v {
            for (key, value) in m {
                if key != "s" && key != "fixed" && key != "t" {
                    c = c.with_fact(&key, value);
                }
            }
        }
        c
    }

    /// The figures as a JSON object (heaps and indices as decimal strings, α and ε as numbers).
    pub fn json(&self) -> Value {
        let viol = |v: Option<(Position, Position)>| {
            v.map_or(Value::Null, |(p, q)| json!([p.json(), q.json()]))
        };
        let (lo, hi) = self.r_range;
        let mut v = json!({
            "positions": self.count.to_string(),
            "i_from": self.i_from.to_string(),
            "i_last_violation": viol(self.i_last_violation),
            "shift": self.shift,
            "ii_from": self.ii_from.to_string(),
            "ii_last_violation": viol(self.ii_last_violation),
            "r_min": lo,
            "r_max": hi,
            "alpha": self.alpha,
            "alpha_candidates": [self.alpha_candidates.0, self.alpha_candidates.1],
            "epsilon_min": lo - self.alpha,
            "epsilon_max": hi - self.alpha,
            "n0": self.n0,
            "t_size": self.t_size.to_string(),
            "t_max": self.t_max.map(|m| m.to_string()),
            "t": self.t.as_ref().map(|t| t.iter().map(u64::to_string).collect::<Vec<_>>()),
            "alpha_by_count": self.alpha_by_count,
        });
        let (key, fixed) = fixed_json(&self.fixed);
        v[key] = fixed;
        v
    }
}

/// The measurement of slices 0..=S (three heaps) or of the slices (p, q), p ≤ min(q, P), q ≤ Q
/// (four heaps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The bounds of the fixed heaps: `[S]` for three heaps, `[P, Q]` (P ≤ Q) for four.
    pub bounds: Vec<u64>,
    /// The positions measured in each slice.
    pub count: u64,
    /// One per slice, in the order of the engine's rows (s = 0..=S; by q, then p).
    pub slices: Vec<Figures>,
    /// Two per slice: (i) and (ii) on the second half of its range.
    pub checks: Vec<Check>,
}

/// The version of the report's JSON form.
pub const VERSION: u32 = 1;

/// What a four-heap report is: evidence only, as no four-heap slice of two nonzero fixed heaps
/// is proved.
pub const NO_PROOF: &str = "evidence on this range only: no four-heap slice of two nonzero fixed \
                            heaps is proved (Sun and Zeilberger's proof covers three heaps with \
                            smallest heap <= 10, and so the slices (0, q), q <= 10, which are \
                            the three-heap slices q)";

impl Report {
    /// `ok` when no check failed and one ran, `FAIL` when one failed, else `skipped`.
    pub fn verdict(&self) -> Status {
        crate::check::verdict(&self.checks)
    }

    /// The report as one JSON object (with a final newline): version, verdict, S (`smallest`)
    /// or [P, Q] (`fixed`, with a `note` that it is evidence only), K, the checks and each
    /// slice's figures.
    pub fn to_json(&self) -> String {
        let (key, fixed) = fixed_json(&self.bounds);
        let three = key == "s";
        let v = ReportJson {
            version: VERSION,
            verdict: self.verdict().word(),
            smallest: three.then(|| fixed.clone()),
            fixed: (!three).then_some(fixed),
            note: (!three).then_some(NO_PROOF),
            count: self.count.to_string(),
            checks: &self.checks,
            slices: self.slices.iter().map(Figures::json).collect(),
        };
        serde_json::to_string(&v).expect("a report serializes") + "\n"
    }

    /// One line per slice (its figures), then the checks that did not pass
    /// ([`crate::check::render`], without the facts that the table holds), a count of those that
    /// did, and the verdict.
    pub fn summary(&self) -> String {
        let last = self.count.saturating_sub(1);
        let title = match self.bounds[..] {
            [s] => format!(
                "Fraenkel's conjectures on the three-heap slices s = 0..{s}, positions n = 0..{last} \
                 each (evidence on this range; proved by Sun and Zeilberger for s <= \
                 {PROVED_UP_TO})"
            ),
            _ => format!(
                "Fraenkel's conjectures on the four-heap slices (p, q), p <= q, p <= {}, q <= {}, \
                 positions n = 0..{last} each ({NO_PROOF})",
                self.bounds[0],
                self.bounds[self.bounds.len() - 1]
            ),
        };
        let w = if self.bounds.len() == 2 { 7 } else { 5 };
        let mut s = format!(
            "{title}\n{:>w$} {:>9} {:>7} {:>9} {:>6} {:>8} {:>6} {:>9}\n",
            if self.bounds.len() == 2 { "p,q" } else { "s" },
            "(i) from",
            "shift",
            "(ii) from",
            "alpha",
            "epsilon",
            "|T|",
            "max T"
        );
        for f in &self.slices {
            let fixed: Vec<String> = f.fixed.iter().map(u64::to_string).collect();
            s.push_str(&format!(
                "{:>w$} {:>9} {:>7} {:>9} {:>6} {:>8} {:>6} {:>9}\n",
                fixed.join(","),
                f.i_from,
                f.shift,
                f.ii_from,
                f.alpha,
                format!("{}..{}", f.r_range.0 - f.alpha, f.r_range.1 - f.alpha),
                f.t_size,
                f.t_max.map_or("-".into(), |m| m.to_string())
            ));
        }
        // the checks that did not pass in full (with their facts in the JSON form only)
        let not_ok: Vec<Check> = (self.checks.iter())
            .filter(|c| c.status != Status::Ok)
            .map(|c| Check {
                facts: Default::default(),
                ..c.clone()
            })
            .collect();
        s.push_str(&crate::check::render(&not_ok));
        let skipped = (self.checks.iter())
            .filter(|c| c.status == Status::Skipped)
            .count();
        s.push_str(&format!(
            "ok      {} of {} checks: (i) and (ii) on the positions n >= {} of each slice{}\n",
            self.checks.len() - not_ok.len(),
            self.checks.len(),
            self.count / 2,
            match skipped {
                0 => String::new(),
                k => format!(" ({k} skipped)"),
            }
        ));
        let said: Vec<String> = ["(i)", "(ii)"]
            .into_iter()
            .map(|st| self.statement(st))
            .collect();
        s.push_str(&format!("{}: {}\n", self.verdict().word(), said.join("; ")));
        s
    }

    /// What the checks of statement `st` ("(i)" or "(ii)") found, in words: held on every
    /// slice, did not hold on some, or was skipped (with the checks' reason) on some or all.
    fn statement(&self, st: &str) -> String {
        let of: Vec<&Check> = (self.checks.iter())
            .filter(|c| c.name.ends_with(&format!(": {st}")))
            .collect();
        let count = |status| of.iter().filter(|c| c.status == status).count();
        let (ok, failed, skipped) = (
            count(Status::Ok),
            count(Status::Fail),
            count(Status::Skipped),
        );
        let why = (of.iter())
            .find(|c| c.status == Status::Skipped)
            .and_then(|c| c.reason.clone())
            .unwrap_or_default();
        let slices = |k: usize| {
            if k == 1 {
                "1 slice".to_string()
            } else {
                format!("{k} slices")
            }
        };
        let mut said = match (failed, ok) {
            (0, 0) => return format!("{st} was not checked ({why})"),
            (0, k) if k == of.len() => {
                return format!("{st} held on the second half of every slice's range");
            }
            (0, k) => format!("{st} held on the second half of the range of {}", slices(k)),
            (f, 0) => format!(
                "{st} did not hold on the second half of the range of {}",
                slices(f)
            ),
            (f, k) => format!(
                "{st} did not hold on the second half of the range of {} and held on the other {k}",
                slices(f)
            ),
        };
        if skipped > 0 {
            said.push_str(&format!(
                " and was not checked on the other {skipped} ({why})"
            ));
        }
        said
    }
}

/// The measurement of slices 0..=S in progress, column by column: the engine and one tracker per
/// slice.  It can continue from an engine restored at any column ([`Measure::replay`]): the
/// trackers are a function of each slice's pairs, which the engine's rows hold.
pub struct Measure {
    rows: slice::Rows,
    /// One per row of the engine, in its order.
    trackers: Vec<Tracker>,
    /// The report's bounds: [S] or [P, Q].
    bounds: Vec<u64>,
    count: u64,
    /// The slices with fewer than `count` positions.
    short: usize,
}

impl Measure {
    /// Slices 0..=`s_max`, `count` positions each (refused up front as the slices are).
    pub fn new(s_max: u64, count: u64) -> std::result::Result<Measure, SliceError> {
        slice::check(s_max, count)?;
        let trackers = (0..=s_max).map(|s| Tracker::new(vec![s])).collect();
        Ok(Measure::with(
            slice::Rows::new(s_max)?,
            trackers,
            vec![s_max],
            count,
        ))
    }

    /// The four-heap slices of fixed heaps p ≤ q, p ≤ min(`p`, `q`), q ≤ max(`p`, `q`) — the
    /// rows of [`slice::Rows::pairs_below`], in their order — `count` positions each (refused up
    /// front as those slices are, [`slice::check_pairs`]).
    pub fn pairs(p: u64, q: u64, count: u64) -> std::result::Result<Measure, SliceError> {
        let (p, q) = (p.min(q), p.max(q));
        slice::check_pairs(p, q, count)?;
        let trackers = (0..=q)
            .flat_map(|b| (0..=b.min(p)).map(move |a| Tracker::new(vec![a, b])))
            .collect();
        Ok(Measure::with(
            slice::Rows::pairs_below(p, q)?,
            trackers,
            vec![p, q],
            count,
        ))
    }

    fn with(rows: slice::Rows, trackers: Vec<Tracker>, bounds: Vec<u64>, count: u64) -> Measure {
        Measure {
            rows,
            short: if count == 0 { 0 } else { trackers.len() },
            trackers,
            bounds,
            count,
        }
    }

    /// The engine.
    pub fn rows(&self) -> &slice::Rows {
        &self.rows
    }

    /// The engine, to restore a checkpoint into; [`Measure::replay`] must follow.
    pub fn rows_mut(&mut self) -> &mut slice::Rows {
        &mut self.rows
    }

    /// The trackers rebuilt from the engine's rows (after a restore): each slice's pairs fed in
    /// the order of the columns, as [`Measure::column`] feeds them.
    pub fn replay(&mut self) -> Result<()> {
        self.trackers = (self.trackers.iter())
            .map(|t| Tracker::new(t.fixed.clone()))
            .collect();
        self.short = if self.count == 0 {
            0
        } else {
            self.trackers.len()
        };
        for s in 0..self.trackers.len() {
            for (a, b) in self.rows.pairs_of(s) {
                self.feed(s, a, b)?;
            }
        }
        Ok(())
    }

    /// The pair (a, b) of row s, a ≤ b.
    fn feed(&mut self, s: usize, a: u64, b: u64) -> Result<()> {
        let tr = &mut self.trackers[s];
        if a < tr.from {
            tr.small_pair(a, b);
        } else if tr.seen < self.count {
            tr.position(a, b)?;
            if tr.seen == self.count {
                self.short -= 1;
            }
        }
        Ok(())
    }

    /// Every slice has its positions.
    pub fn done(&self) -> bool {
        self.short == 0
    }

    /// Computes the next column and feeds its new pairs to the trackers.
    pub fn column(&mut self) -> Result<()> {
        let a = self.rows.column();
        for (s, y) in self.rows.step()?.into_iter().enumerate() {
            if let Some(b) = y {
                self.feed(s, a, b)?;
            }
        }
        Ok(())
    }

    /// Runs to the end: the report.
    fn run(mut self) -> Result<Report> {
        while !self.done() {
            self.column()?;
        }
        Ok(self.report())
    }

    /// The report.
    pub fn report(&self) -> Report {
        let slices: Vec<Figures> = self.trackers.iter().map(Tracker::figures).collect();
        let checks = slices.iter().flat_map(Figures::checks).collect();
        Report {
            bounds: self.bounds.clone(),
            count: self.count,
            slices,
            checks,
        }
    }
}

/// Measures slices 0..=`s_max`, `count` positions each (refused up front as the slices are).
pub fn measure(s_max: u64, count: u64) -> Result<Report> {
    Measure::new(s_max, count)?.run()
}

/// Measures the four-heap slices of [`Measure::pairs`], `count` positions each.
pub fn measure_pairs(p: u64, q: u64, count: u64) -> Result<Report> {
    Measure::pairs(p, q, count)?.run()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_are_exact() {
        // A = floor(n*phi) gives 0 on Wythoff's pairs; n = 0 too
        assert_eq!(offset(0, 0).unwrap(), 0);
        assert_eq!(offset(3, 5).unwrap(), 0);
        assert_eq!(offset(1_000, 1_002).unwrap(), 1_000 - 3);
        assert!(offset(5, 3).is_err());
    }

    #[test]
    fn the_tail_of_ii_is_the_least_that_fits() {
        let mut t = Tracker::new(vec![0]);
        // r values 0, 5, 1, 2, 3, 1: the window of width 2 ending at the last holds 2, 3, 1
        // back to index 2 (value 1), index 1 (value 5) is the last conflict
        for (a, b) in [(0, 0), (5, 5), (1, 1), (2, 2), (3, 3), (1, 1)] {
            t.position(a, b).unwrap();
        }
        let f = t.figures();
        assert_eq!(f.ii_from, 2);
        assert_eq!(f.r_range, (1, 3));
        assert_eq!(f.alpha, 2);
        assert_eq!(f.ii_last_violation.map(|v| (v.0.k, v.1.k)), Some((1, 2)));
        // (i): B − A = 0 throughout: every step is a violation, the last at 4 → 5
        assert_eq!(f.i_from, 5);
    }
}
