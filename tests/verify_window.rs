//! `wythoff verify --from X --to Y`: a window of indices far out (10^30, 10^1000) checked exactly,
//! a corrupted term caught at its n on both of the window's checks, the report saying what is
//! checked and what is not, and bad windows refused before any work (exit 2, naming the flags).

mod common;
use common::{json, run_ok, stderr, stdout, wythoff};

/// 10^30 + k in decimal, written out by hand (no big-number code of the crate involved).
fn ten30_plus(k: u32) -> String {
    format!("1{:030}", k)
}

#[test]
fn a_window_at_ten_to_the_thirty_passes_for_several_a() {
    for a in ["1", "2", "7"] {
        let o = wythoff(&[
            "verify",
            "-a",
            a,
            "--from",
            "10^30",
            "--to",
            &ten30_plus(19_999),
            "--json",
        ]);
        assert_eq!(o.status.code(), Some(0), "a = {a}: {}", stderr(&o));
        let r = json(&o);
        assert_eq!(r["ok"], true, "{r}");
        let checks = r["checks"].as_array().unwrap();
        let names: Vec<&str> = checks.iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            [
                "window: floor = numeration",
                "window: A and B complementary"
            ]
        );
        assert_eq!(checks[0]["status"], "ok");
        assert_eq!(checks[0]["count"], "20000");
        assert_eq!(checks[1]["status"], "ok");
        // the window's A's cover about 20000·α integers together with the B's between them
        let width: u64 = checks[1]["count"].as_str().unwrap().parse().unwrap();
        assert!(width > 20_000 && width < 20_000 * (2 + a.parse::<u64>().unwrap()));
        assert_eq!(r["config"]["bound"], "0");
        assert_eq!(r["config"]["window"]["from"], ten30_plus(0));
    }
}

#[test]
fn the_text_report_says_the_recursion_from_zero_is_not_replayed() {
    let o = run_ok(&["verify", "--from", "1e12", "--to", "1000000100000"]);
    let out = stdout(&o);
    assert!(
        out.contains("the recursion from n = 0 is not replayed"),
        "{out}"
    );
    assert!(out.contains("window: A and B complementary"), "{out}");
}

#[test]
fn a_window_at_ten_to_the_thousand_passes() {
    let top = format!("1{}", "0".repeat(1000));
    let end = format!("1{}99", "0".repeat(998));
    let o = run_ok(&["verify", "-a", "3", "--from", &top, "--to", &end, "--json"]);
    assert_eq!(json(&o)["ok"], true);
}

#[test]
fn a_corrupted_term_is_caught_at_its_n_by_both_checks() {
    let o = wythoff(&[
        "verify",
        "--from",
        "10^30",
        "--to",
        &ten30_plus(9_999),
        "--inject-fault",
        "4321",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let r = json(&o);
    assert_eq!(r["ok"], false);
    let want = format!("n = {}:", ten30_plus(4321));
    for c in r["checks"].as_array().unwrap() {
        assert_eq!(c["status"], "FAIL", "{c}");
        let ce = c["counterexample"].as_str().unwrap();
        assert!(ce.contains(&want), "{ce}");
    }
}

#[test]
fn bad_windows_are_refused_before_any_work() {
    let cases: &[(&[&str], &str)] = &[
        (&["--from", "5", "--to", "4"], "--from/--to"),
        (&["--from", "0", "--to", "4"], "--from/--to"),
        (&["--from", "1", "--to", "1e9"], "--from/--to"),
        (&["--from", "5"], "--to"),
        (&["--to", "5"], "--from"),
        (&["--from", "1", "--to", "5", "--bound", "100"], "--bound"),
        (&["--from", "1", "--to", "5", "--shard", "0/2"], "--shard"),
        (
            &["--from", "1", "--to", "5", "--inject-fault", "5"],
            "--inject-fault",
        ),
        (
            &["--from", "1", "--to", "5", "--inject-carry", "2"],
            "--inject-",
        ),
        (&["--from", "x", "--to", "5"], "--from"),
    ];
    for (extra, flag) in cases {
        let mut args = vec!["verify"];
        args.extend_from_slice(extra);
        let o = wythoff(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(flag), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}
