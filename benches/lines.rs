//! The line-game table (src/lines/table.rs) against the a = 1 Grundy engine (src/grundy, the
//! baseline, same run) at N = 4096 and N = 16384: Wythoff's game as a line game (the same table
//! as the engine's) and the NimHof game [1,0], [1,1], [3,2], [0,1] (A307296), on all available
//! threads.  `cargo bench --bench lines -- 4096` runs the N = 4096 half (about a minute on the
//! 2-core machine of doc/lines.md); the whole run takes some 40 minutes there, most of it the
//! ten samples of each line game at N = 16384.  doc/lines.md quotes the medians and ratios.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::time::Duration;
use wythoff::grundy::{Spec, Table};
use wythoff::lines::{LineTable, Rules};

fn bench(c: &mut Criterion) {
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let mut g = c.benchmark_group("lines");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for n in [4096u64, 16384] {
        g.bench_with_input(BenchmarkId::new("engine-a1", n), &n, |b, &n| {
            b.iter(|| Table::compute(Spec::new(1, n).unwrap(), threads, &|_| {}).unwrap())
        });
        for name in ["wythoff", "nimhof-a307296"] {
            let rules = Rules::named(name).unwrap();
            g.bench_with_input(BenchmarkId::new(format!("line-{name}"), n), &n, |b, &n| {
                b.iter(|| LineTable::compute(&rules, n, threads, &|_| {}).unwrap())
            });
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    // no plots: the plotters backend needs a system font this machine may lack
    config = Criterion::default().without_plots();
    targets = bench
}
criterion_main!(benches);
