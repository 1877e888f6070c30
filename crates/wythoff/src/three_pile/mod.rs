//! Three-pile Wythoff (K. Xiao, "Winning strategies for Wythoff's game", §5; doc/three_pile.md):
//! take the same positive amount from any non-empty set of the piles — one, two or all three.
//!
//! Algorithm: line occupancy, folded by the symmetry y ↔ z and streamed by wavefronts of tiles
//! ([`engine`], [`tiles`]; doc/three_pile.md).  [`Box3`] keeps the solved values of a box in memory;
//! [`cube`] streams them into a checkpointed file, for cubes up to N = 50,000 and beyond.
//!
//! The table T(y, z) = t (the P-position (t, y, z)) is OEIS A018219 read by antidiagonals; its
//! diagonal is A051261.

pub mod cube;
pub mod discrepancy;
pub mod engine;
pub use wythoff_files::tiles;

use crate::context::Context;
use crate::error::{Error, Result};
pub use engine::NONE;
use engine::Solver;
use tiles::Tiles;

/// The most memory a solve may take (tables and, for [`Box3`], its values): 12 GiB.
pub const MAX_BYTES: u64 = crate::files::resources::MEMORY_CAP;

/// The largest pile of a position answered by solving the box below it at once (`wythoff play`,
/// `wythoff move --game three-pile`): the cost grows as the product of the piles; the start
/// (2000, 2000, 2000) took 3.8 s on a busy 2-core machine.
pub const MAX_BOX_PILE: u64 = 2000;

/// Bytes of a [`Box3`] of the box [0, X] × [0, D]²: the solver's tables and 4 bytes per line
/// y ≤ z (`None` past u64).
pub fn box_bytes(x: u64, d: u64) -> Option<u64> {
    let lines = d.checked_add(1)?.checked_mul(d.checked_add(2)?)? / 2;
    engine::bytes_needed(x, d)?.checked_add(lines.checked_mul(4)?)
}

/// Refuses a box whose memory passes [`MAX_BYTES`] or whose sides pass u32, naming both.
pub fn check_box(x: u64, d: u64, bytes: Option<u64>) -> Result<()> {
    const MAX_SIDE: u64 = u32::MAX as u64 / 4 - 1;
    if x > MAX_SIDE || d > MAX_SIDE {
        return Err(Error::usage(format!(
            "three-pile box [0, {x}] x [0, {d}]^2: sides up to {MAX_SIDE} are supported"
        )));
    }
    match bytes {
        Some(b) if b <= MAX_BYTES => crate::grundy::check_resources(b, 0, None),
        _ => Err(Error::usage(format!(
            "three-pile box [0, {x}] x [0, {d}]^2 needs {} of memory, more than the {} GiB allowed",
            bytes.map_or("more than 2^64 bytes".to_string(), |b| format!(
                "{} MiB",
                b >> 20
            )),
            MAX_BYTES >> 30
        ))),
    }
}

/// Solves the lines y ≤ min(z, `ymax`), z ≤ `d` of the box [0, x] × [0, d]² and hands each to
/// `visit(y, z, T(y, z))` (`None` when its P-position lies above x), wavefront by wavefront,
/// without keeping them; `ctx`'s progress receives the number of lines finished (the solver runs
/// on rayon's global pool).  Once `ctx`'s flag is set it stops between wavefronts with
/// [`Error::Cancelled`].
pub fn scan(
    x: u64,
    ymax: u64,
    d: u64,
    ctx: &Context,
    visit: &mut dyn FnMut(u64, u64, Option<u64>),
) -> Result<()> {
    check_box(x, d, engine::bytes_needed(x, d))?;
    let mut solver = Solver::strip(x as usize, ymax.min(d) as usize, d as usize);
    while !solver.done() {
        ctx.check()?;
        let w = solver.next();
        let vals = solver.step();
        let tiles = solver.tiles();
        let lines = tiles.wavefront(w).flat_map(|(i, j)| tiles.lines(i, j));
        for ((y, z), &t) in lines.zip(&vals) {
            visit(y, z, (t != NONE).then_some(u64::from(t)));
        }
        ctx.report(vals.len() as u64);
    }
    Ok(())
}

/// The solved box [0, X] × [0, D]²: for every y, z ≤ D the P-position (T(y, z), y, z), if
/// T(y, z) ≤ X.
pub struct Box3 {
    x: usize,
    d: usize,
    tiles: Tiles,
    /// T(y, z) for y ≤ z, in the solver's storage order ([`Tiles::index`]).
    t: Vec<u32>,
}

impl Box3 {
    /// Solves a box containing \[0,x\]×\[0,y\]×\[0,z\] (the box \[0, x\] × \[0, max(y, z)\]²)
    /// on rayon's global pool; `ctx`'s progress receives the number of lines finished.  Once
    /// `ctx`'s flag is set it stops between wavefronts with [`Error::Cancelled`].
    pub fn solve([x, y, z]: [u64; 3], ctx: &Context) -> Result<Box3> {
        let d = y.max(z);
        check_box(x, d, box_bytes(x, d))?;
        let (xs, ds) = (x as usize, d as usize);
        let mut solver = Solver::new(xs, ds);
        let mut t = Vec::with_capacity(solver.tiles().total() as usize);
        while !solver.done() {
            ctx.check()?;
            let vals = solver.step();
            ctx.report(vals.len() as u64);
            t.extend_from_slice(&vals);
        }
        let tiles = Tiles::new(d, engine::TILE);
        Ok(Box3 {
            x: xs,
            d: ds,
            tiles,
            t,
        })
    }

    /// Solves the cube [0, n]³ ([`Box3::solve`]).
    pub fn cube(n: u64, ctx: &Context) -> Result<Box3> {
        Box3::solve([n, n, n], ctx)
    }

    /// T(y, z): the t with (t, y, z) a P-position, if it is at most X; `None` otherwise (also
    /// for y or z beyond D).
    pub fn partner(&self, y: u64, z: u64) -> Option<u64> {
        let (y, z) = (y.min(z), y.max(z));
        if z > self.d as u64 {
            return None;
        }
        let v = self.t[self.tiles.index(y, z) as usize];
        (v != NONE).then_some(v as u64)
    }

    /// Whether (x, y, z) (inside the box) is a P-position.
    pub fn is_p(&self, x: u64, y: u64, z: u64) -> bool {
        self.partner(y, z) == Some(x)
    }

    /// The P-positions x ≤ y ≤ z of the cube [0, min(X, D)]³, sorted by x + y + z, then x,
    /// then y.
    pub fn sorted_positions(&self) -> Vec<[u64; 3]> {
        let n = self.x.min(self.d) as u64;
        let mut v = Vec::new();
        for y in 0..=n {
            for z in y..=n {
                if let Some(t) = self.partner(y, z).filter(|&t| t <= y) {
                    v.push([t, y, z]);
                }
            }
        }
        v.sort_by_key(|p| (p[0] + p[1] + p[2], p[0], p[1]));
        v
    }

    /// Writes [`Box3::sorted_positions`] to `out`, one `x y z` line each — the text of
    /// `three --print` and of the default job's three_pile_N.txt.
    pub fn write_positions(&self, out: &mut dyn std::io::Write) -> Result<()> {
        use std::io::Write as _;
        let mut w = std::io::BufWriter::new(out);
        for q in self.sorted_positions() {
            writeln!(w, "{} {} {}", q[0], q[1], q[2]).map_err(crate::pairs::emit::write_error)?;
        }
        w.flush().map_err(crate::pairs::emit::write_error)
    }

    /// A winning move from (x, y, z) inside the box: the P-position reached, or `None` if
    /// (x, y, z) is a P-position.  Directions are tried in the order e1, e2, e3, e1+e2, e1+e3,
    /// e2+e3, e1+e2+e3, and along each the nearest P-position below.
    pub fn winning_move(&self, p: [u64; 3]) -> Option<[u64; 3]> {
        if self.is_p(p[0], p[1], p[2]) {
            return None;
        }
        // the directions as bit masks of the piles they take from, in the order above
        for dir in [0b001u8, 0b010, 0b100, 0b011, 0b101, 0b110, 0b111] {
            let v: [u64; 3] = std::array::from_fn(|i| u64::from((dir >> i) & 1));
            let kmax = (0..3)
                .filter(|&i| v[i] == 1)
                .map(|i| p[i])
                .min()
                .unwrap_or(0);
            for k in 1..=kmax {
                let q = [p[0] - k * v[0], p[1] - k * v[1], p[2] - k * v[2]];
                if self.is_p(q[0], q[1], q[2]) {
                    return Some(q);
                }
            }
        }
        None
    }

    /// The box's sides (X, D, D).
    pub fn sides(&self) -> (u64, u64, u64) {
        (self.x as u64, self.d as u64, self.d as u64)
    }
}

/// T(a, b) for a + b ≤ d (OEIS A018219 by antidiagonals: T(0, s), T(1, s−1), …, T(s, 0) for
/// s = 0..=d).  The box X = 3d holds them all: T(a, b) ≤ 2a + 2b + 2·min(a, b) ≤ 3(a + b)
/// (proof in `crate::oeis::three_pile_rows`), so a value not found is an internal error.
/// Reports the lines solved to `ctx`'s progress; stops between wavefronts once `ctx`'s flag is set
/// ([`Error::Cancelled`]).
pub fn a018219(d: u64, ctx: &Context) -> Result<Vec<u64>> {
    let x = d
        .checked_mul(3)
        .ok_or_else(|| Error::usage(format!("{d} antidiagonals is too many")))?;
    let len = (d as u128 + 1) * (d as u128 + 2) / 2;
    let len = usize::try_from(len).map_err(|_| Error::usage("too many terms"))?;
    // the terms (8 bytes each) and the box, before either is allocated
    let box_and_terms = box_bytes(x, d).and_then(|b| b.checked_add((len as u64).checked_mul(8)?));
    crate::files::resources::check(
        box_and_terms.unwrap_or(u64::MAX),
        0,
        None,
        "number of terms",
    )?;
    let mut out = vec![u64::MAX; len];
    let at = |a: u64, b: u64| ((a + b) * (a + b + 1) / 2 + a) as usize;
    scan(x, d, d, ctx, &mut |y, z, t| {
        if y + z <= d
            && let Some(t) = t
        {
            out[at(y, z)] = t;
            out[at(z, y)] = t;
        }
    })?;
    if let Some(i) = out.iter().position(|&t| t == u64::MAX) {
        return Err(Error::internal(format!(
            "term {i} of A018219 lies above the box [0, {x}], against the bound T(a, b) <= 3(a + b)"
        )));
    }
    Ok(out)
}

/// The box (X, D) that [`a051261`] solves for the diagonal n ≤ d: height 2d + 16 (the values
/// measured stay below 1.8n; a value above it is refused, never guessed).
pub fn diagonal_box(d: u64) -> Option<(u64, u64)> {
    Some((d.checked_mul(2)?.checked_add(16)?, d))
}

/// T(n, n) for n ≤ d (OEIS A051261, the diagonal of A018219), from the box [`diagonal_box`]: a
/// value found there is exact (the box is closed under moves); the first n whose value lies
/// above the box is refused by name.  Reports the lines solved to `ctx`'s progress; stops
/// between wavefronts once `ctx`'s flag is set.
pub fn a051261(d: u64, ctx: &Context) -> Result<Vec<u64>> {
    let (x, _) = diagonal_box(d).ok_or_else(|| Error::usage("too many terms"))?;
    let len = usize::try_from(d + 1).map_err(|_| Error::usage("too many terms"))?;
    let mut out = vec![u64::MAX; len];
    scan(x, d, d, ctx, &mut |y, z, t| {
        if y == z
            && let Some(t) = t
        {
            out[y as usize] = t;
        }
    })?;
    if let Some(n) = out.iter().position(|&t| t == u64::MAX) {
        return Err(Error::domain(format!(
            "A051261: T({n}, {n}) lies above the box [0, {x}] x [0, {d}]^2 solved; at most {n} terms"
        )));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outcomes of the cube [0, n]³ by the brute-force oracle, from the rules of the
    /// registry's `three-pile`.
    pub(crate) fn brute_box(n: u64) -> crate::oracle::BruteBox {
        let game = crate::registry::find("three-pile").unwrap();
        crate::oracle::BruteBox::solve(&*game, &[n; 3]).unwrap()
    }

    #[test]
    fn equals_brute_force_on_a_cube() {
        let n = 24;
        let oracle = brute_box(n);
        let b = Box3::cube(n, &Context::serial()).unwrap();
        for x in 0..=n {
            for y in 0..=n {
                for z in 0..=n {
                    let want = oracle.is_p(&[x, y, z]);
                    assert_eq!(b.is_p(x, y, z), want, "({x},{y},{z})");
                }
            }
        }
    }

    #[test]
    fn xiao_first_positions_and_wythoff_faces() {
        let b = Box3::cube(60, &Context::serial()).unwrap();
        let first: Vec<[u64; 3]> = b
            .sorted_positions()
            .into_iter()
            .filter(|p| p[0] > 0)
            .take(4)
            .collect();
        assert_eq!(first, [[1, 1, 4], [1, 3, 3], [2, 2, 6], [3, 4, 4]]);
        // every (0, A_n, B_n) is P
        for (a, bb) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (21, 34)] {
            assert!(b.is_p(0, a, bb) && b.is_p(bb, 0, a) && b.is_p(a, bb, 0));
        }
    }

    #[test]
    fn winning_moves_land_on_p_positions() {
        let b = Box3::cube(30, &Context::serial()).unwrap();
        for x in 0..=30 {
            for y in 0..=30 {
                for z in 0..=30 {
                    match b.winning_move([x, y, z]) {
                        None => assert!(b.is_p(x, y, z)),
                        Some(q) => {
                            assert!(b.is_p(q[0], q[1], q[2]));
                            let d: Vec<u64> = (0..3).map(|i| [x, y, z][i] - q[i]).collect();
                            let k = *d.iter().max().unwrap();
                            assert!(k > 0 && d.iter().all(|&e| e == 0 || e == k));
                        }
                    }
                }
            }
        }
    }
}
