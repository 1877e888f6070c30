//! Conflicting or meaningless flag combinations are refused with status 2 and one line naming the
//! flags; the meaningful combinations next to them still work.  Every flag of nth, move, pairs,
//! three, three-move, ratwyt, game-two, game-three, cw and oeis was gone through; the decisions
//! are the two tables below; `gvalue` refuses a flag of one of its forms given with another.

mod common;

use common::{refused, s, stderr, wythoff};

#[test]
fn meaningless_combinations_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("f.txt");
    let f = s(&f);
    // (arguments, the flags the message must name)
    let table: &[(&[&str], &[&str])] = &[
        // pairs: one output; --side only for a b-file; --json only for a summary
        (
            &["pairs", "10", "--side", "upper"],
            &["--side", "--format bfile"],
        ),
        (
            &["pairs", "10", "--side", "lower", "--format", "text"],
            &["--side", "--format bfile"],
        ),
        (&["pairs", "10", "--json"], &["--count", "--checksum"]),
        (
            &["pairs", "10", "--json", "--format", "bfile"],
            &["--count", "--checksum"],
        ),
        (
            &["pairs", "10", "--json", "-o", f],
            &["--count", "--checksum"],
        ),
        (
            &["pairs", "10", "--count", "--checksum"],
            &["--count", "--checksum"],
        ),
        (
            &["pairs", "10", "--count", "-o", f],
            &["--count", "--output"],
        ),
        (
            &["pairs", "10", "--count", "--format", "bfile"],
            &["--count", "--format"],
        ),
        (
            &["pairs", "10", "--count", "--side", "upper"],
            &["--count", "--side"],
        ),
        (
            &["pairs", "10", "--checksum", "-o", f],
            &["--checksum", "--output"],
        ),
        (
            &["pairs", "10", "--checksum", "--format", "text"],
            &["--checksum", "--format"],
        ),
        (&["pairs", "10", "--format", "binary"], &["--output"]),
        (&["pairs", "10", "--format", "word"], &["--output"]),
        // nth / move: the recursive limit only where the recursive strategy runs
        (
            &["nth", "5", "--recursive-limit", "10"],
            &["--recursive-limit", "--strategy"],
        ),
        (
            &[
                "move",
                "3",
                "5",
                "--strategy",
                "arithmetic",
                "--recursive-limit",
                "10",
            ],
            &["--recursive-limit"],
        ),
        // three: one of --count, --sum, --print, --json, -o; --oeis writes its own b-file
        (&["three", "5", "--count", "--sum"], &["--count", "--sum"]),
        (
            &["three", "5", "--count", "--print"],
            &["--count", "--print"],
        ),
        (&["three", "5", "--count", "--json"], &["--count", "--json"]),
        (&["three", "5", "--sum", "--json"], &["--sum", "--json"]),
        (
            &["three", "5", "--print", "-o", f],
            &["--print", "--output"],
        ),
        (&["three", "5", "--json", "--print"], &["--json", "--print"]),
        (&["three", "5", "--json", "-o", f], &["--json", "--output"]),
        (
            &["three", "5", "--oeis", "A018219", "--count"],
            &["--count", "--oeis"],
        ),
        (
            &["three", "5", "--oeis", "A018219", "--print"],
            &["--print", "--oeis"],
        ),
        (
            &["three", "5", "--oeis", "A018219", "--json"],
            &["--json", "--oeis"],
        ),
        // oeis: --list takes nothing else but --json; --json only for --list
        (&["oeis", "--list", "-o", f], &["--list", "--output"]),
        (&["oeis", "--list", "--terms", "3"], &["--list", "--terms"]),
        (&["oeis", "--list", "A000201"], &["--list"]),
        (&["oeis", "A000201", "--json"], &["--list"]),
        // cw: a rational or an index
        (&["cw", "3/5", "--index", "10"], &["--index"]),
        // grundy --check FILE: the file's header gives a, the check runs on one thread
        (
            &["grundy", "--check", f, "-a", "2"],
            &["-a", "--check FILE", "header"],
        ),
        (
            &["grundy", "--check", f, "--threads", "2"],
            &["--threads", "--check FILE"],
        ),
    ];
    for (args, names) in table {
        refused(args, names);
    }
    // nothing was written
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn the_meaningful_combinations_next_to_them_work() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (b, t, o, ob, a) = (p("b.txt"), p("t.txt"), p("o.txt"), p("bin"), p("a.txt"));
    let table: Vec<Vec<&str>> = vec![
        vec!["pairs", "10", "--format", "bfile", "--side", "upper"],
        vec![
            "pairs", "10", "--format", "bfile", "--side", "lower", "-o", &b,
        ],
        vec!["pairs", "10", "--count", "--json", "--threads", "2"],
        vec!["pairs", "10", "--checksum", "--json", "-a", "2", "--misere"],
        vec!["pairs", "10", "--format", "binary", "-o", &ob],
        vec![
            "nth",
            "5",
            "--strategy",
            "recursive",
            "--recursive-limit",
            "10",
        ],
        vec![
            "nth",
            "5",
            "--strategy",
            "all",
            "--recursive-limit",
            "10",
            "--json",
        ],
        vec![
            "move",
            "3",
            "5",
            "--strategy",
            "all",
            "--misere",
            "-a",
            "2",
            "--json",
        ],
        vec!["three", "5", "--count", "--threads", "1"],
        vec!["three", "5", "--oeis", "A051261", "-o", &t],
        vec!["three", "5", "-o", &o],
        vec!["three-move", "1", "5", "1", "--json"],
        vec!["ratwyt", "3/5", "2/3", "-t", "2", "--json"],
        vec!["game-two", "3/5", "-t", "2", "--json"],
        vec!["game-three", "3/5", "2/3", "--json"],
        vec!["cw", "3/5", "--path", "--json"],
        vec!["cw", "--index", "10", "--path"],
        vec!["oeis", "--list", "--json"],
        vec!["oeis", "A000201", "--terms", "3", "-o", &a],
    ];
    for args in &table {
        let o = wythoff(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    // the b-file holds n A_n for n = 0..10; --side upper gives n B_n
    let text = std::fs::read_to_string(&b).unwrap();
    assert!(text.starts_with("0 0\n1 1\n2 3\n3 4\n"), "{text}");
    let up = wythoff(&["pairs", "1", "4", "--format", "bfile", "--side", "upper"]);
    assert_eq!(
        String::from_utf8(up.stdout).unwrap(),
        "1 2\n2 5\n3 7\n4 10\n"
    );
}

#[test]
fn gvalue_refuses_a_flag_its_form_does_not_use() {
    // the forms: G N (one g-value), G --count K (a stream, a summary, --all, --rule), --check FILE,
    // G --against TABLE; a real file and table, so that only the flag is refused
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (f, t, out, plots) = (p("g3.bin"), p("t20.bin"), p("out"), p("plots"));
    let o = wythoff(&["gvalue", "3", "--count", "5", "-o", &f]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = wythoff(&["grundy", "20", "-o", &t]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table: &[(&[&str], &[&str])] = &[
        (&["gvalue", "3", "5", "-o", &out], &["[N]", "--output"]),
        (
            &["gvalue", "3", "5", "--text", "-o", &out],
            &["[N]", "--text"],
        ),
        (&["gvalue", "3", "5", "--text"], &["[N]", "--text"]),
        (&["gvalue", "1", "5", "--all"], &["[N]", "--all"]),
        (
            &["gvalue", "1", "5", "--all", "--plots", &plots],
            &["[N]", "--plots"],
        ),
        (
            &["gvalue", "1", "5", "--plots", &plots],
            &["[N]", "--plots"],
        ),
        (&["gvalue", "1", "5", "--rule"], &["[N]", "--rule"]),
        (&["gvalue", "--check", &f, "--all"], &["--check", "--all"]),
        (&["gvalue", "--check", &f, "--rule"], &["--check", "--rule"]),
        (
            &["gvalue", "--check", &f, "--plots", &plots],
            &["--check", "--plots"],
        ),
        (
            &["gvalue", "3", "--against", &t, "--all"],
            &["--against", "--all"],
        ),
        (
            &["gvalue", "3", "--against", &t, "--rule"],
            &["--against", "--rule"],
        ),
        (
            &["gvalue", "3", "--against", &t, "--plots", &plots],
            &["--against", "--plots"],
        ),
    ];
    for (args, names) in table {
        refused(args, names);
    }
    // nothing was written
    assert!(!std::path::Path::new(&out).exists());
    assert!(!std::path::Path::new(&plots).exists());
    // each form with its own flags
    let table: &[&[&str]] = &[
        &["gvalue", "3", "5", "--json"],
        &["gvalue", "--check", &f, "--json"],
        &["gvalue", "3", "--against", &t, "--json"],
        &["gvalue", "1", "--count", "5", "--rule", "--json"],
        &["gvalue", "1", "--count", "5", "--all", "--plots", &plots],
        &["gvalue", "1", "--count", "5", "--text", "-o", &out],
    ];
    for args in table {
        let o = wythoff(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    assert!(std::path::Path::new(&out).exists());
    assert!(
        std::path::Path::new(&plots)
            .join("gvalue_settling.png")
            .exists()
    );
}
