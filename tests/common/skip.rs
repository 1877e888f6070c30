//! Tests that cannot run on this machine say so, in one wording, where it can be counted.

use std::io::Write;

/// The environment variable naming the file that [`skipped`] appends its lines to.
pub const SKIPPED_LOG: &str = "WYTHOFF_SKIPPED_LOG";

/// Records that the test `test` (its function name; with a part in parentheses where only a part
/// of it did not run, as in `the_completion_scripts_load (the zsh script)`) was skipped because
/// of `reason`, a true account of what this machine lacks (a program, a privilege, a small
/// enough disk).  The caller then returns (or goes on to its next part): the test passes, but
/// the skip is said where it can be seen and counted:
///
/// * one line `SKIPPED <test>: <reason>` on stderr — which `cargo test` shows only for failing
///   tests or with `--nocapture`;
/// * when the environment variable `WYTHOFF_SKIPPED_LOG` names a file, the same line appended to
///   it (one write of the whole line, so that the lines of tests running at once stay whole).
///   scripts/test sets it to a fresh file and prints, after `cargo test`, the number of these
///   lines and the lines themselves.
///
/// Panics if it cannot append to that file (a skip must not go uncounted), or if `test` is not
/// the name of the test running on this thread (the test harness names each test's thread).
pub fn skipped(test: &str, reason: impl std::fmt::Display) {
    let function = test.split(" (").next().unwrap_or(test);
    if let Some(running) = std::thread::current().name()
        && running != "main"
    {
        assert!(
            running == function || running.ends_with(&format!("::{function}")),
            "skipped({test:?}) called from the test {running}"
        );
    }
    let line = format!("SKIPPED {test}: {reason}\n");
    eprint!("{line}");
    if let Some(log) = std::env::var_os(SKIPPED_LOG).filter(|l| !l.is_empty()) {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .and_then(|mut f| f.write_all(line.as_bytes()))
            .unwrap_or_else(|e| {
                panic!(
                    "{SKIPPED_LOG}={}: {e}",
                    std::path::Path::new(&log).display()
                )
            });
    }
}
