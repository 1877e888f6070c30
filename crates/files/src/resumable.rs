//! The one resumable output: what a long run leaves beside its output so that, killed, it can be
//! continued — and the one decision, taken under a lock, whether a run refuses, resumes or
//! restarts an earlier run's work.
//!
//! Every checkpointed output (Grundy tables, three-pile cubes, row certificates, verify reports,
//! N-heap slice listings and the N-heap conjectures' report) keeps a checkpoint log ([`crate::checkpoint::Log`]) beside it; outputs written in
//! place as they are computed keep a partial file too:
//!
//! | output | written | partial file | checkpoint log |
//! |---|---|---|---|
//! | Grundy table, three-pile cube, N-heap slices | in place, as computed | `FILE.partial` | `FILE.partial.ckpt` |
//! | row certificate, verify report, N-heap conjectures | whole, at the end | — | `FILE.ckpt` |
//!
//! (The row search keeps two state files `CERT.state0`, `CERT.state1` as well, named by its log's
//! records, and the N-heap runs theirs, `FILE.partial.state0`, `FILE.partial.state1` or
//! `FILE.state0`, `FILE.state1`: `wythoff::nheap::resume`.)  Every name is the output's name with a suffix appended byte for byte
//! ([`sidecar`]), so non-UTF-8 names work like any other; symlinks are resolved first, so a link
//! and its target share one checkpoint.
//!
//! ## The decision
//! [`Resumable::open`] opens (or creates) the log and takes its exclusive lock before it looks at
//! anything: a second run on the same output is refused ("in use"), and no run can discard a log
//! that another is appending to.  Under the lock:
//!
//! | what is there | plain run ([`Partial::Refuse`]) | [`Partial::Resume`] | [`Partial::Restart`] |
//! |---|---|---|---|
//! | nothing, or an empty log | start | refused: nothing to resume (an empty log is said to be empty) | start |
//! | a log of this run's parameters | refused: interrupted run | resume | discard, start |
//! | a log of other parameters | refused: interrupted run | refused, left as it is | discard, start |
//! | bytes that are not a log | refused | refused | discard, start |
//! | a log whose partial file is gone | start (the log is stale) | refused: nothing to resume | start |
//!
//! | a symbolic link where the log is | refused | refused | refused |
//! | a symbolic link where a partial or state file is | refused if a log is there; else the link is removed, start | refused | discard (the link is removed), start |
//!
//! Nothing is ever written through a symbolic link: the log is opened with `O_NOFOLLOW`
//! ([`crate::checkpoint`]), a resumed run refuses a partial or state file that is a
//! link ("remove it by hand"), and discarding removes files (unlinks them, links included) and
//! starts a new log under a temporary name renamed over the old one — it never empties or rewrites
//! a file that this run did not create.
//!
//! Before the log is opened, the output's folder is checked ([`crate::atomic::check_folder`]):
//! a missing folder, or one that takes no new file, is reported naming the output, never the log.
//!
//! A run that takes the lock to start or resume, and a run that finishes, remove the temporary
//! files that killed writers left beside the output, its log and its state files
//! (`NAME.PID-K.partial` of [`crate::atomic::remove_stale`]: only those of processes
//! that no longer exist).
//!
//! A log whose record in the middle fails its check while later ones check is damaged, not torn:
//! the records before it are resumed as usual, and a resume that its files then refuse names the
//! damaged record ([`Resumable::refuse`], [`Resumable::damage`]).
//!
//! A refusal changes nothing on disk (a log created only to take the lock is removed again).
//! Resuming changes nothing either until the caller has checked the partial file against the
//! records and appends its first record; a caller whose check fails hands the lock back with
//! [`Resumable::refuse`], leaving every file as it was.
//!
//! A run that fails (an error, not a kill) before it has recorded anything leaves nothing behind:
//! its log and partial file are removed, so a full disk at the start does not look like an
//! interrupted run next time.  Once a record exists the files stay, to be resumed.
//!
//! Cost: one `open`, one `flock` and one read of the log at the start.

use super::Partial;
use super::atomic::{check_folder, remove_stale};
use super::checkpoint::{Damage, Found, Log};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use wythoff_core::error::{Error, Result, refusals_are_usage};

/// `path` with `suffix` appended to its last component, byte for byte.
pub fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut s = OsString::from(path.as_os_str());
    s.push(suffix);
    PathBuf::from(s)
}

/// The files of a resumable output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Files {
    /// The output (symlinks resolved by the caller).
    pub target: PathBuf,
    /// The checkpoint log, locked while a run uses the output.
    pub log: PathBuf,
    /// The partial file, for an output written in place as it is computed.
    pub partial: Option<PathBuf>,
    /// Further files of the run's state, removed with the log.
    pub state: Vec<PathBuf>,
}

impl Files {
    /// An output written in place: `FILE.partial` and its log `FILE.partial.ckpt`.
    pub fn in_place(target: &Path) -> Files {
        let partial = sidecar(target, ".partial");
        Files {
            target: target.to_owned(),
            log: sidecar(&partial, ".ckpt"),
            partial: Some(partial),
            state: Vec::new(),
        }
    }

    /// An output written whole at the end: its log `FILE.ckpt`, and the state files named by
    /// `state_suffixes`.
    pub fn at_end(target: &Path, state_suffixes: &[&str]) -> Files {
        Files {
            target: target.to_owned(),
            log: sidecar(target, ".ckpt"),
            partial: None,
            state: state_suffixes.iter().map(|s| sidecar(target, s)).collect(),
        }
    }

    /// The partial file (for an output written whole at the end, the log).
    fn shown(&self) -> &Path {
        self.partial.as_deref().unwrap_or(&self.log)
    }
}

/// Why a run does not start on its output.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// Another run holds the output's checkpoint.
    #[error("'{}' is in use by another run writing '{}'", log.display(), target.display())]
    InUse {
        /// The log.
        log: PathBuf,
        /// The output.
        target: PathBuf,
    },
    /// An interrupted run's checkpoint is there, and this run was told neither to resume nor to
    /// restart.
    #[error(
        "an interrupted run of '{}' is at '{}' (checkpointed {progress}): --resume continues it, \
         --restart discards it",
        target.display(),
        at.display()
    )]
    Interrupted {
        /// The output.
        target: PathBuf,
        /// Its partial file, or its log.
        at: PathBuf,
        /// How far it got, in the output's words ("to row 320").
        progress: String,
    },
    /// Nothing to resume.
    #[error(
        "there is no interrupted run of '{}' to resume: {why}",
        target.display(),
    )]
    NothingToResume {
        /// The output.
        target: PathBuf,
        /// What was found: a file that does not exist, or an empty log.
        why: String,
    },
    /// The interrupted run computes something else.
    #[error(
        "the interrupted run at '{}' computes another {what} ({found}), not this one ({wanted}); \
         it is left as it is (--restart discards it)",
        at.display()
    )]
    OtherRun {
        /// Its partial file, or its log.
        at: PathBuf,
        /// What the output is ("table").
        what: &'static str,
        /// The log's parameters.
        found: String,
        /// This run's.
        wanted: String,
    },
    /// The file where the log should be is not a checkpoint log.
    #[error(
        "'{}' is not a checkpoint log (its first line does not check); it is left as it is \
         (--restart discards it)",
        log.display()
    )]
    NotALog {
        /// The log.
        log: PathBuf,
    },
    /// The interrupted run's files are not what its log says.
    #[error(
        "the interrupted run at '{}' cannot be continued: {why}; it is left as it is \
         (--restart discards it)",
        at.display()
    )]
    Damaged {
        /// Its partial file, or its log.
        at: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// Anything else (an unreadable log, a failed write).
    #[error(transparent)]
    Other(#[from] Error),
}

// A refusal is bad input (status 2); a failure of the system, a failure (1).
refusals_are_usage!(ResumeError, carries Other);

/// How a run starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// From the beginning; `discarded` says whether an earlier run's checkpoint was discarded.
    Fresh {
        /// An earlier run was discarded (restart).
        discarded: bool,
    },
    /// Continuing an earlier run of the same parameters: its valid records, in order.
    Resume(Vec<String>),
}

/// What a [`Resumable`] removes when it is dropped before anything is recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cleanup {
    /// Nothing: the files are an earlier run's, or the run is finished.
    Nothing,
    /// The log, made only to take the lock.
    Log,
    /// Every file of this run (it started afresh).
    All,
}

/// An output's checkpoint, locked, with the decision taken (see the module documentation).
#[derive(Debug)]
pub struct Resumable {
    files: Files,
    log: Log,
    /// A record exists (resumed or appended): the files stay if the run fails.
    recorded: bool,
    /// What goes when this value is dropped before anything is recorded.
    cleanup: Cleanup,
    /// The log's torn tail is still to be cut off before the first append of a resumed run.
    resuming: bool,
    /// The damaged record of the log resumed, if any.
    damaged: Option<Damage>,
}

/// Removes the temporary files of killed writers beside the output, its log and its state files
/// ([`remove_stale`]).
fn remove_stale_temporaries(files: &Files) {
    for p in [&files.target, &files.log].into_iter().chain(&files.state) {
        remove_stale(p);
    }
}

/// What [`Resumable::open`] returns: the checkpoint and how the run starts, or a refusal.
type Opened = std::result::Result<(Resumable, Start), ResumeError>;

/// The refusal of a symbolic link where a file of the run should be.
fn symlink_refused(p: &Path) -> ResumeError {
    ResumeError::Other(Error::usage(format!(
        "'{}' is a symbolic link; remove it by hand",
        p.display()
    )))
}

impl Resumable {
    /// Opens the checkpoint of `files` for a run with parameters `params` (one line of text) in
    /// `mode`.  `what` names the output in messages ("table"); `progress` says how far the
    /// records of an interrupted run got ("to row 320").
    pub fn open(
        files: Files,
        params: &str,
        mode: Partial,
        what: &'static str,
        progress: &dyn Fn(&[String]) -> String,
    ) -> Opened {
        check_folder(&files.target)?;
        let Some((log, created, found)) =
            Log::open_locked(&files.log, &files.target).map_err(ResumeError::Other)?
        else {
            return Err(ResumeError::InUse {
                log: files.log.clone(),
                target: files.target.clone(),
            });
        };
        let r = Resumable {
            files,
            log,
            recorded: false,
            cleanup: Cleanup::Nothing,
            resuming: false,
            damaged: None,
        };
        let partial_gone = r.files.partial.as_deref().is_some_and(|p| {
            std::fs::symlink_metadata(p).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
        });
        let earlier = match &found {
            Found::Nothing => false,
            Found::Log { .. } if partial_gone => false,
            _ => true,
        };
        match mode {
            Partial::Resume => r.resume(found, created, partial_gone, params, what),
            Partial::Refuse if earlier => r.refuse_earlier(found, created, progress),
            Partial::Refuse | Partial::Restart => r.start_afresh(params, earlier, partial_gone),
        }
    }

    /// A refusal at the start: a log made only to take the lock (`created`) goes again when `self`
    /// is dropped; anything found stays as it was.
    fn refused(mut self, created: bool, e: ResumeError) -> Opened {
        if created {
            self.cleanup = Cleanup::Log;
        }
        Err(e)
    }

    /// [`Partial::Resume`]: resumes the log `found` if it is one of `params` whose partial file
    /// is there (`partial_gone` false) and no file of the run is a symbolic link; refuses
    /// otherwise.
    fn resume(
        mut self,
        found: Found,
        created: bool,
        partial_gone: bool,
        params: &str,
        what: &'static str,
    ) -> Opened {
        match found {
            Found::Log {
                params: p,
                records,
                damaged,
            } if !partial_gone => {
                if p != params {
                    let at = self.files.shown().to_owned();
                    return self.refused(
                        created,
                        ResumeError::OtherRun {
                            at,
                            what,
                            found: p,
                            wanted: params.to_owned(),
                        },
                    );
                }
                let files = &self.files;
                if let Some(link) = files.partial.iter().chain(&files.state).find(|p| {
                    std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink())
                }) {
                    let e = symlink_refused(link);
                    return self.refused(created, e);
                }
                self.recorded = !records.is_empty();
                self.resuming = true;
                self.damaged = damaged;
                remove_stale_temporaries(&self.files);
                Ok((self, Start::Resume(records)))
            }
            Found::NotALog => {
                let log = self.files.log.clone();
                self.refused(created, ResumeError::NotALog { log })
            }
            _ => {
                let why = if created {
                    format!("'{}' does not exist", self.files.log.display())
                } else if matches!(found, Found::Nothing) {
                    format!(
                        "its checkpoint '{}' is empty (a run stopped before it recorded its \
                         parameters: nothing of it can be continued; a run without --resume \
                         starts afresh)",
                        self.files.log.display()
                    )
                } else {
                    format!("'{}' does not exist", self.files.shown().display())
                };
                let target = self.files.target.clone();
                self.refused(created, ResumeError::NothingToResume { target, why })
            }
        }
    }

    /// A plain run ([`Partial::Refuse`]) that found an earlier run's checkpoint `found`: refused,
    /// saying how far that run got (`progress`).  `found` is never [`Found::Nothing`] here.
    fn refuse_earlier(
        self,
        found: Found,
        created: bool,
        progress: &dyn Fn(&[String]) -> String,
    ) -> Opened {
        match found {
            Found::NotALog => {
                let log = self.files.log.clone();
                self.refused(created, ResumeError::NotALog { log })
            }
            Found::Log { records, .. } => {
                let (target, at) = (self.files.target.clone(), self.files.shown().to_owned());
                let progress = progress(&records);
                self.refused(
                    created,
                    ResumeError::Interrupted {
                        target,
                        at,
                        progress,
                    },
                )
            }
            Found::Nothing => unreachable!("`earlier` is false for an empty log"),
        }
    }

    /// Starts afresh: the earlier run's files (if any: `discarded`) are discarded under the lock,
    /// and the log started with `params`.
    fn start_afresh(mut self, params: &str, discarded: bool, partial_gone: bool) -> Opened {
        if let Some(p) = &self.files.partial
            && !partial_gone
        {
            std::fs::remove_file(p).map_err(|e| Error::file(p, e))?;
        }
        for s in &self.files.state {
            match std::fs::remove_file(s) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(Error::file(s, e).into());
                }
                _ => {}
            }
        }
        self.cleanup = Cleanup::All;
        self.log.start(params)?;
        remove_stale_temporaries(&self.files);
        Ok((self, Start::Fresh { discarded }))
    }

    /// The output's files.
    pub fn files(&self) -> &Files {
        &self.files
    }

    /// The partial file (outputs written in place).
    pub fn partial(&self) -> Result<&Path> {
        self.files
            .partial
            .as_deref()
            .ok_or_else(|| Error::internal("this output has no partial file"))
    }

    /// Creates the partial file of a fresh run (read and write; an earlier run's was removed when
    /// the run was opened).
    pub fn create_partial(&self) -> Result<std::fs::File> {
        let p = self.partial()?;
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(p)
            .map_err(|e| Error::file(p, e))
    }

    /// Opens the partial file of a resumed run (read and write, never through a symbolic link),
    /// or `None` when it cannot be.
    pub fn open_partial(&self) -> Option<std::fs::File> {
        use std::os::unix::fs::OpenOptionsExt;
        let p = self.files.partial.as_deref()?;
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NOFOLLOW)
            .open(p)
            .ok()
    }

    /// The damaged record of the log resumed: one that fails its check while later records
    /// check (the records resumed are those before it).
    pub fn damage(&self) -> Option<&Damage> {
        self.damaged.as_ref()
    }

    /// The damage of the log resumed in words ("record K of 'LOG' fails its check: the log is
    /// damaged"), if any.
    pub fn damage_note(&self) -> Option<String> {
        self.damaged.as_ref().map(|d| {
            format!(
                "record {} of '{}' fails its check: the log is damaged",
                d.record,
                self.files.log.display()
            )
        })
    }

    /// A resume whose partial file does not match its records: the lock is given back and every
    /// file left as it was.  When the log has a damaged record, that is named first: the files
    /// are checked against the records before it, which later checkpoints may have overwritten.
    pub fn refuse(mut self, why: impl Into<String>) -> ResumeError {
        self.cleanup = Cleanup::Nothing;
        let why = why.into();
        let why = match self.damage_note() {
            Some(d) => format!("{d} (the records before it do not match the files: {why})"),
            None => why,
        };
        ResumeError::Damaged {
            at: self.files.shown().to_owned(),
            why,
        }
    }

    /// Appends one record (synced to disk before returning).
    pub fn append(&mut self, body: &str) -> Result<()> {
        if self.resuming {
            self.log.continue_records()?;
            self.resuming = false;
        }
        self.log.append(body)?;
        self.recorded = true;
        Ok(())
    }

    /// The run is complete (a partial file already renamed over the output): removes the log,
    /// the state files and the temporary files of killed writers beside them.
    pub fn finish(mut self) -> Result<()> {
        self.cleanup = Cleanup::Nothing;
        remove_stale_temporaries(&self.files);
        for s in &self.files.state {
            match std::fs::remove_file(s) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(Error::file(s, e));
                }
                _ => {}
            }
        }
        std::fs::remove_file(&self.files.log).map_err(|e| Error::file(&self.files.log, e))
    }
}

impl Drop for Resumable {
    /// A run that ends (by an error) before anything is recorded leaves nothing behind; the
    /// lock is released when the log's file is closed.
    fn drop(&mut self) {
        if self.recorded || self.cleanup == Cleanup::Nothing {
            return;
        }
        if self.cleanup == Cleanup::All {
            for p in self.files.partial.iter().chain(&self.files.state) {
                let _ = std::fs::remove_file(p);
            }
        }
        let _ = std::fs::remove_file(&self.files.log);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(p: &Path) -> String {
        format!("{} records", p.display())
    }

    fn progress(r: &[String]) -> String {
        format!("{} records", r.len())
    }

    fn open(
        f: &Files,
        params: &str,
        mode: Partial,
    ) -> std::result::Result<(Resumable, Start), ResumeError> {
        Resumable::open(f.clone(), params, mode, "table", &progress)
    }

    #[test]
    fn sidecar_names_append_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let p = Path::new(std::ffi::OsStr::from_bytes(b"dir/t\xff.bin"));
        let f = Files::in_place(p);
        assert_eq!(f.log.as_os_str().as_bytes(), b"dir/t\xff.bin.partial.ckpt");
        assert_eq!(
            f.partial.unwrap().as_os_str().as_bytes(),
            b"dir/t\xff.bin.partial"
        );
        let g = Files::at_end(p, &[".state0"]);
        assert_eq!(g.log.as_os_str().as_bytes(), b"dir/t\xff.bin.ckpt");
        assert_eq!(g.state[0].as_os_str().as_bytes(), b"dir/t\xff.bin.state0");
        let _ = at(p);
    }

    #[test]
    fn the_decision_table() {
        let dir = tempfile::tempdir().unwrap();
        let f = Files::at_end(&dir.path().join("r.json"), &[]);
        // nothing there: resume refused and nothing left behind; a plain run starts
        let e = open(&f, "p", Partial::Resume).unwrap_err();
        assert!(matches!(e, ResumeError::NothingToResume { .. }), "{e}");
        assert!(!f.log.exists());
        let (mut r, s) = open(&f, "p", Partial::Refuse).unwrap();
        assert_eq!(s, Start::Fresh { discarded: false });
        // a second run while the first holds the log: refused, whatever the mode
        for mode in [Partial::Refuse, Partial::Resume, Partial::Restart] {
            let e = open(&f, "p", mode).unwrap_err();
            assert!(matches!(e, ResumeError::InUse { .. }), "{mode:?}: {e}");
        }
        r.append("one").unwrap();
        drop(r);
        let before = std::fs::read(&f.log).unwrap();
        // interrupted: a plain run refuses, other parameters refused, both leaving it as it was
        let e = open(&f, "p", Partial::Refuse).unwrap_err();
        assert!(e.to_string().contains("checkpointed 1 records"), "{e}");
        let e = open(&f, "q", Partial::Resume).unwrap_err();
        assert!(matches!(e, ResumeError::OtherRun { .. }), "{e}");
        assert_eq!(std::fs::read(&f.log).unwrap(), before);
        // resume: the records, then appending continues them
        let (mut r, s) = open(&f, "p", Partial::Resume).unwrap();
        assert_eq!(s, Start::Resume(vec!["one".into()]));
        r.append("two").unwrap();
        drop(r);
        // restart discards
        let (r, s) = open(&f, "q", Partial::Restart).unwrap();
        assert_eq!(s, Start::Fresh { discarded: true });
        drop(r); // nothing recorded: the fresh run's log goes with it
        assert!(!f.log.exists());
    }

    #[test]
    fn a_failed_run_that_recorded_nothing_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let f = Files::in_place(&dir.path().join("t.bin"));
        let (r, _) = open(&f, "p", Partial::Refuse).unwrap();
        std::fs::write(r.partial().unwrap(), b"half").unwrap();
        drop(r);
        assert!(!f.log.exists() && !f.partial.as_ref().unwrap().exists());
        // with a record, both stay
        let (mut r, _) = open(&f, "p", Partial::Refuse).unwrap();
        std::fs::write(r.partial().unwrap(), b"half").unwrap();
        r.append("x").unwrap();
        drop(r);
        assert!(f.log.exists() && f.partial.as_ref().unwrap().exists());
        // a log whose partial file is gone is stale: a plain run starts, resume refuses
        std::fs::remove_file(f.partial.as_ref().unwrap()).unwrap();
        let e = open(&f, "p", Partial::Resume).unwrap_err();
        assert!(matches!(e, ResumeError::NothingToResume { .. }), "{e}");
        assert!(f.log.exists());
        let (_r, s) = open(&f, "p", Partial::Refuse).unwrap();
        assert_eq!(s, Start::Fresh { discarded: false });
    }

    #[test]
    fn bytes_that_are_not_a_log_are_refused_unless_restarting() {
        let dir = tempfile::tempdir().unwrap();
        let f = Files::at_end(&dir.path().join("r.json"), &[]);
        std::fs::write(&f.log, b"my notes\n").unwrap();
        for mode in [Partial::Refuse, Partial::Resume] {
            let e = open(&f, "p", mode).unwrap_err();
            assert!(matches!(e, ResumeError::NotALog { .. }), "{e}");
            assert_eq!(std::fs::read(&f.log).unwrap(), b"my notes\n");
        }
        let (_r, s) = open(&f, "p", Partial::Restart).unwrap();
        assert_eq!(s, Start::Fresh { discarded: true });
    }

    #[test]
    fn a_refused_resume_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let f = Files::in_place(&dir.path().join("t.bin"));
        let (mut r, _) = open(&f, "p", Partial::Refuse).unwrap();
        std::fs::write(r.partial().unwrap(), b"values").unwrap();
        r.append("a").unwrap();
        drop(r);
        // a torn tail stays until the resumed run appends
        let mut log = std::fs::read(&f.log).unwrap();
        log.extend_from_slice(b"0123");
        std::fs::write(&f.log, &log).unwrap();
        let (r, s) = open(&f, "p", Partial::Resume).unwrap();
        assert_eq!(s, Start::Resume(vec!["a".into()]));
        let e = r.refuse("its header is not this table's");
        assert!(e.to_string().contains("left as it is"), "{e}");
        assert_eq!(std::fs::read(&f.log).unwrap(), log);
        assert_eq!(
            std::fs::read(f.partial.as_ref().unwrap()).unwrap(),
            b"values"
        );
    }
}
