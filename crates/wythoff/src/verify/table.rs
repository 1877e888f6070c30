//! Facts of a whole Grundy table of Wythoff's game (a = 1), measured and checked in one pass
//! over its upper triangle — a table in memory or a table file read through its memory map.
//!
//! * **Distances of g-values from the 0-values** (G. Nivasch, "More on the Sprague–Grundy
//!   function for Wythoff's game", Games of No Chance 3, 2009, proves that the g-values lie in
//!   strips of bounded width around the two lines y = φx and y = x/φ along which the 0-values
//!   lie; U. Blass and A. S. Fraenkel, "The Sprague–Grundy function for Wythoff's game",
//!   Theoret. Comput. Sci. 75, 1990, for g = 1).  The distance of a cell (x, y) is measured
//!   along its row: D(x, y) = min(⌊|y − xφ|⌋, ⌊|y − x/φ|⌋) for x ≥ 1 (D(0, y) = y), computed
//!   exactly from ⌊xφ⌋ (x/φ = xφ − x; y > xφ iff y > ⌊xφ⌋).  Every 0-value has D = 0.  Row x
//!   holds exactly one g-value, at a column y_g(x), and d(g) = max D(x, y_g(x)) over the rows x
//!   with 2x + g < N.  Those rows hold their g-value inside the table, provably: among the
//!   columns 0..=2x + g of row x, a column whose cell is not g either has a smaller value (at
//!   most g columns, the values of a row being distinct), or has g in its column below row x (at
//!   most x columns, one per earlier row), or on its diagonal (at most x); so g occurs at a
//!   column y_g(x) ≤ 2x + g.  The pass checks this: for every such row the g-value is found at a
//!   column ≤ 2x + g, once.  d(g) over a finite table is a lower bound on the theorem's width for g.
//! * **The diagonal** (OEIS A047708, facts stated there, the second proved by H. A. Landman):
//!   G(n, n) ≤ 2n (since G(x, y) ≤ x + y) and n ≤ 2·G(n, n); the diagonal is a permutation
//!   of the naturals in which k occurs at a position n ≤ 2k (no value twice, as the diagonal
//!   cells are options of each other).
//!
//! Cost: one pass over the N(N+1)/2 stored cells, O(N²), rows in parallel; O(N) memory per
//! worker.

use super::Config;
use super::report::{Check, Measurement};
use super::run::Run;
use crate::error::{Error, Result};
use crate::files::header::{Damage, FileError};
use crate::grundy::store;
use crate::grundy::{Layout, TableFile};
use crate::pairs::algebraic;
use rayon::prelude::*;
use serde_json::json;

/// Everything the pass over a table measures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFacts {
    /// Side N.
    pub n: u64,
    /// d(g) for each g < N: the largest D(x, y_g(x)) over the rows x with 2x + g < N
    /// (`None` when no such row has been found holding g).
    pub d: Vec<Option<u64>>,
    /// The least row x at which d(g) is attained, for each g with d(g) known.
    pub d_row: Vec<u64>,
    /// d_far(g): the same maximum over the rows x ≥ 4g only, away from the corner (row 0 holds
    /// g at column g: D(0, g) = g); known for 9g < N.
    pub d_far: Vec<Option<u64>>,
    /// For each row x with 2x + 1 < N: D(x, y_1(x)), the distance of its 1-value from the
    /// nearer line (`None` if the row did not hold 1 at a column ≤ 2x + 1).
    pub one_distances: Vec<Option<u64>>,
    /// Per g < N: how many rows x with 2x + g < N held g at a column ≤ 2x + g.
    pub found: Vec<u64>,
    /// Stored cells read.
    pub cells: u64,
    /// The first cell (row-major, x ≤ y) with G(x, y) > x + y.
    pub above_sum: Option<(u64, u64, u32)>,
    /// G(n, n) for n < N.
    pub diagonal: Vec<u32>,
}

/// Rows x with 2x + g < N: ⌊(N − 1 − g)/2⌋ + 1 of them for g < N.
pub fn rows_for(n: u64, g: u64) -> u64 {
    if g >= n { 0 } else { (n - 1 - g) / 2 + 1 }
}

/// ⌊xφ⌋ for x < n (exact: the lower Wythoff numbers' formula).
pub fn floor_phi(n: u64) -> Result<Vec<u64>> {
    (0..n)
        .map(|x| {
            algebraic::lower_u128(1, x)
                .and_then(|v| u64::try_from(v).ok())
                .ok_or_else(|| Error::internal("x*phi beyond 64 bits"))
        })
        .collect()
}

/// D(x, y) = min(⌊|y − xφ|⌋, ⌊|y − x/φ|⌋) for x ≥ 1, and y for x = 0; `fx` = ⌊xφ⌋.
#[inline]
pub fn distance(x: u64, y: u64, fx: u64) -> u64 {
    if x == 0 {
        return y;
    }
    // xφ and x/φ = xφ − x are irrational: y exceeds them iff it exceeds their floors.
    let to = |f: u64| if y > f { y - f - 1 } else { f - y };
    to(fx).min(to(fx - x))
}

/// One worker's findings.
struct Acc {
    d: Vec<Option<u64>>,
    d_row: Vec<u64>,
    d_far: Vec<Option<u64>>,
    found: Vec<u64>,
    ones: Vec<(usize, u64)>,
    cells: u64,
    above_sum: Option<(u64, u64, u32)>,
}

impl Acc {
    fn new(n: usize) -> Acc {
        Acc {
            d: vec![None; n],
            d_row: vec![0; n],
            d_far: vec![None; n],
            found: vec![0; n],
            ones: Vec::new(),
            cells: 0,
            above_sum: None,
        }
    }

    /// Cell (row, col) of the full square holds g (row and col < N).
    #[inline]
    fn see(&mut self, fphi: &[u64], n: usize, row: usize, col: usize, g: u32) {
        let g = g as usize;
        if 2 * row + g >= n || col > 2 * row + g {
            return;
        }
        self.found[g] += 1;
        let dist = distance(row as u64, col as u64, fphi[row]);
        let e = &mut self.d[g];
        match *e {
            Some(v) if v > dist || (v == dist && self.d_row[g] <= row as u64) => {}
            _ => {
                *e = Some(dist);
                self.d_row[g] = row as u64;
            }
        }
        if row >= 4 * g {
            let e = &mut self.d_far[g];
            *e = Some(e.map_or(dist, |v| v.max(dist)));
        }
        if g == 1 {
            self.ones.push((row, dist));
        }
    }

    fn merge(mut self, o: Acc) -> Acc {
        for g in 0..self.d.len() {
            let (a, b) = (self.d[g], o.d[g]);
            let take = match (a, b) {
                (_, None) => false,
                (None, Some(_)) => true,
                (Some(x), Some(y)) => y > x || (y == x && o.d_row[g] < self.d_row[g]),
            };
            if take {
                self.d[g] = b;
                self.d_row[g] = o.d_row[g];
            }
        }
        for (a, b) in self.d_far.iter_mut().zip(o.d_far) {
            *a = match (*a, b) {
                (Some(x), Some(y)) => Some(x.max(y)),
                (x, y) => x.or(y),
            };
        }
        for (a, b) in self.found.iter_mut().zip(o.found) {
            *a += b;
        }
        self.ones.extend(o.ones);
        self.cells += o.cells;
        self.above_sum = match (self.above_sum, o.above_sum) {
            (Some(p), Some(q)) => Some(p.min(q)),
            (p, q) => p.or(q),
        };
        self
    }
}

/// Measures a table of Wythoff's game (a = 1) stored as an upper triangle `payload` of
/// `layout` (the table file's payload or an engine table's data).
pub fn measure(payload: &[u8], layout: Layout) -> Result<TableFacts> {
    let n = layout.n;
    if payload.len() < layout.bytes() {
        return Err(Error::internal("payload shorter than its layout"));
    }
    let fphi = floor_phi(n as u64)?;
    // Bands of rows holding about equal numbers of cells.
    let bands = (rayon::current_num_threads() * 8).clamp(1, n.max(1));
    let mut cuts = vec![0usize];
    let total = layout.values() as u128;
    let mut cum = 0u128;
    for x in 0..n {
        cum += (n - x) as u128;
        if cum * bands as u128 >= total * cuts.len() as u128 && x + 1 < n {
            cuts.push(x + 1);
        }
    }
    cuts.push(n);
    cuts.dedup();
    let acc = cuts
        .par_windows(2)
        .map(|w| {
            let mut acc = Acc::new(n);
            let mut row = vec![0u32; n];
            for x in w[0]..w[1] {
                let len = n - x;
                let off = layout.row_start(x) * layout.width;
                store::decode_into(&payload[off..], layout.width, &mut row[..len]);
                for (i, &g) in row[..len].iter().enumerate() {
                    let y = x + i;
                    if u64::from(g) > (x + y) as u64 && acc.above_sum.is_none() {
                        acc.above_sum = Some((x as u64, y as u64, g));
                    }
                    if (g as usize) < n {
                        acc.see(&fphi, n, x, y, g);
                        if y != x {
                            acc.see(&fphi, n, y, x, g);
                        }
                    }
                }
                acc.cells += len as u64;
            }
            acc
        })
        .reduce(|| Acc::new(n), Acc::merge);
    let mut one_distances = vec![None; rows_for(n as u64, 1) as usize];
    for (row, dist) in acc.ones {
        if let Some(s) = one_distances.get_mut(row) {
            *s = Some(dist);
        }
    }
    let diagonal = (0..n).map(|i| store::read(payload, layout, i, i)).collect();
    Ok(TableFacts {
        n: n as u64,
        d: acc.d,
        d_row: acc.d_row,
        d_far: acc.d_far,
        one_distances,
        found: acc.found,
        cells: acc.cells,
        above_sum: acc.above_sum,
        diagonal,
    })
}

/// The g whose d(g) the report lists: g < max(1, ⌊N/4⌋), each over at least 3N/8 rows.
pub fn reported_g(n: u64) -> u64 {
    (n / 4).max(1).min(n)
}

/// The g whose d_far(g) exists: 4g ≤ (N − 1 − g)/2, that is g ≤ (N − 1)/9; those below
/// [`reported_g`].
pub fn far_g(n: u64) -> u64 {
    (n.saturating_sub(1) / 9 + 1).min(reported_g(n))
}

/// The least-squares line d ≈ slope·g + intercept over 1 ≤ g < `upto` (sums exact in 128
/// bits, the quotient in floating point: a figure, not a decision).  `None` with fewer than
/// two points.
pub fn fit(d: &[Option<u64>], upto: u64) -> Option<(f64, f64)> {
    let pts: Vec<(i128, i128)> = (1..upto.min(d.len() as u64))
        .filter_map(|g| d[g as usize].map(|v| (g as i128, v as i128)))
        .collect();
    let k = pts.len() as i128;
    if k < 2 {
        return None;
    }
    let (sx, sy) = pts.iter().fold((0, 0), |(a, b), &(x, y)| (a + x, b + y));
    let (sxx, sxy) = pts
        .iter()
        .fold((0, 0), |(a, b), &(x, y)| (a + x * x, b + x * y));
    let den = k * sxx - sx * sx;
    if den == 0 {
        return None;
    }
    let slope = (k * sxy - sx * sy) as f64 / den as f64;
    let intercept = (sy as f64 - slope * sx as f64) / k as f64;
    Some((slope, intercept))
}

/// An exact ratio p/q (q ≥ 1) with its decimal value, for a report.
fn ratio(p: u64, q: u64) -> serde_json::Value {
    json!({"ratio": format!("{p}/{q}"), "approx": format!("{:.6}", p as f64 / q as f64)})
}

/// `c` with the facts `min_NAME` and `max_NAME`: the least and largest p/q over the items
/// (key, p, q), each with its key under `key` (none when there are no items).
fn ratio_facts(mut c: Check, key: &str, name: &str, items: impl Iterator<Item = Item>) -> Check {
    if let Some((lo, hi)) = extremes(items) {
        for (end, (k, p, q)) in [("min", lo), ("max", hi)] {
            c = c.with_fact(
                &format!("{end}_{name}"),
                json!({key: k.to_string(), "value": ratio(p, q)}),
            );
        }
    }
    c
}

/// An item (key, p, q) whose ratio p/q is compared.
type Item = (u64, u64, u64);

/// The least and largest p/q over the items (compared exactly), with their items.
fn extremes(items: impl Iterator<Item = (u64, u64, u64)>) -> Option<(Item, Item)> {
    let less = |a: &(u64, u64, u64), b: &(u64, u64, u64)| {
        (a.1 as u128) * (b.2 as u128) < (b.1 as u128) * (a.2 as u128)
    };
    let mut best: Option<(Item, Item)> = None;
    for it in items {
        best = Some(match best {
            None => (it, it),
            Some((lo, hi)) => (
                if less(&it, &lo) { it } else { lo },
                if less(&hi, &it) { it } else { hi },
            ),
        });
    }
    best
}

/// The number of terms of A048850 (the position of k on the diagonal) the table proves: the
/// least k that does not occur among G(n, n), n < N.  Each k found is proved: the diagonal
/// holds no value twice, so its position is the one.  At least ⌈N/2⌉ (k occurs at n ≤ 2k).
pub fn inverse_terms(diagonal: &[u32]) -> u64 {
    let mut seen = vec![false; diagonal.len() + 1];
    for &g in diagonal {
        if let Some(s) = seen.get_mut(g as usize) {
            *s = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64
}

/// The checks and measurements of a table of Wythoff's game from its facts; `label` says
/// which table (for the texts).
pub fn report(f: &TableFacts, label: &str) -> (Vec<Check>, Vec<Measurement>) {
    let checks = vec![
        sum_bound_check(f, label),
        diagonal_bounds_check(f, label),
        diagonal_permutation_check(f, label),
        row_columns_check(f, label),
    ];
    let ms = vec![d_measurement(f, label), ones_measurement(f, label)];
    (checks, ms)
}

/// The check G(x, y) <= x + y over the stored cells.
fn sum_bound_check(f: &TableFacts, label: &str) -> Check {
    let n = f.n;
    Check::ran(
        "G(x, y) <= x + y",
        format!(
            "every stored cell x <= y < {n} of {label}: G(x, y) <= x + y (the bound stated in OEIS A047708)"
        ),
        f.cells,
        f.above_sum
            .map(|(x, y, g)| format!("G({x}, {y}) = {g} > {}", x + y)),
        "empty table",
    )
}

/// The check n/2 <= G(n, n) <= 2n on the diagonal, with the extreme ratios G(n, n)/n.
fn diagonal_bounds_check(f: &TableFacts, label: &str) -> Check {
    let n = f.n;
    let diag = &f.diagonal;
    let bad = diag.iter().enumerate().find_map(|(i, &g)| {
        let (i, g) = (i as u64, u64::from(g));
        (g > 2 * i || i > 2 * g).then(|| format!("G({i}, {i}) = {g} is outside [{i}/2, 2*{i}]"))
    });
    let mut c = Check::ran(
        "diagonal n/2 <= G(n, n) <= 2n",
        format!("every n < {n} of {label} (OEIS A047708)"),
        n,
        bad,
        "empty table",
    );
    let half = (n / 2).max(1);
    c = ratio_facts(
        c,
        "n",
        &format!("G(n,n)/n_for_n>={half}"),
        (half..n).map(|i| (i, u64::from(diag[i as usize]), i)),
    );
    ratio_facts(
        c,
        "n",
        "G(n,n)/n",
        (1..n).map(|i| (i, u64::from(diag[i as usize]), i)),
    )
}

/// The check that the diagonal is a permutation (no value twice, k at a position <= 2k),
/// with the number of A048850 terms proved and the extreme ratios position(k)/k.
fn diagonal_permutation_check(f: &TableFacts, label: &str) -> Check {
    let n = f.n;
    let diag = &f.diagonal;
    let mut pos = vec![u64::MAX; 2 * diag.len() + 1];
    let mut bad = None;
    for (i, &g) in diag.iter().enumerate() {
        match pos.get_mut(g as usize) {
            Some(p) if *p != u64::MAX => {
                bad.get_or_insert_with(|| {
                    format!("G({i}, {i}) = G({p}, {p}) = {g}: a value twice on the diagonal")
                });
            }
            Some(p) => *p = i as u64,
            None => {}
        }
    }
    let kmax = n.saturating_sub(1) / 2; // every k <= kmax must occur at n <= 2k < N
    if bad.is_none() {
        bad = (0..=kmax).find_map(|k| {
            let p = pos[k as usize];
            (p > 2 * k).then(|| {
                if p == u64::MAX {
                    format!("{k} does not occur on the diagonal n <= {}", 2 * k)
                } else {
                    format!("{k} occurs at n = {p} > 2*{k}")
                }
            })
        });
    }
    let mut c = Check::ran(
        "diagonal is a permutation",
        format!("{label}: no value twice among G(n, n), n < {n}, and every k <= {kmax} occurs at a position n <= 2k (OEIS A047708, Landman)"),
        n,
        bad,
        "empty table",
    )
    .with_fact("A048850_terms_proved", json!(inverse_terms(diag).to_string()));
    let khalf = (kmax / 2).max(1);
    c = ratio_facts(
        c,
        "k",
        &format!("position(k)/k_for_k>={khalf}"),
        (khalf..=kmax).filter_map(|k| {
            let p = pos[k as usize];
            (p != u64::MAX).then_some((k, p, k))
        }),
    );
    ratio_facts(
        c,
        "k",
        "position(k)/k",
        (1..=kmax).filter_map(|k| {
            let p = pos[k as usize];
            (p != u64::MAX).then_some((k, p, k))
        }),
    )
}

/// The check that every row x holds g at a column <= 2x + g when 2x + g < N.
fn row_columns_check(f: &TableFacts, label: &str) -> Check {
    let n = f.n;
    let want: u64 = (0..n).map(|g| rows_for(n, g)).sum();
    let got: u64 = f.found.iter().sum();
    let bad = (0..n).find_map(|g| {
        let (w, h) = (rows_for(n, g), f.found[g as usize]);
        (w != h).then(|| format!("g = {g}: {h} of the {w} rows x <= {} hold g at a column <= 2x + g (each should, once)", (n - 1 - g) / 2))
    });
    Check::ran(
        "g-value of row x at column <= 2x + g",
        format!(
            "{label}: for every g < {n} and row x with 2x + g < {n}, the value g occurs in row x exactly once among the columns 0..=2x+g ({want} pairs (x, g))"
        ),
        if bad.is_some() { got.min(want) } else { want },
        bad,
        "empty table",
    )
}

/// The measurement of the g-values near the 0-values (Nivasch): d(g), d_far(g) and their fits.
fn d_measurement(f: &TableFacts, label: &str) -> Measurement {
    let n = f.n;
    let gs = reported_g(n);
    let d: Vec<Option<u64>> = f.d.iter().take(gs as usize).copied().collect();
    let (gmax, dmax) = d
        .iter()
        .enumerate()
        .filter_map(|(g, v)| v.map(|v| (g, v)))
        .max_by_key(|&(g, v)| (v, std::cmp::Reverse(g)))
        .unwrap_or((0, 0));
    let gf = far_g(n);
    let ratio_max = extremes((1..gs).filter_map(|g| d[g as usize].map(|v| (g, v, g))))
        .map(|(_, hi)| json!({"g": hi.0.to_string(), "value": ratio(hi.1, hi.2)}));
    let mut values = json!({
        "N": n.to_string(),
        "g_below": gs.to_string(),
        "d": d.iter().map(|v| v.map(|v| v.to_string())).collect::<Vec<_>>(),
        "d_attained_at_row": f.d_row.iter().take(gs as usize).map(|v| v.to_string()).collect::<Vec<_>>(),
        "max": {"g": gmax.to_string(), "d": dmax.to_string()},
        "max_d(g)/g": ratio_max,
        "far_g_below": gf.to_string(),
        "d_far": f.d_far.iter().take(gf as usize).map(|v| v.map(|v| v.to_string())).collect::<Vec<_>>(),
        "lower_bound": "d(g) over this table is a lower bound on the width of Nivasch's strip for g; max d(g)/g one on c in a width c*g",
    });
    if let Some((s, i)) = fit(&f.d, gs) {
        values["fit"] = json!({"over": format!("1 <= g < {gs}"), "slope": format!("{s:.4}"), "intercept": format!("{i:.4}")});
    }
    if let Some((s, i)) = fit(&f.d_far, gf) {
        values["fit_far"] = json!({"over": format!("1 <= g < {gf}"), "slope": format!("{s:.4}"), "intercept": format!("{i:.4}")});
    }
    Measurement {
        name: "g-values near 0-values (Nivasch)".into(),
        covers: format!(
            "{label}: d(g) = the largest D(x, y) = min(floor|y - x*phi|, floor|y - x/phi|) over the cells (x, y) holding g in the rows x with 2x + g < {n} (doc/results.md), for g < {gs}; d_far(g) the same over the rows x >= 4g, for g < {}",
            far_g(n)
        ),
        values,
    }
}

/// The measurement of the 1-values near the 0-values (Blass-Fraenkel): the distances D(x, y_1(x)).
fn ones_measurement(f: &TableFacts, label: &str) -> Measurement {
    let n = f.n;
    let ones: Vec<u64> = f.one_distances.iter().flatten().copied().collect();
    let mut hist = std::collections::BTreeMap::new();
    for &o in &ones {
        *hist.entry(o).or_insert(0u64) += 1;
    }
    let far = ones.iter().copied().max();
    Measurement {
        name: "1-values near 0-values (Blass-Fraenkel)".into(),
        covers: format!(
            "{label}: D(x, y_1(x)) over the {} rows x with 2x + 1 < {n}",
            f.one_distances.len()
        ),
        values: json!({
            "N": n.to_string(),
            "rows": ones.len().to_string(),
            "max_distance": far.map(|v| v.to_string()),
            "rows_at_distance": hist.iter().map(|(o, c)| (o.to_string(), json!(c.to_string()))).collect::<serde_json::Map<_, _>>(),
        }),
    }
}

/// The names of the checks [`report`] makes, in order.
const NAMES: [&str; 4] = [
    "G(x, y) <= x + y",
    "diagonal n/2 <= G(n, n) <= 2n",
    "diagonal is a permutation",
    "g-value of row x at column <= 2x + g",
];

/// Name of the checksum check of a table file (its header and payload).
pub const CHECKSUM: &str = "table file checksum";

/// The checks of the table file `cfg.table` (none without one): its checksum, then —
/// for a table of Wythoff's game (a = 1) whose checksum holds — the checks and measurements of
/// [`report`], read through the file's memory map (nothing is recomputed).  Also returns the
/// facts, for pictures.  The list of names is the same whatever happens, so shards merge.
pub(super) fn file_checks(
    cfg: &Config,
    run: Run,
) -> Result<(Vec<Check>, Vec<Measurement>, Option<TableFacts>)> {
    let Some(path) = &cfg.table else {
        return Ok((vec![], vec![], None));
    };
    let skip_all = |why: &str, first: Option<Check>| -> Vec<Check> {
        let mut v = vec![first.unwrap_or_else(|| {
            Check::skipped(
                CHECKSUM,
                format!("the header and payload of '{path}' against the XXH3-64 in its header"),
                why,
            )
        })];
        v.extend(
            NAMES
                .iter()
                .map(|&name| Check::skipped(name, format!("the table file '{path}'"), why)),
        );
        v
    };
    if let Run::Skip(why) = run {
        return Ok((skip_all(why, None), vec![], None));
    }
    let t = TableFile::open(std::path::Path::new(path))?;
    let h = t.header;
    let what = if h.version == crate::files::table::VERSION {
        format!(
            "the {} payload bytes of '{path}' (a = {}, N = {}) against the XXH3-64 of each band \
             of {} rows in its band index, the header and index against the XXH3-64 in its header",
            h.payload_len, h.a, h.n, h.band
        )
    } else {
        format!(
            "the header (a = {}, N = {}) and the {} payload bytes of '{path}' against the XXH3-64 \
             in its header",
            h.a, h.n, h.payload_len
        )
    };
    let sum = Check::ran(
        CHECKSUM,
        what,
        h.payload_len.max(1),
        t.check_all().err().map(|e| match e {
            FileError::Damaged {
                damage: Damage::Band { first, last },
                ..
            } => format!(
                "rows {first} to {last} of '{path}' do not match their hash in its band index \
                 (damaged)"
            ),
            _ => format!(
                "the header and payload of '{path}' do not match the checksum in its header \
                 (damaged, or a header field edited)"
            ),
        }),
        "empty payload",
    );
    if sum.status != super::Status::Ok {
        return Ok((
            skip_all("the table file does not match its checksum", Some(sum)),
            vec![],
            None,
        ));
    }
    if h.a != 1 {
        let why = format!(
            "the table is of a = {}; these theorems and facts (Nivasch, Blass-Fraenkel, OEIS A047708) concern Wythoff's game, a = 1",
            h.a
        );
        return Ok((skip_all(&why, Some(sum)), vec![], None));
    }
    let facts = measure(t.payload(), t.layout())?;
    let (mut checks, ms) = report(&facts, &format!("the table file '{path}' (N = {})", h.n));
    checks.insert(0, sum);
    Ok((checks, ms, Some(facts)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_floors_of_the_distances_to_the_lines() {
        let f = floor_phi(20).unwrap();
        assert_eq!(&f[..6], &[0, 1, 3, 4, 6, 8]);
        // row 4: 4φ = 6.47, 4/φ = 2.47
        let d: Vec<u64> = (0..10).map(|y| distance(4, y, f[4])).collect();
        assert_eq!(d, [2, 1, 0, 0, 1, 1, 0, 0, 1, 2]);
        assert_eq!(distance(0, 7, 0), 7);
    }

    #[test]
    fn fit_of_a_line_is_the_line() {
        let d: Vec<Option<u64>> = (0..10).map(|g| Some(3 * g + 2)).collect();
        let (s, i) = fit(&d, 10).unwrap();
        assert!((s - 3.0).abs() < 1e-9 && (i - 2.0).abs() < 1e-9);
        assert_eq!(rows_for(10, 0), 5);
        assert_eq!(rows_for(10, 9), 1);
        assert_eq!(rows_for(10, 10), 0);
    }
}
