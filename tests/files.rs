//! Files never lie: what `-o` does with FIFOs, devices, symlinks, directories and two runs on one
//! name (the atomic writer of `wythoff::files::atomic`, seen from the command line).

use std::os::unix::fs::FileTypeExt;
use std::process::{Command, Stdio};

mod common;

use common::{command, mkfifo, names, run_ok, s, skipped, start_held, wythoff};

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
/// device; where mknod cannot make one, the test is skipped with mknod's own message.
#[test]
fn a_character_device_made_with_mknod_stays_a_device() {
    let dir = tempfile::tempdir().unwrap();
    let dev = dir.path().join("null");
    // 1,3 is /dev/null's device number.
    let made = Command::new("mknod")
        .arg(&dev)
        .args(["c", "1", "3"])
        .output();
    match made {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            // SAFETY: geteuid has no preconditions.
            let uid = unsafe { libc::geteuid() };
            let said = String::from_utf8_lossy(&o.stderr);
            let who = match uid {
                0 => "mknod failed as root".to_string(),
                _ => format!("making a device needs root, and this runs as euid {uid}"),
            };
            return skipped(
                "a_character_device_made_with_mknod_stays_a_device",
                format!("{who}: {}", said.trim()),
            );
        }
        Err(e) => {
            return skipped(
                "a_character_device_made_with_mknod_stays_a_device",
                format!("mknod could not be run: {e}"),
            );
        }
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

/// One bit of a header flipped in a freshly written small file of each kind — a field the header
/// still accepts (an a of 2^32 + 1 or 3, a rule 7,1 for 3,1) or the checksum itself — is refused
/// on opening by every reader of that kind, whatever it asks for: status 1, one line saying the
/// file is damaged, nothing printed or written.  (Before, the table and line-game table readers
/// opened such a file and refused only at their first read, Python's `open_table` not at all.)
#[test]
fn a_flipped_header_bit_is_refused_on_opening_by_every_reader_of_every_kind() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    let (table, lines, cube, cert) = (at("t.bin"), at("l.bin"), at("c.bin"), at("r.cert"));
    run_ok(&["grundy", "40", "-o", s(&table)]);
    run_ok(&[
        "grundy",
        "40",
        "--rules",
        "1,0:0,1:1,1:3,1",
        "-o",
        s(&lines),
    ]);
    run_ok(&["three", "20", "--cube", s(&cube)]);
    run_ok(&["rows", "4", "-o", s(&cert)]);
    let bad = at("bad");
    let png = at("p.png");
    let (b, p) = (s(&bad), s(&png));
    let table_says = "its header and band index do not match the checksum in its header";
    let lines_says = "its header, rules and band index do not match the checksum in its header";
    let index_at = std::fs::metadata(&table).unwrap().len() as usize - 1;
    // (the file, its byte, the bit flipped, the readers, what the line says)
    let cases: Vec<(&std::path::Path, usize, u8, Readers, &str)> = vec![
        // a: bit 32 (a = 2^32 + 1), bit 1 (a = 3); the checksum; the last index entry
        (&table, 20, 0, table_readers(b, p), table_says),
        (&table, 16, 1, table_readers(b, p), table_says),
        (&table, 60, 5, table_readers(b, p), table_says),
        (&table, index_at, 7, table_readers(b, p), table_says),
        // the rule 3,1 (bytes 88..96) made 7,1; the checksum
        (&lines, 88, 2, lines_readers(b, p), lines_says),
        (&lines, 63, 0, lines_readers(b, p), lines_says),
        // the cube's checksum (its header fields change the length or are refused as fields)
        (
            &cube,
            41,
            3,
            vec![vec!["three", "10", "--from", b]],
            "do not match the checksum",
        ),
        // the certificate's a (1 made 3), its checksum
        (&cert, 16, 1, cert_readers(b), "do not match the checksum"),
        (&cert, 75, 4, cert_readers(b), "do not match the checksum"),
    ];
    for (file, byte, bit, readers, says) in cases {
        let mut bytes = std::fs::read(file).unwrap();
        bytes[byte] ^= 1 << bit;
        std::fs::write(&bad, &bytes).unwrap();
        for args in readers {
            let o = wythoff(&args);
            let err = String::from_utf8_lossy(&o.stderr);
            let what = format!("{} byte {byte} bit {bit}, {args:?}: {err}", s(file));
            assert_eq!(o.status.code(), Some(1), "{what}");
            assert!(o.stdout.is_empty(), "{what}");
            assert_eq!(err.trim_end().lines().count(), 1, "{what}");
            assert!(err.contains(&format!("'{b}' is damaged")), "{what}");
            assert!(err.contains(says), "{what}");
            assert!(!png.exists(), "{what}");
        }
    }
}

/// Command lines, each its arguments.
type Readers<'a> = Vec<Vec<&'a str>>;

/// Every command that reads a Grundy table file `f` (a picture goes to `png`).
fn table_readers<'a>(f: &'a str, png: &'a str) -> Readers<'a> {
    vec![
        vec!["grundy", "get", f, "0", "0"],
        vec!["grundy", "get", f, "39", "0..39"],
        vec!["grundy", "png", f, png],
        vec!["grundy", "--check", f],
        vec!["oeis", "A047708", "--table", f],
        vec!["verify", "--bound", "1", "--table", f],
    ]
}

/// Every command that reads a line-game table file `f` (a picture goes to `png`).
fn lines_readers<'a>(f: &'a str, png: &'a str) -> Readers<'a> {
    vec![
        vec!["grundy", "get", f, "0", "0"],
        vec!["grundy", "get", f, "39", "0..39"],
        vec!["grundy", "png", f, png],
        vec!["grundy", "--check", f],
    ]
}

/// Every command that reads a row certificate `f`.
fn cert_readers(f: &str) -> Readers<'_> {
    vec![
        vec!["rows", "--check", f],
        vec!["grundy", "at", "3", "1000", "--certificate", f],
        vec!["sum", "3,1000", "2,5", "--certificate", f],
    ]
}
