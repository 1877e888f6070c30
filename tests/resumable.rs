//! The one resumable output, through the command line: `--restart` while another run writes the
//! same output is refused (the decision is taken under the checkpoint's lock), and a run that
//! fails before it has recorded anything leaves nothing that the next run would take for an
//! interrupted run.  Nothing is ever written through a symbolic link where the log, the partial
//! file or a state file is; temporary files of killed writers go; a missing folder, an empty log
//! and a damaged record are named as what they are.

mod common;
use common::{command, log_line, refused, run_ok, s, says, spawn, stdout, suffixed, text, wythoff};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::Duration;

/// Starts a long run in the background and waits until its checkpoint log exists (the log is
/// created, locked, when the run starts).
fn start_and_wait(args: &[&str], log: &Path) -> Child {
    let child = spawn(args);
    for _ in 0..6000 {
        if std::fs::metadata(log).is_ok_and(|m| m.len() > 0) {
            return child;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    stop(child);
    panic!("the run never created '{}'", log.display());
}

fn stop(mut c: Child) {
    let _ = c.kill();
    let _ = c.wait();
}

#[test]
fn restart_while_another_run_writes_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // verify: a bound that takes minutes
    let r = dir.path().join("r.json");
    let rs = s(&r);
    let log = dir.path().join("r.json.ckpt");
    let first = start_and_wait(&["verify", "--bound", "1e12", "-o", rs], &log);
    let before = std::fs::read(&log).unwrap();
    for extra in [&["--restart"][..], &["--resume"], &[]] {
        let mut args = vec!["verify", "--bound", "1e12", "-o", rs];
        args.extend_from_slice(extra);
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", text(&o));
        assert!(text(&o).contains("in use"), "{extra:?}: {}", text(&o));
        assert_eq!(text(&o).trim_end().lines().count(), 1, "{}", text(&o));
    }
    // the running run's log was not replaced
    assert!(std::fs::read(&log).unwrap().starts_with(&before));
    stop(first);

    // rows: a search that takes minutes
    let c = dir.path().join("c.cert");
    let cs = s(&c);
    let log = dir.path().join("c.cert.ckpt");
    let first = start_and_wait(&["rows", "1023", "-o", cs], &log);
    let before = std::fs::read(&log).unwrap();
    for extra in [&["--restart"][..], &["--resume"], &[]] {
        let mut args = vec!["rows", "1023", "-o", cs];
        args.extend_from_slice(extra);
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", text(&o));
        assert!(text(&o).contains("in use"), "{extra:?}: {}", text(&o));
    }
    assert_eq!(std::fs::read(&log).unwrap(), before);
    stop(first);
}

/// Runs the binary with writes to files failing (`ulimit -f 0`: every write past byte 0 fails
/// with EFBIG, as a full disk fails them; SIGXFSZ ignored so the write returns the error).
fn with_no_room(args: &[&str]) -> std::process::Output {
    let mut all = vec![
        "-c",
        "trap '' XFSZ; ulimit -f 0; exec \"$0\" \"$@\"",
        env!("CARGO_BIN_EXE_wythoff"),
    ];
    all.extend_from_slice(args);
    Command::new("bash").args(&all).output().unwrap()
}

#[test]
fn a_run_that_fails_before_recording_anything_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, Vec<&str>); 4] = [
        ("c.cert", vec!["rows", "8"]),
        ("r.json", vec!["verify", "--bound", "1e6"]),
        ("t.bin", vec!["grundy", "100"]),
        ("k.bin", vec!["three", "50", "--cube"]),
    ];
    for (name, args) in cases {
        let out = dir.path().join(name);
        let os = s(&out);
        let mut a = args.clone();
        if a[0] != "three" {
            a.push("-o");
        }
        a.push(os);
        let o = with_no_room(&a);
        assert_eq!(o.status.code(), Some(1), "{a:?}: {}", text(&o));
        let left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(left.is_empty(), "{a:?} left {left:?}");
        // the next run, with room, is not refused as an interrupted one
        let o = wythoff(&a);
        assert_eq!(o.status.code(), Some(0), "{a:?}: {}", text(&o));
        assert!(out.exists());
        std::fs::remove_file(&out).unwrap();
    }
}

#[test]
fn resume_with_nothing_to_resume_is_refused_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for (args, name) in [
        (vec!["verify", "--bound", "1e6", "--resume", "-o"], "r.json"),
        (vec!["rows", "8", "--resume", "-o"], "c.cert"),
        (vec!["grundy", "100", "--resume", "-o"], "t.bin"),
        (vec!["three", "30", "--resume", "--cube"], "k.bin"),
    ] {
        let out = dir.path().join(name);
        let mut a = args.clone();
        a.push(s(&out));
        let o = wythoff(&a);
        assert_eq!(o.status.code(), Some(2), "{a:?}: {}", text(&o));
        assert!(
            text(&o).contains("no interrupted run"),
            "{a:?}: {}",
            text(&o)
        );
        assert!(text(&o).contains("to resume"), "{a:?}: {}", text(&o));
        assert_eq!(text(&o).trim_end().lines().count(), 1, "{}", text(&o));
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "{a:?}");
    }
}

#[test]
fn a_checkpoint_is_named_byte_for_byte_beside_a_non_utf8_output() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"r\xff.json");
    let out = dir.path().join(name);
    let log = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"r\xff.json.ckpt"));
    // an interrupted run's log (its first line checks; the run's parameters are another's)
    let body = "wythoff verify checkpoint v1 other";
    let line = log_line(body);
    std::fs::write(&log, &line).unwrap();
    let run = |args: &[&str]| command().args(args).arg(&out).output().unwrap();
    let o = run(&["verify", "--bound", "1e6", "-o"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--restart"), "{}", text(&o));
    assert_eq!(std::fs::read(&log).unwrap(), line.as_bytes());
    let o = run(&["verify", "--bound", "1e6", "--restart", "-o"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(out.exists() && !log.exists());
}

/// A slice listing with checkpoints every 1000 columns (the test hook).
const SLICE: [&str; 6] = ["nheap", "--slice", "16", "--all", "--count", "8000"];

/// `args` with `-o FILE` and `more`.
fn with<'a>(args: &[&'a str], file: &'a Path, more: &[&'a str]) -> Vec<&'a str> {
    [args, &["-o", s(file)], more].concat()
}

/// The slice listing written to `FILE` in a new folder, aborted (like kill -9) after `k`
/// checkpoints: the folder and `FILE`.
fn interrupted_slice(k: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.txt");
    let more = [
        "--checkpoint-columns",
        "1000",
        "--abort-after-checkpoints",
        k,
    ];
    let o = wythoff(&with(&SLICE, &file, &more));
    assert!(o.status.code().is_none(), "not aborted: {}", text(&o));
    (dir, file)
}

/// A file that must keep its bytes: made with `bytes`.
fn victim(dir: &Path, bytes: &[u8]) -> PathBuf {
    let v = dir.join("victim");
    std::fs::write(&v, bytes).unwrap();
    v
}

fn is_link(p: &Path) -> bool {
    std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink())
}

#[test]
fn a_symbolic_link_where_the_log_is_is_refused_and_never_written_through() {
    let cases: [(&[&str], &str, &str); 3] = [
        (&["grundy", "64"], "g.bin", ".partial.ckpt"),
        (
            &["nheap", "--slice", "3", "--count", "3"],
            "out.txt",
            ".partial.ckpt",
        ),
        (&["verify", "--bound", "1e6"], "r.json", ".ckpt"),
    ];
    for (args, name, suffix) in cases {
        for bytes in [&b"precious data\n"[..], b""] {
            for mode in [&[][..], &["--resume"], &["--restart"]] {
                let dir = tempfile::tempdir().unwrap();
                let v = victim(dir.path(), bytes);
                let out = dir.path().join(name);
                let log = suffixed(&out, suffix);
                std::os::unix::fs::symlink("victim", &log).unwrap();
                let o = wythoff(&with(args, &out, mode));
                let t = text(&o);
                assert_eq!(o.status.code(), Some(2), "{args:?} {mode:?}: {t}");
                says(&t, "is a symbolic link; remove it by hand");
                says(&t, s(&log));
                assert_eq!(t.trim_end().lines().count(), 1, "{t}");
                assert_eq!(std::fs::read(&v).unwrap(), bytes, "{args:?} {mode:?}");
                assert!(is_link(&log) && !out.exists(), "{args:?} {mode:?}");
            }
        }
        // a dangling link: the same refusal, nothing made where it points
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join(name);
        let log = suffixed(&out, suffix);
        std::os::unix::fs::symlink("nowhere", &log).unwrap();
        let o = wythoff(&with(args, &out, &[]));
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        says(&text(&o), "is a symbolic link; remove it by hand");
        assert!(!dir.path().join("nowhere").exists());
    }
}

#[test]
fn starting_afresh_replaces_a_log_it_did_not_make_and_never_rewrites_it() {
    // a file hard-linked where the log is: discarded by --restart (not a log), taken by a plain
    // run (empty); either way the other name keeps its bytes
    for (bytes, mode) in [(&b"my notes\n"[..], &["--restart"][..]), (b"", &[])] {
        let dir = tempfile::tempdir().unwrap();
        let v = victim(dir.path(), bytes);
        let out = dir.path().join("r.json");
        std::fs::hard_link(&v, suffixed(&out, ".ckpt")).unwrap();
        run_ok(&with(&["verify", "--bound", "1e6"], &out, mode));
        assert_eq!(std::fs::read(&v).unwrap(), bytes, "{mode:?}");
        assert!(out.exists() && !suffixed(&out, ".ckpt").exists());
    }
}

#[test]
fn a_symbolic_link_where_a_partial_or_state_file_is_is_never_written_through() {
    let want = stdout(&run_ok(&SLICE));
    for sidecar in [".partial", ".partial.state0", ".partial.state1"] {
        for mode in ["", "--resume", "--restart"] {
            let (dir, file) = interrupted_slice("2");
            let v = victim(dir.path(), b"precious data\n");
            let side = suffixed(&file, sidecar);
            std::fs::remove_file(&side).unwrap();
            std::os::unix::fs::symlink("victim", &side).unwrap();
            let more: &[&str] = if mode.is_empty() { &[] } else { &[mode] };
            let o = wythoff(&with(&SLICE, &file, more));
            let t = text(&o);
            let at = format!("{sidecar} {mode}");
            if mode == "--restart" {
                assert_eq!(o.status.code(), Some(0), "{at}: {t}");
                assert_eq!(std::fs::read_to_string(&file).unwrap(), want, "{at}");
                assert!(!is_link(&side), "{at}");
            } else {
                assert_eq!(o.status.code(), Some(2), "{at}: {t}");
                if mode == "--resume" {
                    says(&t, "is a symbolic link; remove it by hand");
                }
            }
            assert_eq!(std::fs::read(&v).unwrap(), b"precious data\n", "{at}");
        }
    }
    // a run killed before its first checkpoint is resumed from column 0, its partial file cut:
    // never the file a link there points to
    let (dir, file) = interrupted_slice("1");
    let log = suffixed(&file, ".partial.ckpt");
    let first = std::fs::read_to_string(&log).unwrap();
    std::fs::write(&log, first.lines().next().unwrap().to_string() + "\n").unwrap();
    let v = victim(dir.path(), b"precious data\n");
    let partial = suffixed(&file, ".partial");
    std::fs::remove_file(&partial).unwrap();
    std::os::unix::fs::symlink("victim", &partial).unwrap();
    let e = refused(&with(&SLICE, &file, &["--resume"]), &["is a symbolic link"]);
    says(&e, s(&partial));
    assert_eq!(std::fs::read(&v).unwrap(), b"precious data\n");
}

/// The name a killed writer leaves for `file`: `FILE.PID-K.partial` of a process that is gone.
fn stale_of(file: &Path, k: u32) -> PathBuf {
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    suffixed(file, &format!(".{dead}-{k}.partial"))
}

#[test]
fn temporary_files_of_killed_writers_go_when_a_run_takes_its_output() {
    for mode in ["--resume", "--restart"] {
        let (dir, file) = interrupted_slice("2");
        let state = |i| suffixed(&file, &format!(".partial.state{i}"));
        let stale = [stale_of(&state(1), 15), stale_of(&state(0), 3)];
        // a live writer's (this process's parent's, which exists) stays
        let live = suffixed(
            &state(1),
            &format!(".{}-1.partial", std::os::unix::process::parent_id()),
        );
        for p in stale.iter().chain([&live]) {
            std::fs::write(p, b"half a state").unwrap();
        }
        run_ok(&with(&SLICE, &file, &[mode]));
        let left = common::names(dir.path());
        let live_name = live.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(left, ["out.txt".to_string(), live_name], "{mode}");
    }
}

#[test]
fn a_missing_folder_is_named_with_the_output_not_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let nodir = dir.path().join("nodir");
    let out = nodir.join("x.txt");
    for args in [
        &["grundy", "64"][..],
        &["nheap", "--slice", "5", "--count", "10"],
        &["verify", "--bound", "1e6"],
        &["rows", "8"],
    ] {
        let e = refused(&with(args, &out, &[]), &[]);
        let want = format!(
            "cannot write '{}': the folder '{}' does not exist",
            out.display(),
            nodir.display()
        );
        says(&e, &want);
        assert!(!e.contains(".ckpt"), "{e}");
    }
    if Path::new("/proc/version").is_file() {
        let e = refused(
            &with(
                &["nheap", "--slice", "5", "--count", "10"],
                Path::new("/proc/version"),
                &[],
            ),
            &["cannot write '/proc/version'"],
        );
        says(&e, "the folder '/proc' takes no new file");
    }
}

#[test]
fn an_empty_log_is_called_empty() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.txt");
    let log = suffixed(&file, ".partial.ckpt");
    std::fs::write(&log, b"").unwrap();
    let e = refused(&with(&SLICE, &file, &["--resume"]), &["no interrupted run"]);
    says(&e, "is empty");
    assert!(!e.contains("does not exist"), "{e}");
    assert_eq!(std::fs::read(&log).unwrap(), b"");
}

/// Flips one bit in record `k` (from 1, after the parameters' line) of the log `log`.
fn damage_record(log: &Path, k: usize) {
    let mut b = std::fs::read(log).unwrap();
    let start: usize = (b.split(|&c| c == b'\n').take(k).map(|l| l.len() + 1)).sum();
    b[start + 30] ^= 1;
    std::fs::write(log, b).unwrap();
}

#[test]
fn a_damaged_record_in_the_middle_of_a_log_is_named_or_passed_over() {
    let want = stdout(&run_ok(&SLICE));
    // the records after it check, and the newest names an intact state file: resumed from it
    let (_dir, file) = interrupted_slice("4");
    let log = suffixed(&file, ".partial.ckpt");
    assert_eq!(common::records(&log), 4);
    damage_record(&log, 2);
    run_ok(&with(&SLICE, &file, &["--resume"]));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), want);
    // no record's state file matches: refused, naming the damaged record, every file kept
    let (_dir, file) = interrupted_slice("4");
    let log = suffixed(&file, ".partial.ckpt");
    damage_record(&log, 2);
    let mut kept = vec![log.clone(), suffixed(&file, ".partial")];
    for i in 0..2 {
        let state = suffixed(&file, &format!(".partial.state{i}"));
        let mut b = std::fs::read(&state).unwrap();
        b[5] ^= 1;
        std::fs::write(&state, b).unwrap();
        kept.push(state);
    }
    let before: Vec<Vec<u8>> = kept.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let o = wythoff(&with(&SLICE, &file, &["--resume"]));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let want = format!(
        "record 2 of '{}' fails its check: the log is damaged",
        log.display()
    );
    says(&text(&o), &want);
    let after: Vec<Vec<u8>> = kept.iter().map(|p| std::fs::read(p).unwrap()).collect();
    assert!(after == before);
}
