//! `rows X -o CERT` stopped by a real SIGKILL — once while looking for the repeat, once while
//! walking for the preperiods — and continued with `--resume` ends with the very certificate of an
//! uninterrupted run; a plain run refuses the interrupted one, `--resume` refuses other
//! parameters and leaves the checkpoint as it was.

mod common;

use common::{kill_at, run_ok, s, spawn, text, wythoff};

#[test]
fn a_killed_run_resumes_to_the_same_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full.cert");
    let cert = dir.path().join("rows.cert");
    let log = dir.path().join("rows.cert.ckpt");
    let x = "128";
    assert!(wythoff(&["rows", x, "-o", s(&full)]).status.success());
    let run = ["rows", x, "-o", s(&cert), "--checkpoint-ms", "20"];
    // killed while looking for the repeat
    assert!(
        kill_at(spawn(&run), &log, "repeat", 2),
        "the run ended first"
    );
    // a plain run refuses; --resume with other parameters refuses and leaves the log alone
    let before = std::fs::read(&log).unwrap();
    let o = wythoff(&run);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--resume continues it"), "{}", text(&o));
    for other in [
        vec!["rows", "127", "-o", s(&cert), "--resume"],
        vec!["rows", x, "-a", "2", "-o", s(&cert), "--resume"],
        vec![
            "rows",
            x,
            "-o",
            s(&cert),
            "--resume",
            "--prefix-budget",
            "1000",
        ],
    ] {
        let o = wythoff(&other);
        assert_eq!(o.status.code(), Some(2), "{other:?}: {}", text(&o));
        assert_eq!(std::fs::read(&log).unwrap(), before, "{other:?}");
    }
    // continued, and killed again while walking
    let mut again = run.to_vec();
    again.push("--resume");
    assert!(
        kill_at(spawn(&again), &log, "walk", 1),
        "the run ended first"
    );
    // continued to the end
    run_ok(&again);
    assert_eq!(std::fs::read(&cert).unwrap(), std::fs::read(&full).unwrap());
    assert!(!log.exists());
    assert!(!dir.path().join("rows.cert.state0").exists());
    assert!(!dir.path().join("rows.cert.state1").exists());
    // nothing left to resume
    let o = wythoff(&again);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}
