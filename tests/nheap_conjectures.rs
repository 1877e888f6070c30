//! `nheap --conjectures`: Fraenkel's two conjectures measured on the three-heap slices.  The
//! figures of slices s ≤ 3 against a backward induction from the rules over a box
//! (tests/common/naive.rs), ⌊nφ⌋ from Wythoff's pairs by the mex recursion, and Sun's
//! definition of a Wythoff's sequence checked on the tail with the reported T; the slices
//! s ≤ 10 (proved by Sun and Zeilberger) pass both statements; a failing range, the JSON file,
//! the plots and the refusals.

mod common;
use common::{NheapBox, check, json, mex_pairs_through, refused, run_ok, stdout, text, wythoff};
use std::collections::BTreeSet;
use wythoff::nheap::conjectures::{Figures, measure};

/// The slices compared with the box, and the box's side.
const S: usize = 3;
const SIDE: usize = 260;

/// The slice s from the box: the positions (A, B), A ≥ s increasing, up to the first A whose
/// partner lies outside the box; and the heaps of the P-positions (s, v, w) with v < s.
fn box_slice(p: &NheapBox, s: usize) -> (Vec<(u64, u64)>, BTreeSet<u64>) {
    let partners =
        |v: usize| -> Vec<usize> { (0..=SIDE).filter(|&w| p.is_p(&[s, v, w])).collect() };
    let mut positions = Vec::new();
    for a in s..=SIDE {
        let w = partners(a);
        assert!(w.len() <= 1, "two P-positions ({s}, {a}, ·): {w:?}");
        match w.first() {
            Some(&b) if b >= a => positions.push((a as u64, b as u64)),
            Some(_) => {} // the larger heap of an earlier pair
            None => break,
        }
    }
    let mut small = BTreeSet::new();
    for v in 0..s {
        let w = partners(v);
        assert_eq!(w.len(), 1, "({s}, {v}, ·) in the box");
        small.insert(v as u64);
        small.insert(w[0] as u64);
    }
    (positions, small)
}

/// The figures of one slice computed here from its positions, by the definitions.
struct Naive {
    i_from: u64,
    shift: i64,
    ii_from: u64,
    alphas: (i64, i64),
    t: BTreeSet<u64>,
}

fn naive(positions: &[(u64, u64)], small: &BTreeSet<u64>) -> Naive {
    let d: Vec<u64> = positions.iter().map(|&(a, b)| b - a).collect();
    let i_from = (1..d.len())
        .rev()
        .find(|&k| d[k] != d[k - 1] + 1)
        .unwrap_or(0);
    // floor(n*phi) as A_n of Wythoff's pairs from the mex recursion
    let lower: Vec<i64> = mex_pairs_through(1, false, *d.iter().max().unwrap())
        .iter()
        .map(|&(a, _)| a as i64)
        .collect();
    let r: Vec<i64> = (positions.iter().zip(&d))
        .map(|(&(a, _), &n)| a as i64 - lower[n as usize])
        .collect();
    let spread = |k: usize| r[k..].iter().max().unwrap() - r[k..].iter().min().unwrap();
    let ii_from = (0..r.len()).find(|&k| spread(k) <= 2).unwrap();
    let tail = &r[ii_from..];
    let alphas = (
        tail.iter().max().unwrap() - 1,
        tail.iter().min().unwrap() + 1,
    );
    let mut t = small.clone();
    for &(a, b) in &positions[..i_from] {
        t.insert(a);
        t.insert(b);
    }
    let last = d.len() - 1;
    Naive {
        i_from: i_from as u64,
        shift: d[last] as i64 - last as i64,
        ii_from: ii_from as u64,
        alphas,
        t,
    }
}

/// Sun's definition on the tail k ≥ k₀ with the set T: A = mex(T ∪ the earlier heaps of the
/// tail), B ∉ T, and B − A = n with n running through consecutive integers.
fn suns_definition_holds(positions: &[(u64, u64)], k0: usize, t: &BTreeSet<u64>) {
    let mut used: BTreeSet<u64> = t.clone();
    let mut n_prev: Option<u64> = None;
    for &(a, b) in &positions[k0..] {
        let mex = (0..).find(|v| !used.contains(v)).unwrap();
        assert_eq!(a, mex, "A = mex(T ∪ earlier) at ({a}, {b})");
        assert!(!t.contains(&b), "B = {b} in T");
        if let Some(n) = n_prev {
            assert_eq!(b - a, n + 1, "B - A at ({a}, {b})");
        }
        n_prev = Some(b - a);
        used.insert(a);
        used.insert(b);
    }
}

#[test]
fn small_slices_agree_with_the_rules() {
    let p = NheapBox::new(3, S, SIDE);
    for s in 0..=S {
        let (positions, small) = box_slice(&p, s);
        let k = positions.len();
        let want = naive(&positions, &small);
        // the tail of (i) must lie well inside what the box decides
        assert!(
            want.i_from as usize + 10 < k,
            "s = {s}: box too small ({k})"
        );
        let report = measure(s as u64, k as u64).unwrap();
        let f: &Figures = &report.slices[s];
        assert_eq!(f.count, k as u64);
        assert_eq!(f.i_from, want.i_from, "s = {s}: (i)");
        assert_eq!(f.shift, want.shift, "s = {s}: shift");
        if let Some((p0, p1)) = f.i_last_violation {
            assert_eq!((p0.k + 1, p1.k), (f.i_from, f.i_from));
            assert_eq!((p1.a, p1.b), positions[p1.k as usize]);
        } else {
            assert_eq!(f.i_from, 0);
        }
        assert_eq!(f.ii_from, want.ii_from, "s = {s}: (ii)");
        assert_eq!(f.alpha_candidates, want.alphas, "s = {s}: alpha");
        let (lo, hi) = f.alpha_candidates;
        assert!(lo <= f.alpha && f.alpha <= hi);
        let t: BTreeSet<u64> = f.t.clone().unwrap().into_iter().collect();
        assert_eq!(t, want.t, "s = {s}: T");
        assert_eq!(f.t_size, t.len() as u64);
        assert_eq!(f.t_max, t.iter().max().copied());
        assert_eq!(
            f.n0,
            (positions[f.i_from as usize].1 - positions[f.i_from as usize].0) as i64 - 1
        );
        suns_definition_holds(&positions, f.i_from as usize, &t);
    }
}

#[test]
fn the_proved_slices_pass_both_statements() {
    let r = json(&run_ok(&[
        "nheap",
        "--conjectures",
        "10",
        "--count",
        "2000",
        "--json",
    ]));
    assert_eq!(r["version"], 1);
    assert_eq!(r["verdict"], "ok");
    assert_eq!(r["checks"].as_array().unwrap().len(), 22);
    for s in 0..=10 {
        for claim in ["(i)", "(ii)"] {
            let c = check(&r, &format!("slice {s}: {claim}"));
            assert_eq!(c["status"], "ok", "{c}");
            assert!(
                c["covers"]
                    .as_str()
                    .unwrap()
                    .contains("Sun and Zeilberger prove it")
            );
        }
        let f = &r["slices"][s];
        assert_eq!(f["s"], s.to_string());
        // epsilon takes all three values (slice 0: A = floor(n*phi) exactly)
        let e = if s == 0 { 0 } else { 1 };
        assert_eq!(
            (f["epsilon_min"].as_i64(), f["epsilon_max"].as_i64()),
            (Some(-e), Some(e)),
            "{f}"
        );
        let from: u64 = f["i_from"].as_str().unwrap().parse().unwrap();
        assert!(from < 1000, "{f}");
    }
    // slice 0 is Wythoff's game: (i) from the start, alpha 0, T empty
    let f = &r["slices"][0];
    assert_eq!(
        (f["i_from"].as_str(), f["alpha"].as_i64()),
        (Some("0"), Some(0))
    );
    assert_eq!(f["t"], serde_json::json!([]));
    // slice 1 (its figures checked against the box above): alpha -4, B - A = n + 3 from n = 20
    let f = &r["slices"][1];
    assert_eq!(
        (f["i_from"].as_str(), f["shift"].as_i64()),
        (Some("20"), Some(3))
    );
    assert_eq!(f["alpha"], -4);
}

#[test]
fn a_range_too_short_for_a_slice_fails_with_the_violation() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.json");
    let f = file.to_str().unwrap();
    let o = wythoff(&["nheap", "--conjectures", "11", "--count", "2000", "-o", f]);
    // slice 11's tail of (i) starts at n = 1213, past the half of 2000 positions
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = stdout(&o);
    assert!(out.contains("FAIL    slice 11: (i)"), "{out}");
    assert!(out.contains("at n = 1212 and"), "{out}");
    assert!(out.contains("ok      22 of 24 checks"), "{out}");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(r["verdict"], "FAIL");
    assert_eq!(check(&r, "slice 11: (i)")["status"], "FAIL");
    assert_eq!(r["slices"][11]["i_from"], "1213");
    assert!(
        check(&r, "slice 11: (ii)")["covers"]
            .as_str()
            .unwrap()
            .contains("open for this slice")
    );
}

#[test]
fn plots_are_png_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("plots");
    let args = "nheap --conjectures 6 --count 1000 --plots";
    let mut args: Vec<&str> = args.split(' ').collect();
    args.push(common::s(&d));
    run_ok(&args);
    for name in wythoff::nheap::conjectures::PLOTS {
        let bytes = std::fs::read(d.join(name)).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "{name}");
    }
}

#[test]
fn bad_input_is_refused_in_one_line() {
    for (args, want) in [
        (&["nheap", "--conjectures", "x"][..], "--conjectures"),
        (
            &["nheap", "--conjectures", "3", "--slice", "2"],
            "--conjectures",
        ),
        (&["nheap", "1", "2", "--conjectures", "3"], "--conjectures"),
        (&["nheap", "--conjectures", "70000"], "65536"),
        (&["nheap", "--conjectures", "3", "--count", "0"], "--count"),
        (&["nheap", "--slice", "3", "--plots", "d"], "--plots"),
        (
            &["nheap", "--conjectures", "3", "--count", "1e19"],
            "--count",
        ),
        // a file that cannot be written is refused before the run
        (
            &["nheap", "--conjectures", "3", "-o", "/nonexistent/c.json"],
            "/nonexistent/c.json",
        ),
    ] {
        refused(args, &[want]);
    }
}
