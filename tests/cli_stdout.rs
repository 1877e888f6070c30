//! A failing standard output never panics: `> /dev/full` ends with one line and status 1 for
//! every command that prints; a reader that closes the pipe early (`| head -1`) ends the run
//! quietly with status 0 and nothing on stderr.

mod common;

use common::{BIN, command};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

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

/// Starts `args` with a pipe on stdout, reads one line, closes the pipe, and returns the status
/// and stderr.
fn read_one_line_then_close(args: &[&str]) -> (std::process::ExitStatus, String, String) {
    let mut child = command()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
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
