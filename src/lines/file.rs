//! The line-game table file (kind 6): the Grundy table of a two-pile line game, with its rules
//! in the header, so that a reader knows which game the values are of and `grundy --check`
//! proves them against exactly those rules.
//!
//! ## Line-game table file (version 1), little-endian
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `WYTHOFF\0` |
//! | 8 | 4 | version = 1 |
//! | 12 | 4 | kind = 6 (line-game Grundy table) |
//! | 16 | 8 | N, 1 ≤ N ≤ [`super::table::MAX_SIDE`] |
//! | 24 | 4 | r, the number of rules, 1 ≤ r ≤ [`super::MAX_RULES`] |
//! | 28 | 4 | value width in bytes (1–4): the least holding [`Rules::value_bound`] of N |
//! | 32 | 4 | layout = 2: the full square, row-major |
//! | 36 | 4 | reserved (0) |
//! | 40 | 8 | payload length in bytes, N² · width |
//! | 48 | 8 | reserved (0) |
//! | 56 | 8 | XXH3-64 (seed 0) of the file without this field: bytes 0..56, the rules, the payload |
//! | 64 | 8r | the rules in the order given, each p (u32) then q (u32) |
//! | 64 + 8r | N²·width | G(x, y) at ((x·N + y)·width), row-major |
//!
//! The square is stored whole because a rule list need not be symmetric (G(x, y) ≠ G(y, x) for
//! rules such as 3,2 without 2,3).  A file is accepted only if every field holds — the rules
//! within the grammar's limits, the sizes computed with checked arithmetic — and it is exactly
//! the header, the rules and the payload long; anything else is refused naming the field.  The
//! checksum covers the header and the rules, so a file whose N, width or rules were edited is
//! refused like one whose values were.
//!
//! Cost: writing makes two passes over the table (the checksum, then the bytes); reading the
//! header is O(r), the checksum O(N²) at memory speed ([`LineTableFile::verify`]).

use super::table::MAX_SIDE;
use super::{LineTable, MAX_RULES, Rule, Rules};
use crate::error::Error;
use crate::grundy::Layout;
use memmap2::Mmap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Size of the fixed part of the header (the rules follow it).
pub const HEADER_LEN: usize = 64;
/// Kind code of a line-game table file.
pub const KIND: u32 = crate::artifact::header::Kind::LineTable as u32;
/// The format version this code reads and writes.
pub const VERSION: u32 = 1;
/// The one layout: the full square, row-major.
pub const LAYOUT_SQUARE: u32 = 2;
/// Header bytes covered by the checksum before the rules (all but the checksum field).
const COVERED: usize = 56;

/// The header of a line-game table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineHeader {
    /// Side N.
    pub n: u64,
    /// The game.
    pub rules: Rules,
    /// Bytes per value.
    pub width: u32,
    /// Payload length in bytes, N² · width.
    pub payload_len: u64,
    /// XXH3-64 of header bytes 0..56, the rules and the payload.
    pub checksum: u64,
}

/// What is wrong with a line-game table file's header, rules or length.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineFileProblem {
    /// Fewer bytes than the header and its rules.
    #[error("{got} bytes, shorter than its header ({want} bytes with its rules)")]
    Short {
        /// The file's length.
        got: u64,
        /// The header's length.
        want: u64,
    },
    /// The magic bytes are not `WYTHOFF\0`.
    #[error("wrong magic (not a wythoff file)")]
    Magic,
    /// An unknown version.
    #[error("version {0} (only version {VERSION} is known)")]
    Version(u32),
    /// Another kind of wythoff file.
    #[error(
        "{} (a line-game table is kind {KIND})",
        crate::artifact::header::Kind::describe(*.0)
    )]
    Kind(u32),
    /// An unknown layout.
    #[error("layout {0} (only layout {LAYOUT_SQUARE}, the full square, is known)")]
    Layout(u32),
    /// N outside 1..=MAX_SIDE.
    #[error("N = {0} (a line-game table has 1 to {MAX_SIDE} rows)")]
    Side(u64),
    /// A rule count outside 1..=MAX_RULES.
    #[error("{0} rules (a game has 1 to {MAX_RULES})")]
    RuleCount(u32),
    /// A rule outside the grammar.
    #[error("{0}")]
    Rule(String),
    /// The value width is not the least holding the value bound.
    #[error("value width {got} bytes, but N = {n} with these rules needs {want}")]
    Width {
        /// Width in the header.
        got: u32,
        /// N in the header.
        n: u64,
        /// The least width holding the value bound.
        want: u32,
    },
    /// The payload length is not N² · width.
    #[error("payload length {got} bytes, but N = {n} at width {width} needs {want}")]
    PayloadLen {
        /// Length in the header.
        got: u64,
        /// N in the header.
        n: u64,
        /// Width in the header.
        width: u32,
        /// N² · width.
        want: u64,
    },
    /// A reserved field is not zero.
    #[error("a reserved header field is not zero")]
    Reserved,
    /// The file is not exactly header, rules and payload.
    #[error("{got} bytes, but the header says {want} (truncated, or trailing bytes)")]
    FileLen {
        /// The file's length.
        got: u64,
        /// Header, rules and payload.
        want: u64,
    },
}

/// The least width holding every value of a table of side n for these rules.
pub fn width_for(rules: &Rules, n: u64) -> u32 {
    Layout::width_for(rules.value_bound(n)) as u32
}

/// N² · width, or `None` past 64 bits or the address space.
pub fn payload_len(n: u64, width: u32) -> Option<u64> {
    let len = n.checked_mul(n)?.checked_mul(u64::from(width))?;
    usize::try_from(len).ok()?;
    Some(len)
}

impl LineHeader {
    /// The header for a table of side n (checksum 0 until [`LineHeader::sealed`]).
    pub fn new(rules: &Rules, n: u64) -> Option<LineHeader> {
        let width = width_for(rules, n);
        Some(LineHeader {
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
        h[0..8].copy_from_slice(crate::artifact::header::MAGIC);
        h[8..12].copy_from_slice(&VERSION.to_le_bytes());
        h[12..16].copy_from_slice(&KIND.to_le_bytes());
        h[16..24].copy_from_slice(&self.n.to_le_bytes());
        h[24..28].copy_from_slice(&(r.len() as u32).to_le_bytes());
        h[28..32].copy_from_slice(&self.width.to_le_bytes());
        h[32..36].copy_from_slice(&LAYOUT_SQUARE.to_le_bytes());
        h[40..48].copy_from_slice(&self.payload_len.to_le_bytes());
        h[56..64].copy_from_slice(&self.checksum.to_le_bytes());
        for rule in r {
            h.extend_from_slice(&rule.p.to_le_bytes());
            h.extend_from_slice(&rule.q.to_le_bytes());
        }
        h
    }

    /// Length of the header with its rules.
    pub fn header_len(&self) -> u64 {
        (HEADER_LEN + 8 * self.rules.rules().len()) as u64
    }

    /// The length of the whole file (`None` on overflow).
    pub fn file_len(&self) -> Option<u64> {
        self.payload_len.checked_add(self.header_len())
    }

    /// The number of rules a 64-byte header announces, after checking the magic, version,
    /// kind and layout (the rest is checked by [`LineHeader::from_bytes`]).
    pub fn rule_count(h: &[u8; HEADER_LEN]) -> Result<u32, LineFileProblem> {
        let u32_at = |o: usize| u32::from_le_bytes([h[o], h[o + 1], h[o + 2], h[o + 3]]);
        if &h[0..8] != crate::artifact::header::MAGIC {
            return Err(LineFileProblem::Magic);
        }
        // the kind first: another kind of file is named as such, whatever its version
        if u32_at(12) != KIND {
            return Err(LineFileProblem::Kind(u32_at(12)));
        }
        if u32_at(8) != VERSION {
            return Err(LineFileProblem::Version(u32_at(8)));
        }
        if u32_at(32) != LAYOUT_SQUARE {
            return Err(LineFileProblem::Layout(u32_at(32)));
        }
        let r = u32_at(24);
        if r == 0 || r as usize > MAX_RULES {
            return Err(LineFileProblem::RuleCount(r));
        }
        Ok(r)
    }

    /// Parses the header and its rules (`h` holds at least 64 + 8r bytes) and checks every
    /// field: N in range, the rules within the grammar, the width the least for the rules'
    /// value bound, the payload length N² · width, the reserved fields zero.
    pub fn from_bytes(h: &[u8]) -> Result<LineHeader, LineFileProblem> {
        let short = || LineFileProblem::Short {
            got: h.len() as u64,
            want: HEADER_LEN as u64,
        };
        let head: &[u8; HEADER_LEN] = h
            .get(..HEADER_LEN)
            .and_then(|s| s.try_into().ok())
            .ok_or_else(short)?;
        let r = Self::rule_count(head)? as usize;
        let want = HEADER_LEN + 8 * r;
        let Some(block) = h.get(HEADER_LEN..want) else {
            return Err(LineFileProblem::Short {
                got: h.len() as u64,
                want: want as u64,
            });
        };
        let u32_at = |b: &[u8], o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        let u64_at = |o: usize| u64::from(u32_at(h, o)) | (u64::from(u32_at(h, o + 4)) << 32);
        let rules: Vec<Rule> = block
            .chunks_exact(8)
            .map(|c| Rule {
                p: u32_at(c, 0),
                q: u32_at(c, 4),
            })
            .collect();
        let rules = Rules::from_rules(&rules).map_err(|e| {
            LineFileProblem::Rule(match e {
                Error::Domain(m) => m,
                other => other.to_string(),
            })
        })?;
        let n = u64_at(16);
        if n == 0 || n > MAX_SIDE {
            return Err(LineFileProblem::Side(n));
        }
        if u32_at(h, 36) != 0 || u64_at(48) != 0 {
            return Err(LineFileProblem::Reserved);
        }
        let (width, want_width) = (u32_at(h, 28), width_for(&rules, n));
        if width != want_width {
            return Err(LineFileProblem::Width {
                got: width,
                n,
                want: want_width,
            });
        }
        // N ≤ 2^16 and width ≤ 4: no overflow
        let want_len = payload_len(n, width).ok_or(LineFileProblem::Side(n))?;
        let got_len = u64_at(40);
        if got_len != want_len {
            return Err(LineFileProblem::PayloadLen {
                got: got_len,
                n,
                width,
                want: want_len,
            });
        }
        Ok(LineHeader {
            n,
            rules,
            width,
            payload_len: want_len,
            checksum: u64_at(56),
        })
    }
}

/// Encodes row x of a table at `width` bytes a value into `buf` (cleared first).
fn encode_row(t: &LineTable, x: usize, width: usize, buf: &mut Vec<u8>) {
    buf.clear();
    for &v in &t.data()[x * t.n..(x + 1) * t.n] {
        buf.extend_from_slice(&v.to_le_bytes()[..width]);
    }
}

/// Writes the table as a line-game table file to `out` (checksum first, then the bytes); returns
/// the header written.  Every value must fit the width of the rules' value bound, which the
/// engine guarantees; a value that does not is an internal error, never a truncation.
pub fn write(t: &LineTable, out: &mut dyn Write) -> crate::error::Result<LineHeader> {
    let n = t.n as u64;
    let header = LineHeader::new(&t.rules, n)
        .ok_or_else(|| Error::internal("line table: size overflows"))?;
    let width = header.width as usize;
    let limit = 1u64 << (8 * width as u32);
    if t.data().iter().any(|&v| u64::from(v) >= limit) {
        return Err(Error::internal("line table: a value exceeds its width"));
    }
    let head = header.to_bytes();
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&head[..COVERED]);
    h.update(&head[HEADER_LEN..]);
    let mut buf = Vec::with_capacity(t.n * width);
    for x in 0..t.n {
        encode_row(t, x, width, &mut buf);
        h.update(&buf);
    }
    let header = LineHeader {
        checksum: h.digest(),
        ..header
    };
    let io = |e: std::io::Error| crate::pairs::emit::write_error(e);
    out.write_all(&header.to_bytes()).map_err(io)?;
    for x in 0..t.n {
        encode_row(t, x, width, &mut buf);
        out.write_all(&buf).map_err(io)?;
    }
    Ok(header)
}

/// Why a line-game table file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum LineFileError {
    /// The file cannot be opened or mapped.
    #[error("cannot read '{}': {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The header, the rules or the length is invalid.
    #[error("'{}' is not a valid wythoff line-game table: {problem}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: LineFileProblem,
    },
}

impl From<LineFileError> for Error {
    /// An unreadable or invalid file is bad input (status 2).
    fn from(e: LineFileError) -> Error {
        Error::usage(e.to_string())
    }
}

/// A line-game table file opened read-only through a memory map, its header, rules and length
/// validated.
pub struct LineTableFile {
    /// The header.
    pub header: LineHeader,
    map: Mmap,
}

impl LineTableFile {
    /// Opens a line-game table file and validates its header, rules and length (not the
    /// checksum: see [`LineTableFile::verify`]).
    pub fn open(path: &Path) -> Result<LineTableFile, LineFileError> {
        let open_err = |source| LineFileError::Open {
            path: path.to_owned(),
            source,
        };
        let invalid = |problem| LineFileError::Invalid {
            path: path.to_owned(),
            problem,
        };
        // checked on the path before opening: opening a FIFO with no writer would block
        let meta = std::fs::metadata(path).map_err(open_err)?;
        if !meta.is_file() {
            return Err(open_err(std::io::Error::other("not a regular file")));
        }
        let mut f = std::fs::File::open(path).map_err(open_err)?;
        let got = f.metadata().map_err(open_err)?.len();
        let mut head = [0u8; HEADER_LEN];
        if got < HEADER_LEN as u64 {
            return Err(invalid(LineFileProblem::Short {
                got,
                want: HEADER_LEN as u64,
            }));
        }
        f.read_exact(&mut head).map_err(open_err)?;
        let r = LineHeader::rule_count(&head).map_err(invalid)? as usize;
        let mut full = head.to_vec();
        full.resize(HEADER_LEN + 8 * r, 0);
        if got < full.len() as u64 {
            return Err(invalid(LineFileProblem::Short {
                got,
                want: full.len() as u64,
            }));
        }
        f.read_exact(&mut full[HEADER_LEN..]).map_err(open_err)?;
        let header = LineHeader::from_bytes(&full).map_err(invalid)?;
        let want = header
            .file_len()
            .ok_or(invalid(LineFileProblem::Side(header.n)))?;
        if got != want {
            return Err(invalid(LineFileProblem::FileLen { got, want }));
        }
        // SAFETY: the file is opened read-only; its length was checked just above.  A concurrent
        // truncation by another process is outside what this program guards against.
        let map = unsafe { Mmap::map(&f) }.map_err(open_err)?;
        if map.len() as u64 != want {
            return Err(invalid(LineFileProblem::FileLen {
                got: map.len() as u64,
                want,
            }));
        }
        Ok(LineTableFile { header, map })
    }

    /// The payload bytes.
    pub fn payload(&self) -> &[u8] {
        &self.map[self.header.header_len() as usize..]
    }

    /// G(x, y); `None` outside the table.
    pub fn get(&self, x: u64, y: u64) -> Option<u32> {
        let n = self.header.n;
        (x < n && y < n).then(|| {
            let w = self.header.width as usize;
            let off = (x * n + y) as usize * w;
            let mut b = [0u8; 4];
            b[..w].copy_from_slice(&self.payload()[off..off + w]);
            u32::from_le_bytes(b)
        })
    }

    /// Whether the header (bytes 0..56 as in the file), the rules and the payload match the
    /// header's checksum.
    pub fn verify(&self) -> bool {
        let len = self.header.header_len() as usize;
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        h.update(&self.map[..COVERED]);
        h.update(&self.map[HEADER_LEN..len]);
        h.update(self.payload());
        h.digest() == self.header.checksum
    }
}

/// A Grundy table file of either kind: Wythoff's game (kind 3, [`crate::grundy::TableFile`]) or
/// a line game (kind 6, [`LineTableFile`]), told apart by the kind field.
pub enum AnyTableFile {
    /// Generalized Wythoff with parameter a.
    Wythoff(crate::grundy::TableFile),
    /// A line game.
    Lines(LineTableFile),
}

impl AnyTableFile {
    /// Opens a table file of either kind (header and length validated, not the checksum).
    pub fn open(path: &Path) -> crate::error::Result<AnyTableFile> {
        match kind_of(path) {
            Some(KIND) => return Ok(AnyTableFile::Lines(LineTableFile::open(path)?)),
            Some(k) if k != crate::grundy::KIND_TABLE => {
                return Err(Error::usage(format!(
                    "'{}' is a wythoff file of {}: this reads Grundy tables (kind {}) and \
                     line-game tables (kind {KIND})",
                    path.display(),
                    crate::artifact::header::Kind::describe(k),
                    crate::grundy::KIND_TABLE
                )));
            }
            _ => {}
        }
        Ok(AnyTableFile::Wythoff(crate::grundy::TableFile::open(path)?))
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

    /// Whether the file matches its checksum.
    pub fn verify(&self) -> bool {
        match self {
            AnyTableFile::Wythoff(t) => t.verify(),
            AnyTableFile::Lines(t) => t.verify(),
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
    (&head[..8] == crate::artifact::header::MAGIC)
        .then(|| u32::from_le_bytes([head[12], head[13], head[14], head[15]]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(s: &str) -> Rules {
        Rules::parse(s).unwrap()
    }

    #[test]
    fn header_round_trips_and_sizes_are_exact() {
        for (r, n) in [("1,0:0,1", 1u64), ("3,2", 300), ("1,0:1,1:3,2:0,1", 65536)] {
            let h = LineHeader::new(&rules(r), n).unwrap();
            let b = h.to_bytes();
            assert_eq!(b.len() as u64, h.header_len());
            assert_eq!(LineHeader::from_bytes(&b), Ok(h.clone()));
            assert_eq!(h.payload_len, n * n * u64::from(h.width));
        }
        // Nim at N = 129: values up to 2·128 = 256 need two bytes; at N = 128, 254 fits one
        assert_eq!(width_for(&rules("1,0:0,1"), 128), 1);
        assert_eq!(width_for(&rules("1,0:0,1"), 129), 2);
    }

    #[test]
    fn every_bad_field_is_named() {
        let good = LineHeader::new(&rules("1,0:2,1:0,1"), 100)
            .unwrap()
            .to_bytes();
        let with = |o: usize, bytes: &[u8]| {
            let mut h = good.clone();
            h[o..o + bytes.len()].copy_from_slice(bytes);
            LineHeader::from_bytes(&h)
        };
        let is = |r: Result<LineHeader, LineFileProblem>, says: &str| {
            let e = r.unwrap_err().to_string();
            assert!(e.contains(says), "{e} lacks {says}");
        };
        is(LineHeader::from_bytes(&good[..70]), "shorter");
        is(with(0, b"WYTHOFX"), "magic");
        is(with(8, &2u32.to_le_bytes()), "version 2");
        is(with(12, &3u32.to_le_bytes()), "kind 3");
        is(with(32, &1u32.to_le_bytes()), "layout 1");
        is(with(16, &0u64.to_le_bytes()), "N = 0");
        is(with(16, &(1u64 << 17).to_le_bytes()), "1 to 65536 rows");
        is(with(24, &0u32.to_le_bytes()), "0 rules");
        is(with(24, &17u32.to_le_bytes()), "17 rules");
        is(with(24, &4u32.to_le_bytes()), "shorter");
        is(with(28, &2u32.to_le_bytes()), "value width 2");
        is(with(36, &[1]), "reserved");
        is(with(48, &[1]), "reserved");
        is(with(40, &7u64.to_le_bytes()), "payload length 7");
        // the rules: a step past 64, the null move, a repeat
        is(with(64, &65u32.to_le_bytes()), "above 64");
        is(with(72, &[0; 8]), "0,0 is not a move");
        is(with(72, &[1, 0, 0, 0, 0, 0, 0, 0]), "repeats rule 1");
    }

    #[test]
    fn written_files_read_back_and_edits_are_caught() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.bin");
        let t = LineTable::compute(&rules("1,0:3,2:0,1"), 40, 1, &|_| {}).unwrap();
        let mut bytes = Vec::new();
        let h = write(&t, &mut bytes).unwrap();
        // independent of `write`: XXH3-64 of the file with its checksum field cut out
        let cut = [&bytes[..56], &bytes[64..]].concat();
        assert_eq!(h.checksum, xxhash_rust::xxh3::xxh3_64(&cut));
        std::fs::write(&p, &bytes).unwrap();
        let f = LineTableFile::open(&p).unwrap();
        assert!(f.verify());
        for x in 0..40 {
            for y in 0..40 {
                assert_eq!(f.get(x, y), Some(t.get(x as usize, y as usize)));
            }
        }
        assert_eq!(f.get(40, 0), None);
        // a rule changed to another valid one (3,2 → 2,3): well formed, refused by the checksum
        let mut b = bytes.clone();
        b[72..80].copy_from_slice(&[2, 0, 0, 0, 3, 0, 0, 0]);
        std::fs::write(&p, &b).unwrap();
        let f = LineTableFile::open(&p).unwrap();
        assert_eq!(f.header.rules.to_string(), "1,0:2,3:0,1");
        assert!(!f.verify());
        // a truncated file and trailing bytes
        std::fs::write(&p, &bytes[..bytes.len() - 1]).unwrap();
        assert!(LineTableFile::open(&p).is_err());
        std::fs::write(&p, [&bytes[..], &[0]].concat()).unwrap();
        assert!(LineTableFile::open(&p).is_err());
    }

    #[test]
    fn files_of_arbitrary_bytes_are_refused_or_read_without_panic() {
        use proptest::prelude::*;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.bin");
        let good = LineHeader::new(&rules("1,0:0,1"), 3).unwrap().to_bytes();
        proptest!(ProptestConfig::with_cases(64), |(
            tail in proptest::collection::vec(any::<u8>(), 0..40),
            at in 0usize..80,
            v in any::<u64>(),
        )| {
            let mut bytes = good.clone();
            bytes.extend_from_slice(&tail);
            let end = (at + 8).min(bytes.len());
            if at < end {
                let k = end - at;
                bytes[at..end].copy_from_slice(&v.to_le_bytes()[..k]);
            }
            std::fs::write(&p, &bytes).unwrap();
            if let Ok(t) = LineTableFile::open(&p) {
                let n = t.header.n;
                prop_assert_eq!(t.payload().len() as u64, n * n * u64::from(t.header.width));
                prop_assert!(t.get(n - 1, n - 1).is_some() && t.get(n, 0).is_none());
                let _ = t.verify();
            }
        });
    }
}
