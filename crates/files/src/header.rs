//! What every binary file of wythoff shares: the magic, the registry of kinds, and one error type
//! for whatever can be wrong with a file read back.
//!
//! Every binary file starts with the magic `WYTHOFF\0` ([`MAGIC`]), a version (u32) and a kind
//! (u32).  [`Kind`] is the one registry of kinds with their names; [`put_preamble`] writes those
//! three fields and [`preamble`] checks them, for every format.  [`HeaderError`] says what is wrong with a file's header,
//! length or checksums — short, magic, kind, version, a field, the length, damage — in one
//! wording for every kind, and [`FileError`] adds the file's name and whether it could be read.
//!
//! The kinds and their modules: 1 = P-pairs and 2 = characteristic word ([`super::pairs`]),
//! 3 = Grundy table ([`super::table`], with [`super::bands`]), 4 = row certificate
//! ([`super::certificate`]), 5 = three-pile cube ([`super::cube`]), 6 = line-game Grundy table
//! ([`super::line_table`]), 7 = g-value file ([`super::gvalues`]), 8 = N-heap slice state
//! (`wythoff::nheap::slice::state`, a checkpoint's state file).

use std::fs::File;
use std::path::{Path, PathBuf};
use wythoff_core::error::Error;

/// Magic bytes at offset 0 of every binary file.
pub const MAGIC: &[u8; 8] = b"WYTHOFF\0";

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
    /// A three-pile cube (64-byte header of its own, [`super::cube`]).
    ThreePileCube = 5,
    /// The Grundy table of a two-pile line game (64-byte header and rule block,
    /// `crate::line_table`).
    LineTable = 6,
    /// The first K g-values of one value of Wythoff's Grundy function (80-byte header,
    /// [`super::gvalues`]).
    GValues = 7,
    /// The state of the N-heap Wythoff slice engine: a checkpoint of `nheap --slice` or
    /// `nheap --conjectures` with `-o FILE` (80-byte header, `wythoff::nheap::slice::state`).
    NheapState = 8,
}

impl Kind {
    /// Every registered kind, in number order.
    pub const ALL: [Kind; 8] = [
        Kind::Pairs,
        Kind::Word,
        Kind::GrundyTable,
        Kind::RowCertificate,
        Kind::ThreePileCube,
        Kind::LineTable,
        Kind::GValues,
        Kind::NheapState,
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
            Kind::GValues => "g-value file (gvalue G --count K -o FILE)",
            Kind::NheapState => {
                "N-heap slice state (a checkpoint of nheap --slice or --conjectures -o FILE)"
            }
        }
    }

    /// The short noun of a file of this kind, as in "not a valid wythoff Grundy table".
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Pairs => "pairs file",
            Kind::Word => "characteristic word",
            Kind::GrundyTable => "Grundy table",
            Kind::RowCertificate => "row certificate",
            Kind::ThreePileCube => "three-pile cube",
            Kind::LineTable => "line-game table",
            Kind::GValues => "g-value file",
            Kind::NheapState => "N-heap slice state",
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

/// Which checksum of a file does not match, or which band.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    /// The checksum in the header, over the parts named, does not match.
    #[error("its {covers} do not match the checksum in its header")]
    Checksum {
        /// What the checksum covers, e.g. "header and payload".
        covers: &'static str,
    },
    /// The checksum in the header, over the header and the band index, does not match.
    #[error("its {covers} do not match the checksum in its header")]
    Index {
        /// What the checksum covers, e.g. "header and band index".
        covers: &'static str,
    },
    /// One band's bytes do not match their hash in the band index.
    #[error("rows {first} to {last} do not match their hash in the band index")]
    Band {
        /// The band's first row.
        first: u64,
        /// The band's last row.
        last: u64,
    },
}

/// What is wrong with a binary file read back, whatever its kind: one type and one wording for
/// every format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeaderError {
    /// Fewer bytes than the header.
    #[error("{got} bytes, shorter than the {need}-byte header")]
    Short {
        /// The bytes there are.
        got: u64,
        /// The header's length.
        need: u64,
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
    #[error("version {got} (this build reads {known} of this kind)")]
    Version {
        /// The version found.
        got: u32,
        /// The versions read, in words ("version 1", "versions 2 and 3").
        known: &'static str,
    },
    /// A version this build knows but no longer accepts, and why.
    #[error("format version {got} ({why})")]
    Retired {
        /// The version found.
        got: u32,
        /// Why it is refused and what to do.
        why: &'static str,
    },
    /// A header field (or a record the header announces) holds a value the format excludes.
    #[error("{says}")]
    Field {
        /// The field, as the format's documentation names it.
        field: &'static str,
        /// What is wrong with it, in words.
        says: String,
    },
    /// The file's length is not what its header implies.
    #[error("{got} bytes, but the header says {want} (truncated, or trailing bytes)")]
    Length {
        /// The file's length.
        got: u64,
        /// The length the header implies.
        want: u64,
    },
    /// The bytes do not match a checksum the file carries.
    #[error("damaged: {0}")]
    Damaged(Damage),
}

impl HeaderError {
    /// A [`HeaderError::Field`].
    pub fn field(field: &'static str, says: impl Into<String>) -> HeaderError {
        HeaderError::Field {
            field,
            says: says.into(),
        }
    }

    /// Refuses reserved header bytes that are not all zero (the field "reserved").
    pub fn reserved_zero(bytes: &[u8]) -> Result<(), HeaderError> {
        match bytes.iter().all(|&b| b == 0) {
            true => Ok(()),
            false => Err(HeaderError::field(
                "reserved",
                "the reserved header bytes are not zero",
            )),
        }
    }
}

/// Why a binary file cannot be used: it cannot be read, is not a regular file, or is not a valid
/// (or an undamaged) file of the kind wanted.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file cannot be opened, read or mapped.
    #[error("cannot read '{}': {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Not a regular file (a FIFO or a device would block or never end).
    #[error("'{}' is not a regular file (a {} is read through a memory map)", path.display(), kind.noun())]
    NotRegular {
        /// The file.
        path: PathBuf,
        /// The kind wanted.
        kind: Kind,
    },
    /// The file is damaged: a checksum it carries does not match.
    #[error("'{}' is damaged: {damage}", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// Which checksum.
        damage: Damage,
    },
    /// The header or the length is invalid for the kind wanted.
    #[error("'{}' is not a valid wythoff {}: {problem}", path.display(), kind.noun())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The kind wanted.
        kind: Kind,
        /// What is wrong.
        problem: HeaderError,
    },
}

impl FileError {
    /// The error of `problem` in the file at `path` wanted as `kind`: damage is
    /// [`FileError::Damaged`], anything else [`FileError::Invalid`].
    pub fn new(path: &std::path::Path, kind: Kind, problem: HeaderError) -> FileError {
        let path = path.to_owned();
        match problem {
            HeaderError::Damaged(damage) => FileError::Damaged { path, damage },
            problem => FileError::Invalid {
                path,
                kind,
                problem,
            },
        }
    }

    /// Whether the file is damaged (rather than unreadable or invalid).
    pub fn is_damage(&self) -> bool {
        matches!(self, FileError::Damaged { .. })
    }
}

impl From<FileError> for Error {
    /// An unreadable or invalid file is bad input (status 2); a damaged file is a failure (1).
    fn from(e: FileError) -> Error {
        if e.is_damage() {
            Error::damaged(e)
        } else {
            Error::usage(e.to_string())
        }
    }
}

/// Opens `path` read-only if it is a regular file — checked on the path before opening (opening a
/// FIFO with no writer would block) and again on the open file — and returns it with its length.
pub fn open_regular(path: &Path, kind: Kind) -> Result<(File, u64), FileError> {
    let open_err = |source| FileError::Open {
        path: path.to_owned(),
        source,
    };
    let not_regular = || FileError::NotRegular {
        path: path.to_owned(),
        kind,
    };
    if !std::fs::metadata(path).map_err(open_err)?.is_file() {
        return Err(not_regular());
    }
    let f = File::open(path).map_err(open_err)?;
    let meta = f.metadata().map_err(open_err)?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    Ok((f, meta.len()))
}

/// Reads header bytes `buf[from..]` from `f`, a file of `kind` at `path` that is `got` bytes
/// long and whose first `from` bytes were read into `buf[..from]`; a file shorter than `buf` is
/// refused as [`HeaderError::Short`].
pub fn read_header(
    f: &mut File,
    path: &Path,
    kind: Kind,
    got: u64,
    buf: &mut [u8],
    from: usize,
) -> Result<(), FileError> {
    let need = buf.len() as u64;
    if got < need {
        return Err(FileError::new(path, kind, HeaderError::Short { got, need }));
    }
    std::io::Read::read_exact(f, &mut buf[from..]).map_err(|source| FileError::Open {
        path: path.to_owned(),
        source,
    })
}

/// The little-endian u32 at byte `o` of a header `h` (whose length the caller checked).
pub fn u32_at(h: &[u8], o: usize) -> u32 {
    u32::from_le_bytes([h[o], h[o + 1], h[o + 2], h[o + 3]])
}

/// The little-endian u64 at byte `o` of a header `h` (whose length the caller checked).
pub fn u64_at(h: &[u8], o: usize) -> u64 {
    u64::from(u32_at(h, o)) | (u64::from(u32_at(h, o + 4)) << 32)
}

/// Writes the opening fields every binary file shares — magic, version (u32 at 8), kind (u32 at
/// 12) — into the first 16 bytes of a header `h`: what [`preamble`] checks.
pub fn put_preamble(h: &mut [u8], version: u32, kind: Kind) {
    h[0..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&version.to_le_bytes());
    h[12..16].copy_from_slice(&(kind as u32).to_le_bytes());
}

/// Checks the opening fields every binary file shares — magic, version (u32 at 8), kind (u32
/// at 12) — against the `want`ed kind, in a header of `len` bytes; returns the version for the
/// format's own checks (`versions` lists those it reads, `known` says them in words; the kind is
/// checked first, so a file of another kind is named as such whatever its version).
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
            need: len as u64,
        });
    }
    if &h[0..8] != MAGIC {
        return Err(HeaderError::Magic);
    }
    let (version, kind) = (u32_at(h, 8), u32_at(h, 12));
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
