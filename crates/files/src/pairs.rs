//! The pairs and word files (`pairs --format binary|word`): an 80-byte header and the payload.
//!
//! ## Header (version 1), all integers little-endian
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

use super::header::{HeaderError, Kind, MAGIC, put_preamble, u32_at, u64_at};
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};

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

/// Size of the header in bytes.
pub const HEADER_LEN: usize = 80;

/// The file format version this code reads and writes.
pub const VERSION: u32 = 1;

impl Header {
    /// The header as bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        put_preamble(&mut h, VERSION, self.kind);
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
    pub fn from_bytes(h: &[u8]) -> std::result::Result<Header, HeaderError> {
        if h.len() < HEADER_LEN {
            return Err(HeaderError::Short {
                got: h.len() as u64,
                need: HEADER_LEN as u64,
            });
        }
        if &h[0..8] != MAGIC {
            return Err(HeaderError::Magic);
        }
        let kind = match Kind::from_u32(u32_at(h, 12)) {
            Some(k @ (Kind::Pairs | Kind::Word)) => k,
            _ => {
                return Err(HeaderError::Kind {
                    got: u32_at(h, 12),
                    want: Kind::Pairs,
                });
            }
        };
        if u32_at(h, 8) != VERSION {
            return Err(HeaderError::Version {
                got: u32_at(h, 8),
                known: "version 1",
            });
        }
        let header = Header {
            kind,
            a: u64_at(h, 16),
            misere: h[24] == 1,
            width: h[25],
            start: u64_at(h, 32),
            stop: u64_at(h, 40),
            records: u64_at(h, 48),
            first_value: u128::from_le_bytes(h[56..72].try_into().expect("16 bytes")),
            checksum: u64_at(h, 72),
        };
        if header.a == 0 {
            return Err(HeaderError::field("a", "a = 0 (a is at least 1)"));
        }
        if h[24] > 1 {
            return Err(HeaderError::field(
                "misère",
                format!("misère byte {} (0 or 1)", h[24]),
            ));
        }
        HeaderError::reserved_zero(&h[26..32])?;
        if header.start > header.stop {
            return Err(HeaderError::field("START", "START > STOP"));
        }
        match kind {
            Kind::Pairs if !matches!(header.width, 8 | 16) => Err(HeaderError::field(
                "width",
                format!("value width {} (a pairs file has 8 or 16)", header.width),
            )),
            Kind::Pairs
                if u128::from(header.records) != u128::from(header.stop - header.start) + 1 =>
            {
                Err(HeaderError::field(
                    "records",
                    "the record count is not STOP − START + 1",
                ))
            }
            Kind::Word if header.width != 0 => Err(HeaderError::field(
                "width",
                format!("value width {} (a word file has 0)", header.width),
            )),
            _ => Ok(header),
        }
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
