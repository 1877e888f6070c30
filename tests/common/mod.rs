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

/// G(x, y) for rows x < `rows` and columns y < `cols` (any shape: the options of a cell lie in
/// rows and columns below it), by a direct mex over the options from the rules — (x', y),
/// (x, y'), (x − k, y − l) with k, l ≥ 1, |k − l| < a — as [`options`] lists them, the
/// diagonal band enumerated directly so that long rows stay cheap.
pub fn naive_rows(rows: usize, cols: usize, a: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; cols]; rows];
    let mut seen = Vec::new();
    for x in 0..rows {
        for y in 0..cols {
            seen.clear();
            seen.resize(x + y + x * (2 * a - 1) + 2, false);
            let mut mark = |v: u32| {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            };
            (0..x).for_each(|u| mark(g[u][y]));
            (0..y).for_each(|w| mark(g[x][w]));
            for k in 1..=x {
                for l in (k + 1).saturating_sub(a).max(1)..=(k + a - 1).min(y) {
                    mark(g[x - k][y - l]);
                }
            }
            g[x][y] = seen.iter().position(|&s| !s).unwrap() as u32;
        }
    }
    g
}

/// A table file in the documented format, version 2 (header, then the upper triangle row-major;
/// the checksum, last in the header, is XXH3-64 of every other byte of the file).
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
    f.extend_from_slice(&2u32.to_le_bytes());
    f.extend_from_slice(&3u32.to_le_bytes());
    f.extend_from_slice(&a.to_le_bytes());
    f.extend_from_slice(&(n as u64).to_le_bytes());
    f.extend_from_slice(&1u32.to_le_bytes());
    f.extend_from_slice(&(width as u32).to_le_bytes());
    f.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    f.extend_from_slice(&0u64.to_le_bytes());
    f.extend_from_slice(&0u64.to_le_bytes()); // the checksum, filled in by `seal`
    f.extend_from_slice(&payload);
    seal(&mut f);
    f
}

/// XXH3-64 of a version 2 table file without its checksum field (bytes 56..64).
pub fn file_checksum(b: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(&[&b[..56], &b[64..]].concat())
}

/// Fills in the checksum of a version 2 table file (after an edit, to make it consistent).
pub fn seal(b: &mut [u8]) {
    let h = file_checksum(b);
    b[56..64].copy_from_slice(&h.to_le_bytes());
}

/// The band index of a version 3 table file, from the documented layout (doc/formats.md): for
/// bands of `band` rows, entry i is XXH3-64 of the payload bytes of rows iB .. min((i+1)B, N),
/// row x starting at value x·N − x(x−1)/2.  `None` when the header's sizes do not fit `b`.
pub fn band_index(b: &[u8]) -> Option<Vec<u8>> {
    let u64_at = |o: usize| -> Option<u128> {
        Some(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?).into())
    };
    let (n, band): (u128, u128) = (u64_at(24)?, u64_at(48)?);
    let width = u128::from(u32::from_le_bytes(b.get(36..40)?.try_into().ok()?));
    if band == 0 || n == 0 {
        return None;
    }
    let start = |x: u128| 64 + (x * n - x * x.saturating_sub(1) / 2) * width;
    let mut index = Vec::new();
    let mut r = 0;
    while r < n {
        let r1 = (r + band).min(n);
        let (s, e) = (
            usize::try_from(start(r)).ok()?,
            usize::try_from(start(r1)).ok()?,
        );
        index.extend_from_slice(&xxhash_rust::xxh3::xxh3_64(b.get(s..e)?).to_le_bytes());
        r = r1;
    }
    Some(index)
}

/// Makes a version 3 table file consistent after an edit: its band index recomputed from its
/// payload, then its checksum, XXH3-64 of header bytes 0..56 and the index.  Leaves a file whose
/// sizes do not fit its header as it is.
pub fn seal_v3(b: &mut [u8]) {
    let Some(index) = band_index(b) else { return };
    let Some(at) = b.len().checked_sub(index.len()).filter(|&at| at >= 64) else {
        return;
    };
    b[at..].copy_from_slice(&index);
    let h = xxhash_rust::xxh3::xxh3_64(&[&b[..56], &index[..]].concat());
    b[56..64].copy_from_slice(&h.to_le_bytes());
}

/// The same table in format version 3, as `grundy N -o FILE` writes it: version 3, bands of 64
/// rows, the band index after the payload, the checksum over the header and the index.
pub fn v3_bytes(v2: &[u8]) -> Vec<u8> {
    let mut b = v2.to_vec();
    b[8..12].copy_from_slice(&3u32.to_le_bytes());
    b[48..56].copy_from_slice(&64u64.to_le_bytes());
    let n = u64::from_le_bytes(b[24..32].try_into().unwrap()) as usize;
    b.resize(b.len() + 8 * n.div_ceil(64), 0);
    seal_v3(&mut b);
    b
}

/// The same table in format version 1: version 1 at offset 8, the checksum at offset 48 and of
/// the payload alone, reserved zero at 56.
pub fn v1_bytes(v2: &[u8]) -> Vec<u8> {
    let mut b = v2.to_vec();
    b[8..12].copy_from_slice(&1u32.to_le_bytes());
    let h = xxhash_rust::xxh3::xxh3_64(&b[64..]);
    b[48..56].copy_from_slice(&h.to_le_bytes());
    b[56..64].copy_from_slice(&0u64.to_le_bytes());
    b
}

/// Sets cell (x, y), x ≤ y, of a file to v; fixes up the checksum when `fix`, so that only
/// a proof of the values can catch the change.
pub fn corrupt(bytes: &[u8], n: usize, x: usize, y: usize, v: u32, fix: bool) -> Vec<u8> {
    let mut b = bytes.to_vec();
    let width = u32::from_le_bytes(b[36..40].try_into().unwrap()) as usize;
    let i = 64 + (x * n - x * x.saturating_sub(1) / 2 + y - x) * width;
    b[i..i + width].copy_from_slice(&v.to_le_bytes()[..width]);
    if fix {
        seal(&mut b);
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

/// Decodes a PNG file: (width, height, pixel bytes). Panics (failing the test) if it does not
/// decode.
pub fn png_pixels(path: &Path) -> (u32, u32, Vec<u8>) {
    let file = std::fs::File::open(path).unwrap();
    let mut dec = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let mut buf = vec![0u8; dec.output_buffer_size().unwrap()];
    let info = dec.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// The P-positions (x, y), x ≤ y < `side`, of the two-pile game with parameter a, normal or
/// misère play, by backward induction from the rules: a position is P iff none of its options
/// is, except that in misère play the position without moves, (0, 0), is N (the opponent made
/// the last move, and so lost).  Options as [`options`] lists them, the diagonal band
/// enumerated directly.
pub fn p_positions(side: usize, a: usize, misere: bool) -> Vec<(usize, usize)> {
    let mut p = vec![vec![false; side]; side];
    for x in 0..side {
        for y in 0..side {
            if x == 0 && y == 0 {
                p[0][0] = !misere;
                continue;
            }
            let column = (0..x).any(|u| p[u][y]);
            let row = (0..y).any(|w| p[x][w]);
            let diagonal = (1..=x).any(|k| {
                ((k + 1).saturating_sub(a).max(1)..=(k + a - 1).min(y)).any(|l| p[x - k][y - l])
            });
            p[x][y] = !(column || row || diagonal);
        }
    }
    let mut v = Vec::new();
    for (x, row) in p.iter().enumerate() {
        for (y, &is_p) in row.iter().enumerate().skip(x) {
            if is_p {
                v.push((x, y));
            }
        }
    }
    v
}

/// The P-positions [x, y, z], x ≤ y ≤ z ≤ `n`, of three-pile Wythoff (a move takes the same
/// k ≥ 1 from any non-empty set of the piles), by backward induction over the cube [0, n]³.
pub fn three_pile_p(n: usize) -> Vec<[usize; 3]> {
    let s = n + 1;
    let at = |x: usize, y: usize, z: usize| (x * s + y) * s + z;
    let mut p = vec![false; s * s * s];
    let mut v = Vec::new();
    for x in 0..s {
        for y in 0..s {
            for z in 0..s {
                let mut reaches_p = false;
                for set in 1..8usize {
                    let (dx, dy, dz) = (set & 1, (set >> 1) & 1, (set >> 2) & 1);
                    let room = [(dx, x), (dy, y), (dz, z)]
                        .iter()
                        .filter(|(d, _)| *d == 1)
                        .map(|&(_, c)| c)
                        .min()
                        .unwrap();
                    reaches_p |= (1..=room).any(|k| p[at(x - dx * k, y - dy * k, z - dz * k)]);
                }
                p[at(x, y, z)] = !reaches_p;
                if !reaches_p && x <= y && y <= z {
                    v.push([x, y, z]);
                }
            }
        }
    }
    v
}

/// G of a two-pile line game on 0 ≤ x, y < n, row-major: a move takes i·(p, q), i ≥ 1, for a
/// rule (p, q), while neither pile goes negative (doc/lines.md); a direct mex.
pub fn line_naive(n: usize, rules: &[(usize, usize)]) -> Vec<u32> {
    let mut g = vec![0u32; n * n];
    for x in 0..n {
        for y in 0..n {
            let mut seen = Vec::new();
            for &(p, q) in rules {
                let mut i = 1;
                while i * p <= x && i * q <= y {
                    seen.push(g[(x - i * p) * n + y - i * q]);
                    i += 1;
                }
            }
            g[x * n + y] = (0..).find(|k| !seen.contains(k)).unwrap();
        }
    }
    g
}

/// The band index of a version 2 line-game table file (kind 6), from the documented layout
/// (doc/formats.md): N at 16, r rules at 24, the width at 28, B at 48, the payload after the
/// 64 + 8r bytes of header and rules; entry i is XXH3-64 of the payload bytes of rows
/// iB .. min((i+1)B, N), row x starting at value x·N.  `None` when the header's sizes do not
/// fit `b`.
pub fn line_band_index(b: &[u8]) -> Option<Vec<u8>> {
    let u32_at = |o: usize| -> Option<usize> {
        Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?) as usize)
    };
    let u64_at = |o: usize| -> Option<usize> {
        usize::try_from(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?)).ok()
    };
    let (n, r, width, band) = (u64_at(16)?, u32_at(24)?, u32_at(28)?, u64_at(48)?);
    if band == 0 || n == 0 {
        return None;
    }
    let start = |x: usize| Some(64 + 8 * r + x.checked_mul(n)?.checked_mul(width)?);
    let mut index = Vec::new();
    let mut row = 0;
    while row < n {
        let r1 = row.saturating_add(band).min(n);
        let bytes = b.get(start(row)?..start(r1)?)?;
        index.extend_from_slice(&xxhash_rust::xxh3::xxh3_64(bytes).to_le_bytes());
        row = r1;
    }
    Some(index)
}

/// The checksum of a version 2 line-game table file: XXH3-64 of bytes 0..56, the rules and the
/// band index (`index`).
pub fn line_checksum_v2(b: &[u8], index: &[u8]) -> u64 {
    let r = u32::from_le_bytes(b[24..28].try_into().unwrap()) as usize;
    xxhash_rust::xxh3::xxh3_64(&[&b[..56], &b[64..64 + 8 * r], index].concat())
}

/// Makes a version 2 line-game table file consistent after an edit: its band index recomputed
/// from its payload, then its checksum.  Leaves a file whose sizes do not fit its header as it is.
pub fn seal_line_v2(b: &mut [u8]) {
    let Some(index) = line_band_index(b) else {
        return;
    };
    let Some(at) = b.len().checked_sub(index.len()).filter(|&at| at >= 64) else {
        return;
    };
    b[at..].copy_from_slice(&index);
    let h = line_checksum_v2(b, &index);
    b[56..64].copy_from_slice(&h.to_le_bytes());
}

/// The same line-game table in format version 2, as `grundy N --rules R -o FILE` writes it:
/// version 2, bands of 64 rows, the band index after the payload, the checksum over the header,
/// the rules and the index.
pub fn line_v2_bytes(v1: &[u8]) -> Vec<u8> {
    let mut b = v1.to_vec();
    b[8..12].copy_from_slice(&2u32.to_le_bytes());
    b[48..56].copy_from_slice(&64u64.to_le_bytes());
    let n = u64::from_le_bytes(b[16..24].try_into().unwrap()) as usize;
    b.resize(b.len() + 8 * n.div_ceil(64), 0);
    seal_line_v2(&mut b);
    b
}
