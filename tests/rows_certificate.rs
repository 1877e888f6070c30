//! Row certificates (`rows X -o CERT`, `rows --check CERT`, `grundy at … --certificate`,
//! `sum … --certificate`) against values computed from the rules: the plain mex of the tests'
//! common module, and the additive periods it shows (checked here over the rows and columns it
//! reaches).

mod common;

use common::{naive_rows_u64, refused, run_ok, s, says, stderr, stdout, wythoff};
use rug::Integer;
use wythoff::files::certificate::Certificate;

/// The least p ≤ max_p with G(x, y + p) = G(x, y) + p for every y from the middle of the table on,
/// and the least y₀ from which it holds to the end of the table.
fn naive_period(row: &[u64], max_p: usize) -> (usize, usize) {
    let n = row.len();
    for p in 1..=max_p {
        let holds = |y: usize| row[y + p] == row[y] + p as u64;
        if (n / 2..n - p).all(holds) {
            let y0 = (0..n - p).rev().find(|&y| !holds(y)).map_or(0, |y| y + 1);
            return (y0, p);
        }
    }
    panic!("no period up to {max_p} visible in {n} columns");
}

#[test]
fn certificate_values_equal_the_mex_and_the_period_rule_far_out() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("r8.cert");
    run_ok(&["rows", "8", "-o", s(&cert)]);
    let c = Certificate::read(&cert).unwrap();
    assert_eq!(c.x(), 8);
    // every cell of rows 0..7, columns 0..399, against the plain mex
    let g = naive_rows_u64(8, 400, 1);
    for (x, row) in g.iter().enumerate() {
        for (y, &v) in row.iter().enumerate() {
            let got = c.value(&Integer::from(x), &Integer::from(y)).unwrap();
            assert_eq!(got, v, "G({x}, {y})");
        }
    }
    // The periods of rows 0..4, read off the plain mex (doc/rows.md: (0,1), (0,3), (0,3), (8,6),
    // (9,12), consistent with OEIS A004482–A004485), give G at y = 10^100 + j.
    let big = Integer::from(Integer::u_pow_u(10, 100));
    for x in 0..5usize {
        let (y0, p) = naive_period(&g[x], 24);
        assert_eq!(
            (y0, p),
            [(0, 1), (0, 3), (0, 3), (8, 6), (9, 12)][x],
            "row {x}"
        );
        for j in 0..13u64 {
            let y = Integer::from(&big + j);
            // y ≡ r (mod p) with y₀ ≤ r < y₀ + p
            let r = (Integer::from(&y - y0) % p as u64).to_usize().unwrap() + y0;
            let want = Integer::from(&y - r) + g[x][r];
            assert_eq!(
                c.value(&Integer::from(x), &y).unwrap(),
                want,
                "G({x}, 10^100+{j})"
            );
            if j < 2 {
                let o = run_ok(&[
                    "grundy",
                    "at",
                    &y.to_string(),
                    &x.to_string(),
                    "--certificate",
                    s(&cert),
                ]);
                assert_eq!(stdout(&o), format!("{want}\n"));
            }
        }
    }
    // the sum of G(3, 10^100) and G(4, 10^100 + 1) with a certificate: values and outcome
    let o = run_ok(&[
        "sum",
        &format!("3,{big}"),
        &format!("4,{}", Integer::from(&big + 1)),
        "--certificate",
        s(&cert),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let value = |x: usize, y: &Integer| {
        let (y0, p) = naive_period(&g[x], 24);
        let r = (Integer::from(y - y0) % p as u64).to_usize().unwrap() + y0;
        Integer::from(y - r) + g[x][r]
    };
    let (g3, g4) = (value(3, &big), value(4, &Integer::from(&big + 1)));
    assert_eq!(v["components"][0]["grundy"], g3.to_string());
    assert_eq!(v["components"][1]["grundy"], g4.to_string());
    assert_eq!(v["nim_sum"], Integer::from(&g3 ^ &g4).to_string());
}

#[test]
fn a_missing_prefix_comes_from_a_table_and_refusals_name_the_rows() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("r8.cert");
    // no values below the preperiods: rows 3..7 (y₀ > 0) are stored without them
    run_ok(&["rows", "8", "-o", s(&cert), "--prefix-budget", "0"]);
    // below a preperiod (rows 3, 5 and 7: y₀ = 8, 27, 92) the values come from a table, as in
    // `sum`, since both piles are below its limit; at and beyond it from the period: all from
    // the mex, in both orders
    let g = naive_rows_u64(8, 100, 1);
    for (x, y) in [(3, 7), (5, 7), (7, 5), (5, 26), (7, 91), (3, 8), (7, 92)] {
        let o = at_with(x, y, &cert);
        assert_eq!(
            stdout(&o),
            format!("{}\n", g[x.min(y)][x.max(y)]),
            "G({x}, {y})"
        );
    }
    // a row beyond the certificate
    refused(
        &["grundy", "at", "8", "1e100", "--certificate", s(&cert)],
        &["X = 8"],
    );
    let o = wythoff(&["sum", "9,1e100", "--certificate", s(&cert)]);
    assert_eq!(o.status.code(), Some(2));
    // an output that cannot be written is refused before the sweep
    let o = wythoff(&["rows", "8", "-o", s(dir.path())]);
    assert_eq!(o.status.code(), Some(2));
    let o = wythoff(&["rows", "8", "-o", "/dev/null"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `wythoff grundy at X Y --certificate CERT`.
fn at_with(x: usize, y: usize, cert: &std::path::Path) -> std::process::Output {
    wythoff(&[
        "grundy",
        "at",
        &x.to_string(),
        &y.to_string(),
        "--certificate",
        s(cert),
    ])
}

/// Byte offset of row `row`'s first value in one period, read from the documented layout.
fn cycle_offset(b: &[u8], row: usize) -> (usize, usize) {
    let w = u32::from_le_bytes(b[48..52].try_into().unwrap()) as usize;
    let mut at = 80;
    for x in 0.. {
        let f = |i: usize| u64::from_le_bytes(b[at + 8 * i..at + 8 * i + 8].try_into().unwrap());
        let (p, stored) = (f(1) as usize, f(2) as usize);
        if x == row {
            return (at + 24 + stored * w, w);
        }
        at += 24 + (stored + p) * w;
    }
    unreachable!()
}

#[test]
fn a_changed_value_fails_the_check_with_its_row_and_damage_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("r8.cert");
    assert!(wythoff(&["rows", "8", "-o", s(&cert)]).status.success());
    let o = wythoff(&["rows", "--check", s(&cert)]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).starts_with("ok:"), "{}", stdout(&o));
    let good = std::fs::read(&cert).unwrap();
    // one value of row 5's period changed (by +1 or −1, keeping it within the bounds), the
    // checksum fixed up: the file reads, and the check fails at row 5
    let mut bad = good.clone();
    let (at, w) = cycle_offset(&bad, 5);
    assert_eq!(w, 2);
    let v = i16::from_le_bytes([bad[at], bad[at + 1]]);
    let nv = if v > -10 { v - 1 } else { v + 1 };
    bad[at..at + 2].copy_from_slice(&nv.to_le_bytes());
    let h = wythoff::files::certificate::checksum(&bad[..72], &bad[80..]);
    bad[72..80].copy_from_slice(&h.to_le_bytes());
    let changed = dir.path().join("changed.cert");
    std::fs::write(&changed, &bad).unwrap();
    assert!(Certificate::read(&changed).is_ok());
    let o = wythoff(&["rows", "--check", s(&changed)]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(out.starts_with("FAIL"), "{out}");
    assert!(out.contains("row 5, column"), "{out}");
    let o = wythoff(&["rows", "--check", s(&changed), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["ok"], false);
    assert_eq!(v["findings"][0]["row"], 5);
    assert_eq!(v["findings"][1]["row"], 5);
    // truncated or garbage: exit 2, one line; a bit flipped without fixing the checksum (the
    // file is damaged): exit 1, one line
    let mut flipped = good.clone();
    flipped[100] ^= 1;
    // the header's a relabelled (1 → 5) and its joint preperiod changed: the payload is intact,
    // but the checksum covers the header too
    let (mut relabelled, mut mu) = (good.clone(), good.clone());
    relabelled[16] = 5;
    mu[32] ^= 1;
    for (name, bytes) in [
        ("relabelled a", relabelled),
        ("changed preperiod", mu),
        ("truncated", good[..good.len() - 3].to_vec()),
        ("short", good[..40].to_vec()),
        ("garbage", vec![7u8; 500]),
        ("flipped", flipped),
    ] {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        for args in [
            vec!["rows", "--check", s(&p)],
            vec!["grundy", "at", "1", "5", "--certificate", s(&p)],
            vec!["sum", "1,1e30", "--certificate", s(&p)],
        ] {
            let o = wythoff(&args);
            let damaged = matches!(name, "relabelled a" | "changed preperiod" | "flipped");
            let want = if damaged { 1 } else { 2 };
            assert_eq!(o.status.code(), Some(want), "{name}: {args:?}");
            assert_eq!(stderr(&o).lines().count(), 1, "{name}: {}", stderr(&o));
            assert_eq!(stderr(&o).contains("is damaged"), damaged, "{}", stderr(&o));
        }
    }
    // a FIFO with no writer is refused at once, not waited on
    let fifo = dir.path().join("fifo");
    common::mkfifo(&fifo);
    for args in [
        vec!["rows", "--check", s(&fifo)],
        vec!["grundy", "at", "1", "5", "--certificate", s(&fifo)],
        vec!["grundy", "--check", s(&fifo)],
        vec!["grundy", "get", s(&fifo), "1", "1"],
    ] {
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    }
}

#[test]
fn certified_rows_for_a_1_to_5_equal_the_plain_mex() {
    use wythoff::grundy::rows::periods_a;
    let (rows, cols) = (12usize, 3000usize);
    for a in 1..=5u64 {
        let p = periods_a(a, rows, 1 << 24, &wythoff::Context::serial()).unwrap();
        let c = Certificate::from_periods(&p, a, u64::MAX).unwrap();
        let g = naive_rows_u64(rows, cols, a as usize);
        // every value the certificate gives, within and beyond the sweep, as far as the mex reaches
        for (x, row) in g.iter().enumerate() {
            for (y, &v) in row.iter().enumerate() {
                let got = c.value(&Integer::from(x), &Integer::from(y)).unwrap();
                assert_eq!(got, v, "a = {a}: G({x}, {y})");
            }
        }
        // each row's certified (y₀, p) is what the mex table shows, where it shows two periods
        let mut seen = 0;
        for (x, r) in c.rows().iter().enumerate() {
            if r.preperiod + 3 * r.period < cols as u64 / 2 {
                let (y0, per) = naive_period(&g[x], r.period as usize);
                assert_eq!(
                    (y0 as u64, per as u64),
                    (r.preperiod, r.period),
                    "a = {a}, row {x}"
                );
                seen += 1;
            }
        }
        assert!(seen >= 6, "a = {a}: only {seen} rows within reach");
    }
}

#[test]
fn the_work_is_stated_first_and_a_certificate_carries_its_a() {
    // without a certificate, rows from 64 on are certified after saying so on stderr
    let o = run_ok(&["grundy", "at", "64", "1e30"]);
    says(&stderr(&o), "certifying rows 0..64 first");
    let o = wythoff(&["grundy", "at", "5", "1e30"]);
    assert_eq!(stderr(&o), "");
    // a = 3: values from the certificate equal the plain mex; sum takes the certificate's a
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("a3.cert");
    run_ok(&["rows", "6", "-a", "3", "-o", s(&cert)]);
    let g = naive_rows_u64(6, 200, 3);
    for (x, y) in [(5usize, 199usize), (4, 150), (2, 7)] {
        let o = at_with(x, y, &cert);
        assert_eq!(stdout(&o), format!("{}\n", g[x][y]), "G({x}, {y}), a = 3");
    }
    let o = wythoff(&["sum", "5,199", "4,150", "--certificate", s(&cert), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["a"], "3");
    assert_eq!(v["components"][0]["grundy"], g[5][199].to_string());
    refused(
        &["sum", "5,199", "-a", "2", "--certificate", s(&cert)],
        &["a = 3"],
    );
}

#[test]
fn an_assumed_period_right_or_wrong_writes_the_same_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let (found, assumed) = (dir.path().join("found.cert"), dir.path().join("p.cert"));
    run_ok(&["rows", "24", "-o", s(&found)]);
    // the joint period of rows 0..23, from the rows' periods shown by the plain mex
    let g = naive_rows_u64(24, 6000, 1);
    let lcm = (0..24).fold(1usize, |l, x| {
        let p = naive_period(&g[x], 1000).1;
        l / gcd(l, p) * p
    });
    let o = run_ok(&[
        "rows",
        "24",
        "--period",
        &(2 * lcm).to_string(),
        "-o",
        s(&assumed),
    ]);
    says(&stdout(&o), &format!("period {lcm} —"));
    let same = std::fs::read(&found).unwrap() == std::fs::read(&assumed).unwrap();
    assert!(same, "the certificates differ");
    // not a multiple: the repeat found on the way is walked, to the same certificate
    let other = dir.path().join("other.cert");
    let wrong = (lcm + 1).to_string();
    let o = run_ok(&["rows", "24", "--period", &wrong, "-o", s(&other)]);
    says(
        &stderr(&o),
        &format!("--period {wrong} is not a multiple of the joint period {lcm}"),
    );
    let same = std::fs::read(&found).unwrap() == std::fs::read(&other).unwrap();
    assert!(same, "the certificates differ");
    let bad = dir.path().join("bad.cert");
    refused(
        &["rows", "8", "--period", "24", "-o", s(&bad), "--resume"],
        &["--resume", "no interrupted run"],
    );
    refused(&["rows", "8", "--period", "0"], &["--period", "≥ 1"]);
    refused(
        &["rows", "8", "--threads", "0"],
        &["--threads", "from 1 to 1024"],
    );
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}
