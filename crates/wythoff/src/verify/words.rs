//! floor = mex = numeration, 64 integers at a time.
//!
//! Each side gives the characteristic word of the A-numbers over the integers m:
//!
//! * **floor**: the Sturmian kernel of the pairs stream, 64 steps per table look-up
//!   ([`crate::pairs::word64`]), expanded into the word of the A_n and, from a second kernel, the
//!   word of the B_n = A_n + a·n;
//! * **mex**: for increasing sequences with B_n = A_n + a·n, A_n = mex{A_i, B_i : i < n} for every
//!   1 ≤ n < N iff every m in [1, A_N) is exactly one of the A_n, B_n (proof in doc/verify.md) —
//!   so the recursion is checked as "the A-word and the B-word are complementary", one
//!   exclusive-or per 64 integers;
//! * **numeration**: Property 1 (an A-number's p-representation ends in an even number of zeros)
//!   by table ([`super::property1`]).
//!
//! A chunk [lo, hi) of indices covers the integers [A_lo, A_hi): A_lo, A_hi and the first B at or
//! above A_lo are computed exactly (square roots); in between every word is produced by the
//! kernels.  At the end the chunk's count of A-numbers must be hi − lo and its count of
//! B-numbers the exact one — a drifted kernel is an internal error, never a pass.  The chunks
//! tile [1, A_bound), so an ok over every chunk proves the recursion and Property 1's word for
//! every n < bound.  Where the words disagree, the first disagreeing integer m names n (the index
//! of the first A-number at or above m) and the chunk is run again by the per-n sweep of
//! [`super::mex`], whose counterexample is reported in full when it finds the same n.
//!
//! Applies for 1 ≤ a ≤ 6 (the B-word's byte expansion fits a machine word) with every value
//! below 2^63; elsewhere the per-n sweep runs.  Cost per 64 integers (about 40 indices for
//! a = 1): a few byte expansions of each kernel's carries, a 64-step look-up per 64 carries, one
//! table read for Property 1 and a few word operations — measured about 0.6 ns of CPU per n on
//! the project's machine, against about 3 ns for the per-n sweep.  Memory: the tables (4 MiB of
//! Property 1 bits at most) and nothing per n.

use super::mex;
use super::property1::PWord;
use crate::error::{Error, Result};
use crate::game::Rules;
use crate::pairs::bulk::{Chunk, Plan};
use crate::pairs::word64::{Leap, Side, UPPER_MAX_A, WordStream};

/// Test doubles, each corrupting one side at one index n (see [`super::Config`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    /// A_n + 1 instead of A_n (a corrupted term; both sweeps see it).
    pub term: Option<u64>,
    /// The carry c_n of the A-stream flipped (a corrupted kernel step: A_{n+1} onwards move).
    pub carry: Option<u64>,
    /// The numeration bit of m = A_n flipped (a corrupted digit of its representation).
    pub digit: Option<u64>,
}

/// Steps of margin past a chunk's last index: the streams run ahead by up to two leaps.
const MARGIN: u64 = 256;

/// Whether the word sweep applies to the whole configuration: 1 ≤ a ≤ 6 and every value of the
/// range, with the margin, below 2^63.
pub fn applies(rules: Rules, hi: u64) -> bool {
    !rules.misere()
        && rules.a() <= UPPER_MAX_A
        && (hi as u128 + MARGIN as u128 + 1)
            .checked_mul(rules.a() as u128 + 2)
            .is_some_and(|v| v < 1 << 63)
}

/// The tables shared by every chunk of a run.
pub struct Tables {
    leap: Leap,
    pword: PWord,
}

impl Tables {
    /// The tables for `rules` (for which [`applies`] holds).
    pub fn new(rules: Rules) -> Result<Tables> {
        let plan = Plan::new(rules, 0, 1)?;
        Ok(Tables {
            leap: Leap::new(plan.theta()),
            pword: PWord::new(rules.a()).ok_or_else(|| Error::internal("Property 1 table"))?,
        })
    }
}

/// The check over [lo, hi): (items examined, first counterexample), like [`mex::chunk`].
pub fn chunk(
    rules: Rules,
    lo: u64,
    hi: u64,
    faults: Faults,
    t: &Tables,
) -> Result<(u64, Option<String>)> {
    let mut done = 0u64;
    let mut first = None;
    let mut lo = lo;
    if lo == 0 {
        // n = 0 (A_0 = B_0 = 0) lies outside the words, which start at m = 1
        let (c, ce) = mex::chunk(rules, 0, 1, faults.term, None)?;
        (done, first) = (c, ce);
        lo = 1;
    }
    if lo >= hi {
        return Ok((done, first));
    }
    let Some((n, text)) = words(rules, lo, hi, faults, t)? else {
        return Ok((done + (hi - lo), first));
    };
    // the per-n sweep's counterexample in full where it finds the same one (or an earlier one)
    let (count, per_n) = mex::chunk_at(rules, lo, hi, faults.term, None)?;
    let found = match per_n {
        Some((m, t)) if m <= n => (count, t),
        _ => (hi - lo, text),
    };
    Ok((done + found.0, first.or(Some(found.1))))
}

/// The word comparison over [lo, hi), 1 ≤ lo < hi: the first counterexample (n, text), if any.
fn words(rules: Rules, lo: u64, hi: u64, f: Faults, t: &Tables) -> Result<Option<(u64, String)>> {
    let a = rules.a();
    let plan = Plan::new(rules, 0, hi + MARGIN)?;
    let a_lo = plan.pair(lo).0 as u64;
    let a_hi = plan.pair(hi).0 as u64;
    // the B's in [A_lo, A_hi): indices [j0, j1), by binary search on the exact formula
    let first_b_at_least = |v: u64| -> u64 {
        let (mut l, mut h) = (0u64, hi);
        while l < h {
            let m = l + (h - l) / 2;
            if plan.pair(m).1 as u64 >= v {
                h = m
            } else {
                l = m + 1
            }
        }
        l
    };
    let (j0, j1) = (first_b_at_least(a_lo), first_b_at_least(a_hi));
    let kernel = |start: u64, last: u64| -> Result<_> {
        plan.sturmian(Chunk {
            start,
            len: last - start + MARGIN,
        })?
        .ok_or_else(|| Error::internal(format!("Sturmian kernel not proved on [{start}, {last}]")))
    };
    let mut aw = WordStream::new(&t.leap, kernel(lo, hi)?, Side::Lower, a)
        .ok_or_else(|| Error::internal("lower word"))?
        .with_flipped_carry(f.carry.filter(|&c| c >= lo && c < hi).map(|c| c - lo));
    let mut bw = WordStream::new(&t.leap, kernel(j0, hi)?, Side::Upper, a)
        .ok_or_else(|| Error::internal("upper word"))?;
    let b_off = (plan.pair(j0).1 as u64 - a_lo) as u32; // < a + 2 < 64
    let digit = f
        .digit
        .filter(|&d| d >= lo && d < hi)
        .map(|d| plan.pair(d).0 as u64);
    let mut nw = t.pword.stream(a_lo).with_flipped(digit);
    // a corrupted term: A_n's bit moves up by one
    let term = f
        .term
        .filter(|&d| d >= lo && d < hi)
        .map(|d| plan.pair(d).0 as u64 - a_lo);
    let total = a_hi - a_lo;
    let (mut b_carry, mut a_count, mut b_count) = (0u64, 0u64, 0u64);
    let mut k = 0u64;
    while k * 64 < total {
        let mut fa = aw.next64();
        let b = bw.next64();
        let fb = if b_off == 0 {
            b
        } else {
            let v = (b << b_off) | b_carry;
            b_carry = b >> (64 - b_off);
            v
        };
        let nu = nw.next64();
        if let Some(p) = term {
            if p / 64 == k {
                fa &= !(1 << (p % 64));
            }
            if (p + 1) / 64 == k {
                fa |= 1 << ((p + 1) % 64);
            }
        }
        let left = total - k * 64;
        let mask = if left >= 64 { !0 } else { (1u64 << left) - 1 };
        let bad = ((fa ^ fb ^ mask) | (fa ^ nu)) & mask;
        if bad != 0 {
            let i = bad.trailing_zeros();
            let below = (1u64 << i) - 1;
            let n = lo + a_count + u64::from((fa & below).count_ones());
            let m = a_lo + k * 64 + u64::from(i);
            let bit = |w: u64| (w >> i) & 1;
            let (ea, eb) = plan.pair(n);
            let what = match (bit(fa), bit(fb)) {
                (1, 1) => "both an A-number and a B-number",
                (0, 0) => "neither an A-number nor a B-number",
                _ => "an A-number or a B-number as it should be",
            };
            return Ok(Some((
                n,
                format!(
                    "a = {a}, n = {n}: at m = {m} the floor stream's words make m {what} (A-word {}, B-word {}), numeration (Property 1) says {}; the square-root formula gives A_n = {ea}, B_n = {eb}",
                    bit(fa),
                    bit(fb),
                    if bit(nu) == 1 {
                        "an A-number"
                    } else {
                        "not an A-number"
                    }
                ),
            )));
        }
        a_count += u64::from((fa & mask).count_ones());
        b_count += u64::from((fb & mask).count_ones());
        k += 1;
    }
    if a_count != hi - lo || b_count != j1 - j0 {
        return Err(Error::internal(format!(
            "Sturmian words drifted on [{lo}, {hi}): {a_count} A's (want {}), {b_count} B's (want {})",
            hi - lo,
            j1 - j0
        )));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(a: u64, lo: u64, hi: u64, faults: Faults) -> (u64, Option<String>) {
        let r = Rules::new(a, false).unwrap();
        chunk(r, lo, hi, faults, &Tables::new(r).unwrap()).unwrap()
    }

    #[test]
    fn passes_where_the_per_n_sweep_passes() {
        for a in 1..=6 {
            for (lo, hi) in crate::verify::TEST_RANGES {
                assert_eq!(
                    run(a, lo, hi, Faults::default()),
                    (hi - lo, None),
                    "a = {a} [{lo}, {hi})"
                );
            }
        }
    }

    #[test]
    fn each_side_s_fault_is_caught_at_its_n() {
        let lo = 1000;
        let hi = 50_000;
        let term = run(
            1,
            lo,
            hi,
            Faults {
                term: Some(2345),
                ..Faults::default()
            },
        );
        assert_eq!(term.0, hi - lo);
        let t = term.1.unwrap();
        assert!(
            t.contains("n = 2345: floor formula gives A_n = 3795, the mex recursion 3794"),
            "{t}"
        );
        for a in [1u64, 2, 6] {
            let failure = |faults: Faults| run(a, lo, hi, faults).1.unwrap();
            for n in [1000u64, 1001, 7777, 49_990] {
                let c = failure(Faults {
                    carry: Some(n),
                    ..Faults::default()
                });
                assert!(
                    c.contains(&format!("n = {}:", n + 1)),
                    "carry {n}, a = {a}: {c}"
                );
                let d = failure(Faults {
                    digit: Some(n),
                    ..Faults::default()
                });
                assert!(
                    d.contains(&format!("n = {n}:")) && d.contains("Property 1"),
                    "{d}"
                );
            }
        }
        // at n = 0 and 1, where the words begin
        let term0 = Faults {
            term: Some(0),
            ..Faults::default()
        };
        let digit1 = Faults {
            digit: Some(1),
            ..Faults::default()
        };
        for (faults, want) in [(term0, "n = 0:"), (digit1, "n = 1:")] {
            let c = run(1, 0, 100, faults).1.unwrap();
            assert!(c.contains(want), "{c}");
        }
    }
}
