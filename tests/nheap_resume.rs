//! `nheap --slice … -o FILE` and `nheap --conjectures … -o FILE` stopped part way (the hidden
//! test hook that aborts the process like kill -9 after k checkpoints, and a real SIGKILL) and
//! continued with `--resume` end with the very bytes of an uninterrupted run written to standard
//! output — three heaps with --all, one four-heap slice and all of them, a slice as JSON, the
//! conjectures' reports (three and four heaps).  A plain run refuses the interrupted one,
//! `--resume` refuses other parameters, nothing to resume and a run in use, leaving the files as
//! they were; `--restart` discards; a damaged state file or text is refused in one line with status 1.

mod common;

use common::{
    kill_at, records, refused, refused_keeping, run_ok, s, says, spawn, stdout, suffixed, text,
    wait_for, wythoff,
};
use std::path::{Path, PathBuf};

/// The arguments with `-o FILE` and more.
fn with(args: &[&str], file: &Path, more: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    v.extend(["-o".to_string(), s(file).to_string()]);
    v.extend(more.iter().map(|a| a.to_string()));
    v
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Runs `args` with `-o FILE`, aborted after `k` checkpoints taken every 1000 columns (the
/// test hooks); asserts that it was aborted (not finished).
fn aborted(args: &[&str], file: &Path, more: &[&str], k: &str) {
    let mut extra = vec![
        "--checkpoint-columns",
        "1000",
        "--abort-after-checkpoints",
        k,
    ];
    extra.extend_from_slice(more);
    let o = wythoff(&strs(&with(args, file, &extra)));
    assert!(
        o.status.code().is_none(),
        "{args:?} was not aborted (it ended first?): {}",
        text(&o)
    );
    assert!(!file.exists(), "an aborted run left '{}'", file.display());
}

/// A run of `args` writing a new file in a new folder, aborted after `k` checkpoints: the
/// folder and the file.
fn interrupted(args: &[&str], k: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.txt");
    aborted(args, &file, &[], k);
    (dir, file)
}

/// The log of an output written in place.
fn log(file: &Path) -> PathBuf {
    suffixed(file, ".partial.ckpt")
}

/// The output of `args` aborted twice (the second time while resumed, with text written after
/// the last checkpoint appended to the partial file when `in_place`), then resumed to the end:
/// the bytes of an uninterrupted run on standard output; nothing left beside the file.
fn resumes_to_the_same_bytes(args: &[&str], in_place: bool) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out");
    let want = stdout(&run_ok(args));
    aborted(args, &file, &[], "2");
    if in_place {
        // a kill between two checkpoints leaves text after the last one: cut off on resuming
        let partial = suffixed(&file, ".partial");
        let mut b = std::fs::read(&partial).unwrap();
        b.extend_from_slice(b"17 12345 99999\n");
        std::fs::write(&partial, b).unwrap();
    }
    aborted(args, &file, &["--resume"], "2");
    let o = run_ok(&strs(&with(args, &file, &["--resume"])));
    says(&text(&o), "continuing the interrupted run");
    // the text kept is counted only where text is written as computed
    let kept = if in_place {
        "bytes of output kept"
    } else {
        "the report is written at the end"
    };
    says(&text(&o), kept);
    if in_place {
        assert_eq!(std::fs::read_to_string(&file).unwrap(), want, "{args:?}");
    } else {
        // the report is the JSON of `--json`
        let json = stdout(&run_ok(&[args, &["--json"]].concat()));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), json, "{args:?}");
        assert_eq!(stdout(&o), want, "{args:?}");
    }
    let mut left = common::names(dir.path());
    left.retain(|n| n != "out");
    assert!(left.is_empty(), "{args:?} left {left:?}");
}

/// The outputs resumed: three heaps --all, one four-heap slice (fixed heaps given in either
/// order) and all of them, a slice as JSON (written in place), the conjectures' reports of three
/// and four heaps (written at the end).
const CASES: [(&[&str], bool); 6] = [
    (
        &["nheap", "--slice", "24", "--all", "--count", "6000"],
        true,
    ),
    (&["nheap", "--slice", "3,9", "--count", "20000"], true),
    (
        &["nheap", "--slice", "5,3", "--all", "--count", "6000"],
        true,
    ),
    (
        &["nheap", "--slice", "12", "--count", "30000", "--json"],
        true,
    ),
    (&["nheap", "--conjectures", "16", "--count", "8000"], false),
    (&["nheap", "--conjectures", "5,3", "--count", "8000"], false),
];

#[test]
fn every_output_resumes_to_the_same_bytes() {
    for (args, in_place) in CASES {
        resumes_to_the_same_bytes(args, in_place);
    }
}

#[test]
fn a_run_killed_by_sigkill_resumes_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("all.txt");
    let args = ["nheap", "--slice", "20", "--all", "--count", "20000"];
    let want = stdout(&run_ok(&args));
    let run = with(&args, &file, &["--checkpoint-ms", "5"]);
    assert!(
        kill_at(spawn(&strs(&run)), &log(&file), "column=", 2),
        "the run ended first"
    );
    run_ok(&strs(&with(&args, &file, &["--resume"])));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), want);
}

#[test]
fn interrupted_runs_are_refused_resumed_only_as_they_were_and_restarted() {
    let args = ["nheap", "--slice", "16", "--all", "--count", "8000"];
    let (_dir, file) = interrupted(&args, "2");
    let partial = suffixed(&file, ".partial");
    let kept = [log(&file), partial.clone()];
    let kept: Vec<&Path> = kept.iter().map(PathBuf::as_path).collect();
    // a plain run refuses, naming --resume and --restart
    let e = refused_keeping(&strs(&with(&args, &file, &[])), &kept, &["-o"]);
    says(&e, "--resume continues it");
    says(&e, "checkpointed to column");
    // other parameters: refused, the files kept
    for other in [
        ["nheap", "--slice", "16", "--all", "--count", "8001"].as_slice(),
        &["nheap", "--slice", "16", "--count", "8000"],
        &["nheap", "--slice", "15", "--all", "--count", "8000"],
    ] {
        let e = refused_keeping(
            &strs(&with(other, &file, &["--resume"])),
            &kept,
            &["--resume"],
        );
        says(&e, "computes another slice listing");
    }
    // --restart discards and runs afresh
    let o = run_ok(&strs(&with(&args, &file, &["--restart"])));
    says(&text(&o), "discarded");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        stdout(&run_ok(&args))
    );
    assert!(!log(&file).exists() && !partial.exists());
    // nothing to resume: no log, or a log whose partial file is gone
    let e = refused(&strs(&with(&args, &file, &["--resume"])), &["--resume"]);
    says(&e, "no interrupted run");
    std::fs::remove_file(&file).unwrap();
    aborted(&args, &file, &[], "1");
    std::fs::remove_file(&partial).unwrap();
    let e = refused(&strs(&with(&args, &file, &["--resume"])), &["--resume"]);
    says(&e, "no interrupted run");
    // a plain run takes such a log for stale and starts
    run_ok(&strs(&with(&args, &file, &[])));
    assert!(!log(&file).exists());
    // --resume needs -o, and a file where a checkpoint can be kept
    refused(&[&args[..], &["--resume"]].concat(), &["--output"]);
    let special = with(&args, Path::new("/dev/null"), &["--resume"]);
    says(&refused(&strs(&special), &["--resume"]), "special file");
}

#[test]
fn a_run_in_use_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.txt");
    let args = ["nheap", "--slice", "64", "--all", "--count", "1e5"];
    let mut first = spawn(&strs(&with(&args, &file, &[])));
    wait_for(&log(&file));
    let e = refused(&strs(&with(&args, &file, &["--resume"])), &["--resume"]);
    says(&e, "in use");
    let e = refused(&strs(&with(&args, &file, &[])), &["-o"]);
    says(&e, "in use");
    first.kill().unwrap();
    first.wait().unwrap();
}

/// Runs `args` and asserts a failure (status 1) in one line naming `want`, the files kept.
fn fails_keeping(args: &[&str], kept: &[&Path], want: &str) {
    let before: Vec<Vec<u8>> = kept.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let o = wythoff(args);
    let t = text(&o);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {t}");
    assert_eq!(t.trim_end().lines().count(), 1, "{t}");
    assert!(!t.contains("panicked"), "{t}");
    says(&t, want);
    let after: Vec<Vec<u8>> = kept.iter().map(|p| std::fs::read(p).unwrap()).collect();
    assert!(after == before, "{args:?} changed a file");
}

#[test]
fn a_damaged_state_file_or_text_is_refused_with_status_1() {
    let args = ["nheap", "--slice", "10", "--all", "--count", "8000"];
    let (_dir, file) = interrupted(&args, "3");
    let l = log(&file);
    assert!(records(&l) >= 3);
    // the state file the last record names
    let last = std::fs::read_to_string(&l).unwrap();
    let i = if last.lines().last().unwrap().contains("state=0") {
        "0"
    } else {
        "1"
    };
    let state = suffixed(&file, &format!(".partial.state{i}"));
    let partial = suffixed(&file, ".partial");
    let good = std::fs::read(&state).unwrap();
    let resume = with(&args, &file, &["--resume"]);
    for at in [3, 100, good.len() / 2, good.len() - 1] {
        let mut b = good.clone();
        b[at] ^= 1;
        std::fs::write(&state, &b).unwrap();
        fails_keeping(&strs(&resume), &[&state, &partial, &l], "does not match");
    }
    std::fs::write(&state, &good).unwrap();
    // a flipped byte in the text kept
    let text_good = std::fs::read(&partial).unwrap();
    let mut b = text_good.clone();
    b[10] ^= 1;
    std::fs::write(&partial, &b).unwrap();
    fails_keeping(
        &strs(&resume),
        &[&state, &partial, &l],
        "bytes do not match its last checkpoint (damaged)",
    );
    // a cut one: said as what the file holds, not as bytes that do not match
    let recorded: usize = (last.lines().last().unwrap().split(' '))
        .find_map(|f| f.strip_prefix("bytes="))
        .unwrap()
        .parse()
        .unwrap();
    for keep in [100, recorded / 2] {
        std::fs::write(&partial, &text_good[..keep]).unwrap();
        let t = text(&wythoff(&strs(&resume)));
        says(
            &t,
            &format!(
                "it holds {keep} bytes, fewer than the {recorded} its last checkpoint recorded \
                 (cut short)"
            ),
        );
        assert!(!t.contains("do not match"), "{t}");
        fails_keeping(&strs(&resume), &[&state, &partial, &l], "cut short");
    }
    // restored, the run continues to the end
    std::fs::write(&partial, &text_good).unwrap();
    run_ok(&strs(&resume));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        stdout(&run_ok(&args))
    );
}
