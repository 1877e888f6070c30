//! The Grundy table file being written ([`TableWriter`]; `grundy N -o FILE`): the file appears
//! under its name only when whole, and runs are checkpointed (any a), so that a killed run
//! continues where it stopped.  The engine (`wythoff::grundy`) computes the payload in place,
//! through [`TableWriter::payload`], and reports each finished band ([`TableWriter::band_done`]).
//!
//! * The payload is computed through a memory map of `FILE.partial`, the output's resumable
//!   partial file ([`crate::resumable`]: a fixed name, so that a later run finds it;
//!   its checkpoint log is locked for as long as a run uses it, so a second run on the same
//!   output is refused).  After every band of 64 rows the finished rows
//!   are hashed (the band's entry of the file's band index, [`crate::bands`]) and flushed, and one
//!   record `rows=R chain=H` is appended to the checkpoint log `FILE.partial.ckpt`
//!   (every record carries its own XXH3 and a torn record means "not done"), H being the band hashes chained ([`crate::bands::chain`]).  The log's
//!   first line names the table (format version, a, N, width, layout, band).
//! * A run that finds an interrupted run's partial file and log refuses unless told to
//!   [`Partial::Resume`] or [`Partial::Restart`].  Resuming checks, before changing anything, that
//!   the log names this very table and that the partial file has its size and header; then the
//!   rows are re-hashed band by band and the run continues after the last record whose chain
//!   matches.  Anything else is refused and the partial file left byte for byte as it was —
//!   among it the partial file of a run of format version 1 or 2 (its log's first line says `v1`
//!   or `v2`), which is named as such: this version writes only version 3.
//!
//! The partial file carries the finished file's header with checksum 0 (a reader refuses it as
//! damaged), and room for the band index.  The final step: the band index is written after the
//! payload, the header's checksum (header bytes 0..56 and the index, see
//! [`crate::bands::index_checksum`]) filled in, the file synced and renamed over `FILE`, and the
//! directory synced.  Cost: one pass of XXH3 over the payload, band by band as each is finished,
//! one `fdatasync` per band; a resume re-hashes the rows done.

use super::Partial;
use super::bands;
use super::resumable::{Files, Resumable, ResumeError, Start};
use super::table::{COVERED, HEADER_LEN, TableHeader, VERSION};
use crate::store::{Layout, PayloadPtr};
use memmap2::MmapMut;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use wythoff_core::error::Error;

/// A failure of `wythoff::grundy::write_table`.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The run did not start (see [`ResumeError`]).
    #[error(transparent)]
    Resume(#[from] ResumeError),
    /// The output cannot be written there (a directory, a special file, a missing or unwritable
    /// directory), found before any work.
    #[error(transparent)]
    Output(Error),
    /// Anything else.
    #[error(transparent)]
    Other(#[from] Error),
}

impl From<WriteError> for Error {
    fn from(e: WriteError) -> Error {
        match e {
            WriteError::Resume(e) => e.into(),
            WriteError::Output(e) | WriteError::Other(e) => e,
        }
    }
}

/// The checkpoint log's first line: the table it belongs to.
fn params(h: &TableHeader) -> String {
    format!(
        "wythoff grundy table v{} a={} N={} width={} layout=1 band={}",
        VERSION, h.a, h.n, h.width, h.band
    )
}

fn record(rows: usize, chain: u64) -> String {
    format!("rows={rows} chain={chain:016x}")
}

fn parse_record(r: &str) -> Option<(usize, u64)> {
    let (rows, chain) = r.strip_prefix("rows=")?.split_once(" chain=")?;
    Some((rows.parse().ok()?, u64::from_str_radix(chain, 16).ok()?))
}

/// Hashes the bands of rows `done..rows` (band boundaries) of `payload` into `hashes`, and
/// returns the chain after them, starting from `chain` (see [`bands::chain`]).
fn hash_bands(
    payload: &[u8],
    layout: Layout,
    (done, rows): (usize, usize),
    mut chain: u64,
    hashes: &mut Vec<u64>,
) -> u64 {
    let n = layout.n as u64;
    let mut r = done as u64;
    while r < rows as u64 {
        let i = r / bands::ROWS;
        let band = bands::rows(i, n, bands::ROWS);
        let h = bands::hash(&payload[bands::byte_range(layout, band)]);
        hashes.truncate(i as usize);
        hashes.push(h);
        chain = bands::chain(chain, h);
        r = band.1;
    }
    chain
}

/// Reserves the file's blocks now: a full disk is then a clear error here, not a SIGBUS later
/// when the kernel writes back pages of the mapping.
fn reserve(file: &File, path: &Path, total: u64) -> Result<(), Error> {
    use rustix::fs::{FallocateFlags, fallocate};
    use rustix::io::Errno;
    file.set_len(total).map_err(|e| Error::file(path, e))?;
    match fallocate(file, FallocateFlags::empty(), 0, total) {
        // a file system that cannot reserve blocks: the writes themselves will say
        Ok(()) | Err(Errno::OPNOTSUPP | Errno::INVAL) => Ok(()),
        Err(e) => Err(Error::file(path, std::io::Error::from(e))),
    }
}

/// Hands the whole pages of `map[from..to]` back to the kernel (`MADV_DONTNEED`), so that the
/// resident set of a long run stays at the engine's sets plus the rows in progress (the table of
/// N = 131072 is 25.8 GB).  The range must be flushed: for a shared file mapping the pages stay in
/// the page cache and the file, and a later access reads them back.  Returns the new `from`.
fn release(map: &MmapMut, from: usize, to: usize) -> usize {
    let page = rustix::param::page_size();
    if page == 0 {
        return from;
    }
    let (start, end) = (from.next_multiple_of(page), to / page * page);
    if end <= start {
        return from;
    }
    // SAFETY: the range lies inside the mapping; it is flushed, and for a MAP_SHARED file mapping
    // MADV_DONTNEED only unmaps the pages — their contents stay in the file and are read back on
    // the next access — so no reference into the mapping can observe a changed value.
    let addr_ok = (map.as_ptr() as usize).is_multiple_of(page);
    if addr_ok {
        // SAFETY: a flushed range inside a shared file mapping (above): values never change.
        let _ = unsafe {
            map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start)
        };
    }
    end
}

/// Test hook: when `WYTHOFF_TEST_TABLE_HOLD` names a path P, the run creates `P.held` after its
/// first checkpoint and waits (up to a minute) until `P.go` exists, so that a test can make two
/// runs overlap for certain.
fn test_hold() {
    let Some(p) = std::env::var_os("WYTHOFF_TEST_TABLE_HOLD") else {
        return;
    };
    let p = PathBuf::from(p);
    let _ = File::create(crate::resumable::sidecar(&p, ".held"));
    for _ in 0..6000 {
        if crate::resumable::sidecar(&p, ".go").exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// The first line of the checkpoint log of a run of table format version 1.
const V1_PARAMS: &str = "wythoff grundy table v1 ";
/// The first line of the checkpoint log of a run of table format version 2.
const V2_PARAMS: &str = "wythoff grundy table v2 ";

/// What the engine's band workers share: rows done, the chain, the log, the first error, whether
/// the test hold ran, the band hashes.
struct State {
    done: usize,
    chain: u64,
    log: Resumable,
    failed: Option<Error>,
    held: bool,
    hashes: Vec<u64>,
}

/// A table file being written through a memory map of its resumable partial file.
pub struct TableWriter {
    map: MmapMut,
    file: File,
    partial: PathBuf,
    target: PathBuf,
    header0: TableHeader,
    layout: Layout,
    state: Mutex<State>,
    /// Bytes of the mapping already handed back to the kernel (see `release`).
    released: Mutex<usize>,
    /// Rows the engine reads back below the rows in progress (its diagonal look-ups: a).
    read_back: usize,
    abort_after: Option<usize>,
}

/// The checkpoint of an earlier table format named as such: a refusal that says which version
/// left it (`e` itself otherwise).
fn name_earlier_format(e: ResumeError) -> ResumeError {
    match e {
        ResumeError::OtherRun { at, found, .. } if found.starts_with(V1_PARAMS) => {
            ResumeError::Damaged {
                at,
                why: "it was started by an earlier version of wythoff, in table format \
                      version 1 (header not covered by the checksum), which this version \
                      neither writes nor reads"
                    .into(),
            }
        }
        ResumeError::OtherRun { at, found, .. } if found.starts_with(V2_PARAMS) => {
            ResumeError::Damaged {
                at,
                why: "it was started by an earlier version of wythoff, in table format \
                      version 2 (no band index), whose checkpoints this version does not \
                      continue"
                    .into(),
            }
        }
        e => e,
    }
}

/// The partial file opened and mapped, with where the run starts: the first row to compute, the
/// chain of the bands before it and their hashes.
struct Mapped {
    file: File,
    from_row: usize,
    chain: u64,
    hashes: Vec<u64>,
    map: MmapMut,
}

/// Resumes the interrupted run whose checkpoint `log` holds `records`: checks, before changing
/// anything, that the partial file `partial` has the size `total` and the header `header0` of
/// this table (the log's lock handed back, every file left as it was, otherwise) and that there
/// is `room` for the run, then re-hashes the rows band by band up to the last record whose chain
/// matches.
fn resume_partial(
    log: Resumable,
    partial: &Path,
    records: &[String],
    (header0, layout, total): (TableHeader, Layout, u64),
    room: &dyn Fn(u64) -> Result<(), Error>,
    note: &dyn Fn(&str),
) -> Result<(Resumable, Mapped), WriteError> {
    let Some(file) = log.open_partial() else {
        return Err(log.refuse("its partial file cannot be opened").into());
    };
    let len = file.metadata().map_err(|e| Error::file(partial, e))?.len();
    if len != total {
        return Err(log
            .refuse(format!("it has {len} bytes, and this table needs {total}"))
            .into());
    }
    room(0)?;
    // SAFETY: the partial file belongs to this run, which holds its checkpoint's
    // lock; no other run maps it.
    let map = unsafe { MmapMut::map_mut(&file) }.map_err(|e| Error::file(partial, e))?;
    if TableHeader::from_bytes(&map[..HEADER_LEN]).ok() != Some(header0) {
        drop(map);
        return Err(log.refuse("its header is not this table's").into());
    }
    let done: Vec<(usize, u64)> = records.iter().filter_map(|r| parse_record(r)).collect();
    let (rows, chain, hashes) = last_matching(&map[HEADER_LEN..], layout, &done);
    if rows > 0 {
        note(&format!("resuming at row {rows} of {}", header0.n));
    } else {
        note("resuming: no checkpointed band matches the partial file, starting at row 0");
    }
    let mapped = Mapped {
        file,
        from_row: rows,
        chain,
        hashes,
        map,
    };
    Ok((log, mapped))
}

/// Creates the partial file `partial` of a fresh run, reserves its blocks and maps it, with the
/// header `header0` (checksum 0) written; `total` is the file's size.
fn fresh_partial(
    log: &Resumable,
    partial: &Path,
    header0: TableHeader,
    total: u64,
) -> Result<Mapped, WriteError> {
    let file = log.create_partial()?;
    reserve(&file, partial, total)?;
    // SAFETY: the partial file was created by this run, which holds its checkpoint's
    // lock; no other run maps it.
    let mut map = unsafe { MmapMut::map_mut(&file) }.map_err(|e| Error::file(partial, e))?;
    map[..HEADER_LEN].copy_from_slice(&header0.to_bytes());
    Ok(Mapped {
        file,
        from_row: 0,
        chain: 0,
        hashes: Vec::new(),
        map,
    })
}

impl TableWriter {
    /// Opens the table of parameter `a` and side `n` (payload `layout`) at `target` (a regular
    /// file, checked by [`crate::atomic::target`]) for writing, as `mode` says: fresh
    /// (after checking `memory` bytes of memory for the engine and the file's size on disk,
    /// before anything of an earlier run is discarded) or resumed.  Returns the writer and the
    /// first row to compute.  `note` receives one-line remarks; `abort_after` is a test hook:
    /// abort the process (as `kill -9` would) once that many rows are checkpointed.
    pub fn open(
        (a, n, layout): (u64, u64, Layout),
        target: &Path,
        mode: Partial,
        memory: u64,
        note: &dyn Fn(&str),
        abort_after: Option<usize>,
    ) -> Result<(TableWriter, usize), WriteError> {
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let header0 = TableHeader {
            version: VERSION,
            a,
            n,
            width: layout.width as u32,
            payload_len: layout.bytes() as u64,
            band: bands::ROWS,
            checksum: 0,
        };
        let total = header0
            .file_len()
            .ok_or_else(|| Error::internal("table file size"))?;
        let check = |disk| super::resources::check(memory, disk, Some(dir), "side N");
        if mode != Partial::Resume {
            // the machine's room is checked before anything of an earlier run is discarded
            check(total)?;
        }
        let progress_of = |records: &[String]| {
            let rows = (records.iter().filter_map(|r| parse_record(r)))
                .map(|(rows, _)| rows)
                .max()
                .unwrap_or(0);
            format!("to row {rows}")
        };
        let opened = Resumable::open(
            Files::in_place(target),
            &params(&header0),
            mode,
            "table",
            &progress_of,
        );
        let (log, start) = opened.map_err(name_earlier_format)?;
        let partial = log.partial()?.to_owned();
        let (log, m) = match start {
            Start::Resume(records) => resume_partial(
                log,
                &partial,
                &records,
                (header0, layout, total),
                &check,
                note,
            )?,
            Start::Fresh { discarded } => {
                if discarded {
                    note(&format!(
                        "discarded the interrupted run at '{}'",
                        partial.display()
                    ));
                }
                let mapped = fresh_partial(&log, &partial, header0, total)?;
                (log, mapped)
            }
        };
        let w = TableWriter {
            map: m.map,
            file: m.file,
            partial,
            target: target.to_owned(),
            header0,
            layout,
            state: Mutex::new(State {
                done: m.from_row,
                chain: m.chain,
                log,
                failed: None,
                held: false,
                hashes: m.hashes,
            }),
            released: Mutex::new(0),
            read_back: a.min(n) as usize,
            abort_after,
        };
        Ok((w, m.from_row))
    }

    /// The payload, for the engine to compute in place (workers write disjoint rows).
    pub fn payload(&mut self) -> PayloadPtr {
        PayloadPtr::new(&mut self.map[HEADER_LEN..], self.layout)
    }

    /// Rows `..rows` are complete (a band boundary): they are hashed, flushed and recorded in
    /// the checkpoint log, and their pages handed back to the kernel.  Called by the engine's
    /// workers, one at a time (the state's lock); an error is kept for [`TableWriter::finish`].
    pub fn band_done(&self, rows: usize) {
        let Ok(mut st) = self.state.lock() else {
            return;
        };
        let st = &mut *st;
        let layout = self.layout;
        let (s, e) = (
            layout.row_start(st.done) * layout.width,
            layout.row_start(rows) * layout.width,
        );
        // rows done..rows are complete and no longer written; hashing and flushing only read
        let payload = &self.map[HEADER_LEN..HEADER_LEN + layout.bytes()];
        let h2 = hash_bands(payload, layout, (st.done, rows), st.chain, &mut st.hashes);
        let r = (self.map)
            .flush_range(HEADER_LEN + s, e - s)
            .map_err(|e| Error::file(&self.partial, e))
            .and_then(|()| st.log.append(&record(rows, h2)));
        if let Err(e) = r {
            st.failed.get_or_insert(e);
        } else {
            // Written and flushed rows leave the resident set, except the last a rows, which the
            // next band reads back (the engine's diagonal look-ups); a later read would fault
            // them in again from the file, so this saves memory and never changes a value.
            let keep =
                HEADER_LEN + layout.row_start(rows.saturating_sub(self.read_back)) * layout.width;
            if let Ok(mut from) = self.released.lock() {
                *from = release(&self.map, *from, keep);
            }
        }
        (st.done, st.chain) = (rows, h2);
        if !st.held {
            st.held = true;
            test_hold();
        }
        if self.abort_after.is_some_and(|r| rows >= r) {
            // Test hook: die like `kill -9` right after a checkpoint.
            std::process::abort();
        }
    }

    /// Seals the file — the band index, hashed band by band as the rows were finished, and the
    /// header's checksum over the header and the index (the payload is not read again) — syncs
    /// it and renames it over the target.  `note` hears of a log that could not be removed.
    pub fn finish(self, note: &dyn Fn(&str)) -> Result<TableHeader, WriteError> {
        let TableWriter {
            mut map,
            file,
            partial,
            target,
            header0,
            layout,
            state,
            ..
        } = self;
        let st = state
            .into_inner()
            .map_err(|_| Error::internal("a band worker panicked"))?;
        if let Some(e) = st.failed {
            return Err(e.into());
        }
        if st.hashes.len() as u64 != header0.bands() || st.done != layout.n {
            return Err(Error::internal("a band of the table was not hashed").into());
        }
        let index: Vec<u8> = st.hashes.iter().flat_map(|h| h.to_le_bytes()).collect();
        let at = HEADER_LEN + layout.bytes();
        map[at..].copy_from_slice(&index);
        let header = TableHeader {
            checksum: bands::index_checksum(&header0.to_bytes()[..COVERED], &index),
            ..header0
        };
        map[..HEADER_LEN].copy_from_slice(&header.to_bytes());
        map.flush().map_err(|e| Error::file(&partial, e))?;
        drop(map);
        file.sync_all().map_err(|e| Error::file(&partial, e))?;
        std::fs::rename(&partial, &target).map_err(|e| Error::file(&target, e))?;
        super::atomic::sync_dir(&target).map_err(|e| Error::file(&target, e))?;
        if let Err(e) = st.log.finish() {
            note(&format!(
                "the table is complete, but its checkpoint stays: {e}"
            ));
        }
        drop(file);
        Ok(header)
    }
}

/// The last checkpoint whose chained hash matches the payload's rows: (rows, chain, the hashes
/// of the bands below), or (0, 0, none).
fn last_matching(payload: &[u8], layout: Layout, done: &[(usize, u64)]) -> (usize, u64, Vec<u64>) {
    let last = done
        .iter()
        .map(|&(r, _)| r)
        .max()
        .unwrap_or(0)
        .min(layout.n);
    let mut hashes = Vec::new();
    let mut best = (0, 0, 0);
    let (mut r, mut h) = (0usize, 0u64);
    while r < last {
        let r1 = (r + bands::ROWS as usize).min(layout.n);
        h = hash_bands(payload, layout, (r, r1), h, &mut hashes);
        r = r1;
        if done.contains(&(r, h)) {
            best = (r, h, hashes.len());
        }
    }
    hashes.truncate(best.2);
    (best.0, best.1, hashes)
}
