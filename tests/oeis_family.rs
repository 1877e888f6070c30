//! The catalogue's Wythoff-family entries against independent computations written here from
//! their definitions — a naive mex over the rules, the Zeckendorf numeration, a game search of a
//! small cube — beyond the published terms (data/oeis, checked for every entry by
//! tests/published.rs):
//!
//! * A064206–A064211 compose with Grundy rows 3–6 of a naive mex table to the identity;
//! * A001961, A001962, A184522, A184523 (a = 4, 5) and A072061 equal the mex recursion
//!   A_n = mex{A_i, B_i : i < n}, B_n = A_n + a·n, and A072061 also Layman's recursion;
//! * the Wythoff array entries (A035513, A083412, A064274, A003603, A019586, A035612, A080164,
//!   A020941) equal the Zeckendorf array: column 1 holds, in increasing order, the integers whose
//!   Zeckendorf representation ends in F_2 = 1, and each next column shifts every Fibonacci index
//!   up by one (Kimberling, "The Zeckendorf array equals the Wythoff array", 1995); and A003603
//!   equals Kimberling's fractal construction, which uses neither;
//! * A073869 and A090909 from A002251 built by the mex recursion;
//! * A018220–A018222 and A077226 against a game search of the cube [0, 40]³.

use wythoff::Context;
use wythoff::oeis::{entry, terms};

mod common;

use common::{mex_pairs_through, three_pile_board};

fn t(anum: &str, count: u64) -> Vec<u128> {
    terms(entry(anum).unwrap(), count, &Context::all_cores()).unwrap()
}

#[test]
fn grundy_row_inverses_compose_with_naive_rows_to_the_identity() {
    let count = 2000u64;
    // value n < count lies in column y ≤ n + 2r (crates/wythoff/src/oeis/row_inverse.rs)
    let g = common::naive_rows(7, count as usize + 13, 1);
    for (r, anum) in [
        (3, "A064206"),
        (4, "A064207"),
        (5, "A064208"),
        (6, "A064211"),
    ] {
        let inv = t(anum, count);
        for (n, &y) in inv.iter().enumerate() {
            assert_eq!(g[r][y as usize], n as u32, "{anum}: G({r}, a({n}))");
        }
        // and the other way round: every column whose value is < count
        for (y, &v) in g[r].iter().enumerate() {
            if u64::from(v) < count {
                assert_eq!(inv[v as usize], y as u128, "{anum}({v})");
            }
        }
    }
}

#[test]
fn pairs_for_a_4_and_5_and_the_interleaved_pairs_follow_the_mex_recursion() {
    for (anum, a, upper) in [
        ("A001961", 4, false),
        ("A001962", 4, true),
        ("A184522", 5, false),
        ("A184523", 5, true),
    ] {
        let want = mex_pairs_through(a, false, 5000);
        let got = t(anum, 5000); // offset 1
        for (i, &v) in got.iter().enumerate() {
            let (x, y) = want[i + 1];
            assert_eq!(
                v,
                u128::from(if upper { y } else { x }),
                "{anum} a({})",
                i + 1
            );
        }
    }
    let want = mex_pairs_through(1, false, 5000);
    let got = t("A072061", 10_000);
    // Layman's definition (proved equal by Kimberling): a(1) = 1, a(n) = a(n − 1) + n/2 for
    // even n, else the least positive integer not yet used
    let mut used = vec![false; 40_000];
    let mut prev = 0u64;
    for (i, &v) in got.iter().enumerate() {
        let n = i as u64 + 1;
        let (x, y) = want[(i / 2) + 1];
        assert_eq!(
            v,
            u128::from(if i % 2 == 0 { x } else { y }),
            "A072061 a({n})"
        );
        let layman = if n.is_multiple_of(2) {
            prev + n / 2
        } else {
            (1..).find(|&m| !used[m as usize]).unwrap()
        };
        assert_eq!(
            v,
            u128::from(layman),
            "A072061 a({n}) by Layman's recursion"
        );
        used[layman as usize] = true;
        prev = layman;
    }
}

/// Fibonacci numbers F_2 = 1, F_3 = 2, F_4 = 3, … as fib[i] = F_{i+2}.
fn fibs() -> Vec<u128> {
    let mut f = vec![1u128, 2];
    while let Some(n) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
        f.push(n);
    }
    f
}

/// The Zeckendorf representation of m ≥ 1: the indices i of its parts fib[i], greedy, ascending.
fn zeckendorf(mut m: u128, fib: &[u128]) -> Vec<usize> {
    let mut parts = Vec::new();
    for i in (0..fib.len()).rev() {
        if fib[i] <= m {
            m -= fib[i];
            parts.push(i);
        }
    }
    parts.reverse();
    parts
}

/// The Zeckendorf array: `rows` rows of `cols` columns.
fn zeckendorf_array(rows: usize, cols: usize) -> Vec<Vec<u128>> {
    let fib = fibs();
    let shift = |m: u128| -> u128 { zeckendorf(m, &fib).iter().map(|&i| fib[i + 1]).sum() };
    let mut out = Vec::new();
    let mut m = 0u128;
    while out.len() < rows {
        m += 1;
        if zeckendorf(m, &fib)[0] != 0 {
            continue; // column 1: smallest part F_2 = 1
        }
        let mut row = vec![m];
        while row.len() < cols {
            row.push(shift(*row.last().unwrap()));
        }
        out.push(row);
    }
    out
}

#[test]
fn the_wythoff_array_entries_equal_the_zeckendorf_array() {
    let w = zeckendorf_array(130, 130);
    // A035513 (row first) and A083412 (column first) by antidiagonals
    let (a, b) = (t("A035513", 8000), t("A083412", 8000));
    let mut k = 0;
    'all: for d in 0..130 {
        for i in 0..=d {
            if k == 8000 {
                break 'all;
            }
            assert_eq!(a[k], w[i][d - i], "A035513 term {}", k + 1);
            assert_eq!(b[k], w[d - i][i], "A083412 term {k}");
            k += 1;
        }
    }
    // A064274 inverts A035513; A003603, A019586, A035612 locate each n
    let fib = fibs();
    let n = 20_000u64;
    let pos = t("A064274", n);
    let all = t("A035513", 16_836);
    let (row1, row0, col) = (t("A003603", n), t("A019586", n), t("A035612", n));
    for m in 1..n as usize {
        if let Some(&v) = all.get(pos[m] as usize - 1) {
            assert_eq!(v, m as u128, "A035513(A064274({m}))");
        }
        let z = zeckendorf(m as u128, &fib);
        assert_eq!(col[m - 1], z[0] as u128 + 1, "A035612({m})");
        // the row: shift down to column 1, then count the column-1 numbers up to it
        if m < 3000 {
            let first: u128 = z.iter().map(|&i| fib[i - z[0]]).sum();
            let r = (1..=first).filter(|&e| zeckendorf(e, &fib)[0] == 0).count() as u128;
            assert_eq!(row1[m - 1], r, "A003603({m})");
        }
        assert_eq!(row0[m - 1] + 1, row1[m - 1], "A019586({m})");
        let (r, c) = (row1[m - 1] as usize, col[m - 1] as usize);
        if r <= w.len() {
            assert_eq!(w[r - 1][c - 1], m as u128, "W({r}, {c})");
        }
    }
    // A080164: d(i, j) = W(i, 2j) − W(i, 2j − 1), by antidiagonals, row i first
    let d = t("A080164", 1000);
    let mut k = 0;
    'diff: for s in 1..60 {
        for i in 1..=s {
            if k == d.len() {
                break 'diff;
            }
            let j = s + 1 - i;
            assert_eq!(
                d[k],
                w[i - 1][2 * j - 1] - w[i - 1][2 * j - 2],
                "A080164 term {}",
                k + 1
            );
            k += 1;
        }
    }
    // A020941: W(n, n)
    for (i, &v) in t("A020941", 130).iter().enumerate() {
        assert_eq!(v, w[i][i], "A020941({})", i + 1);
    }
}

#[test]
fn a003603_equals_kimberlings_fractal_construction() {
    // Rows 1, 2 = [1], row 3 = [1, 2], row 4 = [1, 3, 2]; row n + 1: row n with the next unused
    // numbers placed, in order, right after each of its terms that is also in row n − 1.
    let mut rows: Vec<Vec<u128>> = vec![vec![1], vec![1], vec![1, 2], vec![1, 3, 2]];
    let mut next = 4u128;
    while rows.len() < 20 {
        let (prev, cur) = (&rows[rows.len() - 2], &rows[rows.len() - 1]);
        let mut row = Vec::new();
        for &v in cur {
            row.push(v);
            if prev.contains(&v) {
                row.push(next);
                next += 1;
            }
        }
        rows.push(row);
    }
    let flat: Vec<u128> = rows.concat();
    assert_eq!(t("A003603", flat.len() as u64), flat);
}

#[test]
fn the_partner_mean_and_its_plateaus_from_a002251_by_the_mex_recursion() {
    let n = 30_000usize;
    let mut partner = vec![u64::MAX; n];
    for (x, y) in mex_pairs_through(1, false, n as u64) {
        if (x as usize) < n {
            partner[x as usize] = y;
        }
        if (y as usize) < n {
            partner[y as usize] = x;
        }
    }
    let mut sum = 0u64;
    let mean: Vec<u128> = (0..n)
        .map(|i| {
            sum += partner[i];
            assert!(sum.is_multiple_of(i as u64 + 1));
            u128::from(sum / (i as u64 + 1))
        })
        .collect();
    assert_eq!(t("A073869", n as u64), mean);
    let ends: Vec<u128> = (1..n - 1)
        .filter(|&k| mean[k - 1] == mean[k] && mean[k] != mean[k + 1])
        .map(|k| k as u128)
        .collect();
    assert_eq!(t("A090909", ends.len() as u64), ends);
}

#[test]
fn three_pile_rows_and_diagonal_inverse_against_a_game_search() {
    // P-positions of the cube [0, N]³ by backward induction from the rules
    let n = 40usize;
    let idx = |x: usize, y: usize, z: usize| (x * (n + 1) + y) * (n + 1) + z;
    let p = three_pile_board(n);
    for (r, anum) in [(1, "A018220"), (2, "A018221"), (3, "A018222")] {
        let row = t(anum, n as u64 + 1);
        for (b, &v) in row.iter().enumerate() {
            // the P-position on the line (r, b, ·), if the cube holds it
            let want = (0..=n).find(|&c| p[idx(r, b, c)]);
            match want {
                Some(c) => assert_eq!(v, c as u128, "{anum}({b})"),
                None => assert!(
                    v > n as u128,
                    "{anum}({b}) = {v} should lie beyond the cube"
                ),
            }
        }
    }
    let inv = t("A077226", 200);
    for m in 0..=n {
        for k in 0..=n {
            if p[idx(k, m, m)] {
                assert_eq!(inv[k], m as u128, "A077226({k})");
            }
        }
    }
    for (k, &m) in inv.iter().enumerate() {
        if k <= n && m as usize <= n {
            assert!(p[idx(k, m as usize, m as usize)], "({k}, {m}, {m})");
        }
    }
}

#[test]
fn a077226_refuses_the_first_n_its_box_does_not_prove() {
    let e = entry("A077226").unwrap();
    let err = terms(e, e.max_terms + 1, &Context::all_cores()).unwrap_err();
    assert!(err.to_string().contains("at most"), "{err}");
    // a box too small for 40 terms: the least n it does not prove is named, and it is exactly
    // the least n that no (n, m, m), m <= 12, of a game search is
    let n = 40;
    let m = n + 1;
    let p = three_pile_board(n);
    let idx = |x: usize, y: usize, z: usize| (x * m + y) * m + z;
    let want = (0..m)
        .find(|&k| !(0..=12).any(|d| p[idx(k, d, d)]))
        .unwrap();
    let err = wythoff::oeis::three_pile_rows::diagonal_inverse_in(40, 12, &Context::serial())
        .unwrap_err();
    assert!(
        err.to_string().contains(&format!("n = {want} is not")),
        "{err} (want {want})"
    );
}
