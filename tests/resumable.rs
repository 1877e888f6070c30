//! The one resumable output, through the command line: `--restart` while another run writes the
//! same output is refused (the decision is taken under the checkpoint's lock), and a run that
//! fails before it has recorded anything leaves nothing that the next run would take for an
//! interrupted run.

mod common;
use common::{command, log_line, s, spawn, text, wythoff};
use std::path::Path;
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
