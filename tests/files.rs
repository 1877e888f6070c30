//! Files never lie: what `-o` does with FIFOs, devices, symlinks, directories and two runs on one
//! name (the atomic writer of `wythoff::artifact::atomic`, seen from the command line).

use std::os::unix::fs::FileTypeExt;
use std::process::{Command, Stdio};

mod common;

use common::{command, mkfifo, names, run_ok, s, start_held, wythoff};

/// The b-file of A000201 (floor(n*phi)) for n = 1..10, computed here from Fibonacci-free integer
/// arithmetic: floor(n*phi) = floor((n + sqrt(5 n^2)) / 2).
fn a000201_bfile(terms: u64) -> String {
    (1..=terms)
        .map(|n| {
            let r = (5 * n * n).isqrt();
            format!("{n} {}\n", (n + r) / 2)
        })
        .collect()
}

#[test]
fn a_fifo_is_written_in_place_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    run_ok(&["oeis", "A000201", "--terms", "10", "-o", s(&fifo)]);
    assert_eq!(reader.join().unwrap(), a000201_bfile(10));
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[test]
fn outputs_that_need_a_regular_file_refuse_a_fifo_before_work() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    for args in [
        &["pairs", "10", "--format", "binary", "-o"][..],
        &["pairs", "10", "--format", "word", "-o"][..],
    ] {
        let st = command().args(args).arg(&fifo).output().unwrap();
        assert_eq!(st.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&st.stderr);
        assert!(err.contains("FIFO") && err.lines().count() == 1, "{err}");
    }
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[test]
fn dev_null_stays_a_device() {
    let st = wythoff(&["pairs", "1000", "-o", "/dev/null"]);
    assert!(st.status.success());
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

/// As root (CI runs as root), a character device made with mknod is written in place and stays a
/// device; elsewhere the test says why it did nothing.
#[test]
fn a_character_device_made_with_mknod_stays_a_device() {
    let dir = tempfile::tempdir().unwrap();
    let dev = dir.path().join("null");
    // 1,3 is /dev/null's device number.
    let made = Command::new("mknod")
        .arg(&dev)
        .args(["c", "1", "3"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("skipped: mknod needs root here");
        return;
    }
    run_ok(&["oeis", "A000201", "--terms", "100", "-o", s(&dev)]);
    assert!(
        std::fs::metadata(&dev)
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert_eq!(names(dir.path()), ["null"]);
}

#[test]
fn a_symlink_stays_a_link_and_its_target_gets_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("real.txt"), b"old").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.path().join("link.txt")).unwrap();
    let link = dir.path().join("link.txt");
    let st = wythoff(&["oeis", "A000201", "--terms", "10", "-o", s(&link)]);
    assert!(st.status.success());
    assert!(
        std::fs::symlink_metadata(dir.path().join("link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("real.txt")).unwrap(),
        a000201_bfile(10)
    );
    assert_eq!(names(dir.path()), ["link.txt", "real.txt"]);
}

#[test]
fn a_directory_or_a_missing_folder_is_refused_before_work() {
    let dir = tempfile::tempdir().unwrap();
    for target in [dir.path().to_owned(), dir.path().join("no/such/place.txt")] {
        for args in [
            &["oeis", "A000201", "-o"][..],
            &["pairs", "1e12", "-o"][..],
            &["pairs", "1e12", "--format", "binary", "-o"][..],
        ] {
            let t = std::time::Instant::now();
            let st = command().args(args).arg(&target).output().unwrap();
            assert_eq!(st.status.code(), Some(2), "{args:?}");
            // 10^12 pairs would take minutes: the refusal came before the work.
            assert!(t.elapsed().as_secs() < 30);
        }
    }
    assert!(names(dir.path()).is_empty());
}

#[test]
fn two_overlapping_runs_on_one_name_leave_one_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.txt");
    let hold = dir.path().join("hold");
    // Run 1 computes its whole output, then waits before its commit.
    let args = ["oeis", "A000201", "--terms", "3000", "-o", s(&out)];
    let mut first = start_held(&args, "WYTHOFF_TEST_HOLD", &hold);
    // Run 2 writes the same name completely while run 1 is open.
    let st = wythoff(&["oeis", "A000201", "--terms", "20", "-o", s(&out)]);
    assert!(st.status.success());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), a000201_bfile(20));
    std::fs::write(dir.path().join("hold.go"), b"").unwrap();
    assert!(first.wait().unwrap().success());
    // The last commit wins, whole: never a mixture of the two runs.
    assert_eq!(std::fs::read_to_string(&out).unwrap(), a000201_bfile(3000));
    assert_eq!(names(dir.path()), ["b.txt", "hold.go", "hold.held"]);
}

#[test]
fn sigterm_removes_the_temporary_file_of_a_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("big.txt");
    let hold = dir.path().join("hold");
    let args = ["oeis", "A000201", "--terms", "1000", "-o", s(&out)];
    let mut run = start_held(&args, "WYTHOFF_TEST_HOLD", &hold);
    assert!(names(dir.path()).iter().any(|n| n.ends_with(".partial")));
    // SAFETY: sending a signal to our own child.
    unsafe {
        libc::kill(run.id() as i32, libc::SIGTERM);
    }
    let status = run.wait().unwrap();
    assert!(!status.success());
    assert_eq!(names(dir.path()), ["hold.held"]);
}

#[test]
fn a_sigkilled_runs_temporary_file_is_removed_by_the_next_run_and_a_live_ones_kept() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.json");
    // a live run on the name, held before its commit
    let args = ["oeis", "A000201", "--terms", "3000", "-o", s(&out)];
    let mut live = start_held(&args, "WYTHOFF_TEST_HOLD", &dir.path().join("live"));
    let live_tmp = format!("r.json.{}-0.partial", live.id());
    // a verification on the same name, killed by SIGKILL before its commit
    let args = ["verify", "--bound", "1000", "-o", s(&out)];
    let mut killed = start_held(&args, "WYTHOFF_TEST_HOLD", &dir.path().join("killed"));
    let killed_tmp = format!("r.json.{}-0.partial", killed.id());
    // SAFETY: sending a signal to our own child.
    unsafe {
        libc::kill(killed.id() as i32, libc::SIGKILL);
    }
    assert!(!killed.wait().unwrap().success());
    let left = names(dir.path());
    assert!(
        left.contains(&killed_tmp) && left.contains(&live_tmp),
        "{left:?}"
    );
    // the next run on the name removes the killed run's temporary file, says so, keeps the live one
    let o = wythoff(&["verify", "--bound", "1000", "--resume", "-o", s(&out)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains(&format!(
            "removed '{}'",
            dir.path().join(&killed_tmp).display()
        )),
        "{err}"
    );
    let left = names(dir.path());
    assert!(
        !left.contains(&killed_tmp) && left.contains(&live_tmp),
        "{left:?}"
    );
    let report = std::fs::read_to_string(&out).unwrap();
    assert!(report.contains("\"bound\""), "{report}");
    // the live run finishes whole, last
    std::fs::write(dir.path().join("live.go"), b"").unwrap();
    assert!(live.wait().unwrap().success());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), a000201_bfile(3000));
    assert_eq!(
        names(dir.path()),
        ["killed.held", "live.go", "live.held", "r.json"]
    );
}

/// `-o /dev/stdout` (or `/dev/fd/1`, or a link to it) writes through the process's own
/// descriptor: a file that stdout is appended to keeps what it held, and the output lands after
/// it; an output that needs a regular file of its own refuses such a name.
#[test]
fn dev_stdout_writes_through_the_descriptor_and_never_replaces_the_redirected_file() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log.txt");
    let link = dir.path().join("out");
    std::os::unix::fs::symlink("/dev/stdout", &link).unwrap();
    std::fs::write(&log, "kept\n").unwrap();
    for name in ["/dev/stdout", "/dev/fd/1", s(&link)] {
        let append = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
        let st = command()
            .args(["oeis", "A000201", "--terms", "3", "-o", name])
            .stdout(Stdio::from(append))
            .status()
            .unwrap();
        assert!(st.success(), "{name}");
    }
    let want = format!("kept\n{}", a000201_bfile(3).repeat(3));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), want);
    assert_eq!(names(dir.path()), ["log.txt", "out"]);
    let out = std::fs::File::create(&log).unwrap();
    let o = command()
        .args(["grundy", "10", "-o", "/dev/stdout"])
        .stdout(Stdio::from(out))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("descriptor 1"));
    assert_eq!(std::fs::read(&log).unwrap(), b"");
}

/// A run whose memory the process may not have (`ulimit -v`, below what MemAvailable says) is
/// refused before any work and any file, in one line, status 2 — not aborted by the allocator.
#[test]
fn a_memory_limit_is_honoured_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("big.out");
    let bin = env!("CARGO_BIN_EXE_wythoff");
    for args in [
        "oeis A047708 --terms 82743",
        "oeis A018219 --terms 830953761",
        "oeis A307301 --terms 1114935031",
        "grundy 40610 --game nimhof-a307296",
        "grundy 60000",
    ] {
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 1000000; exec {bin} {args} -o {}",
                f.display()
            ))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args}: {err}");
        assert!(err.contains("of memory and"), "{args}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args}: {err}");
        assert!(names(dir.path()).is_empty(), "{args}");
    }
}
