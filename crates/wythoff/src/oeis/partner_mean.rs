//! The Wythoff partner sequence, its running mean and the mean's plateaus (A002251, A073869,
//! A090909), streamed, each from its definition in the OEIS — never from the closed forms
//! conjectured there.
//!
//! * A002251: a(0) = 0, a(A_n) = B_n, a(B_n) = A_n.  Two cursors over the pairs of the bulk
//!   generator (`each_pair` of the catalogue, exact), one on the lower and one on the upper Wythoff
//!   numbers, each pulled in blocks of 2^16: every m ≥ 1 is the next A_i or the next B_j (the
//!   two sequences partition the positive integers — checked, a miss being an error).  Cursors
//!   at i ≈ m/φ and j ≈ m/φ², so every index and value fits for m ≤ 2^64 − 1.
//! * A073869: m(n) = (A002251(0) + … + A002251(n))/(n + 1), n ≥ 0.  The entry asks whether this is
//!   Hofstadter's G-sequence A005206; we do not assume it is, nor that the mean is an integer: the
//!   prefix sum is exact and its divisibility by n + 1 is checked, a remainder being an error.
//!   The sum fits 128 bits for every n < 2^64: a(m) ≤ 2m (B_n = A_n + n ≤ 2A_n), so the sum of
//!   the first N terms is at most N(N − 1) < 2^128.
//! * A090909: the k ≥ 1 with m(k − 1) = m(k) ≠ m(k + 1), in increasing order.  The entry's name
//!   says "terms a(k) of A073869", but its data (2, 5, 7, 10, …) are the indices k — the values
//!   m(k) would be 1, 3, 4, 6, … — so we follow the data (doc/oeis.md).  The entry asks whether
//!   this is the upper Wythoff sequence A001950; again nothing is assumed: the means are streamed
//!   and each k is written as it is found.
//!
//! Cost: O(1) per index and constant memory (two blocks of 2^16 pairs).

use crate::error::{Error, Result};

/// The pairs (A_n, B_n), n = 1, 2, …, pulled from the bulk generator in blocks.
struct Pairs {
    next: Option<u64>,
    buf: Vec<(u128, u128)>,
    pos: usize,
}

impl Pairs {
    const BLOCK: u64 = 1 << 16;

    fn new() -> Pairs {
        Pairs {
            next: Some(1),
            buf: Vec::new(),
            pos: 0,
        }
    }

    /// The current pair.
    fn peek(&mut self) -> Result<(u128, u128)> {
        if self.pos == self.buf.len() {
            let lo = self
                .next
                .ok_or_else(|| Error::domain("a pair index past 2^64 - 1"))?;
            let hi = lo.saturating_add(Self::BLOCK - 1);
            self.buf.clear();
            self.pos = 0;
            super::each_pair(1, lo, hi, &mut |a, b| self.buf.push((a, b)))?;
            self.next = hi.checked_add(1);
        }
        Ok(self.buf[self.pos])
    }

    fn advance(&mut self) {
        self.pos += 1;
    }
}

/// A002251(m) for m < count, to `f`.
pub fn partners(count: u64, f: &mut dyn FnMut(u128) -> Result<()>) -> Result<()> {
    if count == 0 {
        return Ok(());
    }
    f(0)?;
    let (mut lower, mut upper) = (Pairs::new(), Pairs::new());
    for m in 1..count {
        let m = u128::from(m);
        let (a, b) = lower.peek()?;
        if a == m {
            f(b)?;
            lower.advance();
            continue;
        }
        let (a, b) = upper.peek()?;
        if b != m {
            return Err(Error::internal(format!("{m} is neither A_n nor B_n")));
        }
        f(a)?;
        upper.advance();
    }
    Ok(())
}

/// m(n) for n < count, to `f`.
pub fn means(count: u64, f: &mut dyn FnMut(u128) -> Result<()>) -> Result<()> {
    let (mut sum, mut n) = (0u128, 0u128);
    partners(count, &mut |x| {
        sum = sum
            .checked_add(x)
            .ok_or_else(|| Error::internal("a partner sum past 2^128"))?;
        n += 1;
        if !sum.is_multiple_of(n) {
            return Err(Error::domain(format!(
                "A073869: the sum of A002251(0..={}) = {sum} is not divisible by {n}",
                n - 1
            )));
        }
        f(sum / n)
    })
}

/// The first `count` k ≥ 1 with m(k − 1) = m(k) ≠ m(k + 1), to `f`: the means are streamed over
/// n ≤ 2^64 − 2 until `count` are found (fewer found there is an error).
pub fn plateau_ends(count: u64, f: &mut dyn FnMut(u128) -> Result<()>) -> Result<()> {
    if count == 0 {
        return Ok(());
    }
    /// Ends the stream once enough k are out.
    const DONE: &str = "plateau search done";
    let (mut prev, mut cur, mut n, mut found) = (None, None, 0u128, 0u64);
    let r = means(u64::MAX, &mut |next| {
        // n is the index of `next`; k = n − 1 ends a plateau if m(k − 1) = m(k) ≠ m(k + 1)
        if let (Some(p), Some(c)) = (prev, cur)
            && p == c
            && c != next
        {
            f(n - 1)?;
            found += 1;
            if found == count {
                return Err(Error::internal(DONE));
            }
        }
        (prev, cur, n) = (cur, Some(next), n + 1);
        Ok(())
    });
    match r {
        Err(Error::Internal(m)) if m == DONE => Ok(()),
        Err(e) => Err(e),
        Ok(()) => Err(Error::domain(format!(
            "A090909: only {found} terms among the means m(0..2^64 - 1)"
        ))),
    }
}
