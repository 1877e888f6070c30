//! Fraenkel's numeration property (Property 3 of A. S. Fraenkel, "How to beat your Wythoff
//! games' opponent on three fronts", 1982): A_n is the q-representation of n read in the
//! p-system, minus 1 when it ends in an odd number of zeros.
//!
//! * [`NumTable`]: the property tabulated for the sweep of [`super::mex`] — one look-up per n.
//! * [`sample_check`]: the property with arbitrary precision ([`crate::pairs::numeration`])
//!   against the floor formula ([`crate::pairs::algebraic`]) at every n < min(bound, 10^6) and at
//!   10^4 spread-out n up to the bound, each shard taking the points in its own range.  Cost:
//!   O(log n) big-integer operations per point.

use super::Config;
use super::report::Check;
use crate::pairs::{algebraic, numeration};
use rug::Integer;

/// Property 3 tabulated: for r < q_k, V\[r\] = I_p(R_q(r)) and the trailing zeros of R_q(r).
/// Every n splits into its q-digits at positions ≥ k (the *high part*, value H) and a low part
/// r = n − H < q_k whose digits are exactly R_q(r) (the representation is unique); so within a
/// block of consecutive n sharing the high part, A_n by Property 3 is I_p(high) + V\[r\], minus 1
/// when the trailing-zero count is odd — a table look-up per n.  Blocks are q_k long (q_{k−1}
/// when the digit at k is a, which forces the digit at k − 1 to be 0); each block's high part is
/// represented afresh with the arbitrary-precision routine.
pub struct NumTable {
    a: u64,
    k: usize,
    q: Vec<u64>,
    /// V[r] − (trailing zeros of R_q(r) mod 2), for r ≥ 1 (V[r] ≥ 1 there).
    lowered: Vec<u64>,
}

impl NumTable {
    /// A placeholder for the loop without numeration.
    pub(super) fn empty() -> NumTable {
        NumTable {
            a: 0,
            k: 0,
            q: Vec::new(),
            lowered: Vec::new(),
        }
    }

    /// Largest q_k tabulated.
    const CAP: u64 = 1 << 17;

    /// Whether [`NumTable::new`] gives a table for a: q_1 = a must not exceed the cap (2^17).
    pub fn available(a: u64) -> bool {
        (1..=Self::CAP).contains(&a)
    }

    /// The table for parameter a, or `None` when even q_1 = a is too large to tabulate.
    pub fn new(a: u64) -> Option<NumTable> {
        const CAP: u64 = NumTable::CAP;
        let mut q: Vec<u64> = vec![1]; // q_0, q_1, …
        let (mut prev, mut last) = (0u64, 1u64); // q_{k−1}, q_k
        while q.len() < 64 {
            let next = a.checked_mul(last)?.checked_add(prev)?;
            if next > CAP {
                break;
            }
            (prev, last) = (last, next);
            q.push(next);
        }
        let k = q.len() - 1; // q_k ≤ CAP
        if k == 0 {
            return None;
        }
        let qk = q[k] as usize;
        let mut lowered = Vec::with_capacity(qk);
        for r in 0..qk {
            let d = numeration::represent(a, numeration::System::Q, &Integer::from(r));
            let v = numeration::evaluate(a, numeration::System::P, &d).to_u64()?;
            lowered.push(v - (numeration::trailing_zeros(&d) as u64 & 1) * u64::from(r > 0));
        }
        Some(NumTable { a, k, q, lowered })
    }

    /// The block containing n: (I_p of the high part, its trailing zeros counted from position 0
    /// when the low part is 0 (`None` if the high part is empty), r, and the block's largest r).
    pub(super) fn block(&self, n: u64) -> Option<(u64, Option<u32>, u64, u64)> {
        let d = numeration::represent(self.a, numeration::System::Q, &Integer::from(n));
        if d.len() <= self.k {
            return Some((0, None, n, self.q[self.k] - 1));
        }
        let mut high = d.clone();
        high[..self.k].iter_mut().for_each(|x| *x = 0);
        let h = numeration::evaluate(self.a, numeration::System::Q, &high).to_u64()?;
        let ip = numeration::evaluate(self.a, numeration::System::P, &high).to_u64()?;
        let tz = numeration::trailing_zeros(&high) as u32;
        let rmax = if d[self.k] == self.a {
            self.q[self.k - 1] - 1
        } else {
            self.q[self.k] - 1
        };
        Some((ip, Some(tz), n - h, rmax))
    }

    /// A_n by Property 3 inside a block.
    #[inline(always)]
    pub(super) fn lower(&self, ip_high: u64, tz_high: Option<u32>, r: u64) -> u64 {
        if r == 0 {
            ip_high - (tz_high.unwrap_or(0) & 1) as u64
        } else {
            ip_high + self.lowered[r as usize]
        }
    }
}

/// Below this every n is checked; above, 10^4 spread-out points.
const DENSE: u64 = 1_000_000;

/// The sample points of the whole verification of [0, bound) that fall in [lo, hi), sorted and
/// distinct.
pub fn sample_points(bound: u64, lo: u64, hi: u64) -> Vec<u64> {
    let dense_hi = bound.min(DENSE);
    let mut ns: Vec<u64> = (lo.min(dense_hi)..hi.min(dense_hi)).collect();
    if bound > dense_hi {
        let span = bound - dense_hi;
        ns.extend(
            (0..10_000u64)
                .map(|j| dense_hi + (span as u128 * j as u128 / 10_000) as u64)
                .chain(std::iter::once(bound - 1))
                .filter(|n| (lo..hi).contains(n)),
        );
    }
    ns.sort_unstable();
    ns.dedup();
    ns
}

/// Exactly what the sample check covers over [lo, hi) of a verification of [0, bound).
pub fn covers(bound: u64, lo: u64, hi: u64) -> String {
    let dense_hi = bound.min(DENSE);
    let spread = if bound > dense_hi {
        format!(
            " and 10^4 points spread over [{dense_hi}, {bound}) with {}",
            bound - 1
        )
    } else {
        String::new()
    };
    format!(
        "every n < {dense_hi}{spread}, those in [{lo}, {hi}): the floor formula = numeration (Property 3), arbitrary precision"
    )
}

/// The check's name.
pub const NAME: &str = "floor = numeration";

/// The reason a shard holds no sample point.
pub const EMPTY: &str = "no sample point lies in this range";

/// Property 3 against the floor formula at this shard's sample points.
pub fn sample_check(cfg: &Config) -> Check {
    use rayon::prelude::*;
    let (lo, hi) = cfg.range();
    let ns = sample_points(cfg.bound, lo, hi);
    let floor = |n: u64| {
        let ni = Integer::from(n);
        algebraic::lower(cfg.a, 0, &ni) + u32::from(cfg.inject_fault == Some(n))
    };
    // Every point is examined, also after a counterexample: the count is what was covered.
    let bad = ns
        .par_iter()
        .with_min_len(1024)
        .filter(|&&n| numeration::lower(cfg.a, 0, &Integer::from(n)) != floor(n))
        .min()
        .map(|&n| {
            format!(
                "a = {}, n = {n}: floor formula {}, numeration (Property 3) {}",
                cfg.a,
                floor(n),
                numeration::lower(cfg.a, 0, &Integer::from(n))
            )
        });
    let count = ns.len() as u64;
    Check::ran(NAME, covers(cfg.bound, lo, hi), count, bad, EMPTY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabulated_numeration_equals_the_direct_one() {
        for a in [1u64, 2, 3, 10, 1000] {
            let t = NumTable::new(a).unwrap();
            let mut n = 0u64;
            while n < 400_000 {
                let (ip, tz, r0, rmax) = t.block(n).unwrap();
                for r in r0..=rmax.min(r0 + 50) {
                    let m = n + (r - r0);
                    assert_eq!(
                        t.lower(ip, tz, r),
                        numeration::lower_normal(a, &Integer::from(m))
                            .to_u64()
                            .unwrap(),
                        "a = {a}, n = {m}"
                    );
                }
                n += rmax - r0 + 1;
            }
        }
        for a in [1u64, 2, 1 << 17, (1 << 17) + 1, 1 << 20] {
            assert_eq!(
                NumTable::new(a).is_some(),
                NumTable::available(a),
                "a = {a}"
            );
        }
    }

    #[test]
    fn sample_points_of_the_shards_tile_the_whole() {
        for bound in [1u64, 999, 1_000_000, 1_000_001, 1_005_000, 1 << 40] {
            let whole = sample_points(bound, 0, bound);
            let mut parts = Vec::new();
            for i in 0..7 {
                let (lo, hi) = super::super::shard_range(bound.max(7), (i, 7));
                let (lo, hi) = (lo.min(bound), hi.min(bound));
                parts.extend(sample_points(bound, lo, hi));
            }
            assert_eq!(parts, whole, "bound {bound}");
            assert!(whole.iter().all(|&n| n < bound));
        }
    }
}
