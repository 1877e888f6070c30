//! Typed arguments: the number syntax everywhere (threads, -a, -t, --terms, ranges, indices),
//! errors that name the argument and the kind of value, and the exit status of each error class.

mod common;

use common::{refused, run_ok, s, says, stderr, stdout, wythoff};

#[test]
fn the_number_syntax_is_accepted_by_every_numeric_argument() {
    // each pair of runs must agree: a number written two ways is the same number
    let same: &[(&[&str], &[&str])] = &[
        (
            &["pairs", "10", "--count", "--threads", "1e3"],
            &["pairs", "10", "--count", "--threads", "1000"],
        ),
        (
            &["pairs", "10", "--count", "--threads", "2^10"],
            &["pairs", "10", "--count", "--threads", "1024"],
        ),
        (&["nth", "1e3", "-a", "2^1"], &["nth", "1000", "-a", "2"]),
        (&["pairs", "1e1", "2^4"], &["pairs", "10", "16"]),
        (
            &["ratwyt", "3/5", "2/3", "-t", "2e0"],
            &["ratwyt", "3/5", "2/3", "-t", "2"],
        ),
        (
            &["game-two", "3/5", "-t", "1e0"],
            &["game-two", "3/5", "-t", "1"],
        ),
        (
            &["oeis", "A000201", "--terms", "1e1"],
            &["oeis", "A000201", "--terms", "10"],
        ),
        (&["cw", "--index", "1e1"], &["cw", "--index", "10"]),
        (&["cw", "1e1/3"], &["cw", "10/3"]),
        (
            &["three", "1e1", "--count", "--threads", "1e0"],
            &["three", "10", "--count"],
        ),
        (
            &["three-move", "1e0", "5", "1"],
            &["three-move", "1", "5", "1"],
        ),
        (&["move", "1_000", "2^10"], &["move", "1000", "1024"]),
        (
            &[
                "nth",
                "5",
                "--strategy",
                "recursive",
                "--recursive-limit",
                "1e2",
            ],
            &["nth", "5"],
        ),
    ];
    for (a, b) in same {
        let (oa, ob) = (wythoff(a), wythoff(b));
        assert!(oa.status.success(), "{a:?}: {}", stderr(&oa));
        assert!(ob.status.success(), "{b:?}: {}", stderr(&ob));
        assert_eq!(stdout(&oa), stdout(&ob), "{a:?} vs {b:?}");
        assert!(!stdout(&oa).is_empty());
    }
    // the values themselves: 10 terms, and (10, 16) has 7 pairs
    assert_eq!(
        stdout(&wythoff(&["oeis", "A000201", "--terms", "1e1"]))
            .lines()
            .count(),
        10
    );
    assert_eq!(
        stdout(&wythoff(&["pairs", "1e1", "2^4"])).lines().count(),
        7
    );
}

#[test]
fn threads_are_refused_outside_1_to_1024() {
    for t in ["0", "1025", "1e6", "2^64", "-1", "x", ""] {
        refused(
            &["pairs", "10", "--count", "--threads", t],
            &["--threads", "number of threads from 1 to 1024"],
        );
        refused(&["three", "5", "--threads", t], &["--threads"]);
    }
    for t in ["1", "1024"] {
        let o = wythoff(&["pairs", "10", "--count", "--threads", t]);
        assert_eq!(stdout(&o), "11\n", "{t}");
    }
}

#[test]
fn negative_numbers_name_the_kind_of_value_of_that_argument() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["nth", "-5"], &["'<N>'", "negative", "an index"]),
        (&["nth", "-2^64"], &["'<N>'", "negative", "an index"]),
        (&["move", "-3", "4"], &["'<X>'", "negative", "a pile size"]),
        (&["move", "3", "-4"], &["'<Y>'", "negative", "a pile size"]),
        (
            &["three-move", "1", "-1e3", "2"],
            &["'<Y>'", "negative", "a pile size"],
        ),
        (&["three", "-5"], &["'<N>'", "negative", "a size"]),
        (
            &["nth", "5", "-a", "-3"],
            &["<A>", "negative", "a parameter"],
        ),
        (
            &["pairs", "10", "-a", "-2^64"],
            &["<A>", "negative", "a parameter"],
        ),
        (
            &["ratwyt", "1/1", "1/2", "-t", "-1"],
            &["<T>", "negative", "a parameter"],
        ),
        (
            &["ratwyt", "-3/2", "1/1"],
            &["'<R1>'", "negative", "a rational"],
        ),
        (&["cw", "-1/2"], &["'[R]'", "negative", "a rational"]),
        (
            &["cw", "--index", "-7"],
            &["--index", "negative", "an index"],
        ),
        (
            &["game-two", "-1/3", "-t", "1"],
            &["'<R>'", "negative", "a rational"],
        ),
        (&["game-three", "1/2", "-3"], &["negative", "a rational"]),
        (
            &["game-three", "1/2", "-3/2"],
            &["'-3/2'", "negative", "rationals"],
        ),
        (&["pairs", "-5"], &["negative", "an index"]),
        (
            &["pairs", "1", "-2^64"],
            &["'-2^64'", "negative", "indices"],
        ),
        (
            &["oeis", "A000201", "--terms", "-3"],
            &["--terms", "negative", "a number of terms"],
        ),
        (
            &["nth", "5", "--strategy", "all", "--recursive-limit", "-1"],
            &["--recursive-limit", "negative"],
        ),
    ];
    for (args, want) in cases {
        refused(args, want);
    }
}

#[test]
fn malformed_and_out_of_range_values_say_what_is_accepted() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["nth", "abc"], &["'<N>'", "not a number", "1e9", "2^64"]),
        (&["nth", "1.5"], &["'<N>'", "not a number"]),
        (&["nth", "1e-3"], &["'<N>'", "not a number"]),
        (&["nth", "10^99999999999"], &["'<N>'", "too large"]),
        (&["nth", "5", "-a", "0"], &["<A>", "a parameter ≥ 1"]),
        (&["nth", "5", "-a", "2^64"], &["<A>", "at most 2^64-1"]),
        (&["pairs", "2^64"], &["STOP", "at most 2^64-1"]),
        (
            &["three-move", "1", "1", "2^64"],
            &["'<Z>'", "at most 2^64-1"],
        ),
        (&["game-two", "1/2", "-t", "0"], &["<T>", "a parameter ≥ 1"]),
        (
            &["ratwyt", "2/4", "1/1"],
            &["'<R1>'", "lowest terms", "write 1/2"],
        ),
        (
            &["ratwyt", "1/1", "1/0"],
            &["'<R2>'", "denominator is zero"],
        ),
        (&["ratwyt", "1/1", "1/2/3"], &["'<R2>'", "not a rational"]),
        (
            &["oeis", "A123456"],
            &["ANUM", "not in the catalogue", "oeis --list"],
        ),
        (
            &["nth", "5", "--strategy", "magic"],
            &["--strategy", "possible values", "algebraic"],
        ),
        (
            &["pairs", "5", "--format", "csv"],
            &["--format", "possible values", "bfile"],
        ),
        (
            &["three", "5", "--oeis", "A000201"],
            &["--oeis", "possible values", "A018219"],
        ),
    ];
    for (args, want) in cases {
        refused(args, want);
    }
}

#[test]
fn missing_arguments_are_named() {
    let cases: &[(&[&str], &str)] = &[
        (&["nth"], "<N>"),
        (&["move", "3"], "<Y>"),
        (&["three"], "<N>"),
        (&["three-move", "1", "2"], "<Z>"),
        (&["ratwyt", "1/2"], "<R2>"),
        (&["game-two", "1/2"], "-t <T>"),
        (&["game-three"], "<RS>"),
        (&["cw"], "<R>"),
        (&["oeis"], "<ANUM>"),
        (&["pairs"], "STOP"),
        (&["pairs", "10", "--format", "binary"], "--output <FILE>"),
        (&["nth", "5", "-a"], "<A>"),
        (&["pairs", "5", "--threads"], "<T>"),
    ];
    for (args, name) in cases {
        refused(args, &[name, "--help"]);
    }
}

#[test]
fn oeis_json_without_list_says_what_is_accepted() {
    // `--json` goes with `--list` only; no flag is named as if it were a placeholder
    for (args, want) in [
        (&["oeis", "--json"][..], "give an A-number or --list"),
        (
            &["oeis", "--json", "--terms", "5"][..],
            "give an A-number or --list",
        ),
        (
            &["oeis", "--json", "A000201"][..],
            "--json goes with --list only",
        ),
    ] {
        let e = refused(args, &[want, "see wythoff oeis --help"]);
        assert!(!e.contains("<--list>"), "{args:?}: {e}");
    }
}

#[test]
fn each_error_class_has_its_documented_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.txt");
    std::fs::write(&file, "x").unwrap();
    let under_a_file = file.join("x.txt");
    // (arguments, exit status): README, "Exit status"
    let table: Vec<(Vec<&str>, i32)> = vec![
        (vec!["nth", "5"], 0),
        (vec!["--help"], 0),
        (vec!["--version"], 0),
        (vec!["nth", "--help"], 0),
        (vec!["nth", "x"], 2),                               // malformed number
        (vec!["nth", "-1"], 2),                              // negative number
        (vec!["nth"], 2),                                    // missing argument
        (vec!["nth", "5", "--bogus"], 2),                    // unknown flag
        (vec!["three", "5", "--count", "--sum"], 2),         // conflicting flags
        (vec!["pairs", "5", "4"], 2),                        // empty range
        (vec!["nth", "1e10", "--strategy", "recursive"], 2), // beyond a strategy's limit
        (vec!["pairs", "3", "-o", s(&under_a_file)], 2),     // unwritable output path
        (vec!["bogus"], 2),                                  // unknown command
        (vec![], 2),                                         // no command
    ];
    for (args, code) in &table {
        let o = wythoff(args);
        assert_eq!(o.status.code(), Some(*code), "{args:?}: {}", stderr(&o));
        if *code == 0 {
            assert!(o.stderr.is_empty(), "{args:?}: {}", stderr(&o));
        } else if !args.is_empty() {
            assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        }
    }
}

#[test]
fn an_output_that_cannot_be_written_names_its_argument() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let missing = dir.path().join("no/such/out");
    let m = s(&missing);
    let table = dir.path().join("t.bin");
    run_ok(&["grundy", "8", "-o", s(&table)]);
    let t = s(&table);
    let cases: &[(&[&str], &str)] = &[
        (&["verify", "--bound", "10", "-o", m], "-o: "),
        (&["verify", "--bound", "10", "-o", d], "-o: "),
        (&["pairs", "10", "-o", m], "-o: "),
        (
            &["pairs", "10", "--format", "binary", "-o", "/dev/null"],
            "-o: ",
        ),
        (&["three", "5", "-o", m], "-o: "),
        (&["grundy", "10", "-o", m], "-o: "),
        (&["grundy", "10", "-o", d], "-o: "),
        (&["rows", "8", "-o", m], "-o: "),
        (&["rows", "8", "-o", d], "-o: "),
        (&["grundy", "10", "--png", m], "--png: "),
        (&["grundy", "10", "--board", m], "--board: "),
        (&["grundy", "png", t, m], "OUT: "),
    ];
    for (args, flag) in cases {
        refused(args, &[&format!("wythoff: {flag}cannot write")]);
    }
    assert!(!dir.path().join("no").exists());
}

#[test]
fn sum_numbers_its_components_from_1_in_text_and_json_alike() {
    // G(3, 5) = 0 and G(2, 4) = 3 (Wythoff's game, by the naive mex), so the winning move is on
    // the second component, (2, 4) -> (2, 1), a P-position
    let g = common::naive(6, 1);
    assert_eq!(
        (g[3 * 6 + 5], g[2 * 6 + 4], g[2 * 6 + 1], g[6 + 2]),
        (0, 3, 0, 0)
    );
    let o = wythoff(&["sum", "3,5", "2,4"]);
    says(&stdout(&o), "winning move: component 2 (2, 4) -> (2, 1)");
    let o = wythoff(&["sum", "3,5", "2,4", "--json"]);
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["move"]["component"], 2, "{j}");
    assert_eq!(j["move"]["to"], serde_json::json!(["2", "1"]));
    // and for every component place: the text and the JSON name the same one
    let o = wythoff(&["sum", "2,4", "3,5", "1,2"]);
    says(&stdout(&o), "winning move: component 1 (2, 4)");
    let o = wythoff(&["sum", "2,4", "3,5", "1,2", "--json"]);
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["move"]["component"], 1, "{j}");
}
