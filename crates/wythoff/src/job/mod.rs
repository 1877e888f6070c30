//! The default job (`wythoff generate`, run by `scripts/run`): every kind of output of the
//! library, written into one folder, with a report page over them.
//!
//! [`Sizes`] fixes how big each output is (the default job, the default times a scale S, or the
//! small preset [`Sizes::QUICK`] the tests run end to end); `outputs.rs` lists the files, each
//! made by the one library call of the command that makes that file on its own.  [`run`]
//! checks the folder before any work (its path, its free space for the files whose sizes are
//! known, that it takes files), writes the files in order — each opened (its target checked)
//! before its own work and under its final name only when whole (the files layer's atomic
//! writer) — reports each as written ([`Event`]), and ends with the page of [`page`].
//! Cost: the sum of the outputs' costs; the default job is dominated by the verification sweep
//! (n < 3·10^10) and the Grundy table (N = 16384).

mod outputs;
pub mod page;
mod sizes;

pub use sizes::Sizes;

use crate::error::{Error, Refusal, Refuses, refusals_are_usage};
use crate::files::AtomicFile;
use crate::pairs::emit;
use crate::verify::report::Report;
use outputs::{Make, Shared, outputs};
use page::{Page, PageFile};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The input of the job that a refusal concerns, so that a caller can name its own argument for
/// it (the library names quantities, never flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The output folder.
    Folder,
    /// The scale S of the default sizes.
    Scale,
}

/// Why the job did not run or did not finish.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// An input the job does not accept, refused before any work.
    #[error(transparent)]
    Refused(#[from] Refusal<Input>),
    /// An output failed (its library call's error).
    #[error(transparent)]
    Failed(#[from] Error),
}

refusals_are_usage!(JobError, carries Failed);

/// What the job reports while it runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event<'a> {
    /// A file is complete under its final name.
    Wrote {
        /// The file's name in the folder.
        file: &'a str,
        /// Seconds since the job started.
        seconds: f64,
    },
}

/// One file the job wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// Its path (the folder joined with its name).
    pub path: PathBuf,
    /// What it holds, in words.
    pub what: String,
    /// Its size in bytes.
    pub bytes: u64,
}

/// The finished job.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Every file written, in order, the report page last.
    pub files: Vec<Written>,
    /// Seconds the job took.
    pub seconds: f64,
    /// The verification report, when the job made one.
    pub report: Option<Report>,
}

impl Summary {
    /// True when the verification report found a counterexample.
    pub fn failed(&self) -> bool {
        self.report.as_ref().is_some_and(|r| r.failed())
    }
}

/// Runs the job of `sizes` into the folder `out` (created if missing) on `threads` threads (the
/// size of the current rayon pool, for the Grundy table and the page), calling `event` as each
/// file is complete.  The folder is checked before any work; a refusal concerns
/// [`Input::Folder`] or [`Input::Scale`].  A verification that finds a counterexample is no error
/// here: the files and the page say so, and [`Summary::failed`] tells.
pub fn run(
    out: &Path,
    sizes: Sizes,
    threads: usize,
    event: &dyn Fn(Event<'_>),
) -> Result<Summary, JobError> {
    prepare(out, &sizes)?;
    let t0 = Instant::now();
    let started = page::utc_now();
    let report: Shared<Report> = Default::default();
    let (job, catalogue) = outputs(sizes, threads, report.clone());
    let mut files = Vec::new();
    let mut written = Vec::new();
    for o in &job {
        let t = Instant::now();
        let path = out.join(&o.file);
        match &o.make {
            Make::Stream(format, f) => {
                let mut file = emit::open_file(*format, &path)?;
                f(&mut file)?;
                file.commit()?;
            }
            Make::Path(f) => f(&path)?,
        }
        let bytes = size(&path);
        files.push(PageFile {
            name: o.file.clone(),
            what: o.what.clone(),
            bytes,
            seconds: t.elapsed().as_secs_f64(),
        });
        // named once complete under its final name: an interrupted run names only files that exist
        event(Event::Wrote {
            file: &o.file,
            seconds: t0.elapsed().as_secs_f64(),
        });
        written.push(Written {
            path,
            what: o.what.clone(),
            bytes,
        });
    }
    // the report page, last: it links every file above
    let report = report.take();
    let index = out.join("index.html");
    let html = page::render(&Page {
        title: format!("wythoff generate: {}", out.display()),
        files,
        report: report.as_ref(),
        catalogue,
        figures: vec![
            ("started".into(), started),
            ("finished".into(), page::utc_now()),
            (
                "time".into(),
                format!(
                    "{:.1} s for {} files",
                    t0.elapsed().as_secs_f64(),
                    job.len()
                ),
            ),
            ("machine".into(), page::machine()),
            ("threads".into(), threads.to_string()),
            ("preset".into(), sizes.describe()),
            (
                "program".into(),
                format!("wythoff {}", env!("CARGO_PKG_VERSION")),
            ),
        ],
    });
    let mut f = AtomicFile::create(&index)?;
    f.write_all(html.as_bytes())
        .map_err(|e| Error::file(index.clone(), e))?;
    f.commit()?;
    written.push(Written {
        bytes: size(&index),
        path: index,
        what: "this run's report page (open it in a browser)".into(),
    });
    Ok(Summary {
        files: written,
        seconds: t0.elapsed().as_secs_f64(),
        report,
    })
}

/// The size of the file at `path` in bytes (0 when it cannot be read).
fn size(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

/// The checks before any work: the folder's path is UTF-8 text (the verification report names
/// the table file by its path), the sizes are accepted, the folder's file system holds the files
/// whose sizes are known (measured at the folder, or at its nearest existing ancestor), and the
/// folder exists and takes files.
fn prepare(out: &Path, sizes: &Sizes) -> Result<(), JobError> {
    let folder = |m: String| JobError::refused(Input::Folder, m);
    if out.to_str().is_none() {
        return Err(folder(format!(
            "the path '{}' is not UTF-8 text",
            out.display()
        )));
    }
    let known = sizes.known_bytes()?;
    let place = out
        .ancestors()
        .find(|d| d.as_os_str().is_empty() || d.exists())
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    crate::files::resources::check_disk(known, place, "scale").map_err(|e| match e {
        Error::Usage(m) => folder(m),
        e => e.into(),
    })?;
    std::fs::create_dir_all(out)
        .map_err(|e| folder(format!("cannot create '{}': {e}", out.display())))?;
    drop(
        AtomicFile::create_regular(&out.join(".wythoff-probe"))
            .map_err(|e| folder(format!("cannot write into '{}': {e}", out.display())))?,
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused_folder(r: Result<Summary, JobError>) -> bool {
        matches!(
            r,
            Err(JobError::Refused(Refusal {
                input: Input::Folder,
                ..
            }))
        )
    }

    #[test]
    fn a_folder_that_cannot_take_the_files_is_refused_before_any_work() {
        let d = tempfile::tempdir().unwrap();
        let called = std::cell::Cell::new(0);
        let event = |_: Event<'_>| called.set(called.get() + 1);
        // a regular file, and a folder below one
        let file = d.path().join("a-file");
        std::fs::write(&file, b"x").unwrap();
        for out in [file.clone(), file.join("sub")] {
            assert!(refused_folder(run(&out, Sizes::QUICK, 1, &event)));
        }
        // a path that is not UTF-8 text (the report names the table by its path)
        use std::os::unix::ffi::OsStrExt;
        let odd = d.path().join(std::ffi::OsStr::from_bytes(b"out\xff"));
        assert!(refused_folder(run(&odd, Sizes::QUICK, 1, &event)));
        assert_eq!(called.get(), 0);
        assert_eq!(std::fs::read(&file).unwrap(), b"x");
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
    }
}
