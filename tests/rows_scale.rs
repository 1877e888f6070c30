//! The certifying sweep at scale (`rows X`): its columns against a plain mex from the rules, the
//! certified periods against the same mex, and the parts that exist for large X — hash
//! collisions settled by exact comparison, snapshots thinned to a tiny budget — shown not to
//! change a result.

mod common;

use common::{naive_rows_u64, text, wythoff};
use wythoff::grundy::rows::{self, Prefixes, Search, Sweep};

#[test]
fn the_sweep_equals_the_plain_mex_column_by_column() {
    let (x_rows, cols) = (14usize, 700usize);
    for a in 1..=5usize {
        let g = naive_rows_u64(x_rows, cols, a);
        let mut s = Sweep::with_a(a, x_rows);
        for y in 0..cols {
            s.step().unwrap();
            for (x, row) in g.iter().enumerate() {
                assert_eq!(s.column[x], row[y], "a = {a}, G({x}, {y})");
            }
        }
    }
}

#[test]
fn certified_rows_0_to_31_equal_the_plain_mex() {
    let (x_rows, cols) = (32usize, 5000usize);
    let p = rows::periods(x_rows, 1 << 24, &wythoff::Context::serial()).unwrap();
    let g = naive_rows_u64(x_rows, cols, 1);
    for (x, row) in g.iter().enumerate() {
        for (y, &want) in row.iter().enumerate() {
            assert_eq!(p.value(x, &rug::Integer::from(y)), want, "G({x}, {y})");
        }
        // the row's period shows in the mex table where two periods fit past the preperiod
        let (y0, per) = p.rows[x];
        let (y0, per) = (y0 as usize, per as usize);
        if y0 + 2 * per < cols {
            for y in y0..cols - per {
                assert_eq!(row[y + per], row[y] + per as u64, "row {x}: period at {y}");
            }
            if y0 > 0 {
                assert_ne!(
                    row[y0 - 1 + per],
                    row[y0 - 1] + per as u64,
                    "row {x}: preperiod"
                );
            }
        }
    }
}

/// The search with a state hash of only 3 bits (unequal states share hashes all the time) and a
/// snapshot budget of one state (snapshots thinned again and again) gives the same certificate.
#[test]
fn hash_collisions_and_thinned_snapshots_change_nothing() {
    for (a, x_rows) in [(1u64, 16usize), (2, 10), (3, 8)] {
        let full = rows::search(&Search::new(a, x_rows, 1 << 24), &|_, _| {}).unwrap();
        let mut tiny = Search::new(a, x_rows, 1 << 24);
        tiny.hash_bits = 3;
        tiny.snapshot_budget = 1;
        let t = rows::search(&tiny, &|_, _| {}).unwrap();
        assert!(
            t.hash_collisions > 0,
            "a = {a}: no collision with a 3-bit hash"
        );
        assert_eq!(full.hash_collisions, 0, "a = {a}");
        same_certificate(&t, &full, &format!("a = {a}"));
    }
}

/// An assumed period (`rows --period`) gives the search's certificate — with a 3-bit hash and
/// thinned snapshots too: a multiple of the joint period by one walk, any other through the
/// repeat that the walk's stack finds.
#[test]
fn an_assumed_period_right_or_wrong_gives_the_same_certificate() {
    for (a, x_rows) in [(1u64, 16usize), (1, 40), (2, 10), (3, 8), (5, 6)] {
        let full = rows::search(&Search::new(a, x_rows, 1 << 24), &|_, _| {}).unwrap();
        let lam = full.joint.1;
        let assumed = [
            (lam, 64u32),
            (2 * lam, 64),
            (6 * lam, 3),
            (lam + 1, 64),
            (lam / 2, 3),
        ];
        // a 3-bit hash (Nivasch's stack then compares far more states) only where μ is small
        let small = x_rows <= 16;
        for (p, bits) in assumed
            .into_iter()
            .filter(|&(p, b)| p > 0 && (b == 64 || small))
        {
            let mut cfg = Search::new(a, x_rows, 1 << 24);
            cfg.period = Some(p);
            cfg.hash_bits = bits;
            if bits < 64 {
                cfg.snapshot_budget = 1;
            }
            let t = rows::search(&cfg, &|_, _| {}).unwrap();
            same_certificate(
                &t,
                &full,
                &format!(
                    "a = {a}, X = {x_rows}, period {p} assumed ({lam} found), {bits}-bit hash"
                ),
            );
        }
    }
}

/// Values below the preperiods: the budget takes rows in order and skips a row that does not fit;
/// `Prefixes::Rows` records exactly the rows asked for.
#[test]
fn prefixes_follow_the_budget_and_the_rows_asked_for() {
    let all = rows::periods(12, 1 << 24, &wythoff::Context::serial()).unwrap();
    let y0: Vec<u64> = all.rows.iter().map(|r| r.0).collect();
    let budget = 2 * (y0[3] + y0[5]);
    let mut cfg = Search::new(1, 12, 1 << 24);
    cfg.prefixes = Prefixes::Budget(budget);
    let p = rows::search(&cfg, &|_, _| {}).unwrap();
    let mut left = budget;
    for (x, pre) in p.prefixes.iter().enumerate() {
        let fits = 2 * y0[x] <= left;
        if fits {
            left -= 2 * y0[x];
        }
        assert_eq!(pre.is_some(), fits, "row {x}");
        if let Some(v) = pre {
            assert_eq!(Some(v), all.prefixes[x].as_ref(), "row {x}");
        }
    }
    let want: Vec<bool> = (0..12).map(|x| x % 3 == 1).collect();
    cfg.prefixes = Prefixes::Rows(want.clone());
    let p = rows::search(&cfg, &|_, _| {}).unwrap();
    for x in 0..12 {
        assert_eq!(p.prefixes[x].is_some(), want[x], "row {x}");
        assert_eq!(
            p.try_value(x, &rug::Integer::from(0)).is_some(),
            want[x] || y0[x] == 0
        );
    }
}

#[test]
fn no_repeat_within_the_column_budget_is_reported() {
    let e = rows::periods(64, 1000, &wythoff::Context::serial()).unwrap_err();
    assert!(matches!(e, rows::RowsError::NoPeriod(1000)), "{e}");
}

/// On the command line, a run without a repeat within its budget is a failure (status 1) that
/// claims nothing; a budget of 0 columns is refused as usage (status 2).
#[test]
fn the_command_line_reports_a_budget_without_a_repeat() {
    let o = wythoff(&["rows", "64", "--max-columns", "1000"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("no repeat within 1000 columns"), "{t}");
    assert!(t.contains("not certified"), "{t}");
    assert!(o.stdout.is_empty(), "nothing claimed on stdout: {t}");
    let o = wythoff(&["rows", "8", "--max-columns", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let t = text(&o);
    assert!(
        t.contains("--max-columns") && t.contains("columns ≥ 1"),
        "{t}"
    );
}

/// The banded sweep over several threads (`Search::threads`, `rows --threads`) certifies what one
/// thread does — with the period assumed (every column banded), and searched for (the walks
/// banded).  (States inside a batch: the unit test of `rows::columns`.)
#[test]
fn bands_give_the_one_thread_certificate() {
    for (x_rows, all) in [(130usize, true), (192, false)] {
        let one = rows::search(&Search::new(1, x_rows, 1 << 26), &|_, _| {}).unwrap();
        let lam = one.joint.1;
        let ways = [(2, Some(2 * lam)), (3, None), (2, Some(lam + 1))];
        for (threads, period) in ways.into_iter().take(if all { 3 } else { 1 }) {
            let mut cfg = Search::new(1, x_rows, 1 << 26);
            (cfg.threads, cfg.period) = (threads, period);
            let t = rows::search(&cfg, &|_, _| {}).unwrap();
            same_certificate(
                &t,
                &one,
                &format!("X = {x_rows}, {threads} threads, period {period:?}"),
            );
        }
    }
}

/// Two searches certify the same: joint and per-row periods, one period's values, prefixes.
fn same_certificate(t: &rows::Periods, full: &rows::Periods, what: &str) {
    assert_eq!(
        (&t.joint, &t.rows, &t.cycles, &t.prefixes),
        (&full.joint, &full.rows, &full.cycles, &full.prefixes),
        "{what}"
    );
}
