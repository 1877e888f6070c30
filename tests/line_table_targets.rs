//! A table file needs a regular file: `grundy N --rules R -o X` refuses /dev/null and a FIFO
//! before any work (status 2, one line), with the message Wythoff's `grundy N -o X` gives.

mod common;
use common::{mkfifo, names, refused, run_ok, s};
use std::os::unix::fs::FileTypeExt;

/// Runs `grundy N [game…] -o target`, asserts a refusal and returns its line.
fn table_refusal(n: &str, game: &[&str], target: &str) -> String {
    let mut args = vec!["grundy", n];
    args.extend(game);
    args.extend(["-o", target]);
    refused(&args, &[])
}

fn check_target(target: &str, what: &str) {
    // Wythoff's table: the reference message
    let wythoff_msg = table_refusal("4096", &[], target);
    assert!(
        wythoff_msg.contains(&format!("-o: cannot write '{target}': it is {what}")),
        "{wythoff_msg}"
    );
    for game in [
        &["--rules", "1,0:1,1:3,2:0,1"][..],
        &["--game", "nimhof-a307296"][..],
        &["--rules", "1,0:0,1", "--threads", "1"][..],
    ] {
        assert_eq!(table_refusal("4096", game, target), wythoff_msg, "{game:?}");
    }
}

#[test]
fn a_line_game_table_refuses_dev_null() {
    check_target("/dev/null", "a character device");
    let m = std::fs::metadata("/dev/null").unwrap();
    assert!(m.file_type().is_char_device());
}

#[test]
fn a_line_game_table_refuses_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    // were the table written, the writer would wait for a reader: the refusal comes first
    check_target(s(&fifo), "a FIFO");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[test]
fn a_line_game_table_still_goes_to_a_regular_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.bin");
    run_ok(&["grundy", "10", "--rules", "1,0:0,1", "-o", s(&path)]);
    assert!(std::fs::metadata(&path).unwrap().is_file());
}
