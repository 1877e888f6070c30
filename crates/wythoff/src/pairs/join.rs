//! Joining binary pairs files written in parts (`pairs START STOP --shard I/K --format binary`,
//! one part per job of a cluster array) into the one file the unsharded run writes.
//!
//! Algorithm.  Every part's 80-byte header ([`crate::files::pairs`]) is read and validated
//! before a byte is written: kind P-pairs, the same a and misère flag in every part, a file
//! length of exactly 80 + records·2·width bytes (sizes overflow-checked), and the parts
//! contiguous and in order — part j+1 starts at part j's STOP + 1.  The first and last record
//! of each part are compared with the exact pairs (A_n, B_n) at its START and STOP (the floor
//! formula in big integers), so a part whose header was altered to fit is refused; and the value
//! width of each part is the one the writer chooses, 8 bytes while B_STOP < 2^64 and 16 beyond.
//! The whole file's width is the last part's; 8-byte records of earlier parts are widened.
//! Then the payloads are streamed in order into the output (through the atomic writer, so a
//! refused join leaves no file), each part's XXH3-64 checked against its header as it is read
//! and the whole payload's hashed for the new header, which is written last.  The result is
//! byte for byte the file `pairs START STOP --format binary -o FILE` writes for the whole range:
//! the header of the binary pairs file holds nothing but the range, the rules, the width, the
//! record count and the payload checksum, and the payload is the records in order.
//!
//! Every refusal is a failure of the run (exit status 1) naming the part and what was expected.
//! Cost: one sequential read of every part and one write of the whole, in 1 MiB blocks; O(1)
//! exact pairs per part.

use super::bulk::Plan;
use crate::error::{Error, Result};
use crate::files::atomic::AtomicFile;
use crate::files::header::Kind;
use crate::files::pairs::{HEADER_LEN, Header};
use crate::game::Rules;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// A refusal naming the part: exit status 1.
fn refuse(path: &Path, msg: impl Into<String>) -> Error {
    Error::file(path, io::Error::new(io::ErrorKind::InvalidData, msg.into()))
}

/// One part, opened and validated.
struct Part {
    path: PathBuf,
    file: File,
    header: Header,
}

/// Reads record `j` (0-based) of a part: (A, B) of `width` bytes each.
fn record(part: &mut Part, j: u64) -> Result<(u128, u128)> {
    let w = part.header.width as usize;
    let at = (HEADER_LEN as u64)
        .checked_add(j.checked_mul(2 * w as u64).ok_or_else(|| {
            refuse(
                &part.path,
                "the record offset overflows; the header is damaged",
            )
        })?)
        .ok_or_else(|| {
            refuse(
                &part.path,
                "the record offset overflows; the header is damaged",
            )
        })?;
    let mut buf = [0u8; 32];
    part.file
        .seek(SeekFrom::Start(at))
        .and_then(|_| part.file.read_exact(&mut buf[..2 * w]))
        .map_err(|e| Error::file(&part.path, e))?;
    let mut a = [0u8; 16];
    let mut b = [0u8; 16];
    a[..w].copy_from_slice(&buf[..w]);
    b[..w].copy_from_slice(&buf[w..2 * w]);
    Ok((u128::from_le_bytes(a), u128::from_le_bytes(b)))
}

/// Opens part `idx` and validates it on its own (header, length, end records, width).
fn open_part(path: &Path, idx: usize) -> Result<Part> {
    let mut file = File::open(path).map_err(|e| Error::file(path, e))?;
    let len = file.metadata().map_err(|e| Error::file(path, e))?.len();
    let mut raw = [0u8; HEADER_LEN];
    if len < HEADER_LEN as u64 {
        return Err(refuse(
            path,
            format!(
                "part {idx} is {len} bytes, shorter than the {HEADER_LEN}-byte header of a \
                 binary pairs file"
            ),
        ));
    }
    file.read_exact(&mut raw)
        .map_err(|e| Error::file(path, e))?;
    let header = Header::from_bytes(&raw).map_err(|e| refuse(path, format!("part {idx}: {e}")))?;
    if header.kind != Kind::Pairs {
        return Err(refuse(
            path,
            format!(
                "part {idx} is a characteristic word file; only binary pairs files \
                 (--format binary) are joined"
            ),
        ));
    }
    let expected = u128::from(header.records) * 2 * u128::from(header.width) + HEADER_LEN as u128;
    if u128::from(len) != expected {
        return Err(refuse(
            path,
            format!(
                "part {idx} is {len} bytes, but its header (n = {}..={}, {} records of 2×{} \
                 bytes) needs {expected}: the part is truncated or damaged",
                header.start, header.stop, header.records, header.width
            ),
        ));
    }
    let rules = Rules::new(header.a, header.misere)
        .map_err(|e| refuse(path, format!("part {idx}: {e}")))?;
    let plan = Plan::new(rules, header.start, header.stop)
        .map_err(|e| refuse(path, format!("part {idx}: {e}")))?;
    let mut part = Part {
        path: path.to_path_buf(),
        file,
        header,
    };
    let width_wanted = if plan.pair(plan.stop()).1 <= u128::from(u64::MAX) {
        8
    } else {
        16
    };
    if part.header.width != width_wanted {
        return Err(refuse(
            path,
            format!(
                "part {idx} has {}-byte values, but B_{} needs {width_wanted}: not a file \
                 wythoff writes",
                part.header.width,
                plan.stop()
            ),
        ));
    }
    let last = part.header.records - 1; // records = STOP − START + 1 ≥ 1 (checked by the header)
    for (j, n) in [(0, plan.start()), (last, plan.stop())] {
        let want = plan.pair(n);
        let got = record(&mut part, j)?;
        if got != want {
            return Err(refuse(
                path,
                format!(
                    "part {idx}: record n = {n} is ({}, {}), but (A_{n}, B_{n}) = ({}, {}): the \
                     part is damaged or of another game",
                    got.0, got.1, want.0, want.1
                ),
            ));
        }
    }
    Ok(part)
}

/// Checks that the parts form one range of one game, in order; returns the whole file's header
/// (checksum still 0).
fn whole_header(parts: &[Part]) -> Result<Header> {
    let first = &parts[0];
    for (j, pair) in parts.windows(2).enumerate() {
        let (prev, p) = (&pair[0], &pair[1]);
        if p.header.a != first.header.a || p.header.misere != first.header.misere {
            let game = |h: &Header| {
                format!(
                    "a = {}{}",
                    h.a,
                    if h.misere {
                        ", misère"
                    } else {
                        ", normal play"
                    }
                )
            };
            return Err(refuse(
                &p.path,
                format!(
                    "part {} is of {}, but part 0 ('{}') is of {}: all parts must be of one game",
                    j + 1,
                    game(&p.header),
                    first.path.display(),
                    game(&first.header)
                ),
            ));
        }
        let want = prev.header.stop.checked_add(1).ok_or_else(|| {
            refuse(
                &p.path,
                format!(
                    "part {} follows part {} ('{}'), which ends at the last index 2^64 − 1",
                    j + 1,
                    j,
                    prev.path.display()
                ),
            )
        })?;
        if p.header.start != want {
            let what = if p.header.start > want {
                "a gap"
            } else if p.header.start > prev.header.start {
                "an overlap"
            } else {
                "out of order"
            };
            return Err(refuse(
                &p.path,
                format!(
                    "part {} starts at n = {}, but part {} ('{}') stops at {}: expected START = \
                     {want} ({what}); give the parts in order, contiguous",
                    j + 1,
                    p.header.start,
                    j,
                    prev.path.display(),
                    prev.header.stop
                ),
            ));
        }
    }
    let last = &parts[parts.len() - 1];
    let (start, stop) = (first.header.start, last.header.stop);
    Ok(Header {
        kind: Kind::Pairs,
        a: first.header.a,
        misere: first.header.misere,
        width: last.header.width,
        start,
        stop,
        records: (stop - start).checked_add(1).ok_or_else(|| {
            refuse(
                &last.path,
                "the joined range would have 2^64 pairs, more than one file holds",
            )
        })?,
        first_value: 0,
        checksum: 0,
    })
}

/// Joins the binary pairs files `parts` (in order) into `out` (opened with
/// [`super::emit::open_file`] for [`super::emit::FileFormat::Binary`]) and commits it.  The
/// result equals the unsharded `pairs START STOP --format binary` file byte for byte.  Refuses
/// (exit status 1, naming the part) a part that is not a binary pairs file, is truncated or
/// damaged (its checksum), is of another game, or does not start where the part before it
/// stops.  Returns the header written.
pub fn join(parts: &[PathBuf], mut out: AtomicFile) -> Result<Header> {
    if parts.is_empty() {
        return Err(Error::usage("no parts to join"));
    }
    let mut opened = parts
        .iter()
        .enumerate()
        .map(|(i, p)| open_part(p, i))
        .collect::<Result<Vec<_>>>()?;
    let mut header = whole_header(&opened)?;
    let target = out.path().to_path_buf();
    let f = out.file();
    f.write_all(&header.to_bytes())
        .map_err(|e| Error::file(&target, e))?;
    let mut whole = xxhash_rust::xxh3::Xxh3::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut wide = Vec::with_capacity(2 << 20);
    for (i, p) in opened.iter_mut().enumerate() {
        let widen = p.header.width < header.width;
        let mut left = p.header.records * 2 * u64::from(p.header.width); // length checked
        p.file
            .seek(SeekFrom::Start(HEADER_LEN as u64))
            .map_err(|e| Error::file(&p.path, e))?;
        let mut own = xxhash_rust::xxh3::Xxh3::new();
        while left > 0 {
            let k = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
            // whole 8-byte values per block: the buffer's length is a multiple of 32
            p.file
                .read_exact(&mut buf[..k])
                .map_err(|e| Error::file(&p.path, e))?;
            own.update(&buf[..k]);
            let block: &[u8] = if widen {
                wide.clear();
                for v in buf[..k].chunks_exact(8) {
                    wide.extend_from_slice(v);
                    wide.extend_from_slice(&[0u8; 8]);
                }
                &wide
            } else {
                &buf[..k]
            };
            whole.update(block);
            f.write_all(block).map_err(|e| Error::file(&target, e))?;
            left -= k as u64;
        }
        if own.digest() != p.header.checksum {
            return Err(refuse(
                &p.path,
                format!(
                    "part {i}: the payload's checksum is {:016x}, its header says {:016x}: the \
                     part is damaged",
                    own.digest(),
                    p.header.checksum
                ),
            ));
        }
    }
    header.checksum = whole.digest();
    header.rewrite(f).map_err(|e| Error::file(&target, e))?;
    out.commit()?;
    Ok(header)
}
