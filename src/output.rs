//! Output plumbing shared by every writer: atomic files, the binary header, decimal counters.
//!
//! * [`AtomicFile`] writes to `<name>.partial` beside the target and renames it to the final name
//!   only after everything was written and synced; dropping it uncommitted removes the partial file.
//!   A file under its final name is therefore always complete.
//! * [`Header`] is the 80-byte little-endian header of the binary formats (layout below).
//! * [`Decimal`] keeps a number as ASCII digits and adds small steps in place, which makes text
//!   output several times faster than formatting every integer afresh.
//!
//! ## Binary header (version 1), all integers little-endian
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `WYTHOFF\0` |
//! | 8 | 4 | version = 1 |
//! | 12 | 4 | kind: 1 = P-pairs (A_n, B_n), 2 = characteristic word |
//! | 16 | 8 | parameter a |
//! | 24 | 1 | misère (0 or 1) |
//! | 25 | 1 | value width in bytes (8 or 16) for pairs; 0 for a word |
//! | 26 | 6 | reserved, zero |
//! | 32 | 8 | START (first index n) |
//! | 40 | 8 | STOP (last index n, inclusive) |
//! | 48 | 8 | number of records: pairs, or bits of the word |
//! | 56 | 16 | word: the integer that bit 0 stands for (A_START); pairs: 0 |
//! | 72 | 8 | XXH3-64 (seed 0) of the payload bytes |
//!
//! Pairs payload: for n = START..=STOP, A_n then B_n, each `width` bytes.  Word payload: bit j
//! (byte j/8, bit j%8, least significant first) is 1 iff A_START + j is a lower number A_n.

use crate::error::{Error, Result};
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// A file that appears under its final name only when complete.
pub struct AtomicFile {
    file: Option<File>,
    partial: PathBuf,
    target: PathBuf,
}

impl AtomicFile {
    /// Creates `<path>.partial`; a failure here is a usage error (bad or unwritable path).
    pub fn create(path: &Path) -> Result<AtomicFile> {
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&partial)
            .map_err(|e| Error::usage(format!("-o: cannot write '{}': {e}", path.display())))?;
        Ok(AtomicFile {
            file: Some(file),
            partial,
            target: path.to_owned(),
        })
    }

    /// The open partial file.
    pub fn file(&mut self) -> &mut File {
        self.file.as_mut().expect("file is open until commit")
    }

    /// Syncs, closes and renames the partial file to the final name.
    pub fn commit(mut self) -> Result<()> {
        let file = self.file.take().expect("commit once");
        file.sync_all().map_err(|e| io_error(&self.target, e))?;
        drop(file);
        std::fs::rename(&self.partial, &self.target).map_err(|e| io_error(&self.target, e))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file().write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.file().flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}

/// An I/O failure while writing `path`, as a one-line error.
pub fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::Io(format!("writing '{}': {e}", path.display()))
}

/// The kinds of binary file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// P-pairs (A_n, B_n).
    Pairs = 1,
    /// The characteristic word of the lower sequence.
    Word = 2,
}

/// The 80-byte header of the binary formats (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// What the payload holds.
    pub kind: Kind,
    /// Parameter a.
    pub a: u64,
    /// Misère play.
    pub misere: bool,
    /// Bytes per value (pairs) or 0 (word).
    pub width: u8,
    /// First index.
    pub start: u64,
    /// Last index, inclusive.
    pub stop: u64,
    /// Number of pairs or bits.
    pub records: u64,
    /// For a word: the integer of bit 0.
    pub first_value: u128,
    /// XXH3-64 of the payload.
    pub checksum: u64,
}

/// Magic bytes at offset 0 of every binary file.
pub const MAGIC: &[u8; 8] = b"WYTHOFF\0";
/// Size of the header in bytes.
pub const HEADER_LEN: usize = 80;

impl Header {
    /// The header as bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[0..8].copy_from_slice(MAGIC);
        h[8..12].copy_from_slice(&1u32.to_le_bytes());
        h[12..16].copy_from_slice(&(self.kind as u32).to_le_bytes());
        h[16..24].copy_from_slice(&self.a.to_le_bytes());
        h[24] = u8::from(self.misere);
        h[25] = self.width;
        h[32..40].copy_from_slice(&self.start.to_le_bytes());
        h[40..48].copy_from_slice(&self.stop.to_le_bytes());
        h[48..56].copy_from_slice(&self.records.to_le_bytes());
        h[56..72].copy_from_slice(&self.first_value.to_le_bytes());
        h[72..80].copy_from_slice(&self.checksum.to_le_bytes());
        h
    }

    /// Parses and validates a header.
    pub fn from_bytes(h: &[u8]) -> Result<Header> {
        let bad = |m: &str| Error::usage(format!("not a wythoff binary file: {m}"));
        if h.len() < HEADER_LEN || &h[0..8] != MAGIC {
            return Err(bad("wrong magic"));
        }
        let u32_at = |o: usize| u32::from_le_bytes(h[o..o + 4].try_into().unwrap());
        let u64_at = |o: usize| u64::from_le_bytes(h[o..o + 8].try_into().unwrap());
        if u32_at(8) != 1 {
            return Err(bad("unsupported version"));
        }
        let kind = match u32_at(12) {
            1 => Kind::Pairs,
            2 => Kind::Word,
            _ => return Err(bad("unknown kind")),
        };
        Ok(Header {
            kind,
            a: u64_at(16),
            misere: h[24] != 0,
            width: h[25],
            start: u64_at(32),
            stop: u64_at(40),
            records: u64_at(48),
            first_value: u128::from_le_bytes(h[56..72].try_into().unwrap()),
            checksum: u64_at(72),
        })
    }

    /// Rewrites the header at the start of an already written file.
    pub fn rewrite(&self, f: &mut File) -> std::io::Result<()> {
        f.seek(SeekFrom::Start(0))?;
        f.write_all(&self.to_bytes())?;
        f.seek(SeekFrom::End(0))?;
        Ok(())
    }
}

/// A non-negative integer kept as ASCII decimal digits, most significant first, with in-place
/// addition.  Holds up to 47 digits (every u128 has at most 39).
#[derive(Clone, Copy)]
pub struct Decimal {
    digits: [u8; 48],
    len: usize,
}

impl Decimal {
    /// The decimal form of v.
    pub fn new(v: u128) -> Decimal {
        let s = v.to_string();
        let mut digits = [b'0'; 48];
        digits[..s.len()].copy_from_slice(s.as_bytes());
        Decimal {
            digits,
            len: s.len(),
        }
    }

    /// The digits (no sign, no leading zeros except for 0 itself).
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.digits[..self.len]
    }

    /// The whole 48-byte buffer, whose first `len()` bytes are the digits; lets callers copy a
    /// fixed size and advance by `len()`.
    #[inline]
    pub fn raw(&self) -> &[u8; 48] {
        &self.digits
    }

    /// Number of digits.
    #[inline]
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Adds d ≤ 9.
    #[inline]
    pub fn add_small(&mut self, d: u8) {
        let mut i = self.len - 1;
        let mut v = self.digits[i] + d;
        while v > b'9' {
            self.digits[i] = v - 10;
            if i == 0 {
                self.grow();
                return;
            }
            i -= 1;
            v = self.digits[i] + 1;
        }
        self.digits[i] = v;
    }

    /// Adds a number given by its decimal digits, least significant first.
    #[inline]
    pub fn add_digits(&mut self, rev: &[u8]) {
        while self.len < rev.len() {
            self.shift_right();
        }
        let mut carry = 0u8;
        let mut k = 0usize;
        let mut i = self.len;
        while i > 0 {
            i -= 1;
            let add = if k < rev.len() { rev[k] } else { 0 };
            k += 1;
            if add == 0 && carry == 0 && k > rev.len() {
                return;
            }
            let mut v = self.digits[i] - b'0' + add + carry;
            carry = u8::from(v >= 10);
            if v >= 10 {
                v -= 10;
            }
            self.digits[i] = b'0' + v;
        }
        if carry == 1 {
            self.grow();
        }
    }

    /// Adds a u128 (any size).
    pub fn add(&mut self, v: u128) {
        if v <= 9 {
            self.add_small(v as u8);
        } else {
            self.add_digits(&reversed_digits(v));
        }
    }

    /// After a carry out of the top digit (all digits now '0' above), prepend a 1.
    fn grow(&mut self) {
        self.shift_right();
        self.digits[0] = b'1';
    }

    fn shift_right(&mut self) {
        self.digits.copy_within(0..self.len, 1);
        self.digits[0] = b'0';
        self.len += 1;
    }
}

/// The decimal digits of v, least significant first, as values 0..=9.
pub fn reversed_digits(v: u128) -> Vec<u8> {
    v.to_string().bytes().rev().map(|b| b - b'0').collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_counts_like_integers() {
        let mut d = Decimal::new(0);
        let mut v = 0u128;
        for step in [1u128, 9, 9, 2, 1, 99, 7, 12345, 999_999, 3, 1 << 70, 8] {
            for _ in 0..37 {
                d.add(step);
                v += step;
                assert_eq!(d.as_bytes(), v.to_string().as_bytes());
            }
        }
        let mut e = Decimal::new(99);
        e.add_small(1);
        assert_eq!(e.as_bytes(), b"100");
    }

    #[test]
    fn header_round_trips() {
        let h = Header {
            kind: Kind::Word,
            a: 7,
            misere: true,
            width: 0,
            start: 3,
            stop: 99,
            records: 1234,
            first_value: 1 << 100,
            checksum: 0xdead_beef,
        };
        assert_eq!(Header::from_bytes(&h.to_bytes()).unwrap(), h);
        assert!(Header::from_bytes(b"nope").is_err());
    }

    #[test]
    fn atomic_file_leaves_nothing_when_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.txt");
        {
            let mut f = AtomicFile::create(&p).unwrap();
            f.write_all(b"half").unwrap();
        }
        assert!(!p.exists());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        let mut f = AtomicFile::create(&p).unwrap();
        f.write_all(b"whole").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"whole");
        assert_eq!(
            AtomicFile::create(&dir.path().join("no/such/dir"))
                .err()
                .unwrap()
                .exit_code(),
            2
        );
    }
}
