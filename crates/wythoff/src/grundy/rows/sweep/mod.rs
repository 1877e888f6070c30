//! The certifying sweep of rows 0..X−1 (parameter a): one column per step, with windows that never
//! move and an incremental hash of the normalized state (doc/rows.md, "The sweep").
//!
//! Row x keeps the set of its values at columns < y that lie in the window [y − 2aX, y + X) (every
//! value below is present — the window lemma of doc/rows.md, *checked* here for every value that
//! leaves the window — and none above), as a ring of W = 2^⌈log₂((2a+1)X)⌉ bits indexed by the value
//! mod W: a column step moves no bits, it clears the one bit that leaves the bottom after checking
//! that it is set.  A per-row first-free pointer f_x (the least absent value; every value below is
//! present) starts the mex scan near its answer.  Diagonal δ keeps its values relative to δ
//! ([δ − (2a−1)X, δ + 2X), fixed once written); the state holds the X + a − 1 diagonals
//! δ = y − X − a + 1 ..= y − 1, in X + a − 1 + [`LAG`] slots indexed by δ mod slots (the extra
//! slots let the bands of [`Sweep::steps`] run apart); for a ≥ 3 the last a − 2 columns are kept
//! to mask the diagonal cells that are not options.
//!
//! The state hash (polynomial hashes modulo the Mersenne prime 2^61 − 1, a Karp–Rabin fingerprint;
//! Karp and Rabin, "Efficient randomized pattern-matching algorithms", 1987) is a function of the
//! normalized state alone:
//! H_rows = Σ_x c_x Σ_{v in row x's window} B^{v − y + 2aX}, H_diag = Σ_δ C^{y − δ} Σ_{j in δ} B^j,
//! and a hash of the recent columns.  It is kept up to date in O(1) per cell: one term per value
//! written, and per column two subtractions (the values leaving the row windows, the diagonal
//! leaving the state) and one multiplication by B^{−1} (rows) and by C (diagonals).  Equal states have equal hashes; unequal
//! states almost never do, and [`Sweep::same_state`], the exact comparison, decides every equality.
//!
//! Cost per column: O(X · (scan words)) for the mex scans from f_x, O(X) for the hashes and the
//! window checks; [`Sweep::same_state`] O((2a + 1)X²/64).

use crate::error::{Error, Result};
use std::collections::VecDeque;

mod bands;
mod codec;

pub use bands::{Batch, LAG};

/// The Mersenne prime 2^61 − 1, modulus of the state hash.
const P61: u64 = (1 << 61) - 1;

#[inline]
fn mulmod(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    let s = (p as u64 & P61) + (p >> 61) as u64;
    if s >= P61 { s - P61 } else { s }
}

#[inline]
fn addmod(a: u64, b: u64) -> u64 {
    let s = a + b;
    if s >= P61 { s - P61 } else { s }
}

#[inline]
fn submod(a: u64, b: u64) -> u64 {
    if a >= b { a - b } else { a + P61 - b }
}

fn powmod(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mulmod(r, b);
        }
        b = mulmod(b, b);
        e >>= 1;
    }
    r
}

/// A fixed pseudo-random sequence (SplitMix64) for the hash coefficients, reduced below 2^61 − 1
/// and nonzero.
fn coefficients(n: usize, seed: u64) -> Vec<u64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            (z % (P61 - 1)) + 1
        })
        .collect()
}

/// Constants shared by every sweep of one (a, X): powers and coefficients of the hash.
#[derive(Debug)]
struct Hashing {
    /// B^k for k = 0..=(2a+1)X.
    b_pow: Vec<u64>,
    /// C^k for k = 0..=slots.
    c_pow: Vec<u64>,
    /// B^{−1}.
    b_inv: u64,
    /// c_x, per row.
    row_coef: Vec<u64>,
    /// Σ c_x.
    row_coef_sum: u64,
    /// Weights of the diagonal and recent-column parts.
    z_diag: u64,
    z_rec: u64,
    /// Only these bits of the hash are used (all 64 normally; fewer in tests, to force collisions).
    mask: u64,
}

/// The sweep's state before column y (see the module documentation).
#[derive(Clone, Debug)]
pub struct Sweep {
    a: usize,
    /// The layout: X, the windows' widths, the diagonal slots.
    geo: Geometry,
    y: u64,
    /// rows[x·nw ..]: bit (v + 2aX) mod W ↔ value v in row x's window.
    rows: Vec<u64>,
    /// Least value absent from row x.
    free: Vec<i64>,
    /// The column being computed: same ring layout as a row.
    col: Vec<u64>,
    /// diags[(δ mod slots)·dw ..]: bit j ↔ value δ − (2a−1)X + j.
    diags: Vec<u64>,
    /// Σ_j B^j over the bits of each diagonal slot.
    diag_sum: Vec<u64>,
    /// G(u, y − j) − (y − j) for j = 1..=a − 2 (front: j = 1), with each column's hash.
    recent: VecDeque<(Vec<i32>, u64)>,
    h_rows: u64,
    h_diag: u64,
    hashing: std::sync::Arc<Hashing>,
    /// The values of the last computed column, G(x, y − 1).
    pub column: Vec<u64>,
}

/// The hash of one recent column (offsets relative to its column).
fn column_hash(hs: &Hashing, rel: &[i32], low: i64) -> u64 {
    (rel.iter().zip(&hs.row_coef)).fold(0, |s, (&r, &c)| {
        addmod(s, mulmod(c, (i64::from(r) + low) as u64))
    })
}

#[inline]
fn ring_word(bits: &[u64], p: usize, nmask: usize) -> u64 {
    let (w, s) = (p >> 6, p & 63);
    if s == 0 {
        bits[w]
    } else {
        (bits[w] >> s) | (bits[(w + 1) & nmask] << (64 - s))
    }
}

/// 64 bits of a diagonal window from bit j (bits outside the window read as 0).
#[inline]
fn diag_word(bits: &[u64], j: i64) -> u64 {
    if j >= 0 {
        let (w, s) = ((j as usize) / 64, (j as usize) % 64);
        let lo = bits.get(w).copied().unwrap_or(0) >> s;
        if s == 0 {
            lo
        } else {
            lo | (bits.get(w + 1).copied().unwrap_or(0) << (64 - s))
        }
    } else if j > -64 {
        bits[0] << (-j)
    } else {
        0
    }
}

/// The mex of one cell for a = 1: the least value v ≥ `v0` (the row's first free value) absent
/// from the row ring, the column ring and the diagonal window.  `p0` is v0's ring position before
/// reduction (v0 + 2aX) and `dj` the diagonal bit of value 0 (v's bit is v + dj).
///
/// The scan reads whole ring words from the word holding v0: the bits below v0 in that word stand
/// for values below the row's first free value, all of them in the row (or below its window), and
/// are counted as used.  The diagonal's bit offset is the same in every word.  The first word is
/// tested alone (short scans are the rule for few rows), then four words at once where they lie
/// inside the ring and the diagonal's window, one at a time elsewhere.  Cost: a ring word, a column word and a diagonal word per 64 values scanned.
#[inline]
fn mex_one(row: &[u64], col: &[u64], diag: &[u64], p0: i64, dj: i64, v0: i64) -> i64 {
    let nmask = row.len() - 1;
    let p = (p0 as usize) & (row.len() * 64 - 1);
    let (mut w, sh) = (p >> 6, p & 63);
    let mut vb = v0 - sh as i64; // the value of bit 0 of word w
    let mut j = vb + dj; // its diagonal bit (≡ the same mod 64 in every word)
    let mut used = (1u64 << sh) - 1; // bits of the current word already known used
    let s = (j & 63) as u32;
    loop {
        let dwi = (j >> 6) as usize;
        if vb > v0 && j >= 0 && w + 4 <= row.len() && dwi + 5 <= diag.len() {
            // four words at a time, one test
            let r: &[u64; 4] = row[w..w + 4].try_into().expect("4 words");
            let c: &[u64; 4] = col[w..w + 4].try_into().expect("4 words");
            let d: &[u64; 5] = diag[dwi..dwi + 5].try_into().expect("5 words");
            let u0 = r[0] | c[0] | (d[0] >> s) | ((d[1] << 1) << (63 - s)) | used;
            let u1 = r[1] | c[1] | (d[1] >> s) | ((d[2] << 1) << (63 - s));
            let u2 = r[2] | c[2] | (d[2] >> s) | ((d[3] << 1) << (63 - s));
            let u3 = r[3] | c[3] | (d[3] >> s) | ((d[4] << 1) << (63 - s));
            if u0 & u1 & u2 & u3 != u64::MAX {
                let (k, u) = if u0 != u64::MAX {
                    (0, u0)
                } else if u1 != u64::MAX {
                    (1, u1)
                } else if u2 != u64::MAX {
                    (2, u2)
                } else {
                    (3, u3)
                };
                return vb + 64 * k + (!u).trailing_zeros() as i64;
            }
            w = (w + 4) & nmask;
            vb += 256;
            j += 256;
        } else {
            // one word: below the diagonal's window, at its top or at the ring's end
            used |= row[w] | col[w] | diag_word(diag, j);
            if used != u64::MAX {
                return vb + (!used).trailing_zeros() as i64;
            }
            w = (w + 1) & nmask;
            vb += 64;
            j += 64;
        }
        used = 0;
    }
}

/// The constants of one sweep's layout.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    x_rows: usize,
    /// (2a + 1)X: the row window's width and the diagonal window's width, in bits.
    span: usize,
    /// Row ring: W = 64·nw bits per row (a power of two ≥ span).
    nw: usize,
    /// Words of a diagonal window.
    dw: usize,
    /// Diagonals in the state: X + a − 1 (δ = y − live ..= y − 1 before column y).
    live: usize,
    /// Diagonal slots: `live` + [`LAG`] (room for the banded sweep).
    slots: usize,
    /// 2aX: value v sits at ring position (v + low) mod W.
    low: i64,
    /// (2a − 1)X: value v sits at bit v − δ + dlow of diagonal δ.
    dlow: i64,
}

/// Writes G(x, y) = g into row x's ring, the column ring and the window of its diagonal
/// (slot `diag`, sum `dsum`), after checking that g lies inside them; advances the row's first
/// free value; then drops the value y − 2aX off the bottom of the row's window after checking
/// that it is present (the window lemma).  Returns the cell's terms of the row hash and of the
/// diagonal hash.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn put_cell(
    geo: &Geometry,
    hs: &Hashing,
    x: usize,
    y: i64,
    g: i64,
    row: &mut [u64],
    free: &mut i64,
    col: &mut [u64],
    diag: &mut [u64],
    dsum: &mut u64,
) -> Result<(u64, u64)> {
    if g >= y + geo.x_rows as i64 {
        return Err(Error::internal(format!(
            "G({x}, {y}) above x + y: window overflow"
        )));
    }
    let j = g - (y - x as i64) + geo.dlow;
    if j < 0 || j >= geo.span as i64 {
        return Err(Error::internal(format!(
            "G({x}, {y}) = {g} outside its diagonal's window"
        )));
    }
    let (nmask, wmask) = (geo.nw - 1, geo.nw * 64 - 1);
    let (p, j) = (((g + geo.low) as usize) & wmask, j as usize);
    row[p / 64] |= 1 << (p % 64);
    col[p / 64] |= 1 << (p % 64);
    diag[j / 64] |= 1 << (j % 64);
    let bj = hs.b_pow[j];
    *dsum = addmod(*dsum, bj);
    let td = mulmod(hs.c_pow[x], bj);
    let tr = mulmod(hs.row_coef[x], hs.b_pow[(g - y + geo.low) as usize]); // exponent in [0, span)
    if g == *free {
        let mut f = g + 1;
        loop {
            let w = ring_word(row, ((f + geo.low) as usize) & wmask, nmask);
            if w != u64::MAX {
                f += (!w).trailing_zeros() as i64;
                break;
            }
            f += 64;
        }
        *free = f;
    }
    // the value y − 2aX leaves the row's window: it must be present
    let q = (y as usize) & wmask; // its ring position
    if row[q / 64] & (1 << (q % 64)) == 0 {
        return Err(Error::internal(format!(
            "value {} is absent from row {x} left of column {}: the window lemma failed",
            y - geo.low,
            y + 1
        )));
    }
    row[q / 64] &= !(1u64 << (q % 64));
    Ok((tr, td))
}

impl Sweep {
    /// The state before column 0 for rows 0..x_rows, a = 1.
    pub fn new(x_rows: usize) -> Sweep {
        Sweep::with_a(1, x_rows)
    }

    /// The state before column 0 for rows 0..x_rows and parameter a (1 ≤ a ≤ 10; the caller bounds
    /// a and X, see [`super::periods_a`]).
    pub fn with_a(a: usize, x_rows: usize) -> Sweep {
        Sweep::with_hash_bits(a, x_rows, 64)
    }

    /// [`Sweep::with_a`] keeping only the low `bits` bits of the state hash: with few bits, unequal
    /// states share hashes often, which costs exact comparisons but never changes a result (used
    /// by the tests to exercise that path).
    pub fn with_hash_bits(a: usize, x_rows: usize, bits: u32) -> Sweep {
        let span = (2 * a + 1) * x_rows;
        let nw = span.next_power_of_two().max(64) / 64;
        let dw = span.div_ceil(64) + 1;
        let live = x_rows + a - 1;
        let slots = live + LAG;
        let low = 2 * a * x_rows; // values −2aX..−1 count as present
        let mut rows = vec![0u64; x_rows * nw];
        for x in 0..x_rows {
            for i in 0..low {
                rows[x * nw + i / 64] |= 1 << (i % 64);
            }
        }
        let base = 0x1234_5678_9abc_def1 % P61;
        let cb = 0x0fed_cba9_8765_4321 % P61;
        let row_coef = coefficients(x_rows, 0x5eed_0001);
        let z = coefficients(2, 0x5eed_0002);
        let b_pow: Vec<u64> = std::iter::successors(Some(1), |&p| Some(mulmod(p, base)))
            .take(span + 1)
            .collect();
        let c_pow: Vec<u64> = std::iter::successors(Some(1), |&p| Some(mulmod(p, cb)))
            .take(slots + 1)
            .collect();
        let row_coef_sum = row_coef.iter().fold(0, |s, &c| addmod(s, c));
        // the initial row hash: every row holds the bits 0..2aX (exponents 0..2aX)
        let geo = b_pow[..low].iter().fold(0, |s, &p| addmod(s, p));
        let h_rows = mulmod(row_coef_sum, geo);
        let hashing = Hashing {
            b_pow,
            c_pow,
            b_inv: powmod(base, P61 - 2),
            row_coef,
            row_coef_sum,
            z_diag: z[0],
            z_rec: z[1],
            mask: if bits >= 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            },
        };
        Sweep {
            a,
            geo: Geometry {
                x_rows,
                span,
                nw,
                dw,
                live,
                slots,
                low: low as i64,
                dlow: ((2 * a - 1) * x_rows) as i64,
            },
            y: 0,
            rows,
            free: vec![0; x_rows],
            col: vec![0; nw],
            diags: vec![0; slots * dw],
            diag_sum: vec![0; slots],
            recent: VecDeque::new(),
            h_rows,
            h_diag: 0,
            hashing: std::sync::Arc::new(hashing),
            column: vec![0; x_rows],
        }
    }

    /// Parameter a.
    pub fn a(&self) -> usize {
        self.a
    }

    /// The next column's index.
    pub fn y(&self) -> u64 {
        self.y
    }

    /// Bytes of one state (for memory budgets).
    pub fn bytes(&self) -> usize {
        8 * (self.rows.len() + self.free.len() + self.col.len() + self.diags.len())
            + 8 * self.diag_sum.len()
            + self.recent.len() * (4 * self.geo.x_rows + 8)
            + 8 * self.column.len()
    }

    /// The hash of the normalized state: equal states have equal hashes.
    pub fn hash(&self) -> u64 {
        let h = &self.hashing;
        let mut rec = 0u64;
        for (_, hc) in &self.recent {
            rec = addmod(mulmod(rec, h.z_rec), *hc);
        }
        let all = addmod(
            addmod(self.h_rows, mulmod(h.z_diag, self.h_diag)),
            mulmod(h.z_rec, rec),
        );
        all & h.mask
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
        if self.a == 1 {
            return self.steps(1, 1, &mut Batch::default());
        }
        let geo = self.geo;
        let (xr, a, nw, dw, live, slots) =
            (self.geo.x_rows, self.a, geo.nw, geo.dw, geo.live, geo.slots);
        let y = self.y as i64;
        let hs = std::sync::Arc::clone(&self.hashing);
        // the diagonal y − (X + a − 1) leaves the state (below the main diagonal while y < X, or
        // empty); the diagonal y starts, in the slot of diagonal y − slots
        let left = self.diag_sum[(y - live as i64).rem_euclid(slots as i64) as usize];
        let slot_new = (self.y % slots as u64) as usize;
        self.diag_sum[slot_new] = 0;
        self.diags[slot_new * dw..(slot_new + 1) * dw].fill(0);
        let ys = (self.y % slots as u64) as usize;
        let (mut tr, mut td) = (0, 0);
        for x in 0..xr {
            // slot of diagonal δ = y − x, without a division (x < X ≤ slots)
            let own = if ys >= x { ys - x } else { ys + slots - x };
            let g = self.mex_general(x, self.free[x], &self.rows[x * nw..(x + 1) * nw]);
            let t = put_cell(
                &geo,
                &hs,
                x,
                y,
                g,
                &mut self.rows[x * nw..(x + 1) * nw],
                &mut self.free[x],
                &mut self.col,
                &mut self.diags[own * dw..(own + 1) * dw],
                &mut self.diag_sum[own],
            )?;
            (tr, td) = (addmod(tr, t.0), addmod(td, t.1));
            self.column[x] = g as u64;
        }
        // clear the column ring (only its X set bits)
        let wmask = nw * 64 - 1;
        for x in 0..xr {
            let p = ((self.column[x] as i64 + geo.low) as usize) & wmask;
            self.col[p / 64] &= !(1u64 << (p % 64));
        }
        let h_diag = submod(self.h_diag, mulmod(hs.c_pow[live], left));
        self.h_diag = mulmod(addmod(h_diag, td), hs.c_pow[1]);
        self.h_rows = mulmod(submod(addmod(self.h_rows, tr), hs.row_coef_sum), hs.b_inv);
        if a >= 3 {
            let rel: Vec<i32> = (self.column.iter())
                .map(|&g| (g as i64 - y) as i32)
                .collect();
            let hc = column_hash(&hs, &rel, geo.low);
            self.recent.push_front((rel, hc));
            self.recent.truncate(a - 2);
        }
        self.y += 1;
        Ok(())
    }

    /// The mex for cell (x, y) when a ≥ 2: the row, the column so far and the 2a − 1 move
    /// diagonals with the cells that are not options masked out, scanned from v.
    fn mex_general(&self, x: usize, mut v: i64, row: &[u64]) -> i64 {
        let (xr, a, nw, dw) = (self.geo.x_rows, self.a, self.geo.nw, self.geo.dw);
        let nmask = nw - 1;
        let wmask = nw * 64 - 1;
        let y = self.y as i64;
        let low = (2 * a * xr) as i64;
        let dlow = ((2 * a - 1) * xr) as i64;
        let delta = y - x as i64;
        // the move diagonals δ + e, |e| < a, and the values masked out of each
        let mut ds = [(0usize, 0i64, [0i64; 8], 0usize); 19];
        let mut nd = 0;
        for e in -(a as i64 - 1)..=(a as i64 - 1) {
            if delta + e > y {
                break; // diagonals beyond y are still empty
            }
            let d = &mut ds[nd];
            d.0 = (delta + e).rem_euclid(self.geo.slots as i64) as usize;
            d.1 = delta + e;
            d.3 = 0;
            let m = (-e).max(0) as usize;
            for j in 1..m {
                let u = x + m - j;
                if u < xr
                    && let Some((c, _)) = self.recent.get(j - 1)
                {
                    d.2[d.3] = i64::from(c[u]) + (y - j as i64);
                    d.3 += 1;
                }
            }
            nd += 1;
        }
        loop {
            let p = ((v + low) as usize) & wmask;
            let mut used = ring_word(row, p, nmask) | ring_word(&self.col, p, nmask);
            for d in &ds[..nd] {
                let diag = &self.diags[d.0 * dw..(d.0 + 1) * dw];
                let mut wd = diag_word(diag, v - d.1 + dlow);
                for &b in &d.2[..d.3] {
                    if b >= v && b < v + 64 {
                        wd &= !(1u64 << (b - v));
                    }
                }
                used |= wd;
            }
            if used != u64::MAX {
                return v + (!used).trailing_zeros() as i64;
            }
            v += 64;
        }
    }

    /// Whether two sweeps (same a and X) are in the same normalized state: the row windows
    /// relative to y, the diagonals in order of δ − y relative to δ, the recent columns relative
    /// to their columns.  Exact; the hash is not consulted.
    pub fn same_state(&self, o: &Sweep) -> bool {
        if self.a != o.a || self.geo.x_rows != o.geo.x_rows {
            return false;
        }
        if self.recent.len() != o.recent.len()
            || self.recent.iter().zip(&o.recent).any(|(p, q)| p.0 != q.0)
        {
            return false;
        }
        let (nw, nmask, wmask) = (self.geo.nw, self.geo.nw - 1, self.geo.nw * 64 - 1);
        // the window [y − 2aX, y + X) starts at ring position y mod W
        for x in 0..self.geo.x_rows {
            let (r, s) = (
                &self.rows[x * nw..(x + 1) * nw],
                &o.rows[x * nw..(x + 1) * nw],
            );
            let mut i = 0;
            while i < self.geo.span {
                let keep = if self.geo.span - i >= 64 {
                    u64::MAX
                } else {
                    (1u64 << (self.geo.span - i)) - 1
                };
                let pr = (self.y as usize + i) & wmask;
                let ps = (o.y as usize + i) & wmask;
                if (ring_word(r, pr, nmask) ^ ring_word(s, ps, nmask)) & keep != 0 {
                    return false;
                }
                i += 64;
            }
        }
        // the diagonals δ = y − live + k, k = 0..live, in order
        let (live, slots, w) = (self.geo.live, self.geo.slots, self.geo.dw);
        (0..live).all(|k| {
            let a = (self.y as usize + slots - live + k) % slots;
            let b = (o.y as usize + slots - live + k) % slots;
            self.diags[a * w..(a + 1) * w] == o.diags[b * w..(b + 1) * w]
        })
    }
}
