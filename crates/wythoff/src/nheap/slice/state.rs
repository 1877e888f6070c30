//! The slice engine's state as a file (kind 8, doc/formats.md "N-heap slice states"): what a
//! checkpoint of `nheap --slice` or `nheap --conjectures` with `-o FILE` keeps, so that a run
//! continued from it computes the very columns an uninterrupted run computes.
//!
//! Kept: per row its difference map (the smaller heap of the pair of each difference, or none)
//! and, per hole, its residue mask (M bits) — or without masks its hint.  Everything else is a
//! function of these and is rebuilt on loading: the values taken (the larger heaps of the pairs),
//! the holes (the unused differences below the largest used one), the last column's values and
//! the targets of small negative difference not valid yet.  The moves come from the parameters,
//! which the header names.
//!
//! Loading checks, with checked arithmetic, before anything is used: the common prefix, the
//! parameters against the engine's, the length, the XXH3-64 checksum, and that each row is an
//! involution on the columns computed (every column the smaller heap of exactly one pair or the
//! larger heap of one, every value taken once, every value within the engine's range).  A file
//! that fails is refused ([`HeaderError`]), never used.  Cost: saving goes over the rows twice
//! (the checksum, then the bytes), streamed with no copy in memory; loading reads the file into
//! memory once and goes over it once.

use super::{Hole, MAX_VALUE, NONE, Row, Rows, bit};
use crate::files::header::{HeaderError, Kind, preamble, put_preamble, u64_at};
use std::io::Write;
use xxhash_rust::xxh3::Xxh3;

/// Bytes of the header.
pub const HEADER_LEN: usize = 80;
/// The version of the state file's format.
pub const VERSION: u32 = 1;
/// Header bytes before the checksum (the checksum covers them and everything after the header).
const COVERED: usize = 72;

/// The checksum of a state file's bytes: header bytes 0..72, then bytes 80.. .
fn checksum(b: &[u8]) -> u64 {
    let mut h = Xxh3::new();
    h.update(&b[..COVERED]);
    h.update(&b[HEADER_LEN..]);
    h.digest()
}

/// The header's parameter fields: the number of heaps and the two parameters of the rows.
fn params(r: &Rows) -> [u64; 3] {
    match r.family {
        super::Family::Three { smallest } => [3, smallest, 0],
        super::Family::Pairs { p_max, t_max } => [4, p_max, t_max],
    }
}

/// A writer that only hashes what it is given.
struct Hashing<'h>(&'h mut Xxh3);

impl Write for Hashing<'_> {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.update(b);
        Ok(b.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Reads the file's fields in order, every length checked against what is left.
struct Cursor<'b> {
    b: &'b [u8],
    at: usize,
}

impl<'b> Cursor<'b> {
    fn take(&mut self, n: usize) -> Result<&'b [u8], HeaderError> {
        let end = (self.at.checked_add(n))
            .filter(|&e| e <= self.b.len())
            .ok_or_else(|| HeaderError::field("rows", "the rows end before their last field"))?;
        let s = &self.b[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u64(&mut self) -> Result<u64, HeaderError> {
        Ok(u64_at(self.take(8)?, 0))
    }

    fn u32(&mut self) -> Result<u32, HeaderError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

fn bad(says: impl Into<String>) -> HeaderError {
    HeaderError::field("rows", says)
}

/// Sets bit `y` of `set`; false if it was set already.
fn set_once(set: &mut [u64], y: u64) -> bool {
    let (w, m) = ((y / 64) as usize, 1u64 << (y % 64));
    let fresh = set[w] & m == 0;
    set[w] |= m;
    fresh
}

impl Rows {
    /// The state as the bytes of a state file (module documentation).
    pub fn save(&self) -> Vec<u8> {
        let mut b = Vec::new();
        self.save_to(&mut b).expect("writing to memory");
        b
    }

    /// The bytes of the state file's rows: each row's `top`, its differences, its holes' masks
    /// or hints.
    fn body(&self, w: &mut dyn Write) -> std::io::Result<()> {
        let mut buf = Vec::with_capacity(1 << 16);
        for row in &self.rows {
            buf.extend_from_slice(&row.top.to_le_bytes());
            for chunk in row.by_diff.chunks(1 << 13) {
                chunk
                    .iter()
                    .for_each(|a| buf.extend_from_slice(&a.to_le_bytes()));
                w.write_all(&buf)?;
                buf.clear();
            }
            for h in &row.holes {
                if self.modulus > 0 {
                    h.mask
                        .iter()
                        .for_each(|m| buf.extend_from_slice(&m.to_le_bytes()));
                } else {
                    buf.extend_from_slice(&(h.hint.0 as u32).to_le_bytes());
                    buf.extend_from_slice(&(h.hint.1 as u32).to_le_bytes());
                }
                if buf.len() >= 1 << 15 {
                    w.write_all(&buf)?;
                    buf.clear();
                }
            }
        }
        w.write_all(&buf)
    }

    /// The length of the state file.
    fn state_len(&self) -> u64 {
        let hole = if self.modulus > 0 {
            8 * self.modulus.div_ceil(64)
        } else {
            8
        };
        let rows: u64 = (self.rows.iter())
            .map(|r| 8 + 4 * r.by_diff.len() as u64 + hole * r.holes.len() as u64)
            .sum();
        HEADER_LEN as u64 + rows
    }

    /// Writes the state file to `w`, streamed (no copy of the rows in memory): the rows are
    /// gone through twice, once for the header's checksum and once to write them.
    pub fn save_to(&self, w: &mut dyn Write) -> std::io::Result<()> {
        let mut head = vec![0u8; 16];
        put_preamble(&mut head, VERSION, Kind::NheapState);
        let [heaps, p1, p2] = params(self);
        let fields = [
            heaps,
            p1,
            p2,
            self.rows.len() as u64,
            self.column,
            self.modulus,
            self.state_len(),
            0,
        ];
        for f in fields {
            head.extend_from_slice(&f.to_le_bytes());
        }
        let mut h = Xxh3::new();
        h.update(&head[..COVERED]);
        self.body(&mut Hashing(&mut h))?;
        head[COVERED..HEADER_LEN].copy_from_slice(&h.digest().to_le_bytes());
        w.write_all(&head)?;
        self.body(w)
    }

    /// Replaces the state of these rows (made by the constructor of the run, no column computed)
    /// by the state file `b`, checked first (module documentation); on an error nothing changed.
    pub fn load(&mut self, b: &[u8]) -> Result<(), HeaderError> {
        preamble(b, HEADER_LEN, Kind::NheapState, &[VERSION], "version 1")?;
        let want = params(self);
        let got = [u64_at(b, 16), u64_at(b, 24), u64_at(b, 32)];
        if got != want {
            return Err(HeaderError::field(
                "parameters",
                format!(
                    "the rows of {} heaps with parameters {}, {}, not those of this run ({} heaps, {}, {})",
                    got[0], got[1], got[2], want[0], want[1], want[2]
                ),
            ));
        }
        let (rows, column, modulus) = (u64_at(b, 40), u64_at(b, 48), u64_at(b, 56));
        if rows != self.rows.len() as u64 || modulus != self.modulus {
            return Err(HeaderError::field(
                "rows",
                format!("{rows} rows of modulus {modulus}, not this run's"),
            ));
        }
        if column > MAX_VALUE / 4 + 1 {
            return Err(HeaderError::field(
                "column",
                format!("column {column} passes the engine's range"),
            ));
        }
        let len = u64_at(b, 64);
        if len != b.len() as u64 {
            return Err(HeaderError::Length {
                got: b.len() as u64,
                want: len,
            });
        }
        if u64_at(b, 72) != checksum(b) {
            return Err(HeaderError::Damaged(
                crate::files::header::Damage::Checksum {
                    covers: "header and rows",
                },
            ));
        }
        let mut cur = Cursor { b, at: HEADER_LEN };
        let mut loaded = Vec::with_capacity(self.rows.len());
        let mut current = vec![if column == 0 { 0 } else { u64::MAX }; self.rows.len()];
        for (r, last) in current.iter_mut().enumerate() {
            let (row, f_last) = self.load_row(&mut cur, r, column)?;
            if let Some(y) = f_last {
                *last = y;
            }
            loaded.push(row);
        }
        if cur.at != b.len() {
            return Err(HeaderError::field(
                "rows",
                format!(
                    "the rows end at byte {}, but the file has {} bytes (trailing bytes)",
                    cur.at,
                    b.len()
                ),
            ));
        }
        // the targets of small negative difference not valid yet (see Rows::step)
        let mut pending = std::collections::BTreeMap::<u64, Vec<(usize, i64, u64)>>::new();
        if self.modulus > 0 {
            for (s, row) in loaded.iter().enumerate() {
                let top = row.by_diff.len().min(self.max_d as usize + 1);
                for (e, &a) in row.by_diff[..top].iter().enumerate().skip(1) {
                    let y = u64::from(a) + e as u64;
                    if a != NONE && y >= column {
                        pending.entry(y).or_default().push((s, -(e as i64), y));
                    }
                }
            }
        }
        self.rows = loaded;
        self.current = current;
        self.column = column;
        self.pending = pending;
        Ok(())
    }

    /// Row `r` of a state file at `column`, checked; with f_r(column − 1) when it is a new pair.
    fn load_row(
        &self,
        cur: &mut Cursor<'_>,
        r: usize,
        column: u64,
    ) -> Result<(Row, Option<u64>), HeaderError> {
        let top = cur.u64()?;
        // every column below `column` is the smaller or the larger heap of one pair
        if top > MAX_VALUE + 1 || column > top.saturating_mul(2) {
            return Err(bad(format!(
                "row {r}: {top} differences do not fit column {column}"
            )));
        }
        let n = usize::try_from(top).map_err(|_| bad("a row too long"))?;
        let raw = cur.take(n.checked_mul(4).ok_or_else(|| bad("a row too long"))?)?;
        let by_diff: Vec<u32> = raw
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if by_diff.last().is_some_and(|&a| a == NONE) {
            return Err(bad(format!("row {r}: its largest difference is unused")));
        }
        let words = |bits: u64| vec![0u64; bits.div_ceil(64) as usize];
        let (mut smaller, mut taken) = (words(column), words(column + top));
        let mut last = None;
        for (e, &a) in by_diff.iter().enumerate() {
            if a == NONE {
                continue;
            }
            let (a, e) = (u64::from(a), e as u64);
            if a >= column || e > MAX_VALUE - a || !set_once(&mut smaller, a) {
                return Err(bad(format!(
                    "row {r}: the pair ({a}, {}) is not one of columns 0..{column}",
                    a.saturating_add(e)
                )));
            }
            if e > 0 && !set_once(&mut taken, a + e) {
                return Err(bad(format!("row {r}: the value {} is taken twice", a + e)));
            }
            if a + 1 == column {
                last = Some(a + e);
            }
        }
        if let Some(a) = (0..column).find(|&a| bit(&smaller, a) == bit(&taken, a)) {
            return Err(bad(format!(
                "row {r}: column {a} is not the smaller heap of exactly one pair"
            )));
        }
        let mut holes = Vec::new();
        for (e, _) in by_diff.iter().enumerate().filter(|&(_, &a)| a == NONE) {
            let mut h = Hole {
                e: e as u64,
                hint: (0, 0),
                mask: Vec::new(),
            };
            if self.modulus > 0 {
                h.mask = (0..self.modulus.div_ceil(64))
                    .map(|_| cur.u64())
                    .collect::<Result<_, _>>()?;
                if self.modulus < 64 && h.mask[0] >> self.modulus != 0 {
                    return Err(bad(format!("row {r}: a residue mask past the modulus")));
                }
            } else {
                let (i, k) = (cur.u32()? as usize, cur.u32()? as usize);
                let fits = (i == 0 && k == 0)
                    || self.moves[r].get(i.wrapping_sub(1)).is_some_and(|&(_, d)| {
                        self.deltas.get(d as usize).is_some_and(|v| k < v.len())
                    });
                if !fits {
                    return Err(bad(format!("row {r}: a hole's hint names no move")));
                }
                h.hint = (i, k);
            }
            holes.push(h);
        }
        taken.truncate(taken.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1));
        let row = Row {
            by_diff,
            taken,
            holes,
            top,
        };
        Ok((row, last))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Rows;
    use super::*;

    /// `r` after `k` columns.
    fn stepped(mut r: Rows, k: u64) -> Rows {
        for _ in 0..k {
            r.step().unwrap();
        }
        r
    }

    /// The rows made by `make`, stepped `at` columns, saved, loaded into fresh rows and both
    /// stepped `more` columns: the same values.
    fn continues(make: &dyn Fn() -> Rows, at: u64, more: u64) {
        let mut a = stepped(make(), at);
        let bytes = a.save();
        let mut b = make();
        b.load(&bytes).unwrap();
        assert_eq!(b.save(), bytes, "saved again, the same bytes");
        for c in 0..more {
            assert_eq!(a.step().unwrap(), b.step().unwrap(), "column {}", at + c);
        }
    }

    #[test]
    fn a_loaded_state_continues_as_the_saved_one() {
        continues(&|| Rows::new(9).unwrap(), 0, 50);
        continues(&|| Rows::new(9).unwrap(), 1, 50);
        continues(&|| Rows::new(40).unwrap(), 700, 700);
        continues(&|| Rows::pairs(5).unwrap(), 500, 500);
        continues(&|| Rows::pairs_below(2, 6).unwrap(), 333, 400);
        // without residue masks: the hints
        let plain = || {
            let mut r = Rows::new(12).unwrap();
            r.modulus = 0;
            r
        };
        continues(&plain, 400, 400);
    }

    #[test]
    fn damaged_or_foreign_states_are_refused() {
        let bytes = stepped(Rows::new(6).unwrap(), 300).save();
        // another run's rows
        assert!(Rows::new(7).unwrap().load(&bytes).is_err());
        assert!(Rows::pairs(6).unwrap().load(&bytes).is_err());
        // a flipped byte anywhere, a cut, a byte more: refused, never a panic
        for i in (0..bytes.len()).step_by(7) {
            let mut b = bytes.clone();
            b[i] ^= 0x10;
            assert!(Rows::new(6).unwrap().load(&b).is_err(), "byte {i}");
        }
        for cut in [0, 10, HEADER_LEN, bytes.len() - 1] {
            assert!(Rows::new(6).unwrap().load(&bytes[..cut]).is_err());
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Rows::new(6).unwrap().load(&longer).is_err());
    }

    /// A state file with its checksum made to match: the rows' checks still refuse it.
    fn sealed(mut b: Vec<u8>) -> Vec<u8> {
        let len = b.len() as u64;
        b[64..72].copy_from_slice(&len.to_le_bytes());
        let sum = checksum(&b);
        b[72..80].copy_from_slice(&sum.to_le_bytes());
        b
    }

    #[test]
    fn forged_rows_with_a_matching_checksum_are_refused() {
        let bytes = stepped(Rows::new(3).unwrap(), 40).save();
        let fresh = || Rows::new(3).unwrap();
        // a column past what the rows hold
        let mut b = bytes.clone();
        b[48..56].copy_from_slice(&41u64.to_le_bytes());
        assert!(fresh().load(&sealed(b)).is_err());
        // a pair moved to another column of row 0 (the entry of difference 1, (1, 2))
        let mut b = bytes.clone();
        let at = HEADER_LEN + 8 + 4;
        b[at..at + 4].copy_from_slice(&5u32.to_le_bytes());
        assert!(fresh().load(&sealed(b)).is_err());
        // a huge row length
        let mut b = bytes.clone();
        b[HEADER_LEN..HEADER_LEN + 8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(fresh().load(&sealed(b)).is_err());
        // the untouched bytes load
        assert!(fresh().load(&sealed(bytes)).is_ok());
    }
}
