//! Fraenkel's Property 1 as a characteristic word: m ≥ 1 is an A-number iff its p-representation
//! ends in an even number of zeros (A. S. Fraenkel, "How to beat your Wythoff games' opponent on
//! three fronts", 1982; doc/pairs.md).  This is the numeration side of the word-parallel
//! verifier ([`super::words`]): it gives the word of the A-numbers 64 integers at a time without
//! any floor or square root.
//!
//! **The table.** In the p-system (p_{−1} = p_0 = 1, p_j = a·p_{j−1} + p_{j−2}; digits
//! 0 ≤ s_j ≤ a with s_j = a ⇒ s_{j−1} = 0) the legal digit strings on positions 0..j−1 are, in
//! increasing value: for d = 0..a−1, digit d at position j−1 over every legal string on 0..j−2
//! (values d·p_{j−1} + r, r < p_{j−1}), then digit a over the legal strings on 0..j−3 (values
//! a·p_{j−1} + r, r < p_{j−2}) — p_j values in all.  So the parities E_j\[r\] = \[R_p(r) ends in an
//! even number of zeros] of r < p_j are copies of E_{j−1} and E_{j−2}, where the entry of
//! r = 0 inside a copy with d > 0 is the parity of j − 1 (the digit d is the lowest non-zero).
//! [`PWord`] builds E_k for the largest p_k ≤ 2^22 by these copies: no representation is
//! computed for the table.
//!
//! **Blocks.** Any m splits into the digits at positions ≥ k (value H) and those below
//! (r = m − H < p_k, itself legal, so E_k\[r\] is m's parity when r > 0).  Consecutive m with the
//! same high part form a block of p_k integers, or of p_{k−1} when s_k = a (then s_{k−1} = 0).
//! Each block's high part is represented afresh with the arbitrary-precision routine
//! ([`crate::pairs::numeration::represent`]) — once per million integers or more — and its r = 0
//! entry gets the parity of the high part's lowest non-zero digit.  Cost: one unaligned 64-bit
//! read of the table per 64 integers.

use crate::pairs::numeration::{self, System};
use rug::Integer;

/// Property 1 tabulated for one a: the parity bits of every r < p_k.
#[derive(Clone, Debug)]
pub struct PWord {
    a: u64,
    k: usize,
    /// p_0, …, p_k.
    p: Vec<u64>,
    /// Bit r: r ≥ 1 and R_p(r) ends in an even number of zeros (r < p_k), plus a zero word.
    even: Vec<u64>,
}

/// Largest table length p_k.
const CAP: u64 = 1 << 22;

impl PWord {
    /// The table for parameter a, or `None` when p_1 = a + 1 exceeds the cap.
    pub fn new(a: u64) -> Option<PWord> {
        let mut p: Vec<u64> = vec![1]; // p_0
        let mut prev = 1u64; // p_{−1}
        loop {
            let last = *p.last()?;
            let next = a.checked_mul(last)?.checked_add(prev)?;
            if next > CAP {
                break;
            }
            prev = last;
            p.push(next);
        }
        let k = p.len() - 1;
        if k == 0 {
            return None;
        }
        // E_{−1} = E_0 = [placeholder]; entries are 0/1 bytes while building.
        let (mut older, mut old): (Vec<u8>, Vec<u8>) = (vec![0], vec![0]);
        for (j, &pj) in p.iter().enumerate().skip(1) {
            let zero_even = u8::from((j - 1).is_multiple_of(2));
            let mut cur = Vec::with_capacity(pj as usize);
            for d in 0..=a {
                let part = if d < a { &old } else { &older };
                let at = cur.len();
                cur.extend_from_slice(part);
                if d > 0 {
                    cur[at] = zero_even;
                }
            }
            older = std::mem::replace(&mut old, cur);
        }
        debug_assert_eq!(old.len() as u64, p[k]);
        let mut even = vec![0u64; old.len().div_ceil(64) + 1];
        for (r, &e) in old.iter().enumerate().skip(1) {
            even[r / 64] |= u64::from(e) << (r % 64);
        }
        Some(PWord { a, k, p, even })
    }

    /// `take` bits of the table from r on (r + take ≤ p_k, take ≤ 64).
    #[inline(always)]
    fn bits(&self, r: u64, take: u32) -> u64 {
        let (w, s) = ((r / 64) as usize, (r % 64) as u32);
        let lo = self.even[w] >> s;
        let hi = if s == 0 {
            0
        } else {
            self.even[w + 1] << (64 - s)
        };
        let v = lo | hi;
        if take == 64 { v } else { v & ((1 << take) - 1) }
    }

    /// The word from integer m₀ on.
    pub fn stream(&self, m0: u64) -> PStream<'_> {
        let mut s = PStream {
            t: self,
            m: m0,
            r: 0,
            len: 0,
            zero_bit: 0,
            flip: None,
        };
        s.block();
        s
    }
}

/// Property 1's word from some m₀ on, 64 integers at a time ([`PWord::stream`]).
pub struct PStream<'t> {
    t: &'t PWord,
    /// The next integer.
    m: u64,
    /// Its low part, and the block's length.
    r: u64,
    len: u64,
    /// The bit of the block's r = 0.
    zero_bit: u64,
    /// Test double: the bit of this integer is flipped (a corrupted digit of its representation).
    flip: Option<u64>,
}

impl PStream<'_> {
    /// Test double: flips the bit of integer m, as a corrupted digit would.
    pub fn with_flipped(mut self, m: Option<u64>) -> Self {
        self.flip = m;
        self
    }

    /// Enters the block holding `self.m`.
    fn block(&mut self) {
        let t = self.t;
        let d = numeration::represent(t.a, System::P, &Integer::from(self.m));
        let low: u64 = d.iter().take(t.k).zip(&t.p).map(|(&s, &p)| s * p).sum();
        let high = d.get(t.k..).unwrap_or(&[]);
        self.r = low; // m − H
        // when the high part's lowest digit s_k is a, the digit below it must be 0
        self.len = if high.first() == Some(&t.a) {
            t.p[t.k - 1]
        } else {
            t.p[t.k]
        };
        self.zero_bit = high
            .iter()
            .position(|&s| s != 0)
            .map_or(0, |i| u64::from((t.k + i).is_multiple_of(2)));
    }

    /// The next 64 integers' bits.
    #[inline]
    pub fn next64(&mut self) -> u64 {
        let (start, mut out, mut got) = (self.m, 0u64, 0u32);
        while got < 64 {
            if self.r == self.len {
                self.block();
            }
            let take = (64 - got).min((self.len - self.r).min(64) as u32);
            let mut v = self.t.bits(self.r, take);
            if self.r == 0 {
                v = (v & !1) | self.zero_bit;
            }
            out |= v << got;
            got += take;
            self.r += u64::from(take);
            self.m += u64::from(take);
        }
        if let Some(f) = self.flip
            && f >= start
            && f - start < 64
        {
            out ^= 1 << (f - start);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Property 1 at m straight from the representation.
    fn direct(a: u64, m: u64) -> bool {
        m >= 1 && {
            let d = numeration::represent(a, System::P, &Integer::from(m));
            numeration::trailing_zeros(&d).is_multiple_of(2)
        }
    }

    #[test]
    fn the_word_equals_property_1_digit_by_digit() {
        for a in [1u64, 2, 3, 6, 50] {
            let t = PWord::new(a).unwrap();
            // across block boundaries (p_k, its multiples) and far out
            let pk = t.p[t.k];
            for m0 in [
                0u64,
                1,
                63,
                pk - 100,
                3 * pk - 70,
                1 << 40,
                (1 << 61) + 12345,
            ] {
                let mut s = t.stream(m0);
                for w in 0..40u64 {
                    let got = s.next64();
                    for i in 0..64 {
                        let m = m0 + 64 * w + i;
                        assert_eq!(got >> i & 1 == 1, direct(a, m), "a = {a}, m = {m}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_word_equals_the_lower_numbers() {
        // Property 1 against the floor formula: the positions of the ones are ⌊nα⌋
        for a in [1u64, 2, 5] {
            let t = PWord::new(a).unwrap();
            let mut s = t.stream(0);
            let words: Vec<u64> = (0..100).map(|_| s.next64()).collect();
            let ones: Vec<u64> = (0..6400u64)
                .filter(|&m| words[(m / 64) as usize] >> (m % 64) & 1 == 1)
                .collect();
            for (i, &m) in ones.iter().enumerate() {
                let n = i as u64 + 1;
                assert_eq!(
                    Integer::from(m),
                    crate::pairs::algebraic::lower(a, 0, &Integer::from(n))
                );
            }
        }
    }
}
