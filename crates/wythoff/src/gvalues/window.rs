//! A set of naturals that holds every number below its mex, stored as a sliding bitset.
//!
//! Algorithm: the numbers below the mex are all members and are not stored; the members at or
//! above the mex are bits of a word ring (`VecDeque<u64>`) whose first word holds the numbers
//! `base..base + 64` (`base` a multiple of 64, `base ≤ mex`).  When the mex passes a word, the
//! word is dropped from the front; setting a number past the end grows the ring at the back.
//! Cost: `insert` and `contains` O(1); advancing the mex and finding the next absent number
//! O(1) per word crossed (amortised O(1) per member).  Memory: one bit per number between the
//! mex and the largest member, plus a word; growth beyond a cap given at construction is an
//! error, never an allocation failure.

use std::collections::VecDeque;

/// A set of naturals that contains every number below [`MexSet::mex`] (see the module
/// documentation).
#[derive(Clone, Debug)]
pub struct MexSet {
    /// The number of bit 0 of `words[0]`, a multiple of 64.
    base: u64,
    /// Bits of `base..base + 64·len`.
    words: VecDeque<u64>,
    /// The smallest number not in the set.
    mex: u64,
    /// The most words the ring may hold.
    cap_words: usize,
}

/// The set would need more words than its cap: the number that was to be inserted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full(pub u64);

impl MexSet {
    /// The empty set, whose window may grow to `cap_bytes` bytes.
    pub fn new(cap_bytes: u64) -> MexSet {
        MexSet {
            base: 0,
            words: VecDeque::new(),
            mex: 0,
            cap_words: usize::try_from(cap_bytes / 8).unwrap_or(usize::MAX).max(1),
        }
    }

    /// The smallest number not in the set.
    #[inline]
    pub fn mex(&self) -> u64 {
        self.mex
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: u64) -> bool {
        if v < self.mex {
            return true;
        }
        let w = ((v - self.base) / 64) as usize;
        self.words.get(w).is_some_and(|&x| x >> (v % 64) & 1 == 1)
    }

    /// Adds `v` (which must not be in the set), then advances the mex past the members.
    #[inline]
    pub fn insert(&mut self, v: u64) -> Result<(), Full> {
        debug_assert!(!self.contains(v));
        let w = usize::try_from((v - self.base) / 64).map_err(|_| Full(v))?;
        if w >= self.words.len() {
            if w >= self.cap_words {
                return Err(Full(v));
            }
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v % 64);
        if v == self.mex {
            self.advance();
        }
        Ok(())
    }

    /// Moves the mex to the first absent number, dropping the words it passes.
    fn advance(&mut self) {
        loop {
            let Some(&front) = self.words.front() else {
                self.base = self.mex - self.mex % 64;
                return;
            };
            let from = self.mex - self.base; // < 64
            let rest = !front >> from;
            if rest != 0 {
                self.mex += u64::from(rest.trailing_zeros());
                return;
            }
            // every number from the mex to the end of the word is a member
            self.words.pop_front();
            self.base += 64;
            self.mex = self.base;
        }
    }

    /// The smallest number ≥ `v` not in the set.
    #[inline]
    pub fn next_absent(&self, v: u64) -> u64 {
        let v = v.max(self.mex);
        let mut w = ((v - self.base) / 64) as usize;
        let mut bits = match self.words.get(w) {
            Some(&x) => !x >> (v % 64) << (v % 64),
            None => return v,
        };
        loop {
            if bits != 0 {
                return self.base + 64 * w as u64 + u64::from(bits.trailing_zeros());
            }
            w += 1;
            match self.words.get(w) {
                Some(&x) => bits = !x,
                None => return self.base + 64 * w as u64,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a plain vector of booleans, over a pseudo-random insertion order.
    #[test]
    fn agrees_with_a_boolean_vector() {
        let mut s = MexSet::new(1 << 20);
        let mut plain = vec![false; 5000];
        let mut r: u64 = 12345;
        for _ in 0..3000 {
            r = r
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // near the mex, as the sweep inserts
            let v = s.mex() + (r >> 33) % 300;
            if (v as usize) < plain.len() && !plain[v as usize] {
                plain[v as usize] = true;
                s.insert(v).unwrap();
            }
            let mex = plain.iter().position(|&b| !b).unwrap() as u64;
            assert_eq!(s.mex(), mex);
            for u in 0..(mex + 400).min(5000) {
                assert_eq!(s.contains(u), plain[u as usize], "{u}");
                let next = (u..5000).find(|&t| !plain[t as usize]).unwrap();
                assert_eq!(s.next_absent(u), next, "next from {u}");
            }
        }
    }

    #[test]
    fn refuses_to_grow_past_its_cap() {
        let mut s = MexSet::new(16);
        assert!(s.insert(127).is_ok());
        assert_eq!(s.insert(128), Err(Full(128)));
    }
}
