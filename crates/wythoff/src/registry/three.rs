//! Three-pile Wythoff, the queen in a cube (a = 1, normal play; doc/three_pile.md): a move takes
//! the same k > 0 from each pile of a non-empty set of piles.  Engine: the box below the position
//! solved by line occupancy ([`Box3`]), piles up to [`MAX_PILE`].

use super::{Analysis, Family, Game, Moves, Sample, analysis, taken, words};
use crate::context::Context;
use crate::error::Result;
use crate::three_pile::Box3;
use rug::Integer;
use std::ops::RangeInclusive;
use std::sync::{Arc, Mutex};

/// The largest pile (the box below the position is solved at once; the cost grows as the
/// product of the piles), the limit of `wythoff play` too.
pub const MAX_PILE: u64 = crate::three_pile::MAX_BOX_PILE;

/// The game, with the last box solved: a box holds the outcome of every position inside it, so
/// it answers every position it covers (a game played from one start asks only for positions
/// below it).
struct ThreePile {
    solved: Mutex<Option<Arc<Box3>>>,
}

/// `three-pile`.
pub(super) const FAMILY: Family = Family {
    pattern: "three-pile",
    about: "three-pile Wythoff, the queen in a cube (a = 1, normal play)",
    engine: "the box below the position by line occupancy (doc/three_pile.md), piles up to 2000",
    make,
    samples: || vec![Sample::new("three-pile", &[12, 13, 14])],
};

/// `three-pile`.
fn make(name: &str) -> Option<Box<dyn Game>> {
    (name == "three-pile").then(|| {
        Box::new(ThreePile {
            solved: Mutex::new(None),
        }) as Box<dyn Game>
    })
}

impl ThreePile {
    /// A box holding `p`: the last one if it does, else the box below `p`, solved.
    fn solve(&self, p: &[u64], ctx: &Context) -> Result<Arc<Box3>> {
        let mut solved = self.solved.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(b) = &*solved {
            let (x, d, _) = b.sides();
            if p[0] <= x && p[1].max(p[2]) <= d {
                return Ok(Arc::clone(b));
            }
        }
        let b = Arc::new(Box3::solve([p[0], p[1], p[2]], ctx)?);
        *solved = Some(Arc::clone(&b));
        Ok(b)
    }
}

impl Moves for ThreePile {
    fn name(&self) -> String {
        "three-pile".into()
    }

    fn heaps(&self) -> RangeInclusive<usize> {
        3..=3
    }

    /// The same k > 0 from each pile of a non-empty set of piles (a bit mask).
    fn any_move(&self, p: &[u64], f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        (1..8u64).any(|set| {
            let on = |i: usize| set >> i & 1;
            let k_max = (0..3).filter(|&i| on(i) == 1).map(|i| p[i]).min();
            (1..=k_max.unwrap_or(0))
                .any(|k| f(&[p[0] - k * on(0), p[1] - k * on(1), p[2] - k * on(2)]))
        })
    }
}

impl Game for ThreePile {
    fn title(&self) -> String {
        "three-pile Wythoff: take the same k > 0 from one, two or three piles".into()
    }

    fn analyse(&self, p: &[Integer], ctx: &Context) -> Result<Analysis> {
        let p = words("three-pile", p, MAX_PILE)?;
        let b = self.solve(&p, ctx)?;
        let moves = self.moves(&p);
        Ok(analysis(
            moves
                .into_iter()
                .filter(|q| b.is_p(q[0], q[1], q[2]))
                .collect(),
        ))
    }

    /// From the amounts taken: the same k > 0 from every pile taken from.
    fn is_move(&self, p: &[u64], q: &[u64]) -> bool {
        taken(p, q).is_some_and(|d| {
            let k = d.iter().copied().max().unwrap_or(0);
            d.iter().all(|&t| t == 0 || t == k)
        })
    }
}
