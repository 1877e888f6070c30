//! The line-game table file (kind 6): the Grundy table of a two-pile line game, with its rules
//! in the header, so that a reader knows which game the values are of and `grundy --check`
//! proves them against exactly those rules.
//!
//! ## Line-game table file (version 2), little-endian
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `WYTHOFF\0` |
//! | 8 | 4 | version = 2 (1 is read too, below) |
//! | 12 | 4 | kind = 6 (line-game Grundy table) |
//! | 16 | 8 | N, 1 ≤ N ≤ [`MAX_SIDE`] |
//! | 24 | 4 | r, the number of rules, 1 ≤ r ≤ [`MAX_RULES`] |
//! | 28 | 4 | value width in bytes (1–4): the least holding [`LineRules::value_bound`] of N |
//! | 32 | 4 | layout = 2: the full square, row-major |
//! | 36 | 4 | reserved (0) |
//! | 40 | 8 | payload length in bytes, N² · width |
//! | 48 | 8 | B ≥ 1, the rows per band ([`BAND_ROWS`] = 64 in the files this version writes) |
//! | 56 | 8 | XXH3-64 (seed 0) of bytes 0..56, the rules and the band index |
//! | 64 | 8r | the rules in the order given, each p (u32) then q (u32); bit 31 of the p word ([`JUMP_FLAG`]) set for a jump, clear for a ray |
//! | 64 + 8r | N²·width | G(x, y) at ((x·N + y)·width), row-major |
//! | 64 + 8r + N²·width | 8⌈N/B⌉ | the band index: entry i is XXH3-64 (seed 0) of the payload bytes of rows iB .. min((i+1)B, N), a little-endian u64 |
//!
//! The square is stored whole because a rule list need not be symmetric (G(x, y) ≠ G(y, x) for
//! rules such as 3,2 without 2,3).  A file is accepted only if every field holds — the rules
//! within the grammar's limits, the sizes computed with checked arithmetic — and it is exactly
//! the header, the rules, the payload and the index long; anything else is refused naming the
//! field.  The checksum covers the header and the rules, so a file whose N, width or rules were
//! edited is refused like one whose values were; it covers the index, whose entries cover the
//! values band by band ([`crate::bands`], shared with the Grundy table file).
//!
//! Version 1 is the same but for three things: offset 48 is reserved (0), there is no band index,
//! and the checksum is XXH3-64 of bytes 0..56, the rules and the payload — so a read of any value
//! of a version 1 file verifies the whole payload, once.
//!
//! Cost: writing makes two passes over the table (the band hashes, then the bytes).  Opening
//! reads the header, O(r), and checks the index against the checksum, O(N/B), refusing a file
//! whose header, rules or index do not match it.  A value is read
//! only after its band was found to match its index entry ([`LineTableFile::get_checked`],
//! [`LineTableFile::check_rows`]; each band hashed at most once per open file): reading a few
//! values costs a few bands, B·N·width bytes each, not the whole N²·width;
//! [`LineTableFile::check_all`] checks every band.

pub use crate::bands::HEADER_LEN;
use crate::bands::{self, COVERED};
use crate::header::{self, FileError, HeaderError, Kind, u32_at, u64_at};
use crate::store::Layout;
use std::io::{Read, Write};
use std::path::Path;
use wythoff_core::error::Error;
use wythoff_core::lines::{LineRules, MAX_RULES, MAX_SIDE, Rule};

/// The format version this code writes (and reads, with [`VERSION_WHOLE`]).
pub const VERSION: u32 = 2;
/// The earlier version, still read: one checksum over the header, the rules and the payload.
pub const VERSION_WHOLE: u32 = 1;
/// Rows per band in the files this version writes.
pub const BAND_ROWS: u64 = 64;
/// The one layout: the full square, row-major.
pub const LAYOUT_SQUARE: u32 = 2;
/// Bit 31 of a rule's p word: the rule is a jump (one step) rather than a ray.  A ray's word is
/// p itself (p ≤ 64), so the files of games without jumps are written as before this flag, and a
/// reader without it refuses a jump's word as a step above 64.
pub const JUMP_FLAG: u32 = 1 << 31;

/// The header of a line-game table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineHeader {
    /// Format version: [`VERSION`] or [`VERSION_WHOLE`].
    pub version: u32,
    /// Side N.
    pub n: u64,
    /// The game.
    pub rules: LineRules,
    /// Bytes per value.
    pub width: u32,
    /// Payload length in bytes, N² · width.
    pub payload_len: u64,
    /// Rows per band B ≥ 1 (version 2); 0 in version 1, which has no band index.
    pub band: u64,
    /// XXH3-64 of header bytes 0..56, the rules and the band index (version 2) or the payload
    /// (version 1) ([`checksum`]).
    pub checksum: u64,
}

/// The least width holding every value of a table of side n for these rules.
pub fn width_for(rules: &LineRules, n: u64) -> u32 {
    Layout::width_for(rules.value_bound(n)) as u32
}

/// The checksum of a line-game table file: XXH3-64 (seed 0) of `head` (the header with its
/// rules, as in the file) without its checksum field (bytes 56..64), followed by `tail`: the band
/// index in version 2, the payload in version 1.
pub fn checksum(head: &[u8], tail: &[u8]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&head[..COVERED]);
    h.update(&head[HEADER_LEN..]);
    h.update(tail);
    h.digest()
}

/// The payload bytes of rows r0..r1 (r0 ≤ r1 ≤ N) of a square of side n, `width` bytes a value.
pub fn byte_range(n: u64, width: u32, (r0, r1): (u64, u64)) -> std::ops::Range<usize> {
    let row = (n * u64::from(width)) as usize; // within the payload: fits usize
    r0 as usize * row..r1 as usize * row
}

/// N² · width, or `None` past 64 bits or the address space.
pub fn payload_len(n: u64, width: u32) -> Option<u64> {
    let len = n.checked_mul(n)?.checked_mul(u64::from(width))?;
    usize::try_from(len).ok()?;
    Some(len)
}

impl LineHeader {
    /// The header of the version this code writes for a table of side n, bands of
    /// [`BAND_ROWS`] rows (checksum 0 until it is written: see [`write()`]).
    pub fn new(rules: &LineRules, n: u64) -> Option<LineHeader> {
        let width = width_for(rules, n);
        Some(LineHeader {
            version: VERSION,
            band: BAND_ROWS,
            n,
            rules: rules.clone(),
            width,
            payload_len: payload_len(n, width)?,
            checksum: 0,
        })
    }

    /// The header and the rules as bytes (64 + 8r).
    pub fn to_bytes(&self) -> Vec<u8> {
        let r = self.rules.rules();
        let mut h = vec![0u8; HEADER_LEN];
        header::put_preamble(&mut h, self.version, Kind::LineTable);
        h[16..24].copy_from_slice(&self.n.to_le_bytes());
        h[24..28].copy_from_slice(&(r.len() as u32).to_le_bytes());
        h[28..32].copy_from_slice(&self.width.to_le_bytes());
        h[32..36].copy_from_slice(&LAYOUT_SQUARE.to_le_bytes());
        h[40..48].copy_from_slice(&self.payload_len.to_le_bytes());
        h[48..56].copy_from_slice(&self.band.to_le_bytes());
        h[56..64].copy_from_slice(&self.checksum.to_le_bytes());
        for rule in r {
            let flag = if rule.jump { JUMP_FLAG } else { 0 };
            h.extend_from_slice(&(rule.p | flag).to_le_bytes());
            h.extend_from_slice(&rule.q.to_le_bytes());
        }
        h
    }

    /// Length of the header with its rules.
    pub fn header_len(&self) -> u64 {
        (HEADER_LEN + 8 * self.rules.rules().len()) as u64
    }

    /// The number of bands ⌈N/B⌉ (version 2); 0 in version 1.
    pub fn bands(&self) -> u64 {
        if self.version == VERSION {
            bands::count(self.n, self.band).unwrap_or(0)
        } else {
            0
        }
    }

    /// The length of the whole file: header, rules, payload and band index (`None` on overflow).
    pub fn file_len(&self) -> Option<u64> {
        self.payload_len
            .checked_add(self.header_len())?
            .checked_add(self.bands().checked_mul(8)?)
    }

    /// The number of rules a 64-byte header announces, after checking the magic, version,
    /// kind and layout (the rest is checked by [`LineHeader::from_bytes`]).
    pub fn rule_count(h: &[u8; HEADER_LEN]) -> Result<u32, HeaderError> {
        header::preamble(
            h,
            HEADER_LEN,
            Kind::LineTable,
            &[VERSION, VERSION_WHOLE],
            "versions 1 and 2",
        )?;
        if u32_at(h, 32) != LAYOUT_SQUARE {
            return Err(HeaderError::field(
                "layout",
                format!(
                    "layout {} (only layout {LAYOUT_SQUARE}, the full square, is known)",
                    u32_at(h, 32)
                ),
            ));
        }
        let r = u32_at(h, 24);
        if r == 0 || r as usize > MAX_RULES {
            return Err(HeaderError::field(
                "rules",
                format!("{r} rules (a game has 1 to {MAX_RULES})"),
            ));
        }
        Ok(r)
    }

    /// Parses the header and its rules (`h` holds at least 64 + 8r bytes) and checks every
    /// field: N in range, the rules within the grammar, the width the least for the rules'
    /// value bound, the payload length N² · width, the reserved fields zero, the band height
    /// B ≥ 1 (version 2; offset 48 is reserved in version 1).
    pub fn from_bytes(h: &[u8]) -> Result<LineHeader, HeaderError> {
        let short = || HeaderError::Short {
            got: h.len() as u64,
            need: HEADER_LEN as u64,
        };
        let head: &[u8; HEADER_LEN] = h
            .get(..HEADER_LEN)
            .and_then(|s| s.try_into().ok())
            .ok_or_else(short)?;
        let r = Self::rule_count(head)? as usize;
        let want = HEADER_LEN + 8 * r;
        let Some(block) = h.get(HEADER_LEN..want) else {
            return Err(HeaderError::Short {
                got: h.len() as u64,
                need: want as u64,
            });
        };
        let rules: Vec<Rule> = block
            .chunks_exact(8)
            .map(|c| Rule {
                p: u32_at(c, 0) & !JUMP_FLAG,
                q: u32_at(c, 4),
                jump: u32_at(c, 0) & JUMP_FLAG != 0,
            })
            .collect();
        let rules = LineRules::from_rules(&rules).map_err(|e| {
            HeaderError::field(
                "rules",
                match e {
                    Error::Domain(m) => m,
                    other => other.to_string(),
                },
            )
        })?;
        let n = u64_at(h, 16);
        let side = || {
            HeaderError::field(
                "N",
                format!("N = {n} (a line-game table has 1 to {MAX_SIDE} rows)"),
            )
        };
        if n == 0 || n > MAX_SIDE {
            return Err(side());
        }
        let (version, band) = (u32_at(h, 8), u64_at(h, 48));
        if u32_at(h, 36) != 0 || (version == VERSION_WHOLE && band != 0) {
            return Err(HeaderError::field(
                "reserved",
                "a reserved header field is not zero",
            ));
        }
        if version == VERSION && band == 0 {
            return Err(HeaderError::field(
                "band height",
                "band height 0 rows (it is at least 1)",
            ));
        }
        let (width, want_width) = (u32_at(h, 28), width_for(&rules, n));
        if width != want_width {
            return Err(HeaderError::field(
                "width",
                format!(
                    "value width {width} bytes, but N = {n} with these rules needs {want_width}"
                ),
            ));
        }
        // N ≤ 2^16 and width ≤ 4: no overflow
        let want_len = payload_len(n, width).ok_or_else(side)?;
        let got_len = u64_at(h, 40);
        if got_len != want_len {
            return Err(HeaderError::field(
                "payload length",
                format!(
                    "payload length {got_len} bytes, but N = {n} at width {width} needs {want_len}"
                ),
            ));
        }
        Ok(LineHeader {
            version,
            n,
            rules,
            width,
            payload_len: want_len,
            band,
            checksum: u64_at(h, 56),
        })
    }
}

/// Encodes row x of a table of side n, row-major in `data`, at `width` bytes a value into `buf`
/// (cleared first).
fn encode_row(data: &[u32], n: usize, x: usize, width: usize, buf: &mut Vec<u8>) {
    buf.clear();
    for &v in &data[x * n..(x + 1) * n] {
        buf.extend_from_slice(&v.to_le_bytes()[..width]);
    }
}

/// Writes the Grundy table of `rules` of side n, G(x, y) at `data[x·n + y]`, as a line-game
/// table file of the current version to `out` (the band hashes first, then the header, the bytes
/// and the index); returns the header written.  Every value must fit the width of the rules'
/// value bound, which the engine guarantees; a value that does not, or data of another length
/// than n², is an internal error, never a truncation.
pub fn write(
    rules: &LineRules,
    side: usize,
    data: &[u32],
    out: &mut dyn Write,
) -> wythoff_core::error::Result<LineHeader> {
    let n = side as u64;
    let header =
        LineHeader::new(rules, n).ok_or_else(|| Error::internal("line table: size overflows"))?;
    if side.checked_mul(side) != Some(data.len()) {
        return Err(Error::internal(
            "line table: data of another length than N²",
        ));
    }
    let width = header.width as usize;
    let limit = 1u64 << (8 * width as u32);
    if data.iter().any(|&v| u64::from(v) >= limit) {
        return Err(Error::internal("line table: a value exceeds its width"));
    }
    // the band hashes: each band's rows hashed in one stream, the same as hashing its bytes
    let mut buf = Vec::with_capacity(side * width);
    let mut index = Vec::with_capacity(8 * header.bands() as usize);
    for i in 0..header.bands() {
        let (r0, r1) = bands::rows(i, n, header.band);
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        for x in r0..r1 {
            encode_row(data, side, x as usize, width, &mut buf);
            h.update(&buf);
        }
        index.extend_from_slice(&h.digest().to_le_bytes());
    }
    let header = LineHeader {
        checksum: checksum(&header.to_bytes(), &index),
        ..header
    };
    let io = |e: std::io::Error| Error::Write(e);
    out.write_all(&header.to_bytes()).map_err(io)?;
    for x in 0..side {
        encode_row(data, side, x, width, &mut buf);
        out.write_all(&buf).map_err(io)?;
    }
    out.write_all(&index).map_err(io)?;
    Ok(header)
}

/// A line-game table file opened read-only through a memory map, its header, rules and length
/// validated.
pub type LineTableFile = bands::BandedFile<LineHeader>;

impl bands::BandedHeader for LineHeader {
    const KIND: Kind = Kind::LineTable;
    const COVERS: (&'static str, &'static str) =
        ("header, rules and payload", "header, rules and band index");

    fn rows(&self) -> u64 {
        self.n
    }

    fn band(&self) -> Option<u64> {
        (self.version == VERSION).then_some(self.band)
    }

    fn header_len(&self) -> usize {
        LineHeader::header_len(self) as usize
    }

    fn payload_len(&self) -> usize {
        self.payload_len as usize
    }

    fn file_len(&self) -> Option<u64> {
        LineHeader::file_len(self)
    }

    fn checksum(&self) -> u64 {
        self.checksum
    }

    fn checksum_of(head: &[u8], tail: &[u8]) -> u64 {
        checksum(head, tail)
    }

    fn byte_range(&self, rows: (u64, u64)) -> std::ops::Range<usize> {
        byte_range(self.n, self.width, rows)
    }

    /// Row x: the square is stored whole.
    fn row_of(x: u64, _y: u64) -> u64 {
        x
    }

    fn read(&self, payload: &[u8], x: u64, y: u64) -> u32 {
        let w = self.width as usize;
        let off = (x * self.n + y) as usize * w;
        let mut b = [0u8; 4];
        b[..w].copy_from_slice(&payload[off..off + w]);
        u32::from_le_bytes(b)
    }
}

impl LineTableFile {
    /// Opens a line-game table file and validates its header, rules and length, and for version
    /// 2 refuses a header, rules and band index that do not match the checksum (not the payload:
    /// see [`LineTableFile::check_rows`], [`LineTableFile::check_all`]; a version 1 file, whose
    /// one checksum covers them with the whole payload, is checked whole at its first read).
    pub fn open(path: &Path) -> Result<LineTableFile, FileError> {
        let invalid = |problem| FileError::new(path, Kind::LineTable, problem);
        let (mut f, got) = header::open_regular(path, Kind::LineTable)?;
        let mut head = [0u8; HEADER_LEN];
        header::read_header(&mut f, path, Kind::LineTable, got, &mut head, 0)?;
        let r = LineHeader::rule_count(&head).map_err(invalid)? as usize;
        let mut full = head.to_vec();
        full.resize(HEADER_LEN + 8 * r, 0);
        header::read_header(&mut f, path, Kind::LineTable, got, &mut full, HEADER_LEN)?;
        let header = LineHeader::from_bytes(&full).map_err(invalid)?;
        LineTableFile::map(header, &f, path, got)
    }
}

/// A Grundy table file of either kind: Wythoff's game (kind 3, [`crate::table::TableFile`]) or
/// a line game (kind 6, [`LineTableFile`]), told apart by the kind field.
pub enum AnyTableFile {
    /// Generalized Wythoff with parameter a.
    Wythoff(crate::table::TableFile),
    /// A line game.
    Lines(LineTableFile),
}

impl AnyTableFile {
    /// Opens a table file of either kind as its kind's opener does: header and length validated,
    /// and the header and band index against the checksum (not the payload).
    pub fn open(path: &Path) -> wythoff_core::error::Result<AnyTableFile> {
        match kind_of(path) {
            Some(k) if k == Kind::LineTable as u32 => {
                return Ok(AnyTableFile::Lines(LineTableFile::open(path)?));
            }
            Some(k) if k != Kind::GrundyTable as u32 => {
                return Err(Error::usage(format!(
                    "'{}' is a wythoff file of {}: this reads Grundy tables (kind {}) and \
                     line-game tables (kind {})",
                    path.display(),
                    Kind::describe(k),
                    Kind::GrundyTable as u32,
                    Kind::LineTable as u32
                )));
            }
            _ => {}
        }
        Ok(AnyTableFile::Wythoff(crate::table::TableFile::open(path)?))
    }

    /// Side N.
    pub fn n(&self) -> u64 {
        match self {
            AnyTableFile::Wythoff(t) => t.header.n,
            AnyTableFile::Lines(t) => t.header.n,
        }
    }

    /// G(x, y); `None` outside the table.
    pub fn get(&self, x: u64, y: u64) -> Option<u32> {
        match self {
            AnyTableFile::Wythoff(t) => t.get(x, y),
            AnyTableFile::Lines(t) => t.get(x, y),
        }
    }
}

/// The kind field of a wythoff file at `path`, if it is a regular file with the magic.
fn kind_of(path: &Path) -> Option<u32> {
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let mut head = [0u8; 16];
    std::fs::File::open(path).ok()?.read_exact(&mut head).ok()?;
    (&head[..8] == crate::header::MAGIC)
        .then(|| u32::from_le_bytes([head[12], head[13], head[14], head[15]]))
}

#[cfg(test)]
mod tests;
