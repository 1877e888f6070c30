//! The pairs of a [`Plan`] as two columns of u64 in memory — A_n and B_n at index n − START —
//! for callers that hand the arrays on (the Python bindings' NumPy arrays).
//!
//! The bulk generator ([`super::bulk`]) fills each chunk's slices in parallel on the current
//! rayon pool, through the same [`Plan::run`] that writes the pairs files (each chunk started
//! exactly and its last term re-checked).  Every value is checked to fit before any work: the
//! largest is B_STOP.  The flag of the caller's [`Context`] is polled between chunks.  Cost: that of
//! [`Plan::run`], about 2 cycles a term, plus 16 bytes a term written.

use super::bulk::{Chunk, PairSink, Pairs, Plan};
use crate::context::Context;
use crate::error::{Error, Result};
use rayon::prelude::*;

/// Terms per chunk: small enough to poll the flag often, large enough to amortise the exact start.
const CHUNK: u64 = 1 << 18;

/// Whether every value of `plan` fits in a u64 (B_STOP, the largest, does).
pub fn fits_u64(plan: &Plan) -> bool {
    u64::try_from(plan.pair(plan.stop()).1).is_ok()
}

/// Writes A_n into `lower[n − START]` and B_n into `upper[n − START]` for every n of `plan`.
/// Refuses slices whose length is not the plan's count, and a plan whose B_STOP exceeds
/// 2^64 − 1 ([`Error::Domain`]), before any work; [`Error::Cancelled`] once `ctx`'s flag is set.
/// `ctx`'s progress receives the number of pairs each finished chunk wrote (the chunks run on
/// the current rayon pool).
pub fn fill_u64(plan: &Plan, lower: &mut [u64], upper: &mut [u64], ctx: &Context) -> Result<()> {
    if lower.len() as u128 != plan.count() || upper.len() as u128 != plan.count() {
        return Err(Error::internal(format!(
            "columns of {} and {} values for {} pairs",
            lower.len(),
            upper.len(),
            plan.count()
        )));
    }
    if !fits_u64(plan) {
        return Err(Error::domain(format!(
            "B_{} = {} does not fit in 64 bits: ask for a smaller STOP",
            plan.stop(),
            plan.pair(plan.stop()).1
        )));
    }
    let mut parts: Vec<(Chunk, &mut [u64], &mut [u64])> = Vec::new();
    let (mut lo, mut up) = (lower, upper);
    for ch in plan.chunks(CHUNK) {
        // the chunks cover the range in order, so their lengths add up to the slices' length
        let (l, rest_l) = lo.split_at_mut(ch.len as usize);
        let (u, rest_u) = up.split_at_mut(ch.len as usize);
        parts.push((ch, l, u));
        (lo, up) = (rest_l, rest_u);
    }
    let a = plan.rules().a();
    parts.into_par_iter().try_for_each(|(ch, lower, upper)| {
        ctx.check()?;
        let mut sink = Pairs::new(
            a,
            SliceSink {
                lower,
                upper,
                at: 0,
            },
        );
        plan.run(ch, &mut sink)?;
        ctx.report(ch.len);
        Ok(())
    })
}

/// Writes one chunk's pairs into its slices, from index 0 on.
struct SliceSink<'s> {
    lower: &'s mut [u64],
    upper: &'s mut [u64],
    at: usize,
}

impl PairSink for SliceSink<'_> {
    #[inline(always)]
    fn pair(&mut self, a: u128, b: u128) {
        // every value ≤ B_STOP < 2^64 (checked before the run); `at` < the chunk's length
        self.lower[self.at] = a as u64;
        self.upper[self.at] = b as u64;
        self.at += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cancel::Cancel;
    use crate::game::Rules;
    use crate::pairs::{Solver, Strategy};
    use rug::Integer;

    #[test]
    fn columns_equal_the_recursion_and_refuse_what_does_not_fit() {
        for a in [1u64, 2, 5] {
            for misere in [false, true] {
                let rules = Rules::new(a, misere).unwrap();
                let (start, stop) = (0, 3 * CHUNK + 17);
                let plan = Plan::new(rules, start, stop).unwrap();
                let len = (stop - start + 1) as usize;
                let (mut lo, mut up) = (vec![0; len], vec![0; len]);
                fill_u64(&plan, &mut lo, &mut up, &Context::serial()).unwrap();
                let s = Solver::new(rules, Strategy::Arithmetic);
                for n in (0..len).step_by(4099).chain([len - 1, 0, 1, 2]) {
                    let (x, y) = s.nth(&Integer::from(n)).unwrap();
                    assert_eq!((Integer::from(lo[n]), Integer::from(up[n])), (x, y));
                }
            }
        }
        let big = Plan::new(Rules::wythoff(), u64::MAX - 3, u64::MAX).unwrap();
        let r = fill_u64(&big, &mut [0; 4], &mut [0; 4], &Context::serial());
        assert!(matches!(r, Err(Error::Domain(_))));
        let c = Cancel::new();
        c.cancel();
        let plan = Plan::new(Rules::wythoff(), 0, 99).unwrap();
        let r = fill_u64(
            &plan,
            &mut [0; 100],
            &mut [0; 100],
            &Context::serial().with_cancel(&c),
        );
        assert!(matches!(r, Err(Error::Cancelled)));
    }
}
