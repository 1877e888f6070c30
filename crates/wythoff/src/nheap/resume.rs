//! Checkpoints of long N-heap Wythoff slice runs written to a file (`nheap --slice … -o FILE`,
//! `nheap --conjectures … -o FILE`), so that a killed run continues with `--resume` and ends with
//! the very bytes of an uninterrupted run (`--restart` discards it).  The files layer's one
//! resumable output ([`crate::files::resumable`]) takes the decision; the engine's state goes
//! into two state files written alternately, named by the log's records, as the row search's
//! do (`grundy::rows::resume`).
//!
//! * A slice listing is written in place as it is computed: its text goes to `FILE.partial`, the
//!   log is `FILE.partial.ckpt`, the state files `FILE.partial.state0` and `FILE.partial.state1`.
//!   A record `column=C bytes=L text=H state=I X` says: the columns below C are done, the first
//!   L bytes of the partial file are their text, with XXH3-64 H, and state file I (0 or 1), with
//!   XXH3-64 X, holds the engine at column C ([`crate::nheap::slice::state`]).
//! * The report of `--conjectures` is written whole at the end: the log is `FILE.ckpt`, the
//!   state files `FILE.state0`, `FILE.state1`, a record `column=C state=I X`.  The measurement
//!   keeps no state of its own: it is a function of each slice's positions, which the engine's
//!   rows hold, and is replayed from them.
//!
//! A checkpoint is taken between two columns, every `every` (two minutes by default): the text
//! is flushed and synced, the state file written whole and atomically ([`AtomicFile`]), then the
//! record appended.  Each state file is written only after the record naming the other one, so
//! the last valid record always names an intact state file: resuming uses it — or, past a
//! damaged record in the middle of the log (a flipped byte, not a torn write), the newest later
//! record that checks and whose state file matches.  A state file or text that matches none of them is damage, refused in one line
//! (status 1, naming the log's damaged record if there is one) with every file left as it is.
//!
//! Cost: a checkpoint writes the engine's state (about 4 bytes per difference of each row and the
//! holes' masks, doc/nheap.md) and syncs the text; resuming reads the state once and hashes the
//! text kept once.

use super::slice::Rows;
use crate::error::{Error, Result};
use crate::files::header::{FileError, Kind};
use crate::files::resumable::{Files, Resumable, Start, sidecar};
use crate::files::{AtomicFile, Partial};
use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use xxhash_rust::xxh3::{Xxh3, xxh3_64};

/// The text of an output written in place: the partial file, the bytes written and their hash.
struct Text {
    file: BufWriter<File>,
    path: PathBuf,
    bytes: u64,
    hasher: Xxh3,
}

impl Text {
    fn write(&mut self, s: &str) -> Result<()> {
        self.file
            .write_all(s.as_bytes())
            .map_err(|e| Error::file(&self.path, e))?;
        self.hasher.update(s.as_bytes());
        self.bytes += s.len() as u64;
        Ok(())
    }

    /// Flushed and synced: the bytes written are on disk.
    fn sync(&mut self) -> Result<()> {
        self.file
            .flush()
            .and_then(|()| self.file.get_ref().sync_data())
            .map_err(|e| Error::file(&self.path, e))
    }
}

/// A writer that hashes what it writes.
struct Tee<W: Write> {
    w: W,
    h: Xxh3,
}

impl<W: Write> Write for Tee<W> {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        let n = self.w.write(b)?;
        self.h.update(&b[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.w.flush()
    }
}

/// Where a run starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Begin {
    /// At column 0; `discarded` says whether an interrupted run was discarded (--restart).
    Fresh {
        /// An earlier run's files were discarded.
        discarded: bool,
    },
    /// Resumed, but the interrupted run recorded no checkpoint: again at column 0.
    Again,
    /// Resumed at `column`, `bytes` of text kept.
    Resumed {
        /// The next column.
        column: u64,
        /// The bytes of the partial file kept (0 for an output written at the end).
        bytes: u64,
    },
}

/// The checkpoints of one run (module documentation).
pub struct Checkpoints {
    log: Resumable,
    every: Duration,
    last: Instant,
    /// The state file written next.
    next: usize,
    /// Test hook: abort the process (as kill -9 would) after this many checkpoints.
    abort_after: Option<usize>,
    /// Test hook: checkpoints by columns.
    columns: Option<u64>,
    made: usize,
    text: Option<Text>,
}

/// One record: column, the text's bytes and hash (in place), the state file and its hash.
struct Record {
    column: u64,
    text: Option<(u64, u64)>,
    state: usize,
    hash: u64,
}

fn parse(r: &str, in_place: bool) -> Option<Record> {
    let mut f = r.split(' ');
    let column = f.next()?.strip_prefix("column=")?.parse().ok()?;
    let text = if in_place {
        let bytes = f.next()?.strip_prefix("bytes=")?.parse().ok()?;
        let h = u64::from_str_radix(f.next()?.strip_prefix("text=")?, 16).ok()?;
        Some((bytes, h))
    } else {
        None
    };
    let state = f
        .next()?
        .strip_prefix("state=")?
        .parse()
        .ok()
        .filter(|&i| i < 2)?;
    let hash = u64::from_str_radix(f.next()?, 16).ok()?;
    f.next().is_none().then_some(Record {
        column,
        text,
        state,
        hash,
    })
}

/// The files of a run writing `target`: written in place (`FILE.partial`, its log and state
/// files beside it) or whole at the end (`FILE.ckpt`, `FILE.state0`, `FILE.state1`).
pub fn files(target: &Path, in_place: bool) -> Files {
    if in_place {
        let mut f = Files::in_place(target);
        let partial = sidecar(target, ".partial");
        f.state = [".state0", ".state1"]
            .iter()
            .map(|s| sidecar(&partial, s))
            .collect();
        f
    } else {
        Files::at_end(target, &[".state0", ".state1"])
    }
}

/// Damage found when resuming: one line, status 1, every file left as it is.
fn damaged(at: &Path, why: String) -> Error {
    Error::damaged(format!(
        "the interrupted run at '{}' cannot be continued: {why}; its files are left as they are \
         (--restart discards them)",
        at.display()
    ))
}

impl Checkpoints {
    /// Opens the checkpoints of a run writing `target` (a regular file, symlinks resolved)
    /// `in_place` or at the end, with parameters `params` (one line naming everything that
    /// decides the output), refusing, resuming or restarting an interrupted run as `mode` says.
    /// Resumed, the engine `rows` (fresh, from the run's constructor) is loaded from the state
    /// file of the last record, and the text kept is checked against its hash.  A refusal is
    /// [`crate::files::resumable::ResumeError`] (status 2); damage, [`Error::Damaged`] (status 1).
    pub fn open(
        target: &Path,
        in_place: bool,
        params: &str,
        mode: Partial,
        every: Duration,
        rows: &mut Rows,
    ) -> std::result::Result<(Checkpoints, Begin), Error> {
        let progress = |r: &[String]| match r.last().and_then(|r| parse(r, in_place)) {
            Some(r) => format!("to column {}", r.column),
            None => "with no checkpoint recorded yet".to_string(),
        };
        let what = if in_place {
            "slice listing"
        } else {
            "measurement"
        };
        let (log, start) = Resumable::open(files(target, in_place), params, mode, what, &progress)?;
        let mut c = Checkpoints {
            log,
            every,
            last: Instant::now(),
            next: 0,
            abort_after: None,
            columns: None,
            made: 0,
            text: None,
        };
        let records = match start {
            Start::Fresh { discarded } => {
                if in_place {
                    let file = c.log.create_partial()?;
                    c.text = Some(c.text_at(file, 0, Xxh3::new()));
                }
                return Ok((c, Begin::Fresh { discarded }));
            }
            Start::Resume(records) => records,
        };
        let Some(last) = records.last() else {
            // killed before its first checkpoint: again from column 0, the text cut to nothing
            if in_place {
                let file = c.reopen(0)?;
                c.text = Some(c.text_at(file, 0, Xxh3::new()));
            }
            return Ok((c, Begin::Again));
        };
        // the newest record whose state file matches: past a damaged record, the later ones
        // that check come first (each names a whole state), then the last one before it
        let later = c.log.damage().map(|d| d.later.clone()).unwrap_or_default();
        let mut found = None;
        for rec in later.iter().rev().chain([last]) {
            let Some(r) = parse(rec, in_place) else {
                return Err(c
                    .log
                    .refuse("its last checkpoint record is not one of this version")
                    .into());
            };
            let state = c.log.files().state[r.state].clone();
            if let Some(b) = std::fs::read(&state).ok().filter(|b| xxh3_64(b) == r.hash) {
                found = Some((r, state, b));
                break;
            }
        }
        let at = c.shown();
        let Some((r, state, bytes)) = found else {
            let state = parse(last, in_place).map_or(0, |r| r.state);
            let why = c.log.damage_note().unwrap_or_else(|| {
                format!(
                    "its state file '{}' does not match its last checkpoint (damaged or missing)",
                    c.log.files().state[state].display()
                )
            });
            return Err(damaged(&at, why));
        };
        rows.load(&bytes)
            .map_err(|e| Error::from(FileError::new(&state, Kind::NheapState, e)))?;
        if rows.column() != r.column {
            let why = format!(
                "its state file '{}' is not at column {}",
                state.display(),
                r.column
            );
            return Err(damaged(&at, why));
        }
        c.next = 1 - r.state;
        let kept = match r.text {
            Some((bytes, hash)) => {
                let (file, hasher) = c.check_text(bytes, hash)?;
                c.text = Some(c.text_at(file, bytes, hasher));
                bytes
            }
            None => 0,
        };
        Ok((
            c,
            Begin::Resumed {
                column: r.column,
                bytes: kept,
            },
        ))
    }

    /// The partial file, or the log for an output written at the end.
    fn shown(&self) -> PathBuf {
        let f = self.log.files();
        f.partial.clone().unwrap_or_else(|| f.log.clone())
    }

    fn text_at(&self, file: File, bytes: u64, hasher: Xxh3) -> Text {
        Text {
            file: BufWriter::with_capacity(1 << 16, file),
            path: self.shown(),
            bytes,
            hasher,
        }
    }

    /// The partial file of the interrupted run, cut to `bytes` and positioned there.
    fn reopen(&self, bytes: u64) -> Result<File> {
        let at = self.shown();
        let mut f = (self.log.open_partial())
            .ok_or_else(|| damaged(&at, "its partial file cannot be opened".into()))?;
        f.set_len(bytes)
            .and_then(|()| f.seek(SeekFrom::Start(bytes)).map(|_| ()))
            .map_err(|e| Error::file(&at, e))?;
        Ok(f)
    }

    /// The partial file checked: its first `bytes` bytes have the XXH3-64 `hash`; then cut there.
    fn check_text(&self, bytes: u64, hash: u64) -> Result<(File, Xxh3)> {
        let at = self.shown();
        let mut f = (self.log.open_partial())
            .ok_or_else(|| damaged(&at, "its partial file cannot be opened".into()))?;
        let mut hasher = Xxh3::new();
        let mut left = bytes;
        let mut buf = vec![0u8; 1 << 20];
        while left > 0 {
            let n = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
            match f.read(&mut buf[..n]) {
                Ok(0) => break,
                Ok(k) => {
                    hasher.update(&buf[..k]);
                    left -= k as u64;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Error::file(&at, e)),
            }
        }
        if left > 0 {
            return Err(damaged(
                &at,
                format!(
                    "it holds {} bytes, fewer than the {bytes} its last checkpoint recorded (cut \
                     short)",
                    bytes - left
                ),
            ));
        }
        if hasher.digest() != hash {
            return Err(damaged(
                &at,
                format!("its first {bytes} bytes do not match its last checkpoint (damaged)"),
            ));
        }
        drop(f);
        Ok((self.reopen(bytes)?, hasher))
    }

    /// Test hook: abort the process after `k` checkpoints.
    pub fn abort_after(&mut self, k: Option<usize>) {
        self.abort_after = k;
    }

    /// Test hook: a checkpoint at every column that is a multiple of `k` instead of by time, so
    /// that where a run stops does not depend on the machine's speed.
    pub fn every_columns(&mut self, k: Option<u64>) {
        self.columns = k.filter(|&k| k > 0);
    }

    /// Appends text to the partial file (an output written in place).
    pub fn write(&mut self, s: &str) -> Result<()> {
        match &mut self.text {
            Some(t) => t.write(s),
            None => Err(Error::internal("text for an output written at the end")),
        }
    }

    /// A checkpoint is due before `column`: text buffered by the caller goes to
    /// [`Checkpoints::write`] first.
    pub fn due(&self, column: u64) -> bool {
        match self.columns {
            Some(k) => column.is_multiple_of(k),
            None => self.last.elapsed() >= self.every,
        }
    }

    /// Takes a checkpoint of `rows` (between two columns) when one is due.
    pub fn maybe(&mut self, rows: &Rows) -> Result<()> {
        if !self.due(rows.column()) {
            return Ok(());
        }
        let text = match &mut self.text {
            Some(t) => {
                t.sync()?;
                format!(" bytes={} text={:016x}", t.bytes, t.hasher.digest())
            }
            None => String::new(),
        };
        let i = self.next;
        let path = self.log.files().state[i].clone();
        let mut f = AtomicFile::create_regular(&path)?;
        let mut tee = Tee {
            w: BufWriter::with_capacity(1 << 16, &mut f),
            h: Xxh3::new(),
        };
        rows.save_to(&mut tee)
            .and_then(|()| tee.w.flush())
            .map_err(|e| Error::file(&path, e))?;
        let hash = tee.h.digest();
        drop(tee);
        f.commit()?;
        self.log.append(&format!(
            "column={}{text} state={i} {hash:016x}",
            rows.column()
        ))?;
        self.next = 1 - i;
        self.made += 1;
        if self.abort_after.is_some_and(|k| self.made >= k) {
            std::process::abort();
        }
        self.last = Instant::now();
        Ok(())
    }

    /// The run is complete: an output written in place is synced and renamed over its target;
    /// the log and the state files are removed (an output written at the end is committed by
    /// the caller first).
    pub fn finish(mut self) -> Result<()> {
        if let Some(mut t) = self.text.take() {
            t.sync()?;
            let target = self.log.files().target.clone();
            std::fs::rename(&t.path, &target).map_err(|e| Error::file(&target, e))?;
            crate::files::atomic::sync_dir(&target).map_err(|e| Error::file(&target, e))?;
        }
        self.log.finish()
    }
}
