//! The three-heap slice engine of N-heap Wythoff (src/nheap/slice.rs): every slice of smallest
//! heap s ≤ S to n = 10^4 positions, for S = 8, 16 and 32, in positions per second (the cost
//! model of doc/nheap.md: time ≈ n·Σ_{s ≤ S}(holes + 1)(s + w(s))).  `cargo bench --bench
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
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
