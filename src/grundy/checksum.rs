//! The documented checksum of a table: the sum of all N² values of the square, and XXH3-64
//! (seed 0) of the canonical square — row-major, every G(x, y) for 0 ≤ x, y < N as a
//! little-endian u32.

use super::store::{self, Layout};

/// The documented checksum of a table: the sum of all N² values of the square, and XXH3-64
/// (seed 0) of the canonical square — row-major, every G(x, y) for 0 ≤ x, y < N as a
/// little-endian u32.  Streams the square in blocks of rows (the lower part read from the
/// triangle's earlier rows a block-wide segment at a time).
pub fn square_checksum(payload: &[u8], layout: Layout) -> (u128, u64) {
    let n = layout.n;
    let block = (1usize << 22) / n.max(1);
    let block = block.clamp(1, n.max(1));
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let mut sum: u128 = 0;
    let mut buf: Vec<u32> = vec![0; block * n];
    let mut bytes: Vec<u8> = Vec::with_capacity(n * 4);
    let mut r0 = 0;
    while r0 < n {
        let r1 = (r0 + block).min(n);
        // columns x < r0 of rows r0..r1: from rows x of the triangle, segment [r0, r1)
        for x in 0..r0 {
            for r in r0..r1 {
                buf[(r - r0) * n + x] = store::read(payload, layout, x, r);
            }
        }
        for r in r0..r1 {
            for x in r0..n {
                buf[(r - r0) * n + x] = store::read(payload, layout, r, x);
            }
        }
        for r in r0..r1 {
            bytes.clear();
            for &v in &buf[(r - r0) * n..(r - r0 + 1) * n] {
                sum += v as u128;
                bytes.extend_from_slice(&v.to_le_bytes());
            }
            hasher.update(&bytes);
        }
        r0 = r1;
    }
    (sum, hasher.digest())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::{Spec, Table};

    #[test]
    fn square_checksum_matches_a_direct_computation() {
        let t = Table::compute(Spec::new(1, 77).unwrap(), 1, &|_| {}).unwrap();
        let mut bytes = Vec::new();
        let mut sum = 0u128;
        for x in 0..77 {
            for y in 0..77 {
                let v = t.get(x, y);
                sum += v as u128;
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        assert_eq!(
            square_checksum(&t.data, t.layout),
            (sum, xxhash_rust::xxh3::xxh3_64(&bytes))
        );
    }
}
