//! Packed bitsets for the mex engines: many variable-length sets in one flat buffer, each with a
//! "first free" pointer (the least value not in the set, a lower bound for any mex involving it)
//! and a *summary*: one bit per word of the set, set once that word is full (all 64 values
//! present).
//!
//! Why the summary: a mex over three sets starts at the largest first-free pointer and must pass
//! every word in which the union is full.  Measured on Wythoff's table (a = 1, N = 16384) that is
//! 53 words per cell on average, growing linearly with N, and 52 of those 53 words are full in at
//! least one of the three sets alone.  [`mex3`] therefore ORs the three summaries (64 words per
//! step) and reads real words only where no single set is full: about one or two per cell.
//!
//! Safety boundary: the safe methods of [`Sets`] ([`Sets::insert`], [`Sets::contains`],
//! [`Sets::first_free`], [`mex3_checked`]) check every set index and value against the sets, so
//! no safe call reads or writes outside the buffer.  Only the engine's hot loop uses the
//! unchecked core: [`SetsPtr`] (first-free pointer, prefetch, insert) and [`mex3`], whose one
//! contract (the set's index and the value lie within the set, which the engine guarantees by
//! G(x, y) ≤ x + y, and no other thread uses the set meanwhile) is stated once, on [`SetsPtr`],
//! and debug-asserted.  Safe forms of the core cost measurably in the hot loop (measured at
//! N = 2048, a = 1): atomics shared by reference with bounds-checked indexing take 45% more
//! instructions in the engine and about 15% more time; atomics with unchecked indexing still
//! 7% more instructions, the compiler not folding an atomic load into the instruction that
//! uses it.

/// Spare words after each set.
pub const PAD: usize = 5;

/// `count` bitsets of given lengths stored back to back, each padded by [`PAD`] spare words that
/// stay zero (never full), so that a first-free skip or a mex scan always stops inside its set.
pub struct Sets {
    start: Vec<usize>,
    words: Vec<u64>,
    first_free: Vec<u32>,
    /// Set i's summary words start at `full_start[i]`: bit t of summary word k ↔ word 64k + t
    /// of set i is full.  A set has its own summary words (no word is shared by two sets).
    full_start: Vec<usize>,
    full: Vec<u64>,
}

impl Sets {
    /// Sets whose i-th member can hold values 0..len(i).
    pub fn new(count: usize, len: impl Fn(usize) -> usize) -> Sets {
        let mut start = Vec::with_capacity(count + 1);
        let mut full_start = Vec::with_capacity(count + 1);
        let (mut total, mut full_total) = (0usize, 0usize);
        for i in 0..count {
            start.push(total);
            full_start.push(full_total);
            let words = len(i) / 64 + PAD;
            total += words;
            full_total += words.div_ceil(64);
        }
        start.push(total);
        full_start.push(full_total);
        let words = vec![0; total];
        huge_pages(&words);
        Sets {
            start,
            words,
            first_free: vec![0; count],
            full_start,
            full: vec![0; full_total],
        }
    }

    /// Bytes of memory the sets of these lengths would take.
    pub fn bytes_for(count: usize, len: impl Fn(usize) -> usize) -> u64 {
        (0..count)
            .map(|i| {
                let words = (len(i) / 64 + PAD) as u64;
                words * 8 + words.div_ceil(64) * 8 + 4
            })
            .sum()
    }

    /// Raw view for the parallel engine (see [`SetsPtr`]).
    pub fn ptr(&mut self) -> SetsPtr {
        SetsPtr {
            start: self.start.as_ptr(),
            words: self.words.as_mut_ptr(),
            first_free: self.first_free.as_mut_ptr(),
            full_start: self.full_start.as_ptr(),
            full: self.full.as_mut_ptr(),
        }
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
        self.word(i, (v / 64) as usize)
            .is_some_and(|w| (w >> (v % 64)) & 1 == 1)
    }

    /// The least value not in set i (`None` for a set index outside the sets).
    pub fn first_free(&self, i: usize) -> Option<u32> {
        self.first_free.get(i).copied()
    }

    /// Word w of set i, counted from the set's first word (`None` outside the set and its
    /// padding).
    fn word(&self, i: usize, w: usize) -> Option<u64> {
        let (Some(&s), Some(&e)) = (self.start.get(i), self.start.get(i + 1)) else {
            return None;
        };
        (w < e - s).then(|| self.words[s + w])
    }
}

/// Asks the kernel to back a large buffer with transparent huge pages (2 MiB): the engines read
/// the sets at scattered places, and with 4 KiB pages nearly every read of a table of side
/// 2^16 or more also misses the TLB.  A hint only: where the kernel declines, nothing changes.
fn huge_pages(buf: &[u64]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = buf.as_ptr() as usize;
        let end = start + std::mem::size_of_val(buf);
        let (lo, hi) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if hi > lo {
            // SAFETY: [lo, hi) lies inside `buf`'s allocation; MADV_HUGEPAGE changes no contents.
            unsafe { libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = buf;
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
    full_start: *const usize,
    full: *mut u64,
}

// SAFETY: a copy of the pointers may go to another thread: every access through them is an
// unsafe method whose contract excludes two threads on one set (the engine's schedule).
unsafe impl Send for SetsPtr {}

/// # Safety (all methods)
///
/// `i` must be a set of the [`Sets`] this pointer came from and `v` below its capacity
/// ([`Sets::capacity`]); the `Sets` must outlive the pointer; and no other thread may access set
/// `i` at the same time.
impl SetsPtr {
    /// The least value not in set i.
    ///
    /// # Safety
    /// See the type's safety section.
    #[inline(always)]
    // SAFETY: an unsafe fn; its contract is the type's safety section (above), kept by callers.
    pub unsafe fn first_free(self, i: usize) -> u32 {
        // SAFETY: the caller keeps the type's safety contract: i is a set of these Sets.
        unsafe { *self.first_free.add(i) }
    }

    /// Asks the cache for the word holding value v of set i and its summary word (a hint: no
    /// effect on results; a no-op off x86-64).
    ///
    /// # Safety
    /// See the type's safety section.
    #[inline(always)]
    // SAFETY: an unsafe fn; its contract is the type's safety section (above), kept by callers.
    pub unsafe fn prefetch(self, i: usize, v: u32) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the caller keeps the type's safety contract; a prefetch only hints the cache.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let w = (v / 64) as usize;
            _mm_prefetch::<_MM_HINT_T0>(self.words.add(*self.start.add(i) + w) as *const i8);
            _mm_prefetch::<_MM_HINT_T0>(
                self.full.add(*self.full_start.add(i) + w / 64) as *const i8
            );
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (i, v);
    }

    /// Inserts v into set i and advances its first-free pointer.
    ///
    /// # Safety
    /// See the type's safety section.
    #[inline(always)]
    // SAFETY: an unsafe fn; its contract is the type's safety section (above), kept by callers.
    pub unsafe fn insert(self, i: usize, v: u32) {
        // SAFETY: the caller keeps the type's safety contract: i is a set, v below its capacity, no other
        // thread on set i.
        unsafe {
            // The invariant: v's word is not one of the PAD spare words, which stay zero.
            debug_assert!(
                (v / 64) as usize + PAD <= *self.start.add(i + 1) - *self.start.add(i),
                "bitset insert out of range: set {i}, value {v}"
            );
            let base = self.words.add(*self.start.add(i));
            let w = base.add((v / 64) as usize);
            *w |= 1 << (v % 64);
            if *w == u64::MAX {
                let k = (v / 64) as usize;
                *self.full.add(*self.full_start.add(i) + k / 64) |= 1 << (k % 64);
            }
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

/// The least value ≥ `from` in none of the three sets (p, a), (q, b), (r, c).
///
/// The word of `from` is read directly; from the next word on, the three summaries are ORed 64
/// words at a time, and only the words that no single set has full are read and ORed (a word
/// full in one set is full in the union).  The caller guarantees the answer lies within the sets'
/// lengths, so the scan stops inside every set.
///
/// # Safety
/// As for [`SetsPtr`]; the union must have a free value within the sets' lengths.
#[inline(always)]
// SAFETY: an unsafe fn; its contract is the type's safety section (above), kept by callers.
pub unsafe fn mex3(
    p: SetsPtr,
    a: usize,
    q: SetsPtr,
    b: usize,
    r: SetsPtr,
    c: usize,
    from: u32,
) -> u32 {
    // SAFETY: mex3's contract: a, b, c are sets of p, q, r, no other thread inserts into them,
    // and the union has a free value within the sets' lengths, so the scan stops at a word
    // within every set's words plus padding, and at a summary word within its summary.
    unsafe {
        let wa = p.words.add(*p.start.add(a));
        let wb = q.words.add(*q.start.add(b));
        let wc = r.words.add(*r.start.add(c));
        let u = |w: usize| *wa.add(w) | *wb.add(w) | *wc.add(w);
        let w = (from / 64) as usize;
        let below = (1u64 << (from % 64)).wrapping_sub(1); // values below `from` count as used
        let first = u(w) | below;
        if first != u64::MAX {
            return (w * 64) as u32 + (!first).trailing_zeros();
        }
        let fa = p.full.add(*p.full_start.add(a));
        let fb = q.full.add(*q.full_start.add(b));
        let fc = r.full.add(*r.full_start.add(c));
        let mut k = (w + 1) / 64;
        let mut skip = u64::MAX << ((w + 1) % 64); // summary bits of words ≤ w are done
        loop {
            let full = *fa.add(k) | *fb.add(k) | *fc.add(k);
            let mut cand = !full & skip;
            while cand != 0 {
                let ww = k * 64 + cand.trailing_zeros() as usize;
                let v = u(ww);
                if v != u64::MAX {
                    return (ww * 64) as u32 + (!v).trailing_zeros();
                }
                cand &= cand - 1;
            }
            k += 1;
            skip = u64::MAX;
        }
    }
}

/// [`mex3`] for any caller: the least value ≥ `from` in none of the three sets (p, a), (q, b),
/// (r, c), or `None` when a set index is outside its sets or no such value lies below every
/// set's capacity.  Checks its arguments with a plain scan first (time linear in the sets'
/// length), then answers by the engine's scan.
pub fn mex3_checked(
    p: &Sets,
    a: usize,
    q: &Sets,
    b: usize,
    r: &Sets,
    c: usize,
    from: u32,
) -> Option<u32> {
    let top = p.capacity(a).min(q.capacity(b)).min(r.capacity(c));
    if from as u64 >= top {
        return None;
    }
    let below = (1u64 << (from % 64)).wrapping_sub(1);
    let free = ((from / 64) as usize..(top / 64) as usize).any(|w| {
        let u = [p.word(a, w), q.word(b, w), r.word(c, w)]
            .iter()
            .fold(0, |u, x| u | x.unwrap_or(u64::MAX));
        (if w == (from / 64) as usize {
            u | below
        } else {
            u
        }) != u64::MAX
    });
    if !free {
        return None;
    }
    let ptr = |s: &Sets| SetsPtr {
        start: s.start.as_ptr(),
        words: s.words.as_ptr().cast_mut(),
        first_free: s.first_free.as_ptr().cast_mut(),
        full_start: s.full_start.as_ptr(),
        full: s.full.as_ptr().cast_mut(),
    };
    // SAFETY: a, b, c are sets of p, q, r (their capacity is not 0); the union has a free value
    // below every capacity (checked above); mex3 only reads, and the shared borrows keep the
    // sets alive and unchanged for the call.
    Some(unsafe { mex3(ptr(p), a, ptr(q), b, ptr(r), c, from) })
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
            assert_eq!(s.first_free(1), Some(mex), "after {v}");
        }
        for v in 0..130 {
            s.insert(2, v).unwrap();
        }
        assert_eq!(s.first_free(2), Some(130));
        assert_eq!(s.first_free(3), None);
        let p = &s;
        // union of set 1 {0..=7, 62, 63, 64} and set 2 {0..130} from 0
        assert_eq!(mex3_checked(p, 1, p, 2, p, 0, 0), Some(130));
        assert_eq!(mex3_checked(p, 1, p, 0, p, 0, 0), Some(8));
        assert_eq!(mex3_checked(p, 1, p, 0, p, 0, 9), Some(9));
        assert_eq!(mex3_checked(p, 1, p, 0, p, 0, 62), Some(65));
        // outside the sets: no answer, never a read outside them
        assert_eq!(mex3_checked(p, 1, p, 3, p, 0, 0), None);
        assert_eq!(mex3_checked(p, 1, p, 0, p, 0, 320), None);
        assert_eq!(mex3_checked(p, 1, p, 0, p, 0, u32::MAX), None);
        for v in 130..320 {
            s.insert(2, v).unwrap();
        }
        // set 2 full to its capacity of 320: no free value below it
        assert_eq!(mex3_checked(&s, 2, &s, 2, &s, 2, 0), None);
        assert_eq!(mex3_checked(&s, 2, &s, 0, &s, 0, 0), None);
        assert_eq!(mex3_checked(&s, 1, &s, 0, &s, 0, 8), Some(8));
    }

    #[test]
    fn mex3_equals_a_plain_union_mex() {
        // Dense random sets (so that long full runs and words full only in the union occur),
        // against the mex of the union computed value by value.
        let lens = [700usize, 1500, 2900, 4100];
        let mut s = Sets::new(lens.len(), |i| lens[i]);
        let mut present: Vec<Vec<bool>> = lens.iter().map(|&l| vec![false; l]).collect();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for round in 0..60_000 {
            let i = next(lens.len() as u64) as usize;
            // bias values low so that the sets fill from the bottom, as the engine's do
            let cap = 64 + (round as u64 * lens[i] as u64) / 60_000;
            let v = next(cap.min(lens[i] as u64 - 1)) as u32;
            s.insert(i, v).unwrap();
            present[i][v as usize] = true;
            if round % 97 == 0 {
                let (a, b, c) = (next(4) as usize, next(4) as usize, next(4) as usize);
                let top = lens[a].min(lens[b]).min(lens[c]);
                let from = next(top as u64 / 2) as u32;
                let plain = (from as usize..top)
                    .find(|&v| !(present[a][v] || present[b][v] || present[c][v]));
                if let Some(m) = plain {
                    assert_eq!(
                        mex3_checked(&s, a, &s, b, &s, c, from),
                        Some(m as u32),
                        "round {round}"
                    );
                }
            }
        }
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
