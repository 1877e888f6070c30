//! Bulk generation of the P-pairs (A_n, B_n) for n in [START, STOP] — exact at every n ≤ 2^64 − 1.
//!
//! The range is cut into chunks processed in parallel.  Each chunk starts from an exact
//! (A_n, B_n) computed with integer square roots ([`super::algebraic`]) and then runs one of two
//! kernels, both delivering the *carry* sequence c_n = A_{n+1} − A_n − 1 ∈ {0, 1} (α ∈ (1, 2)):
//!
//! * **Sturmian** (normal play): with θ = α − 1 = (√(a²+4) − a)/2 ∈ (0, 1), A_n = n + ⌊nθ⌋, so
//!   c_n is the carry out of the fractional part when θ is added.  A 128-bit fixed-point
//!   accumulator f ← f + θ̃ (θ̃ = ⌊θ·2^128⌋, f_0 = ⌊frac(n_0θ)·2^128⌋, both exact) reproduces the
//!   carries while the accumulated truncation error e < (k+1)·2^−128 after k steps stays below
//!   frac(nθ).  Because θ = [0; a, a, a, …] has bounded partial quotients,
//!   ‖nθ‖ > 1/((a+2)·n) for n ≥ 1 (best approximation by convergents, ‖q_kθ‖ > 1/(q_{k+1}+q_k)
//!   and q_{k+1} + q_k ≤ (a+2)q_k), so the kernel is *proved* exact whenever
//!   (k+1)·(a+2)·n_max ≤ 2^128 — the plan checks this per chunk and falls back otherwise.  The
//!   truncation only ever delays a carry, and each chunk's last term is re-checked against the
//!   square-root formula.  Cost ≈ 2 cycles per term.
//!   Misère play with a ≥ 2 has A'_n = n + ⌊nθ + 1/α⌋: the same accumulator started at
//!   frac(nθ + 1/α), proved exact while (k+1)·a(a+2)·(n_max·a + 1) ≤ 2^128, because
//!   frac(nθ + 1/α) = frac(((na+1)α + a − 2)/a) ≥ ‖(na+1)α‖/a > 1/(a(a+2)(na+1)).
//! * **Exact**: every term by the square-root formula (u128 fast path, GMP beyond).  Used as the
//!   fallback and as the in-run baseline of the benchmarks.
//!
//! Consumers implement [`Sink`]: `begin` with the exact first pair of a chunk, then one `step` per
//! further term with its carry (A grows by 1 + c, B by 1 + c + a); a consumer of the pairs
//! themselves implements [`PairSink`] and runs as [`Pairs`], which adds the steps up.  The same stream can also be
//! pulled: [`Plan::sturmian`] gives the proved kernel of a chunk ([`Sturmian`], the one
//! implementation of the step) and [`Plan::stream`] the pairs of a chunk one at a time.  The
//! pairs writers ([`super::emit`]) push through [`Plan::run`]; the verifier ([`crate::verify`])
//! pulls the very same kernel, so it checks the stream that writes the files.

use super::algebraic;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::Rules;
use rug::Integer;

/// Which kernel produces the carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// 128-bit fixed-point accumulator, proved exact per chunk (normal play).
    Sturmian,
    /// The exact floor formula at every term.
    Exact,
}

/// Receives the pairs of one chunk in order.
pub trait Sink {
    /// The first pair of a chunk, exactly: index n, A_n, B_n.
    fn begin(&mut self, n: u64, a: u128, b: u128);
    /// The next pair: n += 1, A += 1 + carry, B += 1 + carry + a.
    fn step(&mut self, carry: bool);
}

/// Receives the pairs themselves, (A_n, B_n) in order, rather than the steps between them:
/// [`Pairs`] makes it a [`Sink`].
pub trait PairSink {
    /// The next pair: a chunk's first, then each following one.
    fn pair(&mut self, a: u128, b: u128);
}

/// The [`Sink`] of a [`PairSink`]: from each chunk's exact first pair it adds up the steps
/// (A += 1 + carry, B += 1 + carry + a) in u128 and hands every pair on — for the consumers that
/// want the numbers (the text writer adds its steps to decimal digits instead, [`super::emit`]).
pub struct Pairs<P> {
    /// The consumer of the pairs.
    pub inner: P,
    a: u128,
    b: u128,
    a_step: u128,
}

impl<P> Pairs<P> {
    /// The pairs of the game with parameter `a` (that of the plan run), into `inner`.
    pub fn new(a: u64, inner: P) -> Self {
        Pairs {
            inner,
            a: 0,
            b: 0,
            a_step: u128::from(a),
        }
    }
}

impl<P: PairSink> Sink for Pairs<P> {
    fn begin(&mut self, _n: u64, a: u128, b: u128) {
        (self.a, self.b) = (a, b);
        self.inner.pair(a, b);
    }

    #[inline(always)]
    fn step(&mut self, carry: bool) {
        let d = 1 + u128::from(carry);
        self.a += d;
        self.b += d + self.a_step;
        self.inner.pair(self.a, self.b);
    }
}

/// A contiguous run of indices [start, start + len).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// First index.
    pub start: u64,
    /// Number of terms (≥ 1).
    pub len: u64,
}

/// A validated request for the pairs with START ≤ n ≤ STOP.
#[derive(Clone, Debug)]
pub struct Plan {
    rules: Rules,
    start: u64,
    stop: u64,
    kernel: Kernel,
    theta: u128,
}

impl Plan {
    /// Validates the range and checks that every value fits in 128 bits.
    pub fn new(rules: Rules, start: u64, stop: u64) -> Result<Plan> {
        if start > stop {
            return Err(Error::usage(format!(
                "START ({start}) is greater than STOP ({stop}); give START ≤ STOP"
            )));
        }
        let (_, b) = pair_exact_big(rules, stop);
        if b.to_u128().is_none() {
            return Err(Error::usage(format!(
                "B_STOP = {b} does not fit in 128 bits; use `wythoff nth` for single huge pairs"
            )));
        }
        let d = Integer::from(rules.a()) * rules.a() + 4u32;
        let scaled = (d << 254u32).sqrt() - (Integer::from(rules.a()) << 127u32);
        let theta = scaled
            .to_u128()
            .ok_or_else(|| Error::internal("θ·2^128 out of range"))?;
        Ok(Plan {
            rules,
            start,
            stop,
            kernel: Kernel::Sturmian,
            theta,
        })
    }

    /// Chooses the kernel (the Sturmian one is only used where it applies).
    pub fn with_kernel(mut self, kernel: Kernel) -> Plan {
        self.kernel = kernel;
        self
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// First index.
    pub fn start(&self) -> u64 {
        self.start
    }

    /// Last index (inclusive).
    pub fn stop(&self) -> u64 {
        self.stop
    }

    /// Number of pairs, STOP − START + 1 (up to 2^64).
    pub fn count(&self) -> u128 {
        (self.stop - self.start) as u128 + 1
    }

    /// Part i of k (0 ≤ i < k ≤ count) of the range, for a job array writing the range in parts:
    /// n from START + ⌊count·i/k⌋ to START + ⌊count·(i+1)/k⌋ − 1 (exact in 128 bits).  The k
    /// parts are non-empty, contiguous and in order, and cover the range.
    pub fn shard(&self, (i, k): (u64, u64)) -> Result<Plan> {
        let count = self.count();
        if k == 0 || i >= k || u128::from(k) > count {
            return Err(Error::domain(format!(
                "shard {i}/{k}: give 0 ≤ I < K ≤ the number of pairs ({count})"
            )));
        }
        // count·j/k ≤ count ≤ 2^64 and count·j < 2^128: exact; the sums stay ≤ STOP + 1
        let at = |j: u64| count * u128::from(j) / u128::from(k);
        let lo = u64::try_from(u128::from(self.start) + at(i))
            .map_err(|_| Error::internal("shard start beyond STOP"))?;
        let hi = u64::try_from(u128::from(self.start) + at(i + 1) - 1)
            .map_err(|_| Error::internal("shard stop beyond STOP"))?;
        Ok(Plan {
            start: lo,
            stop: hi,
            ..self.clone()
        })
    }

    /// The exact pair (A_n, B_n) as u128 (n within the plan, so it fits).
    pub fn pair(&self, n: u64) -> (u128, u128) {
        let (a, b) = pair_exact_big(self.rules, n);
        (
            a.to_u128().expect("checked by Plan::new"),
            b.to_u128().expect("checked by Plan::new"),
        )
    }

    /// Cuts the range into chunks of at most `chunk_len` terms.  The game's special pairs
    /// ([`Rules::special_pairs`]) get chunks of their own (their steps break the carry rule).
    pub fn chunks(&self, chunk_len: u64) -> Vec<Chunk> {
        let chunk_len = chunk_len.max(1);
        let mut out = Vec::new();
        let mut s = self.start;
        while self.rules.special_pair(s).is_some() && s <= self.stop {
            out.push(Chunk { start: s, len: 1 });
            if s == self.stop {
                return out;
            }
            s += 1;
        }
        loop {
            let remaining = self.stop - s; // terms left minus one
            let len = if remaining >= chunk_len {
                chunk_len
            } else {
                remaining + 1
            };
            out.push(Chunk { start: s, len });
            match s.checked_add(len) {
                Some(next) if next <= self.stop => s = next,
                _ => break,
            }
        }
        out
    }

    /// Runs one chunk into `sink`; verifies the chunk's last term against the exact formula.
    pub fn run<S: Sink>(&self, chunk: Chunk, sink: &mut S) -> Result<()> {
        let (a0, b0) = self.pair(chunk.start);
        sink.begin(chunk.start, a0, b0);
        if chunk.len == 1 {
            return Ok(());
        }
        let last = chunk.start + (chunk.len - 1);
        let carries = if let Some(kernel) = self.sturmian_at(chunk, a0)? {
            let mut k = kernel;
            for _ in 1..chunk.len {
                sink.step(k.carry());
            }
            kernel.carries_in(chunk.len - 1)?
        } else {
            let mut prev = a0;
            let mut carries = 0u64;
            for n in chunk.start + 1..=last {
                let cur = self.pair(n).0;
                let c = match cur - prev {
                    1 => false,
                    2 => true,
                    d => return Err(Error::internal(format!("A_{n} − A_{} = {d}", n - 1))),
                };
                carries += u64::from(c);
                sink.step(c);
                prev = cur;
            }
            carries
        };
        let expect = self.pair(last).0;
        let got = a0 + (chunk.len - 1) as u128 + carries as u128;
        if got != expect {
            return Err(Error::internal(format!(
                "chunk ending at n = {last}: accumulator gives A = {got}, the floor formula {expect}"
            )));
        }
        Ok(())
    }

    /// Whether the fixed-point kernel is proved exact on this chunk:
    /// normal play and (len + 1)·(a + 2)·n_last ≤ 2^128.
    fn sturmian_applies(&self, chunk: Chunk) -> bool {
        if self.kernel != Kernel::Sturmian || chunk.len == 0 {
            return false;
        }
        if self.rules.special_pair(chunk.start).is_some() {
            return false; // the special pairs break the carry rule (chunks() isolates them)
        }
        let Some(last) = chunk.start.checked_add(chunk.len - 1) else {
            return false;
        };
        let last = last as u128;
        let a = self.rules.a() as u128;
        let steps = chunk.len as u128 + 1;
        let bound = if self.rules.offset() == 1 {
            // misère, a ≥ 2: frac(nθ + 1/α) = frac(((na+1)α + a − 2)/a) ≥ ‖(na+1)α‖/a
            //                                > 1/(a(a+2)(na+1))
            steps
                .checked_mul(a)
                .and_then(|v| v.checked_mul(a + 2))
                .and_then(|v| v.checked_mul(last.checked_mul(a)?.checked_add(1)?))
        } else {
            steps.checked_mul(a + 2).and_then(|v| v.checked_mul(last))
        };
        matches!(bound, Some(v) if v < u128::MAX)
    }

    /// The Sturmian kernel started exactly at `chunk.start`, if it is proved exact over the whole
    /// chunk (see the module header); `None` where only the exact formula applies.
    pub fn sturmian(&self, chunk: Chunk) -> Result<Option<Sturmian>> {
        self.check_chunk(chunk)?;
        let a0 = self.pair(chunk.start).0;
        self.sturmian_at(chunk, a0)
    }

    /// [`Plan::sturmian`] for a chunk whose first A is known.
    fn sturmian_at(&self, chunk: Chunk, a0: u128) -> Result<Option<Sturmian>> {
        if !self.sturmian_applies(chunk) {
            return Ok(None);
        }
        Ok(Some(Sturmian {
            f: self.frac_start(chunk.start, a0)?,
            theta: self.theta,
        }))
    }

    /// The pairs of one chunk, pulled one at a time (the Sturmian kernel where it is proved
    /// exact, the floor formula otherwise).
    pub fn stream(&self, chunk: Chunk) -> Result<Stream<'_>> {
        self.check_chunk(chunk)?;
        let (a, b) = self.pair(chunk.start);
        Ok(Stream {
            plan: self,
            n: chunk.start,
            last: chunk.start + (chunk.len - 1),
            a,
            b,
            kernel: self.sturmian_at(chunk, a)?,
        })
    }

    /// Refuses a chunk that is empty or reaches outside [START, STOP].
    fn check_chunk(&self, chunk: Chunk) -> Result<()> {
        let inside = chunk.len >= 1
            && chunk.start >= self.start
            && chunk
                .start
                .checked_add(chunk.len - 1)
                .is_some_and(|last| last <= self.stop);
        if inside {
            Ok(())
        } else {
            Err(Error::internal(format!(
                "chunk [{}, +{}) lies outside the plan [{}, {}]",
                chunk.start, chunk.len, self.start, self.stop
            )))
        }
    }

    /// θ̃ = ⌊(α − 1)·2^128⌋, the accumulator's step.
    pub fn theta(&self) -> u128 {
        self.theta
    }

    /// ⌊frac(nθ)·2^128⌋ exactly: ⌊nθ·2^128⌋ = isqrt(n²D·2^254) − n·a·2^127, minus
    /// ⌊nθ⌋·2^128 = (A_n − n)·2^128 (misère with a ≥ 2: of nθ + 1/α, likewise).
    pub fn frac_start(&self, n: u64, a_n: u128) -> Result<u128> {
        let a = self.rules.a();
        let d = Integer::from(a) * a + 4u32;
        let nn = Integer::from(n);
        let scaled = if self.rules.offset() == 1 {
            // misère, a ≥ 2: A'_n = n + ⌊nθ + 1/α⌋ and (nθ + 1/α)·2^128 =
            // ((na+1)√D − na² + a − 2)·2^127 / a
            let p = (Integer::from(a) - 2u32 - Integer::from(&nn * a) * a) << 127u32;
            let q = (Integer::from(&nn * a) + 1u32) << 127u32;
            crate::num::floor_surd(&p, &q, &d, &Integer::from(a))
        } else {
            ((Integer::from(&nn * &nn) * d) << 254u32).sqrt() - (Integer::from(&nn * a) << 127u32)
        };
        let whole = Integer::from(&scaled >> 128u32);
        if whole != a_n - n as u128 {
            return Err(Error::internal(format!("⌊nθ⌋ mismatch at n = {n}")));
        }
        let frac = scaled - (whole << 128u32);
        frac.to_u128()
            .ok_or_else(|| Error::internal("fraction out of range"))
    }
}

/// The Sturmian kernel of one chunk: the 128-bit accumulator f and its step θ̃.  Each
/// [`Sturmian::carry`] gives the carry c_n = A_{n+1} − A_n − 1 and moves on to n + 1.  Obtained
/// from [`Plan::sturmian`] only where it is proved exact, so every carry it gives over its chunk
/// is the true one.  This is the only implementation of the step.
#[derive(Clone, Copy, Debug)]
pub struct Sturmian {
    f: u128,
    theta: u128,
}

/// The Sturmian step: f ← f + θ̃ mod 2^128; the carry out is c_n.  The one implementation of the
/// step, used by [`Sturmian`] and [`Twin`].
#[inline(always)]
fn step(f: &mut u128, theta: u128) -> bool {
    let (next, carry) = f.overflowing_add(theta);
    *f = next;
    carry
}

impl Sturmian {
    /// The carry c_n (A_{n+1} = A_n + 1 + c_n), moving the kernel from n to n + 1.
    #[inline(always)]
    pub fn carry(&mut self) -> bool {
        step(&mut self.f, self.theta)
    }

    /// Two kernels of one parameter a (one θ̃) stepped by one consumer, holding θ̃ once: a
    /// consumer of two streams (the verifier's terms and its pending B's) keeps both accumulators
    /// and θ̃ in registers.  Refuses kernels of different θ̃.
    pub fn twin(self, other: Sturmian) -> Result<Twin> {
        if self.theta != other.theta {
            return Err(Error::internal("twin kernels of different parameters"));
        }
        Ok(Twin {
            f: [self.f, other.f],
            theta: self.theta,
        })
    }

    /// The accumulator and its step (f, θ̃), for the 64-step table of [`super::word64`].
    pub fn state(&self) -> (u128, u128) {
        (self.f, self.theta)
    }

    /// The number of carries in the next `steps` steps, in closed form (the wraps of
    /// f + steps·θ̃), without stepping.
    pub fn carries_in(&self, steps: u64) -> Result<u64> {
        let total = Integer::from(self.f) + Integer::from(self.theta) * steps;
        (total >> 128u32)
            .to_u64()
            .ok_or_else(|| Error::internal("carry count"))
    }
}

/// Two [`Sturmian`] kernels sharing θ̃ ([`Sturmian::twin`]).
#[derive(Clone, Copy, Debug)]
pub struct Twin {
    f: [u128; 2],
    theta: u128,
}

impl Twin {
    /// The carry of the first kernel, moving it on by one index.
    #[inline(always)]
    pub fn carry_first(&mut self) -> bool {
        step(&mut self.f[0], self.theta)
    }

    /// The carry of the second kernel, moving it on by one index.
    #[inline(always)]
    pub fn carry_second(&mut self) -> bool {
        step(&mut self.f[1], self.theta)
    }

    /// Moves the first kernel on by one index where `first`, the second otherwise, without a
    /// branch (for a consumer that advances one of two cursors per item); returns the carry of
    /// the kernel moved.
    #[inline(always)]
    pub fn carry_either(&mut self, first: bool) -> bool {
        let m = 0u128.wrapping_sub(u128::from(first)); // all ones where first
        let c0 = step(&mut self.f[0], self.theta & m);
        let c1 = step(&mut self.f[1], self.theta & !m);
        c0 | c1
    }
}

/// The pairs of one chunk, pulled one at a time ([`Plan::stream`]).
pub struct Stream<'p> {
    plan: &'p Plan,
    n: u64,
    last: u64,
    a: u128,
    b: u128,
    kernel: Option<Sturmian>,
}

impl Stream<'_> {
    /// The current pair (n, A_n, B_n).
    #[inline(always)]
    pub fn current(&self) -> (u64, u128, u128) {
        (self.n, self.a, self.b)
    }

    /// Moves to the next pair; `false` (and no move) at the chunk's last index.
    #[inline]
    pub fn advance(&mut self) -> bool {
        if self.n >= self.last {
            return false;
        }
        self.n += 1;
        match &mut self.kernel {
            Some(k) => {
                let d = 1 + u128::from(k.carry());
                self.a += d;
                self.b += d + self.plan.rules.a() as u128;
            }
            None => (self.a, self.b) = self.plan.pair(self.n),
        }
        true
    }
}

/// The exact pair (A_n, B_n) under `rules`, as big integers (square-root formula).
pub fn pair_exact_big(rules: Rules, n: u64) -> (Integer, Integer) {
    if let Some((u, v)) = rules.special_pair(n) {
        return (Integer::from(u), Integer::from(v));
    }
    let c = rules.offset();
    let ni = Integer::from(n);
    let a_n = algebraic::lower(rules.a(), c, &ni);
    let b_n = (&a_n + Integer::from(&ni * rules.a())) + c;
    (a_n, b_n)
}

/// The documented checksum of a range of pairs: with every quantity taken mod 2^64,
/// `sum_a` = Σ A_n, `sum_b` = Σ B_n and `sum_na` = Σ n·A_n over START ≤ n ≤ STOP.
/// Independent of chunking and thread count; position-sensitive through Σ n·A_n.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checksum {
    /// Σ A_n mod 2^64.
    pub sum_a: u64,
    /// Σ B_n mod 2^64.
    pub sum_b: u64,
    /// Σ n·A_n mod 2^64.
    pub sum_na: u64,
}

impl Checksum {
    /// The checksum of `count` pairs in words, as `pairs --checksum` prints it and the default
    /// job's checksums.txt holds it: `count=C sum_A=S sum_B=T sum_nA=U (sums mod 2^64)`.
    pub fn line(&self, count: u128) -> String {
        format!(
            "count={count} sum_A={} sum_B={} sum_nA={} (sums mod 2^64)",
            self.sum_a, self.sum_b, self.sum_na
        )
    }

    /// Combines the checksums of two disjoint ranges.
    pub fn merge(self, o: Checksum) -> Checksum {
        Checksum {
            sum_a: self.sum_a.wrapping_add(o.sum_a),
            sum_b: self.sum_b.wrapping_add(o.sum_b),
            sum_na: self.sum_na.wrapping_add(o.sum_na),
        }
    }
}

/// A [`Sink`] accumulating the [`Checksum`] of one chunk (wrapping arithmetic is the definition).
///
/// Per term it keeps only A_n, the running sum S = Σ A and T = Σ S; then by Abel summation
/// Σ_{n=s..L} n·A_n = L·S_L − Σ_{n=s..L−1} S_n, and Σ B_n = Σ A_n + a·Σ n + c·count in closed form.
pub struct ChecksumSink {
    a_step: u64,
    c: u64,
    start: u64,
    len: u64,
    a: u64,
    s: u64,
    t: u64,
}

impl ChecksumSink {
    /// A fresh accumulator for the given rules.
    pub fn new(rules: Rules) -> Self {
        ChecksumSink {
            a_step: rules.a(),
            c: rules.offset(),
            start: 0,
            len: 0,
            a: 0,
            s: 0,
            t: 0,
        }
    }

    /// The checksum of the chunk received.  Misère play with a = 1 has its two special pairs in
    /// one-term chunks, where B_n is added as received.
    pub fn finish(&mut self, chunk: Chunk, b_first: u128) -> Checksum {
        self.len = chunk.len;
        let last = self.start.wrapping_add(self.len).wrapping_sub(1);
        let sum_na = last
            .wrapping_mul(self.s)
            .wrapping_sub(self.t.wrapping_sub(self.s));
        let sum_b = if self.len == 1 {
            b_first as u64
        } else {
            let sum_n = ((self.start as u128 + last as u128) * self.len as u128 / 2) as u64;
            self.s
                .wrapping_add(self.a_step.wrapping_mul(sum_n))
                .wrapping_add(self.c.wrapping_mul(self.len))
        };
        Checksum {
            sum_a: self.s,
            sum_b,
            sum_na,
        }
    }
}

impl Sink for ChecksumSink {
    #[inline]
    fn begin(&mut self, n: u64, a: u128, _b: u128) {
        self.start = n;
        self.len = 1;
        self.a = a as u64;
        self.s = self.a;
        self.t = self.s;
    }
    #[inline(always)]
    fn step(&mut self, carry: bool) {
        self.a = self.a.wrapping_add(1 + u64::from(carry));
        self.s = self.s.wrapping_add(self.a);
        self.t = self.t.wrapping_add(self.s);
    }
}

/// The checksum of the whole plan, chunks in parallel on the current rayon pool.  `ctx`'s
/// progress is called with the number of pairs finished by each chunk; once its flag is set
/// the chunks not yet started stop with [`Error::Cancelled`].
pub fn checksum(plan: &Plan, ctx: &Context) -> Result<Checksum> {
    use rayon::prelude::*;
    plan.chunks(1 << 22)
        .into_par_iter()
        .map(|ch| {
            ctx.check()?;
            let mut s = ChecksumSink::new(plan.rules());
            plan.run(ch, &mut s)?;
            ctx.report(ch.len);
            Ok(s.finish(ch, plan.pair(ch.start).1))
        })
        .try_reduce(Checksum::default, |x, y| Ok(x.merge(y)))
}

/// A [`Sink`] that collects the pairs (for tests and small ranges).
#[derive(Default)]
pub struct VecSink {
    a_step: u128,
    /// The pairs (n, A_n, B_n) received.
    pub pairs: Vec<(u64, u128, u128)>,
}

impl VecSink {
    /// An empty collector for parameter a.
    pub fn new(a: u64) -> Self {
        VecSink {
            a_step: a as u128,
            pairs: Vec::new(),
        }
    }
}

impl Sink for VecSink {
    fn begin(&mut self, n: u64, a: u128, b: u128) {
        self.pairs.push((n, a, b));
    }
    fn step(&mut self, carry: bool) {
        let &(n, a, b) = self.pairs.last().expect("begin first");
        let d = 1 + u128::from(carry);
        self.pairs.push((n + 1, a + d, b + d + self.a_step));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(plan: &Plan, chunk: u64) -> Vec<(u64, u128, u128)> {
        let mut s = VecSink::new(plan.rules().a());
        for ch in plan.chunks(chunk) {
            plan.run(ch, &mut s).unwrap();
        }
        s.pairs
    }

    #[test]
    fn sturmian_equals_exact_and_recursive() {
        for a in [1u64, 2, 3, 7, 1000] {
            for misere in [false, true] {
                let rules = Rules::new(a, misere).unwrap();
                let plan = Plan::new(rules, 0, 5000).unwrap();
                let fast = collect(&plan, 777);
                let slow = collect(&plan.clone().with_kernel(Kernel::Exact), 1000);
                assert_eq!(fast, slow);
                let solver = super::super::Solver::new(rules, super::super::Strategy::Recursive);
                for &(n, x, y) in fast.iter().step_by(97) {
                    let (p, q) = solver.nth(&Integer::from(n)).unwrap();
                    assert_eq!((p, q), (Integer::from(x), Integer::from(y)), "a={a} n={n}");
                }
            }
        }
    }

    #[test]
    fn pulled_stream_equals_the_pushed_one_and_the_recursion() {
        for a in [1u64, 2, 7] {
            for misere in [false, true] {
                let rules = Rules::new(a, misere).unwrap();
                let plan = Plan::new(rules, 0, 3000).unwrap();
                let pushed = collect(&plan, 3001);
                let mut s = plan
                    .stream(Chunk {
                        start: 0,
                        len: 3001,
                    })
                    .unwrap();
                let mut pulled = vec![s.current()];
                while s.advance() {
                    pulled.push(s.current());
                }
                assert_eq!(pulled, pushed, "a = {a}, misère = {misere}");
                if !misere {
                    // the mex recursion, an independent computation
                    let rec: Vec<(u64, u128, u128)> = super::super::recursive::Sweep::new(a, 0)
                        .take(3001)
                        .map(|(n, x, y)| (n, x as u128, y as u128))
                        .collect();
                    assert_eq!(pulled, rec, "a = {a}");
                }
            }
        }
        // the kernel is offered only where proved, and never over misère a = 1's special pairs
        let m1 = Plan::new(Rules::new(1, true).unwrap(), 0, 100).unwrap();
        assert!(m1.sturmian(Chunk { start: 0, len: 50 }).unwrap().is_none());
        assert!(m1.sturmian(Chunk { start: 2, len: 50 }).unwrap().is_some());
        let top = Plan::new(Rules::wythoff(), 0, u64::MAX).unwrap();
        let far = Chunk {
            start: 1 << 63,
            len: (1 << 63) - 1,
        };
        assert!(top.sturmian(far).unwrap().is_none());
        // a chunk outside the plan is refused, not run
        assert!(m1.stream(Chunk { start: 90, len: 20 }).is_err());
        assert!(m1.stream(Chunk { start: 5, len: 0 }).is_err());
    }

    #[test]
    fn exact_at_the_top_of_u64() {
        let rules = Rules::wythoff();
        let plan = Plan::new(rules, u64::MAX - 3000, u64::MAX).unwrap();
        let fast = collect(&plan, 1000);
        assert_eq!(fast.len(), 3001);
        for &(n, x, y) in fast.iter().step_by(101) {
            let big = algebraic::lower_normal(1, &Integer::from(n));
            assert_eq!(Integer::from(x), big);
            assert_eq!(y, x + n as u128);
        }
        assert_eq!(fast.last().unwrap().0, u64::MAX);
    }

    #[test]
    fn misere_sturmian_far_out_equals_exact() {
        for a in [2u64, 3, 1000] {
            let rules = Rules::new(a, true).unwrap();
            let plan = Plan::new(rules, (1 << 50) - 2000, 1 << 50).unwrap();
            let fast = collect(&plan, 700);
            let slow = collect(&plan.clone().with_kernel(Kernel::Exact), 700);
            assert_eq!(fast, slow, "a = {a}");
        }
    }

    #[test]
    fn start_greater_than_stop_is_a_usage_error() {
        assert_eq!(
            Plan::new(Rules::wythoff(), 5, 4).unwrap_err().exit_code(),
            2
        );
    }

    #[test]
    fn extreme_corner_fits_and_is_exact() {
        // a, n < 2^64 gives B_n < (n + 2) + a·n < 2^128: the largest corner still fits.
        let r = Rules::new(u64::MAX, false).unwrap();
        let plan = Plan::new(r, u64::MAX - 50, u64::MAX).unwrap();
        for (n, x, y) in collect(&plan, 16) {
            let big = algebraic::lower_normal(u64::MAX, &Integer::from(n));
            assert_eq!(Integer::from(x), big);
            assert_eq!(Integer::from(y), big + Integer::from(n) * u64::MAX);
        }
    }

    #[test]
    fn checksum_matches_a_plain_loop_and_ignores_chunking() {
        let rules = Rules::new(2, false).unwrap();
        let plan = Plan::new(rules, 10, 20_000).unwrap();
        let mut want = Checksum::default();
        for (n, x, y) in super::super::recursive::Sweep::new(2, 0)
            .take(20_001)
            .skip(10)
        {
            want.sum_a = want.sum_a.wrapping_add(x);
            want.sum_b = want.sum_b.wrapping_add(y);
            want.sum_na = want.sum_na.wrapping_add(n.wrapping_mul(x));
        }
        assert_eq!(checksum(&plan, &Context::serial()).unwrap(), want);
    }
}
