//! The order in which the three-pile solver visits the lines L(y, z), y ≤ z ≤ D, and in which
//! the cube file stores their values (doc/three_pile.md, doc/formats.md).
//!
//! The lines are cut into square tiles of side B: tile (I, J), 0 ≤ I ≤ J < ⌈(D + 1)/B⌉, holds
//! the lines with IB ≤ y < (I + 1)B, JB ≤ z < (J + 1)B, y ≤ z, z ≤ D.  A strip (the lines with
//! y ≤ Y as well, for the rows of the table) keeps the tiles with I ≤ ⌊Y/B⌋ and cuts their rows
//! at Y.  Tiles are taken by
//! wavefronts S = I + J = 0, 1, …, and within a wavefront by I ascending; inside a tile the
//! lines go row by row (y ascending, then z ascending).  The values of the lines are stored in
//! exactly that order, so a wavefront is a contiguous run of values.
//!
//! Cost: [`Tiles::new`] builds a table of ⌈(D + 1)/B⌉²/2 tile offsets (16 bytes each) in time
//! proportional to its size; [`Tiles::index`] is O(1).

/// Value of T(y, z) when no P-position of the line L(y, z) lies in the box.
pub const NONE: u32 = u32::MAX;

/// Side of the tiles of the cube file's storage order (version 1, doc/formats.md).  The format
/// owns this constant; the solver tunes its own tile side and solves a cube with this one.
pub const CUBE_TILE: u64 = 64;

/// The tiling of the lines y ≤ z ≤ D by tiles of side B.
pub struct Tiles {
    d: u64,
    ymax: u64,
    b: u64,
    nb: u64,
    /// Offset of each tile's first value, tiles numbered in storage order.
    offset: Vec<u64>,
    /// Storage number of the first tile of each wavefront (one more entry at the end).
    first: Vec<u64>,
}

impl Tiles {
    /// The tiling of a box of side `d` by tiles of side `b` ≥ 1.  The caller bounds `d` (the
    /// offset table has ⌈(d + 1)/b⌉²/2 entries).
    pub fn new(d: u64, b: u64) -> Tiles {
        Tiles::strip(d, d, b)
    }

    /// The tiling of the lines y ≤ min(z, `ymax`), z ≤ `d`.
    pub fn strip(ymax: u64, d: u64, b: u64) -> Tiles {
        assert!(b >= 1, "tile side must be positive");
        let ymax = ymax.min(d);
        let nb = (d + 1).div_ceil(b);
        let iy = ymax / b;
        let mut offset = Vec::new();
        let mut first = Vec::new();
        let mut at = 0u64;
        for s in 0..nb + iy {
            first.push(offset.len() as u64);
            for i in s.saturating_sub(nb - 1)..=(s / 2).min(iy) {
                offset.push(at);
                at += tile_lines(ymax, d, b, i, s - i);
            }
        }
        first.push(offset.len() as u64);
        offset.push(at);
        Tiles {
            d,
            ymax,
            b,
            nb,
            offset,
            first,
        }
    }

    /// Number of wavefronts, 2⌈(D + 1)/B⌉ − 1 for the whole triangle.
    pub fn wavefronts(&self) -> usize {
        self.first.len() - 1
    }

    /// Number of lines, (D + 1)(D + 2)/2 for the whole triangle.
    pub fn total(&self) -> u64 {
        *self
            .offset
            .last()
            .expect("offset table ends with the total")
    }

    /// Offset of the first value of wavefront `w` (`w` = [`Tiles::wavefronts`] gives the total).
    pub fn wavefront_start(&self, w: usize) -> u64 {
        self.offset[self.first[w] as usize]
    }

    /// The tiles (I, J) of wavefront `w`, in storage order.
    pub fn wavefront(&self, w: usize) -> impl Iterator<Item = (u64, u64)> + Clone {
        let s = w as u64;
        (s.saturating_sub(self.nb - 1)..=(s / 2).min(self.ymax / self.b)).map(move |i| (i, s - i))
    }

    /// The lines (y, z) of tile (I, J), in storage order.
    pub fn lines(&self, i: u64, j: u64) -> impl Iterator<Item = (u64, u64)> {
        let (b, d) = (self.b, self.d);
        let ys = i * b..((i + 1) * b).min(self.ymax + 1);
        ys.flat_map(move |y| (y.max(j * b)..((j + 1) * b).min(d + 1)).map(move |z| (y, z)))
    }

    /// The position of T(y, z), y ≤ z ≤ D, in storage order.
    pub fn index(&self, y: u64, z: u64) -> u64 {
        debug_assert!(y <= z && z <= self.d && y <= self.ymax);
        let b = self.b;
        let (i, j) = (y / b, z / b);
        let s = i + j;
        let n = self.first[s as usize] + i - s.saturating_sub(self.nb - 1);
        let base = self.offset[n as usize];
        let (y0, z0) = (i * b, j * b);
        let width = (z0 + b).min(self.d + 1) - z0;
        if i < j {
            base + (y - y0) * width + (z - z0)
        } else {
            // a diagonal tile: row y0 + r holds width − r lines
            let r = y - y0;
            base + r * width - r * (r.saturating_sub(1)) / 2 + (z - y)
        }
    }
}

/// Number of lines in tile (I, J) of the strip y ≤ `ymax`, z ≤ `d`, tiles of side `b`: h rows
/// of w lines, or in a diagonal tile rows of w, w − 1, … lines.
fn tile_lines(ymax: u64, d: u64, b: u64, i: u64, j: u64) -> u64 {
    let h = ((i + 1) * b).min(ymax + 1) - i * b;
    let w = ((j + 1) * b).min(d + 1) - j * b;
    if i < j {
        h * w
    } else {
        h * w - h * (h - 1) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_order_is_a_bijection_and_index_inverts_it() {
        for (d, b) in [
            (0, 1),
            (5, 1),
            (9, 4),
            (10, 4),
            (11, 4),
            (40, 7),
            (63, 64),
            (64, 8),
        ] {
            let t = Tiles::new(d, b);
            let mut k = 0u64;
            for w in 0..t.wavefronts() {
                assert_eq!(t.wavefront_start(w), k);
                for (i, j) in t.wavefront(w) {
                    for (y, z) in t.lines(i, j) {
                        assert_eq!(t.index(y, z), k, "d={d} b={b} ({y},{z})");
                        k += 1;
                    }
                }
            }
            assert_eq!(k, (d + 1) * (d + 2) / 2);
            assert_eq!(t.total(), k);
            assert_eq!(t.wavefront_start(t.wavefronts()), k);
        }
        for (ymax, d, b) in [(0, 5, 2), (3, 40, 7), (7, 40, 8), (8, 40, 8), (30, 31, 4)] {
            let t = Tiles::strip(ymax, d, b);
            let mut k = 0u64;
            let mut seen = Vec::new();
            for w in 0..t.wavefronts() {
                assert_eq!(t.wavefront_start(w), k);
                for (i, j) in t.wavefront(w) {
                    for (y, z) in t.lines(i, j) {
                        assert_eq!(t.index(y, z), k, "strip {ymax} d={d} b={b} ({y},{z})");
                        seen.push((y, z));
                        k += 1;
                    }
                }
            }
            seen.sort_unstable();
            let want: Vec<(u64, u64)> = (0..=ymax)
                .flat_map(|y| (y..=d).map(move |z| (y, z)))
                .collect();
            assert_eq!(seen, want, "strip {ymax} d={d} b={b}");
        }
    }
}
