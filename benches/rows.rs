//! The certifying row sweep (crates/wythoff/src/grundy/rows/sweep/mod.rs): CPU time per column for rows 0..X−1,
//! X = 128 to 1024 (a = 1), the median of 3 runs of 2·10^4 columns from column 10^5, and the
//! projected CPU time of a whole search (about 2μ + 3λ columns) where μ and λ are known
//! (doc/rows.md).  `cargo bench --bench rows` prints a Markdown table.

use wythoff::grundy::rows::Sweep;

/// CPU seconds of this thread.
fn cpu() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid timespec for the call to fill
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn main() {
    let known = [
        (128usize, 339_480u64, 24_576u64),
        (256, 2_477_435, 98_304),
        (512, 17_269_273, 393_216),
    ];
    println!("| rows | µs per column (CPU) | ns per cell | whole search, projected |");
    println!("|---|---|---|---|");
    for x in [128usize, 256, 512, 1024] {
        let mut s = Sweep::new(x);
        for _ in 0..100_000 {
            s.step().unwrap();
        }
        let mut v: Vec<f64> = (0..3)
            .map(|_| {
                let t = cpu();
                for _ in 0..20_000 {
                    s.step().unwrap();
                }
                (cpu() - t) / 20_000.0
            })
            .collect();
        v.sort_by(|a, b| a.total_cmp(b));
        let per = v[1];
        let whole = known
            .iter()
            .find(|k| k.0 == x)
            .map_or("μ, λ not known".to_string(), |&(_, mu, lam)| {
                format!("{:.0} s", per * (2 * mu + 3 * lam) as f64)
            });
        println!(
            "| 0..{} | {:.2} | {:.1} | {whole} |",
            x - 1,
            per * 1e6,
            per * 1e9 / x as f64
        );
    }
}
