//! The binary header of the pairs and word files, and the registry of binary kinds.
//!
//! Every binary file of wythoff starts with the magic `WYTHOFF\0`, a version (u32) and a kind
//! (u32); [`Kind`] is the one registry of kinds, with their names ([`Kind::name`]), and
//! [`preamble`] checks those fields for every format, with one error type ([`HeaderError`]):
//! 1 = P-pairs, 2 = characteristic word,
//! 3 = Grundy table (whose 64-byte header is read and written by `crate::grundy`), 4 = row
//! certificate (80-byte header of its own, `crate::grundy::rows::certificate`), 5 = three-pile
//! cube (64-byte header of its own, `crate::three_pile::cube`), 6 = line-game Grundy table
//! (64-byte header and a rule block, `crate::lines::file`).
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
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};

/// The kinds of binary file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// P-pairs (A_n, B_n).
    Pairs = 1,
    /// The characteristic word of the lower sequence.
    Word = 2,
    /// A Sprague–Grundy table (64-byte header of its own).
    GrundyTable = 3,
    /// Certified rows of the Grundy function (80-byte header of its own).
    RowCertificate = 4,
    /// A three-pile cube (64-byte header of its own, `crate::three_pile::cube`).
    ThreePileCube = 5,
    /// The Grundy table of a two-pile line game (64-byte header and rule block,
    /// `crate::lines::file`).
    LineTable = 6,
}

impl Kind {
    /// Every registered kind, in number order.
    pub const ALL: [Kind; 6] = [
        Kind::Pairs,
        Kind::Word,
        Kind::GrundyTable,
        Kind::RowCertificate,
        Kind::ThreePileCube,
        Kind::LineTable,
    ];

    /// The kind with this number, if it is registered.
    pub fn from_u32(k: u32) -> Option<Kind> {
        Kind::ALL.into_iter().find(|&kind| kind as u32 == k)
    }

    /// What a file of this kind is, and the command that writes it: the one table of kind names
    /// for every message about a file of the wrong kind.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pairs => "pairs file (pairs --format binary)",
            Kind::Word => "characteristic word (pairs --format word)",
            Kind::GrundyTable => "Grundy table of generalized Wythoff (grundy N -o FILE)",
            Kind::RowCertificate => "row certificate (rows X -o CERT)",
            Kind::ThreePileCube => "three-pile cube (three N --cube FILE)",
            Kind::LineTable => "line-game Grundy table (grundy N --rules R -o FILE)",
        }
    }

    /// "kind K, a …" for a kind number found in a file.
    pub fn describe(k: u32) -> String {
        match Kind::from_u32(k) {
            Some(kind) => format!("kind {k}, a {}", kind.name()),
            None => format!("kind {k}, which no version of wythoff writes"),
        }
    }
}

/// What is wrong with the opening fields of a binary file, whatever its kind: one type and one
/// wording for every format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeaderError {
    /// Fewer bytes than the header.
    #[error("{got} bytes, shorter than the {need}-byte header")]
    Short {
        /// The bytes there are.
        got: u64,
        /// The header's length.
        need: usize,
    },
    /// The magic bytes are not `WYTHOFF\0`.
    #[error("wrong magic (not a wythoff file)")]
    Magic,
    /// Another kind of file.
    #[error("{} (a {} is kind {})", Kind::describe(*got), want.name(), *want as u32)]
    Kind {
        /// The kind found.
        got: u32,
        /// The kind wanted.
        want: Kind,
    },
    /// A version of the format this build does not read.
    #[error("version {got} (only version {known} of this kind is read)")]
    Version {
        /// The version found.
        got: u32,
        /// The versions read.
        known: &'static str,
    },
}

/// Checks the opening fields every binary file shares — magic, version (u32 at 8), kind (u32
/// at 12) — against the `want`ed kind, in a header of `len` bytes; returns the version for the
/// format's own checks (`versions` lists those it reads; the kind is checked first, so a file of
/// another kind is named as such whatever its version).
pub fn preamble(
    h: &[u8],
    len: usize,
    want: Kind,
    versions: &[u32],
    known: &'static str,
) -> std::result::Result<u32, HeaderError> {
    if h.len() < len || h.len() < 16 {
        return Err(HeaderError::Short {
            got: h.len() as u64,
            need: len,
        });
    }
    if &h[0..8] != MAGIC {
        return Err(HeaderError::Magic);
    }
    let u32_at = |o: usize| u32::from_le_bytes([h[o], h[o + 1], h[o + 2], h[o + 3]]);
    let (version, kind) = (u32_at(8), u32_at(12));
    if kind != want as u32 {
        return Err(HeaderError::Kind { got: kind, want });
    }
    if !versions.contains(&version) {
        return Err(HeaderError::Version {
            got: version,
            known,
        });
    }
    Ok(version)
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
        let kind = match Kind::from_u32(u32_at(12)) {
            Some(k @ (Kind::Pairs | Kind::Word)) => k,
            _ => {
                return Err(bad(&format!(
                    "it is a wythoff file of {}, not pairs or a word",
                    Kind::describe(u32_at(12))
                )));
            }
        };
        let header = Header {
            kind,
            a: u64_at(16),
            misere: h[24] == 1,
            width: h[25],
            start: u64_at(32),
            stop: u64_at(40),
            records: u64_at(48),
            first_value: u128::from_le_bytes(h[56..72].try_into().unwrap()),
            checksum: u64_at(72),
        };
        if header.a == 0 || h[24] > 1 || h[26..32].iter().any(|&b| b != 0) {
            return Err(bad(
                "a = 0, a misère byte other than 0/1, or reserved bytes set",
            ));
        }
        if header.start > header.stop {
            return Err(bad("START > STOP"));
        }
        match kind {
            Kind::Pairs if !matches!(header.width, 8 | 16) => {
                return Err(bad("the value width of a pairs file must be 8 or 16"));
            }
            Kind::Pairs
                if u128::from(header.records) != u128::from(header.stop - header.start) + 1 =>
            {
                return Err(bad("the record count is not STOP − START + 1"));
            }
            Kind::Word if header.width != 0 => {
                return Err(bad("a word file has value width 0"));
            }
            _ => {}
        }
        Ok(header)
    }

    /// Rewrites the header at the start of an already written file.
    pub fn rewrite(&self, f: &mut File) -> std::io::Result<()> {
        f.seek(SeekFrom::Start(0))?;
        f.write_all(&self.to_bytes())?;
        f.seek(SeekFrom::End(0))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
