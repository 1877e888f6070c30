//! `rows --growth CERT...`: the periods' form, the preperiods per doubling of x and the plots,
//! against each row's least period and preperiod read off a plain mex from the rules (no
//! sweep, no certificate).

mod common;

use common::{naive_rows, run_ok, s, text, wythoff};
use serde_json::Value;

/// Least additive period and preperiod of each row of a plain mex table with `cols` columns,
/// found by looking: the least p with row[y + p] = row[y] + p over the upper half of the
/// columns, then the least y0 from which it holds up to the last column.
fn looked_up(rows: &[Vec<u32>]) -> Vec<(u64, u64)> {
    rows.iter()
        .map(|row| {
            let cols = row.len();
            let holds = |p: usize, y: usize| row[y + p] == row[y] + p as u32;
            let p = (1..cols / 4)
                .find(|&p| (cols / 2..cols - p).all(|y| holds(p, y)))
                .expect("a period within the columns");
            let mut y0 = cols / 2;
            while y0 > 0 && holds(p, y0 - 1) {
                y0 -= 1;
            }
            (y0 as u64, p as u64)
        })
        .collect()
}

fn is_3_2k(p: u64) -> bool {
    p.is_multiple_of(3) && (p / 3).is_power_of_two()
}

fn growth_json(cert: &str) -> Value {
    let o = run_ok(&["rows", "--growth", cert, "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    v["certificates"][0].clone()
}

fn strings(v: &Value) -> Vec<String> {
    (v.as_array().unwrap().iter())
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn growth_facts_equal_those_of_a_plain_mex() {
    let dir = tempfile::tempdir().unwrap();
    for (a, x, cols) in [(1usize, 8usize, 3000usize), (2, 16, 9000)] {
        let cert = dir.path().join(format!("r{a}.cert"));
        let cert = s(&cert);
        run_ok(&["rows", &x.to_string(), "-a", &a.to_string(), "-o", cert]);
        let want = looked_up(&naive_rows(x, cols, a));
        let g = growth_json(cert);
        assert_eq!(g["a"], a.to_string());
        assert_eq!(g["rows"], x.to_string());
        // the rows x >= 1 whose period is not 3·2^k
        let not: Vec<[String; 2]> = (want.iter().enumerate().skip(1))
            .filter(|(_, r)| !is_3_2k(r.1))
            .map(|(x, r)| [x.to_string(), r.1.to_string()])
            .collect();
        let got: Vec<[String; 2]> = (g["not_3_2k"].as_array().unwrap().iter())
            .map(|p| [0, 1].map(|i| p[i].as_str().unwrap().to_string()))
            .collect();
        assert_eq!(got, not, "a = {a}");
        assert_eq!(g["periods_all_3_2k"], not.is_empty());
        let mut distinct: Vec<u64> = want.iter().skip(1).map(|r| r.1).collect();
        distinct.sort_unstable();
        distinct.dedup();
        let distinct: Vec<String> = distinct.iter().map(u64::to_string).collect();
        assert_eq!(strings(&g["distinct_periods"]), distinct, "a = {a}");
        let mut odd: Vec<u64> = (want.iter().skip(1))
            .map(|r| {
                let mut m = r.1;
                while m.is_multiple_of(2) {
                    m /= 2;
                }
                m
            })
            .collect();
        odd.sort_unstable();
        odd.dedup();
        let odd: Vec<String> = odd.iter().map(u64::to_string).collect();
        assert_eq!(strings(&g["odd_parts"]), odd, "a = {a}");
        // the largest preperiod per doubling of x
        for d in g["doublings"].as_array().unwrap() {
            let j: u32 = d[0].as_str().unwrap().parse().unwrap();
            let max = |lo: usize, hi: usize| want[lo..hi].iter().map(|r| r.0).max().unwrap();
            let (lo, mid, hi) = (1usize << (j - 1), 1usize << j, 1usize << (j + 1));
            assert_eq!(d[1], max(lo, mid).to_string(), "a = {a}, j = {j}");
            assert_eq!(d[2], max(mid, hi).to_string(), "a = {a}, j = {j}");
        }
        assert_eq!(
            g["doublings"].as_array().unwrap().len(),
            x.ilog2() as usize - 1
        );
    }
    // a = 1 has its periods of the form 3·2^k here; a = 2 does not (periods with a factor 5)
    let g1 = growth_json(dir.path().join("r1.cert").to_str().unwrap());
    assert_eq!(g1["periods_all_3_2k"], true);
    let g2 = growth_json(dir.path().join("r2.cert").to_str().unwrap());
    assert_eq!(g2["periods_all_3_2k"], false);
}

#[test]
fn growth_fits_and_plots() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("r.cert");
    let cert = s(&cert);
    assert!(wythoff(&["rows", "64", "-o", cert]).status.success());
    let g = growth_json(cert);
    // 48 rows 16..63, each with a preperiod > 0
    assert_eq!(g["fit"]["rows_used"], "48");
    assert_eq!(g["fit"]["from_row"], "16");
    let e: f64 = g["fit"]["exponent"].as_str().unwrap().parse().unwrap();
    assert!((1.0..5.0).contains(&e), "exponent {e}");
    let plots = dir.path().join("plots");
    let o = run_ok(&["rows", "--growth", cert, cert, "--plots", s(&plots)]);
    let t = text(&o);
    assert_eq!(t.matches("every one is 3·2^k").count(), 2, "{t}");
    for name in ["row_preperiods.png", "row_periods.png"] {
        let (w, h, buf) = common::png_pixels(&plots.join(name));
        assert_eq!((w, h), (1200, 800), "{name}");
        assert!(buf.iter().any(|&b| b != 255), "{name} is blank");
    }
}

#[test]
fn growth_refuses_bad_inputs_before_work() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.cert");
    std::fs::write(&junk, b"not a certificate").unwrap();
    let o = wythoff(&["rows", "--growth", s(&junk)]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--growth"), "{}", text(&o));
    assert_eq!(text(&o).trim().lines().count(), 1, "{}", text(&o));
    // a plots path that is a regular file: refused before the certificate is read
    let o = wythoff(&["rows", "--growth", "/nonexistent.cert", "--plots", s(&junk)]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--plots"), "{}", text(&o));
    // --growth with X or -o is a usage error
    let o = wythoff(&["rows", "8", "--growth", s(&junk)]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}
