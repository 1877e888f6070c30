//! floor = mex: the pairs stream against the recursive definition, for every n in a range.
//!
//! The recursive definition (A. S. Fraenkel, "How to beat your Wythoff games' opponent on three
//! fronts", 1982, Theorem 1) is A_n = mex{A_i, B_i : i < n}, B_n = A_n + a·n.  Because every value
//! below A_{n−1} is used, the mex is the least integer above A_{n−1} that is not a pending B_i
//! (i < n, B_i > A_{n−1}); the sweep merges the candidates with that increasing stream.
//!
//! The terms under test come from the kernel that writes the pairs files: [`Plan::sturmian`]
//! (exact square-root start, proved-exact Sturmian steps, [`crate::pairs::bulk::Sturmian::carry`])
//! or, where the kernel is not proved or values exceed a machine word, [`Plan::stream`].
//!
//! The range is cut into chunks of 2^24 run in parallel.  A chunk's pending B_i with i below its
//! start are terms of earlier chunks — verified there — and are streamed by a second instance of
//! the same kernel, never stored; its own B_i join a FIFO.  If every chunk passes, every term
//! passes by induction over the chunks.  After a counterexample a chunk starts afresh at the next
//! n, so the first counterexample and the count do not depend on the cutting.  Cost: about 3 ns per n on one core (machine words),
//! O(chunk) memory per thread.

use super::numeration::NumTable;
use crate::error::{Error, Result};
use crate::game::Rules;
use crate::pairs::bulk::{Chunk, Plan};
use std::collections::VecDeque;

/// Restarts after a counterexample within one chunk; beyond them the chunk stops early and
/// its count says so.
const MAX_RESTARTS: u32 = 64;

/// floor = mex over [lo, hi) (lo < hi): returns (items examined, first counterexample).
///
/// The sweep stops at a counterexample and starts afresh at the next n (from the formula's
/// values, as a chunk starts), so every n is examined and the first counterexample does not
/// depend on how the range was cut — up to `MAX_RESTARTS` counterexamples per chunk, after
/// which the chunk stops and its count is what was examined.
pub fn chunk(
    rules: Rules,
    lo: u64,
    hi: u64,
    fault: Option<u64>,
    num: Option<&NumTable>,
) -> Result<(u64, Option<String>)> {
    let (count, first) = chunk_at(rules, lo, hi, fault, num)?;
    Ok((count, first.map(|f| f.1)))
}

/// [`chunk`], with the first counterexample's n.
pub fn chunk_at(
    rules: Rules,
    lo: u64,
    hi: u64,
    fault: Option<u64>,
    num: Option<&NumTable>,
) -> Result<(u64, Option<(u64, String)>)> {
    let mut first = None;
    let mut s = lo;
    for _ in 0..=MAX_RESTARTS {
        match until_mismatch(rules, s, hi, fault, num)? {
            None => return Ok((hi - lo, first)),
            Some((n, text)) => {
                first.get_or_insert((n, text));
                s = n + 1;
                if s == hi {
                    return Ok((hi - lo, first));
                }
            }
        }
    }
    Ok((s - lo, first))
}

/// floor = mex over [lo, hi) (lo < hi) up to the first counterexample: (n, text).
fn until_mismatch(
    rules: Rules,
    lo: u64,
    hi: u64,
    fault: Option<u64>,
    num: Option<&NumTable>,
) -> Result<Option<(u64, String)>> {
    if lo >= hi {
        return Err(Error::internal(format!("empty chunk [{lo}, {hi})")));
    }
    let plan = Plan::new(rules, 0, hi)?; // hi itself: the end check
    // Pending B_i (i < lo) above A_{lo−1}: the first such i, by binary search on the exact formula
    // (terms of earlier chunks, verified there).
    let prev_a = if lo == 0 {
        None
    } else {
        Some(plan.pair(lo - 1).0)
    };
    let lag_i = match prev_a {
        None => lo,
        Some(pa) => {
            let (mut l, mut h) = (0u64, lo);
            while l < h {
                let m = l + (h - l) / 2;
                if plan.pair(m).1 > pa {
                    h = m
                } else {
                    l = m + 1
                }
            }
            l
        }
    };
    let floor_chunk = Chunk {
        start: lo,
        len: hi - lo + 1,
    };
    let lag_chunk = Chunk {
        start: lag_i,
        len: lo - lag_i + 1,
    };
    // Machine words: every value below 2^63 and both kernels proved exact.
    let fits = (hi as u128)
        .checked_mul(rules.a() as u128 + 2)
        .is_some_and(|v| v < 1 << 63);
    if fits
        && !rules.misere()
        && let Some(floor) = plan.sturmian(floor_chunk)?
        && let Some(lag) = plan.sturmian(lag_chunk)?
    {
        let w = Words {
            plan: &plan,
            lo,
            hi,
            lag_i,
            kernels: floor.twin(lag)?,
            fault,
        };
        return match num {
            Some(t) => w.run::<true>(t),
            None => w.run::<false>(&NumTable::empty()),
        };
    }
    wide(&plan, lo, hi, lag_i, prev_a, fault)
}

/// The counterexample text.
fn mismatch(a: u64, n: u64, floor: impl std::fmt::Display, mex: impl std::fmt::Display) -> String {
    format!("a = {a}, n = {n}: floor formula gives A_n = {floor}, the mex recursion {mex}")
}

/// The general sweep in 128 bits over [`Plan::stream`]s.
fn wide(
    plan: &Plan,
    lo: u64,
    hi: u64,
    mut lag_i: u64,
    prev_a: Option<u128>,
    fault: Option<u64>,
) -> Result<Option<(u64, String)>> {
    let rules = plan.rules();
    let (a, c) = (rules.a() as u128, rules.offset() as u128);
    let mut floor = plan.stream(Chunk {
        start: lo,
        len: hi - lo + 1,
    })?;
    let mut lag = plan.stream(Chunk {
        start: lag_i,
        len: lo - lag_i + 1,
    })?;
    // Our own B_i (i ≥ lo) wait in a FIFO; each exceeds every lag value (B is increasing), so the
    // pending head is the lag stream's until it is used up.
    let mut own: VecDeque<u128> = VecDeque::with_capacity(((hi - lo) / 2) as usize + 16);
    let mut cand: u128 = prev_a.map_or(0, |p| p + 1);
    for n in lo..hi {
        loop {
            let head = if lag_i < lo {
                Some(lag.current().2)
            } else {
                own.front().copied()
            };
            match head {
                Some(b) if b <= cand => {
                    if b == cand {
                        cand += 1;
                    }
                    if lag_i < lo {
                        lag_i += 1;
                        lag.advance();
                    } else {
                        own.pop_front();
                    }
                }
                _ => break,
            }
        }
        let fa = floor.current().1 + u128::from(fault == Some(n));
        if cand != fa {
            return Ok(Some((n, mismatch(rules.a(), n, fa, cand))));
        }
        let b = cand + a * n as u128 + c;
        if b > cand {
            own.push_back(b); // (B_0 = A_0 = 0 in normal play is the only B not above its A)
        }
        cand += 1;
        floor.advance();
    }
    Ok(None)
}

/// The sweep in machine words over two proved Sturmian kernels: the terms n ∈ [lo, hi) and the
/// pending B_i, i < lo; and a FIFO of the chunk's own B_i.
struct Words<'p> {
    plan: &'p Plan,
    lo: u64,
    hi: u64,
    lag_i: u64,
    /// The terms' kernel (first) and the pending B's kernel (second).
    kernels: crate::pairs::bulk::Twin,
    fault: Option<u64>,
}

impl Words<'_> {
    fn run<const NUM: bool>(self, t: &NumTable) -> Result<Option<(u64, String)>> {
        let Words {
            plan,
            lo,
            hi,
            mut lag_i,
            mut kernels,
            fault,
        } = self;
        let a = plan.rules().a();
        let offset = plan.rules().offset();
        let mut fa = plan.pair(lo).0 as u64; // the stream's A_n
        let mut cand: u64 = if lo == 0 {
            0
        } else {
            plan.pair(lo - 1).0 as u64 + 1
        };
        let mut lag_b = if lag_i < lo {
            plan.pair(lag_i).1 as u64
        } else {
            u64::MAX
        };
        // The FIFO is a per-thread buffer reused across chunks (fresh pages cost ~2 GB/s here).
        thread_local! {
            static OWN: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let mut own = OWN.with(|o| std::mem::take(&mut *o.borrow_mut()));
        own.clear();
        let mut own_r = 0usize;
        // numeration block state (Property 3 by table)
        let (mut ip_high, mut tz_high, mut r, mut rmax) = (0u64, None, 1u64, 0u64);
        let result = (|| {
            for n in lo..hi {
                if NUM {
                    if r > rmax {
                        (ip_high, tz_high, r, rmax) = t
                            .block(n)
                            .ok_or_else(|| Error::internal("numeration block out of range"))?;
                    }
                    let got = t.lower(ip_high, tz_high, r);
                    if got != fa || fault == Some(n) {
                        let want = fa + u64::from(fault == Some(n));
                        return Ok(Some((
                            n,
                            format!(
                                "a = {a}, n = {n}: floor formula gives A_n = {want}, numeration (Property 3) {got}"
                            ),
                        )));
                    }
                    r += 1;
                }
                loop {
                    let head = if lag_i < lo {
                        lag_b
                    } else if own_r < own.len() {
                        own[own_r]
                    } else {
                        u64::MAX
                    };
                    if head > cand {
                        break;
                    }
                    if head == cand {
                        cand += 1;
                    }
                    if lag_i < lo {
                        lag_i += 1;
                        lag_b += 1 + kernels.carry_second() as u64 + a;
                    } else {
                        own_r += 1;
                    }
                }
                let want = if fault == Some(n) { fa + 1 } else { fa };
                if cand != want {
                    return Ok(Some((n, mismatch(a, n, want, cand))));
                }
                let b = cand + a * n + offset;
                if b > cand {
                    own.push(b);
                }
                cand += 1;
                fa += 1 + kernels.carry_first() as u64;
            }
            // the stream's end against the square-root formula
            let end = plan.pair(hi).0;
            if fa as u128 != end {
                return Err(Error::internal(format!(
                    "Sturmian stream drifted: {fa} vs {end} at n = {hi}"
                )));
            }
            Ok(None)
        })();
        OWN.with(|o| *o.borrow_mut() = own);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_meet_seamlessly() {
        // floor = mex over chunk boundaries, starting anywhere, both sweeps
        // and beyond machine words: the wide sweep
        let wide = [(999_999, 1_000_500), (1 << 62, (1 << 62) + 3000)];
        for (lo, hi) in crate::verify::TEST_RANGES.into_iter().chain(wide) {
            let t = NumTable::new(1);
            let got = chunk(Rules::wythoff(), lo, hi, None, t.as_ref()).unwrap();
            assert_eq!(got, (hi - lo, None), "[{lo}, {hi})");
        }
        for a in [2u64, 3, 7, 1000] {
            let t = NumTable::new(a);
            let r = Rules::new(a, false).unwrap();
            let got = chunk(r, 7777, 300_000, None, t.as_ref()).unwrap();
            assert_eq!(got, (300_000 - 7777, None), "a = {a}");
        }
    }

    #[test]
    fn both_sweeps_catch_a_fault_at_its_n() {
        let r = Rules::wythoff();
        let (n, ce) = chunk(r, 1000, 5000, Some(2345), None).unwrap();
        assert_eq!(n, 4000);
        assert!(
            ce.unwrap()
                .contains("n = 2345: floor formula gives A_n = 3795, the mex recursion 3794")
        );
        // the wide sweep (values beyond 2^63)
        let lo = 1u64 << 62;
        let (_, ce) = chunk(r, lo, lo + 500, Some(lo + 77), None).unwrap();
        assert!(ce.unwrap().contains(&format!("n = {}", lo + 77)));
        // the numeration table sees it first when present
        let t = NumTable::new(1);
        let (_, ce) = chunk(r, 0, 1000, Some(500), t.as_ref()).unwrap();
        assert!(ce.unwrap().contains("numeration"));
    }
}
