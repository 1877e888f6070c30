//! The g-values of Wythoff's Grundy function without a table (`gvalue`, crates/wythoff/src/gvalues/): against
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
    let t = wythoff::grundy::Table::compute(spec, &wythoff::Context::new(2)).unwrap();
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

/// The summary of `gvalue G --count K --json` (without `version`) for the g-values (x, y) of the
/// value `g` in increasing x, recounted here from that list and the mex pairs (A_n, B_n): the
/// extremes of x − A_n, y − B_n and (y − x) − n from the first value on, where the largest |.|
/// last grew, the diagonals y − x used and unused, and the runs of (y − x) − n.
fn summary_of(g: u32, values: &[(u64, u64)], zeros: &[(u64, u64)]) -> serde_json::Value {
    let t = |v: &dyn ToString| v.to_string();
    let devs: Vec<[i64; 3]> = values
        .iter()
        .zip(zeros)
        .enumerate()
        .map(|(n, (&(x, y), &(a, b)))| {
            [
                x as i64 - a as i64,
                y as i64 - b as i64,
                (y - x) as i64 - n as i64,
            ]
        })
        .collect();
    let extremes = |i: usize| {
        let d: Vec<i64> = devs.iter().map(|d| d[i]).collect();
        let (min, max) = (*d.iter().min().unwrap(), *d.iter().max().unwrap());
        let largest = d.iter().map(|v| v.unsigned_abs()).max().unwrap();
        // the first n at which |.| reaches its largest: from there on it did not grow
        let grew = d.iter().position(|v| v.unsigned_abs() == largest).unwrap();
        serde_json::json!({"min": t(&min), "max": t(&max), "largest": t(&largest),
                           "last_growth": t(&grew)})
    };
    let diagonals: std::collections::BTreeSet<u64> = values.iter().map(|&(x, y)| y - x).collect();
    assert_eq!(
        diagonals.len(),
        values.len(),
        "g = {g}: a diagonal used twice"
    );
    let top = *diagonals.last().unwrap();
    let unused: Vec<u64> = (0..=top).filter(|d| !diagonals.contains(d)).collect();
    let shifts: Vec<i64> = devs.iter().map(|d| d[2]).collect();
    let changes = shifts.windows(2).filter(|w| w[0] != w[1]).count();
    let from = (1..shifts.len())
        .rev()
        .find(|&n| shifts[n] != shifts[n - 1])
        .unwrap_or(0);
    let mut counts = std::collections::BTreeMap::<i64, u64>::new();
    for &d in &shifts {
        *counts.entry(d).or_default() += 1;
    }
    let n = values.len() - 1;
    let (x, y) = values[n];
    serde_json::json!({
        "g": t(&g), "count": t(&values.len()), "last": [t(&n), t(&x), t(&y)],
        "x_minus_a": extremes(0), "y_minus_b": extremes(1), "diagonal_minus_n": extremes(2),
        "largest_diagonal": t(&top), "unused_diagonals": t(&unused.len()),
        "unused_diagonal_list": unused.iter().take(32).map(|d| d.to_string()).collect::<Vec<_>>(),
        "diagonal_minus_n_changes": t(&changes), "constant_from": t(&from),
        "shift": t(shifts.last().unwrap()),
        "diagonal_minus_n_counts":
            counts.iter().map(|(d, c)| [d.to_string(), c.to_string()]).collect::<Vec<_>>(),
    })
}

/// The text lines of `gvalue` for the summary `j` of [`summary_of`], as doc/gvalues.md shows them.
fn summary_text(j: &serde_json::Value) -> String {
    let v = |p: &str| j.pointer(p).unwrap().as_str().unwrap().to_string();
    let mut t = format!("g={} count={}\n", v("/g"), v("/count"));
    t += &format!(
        "last: n={} x={} y={}\n",
        v("/last/0"),
        v("/last/1"),
        v("/last/2")
    );
    for (what, key) in [
        ("x - A_n", "x_minus_a"),
        ("y - B_n", "y_minus_b"),
        ("(y - x) - n", "diagonal_minus_n"),
    ] {
        let e = |f: &str| v(&format!("/{key}/{f}"));
        t += &format!(
            "{what}: from {} to {}; largest |.| = {}, last grew at n={}\n",
            e("min"),
            e("max"),
            e("largest"),
            e("last_growth")
        );
    }
    let list: Vec<&str> = j["unused_diagonal_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    let (top, unused) = (v("/largest_diagonal"), v("/unused_diagonals"));
    t += &format!("diagonals: largest y - x = {top}, {unused} of 0..={top} unused");
    if !list.is_empty() {
        t += &format!(": {}", list.join(" "));
    }
    if unused.parse::<usize>().unwrap() > list.len() {
        t += " …";
    }
    let counts: Vec<String> = j["diagonal_minus_n_counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| format!("{}:{}", c[0].as_str().unwrap(), c[1].as_str().unwrap()))
        .collect();
    t += &format!(
        "\nshifted Wythoff: (y - x) - n changed {} times; its last run: {} from n={} to n={}; \
         value:count {}\n",
        v("/diagonal_minus_n_changes"),
        v("/shift"),
        v("/constant_from"),
        v("/last/0"),
        counts.join(" ")
    );
    t
}

/// The g-values (x, y), x ≤ y, of every value h ≤ `top` in increasing x, from the naive board
/// `g` (rows x < its height), each list cut where the board could miss one (a row whose h lies
/// beyond the board's columns).
fn naive_lists(g: &[Vec<u32>], top: u32) -> Vec<Vec<(u64, u64)>> {
    (0..=top)
        .map(|h| {
            let mut v = Vec::new();
            for (x, row) in g.iter().enumerate() {
                if !row.contains(&h) {
                    break;
                }
                for (y, &c) in row.iter().enumerate().skip(x) {
                    if c == h {
                        v.push((x as u64, y as u64));
                    }
                }
            }
            v
        })
        .collect()
}

/// Drops the `version` of a JSON object.
fn unversioned(mut j: serde_json::Value) -> serde_json::Value {
    j.as_object_mut().unwrap().remove("version");
    j
}

#[test]
fn every_summary_field_of_every_value_to_255_equals_a_recount_from_the_naive_board() {
    // rows x < 40, columns y < 400: each row holds every h ≤ 255 (G(x, y) ≥ y − 2x), and the
    // first 20 g-values of each h lie in the first 40 rows
    let (rows, cols, count) = (40usize, 400usize, 20usize);
    let g = naive_rows(rows, cols, 1);
    let lists = naive_lists(&g, 255);
    let zeros = mex_pairs_through(1, false, count as u64 - 1);
    let all = json(&run_ok(&[
        "gvalue", "255", "--count", "20", "--all", "--json",
    ]));
    let all = all["values"].as_array().unwrap();
    assert_eq!(all.len(), 256);
    let all_text = stdout(&run_ok(&["gvalue", "255", "--count", "20", "--all"]));
    for (h, list) in lists.iter().enumerate() {
        assert!(list.len() >= count, "h = {h}: {} g-values", list.len());
        let h32 = h as u32;
        // every prefix of K ≤ 3 (where the first value decides the extremes) and K = 20
        for k in [1, 2, 3, count] {
            let want = summary_of(h32, &list[..k], &zeros);
            let (hs, ks) = (h.to_string(), k.to_string());
            if k == count {
                assert_eq!(unversioned(all[h].clone()), want, "--all, h = {h}");
                assert!(
                    all_text.contains(&summary_text(&want)),
                    "--all text, h = {h}"
                );
            }
            if k == count || h % 15 == 1 {
                let j = json(&run_ok(&["gvalue", &hs, "--count", &ks, "--json"]));
                assert_eq!(unversioned(j), want, "h = {h}, K = {k}");
                let t = stdout(&run_ok(&["gvalue", &hs, "--count", &ks]));
                assert_eq!(t, summary_text(&want), "h = {h}, K = {k}");
            }
        }
    }
    // the 16-values (0, 16), (1, 15), (2, 17) against the 0-values (0, 0), (1, 2), (3, 5)
    let t = stdout(&run_ok(&["gvalue", "16", "--count", "3"]));
    says(&t, "y - B_n: from 12 to 16;");
    says(&t, "(y - x) - n: from 13 to 16;");
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
        let want = summary_of(h as u32, &v[..count], &zeros);
        assert_eq!(unversioned(got[h].clone()), want, "h = {h}");
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
        &wythoff::Context::new(2),
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
    // a 0-value of any size by the floor formula; a row beyond the sweep: the bounds, G ≥ 2
    // since the diagonal d = 10^29's 1-value lies at x = ⌊dφ⌋ + e, −3 ≤ e ≤ 8, far below x = 10d
    let nth = stdout(&run_ok(&["nth", "10^30"]));
    let f: Vec<&str> = nth.split_whitespace().collect();
    assert_eq!(stdout(&run_ok(&["grundy", "at", f[2], f[1]])), "0\n");
    let o = run_ok(&["grundy", "at", "10^30", &format!("11{}", "0".repeat(29))]);
    says(&stdout(&o), "unknown: 2 ≤ G(");
    says(&stdout(&o), "beyond the rows the g-value sweep reaches");
    says(
        &stdout(&o),
        "G ≠ 1, since the 1-value of this diagonal lies elsewhere (proved: wythoff prove \
         --theorem one-values)",
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
        says(&stderr(&o), "proved for every diagonal");
        // a cell beside it: a Wythoff pair, or G ≥ 2
        let o = run_ok(&["grundy", "at", &x.to_string(), &(y + 1).to_string()]);
        if stdout(&o) != "0\n" {
            says(&stdout(&o), "unknown: 2 ≤ G(");
            says(&stdout(&o), "G ≠ 1, since the 1-value of this diagonal");
        }
    }
    // far beyond the diagonals the greedy reached: the value 1, proved; beside it on its row and
    // on its diagonal G ≠ 1 (two 1-values there would be options of each other), so a 0-value or
    // G ≥ 2 — not both 0-values, since they share column y + 1
    let nth = stdout(&run_ok(&["gvalue", "1", "10^30"]));
    let f: Vec<&str> = nth.split_whitespace().collect();
    let o = run_ok(&["grundy", "at", f[1], f[2]]);
    assert_eq!(stdout(&o), "1\n");
    says(&stderr(&o), "proved for every diagonal");
    let (x, y): (u128, u128) = (f[1].parse().unwrap(), f[2].parse().unwrap());
    let mut bounded = 0;
    for (x2, y2) in [(x, y + 1), (x + 1, y + 1)] {
        let o = run_ok(&["grundy", "at", &x2.to_string(), &y2.to_string()]);
        if stdout(&o) != "0\n" {
            says(&stdout(&o), "unknown: 2 ≤ G(");
            says(
                &stdout(&o),
                "G ≠ 1, since the 1-value of this diagonal lies elsewhere",
            );
            bounded += 1;
        }
    }
    assert!(bounded >= 1);
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

#[test]
fn grundy_at_announces_the_sweep_only_where_it_runs() {
    use std::io::BufRead;
    // a 0-value (the 300000-th pair) and y − 2x > 255 answer at once, without a sweep
    let pair = stdout(&run_ok(&["nth", "300000"]));
    assert_eq!(pair, "300000 485410 785410\n");
    for (x, y, answer) in [
        ("485410", "785410", "0\n"),
        ("785410", "485410", "0\n"),
        ("300000", "1000000000", "unknown: 999400000 ≤ G("),
        ("1000000000", "300000", "unknown: 999400000 ≤ G("),
    ] {
        let o = run_ok(&["grundy", "at", x, y]);
        says(&stdout(&o), answer);
        assert!(stderr(&o).is_empty(), "({x}, {y}): {}", stderr(&o));
    }
    // a cell that needs the sweep through row 2^18: the line comes first (the run is stopped
    // once it is read)
    let mut c = command()
        .args(["grundy", "at", "262144", "262500"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(c.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    c.kill().unwrap();
    c.wait().unwrap();
    says(
        &line,
        "sweeping the g-values of 0..=255 through row 262144 first",
    );
}

#[test]
fn the_row_said_to_be_swept_is_the_row_value_far_sweeps() {
    use rug::Integer;
    use wythoff::gvalues::far::{FAR_ROWS, sweep_row, value_far};
    // with the flag already set, value_far stops at its first poll of the sweep (row 0, for
    // any row > 0) and answers at once where it does not sweep
    let stop = wythoff::cancel::Cancel::new();
    stop.cancel();
    let ctx = wythoff::Context::serial().with_cancel(&stop);
    let zeros = mex_pairs_through(1, false, 400);
    let mut cells: Vec<(u64, u64)> = vec![(0, 7), (1, 1), (3, 5), (3, 6), (4, 7), (485410, 785410)];
    cells.extend(zeros.iter().step_by(37).copied());
    cells.extend(zeros.iter().step_by(37).map(|&(a, b)| (a, b + 1)));
    for x in [1, 10, 1000, FAR_ROWS - 1, FAR_ROWS, FAR_ROWS + 1] {
        for y in [
            x,
            x + 1,
            2 * x + 254,
            2 * x + 255,
            2 * x + 256,
            2 * x + 1000,
        ] {
            cells.push((x, y));
        }
    }
    for (x, y) in cells {
        for (p, q) in [(x, y), (y, x)] {
            let (p, q) = (Integer::from(p), Integer::from(q));
            let swept = matches!(
                value_far(&p, &q, &ctx),
                Err(wythoff::error::Error::Cancelled)
            );
            let said = sweep_row(&p, &q);
            let zero = zeros.contains(&(x.min(y), x.max(y))) || (x, y) == (485410, 785410);
            let want = (x.min(y) <= FAR_ROWS && x.abs_diff(y) <= x.min(y) + 255 && !zero)
                .then_some(x.min(y));
            assert_eq!(said, want, "({p}, {q})");
            assert_eq!(said.is_some_and(|r| r > 0), swept, "({p}, {q})");
        }
    }
}
