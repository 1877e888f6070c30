//! Checkpoint logs: what a long run has finished, so that a killed run can continue.
//!
//! A log is a text file of lines `HASH BODY`, where `HASH` is the XXH3-64 (seed 0) of `BODY` as 16
//! lowercase hexadecimal digits.  The first line's body is the run's parameters; each further line
//! records one finished unit of work.  Every record carries its own integrity check: a record whose
//! hash does not match, or a last line without its newline (a write torn by a crash), means "not
//! done" — it and everything after it are ignored, and cut off when the log is continued.
//!
//! A record that fails its check while later lines check (a flipped byte in an old record, not a
//! torn write) is damage, not a crash: the records before it are still the valid ones, and the log
//! says which record is damaged ([`Damage`]), so that a refusal can name it.
//!
//! The log is never opened through a symbolic link (`O_NOFOLLOW`): a link where the log should
//! be is refused, whatever the run was told, and has to be removed by hand.  A log this run did
//! not create is never emptied and rewritten: starting afresh writes a new log under a temporary
//! name beside it and renames it over the old one, so a file linked (hard or soft) to that name
//! keeps its bytes.
//!
//! While a [`Log`] is open its file holds an exclusive advisory lock (`flock`, through
//! [`File::try_lock`]), so two runs can never append to one log: the second is refused.  The
//! decision what to do with an earlier run's log is taken under that lock
//! ([`crate::resumable`]), which refuses a log whose parameters differ from the
//! run's and leaves it untouched.
//!
//! Cost: one `write` and one `fdatasync` per record.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use wythoff_core::error::{Error, Result};
use xxhash_rust::xxh3::xxh3_64;

/// An open checkpoint log (see the module documentation).
#[derive(Debug)]
pub struct Log {
    file: File,
    path: PathBuf,
    /// This run created the file (it may empty and rewrite it).
    created: bool,
}

/// A damaged record of a log: one that fails its check while lines after it check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    /// Its number among the records after the parameters' line, from 1.
    pub record: usize,
    /// The lines after it that check, in order (their bodies).
    pub later: Vec<String>,
}

/// The line for `body`: hash, space, body, newline.
fn line(body: &str) -> String {
    format!("{:016x} {body}\n", xxh3_64(body.as_bytes()))
}

/// Splits a log's bytes into its valid records (bodies) and the byte length they occupy.
fn parse(bytes: &[u8]) -> (Vec<String>, usize) {
    let mut records = Vec::new();
    let mut used = 0usize;
    while let Some(nl) = bytes[used..].iter().position(|&b| b == b'\n') {
        let l = &bytes[used..used + nl];
        let ok = l.len() >= 17
            && l[16] == b' '
            && std::str::from_utf8(&l[..16])
                .ok()
                .and_then(|h| u64::from_str_radix(h, 16).ok())
                .is_some_and(|h| {
                    h == xxh3_64(&l[17..]) && l[..16].iter().all(|c| !c.is_ascii_uppercase())
                });
        let body = std::str::from_utf8(&l[17.min(l.len())..]).ok();
        match (ok, body) {
            (true, Some(b)) => {
                records.push(b.to_owned());
                used += nl + 1;
            }
            _ => break,
        }
    }
    (records, used)
}

/// The damage in `bytes`, whose first `used` bytes hold `valid` records (the parameters' line
/// included): the line at `used` fails its check, and some complete line after it checks.
fn damage(bytes: &[u8], used: usize, valid: usize) -> Option<Damage> {
    let bad = bytes[used..].iter().position(|&b| b == b'\n')?;
    let mut later = Vec::new();
    let mut at = used + bad + 1;
    while at < bytes.len() {
        let (records, n) = parse(&bytes[at..]);
        later.extend(records);
        match bytes[at + n..].iter().position(|&b| b == b'\n') {
            Some(skip) => at += n + skip + 1,
            None => break,
        }
    }
    (valid > 0 && !later.is_empty()).then_some(Damage {
        record: valid,
        later,
    })
}

fn io_err(path: &Path, e: io::Error) -> Error {
    Error::file(path, e)
}

/// The log `path` of the output `target` cannot be opened or made: bad input, refused before any
/// work (status 2), said of the output the user named and its folder.
fn cannot_write(target: &Path, path: &Path, e: &io::Error) -> Error {
    if let Err(e) = crate::atomic::check_folder(target) {
        return e;
    }
    let dir = crate::atomic::folder(target);
    let name = path
        .file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy();
    Error::usage(format!(
        "cannot write '{}': the folder '{}' takes no new file (creating its checkpoint '{name}' \
         there failed: {e})",
        target.display(),
        dir.display()
    ))
}

/// The refusal of a symbolic link where the log should be.
fn symlink(path: &Path) -> Error {
    Error::usage(format!(
        "checkpoint '{}' is a symbolic link; remove it by hand",
        path.display()
    ))
}

/// Opens `path` for reading and writing, never through a symbolic link.
fn open_nofollow(options: &mut OpenOptions, path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    options
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
}

/// Takes the log's exclusive advisory lock (`flock`, through [`File::try_lock`]): `false` when
/// another process holds it.
fn try_lock(file: &File, path: &Path) -> Result<bool> {
    match file.try_lock() {
        Ok(()) => Ok(true),
        Err(std::fs::TryLockError::WouldBlock) => Ok(false),
        Err(std::fs::TryLockError::Error(e)) => Err(io_err(path, e)),
    }
}

/// Takes the log's exclusive advisory lock, or says that another process holds it.
fn lock(file: &File, path: &Path) -> Result<()> {
    if try_lock(file, path)? {
        Ok(())
    } else {
        Err(Error::usage(format!(
            "checkpoint '{}' is in use by another running process",
            path.display()
        )))
    }
}

/// What [`Log::open_locked`] found in the log it locked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// No log was there, or an empty one: nothing of an earlier run.
    Nothing,
    /// Bytes whose first line does not check: not a log of this format (or one torn before its
    /// first record was whole).
    NotALog,
    /// A log: its parameters and valid records.
    Log {
        /// The first line's body.
        params: String,
        /// The valid records after it, in order.
        records: Vec<String>,
        /// The record after them, when it fails its check while later lines check.
        damaged: Option<Damage>,
    },
}

impl Log {
    /// Opens the log at `path` for a run, creating it (empty) if it is not there, and takes its
    /// lock; says whether it was created and what it holds, or `None` when another process holds
    /// the lock.  Nothing in it is changed: the caller decides, under the lock, to [`Log::start`]
    /// it afresh or [`Log::continue_records`].
    ///
    /// A finished run removes its log while holding the lock; a run that opened the same name just
    /// before would then lock a file no longer in the directory.  So once locked, the file is
    /// compared (device and inode) with what the name refers to now, and opened again if they
    /// differ.
    pub fn open_locked(path: &Path, target: &Path) -> Result<Option<(Log, bool, Found)>> {
        use std::os::unix::fs::MetadataExt;
        let is_link =
            |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
        for _ in 0..8 {
            if is_link(path) {
                return Err(symlink(path));
            }
            let (mut file, created) = match open_nofollow(&mut OpenOptions::new(), path) {
                Ok(f) => (f, false),
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    match open_nofollow(OpenOptions::new().create_new(true), path) {
                        Ok(f) => (f, true),
                        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                        Err(e) => return Err(cannot_write(target, path, &e)),
                    }
                }
                Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(symlink(path)),
                Err(e) => return Err(cannot_write(target, path, &e)),
            };
            if !file.metadata().map_err(|e| io_err(path, e))?.is_file() {
                return Err(Error::usage(format!(
                    "checkpoint '{}' is not a regular file",
                    path.display()
                )));
            }
            if !try_lock(&file, path)? {
                return Ok(None);
            }
            let same = match (file.metadata(), std::fs::symlink_metadata(path)) {
                (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
                _ => false,
            };
            if !same {
                continue;
            }
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).map_err(|e| io_err(path, e))?;
            let (mut records, used) = parse(&bytes);
            let found = if bytes.is_empty() {
                Found::Nothing
            } else if records.is_empty() {
                Found::NotALog
            } else {
                let damaged = damage(&bytes, used, records.len());
                let params = records.remove(0);
                Found::Log {
                    params,
                    records,
                    damaged,
                }
            };
            let log = Log {
                file,
                path: path.to_owned(),
                created,
            };
            return Ok(Some((log, created, found)));
        }
        if is_link(path) {
            return Err(symlink(path));
        }
        Err(Error::usage(format!(
            "checkpoint '{}' keeps being replaced by other runs",
            path.display()
        )))
    }

    /// Starts the log afresh with its first line, the run's parameters (synced).  A log this run
    /// created is emptied and written; any other is replaced (`Log::replace`).
    pub fn start(&mut self, params: &str) -> Result<()> {
        check_body(params)?;
        if !self.created {
            return self.replace(params);
        }
        let path = &self.path;
        self.file
            .set_len(0)
            .and_then(|()| self.file.seek(SeekFrom::Start(0)).map(|_| ()))
            .and_then(|()| self.file.write_all(line(params).as_bytes()))
            .and_then(|()| self.file.sync_data())
            .map_err(|e| io_err(path, e))
    }

    /// Writes a new log holding the parameters' line under a temporary name beside the old one,
    /// locks it and renames it over the old name: the old file is unlinked, never written, and
    /// the name is never without a locked log.  The old file's lock goes when it is closed.
    fn replace(&mut self, params: &str) -> Result<()> {
        let path = self.path.clone();
        let (mut file, tmp) = loop {
            let tmp = crate::atomic::temporary_name(&path);
            match OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&tmp)
            {
                Ok(f) => break (f, tmp),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(io_err(&path, e)),
            }
        };
        let result = lock(&file, &tmp).and_then(|()| {
            file.write_all(line(params).as_bytes())
                .and_then(|()| file.sync_data())
                .and_then(|()| std::fs::rename(&tmp, &path))
                .and_then(|()| crate::atomic::sync_dir(&path))
                .map_err(|e| io_err(&path, e))
        });
        if let Err(e) = result {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
        self.file = file;
        self.created = true;
        Ok(())
    }

    /// Prepares the log to take further records after its valid ones: a torn or corrupted tail
    /// (which counts as not done) is cut off.
    pub fn continue_records(&mut self) -> Result<()> {
        let path = &self.path;
        let mut bytes = Vec::new();
        self.file
            .seek(SeekFrom::Start(0))
            .and_then(|_| self.file.read_to_end(&mut bytes))
            .map_err(|e| io_err(path, e))?;
        let (_, used) = parse(&bytes);
        if used < bytes.len() {
            self.file
                .set_len(used as u64)
                .map_err(|e| io_err(path, e))?;
        }
        self.file
            .seek(SeekFrom::Start(used as u64))
            .map_err(|e| io_err(path, e))?;
        Ok(())
    }

    /// Reads the parameters and valid records of a log without opening it for writing.
    pub fn read(path: &Path) -> Result<(String, Vec<String>)> {
        let bytes = std::fs::read(path)
            .map_err(|e| Error::usage(format!("cannot read '{}': {e}", path.display())))?;
        let (mut records, _) = parse(&bytes);
        if records.is_empty() {
            return Err(Error::usage(format!(
                "'{}' is not a checkpoint log (its first line does not check)",
                path.display()
            )));
        }
        let params = records.remove(0);
        Ok((params, records))
    }

    /// Appends one record (a line of text, without newline) and syncs it to disk.
    pub fn append(&mut self, body: &str) -> Result<()> {
        check_body(body)?;
        self.file
            .write_all(line(body).as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|e| io_err(&self.path, e))
    }
}

fn check_body(body: &str) -> Result<()> {
    if body.contains('\n') {
        return Err(Error::internal("a checkpoint record must be one line"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new log with these parameters (as a fresh run starts it).
    fn create(p: &Path, params: &str) -> Log {
        let (mut log, created, found) = Log::open_locked(p, p).unwrap().unwrap();
        assert!(created && found == Found::Nothing);
        log.start(params).unwrap();
        log
    }

    /// A log with these parameters and records, closed (as a run that was stopped leaves it).
    fn written(p: &Path, params: &str, records: &[&str]) {
        let mut log = create(p, params);
        for r in records {
            log.append(r).unwrap();
        }
    }

    /// The log reopened to continue it: its records.
    fn resume(p: &Path) -> (Log, Vec<String>) {
        let (mut log, _, found) = Log::open_locked(p, p).unwrap().unwrap();
        let Found::Log { records, .. } = found else {
            panic!("{found:?}")
        };
        log.continue_records().unwrap();
        (log, records)
    }

    #[test]
    fn records_survive_and_torn_or_corrupt_records_are_not_done() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("run.ckpt");
        written(
            &p,
            "a=1 n=100",
            &["chunk 0 ok", "chunk 1 FAIL n=17", "chunk 2 ok"],
        );
        let (log, r) = resume(&p);
        assert_eq!(r, ["chunk 0 ok", "chunk 1 FAIL n=17", "chunk 2 ok"]);
        drop(log);

        // A torn last record: not done, and cut off when the log is continued.
        let full = std::fs::read(&p).unwrap();
        std::fs::write(&p, &full[..full.len() - 3]).unwrap();
        let (mut log, r) = resume(&p);
        assert_eq!(r, ["chunk 0 ok", "chunk 1 FAIL n=17"]);
        log.append("chunk 2 ok again").unwrap();
        drop(log);
        assert_eq!(
            Log::read(&p).unwrap(),
            (
                "a=1 n=100".to_string(),
                vec![
                    "chunk 0 ok".to_string(),
                    "chunk 1 FAIL n=17".into(),
                    "chunk 2 ok again".into()
                ]
            )
        );

        // A flipped byte inside a recorded failure: that record and the rest are not done (the
        // failure is not turned into a pass).
        let mut bytes = std::fs::read(&p).unwrap();
        let at = bytes.windows(4).position(|w| w == b"FAIL").unwrap();
        bytes[at] = b'f';
        std::fs::write(&p, &bytes).unwrap();
        assert_eq!(Log::read(&p).unwrap().1, ["chunk 0 ok"]);
    }

    #[test]
    fn opening_changes_nothing_and_finds_what_is_there() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("run.ckpt");
        written(&p, "a=1 n=100", &["x"]);
        let before = std::fs::read(&p).unwrap();
        let (log, created, found) = Log::open_locked(&p, &p).unwrap().unwrap();
        assert!(!created);
        assert_eq!(
            found,
            Found::Log {
                params: "a=1 n=100".into(),
                records: vec!["x".into()],
                damaged: None,
            }
        );
        drop(log);
        assert_eq!(std::fs::read(&p).unwrap(), before);
        std::fs::write(&p, b"not a log\n").unwrap();
        assert_eq!(Log::open_locked(&p, &p).unwrap().unwrap().2, Found::NotALog);
    }

    #[test]
    fn a_log_in_use_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("run.ckpt");
        let log = create(&p, "p");
        assert!(Log::open_locked(&p, &p).unwrap().is_none());
        drop(log);
        assert!(Log::open_locked(&p, &p).unwrap().is_some());
    }

    #[test]
    fn a_bad_record_followed_by_good_ones_is_damage_a_torn_tail_is_not() {
        let good = |b: &str| line(b).into_bytes();
        let mut bytes = [good("p"), good("r1"), b"0000000000000000 r2\n".to_vec()].concat();
        bytes.extend([good("r3"), b"junk\n".to_vec(), good("r4"), b"torn".to_vec()].concat());
        let (records, used) = parse(&bytes);
        assert_eq!(records, ["p", "r1"]);
        let d = damage(&bytes, used, records.len()).unwrap();
        assert_eq!(
            (d.record, d.later),
            (2, vec!["r3".to_string(), "r4".into()])
        );
        // a bad or torn last line only: not done, no damage
        for tail in [&b"0000000000000000 r2\n"[..], b"torn"] {
            let bytes = [good("p"), good("r1"), tail.to_vec()].concat();
            let (records, used) = parse(&bytes);
            assert_eq!(damage(&bytes, used, records.len()), None);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        use proptest::prelude::*;
        proptest!(|(bytes in proptest::collection::vec(any::<u8>(), 0..300))| {
            let (records, used) = parse(&bytes);
            prop_assert!(used <= bytes.len());
            let _ = damage(&bytes, used, records.len());
            for r in records { prop_assert!(!r.contains('\n')); }
        });
    }
}
