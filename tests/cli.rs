//! The command line as a user meets it: output formats, JSON shapes, exit statuses, one-line
//! errors, atomic files.

mod common;

use common::{
    command, json, published, refused, run_ok, s, says, stderr, stdout, three_pile_p, wythoff,
};
use std::path::Path;
use std::process::Output;

#[test]
fn nth_text_and_json() {
    let o = wythoff(&["nth", "5"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "5 8 13\n");
    let o = wythoff(&["nth", "2^70", "-a", "3", "--json"]);
    let v = json(&o);
    assert_eq!(v["version"], 1);
    assert_eq!(v["a"], "3");
    assert_eq!(v["misere"], false);
    assert_eq!(v["n"], "1180591620717411303424");
    // B_n − A_n = a·n
    let (a, b): (u128, u128) = (
        v["A"].as_str().unwrap().parse().unwrap(),
        v["B"].as_str().unwrap().parse().unwrap(),
    );
    assert_eq!(b - a, 3 * (1u128 << 70));
    // misère a = 1: (0,0), (1,2) are replaced by (0,1), (2,2)
    let o = wythoff(&["nth", "1", "--misere", "--json"]);
    assert_eq!(
        json(&o),
        serde_json::json!({"version":1,"a":"1","misere":true,"n":"1","A":"2","B":"2"})
    );
}

#[test]
fn move_json_lists_every_winning_move_in_the_users_order() {
    // Fraenkel 2012 ("RATWYT"): (3, 4) is N and (1, 2) is reached by taking 2 from each pile.
    let o = wythoff(&["move", "4", "3", "--json", "--strategy", "all"]);
    assert_eq!(
        json(&o),
        serde_json::json!({"version":1,"a":"1","misere":false,"position":["4","3"],"outcome":"N","moves":[["2","1"]]})
    );
    let o = wythoff(&["move", "5", "3", "--json"]);
    let v = json(&o);
    assert_eq!(
        (&v["outcome"], &v["moves"]),
        (&"P".into(), &serde_json::json!([]))
    );
    let o = wythoff(&["move", "0", "0", "--misere"]);
    assert!(stdout(&o).contains("N"), "{}", stdout(&o));
    // (10, 10) with a = 2 has three winning moves.
    let o = wythoff(&["move", "10", "10", "-a", "2", "--json"]);
    assert_eq!(
        json(&o)["moves"],
        serde_json::json!([["0", "0"], ["4", "10"], ["10", "4"]])
    );
}

#[test]
fn strategy_all_on_huge_numbers_skips_recursive_with_a_note() {
    let o = wythoff(&["move", "1e200", "3e200", "--strategy", "all", "--json"]);
    assert!(o.status.success());
    assert!(stderr(&o).contains("recursive strategy skipped"));
    refused(
        &["nth", "1e10", "--strategy", "recursive"],
        &["--strategy algebraic"],
    );
}

#[test]
fn bad_input_is_one_line_on_stderr_with_status_2() {
    let cases: &[&[&str]] = &[
        &["nth", "abc"],
        &["nth", "-5"],
        &["nth", "1.5"],
        &["nth", "5", "-a", "0"],
        &["nth", "5", "-a", "2^64"],
        &["nth", "5", "-a", "x"],
        &["move", "3"],
        &["pairs", "5", "4"],
        &["pairs", "2^64"],
        &["pairs", "10", "--bogus"],
        &["pairs", "10", "--threads", "0"],
        &["pairs", "10", "--format", "binary"],
        &["pairs", "10", "-o", "/nonexistent/dir/x.txt"],
        &["nth", "5", "--strategy", "magic"],
    ];
    for args in cases {
        let o = wythoff(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert!(e.starts_with("wythoff: "), "{args:?}: {e}");
        assert!(!e.contains("panicked"), "{args:?}: {e}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn an_output_that_cannot_be_written_is_refused_before_the_work() {
    // Each of these works for minutes once it starts (rows 0..4095 of the Grundy function; the
    // three-pile P-positions up to 10^4): refused first, it prints no row and no term, and its one
    // line names the place.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.txt");
    std::fs::write(&file, "x").unwrap();
    let under_a_file = file.join("x");
    for target in ["/nonexistent-dir/x", s(&under_a_file)] {
        let cases: [&[&str]; 2] = [
            &["rows", "4096", "-o", target],
            &["three", "1e4", "--oeis", "A018219", "-o", target],
        ];
        for args in cases {
            refused(args, &["cannot write", target]);
        }
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"x");
}

#[test]
fn pairs_text_bfile_count_checksum() {
    let o = wythoff(&["pairs", "3"]);
    assert_eq!(stdout(&o), "0 0 0\n1 1 2\n2 3 5\n3 4 7\n");
    let o = wythoff(&["pairs", "1", "4", "--format", "bfile", "--side", "upper"]);
    assert_eq!(stdout(&o), "1 2\n2 5\n3 7\n4 10\n");
    let o = wythoff(&["pairs", "10", "1e9", "--count"]);
    assert_eq!(stdout(&o), "999999991\n");
    let o = wythoff(&["pairs", "0", "2^64", "--count"]);
    assert_eq!(o.status.code(), Some(2));
    // checksum of 0..=3 for a = 1: A = 0,1,3,4; B = 0,2,5,7; n·A = 0,1,6,12.
    let o = wythoff(&["pairs", "3", "--checksum"]);
    assert_eq!(
        stdout(&o),
        "count=4 sum_A=8 sum_B=14 sum_nA=19 (sums mod 2^64)\n"
    );
    // threads do not change the checksum
    let one = wythoff(&["pairs", "1e7", "--checksum", "--threads", "1"]);
    let two = wythoff(&["pairs", "1e7", "--checksum", "--threads", "2"]);
    assert_eq!(stdout(&one), stdout(&two));
}

#[test]
fn bfile_matches_the_published_terms_of_a000201() {
    let (offset, terms) = published("A000201");
    let want: String = terms
        .iter()
        .enumerate()
        .map(|(i, t)| format!("{} {t}\n", offset + i as u64))
        .collect();
    let o = wythoff(&["pairs", "1", &terms.len().to_string(), "--format", "bfile"]);
    assert_eq!(stdout(&o), want);
}

fn read_header(p: &Path) -> (wythoff::files::pairs::Header, Vec<u8>) {
    let bytes = std::fs::read(p).unwrap();
    let h = wythoff::files::pairs::Header::from_bytes(&bytes).unwrap();
    (h, bytes[wythoff::files::pairs::HEADER_LEN..].to_vec())
}

#[test]
fn binary_and_word_files_are_complete_and_checksummed() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("p.bin");
    run_ok(&[
        "pairs",
        "2",
        "1000",
        "-a",
        "2",
        "--format",
        "binary",
        "-o",
        s(&bin),
    ]);
    let (h, payload) = read_header(&bin);
    assert_eq!(
        (h.a, h.start, h.stop, h.records, h.width),
        (2, 2, 1000, 999, 8)
    );
    assert_eq!(h.checksum, xxhash_rust::xxh3::xxh3_64(&payload));
    let first = (
        u64::from_le_bytes(payload[0..8].try_into().unwrap()),
        u64::from_le_bytes(payload[8..16].try_into().unwrap()),
    );
    assert_eq!(first, (2, 6)); // Fraenkel 1982, Table 1 (a = 2), n = 2
    let word = dir.path().join("w.bin");
    run_ok(&["pairs", "0", "10", "--format", "word", "-o", s(&word)]);
    let (h, payload) = read_header(&word);
    // A_0..A_10 = 0 1 3 4 6 8 9 11 12 14 16: 17 bits, ones at those integers
    assert_eq!((h.records, h.first_value), (17, 0));
    let ones: Vec<usize> = (0..17)
        .filter(|&j| payload[j / 8] >> (j % 8) & 1 == 1)
        .collect();
    assert_eq!(ones, [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16]);
    assert_eq!(h.checksum, xxhash_rust::xxh3::xxh3_64(&payload));
    // nothing but the two files is left behind
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

/// Word files over several chunks (2^20 terms each) and far out, against the floor formula
/// computed here with integer square roots: a = 1, A_n = ⌊(n + √(5n²))/2⌋; a = 2, A_n = ⌊√(2n²)⌋.
/// Misère play with a = 1 (whose pair n = 1 breaks the carry rule: (2, 2) for (1, 2)) against
/// the normal-play word, which it equals from the integer 2 on: the first bytes aside, the same.
#[test]
fn word_files_equal_the_floor_formula_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    let word = |start: u64, stop: u64, extra: &[&str]| -> (u64, Vec<u8>) {
        let f = dir.path().join("w.bin");
        let (s0, s1) = (start.to_string(), stop.to_string());
        let mut args = vec!["pairs", &s0, &s1, "--format", "word", "-o", s(&f)];
        args.extend_from_slice(extra);
        run_ok(&args);
        let (h, payload) = read_header(&f);
        assert_eq!(h.checksum, xxhash_rust::xxh3::xxh3_64(&payload));
        (h.first_value as u64, payload)
    };
    let lower1 = |n: u64| ((n as u128 + (5 * (n as u128) * (n as u128)).isqrt()) / 2) as u64;
    let lower2 = |n: u64| (2 * (n as u128) * (n as u128)).isqrt() as u64;
    for (a, start, stop, lower) in [
        ("1", 0u64, 2_500_000u64, &lower1 as &dyn Fn(u64) -> u64),
        ("1", 1_000_000_000_000_007, 1_000_000_003_100_000, &lower1),
        ("2", 3, 2_200_000, &lower2),
    ] {
        let (first, payload) = word(start, stop, &["-a", a]);
        assert_eq!(first, lower(start));
        let bits = lower(stop) - first + 1;
        assert_eq!(payload.len() as u64, bits.div_ceil(8), "a = {a}");
        let mut n = start;
        let mut next = lower(n);
        for j in 0..bits {
            let one = payload[(j / 8) as usize] >> (j % 8) & 1 == 1;
            let is_a = first + j == next;
            assert_eq!(one, is_a, "a = {a}, integer {}", first + j);
            if is_a {
                n += 1;
                next = lower(n);
            }
        }
        // the padding bits of the last byte are zero
        let tail = payload[payload.len() - 1] as u32 >> (bits % 8);
        assert!(bits % 8 == 0 || tail == 0);
    }
    let (_, normal) = word(0, 3_000_000, &[]);
    let (first, misere) = word(0, 3_000_000, &["--misere"]);
    assert_eq!(first, 0);
    assert_eq!(misere.len(), normal.len());
    assert_eq!(misere[1..], normal[1..]);
}

#[test]
fn output_file_is_written_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("pairs.txt");
    let o = wythoff(&["pairs", "100", "-o", s(&f)]);
    assert!(o.status.success());
    let text = std::fs::read_to_string(&f).unwrap();
    assert_eq!(text.lines().count(), 101);
    assert!(text.ends_with("100 161 261\n"));
    assert!(!dir.path().join("pairs.txt.partial").exists());
}

#[test]
fn ratwyt_json_and_errors() {
    // Fraenkel 2012 ("RATWYT"): (3/5, 2/3) ≅ (4, 3) is N; two steps on each reach (1/2, 1/1).
    let o = wythoff(&["ratwyt", "3/5", "2/3", "--json"]);
    assert_eq!(
        json(&o),
        serde_json::json!({"version":1,"t":"1","rationals":["3/5","2/3"],"induced":["4","3"],"outcome":"N","moves":[{"steps":["2","2"],"to":["1/2","1/1"]}]})
    );
    let o = wythoff(&["ratwyt", "1/2", "1/1", "--json"]);
    let v = json(&o);
    assert_eq!(
        (&v["outcome"], &v["moves"]),
        (&"P".into(), &serde_json::json!([]))
    );
    for (args, name, what) in [
        (vec!["ratwyt", "2/4", "1/1"], "'<R1>'", "lowest terms"),
        (
            vec!["ratwyt", "1/1", "3/0"],
            "'<R2>'",
            "denominator is zero",
        ),
        (
            vec!["ratwyt", "1/1", "-3/2"],
            "'<R2>'",
            "negative; expected a rational",
        ),
        (vec!["ratwyt", "1/1", "abc"], "'<R2>'", "not a rational"),
        (
            vec!["ratwyt", "1/1", "1/2", "-t", "0"],
            "'--t <T>'",
            "parameter",
        ),
        (vec!["game-two", "1/2", "-t", "0"], "'--t <T>'", "parameter"),
        (vec!["cw", "4/6"], "'[R]'", "lowest terms"),
    ] {
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert!(e.starts_with("wythoff: invalid value"), "{args:?}: {e}");
        assert!(e.contains(&format!("for {name}")), "{args:?}: {e}");
        assert!(e.contains(what), "{args:?}: {e}");
        assert_eq!(e.lines().count(), 1);
    }
}

#[test]
fn games_two_three_and_the_tree() {
    // 2/3 has level 3, a multiple of t + 1 = 3: P
    let o = wythoff(&["game-two", "2/3", "-t", "2", "--json"]);
    let v = json(&o);
    assert_eq!(
        (&v["outcome"], &v["move"]),
        (&"P".into(), &serde_json::Value::Null)
    );
    // levels 4, 3, 1: nim-sum 4 ^ 3 ^ 1 = 6
    let o = wythoff(&["game-three", "3/5", "2/3", "1/1", "--json"]);
    let v = json(&o);
    assert_eq!((&v["nim_sum"], &v["outcome"]), (&"6".into(), &"N".into()));
    let o = wythoff(&["cw", "--index", "10", "--json"]);
    assert_eq!(
        json(&o),
        serde_json::json!({"version":1,"rational":"3/5","level":"4","continued_fraction":["0","1","1","2"],"parent":"3/2","children":["3/8","8/5"],"index":"10"})
    );
}

#[test]
fn three_pile_commands() {
    // expected from the brute-force search of the game tree, sorted by sum, x, y
    let n = 9usize;
    let mut want: Vec<_> = three_pile_p(n)
        .into_iter()
        .map(|[x, y, z]| (x + y + z, x, y, z))
        .collect();
    want.sort();
    let text: String = want
        .iter()
        .map(|&(_, x, y, z)| format!("{x} {y} {z}\n"))
        .collect();
    let o = wythoff(&["three", "9", "--print"]);
    assert_eq!(stdout(&o), text);
    assert!(text.starts_with("0 0 0\n0 1 2\n1 1 4\n1 3 3\n0 3 5\n2 2 6\n0 4 7\n3 4 4\n"));
    let o = wythoff(&["three", "9", "--count"]);
    assert_eq!(stdout(&o), format!("{}\n", want.len()));
    let o = wythoff(&["three", "9", "--sum"]);
    assert_eq!(
        stdout(&o),
        format!("{}\n", want.iter().map(|w| w.0).sum::<usize>())
    );
    let o = wythoff(&["three-move", "4", "1", "1", "--json"]);
    assert_eq!(
        json(&o),
        serde_json::json!({"version":1,"position":["4","1","1"],"outcome":"P","move":null})
    );
    let o = wythoff(&["three-move", "1", "5", "1"]);
    says(&stdout(&o), "winning move to (1, 4, 1)");
    let o = wythoff(&["three", "3", "--oeis", "A018219"]);
    assert!(
        stdout(&o).starts_with("0 0\n1 2\n2 2\n3 1\n4 4\n"),
        "{}",
        stdout(&o)
    );
    let o = wythoff(&["three-move", "1", "1", "2e9"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn grundy_table_file_get_check_and_resume_after_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.bin");
    let resumed = dir.path().join("resumed.bin");
    run_ok(&["grundy", "700", "-o", s(&whole)]);
    // A run that dies (abort, like kill -9) after 256 rows leaves no file under the final name.
    let o = wythoff(&[
        "grundy",
        "700",
        "-o",
        s(&resumed),
        "--abort-after-rows",
        "256",
    ]);
    assert!(!o.status.success());
    assert!(!resumed.exists());
    let o = run_ok(&["grundy", "700", "-o", s(&resumed), "--resume"]);
    assert!(stderr(&o).contains("resuming at row 256"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&resumed).unwrap()
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        2,
        "no partial files left"
    );
    // read back and check
    let o = wythoff(&["grundy", "get", s(&whole), "3", "0..10"]);
    assert_eq!(stdout(&o), "3 4 5 6 2 0 1 9 10 12 8\n");
    let o = wythoff(&["grundy", "get", s(&whole), "1", "11"]);
    assert_eq!(stdout(&o), "9\n");
    let o = wythoff(&["grundy", "--check", s(&whole)]);
    assert!(
        o.status.success() && stdout(&o).starts_with("ok: a = "),
        "{}",
        stdout(&o)
    );
    // a corrupted file fails its check with status 1
    let mut bytes = std::fs::read(&whole).unwrap();
    bytes[64 + 5000] ^= 1;
    std::fs::write(&whole, bytes).unwrap();
    let o = wythoff(&["grundy", "--check", s(&whole)]);
    assert_eq!(o.status.code(), Some(1));
    let o = wythoff(&["grundy", "get", s(&whole), "700", "0"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn grundy_resume_after_a_real_kill() {
    // kill -9 at an arbitrary moment once a band is checkpointed (the log holds its parameter
    // line and at least two records); the resumed run starts from a checkpointed band > 0 and
    // its file is identical to a fresh run's.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    let ckpt = dir.path().join("t.bin.partial.ckpt");
    let n = "12000";
    let mut child = command()
        .args(["grundy", n, "-o", s(&f), "--threads", "2"])
        .spawn()
        .unwrap();
    let t0 = std::time::Instant::now();
    let records = || std::fs::read(&ckpt).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count());
    while records() < 3 && t0.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success(), "the run finished before it was killed");
    assert!(!f.exists());
    let o = run_ok(&["grundy", n, "-o", s(&f), "--resume"]);
    let row: u64 = stderr(&o)
        .split("resuming at row ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("no resume: {}", stderr(&o)));
    assert!(row >= 64 && row.is_multiple_of(64), "{row}");
    let fresh = dir.path().join("fresh.bin");
    let o = wythoff(&["grundy", n, "-o", s(&fresh), "--threads", "1"]);
    assert!(o.status.success());
    assert_eq!(std::fs::read(&f).unwrap(), std::fs::read(&fresh).unwrap());
}

#[test]
fn rows_at_and_sum_commands() {
    // Rows 0..4 have (y₀, p) = (0,1), (0,3), (0,3), (8,6), (9,12) (doc/rows.md, "Values"); the joint state
    // repeats with a period that every row period divides, no earlier than the rows settle.
    let o = wythoff(&["rows", "5", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["version"], 1);
    let rows: Vec<(u64, u64)> = (v["rows"].as_array().unwrap().iter())
        .map(|r| {
            let n = |k: &str| r[k].as_str().unwrap().parse::<u64>().unwrap();
            (n("preperiod"), n("period"))
        })
        .collect();
    assert_eq!(rows, [(0, 1), (0, 3), (0, 3), (8, 6), (9, 12)]);
    let joint = |k: &str| v["joint"][k].as_str().unwrap().parse::<u64>().unwrap();
    assert!(
        joint("preperiod") >= 9 && joint("period").is_multiple_of(12),
        "{v}"
    );
    // G(1, 11) = 9 (Xiao, Example 14), and far out in row 1: tersum n + 1 gives G(1, 3k) = 3k + 1.
    assert_eq!(stdout(&wythoff(&["grundy", "at", "1", "11"])), "9\n");
    assert_eq!(
        stdout(&wythoff(&["grundy", "at", "3e40", "1"])),
        format!("3{}1\n", "0".repeat(39))
    );
    // beyond the certified rows: what is proved, y − 2x ≤ G ≤ x + y (tests/gvalues.rs has more)
    let o = run_ok(&["grundy", "at", "5000", "1e9"]);
    assert_eq!(
        stdout(&o),
        "unknown: 999990000 ≤ G(5000, 1000000000) ≤ 1000005000 (G ≥ y − 2x > 255, beyond the \
         g-values swept)\n"
    );
    let o = wythoff(&["sum", "3,5", "2,4", "--json"]);
    assert_eq!(
        stdout(&o),
        "{\"version\":1,\"a\":\"1\",\"components\":[{\"position\":[\"3\",\"5\"],\"grundy\":\"0\"},{\"position\":[\"2\",\"4\"],\"grundy\":\"3\"}],\"nim_sum\":\"3\",\"outcome\":\"N\",\"move\":{\"component\":2,\"to\":[\"2\",\"1\"]}}\n"
    );
    let o = wythoff(&["sum", "3,5", "4,7", "--json"]);
    assert!(stdout(&o).contains("\"outcome\":\"P\",\"move\":null"));
    let o = wythoff(&["sum", "3,5", "4;7"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn oeis_command_writes_exact_bfiles() {
    let o = wythoff(&["oeis", "A001950", "--terms", "5"]);
    assert_eq!(stdout(&o), "1 2\n2 5\n3 7\n4 10\n5 13\n");
    let o = wythoff(&["oeis", "A066096", "--terms", "3"]);
    assert_eq!(stdout(&o), "0 0\n1 1\n2 3\n");
    let o = wythoff(&["oeis", "--list"]);
    assert!(stdout(&o).lines().count() > 20);
    let o = wythoff(&["oeis", "A123456"]);
    assert_eq!(o.status.code(), Some(2));
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("b047708.txt");
    let o = wythoff(&["oeis", "A047708", "-o", s(&f)]);
    assert!(o.status.success());
    let text = std::fs::read_to_string(&f).unwrap();
    assert_eq!(text.lines().count(), 10_000);
    assert!(text.starts_with("0 0\n1 2\n2 1\n3 6\n") && text.ends_with('\n'));
}

#[test]
fn verify_reports_passes_failures_shards_and_merges() {
    let dir = tempfile::tempdir().unwrap();
    let o = run_ok(&["verify", "--bound", "3e6", "--json"]);
    assert!(stdout(&o).contains("\"ok\":true"));
    // a corrupted floor formula (test double) fails with the counterexample, exit status 1
    let o = wythoff(&["verify", "--bound", "3e6", "--inject-fault", "2718281"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("n = 2718281"), "{}", stdout(&o));
    // two shards merged equal one run, apart from the elapsed time
    let mut paths = Vec::new();
    for i in 0..2 {
        let p = dir.path().join(format!("s{i}.json"));
        let o = wythoff(&[
            "verify",
            "--bound",
            "3e6",
            "--shard",
            &format!("{i}/2"),
            "-o",
            s(&p),
        ]);
        assert!(o.status.success());
        paths.push(p);
    }
    let merged = wythoff(&[
        "verify",
        "--merge",
        paths[0].to_str().unwrap(),
        paths[1].to_str().unwrap(),
        "--json",
    ]);
    let strip = |s: String| {
        let i = s.find("\"elapsed_s\"").unwrap();
        let j = i + s[i..].find(',').unwrap();
        let s = format!("{}{}", &s[..i], &s[j..]);
        // the coverage wording of the sharded checks differs; compare counts and outcomes
        s.split("\"covered\":\"")
            .map(|p| p.split_once('"').map_or(p, |x| x.1).to_string())
            .collect::<Vec<_>>()
            .join("")
    };
    assert_eq!(strip(stdout(&merged)), strip(stdout(&o_whole())));
    let o = wythoff(&["verify", "--merge", paths[0].to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let o = wythoff(&["verify", "--shard", "2/2"]);
    assert_eq!(o.status.code(), Some(2));
}

fn o_whole() -> Output {
    wythoff(&["verify", "--bound", "3e6", "--json"])
}
