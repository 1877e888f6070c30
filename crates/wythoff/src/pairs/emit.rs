//! Writers for ranges of P-pairs: text lines `n A_n B_n`, one-column b-files `n v`, the binary
//! pairs file and the packed characteristic word (formats in [`crate::files::pairs`]).
//!
//! Text is produced by [`Decimal`] counters that add the small steps 1 + c and 1 + c + a in place
//! instead of formatting each number: chunks of 2^16 lines are filled in parallel into reused
//! buffers and written in order.  Cost: a few nanoseconds per line; output order and bytes do not
//! depend on the thread count.

use super::bulk::{Chunk, PairSink, Pairs, Plan, Sink};
use crate::Context;
use crate::error::{Error, Result};
use crate::files::atomic::{AtomicFile, Need};
use crate::files::decimal::{Decimal, reversed_digits};
use crate::files::header::Kind;
use crate::files::pairs::Header;
use rayon::prelude::*;
use std::io::Write;
use std::path::Path;

/// Which columns a text line carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Columns {
    /// `n A_n B_n`
    Pairs,
    /// `n A_n` (a b-file of the lower sequence)
    Lower,
    /// `n B_n` (a b-file of the upper sequence)
    Upper,
}

const TEXT_CHUNK: u64 = 1 << 16;

struct TextSink<'a> {
    buf: &'a mut [u8],
    pos: usize,
    cols: Columns,
    n: Decimal,
    a: Decimal,
    b: Decimal,
    small_a: Option<u8>,
    step1: Vec<u8>,
    step2: Vec<u8>,
}

impl<'a> TextSink<'a> {
    fn new(buf: &'a mut [u8], cols: Columns, a: u64) -> Self {
        let small_a = (a <= 7).then_some(a as u8);
        TextSink {
            buf,
            pos: 0,
            cols,
            n: Decimal::new(0),
            a: Decimal::new(0),
            b: Decimal::new(0),
            small_a,
            step1: reversed_digits(a as u128 + 1),
            step2: reversed_digits(a as u128 + 2),
        }
    }

    #[inline(always)]
    fn put(&mut self, d: Decimal, end: u8) {
        self.buf[self.pos..self.pos + 48].copy_from_slice(d.raw());
        self.pos += d.len();
        self.buf[self.pos] = end;
        self.pos += 1;
    }

    #[inline(always)]
    fn line(&mut self) {
        let n = self.n;
        self.put(n, b' ');
        match self.cols {
            Columns::Pairs => {
                let (a, b) = (self.a, self.b);
                self.put(a, b' ');
                self.put(b, b'\n');
            }
            Columns::Lower => {
                let a = self.a;
                self.put(a, b'\n');
            }
            Columns::Upper => {
                let b = self.b;
                self.put(b, b'\n');
            }
        }
    }
}

impl Sink for TextSink<'_> {
    fn begin(&mut self, n: u64, a: u128, b: u128) {
        self.n = Decimal::new(n as u128);
        self.a = Decimal::new(a);
        self.b = Decimal::new(b);
        self.line();
    }

    #[inline(always)]
    fn step(&mut self, carry: bool) {
        self.n.add_small(1);
        let d = 1 + u8::from(carry);
        if self.cols != Columns::Upper {
            self.a.add_small(d);
        }
        if self.cols != Columns::Lower {
            match self.small_a {
                Some(a) => self.b.add_small(d + a),
                None => self
                    .b
                    .add_digits(if carry { &self.step2 } else { &self.step1 }),
            }
        }
        self.line();
    }
}

fn digits_of(v: u128) -> usize {
    v.to_string().len()
}

/// Runs the plan's chunks in parallel batches; `fill` renders one chunk into a reused buffer
/// and returns the number of bytes used; `write` receives the rendered chunks in order.
fn in_batches(
    plan: &Plan,
    chunk_len: u64,
    bytes_per_chunk: usize,
    fill: &(dyn Fn(Chunk, &mut [u8]) -> Result<usize> + Sync),
    write: &mut dyn FnMut(&[u8]) -> Result<()>,
    ctx: &Context,
) -> Result<()> {
    let chunks = plan.chunks(chunk_len);
    let batch = 4 * rayon::current_num_threads().max(1);
    let mut bufs: Vec<Vec<u8>> = Vec::new();
    for group in chunks.chunks(batch) {
        while bufs.len() < group.len() {
            bufs.push(vec![0u8; bytes_per_chunk]);
        }
        let used: Vec<Result<usize>> = bufs[..group.len()]
            .par_iter_mut()
            .zip(group.par_iter())
            .map(|(buf, &ch)| fill(ch, buf))
            .collect();
        for ((buf, used), ch) in bufs.iter().zip(used).zip(group) {
            write(&buf[..used?])?;
            ctx.report(ch.len);
        }
        ctx.check()?;
    }
    Ok(())
}

/// Writes text lines for every pair of the plan: `n A_n B_n`, or `n A_n` / `n B_n` (b-file).
/// `ctx`'s progress counts the pairs written; its flag stops the writing between batches of
/// chunks ([`Error::Cancelled`]).  The chunks are rendered on rayon's global pool.
pub fn write_text(plan: &Plan, cols: Columns, out: &mut dyn Write, ctx: &Context) -> Result<()> {
    let (top_a, top_b) = plan.pair(plan.stop());
    let line = digits_of(plan.stop() as u128) + digits_of(top_a) + digits_of(top_b) + 3;
    let bytes = TEXT_CHUNK as usize * line + 64;
    let a = plan.rules().a();
    let fill = |ch: Chunk, buf: &mut [u8]| -> Result<usize> {
        let mut s = TextSink::new(buf, cols, a);
        plan.run(ch, &mut s)?;
        Ok(s.pos)
    };
    let mut write = |b: &[u8]| out.write_all(b).map_err(write_error);
    in_batches(plan, TEXT_CHUNK, bytes, &fill, &mut write, ctx)?;
    out.flush().map_err(write_error)
}

/// The formats of a pairs file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFormat {
    /// Text lines with the given columns (`n A_n B_n`, or a b-file of one side).
    Text(Columns),
    /// The binary pairs file: header + little-endian (A_n, B_n).
    Binary,
    /// The packed characteristic word of the lower sequence.
    Word,
}

impl FileFormat {
    /// What the format needs of its target: text streams anywhere, the binary formats fill their
    /// header in last and need a regular file.
    pub fn need(self) -> Need {
        match self {
            FileFormat::Text(_) => Need::Stream,
            FileFormat::Binary | FileFormat::Word => Need::Regular,
        }
    }

    /// The exact size in bytes of the binary pairs or word file of `plan` (doc/formats.md): the
    /// 80-byte header, then 2·width bytes per pair (width 8, or 16 when B_STOP ≥ 2^64) or one bit
    /// per integer of [A_START, A_STOP]; `u64::MAX` for a size beyond.  `None` for text, whose
    /// size is not known in advance.
    pub fn bytes(self, plan: &Plan) -> Option<u64> {
        let header = crate::files::pairs::HEADER_LEN as u128;
        let payload = match self {
            FileFormat::Text(_) => return None,
            FileFormat::Binary => plan
                .count()
                .saturating_mul(2 * u128::from(pair_width(plan))),
            FileFormat::Word => {
                let bits = plan.pair(plan.stop()).0 - plan.pair(plan.start()).0 + 1;
                bits.div_ceil(8)
            }
        };
        Some(u64::try_from(payload.saturating_add(header)).unwrap_or(u64::MAX))
    }
}

/// Opens the output for a pairs file of the given format at `path`, refusing a target that cannot
/// take it; call it before the work.
pub fn open_file(format: FileFormat, path: &Path) -> Result<AtomicFile> {
    AtomicFile::create_for(path, format.need())
}

/// [`open_file`] for the file of `plan` in `format`, refused first (a usage error, before any
/// file is created) when the free space where it goes cannot hold its exact size
/// ([`FileFormat::bytes`]; text, whose size is not known, is not measured).  A special file
/// (a device, a FIFO: written in place) takes no room; a path that cannot be written is left to
/// [`open_file`].  The probe is [`crate::files::resources::check_disk`].
pub fn open_checked(format: FileFormat, plan: &Plan, path: &Path) -> Result<AtomicFile> {
    if let Some(bytes) = format.bytes(plan) {
        // the file's final place: a link's target, or the path itself when it does not exist yet
        let resolved = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if !std::fs::metadata(&resolved).is_ok_and(|m| !m.is_file()) {
            let dir = match resolved.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => std::path::PathBuf::from("."),
            };
            crate::files::resources::check_disk(bytes, &dir, "range of n")?;
        }
    }
    open_file(format, path)
}

/// Writes the pairs of `plan` into `f` (from [`open_file`]) in the given format and commits it —
/// the one writer behind `pairs -o` and the default job.  `ctx` as in [`write_text`]: progress
/// in pairs, cancellation between batches (the file is then not committed).
pub fn write_file(plan: &Plan, format: FileFormat, mut f: AtomicFile, ctx: &Context) -> Result<()> {
    match format {
        FileFormat::Text(cols) => {
            let mut w = std::io::BufWriter::with_capacity(1 << 20, &mut f);
            write_text(plan, cols, &mut w, ctx)?;
        }
        FileFormat::Binary => {
            let header = file_header(plan, Kind::Pairs)?;
            let width = usize::from(header.width);
            sealed(f.file(), header, |write| {
                binary_payload(plan, width, write, ctx)
            })?;
        }
        FileFormat::Word => {
            let header = file_header(plan, Kind::Word)?;
            let bits = (header.first_value, header.records);
            sealed(f.file(), header, |write| {
                word_payload(plan, bits, write, ctx)
            })?;
        }
    }
    f.commit()
}

/// Bytes per value in the binary pairs file of `plan`: 8, or 16 when B_STOP ≥ 2^64.
fn pair_width(plan: &Plan) -> u8 {
    if plan.pair(plan.stop()).1 <= u128::from(u64::MAX) {
        8
    } else {
        16
    }
}

/// The header of the binary pairs file (`Kind::Pairs`: a record per pair, [`pair_width`]) or of
/// the characteristic word (`Kind::Word`: a record per bit, one per integer of
/// [A_START, A_STOP], from `first_value` = A_START) of `plan`, its checksum still 0.
fn file_header(plan: &Plan, kind: Kind) -> Result<Header> {
    let (width, records, first_value) = if kind == Kind::Word {
        let (first, _) = plan.pair(plan.start());
        let (last, _) = plan.pair(plan.stop());
        let bits = u64::try_from(last - first + 1).map_err(|_| {
            Error::usage("the word would have more than 2^64 bits; give a smaller range")
        })?;
        (0, bits, first)
    } else {
        let pairs =
            u64::try_from(plan.count()).map_err(|_| Error::usage("too many pairs for one file"))?;
        (pair_width(plan), pairs, 0)
    };
    Ok(Header {
        kind,
        a: plan.rules().a(),
        misere: plan.rules().misere(),
        width,
        start: plan.start(),
        stop: plan.stop(),
        records,
        first_value,
        checksum: 0,
    })
}

/// Writes `header` (as a placeholder), then the payload that `body` hands to its writer, each
/// piece hashed on its way out, then the header again with the payload's checksum — so `out` must
/// be a seekable file.
fn sealed(
    out: &mut std::fs::File,
    mut header: Header,
    body: impl FnOnce(&mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()>,
) -> Result<Header> {
    out.write_all(&header.to_bytes()).map_err(write_error)?;
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    body(&mut |b: &[u8]| {
        hasher.update(b);
        out.write_all(b).map_err(write_error)
    })?;
    header.checksum = hasher.digest();
    header.rewrite(out).map_err(write_error)?;
    Ok(header)
}

/// An output error, typed: the command line tells a closed pipe from a failure by its
/// [`std::io::ErrorKind`].
pub fn write_error(e: std::io::Error) -> Error {
    Error::Write(e)
}

/// Writes a chunk's pairs as little-endian (A_n, B_n) of `width` bytes each.
struct BinarySink<'a> {
    buf: &'a mut [u8],
    pos: usize,
    width: usize,
}

impl PairSink for BinarySink<'_> {
    #[inline(always)]
    fn pair(&mut self, a: u128, b: u128) {
        let w = self.width;
        self.buf[self.pos..self.pos + w].copy_from_slice(&a.to_le_bytes()[..w]);
        self.buf[self.pos + w..self.pos + 2 * w].copy_from_slice(&b.to_le_bytes()[..w]);
        self.pos += 2 * w;
    }
}

/// The payload of the binary pairs file: little-endian (A_n, B_n), `width` bytes each, chunks
/// rendered in parallel and handed to `write` in order.
fn binary_payload(
    plan: &Plan,
    width: usize,
    write: &mut dyn FnMut(&[u8]) -> Result<()>,
    ctx: &Context,
) -> Result<()> {
    const CH: u64 = 1 << 16;
    let a = plan.rules().a();
    let fill = |ch: Chunk, buf: &mut [u8]| -> Result<usize> {
        let mut s = Pairs::new(a, BinarySink { buf, pos: 0, width });
        plan.run(ch, &mut s)?;
        Ok(s.inner.pos)
    };
    in_batches(plan, CH, CH as usize * 2 * width, &fill, write, ctx)
}

struct WordSink<'a> {
    out: &'a mut Vec<u8>,
    /// Bits not yet written, least significant first, and how many.
    acc: u128,
    n: u32,
    bits: u64,
}

impl WordSink<'_> {
    #[inline(always)]
    fn push(&mut self, one: bool) {
        self.push_bits(u64::from(one), 1);
    }

    /// Appends the k low bits of v (k ≤ 64, v < 2^k); whole bytes of 64 go out little-endian,
    /// so bit j of the word is bit j mod 8 of byte ⌊j/8⌋.
    #[inline(always)]
    fn push_bits(&mut self, v: u64, k: u32) {
        self.acc |= u128::from(v) << self.n;
        self.n += k;
        self.bits += u64::from(k);
        if self.n >= 64 {
            self.out.extend_from_slice(&(self.acc as u64).to_le_bytes());
            self.acc >>= 64;
            self.n -= 64;
        }
    }

    /// Writes the last partial byte(s).
    fn finish(&mut self) {
        let bytes = (self.acc as u64).to_le_bytes();
        self.out
            .extend_from_slice(&bytes[..self.n.div_ceil(8) as usize]);
        (self.acc, self.n) = (0, 0);
    }
}

/// The payload of the characteristic word of `plan`, its `records` bits from `first` = A_START
/// on (from [`file_header`]): bit j is 1 iff A_START + j is a lower number, for
/// A_START ≤ A_START + j ≤ A_STOP, handed to `write` in pieces
/// of about 1 MiB.  Where the Sturmian kernel is proved, 64 integers at a time from the kernel's
/// 64-step table ([`super::word64`], the generator `verify` checks); elsewhere term by term.
/// Sequential.
fn word_payload(
    plan: &Plan,
    (first, records): (u128, u64),
    write: &mut dyn FnMut(&[u8]) -> Result<()>,
    ctx: &Context,
) -> Result<()> {
    let last = first + u128::from(records) - 1;
    let mut bytes = Vec::with_capacity(1 << 21);
    let mut sink = WordSink {
        out: &mut bytes,
        acc: 0,
        n: 0,
        bits: 0,
    };
    // The 64-step kernel runs up to two leaps past a chunk: a plan reaching that far, if any.
    const MARGIN: u64 = 256;
    let wide = plan
        .stop()
        .checked_add(MARGIN)
        .and_then(|stop| Plan::new(plan.rules(), plan.start(), stop).ok());
    let leap = wide.as_ref().map(|w| super::word64::Leap::new(w.theta()));
    let mut next = first; // the integer of the next bit
    for ch in plan.chunks(1 << 20) {
        let (a0, _) = plan.pair(ch.start);
        for _ in next..a0 {
            sink.push(false);
        }
        let chunk_last = ch.start + (ch.len - 1);
        // this chunk's integers: up to the next chunk's first A, or through A_STOP
        let end = if chunk_last == plan.stop() {
            last + 1
        } else {
            plan.pair(chunk_last + 1).0
        };
        let kernel = match (&wide, &leap) {
            (Some(w), Some(l)) => w
                .sturmian(Chunk {
                    start: ch.start,
                    len: ch.len + MARGIN,
                })?
                .and_then(|k| super::word64::WordStream::new(l, k, super::word64::Side::Lower, 0)),
            _ => None,
        };
        match kernel {
            Some(mut words) => {
                let (mut left, mut ones) = (end - a0, 0u64);
                while left > 0 {
                    let k = left.min(64) as u32;
                    let w = words.next64();
                    let w = if k == 64 { w } else { w & ((1 << k) - 1) };
                    ones += u64::from(w.count_ones());
                    sink.push_bits(w, k);
                    left -= u128::from(k);
                }
                if ones != ch.len {
                    return Err(Error::internal(format!(
                        "word of chunk {}: {ones} lower numbers, expected {}",
                        ch.start, ch.len
                    )));
                }
                next = end;
            }
            None => {
                sink.push(true);
                let mut rest = Bridge {
                    inner: &mut sink,
                    last: a0,
                };
                plan.run(ch, &mut rest)?;
                next = rest.last + 1;
            }
        }
        if sink.out.len() >= 1 << 20 {
            write(sink.out)?;
            sink.out.clear();
        }
        ctx.report(ch.len);
        ctx.check()?;
    }
    sink.finish();
    if sink.bits != records {
        return Err(Error::internal(format!(
            "word has {} bits, expected {records}",
            sink.bits
        )));
    }
    write(&bytes)
}

/// Turns the steps of a chunk into bits (a carry is a skipped upper number), tracking the last
/// lower number; the chunk's first pair is bridged by `word_payload`.
struct Bridge<'a, 'b> {
    inner: &'a mut WordSink<'b>,
    last: u128,
}

impl Sink for Bridge<'_, '_> {
    fn begin(&mut self, _n: u64, _a: u128, _b: u128) {}
    #[inline(always)]
    fn step(&mut self, carry: bool) {
        self.last += 1 + u128::from(carry);
        if carry {
            self.inner.push(false);
        }
        self.inner.push(true);
    }
}
