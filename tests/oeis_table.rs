//! `oeis ANUM --table FILE`: b-files read from a table file equal the published terms
//! (data/oeis, copied from the entries' %S/%T/%U lines); A048850 goes exactly as far as the
//! table proves; tables of the wrong a, too small, or damaged are refused with the reason.

use std::path::Path;
mod common;
use common::*;

fn table(dir: &Path, n: u64, a: u64) -> String {
    let p = dir.join(format!("g{n}_{a}.bin"));
    run_ok(&["grundy", &n.to_string(), "-a", &a.to_string(), "-o", s(&p)]);
    s(&p).to_string()
}

#[test]
fn bfiles_from_a_table_equal_the_published_terms() {
    let dir = tempfile::tempdir().unwrap();
    let n = 200u64;
    let t = table(dir.path(), n, 1);
    // A047708: every diagonal cell of the table, by default
    let diag = bfile_values(&wythoff(&["oeis", "A047708", "--table", &t]));
    assert_eq!(diag.len(), n as usize);
    let want = published_from_0("A047708");
    assert_eq!(diag[..want.len()], want[..]);
    // A048850: up to the least k missing from the diagonal, and the inverse of A047708
    let inv = bfile_values(&wythoff(&["oeis", "A048850", "--table", &t]));
    let missing = (0..).find(|k| !diag.contains(k)).unwrap();
    assert_eq!(inv.len() as u64, missing);
    assert!(inv.len() as u64 >= n.div_ceil(2), "every k < N/2 is proved");
    let want = published_from_0("A048850");
    assert_eq!(inv[..want.len()], want[..]);
    for (k, &p) in inv.iter().enumerate() {
        assert_eq!(diag[p as usize], k as u64);
    }
    // one term more than proved is refused, naming what it would need
    let o = wythoff(&[
        "oeis",
        "A048850",
        "--table",
        &t,
        "--terms",
        &(missing + 1).to_string(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--table: A048850:"), "{}", text(&o));
    // A004481 by antidiagonals, with --terms and -o
    let f = dir.path().join("b004481.txt");
    run_ok(&[
        "oeis",
        "A004481",
        "--table",
        &t,
        "--terms",
        "5000",
        "-o",
        s(&f),
    ]);
    let got: Vec<u64> = std::fs::read_to_string(&f)
        .unwrap()
        .lines()
        .map(|l| l.split_once(' ').unwrap().1.parse().unwrap())
        .collect();
    assert_eq!(got.len(), 5000);
    let want = published_from_0("A004481");
    assert_eq!(got[..want.len()], want[..]);
}

#[test]
fn unsuitable_tables_are_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), 50, 1);
    let cases: [(&[&str], &str); 3] = [
        (&["oeis", "A047708", "--terms", "51"], "side N >= 51"),
        (&["oeis", "A000201"], "not read from a Grundy table"),
        (&["oeis", "A004481", "--terms", "1276"], "side N >= 51"),
    ];
    for (args, why) in cases {
        let mut a = args.to_vec();
        a.extend(["--table", &t]);
        let o = wythoff(&a);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(why), "{args:?}: {}", text(&o));
        assert!(o.stdout.is_empty());
    }
    let t2 = table(dir.path(), 30, 2);
    refused(&["oeis", "A047708", "--table", &t2], &["a = 1"]);
    // a damaged payload: status 1, nothing written
    let mut b = std::fs::read(&t).unwrap();
    let last = b.len() - 1;
    b[last] ^= 1;
    let bad = dir.path().join("bad.bin");
    std::fs::write(&bad, &b).unwrap();
    let o = wythoff(&["oeis", "A047708", "--table", s(&bad)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("damaged"), "{}", text(&o));
    let o = wythoff(&["oeis", "--list", "--table", &t]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn any_table_by_antidiagonals_equals_the_naive_mex() {
    let dir = tempfile::tempdir().unwrap();
    for a in [1usize, 2, 3] {
        let n = 30;
        let t = table(dir.path(), n as u64, a as u64);
        let got = bfile_values(&wythoff(&["oeis", "--antidiagonals", "--table", &t]));
        let sq = naive(n, a);
        let want: Vec<u64> = (0..n)
            .flat_map(|s| (0..=s).map(move |i| (i, s - i)))
            .map(|(i, j)| sq[i * n + j] as u64)
            .collect();
        assert_eq!(got, want, "a = {a}");
        if a == 1 {
            let p = published_from_0("A004481");
            assert_eq!(got[..p.len()], p[..]);
        }
    }
    let t = table(dir.path(), 10, 2);
    let o = wythoff(&["oeis", "--antidiagonals", "--table", &t, "--terms", "56"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let o = wythoff(&["oeis", "--antidiagonals"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}
