//! The Sturmian kernel 64 steps at a time, and the characteristic words of the A- and B-numbers
//! it gives 64 integers at a time.
//!
//! **64 steps at once.** The kernel of [`super::bulk`] adds θ̃ to a 128-bit accumulator f and
//! reports the carry out.  The carries of 64 steps from f are
//!
//!   c_j = g_{j+1}(f) − g_j(f),  g_j(f) = ⌊(f + j·θ̃)/2^128⌋,  j = 0..63,
//!
//! and g_j(f) = ⌊j·θ̃/2^128⌋ + [f ≥ t_j] with t_j = 2^128 − (j·θ̃ mod 2^128) (no step when
//! j·θ̃ ≡ 0).  So, as f runs over [0, 2^128), the 64 carries change only at the at most 64 points
//! t_1, …, t_64: between consecutive points they are constant.  [`Leap`] sorts the points once,
//! computes each interval's 64 carries by stepping 64 times from the interval's left end (the
//! very same step, so the table is exact by construction), and then answers the next 64 carries
//! by locating f among the points (a 4096-bucket index on the top 12 bits of f, then exact
//! 128-bit comparisons) and moves f on by 64·θ̃ mod 2^128.  The result equals 64 single steps
//! bit for bit (tested), so every exactness argument about the kernel carries over unchanged.
//! Cost: two table reads and one or two comparisons per 64 steps.
//!
//! **The words.** A_{n+1} = A_n + 1 + c_n and B_{n+1} = B_n + a + 1 + c_n.  Over the integers m
//! the characteristic word of the A-numbers is therefore 1 (for A_n) followed, per carry, by
//! "0" when the carry is 1 and then "1" — an 8-carry byte expands to 8 to 16 bits by a table;
//! the word of the B-numbers is 1 (for B_n) followed, per carry, by a + c_n zeros and a "1" —
//! at most 8(a + 2) bits per byte, so up to a = 6 a byte's expansion fits one machine word.
//! [`WordStream`] queues the expansions and hands out 64 positions at a time.  The same
//! generator writes `pairs --format word` ([`super::emit`]) and feeds `verify`.
//!
//! Source of the kernel and its proof: doc/bulk.md; of the words and their use: doc/verify.md.

use super::bulk::Sturmian;

/// The kernel's 64-step table for one θ̃.
#[derive(Clone, Debug)]
pub struct Leap {
    theta: u128,
    /// Interval starts, sorted: 0 and the distinct t_j.
    starts: Vec<u128>,
    /// The 64 carries (bit j = c_j) for f in [starts[i], starts[i + 1]).
    carries: Vec<u64>,
    /// For each value of the top 12 bits of f, the interval holding the bucket's first f.
    bucket: Vec<u8>,
}

impl Leap {
    /// The table for step θ̃.
    pub fn new(theta: u128) -> Leap {
        let mut starts: Vec<u128> = vec![0];
        for j in 1..=64u128 {
            let r = theta.wrapping_mul(j);
            if r != 0 {
                starts.push(r.wrapping_neg());
            }
        }
        starts.sort_unstable();
        starts.dedup();
        let carries = starts
            .iter()
            .map(|&s| {
                let mut f = s;
                let mut c = 0u64;
                for j in 0..64 {
                    let (next, carry) = f.overflowing_add(theta);
                    f = next;
                    c |= u64::from(carry) << j;
                }
                c
            })
            .collect();
        let mut bucket = Vec::with_capacity(4096);
        let mut i = 0usize;
        for b in 0..4096u128 {
            let first = b << 116;
            while i + 1 < starts.len() && starts[i + 1] <= first {
                i += 1;
            }
            bucket.push(i as u8); // at most 64 intervals
        }
        Leap {
            theta,
            starts,
            carries,
            bucket,
        }
    }

    /// The next 64 carries from accumulator f (bit j = the carry of step j), moving f on by 64
    /// steps.
    #[inline(always)]
    pub fn leap(&self, f: &mut u128) -> u64 {
        let mut i = self.bucket[(*f >> 116) as usize] as usize;
        while i + 1 < self.starts.len() && *f >= self.starts[i + 1] {
            i += 1;
        }
        *f = f.wrapping_add(self.theta.wrapping_mul(64));
        self.carries[i]
    }
}

/// A queue of bits, least significant first, holding at most 128.
#[derive(Clone, Copy, Debug, Default)]
struct Bits {
    buf: u128,
    len: u32,
}

impl Bits {
    /// Appends the `n` low bits of `v` (n ≤ 64, len + n ≤ 128).
    #[inline(always)]
    fn push(&mut self, v: u64, n: u32) {
        self.buf |= u128::from(v) << self.len;
        self.len += n;
    }

    /// Removes and returns the first 64 bits (len ≥ 64).
    #[inline(always)]
    fn pop64(&mut self) -> u64 {
        let w = self.buf as u64;
        self.buf >>= 64;
        self.len -= 64;
        w
    }
}

/// Which characteristic word a [`WordStream`] gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The lower numbers A_n.
    Lower,
    /// The upper numbers B_n = A_n + a·n (a ≤ 6).
    Upper,
}

/// Largest a for which the upper word's byte expansion fits a machine word: 8(a + 2) ≤ 64.
pub const UPPER_MAX_A: u64 = 6;

/// Per carry byte: the expansion's bits and their number.
#[derive(Clone, Debug)]
struct Expand {
    bits: Vec<u64>,
    len: Vec<u32>,
}

impl Expand {
    /// For each carry byte: per carry (least significant first) `gap + c` zeros, then a one.
    fn new(gap: u32) -> Expand {
        let (mut bits, mut len) = (Vec::with_capacity(256), Vec::with_capacity(256));
        for byte in 0..256u32 {
            let (mut v, mut n) = (0u64, 0u32);
            for j in 0..8 {
                n += gap + ((byte >> j) & 1);
                v |= 1 << n;
                n += 1;
            }
            bits.push(v);
            len.push(n);
        }
        Expand { bits, len }
    }
}

/// The characteristic word of the lower or upper numbers from index n₀ on, 64 integers at a
/// time: bit i of the k-th word says whether X_{n₀} + 64k + i is some X_n (n ≥ n₀), X = A or B.
#[derive(Clone, Debug)]
pub struct WordStream<'l> {
    leap: &'l Leap,
    f: u128,
    expand: Expand,
    /// Carries not yet expanded, and how many.
    carries: u64,
    left: u32,
    queue: Bits,
    /// Test double: flip the carry of this step (0 = the step from n₀ to n₀ + 1).
    flip: Option<u64>,
    steps: u64,
}

impl<'l> WordStream<'l> {
    /// The word of `side` for parameter a from the kernel `k` started at index n₀ (its value
    /// X_{n₀} is bit 0 of the first word).  `None` for the upper word when a > [`UPPER_MAX_A`]
    /// or when the table was made for another θ̃.
    pub fn new(leap: &'l Leap, k: Sturmian, side: Side, a: u64) -> Option<WordStream<'l>> {
        let (f, theta) = k.state();
        if theta != leap.theta {
            return None;
        }
        let gap = match side {
            Side::Lower => 0,
            Side::Upper if a <= UPPER_MAX_A => a as u32,
            Side::Upper => return None,
        };
        let mut queue = Bits::default();
        queue.push(1, 1);
        Some(WordStream {
            leap,
            f,
            expand: Expand::new(gap),
            carries: 0,
            left: 0,
            queue,
            flip: None,
            steps: 0,
        })
    }

    /// Test double: the carry of step `step` (counted from n₀) is flipped, as a corrupted kernel
    /// would give.
    pub fn with_flipped_carry(mut self, step: Option<u64>) -> Self {
        self.flip = step;
        self
    }

    /// The next 64 positions.
    #[inline(always)]
    pub fn next64(&mut self) -> u64 {
        while self.queue.len < 64 {
            if self.left == 0 {
                self.carries = self.leap.leap(&mut self.f);
                if let Some(s) = self.flip
                    && s >= self.steps
                    && s < self.steps + 64
                {
                    self.carries ^= 1 << (s - self.steps);
                }
                self.steps += 64;
                self.left = 64;
            }
            let byte = (self.carries & 0xff) as usize;
            self.carries >>= 8;
            self.left -= 8;
            self.queue
                .push(self.expand.bits[byte], self.expand.len[byte]);
        }
        self.queue.pop64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;
    use crate::pairs::bulk::{Chunk, Plan};

    /// 64 single steps of the accumulator, written out here.
    fn single(mut f: u128, theta: u128) -> (u64, u128) {
        let mut c = 0u64;
        for j in 0..64 {
            let (next, carry) = f.overflowing_add(theta);
            f = next;
            c |= u64::from(carry) << j;
        }
        (c, f)
    }

    #[test]
    fn a_leap_is_64_single_steps_also_at_every_interval_end() {
        for a in [1u64, 2, 3, 6, 7, 1000] {
            let plan = Plan::new(Rules::new(a, false).unwrap(), 0, 10).unwrap();
            let theta = plan.theta();
            let leap = Leap::new(theta);
            let mut fs: Vec<u128> = vec![0, 1, u128::MAX, u128::MAX - 1];
            for &s in &leap.starts {
                fs.extend([s, s.wrapping_sub(1), s.wrapping_add(1)]);
            }
            let mut x = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834u128;
            for _ in 0..20_000 {
                x = x
                    .wrapping_mul(0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645)
                    .wrapping_add(1);
                fs.push(x);
            }
            for f in fs {
                let mut g = f;
                assert_eq!(leap.leap(&mut g), single(f, theta).0, "a = {a}, f = {f}");
                assert_eq!(g, single(f, theta).1);
            }
        }
    }

    /// The word of `side` over [X_lo, X_lo + 64·words) from the exact formula.
    fn by_formula(plan: &Plan, lo: u64, side: Side, words: usize) -> Vec<u64> {
        let pick = |n: u64| match side {
            Side::Lower => plan.pair(n).0,
            Side::Upper => plan.pair(n).1,
        };
        let first = pick(lo);
        let mut out = vec![0u64; words];
        let mut n = lo;
        loop {
            let d = pick(n) - first;
            if d >= 64 * words as u128 {
                return out;
            }
            out[(d / 64) as usize] |= 1 << (d % 64);
            n += 1;
        }
    }

    #[test]
    fn words_equal_the_floor_formula() {
        for a in 1..=UPPER_MAX_A {
            for lo in [1u64, 12_345, 1 << 40] {
                let plan = Plan::new(Rules::new(a, false).unwrap(), 0, lo + 40_000).unwrap();
                let leap = Leap::new(plan.theta());
                for side in [Side::Lower, Side::Upper] {
                    let k = plan
                        .sturmian(Chunk {
                            start: lo,
                            len: 30_000,
                        })
                        .unwrap()
                        .unwrap();
                    let mut w = WordStream::new(&leap, k, side, a).unwrap();
                    let got: Vec<u64> = (0..200).map(|_| w.next64()).collect();
                    assert_eq!(
                        got,
                        by_formula(&plan, lo, side, 200),
                        "a = {a}, {lo}, {side:?}"
                    );
                }
            }
        }
        let plan = Plan::new(Rules::new(7, false).unwrap(), 0, 100).unwrap();
        let k = plan.sturmian(Chunk { start: 1, len: 50 }).unwrap().unwrap();
        assert!(WordStream::new(&Leap::new(plan.theta()), k, Side::Upper, 7).is_none());
    }
}
