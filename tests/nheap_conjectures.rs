//! `nheap --conjectures`: Fraenkel's two conjectures measured on the three- and four-heap
//! slices.  The figures of slices s ≤ 3 and of fixed heaps p ≤ q ≤ 2 against a backward
//! induction from the rules over a box (tests/common/naive.rs), ⌊nφ⌋ from Wythoff's pairs by
//! the mex recursion, and Sun's definition of a Wythoff's sequence checked on the tail with the
//! reported T; the four-heap report against the figures computed from `--slice P,Q --all`'s
//! lines, and its slices (0, q) against the three-heap slices q; the slices s ≤ 10 (proved by
//! Sun and Zeilberger) pass both statements; a failing range, the JSON file, the plots and the
//! refusals.

mod common;
use common::{NheapBox, check, json, mex_pairs_through, refused, run_ok, stdout, text, wythoff};
use std::collections::BTreeSet;
use wythoff::nheap::conjectures::{Figures, measure, measure_pairs};

/// The slices compared with the box, and the box's side.
const S: usize = 3;
const SIDE: usize = 260;

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

/// The figures `f` measured on a slice whose positions and small heaps the box gave: as
/// computed here by the definitions, and Sun's definition holds on the tail with the reported T.
fn agrees_with_the_box(f: &Figures, positions: &[(u64, u64)], small: &BTreeSet<u64>) {
    let (k, at) = (positions.len(), &f.fixed);
    let want = naive(positions, small);
    // the tail of (i) must lie well inside what the box decides
    assert!(want.i_from as usize + 10 < k, "{at:?}: box too small ({k})");
    assert_eq!(f.count, k as u64);
    assert_eq!(f.i_from, want.i_from, "{at:?}: (i)");
    assert_eq!(f.shift, want.shift, "{at:?}: shift");
    if let Some((p0, p1)) = f.i_last_violation {
        assert_eq!((p0.k + 1, p1.k), (f.i_from, f.i_from));
        assert_eq!((p1.a, p1.b), positions[p1.k as usize]);
    } else {
        assert_eq!(f.i_from, 0);
    }
    assert_eq!(f.ii_from, want.ii_from, "{at:?}: (ii)");
    assert_eq!(f.alpha_candidates, want.alphas, "{at:?}: alpha");
    let (lo, hi) = f.alpha_candidates;
    assert!(lo <= f.alpha && f.alpha <= hi);
    let t: BTreeSet<u64> = f.t.clone().unwrap().into_iter().collect();
    assert_eq!(t, want.t, "{at:?}: T");
    assert_eq!(f.t_size, t.len() as u64);
    assert_eq!(f.t_max, t.iter().max().copied());
    let (a, b) = positions[f.i_from as usize];
    assert_eq!(f.n0, (b - a) as i64 - 1);
    suns_definition_holds(positions, f.i_from as usize, &t);
}

#[test]
fn small_slices_agree_with_the_rules() {
    let p = NheapBox::new(3, S, SIDE);
    for s in 0..=S {
        let (positions, small) = p.slice(&[s]);
        let report = measure(s as u64, positions.len() as u64).unwrap();
        agrees_with_the_box(&report.slices[s], &positions, &small);
    }
}

/// The four-heap slices compared with the box (fixed heaps p ≤ q ≤ LOW4), and its side.
const LOW4: usize = 2;
const SIDE4: usize = 160;

#[test]
fn small_four_heap_slices_agree_with_the_rules() {
    let b = NheapBox::new(4, LOW4, SIDE4);
    for q in 0..=LOW4 {
        for p in 0..=q {
            let (positions, small) = b.slice(&[p, q]);
            // the fixed heaps in either order
            let (x, y) = if q % 2 == 0 { (p, q) } else { (q, p) };
            let report = measure_pairs(x as u64, y as u64, positions.len() as u64).unwrap();
            let f = report.slices.last().unwrap();
            assert_eq!(f.fixed, [p as u64, q as u64]);
            agrees_with_the_box(f, &positions, &small);
        }
    }
}

/// A zero heap changes nothing: the four-heap slice (0, q) is the three-heap slice q, and so
/// are its figures (from rows the engine computes apart).
#[test]
fn the_four_heap_slices_of_a_zero_heap_are_the_three_heap_slices() {
    let (three, four) = (
        measure(6, 3000).unwrap(),
        measure_pairs(0, 6, 3000).unwrap(),
    );
    let zero: Vec<&Figures> = four.slices.iter().filter(|f| f.fixed[0] == 0).collect();
    assert_eq!(zero.len(), 7);
    for (f3, f4) in three.slices.iter().zip(zero) {
        assert_eq!(f4.fixed, [0, f3.fixed[0]]);
        let same = Figures {
            fixed: f3.fixed.clone(),
            ..f4.clone()
        };
        assert_eq!(&same, f3);
    }
}

/// The report of `--conjectures 3,3 --count K` against the figures computed here from the
/// `p q n A B` lines of `--slice 3,3 --all --count K` (the same slices): the thresholds, α, ε,
/// T below the last A listed (every number there that is no heap of the tail), and each check's
/// status from its definition (ok when the threshold is at most ⌊K/2⌋).
#[test]
fn the_four_heap_report_is_the_listing_measured() {
    for k in [60usize, 400] {
        let count = k.to_string();
        let listing = stdout(&run_ok(&[
            "nheap", "--slice", "3,3", "--all", "--count", &count,
        ]));
        let mut slices: std::collections::BTreeMap<(u64, u64), Vec<(u64, u64)>> =
            Default::default();
        for line in listing.lines() {
            let v: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
            let positions = slices.entry((v[0], v[1])).or_default();
            assert_eq!(v[2], positions.len() as u64, "{line}");
            positions.push((v[3], v[4]));
        }
        assert_eq!(slices.len(), 10);
        let o = wythoff(&["nheap", "--conjectures", "3,3", "--count", &count, "--json"]);
        let r = json(&o);
        assert_eq!(
            (r["version"].as_u64(), r["count"].as_str()),
            (Some(1), Some(&count[..]))
        );
        assert_eq!(r["fixed"], serde_json::json!(["3", "3"]));
        assert!(
            r["note"]
                .as_str()
                .unwrap()
                .contains("evidence on this range only")
        );
        let mut failed = false;
        let reported = r["slices"].as_array().unwrap();
        assert_eq!(reported.len(), 10);
        for f in reported {
            let fixed: Vec<u64> = (f["fixed"].as_array().unwrap().iter())
                .map(|v| v.as_str().unwrap().parse().unwrap())
                .collect();
            let positions = &slices[&(fixed[0], fixed[1])];
            assert_eq!(positions.len(), k);
            let want = naive(positions, &BTreeSet::new());
            let name = format!("slice {},{}", fixed[0], fixed[1]);
            let num = |key: &str| f[key].as_str().unwrap().parse::<u64>().unwrap();
            assert_eq!(num("i_from"), want.i_from, "{name}");
            assert_eq!(num("ii_from"), want.ii_from, "{name}");
            assert_eq!(f["shift"], want.shift, "{name}");
            let (lo, hi) = (want.alphas.1 - 1, want.alphas.0 + 1);
            let alpha = (lo + hi).div_euclid(2);
            assert_eq!(f["alpha"], alpha, "{name}");
            assert_eq!(
                (f["epsilon_min"].as_i64(), f["epsilon_max"].as_i64()),
                (Some(lo - alpha), Some(hi - alpha)),
                "{name}"
            );
            // T below the last A: the numbers that are no heap of the tail
            let last = positions[k - 1].0;
            let tail: BTreeSet<u64> = (positions[want.i_from as usize..].iter())
                .flat_map(|&(a, b)| [a, b])
                .collect();
            let below: Vec<u64> = (0..last).filter(|x| !tail.contains(x)).collect();
            let t: Vec<u64> = (f["t"].as_array().unwrap().iter())
                .map(|v| v.as_str().unwrap().parse().unwrap())
                .collect();
            assert_eq!(t.iter().filter(|&&x| x < last).count(), below.len());
            assert!(
                t.iter().filter(|&&x| x < last).eq(below.iter()),
                "{name}: T"
            );
            if k == 400 {
                assert!(t.iter().all(|&x| x < last), "{name}: T past the range");
            }
            for (claim, from) in [("(i)", want.i_from), ("(ii)", want.ii_from)] {
                let c = check(&r, &format!("{name}: {claim}"));
                let ok = from <= (k / 2) as u64;
                failed |= !ok;
                assert_eq!(c["status"], if ok { "ok" } else { "FAIL" }, "{c}");
                // only the slices (0, q) are proved: they are the three-heap slices q
                let words = if fixed[0] == 0 {
                    format!(
                        "the three-heap slice {} (a zero heap takes no part in any move), which \
                         Sun and Zeilberger prove",
                        fixed[1]
                    )
                } else {
                    "open for this slice, as for every four-heap slice of two nonzero fixed heaps"
                        .into()
                };
                assert!(c["covers"].as_str().unwrap().contains(&words), "{c}");
            }
        }
        assert_eq!(r["verdict"], if failed { "FAIL" } else { "ok" });
        assert_eq!(
            o.status.code(),
            Some(if failed { 1 } else { 0 }),
            "{}",
            text(&o)
        );
        // K = 60 is too short for some slices: (0, 3) settles at n = 47
        assert_eq!(failed, k == 60);
    }
}

#[test]
fn the_proved_slices_pass_both_statements() {
    let out = run_ok(&["nheap", "--conjectures", "10", "--count", "2000", "--json"]);
    // every JSON object opens with its shape's version (doc/guide.md)
    assert!(
        stdout(&out).starts_with("{\"version\":1,\"verdict\":"),
        "{}",
        stdout(&out)
    );
    let r = json(&out);
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
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with(
            "FAIL: (i) did not hold on the second half of the range of 1 slice and held on the \
             other 11; "
        ),
        "{last}"
    );
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

/// The closing line says of each statement what its checks found, never claiming one that was
/// not checked: with fewer than 3 positions a slice's second half holds no pair, so (i) was
/// checked nowhere and only (ii) is said to hold.
#[test]
fn the_closing_line_claims_only_the_statements_checked() {
    let skipped = "(i) was not checked (fewer than 3 positions: no pair in the second half)";
    for args in [
        &["nheap", "--conjectures", "2", "--count", "1"][..],
        &["nheap", "--conjectures", "2", "--count", "2"],
        &["nheap", "--conjectures", "1,1", "--count", "1"],
    ] {
        let out = stdout(&run_ok(args));
        assert_eq!(
            out.lines().last().unwrap(),
            format!("ok: {skipped}; (ii) held on the second half of every slice's range"),
            "{args:?}"
        );
        assert!(out.contains("ok      3 of 6 checks"), "{out}");
        assert!(out.contains("(3 skipped)"), "{out}");
        assert!(!out.contains("both statements"), "{out}");
    }
    let out = stdout(&run_ok(&["nheap", "--conjectures", "2", "--count", "300"]));
    assert_eq!(
        out.lines().last().unwrap(),
        "ok: (i) held on the second half of every slice's range; (ii) held on the second half \
         of every slice's range"
    );
    assert!(!out.contains("skipped"), "{out}");
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
    run_ok(&[
        "nheap",
        "--conjectures",
        "2,3",
        "--count",
        "500",
        "--plots",
        common::s(&d),
    ]);
    for name in wythoff::nheap::conjectures::PLOTS_FOUR {
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
        (&["nheap", "--conjectures", "70000"], "up to 1023"),
        (&["nheap", "--conjectures", "1024"], "up to 1023"),
        (&["nheap", "--conjectures", "1,2,3"], "--conjectures"),
        (&["nheap", "--conjectures", "300,2"], "255"),
        (&["nheap", "--conjectures", "2,x"], "--conjectures"),
        (&["nheap", "--conjectures", "3", "--count", "0"], "--count"),
        (&["nheap", "--slice", "3", "--plots", "d"], "--plots"),
        // a checkpoint after every column would be slower than the work
        (
            &[
                "nheap",
                "--slice",
                "3",
                "-o",
                "x",
                "--checkpoint-every",
                "0",
            ],
            "--checkpoint-every",
        ),
        (
            &["nheap", "--slice", "3", "--checkpoint-every", "5"],
            "--output",
        ),
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
