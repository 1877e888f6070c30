//! The cube file of three-pile Wythoff (`three N --cube FILE`; doc/formats.md): T(y, z) for every
//! line y ≤ z ≤ N of the cube [0, N]³.  [`CubeWriter`] takes the values as the solver
//! (`wythoff::three_pile::cube`) produces them, checkpointed and resumable after the process is
//! killed; [`Cube`] reads a finished file back, checked.
//!
//! ## Format (version 1), all integers little-endian
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `WYTHOFF\0` |
//! | 8 | 4 | version = 1 |
//! | 12 | 4 | kind = 5 (three-pile cube) |
//! | 16 | 8 | N, the cube's side: the box is [0, N]³ |
//! | 24 | 8 | B = 64, the tile side of the storage order ([`crate::tiles`]) |
//! | 32 | 8 | number of values, (N + 1)(N + 2)/2 |
//! | 40 | 8 | XXH3-64 (seed 0) of header bytes 0..40 followed by the payload |
//! | 48 | 16 | reserved, zero |
//!
//! Payload: one u32 per line y ≤ z, in the storage order of [`crate::tiles::Tiles`] with side B:
//! T(y, z) (the P-position (T, y, z)) if T ≤ N, else 0xFFFFFFFF.
//!
//! ## Writing
//! The values are appended to `FILE.partial`, the output's resumable partial file
//! ([`crate::resumable`]: its checkpoint log locked while a run uses it), whose header
//! has checksum 0 until the end.  After every batch of wavefronts (at least 2^22 values or 1/16 of
//! the cube, whichever is less, and the last) the file is synced and a record `values=K chain=H`
//! appended to the checkpoint log `FILE.partial.ckpt`, H the XXH3 of the batches chained
//! batch by batch.  A run that finds an interrupted run refuses unless told to resume or restart;
//! resuming checks the log's parameters and the partial file's header, re-hashes the values batch
//! by batch, keeps those up to the last record that matches, replays them into the solver and
//! continues.  At the end the checksum is written, the file synced and renamed over `FILE`.
//!
//! Cost: the solver's (module `wythoff::three_pile::engine`) plus one sequential write of 2(N + 1)(N + 2)
//! bytes — 5.0 GB at N = 50,000; a resume reads back the values kept.

use super::Partial;
use super::atomic::{self, Need, Target};
use super::header::{self, Damage, FileError, HeaderError, Kind, u64_at};
use super::resumable::{Files, Resumable, Start};
use crate::tiles::{CUBE_TILE, NONE, Tiles};
use memmap2::Mmap;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use wythoff_core::error::{Error, Result};
use xxhash_rust::xxh3::{Xxh3, xxh3_64_with_seed};

/// Bytes of the cube file's header.
pub const HEADER_LEN: usize = 64;
/// Header bytes the checksum covers (all fields before it), so that a changed side or tile side
/// is caught like a changed value.
const COVERED: usize = 40;
/// The file format version this code reads and writes.
const VERSION: u32 = 1;
/// Values per checkpoint batch, at least (or a sixteenth of the cube, if less).
const BATCH: u64 = 1 << 22;

/// The header of a cube file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeHeader {
    /// The side N.
    pub n: u64,
    /// The tile side B.
    pub tile: u64,
    /// Number of values.
    pub values: u64,
    /// XXH3-64 of the payload (0 in a partial file).
    pub checksum: u64,
}

impl CubeHeader {
    fn to_bytes(self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        header::put_preamble(&mut h, VERSION, Kind::ThreePileCube);
        for (k, v) in [self.n, self.tile, self.values, self.checksum]
            .into_iter()
            .enumerate()
        {
            h[16 + 8 * k..24 + 8 * k].copy_from_slice(&v.to_le_bytes());
        }
        h
    }

    /// Parses and checks a header: magic, version, kind, a side that fits the values' 32 bits, the
    /// tile side 64 and the number of values the side implies.
    pub fn from_bytes(h: &[u8]) -> std::result::Result<CubeHeader, HeaderError> {
        header::preamble(h, HEADER_LEN, Kind::ThreePileCube, &[VERSION], "version 1")?;
        let hd = CubeHeader {
            n: u64_at(h, 16),
            tile: u64_at(h, 24),
            values: u64_at(h, 32),
            checksum: u64_at(h, 40),
        };
        if hd.n >= u64::from(NONE) {
            return Err(HeaderError::field(
                "N",
                format!("side {} is beyond 32-bit values", hd.n),
            ));
        }
        if hd.tile != CUBE_TILE {
            return Err(HeaderError::field(
                "B",
                format!(
                    "tile side {} (version 1 is written with tiles of {CUBE_TILE})",
                    hd.tile
                ),
            ));
        }
        if Some(hd.values) != lines_of(hd.n) {
            return Err(HeaderError::field(
                "values",
                format!("{} values for side {}", hd.values, hd.n),
            ));
        }
        HeaderError::reserved_zero(&h[48..HEADER_LEN])?;
        Ok(hd)
    }
}

/// (N + 1)(N + 2)/2, the lines y ≤ z ≤ N (`None` past u64).
pub fn lines_of(n: u64) -> Option<u64> {
    let (a, b) = (n.checked_add(1)?, n.checked_add(2)?);
    Some(if a % 2 == 0 {
        (a / 2).checked_mul(b)?
    } else {
        a.checked_mul(b / 2)?
    })
}

/// The bytes of a cube of side n, header included (`None` past u64).
pub fn file_len(n: u64) -> Option<u64> {
    lines_of(n)?.checked_mul(4)?.checked_add(HEADER_LEN as u64)
}

fn params(n: u64) -> String {
    format!("wythoff three-pile cube v1 n={n} tile={CUBE_TILE}")
}

fn parse_record(r: &str) -> Option<(u64, u64)> {
    let (v, c) = r.strip_prefix("values=")?.split_once(" chain=")?;
    Some((v.parse().ok()?, u64::from_str_radix(c, 16).ok()?))
}

/// The cube file being written: its resumable partial file, the running checksum, and the
/// checkpoint batches (module documentation, "Writing").
pub struct CubeWriter {
    log: Resumable,
    file: File,
    partial: PathBuf,
    target: PathBuf,
    header0: CubeHeader,
    hasher: Xxh3,
    /// The chained hash of the batches recorded, and the values written.
    chain: u64,
    written: u64,
    batch: Vec<u8>,
    batch_values: u64,
    checkpoints: usize,
    /// While resuming: the values kept from the interrupted run, and the reader replaying them.
    kept: u64,
    reader: Option<BufReader<File>>,
}

impl CubeWriter {
    /// Opens the cube file of side `n` at `path` for writing, as `mode` says: fresh (after
    /// checking `memory` bytes of memory and the file's size on disk, before anything of an
    /// earlier run is discarded) or resumed.  Returns the writer and, when it resumes, the number
    /// of values kept from the interrupted run, which the caller replays ([`CubeWriter::replay`],
    /// then [`CubeWriter::resume`]) before it pushes new ones.  `note` receives one-line remarks.
    pub fn open(
        n: u64,
        path: &Path,
        mode: Partial,
        memory: u64,
        note: &dyn Fn(&str),
    ) -> Result<(CubeWriter, Option<u64>)> {
        let Target::Replace(target) = atomic::target(path, Need::Regular)? else {
            return Err(Error::internal("a cube file needs a regular file"));
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
            _ => PathBuf::from("."),
        };
        let too_large = || Error::usage(format!("side {n} is too large"));
        let values = lines_of(n).ok_or_else(too_large)?;
        let file_bytes = file_len(n).ok_or_else(too_large)?;
        let header0 = CubeHeader {
            n,
            tile: CUBE_TILE,
            values,
            checksum: 0,
        };
        let progress_of = |records: &[String]| {
            let at = (records.iter().filter_map(|r| parse_record(r)))
                .map(|r| r.0)
                .max()
                .unwrap_or(0);
            format!("to {at} of {values} values")
        };
        if mode != Partial::Resume {
            // the machine's room is checked before anything of an earlier run is discarded
            super::resources::check(memory, file_bytes, Some(&dir), "side N")?;
        }
        let (log, start) = Resumable::open(
            Files::in_place(&target),
            &params(n),
            mode,
            "cube",
            &progress_of,
        )?;
        let partial = log.partial()?.to_owned();
        let mut hasher = Xxh3::new();
        hasher.update(&header0.to_bytes()[..COVERED]);
        let file = match &start {
            Start::Resume(_) => {
                let Some(mut f) = log.open_partial() else {
                    return Err(log.refuse("its partial file cannot be opened").into());
                };
                let mut h = [0u8; HEADER_LEN];
                let len = f.metadata().map_err(|e| Error::file(&partial, e))?.len();
                if len < HEADER_LEN as u64 || f.read_exact(&mut h).is_err() {
                    return Err(log.refuse("it has no header").into());
                }
                if CubeHeader::from_bytes(&h).ok() != Some(header0) {
                    return Err(log.refuse("its header is not this cube's").into());
                }
                f
            }
            Start::Fresh { .. } => log.create_partial()?,
        };
        let mut w = CubeWriter {
            file,
            log,
            partial,
            target,
            header0,
            hasher,
            chain: 0,
            written: 0,
            batch: Vec::new(),
            batch_values: BATCH.min(values / 16).max(1),
            checkpoints: 0,
            kept: 0,
            reader: None,
        };
        match start {
            Start::Resume(records) => w.keep(&records)?,
            Start::Fresh { discarded } => {
                if discarded {
                    note(&format!(
                        "discarded the interrupted run at '{}'",
                        w.partial.display()
                    ));
                }
                w.file
                    .write_all(&header0.to_bytes())
                    .map_err(|e| Error::file(&w.partial, e))?;
            }
        }
        let kept = w.reader.is_some().then_some(w.kept);
        Ok((w, kept))
    }

    /// Resuming (the partial file's header checked): finds the last record whose chained hash
    /// matches the values in the file (a log continued after a resume may name one count
    /// twice; the chain decides), and sets the reader at the first value.
    fn keep(&mut self, records: &[String]) -> Result<()> {
        let err = |e| Error::file(&self.partial, e);
        let done: Vec<(u64, u64)> = records.iter().filter_map(|r| parse_record(r)).collect();
        let mut ends: Vec<u64> = (done.iter().map(|r| r.0))
            .filter(|&k| k <= self.header0.values)
            .collect();
        ends.sort_unstable();
        ends.dedup();
        let mut reader = BufReader::with_capacity(1 << 20, self.file.try_clone().map_err(err)?);
        let (mut at, mut h) = (0u64, 0u64);
        for k in ends {
            let mut buf = vec![0u8; ((k - at) * 4) as usize];
            if reader.read_exact(&mut buf).is_err() {
                break;
            }
            h = xxh3_64_with_seed(&buf, h);
            at = k;
            if !done.contains(&(k, h)) {
                break;
            }
            (self.kept, self.chain) = (k, h);
        }
        reader
            .seek(SeekFrom::Start(HEADER_LEN as u64))
            .map_err(|e| Error::file(&self.partial, e))?;
        self.reader = Some(reader);
        Ok(())
    }

    /// Resuming: the next `k` values kept, read back from the partial file (and hashed).
    pub fn replay(&mut self, k: u64) -> Result<Vec<u32>> {
        let Some(reader) = self.reader.as_mut() else {
            return Err(Error::internal("cube replay outside a resume"));
        };
        let mut buf = vec![0u8; (k * 4) as usize];
        reader
            .read_exact(&mut buf)
            .map_err(|e| Error::file(&self.partial, e))?;
        self.hasher.update(&buf);
        self.written += k;
        Ok(buf
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect())
    }

    /// Resuming: the replay is over; the values after those kept are cut off, and writing goes
    /// on after them.  `note` receives a one-line remark.
    pub fn resume(&mut self, note: &dyn Fn(&str)) -> Result<()> {
        self.reader = None;
        let (keep, values) = (self.kept, self.header0.values);
        if self.written != keep {
            return Err(Error::internal(format!(
                "cube replay ended at {} of {keep} values kept",
                self.written
            )));
        }
        if keep > 0 {
            note(&format!("resuming after {keep} of {values} values"));
        } else {
            note("resuming: no checkpoint matches the partial file, starting at the beginning");
        }
        let at = HEADER_LEN as u64 + 4 * keep;
        self.file
            .set_len(at)
            .and_then(|()| self.file.seek(SeekFrom::Start(at)).map(|_| ()))
            .map_err(|e| Error::file(&self.partial, e))
    }

    /// Refuses the interrupted run's partial file (its log is kept for the user to see).
    pub fn refuse(self, why: impl Into<String>) -> Error {
        self.log.refuse(why).into()
    }

    /// Appends the values of one wavefront; after every batch (and the last values) syncs the
    /// file and records a checkpoint.  Returns the number of checkpoints written so far.
    pub fn push(&mut self, vals: &[u32]) -> Result<usize> {
        let bytes: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.file
            .write_all(&bytes)
            .map_err(|e| Error::file(&self.partial, e))?;
        self.hasher.update(&bytes);
        self.batch.extend_from_slice(&bytes);
        self.written += vals.len() as u64;
        if self.batch.len() as u64 >= 4 * self.batch_values || self.written == self.header0.values {
            self.chain = xxh3_64_with_seed(&self.batch, self.chain);
            self.batch.clear();
            self.file
                .sync_data()
                .map_err(|e| Error::file(&self.partial, e))?;
            self.log.append(&format!(
                "values={} chain={:016x}",
                self.written, self.chain
            ))?;
            self.checkpoints += 1;
        }
        Ok(self.checkpoints)
    }

    /// Seals the file (its checksum written, synced) and renames it over the target; `note`
    /// hears of a checkpoint log that could not be removed.
    pub fn finish(mut self, note: &dyn Fn(&str)) -> Result<()> {
        if self.written != self.header0.values {
            return Err(Error::internal(format!(
                "cube finished after {} of {} values",
                self.written, self.header0.values
            )));
        }
        let header = CubeHeader {
            checksum: self.hasher.digest(),
            ..self.header0
        };
        let err = |e| Error::file(&self.partial, e);
        self.file.seek(SeekFrom::Start(0)).map_err(err)?;
        self.file.write_all(&header.to_bytes()).map_err(err)?;
        self.file.sync_all().map_err(err)?;
        std::fs::rename(&self.partial, &self.target).map_err(|e| Error::file(&self.target, e))?;
        atomic::sync_dir(&self.target).map_err(|e| Error::file(&self.target, e))?;
        if let Err(e) = self.log.finish() {
            note(&format!(
                "the cube is complete, but its checkpoint stays: {e}"
            ));
        }
        Ok(())
    }
}

/// A cube file, memory-mapped and checked (header, length, checksum, every value ≤ N or none).
pub struct Cube {
    header: CubeHeader,
    tiles: Tiles,
    map: Mmap,
}

impl Cube {
    /// Opens and checks a cube file: header, length, checksum, every value ≤ N or none.
    pub fn open(path: &Path) -> std::result::Result<Cube, FileError> {
        let invalid = |problem| FileError::new(path, Kind::ThreePileCube, problem);
        let (file, len) = header::open_regular(path, Kind::ThreePileCube)?;
        // SAFETY: the file is only read; a concurrent writer would be another program's error.
        let map = unsafe { Mmap::map(&file) }.map_err(|source| FileError::Open {
            path: path.to_owned(),
            source,
        })?;
        let header = CubeHeader::from_bytes(&map).map_err(invalid)?;
        // from_bytes checked the number of values against the side, which is below 2^32
        let want = file_len(header.n).unwrap_or(u64::MAX);
        if want != len || want != map.len() as u64 {
            return Err(invalid(HeaderError::Length { got: len, want }));
        }
        let payload = &map[HEADER_LEN..];
        let mut h = Xxh3::new();
        h.update(&map[..COVERED]);
        h.update(payload);
        if h.digest() != header.checksum {
            return Err(invalid(HeaderError::Damaged(Damage::Checksum {
                covers: "header and values",
            })));
        }
        if let Some(v) = payload
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .find(|&v| v != NONE && u64::from(v) > header.n)
        {
            return Err(invalid(HeaderError::field(
                "values",
                format!("value {v} lies outside the cube"),
            )));
        }
        let tiles = Tiles::new(header.n, header.tile);
        Ok(Cube { header, tiles, map })
    }

    /// The side N.
    pub fn side(&self) -> u64 {
        self.header.n
    }

    /// T(y, z) if y, z ≤ N and T(y, z) ≤ N.
    pub fn partner(&self, y: u64, z: u64) -> Option<u64> {
        let (y, z) = (y.min(z), y.max(z));
        if z > self.header.n {
            return None;
        }
        let i = HEADER_LEN + 4 * self.tiles.index(y, z) as usize;
        let v = u32::from_le_bytes(self.map[i..i + 4].try_into().expect("4 bytes"));
        (v != NONE).then_some(u64::from(v))
    }
}
