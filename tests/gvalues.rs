//! The g-values of Wythoff's Grundy function without a table (`gvalue`, src/gvalues/): against
//! a naive mex on small boards for every value they hold, against the table engine for every
//! g ≤ 255 inside N = 16384, G = 0 against the mex recursion and the floor formula (`nth`), the
//! command line's formats, the g-value file read by its documented layout, and bad input.

mod common;
use common::*;
use std::collections::HashMap;
use wythoff::gvalues::{GValue, GValues, Sweep};

/// Every h-value (h ≤ `top`) with x < `rows`, by the joint sweep, as (h, x, y).
fn swept(top: u32, rows: u64) -> Vec<GValue> {
    let mut s = Sweep::new(top, 1 << 24).unwrap();
    let mut v = Vec::new();
    while s.row() < rows {
        s.step(&mut |g| v.push(g)).unwrap();
    }
    v
}

/// The `n x y` lines of `gvalue --text` as numbers.
fn records(text: &str) -> Vec<[u64; 3]> {
    let num = |w: &str| w.parse::<u64>().unwrap();
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            [num(f[0]), num(f[1]), num(f[2])]
        })
        .collect()
}

/// The cells x ≤ y < `side` of value ≤ `top` by `value(x, y)`, each once, against the sweep's
/// cells with y < side: the same set, and the counters of each n consecutive per value.
fn same_cells(top: u32, side: usize, value: impl Fn(usize, usize) -> u32) {
    let mut per_value: HashMap<u32, u64> = HashMap::new();
    let mut inside = 0u64;
    for v in swept(top, side as u64) {
        let next = per_value.entry(v.g).or_default();
        assert_eq!(v.n, *next, "value {} numbered out of order", v.g);
        *next += 1;
        assert!(v.x <= v.y);
        if (v.y as usize) < side {
            inside += 1;
            let want = value(v.x as usize, v.y as usize);
            assert_eq!(
                want, v.g,
                "G({}, {}) = {want}, the sweep says {}",
                v.x, v.y, v.g
            );
        }
    }
    // each swept cell inside has the value it claims, and no cell is listed twice (one per row
    // and value): equal counts make the two sets equal
    let mut cells = 0u64;
    for x in 0..side {
        for y in x..side {
            if value(x, y) <= top {
                cells += 1;
            }
        }
    }
    assert_eq!(inside, cells, "side {side}: cells of value ≤ {top}");
}

#[test]
fn every_value_on_small_boards_equals_the_naive_mex() {
    for side in [1usize, 2, 7, 64, 150] {
        let g = naive_rows(side, side, 1);
        for top in [0u32, 1, 2, 5, 40, 255] {
            same_cells(top, side, |x, y| g[x][y]);
        }
    }
}

#[test]
fn every_value_to_255_equals_the_table_engine_inside_16384() {
    let n = 16384usize;
    let spec = wythoff::grundy::Spec::new(1, n as u64).unwrap();
    let t = wythoff::grundy::Table::compute(spec, 2, &|_| {}).unwrap();
    same_cells(255, n, |x, y| t.get(x, y));
}

#[test]
fn zero_values_are_the_mex_pairs_and_the_floor_formula() {
    let want = mex_pairs_through(1, false, 100_000);
    let got: Vec<(u64, u64)> = GValues::new(0, 1 << 24)
        .unwrap()
        .take(want.len())
        .map(|v| v.map(|v| (v.x, v.y)).unwrap())
        .collect();
    assert_eq!(got, want);
    for (n, &(a, b)) in want.iter().enumerate().step_by(997) {
        let o = run_ok(&["gvalue", "0", &n.to_string()]);
        assert_eq!(stdout(&o), format!("{n} {a} {b}\n"));
    }
    // far out: the floor formula of `nth`, which any N reaches
    for n in ["1e18", "2^64", "10^40"] {
        let nth = stdout(&run_ok(&["nth", n]));
        assert_eq!(stdout(&run_ok(&["gvalue", "0", n])), nth, "n = {n}");
    }
}

#[test]
fn one_line_json_and_text_agree() {
    let text = stdout(&run_ok(&["gvalue", "5", "--count", "300", "--text"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 300);
    for n in [0usize, 1, 17, 299] {
        let one = stdout(&run_ok(&["gvalue", "5", &n.to_string()]));
        assert_eq!(one.trim_end(), lines[n]);
        let j = json(&run_ok(&["gvalue", "5", &n.to_string(), "--json"]));
        let f: Vec<u64> = lines[n].split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(j["g"], "5");
        assert_eq!(j["n"], f[0].to_string());
        assert_eq!(j["x"], f[1].to_string());
        assert_eq!(j["y"], f[2].to_string());
        assert_eq!(j["diagonal"], (f[2] - f[1]).to_string());
    }
    // the first 1-values, from Xiao's table: (0,1), (2,2), (3,6)
    let ones = stdout(&run_ok(&["gvalue", "1", "--count", "3", "--text"]));
    assert_eq!(ones, "0 0 1\n1 2 2\n2 3 6\n");
}

#[test]
fn the_summary_measures_against_the_zero_values() {
    let o = run_ok(&["gvalue", "0", "--count", "1000"]);
    says(&stdout(&o), "g=0 count=1000");
    says(&stdout(&o), "x - A_n: from 0 to 0");
    let j = json(&run_ok(&["gvalue", "3", "--count", "2000", "--json"]));
    let text = stdout(&run_ok(&["gvalue", "3", "--count", "2000", "--text"]));
    let pairs = mex_pairs_through(1, false, 1999);
    let mut largest = 0u64;
    let mut diag = 0u64;
    for (f, &(a, _)) in records(&text).iter().zip(&pairs) {
        largest = largest.max(f[1].abs_diff(a));
        diag = diag.max(f[2] - f[1]);
    }
    assert_eq!(j["count"], "2000");
    assert_eq!(j["x_minus_a"]["largest"], largest.to_string());
    assert_eq!(j["largest_diagonal"], diag.to_string());
    assert_eq!(j["last"][0], "1999");
    // the unused diagonals, from the text lines
    let j = json(&run_ok(&["gvalue", "200", "--count", "3000", "--json"]));
    let text = stdout(&run_ok(&["gvalue", "200", "--count", "3000", "--text"]));
    let diagonals: std::collections::BTreeSet<u64> =
        records(&text).iter().map(|f| f[2] - f[1]).collect();
    let top = *diagonals.last().unwrap();
    let unused: Vec<String> = (0..top)
        .filter(|d| !diagonals.contains(d))
        .map(|d| d.to_string())
        .collect();
    assert!(!unused.is_empty());
    assert_eq!(j["unused_diagonals"], unused.len().to_string());
    let listed: Vec<String> = j["unused_diagonal_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(listed[..], unused[..unused.len().min(32)]);
}

/// The figures of `gvalue --all` for the g-values (n, x, y) of one value, computed here from
/// the naive table and the mex pairs: [x − A_n, y − B_n, (y − x) − n] extremes and last growth,
/// the changes of (y − x) − n, where its last run began, its value there and the counts.
fn figures(values: &[(u64, u64)], zeros: &[(u64, u64)]) -> serde_json::Value {
    let mut ext = [(0i64, 0i64, 0u64); 3];
    let (mut changes, mut from, mut prev) = (0u64, 0u64, None);
    let mut counts = std::collections::BTreeMap::<i64, u64>::new();
    for (n, (&(x, y), &(a, b))) in values.iter().zip(zeros).enumerate() {
        let devs = [
            x as i64 - a as i64,
            y as i64 - b as i64,
            (y - x) as i64 - n as i64,
        ];
        for (e, d) in ext.iter_mut().zip(devs) {
            if d.unsigned_abs() > e.0.unsigned_abs().max(e.1.unsigned_abs()) {
                e.2 = n as u64;
            }
            e.0 = e.0.min(d);
            e.1 = e.1.max(d);
        }
        if prev.is_some_and(|p| p != devs[2]) {
            changes += 1;
            from = n as u64;
        }
        prev = Some(devs[2]);
        *counts.entry(devs[2]).or_default() += 1;
    }
    let e = |i: usize| {
        serde_json::json!([
            ext[i].0.to_string(),
            ext[i].1.to_string(),
            ext[i].2.to_string()
        ])
    };
    serde_json::json!({
        "x_minus_a": e(0), "y_minus_b": e(1), "diagonal_minus_n": e(2),
        "changes": changes.to_string(), "constant_from": from.to_string(),
        "shift": prev.unwrap_or(0).to_string(),
        "counts": counts.iter().map(|(d, c)| [d.to_string(), c.to_string()]).collect::<Vec<_>>(),
    })
}

#[test]
fn every_summary_of_all_equals_the_naive_table() {
    let (side, top, count) = (400usize, 5u32, 100usize);
    let g = naive_rows(side, side, 1);
    // the g-values of each h ≤ top in increasing x, from the naive table
    let mut values = vec![Vec::new(); top as usize + 1];
    for x in 0..side {
        for y in x..side {
            if g[x][y] <= top {
                values[g[x][y] as usize].push((x as u64, y as u64));
            }
        }
    }
    let zeros = mex_pairs_through(1, false, count as u64 - 1);
    let dir = tempfile::tempdir().unwrap();
    let plots = dir.path().join("plots");
    let j = json(&run_ok(&[
        "gvalue",
        &top.to_string(),
        "--count",
        &count.to_string(),
        "--all",
        "--json",
        "--plots",
        s(&plots),
    ]));
    assert_eq!(j["count"], count.to_string());
    let got = j["values"].as_array().unwrap();
    assert_eq!(got.len(), top as usize + 1);
    for (h, v) in values.iter().enumerate() {
        // the naive list is the prefix: every row up to its last x holds h inside the board
        let last_x = v[count - 1].0 as usize;
        assert!((0..=last_x).all(|x| g[x].contains(&(h as u32))), "h = {h}");
        let want = figures(&v[..count], &zeros);
        let j = &got[h];
        assert_eq!(j["g"], h.to_string());
        for key in ["x_minus_a", "y_minus_b", "diagonal_minus_n"] {
            let e = &j[key];
            let have = serde_json::json!([e["min"], e["max"], e["last_growth"]]);
            assert_eq!(have, want[key], "h = {h}, {key}");
        }
        assert_eq!(j["diagonal_minus_n_changes"], want["changes"], "h = {h}");
        assert_eq!(j["constant_from"], want["constant_from"], "h = {h}");
        assert_eq!(j["shift"], want["shift"], "h = {h}");
        assert_eq!(j["diagonal_minus_n_counts"], want["counts"], "h = {h}");
    }
    // g = 0 is Wythoff's sequence itself: (y − x) − n = 0 throughout
    assert_eq!(got[0]["diagonal_minus_n_changes"], "0");
    for name in ["gvalue_distances.png", "gvalue_settling.png"] {
        let (w, h, _) = png_pixels(&plots.join(name));
        assert_eq!((w, h), (1200, 800), "{name}");
    }
    assert_eq!(j["plots"].as_array().map(Vec::len), Some(2));
    // the text form says what the figures are
    let o = run_ok(&["gvalue", "2", "--count", "50", "--all"]);
    says(&stdout(&o), "evidence, not proof");
    says(&stdout(&o), "shifted Wythoff: (y - x) - n changed");
    // a plot folder that cannot be one is refused before the sweep, naming the flag
    let file = dir.path().join("file");
    std::fs::write(&file, "x").unwrap();
    refused(
        &["gvalue", "2", "--count", "5", "--all", "--plots", s(&file)],
        &["--plots:", "not a directory"],
    );
}

/// The file by its documented layout (doc/formats.md, kind 7), read here without the library.
fn read_file(bytes: &[u8]) -> (u64, Vec<(u64, u64)>) {
    assert_eq!(&bytes[0..8], b"WYTHOFF\0");
    assert_eq!((u32_at(bytes, 8), u32_at(bytes, 12)), (1, 7));
    let (g, count) = (u64_at(bytes, 16), u64_at(bytes, 24));
    assert_eq!(bytes[32], 8);
    assert!(bytes[33..72].iter().all(|&b| b == 0));
    assert_eq!(bytes.len() as u64, 80 + 16 * count);
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&bytes[80..]);
    h.update(&bytes[..72]);
    assert_eq!(h.digest(), u64_at(bytes, 72));
    let recs = bytes[80..]
        .chunks_exact(16)
        .map(|r| (u64_at(r, 0), u64_at(r, 8)))
        .collect();
    (g, recs)
}

#[test]
fn the_file_holds_the_text_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g7.bin");
    let o = run_ok(&["gvalue", "7", "--count", "5000", "-o", s(&f)]);
    assert!(o.stdout.is_empty());
    let (g, recs) = read_file(&std::fs::read(&f).unwrap());
    assert_eq!(g, 7);
    let text = stdout(&run_ok(&["gvalue", "7", "--count", "5000", "--text"]));
    let want: Vec<(u64, u64)> = records(&text).iter().map(|f| (f[1], f[2])).collect();
    assert_eq!(recs, want);
    let t = dir.path().join("g7.txt");
    run_ok(&["gvalue", "7", "--count", "5000", "--text", "-o", s(&t)]);
    assert_eq!(std::fs::read_to_string(&t).unwrap(), text);
    says(&stdout(&run_ok(&["gvalue", "--check", s(&f)])), "ok: ");
    let j = json(&run_ok(&["gvalue", "--check", s(&f), "--json"]));
    assert_eq!(
        (j["ok"].as_bool(), j["count"].as_str()),
        (Some(true), Some("5000"))
    );
}

#[test]
fn damaged_truncated_and_wrong_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g2.bin");
    run_ok(&["gvalue", "2", "--count", "100", "-o", s(&f)]);
    let good = std::fs::read(&f).unwrap();
    // a changed value: damaged, exit 1
    let mut bad = good.clone();
    bad[100] ^= 1;
    std::fs::write(&f, &bad).unwrap();
    let o = wythoff(&["gvalue", "--check", s(&f)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    says(&stderr(&o), "damaged");
    // a record rewritten with a matching checksum: the sweep disagrees, exit 1, FAIL
    let mut forged = good.clone();
    forged[80 + 16 * 3..80 + 16 * 3 + 8].copy_from_slice(&999u64.to_le_bytes());
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&forged[80..]);
    h.update(&forged[..72]);
    forged[72..80].copy_from_slice(&h.digest().to_le_bytes());
    std::fs::write(&f, &forged).unwrap();
    let o = wythoff(&["gvalue", "--check", s(&f)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    says(&stdout(&o), "FAIL: record n=3");
    // truncated, another kind, not there: exit 2
    std::fs::write(&f, &good[..good.len() - 16]).unwrap();
    refused(&["gvalue", "--check", s(&f)], &["--check", "truncated"]);
    let p = dir.path().join("pairs.bin");
    run_ok(&["pairs", "10", "--format", "binary", "-o", s(&p)]);
    refused(&["gvalue", "--check", s(&p)], &["kind 1", "kind 7"]);
    refused(
        &["gvalue", "--check", "/nonexistent/x"],
        &["--check", "cannot read"],
    );
}

#[test]
fn bad_input_is_refused_with_one_line() {
    refused(&["gvalue", "256", "3"], &["from 0 to 255"]);
    refused(&["gvalue", "-1", "3"], &["negative", "value G"]);
    refused(&["gvalue", "3"], &["<N>"]);
    refused(&["gvalue", "3", "4", "--count", "5"], &["--count"]);
    refused(&["gvalue", "3", "--text"], &["--count"]);
    refused(
        &["gvalue", "3", "--count", "5", "--text", "--json"],
        &["--json"],
    );
    refused(&["gvalue", "3", "1e12"], &["ceiling", "reaches n ≤"]);
    refused(&["gvalue", "255", "--count", "1e12"], &["ceiling"]);
    refused(
        &["gvalue", "2", "2^64"],
        &["reaches N ≤", "G = 0 and G = 1 take any N"],
    );
}

#[test]
fn grundy_at_beyond_the_certified_rows_uses_the_g_values() {
    let n = 700usize;
    let t = wythoff::grundy::Table::compute(
        wythoff::grundy::Spec::new(1, n as u64).unwrap(),
        2,
        &|_| {},
    )
    .unwrap();
    for (x, y) in [
        (256, 256),
        (300, 500),
        (699, 400),
        (512, 699),
        (600, 610),
        (257, 690),
    ] {
        let g = t.get(x, y);
        let o = run_ok(&["grundy", "at", &x.to_string(), &y.to_string()]);
        let line = stdout(&o);
        if g <= 255 {
            assert_eq!(line, format!("{g}\n"), "({x}, {y})");
        } else {
            says(&line, "unknown: 256 ≤ G(");
            says(&line, "so G > 255");
        }
    }
    // a 0-value of any size by the floor formula; a row beyond the sweep: the bounds
    let nth = stdout(&run_ok(&["nth", "10^30"]));
    let f: Vec<&str> = nth.split_whitespace().collect();
    assert_eq!(stdout(&run_ok(&["grundy", "at", f[2], f[1]])), "0\n");
    let o = run_ok(&["grundy", "at", "10^30", &format!("11{}", "0".repeat(29))]);
    says(&stdout(&o), "unknown: 1 ≤ G(");
    says(&stdout(&o), "beyond the rows the g-value sweep reaches");
    says(
        &stdout(&o),
        "G ≠ 1 too if the 1-value automaton's rule holds",
    );
}

#[test]
fn grundy_at_beyond_the_rows_swept_finds_the_greedy_s_1_values() {
    // the greedy sweep's 1-values (`gvalue 1 --count K --text`) with x past row 2^22
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("ones.txt");
    run_ok(&["gvalue", "1", "--count", "2592400", "--text", "-o", s(&f)]);
    let text = std::fs::read_to_string(&f).unwrap();
    let ones: Vec<(u64, u64)> = text
        .lines()
        .rev()
        .take(6)
        .map(|l| {
            let v: Vec<u64> = l.split(' ').map(|t| t.parse().unwrap()).collect();
            (v[1], v[2])
        })
        .collect();
    for (x, y) in ones {
        assert!(x > 1 << 22, "({x}, {y}) is within the rows swept");
        let o = run_ok(&["grundy", "at", &x.to_string(), &y.to_string()]);
        assert_eq!(stdout(&o), "1\n", "({x}, {y})");
        says(
            &stderr(&o),
            "checked against the greedy on every diagonal below 999999997",
        );
        // a cell beside it: a Wythoff pair, or G ≥ 2
        let o = run_ok(&["grundy", "at", &x.to_string(), &(y + 1).to_string()]);
        if stdout(&o) != "0\n" {
            says(&stdout(&o), "unknown: 2 ≤ G(");
            says(&stdout(&o), "G ≠ 1, since the 1-value of this diagonal");
        }
    }
    // far beyond the diagonals checked: the value with a line saying it is conditional
    let nth = stdout(&run_ok(&["gvalue", "1", "10^30"]));
    let f: Vec<&str> = nth.split_whitespace().collect();
    let o = run_ok(&["grundy", "at", f[1], f[2]]);
    assert_eq!(stdout(&o), "1\n");
    says(&stderr(&o), "conditional");
}

#[test]
fn against_a_table_file_agrees_and_other_tables_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.bin");
    run_ok(&["grundy", "512", "-o", s(&t)]);
    let o = run_ok(&["gvalue", "255", "--against", s(&t)]);
    says(&stdout(&o), "ok: the ");
    let j = json(&run_ok(&["gvalue", "40", "--against", s(&t), "--json"]));
    assert_eq!(j["ok"], true);
    // the cells of value ≤ 40 in the table, counted here from a naive mex
    let g = naive_rows(512, 512, 1);
    let cells = (0..512)
        .flat_map(|x| (x..512).map(move |y| (x, y)))
        .filter(|&(x, y)| g[x][y] <= 40)
        .count();
    assert_eq!(j["cells"], cells.to_string());
    let a2 = dir.path().join("a2.bin");
    run_ok(&["grundy", "64", "-a", "2", "-o", s(&a2)]);
    refused(
        &["gvalue", "3", "--against", s(&a2)],
        &["--against", "a = 2"],
    );
    refused(
        &["gvalue", "3", "--against", s(&t), "--count", "4"],
        &["--count"],
    );
}
