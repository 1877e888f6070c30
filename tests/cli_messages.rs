//! The messages a user meets on a mistake: each is one line on stderr, with status 2, and names
//! the argument it concerns; what it says is true (an extra value is unexpected, not negative; a
//! file that cannot be created is not "missing").  A failure of the run — a write the file
//! system refuses, standard input that cannot be read — is one line too, with status 1: never
//! the 2 that blames the input.

mod common;

use common::{refused, skipped, stderr, stdout, wythoff};
use std::path::Path;
use std::process::{Command, Output, Stdio};

#[test]
fn an_extra_value_is_unexpected_not_negative() {
    for args in [
        &["nth", "5", "12"][..],
        &["oeis", "A000201", "A001950"],
        &["move", "3", "5", "7"],
    ] {
        let e = refused(args, &["unexpected argument", args[args.len() - 1]]);
        assert!(!e.contains("negative"), "{args:?}: {e}");
    }
    // a negative number among several values is still named as one
    refused(&["pairs", "-2^64"], &["'-2^64' is negative"]);
}

#[test]
fn each_refused_verify_input_names_its_flag() {
    // (arguments, the flag named, a word of the library's message)
    let table: &[(&[&str], &str, &str)] = &[
        (
            &["verify", "--bound", "0"],
            "--bound: ",
            "nothing to verify",
        ),
        (
            &["verify", "--bound", "3", "--shard", "1/5"],
            "--shard: ",
            "leave some shard empty",
        ),
        (
            &["verify", "--from", "5", "--to", "3"],
            "--from/--to: ",
            "window",
        ),
        (
            &["verify", "--bound", "10", "--inject-fault", "10"],
            "--inject-fault/--inject-carry/--inject-digit: ",
            "fault index 10",
        ),
        (
            &["verify", "--bound", "10", "--conjectures", "-a", "2"],
            "--conjectures: ",
            "a must be 1",
        ),
        (
            &["verify", "--bound", "2^61", "--conjectures"],
            "--bound: ",
            "past 2^60",
        ),
    ];
    for (args, flag, words) in table {
        let e = refused(args, &[flag, words]);
        assert!(e.starts_with(&format!("wythoff: {flag}")), "{e}");
    }
}

#[test]
fn a_shard_count_past_the_machine_word_says_so() {
    let e = refused(
        &[
            "verify",
            "--shard",
            "18446744073709551615/18446744073709551616",
        ],
        &["--shard", "does not fit", "18446744073709551615"],
    );
    assert!(!e.contains("0 <= I < K"), "{e}");
    // an index past its count keeps the range message
    refused(&["verify", "--shard", "4/4"], &["--shard", "0 <= I < K"]);
    refused(
        &["verify", "--shard", "2^64/18446744073709551615"],
        &["--shard", "0 <= I < K"],
    );
}

#[test]
fn no_terms_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("b.txt");
    refused(
        &["oeis", "A000201", "--terms", "0", "-o", f.to_str().unwrap()],
        &["--terms", "≥ 1"],
    );
    assert!(!f.exists());
    let o = wythoff(&["oeis", "A000201", "--terms", "1"]);
    assert_eq!(stdout(&o), "1 1\n");
}

#[test]
fn rows_refuses_the_flags_of_another_mode() {
    let (dir, cert) = common::made(&["rows", "3"], "c");
    let cert = cert.as_str();
    let d = dir.path().join("plots");
    let d = d.to_str().unwrap();
    // (arguments, the flags the message must name): the search takes -a, --max-columns, -o,
    // --prefix-budget, --resume, --restart; --check takes --max-columns, --mex-budget; --growth
    // takes --plots
    let table: &[(&[&str], &[&str])] = &[
        (
            &["rows", "--growth", cert, "-a", "2"],
            &["--growth", "-a <A>"],
        ),
        (
            &["rows", "--growth", cert, "--max-columns", "5"],
            &["--growth", "--max-columns"],
        ),
        (
            &["rows", "--growth", cert, "--mex-budget", "5"],
            &["--growth", "--mex-budget"],
        ),
        (
            &["rows", "--growth", cert, "--prefix-budget", "5"],
            &["--growth", "--prefix-budget"],
        ),
        (
            &["rows", "--growth", cert, "--resume"],
            &["--growth", "--resume"],
        ),
        (
            &["rows", "--growth", cert, "--restart"],
            &["--growth", "--restart"],
        ),
        (
            &["rows", "--check", cert, "--plots", d],
            &["--check", "--plots"],
        ),
        (
            &["rows", "--check", cert, "--resume"],
            &["--check", "--resume"],
        ),
        (
            &["rows", "--check", cert, "--restart"],
            &["--check", "--restart"],
        ),
        (
            &["rows", "--check", cert, "--prefix-budget", "5"],
            &["--check", "--prefix-budget"],
        ),
        (
            &["rows", "--check", cert, "-a", "2"],
            &["--check", "-a <A>"],
        ),
        (&["rows", "3", "--plots", d], &["--plots"]),
        (&["rows", "3", "--mex-budget", "5"], &["--mex-budget"]),
        (&["rows", "3", "--prefix-budget", "5"], &["--output"]),
        (&["rows", "3", "--resume"], &["--output"]),
    ];
    for (args, names) in table {
        refused(args, names);
    }
    assert!(!Path::new(d).exists(), "no plots directory was made");
    // the meaningful combinations next to them work
    for args in [
        &[
            "rows",
            "--check",
            cert,
            "--max-columns",
            "1e6",
            "--mex-budget",
            "1e6",
        ][..],
        &["rows", "--growth", cert, "--plots", d],
        &["rows", "3", "-a", "2", "--max-columns", "1e6"],
    ] {
        let o = wythoff(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn growth_of_a_single_row_says_there_is_nothing_past_row_0() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one");
    let two = dir.path().join("two");
    for (x, c) in [("1", &one), ("2", &two)] {
        let o = wythoff(&["rows", x, "-o", c.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let o = wythoff(&["rows", "--growth", one.to_str().unwrap()]);
    let text = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(text.contains("no rows past row 0"), "{text}");
    assert!(!text.contains("1..0"), "{text}");
    // the JSON says the same: no verdict on periods of rows x >= 1, rather than a vacuous `true`
    let o = wythoff(&["rows", "--growth", one.to_str().unwrap(), "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(j["certificates"][0]["periods_all_3_2k"].is_null(), "{j}");
    let o = wythoff(&["rows", "--growth", two.to_str().unwrap(), "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["certificates"][0]["periods_all_3_2k"], true, "{j}");
    // row 1 of Wythoff's game: G(1, y) = 1 2 0 4 5 3 …, period 3 from y = 0
    let o = wythoff(&["rows", "--growth", two.to_str().unwrap()]);
    let text = stdout(&o);
    assert!(
        text.contains("periods of rows 1..1: every one is 3·2^k (distinct: 3)"),
        "{text}"
    );
}

#[test]
fn an_output_the_directory_cannot_take_is_not_called_missing() {
    if !Path::new("/proc/version").is_file() {
        return skipped(
            "an_output_the_directory_cannot_take_is_not_called_missing",
            "no /proc/version on this system (Linux's /proc file system is needed)",
        );
    }
    let e = refused(
        &["pairs", "0", "10", "-o", "/proc/version"],
        &["-o", "/proc/version", "'/proc' takes no new file"],
    );
    assert!(
        !e.contains("cannot write '/proc/version': No such file"),
        "{e}"
    );
    // a missing directory is still called missing, by the folder's name
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("nodir").join("f.txt");
    let want = format!(
        "cannot write '{}': the folder '{}' does not exist",
        f.display(),
        dir.path().join("nodir").display()
    );
    refused(
        &["pairs", "0", "10", "-o", f.to_str().unwrap()],
        &["-o", &want],
    );
}

#[test]
fn generate_names_only_files_that_are_complete() {
    // the third file of the job cannot be written (a directory has its name): the run stops there
    // and names only the two files before it, each whole on disk
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir_all(out.join("b066096.txt")).unwrap();
    let o = wythoff(&["generate", "--quick", "--out", out.to_str().unwrap()]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    let named: Vec<&str> = e
        .lines()
        .filter_map(|l| l.strip_prefix("wythoff generate: wrote "))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(named, ["b000201.txt", "b001950.txt"], "{e}");
    assert!(!e.contains("generate: b066096"), "{e}");
    // A000201 and A001950 from n = 1: 1 2 3 4 6 ... and 2 5 7 10 13 ...
    let a = std::fs::read_to_string(out.join("b000201.txt")).unwrap();
    assert!(a.starts_with("1 1\n2 3\n3 4\n4 6\n"), "{a}");
    let b = std::fs::read_to_string(out.join("b001950.txt")).unwrap();
    assert!(b.starts_with("1 2\n2 5\n3 7\n4 10\n"), "{b}");
}

#[test]
fn grundy_get_reads_typed_coordinates() {
    let (_dir, f) = common::made(&["grundy", "4"], "t.bin");
    let f = f.as_str();
    // Wythoff's game, G(x, y) for x, y < 4: rows 0 1 2 3 / 1 2 0 4 / 2 0 1 5 / 3 4 5 6
    let o = wythoff(&["grundy", "get", f, "1", "0..3"]);
    assert_eq!(stdout(&o), "1 2 0 4\n");
    let o = wythoff(&["grundy", "get", f, "2^1", "1e0..3"]);
    assert_eq!(stdout(&o), "0 1 5\n");
    refused(&["grundy", "get", f, "3..2", "0"], &["<X>", "empty range"]);
    refused(&["grundy", "get", f, "0", "-1"], &["<Y>", "negative"]);
    refused(&["grundy", "get", f, "0", "x"], &["<Y>", "not a number"]);
    refused(&["grundy", "get", f, "0", "4"], &["outside the table"]);
}

#[test]
fn grundy_rules_that_depend_on_a_value_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    let f = f.to_str().unwrap();
    let png = dir.path().join("p.png");
    let png = png.to_str().unwrap();
    let table: &[(&[&str], &[&str])] = &[
        (&["grundy", "5", "--check", f], &["N and --check FILE"]),
        (
            &["grundy", "--check", f, "--rules", "1,0:0,1"],
            &["--rules", "--check FILE", "header"],
        ),
        (
            &["grundy", "--check", f, "--game", "nim"],
            &["--game", "--check FILE", "header"],
        ),
        (
            &["grundy", "5", "--png", png, "--board", png],
            &["--png", "--board", "same file"],
        ),
    ];
    for (args, names) in table {
        refused(args, names);
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn an_empty_list_is_refused_not_written() {
    for args in [
        &["gvalue", "1", "--count", "0"][..],
        &["nheap", "--slice", "1", "--count", "0"],
    ] {
        refused(args, &["--count", "≥ 1"]);
    }
}

/// Asserts a failure of the run: status 1, one line `wythoff: …` on stderr containing every
/// `want`, and no panic.
fn failed(what: &str, o: &Output, want: &[&str]) {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{what}: {e}");
    assert_eq!(e.lines().count(), 1, "{what}: {e}");
    assert!(
        e.starts_with("wythoff: ") && !e.contains("panicked"),
        "{what}: {e}"
    );
    for w in want {
        assert!(e.contains(w), "{what}: {e:?} lacks {w:?}");
    }
}

/// Runs `wythoff ARGS` in `dir` with every file it writes limited to `blocks` blocks (`ulimit
/// -f`) and SIGXFSZ ignored, so that a write past the limit fails (EFBIG) as a full disk would,
/// instead of killing the process; `None` without /bin/sh.
fn with_file_limit(dir: &Path, blocks: u32, args: &[&str]) -> Option<Output> {
    if !Path::new("/bin/sh").exists() {
        return None;
    }
    let script = format!("trap '' XFSZ; ulimit -f {blocks} && exec \"$0\" \"$@\"");
    let o = Command::new("/bin/sh")
        .current_dir(dir)
        .args(["-c", &script, common::BIN])
        .args(args)
        .output()
        .unwrap();
    Some(o)
}

#[test]
fn a_write_the_file_system_refuses_is_a_failure_not_bad_usage() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("walnut")).unwrap();
    let cases: &[&[&str]] = &[
        // a line game's table, computed in memory and written whole at the end
        &["grundy", "300", "--game", "nim", "-o", "t.bin"],
        &["grundy", "300", "--rules", "1,0:0,1:2,2", "-o", "t.bin"],
        // Wythoff's table, written in place as it is computed
        &["grundy", "3000", "-o", "w.bin"],
        &["grundy", "300", "--game", "maharaja", "--png", "t.png"],
        &["prove", "--export-walnut", "walnut"],
    ];
    for args in cases {
        let Some(o) = with_file_limit(d, 0, args) else {
            return skipped(
                "a_write_the_file_system_refuses_is_a_failure_not_bad_usage",
                "no /bin/sh to limit the size of the files written (ulimit -f)",
            );
        };
        failed(&format!("{args:?}"), &o, &["File too large"]);
    }
    // nothing is left behind: no output, no temporary file
    let left: Vec<_> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["walnut"], "{left:?}");
    assert_eq!(std::fs::read_dir(d.join("walnut")).unwrap().count(), 0);
}

#[test]
fn a_full_device_or_standard_output_is_a_failure_not_bad_usage() {
    if !Path::new("/dev/full").exists() {
        return skipped(
            "a_full_device_or_standard_output_is_a_failure_not_bad_usage",
            "no /dev/full",
        );
    }
    for args in [
        &["grundy", "100", "--png", "/dev/full"][..],
        &["grundy", "100", "--game", "nim", "--board", "/dev/full"],
    ] {
        failed(&format!("{args:?}"), &wythoff(args), &["No space left"]);
    }
    for args in [
        &["grundy", "30", "--game", "nim", "--checksum", "--json"][..],
        &["grundy", "30", "--check"],
        &["grundy", "30", "--rules", "1,0:0,1:1,1", "--print"],
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
        let o = common::command()
            .args(args)
            .stdout(full.unwrap())
            .output()
            .unwrap();
        failed(&format!("{args:?} > /dev/full"), &o, &["standard output"]);
    }
}

#[test]
fn standard_input_that_cannot_be_read_is_a_failure_a_predicate_file_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    // a directory as standard input: reading it fails (EISDIR), which the player did not type
    let o = common::command()
        .args(["play", "4", "4"])
        .stdin(Stdio::from(std::fs::File::open(dir.path()).unwrap()))
        .output()
        .unwrap();
    failed("play < DIR", &o, &["cannot read standard input"]);
    // a directory named as the file of a predicate is the user's mistake
    let spec = format!("Q={}", dir.path().display());
    refused(
        &["prove", "--predicate", &spec, "Q(1)"],
        &["--predicate Q=", "cannot read"],
    );
}
