//! The three strategies side by side: n-th pair, outcome of a position, and all winning moves,
//! at magnitudes 10^2 … 10^10000 and a ∈ {1, 2, 10, 1000}.  The recursive strategy is O(n) and is
//! only measured where it finishes (up to 10^6).
//!
//! `cargo bench --bench strategies` (add a filter such as `nth/a=1` to run a part).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rug::Integer;
use std::hint::black_box;
use std::time::Duration;
use wythoff::{Rules, Solver, Strategy};

const EXPONENTS: [u32; 6] = [2, 9, 18, 100, 1000, 10000];
const PARAMS: [u64; 4] = [1, 2, 10, 1000];

fn magnitude(e: u32) -> Integer {
    // a fixed "generic" number of e + 1 digits: 10^e + a pseudo-random tail
    let ten = Integer::from(Integer::u_pow_u(10, e));
    let tail = Integer::from(Integer::u_pow_u(7, (e as f64 * 1.18) as u32));
    ten.clone() + tail % ten
}

fn strategies(e: u32) -> Vec<Strategy> {
    if e <= 6 {
        Strategy::ALL.to_vec()
    } else {
        vec![Strategy::Algebraic, Strategy::Arithmetic]
    }
}

fn bench(c: &mut Criterion) {
    for op in ["nth", "outcome", "moves"] {
        let mut g = c.benchmark_group(op);
        g.sample_size(10)
            .warm_up_time(Duration::from_millis(200))
            .measurement_time(Duration::from_secs(1));
        for a in PARAMS {
            let rules = Rules::new(a, false).unwrap();
            for e in EXPONENTS {
                let x = magnitude(e);
                let y = Integer::from(&x * 3u32) / 2u32;
                for s in strategies(e) {
                    let solver = Solver::new(rules, s);
                    let id = BenchmarkId::new(format!("a={a}/{s}"), format!("10^{e}"));
                    g.bench_with_input(id, &(), |b, _| match op {
                        "nth" => b.iter(|| solver.nth(black_box(&x)).unwrap()),
                        "outcome" => {
                            b.iter(|| solver.outcome(black_box(&x), black_box(&y)).unwrap())
                        }
                        _ => b.iter(|| solver.winning_moves(black_box(&x), black_box(&y)).unwrap()),
                    });
                }
            }
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
