//! Two-pile line games (`grundy N --rules R`, `--game NAME`, the NimHof entries A307296–A307302)
//! against independent computations: a naive mex over every option from the rules (the common one),
//! Nim's x XOR y, the Wythoff engine's checksum, and the fact stated in A307296 that adding
//! [2,1] or [3,2] to Nim leaves its table A003987 (x XOR y) unchanged.  The published terms of
//! each entry are checked by tests/published.rs.  Larsson's (p, q)-GDWN (`--game gdwn-P-Q`)
//! against a mex written from the paper's own statement of the moves, not from a rule list.

use std::process::Output;
use wythoff::Context;
use wythoff::oeis::{entry, terms};

mod common;
use common::{line_naive_rows, run_ok, s, stderr, stdout, wythoff};

/// The printed table of `grundy N --rules R --print`.
fn printed(args: &[&str]) -> Vec<Vec<u32>> {
    let o = wythoff(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
        .lines()
        .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
        .collect()
}

/// The rules of each NimHof entry, as its name gives them.
const NIMHOF: [(&str, &[(usize, usize)]); 7] = [
    ("A307296", &[(1, 0), (3, 2), (1, 1), (0, 1)]),
    ("A307297", &[(1, 0), (2, 1), (3, 3), (0, 1)]),
    ("A307298", &[(1, 0), (1, 1), (2, 3), (1, 2), (0, 1)]),
    ("A307299", &[(1, 0), (1, 1), (1, 2), (0, 1)]),
    ("A307300", &[(1, 0), (2, 2), (0, 1)]),
    ("A307301", &[(1, 0), (3, 1), (0, 1)]),
    ("A307302", &[(1, 0), (3, 3), (0, 1)]),
];

#[test]
fn nimhof_entries_equal_the_naive_mex_by_antidiagonals() {
    let d = 80; // antidiagonals 0..79
    let count = d * (d + 1) / 2;
    for (anum, rules) in NIMHOF {
        let g = line_naive_rows(d, rules);
        // antidiagonal s lists T(s − i, i), i = 0..=s (the entries' convention, doc/lines.md)
        let want: Vec<u128> = (0..d)
            .flat_map(|s| (0..=s).map(move |i| (s - i, i)))
            .map(|(x, y)| u128::from(g[x][y]))
            .collect();
        let got = terms(entry(anum).unwrap(), count as u64, &Context::all_cores()).unwrap();
        assert_eq!(got, want, "{anum}");
    }
}

#[test]
fn printed_tables_equal_the_naive_mex_for_asymmetric_and_sparse_rules() {
    for (rules, list) in [
        ("1,0:1,1:3,2:0,1", &[(1, 0), (1, 1), (3, 2), (0, 1)][..]),
        ("1,2", &[(1, 2)][..]),
        ("2,0:0,3:1,1", &[(2, 0), (0, 3), (1, 1)][..]),
        ("1,0:0,1:2,2:5,1", &[(1, 0), (0, 1), (2, 2), (5, 1)][..]),
    ] {
        for n in ["1", "23", "64"] {
            let got = printed(&["grundy", n, "--rules", rules, "--print", "--threads", "2"]);
            assert_eq!(
                got,
                line_naive_rows(n.parse().unwrap(), list),
                "{rules}, N = {n}"
            );
        }
    }
}

#[test]
fn nim_is_xor_and_two_rules_of_a307296_leave_it_unchanged() {
    for rules in ["1,0:0,1", "1,0:2,1:0,1", "1,0:3,2:0,1"] {
        let g = printed(&["grundy", "300", "--rules", rules, "--print"]);
        for (x, row) in g.iter().enumerate() {
            for (y, &v) in row.iter().enumerate() {
                assert_eq!(v as usize, x ^ y, "{rules}: G({x}, {y})");
            }
        }
    }
}

#[test]
fn wythoff_as_a_line_game_has_the_wythoff_engine_s_checksum() {
    for n in ["1", "777", "2048"] {
        let line = wythoff(&["grundy", n, "--game", "wythoff", "--checksum"]);
        let engine = wythoff(&["grundy", n, "--checksum"]);
        let sums = |o: &Output| stdout(o).split(" (").next().unwrap().to_string();
        assert_eq!(sums(&line), sums(&engine), "N = {n}");
        assert!(stdout(&line).contains("rules 1,0:0,1:1,1"));
    }
    let o = wythoff(&["grundy", "4", "--game", "nim", "--checksum", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // 0..3 XOR 0..3 sums to 4 · 6 = 24
    assert_eq!(v["sum"], "24");
    assert_eq!(v["rules"], "1,0:0,1");
    assert_eq!(v["N"], "4");
}

#[test]
fn bad_rules_and_unsupported_combinations_are_refused() {
    for (args, says) in [
        (
            &["grundy", "8", "--rules", "1,0:0,0", "--print"][..],
            "--rules",
        ),
        (
            &["grundy", "8", "--rules", "1,0:1,0", "--print"],
            "repeats rule 1",
        ),
        (&["grundy", "8", "--rules", "65,0", "--print"], "above 64"),
        (&["grundy", "8", "--rules", "1.0", "--print"], "no comma"),
        (
            &["grundy", "8", "--game", "chess", "--print"],
            "nimhof-a307296",
        ),
        (
            &["grundy", "8", "--rules", "1,0", "-o", "x.bin", "--resume"],
            "--resume",
        ),
        (
            &["grundy", "8", "--rules", "1,0", "-a", "2", "--print"],
            "-a",
        ),
        (
            &["grundy", "8", "--game", "nim", "-o", "x.bin", "--restart"],
            "--restart",
        ),
        (
            &["grundy", "8", "--rules", "1,0", "--game", "nim", "--print"],
            "--game",
        ),
        (&["grundy", "70000", "--rules", "1,0", "--print"], "65536"),
        (
            &[
                "grundy",
                "40000",
                "--rules",
                "64,63:63,64:1,0",
                "--checksum",
            ],
            "bytes",
        ),
    ] {
        let o = wythoff(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
}

/// G of Larsson's (p, q)-GDWN on the n × n square, from the paper's statement of the moves
/// ("A generalized diagonal Wythoff Nim", Integers 12 (2012) G2): take t ≥ 1 from one pile, or
/// t from both, or p·t from one pile and q·t from the other.
fn gdwn_naive(p: usize, q: usize, n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for x in 0..n {
        for y in 0..n {
            let mut seen = vec![false; 2 * x + 2 * y + 2];
            for t in 1..=x.max(y) {
                let mut options = Vec::new();
                if t <= x {
                    options.push((x - t, y)); // t from the first pile
                }
                if t <= y {
                    options.push((x, y - t)); // t from the second pile
                }
                if t <= x && t <= y {
                    options.push((x - t, y - t)); // t from both
                }
                if p * t <= x && q * t <= y {
                    options.push((x - p * t, y - q * t)); // p·t from the first, q·t from the other
                }
                if q * t <= x && p * t <= y {
                    options.push((x - q * t, y - p * t)); // and the other way round
                }
                for (u, v) in options {
                    seen[g[u][v] as usize] = true;
                }
            }
            g[x][y] = seen.iter().position(|&s| !s).unwrap() as u32;
        }
    }
    g
}

#[test]
fn gdwn_tables_equal_the_mex_over_larssons_moves() {
    for (p, q) in [
        (1, 2),
        (1, 3),
        (2, 3),
        (2, 5),
        (3, 4),
        (3, 7),
        (5, 8),
        (1, 64),
    ] {
        let name = format!("gdwn-{p}-{q}");
        let want = gdwn_naive(p, q, 40);
        let got = printed(&["grundy", "40", "--game", &name, "--print", "--threads", "2"]);
        assert_eq!(got, want, "{name}");
        // the paper's games are symmetric: (x, y) and (y, x) have the same options, mirrored
        for (x, row) in got.iter().enumerate() {
            for (y, &v) in row.iter().enumerate() {
                assert_eq!(v, got[y][x], "{name}: G({x}, {y})");
            }
        }
    }
    // the named entry is the family's (1, 2) member, stated as rules
    let named = printed(&["grundy", "40", "--game", "gdwn-1-2", "--print"]);
    let rules = printed(&["grundy", "40", "--rules", "1,0:0,1:1,1:1,2:2,1", "--print"]);
    assert_eq!(named, rules);
}

#[test]
fn gdwn_1_2_p_positions_equal_the_mex_over_larssons_moves() {
    let n = 200;
    let g = gdwn_naive(1, 2, n);
    let got = printed(&["grundy", "200", "--game", "gdwn-1-2", "--print"]);
    let zeros = |t: &Vec<Vec<u32>>| -> Vec<(usize, usize)> {
        (0..n)
            .flat_map(|x| (0..n).map(move |y| (x, y)))
            .filter(|&(x, y)| t[x][y] == 0)
            .collect()
    };
    assert_eq!(zeros(&got), zeros(&g));
    // by hand: the (1, 2) move takes (1, 2), a P-position of Wythoff's game, and (2, 4) to
    // (0, 0), so both are N-positions here; every option of (1, 3) — (0, 3), (0, 2), (0, 1),
    // (1, 2), (1, 1), (1, 0) — reaches (0, 0) in one move, so (1, 3) is a P-position
    assert_ne!(got[1][2], 0);
    assert_ne!(got[2][4], 0);
    assert_eq!(got[1][3], 0);
    // the Nim moves leave at most one P-position in each row and each column
    for (i, row) in got.iter().enumerate() {
        assert!(row.iter().filter(|&&v| v == 0).count() <= 1, "row {i}");
        assert!(got.iter().filter(|r| r[i] == 0).count() <= 1, "column {i}");
    }
}

#[test]
fn gdwn_names_outside_the_family_are_refused() {
    for bad in ["gdwn-2-1", "gdwn-2-2", "gdwn-0-3", "gdwn-1-65", "gdwn-01-2"] {
        let o = wythoff(&["grundy", "8", "--game", bad, "--print"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{bad}: {err}");
        assert!(
            err.contains("gdwn-P-Q for integers 0 < P < Q <= 64"),
            "{bad}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{bad}: {err}");
    }
}

/// `line-pairs N`: row x's P-position is the cell of row x where the naive table is 0, for
/// symmetric and asymmetric rule lists with the Nim moves; "x y" per line, N lines.
#[test]
fn line_pairs_are_the_zeros_of_the_naive_table() {
    let games: [(&str, &[(usize, usize)]); 3] = [
        ("1,0:1,1:3,2:0,1", &[(1, 0), (1, 1), (3, 2), (0, 1)]),
        ("1,0:0,1:1,2", &[(1, 0), (0, 1), (1, 2)]),
        ("1,0:0,1:2,2:1,3", &[(1, 0), (0, 1), (2, 2), (1, 3)]),
    ];
    for (spec, rules) in games {
        // y(x) <= (1 + r)x with r <= 2 diagonal rules here
        let (rows, side) = (50, 160);
        let g = line_naive_rows(side, rules);
        let o = wythoff(&["line-pairs", &rows.to_string(), "--rules", spec]);
        assert!(o.status.success(), "{spec}: {}", stderr(&o));
        let want: String = (0..rows)
            .map(|x| format!("{x} {}\n", (0..side).find(|&y| g[x][y] == 0).unwrap()))
            .collect();
        assert_eq!(stdout(&o), want, "{spec}");
    }
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("p.txt");
    let o = wythoff(&["line-pairs", "6", "--game", "wythoff", "-o", s(&f)]);
    assert!(o.status.success() && o.stdout.is_empty());
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        "0 0\n1 2\n2 1\n3 5\n4 7\n5 3\n"
    );
    for (args, says) in [
        (
            &["line-pairs", "5", "--rules", "1,1:0,1"][..],
            "lack the Nim moves 1,0 and 0,1",
        ),
        (&["line-pairs", "5", "--game", "chess"][..], "unknown game"),
        (
            &["line-pairs", "5", "--rules", "1,0:0,1:0,0"][..],
            "--rules",
        ),
        (&["line-pairs", "-3", "--game", "nim"][..], "N"),
        (&["line-pairs", "5"][..], "--rules"),
        (&["line-pairs", "300000000", "--game", "wythoff"][..], "N:"),
        (
            &["line-pairs", "5", "--game", "nimhof-a307296", "--upper"][..],
            "not symmetric",
        ),
    ] {
        let o = wythoff(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains(says) && e.lines().count() == 1, "{args:?}: {e}");
    }
}

/// `line-pairs N --upper` lists each P-position pair of a symmetric game once, by its smaller
/// pile: Wythoff's pairs (⌊nφ⌋, ⌊nφ²⌋), computed here with integers only (⌊nφ⌋ =
/// ⌊(n + √(5n²))/2⌋), and the zeros x <= y of the naive table of Larsson's (1,2)-GDWN.
#[test]
fn upper_lists_each_pair_of_a_symmetric_game_once_by_its_smaller_pile() {
    let isqrt = |m: u64| {
        let mut r = (m as f64).sqrt() as u64;
        while r * r > m {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= m {
            r += 1;
        }
        r
    };
    let o = run_ok(&["line-pairs", "5000", "--game", "wythoff", "--upper"]);
    let mut want = String::new();
    for n in 0u64.. {
        let a = (n + isqrt(5 * n * n)) / 2;
        if a >= 5000 {
            break;
        }
        want += &format!("{a} {}\n", a + n);
    }
    assert_eq!(stdout(&o), want);
    let (rows, side) = (60, 300);
    let g = line_naive_rows(side, &[(1, 0), (0, 1), (1, 1), (1, 2), (2, 1)]);
    let o = run_ok(&[
        "line-pairs",
        &rows.to_string(),
        "--game",
        "gdwn-1-2",
        "--upper",
    ]);
    let want: String = (0..rows)
        .filter_map(|x| {
            let y = (0..side).find(|&y| g[x][y] == 0).unwrap();
            (x <= y).then(|| format!("{x} {y}\n"))
        })
        .collect();
    assert_eq!(stdout(&o), want);
}
