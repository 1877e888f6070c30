//! The sweep's state as bytes, for checkpoints: the row rings, the diagonal windows and the recent
//! columns; the first-free pointers and the hashes are recomputed from them on reading, and every
//! invariant the step relies on is checked, so that a damaged or crafted checkpoint is refused
//! rather than computed with.
//!
//! Layout (little-endian u64 unless said): a, X, y, then X·nw row words, K·dw diagonal words
//! (K = X + a − 1, the diagonals of the state, δ = y − K ..= y − 1, the window of δ at place
//! δ mod K; δ < 0 are the diagonals below the main one), the number of recent columns, and each
//! recent column as X i32.
//!
//! Cost: linear in the state's size.

use super::{Hashing, Sweep, addmod, column_hash, mulmod, ring_word};
use std::collections::VecDeque;

impl Sweep {
    /// Appends the state's bytes to `out`.
    pub fn encode(&self, out: &mut Vec<u8>) {
        for v in [self.a as u64, self.geo.x_rows as u64, self.y] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for w in &self.rows {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for i in 0..self.geo.live {
            let k = self.diagonal_at(i);
            for w in &self.diags[k * self.geo.dw..(k + 1) * self.geo.dw] {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out.extend_from_slice(&(self.recent.len() as u64).to_le_bytes());
        for (c, _) in &self.recent {
            for v in c {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
    }

    /// The slot of the state's diagonal kept at place i of the encoding: the δ ≡ i (mod K) among
    /// δ = y − K ..= y − 1.
    fn diagonal_at(&self, i: usize) -> usize {
        let (k, y) = (self.geo.live as i64, self.y as i64);
        let delta = y - k + (i as i64 - (y - k)).rem_euclid(k);
        delta.rem_euclid(self.geo.slots as i64) as usize
    }

    /// Reads a state of this sweep's a and X (and hash) from the front of `b`, returning it and
    /// the bytes used; an error says what is wrong.
    pub fn decode(&self, b: &[u8]) -> Result<(Sweep, usize), String> {
        let mut at = 0usize;
        let mut u64_at = |b: &[u8]| -> Result<u64, String> {
            let s = b.get(at..at + 8).ok_or("the state is truncated")?;
            at += 8;
            Ok(u64::from_le_bytes(s.try_into().unwrap_or([0; 8])))
        };
        let (a, x, y) = (u64_at(b)?, u64_at(b)?, u64_at(b)?);
        if a != self.a as u64 || x != self.geo.x_rows as u64 {
            return Err(format!(
                "a state of a = {a}, X = {x}, not a = {}, X = {}",
                self.a, self.geo.x_rows
            ));
        }
        if y >= 1 << 60 {
            return Err(format!("column {y} is out of range"));
        }
        let mut s = self.clone();
        s.y = y;
        let (dw, nr) = (s.geo.dw, s.rows.len());
        let words = nr + s.geo.live * dw;
        let mut ws = Vec::with_capacity(words);
        for _ in 0..words {
            ws.push(u64_at(b)?);
        }
        s.diags.fill(0);
        for i in 0..s.geo.live {
            let k = s.diagonal_at(i);
            s.diags[k * dw..(k + 1) * dw].copy_from_slice(&ws[nr + i * dw..nr + (i + 1) * dw]);
        }
        ws.truncate(nr);
        s.rows = ws;
        let n_recent = u64_at(b)?;
        let want_recent = if self.a >= 3 {
            (self.a as u64 - 2).min(y)
        } else {
            0
        };
        if n_recent != want_recent {
            return Err(format!("{n_recent} recent columns, not {want_recent}"));
        }
        let (xr, a) = (self.geo.x_rows, self.a);
        let low = (2 * a * xr) as i64;
        let hs = std::sync::Arc::clone(&self.hashing);
        s.recent = VecDeque::new();
        for _ in 0..n_recent {
            let mut c = Vec::with_capacity(xr);
            for _ in 0..xr {
                let v = b.get(at..at + 4).ok_or("the state is truncated")?;
                at += 4;
                let v = i32::from_le_bytes(v.try_into().unwrap_or([0; 4]));
                if i64::from(v) < -low || i64::from(v) > xr as i64 {
                    return Err(format!("a recent offset {v} out of range"));
                }
                c.push(v);
            }
            let h = column_hash(&hs, &c, low);
            s.recent.push_back((c, h));
        }
        // rows: no bit outside the window [y − 2aX, y + X); recompute f_x and H_rows
        let (nw, wmask) = (s.geo.nw, s.geo.nw * 64 - 1);
        let w0 = (y as usize) & wmask; // ring position of y − 2aX
        s.h_rows = 0;
        for x in 0..xr {
            let row = &s.rows[x * nw..(x + 1) * nw];
            let mut sum = 0u64;
            let mut free = None;
            for p in 0..nw * 64 {
                let set = row[p / 64] >> (p % 64) & 1 == 1;
                let i = (p + nw * 64 - w0) & wmask; // offset from the window's bottom
                if i >= s.geo.span {
                    if set {
                        return Err(format!("row {x} has a value outside its window"));
                    }
                    continue;
                }
                if set {
                    sum = addmod(sum, hs.b_pow[i]);
                }
            }
            for i in 0..s.geo.span {
                if ring_word(row, (w0 + i) & wmask, nw - 1) & 1 == 0 {
                    free = Some(y as i64 - low + i as i64);
                    break;
                }
            }
            s.free[x] = free.ok_or_else(|| format!("row {x}'s window is full"))?;
            s.h_rows = addmod(s.h_rows, mulmod(hs.row_coef[x], sum));
        }
        // diagonals: no bit past the window; recompute Σ B^j and H_diag (slot of δ: δ mod slots,
        // δ = y − k for k = 1..=live, exponent k; δ ≥ −(X − 1) holds values)
        s.h_diag = 0;
        s.diag_sum.fill(0);
        for k in 1..=s.geo.live {
            let delta = y as i64 - k as i64;
            let slot = delta.rem_euclid(s.geo.slots as i64) as usize;
            let d = &s.diags[slot * s.geo.dw..(slot + 1) * s.geo.dw];
            let mut sum = 0u64;
            for j in 0..s.geo.dw * 64 {
                if d[j / 64] >> (j % 64) & 1 == 1 {
                    if j >= s.geo.span || delta < 1 - s.geo.x_rows as i64 {
                        return Err(format!("diagonal {delta} has a value outside its window"));
                    }
                    sum = addmod(sum, hs.b_pow[j]);
                }
            }
            s.diag_sum[slot] = sum;
            s.h_diag = addmod(s.h_diag, mulmod(hs.c_pow[k], sum));
        }
        let _: &Hashing = &hs;
        s.col.fill(0);
        s.column.fill(0);
        Ok((s, at))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Sweep;

    #[test]
    fn states_read_back_equal_and_step_alike() {
        for (a, x) in [(1usize, 9usize), (2, 7), (4, 6)] {
            let mut s = Sweep::with_a(a, x);
            for y in 0..400 {
                // every column below X too: the diagonals below the main one hold values
                if y % 37 == 0 || y < 12 {
                    let mut b = Vec::new();
                    s.encode(&mut b);
                    let (mut t, used) = s.decode(&b).unwrap();
                    assert_eq!(used, b.len());
                    assert!(t.same_state(&s) && t.hash() == s.hash() && t.y() == s.y());
                    let mut u = s.clone();
                    for _ in 0..50 {
                        t.step().unwrap();
                        u.step().unwrap();
                        assert_eq!(t.column, u.column);
                        assert_eq!(t.hash(), u.hash());
                    }
                    // a damaged state is refused, never computed with
                    for cut in [0, 5, b.len() - 1] {
                        assert!(s.decode(&b[..cut]).is_err());
                    }
                    let mut bad = b.clone();
                    let last_row_word = 24 + 8 * (x * s.geo.nw) - 1;
                    bad[last_row_word] ^= 0x80;
                    // a flipped bit is either refused or a different state
                    if let Ok((v, _)) = s.decode(&bad) {
                        assert!(!v.same_state(&s));
                    }
                }
                s.step().unwrap();
            }
        }
    }
}
