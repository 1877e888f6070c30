//! Row certificates: the certified rows 0..X−1 of G (parameter a) kept in a file, so that G at any
//! column of those rows is answered at once, without sweeping again.
//!
//! A certificate holds, per row x, the preperiod y₀ and period p of G(x, y + p) = G(x, y) + p
//! (y ≥ y₀; doc/rows.md), the offsets G(x, y) − y for one period y₀ ≤ y < y₀ + p, and — where a
//! size budget chosen before writing allows — the offsets below y₀.  Then, for y ≥ y₀,
//! G(x, y) = y + offset[y₀ + ((y − y₀) mod p)]: one big-integer remainder, O(digits of y).
//!
//! ## File (version 1), kind 4 of the registry in `crate::header`, little-endian
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `WYTHOFF\0` |
//! | 8 | 4 | version = 1 |
//! | 12 | 4 | kind = 4 (row certificate) |
//! | 16 | 8 | a ≥ 1 |
//! | 24 | 8 | X, the number of rows (1 ≤ X ≤ 4096) |
//! | 32 | 8 | joint preperiod μ |
//! | 40 | 8 | joint period λ ≥ 1 |
//! | 48 | 4 | value width w in bytes: 2 or 4 (signed) |
//! | 52 | 12 | reserved, zero |
//! | 64 | 8 | payload length in bytes |
//! | 72 | 8 | XXH3-64 (seed 0) of header bytes 0..72 followed by the payload ([`checksum`]) |
//!
//! Payload: for x = 0..X−1 a record of three u64 — y₀, p, s — then s offsets G(x, y) − y for
//! y = 0..s−1, then p offsets for y = y₀..y₀+p−1, each a signed little-endian integer of w bytes.
//! s is either y₀ (the values below the preperiod are stored) or 0 (they are not).
//!
//! A reader ([`Certificate::from_bytes`]) accepts a file only if every field holds, computed with
//! checked arithmetic: the header fields above, y₀ ≤ μ, p dividing λ, s ∈ {0, y₀}, every offset
//! within −2a·x ≤ G − y ≤ x and G ≥ 0 (the bounds of doc/rows.md), the records filling the payload
//! exactly, the file exactly 80 bytes plus the payload, and the checksum.  Whether the values are
//! *right* is what `wythoff::grundy::rows::check` decides, by computing them again.
//!
//! Cost: reading is linear in the file; [`Certificate::value`] O(digits of y).

use super::header::{self, Damage, FileError, HeaderError, Kind, u32_at, u64_at};
use wythoff_core::error::Error;

use rug::Integer;
use std::path::Path;

/// Size of the certificate header.
pub const HEADER_LEN: usize = 80;
/// The file format version this code reads and writes.
pub const VERSION: u32 = 1;
/// Default budget, in bytes, for the values below the preperiods.
pub const DEFAULT_PREFIX_BUDGET: u64 = 64 << 20;

/// One certified row: its preperiod and period, and where its values lie in the file's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CertifiedRow {
    /// Preperiod y₀: G(x, y + p) = G(x, y) + p for y ≥ y₀, and not for y₀ − 1.
    pub preperiod: u64,
    /// Least additive period p.
    pub period: u64,
    /// Whether G(x, y) − y for y < y₀ is stored (always so when y₀ = 0).
    pub prefix_stored: bool,
    /// Byte offset of the values below y₀ (when stored).
    prefix_at: usize,
    /// Byte offset of the p values from y₀ on.
    cycle_at: usize,
}

/// Certified rows 0..X−1 of G for one parameter a (see the module documentation): the file's
/// bytes, validated, with an index of the rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// Parameter a.
    pub a: u64,
    /// Joint preperiod μ and period λ of the sweep that certified the rows.
    pub joint: (u64, u64),
    /// Value width in bytes (2 or 4).
    width: usize,
    /// The whole file: header and payload.
    bytes: Bytes,
    /// Rows 0..X−1.
    rows: Vec<CertifiedRow>,
}

/// A certificate's bytes: in memory, or the file mapped read-only (a certificate of rows
/// 0..1023 is 626 MB; mapping it instead of copying it makes a lookup cost the validation pass
/// over the page cache, not the allocation of the copy).
#[derive(Clone, Debug)]
enum Bytes {
    Owned(Vec<u8>),
    Mapped(std::sync::Arc<memmap2::Mmap>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            Bytes::Mapped(m) => m,
        }
    }
}

impl PartialEq for Bytes {
    fn eq(&self, other: &Bytes) -> bool {
        **self == **other
    }
}

impl Eq for Bytes {}

/// What is wrong with a certificate file, or why a value cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// The bytes are not a valid certificate.
    #[error("not a valid row certificate: {0}")]
    Invalid(HeaderError),
    /// The row is not one of the certificate's.
    #[error("row {row} is not certified here: the certificate covers rows 0..{} (X = {rows})", rows - 1)]
    RowBeyond {
        /// The row asked for (abbreviated).
        row: String,
        /// The certificate's X.
        rows: u64,
    },
    /// The column lies below the row's preperiod and those values are not stored.
    #[error(
        "G({row}, {column}): column {column} is below row {row}'s preperiod {preperiod}, and the \
         certificate does not store the values there (re-deriving them sweeps {columns} columns \
         of rows 0..{last})"
    )]
    NoPrefix {
        /// The row.
        row: u64,
        /// The column.
        column: u64,
        /// The row's preperiod.
        preperiod: u64,
        /// μ + 2λ: the columns the certifying sweep ran.
        columns: String,
        /// The certificate's last row.
        last: u64,
    },
}

impl From<CertificateError> for Error {
    fn from(e: CertificateError) -> Error {
        match e {
            CertificateError::Invalid(_) => Error::usage(e.to_string()),
            other => Error::domain(other.to_string()),
        }
    }
}

/// An invalid `field`, said in words.
fn invalid(field: &'static str, m: impl Into<String>) -> CertificateError {
    CertificateError::Invalid(HeaderError::field(field, m))
}

/// The certificate's checksum: XXH3-64 (seed 0) of the whole file without the checksum field —
/// header bytes 0..72 followed by the payload — so that a changed a, X, μ or λ is caught like a
/// changed value.
pub fn checksum(head: &[u8], payload: &[u8]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(head);
    h.update(payload);
    h.digest()
}

/// The most rows a certificate holds, X ≤ 4096 (the certifying sweep's state is about 6X² bits).
pub const MAX_ROWS: usize = 4096;

/// What a certificate records of a certifying sweep (`wythoff::grundy::rows::Periods` converts
/// into it): the joint preperiod and period, and per row its preperiod and period, one period of
/// offsets G(x, y) − y, and the offsets below the preperiod where the sweep recorded them.
#[derive(Clone, Copy, Debug)]
pub struct SweptRows<'p> {
    /// Joint preperiod μ and period λ.
    pub joint: (u64, u64),
    /// Per row: (preperiod, period).
    pub rows: &'p [(u64, u64)],
    /// Per row: G(x, y) − y for one period from the preperiod.
    pub cycles: &'p [Vec<i16>],
    /// Per row: G(x, y) − y below the preperiod, where recorded.
    pub prefixes: &'p [Option<Vec<i16>>],
}

impl Certificate {
    /// The certificate of swept rows, storing the values below each preperiod while their total
    /// size stays within `prefix_budget` bytes (rows taken in order; a row whose values do not fit,
    /// or were not recorded by the search, is written without them).
    pub fn from_periods<'p>(
        p: impl Into<SweptRows<'p>>,
        a: u64,
        prefix_budget: u64,
    ) -> wythoff_core::error::Result<Certificate> {
        let p = p.into();
        // the sweep records offsets as i16: 2 bytes each
        let mut left = prefix_budget;
        let mut payload = Vec::new();
        for ((&(y0, per), cyc), pre) in p.rows.iter().zip(p.cycles).zip(p.prefixes) {
            let bytes = y0.saturating_mul(2);
            let stored = pre.is_some() && bytes <= left;
            if stored {
                left -= bytes;
            }
            for f in [y0, per, if stored { y0 } else { 0 }] {
                payload.extend_from_slice(&f.to_le_bytes());
            }
            if let (true, Some(pre)) = (stored, pre) {
                for &v in pre {
                    payload.extend_from_slice(&v.to_le_bytes());
                }
            }
            for &v in cyc {
                payload.extend_from_slice(&v.to_le_bytes());
            }
        }
        let mut h = vec![0u8; HEADER_LEN];
        header::put_preamble(&mut h, VERSION, Kind::RowCertificate);
        h[16..24].copy_from_slice(&a.to_le_bytes());
        h[24..32].copy_from_slice(&(p.rows.len() as u64).to_le_bytes());
        h[32..40].copy_from_slice(&p.joint.0.to_le_bytes());
        h[40..48].copy_from_slice(&p.joint.1.to_le_bytes());
        h[48..52].copy_from_slice(&2u32.to_le_bytes());
        h[64..72].copy_from_slice(&(payload.len() as u64).to_le_bytes());
        let sum = checksum(&h[..72], &payload);
        h[72..80].copy_from_slice(&sum.to_le_bytes());
        h.extend_from_slice(&payload);
        // made here from a sweep's record: reading back fails only if the sweep broke its bounds
        Certificate::from_vec(h)
            .map_err(|e| Error::internal(format!("a certificate made by the sweep: {e}")))
    }

    /// Number of rows X.
    pub fn x(&self) -> u64 {
        self.rows.len() as u64
    }

    /// The rows 0..X−1.
    pub fn rows(&self) -> &[CertifiedRow] {
        &self.rows
    }

    /// μ + 2λ, the columns the certifying sweep ran, as text (it may exceed 64 bits in a crafted
    /// file).
    fn sweep_columns(&self) -> String {
        let (mu, lam) = self.joint;
        (u128::from(mu) + 2 * u128::from(lam)).to_string()
    }

    /// Rows whose values below the preperiod are stored (rows with y₀ = 0 included).
    pub fn prefix_rows(&self) -> usize {
        self.rows.iter().filter(|r| r.prefix_stored).count()
    }

    /// The file's bytes: header and payload.
    pub fn to_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The stored value at byte offset `at`.
    fn stored(&self, at: usize) -> i32 {
        read_value(&self.bytes[at..at + self.width])
    }

    /// G(x, y) − y for row x at y₀ + i, 0 ≤ i < p.
    pub fn cycle_offset(&self, x: usize, i: u64) -> i32 {
        self.stored(self.rows[x].cycle_at + i as usize * self.width)
    }

    /// G(x, y) − y for row x at y < y₀, when stored.
    pub fn prefix_offset(&self, x: usize, y: u64) -> Option<i32> {
        let r = &self.rows[x];
        (r.prefix_stored && y < r.preperiod)
            .then(|| self.stored(r.prefix_at + y as usize * self.width))
    }

    /// Parses and validates a certificate file's bytes (see the module documentation).
    pub fn from_bytes(b: &[u8]) -> Result<Certificate, CertificateError> {
        Certificate::from_vec(b.to_vec())
    }

    /// [`Certificate::from_bytes`], keeping the vector.
    pub fn from_vec(b: Vec<u8>) -> Result<Certificate, CertificateError> {
        Certificate::from_store(Bytes::Owned(b))
    }

    /// Validates the bytes and indexes the rows.
    fn from_store(b: Bytes) -> Result<Certificate, CertificateError> {
        let (a, x, (mu, lam), w) = header_fields(&b)?;
        let mut cur = Cursor {
            b: &b[HEADER_LEN..],
            at: 0,
        };
        let mut rows = Vec::with_capacity(x as usize);
        for row in 0..x {
            rows.push(cur.row(row, a, (mu, lam), w)?);
        }
        if cur.left() != 0 {
            return Err(invalid(
                "rows",
                format!("{} bytes after the last row", cur.left()),
            ));
        }
        Ok(Certificate {
            a,
            joint: (mu, lam),
            width: w as usize,
            bytes: b,
            rows,
        })
    }

    /// Reads and validates a certificate file (a regular file only: a FIFO or a device would
    /// block or never end).
    pub fn read(path: &Path) -> Result<Certificate, FileError> {
        let (f, len) = header::open_regular(path, Kind::RowCertificate)?;
        // SAFETY: the file is opened read-only and every byte is validated below before use
        // (lengths with checked arithmetic, the checksum over the payload).  A concurrent
        // truncation by another process is outside what this program guards against, as for
        // table files.  An empty file cannot be mapped: it is read as an empty vector and refused.
        let b = if len == 0 {
            Bytes::Owned(Vec::new())
        } else {
            // SAFETY: read-only map of a regular file whose every byte is validated (above).
            let map = unsafe { memmap2::Mmap::map(&f) }.map_err(|source| FileError::Open {
                path: path.to_owned(),
                source,
            })?;
            Bytes::Mapped(std::sync::Arc::new(map))
        };
        Certificate::from_store(b).map_err(|e| match e {
            CertificateError::Invalid(problem) => {
                FileError::new(path, Kind::RowCertificate, problem)
            }
            other => FileError::new(
                path,
                Kind::RowCertificate,
                HeaderError::field("rows", other.to_string()),
            ),
        })
    }

    /// G(x, y) for a certified row x and any column y (y ≥ 0): from the period for y ≥ y₀, from the
    /// stored values below it, or an error saying they are not stored.
    pub fn value(&self, x: &Integer, y: &Integer) -> Result<Integer, CertificateError> {
        let (i, r) = self.row(x)?;
        if let Some(off) = self.offset(i, y) {
            return Ok(Integer::from(y + off));
        }
        Err(CertificateError::NoPrefix {
            row: x.to_u64().unwrap_or(0),
            column: y.to_u64().unwrap_or(0),
            preperiod: r.preperiod,
            columns: self.sweep_columns(),
            last: self.x() - 1,
        })
    }

    fn row(&self, x: &Integer) -> Result<(usize, &CertifiedRow), CertificateError> {
        x.to_usize()
            .and_then(|i| self.rows.get(i).map(|r| (i, r)))
            .ok_or_else(|| CertificateError::RowBeyond {
                row: wythoff_core::num::abbreviate(x),
                rows: self.x(),
            })
    }

    /// G(x, y) − y, or `None` below a preperiod whose values are not stored.
    fn offset(&self, x: usize, y: &Integer) -> Option<i32> {
        let r = &self.rows[x];
        if *y >= r.preperiod {
            let i = Integer::from(y - r.preperiod) % r.period;
            return Some(self.cycle_offset(x, i.to_u64()?));
        }
        self.prefix_offset(x, y.to_u64()?)
    }

    /// The column y < `below` where row x holds the value `target`, if any (values along a row are
    /// distinct, so there is at most one); an error when the answer may lie in values not stored.
    pub fn column_of(
        &self,
        x: &Integer,
        target: &Integer,
        below: &Integer,
    ) -> Result<Option<Integer>, CertificateError> {
        let (xi, r) = self.row(x)?;
        // y ≥ y₀: y = y₀ + i + k·p with G = y + cycle[i], so k·p = target − y₀ − i − cycle[i]
        for i in 0..r.period {
            let off = self.cycle_offset(xi, i);
            let k = Integer::from(target - r.preperiod) - i - off;
            if k >= 0 && Integer::from(&k % r.period) == 0 {
                let y = k + r.preperiod + i;
                if y < *below {
                    return Ok(Some(y));
                }
            }
        }
        let stop = below.to_u64().map_or(r.preperiod, |b| b.min(r.preperiod));
        if stop == 0 {
            return Ok(None);
        }
        if !r.prefix_stored {
            return Err(CertificateError::NoPrefix {
                row: x.to_u64().unwrap_or(0),
                column: 0,
                preperiod: r.preperiod,
                columns: self.sweep_columns(),
                last: self.x() - 1,
            });
        }
        Ok((0..stop)
            .find(|&y| {
                self.prefix_offset(xi, y)
                    .is_some_and(|o| *target == Integer::from(y) + o)
            })
            .map(Integer::from))
    }
}

/// The header's fields a, X, (μ, λ) and the value width, checked (with the length and the
/// checksum over header and payload).
fn header_fields(b: &[u8]) -> Result<(u64, u64, (u64, u64), u32), CertificateError> {
    header::preamble(b, HEADER_LEN, Kind::RowCertificate, &[VERSION], "version 1")
        .map_err(CertificateError::Invalid)?;
    let (a, x, mu, lam, w) = (
        u64_at(b, 16),
        u64_at(b, 24),
        u64_at(b, 32),
        u64_at(b, 40),
        u32_at(b, 48),
    );
    if a == 0 {
        return Err(invalid("a", "a = 0 (a is at least 1)"));
    }
    if x == 0 || x > MAX_ROWS as u64 {
        return Err(invalid(
            "X",
            format!("X = {x} rows (1 to {} are accepted)", MAX_ROWS),
        ));
    }
    if lam == 0 {
        return Err(invalid("λ", "joint period 0"));
    }
    if w != 2 && w != 4 {
        return Err(invalid("width", format!("value width {w} (2 or 4 bytes)")));
    }
    HeaderError::reserved_zero(&b[52..64]).map_err(CertificateError::Invalid)?;
    let payload = &b[HEADER_LEN..];
    if u64_at(b, 64) != payload.len() as u64 {
        return Err(CertificateError::Invalid(HeaderError::Length {
            got: b.len() as u64,
            want: u64_at(b, 64).saturating_add(HEADER_LEN as u64),
        }));
    }
    if checksum(&b[..72], payload) != u64_at(b, 72) {
        return Err(CertificateError::Invalid(HeaderError::Damaged(
            Damage::Checksum {
                covers: "header and payload",
            },
        )));
    }
    Ok((a, x, (mu, lam), w))
}

/// Reads the payload front to back, refusing to run past its end.
struct Cursor<'a> {
    b: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn left(&self) -> u64 {
        (self.b.len() - self.at) as u64
    }

    fn take(&mut self, n: usize) -> Result<&[u8], CertificateError> {
        let s = self
            .b
            .get(self.at..self.at + n)
            .ok_or_else(|| invalid("row", "the payload ends inside a row record (truncated)"))?;
        self.at += n;
        Ok(s)
    }

    fn u64(&mut self) -> Result<u64, CertificateError> {
        let s = self.take(8)?;
        Ok(u64::from_le_bytes(s.try_into().unwrap_or([0; 8])))
    }

    /// The next row record, of row `row` (see the module documentation), checked against the
    /// header's a, joint preperiod and period (μ, λ) and value width `w`.
    fn row(
        &mut self,
        row: u64,
        a: u64,
        (mu, lam): (u64, u64),
        w: u32,
    ) -> Result<CertifiedRow, CertificateError> {
        let what = |m: String| invalid("row", format!("row {row}: {m}"));
        let (y0, p, s) = (self.u64()?, self.u64()?, self.u64()?);
        if y0 > mu {
            return Err(what(format!(
                "preperiod {y0} above the joint preperiod {mu}"
            )));
        }
        if p == 0 || lam % p != 0 {
            return Err(what(format!(
                "period {p} does not divide the joint period {lam}"
            )));
        }
        if s != 0 && s != y0 {
            return Err(what(format!(
                "{s} stored values below the preperiod {y0} (0 or {y0})"
            )));
        }
        // bounds of G(x, y) − y: −2a·x ≤ G − y ≤ x, and G ≥ 0
        let low = i128::from(a)
            .checked_mul(2 * i128::from(row))
            .map_or(i128::MIN, |v| -v);
        let prefix_at = self.values(s, 0, w, (low, row))?;
        let cycle_at = self.values(p, y0, w, (low, row))?;
        Ok(CertifiedRow {
            preperiod: y0,
            period: p,
            prefix_stored: s == y0,
            prefix_at,
            cycle_at,
        })
    }

    /// The next `n` values of row `row` (width `w` bytes), from column `y_first` on, checked
    /// against the bounds `low` = −2a·x ≤ G − y ≤ x and G ≥ 0; returns their offset in the file.
    fn values(
        &mut self,
        n: u64,
        y_first: u64,
        w: u32,
        (low, row): (i128, u64),
    ) -> Result<usize, CertificateError> {
        let what = |m: String| invalid("row", format!("row {row}: {m}"));
        let wb = w as usize;
        let bytes = n
            .checked_mul(u64::from(w))
            .filter(|&k| k <= self.left())
            .ok_or_else(|| what(format!("{n} values run past the end of the file")))?;
        let at = HEADER_LEN + self.at;
        let vals = self.take(bytes as usize)?;
        let (mut lo, mut hi) = (i32::MAX, i32::MIN);
        for c in vals.chunks_exact(wb) {
            let v = read_value(c);
            lo = lo.min(v);
            hi = hi.max(v);
        }
        // G ≥ 0 can fail only where y < −(G − y) ≤ 2a·x: the first columns
        let neg = vals
            .chunks_exact(wb)
            .zip(y_first..)
            .take_while(|&(_, y)| i128::from(y) < -low)
            .any(|(c, y)| i128::from(y) + i128::from(read_value(c)) < 0);
        if n > 0 && (i128::from(lo) < low || i128::from(hi) > i128::from(row) || neg) {
            return Err(what(format!(
                "a value G(x, y) − y outside [−2a·x, x] = [{low}, {row}], or G < 0"
            )));
        }
        Ok(at)
    }
}

/// A stored value: 2 or 4 bytes, signed little-endian.
fn read_value(c: &[u8]) -> i32 {
    match c {
        [a, b] => i32::from(i16::from_le_bytes([*a, *b])),
        [a, b, c, d] => i32::from_le_bytes([*a, *b, *c, *d]),
        _ => 0,
    }
}
