//! A failing standard output never panics: `> /dev/full` ends with one line and status 1 for
//! every command that prints; a reader that closes the pipe early (`| head -1`) ends the run
//! quietly with status 0 and nothing on stderr.

mod common;

use common::{BIN, command};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Every printing command of nth, move, pairs, three, three-move, ratwyt, game-two, game-three,
/// cw, oeis, in text and JSON, plus help and version.
const PRINTING: &[&[&str]] = &[
    &["nth", "5"],
    &["nth", "5", "--json"],
    &["move", "10", "10", "-a", "2"],
    &["move", "4", "3", "--json"],
    &["move", "5", "3"],
    &["pairs", "3"],
    &["pairs", "1e6"],
    &["pairs", "1", "10", "--format", "bfile"],
    &["pairs", "3", "--count"],
    &["pairs", "3", "--count", "--json"],
    &["pairs", "3", "--checksum"],
    &["pairs", "3", "--checksum", "--json"],
    &["three", "9"],
    &["three", "9", "--count"],
    &["three", "9", "--sum"],
    &["three", "9", "--json"],
    &["three", "9", "--print"],
    &["three", "3", "--oeis", "A018219"],
    &["three-move", "1", "5", "1"],
    &["three-move", "1", "5", "1", "--json"],
    &["ratwyt", "3/5", "2/3"],
    &["ratwyt", "3/5", "2/3", "--json"],
    &["game-two", "3/5", "-t", "2"],
    &["game-two", "3/5", "-t", "2", "--json"],
    &["game-three", "3/5", "2/3"],
    &["game-three", "3/5", "2/3", "--json"],
    &["cw", "3/5"],
    &["cw", "3/5", "--path"],
    &["cw", "3/5", "--path", "--json"],
    &["oeis", "A000201"],
    &["oeis", "--list"],
    &["oeis", "--list", "--json"],
    &["--help"],
    &["nth", "--help"],
    &["--version"],
];

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_one_line_and_status_1_for_every_command() {
    for args in PRINTING {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = command().args(*args).stdout(full).output().unwrap();
        let e = String::from_utf8(o.stderr).unwrap();
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert!(
            e.starts_with("wythoff: cannot write standard output:"),
            "{args:?}: {e}"
        );
        assert!(!e.contains("panicked"), "{args:?}: {e}");
    }
}

/// Starts `args` with pipes on stdout and stderr.
fn piped(args: &[&str]) -> Child {
    command()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Starts `args` with a pipe on stdout, reads one line, closes the pipe, and returns the status
/// and stderr.
fn read_one_line_then_close(args: &[&str]) -> (std::process::ExitStatus, String, String) {
    let mut child = piped(args);
    let mut first = String::new();
    {
        let mut r = BufReader::new(child.stdout.take().unwrap());
        r.read_line(&mut first).unwrap();
    } // the read end is closed here, with most of the output unread
    let o = child.wait_with_output().unwrap();
    (o.status, first, String::from_utf8(o.stderr).unwrap())
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    // outputs far larger than a pipe's buffer, so the writes after the close must fail
    for args in [
        &["pairs", "1e8"][..],
        &["pairs", "0", "1e8", "--format", "bfile", "--side", "upper"],
        &["oeis", "A000201", "--terms", "1e6"],
        &["three", "300", "--print"],
        &["cw", "--index", "2^3000", "--path"],
        &["cw", "--index", "2^3000", "--path", "--json"],
    ] {
        let (status, first, e) = read_one_line_then_close(args);
        assert_eq!(status.code(), Some(0), "{args:?}: {status:?} {e}");
        assert!(e.is_empty(), "{args:?}: {e}");
        assert!(!first.is_empty(), "{args:?}");
    }
    let (_, first, _) = read_one_line_then_close(&["pairs", "1e8"]);
    assert_eq!(first, "0 0 0\n");
}

#[test]
fn head_through_a_shell_pipeline() {
    // `set -o pipefail` makes the pipeline's status wythoff's when it fails
    let o = Command::new("bash")
        .arg("-c")
        .arg(format!("set -o pipefail; '{BIN}' pairs 1e8 | head -1"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "0 0 0\n");
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(o.status.code(), Some(0));
}

/// Starts `args` with a pipe on stdout, reads a few bytes, closes the pipe, and returns the
/// status and stderr (for outputs of one long line too, as JSON is).
fn read_a_few_bytes_then_close(args: &[&str]) -> (std::process::ExitStatus, String) {
    use std::io::Read;
    let mut child = piped(args);
    {
        let mut first = [0u8; 8];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    } // the read end is closed here, with most of the output unread
    let o = child.wait_with_output().unwrap();
    (o.status, String::from_utf8(o.stderr).unwrap())
}

/// Every command whose `-o` output may be a pipe (streamed: written in place to a FIFO or an
/// open descriptor), each with an output far larger than a pipe's buffer.
const STREAMED: &[&[&str]] = &[
    &["nheap", "--slice", "5", "--count", "1e5"],
    &["nheap", "--slice", "5", "--count", "1e5", "--json"],
    &["nheap", "--slice", "2,3", "--all", "--count", "2e4"],
    // the JSON report, one line of about 400 kB (its verdict is FAIL: a range too short)
    &["nheap", "--conjectures", "40", "--count", "2000"],
    &["oeis", "A000201", "--terms", "1e6"],
    &["pairs", "1e8"],
    &["three", "300"],
    &["three", "300", "--oeis", "A018219"],
    &["line-pairs", "3e6", "--rules", "1,0:0,1:1,1"],
    &["gvalue", "3", "--count", "1e6", "--text"],
];

#[test]
fn a_closed_pipe_on_o_dev_stdout_ends_quietly_with_status_0() {
    for args in STREAMED {
        let mut a = args.to_vec();
        a.extend(["-o", "/dev/stdout"]);
        let (status, e) = read_a_few_bytes_then_close(&a);
        assert_eq!(status.code(), Some(0), "{a:?}: {status:?} {e}");
        assert!(e.is_empty(), "{a:?}: {e}");
    }
    // a picture streamed to a pipe the same way (a PNG of about 3 MB)
    let (status, e) = read_a_few_bytes_then_close(&["grundy", "3000", "--png", "/dev/stdout"]);
    assert_eq!(status.code(), Some(0), "{status:?} {e}");
    assert!(e.is_empty(), "{e}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_fifo_named_by_o_ends_quietly_with_status_0() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    for (k, args) in STREAMED.iter().enumerate() {
        let fifo = dir.path().join(format!("fifo{k}"));
        common::mkfifo(&fifo);
        let mut a = args.to_vec();
        a.extend(["-o", fifo.to_str().unwrap()]);
        let child = command()
            .args(&a)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        {
            let mut first = [0u8; 8];
            let mut r = std::fs::File::open(&fifo).unwrap();
            r.read_exact(&mut first).unwrap();
        } // the FIFO's only reader closes it here
        let o = child.wait_with_output().unwrap();
        let e = String::from_utf8(o.stderr).unwrap();
        assert_eq!(o.status.code(), Some(0), "{a:?}: {e}");
        assert!(e.is_empty(), "{a:?}: {e}");
    }
}
