//! `grundy N -o FILE` and its interrupted runs: the partial file is locked while in use, a plain
//! run refuses an interrupted one, `--resume` refuses anything but this very table and leaves the
//! partial file byte for byte as it was, `--restart` discards it, a torn or corrupted checkpoint
//! record means "not done"; runs of every a resume byte-identically after a real SIGKILL.

mod common;

use common::{
    edit_log_header, records, refused, refused_keeping, run_ok, s, spawn, start_held, stderr,
    suffixed, wythoff,
};
use std::path::Path;
use std::process::Output;

/// A run of side `n` killed (abort, like kill -9) once `rows` rows are checkpointed.
fn interrupted(f: &Path, n: &str, rows: &str) {
    let o = wythoff(&["grundy", n, "-o", s(f), "--abort-after-rows", rows]);
    assert!(!o.status.success());
    assert!(!f.exists());
    assert!(suffixed(f, ".partial").exists() && suffixed(f, ".partial.ckpt").exists());
}

/// The table file of a fresh, uninterrupted run.
fn fresh(dir: &Path, n: &str, a: &str) -> Vec<u8> {
    let f = dir.join(format!("fresh-{n}-{a}.bin"));
    if !f.exists() {
        run_ok(&["grundy", n, "-a", a, "-o", s(&f), "--threads", "1"]);
    }
    std::fs::read(&f).unwrap()
}

/// The row the run said it resumed at.
fn resumed_at(o: &Output) -> Option<u64> {
    stderr(o)
        .split("resuming at row ")
        .nth(1)?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[test]
fn resume_with_other_parameters_leaves_the_partial_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    let (partial, ckpt) = (suffixed(&f, ".partial"), suffixed(&f, ".partial.ckpt"));
    interrupted(&f, "900", "320");
    let before = (
        std::fs::read(&partial).unwrap(),
        std::fs::read(&ckpt).unwrap(),
    );
    // a smaller N (the old code truncated first and then panicked), a larger N, another a
    for args in [
        vec!["grundy", "300", "-o", s(&f), "--resume"],
        vec!["grundy", "1000", "-o", s(&f), "--resume"],
        vec!["grundy", "900", "-a", "2", "-o", s(&f), "--resume"],
    ] {
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
        let now = (
            std::fs::read(&partial).unwrap(),
            std::fs::read(&ckpt).unwrap(),
        );
        assert!(
            now == before,
            "{args:?} changed the partial file or its checkpoint"
        );
        assert!(!f.exists());
    }
    // plain runs, of this table or another, refuse and name both ways out
    for n in ["900", "300"] {
        let o = wythoff(&["grundy", n, "-o", s(&f)]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains("--resume") && e.contains("--restart"), "{e}");
        assert!(e.contains("checkpointed to row 320"), "{e}");
        let now = (
            std::fs::read(&partial).unwrap(),
            std::fs::read(&ckpt).unwrap(),
        );
        assert!(now == before);
    }
    // the right parameters resume it, from the checkpointed band
    let o = run_ok(&["grundy", "900", "-o", s(&f), "--resume"]);
    assert_eq!(resumed_at(&o), Some(320), "{}", stderr(&o));
    assert_eq!(std::fs::read(&f).unwrap(), fresh(dir.path(), "900", "1"));
    assert!(!partial.exists() && !ckpt.exists());
}

#[test]
fn restart_discards_the_interrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    interrupted(&f, "700", "256");
    let o = run_ok(&["grundy", "700", "-o", s(&f), "--restart"]);
    assert!(stderr(&o).contains("discarded"), "{}", stderr(&o));
    assert_eq!(resumed_at(&o), None);
    assert_eq!(std::fs::read(&f).unwrap(), fresh(dir.path(), "700", "1"));
    // restarting with other parameters is fine too: the old run is discarded
    let g = dir.path().join("g.bin");
    interrupted(&g, "700", "128");
    run_ok(&["grundy", "200", "-a", "3", "-o", s(&g), "--restart"]);
    assert_eq!(std::fs::read(&g).unwrap(), fresh(dir.path(), "200", "3"));
    assert!(!suffixed(&g, ".partial").exists() && !suffixed(&g, ".partial.ckpt").exists());
}

#[test]
fn a_partial_file_of_format_version_1_is_refused_by_name_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    let (partial, ckpt) = (suffixed(&f, ".partial"), suffixed(&f, ".partial.ckpt"));
    interrupted(&f, "700", "256");
    // make it the partial state of a version 1 run: the log's first line says v1 (its line hash
    // recomputed, doc/formats.md), the header says version 1 (checksum 0 then lay at offset 48)
    let body = edit_log_header(&ckpt, "table v3 ", "table v1 ");
    assert!(
        body.starts_with("wythoff grundy table v1 a=1 N=700"),
        "{body}"
    );
    let mut p = std::fs::read(&partial).unwrap();
    p[8..12].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(&partial, &p).unwrap();
    let resume = ["grundy", "700", "-o", s(&f), "--resume"];
    let want = ["table format version 1", "--restart"];
    refused_keeping(&resume, &[&partial, &ckpt], &want);
    assert!(!f.exists());
    // a plain run names both ways on; --restart discards it and writes version 3
    let o = wythoff(&["grundy", "700", "-o", s(&f)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--restart"), "{}", stderr(&o));
    run_ok(&["grundy", "700", "-o", s(&f), "--restart"]);
    assert_eq!(std::fs::read(&f).unwrap(), fresh(dir.path(), "700", "1"));
    assert_eq!(std::fs::read(&f).unwrap()[8..12], 3u32.to_le_bytes());
}

#[test]
fn nothing_to_resume_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    for a in ["1", "2"] {
        refused(
            &["grundy", "300", "-a", a, "-o", s(&f), "--resume"],
            &["no interrupted run"],
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}

/// A run killed with SIGKILL (no hook: the real signal, at whatever point it lands) after its
/// third checkpoint, then resumed, gives the file of an uninterrupted run byte for byte — for
/// a = 1 and for a ≥ 2 (whose band schedule and diagonal window sets are rebuilt on resume), with
/// one and two workers.
#[test]
fn resume_after_a_real_sigkill_is_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    for (a, n, threads) in [("1", "9000", "2"), ("3", "6000", "1"), ("10", "4000", "2")] {
        let f = dir.path().join(format!("k{a}.bin"));
        let ckpt = suffixed(&f, ".partial.ckpt");
        let mut child = spawn(&["grundy", n, "-a", a, "-o", s(&f), "--threads", threads]);
        let t0 = std::time::Instant::now();
        while records(&ckpt) < 3 {
            assert!(t0.elapsed().as_secs() < 120, "a = {a}: no checkpoints");
            assert!(
                child.try_wait().unwrap().is_none(),
                "a = {a}: finished too soon"
            );
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        child.kill().unwrap(); // SIGKILL
        let status = child.wait().unwrap();
        assert!(!status.success() && !f.exists(), "a = {a}");
        let o = wythoff(&[
            "grundy",
            n,
            "-a",
            a,
            "-o",
            s(&f),
            "--resume",
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "a = {a}: {}", stderr(&o));
        let at = resumed_at(&o).unwrap_or_else(|| panic!("a = {a}: {}", stderr(&o)));
        assert!(at >= 192, "a = {a}: resumed at {at}");
        assert_eq!(
            std::fs::read(&f).unwrap(),
            fresh(dir.path(), n, a),
            "a = {a}"
        );
        std::fs::remove_file(&f).unwrap();
        std::fs::remove_file(dir.path().join(format!("fresh-{n}-{a}.bin"))).unwrap();
    }
}

#[test]
fn torn_or_corrupt_records_and_damaged_rows_are_not_done() {
    let dir = tempfile::tempdir().unwrap();
    let want = fresh(dir.path(), "700", "1");
    let f = dir.path().join("t.bin");
    let (partial, ckpt) = (suffixed(&f, ".partial"), suffixed(&f, ".partial.ckpt"));
    // `--resume` goes on from the row given and ends with the file of an uninterrupted run
    let resumes_at = |row: u64| {
        let o = run_ok(&["grundy", "700", "-o", s(&f), "--resume"]);
        assert_eq!(resumed_at(&o), Some(row), "{}", stderr(&o));
        assert_eq!(std::fs::read(&f).unwrap(), want);
    };
    // records for rows 64, 128, 192, 256; the last one torn by a crash
    interrupted(&f, "700", "256");
    let log = std::fs::read(&ckpt).unwrap();
    std::fs::write(&ckpt, &log[..log.len() - 5]).unwrap();
    resumes_at(192);
    std::fs::remove_file(&f).unwrap();

    // a flipped byte in the record of row 128: it and the later records are not done
    interrupted(&f, "700", "256");
    let mut log = std::fs::read_to_string(&ckpt).unwrap();
    let at = log.find("rows=128").unwrap();
    log.replace_range(at..at + 8, "rows=129");
    std::fs::write(&ckpt, log).unwrap();
    resumes_at(64);
    std::fs::remove_file(&f).unwrap();

    // a changed value in row 150 of the partial file: the chained hash stops at row 128
    interrupted(&f, "700", "256");
    let mut bytes = std::fs::read(&partial).unwrap();
    let (n, x) = (700usize, 150usize);
    let i = 64 + (x * n - x * (x - 1) / 2 + 10) * 2;
    bytes[i] ^= 1;
    std::fs::write(&partial, bytes).unwrap();
    resumes_at(128);

    // a partial file of the wrong length is refused and left as it is
    std::fs::remove_file(&f).unwrap();
    interrupted(&f, "700", "128");
    let mut bytes = std::fs::read(&partial).unwrap();
    bytes.truncate(bytes.len() - 1);
    std::fs::write(&partial, &bytes).unwrap();
    let o = wythoff(&["grundy", "700", "-o", s(&f), "--resume"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(std::fs::read(&partial).unwrap(), bytes);
}

#[test]
fn two_runs_on_one_output_never_share_the_partial_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    let hold = dir.path().join("hold");
    // the first run pauses right after its first checkpoint, holding the partial file
    let mut first = start_held(
        &["grundy", "700", "-o", s(&f)],
        "WYTHOFF_TEST_TABLE_HOLD",
        &hold,
    );
    // (the held run's engine may still fill rows past its checkpoint, so what the others must
    // leave alone is the checkpoint log, the file's length and its header)
    let partial = suffixed(&f, ".partial");
    let log = suffixed(&f, ".partial.ckpt");
    let seen = |p: &std::path::Path| std::fs::read(p).unwrap();
    let (log_then, partial_then) = (seen(&log), seen(&partial));
    for extra in [None, Some("--resume"), Some("--restart")] {
        let mut args = vec!["grundy", "700", "-o", s(&f)];
        args.extend(extra);
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("in use"), "{}", stderr(&o));
    }
    let partial_now = seen(&partial);
    assert_eq!(seen(&log), log_then);
    assert_eq!(partial_now.len(), partial_then.len());
    assert_eq!(partial_now[..64], partial_then[..64]);
    std::fs::write(suffixed(&hold, ".go"), b"").unwrap();
    assert!(first.wait().unwrap().success());
    assert_eq!(std::fs::read(&f).unwrap(), fresh(dir.path(), "700", "1"));
    assert!(!suffixed(&f, ".partial").exists());
}

#[test]
fn sigterm_keeps_the_partial_file_of_a_checkpointed_run_of_any_a() {
    let dir = tempfile::tempdir().unwrap();
    let partials = || -> Vec<String> {
        std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".partial"))
            .collect()
    };
    // (the temporary file of an uncheckpointed output is removed: tests/files.rs)
    for (a, n, kept) in [("3", "12000", true), ("1", "20000", true)] {
        let f = dir.path().join(format!("a{a}.bin"));
        let mut child = spawn(&["grundy", n, "-a", a, "-o", s(&f), "--threads", "1"]);
        let t0 = std::time::Instant::now();
        while partials().is_empty() {
            assert!(t0.elapsed().as_secs() < 60);
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        // SAFETY: signalling our own child process.
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
        let status = child.wait().unwrap();
        assert!(
            !status.success(),
            "a = {a}: the run finished before the signal"
        );
        assert!(!f.exists());
        assert_eq!(!partials().is_empty(), kept, "a = {a}: {:?}", partials());
    }
}

/// A run refused for the machine's room (here: a table of side 2^20 needs 390 GiB of memory and
/// 1.6 TB of disk) leaves nothing behind; a `--restart` refused the same way leaves the
/// interrupted run it would have discarded as it was.
#[test]
fn a_run_refused_for_room_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("big.bin");
    refused(&["grundy", "1048576", "-o", s(&f)], &["GiB"]);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    // an interrupted run, then a refused restart: the partial and its log are untouched
    let g = dir.path().join("g.bin");
    interrupted(&g, "700", "256");
    let (p, c) = (suffixed(&g, ".partial"), suffixed(&g, ".partial.ckpt"));
    let before = (std::fs::read(&p).unwrap(), std::fs::read(&c).unwrap());
    let o = wythoff(&["grundy", "1048576", "-o", s(&g), "--restart"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(
        (std::fs::read(&p).unwrap(), std::fs::read(&c).unwrap()),
        before
    );
}
