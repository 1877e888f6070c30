//! The band index of a Grundy table file (format version 3): the payload cut into bands of B
//! rows, each band's bytes hashed on its own, so that a reader of a few values verifies the bands
//! holding them and not the whole payload.
//!
//! Band i holds rows iB .. min((i + 1)B, N) of the upper triangle: payload bytes
//! `row_start(iB)·width .. row_start(min((i + 1)B, N))·width`, contiguous because the triangle is
//! stored row-major.  Its hash is XXH3-64 (seed 0) of those bytes; the index is the ⌈N/B⌉ hashes
//! as little-endian u64s, and the header's checksum is XXH3-64 of header bytes 0..56 followed by
//! the index ([`index_checksum`]).  A changed value changes its band's hash, which no longer
//! matches the index; a changed index or header field no longer matches the checksum.
//!
//! The writer also chains the band hashes for its checkpoint records ([`chain`]), so that the
//! payload is hashed once, band by band, as each band is finished.
//!
//! The line-game table file (kind 6) is banded the same way over its full square.  Both are read
//! through one [`BandedFile`], generic over the header ([`BandedHeader`]): it maps the file after
//! checking its length, checks the header and index against the checksum at opening (O(N/B)) and
//! refuses the file there if they do not match — so every reader, whatever it reads, sees only a
//! header the file was written with — and hashes a band (B rows) the first time a value in it is
//! read, at most once per open file.  A file of a version without an index has one checksum over
//! its header and whole payload: it is checked whole at its first read, once.

use super::header::{Damage, FileError, HeaderError, Kind};
use crate::store::Layout;
use memmap2::Mmap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Length of the fixed header both banded files open with (a line-game table's rules follow it).
pub const HEADER_LEN: usize = 64;
/// Bytes of the fixed header before its checksum field (the header's last 8 bytes): what the
/// checksum covers of it.
pub const COVERED: usize = 56;

/// Rows per band in the files this version writes; the Grundy engine sweeps bands of this many
/// rows (`wythoff::grundy::engine::BAND`).
pub const ROWS: u64 = 64;

/// The number of bands ⌈N/B⌉ (`None` when B = 0).
pub fn count(n: u64, band: u64) -> Option<u64> {
    (band > 0).then(|| n.div_ceil(band))
}

/// The rows of band `i`: iB .. min((i + 1)B, N) (for a band i < ⌈N/B⌉).
pub fn rows(i: u64, n: u64, band: u64) -> (u64, u64) {
    let r0 = i.saturating_mul(band).min(n);
    (r0, r0.saturating_add(band).min(n))
}

/// The payload bytes of rows r0..r1 (r0 ≤ r1 ≤ N) as a byte range.
pub fn byte_range(layout: Layout, (r0, r1): (u64, u64)) -> std::ops::Range<usize> {
    layout.row_start(r0 as usize) * layout.width..layout.row_start(r1 as usize) * layout.width
}

/// The hash of one band: XXH3-64 (seed 0) of its bytes.
pub fn hash(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

/// The header checksum of a version 3 file: XXH3-64 (seed 0) of `head` (header bytes 0..56)
/// followed by the band index, the same function as the version 2 checksum with the index in
/// place of the payload.
pub fn index_checksum(head: &[u8], index: &[u8]) -> u64 {
    crate::certificate::checksum(head, index)
}

/// The band index of a whole payload (bands of `band` rows, `band` ≥ 1).
pub fn index_of(payload: &[u8], layout: Layout, band: u64) -> Vec<u8> {
    index_by(payload, layout.n as u64, band, |r| byte_range(layout, r))
}

/// The band index of a payload of `n` rows stored row-major, whatever its layout: `range` maps
/// rows r0..r1 to their payload bytes (bands of `band` rows, `band` ≥ 1).  The Grundy table's
/// triangle ([`index_of`]) and the line-game table's square ([`crate::line_table`]) share it.
pub fn index_by(
    payload: &[u8],
    n: u64,
    band: u64,
    range: impl Fn((u64, u64)) -> std::ops::Range<usize>,
) -> Vec<u8> {
    let mut index = Vec::new();
    for i in 0..count(n, band).unwrap_or(0) {
        index.extend_from_slice(&hash(&payload[range(rows(i, n, band))]).to_le_bytes());
    }
    index
}

/// The checkpoint chain after a band whose hash is `band_hash`: XXH3-64 of its 8 little-endian
/// bytes, seeded with the chain after the previous band (0 before the first).
pub fn chain(prev: u64, band_hash: u64) -> u64 {
    xxhash_rust::xxh3::xxh3_64_with_seed(&band_hash.to_le_bytes(), prev)
}

/// The header of a file whose payload is checked band by band against its band index — or, in
/// the versions before the index, whole against one checksum: what [`BandedFile`] needs to know
/// of it.  The Grundy table ([`crate::table`]) and the line-game table
/// ([`crate::line_table`]) are such files.
pub trait BandedHeader {
    /// The kind of file.
    const KIND: Kind;
    /// What the header's checksum covers: (in a version without an index, with one), as in
    /// "its header and payload".
    const COVERS: (&'static str, &'static str);
    /// The rows N.
    fn rows(&self) -> u64;
    /// Rows per band B, or `None` in a version whose one checksum covers the whole payload.
    fn band(&self) -> Option<u64>;
    /// The length of the header as stored; the payload follows it, then the band index.
    fn header_len(&self) -> usize;
    /// The payload length in bytes.
    fn payload_len(&self) -> usize;
    /// The length of the whole file (`None` on overflow).
    fn file_len(&self) -> Option<u64>;
    /// The checksum the header carries.
    fn checksum(&self) -> u64;
    /// The file's checksum of `head`, the header as stored, followed by `tail`: the band index,
    /// or the payload in a version without one.
    fn checksum_of(head: &[u8], tail: &[u8]) -> u64;
    /// The payload bytes of rows r0..r1.
    fn byte_range(&self, rows: (u64, u64)) -> std::ops::Range<usize>;
    /// The row whose band holds the value of (x, y).
    fn row_of(x: u64, y: u64) -> u64;
    /// The value of (x, y), both below N, in `payload`.
    fn read(&self, payload: &[u8], x: u64, y: u64) -> u32;
}

/// A banded file opened read-only through a memory map, its header and length validated; a value
/// is read only after its band was found to match its index entry ([`BandedFile::get_checked`],
/// [`BandedFile::check_rows`]).
pub struct BandedFile<H> {
    /// The header.
    pub header: H,
    map: Mmap,
    path: PathBuf,
    /// What the reads verified: the bands found to match the index (the header and index were
    /// checked against the checksum at opening), or the whole file (a version without an index).
    verified: Verified,
}

impl<H: BandedHeader> BandedFile<H> {
    /// Maps the file `f` at `path`, `got` bytes long, whose `header` was read and validated:
    /// refuses a length other than the header's, and a header and band index that do not match
    /// the checksum ([`Damage::Index`]; not the payload: see [`BandedFile::check_rows`],
    /// [`BandedFile::check_all`]).  A version without an index is checked whole at its first
    /// read: its one checksum covers the header and the payload together.
    pub fn map(header: H, f: &File, path: &Path, got: u64) -> Result<Self, FileError> {
        let invalid = |problem| FileError::new(path, H::KIND, problem);
        // the header was validated: its length fits
        let want = header.file_len().unwrap_or(u64::MAX);
        if got != want {
            return Err(invalid(HeaderError::Length { got, want }));
        }
        // SAFETY: the file is opened read-only; its length was checked just above.  A concurrent
        // truncation by another process is outside what this program guards against.
        let map = unsafe { Mmap::map(f) }.map_err(|source| FileError::Open {
            path: path.to_owned(),
            source,
        })?;
        if map.len() as u64 != want {
            return Err(invalid(HeaderError::Length {
                got: map.len() as u64,
                want,
            }));
        }
        let bands = header.band().and_then(|b| count(header.rows(), b));
        if bands.is_some()
            && H::checksum_of(&map[..header.header_len()], index(&header, &map))
                != header.checksum()
        {
            return Err(FileError::Damaged {
                path: path.to_owned(),
                damage: Damage::Index {
                    covers: H::COVERS.1,
                },
            });
        }
        Ok(BandedFile {
            verified: Verified::new(bands.unwrap_or(0) as usize),
            header,
            map,
            path: path.to_owned(),
        })
    }

    /// The payload bytes.
    pub fn payload(&self) -> &[u8] {
        let start = self.header.header_len();
        &self.map[start..start + self.header.payload_len()]
    }

    /// The band index bytes (empty in a version without one).
    fn index(&self) -> &[u8] {
        index(&self.header, &self.map)
    }

    /// G(x, y); `None` outside the table.  Not verified: see [`BandedFile::get_checked`], or
    /// check the rows first ([`BandedFile::check_rows`], [`BandedFile::check_all`]).
    pub fn get(&self, x: u64, y: u64) -> Option<u32> {
        let n = self.header.rows();
        (x < n && y < n).then(|| self.header.read(self.payload(), x, y))
    }

    /// G(x, y) after checking the band that holds it; `None` outside the table.
    pub fn get_checked(&self, x: u64, y: u64) -> Result<Option<u32>, FileError> {
        let (n, r) = (self.header.rows(), H::row_of(x, y));
        if x < n && y < n {
            self.check_rows(r..=r)?;
        }
        Ok(self.get(x, y))
    }

    /// Checks the bands holding rows `rows` (clamped to the table) against the band index; a
    /// file without an index is checked whole.  Each band is hashed at most once per open file.
    pub fn check_rows(&self, rows: std::ops::RangeInclusive<u64>) -> Result<(), FileError> {
        (self.verified.check_rows(self, rows)).map_err(|d| self.damaged(d))
    }

    /// Checks the whole file: every band against the band index, or the payload against the
    /// checksum (a version without an index).  The first damaged band is named.
    pub fn check_all(&self) -> Result<(), FileError> {
        self.verified.check_all(self).map_err(|d| self.damaged(d))
    }

    /// Whether the whole file is intact ([`BandedFile::check_all`]).
    pub fn verify(&self) -> bool {
        self.check_all().is_ok()
    }

    fn damaged(&self, damage: Damage) -> FileError {
        FileError::Damaged {
            path: self.path.clone(),
            damage,
        }
    }

    /// Whether the whole payload matches the one checksum (a version without an index).
    fn whole_matches(&self) -> bool {
        H::checksum_of(&self.map[..self.header.header_len()], self.payload())
            == self.header.checksum()
    }
}

/// The band index bytes of a mapped file with this header: what follows the payload.
fn index<'m>(header: &impl BandedHeader, map: &'m [u8]) -> &'m [u8] {
    &map[header.header_len() + header.payload_len()..]
}

/// What an open file's reads have verified: which bands were found to match the index (the
/// header and index were found to match the header's checksum at opening) — each band is hashed
/// at most once per open file, however many values are read from it.
struct Verified {
    done: Vec<AtomicBool>,
}

impl Verified {
    /// `count` bands (1 for a file checked whole), none verified yet.
    fn new(count: usize) -> Verified {
        Verified {
            done: (0..count.max(1)).map(|_| AtomicBool::new(false)).collect(),
        }
    }

    fn is_done(&self, i: usize) -> bool {
        self.done.get(i).is_some_and(|b| b.load(Ordering::Acquire))
    }

    fn set_done(&self, i: usize) {
        if let Some(b) = self.done.get(i) {
            b.store(true, Ordering::Release);
        }
    }

    /// Checks the bands of `f` holding rows `rows` (clamped to the file); a file without an
    /// index is checked whole.
    fn check_rows<H: BandedHeader>(
        &self,
        f: &BandedFile<H>,
        rows: std::ops::RangeInclusive<u64>,
    ) -> Result<(), Damage> {
        let Some(band) = f.header.band() else {
            return self.check_band(f, 0);
        };
        let n = f.header.rows();
        let last = n.saturating_sub(1);
        let (r0, r1) = ((*rows.start()).min(last), (*rows.end()).min(last));
        if r0 > r1 || n == 0 {
            return Ok(());
        }
        (r0 / band..=r1 / band).try_for_each(|i| self.check_band(f, i))
    }

    /// Checks all of `f`: every band against the index, or the payload against the checksum.
    /// The first damaged band is named.
    fn check_all<H: BandedHeader>(&self, f: &BandedFile<H>) -> Result<(), Damage> {
        match f.header.band() {
            None => self.check_band(f, 0),
            Some(band) => (0..count(f.header.rows(), band).unwrap_or(0))
                .try_for_each(|i| self.check_band(f, i)),
        }
    }

    /// Checks band `i` (or the whole file, without an index), unless already done.
    fn check_band<H: BandedHeader>(&self, f: &BandedFile<H>, i: u64) -> Result<(), Damage> {
        let Some(band) = f.header.band() else {
            if !self.is_done(0) {
                if !f.whole_matches() {
                    return Err(Damage::Checksum {
                        covers: H::COVERS.0,
                    });
                }
                self.set_done(0);
            }
            return Ok(());
        };
        if self.is_done(i as usize) {
            return Ok(());
        }
        let (r0, r1) = rows(i, f.header.rows(), band);
        let at = 8 * i as usize;
        let want = (f.index().get(at..at + 8))
            .and_then(|b| b.try_into().ok())
            .map(u64::from_le_bytes);
        if want != Some(hash(&f.payload()[f.header.byte_range((r0, r1))])) {
            return Err(Damage::Band {
                first: r0,
                last: r1 - 1,
            });
        }
        self.set_done(i as usize);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::header::{Damage, FileError};
    use crate::table::tests::{SIX, header, written};
    use crate::table::{TableFile, TableHeader};

    #[test]
    fn bands_cover_the_rows_once_and_the_payload_contiguously() {
        for (n, band) in [
            (1u64, 64u64),
            (64, 64),
            (65, 64),
            (200, 64),
            (200, 1),
            (7, 3),
        ] {
            let layout = Layout {
                n: n as usize,
                width: 2,
            };
            let c = count(n, band).unwrap();
            // independent: ⌈N/B⌉ by repeated subtraction
            let (mut left, mut k) = (n, 0);
            while left > 0 {
                left = left.saturating_sub(band);
                k += 1;
            }
            assert_eq!(c, k);
            let mut end = (0, 0);
            for i in 0..c {
                let r = rows(i, n, band);
                assert_eq!((r.0, r.0), (end.0, i * band));
                assert!(r.0 < r.1 && r.1 - r.0 <= band);
                let b = byte_range(layout, r);
                assert_eq!(b.start, end.1);
                end = (r.1, b.end);
            }
            assert_eq!(end, (n, layout.bytes()));
        }
        assert_eq!(count(5, 0), None);
    }

    #[test]
    fn the_version_3_checksum_covers_the_header_and_the_index() {
        // N = 3, B = 2: bands of rows 0..2 (payload bytes 0..5) and row 2 (byte 5)
        let h = TableHeader {
            a: 2,
            band: 2,
            ..header(3)
        }
        .sealed(&SIX);
        // independent of `bands`: the index and the checksum from their definitions
        let x = xxhash_rust::xxh3::xxh3_64;
        let index = [x(&SIX[..5]).to_le_bytes(), x(&SIX[5..]).to_le_bytes()].concat();
        assert_eq!(h.checksum, x(&[&h.to_bytes()[..56], &index[..]].concat()));
        let (_dir, p, bytes) = written(&[&h.to_bytes(), &SIX, &index]);
        let t = TableFile::open_verified(&p).unwrap();
        assert_eq!(
            (t.get_checked(2, 1).unwrap(), t.get_checked(2, 2).unwrap()),
            (Some(1), Some(0))
        );
        // a changed header field, checksum or index entry: refused at opening, whatever is read
        for at in [16usize, 56, 64 + 6, 64 + 6 + 8] {
            let mut b = bytes.clone();
            b[at] ^= 1;
            std::fs::write(&p, &b).unwrap();
            let e = TableFile::open(&p).err();
            assert!(
                matches!(
                    e,
                    Some(FileError::Damaged {
                        damage: Damage::Index { .. },
                        ..
                    })
                ),
                "byte {at}: {e:?}"
            );
        }
        // a damaged value: its band is refused, naming its rows, the other band still reads
        let mut b = bytes.clone();
        b[64 + 5] = 1;
        std::fs::write(&p, &b).unwrap();
        let t = TableFile::open(&p).unwrap();
        assert_eq!(t.get_checked(0, 2).unwrap(), Some(2));
        assert!(matches!(
            t.get_checked(2, 2),
            Err(FileError::Damaged {
                damage: Damage::Band { first: 2, last: 2 },
                ..
            })
        ));
        assert!(!t.verify());
    }
}
