//! The inner loop of the conjectures check ([`super`]): the state of the sweep before n, one
//! exact step per n ([`State::step`], the reference, which writes the counterexamples), and a
//! block of [`BLOCK`] n's at a time ([`State::block`], the fast path).
//!
//! The block does the same computations as the steps, in four passes with few live values each
//! (so the compiler keeps them in registers and the dependency chains interleave): the partners
//! p(n) by the two branch-free cursors; G(n) by two exact walks started half a block apart (the
//! second from an integer square root, and the first must end on its start); the sums
//! S(n) = S(n − 1) + p(n) against (n + 1)·G(n), listing the plateau ends k on the way; and the
//! list against the upper Wythoff numbers of the block by their walk.  Any disagreement sends
//! the block back to the steps, from the state saved at its start, which find and describe the
//! first counterexample; a block the steps then pass is an internal error.  Cost: about half
//! the steps' per n.

use super::beatty::{self, UpperWalk};
use super::hofstadter::GWalk;
use super::{Faults, first_at_least};
use crate::error::{Error, Result};
use crate::game::Rules;
use crate::pairs::bulk::{Chunk, Plan, Sturmian, Twin, pair_exact_big};

/// The n's of one block (three buffers of this many u64 stay in the L1 cache).
pub const BLOCK: usize = 1024;

/// The sweep before n (all exact).
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    /// The next n.
    pub n: u64,
    /// The kernels of the A cursor (first) and the B cursor (second).
    k: Twin,
    /// The next lower Wythoff number A_ja not yet passed, and ja.
    a_val: u64,
    ja: u64,
    /// A_jb for the next upper Wythoff number B_jb = A_jb + jb not yet passed, and jb.
    b_a: u64,
    jb: u64,
    /// S(n − 1).
    s: u128,
    /// The walk at n − 1 (value G(n − 1)).
    gw: GWalk,
    /// The next upper Wythoff number that can be a plateau end k = n' − 1 with n' ≥ n.
    uw: UpperWalk,
    /// m(n − 2), m(n − 1) (0 where undefined; read only from n = 2 on).
    m2: u64,
    m1: u64,
}

impl State {
    /// The state before n = ns ≥ 1 for a sweep that decides the plateau ends k ≥ k0 ≥ 1 and may
    /// take up to `steps` steps: the cursors from exact floors, S(ns − 1) from the Beatty sums.
    pub fn start(ns: u64, k0: u64, steps: u64) -> Result<State> {
        let lower = beatty::lower;
        let ja = first_at_least(ns, beatty::floor_at(-1, ns)? as u64, lower)?;
        let jb = first_at_least(ns, ns - beatty::floor_at(-1, ns)? as u64, |j| {
            Ok(lower(j)? + j)
        })?;
        // the n < ns are A_1..A_{ja−1} (partners B_j) and B_1..B_{jb−1} (partners A_j)
        let s = beatty::upper_sum(ja - 1)? + beatty::lower_sum(jb - 1)?;
        let plan = Plan::new(Rules::new(1, false)?, jb, ja + steps)?;
        let kernel = |j: u64| -> Result<Sturmian> {
            plan.sturmian(Chunk {
                start: j,
                len: steps,
            })?
            .ok_or_else(|| Error::internal("the Sturmian kernel is not proved exact here"))
        };
        let ju = first_at_least(k0, k0 - beatty::floor_at(-1, k0)? as u64, |j| {
            Ok(beatty::floor_at(3, j)? as u64)
        })?;
        Ok(State {
            n: ns,
            k: kernel(ja)?.twin(kernel(jb)?)?,
            a_val: plan.pair(ja).0 as u64, // < 2^61
            ja,
            b_a: plan.pair(jb).0 as u64,
            jb,
            s,
            gw: GWalk::at(ns - 1)?,
            uw: UpperWalk::at(ju)?,
            m2: 0,
            m1: 0, // m(0) = 0: read at n = 2 when ns = 1
        })
    }

    /// Checks that the cursors sit on the square-root formula's values (at a chunk's end).
    pub fn check_cursors(&self) -> Result<()> {
        let rules = Rules::new(1, false)?;
        if pair_exact_big(rules, self.ja).0 != self.a_val
            || pair_exact_big(rules, self.jb).0 != self.b_a
        {
            return Err(Error::internal(format!(
                "before n = {}: the Sturmian cursors left the floor formula",
                self.n
            )));
        }
        Ok(())
    }

    /// The upper Wythoff number expected next, perturbed by the test double.
    #[inline(always)]
    fn upper(&self, faults: &Faults) -> u64 {
        let u = self.uw.value();
        if Some(u) == faults.upper { u + 1 } else { u }
    }

    /// Steps over n: checks it when n ≥ lo (S(n) = (n + 1)·G(n), then the plateau k = n − 1 when
    /// n ≥ 2) and returns the counterexample, if any.  A gap in the pairs before lo is an
    /// internal error.
    pub fn step(&mut self, lo: u64, faults: &Faults) -> Result<Option<String>> {
        let n = self.n;
        // n is the next A (its partner B_ja = A_ja + ja) or the next B (its partner A_jb)
        let is_a = n == self.a_val;
        let b = self.b_a + self.jb; // B_jb
        if !is_a && n != b {
            let ce = format!(
                "A073869: n = {n} is neither the next lower Wythoff number A_{} = {} nor the next upper one B_{} = {b}: A002251(n) is not defined by the swap",
                self.ja, self.a_val, self.jb
            );
            if n < lo {
                return Err(Error::internal(format!("before the range: {ce}")));
            }
            return Ok(Some(ce));
        }
        let p = if is_a { self.a_val + self.ja } else { self.b_a };
        if is_a {
            self.a_val += 1 + u64::from(self.k.carry_first());
            self.ja += 1;
        } else {
            self.b_a += 1 + u64::from(self.k.carry_second());
            self.jb += 1;
        }
        let p = if Some(n) == faults.partner && n >= lo {
            p + 1
        } else {
            p
        };
        self.s += p as u128; // < 2^122 for n < 2^60
        let s = self.s;
        let g = self.gw.step(); // G(n)
        self.n += 1;
        let d = n as u128 + 1;
        let target = d * g as u128;
        let mut ce = None;
        if s != target && n >= lo {
            let how = if !s.is_multiple_of(d) {
                format!("S(n) mod (n+1) = {}: the mean is not an integer", s % d)
            } else {
                format!("the mean is {}, not G(n) = {g}", s / d)
            };
            ce = Some(format!(
                "A073869: n = {n}: S(n) = A002251(0) + ... + A002251(n) = {s} (A002251(n) = {p}), but (n+1)*G(n) = {d}*{g} = {target}: {how}"
            ));
        }
        let (m2, m1) = (self.m2, self.m1);
        if n >= lo && n >= 2 {
            let k = n - 1;
            // m(k+1) = S(n)/(n+1) differs from m(k) = m1 exactly when S(n) != (n+1)·m1 (where
            // the mean check passed at n: when G(n) != m1)
            let term = m2 == m1 && s != d * m1 as u128;
            let u = self.upper(faults);
            if term != (u == k) {
                let next = if ce.is_none() {
                    format!("{g}")
                } else {
                    format!("{s}/{d}")
                };
                return Ok(ce.or(Some(format!(
                    "A090909: k = {k}: m(k-1) = {m2}, m(k) = {m1}, m(k+1) = {next}, so k is {} of A090909, but the next term of A001950 is floor({}*phi^2) = {u}",
                    if term { "a term" } else { "not a term" },
                    self.uw.j()
                ))));
            }
            self.uw.advance_if(u == k);
        }
        self.m2 = m1;
        self.m1 = g;
        Ok(ce)
    }

    /// Steps over the `len` ≤ [`BLOCK`] n's from `self.n` ≥ max(lo, 2) at once (the module
    /// header); `false` (and a state to be discarded) if anything disagreed.
    pub fn block(&mut self, len: usize, faults: &Faults) -> Result<bool> {
        let len = len.min(BLOCK);
        let n0 = self.n;
        let fault_n = faults.partner.unwrap_or(u64::MAX);
        let mut p = [0u64; BLOCK];
        let mut g = [0u64; BLOCK];
        let mut ends = [0u64; BLOCK];
        let mut bad = false;
        // 1. partners, both cursors moved without a branch (one of them by nothing)
        {
            let (mut a_val, mut ja, mut b_a, mut jb) = (self.a_val, self.ja, self.b_a, self.jb);
            let mut k = self.k;
            for (i, slot) in p.iter_mut().enumerate().take(len) {
                let n = n0 + i as u64;
                let is_a = n == a_val;
                bad |= !is_a & (n != b_a + jb);
                let ia = u64::from(is_a);
                *slot = if is_a { a_val + ja } else { b_a } + u64::from(n == fault_n);
                let c = u64::from(k.carry_either(is_a));
                a_val += ia * (1 + c);
                ja += ia;
                b_a += (1 - ia) * (1 + c);
                jb += 1 - ia;
            }
            (self.a_val, self.ja, self.b_a, self.jb) = (a_val, ja, b_a, jb);
            self.k = k;
        }
        // 2. G(n0 .. n0 + len) by two walks, the second started at n0 + half − 1
        {
            let half = len / 2;
            let mut w1 = self.gw;
            let mut w2 = GWalk::at(n0 + half as u64 - 1)?;
            let joint = w2.value();
            let (lo_half, hi_half) = g.split_at_mut(half);
            for (x, y) in lo_half.iter_mut().zip(hi_half.iter_mut()) {
                *x = w1.step();
                *y = w2.step();
            }
            if len > 2 * half {
                g[len - 1] = w2.step();
            }
            if w1.value() != joint {
                return Err(Error::internal(format!(
                    "the G walk from {} ends on {} at {}, the square root gives {joint}",
                    n0 - 1,
                    w1.value(),
                    n0 + half as u64 - 1
                )));
            }
            self.gw = w2;
        }
        // 3. the sums against (n + 1)·G(n); the plateau ends k = n − 1 listed
        let mut count = 0usize;
        {
            let (mut s, mut m2, mut m1) = (self.s, self.m2, self.m1);
            for i in 0..len {
                let n = n0 + i as u64;
                s += p[i] as u128;
                let gn = g[i];
                bad |= s != (n as u128 + 1) * gn as u128;
                ends[count] = n - 1;
                count += usize::from((m2 == m1) & (gn != m1));
                m2 = m1;
                m1 = gn;
            }
            (self.s, self.m2, self.m1) = (s, m2, m1);
        }
        // 4. the list against the upper Wythoff numbers ≤ n0 + len − 2
        {
            let last = n0 + len as u64 - 2;
            let mut uw = self.uw;
            let mut i = 0usize;
            loop {
                let u = {
                    let v = uw.value();
                    if Some(v) == faults.upper { v + 1 } else { v }
                };
                if u > last {
                    break;
                }
                bad |= i >= count || ends[i] != u;
                i += 1;
                uw.advance_if(true);
            }
            bad |= i != count;
            self.uw = uw;
        }
        self.n = n0 + len as u64;
        Ok(!bad)
    }
}
