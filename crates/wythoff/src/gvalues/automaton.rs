//! The 1-values of Wythoff's Grundy function for any n, by a Fibonacci automaton, proved for every
//! diagonal (doc/gvalues.md, "The 1-values by an automaton"; doc/prove.md, "one-values").
//!
//! The rule: every diagonal d = y − x ≥ 0 holds exactly one 1-value (x_d, x_d + d), x_d ≤ x_d + d,
//! and x_d = ⌊dφ⌋ + e_d, where e_d is the output of the state that the 188-state Moore automaton
//! [`TABLE`] reaches reading the Zeckendorf digits of d (over 1, 2, 3, 5, 8, …, most significant
//! first) from state 0.  The automaton was learned from the output of the greedy sweep
//! ([`super::sweep`]) on the diagonals d < 200,000 (`scripts/learn-one-values`): prefixes are
//! put in one class when their blocks of e agree on every Zeckendorf suffix up to a fixed depth;
//! it is minimal for those data (every two states differ on some observed d), and learning from
//! 2·10^6 and 2·10^8 diagonals gives the same automaton.  `wythoff prove --theorem one-values`
//! proves that its cells are exactly G⁻¹(1): they avoid the 0-values, no move joins two of them,
//! and every other cell has a move into them.  As an additional check, it agrees with the greedy
//! on every d < [`CHECKED_BELOW`] = 999,999,997.
//!
//! The n-th 1-value in increasing x ([`nth_one_value`]) is found in a window of diagonals around
//! n, using only that e_d ∈ [[`E_MIN`], [`E_MAX`]] (the automaton's outputs) and that the x_d are
//! distinct (two 1-values in one row would be options of each other).
//!
//! Cost: O(log d) big-integer operations for one diagonal (the Zeckendorf digits by the
//! arithmetic strategy's walk down the Fibonacci pair, one table step per digit, one integer
//! square root); for the n-th 1-value, the digits of the window's first diagonal once, stepped
//! to the others by Zeckendorf increments, and one square root per diagonal of the window (a
//! fixed size).  Memory is linear in the digits ([`memory_bytes`]: no Fibonacci number is kept),
//! and a number whose memory the machine does not have is refused before any work.  Only exact
//! integers: ⌊dφ⌋ by [`crate::pairs::algebraic::lower_normal`].

use crate::Context;
use crate::check::Check;
use crate::error::Result;
use crate::pairs::algebraic::{count_lower_up_to, lower_normal, lower_u128};
use crate::pairs::numeration;
use rug::Integer;

use wythoff_prove::one_values::NONE;
pub use wythoff_prove::one_values::{State, TABLE};

/// Every diagonal d below this was checked against the greedy sweep (0 disagreements), a check
/// in addition to the proof.
pub const CHECKED_BELOW: u64 = 999_999_997;

/// The line saying where an answer G = 1 of the automaton comes from and why it holds.
pub const LABEL: &str = "G = 1 by the 1-value automaton, proved for every diagonal (wythoff prove \
                         --theorem one-values; doc/prove.md)";

/// `gvalue 1 N` answers by the sweep (exact from the definition of G) for N below this index,
/// by the automaton from it on.
pub const SWEEP_BELOW: u64 = 1 << 20;

/// The smallest output of the automaton: e_d ≥ E_MIN for every d.
pub const E_MIN: i64 = -3;

/// The largest output of the automaton: e_d ≤ E_MAX for every d.
pub const E_MAX: i64 = 8;

/// The half-width of the window of diagonals searched for the n-th 1-value.
const WINDOW: u64 = 32;

/// The final state's output after reading `digits` (most significant first) from state 0.
fn run(table: &[State], digits: impl Iterator<Item = bool>) -> i8 {
    let mut s = 0usize;
    for one in digits {
        let (_, zero_next, one_next) = table[s];
        let next = if one { one_next } else { zero_next };
        debug_assert!(next != NONE, "two adjacent 1s in a Zeckendorf string");
        s = usize::from(next);
    }
    table[s].0
}

/// The Fibonacci numbers 1, 2, 3, 5, … that fit in a u64.
fn fibs_u64() -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
        f.push(next);
    }
    f
}

/// e_d for a machine-word d, reading its Zeckendorf digits with `table`.
fn e_u64(table: &[State], fibs: &[u64], d: u64) -> i8 {
    let top = fibs.partition_point(|&f| f <= d);
    let mut rest = d;
    run(
        table,
        fibs[..top].iter().rev().map(move |&f| {
            let one = f <= rest;
            if one {
                rest -= f;
            }
            one
        }),
    )
}

/// e_d for any d ≥ 0 with `table`.
fn e_with(table: &[State], d: &Integer) -> i8 {
    if let Some(d64) = d.to_u64() {
        return e_u64(table, &fibs_u64(), d64);
    }
    e_big(table, d)
}

/// e_d for any d ≥ 0 with `table`, in big integers: one Zeckendorf conversion and one run.
fn e_big(table: &[State], d: &Integer) -> i8 {
    Diagonals::new(table, d).e()
}

/// The Zeckendorf digits of a diagonal d and the automaton's run over them, stepped to d + 1 by
/// a Zeckendorf increment, so that a window of diagonals costs one conversion of its first.
///
/// Memory: two bytes per digit (about 2.9 bytes per bit of d) and no Fibonacci numbers kept;
/// the conversion is the arithmetic strategy's walk down the Fibonacci pair
/// ([`numeration::represent`] with a = 1, whose p-system is Zeckendorf's).
struct Diagonals<'t> {
    table: &'t [State],
    /// The digits of d, least significant first: digit i counts F_{i+2} (1, 2, 3, 5, 8, …); no
    /// two adjacent 1s; zeros above the top digit are allowed (state 0 reads them as nothing).
    digits: Vec<u8>,
    /// `after[i]`: the state reached reading the digits from the top down to digit i, so that
    /// `after[0]` is the final one (none for d = 0: state 0).
    after: Vec<u8>,
}

impl<'t> Diagonals<'t> {
    /// The run on the diagonal d ≥ 0.
    fn new(table: &'t [State], d: &Integer) -> Self {
        let digits: Vec<u8> = numeration::represent(1, numeration::System::P, d)
            .into_iter()
            .map(|s| u8::from(s != 0))
            .collect();
        let mut run = Diagonals {
            table,
            after: vec![0; digits.len()],
            digits,
        };
        run.reread(run.digits.len());
        run
    }

    /// Reads the digits below `top` again, from the state after the digits at and above it.
    fn reread(&mut self, top: usize) {
        let mut s = self.after.get(top).map_or(0, |&s| usize::from(s));
        for i in (0..top).rev() {
            let (_, zero_next, one_next) = self.table[s];
            let next = if self.digits[i] == 1 {
                one_next
            } else {
                zero_next
            };
            debug_assert!(next != NONE, "two adjacent 1s in a Zeckendorf string");
            self.after[i] = next;
            s = usize::from(next);
        }
    }

    /// e of the diagonal now held.
    fn e(&self) -> i8 {
        self.table[self.after.first().map_or(0, |&s| usize::from(s))].0
    }

    /// From d to d + 1: add F_2 = 1 and renormalise (F_2 + F_2 = F_3; F_i + F_{i+1} = F_{i+2}),
    /// then run the automaton again over the digits at and below the highest one changed.
    fn increment(&mut self) {
        let z = &mut self.digits;
        let mut i = 0;
        if z.first() == Some(&1) {
            z[0] = 0;
            i = 1;
        }
        // add F_{i+2} where digit i and digit i − 1 are 0
        loop {
            if z.len() < i + 2 {
                z.resize(i + 2, 0);
            }
            if z[i + 1] == 1 {
                z[i + 1] = 0;
                i += 2;
            } else {
                z[i] = 1;
                break;
            }
        }
        // digit i is the highest changed; the new digits above the old top are zeros, read
        // from state 0 as nothing
        self.after.resize(z.len(), 0);
        self.reread(i + 1);
    }
}

/// e_d = x_d − ⌊dφ⌋ for the diagonal d ≥ 0, by the automaton.
pub fn e_of(d: &Integer) -> i8 {
    e_with(&TABLE, d)
}

/// The bytes of memory that [`one_value_on_diagonal`] or [`nth_one_value`] take for a diagonal
/// or an index of `bits` bits, at most: the Zeckendorf digits (at most 1.45 per bit; 8 bytes
/// each while converted, 2 bytes each after) and a few big integers of twice its size (the
/// square root of ⌊dφ⌋), with 1 MiB to spare.  Linear in the bits.
pub fn memory_bytes(bits: u64) -> u64 {
    let digits = bits.saturating_mul(3) / 2 + 2;
    digits
        .saturating_mul(10)
        .saturating_add(bits.saturating_mul(2))
        .saturating_add(1 << 20)
}

/// Refuses (status 2) a diagonal or an index whose [`memory_bytes`] the machine does not have
/// now (`ulimit -v` counts), naming `what` to lower.
fn check_memory(n: &Integer, what: &str) -> Result<()> {
    let bits = u64::from(n.significant_bits());
    crate::files::resources::check(memory_bytes(bits), 0, None, what)
}

/// The 1-value (x, x + d) on the diagonal d ≥ 0, by the automaton: O(log d) big-integer
/// operations, memory linear in the digits of d ([`memory_bytes`]), refused before any work
/// when the machine does not have it.
pub fn one_value_on_diagonal(d: &Integer) -> Result<(Integer, Integer)> {
    check_memory(d, "diagonal y − x")?;
    Ok(diagonal_with(&TABLE, d))
}

fn diagonal_with(table: &[State], d: &Integer) -> (Integer, Integer) {
    let x = lower_normal(1, d) + e_with(table, d);
    let y = Integer::from(&x + d);
    (x, y)
}

/// The n-th 1-value (x, y), x ≤ y, in increasing x, counted from 0 (as `gvalue 1 N` counts), by
/// the automaton: O(log n) big-integer operations, memory linear in the digits of n
/// ([`memory_bytes`]), refused before any work when the machine does not have it.
pub fn nth_one_value(n: &Integer) -> Result<(Integer, Integer)> {
    check_memory(n, "index n")?;
    Ok(nth_with(&TABLE, n))
}

/// The n-th 1-value with `table`.  The diagonals of the window [a, b) around n are sorted by x;
/// every d < a has x_d ≤ ⌊(a − 1)φ⌋ + E_MAX and every d ≥ b has x_d ≥ ⌊bφ⌋ + E_MIN, so a value
/// of the window strictly between those bounds is preceded by exactly a diagonals outside it:
/// the one of rank n − a in the window is the n-th.  The window is widened until that holds.
/// The digits of a are converted once and stepped through the window ([`Diagonals`]); the x are
/// held as differences from ⌊aφ⌋, small numbers.
fn nth_with(table: &[State], n: &Integer) -> (Integer, Integer) {
    let mut width = WINDOW;
    loop {
        let a = Integer::from(n - width).max(Integer::new());
        let b = Integer::from(n + width) + 1u32;
        let base = lower_normal(1, &a);
        // (x_d − ⌊aφ⌋, d − a) for d in [a, b)
        let mut xs: Vec<(Integer, u64)> = Vec::new();
        let mut run = Diagonals::new(table, &a);
        let mut d = a.clone();
        let mut i = 0u64;
        while d < b {
            if i > 0 {
                run.increment();
            }
            xs.push((lower_normal(1, &d) - &base + run.e(), i));
            d += 1u32;
            i += 1;
        }
        xs.sort();
        let k = Integer::from(n - &a).to_usize().unwrap_or(usize::MAX);
        if let Some((x, i)) = xs.get(k) {
            let below = a == 0 || *x > lower_normal(1, &Integer::from(&a - 1u32)) - &base + E_MAX;
            let above = *x < lower_normal(1, &b) - &base + E_MIN;
            if below && above {
                let x = Integer::from(&base + x);
                let y = x.clone() + &a + *i;
                return (x, y);
            }
        }
        width *= 2;
    }
}

/// How many 1-values have x ≤ `x`, counted from the bounds alone when no diagonal is in doubt:
/// the number of d ≥ 0 with ⌊dφ⌋ ≤ x.
fn count_floor_up_to(x: &Integer) -> Integer {
    if *x < 0 {
        return Integer::new();
    }
    count_lower_up_to(1, x) + 1u32
}

/// The index n of the 1-value on diagonal d among all 1-values in increasing x (the inverse of
/// [`nth_one_value`]): the diagonals d' whose x could be on either side of x_d are compared one
/// by one, the others counted by the bound e ∈ [E_MIN, E_MAX].
pub fn rank_of_diagonal(d: &Integer) -> Result<Integer> {
    let x = one_value_on_diagonal(d)?.0;
    let lo = count_floor_up_to(&Integer::from(&x - (E_MAX + 1)));
    let hi = count_floor_up_to(&Integer::from(&x - E_MIN));
    let mut n = lo.clone();
    let mut run = Diagonals::new(&TABLE, &lo);
    let mut dd = lo;
    while dd < hi {
        if lower_normal(1, &dd) + run.e() < x {
            n += 1u32;
        }
        dd += 1u32;
        run.increment();
    }
    Ok(n)
}

/// The automaton's 1-values in increasing x, for machine-word indices: a stream that keeps the
/// diagonals whose x may still come next (a min-heap), pushing diagonal d once ⌊dφ⌋ + E_MIN is
/// at most the smallest x held.  The n-th item is the n-th 1-value by the same bound as
/// [`nth_one_value`], in O(1) automaton runs per item.
pub struct InOrder<'t> {
    table: &'t [State],
    fibs: Vec<u64>,
    next_d: u64,
    held: std::collections::BinaryHeap<std::cmp::Reverse<(u128, u64)>>,
}

impl InOrder<'static> {
    /// The stream of the automaton's 1-values from n = 0.
    pub fn new() -> Self {
        InOrder::with(&TABLE)
    }
}

impl Default for InOrder<'static> {
    fn default() -> Self {
        InOrder::new()
    }
}

impl<'t> InOrder<'t> {
    fn with(table: &'t [State]) -> Self {
        InOrder {
            table,
            fibs: fibs_u64(),
            next_d: 0,
            held: std::collections::BinaryHeap::new(),
        }
    }

    /// x_d for a machine-word d (`None` past u64 diagonals, never reached by a sweep).
    fn x_of(&self, d: u64) -> Option<u128> {
        let a = lower_u128(1, d)?;
        a.checked_add_signed(i128::from(e_u64(self.table, &self.fibs, d)))
    }

    fn push_next(&mut self) -> Option<()> {
        let d = self.next_d;
        let x = self.x_of(d)?;
        self.held.push(std::cmp::Reverse((x, d)));
        self.next_d = d.checked_add(1)?;
        Some(())
    }
}

impl Iterator for InOrder<'_> {
    /// (x, y) of the next 1-value.
    type Item = (u128, u128);

    fn next(&mut self) -> Option<(u128, u128)> {
        loop {
            let smallest = match self.held.peek() {
                Some(std::cmp::Reverse((x, _))) => *x,
                None => {
                    self.push_next()?;
                    continue;
                }
            };
            // a diagonal not yet pushed has x ≥ ⌊dφ⌋ + E_MIN: push it if that may be ≤ smallest
            let floor = i128::try_from(lower_u128(1, self.next_d)?).ok()?;
            if floor + i128::from(E_MIN) <= i128::try_from(smallest).ok()? {
                self.push_next()?;
                continue;
            }
            let std::cmp::Reverse((x, d)) = self.held.pop()?;
            return Some((x, x + u128::from(d)));
        }
    }
}

/// `gvalue 1 --count K --rule`: the first `count` 1-values of the greedy sweep against the
/// automaton — each record on its diagonal, each record's index by the stream [`InOrder`], and
/// [`nth_one_value`] on every n < 1024, every 65536-th n and the last — as three checks, each
/// `FAIL` with its first disagreement (n and both answers).
///
/// `ctx`'s progress counts the 1-values compared (2^20 at a time); its flag stops the check
/// between such blocks ([`crate::Error::Cancelled`]).
pub fn check_against_sweep(count: u64, ctx: &Context) -> Result<Vec<Check>> {
    check_with(&TABLE, count, ctx)
}

fn check_with(table: &[State], count: u64, ctx: &Context) -> Result<Vec<Check>> {
    let cap = super::plan(1, count)?;
    let fibs = fibs_u64();
    let mut stream = InOrder::with(table);
    let (mut by_diagonal, mut by_index, mut by_nth) = (None, None, None);
    let (mut sampled, mut largest_diagonal, mut done) = (0u64, 0u64, 0u64);
    let n_max = count.saturating_sub(1);
    for v in super::GValues::new(1, cap)?.take(usize::try_from(count).unwrap_or(usize::MAX)) {
        let v = v?;
        let greedy = (u128::from(v.x), u128::from(v.y));
        let d = v.y - v.x;
        largest_diagonal = largest_diagonal.max(d);
        if by_diagonal.is_none() {
            let x = lower_u128(1, d)
                .and_then(|a| a.checked_add_signed(i128::from(e_u64(table, &fibs, d))));
            if x != Some(greedy.0) {
                by_diagonal = Some(format!(
                    "n={}: the greedy gives ({}, {}) on diagonal {d}, the automaton x = {}",
                    v.n,
                    v.x,
                    v.y,
                    x.map_or("none".into(), |x| x.to_string())
                ));
            }
        }
        if by_index.is_none() {
            let rule = stream.next();
            if rule != Some(greedy) {
                by_index = Some(format!(
                    "n={}: the greedy gives ({}, {}), the automaton's n-th 1-value {}",
                    v.n,
                    v.x,
                    v.y,
                    rule.map_or("none".into(), |(x, y)| format!("({x}, {y})"))
                ));
            }
        }
        if by_nth.is_none() && (v.n < 1024 || v.n % 65536 == 0 || v.n == n_max) {
            sampled += 1;
            let (x, y) = nth_with(table, &Integer::from(v.n));
            if x != v.x || y != v.y {
                by_nth = Some(format!(
                    "n={}: the greedy gives ({}, {}), nth_one_value ({x}, {y})",
                    v.n, v.x, v.y
                ));
            }
        }
        if v.n + 1 - done >= 1 << 20 {
            ctx.report(v.n + 1 - done);
            done = v.n + 1;
            ctx.check()?;
        }
    }
    ctx.report(count - done.min(count));
    let empty = "no 1-values asked for (K = 0)";
    let checked = if CHECKED_BELOW > largest_diagonal {
        "inside"
    } else {
        "beyond"
    };
    Ok(vec![
        Check::ran(
            "1-values by diagonal",
            format!(
                "the first {count} 1-values of the greedy, each against the automaton on its \
                 diagonal (diagonals up to {largest_diagonal})"
            ),
            count,
            by_diagonal,
            empty,
        )
        .with_fact("largest_diagonal", largest_diagonal.to_string().into())
        .with_fact("within_checked_diagonals", (checked == "inside").into()),
        Check::ran(
            "1-values by index",
            format!(
                "the first {count} 1-values of the greedy, each against the automaton's n-th \
                 1-value (n < {count})"
            ),
            count,
            by_index,
            empty,
        ),
        Check::ran(
            "nth_one_value",
            format!(
                "nth_one_value(n) against the greedy for every n < 1024, every 65536-th n and \
                 n = {n_max}"
            ),
            sampled,
            by_nth,
            empty,
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_a_zeckendorf_automaton_with_outputs_in_the_bounds() {
        assert_eq!(
            (TABLE[0].1, TABLE[0].2),
            (0, 1),
            "leading zeros stay in state 0"
        );
        for (e, zero, one) in TABLE {
            assert!((E_MIN..=E_MAX).contains(&i64::from(e)) && e != 0 && e != 6);
            assert!(usize::from(zero) < TABLE.len());
            assert!(one == NONE || usize::from(one) < TABLE.len());
        }
        // every state entered on a 1 has no 1-transition
        for (_, _, one) in TABLE {
            if one != NONE {
                assert_eq!(TABLE[usize::from(one)].2, NONE);
            }
        }
    }

    #[test]
    fn the_big_path_agrees_with_the_word_path() {
        let fibs = fibs_u64();
        for d in (0..5000u64).chain([u64::MAX - 3, 1 << 62]) {
            let big = e_big(&TABLE, &Integer::from(d));
            assert_eq!(big, e_u64(&TABLE, &fibs, d), "d={d}");
        }
    }

    /// The Zeckendorf digits of d, least significant first, the slow way: every Fibonacci
    /// number up to d, then greedy from the top.
    fn zeckendorf_by_the_list(d: &Integer) -> Vec<u8> {
        let mut fibs = vec![Integer::from(1), Integer::from(2)];
        while fibs[fibs.len() - 1] <= *d {
            let next = Integer::from(&fibs[fibs.len() - 1] + &fibs[fibs.len() - 2]);
            fibs.push(next);
        }
        let mut rest = d.clone();
        let mut digits = vec![0u8; fibs.len() - 1];
        for (i, f) in fibs[..fibs.len() - 1].iter().enumerate().rev() {
            if *f <= rest {
                rest -= f;
                digits[i] = 1;
            }
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        digits
    }

    #[test]
    fn increments_give_the_digits_and_the_run_of_a_fresh_conversion() {
        let trimmed = |r: &Diagonals| {
            let mut z = r.digits.clone();
            while z.last() == Some(&0) {
                z.pop();
            }
            z
        };
        let starts = [
            Integer::new(),
            Integer::from(1_000_000u32),
            Integer::from(u64::MAX) - 40u32,
            Integer::from(Integer::u_pow_u(10, 60)),
            Integer::from(Integer::u_pow_u(10, 200)) - 7u32,
        ];
        // and a Fibonacci number less a few, where the carries run to the top
        let mut fib = (Integer::from(1), Integer::from(2));
        for _ in 0..300 {
            fib = (fib.1.clone(), Integer::from(&fib.0 + &fib.1));
        }
        for start in starts.into_iter().chain([fib.1 - 5u32]) {
            let mut run = Diagonals::new(&TABLE, &start);
            for k in 0..300u32 {
                let d = Integer::from(&start + k);
                let fresh = Diagonals::new(&TABLE, &d);
                assert_eq!(trimmed(&run), zeckendorf_by_the_list(&d), "d={d}");
                assert_eq!(fresh.digits, zeckendorf_by_the_list(&d), "d={d}");
                assert_eq!(run.e(), fresh.e(), "d={d}");
                assert_eq!(run.after[..fresh.after.len()], fresh.after[..], "d={d}");
                if let Some(d64) = d.to_u64() {
                    assert_eq!(run.e(), e_u64(&TABLE, &fibs_u64(), d64), "d={d}");
                }
                run.increment();
            }
        }
    }

    #[test]
    fn memory_is_linear_in_the_digits() {
        // 10^100000 (332,193 bits): a few MB; the estimate grows no faster than the bits
        assert!(memory_bytes(332_193) < 8 << 20);
        for bits in [1u64, 64, 1 << 20, 1 << 26] {
            assert!(memory_bytes(2 * bits) <= 2 * memory_bytes(bits), "{bits}");
            // at least the Zeckendorf digits, 1.44 a bit, 8 bytes each while converted
            assert!(memory_bytes(bits) >= bits * 144 / 100 * 8, "{bits}");
        }
        assert_eq!(memory_bytes(u64::MAX), u64::MAX);
    }

    #[test]
    fn a_perturbed_table_fails_the_check_with_its_first_disagreement() {
        let mut bad = TABLE;
        bad[5].0 += 1;
        let checks = check_with(&bad, 20_000, &Context::serial()).unwrap();
        for c in &checks[..2] {
            assert_eq!(c.status, crate::check::Status::Fail, "{c:?}");
            assert!(
                c.counterexample.as_deref().unwrap().starts_with("n="),
                "{c:?}"
            );
        }
        let good = check_with(&TABLE, 20_000, &Context::serial()).unwrap();
        assert!(
            good.iter().all(|c| c.status == crate::check::Status::Ok),
            "{good:?}"
        );
    }

    #[test]
    fn nth_and_rank_are_inverse() {
        for d in 0..300u32 {
            let n = rank_of_diagonal(&Integer::from(d)).unwrap();
            let (x, y) = nth_one_value(&n).unwrap();
            assert_eq!(Integer::from(&y - &x), d, "d={d} n={n}");
        }
    }
}
