//! The Grundy engine against the straightforward triple-loop mex (the naive reference), in the
//! same run, and the engine's own scaling.  `cargo bench --bench grundy` prints a Markdown table;
//! `NAIVE_N` (default 2048) sets the size of the comparison.

use std::time::Instant;
use wythoff::Context;
use wythoff::grundy::{Spec, Table};

/// The naive reference: for every cell, mark the values of all its options, take the mex.
/// O(N³) time, one N×N table of u32.
fn naive(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n * n];
    let mut seen = vec![0u32; 2 * n + 2]; // seen[v] == stamp ⇔ v is an option's value
    let mut stamp = 0u32;
    for x in 0..n {
        for y in 0..n {
            stamp += 1;
            for u in 0..x {
                seen[g[u * n + y] as usize] = stamp;
            }
            for v in 0..y {
                seen[g[x * n + v] as usize] = stamp;
            }
            for k in 1..=x.min(y) {
                seen[g[(x - k) * n + y - k] as usize] = stamp;
            }
            g[x * n + y] = seen.iter().position(|&s| s != stamp).unwrap() as u32;
        }
    }
    g
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let n: usize = std::env::var("NAIVE_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2048);
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let t0 = Instant::now();
    let reference = naive(n);
    let t_naive = t0.elapsed().as_secs_f64();
    let mut times = Vec::new();
    let mut table = None;
    for _ in 0..5 {
        let t0 = Instant::now();
        table =
            Some(Table::compute(Spec::new(1, n as u64).unwrap(), &Context::new(threads)).unwrap());
        times.push(t0.elapsed().as_secs_f64());
    }
    let table = table.unwrap();
    for x in 0..n {
        for y in 0..n {
            assert_eq!(
                table.get(x, y),
                reference[x * n + y],
                "engine differs at ({x}, {y})"
            );
        }
    }
    let t_engine = median(times);
    println!("| Grundy table a = 1, N = {n} | time (s) |");
    println!("|---|---|");
    println!("| naive triple-loop mex (benches/grundy.rs) | {t_naive:.2} |");
    println!("| bitset engine, {threads} threads (median of 5) | {t_engine:.4} |");
    println!("| ratio | {:.0}× |", t_naive / t_engine);
    for m in [4096usize, 8192, 16384] {
        let t0 = Instant::now();
        let _ = Table::compute(Spec::new(1, m as u64).unwrap(), &Context::new(threads)).unwrap();
        println!("| engine N = {m} | {:.2} |", t0.elapsed().as_secs_f64());
    }
}
