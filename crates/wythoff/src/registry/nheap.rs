//! Fraenkel's N-heap Wythoff (doc/nheap.md): a move lowers one heap, or takes (x_1, …, x_N) from
//! all heaps, not all zero, with nim-sum x_1 ⊕ … ⊕ x_N = 0.  Engine: [`crate::nheap::analyse`]
//! (the slices for three and four heaps, the box search otherwise), within its limits.

use super::{Analysis, Family, Game, Moves, Sample, analysis, taken, words};
use crate::context::Context;
use crate::error::Result;
use crate::nheap::MAX_HEAPS;
use rug::Integer;
use std::ops::RangeInclusive;

struct Nheap;

/// `nheap`.
pub(super) const FAMILY: Family = Family {
    pattern: "nheap",
    about: "Fraenkel's N-heap Wythoff (nim-sum moves), 2 to 8 heaps",
    engine: "the slices for three and four heaps, else the box search (doc/nheap.md)",
    make,
    samples: || {
        vec![
            Sample::new("nheap", &[16, 16]),
            Sample::new("nheap", &[12, 12, 12]),
            Sample::new("nheap", &[6, 7, 6, 7]),
            Sample::new("nheap", &[2, 3, 2, 3, 2]),
        ]
    },
};

/// `nheap`.
fn make(name: &str) -> Option<Box<dyn Game>> {
    (name == "nheap").then(|| Box::new(Nheap) as Box<dyn Game>)
}

impl Moves for Nheap {
    fn name(&self) -> String {
        "nheap".into()
    }

    fn heaps(&self) -> RangeInclusive<usize> {
        2..=MAX_HEAPS
    }

    /// Every vector x ≤ p taken (heap by heap, in mixed radix) that lowers one heap or has
    /// nim-sum 0.
    fn any_move(&self, p: &[u64], f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        let mut x = vec![0u64; p.len()];
        let mut q = p.to_vec();
        loop {
            let mut i = 0;
            while i < p.len() && x[i] == p[i] {
                x[i] = 0;
                i += 1;
            }
            if i == p.len() {
                return false;
            }
            x[i] += 1;
            let one_heap = x.iter().filter(|&&t| t > 0).count() == 1;
            if one_heap || x.iter().fold(0, |s, &t| s ^ t) == 0 {
                for (j, t) in x.iter().enumerate() {
                    q[j] = p[j] - t;
                }
                if f(&q) {
                    return true;
                }
            }
        }
    }
}

impl Game for Nheap {
    fn title(&self) -> String {
        "Fraenkel's N-heap Wythoff: lower one heap, or take a nim-sum-zero vector from all".into()
    }

    fn analyse(&self, p: &[Integer], ctx: &Context) -> Result<Analysis> {
        let p = words("nheap", p, u64::MAX)?;
        Ok(analysis(crate::nheap::analyse(&p, ctx)?.moves))
    }

    /// From the amounts taken ([`crate::nheap::is_move`]): the moves of a position are as many
    /// as the product of its heaps.
    fn is_move(&self, p: &[u64], q: &[u64]) -> bool {
        taken(p, q).is_some_and(|d| crate::nheap::is_move(&d))
    }
}
