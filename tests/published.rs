//! Every strategy against published values: OEIS entries (data/oeis, copied from the entries'
//! %S/%T/%U lines), the papers' tables (Fraenkel 1982, Fraenkel 2012, Xiao), and the identities of
//! doc/pairs.md.

mod common;

use common::published;
use rug::Integer;
use wythoff::pairs::bulk::{Plan, VecSink};
use wythoff::pairs::numeration::{self, System};
use wythoff::{Context, Rules, Solver, Strategy};

fn nth(rules: Rules, s: Strategy, n: u64) -> (u64, u64) {
    let (x, y) = Solver::new(rules, s).nth(&Integer::from(n)).unwrap();
    (x.to_u64().unwrap(), y.to_u64().unwrap())
}

#[test]
fn oeis_lower_and_upper_sequences_for_a_1_2_3() {
    let cases = [
        ("A000201", 1u64, true),
        ("A001950", 1, false),
        ("A001951", 2, true),
        ("A001952", 2, false),
        ("A184480", 3, true),
        ("A001956", 3, false),
    ];
    for (anum, a, lower) in cases {
        let (offset, terms) = published(anum);
        let rules = Rules::new(a, false).unwrap();
        for s in Strategy::ALL {
            for (i, &t) in terms.iter().enumerate() {
                let n = offset + i as u64;
                let (x, y) = nth(rules, s, n);
                assert_eq!(if lower { x } else { y }, t, "{anum} a({n}) by {s}");
            }
        }
        // and the bulk generator
        let plan = Plan::new(rules, offset, offset + terms.len() as u64 - 1).unwrap();
        let mut sink = VecSink::new(a);
        for ch in plan.chunks(7) {
            plan.run(ch, &mut sink).unwrap();
        }
        let got: Vec<u64> = sink
            .pairs
            .iter()
            .map(|&(_, x, y)| if lower { x as u64 } else { y as u64 })
            .collect();
        assert_eq!(got, terms, "{anum} by the bulk generator");
    }
}

#[test]
fn ratwyt_table_1_and_the_next_pair() {
    // Fraenkel 2012 ("RATWYT"), Table 1 (n = 0..27) and the text: A_28 = 45, B_28 = 73.
    let a = [
        0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37,
        38, 40, 42, 43, 45,
    ];
    let b = [
        0, 2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52, 54, 57, 60,
        62, 65, 68, 70, 73,
    ];
    for s in Strategy::ALL {
        for n in 0..=28 {
            assert_eq!(
                nth(Rules::wythoff(), s, n as u64),
                (a[n], b[n]),
                "{s} n={n}"
            );
        }
    }
}

#[test]
fn fraenkel_table_1_for_a_2() {
    // Fraenkel 1982, Table 1 (a = 2, n = 0..10) and the text's next pair (A_11, B_11) = (15, 37).
    let t = [
        (0, 0),
        (1, 3),
        (2, 6),
        (4, 10),
        (5, 13),
        (7, 17),
        (8, 20),
        (9, 23),
        (11, 27),
        (12, 30),
        (14, 34),
    ];
    let rules = Rules::new(2, false).unwrap();
    for s in Strategy::ALL {
        for (n, &p) in t.iter().enumerate() {
            assert_eq!(nth(rules, s, n as u64), p, "{s} n={n}");
        }
        assert_eq!(nth(rules, s, 11), (15, 37));
    }
}

#[test]
fn fraenkel_table_2_representations_for_a_2() {
    // Fraenkel 1982, Table 2 (p = 1, 3, 7, 17; q = 1, 2, 5, 12).  Our copy of the table is not legible, so
    // we pin the worked values of the text — 12 = (1000)_q, read in p gives 17; (5, 13) =
    // (12, 120)_p — and two entries worked by hand from the greedy rule: 16 = 2·7 + 2·1 = (202)_p,
    // 11 = 2·5 + 1 = (201)_q.
    let rep = |sys, n: u32| -> String {
        numeration::represent(2, sys, &Integer::from(n))
            .iter()
            .rev()
            .map(|d| d.to_string())
            .collect()
    };
    assert_eq!(rep(System::Q, 12), "1000");
    assert_eq!(rep(System::P, 5), "12");
    assert_eq!(rep(System::P, 13), "120");
    assert_eq!(rep(System::P, 16), "202");
    assert_eq!(rep(System::Q, 11), "201");
}

#[test]
fn xiao_first_pairs() {
    // Xiao, §2 (the table of P-positions): (0,0), (1,2), (3,5), (4,7), (6,10), (8,13), (9,15), (11,18), (12,20).
    let t = [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
        (12, 20),
    ];
    for s in Strategy::ALL {
        for (n, &p) in t.iter().enumerate() {
            assert_eq!(nth(Rules::wythoff(), s, n as u64), p);
        }
    }
}

#[test]
fn ieee_double_regression_at_f40() {
    // ⌊n·φ⌋ in IEEE double is first wrong at n = F(40) = 102334155; exact: F(41) − 1 = 165580140.
    for s in Strategy::ALL {
        let solver = Solver::new(Rules::wythoff(), s);
        let (x, y) = solver.nth(&Integer::from(102_334_155u64)).unwrap();
        assert_eq!(x, 165_580_140u64, "{s}");
        assert_eq!(y, 267_914_295u64, "{s}");
        let loc = solver.locate(&Integer::from(165_580_140u64)).unwrap();
        assert_eq!(loc.index, 102_334_155u64);
    }
}

#[test]
fn identities_of_the_pairs() {
    let s = Solver::new(Rules::wythoff(), Strategy::Algebraic);
    let at = |n: u64| s.nth(&Integer::from(n)).unwrap();
    for n in 1..3000u64 {
        let (an, bn) = at(n);
        assert_eq!(Integer::from(&bn - &an), n);
        // A_n + B_n = A_{B_n} and A_{A_n} = B_n − 1
        assert_eq!(Integer::from(&an + &bn), at(bn.to_u64().unwrap()).0);
        assert_eq!(at(an.to_u64().unwrap()).0, Integer::from(&bn - 1u32));
        // Property 2: B_n's p-representation is A_n's shifted left.
        let mut pa = numeration::represent(1, System::P, &an);
        pa.insert(0, 0);
        assert_eq!(numeration::represent(1, System::P, &bn), pa);
    }
    // complementarity and B_n − A_n = a·n for several a, by the arithmetic strategy
    for a in [1u64, 2, 3, 4, 7] {
        let s = Solver::new(Rules::new(a, false).unwrap(), Strategy::Arithmetic);
        let mut seen = vec![0u8; 4000];
        for n in 1..4000u64 {
            let (x, y) = s.nth(&Integer::from(n)).unwrap();
            assert_eq!(Integer::from(&y - &x), Integer::from(a * n));
            for v in [x, y] {
                if let Some(v) = v.to_usize().filter(|&v| v < seen.len()) {
                    seen[v] += 1;
                }
            }
        }
        assert!(seen[1..].iter().all(|&c| c == 1), "a = {a}");
    }
}

#[test]
fn misere_rules() {
    // a = 1: (0,0), (1,2) replaced by (0,1), (2,2); from (3,5) on as in normal play.
    let m = Solver::new(Rules::new(1, true).unwrap(), Strategy::Arithmetic);
    let n = Solver::new(Rules::wythoff(), Strategy::Arithmetic);
    assert_eq!(
        m.nth(&Integer::from(0)).unwrap(),
        (Integer::from(0), Integer::from(1))
    );
    assert_eq!(
        m.nth(&Integer::from(1)).unwrap(),
        (Integer::from(2), Integer::from(2))
    );
    for k in 2..500u32 {
        assert_eq!(
            m.nth(&Integer::from(k)).unwrap(),
            n.nth(&Integer::from(k)).unwrap()
        );
    }
    // a ≥ 2: (0, 1), then A'_n = mex, B'_n = A'_n + a·n + 1, by the recursion
    for a in 2..6u64 {
        let rules = Rules::new(a, true).unwrap();
        let rec = Solver::new(rules, Strategy::Recursive);
        for s in [Strategy::Algebraic, Strategy::Arithmetic] {
            let other = Solver::new(rules, s);
            for k in 0..2000u32 {
                let (x, y) = rec.nth(&Integer::from(k)).unwrap();
                assert_eq!(Integer::from(&y - &x), a * k as u64 + 1);
                assert_eq!(
                    (x, y),
                    other.nth(&Integer::from(k)).unwrap(),
                    "{s} a={a} k={k}"
                );
            }
        }
    }
}

#[test]
fn three_pile_oeis_a018219_and_a051261() {
    let (_, t) = published("A018219");
    // the terms cover antidiagonals 0..=d with (d+1)(d+2)/2 ≥ len
    let mut d = 0u64;
    while (d + 1) * (d + 2) / 2 < t.len() as u64 {
        d += 1;
    }
    let got = wythoff::three_pile::a018219(d, &Context::serial()).unwrap();
    assert_eq!(&got[..t.len()], &t[..]);
    let (_, diag) = published("A051261");
    let got = wythoff::three_pile::a051261(diag.len() as u64 - 1, &Context::serial()).unwrap();
    assert_eq!(got, diag);
}

#[test]
fn grundy_table_against_oeis_rows_diagonal_and_antidiagonals() {
    use wythoff::grundy::{Spec, Table};
    let t = Table::compute(Spec::new(1, 128).unwrap(), &Context::new(2)).unwrap();
    for (row, anum) in [
        (1usize, "A004482"),
        (2, "A004483"),
        (3, "A004484"),
        (4, "A004485"),
        (5, "A004486"),
        (6, "A004487"),
    ] {
        let (_, terms) = published(anum);
        for (y, &v) in terms.iter().enumerate() {
            assert_eq!(t.get(row, y) as u64, v, "{anum} a({y})");
        }
    }
    let (_, diag) = published("A047708");
    for (n, &v) in diag.iter().enumerate() {
        assert_eq!(t.get(n, n) as u64, v, "A047708 a({n})");
    }
    // A004481 by antidiagonals: T(0, s), T(1, s−1), …
    let (_, anti) = published("A004481");
    let mut k = 0;
    'outer: for s in 0.. {
        for i in 0..=s {
            if k == anti.len() {
                break 'outer;
            }
            assert_eq!(t.get(i, s - i) as u64, anti[k], "A004481 term {k}");
            k += 1;
        }
    }
}

#[test]
fn every_catalogued_sequence_reproduces_its_published_terms() {
    for e in wythoff::oeis::CATALOGUE {
        let (offset, published) = published(e.anum);
        assert_eq!(offset, e.offset, "{}: offset", e.anum);
        let got = wythoff::oeis::terms(e, published.len() as u64, &Context::all_cores()).unwrap();
        let got: Vec<u64> = got.into_iter().map(|v| v as u64).collect();
        assert_eq!(got, published, "{}", e.anum);
    }
}
