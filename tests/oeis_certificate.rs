//! `oeis ANUM --certificate CERT` and `oeis --row-preperiods|--row-periods --certificate CERT`:
//! b-files read from a row certificate (`rows X -o CERT`).
//!
//! Checked against independent data: the published terms (data/oeis: A004482–A004487, the row
//! preperiods A046874 and periods A046875), a naive mex table written from the rules
//! (tests/common), from which the least period and preperiod of each row are found here by
//! direct comparison; and, byte for byte, the engine's b-files for the same term counts.
//! Refusals — an entry a certificate cannot give, another a, a row or row count beyond X,
//! values below a preperiod not stored — are status 2 with one line naming the reason.

mod common;
use common::*;
use std::path::Path;

/// `rows X -a A -o CERT` (with `extra` options), the certificate's path.
fn certificate(dir: &Path, x: u64, a: u64, extra: &[&str]) -> String {
    let p = dir.join(format!("rows{x}a{a}{}.cert", extra.len()));
    let p = s(&p).to_string();
    let (xs, aa) = (x.to_string(), a.to_string());
    let mut args = vec!["rows", &xs, "-a", &aa, "-o", &p];
    args.extend_from_slice(extra);
    run_ok(&args);
    p
}

/// The least additive period p of a row of a table, and its preperiod y₀ (the least y₀ with
/// row[y + p] = row[y] + p for every y ≥ y₀ in the table), found by trying p = 1, 2, … and
/// accepting the first whose relation holds over at least `evidence` columns (and 3p) at the
/// end of the table.
fn least_period(row: &[u32], evidence: usize) -> (u64, u64) {
    for p in 1..row.len() / 4 {
        let last = row.len() - p;
        let y0 = (0..last)
            .rev()
            .find(|&y| row[y + p] != row[y] + p as u32)
            .map_or(0, |y| y + 1);
        if last - y0 >= evidence.max(3 * p) {
            return (y0 as u64, p as u64);
        }
    }
    panic!(
        "no period with {evidence} columns of evidence in {} columns",
        row.len()
    );
}

#[test]
fn the_row_helper_is_the_square_naive_mex() {
    for a in 1..=3 {
        let n = 24;
        let sq = naive(n, a);
        let rows = naive_rows(n, n, a);
        for x in 0..n {
            assert_eq!(rows[x][..], sq[x * n..(x + 1) * n], "a = {a}, row {x}");
        }
    }
}

#[test]
fn grundy_rows_from_a_certificate_equal_the_engine_the_published_terms_and_a_naive_mex() {
    let dir = tempfile::tempdir().unwrap();
    let cert = certificate(dir.path(), 8, 1, &[]);
    let table = naive_rows(7, 1500, 1);
    for (row, anum) in (1..=6).zip([
        "A004482", "A004483", "A004484", "A004485", "A004486", "A004487",
    ]) {
        // the entry's default (10000 terms), byte for byte the engine's b-file
        let from_cert = wythoff(&["oeis", anum, "--certificate", &cert]);
        let engine = run_ok(&["oeis", anum]);
        assert!(
            from_cert.stdout == engine.stdout,
            "{anum}: not the engine's b-file"
        );
        let terms = bfile_values(&from_cert);
        assert_eq!(terms.len(), 10_000);
        let want = published_from_0(anum);
        assert_eq!(terms[..want.len()], want[..], "{anum}: published terms");
        let naive: Vec<u64> = table[row].iter().map(|&g| u64::from(g)).collect();
        assert_eq!(terms[..naive.len()], naive[..], "{anum}: naive mex");
        // a short count; none is refused (an empty b-file), naming --terms
        let five = wythoff(&["oeis", anum, "--certificate", &cert, "--terms", "5"]);
        assert_eq!(bfile_values(&five), naive[..5]);
        let none = wythoff(&["oeis", anum, "--certificate", &cert, "--terms", "0"]);
        assert_eq!(none.status.code(), Some(2), "{}", text(&none));
        assert!(none.stdout.is_empty());
        assert!(text(&none).contains("--terms"), "{}", text(&none));
    }
    // many terms, far past the preperiods, to a file through -o: the engine's bytes
    let out = dir.path().join("b004487.txt");
    run_ok(&[
        "oeis",
        "A004487",
        "--certificate",
        &cert,
        "--terms",
        "300000",
        "-o",
        s(&out),
    ]);
    let engine = wythoff(&["oeis", "A004487", "--terms", "300000"]);
    assert!(std::fs::read(&out).unwrap() == engine.stdout);
}

#[test]
fn rows_0_to_4_have_the_documented_periods_and_preperiods() {
    let dir = tempfile::tempdir().unwrap();
    let cert = certificate(dir.path(), 5, 1, &[]);
    let p = wythoff(&["oeis", "--row-periods", "--certificate", &cert]);
    assert_eq!(bfile_values(&p), [1, 3, 3, 6, 12]);
    let y0 = wythoff(&["oeis", "--row-preperiods", "--certificate", &cert]);
    assert_eq!(bfile_values(&y0), [0, 0, 0, 8, 9]);
    // the catalogued A-numbers give the same bytes for a = 1
    let a = wythoff(&["oeis", "A046875", "--certificate", &cert]);
    assert!(a.stdout == p.stdout);
    let a = wythoff(&["oeis", "A046874", "--certificate", &cert]);
    assert!(a.stdout == y0.stdout);
}

#[test]
fn row_periods_and_preperiods_equal_the_published_entries() {
    let dir = tempfile::tempdir().unwrap();
    let cert = certificate(dir.path(), 64, 1, &[]);
    for (anum, flag) in [
        ("A046874", "--row-preperiods"),
        ("A046875", "--row-periods"),
    ] {
        let want = published_from_0(anum);
        let got = bfile_values(&wythoff(&["oeis", anum, "--certificate", &cert]));
        assert_eq!(got.len(), 64, "{anum}: every row of the certificate");
        assert_eq!(got[..want.len()], want[..], "{anum}");
        let flagged = bfile_values(&wythoff(&["oeis", flag, "--certificate", &cert]));
        assert_eq!(flagged, got, "{flag}");
        // from the engine, the same terms
        let engine = bfile_values(&wythoff(&["oeis", anum, "--terms", "64"]));
        assert_eq!(engine, got, "{anum}: engine");
        let some = wythoff(&["oeis", anum, "--certificate", &cert, "--terms", "10"]);
        assert_eq!(bfile_values(&some), got[..10]);
    }
}

#[test]
fn row_periods_and_preperiods_match_a_naive_mex_table() {
    let dir = tempfile::tempdir().unwrap();
    // (a, rows, columns): the columns cover the largest preperiod plus 1000 columns of evidence
    for (a, x, cols) in [(1u64, 16usize, 2400usize), (2, 8, 1200), (3, 6, 1200)] {
        let cert = certificate(dir.path(), x as u64, a, &[]);
        let table = naive_rows(x, cols, a as usize);
        let truth: Vec<(u64, u64)> = table.iter().map(|r| least_period(r, 1000)).collect();
        let periods = bfile_values(&wythoff(&["oeis", "--row-periods", "--certificate", &cert]));
        let pre = bfile_values(&wythoff(&[
            "oeis",
            "--row-preperiods",
            "--certificate",
            &cert,
        ]));
        assert_eq!(
            periods,
            truth.iter().map(|t| t.1).collect::<Vec<_>>(),
            "a = {a}"
        );
        assert_eq!(
            pre,
            truth.iter().map(|t| t.0).collect::<Vec<_>>(),
            "a = {a}"
        );
        if a > 1 {
            refused(
                &["oeis", "A004482", "--certificate", &cert],
                &["--certificate", "a = 1", &format!("a = {a}")],
            );
        }
    }
}

#[test]
fn what_a_certificate_cannot_give_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let six = certificate(dir.path(), 6, 1, &[]);
    // row 6 needs X > 6
    refused(
        &["oeis", "A004487", "--certificate", &six],
        &["row 6", "rows 0..5", "wythoff rows X -o CERT"],
    );
    // more row terms than rows
    refused(
        &[
            "oeis",
            "--row-periods",
            "--certificate",
            &six,
            "--terms",
            "7",
        ],
        &["--terms", "7 terms", "X = 6"],
    );
    refused(
        &["oeis", "A046874", "--certificate", &six, "--terms", "7"],
        &["--terms", "X = 6"],
    );
    // an entry a certificate does not give names those it does
    refused(
        &["oeis", "A000201", "--certificate", &six],
        &[
            "--certificate",
            "A000201",
            "A004482",
            "A004487",
            "A046874",
            "A046875",
        ],
    );
    refused(
        &["oeis", "A047708", "--certificate", &six],
        &["--certificate", "A047708"],
    );
    // values below a preperiod that the certificate does not store (budget 0: rows 0..2 only,
    // whose preperiod is 0)
    let bare = certificate(dir.path(), 8, 1, &["--prefix-budget", "0"]);
    refused(
        &["oeis", "A004487", "--certificate", &bare],
        &["preperiod 37", "--prefix-budget"],
    );
    let o = wythoff(&["oeis", "A004482", "--certificate", &bare, "--terms", "4"]);
    assert_eq!(bfile_values(&o), [1, 2, 0, 4]);
    // periods and preperiods need no stored prefix
    let o = wythoff(&["oeis", "--row-preperiods", "--certificate", &bare]);
    assert_eq!(bfile_values(&o), [0, 0, 0, 8, 9, 27, 37, 92]);
    // a damaged file: status 1, one line naming the flag and the checksum
    let mut b = std::fs::read(&six).unwrap();
    let last = b.len() - 1;
    b[last] ^= 1;
    let damaged = write(dir.path(), "damaged.cert", &b);
    let o = wythoff(&[
        "oeis",
        "A004482",
        "--certificate",
        damaged.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--certificate") && err.contains("checksum"),
        "{err}"
    );
    // combinations that make no sense
    refused(
        &["oeis", "A004482", "--certificate", &six, "--table", &six],
        &["--table"],
    );
    refused(&["oeis", "--row-periods"], &["--certificate"]);
    refused(
        &["oeis", "A004482", "--row-periods", "--certificate", &six],
        &["--row-periods"],
    );
    refused(
        &[
            "oeis",
            "--row-periods",
            "--row-preperiods",
            "--certificate",
            &six,
        ],
        &["--row-pre"],
    );
    refused(
        &["oeis", "--list", "--certificate", &six],
        &["--certificate"],
    );
    // a refused request writes no file
    let out = dir.path().join("never.txt");
    refused(
        &["oeis", "A004487", "--certificate", &six, "-o", s(&out)],
        &["row 6"],
    );
    assert!(!out.exists());
}

/// The b-files of rows 0..2047 kept in doc/bfiles (from `rows 2048 --period 1572864 -o CERT`,
/// whose first 1280 rows equal those of a separate `rows 1280 --period 1572864 -o CERT` run and
/// whose first 1024 those of a separate `rows 1024 -o CERT` run): whole (indices 0..2047), their
/// first terms the published ones, their first 128 terms those of a fresh sweep of rows 0..127,
/// every period of a row x ≥ 1 of the form 3·2^k, the largest preperiod and period those the docs
/// state, and the period 393216 in rows 404..1653, 786432 in rows 1654..2047.
#[test]
fn kept_row_bfiles_agree_with_published_terms_and_a_fresh_sweep() {
    let read = |name: &str| {
        let path = format!("{}/doc/bfiles/{name}", env!("CARGO_MANIFEST_DIR"));
        bfile_terms(&std::fs::read_to_string(path).unwrap())
    };
    for (anum, file) in [("A046874", "b046874.txt"), ("A046875", "b046875.txt")] {
        let kept = read(file);
        assert_eq!(kept.len(), 2048, "{file}");
        let want = published_from_0(anum);
        assert_eq!(kept[..want.len()], want[..], "{file}: published terms");
        let fresh = bfile_values(&wythoff(&["oeis", anum, "--terms", "128"]));
        assert_eq!(kept[..128], fresh[..], "{file}: rows 0..127 swept afresh");
    }
    let periods = read("b046875.txt");
    for (x, &p) in periods.iter().enumerate().skip(1) {
        assert!(
            p % 3 == 0 && (p / 3).is_power_of_two(),
            "row {x}: period {p}"
        );
    }
    let preperiods = read("b046874.txt");
    assert_eq!(preperiods.iter().max(), Some(&156817047));
    assert_eq!(periods.iter().max(), Some(&786432));
    assert_eq!(periods[403], 196608);
    assert!(periods[404..1654].iter().all(|&p| p == 393216));
    assert!(periods[1654..].iter().all(|&p| p == 786432));
}
