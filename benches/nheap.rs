//! The slice engine of N-heap Wythoff (crates/wythoff/src/nheap/slice/mod.rs): every three-heap slice of smallest
//! heap s ≤ S to n = 10^4 positions, for S = 8, 16 and 32, and every four-heap slice of fixed
//! heaps p ≤ q ≤ T to n = 10^4, for T = 4 and 8, in positions per second (the cost model of
//! doc/nheap.md: time ≈ n·Σ_{s ≤ S}(holes + 1)(s + w(s)) for three heaps).  `cargo bench --bench
//! nheap` takes about a minute on a 2-core machine.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::time::Duration;
use wythoff::nheap::slice;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("nheap-slices");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let n = 10_000u64;
    for s in [8u64, 16, 32] {
        g.throughput(Throughput::Elements((s + 1) * n));
        g.bench_with_input(BenchmarkId::new("every-s-to-1e4", s), &s, |b, &s| {
            b.iter(|| {
                let mut sum = 0u64;
                slice::slices(s, n, &mut |_, _, a, b| {
                    sum = sum.wrapping_add(a ^ b);
                    Ok(())
                })
                .unwrap();
                sum
            })
        });
    }
    for t in [4u64, 8] {
        g.throughput(Throughput::Elements((t + 1) * (t + 2) / 2 * n));
        g.bench_with_input(
            BenchmarkId::new("four-heaps-every-pair-to-1e4", t),
            &t,
            |b, &t| {
                b.iter(|| {
                    let mut sum = 0u64;
                    slice::pair_slices(t, n, &mut |_, _, _, a, b| {
                        sum = sum.wrapping_add(a ^ b);
                        Ok(())
                    })
                    .unwrap();
                    sum
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
