//! The certifying sweep of rows 0..X−1 (parameter a): one column per step, with windows that never
//! move and an incremental hash of the normalized state (doc/rows.md, "The sweep").
//!
//! Row x keeps the set of its values at columns < y that lie in the window [y − 2aX, y + X) (every
//! value below is present — the window lemma of doc/rows.md, *checked* here for every value that
//! leaves the window — and none above), as a ring of W = 2^⌈log₂((2a+1)X)⌉ bits indexed by the value
//! mod W: a column step moves no bits, it clears the one bit that leaves the bottom after checking
//! that it is set.  A per-row first-free pointer f_x (the least absent value; every value below is
//! present) starts the mex scan near its answer.  Diagonal δ keeps its values relative to δ
//! ([δ − (2a−1)X, δ + 2X), fixed once written), in X + a − 1 slots indexed by δ mod slots; for a ≥ 3
//! the last a − 2 columns are kept to mask the diagonal cells that are not options.
//!
//! The state hash (polynomial hashes modulo the Mersenne prime 2^61 − 1, a Karp–Rabin fingerprint;
//! Karp and Rabin, "Efficient randomized pattern-matching algorithms", 1987) is a function of the
//! normalized state alone:
//! H_rows = Σ_x c_x Σ_{v in row x's window} B^{v − y + 2aX}, H_diag = Σ_δ C^{y − δ} Σ_{j in δ} B^j,
//! and a hash of the recent columns.  It is kept up to date in O(1) per cell: one term per value
//! written, and per column one subtraction (the values leaving the row windows) and one
//! multiplication by B^{−1} (rows) and by C (diagonals).  Equal states have equal hashes; unequal
//! states almost never do, and [`Sweep::same_state`], the exact comparison, decides every equality.
//!
//! Cost per column: O(X · (scan words)) for the mex scans from f_x, O(X) for the hashes and the
//! window checks; [`Sweep::same_state`] O((2a + 1)X²/64).

use crate::error::{Error, Result};
use std::collections::VecDeque;

mod codec;

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
    x_rows: usize,
    /// (2a + 1)X: the row window's width and the diagonal window's width, in bits.
    span: usize,
    /// Row ring: W = 64·nw bits per row (a power of two ≥ span).
    nw: usize,
    /// Words of a diagonal window.
    dw: usize,
    /// Diagonal slots: X + a − 1.
    slots: usize,
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

/// 64 bits from bit `sh` of the 128-bit word hi:lo.
#[inline]
fn join(lo: u64, hi: u64, sh: u32) -> u64 {
    ((u128::from(hi) << 64 | u128::from(lo)) >> sh) as u64
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
        let slots = x_rows + a - 1;
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
            x_rows,
            span,
            nw,
            dw,
            slots,
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

    /// The next column's index.
    pub fn y(&self) -> u64 {
        self.y
    }

    /// Bytes of one state (for memory budgets).
    pub fn bytes(&self) -> usize {
        8 * (self.rows.len() + self.free.len() + self.col.len() + self.diags.len())
            + 8 * self.diag_sum.len()
            + self.recent.len() * (4 * self.x_rows + 8)
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
        let (xr, a, nw, dw) = (self.x_rows, self.a, self.nw, self.dw);
        let nmask = nw - 1;
        let wmask = nw * 64 - 1;
        let y = self.y as i64;
        let low = (2 * a * xr) as i64; // ring position of value v: (v + low) mod W
        let dlow = ((2 * a - 1) * xr) as i64; // diagonal bit of value v: v − δ + dlow
        let hs = std::sync::Arc::clone(&self.hashing);
        // the diagonal y has no cells yet: its slot held diagonal y − slots (exponent `slots`)
        let slot_new = (self.y % self.slots as u64) as usize;
        self.h_diag = submod(
            self.h_diag,
            mulmod(hs.c_pow[self.slots], self.diag_sum[slot_new]),
        );
        self.diag_sum[slot_new] = 0;
        self.diags[slot_new * dw..(slot_new + 1) * dw].fill(0);
        let slots = self.slots;
        let ys = (self.y % slots as u64) as usize;
        for x in 0..xr {
            let delta = y - x as i64;
            // slot of diagonal δ = y − x, without a division (x < X ≤ slots)
            let own = if ys >= x { ys - x } else { ys + slots - x };
            let row = &self.rows[x * nw..(x + 1) * nw];
            let mut v = self.free[x];
            let g = if a == 1 {
                // one move diagonal (δ itself), nothing masked
                let diag = &self.diags[own * dw..(own + 1) * dw];
                let col = &self.col[..];
                let dj = dlow - delta; // diagonal bit of value v: v + dj
                if v + dj >= 0 {
                    // v advances by 64: the ring word and the diagonal word advance by one, their
                    // bit offsets stay
                    let p = ((v + low) as usize) & wmask;
                    let (mut w, sh) = (p >> 6, (p & 63) as u32);
                    let j = (v + dj) as usize;
                    let (mut dwi, dsh) = (j >> 6, (j & 63) as u32);
                    loop {
                        let w1 = (w + 1) & nmask;
                        let rc = join(row[w] | col[w], row[w1] | col[w1], sh);
                        let d = join(
                            diag.get(dwi).copied().unwrap_or(0),
                            diag.get(dwi + 1).copied().unwrap_or(0),
                            dsh,
                        );
                        let used = rc | d;
                        if used != u64::MAX {
                            break v + (!used).trailing_zeros() as i64;
                        }
                        v += 64;
                        w = w1;
                        dwi += 1;
                    }
                } else {
                    loop {
                        let p = ((v + low) as usize) & wmask;
                        let used = ring_word(row, p, nmask)
                            | ring_word(col, p, nmask)
                            | diag_word(diag, v + dj);
                        if used != u64::MAX {
                            break v + (!used).trailing_zeros() as i64;
                        }
                        v += 64;
                    }
                }
            } else {
                self.mex_general(x, v, row)
            };
            if g >= y + xr as i64 {
                return Err(Error::internal(format!(
                    "G({x}, {y}) above x + y: window overflow"
                )));
            }
            let j = g - delta + dlow;
            if j < 0 || j >= self.span as i64 {
                return Err(Error::internal(format!(
                    "G({x}, {y}) = {g} outside its diagonal's window"
                )));
            }
            let (p, j) = (((g + low) as usize) & wmask, j as usize);
            self.rows[x * nw + p / 64] |= 1 << (p % 64);
            self.col[p / 64] |= 1 << (p % 64);
            self.diags[own * dw + j / 64] |= 1 << (j % 64);
            let bj = hs.b_pow[j];
            self.diag_sum[own] = addmod(self.diag_sum[own], bj);
            self.h_diag = addmod(self.h_diag, mulmod(hs.c_pow[x], bj));
            let e = (g - y + low) as usize; // in [0, span)
            self.h_rows = addmod(self.h_rows, mulmod(hs.row_coef[x], hs.b_pow[e]));
            if g == self.free[x] {
                let row = &self.rows[x * nw..(x + 1) * nw];
                let mut f = g + 1;
                loop {
                    let w = ring_word(row, ((f + low) as usize) & wmask, nmask);
                    if w != u64::MAX {
                        f += (!w).trailing_zeros() as i64;
                        break;
                    }
                    f += 64;
                }
                self.free[x] = f;
            }
            self.column[x] = g as u64;
        }
        // clear the column ring (only its X set bits)
        for x in 0..xr {
            let p = ((self.column[x] as i64 + low) as usize) & wmask;
            self.col[p / 64] &= !(1u64 << (p % 64));
        }
        // the value y − 2aX leaves every row window: it must be present
        let p = (y as usize) & wmask; // ring position of y − 2aX
        for x in 0..xr {
            let w = &mut self.rows[x * nw + p / 64];
            if *w & (1 << (p % 64)) == 0 {
                return Err(Error::internal(format!(
                    "value {} is absent from row {x} left of column {}: the window lemma failed",
                    y - low,
                    y + 1
                )));
            }
            *w &= !(1u64 << (p % 64));
        }
        self.h_rows = mulmod(submod(self.h_rows, hs.row_coef_sum), hs.b_inv);
        self.h_diag = mulmod(self.h_diag, hs.c_pow[1]);
        if a >= 3 {
            let rel: Vec<i32> = (self.column.iter())
                .map(|&g| (g as i64 - y) as i32)
                .collect();
            let hc = (rel.iter().zip(&hs.row_coef)).fold(0, |s, (&r, &c)| {
                addmod(s, mulmod(c, (i64::from(r) + low) as u64))
            });
            self.recent.push_front((rel, hc));
            self.recent.truncate(a - 2);
        }
        self.y += 1;
        Ok(())
    }

    /// The mex for cell (x, y) when a ≥ 2: the row, the column so far and the 2a − 1 move
    /// diagonals with the cells that are not options masked out, scanned from v.
    fn mex_general(&self, x: usize, mut v: i64, row: &[u64]) -> i64 {
        let (xr, a, nw, dw) = (self.x_rows, self.a, self.nw, self.dw);
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
            d.0 = (delta + e).rem_euclid(self.slots as i64) as usize;
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
        if self.a != o.a || self.x_rows != o.x_rows {
            return false;
        }
        if self.recent.len() != o.recent.len()
            || self.recent.iter().zip(&o.recent).any(|(p, q)| p.0 != q.0)
        {
            return false;
        }
        let (nw, nmask, wmask) = (self.nw, self.nw - 1, self.nw * 64 - 1);
        // the window [y − 2aX, y + X) starts at ring position y mod W
        for x in 0..self.x_rows {
            let (r, s) = (
                &self.rows[x * nw..(x + 1) * nw],
                &o.rows[x * nw..(x + 1) * nw],
            );
            let mut i = 0;
            while i < self.span {
                let keep = if self.span - i >= 64 {
                    u64::MAX
                } else {
                    (1u64 << (self.span - i)) - 1
                };
                let pr = (self.y as usize + i) & wmask;
                let ps = (o.y as usize + i) & wmask;
                if (ring_word(r, pr, nmask) ^ ring_word(s, ps, nmask)) & keep != 0 {
                    return false;
                }
                i += 64;
            }
        }
        let (k_slots, w) = (self.slots, self.dw);
        (0..k_slots).all(|k| {
            let a = ((self.y as usize) + k) % k_slots;
            let b = ((o.y as usize) + k) % k_slots;
            self.diags[a * w..(a + 1) * w] == o.diags[b * w..(b + 1) * w]
        })
    }
}
