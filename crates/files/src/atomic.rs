//! The one way a file leaves the process: [`AtomicFile`].
//!
//! A file under its final name is whole and is the output of exactly one run.
//!
//! * **Regular targets** (or a name that does not exist yet) are written to a temporary file in the
//!   same directory, created exclusively under a name unique to this process and this output:
//!   `NAME.PID-K.partial` (`K` counts the outputs of the process).  [`AtomicFile::commit`] syncs it,
//!   renames it over the target and syncs the directory, so the final name appears only when the
//!   content is complete; two runs writing the same target never share a temporary file, and the
//!   last rename wins with one whole output.
//! * **Symlinks** are resolved (a chain of up to 40 links, dangling links included) and their final
//!   target is replaced atomically; the link itself stays a link.
//! * **Special files** — `/dev/null`, `/dev/stdout`, a FIFO, a character device — are written in
//!   place, never replaced, and only if the output can be streamed ([`Need::Stream`]).  Outputs
//!   that need a regular file (a header filled in last, a memory map, a checkpoint) ask for
//!   [`Need::Regular`] and such a target is refused.
//! * A directory, a missing parent directory or an unwritable place is refused by
//!   [`AtomicFile::create`] — which callers run **before** any work, so nothing is computed for an
//!   output that cannot be written.
//!
//! Dropping an uncommitted [`AtomicFile`] removes its temporary file.  A run stopped by Ctrl-C or
//! SIGTERM removes the temporary files of its open outputs too, once [`clean_up_on_signals`] has
//! been called (the command line does so first thing).  Files that belong to a checkpointed run
//! are not registered here and survive, so that the run can be resumed.
//!
//! A run killed by SIGKILL (or a crash, or a power cut) cannot clean up: its `NAME.PID-K.partial`
//! stays.  The next output to the same name removes such leftovers ([`remove_stale`]): a
//! sibling named exactly `NAME.PID-K.partial` (PID and K decimal) is removed only when both
//! signs say its writer is gone — no process PID exists (`kill(PID, 0)` fails with `ESRCH`), and
//! no one holds the `flock` that every writer takes on its temporary file for as long as it is
//! open (the kernel drops it when the process dies, however it dies).  A live run's temporary file
//! is never touched: its PID exists, or (from another PID namespace sharing the directory) its lock
//! is held.  The names removed are returned ([`AtomicFile::removed_stale`]) so that the caller can
//! say so.
//!
//! Cost: one extra `rename` and two `fsync`s per output, and one listing of the target's
//! directory.

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use wythoff_core::error::{Error, Result};

/// What an output needs of its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// The bytes are written once, front to back: a special file (FIFO, device) may take them.
    Stream,
    /// The output seeks, maps or resumes: only a regular file (or a new name) will do.
    Regular,
}

/// Where an output's bytes go, found before any work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A regular file or a new name: written through a unique temporary file and renamed.
    /// Holds the final path with symlinks resolved.
    Replace(PathBuf),
    /// A FIFO, device or socket: written in place.
    InPlace(PathBuf),
    /// An open descriptor of this process, named by `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or
    /// `/proc/self/fd/N` (directly or through links): written through a duplicate of it, so that
    /// a file it is redirected to is written at its offset (appended to, for `>>`), never
    /// replaced.
    Descriptor(i32),
}

/// Temporary files of open outputs, removed on SIGINT/SIGTERM.
static TEMPORARIES: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
/// Counts the temporary names this process has made.
static SERIAL: AtomicU64 = AtomicU64::new(0);

fn register(p: &Path) {
    if let Ok(mut t) = TEMPORARIES.lock() {
        t.insert(p.to_owned());
    }
}

fn unregister(p: &Path) {
    if let Ok(mut t) = TEMPORARIES.lock() {
        t.remove(p);
    }
}

/// Removes the temporary files of every output still open.  Called on SIGINT/SIGTERM.
pub fn remove_temporaries() {
    if let Ok(t) = TEMPORARIES.lock() {
        for p in t.iter() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// Installs the clean-up of temporary files on SIGINT and SIGTERM: a dedicated thread waits for
/// them (through `signal-hook`'s self-pipe), removes the temporaries and then ends the process
/// by the same signal, as its default action would.  Call it once, first thing.
pub fn clean_up_on_signals() -> Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])
        .map_err(|e| Error::internal(format!("cannot watch SIGINT/SIGTERM: {e}")))?;
    let waiter = move || {
        if let Some(sig) = signals.forever().next() {
            remove_temporaries();
            let _ = signal_hook::low_level::emulate_default_handler(sig);
            std::process::exit(128 + sig);
        }
    };
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(waiter)
        .map_err(|e| Error::internal(format!("cannot start the signal thread: {e}")))?;
    Ok(())
}

/// Follows `path` through symlinks (dangling ones included) to the name that will be written.
fn resolve_links(path: &Path) -> Result<PathBuf> {
    let mut p = path.to_owned();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p).map_err(|e| cannot_write(path, &e))?;
                p = match p.parent() {
                    Some(dir) => dir.join(link),
                    None => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(Error::usage(format!(
        "cannot write '{}': too many levels of symbolic links",
        path.display()
    )))
}

/// The descriptor a name stands for: `/dev/stdout` 1, `/dev/stderr` 2, `/dev/fd/N` and
/// `/proc/self/fd/N` N.
fn descriptor_named(p: &Path) -> Option<i32> {
    let s = p.to_str()?;
    match s {
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let n = s
        .strip_prefix("/dev/fd/")
        .or_else(|| s.strip_prefix("/proc/self/fd/"))?;
    if n.is_empty() || n.len() > 9 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse().ok()
}

/// The descriptor `path` names, directly or through symbolic links (see [`Target::Descriptor`]).
fn descriptor(path: &Path) -> Option<i32> {
    let mut p = path.to_owned();
    for _ in 0..40 {
        if let Some(fd) = descriptor_named(&p) {
            return Some(fd);
        }
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p).ok()?;
                p = match p.parent() {
                    Some(dir) => dir.join(link),
                    None => link,
                };
            }
            _ => return None,
        }
    }
    None
}

fn cannot_write(path: &Path, e: &io::Error) -> Error {
    Error::usage(format!("cannot write '{}': {e}", path.display()))
}

/// The folder `path` is in (`.` for a bare name).
pub fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Refuses an output `path` (symlinks resolved) whose folder does not exist or is not a folder,
/// naming `path` and the folder: what a run checks before any work when it makes files of its
/// own beside the output (a checkpoint), so that it never names one of them instead.
pub fn check_folder(path: &Path) -> Result<()> {
    let dir = folder(path);
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(Error::usage(format!(
            "cannot write '{}': '{}' is not a folder",
            path.display(),
            dir.display()
        ))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(Error::usage(format!(
            "cannot write '{}': the folder '{}' does not exist",
            path.display(),
            dir.display()
        ))),
        Err(e) => Err(cannot_write(path, &e)),
    }
}

/// The temporary file `tmp` beside `path` could not be created.  "No such file or directory"
/// there, while the directory exists, is about the new file (a file system that takes no new
/// files, like /proc): said so, rather than as if `path` or its directory were missing.
fn cannot_create(path: &Path, tmp: &Path, e: &io::Error) -> Error {
    let dir = folder(tmp);
    if check_folder(tmp).is_err() {
        // said of the name the user gave (the temporary file's folder is the target's); when
        // that name's own folder is there, it is a link into a folder that is not
        return match e.kind() {
            io::ErrorKind::NotFound | io::ErrorKind::NotADirectory => {
                check_folder(path).err().unwrap_or_else(|| {
                    Error::usage(format!(
                        "cannot write '{}': it is a link into '{}', which is not an existing \
                         folder",
                        path.display(),
                        dir.display()
                    ))
                })
            }
            _ => cannot_write(path, e),
        };
    }
    if e.kind() != io::ErrorKind::NotFound {
        return cannot_write(path, e);
    }
    let name = tmp.file_name().unwrap_or(tmp.as_os_str()).to_string_lossy();
    Error::usage(format!(
        "cannot write '{}': the directory '{}' takes no new file (the output is written to a new \
         file '{name}' there and renamed; creating it failed: {e})",
        path.display(),
        dir.display()
    ))
}

/// Decides where the output for `path` goes, refusing what cannot be served: a directory, a
/// special file when `need` is [`Need::Regular`], a missing or unwritable directory (the last is
/// found when the temporary file is created).
pub fn target(path: &Path, need: Need) -> Result<Target> {
    if path.as_os_str().is_empty() {
        return Err(Error::usage("an output path must not be empty"));
    }
    if path.as_os_str().as_encoded_bytes().ends_with(b"/") {
        // "x/" names a directory: refused now, not at the final rename after the work
        return Err(Error::usage(format!(
            "cannot write '{}': a name ending in '/' names a directory; give a file name",
            path.display()
        )));
    }
    if let Some(fd) = descriptor(path) {
        return match need {
            Need::Stream => Ok(Target::Descriptor(fd)),
            Need::Regular => Err(Error::usage(format!(
                "cannot write '{}': it names the open descriptor {fd} of this process, and this \
                 output needs a regular file of its own (it is completed in place or read back)",
                path.display()
            ))),
        };
    }
    let resolved = resolve_links(path)?;
    match std::fs::metadata(&resolved) {
        Ok(m) if m.is_dir() => Err(Error::usage(format!(
            "cannot write '{}': it is a directory; give a file name",
            path.display()
        ))),
        Ok(m) if m.is_file() => Ok(Target::Replace(resolved)),
        Ok(m) => {
            let ft = m.file_type();
            let what = if ft.is_fifo() {
                "a FIFO"
            } else if ft.is_char_device() {
                "a character device"
            } else if ft.is_block_device() {
                "a block device"
            } else if ft.is_socket() {
                "a socket"
            } else {
                "not a regular file"
            };
            match need {
                Need::Stream => Ok(Target::InPlace(resolved)),
                Need::Regular => Err(Error::usage(format!(
                    "cannot write '{}': it is {what}, and this output needs a regular file \
                     (it is completed in place or read back)",
                    path.display()
                ))),
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Target::Replace(resolved)),
        Err(e) => Err(cannot_write(path, &e)),
    }
}

/// Refuses an output that is the very file an input is read from (the same device and inode,
/// through any links): writing it would destroy the input before or while it is read.
/// `out_flag` and `in_flag` name the arguments.
pub fn refuse_overwriting_input(
    output: &Path,
    out_flag: &str,
    input: &Path,
    in_flag: &str,
) -> Result<()> {
    use std::os::unix::fs::MetadataExt;
    if let (Ok(o), Ok(i)) = (std::fs::metadata(output), std::fs::metadata(input))
        && (o.dev(), o.ino()) == (i.dev(), i.ino())
    {
        return Err(Error::usage(format!(
            "{out_flag}: '{}' is the file {in_flag} reads; writing it would destroy the input: \
             give another name",
            output.display()
        )));
    }
    Ok(())
}

/// The PID in `name` if it is `prefix` followed by `PID-K.partial`, both decimal (a temporary
/// name of [`temporary_name`] for the target whose file name plus `.` is `prefix`).
fn temporary_pid(name: &[u8], prefix: &[u8]) -> Option<libc::pid_t> {
    let rest = name.strip_prefix(prefix)?.strip_suffix(b".partial")?;
    let dash = rest.iter().position(|&c| c == b'-')?;
    let (pid, k) = (&rest[..dash], &rest[dash + 1..]);
    let decimal = |d: &[u8]| !d.is_empty() && d.len() <= 20 && d.iter().all(u8::is_ascii_digit);
    if !decimal(pid) || !decimal(k) {
        return None;
    }
    std::str::from_utf8(pid).ok()?.parse().ok()
}

/// Whether no process `pid` exists: `kill(pid, 0)` fails with `ESRCH` (`EPERM` means it exists,
/// owned by someone else).
fn no_such_process(pid: libc::pid_t) -> bool {
    if pid <= 0 {
        return false;
    }
    let Some(pid) = rustix::process::Pid::from_raw(pid) else {
        return false;
    };
    // signal 0 sends nothing; it only checks that the process exists
    rustix::process::test_kill_process(pid) == Err(rustix::io::Errno::SRCH)
}

/// Removes the temporary files `NAME.PID-K.partial` beside `target` left by runs that no longer
/// exist (see the module documentation): the process PID does not exist and the file's lock is
/// free.  Never this process's own, never a live run's.  Returns the paths removed.
pub fn remove_stale(target: &Path) -> Vec<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::OpenOptionsExt;
    let Some(name) = target.file_name() else {
        return vec![];
    };
    let mut prefix = name.as_bytes().to_vec();
    prefix.push(b'.');
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return vec![];
    };
    let me = std::process::id();
    let mut removed = vec![];
    for e in entries.flatten() {
        let Some(pid) = temporary_pid(e.file_name().as_bytes(), &prefix) else {
            continue;
        };
        if u32::try_from(pid) == Ok(me) || !no_such_process(pid) {
            continue;
        }
        let path = e.path();
        // a regular file only (never follow a link, never block on a FIFO)
        let Ok(f) = OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            .open(&path)
        else {
            continue;
        };
        if !f.metadata().is_ok_and(|m| m.is_file()) {
            continue;
        }
        match f.try_lock() {
            Ok(()) => {}
            // a writer holds it: alive, whatever its PID says here
            Err(std::fs::TryLockError::WouldBlock) => continue,
            // no locks on this file system: the PID is the only sign
            Err(std::fs::TryLockError::Error(_)) => {}
        }
        if std::fs::remove_file(&path).is_ok() {
            removed.push(path);
        }
    }
    removed
}

/// The unique temporary name for `target`: `NAME.PID-K.partial` in the same directory.
pub(crate) fn temporary_name(target: &Path) -> PathBuf {
    let k = SERIAL.fetch_add(1, Ordering::Relaxed);
    let mut name = target.file_name().unwrap_or_default().to_owned();
    name.push(format!(".{}-{k}.partial", std::process::id()));
    target.with_file_name(name)
}

/// A file that appears under its final name only when complete (see the module documentation).
pub struct AtomicFile {
    file: Option<File>,
    /// The temporary file, or `None` when writing a special file in place.
    temporary: Option<PathBuf>,
    /// The final name (symlinks resolved).
    target: PathBuf,
    /// The name the user gave.
    given: PathBuf,
    /// Temporary files of killed runs removed when this output was opened.
    stale: Vec<PathBuf>,
}

impl AtomicFile {
    /// Opens an output that is written front to back ([`Need::Stream`]); a failure here is a usage
    /// error (bad, unwritable or unsuitable path).  Call it before doing the work.
    pub fn create(path: &Path) -> Result<AtomicFile> {
        Self::create_for(path, Need::Stream)
    }

    /// Opens an output that needs a regular file ([`Need::Regular`]).
    pub fn create_regular(path: &Path) -> Result<AtomicFile> {
        Self::create_for(path, Need::Regular)
    }

    /// Opens an output with the given need.
    pub fn create_for(path: &Path, need: Need) -> Result<AtomicFile> {
        match target(path, need)? {
            Target::Descriptor(fd) => {
                // SAFETY: the number is only borrowed for the `fcntl(F_DUPFD_CLOEXEC)` below, which
                // fails with EBADF (an error here, no undefined behaviour) if it is not open.
                let borrowed = unsafe { std::os::fd::BorrowedFd::borrow_raw(fd) };
                let dup = rustix::io::fcntl_dupfd_cloexec(borrowed, 0)
                    .map_err(|e| cannot_write(path, &io::Error::from(e)))?;
                let file = File::from(dup);
                Ok(AtomicFile {
                    file: Some(file),
                    temporary: None,
                    target: path.to_owned(),
                    given: path.to_owned(),
                    stale: vec![],
                })
            }
            Target::InPlace(p) => {
                let file = OpenOptions::new()
                    .write(true)
                    .open(&p)
                    .map_err(|e| cannot_write(path, &e))?;
                Ok(AtomicFile {
                    file: Some(file),
                    temporary: None,
                    target: p,
                    given: path.to_owned(),
                    stale: vec![],
                })
            }
            Target::Replace(p) => {
                let stale = remove_stale(&p);
                let (file, tmp) = loop {
                    let tmp = temporary_name(&p);
                    match OpenOptions::new().write(true).create_new(true).open(&tmp) {
                        Ok(f) => break (f, tmp),
                        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                        Err(e) => return Err(cannot_create(path, &tmp, &e)),
                    }
                };
                register(&tmp);
                // The sign, for a later run's `remove_stale`, that this file's writer is alive;
                // without locks on this file system the PID is the only one.
                let _ = file.try_lock();
                Ok(AtomicFile {
                    file: Some(file),
                    temporary: Some(tmp),
                    target: p,
                    given: path.to_owned(),
                    stale,
                })
            }
        }
    }

    /// The open file (the temporary file, or the special file itself).
    pub fn file(&mut self) -> &mut File {
        self.file.as_mut().expect("the file is open until commit")
    }

    /// The path the user gave.
    pub fn path(&self) -> &Path {
        &self.given
    }

    /// The final name: the path given, its symbolic links resolved for a file renamed into place
    /// or written in place (an open descriptor's path is kept as given).
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The temporary files of killed runs on the same name that opening this output removed
    /// ([`remove_stale`]).
    pub fn removed_stale(&self) -> &[PathBuf] {
        &self.stale
    }

    /// Whether the output is written in place (a FIFO or device), not renamed.
    pub fn in_place(&self) -> bool {
        self.temporary.is_none()
    }

    /// Finishes the output: syncs and renames the temporary file over the target and syncs the
    /// directory (for a special file: flushes it).
    pub fn commit(mut self) -> Result<()> {
        let mut file = self.file.take().expect("commit once");
        let given = self.given.clone();
        file.flush().map_err(|e| io_error(&given, e))?;
        let Some(tmp) = self.temporary.take() else {
            return Ok(());
        };
        test_hold();
        let result = (|| {
            file.sync_all()?;
            drop(file);
            std::fs::rename(&tmp, &self.target)?;
            sync_dir(&self.target)
        })();
        unregister(&tmp);
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.map_err(|e| io_error(&given, e))
    }
}

/// Test hook: when `WYTHOFF_TEST_HOLD` names a path P, a commit first creates `P.held` and then
/// waits (up to a minute) until `P.go` exists — so that a test can make two runs overlap for
/// certain.  Unset, it costs one environment look-up per output.
fn test_hold() {
    let Some(p) = std::env::var_os("WYTHOFF_TEST_HOLD") else {
        return;
    };
    let with = |ext: &str| {
        let mut q = p.clone();
        q.push(ext);
        PathBuf::from(q)
    };
    let _ = File::create(with(".held"));
    for _ in 0..6000 {
        if with(".go").exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Syncs the directory holding `path`, so that a rename into it is durable.
pub fn sync_dir(path: &Path) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    File::open(dir)?.sync_all()
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file().write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.file().write_all(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file().flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        self.file.take();
        if let Some(tmp) = self.temporary.take() {
            let _ = std::fs::remove_file(&tmp);
            unregister(&tmp);
        }
    }
}

/// An I/O failure while writing `path`, as a one-line error.
pub fn io_error(path: &Path, e: io::Error) -> Error {
    Error::file(path, e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn nothing_appears_until_commit_and_drop_cleans_up() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.txt");
        {
            let mut f = AtomicFile::create(&p).unwrap();
            f.write_all(b"half").unwrap();
            assert!(!p.exists());
            assert_eq!(names(dir.path()).len(), 1);
            assert!(names(dir.path())[0].ends_with(".partial"));
        }
        assert!(names(dir.path()).is_empty());
        let mut f = AtomicFile::create(&p).unwrap();
        f.write_all(b"whole").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"whole");
        assert_eq!(names(dir.path()), vec!["x.txt"]);
    }

    #[test]
    fn two_outputs_to_one_name_never_mix() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.txt");
        let mut a = AtomicFile::create(&p).unwrap();
        let mut b = AtomicFile::create(&p).unwrap();
        a.write_all(b"first run, ").unwrap();
        b.write_all(b"second run").unwrap();
        a.write_all(b"whole").unwrap();
        a.commit().unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"first run, whole");
        b.commit().unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second run");
        assert_eq!(names(dir.path()), vec!["x.txt"]);
    }

    #[test]
    fn temporary_names_are_recognised_exactly() {
        let p = b"r.json.";
        assert_eq!(temporary_pid(b"r.json.123-4.partial", p), Some(123));
        for other in [
            &b"r.json.123-.partial"[..],
            b"r.json.-4.partial",
            b"r.json.12a-4.partial",
            b"r.json.123-4.partial.ckpt",
            b"r.json.partial",
            b"r.json.partial.ckpt",
            b"xr.json.123-4.partial",
            b"r.jsonx.123-4.partial",
            b"r.json.99999999999-4.partial",
        ] {
            assert_eq!(
                temporary_pid(other, p),
                None,
                "{}",
                String::from_utf8_lossy(other)
            );
        }
    }

    #[test]
    fn stale_temporaries_go_live_ones_and_others_stay() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.txt");
        // a process that existed and is gone: a child, reaped
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let stale = dir.path().join(format!("x.txt.{dead}-0.partial"));
        std::fs::write(&stale, b"half").unwrap();
        // a live process's (this one's parent's), a locked one of a dead PID, an unrelated name
        let parent = rustix::process::getppid().map_or(1, |p| p.as_raw_nonzero().get());
        let live = dir.path().join(format!("x.txt.{parent}-0.partial"));
        std::fs::write(&live, b"busy").unwrap();
        let locked = dir.path().join(format!("x.txt.{dead}-1.partial"));
        std::fs::write(&locked, b"busy").unwrap();
        let holder = File::open(&locked).unwrap();
        holder.lock().unwrap();
        let other = dir.path().join("y.txt.1-0.partial");
        std::fs::write(&other, b"other").unwrap();
        let mut f = AtomicFile::create(&p).unwrap();
        if no_such_process(dead as libc::pid_t) {
            assert_eq!(f.removed_stale(), std::slice::from_ref(&stale));
            assert!(!stale.exists());
        }
        assert!(live.exists() && locked.exists() && other.exists());
        // this run's own temporary file is locked: another process would leave it alone
        let mine = f.temporary.clone().unwrap();
        assert!(matches!(
            File::open(&mine).unwrap().try_lock(),
            Err(std::fs::TryLockError::WouldBlock)
        ));
        f.write_all(b"whole").unwrap();
        f.commit().unwrap();
        drop(holder);
    }

    #[test]
    fn refuses_directories_and_missing_parents_before_work() {
        let dir = tempfile::tempdir().unwrap();
        for bad in [dir.path().to_owned(), dir.path().join("no/such/dir")] {
            let e = AtomicFile::create(&bad).err().unwrap();
            assert_eq!(e.exit_code(), 2, "{e}");
        }
        assert!(names(dir.path()).is_empty());
    }

    #[test]
    fn symlinks_are_resolved_and_their_target_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        let mut f = AtomicFile::create(&link).unwrap();
        f.write_all(b"new").unwrap();
        f.commit().unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // A dangling link creates its target.
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink("made.txt", &dangling).unwrap();
        let mut f = AtomicFile::create(&dangling).unwrap();
        f.write_all(b"made").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(dir.path().join("made.txt")).unwrap(), b"made");
        // A link into a missing folder is refused by the name given, not the temporary one.
        let astray = dir.path().join("astray");
        std::os::unix::fs::symlink("nowhere/x.txt", &astray).unwrap();
        let e = AtomicFile::create(&astray).err().unwrap().to_string();
        assert!(e.contains("astray") && e.contains("nowhere"), "{e}");
        assert!(!e.contains(".partial"), "{e}");
    }

    #[test]
    fn special_files_are_written_in_place_or_refused() {
        let null = Path::new("/dev/null");
        assert_eq!(
            target(null, Need::Stream).unwrap(),
            Target::InPlace(null.into())
        );
        let mut f = AtomicFile::create(null).unwrap();
        assert!(f.in_place());
        f.write_all(b"gone").unwrap();
        f.commit().unwrap();
        assert!(
            std::fs::metadata(null)
                .unwrap()
                .file_type()
                .is_char_device()
        );
        assert_eq!(
            AtomicFile::create_regular(null).err().unwrap().exit_code(),
            2
        );
    }
}
