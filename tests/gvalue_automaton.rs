//! The 1-values by the Fibonacci automaton (src/gvalues/automaton.rs): against the greedy sweep
//! for every n < 10^6, against a naive mex on a small board, the command line at the switch from
//! the sweep to the automaton, `--rule`, and N = 10^100 against the bound on e.

mod common;
use common::*;
use rug::Integer;
use wythoff::check::Status;
use wythoff::gvalues::automaton::{self, E_MAX, E_MIN, SWEEP_BELOW};
use wythoff::gvalues::{GValues, nth};

#[test]
fn the_automaton_is_the_greedy_for_every_n_below_a_million() {
    let checks = automaton::check_against_sweep(1_000_000, &|_| {}).unwrap();
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
            automaton::one_value_on_diagonal(&d),
            (Integer::from(v.x), Integer::from(v.y)),
            "n={}",
            v.n
        );
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
            automaton::one_value_on_diagonal(&Integer::from(y - x)),
            want
        );
        // the board holds the first 1-values only while their y stays inside it
        if y < side / 2 {
            assert_eq!(automaton::nth_one_value(&Integer::from(n)), want, "n={n}");
        }
    }
    // and each diagonal's 1-value inside the board is a cell of value 1
    for d in 0..side {
        let (x, y) = automaton::one_value_on_diagonal(&Integer::from(d));
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
        let v = nth(1, n, &|_| {}).unwrap();
        let o = run_ok(&["gvalue", "1", &n.to_string()]);
        assert_eq!(stdout(&o), format!("{n} {} {}\n", v.x, v.y));
        let e = stderr(&o);
        if n < SWEEP_BELOW {
            assert!(!e.contains("automaton"), "{e}");
        } else {
            assert_eq!(e.lines().count(), 1, "{e}");
            says(
                &e,
                "checked against the greedy on every diagonal below 999999997",
            );
        }
        let j = json(&run_ok(&["gvalue", "1", &n.to_string(), "--json"]));
        let (method, status) = if n < SWEEP_BELOW {
            ("sweep", "proved")
        } else {
            ("automaton", "checked")
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
    // ⌊dφ⌋ = (d + isqrt(5d²)) / 2, computed here
    let five_dd = Integer::from(&d * &d) * 5u32;
    let floor = (&d + five_dd.sqrt()) / 2u32;
    let e = Integer::from(x - &floor);
    let e = e.to_i64().unwrap();
    assert!((E_MIN..=E_MAX).contains(&e), "e = {e}");
    // its index is N, within the window the bound allows: |d − N| is small
    assert!(Integer::from(&d - &f[0]).abs() < 64, "d = {d}");
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    says(&e, "conditional: beyond the diagonals checked");
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
