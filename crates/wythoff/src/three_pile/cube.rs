//! Three-pile Wythoff solved into a cube file (`three N --cube FILE`) or into its summary.
//!
//! [`write`](fn@write) drives the solver ([`super::engine`]) wavefront by wavefront and hands each
//! wavefront's values to the cube file's writer ([`crate::files::cube::CubeWriter`]), which
//! checkpoints them; a resumed run replays the values kept into the solver first.  [`summary`]
//! runs the same solver with no file.  Reading a cube back is [`crate::files::cube::Cube`];
//! [`summary_of`] counts its P-positions.
//!
//! Cost: the solver's, plus one sequential write of 4(N + 1)(N + 2)/2 bytes — 5.0 GB at
//! N = 50,000; a resume reads back the values kept.

use super::engine::{NONE, Solver};
use super::tiles::{CUBE_TILE, Tiles};
use crate::context::Context;
use crate::error::Result;
use crate::files::Partial;
use crate::files::cube::{Cube, CubeWriter};
use std::path::Path;

/// The count and sum of the P-positions x ≤ y ≤ z ≤ N.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The side N.
    pub n: u64,
    /// Number of P-positions with x ≤ y ≤ z ≤ N.
    pub count: u64,
    /// Sum of x + y + z over them.
    pub sum: u128,
}

impl Summary {
    /// Adds the values of wavefront `w` (in storage order) of a cube of side `self.n`: each line
    /// (y, z) with T(y, z) ≤ y is the sorted P-position (T, y, z), and each sorted P-position is
    /// met exactly once.
    fn tally(&mut self, tiles: &Tiles, w: usize, vals: &[u32]) {
        let lines = tiles.wavefront(w).flat_map(|(i, j)| tiles.lines(i, j));
        for ((y, z), &t) in lines.zip(vals) {
            if t != NONE && u64::from(t) <= y {
                self.count += 1;
                self.sum += u128::from(t) + u128::from(y) + u128::from(z);
            }
        }
    }
}

/// The cube [0, N]³ solved without a file: the count and sum of its P-positions x ≤ y ≤ z.
/// `ctx`'s progress receives the number of lines finished (the solver runs on rayon's global
/// pool); once `ctx`'s flag is set it stops between wavefronts with [`crate::Error::Cancelled`].
pub fn summary(n: u64, ctx: &Context) -> Result<Summary> {
    super::check_box(n, n, super::engine::bytes_needed(n, n))?;
    let mut solver = Solver::tiled(n as usize, n as usize, n as usize, CUBE_TILE);
    let mut s = Summary {
        n,
        ..Summary::default()
    };
    while !solver.done() {
        ctx.check()?;
        let w = solver.next();
        let vals = solver.step();
        s.tally(solver.tiles(), w, &vals);
        ctx.report(vals.len() as u64);
    }
    Ok(s)
}

/// Solves the cube [0, N]³ into the cube file `path` ([`crate::files::cube`]) and returns
/// its summary.  `mode` says what to do with an interrupted run's partial file; `note` receives
/// one-line remarks; `abort_after` is a test hook: abort the process (as `kill -9` would) once
/// that many checkpoints are written.  `ctx`'s progress receives the number of lines finished
/// (those replayed from a resumed file included).  Once `ctx`'s flag is set it stops between
/// wavefronts with [`crate::Error::Cancelled`]: the checkpoints written stay, for
/// [`Partial::Resume`].
pub fn write(
    n: u64,
    path: &Path,
    mode: Partial,
    note: &dyn Fn(&str),
    abort_after: Option<usize>,
    ctx: &Context,
) -> Result<Summary> {
    let memory = super::engine::bytes_needed(n, n);
    super::check_box(n, n, memory)?;
    let (mut file, kept) = CubeWriter::open(n, path, mode, memory.unwrap_or(u64::MAX), note)?;
    let mut solver = Solver::tiled(n as usize, n as usize, n as usize, CUBE_TILE);
    let mut summary = Summary {
        n,
        ..Summary::default()
    };
    // a resumed run: the values kept replayed into the solver, wavefront by wavefront
    if let Some(kept) = kept {
        let mut got = 0u64;
        while got < kept {
            let w = solver.next();
            let k = solver.tiles().wavefront_start(w + 1) - solver.tiles().wavefront_start(w);
            let vals = file.replay(k.min(kept - got))?;
            if k > kept - got {
                return Err(file.refuse(format!(
                    "checkpoint {kept} is not at the end of a wavefront"
                )));
            }
            if let Err(why) = solver.replay(&vals) {
                return Err(file.refuse(format!("its values are not a solver's: {why}")));
            }
            summary.tally(solver.tiles(), w, &vals);
            got += k;
            ctx.report(k);
        }
        file.resume(note)?;
    }
    while !solver.done() {
        ctx.check()?;
        let w = solver.next();
        let vals = solver.step();
        summary.tally(solver.tiles(), w, &vals);
        let checkpoints = file.push(&vals)?;
        ctx.report(vals.len() as u64);
        if abort_after.is_some_and(|k| checkpoints >= k) {
            // Test hook: die like `kill -9` right after a checkpoint.
            std::process::abort();
        }
    }
    file.finish(note)?;
    Ok(summary)
}

/// The summary of the sub-cube [0, m]³ of a cube file, m ≤ its side.
pub fn summary_of(cube: &Cube, m: u64) -> Summary {
    let mut s = Summary {
        n: m,
        ..Summary::default()
    };
    let m = m.min(cube.side());
    for y in 0..=m {
        for z in y..=m {
            if let Some(t) = cube.partner(y, z).filter(|&t| t <= y) {
                s.count += 1;
                s.sum += u128::from(t + y + z);
            }
        }
    }
    s
}
