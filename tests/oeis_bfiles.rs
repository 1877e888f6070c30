//! The b-files past the old 128-bit and in-memory limits: the Wythoff array entries (A035513,
//! A083412, A080164, A020941) as big integers, checked against W(n, k) from its definition
//! computed here with exact integer square roots; their limits tied to the exact b-file size; the
//! refusals naming `--terms` and the reason.

mod common;

use common::wythoff;

use rug::{Complete, Integer};
use wythoff::Context;
use wythoff::error::{Error, Result};
use wythoff::oeis::wythoff_array::*;

/// Where a stream hands its values.
type Values<'a> = &'a mut dyn FnMut(&Integer) -> Result<()>;

/// ⌊xφ⌋ = ⌊(x + √(5x²))/2⌋ for x ≥ 0, exactly.
fn floor_phi(x: &Integer) -> Integer {
    let r = (x.square_ref().complete() * 5u32).sqrt();
    (r + x) / 2u32
}

/// W(n, k) for k = 1..=k_max from the definition: W(n, 1) = ⌊⌊nφ⌋φ⌋, W(n, 2) = ⌊⌊nφ⌋φ²⌋ =
/// W(n, 1) + ⌊nφ⌋, then W(n, k) = W(n, k − 1) + W(n, k − 2).
fn row(n: u64, k_max: usize) -> Vec<Integer> {
    let a = floor_phi(&Integer::from(n));
    let w1 = floor_phi(&a);
    let w2 = Integer::from(&w1 + &a);
    let mut v = vec![w1, w2];
    while v.len() < k_max {
        let next = Integer::from(&v[v.len() - 1] + &v[v.len() - 2]);
        v.push(next);
    }
    v.truncate(k_max);
    v
}

/// The terms of a stream, collected.
fn collect(stream: &dyn Fn(Values) -> Result<()>) -> Vec<Integer> {
    let mut v = Vec::new();
    stream(&mut |x| {
        v.push(x.clone());
        Ok(())
    })
    .unwrap();
    v
}

#[test]
fn the_array_by_antidiagonals_matches_its_definition_past_2_128() {
    let d_max = 201; // antidiagonals 0..=200; values pass 2^128 from 183 on
    let rows: Vec<Vec<Integer>> = (1..=d_max as u64 + 1).map(|n| row(n, d_max + 1)).collect();
    let w = |n: usize, k: usize| &rows[n - 1][k - 1];
    let count = ((d_max + 1) * (d_max + 2) / 2) as u64;
    let got = collect(&|f| antidiagonals(count, false, f));
    let got_t = collect(&|f| antidiagonals(count, true, f));
    let (mut i, mut past) = (0, 0);
    for d in 0..=d_max {
        for j in 0..=d {
            // A035513: row n = j + 1 first; A083412: column k = j + 1 first
            assert_eq!(&got[i], w(j + 1, d + 1 - j), "A035513 term {}", i + 1);
            assert_eq!(&got_t[i], w(d + 1 - j, j + 1), "A083412 term {i}");
            past += usize::from(got[i].significant_bits() > 128);
            i += 1;
        }
    }
    assert_eq!(i, got.len());
    assert!(past > 200, "{past} values past 2^128");
}

#[test]
fn the_difference_array_and_the_diagonal_match_their_definitions() {
    // A080164: d(i, j) = W(i, 2j) − W(i, 2j − 1), antidiagonals s = 1..=120, row i first
    let s_max = 120;
    let count = (s_max * (s_max + 1) / 2) as u64;
    let got = collect(&|f| differences(count, f));
    let mut k = 0;
    for s in 1..=s_max {
        for i in 1..=s {
            let j = s + 1 - i;
            let r = row(i as u64, 2 * j);
            assert_eq!(
                got[k],
                Integer::from(&r[2 * j - 1] - &r[2 * j - 2]),
                "A080164 d({i}, {j})"
            );
            k += 1;
        }
    }
    assert!(got.iter().any(|v| v.significant_bits() > 128));
    // A020941: W(n, n) to n = 250
    let got = collect(&|f| diagonal(250, f));
    for n in 1..=250 {
        assert_eq!(got[n - 1], row(n as u64, n)[n - 1], "A020941({n})");
    }
    assert!(got[249].significant_bits() > 128);
}

/// Decimal digits of v ≥ 1, exactly: the least k with v < 10^k (`pow[k]` = 10^k, grown as
/// needed), starting from ⌊(bits − 1)·0.30102⌋ ≤ log10(v).
fn digits(v: &Integer, pow: &mut Vec<Integer>) -> u64 {
    let bits = u64::from(v.significant_bits().max(1));
    let mut k = (bits - 1) * 30_102 / 100_000;
    loop {
        while pow.len() <= k as usize + 1 {
            let next = Integer::from(pow.last().unwrap() * 10u32);
            pow.push(next);
        }
        if *v < pow[k as usize + 1] {
            return k + 1;
        }
        k += 1;
    }
}

/// The most terms of a stream whose b-file lines `n a(n)` from `offset` total at most `bytes`
/// (the stream is asked for `ask` terms, more than that).
fn most_within(
    bytes: u64,
    offset: u64,
    ask: u64,
    stream: &dyn Fn(u64, Values) -> Result<()>,
) -> u64 {
    let mut pow = vec![Integer::from(1)];
    let (mut total, mut n) = (0u64, 0u64);
    let r = stream(ask, &mut |v| {
        let index = offset + n;
        total += index.to_string().len() as u64 + 1 + digits(v, &mut pow) + 1;
        if total > bytes {
            return Err(Error::internal("past"));
        }
        n += 1;
        Ok(())
    });
    assert!(r.is_err(), "{ask} terms stay within {bytes} bytes");
    n
}

#[test]
fn digit_counts_are_exact() {
    let mut pow = vec![Integer::from(1)];
    for v in [1u64, 9, 10, 99, 100, 999_999, 1_000_000, u64::MAX] {
        assert_eq!(
            digits(&Integer::from(v), &mut pow),
            v.to_string().len() as u64
        );
    }
    let big = Integer::from(Integer::u_pow_u(10, 500));
    assert_eq!(digits(&big, &mut pow), 501);
    assert_eq!(digits(&Integer::from(&big - 1u32), &mut pow), 500);
    let x = Integer::from(Integer::u_pow_u(7, 1000));
    assert_eq!(digits(&x, &mut pow), x.to_string().len() as u64);
}

#[test]
fn the_limits_are_where_the_bfile_passes_4_gib() {
    let found = [
        most_within(BFILE_BYTES, 1, 5_000 * 5_001 / 2, &|c, f| {
            antidiagonals(c, false, f)
        }),
        most_within(BFILE_BYTES, 0, 5_000 * 5_001 / 2, &|c, f| {
            antidiagonals(c, true, f)
        }),
        most_within(BFILE_BYTES, 1, 4_000 * 4_001 / 2, &|c, f| differences(c, f)),
        most_within(BFILE_BYTES, 1, 300_000, &|c, f| diagonal(c, f)),
    ];
    assert_eq!(
        found,
        [
            ANTIDIAGONALS_MAX,
            TRANSPOSED_MAX,
            DIFFERENCES_MAX,
            DIAGONAL_MAX
        ]
    );
}

#[test]
fn every_limit_is_listed_with_its_reason_and_refused_with_it() {
    let o = wythoff(&["oeis", "--list", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let text = String::from_utf8(wythoff(&["oeis", "--list"]).stdout).unwrap();
    for s in v["sequences"].as_array().unwrap() {
        let anum = s["anum"].as_str().unwrap();
        let why = s["limit_reason"].as_str().unwrap();
        assert!(!why.is_empty(), "{anum}");
        let line = text.lines().find(|l| l.starts_with(anum)).unwrap();
        assert!(line.contains(&format!("<limit: {why}>")), "{line}");
        let max: u64 = s["max_terms"].as_str().unwrap().parse().unwrap();
        let e = wythoff::oeis::entry(anum).unwrap();
        assert_eq!(e.max_terms, max);
        // one past the limit: refused before any work, status 2, one line naming --terms
        if let Some(over) = max.checked_add(1) {
            let o = wythoff(&["oeis", anum, "--terms", &over.to_string()]);
            assert_eq!(o.status.code(), Some(2), "{anum}");
            assert!(o.stdout.is_empty(), "{anum}");
            let err = String::from_utf8(o.stderr).unwrap();
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains("--terms"), "{err}");
            assert!(err.contains(&format!("at most {max} terms")), "{err}");
            assert!(err.contains(why), "{err}");
        }
    }
}

#[test]
fn the_streamed_pairs_match_the_floor_formula_across_chunks() {
    // 2^20 + 1000 terms: past the first chunk of the generator
    let count = (1u64 << 20) + 1000;
    let mut got = Vec::new();
    let e = wythoff::oeis::entry("A000201").unwrap();
    wythoff::oeis::write_bfile(e, count, &mut got, &Context::all_cores()).unwrap();
    let text = String::from_utf8(got).unwrap();
    let mut lines = 0u64;
    for (i, l) in text.lines().enumerate() {
        let n = i as u64 + 1;
        let want = floor_phi(&Integer::from(n));
        assert_eq!(l, format!("{n} {want}"));
        lines += 1;
    }
    assert_eq!(lines, count);
    // A072061 with an odd count ends on an A_n; A003849 from the same stream
    let e = wythoff::oeis::entry("A072061").unwrap();
    let t = wythoff::oeis::terms(e, 7, &Context::all_cores()).unwrap();
    assert_eq!(t, [1, 2, 3, 5, 4, 7, 6]);
}

#[test]
fn values_past_2_128_are_written_in_full_and_refused_in_memory() {
    let e = wythoff::oeis::entry("A020941").unwrap();
    let mut out = Vec::new();
    wythoff::oeis::write_bfile(e, 250, &mut out, &Context::all_cores()).unwrap();
    let text = String::from_utf8(out).unwrap();
    let last = text.lines().last().unwrap();
    assert_eq!(last, format!("250 {}", row(250, 250)[249]));
    let err = wythoff::oeis::terms(e, 250, &Context::all_cores()).unwrap_err();
    assert!(err.to_string().contains("past 2^128"), "{err}");
    // the CLI writes them
    let o = wythoff(&["oeis", "A035513", "--terms", "20301"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    // term 20301 is the last of antidiagonal 200: W(201, 1)
    let last = text.lines().last().unwrap();
    assert_eq!(last, format!("20301 {}", row(201, 1)[0]));
    let first_of_200 = text.lines().nth(200 * 201 / 2).unwrap();
    assert_eq!(first_of_200, format!("20101 {}", row(1, 201)[200]));
}

#[test]
fn the_streamed_partners_and_means_match_the_algebraic_solver() {
    use wythoff::game::Rules;
    use wythoff::pairs::{Solver, Strategy};
    // 150,000 terms: the cursors cross several blocks of 2^16 pairs
    let count = 150_000u64;
    let s = Solver::new(Rules::wythoff(), Strategy::Algebraic);
    let e = wythoff::oeis::entry("A002251").unwrap();
    let got = wythoff::oeis::terms(e, count, &Context::all_cores()).unwrap();
    let mut sum = Integer::new();
    let means = wythoff::oeis::terms(
        wythoff::oeis::entry("A073869").unwrap(),
        count,
        &Context::all_cores(),
    )
    .unwrap();
    for n in 0..count {
        let want = s.partner(&Integer::from(n)).unwrap();
        assert_eq!(Integer::from(got[n as usize]), want, "A002251({n})");
        sum += &want;
        assert_eq!(
            Integer::from(means[n as usize] * u128::from(n + 1)),
            sum,
            "A073869({n})"
        );
    }
    // A090909 from those means, by its definition
    let ends = wythoff::oeis::terms(
        wythoff::oeis::entry("A090909").unwrap(),
        1000,
        &Context::all_cores(),
    )
    .unwrap();
    let want: Vec<u128> = (1..count as usize - 1)
        .filter(|&k| means[k - 1] == means[k] && means[k] != means[k + 1])
        .map(|k| k as u128)
        .take(1000)
        .collect();
    assert_eq!(ends, want);
}

#[test]
fn the_streamed_row_inverses_match_a_naive_mex() {
    // G(x, y) for x ≤ 6, y < 700 by a direct mex from the rules
    let g = common::naive_rows(7, 700, 1);
    for (anum, r) in [
        ("A064206", 3),
        ("A064207", 4),
        ("A064208", 5),
        ("A064211", 6),
    ] {
        let e = wythoff::oeis::entry(anum).unwrap();
        let got = wythoff::oeis::terms(e, 600, &Context::all_cores()).unwrap();
        for (n, &y) in got.iter().enumerate() {
            assert_eq!(g[r][y as usize] as usize, n, "{anum}({n}) = {y}");
        }
    }
}

#[test]
fn the_streamed_cells_match_the_written_out_rows_and_big_integers() {
    // every m ≤ 10^6 against the rows written out (Cells::up_to)
    let m_max = 1_000_000u64;
    let c = Cells::up_to(m_max).unwrap();
    for m in 1..=m_max {
        assert_eq!(
            cell(m),
            (u64::from(c.row(m)), u32::from(c.column(m))),
            "{m}"
        );
        assert_eq!(position(m), c.position(m), "{m}");
    }
    // far out: W(n, k) = F(k+1)·A_n + F(k)·(n − 1) of the cell found is m again
    let fib = |k: u32| Integer::from(Integer::fibonacci(k));
    for m in [
        u64::MAX,
        u64::MAX - 1,
        1 << 63,
        12_200_160_415_121_876_738,
        10u64.pow(19) + 7,
    ] {
        let (n, k) = cell(m);
        let a_n = floor_phi(&Integer::from(n));
        let w = fib(k + 1) * a_n + fib(k) * (n - 1);
        assert_eq!(w, m, "cell({m}) = ({n}, {k})");
    }
    // the CLI streams them from the catalogue's entries
    let o = wythoff(&["oeis", "A035612", "--terms", "8"]);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "1 1\n2 2\n3 3\n4 1\n5 4\n6 1\n7 2\n8 5\n"
    );
}
