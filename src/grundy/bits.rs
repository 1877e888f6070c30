//! Packed bitsets for the mex engines: many variable-length sets in one flat buffer, each with a
//! "first free" pointer (the least value not in the set, a lower bound for any mex involving it).
//!
//! Safety boundary: [`Sets::insert`] and [`Sets::contains`] check the set index and the value
//! against the set's capacity, so no safe call can write outside the buffer.  The engines' hot
//! loops use the unchecked [`SetsPtr`] methods, whose invariant (the value lies within the set's
//! length, which the engines guarantee by G(x, y) ≤ x + y) is stated on each and debug-asserted.

/// Spare words after each set.
pub const PAD: usize = 5;

/// `count` bitsets of given lengths stored back to back, each padded by [`PAD`] spare words so
/// that a scan may read a few words past its answer without leaving its own set.
pub struct Sets {
    start: Vec<usize>,
    words: Vec<u64>,
    first_free: Vec<u32>,
}

impl Sets {
    /// Sets whose i-th member can hold values 0..len(i).
    pub fn new(count: usize, len: impl Fn(usize) -> usize) -> Sets {
        let mut start = Vec::with_capacity(count + 1);
        let mut total = 0usize;
        for i in 0..count {
            start.push(total);
            total += len(i) / 64 + PAD;
        }
        start.push(total);
        Sets {
            start,
            words: vec![0; total],
            first_free: vec![0; count],
        }
    }

    /// Bytes of memory the sets of these lengths would take.
    pub fn bytes_for(count: usize, len: impl Fn(usize) -> usize) -> u64 {
        (0..count).map(|i| (len(i) / 64 + PAD) as u64 * 8 + 4).sum()
    }

    /// Raw view for the parallel engine (see [`SetsPtr`]).
    pub fn ptr(&mut self) -> SetsPtr {
        SetsPtr {
            start: self.start.as_ptr(),
            words: self.words.as_mut_ptr(),
            first_free: self.first_free.as_mut_ptr(),
        }
    }

    /// Number of sets.
    pub fn count(&self) -> usize {
        self.first_free.len()
    }

    /// Values 0..capacity(i) fit in set i: its length rounded up to a whole word (the padding
    /// words after it stay zero, which ends every first-free and mex scan inside the set).
    pub fn capacity(&self, i: usize) -> u64 {
        match (self.start.get(i), self.start.get(i + 1)) {
            (Some(&s), Some(&e)) => ((e - s - PAD + 1) * 64) as u64,
            _ => 0,
        }
    }

    /// Inserts v into set i, refusing a set index or value outside the set's capacity.
    pub fn insert(&mut self, i: usize, v: u32) -> Result<(), OutOfRange> {
        if (v as u64) >= self.capacity(i) {
            return Err(OutOfRange { set: i, value: v });
        }
        let p = self.ptr();
        // SAFETY: exclusive borrow of self; i is a set and v within its capacity (checked above).
        unsafe { p.insert(i, v) };
        Ok(())
    }

    /// Whether set i contains v (false for any set index or value outside the sets).
    pub fn contains(&self, i: usize, v: u32) -> bool {
        let (Some(&s), Some(&e)) = (self.start.get(i), self.start.get(i + 1)) else {
            return false;
        };
        let w = s + (v / 64) as usize;
        w < e && (self.words[w] >> (v % 64)) & 1 == 1
    }
}

/// A value that does not fit the set it was to be inserted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("value {value} does not fit bitset {set}")]
pub struct OutOfRange {
    /// The set index.
    pub set: usize,
    /// The value.
    pub value: u32,
}

/// Unsynchronized access to [`Sets`] shared by the band workers.  Invariant upheld by the
/// engine's schedule: no two threads touch the same set at the same time (see `engine`).
#[derive(Clone, Copy)]
pub struct SetsPtr {
    start: *const usize,
    words: *mut u64,
    first_free: *mut u32,
}

// SAFETY: the engine's schedule guarantees disjoint access (documented in `engine`).
unsafe impl Send for SetsPtr {}
unsafe impl Sync for SetsPtr {}

/// # Safety (all methods)
///
/// `i` must be a set of the [`Sets`] this pointer came from, `w` within its words plus padding,
/// `v` below its capacity ([`Sets::capacity`]); the `Sets` must outlive the pointer; and no other
/// thread may access set `i` at the same time.
impl SetsPtr {
    /// The least value not in set i.
    ///
    /// # Safety
    /// See the type's safety section.
    #[inline(always)]
    pub unsafe fn first_free(self, i: usize) -> u32 {
        unsafe { *self.first_free.add(i) }
    }

    /// Word w of set i.
    ///
    /// # Safety
    /// See the type's safety section.
    #[inline(always)]
    pub unsafe fn word(self, i: usize, w: usize) -> u64 {
        unsafe { *self.words.add(*self.start.add(i) + w) }
    }

    /// Pointer to the first word of set i.
    ///
    /// # Safety
    /// See the type's safety section.
    #[inline(always)]
    pub unsafe fn base(self, i: usize) -> *const u64 {
        unsafe { self.words.add(*self.start.add(i)) }
    }

    /// Inserts v into set i and advances its first-free pointer.
    ///
    /// # Safety
    /// See the type's safety section.
    #[inline(always)]
    pub unsafe fn insert(self, i: usize, v: u32) {
        unsafe {
            // The invariant: v's word is not one of the PAD spare words, which stay zero.
            debug_assert!(
                (v / 64) as usize + PAD <= *self.start.add(i + 1) - *self.start.add(i),
                "bitset insert out of range: set {i}, value {v}"
            );
            let base = self.words.add(*self.start.add(i));
            *base.add((v / 64) as usize) |= 1 << (v % 64);
            let ff = self.first_free.add(i);
            if *ff == v {
                // Skip the run of ones starting at v, a word at a time.
                let mut f = v + 1;
                loop {
                    let sh = f % 64;
                    let w = *base.add((f / 64) as usize) >> sh;
                    let ones = (!w).trailing_zeros(); // at most 64 − sh: the top bits of w are 0
                    f += ones;
                    if ones < 64 - sh {
                        break;
                    }
                }
                *ff = f;
            }
        }
    }
}

/// The least value ≥ `from` in none of the three sets (p, a), (q, b), (r, c): a word-wide OR and
/// scan, four words per step.  The caller guarantees the answer lies within the sets' lengths (the
/// [`PAD`] spare words absorb the over-read of the last step).
///
/// # Safety
/// As for [`SetsPtr`]; the union must have a free value within the sets' lengths.
#[inline(always)]
pub unsafe fn mex3(
    p: SetsPtr,
    a: usize,
    q: SetsPtr,
    b: usize,
    r: SetsPtr,
    c: usize,
    from: u32,
) -> u32 {
    let mut w = (from / 64) as usize;
    let below = (1u64 << (from % 64)).wrapping_sub(1); // values below `from` count as used
    let u = |w: usize| unsafe { p.word(a, w) | q.word(b, w) | r.word(c, w) };
    let first = u(w) | below;
    if first != u64::MAX {
        return (w * 64) as u32 + (!first).trailing_zeros();
    }
    w += 1;
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 is present; the bases point into the sets, padded for the over-read.
        w = unsafe { skip_full_avx2(p.base(a), q.base(b), r.base(c), w) };
    }
    loop {
        let (u0, u1, u2, u3) = (u(w), u(w + 1), u(w + 2), u(w + 3));
        if u0 & u1 & u2 & u3 != u64::MAX {
            for (k, v) in [u0, u1, u2, u3].into_iter().enumerate() {
                if v != u64::MAX {
                    return ((w + k) * 64) as u32 + (!v).trailing_zeros();
                }
            }
        }
        w += 4;
    }
}

/// From word `w` on, skips groups of four words whose union is full; returns the first word of
/// the first group with a free bit.  Three 256-bit loads and one test per four words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn skip_full_avx2(pa: *const u64, pb: *const u64, pc: *const u64, mut w: usize) -> usize {
    use std::arch::x86_64::*;
    unsafe {
        let ones = _mm256_set1_epi64x(-1);
        loop {
            let v = _mm256_or_si256(
                _mm256_or_si256(
                    _mm256_loadu_si256(pa.add(w) as *const __m256i),
                    _mm256_loadu_si256(pb.add(w) as *const __m256i),
                ),
                _mm256_loadu_si256(pc.add(w) as *const __m256i),
            );
            if _mm256_testc_si256(v, ones) == 0 {
                return w;
            }
            w += 4;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_free_tracks_insertions() {
        let mut s = Sets::new(3, |_| 300);
        let order = [1u32, 0, 2, 5, 3, 4, 64, 63, 62, 6, 7];
        let mut present = std::collections::BTreeSet::new();
        for &v in &order {
            s.insert(1, v).unwrap();
            present.insert(v);
            let mex = (0..).find(|k| !present.contains(k)).unwrap();
            assert_eq!(unsafe { s.ptr().first_free(1) }, mex, "after {v}");
        }
        for v in 0..130 {
            s.insert(2, v).unwrap();
        }
        assert_eq!(unsafe { s.ptr().first_free(2) }, 130);
        let p = s.ptr();
        // union of set 1 {0..=7, 62, 63, 64} and set 2 {0..130} from 0
        assert_eq!(unsafe { mex3(p, 1, p, 2, p, 0, 0) }, 130);
        assert_eq!(unsafe { mex3(p, 1, p, 0, p, 0, 0) }, 8);
        assert_eq!(unsafe { mex3(p, 1, p, 0, p, 0, 9) }, 9);
        assert_eq!(unsafe { mex3(p, 1, p, 0, p, 0, 62) }, 65);
    }

    #[test]
    fn safe_inserts_outside_a_set_are_refused() {
        let mut s = Sets::new(2, |i| [10, 200][i]);
        assert_eq!(s.capacity(0), 64);
        assert_eq!(s.capacity(1), 256);
        assert_eq!(s.capacity(2), 0);
        assert!(s.insert(0, 63).is_ok());
        assert_eq!(s.insert(0, 64), Err(OutOfRange { set: 0, value: 64 }));
        assert!(s.insert(0, u32::MAX).is_err());
        assert!(s.insert(2, 0).is_err());
        assert!(s.insert(1, 255).is_ok());
        // nothing leaked into the neighbour or the padding
        assert!(!s.contains(1, 0) && s.contains(0, 63) && s.contains(1, 255));
        assert!(!s.contains(0, 64) && !s.contains(5, 1) && !s.contains(0, u32::MAX));
    }
}
