//! Bulk throughput: the Sturmian kernel against the exact square-root kernel (the baseline, same
//! run), for the checksum and for text output into memory.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::time::Duration;
use wythoff::Rules;
use wythoff::pairs::bulk::{self, Kernel, Plan};
use wythoff::pairs::emit::{self, Columns};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("bulk");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    let n = 10_000_000u64;
    g.throughput(Throughput::Elements(n));
    for a in [1u64, 2, 1000] {
        let plan = Plan::new(Rules::new(a, false).unwrap(), 0, n - 1).unwrap();
        for (name, k) in [("sturmian", Kernel::Sturmian), ("exact", Kernel::Exact)] {
            let p = plan.clone().with_kernel(k);
            g.bench_function(format!("checksum/a={a}/{name}"), |b| {
                b.iter(|| bulk::checksum(&p, &wythoff::Context::serial()).unwrap())
            });
        }
        g.bench_function(format!("text/a={a}"), |b| {
            b.iter(|| {
                emit::write_text(
                    &plan,
                    Columns::Pairs,
                    &mut std::io::sink(),
                    &wythoff::Context::serial(),
                )
                .unwrap()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
