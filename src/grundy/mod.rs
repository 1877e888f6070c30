//! Sprague–Grundy values of generalized Wythoff: tables G(x, y) for 0 ≤ x, y < N, written to
//! files, read back through memory maps, checksummed and checked (THEORY §4; Xiao, seed 001 §4).
//!
//! G(x, y) = mex{G(x', y) : x' < x} ∪ {G(x, y') : y' < y} ∪ {G(x−k, y−l) : k, l ≥ 1, |k−l| < a}.
//! Every option has a smaller x + y, so G(x, y) ≤ x + y by induction; the value width of a table is
//! chosen from that bound (2N − 2).  G is symmetric, so tables store the upper triangle.
//!
//! ## Table file (version 1), little-endian
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `WYTHOFF\0` |
//! | 8 | 4 | version = 1 |
//! | 12 | 4 | kind = 3 (Grundy table) |
//! | 16 | 8 | a |
//! | 24 | 8 | N |
//! | 32 | 4 | layout = 1: upper triangle, row-major, row x holds G(x, y) for y = x..N−1 |
//! | 36 | 4 | value width in bytes (1–4), the least holding 2N − 2 |
//! | 40 | 8 | payload length in bytes, N(N+1)/2 · width |
//! | 48 | 8 | XXH3-64 (seed 0) of the payload |
//! | 56 | 8 | reserved (0) |
//!
//! The value of (x, y), x ≤ y, is at payload offset (x·N − x(x−1)/2 + y − x)·width.

pub mod bits;
pub mod engine;
pub mod general;
pub mod picture;
pub mod rows;
pub mod store;

use crate::error::{Error, Result};
use crate::output::io_error;
use memmap2::{Mmap, MmapMut};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
pub use store::Layout;
use store::PayloadPtr;

/// Size of the table file header.
pub const HEADER_LEN: usize = 64;
/// Kind code of a Grundy table file.
pub const KIND_TABLE: u32 = 3;

/// The header of a table file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableHeader {
    /// Parameter a.
    pub a: u64,
    /// Side N.
    pub n: u64,
    /// Bytes per value.
    pub width: u32,
    /// Payload length in bytes.
    pub payload_len: u64,
    /// XXH3-64 of the payload.
    pub checksum: u64,
}

impl TableHeader {
    /// The header as bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[0..8].copy_from_slice(crate::output::MAGIC);
        h[8..12].copy_from_slice(&1u32.to_le_bytes());
        h[12..16].copy_from_slice(&KIND_TABLE.to_le_bytes());
        h[16..24].copy_from_slice(&self.a.to_le_bytes());
        h[24..32].copy_from_slice(&self.n.to_le_bytes());
        h[32..36].copy_from_slice(&1u32.to_le_bytes());
        h[36..40].copy_from_slice(&self.width.to_le_bytes());
        h[40..48].copy_from_slice(&self.payload_len.to_le_bytes());
        h[48..56].copy_from_slice(&self.checksum.to_le_bytes());
        h
    }

    /// Parses and validates a header.
    pub fn from_bytes(h: &[u8]) -> Result<TableHeader> {
        let bad = |m: &str| Error::usage(format!("not a wythoff Grundy table: {m}"));
        if h.len() < HEADER_LEN || &h[0..8] != crate::output::MAGIC {
            return Err(bad("wrong magic"));
        }
        let u32_at = |o: usize| u32::from_le_bytes(h[o..o + 4].try_into().unwrap());
        let u64_at = |o: usize| u64::from_le_bytes(h[o..o + 8].try_into().unwrap());
        if u32_at(8) != 1 || u32_at(12) != KIND_TABLE || u32_at(32) != 1 {
            return Err(bad("unsupported version, kind or layout"));
        }
        let t = TableHeader {
            a: u64_at(16),
            n: u64_at(24),
            width: u32_at(36),
            payload_len: u64_at(40),
            checksum: u64_at(48),
        };
        let layout = Layout {
            n: t.n as usize,
            width: t.width as usize,
        };
        if !(1..=4).contains(&t.width) || layout.bytes() as u64 != t.payload_len {
            return Err(bad("inconsistent sizes"));
        }
        Ok(t)
    }
}

/// Validated parameters of a table computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Parameter a ≥ 1.
    pub a: u64,
    /// Side N ≥ 1.
    pub n: usize,
}

/// Largest side accepted (values and indices stay within u32 and the layout within usize).
pub const MAX_N: u64 = 1 << 20;

impl Spec {
    /// Checks a and N.
    pub fn new(a: u64, n: u64) -> Result<Spec> {
        if a == 0 {
            return Err(Error::usage("-a: the parameter a must be at least 1"));
        }
        if n == 0 || n > MAX_N {
            return Err(Error::usage(format!(
                "N must be between 1 and {MAX_N}, got {n}"
            )));
        }
        Ok(Spec { a, n: n as usize })
    }

    /// The payload layout: width from the bound G ≤ x + y ≤ 2N − 2.
    pub fn layout(&self) -> Layout {
        Layout {
            n: self.n,
            width: Layout::width_for(2 * self.n as u64 - 2),
        }
    }

    /// Memory the engine's sets need, in bytes.
    pub fn engine_bytes(&self) -> u64 {
        if self.a == 1 {
            engine::memory_bytes(self.n)
        } else {
            general::memory_bytes(self.n)
        }
    }
}

/// Refuses a run whose memory or disk needs exceed what the machine has.
pub fn check_resources(memory: u64, disk: u64, dir: Option<&Path>) -> Result<()> {
    let gib = |b: u64| b as f64 / (1u64 << 30) as f64;
    if let Some(avail) = available_memory()
        && memory > avail
    {
        return Err(Error::usage(format!(
            "this table needs {:.1} GiB of memory and {:.1} GiB are available; choose a smaller N",
            gib(memory),
            gib(avail)
        )));
    }
    if let Some(dir) = dir
        && let Some(free) = free_disk(dir)
        && disk > free
    {
        return Err(Error::usage(format!(
            "this table needs {:.1} GiB of disk in '{}' and {:.1} GiB are free",
            gib(disk),
            dir.display(),
            gib(free)
        )));
    }
    Ok(())
}

/// MemAvailable from /proc/meminfo, in bytes.
pub fn available_memory() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = s.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn free_disk(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: c is a valid NUL-terminated path and st a valid out-pointer.
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
        return None;
    }
    Some(st.f_bavail as u64 * st.f_frsize as u64)
}

/// Runs the right engine over rows `from_row..N` of `payload`.
fn fill(
    spec: Spec,
    payload: PayloadPtr,
    from_row: usize,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
    band_done: &(dyn Fn(usize) + Sync),
) -> Result<()> {
    if spec.a == 1 {
        let mut state = if from_row == 0 {
            engine::State::new(spec.n)
        } else {
            match engine::State::rebuild(spec.n, payload, from_row) {
                Ok(s) => s,
                Err(e) => {
                    return Err(Error::usage(format!(
                        "the partial table cannot be resumed: {e}"
                    )));
                }
            }
        };
        engine::fill(&mut state, payload, from_row, threads, progress, band_done);
    } else {
        general::fill(spec.n, spec.a, payload, progress);
        band_done(spec.n);
    }
    Ok(())
}

/// A table in memory.
pub struct Table {
    /// Parameters.
    pub spec: Spec,
    /// Layout of `data`.
    pub layout: Layout,
    /// The payload (upper triangle).
    pub data: Vec<u8>,
}

impl Table {
    /// Computes the table in memory with `threads` workers.
    pub fn compute(spec: Spec, threads: usize, progress: &(dyn Fn(u64) + Sync)) -> Result<Table> {
        let layout = spec.layout();
        check_resources(spec.engine_bytes() + layout.bytes() as u64, 0, None)?;
        let mut data = vec![0u8; layout.bytes()];
        fill(
            spec,
            PayloadPtr::new(&mut data, layout),
            0,
            threads,
            progress,
            &|_| {},
        )?;
        Ok(Table { spec, layout, data })
    }

    /// G(x, y), any order.
    pub fn get(&self, x: usize, y: usize) -> u32 {
        store::read(&self.data, self.layout, x, y)
    }
}

/// A table file opened read-only through a memory map.
pub struct TableFile {
    /// The header.
    pub header: TableHeader,
    /// Layout of the payload.
    pub layout: Layout,
    map: Mmap,
}

impl TableFile {
    /// Opens and validates a table file (the payload checksum is verified by [`TableFile::verify`]).
    pub fn open(path: &Path) -> Result<TableFile> {
        let f = std::fs::File::open(path)
            .map_err(|e| Error::usage(format!("cannot open '{}': {e}", path.display())))?;
        // SAFETY: the file is opened read-only; concurrent truncation by another process is
        // outside what this program guards against.
        let map = unsafe { Mmap::map(&f) }
            .map_err(|e| Error::usage(format!("cannot map '{}': {e}", path.display())))?;
        let header = TableHeader::from_bytes(&map)?;
        if map.len() as u64 != HEADER_LEN as u64 + header.payload_len {
            return Err(Error::usage(format!(
                "'{}' is truncated or has trailing bytes: not a complete table",
                path.display()
            )));
        }
        let layout = Layout {
            n: header.n as usize,
            width: header.width as usize,
        };
        Ok(TableFile {
            header,
            layout,
            map,
        })
    }

    /// The payload bytes.
    pub fn payload(&self) -> &[u8] {
        &self.map[HEADER_LEN..]
    }

    /// G(x, y), any order; `None` outside the table.
    pub fn get(&self, x: u64, y: u64) -> Option<u32> {
        let n = self.header.n;
        (x < n && y < n).then(|| store::read(self.payload(), self.layout, x as usize, y as usize))
    }

    /// Whether the payload matches the header's checksum.
    pub fn verify(&self) -> bool {
        xxhash_rust::xxh3::xxh3_64(self.payload()) == self.header.checksum
    }
}

fn partial_paths(path: &Path) -> (PathBuf, PathBuf) {
    let mut p = path.as_os_str().to_owned();
    p.push(".partial");
    let mut c = p.clone();
    c.push(".ckpt");
    (PathBuf::from(p), PathBuf::from(c))
}

/// The checkpoint: rows complete, and a chained hash of their bytes (band by band).
fn read_checkpoint(ckpt: &Path) -> Option<(usize, u64)> {
    let s = std::fs::read_to_string(ckpt).ok()?;
    let mut rows = None;
    let mut hash = None;
    for l in s.lines() {
        if let Some(v) = l.strip_prefix("rows ") {
            rows = v.trim().parse().ok();
        }
        if let Some(v) = l.strip_prefix("chain ") {
            hash = u64::from_str_radix(v.trim(), 16).ok();
        }
    }
    Some((rows?, hash?))
}

fn chain(prev: u64, bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64_with_seed(bytes, prev)
}

/// Computes a table into `path`: the payload is written through a memory map of `path.partial`;
/// after each band the completed rows are flushed and `path.partial.ckpt` records them, so an
/// interrupted run continues with `resume` from its last completed band.  The final file appears
/// under its name only when complete (header checksum written, synced, renamed).
///
/// `abort_after` is a test hook: abort the process (as `kill -9` would) once that many rows are
/// checkpointed.
#[allow(clippy::too_many_arguments)]
pub fn compute_to_file(
    spec: Spec,
    path: &Path,
    threads: usize,
    resume: bool,
    progress: &(dyn Fn(u64) + Sync),
    note: &dyn Fn(&str),
    abort_after: Option<usize>,
) -> Result<TableHeader> {
    let layout = spec.layout();
    let (partial, ckpt) = partial_paths(path);
    let total = (HEADER_LEN + layout.bytes()) as u64;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut from_row = 0usize;
    let mut chained = 0u64;
    let resuming = resume && partial.exists();
    if resuming {
        if let Some((rows, h)) = read_checkpoint(&ckpt) {
            from_row = rows;
            chained = h;
        }
    } else if resume {
        note("nothing to resume: starting afresh");
    }
    check_resources(
        spec.engine_bytes(),
        if resuming { 0 } else { total },
        Some(dir),
    )?;
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(!resuming)
        .open(&partial)
        .map_err(|e| Error::usage(format!("-o: cannot write '{}': {e}", path.display())))?;
    file.set_len(total).map_err(|e| io_error(&partial, e))?;
    // Reserve the blocks now: a full disk is then a clear error here, not a SIGBUS later when
    // the kernel writes back pages of the mapping.
    {
        use std::os::unix::io::AsRawFd;
        // SAFETY: a valid open file descriptor and a non-negative range.
        let rc = unsafe { libc::posix_fallocate(file.as_raw_fd(), 0, total as libc::off_t) };
        if rc != 0 && rc != libc::EOPNOTSUPP && rc != libc::EINVAL {
            drop(file);
            let _ = std::fs::remove_file(&partial);
            return Err(Error::Io(format!(
                "cannot reserve {:.1} GiB for '{}': {}",
                total as f64 / (1u64 << 30) as f64,
                path.display(),
                std::io::Error::from_raw_os_error(rc)
            )));
        }
    }
    // SAFETY: the partial file is ours; nothing else maps it.
    let mut map = unsafe { MmapMut::map_mut(&file) }.map_err(|e| io_error(&partial, e))?;
    let header0 = TableHeader {
        a: spec.a,
        n: spec.n as u64,
        width: layout.width as u32,
        payload_len: layout.bytes() as u64,
        checksum: 0,
    };
    if resuming && from_row > 0 {
        let old = TableHeader::from_bytes(&map[..HEADER_LEN]);
        let same = matches!(old, Ok(h) if TableHeader { checksum: 0, ..h } == header0);
        let prefix = &map[HEADER_LEN..HEADER_LEN + layout.row_start(from_row) * layout.width];
        let mut h = 0u64;
        let mut r = 0usize;
        while r < from_row {
            let r1 = (r + engine::BAND).min(from_row);
            let (s, e) = (
                layout.row_start(r) * layout.width,
                layout.row_start(r1) * layout.width,
            );
            h = chain(h, &prefix[s..e]);
            r = r1;
        }
        if !same || h != chained || spec.a != 1 {
            note("checkpoint does not match the partial file: starting afresh");
            from_row = 0;
            chained = 0;
        } else {
            note(&format!("resuming at row {from_row} of {}", spec.n));
        }
    }
    map[..HEADER_LEN].copy_from_slice(&header0.to_bytes());
    let payload = PayloadPtr::new(&mut map[HEADER_LEN..], layout);
    let map_ptr = &map as *const MmapMut as usize;
    let state = std::sync::Mutex::new((from_row, chained, None::<Error>));
    let band_done = |rows: usize| {
        let mut st = state.lock().unwrap();
        let (done, h, _) = *st;
        let (s, e) = (
            layout.row_start(done) * layout.width,
            layout.row_start(rows) * layout.width,
        );
        // SAFETY: rows done..rows are complete and no longer written; flushing is read-only.
        let m = unsafe { &*(map_ptr as *const MmapMut) };
        let bytes = &m[HEADER_LEN + s..HEADER_LEN + e];
        let h2 = if spec.a == 1 { chain(h, bytes) } else { 0 };
        let r = m
            .flush_range(HEADER_LEN + s, e - s)
            .and_then(|_| write_checkpoint(&ckpt, rows, h2))
            .map_err(|e| io_error(&partial, e));
        if let Err(e) = r {
            st.2 = Some(e);
        }
        st.0 = rows;
        st.1 = h2;
        if abort_after.is_some_and(|r| rows >= r) {
            // Test hook: die like `kill -9` right after a checkpoint.
            std::process::abort();
        }
    };
    fill(spec, payload, from_row, threads, progress, &band_done)?;
    if let Some(e) = state.into_inner().unwrap().2 {
        return Err(e);
    }
    let checksum = xxhash_rust::xxh3::xxh3_64(&map[HEADER_LEN..]);
    let header = TableHeader {
        checksum,
        ..header0
    };
    map[..HEADER_LEN].copy_from_slice(&header.to_bytes());
    map.flush().map_err(|e| io_error(&partial, e))?;
    drop(map);
    file.sync_all().map_err(|e| io_error(&partial, e))?;
    std::fs::rename(&partial, path).map_err(|e| io_error(path, e))?;
    let _ = std::fs::remove_file(&ckpt);
    Ok(header)
}

fn write_checkpoint(ckpt: &Path, rows: usize, h: u64) -> std::io::Result<()> {
    let mut tmp = ckpt.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut f = std::fs::File::create(&tmp)?;
    writeln!(f, "rows {rows}\nchain {h:016x}")?;
    f.sync_all()?;
    std::fs::rename(&tmp, ckpt)
}

/// The documented checksum of a table: the sum of all N² values of the square, and XXH3-64
/// (seed 0) of the canonical square — row-major, every G(x, y) for 0 ≤ x, y < N as a
/// little-endian u32.  Streams the square in blocks of rows (the lower part read from the
/// triangle's earlier rows a block-wide segment at a time).
pub fn square_checksum(payload: &[u8], layout: Layout) -> (u128, u64) {
    let n = layout.n;
    let block = (1usize << 22) / n.max(1);
    let block = block.clamp(1, n.max(1));
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let mut sum: u128 = 0;
    let mut buf: Vec<u32> = vec![0; block * n];
    let mut bytes: Vec<u8> = Vec::with_capacity(n * 4);
    let mut r0 = 0;
    while r0 < n {
        let r1 = (r0 + block).min(n);
        // columns x < r0 of rows r0..r1: from rows x of the triangle, segment [r0, r1)
        for x in 0..r0 {
            for r in r0..r1 {
                buf[(r - r0) * n + x] = store::read(payload, layout, x, r);
            }
        }
        for r in r0..r1 {
            for x in r0..n {
                buf[(r - r0) * n + x] = store::read(payload, layout, r, x);
            }
        }
        for r in r0..r1 {
            bytes.clear();
            for &v in &buf[(r - r0) * n..(r - r0 + 1) * n] {
                sum += v as u128;
                bytes.extend_from_slice(&v.to_le_bytes());
            }
            hasher.update(&bytes);
        }
        r0 = r1;
    }
    (sum, hasher.digest())
}

/// What `check` found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Cells examined (the square's N²).
    pub cells: u64,
    /// The largest value.
    pub max: u32,
    /// Problems found (empty when the table passes).
    pub problems: Vec<String>,
}

/// Checks a table: no value twice on any row, column or diagonal (each a line of moves);
/// y − 2x ≤ G(x, y) ≤ x + y for x ≤ y (the lower bound for a = 1); and the 0-positions are exactly
/// the P-positions computed by the pairs engine.
pub fn check(payload: &[u8], layout: Layout, a: u64) -> Result<CheckReport> {
    let n = layout.n;
    check_resources(
        bits::Sets::bytes_for(n, |i| i + n + 1) + bits::Sets::bytes_for(n, |_| 2 * n + 1),
        0,
        None,
    )?;
    let mut lines = bits::Sets::new(n, |i| i + n + 1);
    let mut diags = bits::Sets::new(n, |_| 2 * n + 1);
    let mut rep = CheckReport {
        cells: (n as u64) * (n as u64),
        ..Default::default()
    };
    let mut problems: Vec<String> = Vec::new();
    let mut complain = |m: String| {
        if problems.len() < 20 {
            problems.push(m);
        }
    };
    let solver = crate::pairs::Solver::new(
        crate::game::Rules::new(a, false)?,
        crate::Strategy::Algebraic,
    );
    let mut max = 0u32;
    for x in 0..n {
        // P-positions of row x: (x, partner(x)) only.
        let partner = solver.partner(&rug::Integer::from(x))?;
        for y in x..n {
            let g = store::read(payload, layout, x, y);
            max = max.max(g);
            if g as usize > x + y {
                complain(format!("G({x}, {y}) = {g} exceeds x + y"));
            }
            if a == 1 && (g as usize) + 2 * x < y {
                complain(format!("G({x}, {y}) = {g} is below y − 2x"));
            }
            if lines.contains(x, g) || (x != y && lines.contains(y, g)) {
                complain(format!(
                    "G({x}, {y}) = {g} repeats a value of its row or column"
                ));
            }
            if diags.contains(y - x, g) {
                complain(format!("G({x}, {y}) = {g} repeats a value of its diagonal"));
            }
            let fits = lines.insert(x, g).is_ok()
                && (x == y || lines.insert(y, g).is_ok())
                && diags.insert(y - x, g).is_ok();
            if !fits {
                complain(format!("G({x}, {y}) = {g} is out of range"));
            }
            if (g == 0) != (partner == y) {
                complain(format!(
                    "G({x}, {y}) = {g} but the pairs engine says ({x}, {y}) is {}",
                    if partner == y { "P" } else { "N" }
                ));
            }
        }
    }
    rep.problems = problems;
    rep.max = max;
    Ok(rep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BruteForce, Rules};

    /// G by a direct mex over the options, from the rules (the naive reference).
    pub fn naive(n: usize, a: u64) -> Vec<u32> {
        let mut g = vec![0u32; n * n];
        for x in 0..n {
            for y in 0..n {
                let mut seen = vec![false; 2 * n + 2];
                for u in 0..x {
                    seen[g[u * n + y] as usize] = true;
                }
                for v in 0..y {
                    seen[g[x * n + v] as usize] = true;
                }
                for k in 1..=x {
                    for l in 1..=y {
                        if (k as i64 - l as i64).unsigned_abs() < a {
                            seen[g[(x - k) * n + y - l] as usize] = true;
                        }
                    }
                }
                g[x * n + y] = seen.iter().position(|&s| !s).unwrap() as u32;
            }
        }
        g
    }

    #[test]
    fn engines_equal_the_naive_mex() {
        for a in [1u64, 2, 3, 4, 5, 7, 12] {
            for n in [1usize, 2, 5, 64, 65, 130] {
                let want = naive(n, a);
                for threads in [1, 3] {
                    let t =
                        Table::compute(Spec::new(a, n as u64).unwrap(), threads, &|_| {}).unwrap();
                    for x in 0..n {
                        for y in 0..n {
                            assert_eq!(t.get(x, y), want[x * n + y], "a={a} n={n} ({x},{y})");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn zeros_are_the_brute_force_p_positions() {
        for a in 1..=4u64 {
            let n = 40;
            let t = Table::compute(Spec::new(a, n).unwrap(), 2, &|_| {}).unwrap();
            let b = BruteForce::solve(Rules::new(a, false).unwrap(), n as usize);
            for x in 0..n as usize {
                for y in 0..n as usize {
                    assert_eq!(t.get(x, y) == 0, b.is_p(x, y));
                }
            }
        }
    }

    #[test]
    fn xiao_table_and_examples() {
        // Seed 001 §4 / THEORY §4: the first rows, G(3,5) = 0, G(2,4) = 3, G(1,11) = 9.
        let t = Table::compute(Spec::new(1, 12).unwrap(), 1, &|_| {}).unwrap();
        let row = |x: usize, k: usize| -> Vec<u32> { (0..k).map(|y| t.get(x, y)).collect() };
        assert_eq!(row(0, 6), [0, 1, 2, 3, 4, 5]);
        assert_eq!(row(1, 9), [1, 2, 0, 4, 5, 3, 7, 8, 6]);
        assert_eq!(row(2, 9), [2, 0, 1, 5, 3, 4, 8, 6, 7]);
        assert_eq!(row(3, 11), [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8]);
        assert_eq!((t.get(3, 5), t.get(2, 4), t.get(1, 11)), (0, 3, 9));
    }

    #[test]
    fn check_accepts_good_tables_and_finds_a_corruption() {
        for a in 1..=3u64 {
            let mut t = Table::compute(Spec::new(a, 100).unwrap(), 2, &|_| {}).unwrap();
            let r = check(&t.data, t.layout, a).unwrap();
            assert!(r.problems.is_empty(), "{:?}", r.problems);
            let i = t.layout.index(7, 30) * t.layout.width;
            t.data[i] ^= 1;
            assert!(!check(&t.data, t.layout, a).unwrap().problems.is_empty());
        }
    }

    #[test]
    fn square_checksum_matches_a_direct_computation() {
        let t = Table::compute(Spec::new(1, 77).unwrap(), 1, &|_| {}).unwrap();
        let mut bytes = Vec::new();
        let mut sum = 0u128;
        for x in 0..77 {
            for y in 0..77 {
                let v = t.get(x, y);
                sum += v as u128;
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        assert_eq!(
            square_checksum(&t.data, t.layout),
            (sum, xxhash_rust::xxh3::xxh3_64(&bytes))
        );
    }
}
