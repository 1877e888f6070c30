//! The decision procedure (src/prove) against brute force: each automaton operation on every
//! tuple below a bound, each predicate against a computation from the rules on a prefix, each
//! theorem by enumeration on a box, and the statements' syntax and verdicts.

mod common;

use common::naive_rows;
use rug::Integer;
use wythoff::cancel::Cancel;
use wythoff::prove::{self, Budget, Dfa, Vocabulary, decide};

fn budget() -> Budget<'static> {
    Budget::new(prove::DEFAULT_MAX_STATES, Cancel::never())
}

fn set(text: &str, free: &[&str]) -> Dfa {
    let v = Vocabulary::default();
    prove::automaton(text, free, &v, &budget()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn verdict(text: &str) -> (bool, Option<Vec<(String, u64)>>) {
    let v =
        decide(text, &Vocabulary::default(), &budget()).unwrap_or_else(|e| panic!("{text}: {e}"));
    let cx = v.counterexample.map(|c| {
        c.into_iter()
            .map(|(n, x)| (n, x.to_u64().expect("small")))
            .collect()
    });
    (v.holds, cx)
}

/// Checks a 2-track set against a predicate on the box [0, n)².
fn check2(text: &str, n: u64, want: impl Fn(u64, u64) -> bool) {
    let a = set(text, &["x", "y"]);
    for x in 0..n {
        for y in 0..n {
            assert_eq!(a.accepts(&[x, y]), want(x, y), "{text} at x={x} y={y}");
        }
    }
}

#[test]
fn addition_and_linear_equations_agree_with_arithmetic_on_every_small_tuple() {
    let a = set("x + y = z", &["x", "y", "z"]);
    for x in 0..40 {
        for y in 0..40 {
            for z in 0..90 {
                assert_eq!(a.accepts(&[x, y, z]), x + y == z, "{x}+{y}={z}");
            }
        }
    }
    check2("2*x + 3 = y", 80, |x, y| 2 * x + 3 == y);
    check2("3*x = 2*y + 1", 80, |x, y| 3 * x == 2 * y + 1);
    check2("x + x + 7 = y + 2", 80, |x, y| 2 * x + 5 == y);
    check2("x = 13", 40, |x, _| x == 13);
    check2("x + 1000 = y + 999", 50, |x, y| x + 1 == y);
    // coefficients above 4 go through a track w = k·x built by Horner's rule
    check2("37*x + 5 = y", 60, |x, y| 37 * x + 5 == y);
    check2("6*x = 5*y + 1", 60, |x, y| 6 * x == 5 * y + 1);
    check2("x + 100*y = 100*x + y", 40, |x, y| x == y);
}

#[test]
fn comparisons_and_connectives_agree_with_arithmetic() {
    check2("x < y", 90, |x, y| x < y);
    check2("x <= y", 60, |x, y| x <= y);
    check2("x > y + 2", 60, |x, y| x > y + 2);
    check2("x >= 2*y", 60, |x, y| x >= 2 * y);
    check2("x != y", 60, |x, y| x != y);
    check2("~x < y", 60, |x, y| x >= y);
    check2("x < y & y < 10 | x = 30", 60, |x, y| {
        (x < y && y < 10) || x == 30
    });
    check2("x < y => y < 10", 60, |x, y| x >= y || y < 10);
    check2("x < 5 <=> y < 7", 60, |x, y| (x < 5) == (y < 7));
    check2("~(x < 5 & y < 7)", 60, |x, y| !(x < 5 && y < 7));
}

#[test]
fn projection_finds_witnesses_with_more_digits_than_the_free_variables() {
    // E z x + z = y is x <= y; E z z = x + y + 1 needs a longer z than x and y
    check2("E z x + z = y", 70, |x, y| x <= y);
    check2("E z z = x + y + 1 & z > x", 70, |x, y| x + y + 1 > x);
    check2("E z 2*z = x + y", 60, |x, y| (x + y) % 2 == 0);
    check2("A z z < x => z < y", 60, |x, y| x <= y);
    // the leading-zero closure: the witness y = x + 1 of x = 2, 7, 20, … is one digit longer
    assert_eq!(verdict("A x E y y = x + 1"), (true, None));
    assert!(!verdict("A x E y x = y + 1").0);
    assert!(!verdict("E x x + x = 7").0);
    assert!(verdict("E x x + x = 8").0);
}

#[test]
fn counterexamples_are_the_least_tuples_first_variable_most_significant() {
    assert_eq!(
        verdict("A x,y x+y != 7"),
        (false, Some(vec![("x".into(), 0), ("y".into(), 7)]))
    );
    assert_eq!(
        verdict("A x,y (x > 3 & y > x) => x + y != 15"),
        (false, Some(vec![("x".into(), 4), ("y".into(), 11)]))
    );
    // a variable the failing part does not mention takes 0
    assert_eq!(
        verdict("A x,y x < 20"),
        (false, Some(vec![("x".into(), 20), ("y".into(), 0)]))
    );
    assert_eq!(verdict("E x x > 3"), (true, None));
    assert_eq!(verdict("~A x x > 3"), (true, None));
    // the least x needs a witness of more digits than x itself; then y is fixed, and z
    assert_eq!(
        verdict("A x,y,z (y = x + 1000 & z = 2*y) => x + z < 2000"),
        (
            false,
            Some(vec![
                ("x".into(), 0),
                ("y".into(), 1000),
                ("z".into(), 2000)
            ])
        )
    );
    assert_eq!(
        verdict("A x,y x > 0 => y != 3*x + 500"),
        (false, Some(vec![("x".into(), 1), ("y".into(), 503)]))
    );
}

#[test]
fn the_statement_of_misere_p_one_and_coefficients_gets_walnuts_least_counterexample() {
    // Walnut 6 decides it FALSE; its least counterexample is x=9 y=15 u=12 v=21
    let (holds, cx) = verdict("A x,y,u,v (misereP(x,y) & one(u,v)) => 5*u + 3*v != 2*x + 7*y");
    assert!(!holds);
    let cx = cx.expect("a counterexample");
    let values: Vec<u64> = cx.iter().map(|(_, x)| *x).collect();
    assert_eq!(values, [9, 15, 12, 21]);
    // checked from the rules: (9, 15) is a P-position of misère Wythoff (as of normal play,
    // x + y > 3), G(12, 21) = 1 by the naive mex, and 5·12 + 3·21 = 2·9 + 7·15 = 123
    let g = naive_rows(22, 22, 1);
    assert_eq!(g[12][21], 1);
    assert_eq!(g[9][15], 0);
}

/// The Zeckendorf words of length ≤ `len` (all valid words, leading zeros included).
fn words(len: usize) -> Vec<Vec<u8>> {
    let mut all = vec![vec![]];
    let mut out = vec![vec![]];
    for _ in 0..len {
        let mut next = Vec::new();
        for w in &all {
            for d in 0..2u8 {
                if d == 1 && w.last() == Some(&1) {
                    continue;
                }
                let mut v = w.clone();
                v.push(d);
                next.push(v);
            }
        }
        out.extend(next.iter().cloned());
        all = next;
    }
    out
}

#[test]
fn minimization_keeps_the_language_and_reaches_the_nerode_count() {
    // random partial automata over one track, minimized, against the words up to length 12
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rand = move |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    for _ in 0..200 {
        let n = 1 + rand(12) as usize;
        let delta: Vec<u32> = (0..2 * n)
            .map(|_| {
                if rand(5) == 0 {
                    u32::MAX
                } else {
                    rand(n as u64) as u32
                }
            })
            .collect();
        let accept: Vec<bool> = (0..n).map(|_| rand(3) == 0).collect();
        let raw = Dfa::from_table(vec![0], delta, accept).unwrap();
        let min = prove::minimize::minimize(&raw);
        for w in &words(12) {
            let letters: Vec<usize> = w.iter().map(|&d| usize::from(d)).collect();
            assert_eq!(raw.accepts_word(&letters), min.accepts_word(&letters));
        }
        // the Nerode classes of the raw automaton: its reachable states that accept something,
        // told apart by every continuation of up to n letters (enough for n states)
        let continuations: Vec<Vec<usize>> = (0..=n)
            .flat_map(|l| (0..1usize << l).map(move |b| (0..l).map(|i| (b >> i) & 1).collect()))
            .collect();
        let mut reach = vec![0u32];
        let mut i = 0;
        while i < reach.len() {
            for l in 0..2 {
                let t = raw.next(reach[i], l);
                if t != u32::MAX && !reach.contains(&t) {
                    reach.push(t);
                }
            }
            i += 1;
        }
        let mut classes = std::collections::BTreeSet::new();
        for &s in &reach {
            let sig: Vec<bool> = continuations
                .iter()
                .map(|c| raw.run_from(s, c).is_some_and(|t| raw.is_accepting(t)))
                .collect();
            if sig.iter().any(|&b| b) {
                classes.insert(sig);
            }
        }
        assert_eq!(min.states(), classes.len().max(1), "{raw:?}");
    }
}

#[test]
fn the_adder_is_small() {
    // the adder x + y = z: the minimal automaton is small
    let adder = set("x + y = z", &["x", "y", "z"]);
    assert!(adder.states() <= 20, "{}", adder.states());
}

#[test]
fn the_state_cap_refuses_instead_of_answering() {
    let cancel = Cancel::new();
    let tiny = Budget::new(5, &cancel);
    let e = decide("A x,y P(x,y) => x + y != 4", &Vocabulary::default(), &tiny).unwrap_err();
    assert_eq!(e.exit_code(), 1);
    assert!(e.to_string().contains("state cap"), "{e}");
    cancel.cancel();
    let b = Budget::new(1000, &cancel);
    assert!(matches!(
        decide("A x,y,z x + y = z => z >= x", &Vocabulary::default(), &b),
        Err(wythoff::Error::Cancelled)
    ));
}

#[test]
fn a_theorem_stops_when_its_context_is_cancelled() {
    let cancel = Cancel::new();
    cancel.cancel();
    let ctx = wythoff::Context::serial().with_cancel(&cancel);
    let t = &prove::theorems(1)[0];
    assert!(matches!(
        prove::prove_theorem(t, &Vocabulary::default(), &prove::Limits::default(), &ctx),
        Err(wythoff::Error::Cancelled)
    ));
}

#[test]
fn syntax_errors_unknown_predicates_arity_and_free_variables_are_usage_errors() {
    let v = Vocabulary::default();
    let b = budget();
    let deep = format!("{}true{}", "(".repeat(150), ")".repeat(150));
    let negations = format!("{}true", "~".repeat(500));
    let long = format!("{}true", "true & ".repeat(600));
    for (text, want) in [
        (
            "A x x <",
            "character 8: expected a variable or a number, found the end",
        ),
        ("A x Q(x)", "unknown predicate 'Q'"),
        ("A x P(x)", "takes 2 arguments, not 1"),
        ("A x x < y", "the variable 'y' is free"),
        ("A x (x < 1", "expected ')'"),
        ("A x x # 1", "unexpected character '#'"),
        ("A x 0*x = 1", "coefficient"),
        ("x = x", "the variable 'x' is free"),
        ("", "expected a formula"),
        (
            "A x,y,x x = y",
            "the variable 'x' is quantified twice in one block",
        ),
        (
            "A x lower x",
            "'lower' is a predicate: write its arguments in parentheses",
        ),
        ("Ax x = 1", "a quantifier is written with a space: A x"),
        ("A x x = 1\u{0}", "unexpected character '\\u{0}'"),
        (deep.as_str(), "nests deeper than 100 levels"),
        (negations.as_str(), "nests deeper than 100 levels"),
        (long.as_str(), "at most 1000 are accepted"),
    ] {
        let e = decide(text, &v, &b).unwrap_err();
        assert_eq!(e.exit_code(), 2, "{text}");
        let msg = e.to_string();
        assert!(msg.contains(want), "{text}: {msg}");
        assert!(!msg.contains('\n'));
    }
}

#[test]
fn precedence_follows_walnut() {
    // ~ binds tightest; & and | one level, left to right; then =>, then <=>
    assert!(!verdict("~false & false").0);
    assert!(!verdict("true | false & false").0); // (true | false) & false
    assert!(verdict("false & false | true").0);
    assert!(verdict("false => false <=> true").0);
    assert!(verdict("true <=> false => false").0);
    // the quantifier's scope runs to the end: A x (x = 0 => ~x > 0)
    assert!(verdict("A x x = 0 => ~x > 0").0);
    assert!(verdict("(A x x = 0) => false").0);
    assert!(verdict("A x,y one(x,y) => ~P(x,y)").0);
}

/// Exact ⌊nφ⌋ by integers: the largest x with x² ≤ ... via ⌊nφ⌋ = ⌊(n + √(5n²))/2⌋.
fn floor_phi(n: u64) -> u64 {
    let s = Integer::from(5u64 * n * n).sqrt();
    ((Integer::from(n) + s) / 2u32).to_u64().expect("small")
}

#[test]
fn the_predicates_agree_with_the_rules_on_a_prefix() {
    let side = 160usize;
    let g = naive_rows(side, side, 1);
    let p = common::p_board(side, 1, false);
    let m = common::p_board(side, 1, true);
    let pa = set("P(x,y)", &["x", "y"]);
    let one = set("one(x,y)", &["x", "y"]);
    let mis = set("misereP(x,y)", &["x", "y"]);
    for x in 0..side {
        for y in 0..side {
            let (xu, yu) = (x as u64, y as u64);
            assert_eq!(pa.accepts(&[xu, yu]), g[x][y] == 0, "P({x},{y})");
            assert_eq!(pa.accepts(&[xu, yu]), p[x][y], "P({x},{y})");
            assert_eq!(one.accepts(&[xu, yu]), g[x][y] == 1, "one({x},{y})");
            assert_eq!(mis.accepts(&[xu, yu]), m[x][y], "misereP({x},{y})");
        }
    }
    let lower = set("lower(n,x)", &["n", "x"]);
    let upper = set("upper(n,y)", &["n", "y"]);
    for n in 0..300u64 {
        for x in 0..800u64 {
            assert_eq!(lower.accepts(&[n, x]), x == floor_phi(n), "lower({n},{x})");
            assert_eq!(
                upper.accepts(&[n, x]),
                x == floor_phi(n) + n,
                "upper({n},{x})"
            );
        }
    }
    let fib = set("fib(n)", &["n"]);
    let fibs = [
        1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987,
    ];
    for n in 0..1000u64 {
        assert_eq!(fib.accepts(&[n]), fibs.contains(&n), "fib({n})");
    }
    // Hofstadter's G by its recursion G(0) = 0, G(n) = n − G(G(n − 1))
    let mut hof = vec![0u64; 400];
    for n in 1..400 {
        hof[n] = n as u64 - hof[hof[n - 1] as usize];
    }
    let hg = set("hofG(n,g)", &["n", "g"]);
    for n in 0..400u64 {
        for g in 0..300u64 {
            assert_eq!(hg.accepts(&[n, g]), g == hof[n as usize], "hofG({n},{g})");
        }
    }
    let mv = set("move(x,y,u,v)", &["x", "y", "u", "v"]);
    let n = 14u64;
    for x in 0..n {
        for y in 0..n {
            let opts = common::options(1, x as usize, y as usize);
            for u in 0..n {
                for v in 0..n {
                    let legal = opts.contains(&(u as usize, v as usize));
                    assert_eq!(mv.accepts(&[x, y, u, v]), legal, "move({x},{y},{u},{v})");
                }
            }
        }
    }
}

#[test]
fn every_named_theorem_gets_its_recorded_verdict() {
    for t in prove::THEOREMS {
        for &(what, sentence, holds) in t.sentences {
            let start = std::time::Instant::now();
            let b = budget();
            let v = decide(sentence, &Vocabulary::default(), &b).unwrap();
            eprintln!(
                "{} / {what}: {} in {:?} (largest {} built, {} minimal)",
                t.name,
                v.holds,
                start.elapsed(),
                b.largest_built(),
                b.largest_minimal()
            );
            assert_eq!(v.holds, holds, "{}: {sentence}", t.name);
        }
    }
}

#[test]
fn a_perturbed_one_value_table_makes_one_values_false_where_a_plain_mex_disagrees() {
    use wythoff::gvalues::automaton::TABLE;
    let side = 120usize;
    let g = naive_rows(side, side, 1);
    let t = prove::theorem("one-values").unwrap();
    // state 1 is reached by d = 1 alone among small d: x_1 = ⌊φ⌋ + e moves from 0 to 0 + 3
    for (state, output) in [(1usize, 2i8), (3, 4), (7, -1)] {
        let mut table = TABLE.to_vec();
        assert_ne!(table[state].0, output);
        table[state].0 = output;
        let v = Vocabulary::with_one_table(table);
        let reports = prove::prove_theorem(
            t,
            &v,
            &prove::Limits::default(),
            &wythoff::Context::serial(),
        )
        .unwrap();
        let failed: Vec<_> = reports.iter().filter(|r| !r.verdict.holds).collect();
        assert!(!failed.is_empty(), "state {state}: every sentence held");
        let one = prove::automaton("one(x,y)", &["x", "y"], &v, &budget()).unwrap();
        let perturbed = |x: usize, y: usize| one.accepts(&[x as u64, y as u64]);
        for r in failed {
            let c: Vec<usize> = r
                .verdict
                .counterexample
                .as_ref()
                .expect("a counterexample")
                .iter()
                .map(|(_, x)| x.to_usize().expect("small"))
                .collect();
            // the cells the counterexample names, and the options of its first cell
            let (x, y) = (c[0], c[1]);
            assert!(x < side && y < side, "{c:?}");
            let mut cells = vec![(x, y)];
            cells.extend(common::options(1, x, y));
            if c.len() == 3 {
                cells.push(if r.sentence.contains("~one(u,y)") {
                    (c[2], y)
                } else {
                    (x, c[2])
                });
            }
            if c.len() == 4 {
                cells.push((c[2], c[3]));
            }
            assert!(
                cells
                    .iter()
                    .any(|&(u, w)| perturbed(u, w) != (g[u][w] == 1)),
                "state {state}, {}: counterexample {c:?} shows no cell where the sets differ",
                r.what
            );
        }
    }
}

#[test]
fn false_statements_about_the_game_are_false() {
    // a row alone does not absorb; (1,2) is not a 1-value; the diagonal is not independent
    assert_eq!(
        verdict("A x,y ~P(x,y) => E u u < x & P(u,y)"),
        (false, Some(vec![("x".into(), 0), ("y".into(), 1)]))
    );
    assert!(!verdict("one(1,2)").0);
    assert!(verdict("one(0,1) & one(2,2) & P(3,5) & ~P(3,6)").0);
    assert_eq!(
        verdict("A x,y,u,v (u < x & u + y = v + x & one(x,y)) => ~P(u,v)"),
        (
            false,
            Some(vec![
                ("x".into(), 2),
                ("y".into(), 2),
                ("u".into(), 0),
                ("v".into(), 0)
            ])
        )
    );
    assert!(verdict("A n,x lower(n,x) => x >= n").0);
    assert!(!verdict("A n,x lower(n,x) => x > n").0);
}

/// A budget and vocabulary for the generalized game with parameter a.
fn for_a(a: u64) -> (Budget<'static>, Vocabulary) {
    let n = prove::Numeration::for_parameter(a).unwrap();
    (
        Budget::for_numeration(n, prove::DEFAULT_MAX_STATES, Cancel::never()),
        Vocabulary::for_numeration(n),
    )
}

#[test]
fn ostrowski_arithmetic_agrees_with_arithmetic_for_a_from_2_to_4() {
    for a in 2..=4u64 {
        let (b, v) = for_a(a);
        let add = prove::automaton("x + y = z", &["x", "y", "z"], &v, &b).unwrap();
        let lt = prove::automaton("x < y", &["x", "y"], &v, &b).unwrap();
        let lin = prove::automaton("2*x + 3 = y", &["x", "y"], &v, &b).unwrap();
        let ex = prove::automaton("E z x + z = y + 1", &["x", "y"], &v, &b).unwrap();
        for x in 0..30u64 {
            for y in 0..30u64 {
                assert_eq!(lt.accepts(&[x, y]), x < y, "a={a}: {x} < {y}");
                assert_eq!(lin.accepts(&[x, y]), 2 * x + 3 == y, "a={a}: 2*{x}+3={y}");
                assert_eq!(ex.accepts(&[x, y]), x <= y + 1, "a={a}: E z {x}+z={y}+1");
                for z in 0..62u64 {
                    assert_eq!(add.accepts(&[x, y, z]), x + y == z, "a={a}: {x}+{y}={z}");
                }
            }
        }
        assert!(decide("A x E y y = x + 1", &v, &b).unwrap().holds);
        let cx = decide("A x,y x + y != 7", &v, &b)
            .unwrap()
            .counterexample
            .unwrap();
        assert_eq!(cx[1].1, 7, "a={a}");
    }
}

#[test]
fn the_generalized_games_predicates_agree_with_the_rules() {
    for a in 2..=4u64 {
        let (b, v) = for_a(a);
        let side = 90usize;
        let p = common::p_board(side, a as usize, false);
        let pa = prove::automaton("P(x,y)", &["x", "y"], &v, &b).unwrap();
        for (x, row) in p.iter().enumerate() {
            for (y, &is_p) in row.iter().enumerate() {
                assert_eq!(pa.accepts(&[x as u64, y as u64]), is_p, "a={a}: P({x},{y})");
            }
        }
        // A_n by the mex recursion, B_n = A_n + a·n
        let pairs = common::mex_pairs_through(a, false, 60);
        let lower = prove::automaton("lower(n,x)", &["n", "x"], &v, &b).unwrap();
        let upper = prove::automaton("upper(n,y)", &["n", "y"], &v, &b).unwrap();
        for (n, &(an, bn)) in pairs.iter().enumerate() {
            for x in 0..400u64 {
                assert_eq!(
                    lower.accepts(&[n as u64, x]),
                    x == an,
                    "a={a}: lower({n},{x})"
                );
                assert_eq!(
                    upper.accepts(&[n as u64, x]),
                    x == bn,
                    "a={a}: upper({n},{x})"
                );
            }
        }
        let mv = prove::automaton("move(x,y,u,v)", &["x", "y", "u", "v"], &v, &b).unwrap();
        for x in 0..9u64 {
            for y in 0..9u64 {
                let opts = common::options(a as usize, x as usize, y as usize);
                for u in 0..9u64 {
                    for w in 0..9u64 {
                        let legal = opts.contains(&(u as usize, w as usize));
                        assert_eq!(mv.accepts(&[x, y, u, w]), legal, "a={a}: move");
                    }
                }
            }
        }
        let e = decide("A x one(x,x)", &v, &b).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("a = 1) only"), "{e}");
    }
}

#[test]
fn zero_values_is_proved_for_a_2_and_3() {
    for a in 2..=3u32 {
        let (_, v) = for_a(u64::from(a));
        for t in prove::theorems(a) {
            let reports = prove::prove_theorem(
                t,
                &v,
                &prove::Limits::default(),
                &wythoff::Context::serial(),
            )
            .unwrap();
            for r in reports {
                assert!(r.verdict.holds, "a={a}, {}: {}", t.name, r.sentence);
            }
        }
    }
}

/// "k ↦ e at d = F_k + m is eventually periodic with period p": F_{k+p} is F_k followed by p
/// zeros, a chain of p shifts; e = x − l with one(x, x+d) and lower(d, l).
fn fibonacci_period(p: usize, m: i64) -> String {
    let mut chain = "shift(f,s1)".to_string();
    for i in 2..p {
        chain += &format!(" & shift(s{},s{i})", i - 1);
    }
    chain += &format!(" & shift(s{},g)", p - 1);
    let vars: Vec<String> = (1..p).map(|i| format!("s{i}")).collect();
    let near = if m >= 0 {
        format!("d = f + {m} & e = g + {m}")
    } else {
        format!("d + {} = f & e + {} = g", -m, -m)
    };
    format!(
        "E n A f,g,d,e,x,l,y,h (fib(f) & f > n & (E {} {chain}) & {near} & one(x,x+d) & \
         lower(d,l) & one(y,y+e) & lower(e,h)) => x + h = y + l",
        vars.join(",")
    )
}

#[test]
fn the_one_values_near_fibonacci_numbers_have_period_18_or_9() {
    // doc/gvalues.md: period 18 (not 9) for m >= -1, period 9 for m <= -2
    assert!(verdict(&fibonacci_period(18, 0)).0);
    assert!(!verdict(&fibonacci_period(9, 0)).0);
    assert!(verdict(&fibonacci_period(9, -2)).0);
}
