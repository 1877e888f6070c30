//! The line-occupancy solver of three-pile Wythoff, folded by the symmetry y ↔ z and streamed by
//! wavefronts of tiles (doc/three_pile.md).
//!
//! Algorithm.  A move goes from p to p − k·v, k ≥ 1, along one of seven directions; a line in one
//! direction holds at most one P-position, and p is P iff none of its seven lines holds a
//! P-position below p.  The box B = [0, X] × [0, D]² (closed under moves) is solved line by line
//! in direction e₁: on L(y, z) = {(t, y, z)} the P-position is at the least t ≤ X whose other six
//! lines are unoccupied (a mex over t), or there is none in B.  L(y, z) depends only on lines
//! L(y', z') with y' ≤ y, z' ≤ z, so the lines can be processed in tiles of B × B lines
//! ([`super::tiles`]): the tiles of one wavefront I + J = S are independent and run in parallel,
//! and inside a tile the lines go row by row, so that the rows of the tables a tile reads (about
//! 6B of them) stay in the core's cache while its B² lines scan them.
//!
//! Symmetry.  (x, y, z) ↦ (x, z, y) maps moves to moves and B onto itself, so the P-positions
//! found up to any antidiagonal form a symmetric set and T(y, z) = T(z, y).  Only the lines with
//! y ≤ z are solved, and each P-position found is recorded together with its mirror.  Then the
//! e₃-occupancy equals the e₂-occupancy and the (e₁+e₃)-occupancy the (e₁+e₂)-occupancy, read
//! at other rows, and a line with y ≤ z only ever reads the half z ≥ y of the (e₂+e₃)- and
//! (e₁+e₂+e₃)-occupancies.  Four tables remain (u = t − y + D, d = z − y ≥ 0):
//!
//! | table | row | bit | a set bit means a P-position … |
//! |---|---|---|---|
//! | E | r | t | (t, w, r) for some w (so also (t, r, w)) |
//! | F | r | t − w + D | (t, w, r) for some w |
//! | G | d | t | (t, w, w + d) for some w |
//! | H | d | t − w + D | (t, w, w + d) for some w |
//!
//! and the line (y, z), y ≤ z, reads E\[z\]@t (e₂), E\[y\]@t (e₃), F\[z\]@t−y+D (e₁+e₂),
//! F\[y\]@t−z+D (e₁+e₃), G\[z−y\]@t (e₂+e₃), H\[z−y\]@t−y+D (e₁+e₂+e₃).
//!
//! Threads.  Two tiles of a wavefront, (I, J) and (I + k, J − k), read and write disjoint
//! rows: E and F rows in the blocks I, J and I + k, J − k of B rows (equal only if
//! J − k = I, outside the fold), G and H rows d = z − y in ((J − I)B − B, (J − I)B + B) and in
//! the same interval shifted by 2kB.  The tables are arrays of atomics read and written with
//! relaxed loads and stores; no word is ever written by two threads of one wavefront.
//!
//! First free words.  Bits are only ever set, so the first word of E\[r\] or G\[d\] that is not all
//! ones only moves up; it is kept per row, and the mex starts at the largest of those of E\[z\], E\[y\]
//! and G[z − y] instead of at t = 0.  In the cube most lines then need one or two words.
//!
//! Cost: (D + 1)(D + 2)/2 lines, each a scan of six rows from its first free word to its value:
//! O(D²·X/64) word operations, about D·X/256 per line in the cube.  Memory
//! (D + 1)·(2(X + 1) + 2(X + D + 1)) bits — 6·N² bits for an N-cube, 1.9 GB at N = 50,000 — and
//! no table of results: each wavefront's values are handed to the caller and forgotten.

use super::tiles::Tiles;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

pub use wythoff_files::tiles::NONE;

/// Side of the solver's tiles: about 6B rows of a tile's working set stay in a 512 KiB cache.
/// The solver's own tuning; a cube file is solved with the format's side
/// ([`wythoff_files::tiles::CUBE_TILE`]) whatever this one is.
pub const TILE: u64 = 64;

/// Rows of bits, row-major, each padded by a spare word (so 64 bits from any bit of a row can
/// be read).  Words are atomics so that the tiles of a wavefront can share the table; each row
/// is written by one thread at a time (module documentation), so plain relaxed loads and stores
/// suffice.
struct Rows {
    words: usize,
    data: Vec<AtomicU64>,
}

impl Rows {
    fn new(rows: usize, bits: usize) -> Rows {
        let words = bits / 64 + 2;
        Rows {
            words,
            data: (0..rows * words).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn set(&self, row: usize, bit: usize) {
        let a = &self.data[row * self.words + bit / 64];
        a.store(a.load(Relaxed) | 1 << (bit % 64), Relaxed);
    }

    #[inline]
    fn word(&self, row: usize, w: usize) -> u64 {
        self.data[row * self.words + w].load(Relaxed)
    }

    /// The words of a row, its spare word included.
    #[inline]
    fn row(&self, row: usize) -> &[AtomicU64] {
        &self.data[row * self.words..(row + 1) * self.words]
    }
}

/// The solver's state: the box [0, X] × [0, D]² and the P-positions of the wavefronts
/// processed so far.
pub struct Solver {
    x: usize,
    d: usize,
    tiles: Tiles,
    e: Rows,
    f: Rows,
    g: Rows,
    h: Rows,
    free_e: Vec<AtomicU32>,
    free_g: Vec<AtomicU32>,
    next: usize,
}

/// Bytes of the solver's tables for the box [0, X] × [0, D]², with its own tiles or the cube
/// file's (`None` past u64).
pub fn bytes_needed(x: u64, d: u64) -> Option<u64> {
    let rows = d.checked_add(1)?;
    let short = (x / 64).checked_add(2)?;
    let long = (x.checked_add(d)? / 64).checked_add(2)?;
    let words = rows.checked_mul(short.checked_mul(2)?.checked_add(long.checked_mul(2)?)?)?;
    let side = TILE.min(wythoff_files::tiles::CUBE_TILE);
    let tiles = (rows / side + 1)
        .checked_mul(rows / side + 2)?
        .checked_mul(8)?;
    words
        .checked_mul(8)?
        .checked_add(rows.checked_mul(8)?)?
        .checked_add(tiles)
}

impl Solver {
    /// A solver for the box [0, x] × [0, d]² with nothing processed.  The caller bounds the sides
    /// (memory: [`bytes_needed`]).
    pub fn new(x: usize, d: usize) -> Solver {
        Solver::strip(x, d, d)
    }

    /// A solver for the lines y ≤ min(z, `ymax`), z ≤ `d` of the box [0, x] × [0, d]² (a strip
    /// is closed under moves too: a move never raises y).
    pub fn strip(x: usize, ymax: usize, d: usize) -> Solver {
        Solver::tiled(x, ymax, d, TILE)
    }

    /// [`Solver::strip`] with tiles of side `tile` ≥ 1 (the order of the wavefronts it hands
    /// out: the cube file's order when `tile` is the format's side).
    pub fn tiled(x: usize, ymax: usize, d: usize, tile: u64) -> Solver {
        let atomics = |n: usize| (0..n).map(|_| AtomicU32::new(0)).collect();
        Solver {
            x,
            d,
            tiles: Tiles::strip(ymax as u64, d as u64, tile),
            e: Rows::new(d + 1, x + 1),
            f: Rows::new(d + 1, x + d + 1),
            g: Rows::new(d + 1, x + 1),
            h: Rows::new(d + 1, x + d + 1),
            free_e: atomics(d + 1),
            free_g: atomics(d + 1),
            next: 0,
        }
    }

    /// The storage order of the lines, wavefront by wavefront.
    pub fn tiles(&self) -> &Tiles {
        &self.tiles
    }

    /// The next wavefront to process.
    pub fn next(&self) -> usize {
        self.next
    }

    /// Whether every wavefront is processed.
    pub fn done(&self) -> bool {
        self.next >= self.tiles.wavefronts()
    }

    /// T(y, z) for y ≤ z, given every line below it in both coordinates (a mex over t of the six
    /// other lines' occupancy).
    fn mex(&self, y: usize, z: usize) -> u32 {
        let (x, d) = (self.x, self.d);
        let dz = z - y;
        let start = self.free_e[z]
            .load(Relaxed)
            .max(self.free_e[y].load(Relaxed))
            .max(self.free_g[dz].load(Relaxed)) as usize;
        let (ez, ey, g) = (self.e.row(z), self.e.row(y), self.g.row(dz));
        // the shifted rows, read from word `off` on with a shift of `sh` bits
        let (fz, fz_off, fz_sh) = (self.f.row(z), (d - y) / 64, (d - y) % 64);
        let (fy, fy_off, fy_sh) = (self.f.row(y), (d - z) / 64, (d - z) % 64);
        let (h, h_off, h_sh) = (self.h.row(dz), (d - y) / 64, (d - y) % 64);
        #[inline(always)]
        fn at(row: &[AtomicU64], w: usize, sh: usize) -> u64 {
            let lo = row[w].load(Relaxed) >> sh;
            let hi = row[w + 1].load(Relaxed);
            lo | (hi << 1) << (63 - sh)
        }
        for w in start..=x / 64 {
            let blocked = ez[w].load(Relaxed)
                | ey[w].load(Relaxed)
                | g[w].load(Relaxed)
                | at(fz, w + fz_off, fz_sh)
                | at(fy, w + fy_off, fy_sh)
                | at(h, w + h_off, h_sh);
            if blocked != u64::MAX {
                let t = w * 64 + (!blocked).trailing_zeros() as usize;
                return if t <= x { t as u32 } else { NONE };
            }
        }
        NONE
    }

    /// Records the P-position (t, y, z), y ≤ z, and its mirror (t, z, y).
    fn record(&self, t: usize, y: usize, z: usize) {
        let d = self.d;
        self.e.set(z, t);
        self.e.set(y, t);
        self.f.set(z, t + d - y);
        self.f.set(y, t + d - z);
        self.g.set(z - y, t);
        self.h.set(z - y, t + d - y);
        let advance = |rows: &Rows, free: &AtomicU32, r: usize| {
            let mut w = free.load(Relaxed);
            while rows.word(r, w as usize) == u64::MAX {
                w += 1;
            }
            free.store(w, Relaxed);
        };
        advance(&self.e, &self.free_e[z], z);
        advance(&self.e, &self.free_e[y], y);
        advance(&self.g, &self.free_g[z - y], z - y);
    }

    /// Solves tile (I, J) line by line, appending T(y, z) to `out`.
    fn tile(&self, i: u64, j: u64, out: &mut Vec<u32>) {
        for (y, z) in self.tiles.lines(i, j) {
            let (y, z) = (y as usize, z as usize);
            let t = self.mex(y, z);
            if t != NONE {
                self.record(t as usize, y, z);
            }
            out.push(t);
        }
    }

    /// Processes the next wavefront (its tiles in parallel) and returns its values T(y, z) in
    /// storage order ([`NONE`] where the line holds no P-position in the box).
    pub fn step(&mut self) -> Vec<u32> {
        assert!(
            !self.done(),
            "three-pile solver stepped past its last wavefront"
        );
        let w = self.next;
        let tiles: Vec<(u64, u64)> = self.tiles.wavefront(w).collect();
        let this = &*self;
        let parts: Vec<Vec<u32>> = tiles
            .par_iter()
            .map(|&(i, j)| {
                let mut out = Vec::new();
                this.tile(i, j, &mut out);
                out
            })
            .collect();
        self.next += 1;
        parts.concat()
    }

    /// Records the next wavefront from known values (as [`Solver::step`] returned them): how a
    /// resumed run rebuilds its state from a file.  Refuses values that do not fit the box or
    /// the wrong number of them, leaving the solver unusable.
    pub fn replay(&mut self, vals: &[u32]) -> Result<(), String> {
        let w = self.next;
        let want = self.tiles.wavefront_start(w + 1) - self.tiles.wavefront_start(w);
        if vals.len() as u64 != want {
            return Err(format!(
                "wavefront {w} has {} values, not {want}",
                vals.len()
            ));
        }
        let mut k = 0;
        for (i, j) in self.tiles.wavefront(w) {
            for (y, z) in self.tiles.lines(i, j) {
                let t = vals[k];
                k += 1;
                if t == NONE {
                    continue;
                }
                if t as usize > self.x {
                    return Err(format!(
                        "T({y}, {z}) = {t} lies beyond the box side {}",
                        self.x
                    ));
                }
                self.record(t as usize, y as usize, z as usize);
            }
        }
        self.next += 1;
        Ok(())
    }
}
