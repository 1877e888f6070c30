//! The cube file of three-pile Wythoff (`three N --cube FILE`; doc/formats.md): T(y, z) for every
//! line y ≤ z ≤ N of the cube [0, N]³, written as the solver produces it, checkpointed, and
//! resumable after the process is killed.
//!
//! ## Format (version 1), all integers little-endian
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `WYTHOFF\0` |
//! | 8 | 4 | version = 1 |
//! | 12 | 4 | kind = 5 (three-pile cube) |
//! | 16 | 8 | N, the cube's side: the box is [0, N]³ |
//! | 24 | 8 | B = 64, the tile side of the storage order ([`super::tiles`]) |
//! | 32 | 8 | number of values, (N + 1)(N + 2)/2 |
//! | 40 | 8 | XXH3-64 (seed 0) of header bytes 0..40 followed by the payload |
//! | 48 | 16 | reserved, zero |
//!
//! Payload: one u32 per line y ≤ z, in the storage order of [`super::tiles::Tiles`] with side B:
//! T(y, z) (the P-position (T, y, z)) if T ≤ N, else 0xFFFFFFFF.
//!
//! ## Writing
//! The values are appended to `FILE.partial`, the output's resumable partial file
//! ([`crate::artifact::resumable`]: its checkpoint log locked while a run uses it), whose header
//! has checksum 0 until the end.  After every batch of wavefronts (at least 2^22 values or 1/16 of
//! the cube, whichever is less, and the last) the file is synced and a record `values=K chain=H`
//! appended to the checkpoint log `FILE.partial.ckpt`, H the XXH3 of the batches chained
//! batch by batch.  A run that finds an interrupted run refuses unless told to resume or restart;
//! resuming checks the log's parameters and the partial file's header, re-hashes the values batch
//! by batch, keeps those up to the last record that matches, replays them into the solver and
//! continues.  At the end the checksum is written, the file synced and renamed over `FILE`.
//!
//! Cost: the solver's (module [`super::engine`]) plus one sequential write of 2(N + 1)(N + 2)
//! bytes — 5.0 GB at N = 50,000; a resume reads back the values kept.

use super::engine::{NONE, Solver, TILE};
use super::tiles::Tiles;
use crate::artifact::Partial;
use crate::artifact::atomic::{self, Need, Target};
use crate::artifact::header::{self, Kind};
use crate::artifact::resumable::{Files, Resumable, Start};
use crate::error::{Error, Result};
use memmap2::Mmap;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use xxhash_rust::xxh3::{Xxh3, xxh3_64_with_seed};

/// Bytes of the cube file's header.
pub const HEADER_LEN: usize = 64;
/// Header bytes the checksum covers (all fields before it), so that a changed side or tile side
/// is caught like a changed value.
const COVERED: usize = 40;
const KIND: u32 = Kind::ThreePileCube as u32;
/// Values per checkpoint batch, at least (or a sixteenth of the cube, if less).
const BATCH: u64 = 1 << 22;

/// The count and sum of the P-positions x ≤ y ≤ z ≤ N.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The side N.
    pub n: u64,
    /// Number of P-positions with x ≤ y ≤ z ≤ N.
    pub count: u64,
    /// Sum of x + y + z over them.
    pub sum: u128,
}

impl Summary {
    /// Adds the values of wavefront `w` (in storage order) of a cube of side `self.n`: each line
    /// (y, z) with T(y, z) ≤ y is the sorted P-position (T, y, z), and each sorted P-position is
    /// met exactly once.
    fn tally(&mut self, tiles: &Tiles, w: usize, vals: &[u32]) {
        let lines = tiles.wavefront(w).flat_map(|(i, j)| tiles.lines(i, j));
        for ((y, z), &t) in lines.zip(vals) {
            if t != NONE && u64::from(t) <= y {
                self.count += 1;
                self.sum += u128::from(t) + u128::from(y) + u128::from(z);
            }
        }
    }
}

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
        h[..8].copy_from_slice(header::MAGIC);
        h[8..12].copy_from_slice(&1u32.to_le_bytes());
        h[12..16].copy_from_slice(&KIND.to_le_bytes());
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
    pub fn from_bytes(h: &[u8]) -> std::result::Result<CubeHeader, String> {
        header::preamble(h, HEADER_LEN, Kind::ThreePileCube, &[1], "1")
            .map_err(|e| e.to_string())?;
        let u64_at = |o: usize| u64::from_le_bytes(h[o..o + 8].try_into().expect("8 bytes"));
        let hd = CubeHeader {
            n: u64_at(16),
            tile: u64_at(24),
            values: u64_at(32),
            checksum: u64_at(40),
        };
        if hd.n >= u64::from(NONE) {
            return Err(format!("side {} is beyond 32-bit values", hd.n));
        }
        if hd.tile != TILE {
            return Err(format!(
                "tile side {} (version 1 is written with tiles of {TILE})",
                hd.tile
            ));
        }
        if Some(hd.values) != lines_of(hd.n) {
            return Err(format!("{} values for side {}", hd.values, hd.n));
        }
        if h[48..HEADER_LEN].iter().any(|&b| b != 0) {
            return Err("reserved bytes are not zero".into());
        }
        Ok(hd)
    }
}

/// (N + 1)(N + 2)/2, the lines y ≤ z ≤ N (`None` past u64).
fn lines_of(n: u64) -> Option<u64> {
    let (a, b) = (n.checked_add(1)?, n.checked_add(2)?);
    Some(if a % 2 == 0 {
        (a / 2).checked_mul(b)?
    } else {
        a.checked_mul(b / 2)?
    })
}

fn params(n: u64) -> String {
    format!("wythoff three-pile cube v1 n={n} tile={TILE}")
}

fn parse_record(r: &str) -> Option<(u64, u64)> {
    let (v, c) = r.strip_prefix("values=")?.split_once(" chain=")?;
    Some((v.parse().ok()?, u64::from_str_radix(c, 16).ok()?))
}

fn bytes_of(vals: &[u32]) -> Vec<u8> {
    vals.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// The cube [0, N]³ solved without a file: the count and sum of its P-positions x ≤ y ≤ z.
/// `progress` receives the number of lines finished.
pub fn summary(n: u64, progress: &(dyn Fn(u64) + Sync)) -> Result<Summary> {
    super::check_box(n, n, super::engine::bytes_needed(n, n))?;
    let mut solver = Solver::new(n as usize, n as usize);
    let mut s = Summary {
        n,
        ..Summary::default()
    };
    while !solver.done() {
        let w = solver.next();
        let vals = solver.step();
        s.tally(solver.tiles(), w, &vals);
        progress(vals.len() as u64);
    }
    Ok(s)
}

/// Solves the cube [0, N]³ into the cube file `path` (module documentation) and returns its
/// summary.  `mode` says what to do with an interrupted run's partial file; `note` receives
/// one-line remarks; `abort_after` is a test hook: abort the process (as `kill -9` would) once
/// that many checkpoints are written.
pub fn write(
    n: u64,
    path: &Path,
    mode: Partial,
    progress: &(dyn Fn(u64) + Sync),
    note: &dyn Fn(&str),
    abort_after: Option<usize>,
) -> Result<Summary> {
    let Target::Replace(target) = atomic::target(path, Need::Regular)? else {
        return Err(Error::internal("a cube file needs a regular file"));
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let values = lines_of(n).ok_or_else(|| Error::usage(format!("side {n} is too large")))?;
    let memory = super::engine::bytes_needed(n, n);
    super::check_box(n, n, memory)?;
    let file_bytes = values
        .checked_mul(4)
        .and_then(|b| b.checked_add(HEADER_LEN as u64))
        .ok_or_else(|| Error::usage(format!("side {n} is too large")))?;
    let header0 = CubeHeader {
        n,
        tile: TILE,
        values,
        checksum: 0,
    };
    let params = params(n);
    let progress_of = |records: &[String]| {
        let at = (records.iter().filter_map(|r| parse_record(r)))
            .map(|r| r.0)
            .max()
            .unwrap_or(0);
        format!("to {at} of {values} values")
    };
    if mode != Partial::Resume {
        // the machine's room is checked before anything of an earlier run is discarded
        crate::grundy::check_resources(memory.unwrap_or(u64::MAX), file_bytes, Some(&dir))?;
    }
    let (mut log, start) = Resumable::open(
        Files::in_place(&target),
        &params,
        mode,
        "cube",
        &progress_of,
    )?;
    let partial = log.partial()?.to_owned();
    let mut solver;
    let mut summary = Summary {
        n,
        ..Summary::default()
    };
    let mut hasher = Xxh3::new();
    hasher.update(&header0.to_bytes()[..COVERED]);
    let (mut file, mut chain, mut written);
    match start {
        Start::Resume(records) => {
            let Some(f) = log.open_partial() else {
                return Err(log.refuse("its partial file cannot be opened").into());
            };
            file = f;
            let mut h = [0u8; HEADER_LEN];
            let len = file.metadata().map_err(|e| Error::file(&partial, e))?.len();
            if len < HEADER_LEN as u64 || file.read_exact(&mut h).is_err() {
                return Err(log.refuse("it has no header").into());
            }
            if CubeHeader::from_bytes(&h).ok() != Some(header0) {
                return Err(log.refuse("its header is not this cube's").into());
            }
            super::check_box(n, n, memory)?;
            let done: Vec<(u64, u64)> = records.iter().filter_map(|r| parse_record(r)).collect();
            let mut ends: Vec<u64> = done.iter().map(|r| r.0).filter(|&k| k <= values).collect();
            ends.sort_unstable();
            ends.dedup();
            // the last record whose chained hash matches the values in the file (a log continued
            // after a resume may name one count twice; the chain decides)
            let mut reader = BufReader::with_capacity(1 << 20, &file);
            let (mut at, mut h) = (0u64, 0u64);
            let (mut keep, mut keep_chain) = (0u64, 0u64);
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
                (keep, keep_chain) = (k, h);
            }
            // replay the values kept, wavefront by wavefront
            reader
                .seek(SeekFrom::Start(HEADER_LEN as u64))
                .map_err(|e| Error::file(&partial, e))?;
            solver = Solver::new(n as usize, n as usize);
            let mut got = 0u64;
            while got < keep {
                let w = solver.next();
                let k = solver.tiles().wavefront_start(w + 1) - solver.tiles().wavefront_start(w);
                let mut buf = vec![0u8; (k * 4) as usize];
                reader
                    .read_exact(&mut buf)
                    .map_err(|e| Error::file(&partial, e))?;
                let vals: Vec<u32> = buf
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
                    .collect();
                if let Err(why) = solver.replay(&vals) {
                    drop(reader);
                    return Err(log
                        .refuse(format!("its values are not a solver's: {why}"))
                        .into());
                }
                summary.tally(solver.tiles(), w, &vals);
                hasher.update(&buf);
                got += k;
                progress(k);
            }
            drop(reader);
            if got != keep {
                return Err(log
                    .refuse(format!(
                        "checkpoint {keep} is not at the end of a wavefront"
                    ))
                    .into());
            }
            (chain, written) = (keep_chain, keep);
            if keep > 0 {
                note(&format!("resuming after {keep} of {values} values"));
            } else {
                note("resuming: no checkpoint matches the partial file, starting at the beginning");
            }
            file.set_len(HEADER_LEN as u64 + 4 * keep)
                .map_err(|e| Error::file(&partial, e))?;
        }
        Start::Fresh { discarded } => {
            if discarded {
                note(&format!(
                    "discarded the interrupted run at '{}'",
                    partial.display()
                ));
            }
            file = log.create_partial()?;
            file.write_all(&header0.to_bytes())
                .map_err(|e| Error::file(&partial, e))?;
            solver = Solver::new(n as usize, n as usize);
            (chain, written) = (0, 0);
        }
    }
    file.seek(SeekFrom::Start(HEADER_LEN as u64 + 4 * written))
        .map_err(|e| Error::file(&partial, e))?;
    let mut batch: Vec<u8> = Vec::new();
    let mut checkpoints = 0usize;
    let batch_values = BATCH.min(values / 16).max(1);
    while !solver.done() {
        let w = solver.next();
        let vals = solver.step();
        summary.tally(solver.tiles(), w, &vals);
        let bytes = bytes_of(&vals);
        file.write_all(&bytes)
            .map_err(|e| Error::file(&partial, e))?;
        hasher.update(&bytes);
        batch.extend_from_slice(&bytes);
        written += vals.len() as u64;
        progress(vals.len() as u64);
        if batch.len() as u64 >= 4 * batch_values || solver.done() {
            chain = xxh3_64_with_seed(&batch, chain);
            batch.clear();
            file.sync_data().map_err(|e| Error::file(&partial, e))?;
            log.append(&format!("values={written} chain={chain:016x}"))?;
            checkpoints += 1;
            if abort_after.is_some_and(|k| checkpoints >= k) {
                // Test hook: die like `kill -9` right after a checkpoint.
                std::process::abort();
            }
        }
    }
    let header = CubeHeader {
        checksum: hasher.digest(),
        ..header0
    };
    file.seek(SeekFrom::Start(0))
        .and_then(|_| file.write_all(&header.to_bytes()))
        .and_then(|()| file.sync_all())
        .map_err(|e| Error::file(&partial, e))?;
    std::fs::rename(&partial, &target).map_err(|e| Error::file(&target, e))?;
    atomic::sync_dir(&target).map_err(|e| Error::file(&target, e))?;
    if let Err(e) = log.finish() {
        note(&format!(
            "the cube is complete, but its checkpoint stays: {e}"
        ));
    }
    Ok(summary)
}

/// A cube file, memory-mapped and checked (header, length, checksum, every value ≤ N or none).
pub struct Cube {
    header: CubeHeader,
    tiles: Tiles,
    map: Mmap,
}

impl Cube {
    /// Opens and checks a cube file; a damaged or crafted file is an error naming it.
    pub fn open(path: &Path) -> Result<Cube> {
        let bad = |why: String| {
            Error::usage(format!(
                "'{}' is not a valid wythoff three-pile cube: {why}",
                path.display()
            ))
        };
        let unreadable =
            |e: std::io::Error| Error::usage(format!("cannot read '{}': {e}", path.display()));
        let meta = std::fs::metadata(path).map_err(unreadable)?;
        if !meta.is_file() {
            return Err(Error::usage(format!(
                "'{}' is not a regular file (a cube file is read through a memory map)",
                path.display()
            )));
        }
        let file = File::open(path).map_err(unreadable)?;
        // SAFETY: the file is only read; a concurrent writer would be another program's error.
        let map = unsafe { Mmap::map(&file) }.map_err(|e| Error::file(path, e))?;
        let header = CubeHeader::from_bytes(&map).map_err(bad)?;
        let want = header
            .values
            .checked_mul(4)
            .and_then(|b| b.checked_add(HEADER_LEN as u64));
        if want != Some(map.len() as u64) {
            return Err(bad(format!(
                "it has {} bytes, and a cube of side {} needs {}",
                map.len(),
                header.n,
                want.map_or("more than 2^64".into(), |b| b.to_string())
            )));
        }
        let payload = &map[HEADER_LEN..];
        let mut h = Xxh3::new();
        h.update(&map[..COVERED]);
        h.update(payload);
        if h.digest() != header.checksum {
            return Err(Error::Io(format!(
                "'{}' is damaged: its header and values do not match the checksum in its header",
                path.display()
            )));
        }
        if let Some(v) = payload
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .find(|&v| v != NONE && u64::from(v) > header.n)
        {
            return Err(bad(format!("value {v} lies outside the cube")));
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

    /// The summary of the sub-cube [0, m]³, m ≤ N.
    pub fn summary(&self, m: u64) -> Summary {
        let mut s = Summary {
            n: m,
            ..Summary::default()
        };
        for y in 0..=m.min(self.header.n) {
            for z in y..=m.min(self.header.n) {
                if let Some(t) = self.partner(y, z).filter(|&t| t <= y) {
                    s.count += 1;
                    s.sum += u128::from(t + y + z);
                }
            }
        }
        s
    }
}
