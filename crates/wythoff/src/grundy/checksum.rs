//! The documented checksum of a table: the sum of all N² values of the square, and XXH3-64
//! (seed 0) of the canonical square — row-major, every G(x, y) for 0 ≤ x, y < N as a
//! little-endian u32.
//!
//! The square is streamed in blocks of `BLOCK` rows.  Row r of the square is G(r, c) for
//! c < r — by symmetry the column r of the stored triangle — then the triangle's row r.  The
//! column part of a whole block is read as segments of earlier triangle rows (each contiguous in
//! memory: columns r₀..r₁ of row c) and transposed into the block, whose row stride is padded so
//! that the strided writes do not all fall into one cache set; the block's rows are then summed
//! and fed to a streaming XXH3.  Cost: one pass over the triangle per block for the column part,
//! i.e. about N²/2 values read in runs of `BLOCK`, plus N² values hashed — memory speed.

use super::store::Layout;
use xxhash_rust::xxh3::Xxh3;

/// Bytes of the block buffer aimed at (its rows: this divided by 4N, between 64 and 1024).
const BLOCK_BYTES: usize = 1 << 26;
/// Rows of the triangle transposed together (16 u32 values: one 64-byte cache line).
const TILE: usize = 16;

/// Widens values of W bytes to little-endian u32s (4 bytes each); returns their sum.
fn widen<const W: usize>(src: &[u8], dst: &mut [u8]) -> u64 {
    let mut sum = 0u64;
    for (d, s) in dst.chunks_exact_mut(4).zip(src.chunks_exact(W)) {
        let mut b = [0u8; 4];
        b[..W].copy_from_slice(s);
        d.copy_from_slice(&b);
        sum += u32::from_le_bytes(b) as u64;
    }
    sum
}

/// Widens `dst.len() / 4` values of `width` bytes from `src`; returns their sum.
fn widen_any(width: usize, src: &[u8], dst: &mut [u8]) -> u64 {
    match width {
        1 => widen::<1>(src, dst),
        2 => widen::<2>(src, dst),
        3 => widen::<3>(src, dst),
        _ => widen::<4>(src, dst),
    }
}

/// The sum of the N² values of the square and XXH3-64 of its row-major little-endian u32 form.
pub fn square_checksum(payload: &[u8], layout: Layout) -> (u128, u64) {
    let rows = (BLOCK_BYTES / (4 * layout.n.max(1))).clamp(64, 1024);
    in_blocks(payload, layout, rows)
}

/// [`square_checksum`] with blocks of `rows` rows.
fn in_blocks(payload: &[u8], layout: Layout, rows: usize) -> (u128, u64) {
    let (n, width) = (layout.n, layout.width);
    let rows = rows.max(1);
    // the block holds rows r0..r1 of the square as little-endian u32s; its row stride is
    // 4(N + 8) bytes, off any power of two
    let stride = 4 * (n + 8);
    let mut block: Vec<u8> = vec![0; rows * stride];
    let mut tile: Vec<u8> = vec![0; TILE * 4 * rows];
    let mut hasher = Xxh3::new();
    let mut sum: u128 = 0;
    let at = |x: usize, y: usize| layout.index(x, y) * width;
    for r0 in (0..n).step_by(rows) {
        let r1 = (r0 + rows).min(n);
        let h = r1 - r0;
        // the triangle's rows r0..r1: G(r, c) for c ≥ r; each off-diagonal value counts twice
        for r in r0..r1 {
            let k = r - r0;
            let row = &mut block[k * stride + 4 * r..k * stride + 4 * n];
            let s = widen_any(width, &payload[at(r, r)..at(r, r) + (n - r) * width], row);
            let diagonal = u32::from_le_bytes([row[0], row[1], row[2], row[3]]);
            sum += 2 * s as u128 - diagonal as u128;
        }
        // inside the block, left of the diagonal: G(r, c) = G(c, r) for r0 ≤ c < r
        for k in 0..h {
            for c in r0..r0 + k {
                let from = (c - r0) * stride + 4 * (r0 + k);
                let v = [
                    block[from],
                    block[from + 1],
                    block[from + 2],
                    block[from + 3],
                ];
                block[k * stride + 4 * c..k * stride + 4 * c + 4].copy_from_slice(&v);
            }
        }
        // left of the block: G(r, c) = G(c, r), c < r0, from rows c of the triangle (columns
        // r0..r1, contiguous), TILE rows at a time, so that each block row gets whole lines
        for c0 in (0..r0).step_by(TILE) {
            let t = TILE.min(r0 - c0);
            for i in 0..t {
                let c = c0 + i;
                widen_any(
                    width,
                    &payload[at(c, r0)..at(c, r0) + h * width],
                    &mut tile[i * 4 * h..(i + 1) * 4 * h],
                );
            }
            for k in 0..h {
                let dst = &mut block[k * stride + 4 * c0..k * stride + 4 * (c0 + t)];
                for (i, d) in dst.chunks_exact_mut(4).enumerate() {
                    d.copy_from_slice(&tile[i * 4 * h + 4 * k..i * 4 * h + 4 * k + 4]);
                }
            }
        }
        for k in 0..h {
            hasher.update(&block[k * stride..k * stride + 4 * n]);
        }
    }
    (sum, hasher.digest())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::store;

    /// The definition: every G(x, y) of the square, row-major, as a little-endian u32.
    fn direct(payload: &[u8], layout: Layout) -> (u128, u64) {
        let n = layout.n;
        let mut bytes = Vec::new();
        let mut sum = 0u128;
        for x in 0..n {
            for y in 0..n {
                let v = store::read(payload, layout, x, y);
                sum += v as u128;
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        (sum, xxhash_rust::xxh3::xxh3_64(&bytes))
    }

    #[test]
    fn every_block_size_and_width_gives_the_definition() {
        // arbitrary payloads (a checksum does not care whether they are Grundy tables)
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for width in 1..=4 {
            for n in [1usize, 2, 3, 17, 64, 65, 130] {
                let layout = Layout { n, width };
                let payload: Vec<u8> = (0..layout.bytes())
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        state as u8
                    })
                    .collect();
                let want = direct(&payload, layout);
                for rows in [1, 2, 5, 16, 17, 64, 1024] {
                    assert_eq!(in_blocks(&payload, layout, rows), want, "w={width} n={n}");
                }
                assert_eq!(square_checksum(&payload, layout), want);
            }
        }
    }

    #[test]
    fn the_readme_figure() {
        let t = crate::grundy::Table::compute(
            crate::grundy::Spec::new(1, 2048).unwrap(),
            &crate::Context::new(2),
        )
        .unwrap();
        let (sum, h) = square_checksum(&t.data, t.layout);
        assert_eq!(
            (sum, format!("{h:016x}")),
            (5367426502, "915b2407ed90b8a2".into())
        );
    }
}
