//! Helpers shared by the integration tests: the binary as users run it, and Grundy tables built
//! from the rules (a naive mex) and the documented file format — never by the engine under test.
#![allow(dead_code)] // each test file uses some of them

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn wythoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(args)
        .output()
        .unwrap()
}

pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// G by a direct mex over the options from the rules, row-major N×N.
pub fn naive(n: usize, a: usize) -> Vec<u32> {
    let mut g = vec![0u32; n * n];
    for x in 0..n {
        for y in 0..n {
            let v = options(n, a, x, y)
                .iter()
                .map(|&(u, w)| g[u * n + w])
                .collect::<Vec<_>>();
            g[x * n + y] = (0..).find(|k| !v.contains(k)).unwrap();
        }
    }
    g
}

/// A table file in the documented format (header, then the upper triangle row-major).
pub fn file_bytes(sq: &[u32], n: usize, a: u64) -> Vec<u8> {
    let max = 2 * n as u64 - 2;
    let width = if max < 256 { 1 } else { 2 };
    let mut payload = Vec::new();
    for x in 0..n {
        for y in x..n {
            payload.extend_from_slice(&sq[x * n + y].to_le_bytes()[..width]);
        }
    }
    let mut f = Vec::new();
    f.extend_from_slice(b"WYTHOFF\0");
    f.extend_from_slice(&1u32.to_le_bytes());
    f.extend_from_slice(&3u32.to_le_bytes());
    f.extend_from_slice(&a.to_le_bytes());
    f.extend_from_slice(&(n as u64).to_le_bytes());
    f.extend_from_slice(&1u32.to_le_bytes());
    f.extend_from_slice(&(width as u32).to_le_bytes());
    f.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    f.extend_from_slice(&xxhash_rust::xxh3::xxh3_64(&payload).to_le_bytes());
    f.extend_from_slice(&0u64.to_le_bytes());
    f.extend_from_slice(&payload);
    f
}

/// Sets cell (x, y), x ≤ y, of a file to v; fixes up the payload checksum when `fix`, so that only
/// a proof of the values can catch the change.
pub fn corrupt(bytes: &[u8], n: usize, x: usize, y: usize, v: u32, fix: bool) -> Vec<u8> {
    let mut b = bytes.to_vec();
    let width = u32::from_le_bytes(b[36..40].try_into().unwrap()) as usize;
    let i = 64 + (x * n - x * x.saturating_sub(1) / 2 + y - x) * width;
    b[i..i + width].copy_from_slice(&v.to_le_bytes()[..width]);
    if fix {
        let h = xxhash_rust::xxh3::xxh3_64(&b[64..]);
        b[48..56].copy_from_slice(&h.to_le_bytes());
    }
    b
}

pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// The options of (x, y): (x', y), (x, y'), (x − k, y − l) with k, l ≥ 1, |k − l| < a.
pub fn options(_n: usize, a: usize, x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut o: Vec<(usize, usize)> = (0..x).map(|u| (u, y)).collect();
    o.extend((0..y).map(|w| (x, w)));
    for k in 1..=x {
        for l in 1..=y {
            if k.abs_diff(l) < a {
                o.push((x - k, y - l));
            }
        }
    }
    o
}

/// G(x, y) for x < rows, y < cols by a direct mex over the options from the rules (parameter a),
/// row by row.
pub fn naive_rows(a: usize, rows: usize, cols: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; cols]; rows];
    let mut seen = vec![usize::MAX; 2 * (rows + cols) * (a + 1) + 2];
    for y in 0..cols {
        for x in 0..rows {
            let stamp = y * rows + x;
            for (u, w) in options(0, a, x, y) {
                seen[g[u][w] as usize] = stamp;
            }
            g[x][y] = (0..).find(|&v| seen[v] != stamp).unwrap() as u64;
        }
    }
    g
}
