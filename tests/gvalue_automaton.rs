//! The 1-values by the Fibonacci automaton (crates/wythoff/src/gvalues/automaton.rs): against the greedy sweep
//! for every n < 10^6, against a naive mex on a small board, the command line at the switch from
//! the sweep to the automaton, `--rule`, N = 10^100 against the bound on e, large N against a
//! slow Zeckendorf conversion written here, and N = 10^100000 under a memory limit.

mod common;
use common::*;
use rug::Integer;
use wythoff::check::Status;
use wythoff::gvalues::automaton::{self, E_MAX, E_MIN, SWEEP_BELOW};
use wythoff::gvalues::{GValues, nth};

/// The line on standard error with every answer of the automaton.
const PROVED: &str = "G = 1 by the 1-value automaton, proved for every diagonal (wythoff prove \
                      --theorem one-values; doc/prove.md)";

/// The Zeckendorf digits of d, most significant first, the slow way: the Fibonacci pair climbed
/// past d one addition at a time, then walked down, (F_k, F_{k+1}) → (F_{k+1} − F_k, F_k),
/// taking each Fibonacci number 1, 2, 3, 5, … that still fits.
fn zeckendorf_slow(d: &Integer) -> Vec<bool> {
    let (mut lo, mut hi) = (Integer::from(1), Integer::from(2));
    while hi <= *d {
        let next = Integer::from(&lo + &hi);
        lo = std::mem::replace(&mut hi, next);
    }
    let mut rest = d.clone();
    let mut digits = Vec::new();
    loop {
        let one = lo <= rest;
        if one {
            rest -= &lo;
        }
        digits.push(one);
        if hi == 2 {
            break;
        }
        let below = Integer::from(&hi - &lo);
        hi = std::mem::replace(&mut lo, below);
    }
    assert_eq!(rest, 0, "d={d}");
    digits
}

/// ⌊dφ⌋ = (d + isqrt(5d²)) / 2, computed here.
fn floor_phi(d: &Integer) -> Integer {
    let five_dd = Integer::from(d * d) * 5u32;
    (five_dd.sqrt() + d) / 2u32
}

/// x_d = ⌊dφ⌋ + e_d with e_d read off `automaton::TABLE` along [`zeckendorf_slow`].
fn x_slow(d: &Integer) -> Integer {
    let mut s = 0usize;
    for one in zeckendorf_slow(d) {
        let (_, zero, after_one) = automaton::TABLE[s];
        s = usize::from(if one { after_one } else { zero });
    }
    floor_phi(d) + automaton::TABLE[s].0
}

/// The n-th 1-value (n ≥ 100) from the diagonals within 100 of n: a diagonal d within 60 of n
/// has exactly n smaller x when n − 100 of them lie below the window (each d' < n − 100 has
/// x_{d'} ≤ ⌊(n − 101)φ⌋ + 8 < ⌊(n − 60)φ⌋ − 3 ≤ x_d; each d' > n + 100, x_{d'} > x_d) and the
/// rest inside it.
fn nth_slow(n: &Integer) -> (Integer, Integer) {
    let lo = Integer::from(n - 100u32);
    let xs: Vec<(Integer, Integer)> = (0..=200u32)
        .map(|i| {
            let d = Integer::from(&lo + i);
            (x_slow(&d), d)
        })
        .collect();
    for (x, d) in &xs {
        if Integer::from(d - n).abs() <= 60 {
            let rank = Integer::from(&lo + xs.iter().filter(|(x2, _)| x2 < x).count());
            if rank == *n {
                return (x.clone(), Integer::from(x + d));
            }
        }
    }
    panic!("no diagonal within 60 of n = {n} holds the n-th 1-value");
}

#[test]
fn the_automaton_is_the_greedy_for_every_n_below_a_million() {
    let checks = automaton::check_against_sweep(1_000_000, &wythoff::Context::serial()).unwrap();
    assert_eq!(checks.len(), 3);
    for c in &checks {
        assert_eq!(c.status, Status::Ok, "{c:?}");
    }
    assert_eq!(checks[0].count, 1_000_000);
    assert_eq!(checks[1].count, 1_000_000);
    // and one diagonal at a time through the public big-integer call
    for v in GValues::new(1, 1 << 22).unwrap().take(20_000) {
        let v = v.unwrap();
        let d = Integer::from(v.y - v.x);
        assert_eq!(
            automaton::one_value_on_diagonal(&d).unwrap(),
            (Integer::from(v.x), Integer::from(v.y)),
            "n={}",
            v.n
        );
    }
}

#[test]
fn e_is_the_offset_of_the_one_value_from_floor_d_phi_for_big_diagonals() {
    let big = Integer::from(Integer::u_pow_u(10, 40));
    for k in 0..50u32 {
        let d = Integer::from(&big + k);
        let e = automaton::e_of(&d);
        assert!(
            (E_MIN..=E_MAX).contains(&i64::from(e)),
            "e = {e}, d = 10^40 + {k}"
        );
        let (x, _) = automaton::one_value_on_diagonal(&d).unwrap();
        assert_eq!(Integer::from(e), x - floor_phi(&d), "d = 10^40 + {k}");
    }
}

#[test]
fn the_automaton_is_the_naive_mex_on_a_small_board() {
    let side = 400usize;
    let g = naive_rows(side, side, 1);
    // every 1-value x <= y < side, in increasing x, is the automaton's n-th and its diagonal's
    let ones: Vec<(usize, usize)> = (0..side)
        .flat_map(|x| (x..side).map(move |y| (x, y)))
        .filter(|&(x, y)| g[x][y] == 1)
        .collect();
    assert!(ones.len() > 100);
    for (n, &(x, y)) in ones.iter().enumerate() {
        let want = (Integer::from(x), Integer::from(y));
        assert_eq!(
            automaton::one_value_on_diagonal(&Integer::from(y - x)).unwrap(),
            want
        );
        // the board holds the first 1-values only while their y stays inside it
        if y < side / 2 {
            assert_eq!(
                automaton::nth_one_value(&Integer::from(n)).unwrap(),
                want,
                "n={n}"
            );
        }
    }
    // and each diagonal's 1-value inside the board is a cell of value 1, x_d = ⌊dφ⌋ + e_d
    for d in 0..side {
        let (x, y) = automaton::one_value_on_diagonal(&Integer::from(d)).unwrap();
        assert_eq!(
            Integer::from(automaton::e_of(&Integer::from(d))),
            &x - floor_phi(&Integer::from(d)),
            "diagonal {d}"
        );
        if let (Some(x), Some(y)) = (x.to_usize(), y.to_usize())
            && y < side
        {
            assert_eq!(g[x][y], 1, "diagonal {d}");
        }
    }
}

#[test]
fn the_command_line_switches_from_the_sweep_to_the_automaton() {
    for n in [SWEEP_BELOW - 1, SWEEP_BELOW] {
        let v = nth(1, n, &wythoff::Context::serial()).unwrap();
        let o = run_ok(&["gvalue", "1", &n.to_string()]);
        assert_eq!(stdout(&o), format!("{n} {} {}\n", v.x, v.y));
        let e = stderr(&o);
        if n < SWEEP_BELOW {
            assert!(!e.contains("automaton"), "{e}");
        } else {
            assert_eq!(e, format!("wythoff: {PROVED}\n"));
        }
        let j = json(&run_ok(&["gvalue", "1", &n.to_string(), "--json"]));
        let (method, status) = if n < SWEEP_BELOW {
            ("sweep", "proved")
        } else {
            ("automaton", "proved")
        };
        assert_eq!(
            (j["method"].as_str(), j["status"].as_str()),
            (Some(method), Some(status))
        );
        assert_eq!(j["x"], v.x.to_string());
    }
    let j = json(&run_ok(&["gvalue", "2", "5", "--json"]));
    assert_eq!(j["method"], "sweep");
    let j = json(&run_ok(&["gvalue", "0", "5", "--json"]));
    assert_eq!(
        (j["method"].as_str(), j["status"].as_str()),
        (Some("formula"), Some("proved"))
    );
}

#[test]
fn a_googolth_one_value_is_one_line_within_the_bound() {
    let o = run_ok(&["gvalue", "1", "1e100"]);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    let f: Vec<Integer> = out.split_whitespace().map(|w| w.parse().unwrap()).collect();
    assert_eq!(f[0], Integer::from(Integer::u_pow_u(10, 100)));
    let (x, y) = (&f[1], &f[2]);
    let d = Integer::from(y - x);
    assert!(d >= 0);
    let e = x - floor_phi(&d);
    let e = e.to_i64().unwrap();
    assert!((E_MIN..=E_MAX).contains(&e), "e = {e}");
    // its index is N, within the window the bound allows: |d − N| is small
    assert!(Integer::from(&d - &f[0]).abs() < 64, "d = {d}");
    assert_eq!(stderr(&o), format!("wythoff: {PROVED}\n"));
}

#[test]
fn the_rule_check_is_ok_on_a_hundred_thousand_and_refuses_other_values() {
    let o = run_ok(&["gvalue", "1", "--count", "1e5", "--rule"]);
    let t = stdout(&o);
    assert!(t.starts_with("ok: the first 100000 1-values"), "{t}");
    assert!(!t.contains("FAIL"), "{t}");
    let j = json(&run_ok(&[
        "gvalue", "1", "--count", "1e5", "--rule", "--json",
    ]));
    assert_eq!(j["verdict"], "ok");
    for c in j["checks"].as_array().unwrap() {
        assert_eq!(c["status"], "ok", "{c}");
    }
    refused(
        &["gvalue", "2", "--count", "5", "--rule"],
        &["--rule", "G = 1"],
    );
    refused(&["gvalue", "1", "--rule"], &["--count"]);
    refused(
        &["gvalue", "1", "--count", "5", "--rule", "--text"],
        &["--text"],
    );
}

#[test]
fn large_indices_agree_with_a_slow_zeckendorf_conversion() {
    let mut ns: Vec<Integer> = [30u32, 31, 60, 100, 300, 1000, 3000]
        .iter()
        .map(|&k| Integer::from(Integer::u_pow_u(10, k)))
        .collect();
    ns.extend([
        Integer::from(u64::MAX) - 1u32,
        Integer::from(u64::MAX) + 60u32,
        Integer::from(Integer::u_pow_u(3, 2000)) + 12_345u32,
        "31415926535897932384626433832795028841971693993751"
            .parse()
            .unwrap(),
    ]);
    // Fibonacci numbers and their neighbours, where a Zeckendorf increment carries to the top
    let (mut f0, mut f1) = (Integer::from(1), Integer::from(2));
    for k in 0..4000 {
        (f0, f1) = (f1.clone(), Integer::from(&f0 + &f1));
        if k % 997 == 100 {
            ns.extend([Integer::from(&f1 - 30u32), Integer::from(&f1 + 30u32)]);
        }
    }
    for n in &ns {
        let want = nth_slow(n);
        assert_eq!(automaton::nth_one_value(n).unwrap(), want, "n={n}");
        let d = Integer::from(&want.1 - &want.0);
        assert_eq!(automaton::one_value_on_diagonal(&d).unwrap(), want, "d={d}");
    }
    // the command line: `gvalue 1 N`, and `grundy at` says 1 on the cell and not beside it
    for n in ns.iter().step_by(3) {
        let (x, y) = nth_slow(n);
        let o = run_ok(&["gvalue", "1", &n.to_string()]);
        assert_eq!(stdout(&o), format!("{n} {x} {y}\n"));
        let o = run_ok(&["grundy", "at", &y.to_string(), &x.to_string()]);
        assert_eq!(stdout(&o), "1\n", "({x}, {y})");
        let beside = Integer::from(&y + 1u32).to_string();
        let o = run_ok(&["grundy", "at", &x.to_string(), &beside]);
        assert_ne!(stdout(&o), "1\n", "({x}, {beside})");
    }
}

/// Runs the binary under an address-space limit of `kb` KiB (`ulimit -v`).
fn limited(kb: u64, args: &[&str]) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_wythoff"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_index_ten_to_the_hundred_thousand_answers_under_a_memory_limit() {
    // every Fibonacci number up to N once took 2.4 GB at 10^50000 and aborted in GMP under 2 GB
    let o = limited(2_000_000, &["gvalue", "1", "1e100000"]);
    assert!(o.status.success(), "{}", text(&o));
    let out = stdout(&o);
    let f: Vec<Integer> = out.split_whitespace().map(|w| w.parse().unwrap()).collect();
    assert_eq!(f.len(), 3, "{out}");
    assert_eq!(f[0], Integer::from(Integer::u_pow_u(10, 100_000)));
    let (x, y) = (&f[1], &f[2]);
    let d = Integer::from(y - x);
    assert!(
        Integer::from(&d - &f[0]).abs() < 64,
        "d − N = {}",
        Integer::from(&d - &f[0])
    );
    // the 1-value of its diagonal, by the slow conversion here
    assert_eq!(*x, x_slow(&d));
    assert_eq!(stderr(&o), format!("wythoff: {PROVED}\n"));
    // `grundy at` on that cell, and far out beside the 1-values, under the same limit
    let o = limited(2_000_000, &["grundy", "at", &x.to_string(), &y.to_string()]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(stdout(&o), "1\n");
    // (10^50000, 2·10^50000): the diagonal d = 10^50000's 1-value lies at ⌊dφ⌋ + e, e ≥ −3, far
    // from x = d, so G ≠ 1, and y − 2x = 0: the bounds start at 2
    let o = limited(2_000_000, &["grundy", "at", "1e50000", "2e50000"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        stdout(&o).starts_with("unknown: 2 ≤ G(1000"),
        "{}",
        text(&o)
    );
}

#[test]
fn a_number_whose_memory_is_not_there_is_refused_in_one_line() {
    // 2^30000000: about 510 MB of Zeckendorf digits and square roots, under a 300 MB limit
    for args in [
        "gvalue 1 2^30000000",
        "gvalue 1 2^30000000 --json",
        "grundy at 2^30000000 2^30000001",
    ] {
        let o = limited(300_000, &args.split(' ').collect::<Vec<_>>());
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args}: {e}");
        assert!(e.contains("of memory and"), "{args}: {e}");
        assert_eq!(e.trim_end().lines().count(), 1, "{args}: {e}");
        assert_eq!(stdout(&o), "", "{args}");
    }
}
