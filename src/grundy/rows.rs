//! Long rows of the Sprague–Grundy function of Wythoff's game and its generalization (parameter
//! a) with *certified* additive periods (Dress–Flammenkamp–Pink 1999; Landman 2002 — the
//! finite-state argument made computational).
//!
//! Rows 0..X−1 are swept column by column.  In row x every value below y − 2a·x already occurs
//! left of column y (doc/rows.md, the window lemma, proved there for every a), and every value is
//! at most x + y, so row x is described at column y by the window of values [y − 2aX, y + X)
//! relative to y ((2a + 1)X bits); the sweep *checks* that every bit it drops off the bottom of a
//! window is set and that no value passes its top, so the truncation is verified, not assumed.
//! Diagonal δ holds values in [δ − (2a−1)X, δ + 2X), kept relative to δ.  A diagonal move from
//! (x, y) lands on one of the 2a − 1 diagonals δ + e, |e| < a; the few cells of those diagonals
//! that are not options (computed in the last a − 2 columns, in rows below x) are masked out, and
//! those columns are part of the state.  The column y's cells then depend only on
//! S_y = (row windows, windows of diagonals y−X−a+2..y, last a − 2 columns), all relative — so
//! S_{y+p} = S_y implies G(x, y' + p) = G(x, y') + p for all y' ≥ y and every row: a proof of
//! additive periodicity.  Brent's cycle detection on S finds the joint period λ and preperiod μ
//! exactly; each row's own period is the least divisor p of λ with G(x, y+p) = G(x, y) + p over
//! one joint period after μ, and its preperiod the least y₀ from which that holds (scanning back
//! from μ).
//!
//! Cost: O((2a + 1)·(2a − 1)·X²/64) word operations per column; μ + 2λ columns (about three sweeps' worth in all).
//!
//! [`value_at`] is the one place that evaluates G at any column from certified rows: the rows up
//! to the smaller pile are certified on demand, below [`ON_DEMAND_ROWS`].

use crate::error::{Error, Result};
use rug::Integer;

pub mod certificate;
pub mod check;

/// Rows certified on demand: [`value_at`] and [`certified_rows`] accept a smaller pile below this
/// (rows 0..255 take about 80 s on one core of a 2-core AMD EPYC).
pub const ON_DEMAND_ROWS: u64 = 256;
/// Columns an on-demand certification may sweep before giving up.
pub const ON_DEMAND_COLUMNS: u64 = 100_000_000;

/// Why rows could not be certified or a value not evaluated.
#[derive(Debug, thiserror::Error)]
pub enum RowsError {
    /// The number of rows is outside 1..=[`MAX_ROWS`].
    #[error("the number of rows must be between 1 and {MAX_ROWS}, got {0}")]
    Rows(u64),
    /// The smaller pile is not below [`ON_DEMAND_ROWS`].
    #[error(
        "the smaller pile {pile} is beyond the rows certified on demand (0 to {})",
        ON_DEMAND_ROWS - 1
    )]
    BeyondOnDemand {
        /// The smaller pile, abbreviated.
        pile: String,
    },
    /// The sweep is not available for this parameter a (with this many rows).
    #[error(
        "rows are certified for 1 <= a <= {MAX_A} with 2a·X below 2^15 (the values are \
         recorded in 16 bits), got a = {0}"
    )]
    Parameter(u64),
    /// No repeated state within the columns allowed.
    #[error("no period found within {0} columns")]
    NoPeriod(u64),
    /// Recording the values needs more memory than is available.
    #[error(
        "rows 0..{last}: period {period} found, but recording up to {columns} columns of values \
         needs {:.1} GiB",
        *bytes as f64 / (1u64 << 30) as f64
    )]
    Memory {
        /// The last row.
        last: usize,
        /// The joint period.
        period: u64,
        /// Columns to record.
        columns: u64,
        /// Bytes needed.
        bytes: u128,
    },
    /// The sweep's own consistency check failed (a bug).
    #[error(transparent)]
    Sweep(#[from] Error),
}

impl From<RowsError> for Error {
    fn from(e: RowsError) -> Error {
        match e {
            RowsError::Sweep(e) => e,
            RowsError::Memory { .. } => Error::usage(e.to_string()),
            other => Error::domain(other.to_string()),
        }
    }
}

/// The sweep's state for parameter a: row windows and diagonal windows, both (2a + 1)X bits, and
/// (for a ≥ 3) the last a − 2 columns, relative to their columns.
#[derive(Clone)]
pub struct Sweep {
    a: usize,
    x_rows: usize,
    words: usize,
    /// Diagonal slots: X + a − 1.
    slots: usize,
    y: u64,
    /// rows[x·words ..]: bit i ↔ value y − 2aX + i.
    rows: Vec<u64>,
    /// diags[(δ mod slots)·words ..]: bit j ↔ value δ − (2a−1)X + j, for the diagonals
    /// δ = y − slots + 1..=y (after column y − 1).
    diags: Vec<u64>,
    col: Vec<u64>,
    /// G(u, y − j) − (y − j) for j = 1..=a − 2 (front: j = 1): the cells a diagonal move cannot
    /// reach although they lie on one of its diagonals.
    recent: std::collections::VecDeque<Vec<i64>>,
    /// The values of the last computed column, G(x, y − 1).
    pub column: Vec<u64>,
}

#[inline]
fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

/// 64 bits of `bits` from bit `i` (bits past the end read as 0).
#[inline]
fn word_at(bits: &[u64], i: usize) -> u64 {
    let (w, s) = (i / 64, i % 64);
    let lo = bits.get(w).copied().unwrap_or(0) >> s;
    if s == 0 {
        lo
    } else {
        lo | (bits.get(w + 1).copied().unwrap_or(0) << (64 - s))
    }
}

/// One move diagonal of the cell being computed: its slot, its bit shift against the row window
/// (row bit = diagonal bit + shift) and the row bits of the values to mask out of it.
#[derive(Clone, Copy)]
struct Diag {
    slot: usize,
    shift: isize,
    masks: [usize; 8],
    n_masks: usize,
}

impl Sweep {
    /// The state before column 0 for rows 0..x_rows, a = 1.
    pub fn new(x_rows: usize) -> Sweep {
        Sweep::with_a(1, x_rows)
    }

    /// The state before column 0 for rows 0..x_rows and parameter a (1 ≤ a ≤ 10; the caller
    /// bounds a and X, see [`periods_a`]).
    pub fn with_a(a: usize, x_rows: usize) -> Sweep {
        let span = (2 * a + 1) * x_rows;
        let words = span.div_ceil(64) + 1;
        let mut rows = vec![0u64; x_rows * words];
        // values below 0 count as present: bits i < 2aX (value −2aX + i < 0)
        for x in 0..x_rows {
            for i in 0..2 * a * x_rows {
                set(&mut rows[x * words..(x + 1) * words], i);
            }
        }
        let slots = x_rows + a - 1;
        Sweep {
            a,
            x_rows,
            words,
            slots,
            y: 0,
            rows,
            diags: vec![0u64; slots * words],
            col: vec![0u64; words],
            recent: std::collections::VecDeque::new(),
            column: vec![0; x_rows],
        }
    }

    /// The next column's index.
    pub fn y(&self) -> u64 {
        self.y
    }

    /// Computes column y (into `column`) and moves the state to y + 1.
    ///
    /// The options of (x, y) are the row (row window), the column above (`col`) and the cells
    /// (x − k, y − l), k, l ≥ 1, |k − l| < a, which lie on the diagonals δ + e (δ = y − x,
    /// e = k − l).  The window of diagonal δ + e holds, besides those options, only: for e > 0 the
    /// cell (x − e, y), a column option anyway; for e < 0 the cell (x, y + e), a row option anyway,
    /// and the cells (x + m − j, y − j), j = 1..m − 1 with m = −e — computed in the last a − 2
    /// columns but not options (the piles would grow).  Values along a diagonal are distinct, so
    /// masking those values out of that diagonal's window leaves exactly its options.
    pub fn step(&mut self) -> Result<()> {
        let (xr, w, a) = (self.x_rows, self.words, self.a);
        let span = (2 * a + 1) * xr;
        let y = self.y as i64;
        let base = y - (2 * a * xr) as i64; // value of row-window bit 0
        self.col.iter_mut().for_each(|v| *v = 0);
        // the diagonal y has no cells yet: clear its slot (it held diagonal y − slots)
        let slot_new = (self.y % self.slots as u64) as usize;
        self.diags[slot_new * w..(slot_new + 1) * w]
            .iter_mut()
            .for_each(|v| *v = 0);
        let mut ds = [Diag {
            slot: 0,
            shift: 0,
            masks: [0; 8],
            n_masks: 0,
        }; 19];
        for x in 0..xr {
            let delta = y - x as i64;
            let mut nd = 0;
            for e in -(a as i64 - 1)..=(a as i64 - 1) {
                if delta + e > y {
                    break; // diagonals beyond y are still empty
                }
                let d = &mut ds[nd];
                d.slot = (delta + e).rem_euclid(self.slots as i64) as usize;
                d.shift = (xr - x) as isize + e as isize;
                d.n_masks = 0;
                let m = (-e).max(0) as usize;
                for j in 1..m {
                    let u = x + m - j;
                    if u < xr
                        && let Some(c) = self.recent.get(j - 1)
                    {
                        let v = c[u] + (y - j as i64);
                        d.masks[d.n_masks] = (v - base) as usize;
                        d.n_masks += 1;
                    }
                }
                nd += 1;
            }
            let start = ((y - (2 * a * x) as i64).max(0) - base) as usize;
            let row = &self.rows[x * w..(x + 1) * w];
            let mut i = start;
            let g_bit = if nd == 1 && ds[0].n_masks == 0 {
                // one diagonal, nothing masked (always so for a = 1): the plain loop
                let d = &ds[0];
                let diag = &self.diags[d.slot * w..(d.slot + 1) * w];
                loop {
                    let at = i as isize - d.shift;
                    let wd = if at >= 0 {
                        word_at(diag, at as usize)
                    } else {
                        0
                    };
                    let used = word_at(row, i) | word_at(&self.col, i) | wd;
                    if used != u64::MAX {
                        break i + (!used).trailing_zeros() as usize;
                    }
                    i += 64;
                }
            } else {
                loop {
                    let mut used = word_at(row, i) | word_at(&self.col, i);
                    for d in &ds[..nd] {
                        let at = i as isize - d.shift;
                        let diag = &self.diags[d.slot * w..(d.slot + 1) * w];
                        let mut wd = if at >= 0 {
                            word_at(diag, at as usize)
                        } else {
                            0
                        };
                        for &b in &d.masks[..d.n_masks] {
                            if b >= i && b < i + 64 {
                                wd &= !(1u64 << (b - i));
                            }
                        }
                        used |= wd;
                    }
                    if used != u64::MAX {
                        break i + (!used).trailing_zeros() as usize;
                    }
                    i += 64;
                }
            };
            if g_bit >= span {
                return Err(Error::internal(format!(
                    "G({x}, {y}) above x + y: window overflow"
                )));
            }
            let own = ds[a - 1].slot; // e = 0: the cell's own diagonal δ
            set(&mut self.rows[x * w..(x + 1) * w], g_bit);
            set(&mut self.col, g_bit);
            set(&mut self.diags[own * w..(own + 1) * w], g_bit - (xr - x));
            self.column[x] = (base + g_bit as i64) as u64;
        }
        // Slide every row window up by one value; the value leaving must be present.
        for x in 0..xr {
            let r = &mut self.rows[x * w..(x + 1) * w];
            if r[0] & 1 == 0 {
                return Err(Error::internal(format!(
                    "value {} is absent from row {x} left of column {}: the window lemma failed",
                    base,
                    y + 1
                )));
            }
            for k in 0..w {
                let next = if k + 1 < w { r[k + 1] << 63 } else { 0 };
                r[k] = (r[k] >> 1) | next;
            }
        }
        if a >= 3 {
            let rel = self.column.iter().map(|&g| g as i64 - y).collect();
            self.recent.push_front(rel);
            self.recent.truncate(a - 2);
        }
        self.y += 1;
        Ok(())
    }

    /// Whether two sweeps are in the same normalized state (same X and a; diagonals compared in
    /// order of δ relative to y; the recent columns relative to their columns).
    pub fn same_state(&self, o: &Sweep) -> bool {
        if self.rows != o.rows || self.recent != o.recent {
            return false;
        }
        let (k_slots, w) = (self.slots, self.words);
        (0..k_slots).all(|k| {
            let a = ((self.y as usize) + k) % k_slots;
            let b = ((o.y as usize) + k) % k_slots;
            self.diags[a * w..(a + 1) * w] == o.diags[b * w..(b + 1) * w]
        })
    }
}

/// Certified periodicity of rows 0..X−1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periods {
    /// Joint preperiod μ and period λ: S_{μ+λ} = S_μ.
    pub joint: (u64, u64),
    /// Per row: (preperiod, period).
    pub rows: Vec<(u64, u64)>,
    /// G(x, y) − y for y < μ + 2λ, row by row (for evaluating G at any column).
    pub offsets: Vec<Vec<i16>>,
}

impl Periods {
    /// The certificate as JSON (serde): `{"version":1,"rows":[{"x":"0","preperiod":"0",
    /// "period":"1"},…],"joint":{"preperiod":…,"period":…,"certified":true}}`, integers as strings.
    pub fn to_json(&self) -> String {
        #[derive(serde::Serialize)]
        struct Row {
            x: String,
            preperiod: String,
            period: String,
        }
        #[derive(serde::Serialize)]
        struct Joint {
            preperiod: String,
            period: String,
            certified: bool,
        }
        #[derive(serde::Serialize)]
        struct Certificate {
            version: u32,
            rows: Vec<Row>,
            joint: Joint,
        }
        let c = Certificate {
            version: 1,
            rows: (self.rows.iter().enumerate())
                .map(|(i, (y0, p))| Row {
                    x: i.to_string(),
                    preperiod: y0.to_string(),
                    period: p.to_string(),
                })
                .collect(),
            joint: Joint {
                preperiod: self.joint.0.to_string(),
                period: self.joint.1.to_string(),
                certified: true,
            },
        };
        serde_json::to_string(&c).unwrap_or_default()
    }

    /// G(x, y) for x < X and any y ≥ 0 (y as a big integer), from the certified period.
    ///
    /// Panics if x is not one of the certified rows (x ≥ X).
    pub fn value(&self, x: usize, y: &rug::Integer) -> rug::Integer {
        let (mu, lam) = self.joint;
        let row = &self.offsets[x];
        if let Some(yy) = y.to_u64().filter(|&v| v < row.len() as u64) {
            return rug::Integer::from(yy as i64 + row[yy as usize] as i64);
        }
        // y ≥ μ + 2λ: G(x, y) − y = G(x, r) − r with r = μ + ((y − μ) mod λ) < μ + λ, a
        // recorded column (the record holds μ + 2λ columns)
        let r = rug::Integer::from(y - mu) % lam + mu;
        let off = r.to_usize().and_then(|r| row.get(r)).copied().unwrap_or(0);
        rug::Integer::from(y + off as i64)
    }
}

/// Largest X accepted (the state is 6X² bits; the sweep O(X²/64) per column).
pub const MAX_ROWS: usize = 4096;

/// Largest parameter a the sweep accepts.
pub const MAX_A: u64 = 10;

/// Finds the certified joint and per-row periods of rows 0..x_rows − 1 (a = 1), giving up after
/// `max_columns` columns.  `progress(columns)` is called now and then.
pub fn periods(
    x_rows: usize,
    max_columns: u64,
    progress: &dyn Fn(u64),
) -> std::result::Result<Periods, RowsError> {
    periods_a(1, x_rows, max_columns, progress)
}

/// [`periods`] for parameter a, 1 ≤ a ≤ [`MAX_A`], with 2a·X below 2^15 (the record keeps
/// G(x, y) − y ∈ [−2a·x, x] in 16 bits).
pub fn periods_a(
    a: u64,
    x_rows: usize,
    max_columns: u64,
    progress: &dyn Fn(u64),
) -> std::result::Result<Periods, RowsError> {
    if x_rows == 0 || x_rows > MAX_ROWS {
        return Err(RowsError::Rows(x_rows as u64));
    }
    if a == 0 || a > MAX_A || 2 * a * x_rows as u64 > i16::MAX as u64 {
        return Err(RowsError::Parameter(a));
    }
    let a = a as usize;
    // Brent: the period λ.
    let mut tortoise = Sweep::with_a(a, x_rows);
    let mut hare = tortoise.clone();
    hare.step()?;
    let (mut power, mut lam) = (1u64, 1u64);
    while !hare.same_state(&tortoise) {
        if power == lam {
            tortoise = hare.clone();
            power *= 2;
            lam = 0;
        }
        hare.step()?;
        lam += 1;
        if hare.y() > max_columns {
            return Err(RowsError::NoPeriod(max_columns));
        }
        if hare.y().is_multiple_of(65536) {
            progress(hare.y());
        }
    }
    // Recording μ + 2λ ≤ hare.y() + λ columns of X values (2 bytes each) must fit in memory.
    let need = (hare.y() + lam) as u128 * x_rows as u128 * 2;
    if let Some(avail) = crate::grundy::available_memory()
        && need > avail as u128 / 2
    {
        return Err(RowsError::Memory {
            last: x_rows - 1,
            period: lam,
            columns: hare.y() + lam,
            bytes: need,
        });
    }
    // The preperiod μ: two sweeps λ apart, stepped until their states meet; record values.
    let mut a = Sweep::with_a(a, x_rows);
    let mut b = a.clone();
    let mut offsets: Vec<Vec<i16>> = vec![Vec::new(); x_rows];
    let record = |s: &Sweep, offsets: &mut Vec<Vec<i16>>| {
        let y = s.y() as i64 - 1;
        for (x, &g) in s.column.iter().enumerate() {
            offsets[x].push((g as i64 - y) as i16); // G − y ∈ [−2x, x]
        }
    };
    for _ in 0..lam {
        b.step()?;
    }
    let mut mu = 0u64;
    while !a.same_state(&b) {
        a.step()?;
        record(&a, &mut offsets);
        b.step()?;
        mu += 1;
        if mu.is_multiple_of(65536) {
            progress(b.y());
        }
    }
    // Values up to μ + 2λ (two full periods) for the per-row analysis.
    while a.y() < mu + 2 * lam {
        a.step()?;
        record(&a, &mut offsets);
    }
    let mut rows = Vec::with_capacity(x_rows);
    for row in &offsets {
        let holds = |p: u64, y: u64| row[(y + p) as usize] == row[y as usize];
        let mut best = lam;
        for p in (1..=lam).filter(|p| lam % p == 0) {
            if (mu..mu + lam).all(|y| holds(p, y)) {
                best = p;
                break;
            }
        }
        let mut y0 = mu;
        while y0 > 0 && holds(best, y0 - 1) {
            y0 -= 1;
        }
        rows.push((y0, best));
    }
    Ok(Periods {
        joint: (mu, lam),
        rows,
        offsets,
    })
}

/// The certified periods of rows 0..rows−1, for rows ≤ [`ON_DEMAND_ROWS`] (at most
/// [`ON_DEMAND_COLUMNS`] columns swept).
pub fn certified_rows(rows: u64) -> std::result::Result<Periods, RowsError> {
    if rows == 0 || rows > ON_DEMAND_ROWS {
        return Err(RowsError::Rows(rows));
    }
    periods(rows as usize, ON_DEMAND_COLUMNS, &|_| {})
}

/// G(x, y) of Wythoff's game (a = 1), piles in any order and of any size, when the smaller pile
/// is below [`ON_DEMAND_ROWS`]: from the certified periods of the rows up to it.
pub fn value_at(x: &Integer, y: &Integer) -> std::result::Result<Integer, RowsError> {
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    let row =
        lo.to_u64()
            .filter(|&r| r < ON_DEMAND_ROWS)
            .ok_or_else(|| RowsError::BeyondOnDemand {
                pile: crate::pairs::abbreviate(lo),
            })?;
    let p = certified_rows(row + 1)?;
    Ok(p.value(row as usize, hi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::{Spec, Table};

    #[test]
    fn sweep_equals_the_table() {
        let t = Table::compute(Spec::new(1, 300).unwrap(), 1, &|_| {}).unwrap();
        let mut s = Sweep::new(20);
        for y in 0..300 {
            s.step().unwrap();
            for x in 0..20 {
                assert_eq!(s.column[x], t.get(x, y) as u64, "({x}, {y})");
            }
        }
    }

    #[test]
    fn known_periods_of_rows_0_to_4() {
        // Rows 0..4 have (y₀, p) = (0,1), (0,3), (0,3), (8,6), (9,12): doc/rows.md, "Values"; for rows
        // 1..4 consistent with the published terms of OEIS A004482–A004485.
        let p = periods(5, 1 << 20, &|_| {}).unwrap();
        assert_eq!(p.rows, [(0, 1), (0, 3), (0, 3), (8, 6), (9, 12)]);
        // values far out agree with the table
        let t = Table::compute(Spec::new(1, 400).unwrap(), 1, &|_| {}).unwrap();
        for x in 0..5 {
            for y in 0..400 {
                assert_eq!(p.value(x, &rug::Integer::from(y)), t.get(x, y));
            }
        }
    }

    #[test]
    fn value_at_any_column_and_its_limit() {
        // Xiao, Example 14: G(1, 11) = 9; row 1 is tersum n + 1, so G(1, 3k) = 3k + 1 for k ≥ 1
        assert_eq!(value_at(&Integer::from(1), &Integer::from(11)).unwrap(), 9);
        assert_eq!(value_at(&Integer::from(11), &Integer::from(1)).unwrap(), 9);
        let big = Integer::from(Integer::u_pow_u(10, 40)) * 3;
        assert_eq!(value_at(&Integer::from(1), &big).unwrap(), big.clone() + 1);
        // row 0: G(0, y) = y
        assert_eq!(value_at(&big, &Integer::from(0)).unwrap(), big);
        let t = Table::compute(Spec::new(1, 300).unwrap(), 1, &|_| {}).unwrap();
        for (x, y) in [(7usize, 250usize), (30, 299), (299, 12)] {
            let g = value_at(&Integer::from(x), &Integer::from(y)).unwrap();
            assert_eq!(g, t.get(x, y), "({x}, {y})");
        }
        let e = value_at(&Integer::from(ON_DEMAND_ROWS), &big).unwrap_err();
        assert!(matches!(e, RowsError::BeyondOnDemand { .. }), "{e}");
        assert!(matches!(certified_rows(0), Err(RowsError::Rows(0))));
        assert!(matches!(
            certified_rows(ON_DEMAND_ROWS + 1),
            Err(RowsError::Rows(r)) if r == ON_DEMAND_ROWS + 1
        ));
    }

    #[test]
    fn periods_predict_values_beyond_the_sweep() {
        let p = periods(12, 1 << 22, &|_| {}).unwrap();
        let n = (p.joint.0 + 3 * p.joint.1 + 50).min(3000) as usize;
        let t = Table::compute(Spec::new(1, n as u64).unwrap(), 2, &|_| {}).unwrap();
        for x in 0..12 {
            for y in 0..n {
                assert_eq!(
                    p.value(x, &rug::Integer::from(y)),
                    t.get(x, y),
                    "({x}, {y})"
                );
            }
        }
    }
}
