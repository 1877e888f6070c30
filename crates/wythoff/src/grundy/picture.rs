//! Pictures people would rather look at than read.
//!
//! * [`table_png`]: the table as an image, x down and y across from the top-left corner, each
//!   value coloured on a perceptual ramp (dark blue → green → yellow, scaled to the table's
//!   maximum), 0-positions (P-positions) in white.  Tables larger than `max_side` are
//!   downsampled: a pixel shows the mean value of its block, and is white if the block holds a
//!   0-position, so the P-position curves stay visible at any N.
//! * [`board_png`]: the queen's-move board (K. Hirschfeld-Cotton, "Wythoff's Game", 2008): a
//!   chequered board with the corner (0, 0) at the bottom left — the queen moves west, south or
//!   south-west — and the safe cells (the P-positions) marked with a red disc.

use crate::error::{Error, Result};
use std::io::Write;
use std::path::Path;

/// Five-stop ramp (viridis-like), t ∈ [0, 1].
fn ramp(t: f32) -> [u8; 3] {
    const STOPS: [[f32; 3]; 5] = [
        [68., 1., 84.],
        [59., 82., 139.],
        [33., 145., 140.],
        [94., 201., 98.],
        [253., 231., 37.],
    ];
    let t = t.clamp(0.0, 1.0) * 4.0;
    let i = (t as usize).min(3);
    let f = t - i as f32;
    let mut c = [0u8; 3];
    for k in 0..3 {
        c[k] = (STOPS[i][k] + (STOPS[i + 1][k] - STOPS[i][k]) * f).round() as u8;
    }
    c
}

pub use crate::plot::encode_png;

/// [`draw_table`] into a file written atomically.
pub fn table_png(
    path: &Path,
    n: usize,
    max_side: usize,
    get: &dyn Fn(usize, usize) -> u32,
) -> Result<()> {
    let mut f = crate::files::AtomicFile::create(path)?;
    draw_table(&mut f, n, max_side, get)?;
    f.commit()
}

/// [`draw_board`] into a file written atomically.
pub fn board_png(path: &Path, n: usize, is_p: &dyn Fn(usize, usize) -> bool) -> Result<()> {
    let mut f = crate::files::AtomicFile::create(path)?;
    draw_board(&mut f, n, is_p)?;
    f.commit()
}

/// Draws an N×N table given by `get` as a PNG into `out` (any N; downsampled to at most
/// `max_side` pixels a side).
pub fn draw_table(
    out: &mut dyn Write,
    n: usize,
    max_side: usize,
    get: &dyn Fn(usize, usize) -> u32,
) -> Result<()> {
    let scale = n.div_ceil(max_side.max(1)).max(1);
    let side = n.div_ceil(scale);
    // Upscale small tables so that each cell is at least a few pixels wide.
    let zoom = (512 / side.max(1)).clamp(1, 16);
    let mut sum = vec![0u64; side * side];
    let mut zero = vec![false; side * side];
    let mut max = 1u32;
    for x in 0..n {
        for y in 0..n {
            let g = get(x, y);
            max = max.max(g);
            let p = (x / scale) * side + y / scale;
            sum[p] += g as u64;
            zero[p] |= g == 0;
        }
    }
    let px = side * zoom;
    let mut rgb = vec![0u8; px * px * 3];
    for i in 0..side {
        for j in 0..side {
            let cells = ((scale.min(n - i * scale)) * (scale.min(n - j * scale))) as f32;
            let c = if zero[i * side + j] {
                [255, 255, 255]
            } else {
                ramp(sum[i * side + j] as f32 / cells / max as f32)
            };
            for di in 0..zoom {
                for dj in 0..zoom {
                    let o = ((i * zoom + di) * px + j * zoom + dj) * 3;
                    rgb[o..o + 3].copy_from_slice(&c);
                }
            }
        }
    }
    encode_png(out, px as u32, px as u32, &rgb)
}

/// Largest side of the board picture.
pub const BOARD_MAX: usize = 128;

/// Draws the queen's-move board of side `n` (1 ≤ n ≤ [`BOARD_MAX`]) as a PNG into `out`, with
/// the P-positions marked.
pub fn draw_board(
    out: &mut dyn Write,
    n: usize,
    is_p: &dyn Fn(usize, usize) -> bool,
) -> Result<()> {
    if n == 0 || n > BOARD_MAX {
        return Err(Error::usage(format!(
            "the board picture is drawn for sides 1 to {BOARD_MAX}, not {n}"
        )));
    }
    let cell = (1024 / n).clamp(6, 48);
    let px = n * cell;
    let mut rgb = vec![0u8; px * px * 3];
    for row in 0..n {
        for col in 0..n {
            // board coordinates: x = column (west–east), y = row from the bottom
            let (x, y) = (col, n - 1 - row);
            let light = (x + y) % 2 == 1;
            let base = if light {
                [240, 217, 181]
            } else {
                [181, 136, 99]
            };
            let p = is_p(x, y);
            for i in 0..cell {
                for j in 0..cell {
                    let (di, dj) = (
                        i as f32 + 0.5 - cell as f32 / 2.0,
                        j as f32 + 0.5 - cell as f32 / 2.0,
                    );
                    let inside = p && di * di + dj * dj <= (cell as f32 * 0.32).powi(2);
                    let c = if inside { [200, 30, 30] } else { base };
                    let o = ((row * cell + i) * px + col * cell + j) * 3;
                    rgb[o..o + 3].copy_from_slice(&c);
                }
            }
        }
    }
    encode_png(out, px as u32, px as u32, &rgb)
}
