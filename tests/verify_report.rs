//! `wythoff verify` as a user meets it: reports that say ok / FAIL / skipped honestly, corrupted
//! strategies caught with their counterexample, empty work refused, `--merge` refusing anything
//! that is not a complete set of shard reports (exit 2, naming the file), merged shards equal to
//! one run.

mod common;

use common::{check, json, refused, run_ok, s, says, shard_reports, stderr, stdout, wythoff};
use serde_json::Value;

#[test]
fn a_corrupted_strategy_fails_with_the_counterexample() {
    // With the numeration table (a = 1): the fault is seen at its n.
    let line = "verify --bound 3e6 --inject-fault 2718281 --json";
    let o = wythoff(&line.split(' ').collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let r = json(&o);
    assert_eq!(r["ok"], false);
    let c = &r["checks"][0];
    assert_eq!(c["status"], "FAIL");
    assert_eq!(c["count"], "3000000");
    // A_2718281 = ⌊2718281·φ⌋ = 4398271 (the fault adds one)
    let ce = c["counterexample"].as_str().unwrap();
    assert!(ce.contains("n = 2718281") && ce.contains("4398272"), "{ce}");
    // The summary says FAIL and never ALL CHECKS PASSED.
    let o = wythoff(&["verify", "--bound", "3e6", "--inject-fault", "2718281"]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(
        text.contains("FAIL") && text.contains("VERIFICATION FAILED"),
        "{text}"
    );
    assert!(!text.contains("ALL CHECKS PASSED"));
    // Without the table (a = 10^6: q_1 = a is too large to tabulate) the mex recursion alone
    // catches it.
    let o = wythoff(&[
        "verify",
        "--bound",
        "2e5",
        "-a",
        "1e6",
        "--inject-fault",
        "123456",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let r = json(&o);
    let c = check(&r, "floor = mex");
    assert_eq!(c["status"], "FAIL");
    let ce = c["counterexample"].as_str().unwrap();
    assert!(
        ce.contains("n = 123456") && ce.contains("mex recursion"),
        "{ce}"
    );
}

/// The word sweep (1 <= a <= 6) catches a fault on each of its sides at the right n: a corrupted
/// term (n itself), a flipped carry of the floor stream at n (A_(n+1) is the first wrong term)
/// and a flipped numeration bit of A_n (n), with the counterexample in full; a = 7 runs the
/// per-n sweep, which the carry and digit doubles do not reach.
#[test]
fn the_word_sweep_catches_each_side_s_fault_at_its_n() {
    // the exact A_n, B_n from `pairs` (the floor formula)
    let exact = |a: &str, n: u64| -> (u64, u64) {
        let o = wythoff(&["pairs", &n.to_string(), &n.to_string(), "-a", a]);
        let l = stdout(&o);
        let v: Vec<u64> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
        (v[1], v[2])
    };
    for (a, n) in [("1", 1_234_567u64), ("3", 2_000_001), ("6", 99)] {
        for (flag, want_n) in [
            ("--inject-fault", n),
            ("--inject-carry", n + 1),
            ("--inject-digit", n),
        ] {
            let ns = n.to_string();
            let o = wythoff(&["verify", "--bound", "3e6", "-a", a, flag, &ns, "--json"]);
            assert_eq!(o.status.code(), Some(1), "{a} {flag}: {}", stderr(&o));
            let r = json(&o);
            let c = &r["checks"][0];
            assert_eq!(c["name"], "floor = mex = numeration");
            assert_eq!(c["status"], "FAIL", "{a} {flag}");
            let ce = c["counterexample"].as_str().unwrap();
            assert!(ce.contains(&format!("n = {want_n}:")), "{a} {flag}: {ce}");
            let (an, bn) = exact(a, want_n);
            assert!(
                ce.contains(&an.to_string()),
                "{a} {flag}: {ce} (A_n = {an})"
            );
            if flag != "--inject-fault" {
                assert!(ce.contains(&format!("B_n = {bn}")), "{ce}");
            }
        }
    }
    refused(
        &[
            "verify",
            "--bound",
            "1e5",
            "-a",
            "7",
            "--inject-carry",
            "500",
        ],
        &["word sweep"],
    );
    let o = wythoff(&["verify", "--bound", "1e5", "-a", "7", "--json"]);
    let r = json(&o);
    assert!(
        r["checks"][0]["covers"]
            .as_str()
            .unwrap()
            .contains("Property 3")
    );
}

#[test]
fn a_report_says_what_it_covered_and_skipped() {
    let o = run_ok(&["verify", "--bound", "5000", "-a", "2", "--json"]);
    let r = json(&o);
    assert_eq!(r["version"], 1);
    assert_eq!(r["ok"], true);
    // integers that can exceed 2^53 are strings
    assert_eq!(r["config"]["a"], "2");
    assert_eq!(r["config"]["bound"], "5000");
    assert_eq!(r["config"]["shard"], "0/1");
    for c in r["checks"].as_array().unwrap() {
        let status = c["status"].as_str().unwrap();
        assert!(["ok", "FAIL", "skipped"].contains(&status), "{c}");
        assert!(c["count"].is_string() && c["covers"].is_string(), "{c}");
        if status == "skipped" {
            assert!(c["reason"].as_str().is_some_and(|t| !t.is_empty()), "{c}");
            assert_eq!(c["count"], "0");
        } else {
            assert!(c["reason"].is_null());
        }
    }
    assert_eq!(check(&r, "floor = mex = numeration")["count"], "5000");
    let id = check(&r, "identities (a = 1)");
    assert_eq!(id["status"], "skipped");
    assert!(id["reason"].as_str().unwrap().contains("a = 1"));
    assert_eq!(check(&r, "grundy table")["status"], "skipped");
    // misère play is checked against its rules, for a = 2 by a brute-force board
    assert_eq!(check(&r, "misère board = rules")["status"], "ok");
    assert_eq!(check(&r, "misère board = rules")["count"], "65536");
    // In the summary a skipped check is "skipped (reason)", never ok.
    let o = wythoff(&["verify", "--bound", "5000", "-a", "2"]);
    let text = stdout(&o);
    let line = text.lines().find(|l| l.contains("grundy table")).unwrap();
    assert!(
        line.starts_with("skipped") && line.contains("(no Grundy table"),
        "{line}"
    );
    assert!(text.contains("ALL CHECKS PASSED"), "{text}");
    // The Grundy checks state what they cover: the 3·2^k statement is about rows 1..X−1.
    let o = run_ok(&["verify", "--bound", "10", "--grundy", "40", "--json"]);
    let r = json(&o);
    let conj = check(&r, "row periods are 3*2^k");
    assert_eq!(conj["status"], "ok");
    assert_eq!(conj["count"], "39");
    assert!(conj["covers"].as_str().unwrap().starts_with("rows 1..39"));
    assert_eq!(check(&r, "row periods = table")["count"], "1600");
    assert_eq!(check(&r, "grundy table")["status"], "ok");
}

#[test]
fn empty_work_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("r.json");
    for args in [
        &["verify", "--bound", "0"][..],
        &["verify", "--bound", "0", "-o", s(&f)],
        &["verify", "--bound", "3", "--shard", "3/4"],
        &["verify", "--bound", "3", "--shard", "0/4"],
        &["verify", "--shard", "2/2"],
        &["verify", "--shard", "0/0"],
        &["verify", "--bound", "10", "-a", "0"],
        &["verify", "--bound", "10", "--inject-fault", "10"],
        &["verify", "--merge", s(&f), "--bound", "10"],
        &["verify", "--bound", "10", "--resume"],
    ] {
        let o = wythoff(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    assert!(stderr(&wythoff(&["verify", "--bound", "0"])).contains("--bound"));
    assert!(!f.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// The checks without anything run-dependent: name, status, count, covers, counterexample.
fn checks(r: &Value) -> Vec<Value> {
    r["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            serde_json::json!([
                c["name"],
                c["status"],
                c["count"],
                c["covers"],
                c["counterexample"],
                c["facts"]
            ])
        })
        .collect()
}

#[test]
fn merged_shards_equal_the_unsharded_run() {
    let dir = tempfile::tempdir().unwrap();
    for (extra, shards) in [
        (&["--bound", "3e5"][..], &[2u64, 3][..]),
        (&["--bound", "2e5", "--grundy", "64", "--three", "10"], &[3]),
        (&["--bound", "3e5", "--inject-fault", "200001"], &[2, 3]),
        (&["--bound", "1000", "-a", "3"], &[7]),
        // several chunks of 2^24 per shard, a fault in the second shard's second chunk
        (&["--bound", "8e7", "--inject-fault", "60000001"], &[2]),
    ] {
        let mut whole_args = vec!["verify", "--json"];
        whole_args.extend_from_slice(extra);
        let whole = wythoff(&whole_args);
        let whole = json(&whole);
        for &k in shards {
            let files = shard_reports(dir.path(), extra, k);
            let mut args = vec!["verify", "--json", "--merge"];
            args.extend(files.iter().rev().map(|f| s(f)));
            let o = wythoff(&args);
            let merged = json(&o);
            assert_eq!(o.status.success(), whole["ok"] == true, "{extra:?}");
            assert_eq!(checks(&merged), checks(&whole), "{extra:?} in {k} shards");
            assert_eq!(merged["ok"], whole["ok"]);
            assert_eq!(merged["config"], whole["config"]);
            assert_eq!(merged["measurements"], whole["measurements"]);
        }
    }
}

#[test]
fn merge_refuses_what_is_not_a_complete_set_of_shards() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let files: Vec<String> = shard_reports(d, &["--bound", "1e5"], 3)
        .iter()
        .map(|p| s(p).to_string())
        .collect();
    let good = std::fs::read_to_string(&files[1]).unwrap();
    std::fs::create_dir(d.join("other")).unwrap();
    let other: Vec<String> = shard_reports(&d.join("other"), &["--bound", "2e5"], 3)
        .iter()
        .map(|p| s(p).to_string())
        .collect();
    let write = |name: &str, bytes: &[u8]| {
        let p = d.join(name);
        std::fs::write(&p, bytes).unwrap();
        s(&p).to_string()
    };
    // the good report with the first `from` replaced by `to`
    let edited =
        |name: &str, from: &str, to: &str| write(name, good.replacen(from, to, 1).as_bytes());
    let cases: Vec<(String, &str)> = vec![
        (write("garbage.json", b"this is not json"), "malformed JSON"),
        (write("empty.json", b""), "malformed JSON"),
        (write("binary.json", &[0xff, 0xfe, 0, 1, 2]), "not UTF-8"),
        (
            write("truncated.json", &good.as_bytes()[..good.len() / 2]),
            "malformed JSON",
        ),
        (
            edited("v2.json", "\"version\":1", "\"version\":2"),
            "version 2",
        ),
        (edited("noversion.json", "\"version\":1,", ""), "version"),
        (
            edited("extra.json", "\"version\":1,", "\"version\":1,\"x\":0,"),
            "unknown field",
        ),
        (
            edited("status.json", "\"status\":\"ok\"", "\"status\":\"fine\""),
            "unknown variant",
        ),
        (edited("liar.json", "\"ok\":true", "\"ok\":false"), "\"ok\""),
        (
            edited(
                "bigshard.json",
                "\"shard\":\"1/3\"",
                "\"shard\":\"1/18446744073709551615\"",
            ),
            "shard",
        ),
        (
            edited("badnum.json", "\"bound\":\"100000\"", "\"bound\":\"1e5\""),
            "1e5",
        ),
        (write("array.json", b"[1,2,3]"), "version"),
    ];
    for (bad, why) in &cases {
        let o = wythoff(&["verify", "--merge", &files[0], bad, &files[2]]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains(bad.as_str()) && e.contains(why), "{bad}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // a missing shard, a shard twice, a report of another verification, a file that is not there
    refused(
        &["verify", "--merge", &files[0], &files[2]],
        &["every shard of 3"],
    );
    let o = wythoff(&["verify", "--merge", &files[0], &files[1], &files[1]]);
    assert_eq!(o.status.code(), Some(2));
    says(&stderr(&o), "twice");
    says(&stderr(&o), &files[1]);
    refused(
        &["verify", "--merge", &files[0], &files[1], &other[2]],
        &[&other[2]],
    );
    let gone = s(&d.join("gone.json")).to_string();
    refused(&["verify", "--merge", &files[0], &gone], &[&gone]);
    // the good set merges
    let o = run_ok(&["verify", "--merge", &files[2], &files[0], &files[1]]);
    assert!(stdout(&o).contains("ALL CHECKS PASSED"));
}
