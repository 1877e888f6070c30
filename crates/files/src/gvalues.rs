//! The g-value file (kind 7, `gvalue G --count K -o FILE`): an 80-byte header and the first K
//! g-values (x, y), x ≤ y, of one value G of Wythoff's Grundy function, in increasing x.
//!
//! ## Header (version 1), all integers little-endian
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `WYTHOFF\0` |
//! | 8 | 4 | version = 1 |
//! | 12 | 4 | kind = 7 |
//! | 16 | 8 | G, the value (at most 255) |
//! | 24 | 8 | K, the number of records |
//! | 32 | 1 | value width in bytes = 8 |
//! | 33 | 39 | reserved, zero |
//! | 72 | 8 | XXH3-64 (seed 0) of the payload followed by header bytes 0..72 |
//!
//! Payload: for n = 0..K, x_n then y_n, 8 bytes each (16 bytes per record).  Writing costs one
//! pass and a seek back to fill in the checksum; reading streams once, O(1) memory.

use super::atomic::{AtomicFile, io_error};
use super::header::{FileError, HeaderError, Kind, open_regular, preamble, put_preamble, u64_at};
use wythoff_core::error::Result;

/// The largest value G whose g-values a file holds (the sweep's limit, `wythoff::gvalues::MAX_G`).
pub const MAX_G: u32 = 255;

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use xxhash_rust::xxh3::Xxh3;

/// Size of the header in bytes.
pub const HEADER_LEN: usize = 80;

/// The file format version this code reads and writes.
pub const VERSION: u32 = 1;

/// Bytes per record (x and y, 8 bytes each).
pub const RECORD_LEN: u64 = 16;

/// The header of a g-value file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GHeader {
    /// The value G.
    pub g: u64,
    /// The number of g-values.
    pub count: u64,
    /// XXH3-64 of the payload followed by header bytes 0..72.
    pub checksum: u64,
}

impl GHeader {
    /// The header as bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        put_preamble(&mut h, VERSION, Kind::GValues);
        h[16..24].copy_from_slice(&self.g.to_le_bytes());
        h[24..32].copy_from_slice(&self.count.to_le_bytes());
        h[32] = 8;
        h[72..80].copy_from_slice(&self.checksum.to_le_bytes());
        h
    }

    /// Parses and validates a header (not the checksum, which needs the payload).
    pub fn from_bytes(h: &[u8]) -> std::result::Result<GHeader, HeaderError> {
        preamble(h, HEADER_LEN, Kind::GValues, &[VERSION], "version 1")?;
        let header = GHeader {
            g: u64_at(h, 16),
            count: u64_at(h, 24),
            checksum: u64_at(h, 72),
        };
        if header.g > u64::from(MAX_G) {
            return Err(HeaderError::field(
                "G",
                format!("G = {} (at most {MAX_G})", header.g),
            ));
        }
        if h[32] != 8 {
            return Err(HeaderError::field(
                "width",
                format!("value width {} (a g-value file has 8)", h[32]),
            ));
        }
        HeaderError::reserved_zero(&h[33..72])?;
        Ok(header)
    }

    /// The file's length: the header and 16 bytes per record (`None` beyond 2^64 − 1).
    pub fn file_len(&self) -> Option<u64> {
        self.count
            .checked_mul(RECORD_LEN)?
            .checked_add(HEADER_LEN as u64)
    }
}

/// Writes a g-value file front to back; the header's count and checksum are filled in by
/// [`Writer::finish`], which makes the file appear under its name.
pub struct Writer {
    out: AtomicFile,
    g: u64,
    count: u64,
    buf: Vec<u8>,
    hasher: Xxh3,
}

const BUF: usize = 1 << 20;

impl Writer {
    /// Opens `path` (a usage error if it cannot be written) for the g-values of `g`.
    pub fn create(path: &Path, g: u64) -> Result<Writer> {
        let mut out = AtomicFile::create_regular(path)?;
        let placeholder = GHeader {
            g,
            count: 0,
            checksum: 0,
        };
        let given = out.path().to_owned();
        out.file()
            .write_all(&placeholder.to_bytes())
            .map_err(|e| io_error(&given, e))?;
        Ok(Writer {
            out,
            g,
            count: 0,
            buf: Vec::with_capacity(BUF),
            hasher: Xxh3::new(),
        })
    }

    /// Appends the next g-value.
    #[inline]
    pub fn push(&mut self, x: u64, y: u64) -> Result<()> {
        self.buf.extend_from_slice(&x.to_le_bytes());
        self.buf.extend_from_slice(&y.to_le_bytes());
        self.count += 1;
        if self.buf.len() >= BUF {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        self.hasher.update(&self.buf);
        let given = self.out.path().to_owned();
        self.out
            .file()
            .write_all(&self.buf)
            .map_err(|e| io_error(&given, e))?;
        self.buf.clear();
        Ok(())
    }

    /// Writes the header with the count and checksum and commits the file.
    pub fn finish(mut self) -> Result<GHeader> {
        self.flush()?;
        let mut header = GHeader {
            g: self.g,
            count: self.count,
            checksum: 0,
        };
        self.hasher.update(&header.to_bytes()[..72]);
        header.checksum = self.hasher.digest();
        let given = self.out.path().to_owned();
        let f = self.out.file();
        f.seek(SeekFrom::Start(0))
            .and_then(|_| f.write_all(&header.to_bytes()))
            .map_err(|e| io_error(&given, e))?;
        self.out.commit()?;
        Ok(header)
    }
}

/// Reads the g-value file at `path`: validates its header and length, calls `visit(x, y)` for
/// each record in order, and then checks the checksum — so what `visit` saw counts only when
/// this returns `Ok`.
pub fn read(
    path: &Path,
    visit: &mut dyn FnMut(u64, u64),
) -> std::result::Result<GHeader, FileError> {
    let bad = |p: HeaderError| FileError::new(path, Kind::GValues, p);
    let (mut f, len) = open_regular(path, Kind::GValues)?;
    let open_err = |source| FileError::Open {
        path: path.to_owned(),
        source,
    };
    let mut h = vec![0u8; HEADER_LEN.min(len as usize)];
    f.read_exact(&mut h).map_err(open_err)?;
    let header = GHeader::from_bytes(&h).map_err(bad)?;
    let want = header.file_len().unwrap_or(u64::MAX);
    if len != want {
        return Err(bad(HeaderError::Length { got: len, want }));
    }
    let mut hasher = Xxh3::new();
    let mut buf = vec![0u8; BUF];
    let mut left = len - HEADER_LEN as u64;
    while left > 0 {
        let take = (left.min(BUF as u64)) as usize;
        f.read_exact(&mut buf[..take]).map_err(open_err)?;
        hasher.update(&buf[..take]);
        for r in buf[..take].chunks_exact(RECORD_LEN as usize) {
            let x = u64::from_le_bytes(r[0..8].try_into().expect("8 bytes"));
            let y = u64::from_le_bytes(r[8..16].try_into().expect("8 bytes"));
            visit(x, y);
        }
        left -= take as u64;
    }
    hasher.update(&h[..72]);
    if hasher.digest() != header.checksum {
        return Err(bad(HeaderError::Damaged(super::header::Damage::Checksum {
            covers: "header and payload",
        })));
    }
    Ok(header)
}
