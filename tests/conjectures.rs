//! `wythoff verify --conjectures`: the OEIS questions A073869 = A005206 and A090909 = A001950.
//!
//! Both sides are computed here from the definitions with nothing of the crate's: the Wythoff
//! pairs by the mex recursion A_n = mex{A_i, B_i : i < n}, B_n = A_n + n; A002251 by swapping
//! them; the running mean with its remainder kept; A005206 by the recursion
//! G(n) = n − G(G(n − 1)); A090909 as the k with m(k − 1) = m(k) ≠ m(k + 1).  These agree with
//! the published terms (data/oeis) and with each other, and the verifier agrees with them, passes
//! far out, catches a perturbed term at its n, and merges shards into the unsharded report.

mod common;

use common::{mex_pairs, run_ok, stderr, stdout, wythoff};
use serde_json::Value;
use wythoff::verify::{self, Config, Status};

/// A002251(0..len) by the mex construction of the Wythoff pairs, swapped.
fn partners(len: usize) -> Vec<u64> {
    let mut p = vec![u64::MAX; len];
    for (a, b) in mex_pairs(1, false) {
        let (a, b) = (a as usize, b as usize);
        if a >= len {
            break;
        }
        p[a] = b as u64;
        if b < len {
            p[b] = a as u64;
        }
    }
    assert!(p.iter().all(|&x| x != u64::MAX));
    p
}

/// (S(n), n + 1) for each n: the running mean as an unreduced fraction.
fn means(p: &[u64]) -> Vec<(u128, u128)> {
    let mut s = 0u128;
    p.iter()
        .enumerate()
        .map(|(n, &x)| {
            s += x as u128;
            (s, n as u128 + 1)
        })
        .collect()
}

/// Hofstadter's G by its recursion.
fn hofstadter(len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 1..len {
        g[n] = n as u64 - g[g[n - 1] as usize];
    }
    g
}

/// The upper Wythoff numbers below `limit`, from the mex construction.
fn upper(limit: usize) -> Vec<u64> {
    let p = partners(limit);
    (1..limit)
        .filter(|&x| p[x] < x as u64)
        .map(|x| x as u64)
        .collect()
}

#[test]
fn both_sides_from_the_definitions_agree_for_small_n() {
    let len = 200_000;
    let p = partners(len);
    assert_eq!(&p[..60], &common::published("A002251").1[..60]);
    let m = means(&p);
    let g = hofstadter(len);
    for (n, &(s, d)) in m.iter().enumerate() {
        assert_eq!(s % d, 0, "the mean at n = {n} is not an integer");
        assert_eq!((s / d) as u64, g[n], "A073869({n}) != A005206({n})");
    }
    let mean: Vec<u64> = m.iter().map(|&(s, d)| (s / d) as u64).collect();
    let pub_mean = common::published("A073869").1;
    assert_eq!(&mean[..pub_mean.len()], &pub_mean[..]);
    // A090909 from the means, against the published terms and the upper Wythoff numbers
    let plateaus: Vec<u64> = (1..len - 1)
        .filter(|&k| mean[k - 1] == mean[k] && mean[k] != mean[k + 1])
        .map(|k| k as u64)
        .collect();
    let pub_plateaus = common::published("A090909").1;
    assert_eq!(&plateaus[..pub_plateaus.len()], &pub_plateaus[..]);
    let b: Vec<u64> = upper(len - 1);
    assert_eq!(&b[..60], &common::published("A001950").1[..60]);
    assert_eq!(plateaus, b, "A090909 != A001950 below {}", len - 1);
}

/// The verifier's report of `c`.
fn report(c: &Config) -> verify::Report {
    let ctx = wythoff::Context::serial();
    verify::run(&verify::Task::check(c.clone()), &ctx, &|_| {})
        .unwrap()
        .report
}

fn cfg(bound: u64, shard: (u64, u64), fault: Option<u64>) -> Config {
    Config::up_to(bound)
        .with_shard(shard)
        .with_faults(fault, None, None)
        .with_conjectures(true)
}

#[test]
fn the_verifier_passes_and_counts_what_it_checked() {
    let r = report(&cfg(300_000, (0, 1), None));
    assert!(r.ok(), "{}", r.summary());
    let names: Vec<&str> = r.checks.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "A073869 = A005206",
            "A090909 = A001950",
            "A005206: recursion = floor((n+1)/phi)"
        ]
    );
    let count = |name: &str| r.check(name).map(|c| c.count);
    assert_eq!(count("A073869 = A005206"), Some(300_000));
    // k = 1 ..= 299998 (m(k + 1) needed)
    assert_eq!(count("A090909 = A001950"), Some(299_998));
    assert_eq!(
        count("A005206: recursion = floor((n+1)/phi)"),
        Some(300_000)
    );
    assert_eq!(count("no such check"), None);
    assert!(r.checks.iter().all(|c| c.status == Status::Ok));
}

#[test]
fn a_perturbed_term_is_caught_at_its_n() {
    for n in [0u64, 1, 2, 5, 123_457, 299_999] {
        let r = report(&cfg(300_000, (0, 1), Some(n)));
        assert!(r.failed());
        assert_eq!(r.checks[0].status, Status::Fail);
        let ce = r.checks[0].counterexample.as_ref().unwrap();
        assert!(ce.starts_with(&format!("A073869: n = {n}:")), "{ce}");
        // the sum is off by one: n + 1 does not divide it (for n ≥ 1)
        if n >= 1 {
            assert!(ce.contains("is not an integer"), "{ce}");
        }
    }
}

#[test]
fn shards_merge_to_the_unsharded_report() {
    let bound = 100_000u64 + 17;
    for fault in [None, Some(64_321)] {
        let whole = report(&cfg(bound, (0, 1), fault));
        for k in [2u64, 3, 7] {
            let parts: Vec<(String, verify::Report)> = (0..k)
                .map(|i| {
                    let r = report(&cfg(bound, (i, k), fault));
                    (format!("shard {i}"), r)
                })
                .collect();
            let merged = verify::merge(&parts).unwrap();
            assert_eq!(merged.checks, whole.checks, "k = {k}, fault {fault:?}");
        }
    }
}

#[test]
fn the_command_checks_and_refuses_bad_input() {
    let o = run_ok(&["verify", "--conjectures", "--bound", "2e6", "--json"]);
    let r: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(r["ok"], true);
    assert_eq!(r["config"]["conjectures"], true);
    assert_eq!(r["checks"][0]["count"], "2000000");
    // a perturbed term: exit 1, the counterexample names its n
    let o = wythoff(&[
        "verify",
        "--conjectures",
        "--bound",
        "1e6",
        "--inject-fault",
        "654321",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("n = 654321"), "{}", stdout(&o));
    // refused before any work: exit 2, one line naming the flag
    for (args, flag) in [
        (vec!["--bound", "1152921504606846977"], "--bound"),
        (vec!["-a", "2"], "--conjectures"),
        (vec!["--grundy", "10"], "--grundy"),
        (vec!["--from", "5", "--to", "9"], "--from"),
    ] {
        let mut all = vec!["verify", "--conjectures"];
        all.extend(args.iter());
        let o = wythoff(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains(flag), "{all:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

#[test]
fn a_checkpointed_run_resumes_to_the_same_report() {
    use common::verify::{completed, interrupted};
    use wythoff::files::Partial;
    use wythoff::verify::sweep::CHUNK;
    let dir = std::env::temp_dir().join(format!("wythoff-conj-ckpt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("r.json");
    let path = dir.join("r.json.ckpt");
    let _ = std::fs::remove_file(&path);
    // 2.5 chunks, a fault in the second
    let c = cfg(2 * CHUNK + CHUNK / 2, (0, 1), Some(CHUNK + 12_345));
    let whole = report(&c);
    assert!(
        whole.checks[0]
            .counterexample
            .as_ref()
            .unwrap()
            .contains(&format!("n = {}:", CHUNK + 12_345))
    );
    // interrupted before the report was stored: the log stays, every chunk recorded
    assert_eq!(interrupted(&c, &out, Partial::Refuse), Ok(0));
    assert!(path.exists() && !out.exists());
    let (resumed, chunks) = completed(&c, &out, Partial::Resume);
    assert_eq!(chunks, 3);
    assert_eq!(resumed.checks, whole.checks);
    assert!(
        !path.exists(),
        "the log is removed once the report is stored"
    );
    // a log of the pairs sweep is not one of the conjectures
    let mut pairs = c.clone();
    pairs.conjectures = false;
    assert_eq!(interrupted(&pairs, &out, Partial::Refuse), Ok(0));
    assert_eq!(interrupted(&c, &out, Partial::Resume), Err(2));
    let _ = std::fs::remove_dir_all(&dir);
}
