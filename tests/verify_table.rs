//! `verify --table FILE` on table files built here from the rules and the documented format (a
//! naive mex, not the engine): the report's distances (Nivasch, Blass–Fraenkel) and diagonal
//! facts equal those found by a straightforward scan of the naive table written here; a
//! corrupted cell (checksum fixed up) makes the relevant check FAIL; a damaged payload fails
//! its checksum check; an a = 2 table is skipped with the reason; `--plots` writes PNGs that
//! decode at the stated size.

mod common;
use common::*;
use serde_json::Value;
use std::path::Path;

/// The JSON report of `verify --bound 1 --table FILE` and the exit status.
fn report(f: &Path, extra: &[&str]) -> (Option<i32>, Value, String) {
    let mut args = vec!["verify", "--bound", "1", "--json", "--table", s(f)];
    args.extend_from_slice(extra);
    let o = wythoff(&args);
    let v = serde_json::from_slice(&o.stdout).unwrap_or(Value::Null);
    (o.status.code(), v, text(&o))
}

fn measurement<'v>(r: &'v Value, name: &str) -> &'v Value {
    &r["measurements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no measurement {name}: {r}"))["values"]
}

/// ⌊xφ⌋ = ⌊(x + √(5x²))/2⌋, by an integer square root.
fn floor_phi(x: u64) -> u64 {
    (x + (5 * x * x).isqrt()) / 2
}

/// The horizontal distance from (x, y) to the nearer of y = xφ and y = x/φ, rounded down:
/// |y − xφ| is irrational for x ≥ 1; x/φ = xφ − x.
fn dist(x: u64, y: u64) -> u64 {
    if x == 0 {
        return y;
    }
    let f = floor_phi(x);
    let down = |line: u64| if y > line { y - line - 1 } else { line - y };
    down(f).min(down(f - x))
}

fn strings(v: &Value) -> Vec<Option<u64>> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().map(|s| s.parse().unwrap()))
        .collect()
}

#[test]
fn the_reports_figures_equal_a_scan_of_the_naive_table() {
    let dir = tempfile::tempdir().unwrap();
    for n in [37usize, 96] {
        let sq = naive(n, 1);
        let f = write(dir.path(), "t.bin", &file_bytes(&sq, n, 1));
        let (code, r, t) = report(&f, &[]);
        assert_eq!(code, Some(0), "{t}");
        for name in [
            "table file checksum",
            "G(x, y) <= x + y",
            "diagonal n/2 <= G(n, n) <= 2n",
            "diagonal is a permutation",
            "g-value of row x at column <= 2x + g",
        ] {
            assert_eq!(check(&r, name)["status"], "ok", "{name}: {t}");
        }
        assert_eq!(
            check(&r, "G(x, y) <= x + y")["count"],
            (n * (n + 1) / 2).to_string()
        );
        // the scan: every row x, every g with 2x + g < N
        let (mut d, mut far) = (vec![None::<u64>; n], vec![None::<u64>; n]);
        let mut ones = Vec::new();
        for x in 0..n {
            for g in 0..n {
                if 2 * x + g >= n {
                    continue;
                }
                let y = (0..n).find(|&y| sq[x * n + y] == g as u32).unwrap();
                assert!(y <= 2 * x + g);
                let e = dist(x as u64, y as u64);
                d[g] = Some(d[g].map_or(e, |v| v.max(e)));
                if x >= 4 * g {
                    far[g] = Some(far[g].map_or(e, |v| v.max(e)));
                }
                if g == 1 {
                    ones.push(e);
                }
            }
        }
        let m = measurement(&r, "g-values near 0-values (Nivasch)");
        let gs = n / 4;
        assert_eq!(strings(&m["d"]), d[..gs].to_vec(), "{m}");
        let gf = ((n - 1) / 9 + 1).min(gs);
        assert_eq!(strings(&m["d_far"]), far[..gf].to_vec(), "{m}");
        assert_eq!(m["N"], n.to_string());
        let one = measurement(&r, "1-values near 0-values (Blass-Fraenkel)");
        assert_eq!(one["rows"], ones.len().to_string());
        assert_eq!(one["max_distance"], ones.iter().max().unwrap().to_string());
        for k in 0..=*ones.iter().max().unwrap() {
            let c = ones.iter().filter(|&&e| e == k).count();
            let got = &one["rows_at_distance"][k.to_string()];
            assert_eq!(
                *got,
                if c == 0 {
                    Value::Null
                } else {
                    c.to_string().into()
                }
            );
        }
        // the diagonal: extreme ratios G(n, n)/n (exact; the least n on ties)
        let diag: Vec<u64> = (0..n).map(|i| sq[i * n + i] as u64).collect();
        let (mut lo, mut hi) = (1usize, 1usize);
        for i in 2..n {
            if diag[i] * (lo as u64) < diag[lo] * (i as u64) {
                lo = i;
            }
            if diag[i] * (hi as u64) > diag[hi] * (i as u64) {
                hi = i;
            }
        }
        let c = &check(&r, "diagonal n/2 <= G(n, n) <= 2n")["facts"];
        assert_eq!(c["min_G(n,n)/n"]["n"], lo.to_string());
        assert_eq!(
            c["min_G(n,n)/n"]["value"]["ratio"],
            format!("{}/{lo}", diag[lo])
        );
        assert_eq!(
            c["max_G(n,n)/n"]["value"]["ratio"],
            format!("{}/{hi}", diag[hi])
        );
        // A048850: the least k missing from the diagonal
        let missing = (0..).find(|k| !diag.contains(k)).unwrap();
        assert_eq!(
            check(&r, "diagonal is a permutation")["facts"]["A048850_terms_proved"],
            missing.to_string()
        );
        assert!(missing as usize >= n.div_ceil(2));
    }
}

#[test]
fn a_corrupted_cell_fails_the_relevant_check() {
    let dir = tempfile::tempdir().unwrap();
    let n = 40;
    let sq = naive(n, 1);
    let good = file_bytes(&sq, n, 1);
    // G(5, 5) = 11 > 2·5: outside the diagonal's bounds, and above x + y
    let f = write(dir.path(), "a.bin", &corrupt(&good, n, 5, 5, 11, true));
    let (code, r, t) = report(&f, &[]);
    assert_eq!(code, Some(1), "{t}");
    assert_eq!(r["ok"], false);
    assert_eq!(check(&r, "table file checksum")["status"], "ok");
    let c = check(&r, "diagonal n/2 <= G(n, n) <= 2n");
    assert_eq!(c["status"], "FAIL", "{t}");
    assert!(
        c["counterexample"]
            .as_str()
            .unwrap()
            .contains("G(5, 5) = 11")
    );
    let c = check(&r, "G(x, y) <= x + y");
    assert_eq!(c["counterexample"], "G(5, 5) = 11 > 10");
    // G(6, 6) = G(3, 3): within the bounds, but a value twice on the diagonal
    let v = sq[3 * n + 3];
    let f = write(dir.path(), "b.bin", &corrupt(&good, n, 6, 6, v, true));
    let (code, r, t) = report(&f, &[]);
    assert_eq!(code, Some(1), "{t}");
    assert_eq!(check(&r, "diagonal n/2 <= G(n, n) <= 2n")["status"], "ok");
    assert_eq!(check(&r, "diagonal is a permutation")["status"], "FAIL");
    // row 2 losing its g-value: G(2, 9) = 7 → 39 (≤ x + y = 11? no: 39 > 11 fails that too);
    // take a value already in row 2 instead, so that only the row check can see it
    let row2: Vec<u32> = (0..n).map(|y| sq[2 * n + y]).collect();
    let (y, g) = (9usize, row2[9]);
    assert!(2 * 2 + (g as usize) < n && y <= 2 * 2 + g as usize);
    let f = write(
        dir.path(),
        "c.bin",
        &corrupt(&good, n, 2, y, row2[10], true),
    );
    let (code, r, t) = report(&f, &[]);
    assert_eq!(code, Some(1), "{t}");
    let c = check(&r, "g-value of row x at column <= 2x + g");
    assert_eq!(c["status"], "FAIL", "{t}");
    // without the checksum fixed up, the checksum check fails and the others are skipped
    let f = write(dir.path(), "d.bin", &corrupt(&good, n, 5, 5, 11, false));
    let (code, r, t) = report(&f, &[]);
    assert_eq!(code, Some(1), "{t}");
    assert_eq!(check(&r, "table file checksum")["status"], "FAIL");
    let c = check(&r, "diagonal is a permutation");
    assert_eq!(c["status"], "skipped");
    assert!(c["reason"].as_str().unwrap().contains("checksum"));
}

#[test]
fn other_tables_are_skipped_or_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let n = 30;
    let f = write(dir.path(), "a2.bin", &file_bytes(&naive(n, 2), n, 2));
    let (code, r, t) = report(&f, &[]);
    assert_eq!(code, Some(0), "{t}");
    assert_eq!(check(&r, "table file checksum")["status"], "ok");
    let c = check(&r, "g-value of row x at column <= 2x + g");
    assert_eq!(c["status"], "skipped");
    assert!(c["reason"].as_str().unwrap().contains("a = 2"), "{c}");
    assert!(r["measurements"].as_array().unwrap().is_empty());
    // an invalid file: status 2, the flag named, before any work
    let bad = write(dir.path(), "bad.bin", b"WYTHOFF\0 not a table");
    refused(&["verify", "--table", s(&bad)], &["--table:"]);
    let o = wythoff(&["verify", "--plots", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn plots_are_pngs_of_the_stated_size() {
    let dir = tempfile::tempdir().unwrap();
    let n = 64;
    let f = write(dir.path(), "t.bin", &file_bytes(&naive(n, 1), n, 1));
    let plots = dir.path().join("plots");
    let (code, _, t) = report(&f, &["--plots", s(&plots)]);
    assert_eq!(code, Some(0), "{t}");
    for name in ["nivasch_d.png", "one_values.png"] {
        let (w, h, buf) = png_pixels(&plots.join(name));
        assert_eq!((w, h), (1200, 800), "{name}");
        // not blank: the axes and points are drawn over the white background
        assert!(buf.iter().filter(|&&b| b < 128).count() > 1000, "{name}");
    }
}

#[test]
fn plots_that_cannot_be_made_are_refused_before_any_directory_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let n = 30;
    let a2 = write(dir.path(), "a2.bin", &file_bytes(&naive(n, 2), n, 2));
    let a1 = write(dir.path(), "a1.bin", &file_bytes(&naive(n, 1), n, 1));
    let plain = write(dir.path(), "plain.txt", b"a file");
    let plots = dir.path().join("plots");
    let one_line = |o: &std::process::Output, says: &[&str]| {
        let t = text(o);
        assert_eq!(o.status.code(), Some(2), "{t}");
        assert!(o.stdout.is_empty(), "{t}");
        assert_eq!(t.lines().count(), 1, "{t}");
        assert!(t.starts_with("wythoff: --plots: "), "{t}");
        for s in says {
            assert!(t.to_lowercase().contains(s), "{s}: {t}");
        }
    };
    // a table of a = 2: its plots are not defined
    let o = wythoff(&[
        "verify",
        "--bound",
        "1",
        "--table",
        s(&a2),
        "--plots",
        s(&plots),
    ]);
    one_line(&o, &["a = 2"]);
    // an existing file, and a path through a file
    for p in [plain.clone(), plain.join("sub")] {
        let o = wythoff(&[
            "verify",
            "--bound",
            "1",
            "--table",
            s(&a1),
            "--plots",
            s(&p),
        ]);
        one_line(&o, &["not a directory"]);
    }
    assert!(!plots.exists());
    assert_eq!(std::fs::read(&plain).unwrap(), b"a file");
    // a damaged table: the report fails, no plot is drawn, and no directory is made
    let bad = write(
        dir.path(),
        "bad.bin",
        &corrupt(&file_bytes(&naive(n, 1), n, 1), n, 5, 5, 11, false),
    );
    let (code, _, t) = report(&bad, &["--plots", s(&plots)]);
    assert_eq!(code, Some(1), "{t}");
    assert!(t.contains("--plots: no plots drawn"), "{t}");
    assert!(!plots.exists());
    // a new path several levels deep is made when the plots are drawn
    let deep = dir.path().join("x/y/plots");
    let (code, _, t) = report(&a1, &["--plots", s(&deep)]);
    assert_eq!(code, Some(0), "{t}");
    assert!(deep.join("nivasch_d.png").exists() && deep.join("one_values.png").exists());
}

#[test]
fn the_summary_shortens_long_figures_and_keeps_the_fit() {
    let dir = tempfile::tempdir().unwrap();
    let n = 96;
    let f = write(dir.path(), "t.bin", &file_bytes(&naive(n, 1), n, 1));
    let o = wythoff(&["verify", "--bound", "1", "--table", s(&f)]);
    let t = text(&o);
    assert_eq!(o.status.code(), Some(0), "{t}");
    assert!(t.contains("(24 in all; --json or -o has every one)"), "{t}");
    assert!(t.contains("\"fit\":{"), "{t}");
    assert!(t.contains("ALL CHECKS PASSED"), "{t}");
}
