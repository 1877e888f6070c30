//! The line-game table (crates/wythoff/src/lines/table.rs) against the a = 1 Grundy engine (crates/wythoff/src/grundy, the
//! baseline, same run) at N = 4096 and N = 16384: Wythoff's game as a line game (the same table
//! as the engine's) and the NimHof game [1,0], [1,1], [3,2], [0,1] (A307296), on all available
//! threads.  `cargo bench --bench lines -- 4096` runs the N = 4096 half (about a minute on the
//! 2-core machine of doc/lines.md); the whole run takes some 40 minutes there, most of it the
//! ten samples of each line game at N = 16384.  doc/lines.md quotes the medians and ratios.
//!
//! `line-pairs` (`cargo bench --bench lines -- line-pairs`, about a minute): the P-positions of
//! line games row by row (crates/wythoff/src/lines/ppos.rs), 10^6 and 10^7 rows of Wythoff's game and 10^6 of
//! A307296's rules, in rows (pairs) per second, against the bulk pairs generator of Wythoff's
//! game (crates/wythoff/src/pairs/bulk.rs, the baseline, same run) on the same counts.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::time::Duration;
use wythoff::Context;
use wythoff::grundy::{Spec, Table};
use wythoff::lines::ppos::RowPositions;
use wythoff::lines::{LineRules, LineTable};
use wythoff::pairs::bulk::{self, Plan};

fn bench(c: &mut Criterion) {
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let mut g = c.benchmark_group("lines");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for n in [4096u64, 16384] {
        g.bench_with_input(BenchmarkId::new("engine-a1", n), &n, |b, &n| {
            b.iter(|| Table::compute(Spec::new(1, n).unwrap(), &Context::new(threads)).unwrap())
        });
        for name in ["wythoff", "nimhof-a307296"] {
            let rules = LineRules::named(name).unwrap();
            g.bench_with_input(BenchmarkId::new(format!("line-{name}"), n), &n, |b, &n| {
                b.iter(|| LineTable::compute(&rules, n, &Context::new(threads)).unwrap())
            });
        }
    }
    g.finish();
}

/// Rows (pairs) per second of the row-by-row P-position search, with the bulk Wythoff pairs as
/// the baseline.
fn line_pairs(c: &mut Criterion) {
    let mut g = c.benchmark_group("line-pairs");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (name, rows) in [
        ("wythoff", 1_000_000u64),
        ("wythoff", 10_000_000),
        ("nimhof-a307296", 1_000_000),
    ] {
        g.throughput(Throughput::Elements(rows));
        if name == "wythoff" {
            let plan = Plan::new(wythoff::Rules::new(1, false).unwrap(), 0, rows - 1).unwrap();
            g.bench_with_input(BenchmarkId::new("bulk-pairs-a1", rows), &plan, |b, p| {
                b.iter(|| bulk::checksum(p, &Context::serial()).unwrap())
            });
        }
        let rules = LineRules::named(name).unwrap();
        g.bench_with_input(
            BenchmarkId::new(format!("rows-{name}"), rows),
            &rows,
            |b, &r| {
                b.iter(|| {
                    let mut ppos = RowPositions::new(&rules, r).unwrap();
                    let mut sum = 0u64;
                    while let Some((_, y)) = ppos.next_position() {
                        sum = sum.wrapping_add(y);
                    }
                    sum
                })
            },
        );
    }
    g.finish();
}

criterion_group! {
    name = benches;
    // no plots: the plotters backend needs a system font this machine may lack
    config = Criterion::default().without_plots();
    targets = bench, line_pairs
}
criterion_main!(benches);
