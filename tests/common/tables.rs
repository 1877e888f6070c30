//! Binary files written here by the documented layouts (doc/formats.md), never by the library:
//! Grundy table files (kind 3, versions 1 to 3), line-game table files (kind 6, version 2), and
//! the little-endian readers and PNG decoder the tests read files with.

use std::path::{Path, PathBuf};

/// The little-endian u32 at byte `o` of `b`.
pub fn u32_at(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap())
}

/// The little-endian u64 at byte `o` of `b`.
pub fn u64_at(b: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(b[o..o + 8].try_into().unwrap())
}

/// Writes `bytes` to `dir/name`; its path.
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
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
    seal_banded(b, band_index(b), |b, index| {
        xxhash_rust::xxh3::xxh3_64(&[&b[..56], index].concat())
    });
}

/// Puts `index` (a band index computed from `b`'s payload) at the end of `b`, then the checksum
/// `checksum(b, index)` at bytes 56..64; leaves `b` as it is when there is no index or it does
/// not fit after the 64 header bytes.
fn seal_banded(b: &mut [u8], index: Option<Vec<u8>>, checksum: impl Fn(&[u8], &[u8]) -> u64) {
    let Some(index) = index else { return };
    let Some(at) = b.len().checked_sub(index.len()).filter(|&at| at >= 64) else {
        return;
    };
    b[at..].copy_from_slice(&index);
    let h = checksum(b, &index);
    b[56..64].copy_from_slice(&h.to_le_bytes());
}

/// The same table in format version 3, as `grundy N -o FILE` writes it: version 3, bands of 64
/// rows, the band index after the payload, the checksum over the header and the index.
pub fn v3_bytes(v2: &[u8]) -> Vec<u8> {
    banded(v2, 3, u64_at(v2, 24), seal_v3)
}

/// `unbanded` (a table of `n` rows) as format `version` with bands of 64 rows: the version at
/// offset 8, the band height at 48, room for the band index after the payload, then `seal`
/// filling in the index and the checksum.
fn banded(unbanded: &[u8], version: u32, n: u64, seal: fn(&mut [u8])) -> Vec<u8> {
    let mut b = unbanded.to_vec();
    b[8..12].copy_from_slice(&version.to_le_bytes());
    b[48..56].copy_from_slice(&64u64.to_le_bytes());
    b.resize(b.len() + 8 * n.div_ceil(64) as usize, 0);
    seal(&mut b);
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
    seal_banded(b, line_band_index(b), line_checksum_v2);
}

/// The same line-game table in format version 2, as `grundy N --rules R -o FILE` writes it:
/// version 2, bands of 64 rows, the band index after the payload, the checksum over the header,
/// the rules and the index.
pub fn line_v2_bytes(v1: &[u8]) -> Vec<u8> {
    banded(v1, 2, u64_at(v1, 16), seal_line_v2)
}
