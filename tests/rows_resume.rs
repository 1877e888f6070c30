//! `rows X -o CERT` stopped by a real SIGKILL — once while looking for the repeat, once while
//! walking for the preperiods — and continued with `--resume` ends with the very certificate of an
//! uninterrupted run, also when it continues with another count of threads; a plain run refuses
//! the interrupted one, `--resume` refuses other parameters and leaves the checkpoint as it was.

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
    let run = [
        "rows",
        x,
        "-o",
        s(&cert),
        "--checkpoint-ms",
        "20",
        "--threads",
        "1",
    ];
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
    // continued in two bands (the count of threads is not a parameter of the run), and killed
    // again while walking
    let mut again = run.to_vec();
    again.push("--resume");
    again[7] = "2";
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

/// `rows X --period P -o CERT` checkpoints its one walk (the snapshots it takes and Nivasch's
/// stack): killed and resumed, it ends with the certificate of an uninterrupted run without
/// `--period`; one whose P is not a multiple of the joint period, killed after its fallback to the
/// search's walk, too; `--resume` with another P is refused and leaves the checkpoint alone.
#[test]
fn a_killed_run_with_an_assumed_period_resumes_to_the_same_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full.cert");
    assert!(wythoff(&["rows", "128", "-o", s(&full)]).status.success());
    // 49152 = 2·24576, a multiple; 25000 is not
    for (period, kind) in [("49152", "assumed"), ("25000", "walk")] {
        let cert = dir.path().join(format!("p{period}.cert"));
        let log = dir.path().join(format!("p{period}.cert.ckpt"));
        let run = [
            "rows",
            "128",
            "--period",
            period,
            "-o",
            s(&cert),
            "--checkpoint-ms",
            "20",
            "--threads",
            "2",
        ];
        assert!(kill_at(spawn(&run), &log, kind, 2), "the run ended first");
        let before = std::fs::read(&log).unwrap();
        let other = [
            "rows",
            "128",
            "--period",
            "24576",
            "-o",
            s(&cert),
            "--resume",
        ];
        let o = wythoff(&other);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert_eq!(std::fs::read(&log).unwrap(), before);
        let mut again = run.to_vec();
        again.push("--resume");
        again[9] = "1"; // continued on one thread
        let o = run_ok(&again);
        assert!(
            text(&o).contains("continuing the interrupted run"),
            "{}",
            text(&o)
        );
        assert_eq!(std::fs::read(&cert).unwrap(), std::fs::read(&full).unwrap());
        assert!(!log.exists());
    }
}
