//! `verify --from X --to Y`: the pairs of a window of indices at any height (10^30, 10^1000, …),
//! exactly, for every a.
//!
//! From 0 the recursion A_n = mex{A_i, B_i : i < n} is a proof by replay; in a window far out it
//! cannot be replayed, so the window is checked for what the recursion implies there, and the
//! report says no more:
//!
//! * **floor = numeration**: for every n in [X, Y], ⌊nα⌋ by the exact square root
//!   ([`crate::pairs::algebraic`]) equals A_n by Fraenkel's Property 3
//!   ([`crate::pairs::numeration`]) — two independent arbitrary-precision computations;
//! * **complementarity**: every integer m in [A_X, A_{Y+1}) is exactly one of the A_n
//!   (X ≤ n ≤ Y) and the B_j = A_j + a·j, all by the floor formula.  (By the lemma of
//!   doc/verify.md this is what the recursion amounts to on [A_X, A_{Y+1}); it does not show that
//!   the integers below A_X are used exactly once.)
//!
//! Cost: per index, one integer square root of numbers of about 2·log₂(Y) bits and one
//! representation in the q-system (O(k) big-number operations for k ≈ log Y / log α digits);
//! memory: one bit per integer of the window, at most 2·10^8 n.  Runs in parallel over blocks of
//! indices.

use super::report::Check;
use super::{ConfigError, Input};
use crate::error::{Error, Refuses, Result};
use crate::pairs::{abbreviate, algebraic, numeration};
use rayon::prelude::*;
use rug::Integer;
use serde::{Deserialize, Serialize};

/// A window of indices [from, to], written in decimal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Window {
    /// First index X ≥ 1.
    pub from: String,
    /// Last index Y ≥ X.
    pub to: String,
}

/// The largest window, in indices.
pub const MAX_LEN: u64 = 200_000_000;

/// Indices per parallel block.
const BLOCK: u64 = 1 << 12;

/// The name of each check.
pub const NAMES: [&str; 2] = [
    "window: floor = numeration",
    "window: A and B complementary",
];

impl Window {
    /// The bounds as integers, checked: 1 ≤ X ≤ Y, Y − X < [`MAX_LEN`].
    pub fn bounds(&self) -> std::result::Result<(Integer, Integer, u64), ConfigError> {
        let parse = |s: &str| {
            Integer::from_str_radix(s, 10).map_err(|_| {
                ConfigError::refused(
                    Input::Window,
                    format!("window: '{s}' is not a decimal integer"),
                )
            })
        };
        let (x, y) = (parse(&self.from)?, parse(&self.to)?);
        if x < 1 || y < x {
            return Err(ConfigError::refused(
                Input::Window,
                format!(
                    "window [{}, {}]: need 1 <= X <= Y",
                    abbreviate(&x),
                    abbreviate(&y)
                ),
            ));
        }
        let len = Integer::from(&y - &x) + 1u32;
        match len.to_u64() {
            Some(l) if l <= MAX_LEN => Ok((x, y, l)),
            _ => Err(ConfigError::refused(
                Input::Window,
                format!(
                    "window of {} indices: at most {MAX_LEN} (one bit per integer of the window is kept)",
                    abbreviate(&len)
                ),
            )),
        }
    }
}

/// The window's two checks.  `fault`: test double, A_{X+fault} + 1 on the floor side.
pub fn checks(
    a: u64,
    w: &Window,
    fault: Option<u64>,
    progress: &(dyn Fn(u64) + Sync),
    cancel: &crate::cancel::Cancel,
) -> Result<Vec<Check>> {
    let (x, y, len) = w.bounds()?;
    let floor = |n: &Integer| -> Integer {
        let v = algebraic::lower(a, 0, n);
        let k = Integer::from(n - &x);
        if fault.is_some_and(|f| k == f) {
            v + 1u32
        } else {
            v
        }
    };
    let range = format!("[{}, {}]", abbreviate(&x), abbreviate(&y));
    // floor = numeration, and the A's offsets from A_X
    let a_x = floor(&x);
    let blocks = floor_blocks(a, &x, len, &a_x, &floor, progress, cancel)?;
    let first_bad = blocks.iter().find_map(|b| b.1.clone());
    let floor_num = Check::ran(
        NAMES[0],
        format!(
            "every n in {range}: ⌊nα⌋ (exact square root) = A_n by Property 3 (q-representation), arbitrary precision"
        ),
        len,
        first_bad,
        "the window is empty",
    );
    // complementarity on [A_X, A_{Y+1})
    let y1 = Integer::from(&y + 1u32);
    let a_end = algebraic::lower(a, 0, &y1);
    let width = Integer::from(&a_end - &a_x)
        .to_u64()
        .ok_or_else(|| Error::internal("window width"))?;
    let (nb, b_offs) = b_offsets(a, &y1, &a_x, &a_end, &floor)?;
    let a_bits = bit_set(width, blocks.iter().flat_map(|b| &b.0));
    let b_bits = bit_set(width, &b_offs);
    let mut bad = first_overlap_or_gap(a, &x, &a_x, width, &a_bits, &b_bits);
    // every A of the window lies in [A_X, A_{Y+1}) once, and so does every B counted
    let a_count: u64 = a_bits.iter().map(|w| u64::from(w.count_ones())).sum();
    let b_count: u64 = b_bits.iter().map(|w| u64::from(w.count_ones())).sum();
    if bad.is_none() && (a_count != len || b_count != nb) {
        bad = Some(format!(
            "a = {a}: {a_count} A's and {b_count} B's in [A_X, A_(Y+1)), expected {len} and {nb}"
        ));
    }
    let complement = Check::ran(
        NAMES[1],
        format!(
            "every integer in [A_X, A_(Y+1)) for n in {range} is exactly one of the A_n (X <= n <= Y) and the B_j (floor formula) — what the mex recursion implies there; the recursion from n = 0 is not replayed"
        ),
        width,
        bad,
        "the window is empty",
    );
    Ok(vec![floor_num, complement])
}

/// Per parallel block of the `len` indices from `x`: the offsets A_n − A_X of the floor side
/// (u64::MAX when out of range), and the first n whose floor and numeration disagree.
fn floor_blocks(
    a: u64,
    x: &Integer,
    len: u64,
    a_x: &Integer,
    floor: &(impl Fn(&Integer) -> Integer + Sync),
    progress: &(dyn Fn(u64) + Sync),
    cancel: &crate::cancel::Cancel,
) -> Result<Vec<(Vec<u64>, Option<String>)>> {
    (0..len.div_ceil(BLOCK))
        .into_par_iter()
        .map(|b| -> Result<_> {
            cancel.check()?;
            let (s, e) = (b * BLOCK, ((b + 1) * BLOCK).min(len));
            let mut offs = Vec::with_capacity((e - s) as usize);
            let mut bad = None;
            for k in s..e {
                let n = Integer::from(x + k);
                let f = floor(&n);
                if bad.is_none() {
                    let num = numeration::lower(a, 0, &n);
                    if num != f {
                        bad = Some(format!(
                            "a = {a}, n = {n}: floor formula gives A_n = {f}, numeration (Property 3) {num}"
                        ));
                    }
                }
                offs.push(Integer::from(&f - a_x).to_u64().unwrap_or(u64::MAX));
            }
            progress(e - s);
            Ok((offs, bad))
        })
        .collect::<Result<_>>()
}

/// The number of B_j = a·j + A_j in [A_X, A_{Y+1}) (`a_x`, `a_end`), and their offsets
/// B_j − A_X (u64::MAX when out of range), in order of j.
fn b_offsets(
    a: u64,
    y1: &Integer,
    a_x: &Integer,
    a_end: &Integer,
    floor: &(impl Fn(&Integer) -> Integer + Sync),
) -> Result<(u64, Vec<u64>)> {
    let upper = |j: &Integer| Integer::from(j * a) + floor(j);
    // the first j with B_j ≥ v, by bisection on the floor formula over [0, Y + 1]
    let first_b = |v: &Integer| -> Integer {
        let (mut l, mut h) = (Integer::new(), y1.clone());
        while l < h {
            let m = Integer::from(&l + &h) >> 1u32;
            if upper(&m) >= *v {
                h = m;
            } else {
                l = m + 1u32;
            }
        }
        l
    };
    let (j0, j1) = (first_b(a_x), first_b(a_end));
    let nb = Integer::from(&j1 - &j0)
        .to_u64()
        .ok_or_else(|| Error::internal("window B count"))?;
    let b_offs: Vec<u64> = (0..nb.div_ceil(BLOCK))
        .into_par_iter()
        .flat_map_iter(|b| {
            let (s, e) = (b * BLOCK, ((b + 1) * BLOCK).min(nb));
            let (j0, upper) = (&j0, &upper);
            (s..e).map(move |k| {
                let j = Integer::from(j0 + k);
                Integer::from(&upper(&j) - a_x).to_u64().unwrap_or(u64::MAX)
            })
        })
        .collect();
    Ok((nb, b_offs))
}

/// The set of the offsets below `width`, one bit each.
fn bit_set<'a>(width: u64, offs: impl IntoIterator<Item = &'a u64>) -> Vec<u64> {
    let mut bits = vec![0u64; width.div_ceil(64) as usize];
    for &o in offs {
        if o < width {
            bits[(o / 64) as usize] |= 1 << (o % 64);
        }
    }
    bits
}

/// The first integer of [A_X, A_X + width) that is both an A and a B, or neither, as a
/// counterexample naming the index n of the first A at or above it.
fn first_overlap_or_gap(
    a: u64,
    x: &Integer,
    a_x: &Integer,
    width: u64,
    a_bits: &[u64],
    b_bits: &[u64],
) -> Option<String> {
    for (i, (&wa, &wb)) in a_bits.iter().zip(b_bits).enumerate() {
        let left = width - 64 * i as u64;
        let mask = if left >= 64 { !0 } else { (1u64 << left) - 1 };
        let wrong = (wa ^ wb ^ mask) & mask;
        if wrong != 0 {
            let t = wrong.trailing_zeros();
            let m = Integer::from(a_x + (64 * i as u64 + u64::from(t)));
            let what = if (wa >> t) & 1 == 1 {
                "both some A_n and some B_j"
            } else {
                "neither an A_n nor a B_j"
            };
            // the index of the first A at or above m
            let n = Integer::from(
                x + a_bits[..i]
                    .iter()
                    .map(|w| u64::from(w.count_ones()))
                    .sum::<u64>(),
            ) + (wa & ((1u64 << t) - 1)).count_ones();
            return Some(format!(
                "a = {a}, n = {n}: the integer {m} is {what} (floor formula)"
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cancel::Cancel;

    fn w(from: &str, to: &str) -> Window {
        Window {
            from: from.into(),
            to: to.into(),
        }
    }

    #[test]
    fn windows_far_out_pass_and_a_fault_is_seen_at_its_n() {
        let far = Integer::from(Integer::u_pow_u(10, 30));
        for a in [1u64, 2, 7] {
            let (x, y) = (far.to_string(), Integer::from(&far + 5000u32).to_string());
            let c = checks(a, &w(&x, &y), None, &|_| {}, Cancel::never()).unwrap();
            assert!(
                c.iter().all(|c| c.counterexample.is_none()),
                "a = {a}: {c:?}"
            );
            assert_eq!(c[0].count, 5001);
            let c = checks(a, &w(&x, &y), Some(1234), &|_| {}, Cancel::never()).unwrap();
            let want = format!("n = {}:", Integer::from(&far + 1234u32));
            for c in &c {
                let ce = c.counterexample.as_ref().unwrap();
                assert!(ce.contains(&want), "a = {a}: {ce}");
            }
        }
        // 10^1000, a short window
        let top = Integer::from(Integer::u_pow_u(10, 1000)).to_string();
        let c = checks(1, &w(&top, &top), None, &|_| {}, Cancel::never()).unwrap();
        assert!(c.iter().all(|c| c.counterexample.is_none()));
    }

    #[test]
    fn bad_windows_are_refused() {
        for (x, y) in [("0", "5"), ("7", "6"), ("x", "5"), ("1", "1000000000")] {
            assert!(w(x, y).bounds().is_err(), "[{x}, {y}]");
        }
    }
}
