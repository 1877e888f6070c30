//! The linear atoms of the decision procedure (crates/prove/src/linear.rs) against arithmetic:
//! Σ aᵢxᵢ + c = 0 and ≤ 0 for random coefficients, positive and negative, on every tuple of a
//! box, in Zeckendorf's numeration and Ostrowski's for a = 2, 3; every comparison of two terms as
//! the compiler builds it; the settling test against the sequence it decides; an atom explored
//! inside a product against the product of its built automaton; the statements with
//! coefficients that a researcher writes first, against the floor formula in integers; and the
//! expansion of predicates and the memory cap.

use rug::Integer;
use wythoff::cancel::Cancel;
use wythoff::prove::linear::{Linear, Sign, always_nonnegative, conjoin, linear};
use wythoff::prove::ops::combine;
use wythoff::prove::{self, Budget, Limits, Numeration, Vocabulary, decide};

/// A small deterministic generator (xorshift64*), so that every run checks the same cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// A value in lo..=hi.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

fn numerations() -> [Numeration; 3] {
    [
        Numeration::Zeckendorf,
        Numeration::Ostrowski(2),
        Numeration::Ostrowski(3),
    ]
}

/// Every tuple of `k` numbers below `side`.
fn tuples(k: usize, side: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..k {
        out = out
            .into_iter()
            .flat_map(|t| {
                (0..side).map(move |x| {
                    let mut t = t.clone();
                    t.push(x);
                    t
                })
            })
            .collect();
    }
    out
}

fn holds(coef: &[i64], c: i64, sign: Sign, xs: &[u64]) -> bool {
    let v: i128 = coef
        .iter()
        .zip(xs)
        .map(|(&a, &x)| i128::from(a) * i128::from(x))
        .sum::<i128>()
        + i128::from(c);
    match sign {
        Sign::Zero => v == 0,
        Sign::NonPositive => v <= 0,
    }
}

#[test]
fn linear_atoms_agree_with_arithmetic_on_every_tuple_of_a_box() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for n in numerations() {
        let cancel = Cancel::new();
        let b = Budget::for_numeration(n, prove::DEFAULT_MAX_STATES, &cancel);
        for round in 0..36 {
            let k = 1 + round % 3;
            // small coefficients mostly, some of a few hundred
            let size = if round % 6 == 5 && k < 3 { 300 } else { 9 };
            let coef: Vec<i64> = (0..k)
                .map(|_| {
                    loop {
                        let a = rng.range(-size, size);
                        if a != 0 {
                            break a;
                        }
                    }
                })
                .collect();
            let c = rng.range(-60, 60);
            let side = match (k, n) {
                (1, _) => 300,
                (2, _) => 50,
                _ => 16,
            };
            let terms: Vec<(u32, i64)> = coef
                .iter()
                .enumerate()
                .map(|(i, &a)| (i as u32, a))
                .collect();
            for sign in [Sign::Zero, Sign::NonPositive] {
                let a = linear(&terms, c, sign, &b).unwrap_or_else(|e| panic!("{coef:?} {c}: {e}"));
                for xs in tuples(k, side) {
                    assert_eq!(
                        a.accepts(&xs),
                        holds(&coef, c, sign, &xs),
                        "{n:?}: {coef:?}·{xs:?} + {c} {sign:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_comparison_of_two_terms_agrees_with_arithmetic() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for n in numerations() {
        let cancel = Cancel::new();
        let b = Budget::for_numeration(n, prove::DEFAULT_MAX_STATES, &cancel);
        let v = Vocabulary::for_numeration(n);
        for _ in 0..8 {
            // s = p·x + q·y + c, t = r·x + s·y + d, natural coefficients as the syntax has them
            let (p, q, r, s) = (
                rng.range(0, 7),
                rng.range(0, 7),
                rng.range(0, 7),
                rng.range(1, 7),
            );
            let (c, d) = (rng.range(0, 30), rng.range(0, 30));
            for (op, f) in [
                ("=", (|l: i64, r: i64| l == r) as fn(i64, i64) -> bool),
                ("!=", |l, r| l != r),
                ("<", |l, r| l < r),
                ("<=", |l, r| l <= r),
                (">", |l, r| l > r),
                (">=", |l, r| l >= r),
            ] {
                let text = format!("{p}*x + {q}*y + {c} {op} {r}*x + {s}*y + {d}")
                    .replace("0*x + ", "")
                    .replace("0*y + ", "");
                let a = prove::automaton(&text, &["x", "y"], &v, &b)
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                for x in 0..40u64 {
                    for y in 0..40u64 {
                        let (xi, yi) = (x as i64, y as i64);
                        let want = f(p * xi + q * yi + c, r * xi + s * yi + d);
                        assert_eq!(a.accepts(&[x, y]), want, "{n:?}: {text} at x={x} y={y}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_settling_test_decides_the_sequence_it_speaks_of() {
    let mut rng = Rng(42);
    for n in numerations() {
        let a = i128::from(n.parameter());
        for _ in 0..3000 {
            let (u, v, w) = (
                i128::from(rng.range(-1000, 1000)),
                i128::from(rng.range(-1000, 1000)),
                i128::from(rng.range(-1000, 1000)),
            );
            // the weights q₋₁, q₀, q₁, … of the numeration, from their definition
            let mut q = vec![
                if n == Numeration::Zeckendorf {
                    1i128
                } else {
                    0
                },
                1,
            ];
            while q.len() < 60 {
                let l = q.len();
                q.push(a * q[l - 1] + q[l - 2]);
            }
            let all = (0..58).all(|m| u * q[m + 1] + v * q[m] + w >= 0);
            assert_eq!(always_nonnegative(n, u, v, w), all, "{n:?}: {u} {v} {w}");
        }
    }
}

#[test]
fn an_atom_explored_inside_a_product_is_the_product_with_its_automaton() {
    let mut rng = Rng(7);
    for n in numerations() {
        let cancel = Cancel::new();
        let b = Budget::for_numeration(n, prove::DEFAULT_MAX_STATES, &cancel);
        let lower = prove::predicate("lower", &Vocabulary::for_numeration(n), &b).unwrap();
        for round in 0..24 {
            // tracks 0 and 1 are lower's (n, x); track 2 is new to the product
            let k = 2 + round % 2;
            let terms: Vec<(u32, i64)> = (0..k).map(|i| (i as u32, rng.range(-40, 40))).collect();
            let c = rng.range(-20, 20);
            for sign in [Sign::Zero, Sign::NonPositive] {
                let atom = Linear::new(&terms, c, sign, n).unwrap();
                let lazy = conjoin(&lower, &atom, &b).unwrap();
                let built = if atom.truth().is_some() {
                    continue;
                } else {
                    atom.build(&b).unwrap()
                };
                let product = combine(&lower, &built, |p, q| p && q, &b).unwrap();
                assert_eq!(lazy, product, "{n:?}: {terms:?} + {c} {sign:?}");
            }
        }
    }
}

fn floor_phi(n: u64) -> u64 {
    // ⌊nφ⌋ = ⌊(n + √(5n²))/2⌋, in integers
    let r = (Integer::from(5u32) * n * n).sqrt();
    ((r + n) / 2u32).to_u64().unwrap()
}

/// The least n (and x = ⌊nφ⌋) with p·x > q·n, by enumeration.
fn least_failure(p: u64, q: u64) -> Option<(u64, u64)> {
    (0..100_000u64)
        .map(|n| (n, floor_phi(n)))
        .find(|&(n, x)| p * x > q * n)
}

#[test]
fn statements_with_coefficients_decide_with_their_least_counterexample() {
    for (p, q) in [
        (8u64, 12u64),
        (13, 21),
        (55, 89),
        (144, 233),
        (1000, 1618),
        (1000, 1619),
    ] {
        let text = format!("A n,x lower(n,x) => {p}*x <= {q}*n");
        let v = decide(
            &text,
            &Vocabulary::default(),
            &Budget::with_limits(Numeration::Zeckendorf, &Limits::default(), Cancel::never()),
        )
        .unwrap_or_else(|e| panic!("{text}: {e}"));
        match least_failure(p, q) {
            None => {
                // true for n < 100000; q/p > φ makes it true for every n
                assert!(
                    q * q > p * q + p * p,
                    "{text}: the enumeration found no failure"
                );
                assert!(v.holds, "{text}");
            }
            Some((n, x)) => {
                assert!(!v.holds, "{text}");
                let cx = v.counterexample.expect("a counterexample");
                assert_eq!(cx[0].1, n, "{text}");
                assert_eq!(cx[1].1, x, "{text}");
            }
        }
    }
}

#[test]
fn predicates_expanded_or_kept_give_one_verdict() {
    // (statement, verdict, whether to decide it without expansion too: the first two take a
    // minute and more than a GiB that way, which is why the expansion exists)
    let statements = [
        (
            "A x,y,u,v (one(x,y) & move(x,y,u,v)) => ~one(u,v)",
            true,
            false,
        ),
        (
            "A x,y (~P(x,y) & ~one(x,y)) => E u,v move(x,y,u,v) & one(u,v)",
            true,
            false,
        ),
        (
            "A x,y,u,v (misereP(x,y) & move(x,y,u,v)) => ~misereP(u,v)",
            true,
            true,
        ),
        (
            "A x,y (~P(x,y)) => E u,v move(x,y,u,v) & P(u,v)",
            true,
            true,
        ),
        ("E x,y,u,v move(x,y,u,v) & P(x,y) & P(u,v)", false, true),
        (
            "A x,y (x + y > 0) => E u,v move(x,y,u,v) & one(u,v)",
            false,
            false,
        ),
        (
            "A x E u,v move(x,x+1,u,v) & misereP(u,v) & u + v < 3",
            false,
            true,
        ),
    ];
    for (text, want, both) in statements {
        let mut verdicts = Vec::new();
        for expand in [true, false] {
            if !expand && !both {
                continue;
            }
            let limits = Limits {
                expand,
                ..Limits::default()
            };
            let b = Budget::with_limits(Numeration::Zeckendorf, &limits, Cancel::never());
            let v =
                decide(text, &Vocabulary::default(), &b).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(v.holds, want, "{text} (expand: {expand})");
            if expand {
                assert!(
                    b.notes().iter().any(|n| n.starts_with("expanded move(")),
                    "{text}: {:?}",
                    b.notes()
                );
            }
            verdicts.push(v);
        }
        if both {
            assert_eq!(verdicts[0], verdicts[1], "{text}");
        }
    }
}

#[test]
fn the_memory_cap_refuses_instead_of_answering() {
    let limits = Limits {
        max_memory: 1 << 20,
        ..Limits::default()
    };
    let b = Budget::with_limits(Numeration::Zeckendorf, &limits, Cancel::never());
    let s = "A n,x lower(n,x) => 144*x <= 233*n";
    let e = decide(s, &Vocabulary::default(), &b).unwrap_err();
    assert_eq!(e.exit_code(), 1);
    assert!(e.to_string().contains("memory cap"), "{e}");
}
