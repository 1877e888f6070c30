//! The Grundy table file: its header, validated in full before anything reads the payload, and
//! read-only access through a memory map, verifying what is read.
//!
//! ## Table file (version 3), little-endian
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `WYTHOFF\0` |
//! | 8 | 4 | version = 3 (2 is read too, below) |
//! | 12 | 4 | kind = 3 (Grundy table) |
//! | 16 | 8 | a ≥ 1 |
//! | 24 | 8 | N ≥ 1 |
//! | 32 | 4 | layout = 1: upper triangle, row-major, row x holds G(x, y) for y = x..N−1 |
//! | 36 | 4 | value width in bytes (1–4), the least holding 2N − 2 |
//! | 40 | 8 | payload length in bytes, N(N+1)/2 · width |
//! | 48 | 8 | B ≥ 1, the rows per band (64 in the files this version writes) |
//! | 56 | 8 | XXH3-64 (seed 0) of header bytes 0..56 followed by the band index |
//! | 64 | payload length | the payload |
//! | 64 + payload length | 8⌈N/B⌉ | the band index: entry i is XXH3-64 (seed 0) of the payload bytes of rows iB .. min((i+1)B, N), a little-endian u64 |
//!
//! The value of (x, y), x ≤ y, is at payload offset (x·N − x(x−1)/2 + y − x)·width, in band
//! ⌊x/B⌋.  A file is accepted only if every field above holds — the sizes computed with checked
//! arithmetic — and the file is exactly 64 bytes plus the payload plus the index; anything else
//! is refused with the field that is wrong.  Opening also checks the header and index against the
//! checksum (O(N/B)) and refuses a file where they do not match, before any value is read.  A
//! value is read only after its band was found to match its index entry
//! ([`TableFile::check_rows`], [`TableFile::get_checked`]; each band hashed at most once per open
//! file), so reading a few values costs a few bands, not the whole payload;
//! [`TableFile::verify`] and [`TableFile::check_all`] check every band ([`super::bands`]).
//!
//! Version 2 is the same but for two fields: offset 48 is reserved (0), there is no band index,
//! and the checksum is XXH3-64 of header bytes 0..56 followed by the payload — so a read of any
//! value of a version 2 file verifies the whole payload, once.
//!
//! The checksum covers the header, so a file whose a, N or width was edited is refused like one
//! whose values were: its values would otherwise be read as those of another game.  Version 1
//! (checksum at offset 48, of the payload alone) is refused with
//! [`HeaderError::Retired`]: such a file cannot show that its header is the one it was
//! written with, and regenerating it is the only way to a file that can.

use super::bands;
pub use super::bands::{COVERED, HEADER_LEN};
use super::header::{self, FileError, HeaderError, Kind, u32_at, u64_at};
use crate::store::{self, Layout};
use std::path::Path;

/// The file format version this code writes (and reads, with [`VERSION_WHOLE`]).
pub const VERSION: u32 = 3;
/// The earlier version, still read: one checksum over the header and the whole payload.
pub const VERSION_WHOLE: u32 = 2;
/// The one payload layout: the upper triangle, row-major.
pub const LAYOUT_TRIANGLE: u32 = 1;

/// The header of a table file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableHeader {
    /// Format version: [`VERSION`] or [`VERSION_WHOLE`].
    pub version: u32,
    /// Parameter a.
    pub a: u64,
    /// Side N.
    pub n: u64,
    /// Bytes per value.
    pub width: u32,
    /// Payload length in bytes.
    pub payload_len: u64,
    /// Rows per band B ≥ 1 (version 3); 0 in version 2, which has no band index.
    pub band: u64,
    /// XXH3-64 of header bytes 0..56 followed by the band index (version 3) or the payload
    /// (version 2) ([`checksum`]).
    pub checksum: u64,
}

/// The checksum of a table file: XXH3-64 (seed 0) of the file without its checksum field —
/// `head`, the header bytes 0..56, followed by the payload.  The same definition as the row
/// certificates' ([`crate::certificate::checksum`], whose header is longer), and
/// the same function.
pub fn checksum(head: &[u8], payload: &[u8]) -> u64 {
    crate::certificate::checksum(head, payload)
}

impl TableHeader {
    /// The header as bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        header::put_preamble(&mut h, self.version, Kind::GrundyTable);
        h[16..24].copy_from_slice(&self.a.to_le_bytes());
        h[24..32].copy_from_slice(&self.n.to_le_bytes());
        h[32..36].copy_from_slice(&LAYOUT_TRIANGLE.to_le_bytes());
        h[36..40].copy_from_slice(&self.width.to_le_bytes());
        h[40..48].copy_from_slice(&self.payload_len.to_le_bytes());
        h[48..56].copy_from_slice(&self.band.to_le_bytes());
        h[56..64].copy_from_slice(&self.checksum.to_le_bytes());
        h
    }

    /// This header with the checksum of `payload` filled in: of the band index of `payload` in
    /// version 3 ([`bands::index_of`]), of the payload itself in version 2 (see [`checksum`]).
    pub fn sealed(&self, payload: &[u8]) -> TableHeader {
        let head = self.to_bytes();
        let checksum = if self.version == VERSION {
            bands::index_checksum(
                &head[..COVERED],
                &bands::index_of(payload, self.layout(), self.band),
            )
        } else {
            checksum(&head[..COVERED], payload)
        };
        TableHeader { checksum, ..*self }
    }

    /// Parses a header and checks every field: version (3 or 2; version 1 is refused as
    /// [`HeaderError::Retired`]), kind, layout, a ≥ 1, N ≥ 1, the width
    /// the least holding 2N − 2, the payload length N(N+1)/2 · width (checked arithmetic), the
    /// band height B ≥ 1 (version 3) or the reserved field 0 (version 2).
    pub fn from_bytes(h: &[u8]) -> Result<TableHeader, HeaderError> {
        let version = match header::preamble(
            h,
            HEADER_LEN,
            Kind::GrundyTable,
            &[VERSION, VERSION_WHOLE],
            "versions 2 and 3",
        ) {
            Err(HeaderError::Version { got: 1, .. }) => {
                return Err(HeaderError::Retired {
                    got: 1,
                    why: "header not covered by the checksum, so an edited a or N would go \
                          unnoticed: regenerate the table with this version of wythoff",
                });
            }
            v => v?,
        };
        let field = HeaderError::field;
        if u32_at(h, 32) != LAYOUT_TRIANGLE {
            return Err(field(
                "layout",
                format!(
                    "layout {} (only layout {LAYOUT_TRIANGLE}, the upper triangle, is known)",
                    u32_at(h, 32)
                ),
            ));
        }
        let t = TableHeader {
            version,
            a: u64_at(h, 16),
            n: u64_at(h, 24),
            width: u32_at(h, 36),
            payload_len: u64_at(h, 40),
            band: u64_at(h, 48),
            checksum: u64_at(h, 56),
        };
        let overflow = || {
            field(
                "N",
                format!("N = {} is too large: the table's size overflows", t.n),
            )
        };
        if t.a == 0 {
            return Err(field("a", "a = 0 (a is at least 1)".to_string()));
        }
        if t.n == 0 {
            return Err(field("N", "N = 0 (N is at least 1)".to_string()));
        }
        let want_width = width_for_side(t.n).ok_or_else(overflow)?;
        if t.width != want_width {
            return Err(field(
                "width",
                format!(
                    "value width {} bytes, but N = {} needs {want_width}",
                    t.width, t.n
                ),
            ));
        }
        let want_len = payload_len(t.n, t.width).ok_or_else(overflow)?;
        if t.payload_len != want_len {
            return Err(field(
                "payload length",
                format!(
                    "payload length {} bytes, but N = {} at width {} needs {want_len}",
                    t.payload_len, t.n, t.width
                ),
            ));
        }
        if version == VERSION_WHOLE && t.band != 0 {
            return Err(field(
                "reserved",
                "the reserved header field is not zero".to_string(),
            ));
        }
        if version == VERSION && t.band == 0 {
            return Err(field(
                "band height",
                "band height 0 rows (it is at least 1)".to_string(),
            ));
        }
        t.file_len().ok_or_else(overflow)?;
        Ok(t)
    }

    /// The number of bands ⌈N/B⌉ (version 3); 0 in version 2.
    pub fn bands(&self) -> u64 {
        if self.version == VERSION {
            bands::count(self.n, self.band).unwrap_or(0)
        } else {
            0
        }
    }

    /// The band index length in bytes, 8⌈N/B⌉ (0 in version 2; `None` on overflow).
    pub fn index_len(&self) -> Option<u64> {
        self.bands().checked_mul(8)
    }

    /// The file length this header implies, 64 + payload length + band index length (`None` on
    /// overflow, or when the index would not fit the address space).
    pub fn file_len(&self) -> Option<u64> {
        let len = self
            .payload_len
            .checked_add(HEADER_LEN as u64)?
            .checked_add(self.index_len()?)?;
        usize::try_from(len).ok()?;
        Some(len)
    }

    /// The payload layout (for a header that passed [`TableHeader::from_bytes`]).
    pub fn layout(&self) -> Layout {
        Layout {
            n: self.n as usize,
            width: self.width as usize,
        }
    }
}

/// The least width holding 2N − 2 (`None` when 2N − 2 overflows).
pub fn width_for_side(n: u64) -> Option<u32> {
    let max = n.checked_mul(2)?.checked_sub(2)?;
    Some(Layout::width_for(max) as u32)
}

/// N(N+1)/2 · width, or `None` when it overflows 64 bits or the address space.
pub fn payload_len(n: u64, width: u32) -> Option<u64> {
    let (p, q) = if n.is_multiple_of(2) {
        (n / 2, n.checked_add(1)?)
    } else {
        (n, n.checked_add(1)? / 2)
    };
    let len = p.checked_mul(q)?.checked_mul(u64::from(width))?;
    usize::try_from(len).ok()?;
    Some(len)
}

/// A table file opened read-only through a memory map, its header and length validated.
pub type TableFile = bands::BandedFile<TableHeader>;

impl bands::BandedHeader for TableHeader {
    const KIND: Kind = Kind::GrundyTable;
    const COVERS: (&'static str, &'static str) = ("header and payload", "header and band index");

    fn rows(&self) -> u64 {
        self.n
    }

    fn band(&self) -> Option<u64> {
        (self.version == VERSION).then_some(self.band)
    }

    fn header_len(&self) -> usize {
        HEADER_LEN
    }

    fn payload_len(&self) -> usize {
        self.layout().bytes()
    }

    fn file_len(&self) -> Option<u64> {
        TableHeader::file_len(self)
    }

    fn checksum(&self) -> u64 {
        self.checksum
    }

    fn checksum_of(head: &[u8], tail: &[u8]) -> u64 {
        checksum(&head[..COVERED], tail)
    }

    fn byte_range(&self, rows: (u64, u64)) -> std::ops::Range<usize> {
        bands::byte_range(self.layout(), rows)
    }

    /// Row min(x, y): the value of (x, y) is stored once, at x ≤ y.
    fn row_of(x: u64, y: u64) -> u64 {
        x.min(y)
    }

    fn read(&self, payload: &[u8], x: u64, y: u64) -> u32 {
        store::read(payload, self.layout(), x as usize, y as usize)
    }
}

impl TableFile {
    /// Opens a table file and validates its header and length, and for version 3 refuses a
    /// header and band index that do not match the checksum (not the payload: see
    /// [`TableFile::check_rows`], [`TableFile::verify`]; a version 2 file, whose one checksum
    /// covers the header with the whole payload, is checked whole at its first read).  G(x, y) is read in any order ([`TableFile::get`],
    /// [`TableFile::get_checked`]).
    pub fn open(path: &Path) -> Result<TableFile, FileError> {
        let (mut f, got) = header::open_regular(path, Kind::GrundyTable)?;
        let mut head = [0u8; HEADER_LEN];
        header::read_header(&mut f, path, Kind::GrundyTable, got, &mut head, 0)?;
        let header = TableHeader::from_bytes(&head)
            .map_err(|problem| FileError::new(path, Kind::GrundyTable, problem))?;
        TableFile::map(header, &f, path, got)
    }

    /// Opens a table file and verifies all of it (a full pass over the payload).
    pub fn open_verified(path: &Path) -> Result<TableFile, FileError> {
        let t = TableFile::open(path)?;
        t.check_all()?;
        Ok(t)
    }

    /// Layout of the payload.
    pub fn layout(&self) -> Layout {
        self.header.layout()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::header::Damage;
    use std::path::PathBuf;

    /// Six values: the payload of a table of N = 3 at width 1 (any bytes do for the checksums).
    pub(crate) const SIX: [u8; 6] = [0, 1, 2, 0, 1, 0];

    /// `parts` written one after another as `t.bin` in a new scratch folder: the folder (the file
    /// lives as long as it does), the file and its bytes.
    pub(crate) fn written(parts: &[&[u8]]) -> (tempfile::TempDir, PathBuf, Vec<u8>) {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.bin");
        let bytes = parts.concat();
        std::fs::write(&p, &bytes).unwrap();
        (dir, p, bytes)
    }

    /// A version 3 header of a = 1 for a table of side n (bands of 64 rows, checksum 7).
    pub(crate) fn header(n: u64) -> TableHeader {
        let width = width_for_side(n).unwrap();
        TableHeader {
            version: VERSION,
            a: 1,
            n,
            width,
            payload_len: payload_len(n, width).unwrap(),
            band: 64,
            checksum: 7,
        }
    }

    fn header_v2(n: u64) -> TableHeader {
        TableHeader {
            version: VERSION_WHOLE,
            band: 0,
            ..header(n)
        }
    }

    #[test]
    fn header_round_trips_and_sizes_are_exact() {
        for n in [1u64, 2, 129, 130, 32768, 32769, 1 << 20] {
            let h = header(n);
            assert_eq!(TableHeader::from_bytes(&h.to_bytes()), Ok(h));
            // independent: the triangle has 1 + 2 + … + N cells
            let cells: u64 = (1..=n).sum();
            assert_eq!(h.payload_len, cells * h.width as u64);
        }
        // the width holds 2N − 2: 254 fits a byte, 256 does not
        assert_eq!(
            (header(1).width, header(128).width, header(129).width),
            (1, 1, 2)
        );
        assert_eq!((header(32768).width, header(32769).width), (2, 3));
    }

    #[test]
    fn every_bad_field_is_named() {
        let good = header(100).to_bytes();
        let with = |o: usize, bytes: &[u8]| {
            let mut h = good;
            h[o..o + bytes.len()].copy_from_slice(bytes);
            TableHeader::from_bytes(&h)
        };
        // the field each error names, and (for the shared ones) the shared variant
        let field_of = |r: Result<TableHeader, HeaderError>| match r {
            Err(HeaderError::Field { field, says }) => (field, says),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            TableHeader::from_bytes(&good[..10]),
            Err(HeaderError::Short { got: 10, need: 64 })
        );
        assert_eq!(with(0, b"WYTHOFX"), Err(HeaderError::Magic));
        assert!(matches!(
            with(8, &4u32.to_le_bytes()),
            Err(HeaderError::Version { got: 4, .. })
        ));
        assert!(matches!(
            with(8, &1u32.to_le_bytes()),
            Err(HeaderError::Retired { got: 1, .. })
        ));
        assert_eq!(
            with(12, &1u32.to_le_bytes()),
            Err(HeaderError::Kind {
                got: 1,
                want: Kind::GrundyTable
            })
        );
        assert_eq!(field_of(with(32, &2u32.to_le_bytes())).0, "layout");
        assert_eq!(field_of(with(16, &0u64.to_le_bytes())).0, "a");
        assert_eq!(field_of(with(24, &0u64.to_le_bytes())).0, "N");
        let (f, says) = field_of(with(24, &u64::MAX.to_le_bytes()));
        assert_eq!((f, says.contains("overflows")), ("N", true));
        let mut big = good;
        big[24..32].copy_from_slice(&(1u64 << 40).to_le_bytes());
        big[36..40].copy_from_slice(&4u32.to_le_bytes());
        let (f, says) = field_of(TableHeader::from_bytes(&big));
        assert_eq!((f, says.contains("overflows")), ("N", true));
        assert_eq!(
            field_of(with(24, &(1u64 << 40).to_le_bytes())),
            (
                "width",
                "value width 1 bytes, but N = 1099511627776 needs 4".into()
            )
        );
        assert_eq!(
            field_of(with(36, &4u32.to_le_bytes())),
            ("width", "value width 4 bytes, but N = 100 needs 1".into())
        );
        assert_eq!(
            field_of(with(40, &5u64.to_le_bytes())),
            (
                "payload length",
                "payload length 5 bytes, but N = 100 at width 1 needs 5050".into()
            )
        );
        assert_eq!(field_of(with(48, &0u64.to_le_bytes())).0, "band height");
        // any band height B ≥ 1 is read; the index is 8⌈N/B⌉ bytes
        let b7 = TableHeader::from_bytes(&with(48, &7u64.to_le_bytes()).unwrap().to_bytes());
        assert_eq!(b7.map(|h| h.file_len()), Ok(Some(64 + 5050 + 8 * 15)));
        assert_eq!(header(100).file_len(), Some(64 + 5050 + 8 * 2));
        // version 2: the field is reserved, and the file has no index
        let mut v2 = header_v2(100).to_bytes();
        assert_eq!(
            TableHeader::from_bytes(&v2).map(|h| h.file_len()),
            Ok(Some(64 + 5050))
        );
        v2[52] = 1;
        assert_eq!(field_of(TableHeader::from_bytes(&v2)).0, "reserved");
        // the checksum field holds anything
        assert!(with(60, &[1]).is_ok());
    }

    #[test]
    fn the_checksum_covers_every_header_field_but_itself() {
        // N = 3 at width 1: six values; a header of a = 2 and one of a = 3 differ in byte 16 only
        let h = TableHeader {
            a: 2,
            ..header_v2(3)
        }
        .sealed(&SIX);
        let (_dir, p, bytes) = written(&[&h.to_bytes(), &SIX]);
        // independent of `checksum`: XXH3-64 of the file with its last header field cut out
        let cut = [&bytes[..56], &bytes[64..]].concat();
        assert_eq!(h.checksum, xxhash_rust::xxh3::xxh3_64(&cut));
        assert!(TableFile::open_verified(&p).is_ok());
        // a relabelled a: the header is well formed, the checksum refuses it
        for a in [1u8, 3] {
            let mut b = bytes.clone();
            b[16] = a;
            std::fs::write(&p, &b).unwrap();
            let t = TableFile::open(&p).unwrap();
            assert_eq!(t.header.a, u64::from(a));
            assert!(!t.verify(), "a = {a}");
            assert!(matches!(
                TableFile::open_verified(&p),
                Err(FileError::Damaged {
                    damage: Damage::Checksum { .. },
                    ..
                })
            ));
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic_and_accepted_sizes_are_consistent() {
        use proptest::prelude::*;
        proptest!(|(bytes in proptest::collection::vec(any::<u8>(), 0..100))| {
            let _ = TableHeader::from_bytes(&bytes);
        });
        let good = header(100).to_bytes();
        proptest!(|(at in 0usize..64, v in any::<u64>(), len in 1usize..=8)| {
            let mut h = good;
            let end = (at + len).min(64);
            h[at..end].copy_from_slice(&v.to_le_bytes()[..end - at]);
            if let Ok(t) = TableHeader::from_bytes(&h) {
                prop_assert!(t.a >= 1 && t.n >= 1);
                prop_assert_eq!(Some(t.width), width_for_side(t.n));
                prop_assert_eq!(Some(t.payload_len), payload_len(t.n, t.width));
                prop_assert!(t.file_len().is_some());
            }
        });
    }

    #[test]
    fn files_of_arbitrary_bytes_are_refused_or_read_without_panic() {
        use proptest::prelude::*;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.bin");
        let good = header(5).to_bytes();
        proptest!(ProptestConfig::with_cases(64), |(
            tail in proptest::collection::vec(any::<u8>(), 0..40),
            keep_header in any::<bool>(),
        )| {
            let mut bytes = if keep_header { good.to_vec() } else { Vec::new() };
            bytes.extend_from_slice(&tail);
            std::fs::write(&p, &bytes).unwrap();
            if let Ok(t) = TableFile::open(&p) {
                prop_assert_eq!(t.payload().len(), 15);
                for x in 0..6 {
                    for y in 0..6 {
                        prop_assert_eq!(t.get(x, y).is_some(), x < 5 && y < 5);
                    }
                }
                let _ = t.verify();
            }
        });
    }
}
