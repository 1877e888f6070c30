//! The rules of a game as its moves ([`Moves`]), and the brute-force oracle of every game: the box
//! [0, b_1] × … × [0, b_k] decided from the moves alone by backward induction — a position is P iff
//! every move leads to an N-position, and in misère play a position without a move is N.  Every
//! move lowers some heap and raises none, so the cells in increasing mixed-radix order (heap 1
//! fastest) come after all their options.  Cost: Σ over the cells of their moves; memory one
//! bit per cell.  It shares no code with the engines: it is what they are tested against (the
//! registry of games, `wythoff::registry`, and [`crate::game::BruteForce`]).

use crate::error::{Error, Result};
use std::ops::RangeInclusive;

/// The rules of an impartial game on heaps of counters, as the positions one move reaches.
pub trait Moves {
    /// The name the game is known by (`wythoff`, `fraenkel-3`, `maharaja`).
    fn name(&self) -> String;
    /// The numbers of heaps a position may have.
    fn heaps(&self) -> RangeInclusive<usize>;
    /// Whether the player who cannot move wins (misère play); `false` in normal play.
    fn misere(&self) -> bool {
        false
    }
    /// Calls `f` with every position one move from `p`, as the rules state them, until `f`
    /// returns `true`; returns whether it did.  Every move lowers some heap and raises none.
    fn any_move(&self, p: &[u64], f: &mut dyn FnMut(&[u64]) -> bool) -> bool;

    /// Every position one move from `p` (meant for small positions: their number grows with the
    /// heaps).
    fn moves(&self, p: &[u64]) -> Vec<Vec<u64>> {
        let mut v = Vec::new();
        self.any_move(p, &mut |q| {
            v.push(q.to_vec());
            false
        });
        v
    }
}

/// The most cells of a box (2^22).
pub const MAX_CELLS: u64 = 1 << 22;

/// The outcome of every position of a box.
pub struct BruteBox {
    sides: Vec<u64>,
    p: Vec<bool>,
}

impl BruteBox {
    /// Decides every position of the box [0, b_1] × … × [0, b_k] of `game` (k = the number of
    /// `bounds`); refused beyond [`MAX_CELLS`] cells or for a number of heaps the game does not
    /// have.
    pub fn solve(game: &(impl Moves + ?Sized), bounds: &[u64]) -> Result<BruteBox> {
        if !game.heaps().contains(&bounds.len()) {
            return Err(Error::usage(format!(
                "{}: no position has {} heaps",
                game.name(),
                bounds.len()
            )));
        }
        let sides: Vec<u64> = bounds.iter().map(|&b| b.saturating_add(1)).collect();
        let cells = sides
            .iter()
            .try_fold(1u64, |c, &s| c.checked_mul(s))
            .filter(|&c| c <= MAX_CELLS)
            .ok_or_else(|| {
                Error::usage(format!("a brute-force box has at most {MAX_CELLS} cells"))
            })?;
        let mut b = BruteBox {
            sides,
            p: vec![false; cells as usize],
        };
        let mut pos = vec![0u64; b.sides.len()];
        for i in 0..cells as usize {
            b.position_into(i, &mut pos);
            let mut any = false;
            let p = &b.p;
            let sides = &b.sides;
            let reaches_p = game.any_move(&pos, &mut |q| {
                any = true;
                p[index(sides, q)]
            });
            // P iff no move reaches a P-position; in misère play a position without a move is N
            b.p[i] = !reaches_p && (any || !game.misere());
        }
        Ok(b)
    }

    fn position_into(&self, mut i: usize, out: &mut [u64]) {
        for (o, &s) in out.iter_mut().zip(&self.sides) {
            *o = i as u64 % s;
            i /= s as usize;
        }
    }

    /// Whether `p` (inside the box) is a P-position.
    pub fn is_p(&self, p: &[u64]) -> bool {
        self.p[index(&self.sides, p)]
    }

    /// Every position of the box, in increasing mixed-radix order (heap 1 fastest).
    pub fn positions(&self) -> impl Iterator<Item = Vec<u64>> + '_ {
        (0..self.p.len()).map(|i| {
            let mut p = vec![0; self.sides.len()];
            self.position_into(i, &mut p);
            p
        })
    }
}

/// The index of `p` in a box of these sides (heap 1 fastest).
fn index(sides: &[u64], p: &[u64]) -> usize {
    let mut i = 0u64;
    for (&v, &s) in p.iter().zip(sides).rev() {
        i = i * s + v;
    }
    i as usize
}

/// The winning moves of `p` (inside `b`'s box) by the oracle: the moves to P-positions, sorted.
pub fn winning_moves(game: &(impl Moves + ?Sized), b: &BruteBox, p: &[u64]) -> Vec<Vec<u64>> {
    let mut v: Vec<Vec<u64>> = game.moves(p).into_iter().filter(|q| b.is_p(q)).collect();
    v.sort();
    v.dedup();
    v
}
