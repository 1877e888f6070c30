//! Strategy 3 — the arithmetic characterization by numeration systems (Fraenkel 1982, §4).
//!
//! α = [1; a, a, a, …] has convergents p_i/q_i with
//! p_{−1} = 1, p_0 = 1, p_i = a·p_{i−1} + p_{i−2} and q_{−1} = 0, q_0 = 1, q_i = a·q_{i−1} + q_{i−2}
//! (a = 2: p = 1, 3, 7, 17, 41, …; q = 1, 2, 5, 12, 29, …; a = 1: the p-system is Zeckendorf's).
//! Every N ≥ 1 has a unique greedy representation N = Σ s_i b_i in either basis, with digits
//! 0 ≤ s_i ≤ a, s_i = a ⇒ s_{i−1} = 0 (and s_0 < a in the q-system).  Then:
//!
//! * Property 1: N ≥ 1 is an A-number iff its p-representation ends in an even number of zeros;
//! * Property 2: the p-representation of B_n is that of A_n shifted left one place;
//! * Property 3: if R is the q-representation of n and I_p(R) its value read in the p-basis,
//!   A_n = I_p(R) when R ends in an even number of zeros and I_p(R) − 1 when odd.
//!
//! Misère play with a ≥ 2 uses A'_n = ⌊(A_{na+1} + a − 2)/a⌋ (see `algebraic`), with A_{na+1}
//! computed by Property 3, so this strategy never takes a square root.
//!
//! Representations are computed greedily from the top, walking the basis down two terms at a time
//! (b_{i−2} = b_i − a·b_{i−1}), so memory is O(1) big numbers beyond the digit vector; values are
//! read back with a Horner scheme for the recurrence, (X, Y) ← (aX + Y + s_i, X), which needs no
//! basis at all.  Cost: O(k) big-number operations on numbers of up to log N bits, where
//! k ≈ log N / log α digits — quadratic in the number of digits, against the algebraic strategy's
//! O(M(log N)); Fraenkel remarks that the arithmetic strategy wins for large a, where k is small.

use rug::Integer;

/// Which numeration system: p (numerators of the convergents) or q (denominators).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// p_{−1} = 1, p_0 = 1.
    P,
    /// q_{−1} = 0, q_0 = 1.
    Q,
}

impl System {
    fn seeds(self) -> (u32, u32) {
        match self {
            System::P => (1, 1),
            System::Q => (0, 1),
        }
    }
}

/// Digits of a representation, least significant first: `digits[i]` multiplies b_i.
pub type Digits = Vec<u64>;

/// q_{−1}, q_0, …, q_{h+1} for the block length h used with parameter a, or `None` when a is so
/// large (a ≥ 2^28) that blocks do not pay: the digits are then few and single steps are used.
struct Blocks {
    h: usize,
    /// q[k + 1] = q_k for k = −1..=h+1.
    q: Vec<u128>,
}

impl Blocks {
    fn new(a: u64) -> Option<Blocks> {
        if a >= 1 << 28 {
            return None;
        }
        let mut q: Vec<u128> = vec![0, 1]; // q_{−1}, q_0
        loop {
            let k = q.len();
            let next = a as u128 * q[k - 1] + q[k - 2];
            if next > 1 << 60 {
                break;
            }
            q.push(next);
        }
        // q.len() − 2 is the largest k with q_k ≤ 2^60; h + 1 must be at most that.
        let h = q.len() - 3;
        if h < 2 {
            return None;
        }
        q.truncate(h + 3);
        Some(Blocks { h, q })
    }

    #[inline]
    fn q(&self, k: isize) -> u128 {
        self.q[(k + 1) as usize]
    }
}

/// (b_{i+k}, b_{i+k−1}) from (b_i, b_{i−1}): b_{i+k} = q_k·b_i + q_{k−1}·b_{i−1}.
fn jump_up(bl: &Blocks, k: usize, hi: &Integer, lo: &Integer) -> (Integer, Integer) {
    let k = k as isize;
    let up = Integer::from(hi * bl.q(k) as u64) + Integer::from(lo * bl.q(k - 1) as u64);
    let up1 = Integer::from(hi * bl.q(k - 1) as u64) + Integer::from(lo * bl.q(k - 2) as u64);
    (up, up1)
}

/// (b_{i−k}, b_{i−k−1}) from (b_i, b_{i−1}), inverting the 2×2 matrix of determinant (−1)^k.
fn jump_down(bl: &Blocks, k: usize, hi: &Integer, lo: &Integer) -> (Integer, Integer) {
    let kk = k as isize;
    let mut down =
        Integer::from(hi * bl.q(kk - 2) as u64) - Integer::from(lo * bl.q(kk - 1) as u64);
    let mut down1 = Integer::from(lo * bl.q(kk) as u64) - Integer::from(hi * bl.q(kk - 1) as u64);
    if k % 2 == 1 {
        down = -down;
        down1 = -down1;
    }
    (down, down1)
}

/// The greedy representation of `n` in the p- or q-system of parameter a (empty for n = 0).
///
/// Blocked algorithm (cost O(k·log N / h) word-by-big-number products, h ≈ 60/log₂ α digits per
/// block): with the exact remainder R < b_{t+1} and the exact pair at the block's bottom
/// (b_m, b_{m−1}), the block's digits are decided on the top bits R̃ = ⌊R/2^s⌋ and
/// b̃_j = q_{j−m}⌊b_m/2^s⌋ + q_{j−m−1}⌊b_{m−1}/2^s⌋, which err by less than 1 and
/// E_j = q_{j−m} + q_{j−m−1} units; a digit is accepted only when the whole error interval
/// gives the same quotient, otherwise the block is redone exactly one digit at a time.  Then
/// R −= X·b_m + Y·b_{m−1} (X = Σ s_j q_{j−m}, Y = Σ s_j q_{j−m−1}) exactly.
pub fn represent(a: u64, sys: System, n: &Integer) -> Digits {
    if *n <= 0 {
        return Vec::new();
    }
    let Some(bl) = Blocks::new(a) else {
        return represent_stepwise(a, sys, n);
    };
    let (s_lo, s_hi) = sys.seeds();
    // Climb: (hi, lo) = (b_i, b_{i−1}) with b_i ≤ n, by blocks then single steps.
    let (mut lo, mut hi) = (Integer::from(s_lo), Integer::from(s_hi));
    let mut i: usize = 0;
    loop {
        let (up, up1) = jump_up(&bl, bl.h, &hi, &lo);
        if up > *n {
            break;
        }
        hi = up;
        lo = up1;
        i += bl.h;
    }
    // Single steps until b_{i+1} > n; keep (b_{i+1}, b_i).
    let mut next = Integer::from(&hi * a) + &lo;
    while next <= *n {
        lo = std::mem::replace(&mut hi, next);
        next = Integer::from(&hi * a) + &lo;
        i += 1;
    }
    let top = i; // b_top ≤ n < b_{top+1}
    let mut digits = vec![0u64; top + 1];
    let mut r = n.clone();
    // Invariant at a block top t: (p1, p0) = (b_{t+1}, b_t) exactly and 0 ≤ r < b_{t+1}.
    let (mut p1, mut p0) = (next, hi);
    let mut t = top as isize;
    while t >= 0 {
        let h = bl.h.min(t as usize + 1);
        let m = t - h as isize + 1;
        // The exact pair at the block's bottom: (b_m, b_{m−1}).
        let (l1, l0) = jump_down(&bl, h, &p1, &p0);
        if !block_fast(&bl, a, &mut r, &l1, &l0, m as usize, h, &mut digits) {
            block_exact(a, &mut r, &p1, &p0, m as usize, t as usize, &mut digits);
        }
        p1 = l1;
        p0 = l0;
        t = m - 1;
    }
    debug_assert!(r == 0);
    digits
}

/// Decides the digits m..m+h−1 from the top bits; false if any digit is uncertain.
#[allow(clippy::too_many_arguments)]
fn block_fast(
    bl: &Blocks,
    a: u64,
    r: &mut Integer,
    l1: &Integer,
    l0: &Integer,
    m: usize,
    h: usize,
    digits: &mut [u64],
) -> bool {
    let bits = l0.significant_bits();
    let s = bits.saturating_sub(63);
    let (Some(l1t), Some(l0t), Some(rt)) = (
        Integer::from(l1 >> s).to_u128(),
        Integer::from(l0 >> s).to_u128(),
        Integer::from(&*r >> s).to_u128(),
    ) else {
        return false;
    };
    let exact = s == 0;
    let mut rem = rt as i128;
    let mut slack: i128 = 0; // Σ s_k·E_k over decided digits
    let (mut xb, mut yb) = (0u128, 0u128);
    let mut local = [0u64; 128];
    for j in (0..h).rev() {
        let (qa, qb) = (bl.q(j as isize), bl.q(j as isize - 1));
        let Some(bt) = qa.checked_mul(l1t).and_then(|v| v.checked_add(qb * l0t)) else {
            return false;
        };
        let bt = bt as i128;
        let e: i128 = if exact { 0 } else { (qa + qb) as i128 };
        let d = if rem <= 0 {
            0
        } else {
            (rem / bt).min(a as i128)
        };
        // Sure: d·(b̃ + E) ≤ R̃ − slack  and  R̃ + 1 < (d + 1)·b̃  (exact: d·b ≤ R < (d+1)·b).
        let up = if exact { 0 } else { 1 };
        let ok_low = d * (bt + e) <= rem - slack;
        let ok_high = rem + up < (d + 1) * bt;
        if !(ok_low && ok_high) {
            return false;
        }
        rem -= d * bt;
        slack += d * e;
        local[j] = d as u64;
        xb += d as u128 * qa;
        yb += d as u128 * qb;
    }
    let sub = Integer::from(l1 * xb as u64) + Integer::from(l0 * yb as u64);
    if sub > *r {
        return false;
    }
    let after = Integer::from(&*r - &sub);
    if after >= *l1 {
        return false;
    }
    *r = after;
    digits[m..m + h].copy_from_slice(&local[..h]);
    true
}

/// Decides the digits m..=t exactly, one at a time, from (b_{t+1}, b_t).
fn block_exact(
    a: u64,
    r: &mut Integer,
    p1: &Integer,
    p0: &Integer,
    m: usize,
    t: usize,
    digits: &mut [u64],
) {
    let mut hi = p0.clone(); // b_idx
    let mut lo = p1 - Integer::from(p0 * a); // b_{idx−1}
    for idx in (m..=t).rev() {
        take_digit(a, r, &hi, &mut digits[idx]);
        if idx > m {
            hi -= &lo * a;
            std::mem::swap(&mut lo, &mut hi);
        }
    }
}

#[inline]
fn take_digit(a: u64, r: &mut Integer, b: &Integer, digit: &mut u64) {
    if *r >= *b {
        if a == 1 {
            *r -= b;
            *digit = 1;
        } else {
            let q = Integer::from(&*r / b);
            *r -= &q * b;
            *digit = q.to_u64().expect("greedy digit is at most a");
        }
    }
}

/// The greedy representation one digit at a time (for very large a, and as the reference).
pub fn represent_stepwise(a: u64, sys: System, n: &Integer) -> Digits {
    if *n <= 0 {
        return Vec::new();
    }
    let (s_lo, s_hi) = sys.seeds();
    let (mut lo, mut hi) = (Integer::from(s_lo), Integer::from(s_hi)); // (b_{i−1}, b_i), i = 0
    let mut i: usize = 0;
    while hi <= *n {
        lo += &hi * a; // lo = b_{i+1}
        std::mem::swap(&mut lo, &mut hi);
        i += 1;
    }
    // hi = b_i is the first term above n; step down to (b_{K−1}, b_K) with K = i − 1.
    hi -= &lo * a;
    std::mem::swap(&mut lo, &mut hi);
    let top = i - 1;
    let mut digits = vec![0u64; top + 1];
    let mut r = n.clone();
    for idx in (0..=top).rev() {
        take_digit(a, &mut r, &hi, &mut digits[idx]);
        if idx > 0 {
            hi -= &lo * a; // b_{idx−2}
            std::mem::swap(&mut lo, &mut hi);
        }
    }
    debug_assert!(r == 0);
    digits
}

/// Σ digits\[i\]·b_i in the given system: Horner's scheme for the recurrence, h digits at a time:
/// (X, Y) ← (q_h X + q_{h−1} Y + Σ s q_{h−j}, q_{h−1} X + q_{h−2} Y + Σ s q_{h−j−1}).
pub fn evaluate(a: u64, sys: System, digits: &[u64]) -> Integer {
    let (mut x, mut y) = (Integer::new(), Integer::new());
    let mut rest = digits;
    if let Some(bl) = Blocks::new(a) {
        let h = bl.h as isize;
        while rest.len() >= bl.h {
            let (low, block) = rest.split_at(rest.len() - bl.h);
            // block[h − j] is the digit j places below the current index, j = 1..=h.
            let (mut xs, mut ys) = (0u128, 0u128);
            for j in 1..=h {
                let d = block[(h - j) as usize] as u128;
                xs += d * bl.q(h - j);
                ys += d * bl.q(h - j - 1);
            }
            let nx =
                Integer::from(&x * bl.q(h) as u64) + Integer::from(&y * bl.q(h - 1) as u64) + xs;
            let ny = Integer::from(&x * bl.q(h - 1) as u64)
                + Integer::from(&y * bl.q(h - 2) as u64)
                + ys;
            x = nx;
            y = ny;
            rest = low;
        }
    }
    horner_steps(a, sys, x, y, rest)
}

/// Σ digits\[i\]·b_i one digit at a time (the reference for the blocked [`evaluate`]).
pub fn evaluate_stepwise(a: u64, sys: System, digits: &[u64]) -> Integer {
    horner_steps(a, sys, Integer::new(), Integer::new(), digits)
}

/// Continues Horner's scheme (X, Y) ← (aX + Y + s, X) over `digits`, from the most significant
/// (last) one, and returns the value X·b_0 + Y·b_{−1}.
fn horner_steps(a: u64, sys: System, mut x: Integer, mut y: Integer, digits: &[u64]) -> Integer {
    for &s in digits.iter().rev() {
        y += &x * a;
        y += s;
        std::mem::swap(&mut x, &mut y);
    }
    match sys {
        System::P => x + y,
        System::Q => x,
    }
}

/// The number of trailing zero digits (the index of the lowest non-zero digit).
pub fn trailing_zeros(digits: &[u64]) -> usize {
    digits.iter().position(|&d| d != 0).unwrap_or(digits.len())
}

/// A_n in normal play by Property 3.
pub fn lower_normal(a: u64, n: &Integer) -> Integer {
    let r = represent(a, System::Q, n);
    let v = evaluate(a, System::P, &r);
    if trailing_zeros(&r) % 2 == 1 {
        v - 1u32
    } else {
        v
    }
}

/// A_n of the base sequence for offset c (0: normal play; 1: misère play with a ≥ 2).
pub fn lower(a: u64, c: u64, n: &Integer) -> Integer {
    if c == 0 {
        return lower_normal(a, n);
    }
    let m = Integer::from(n * a) + 1u32;
    (lower_normal(a, &m) + a - 2u32) / a
}

/// For x ≥ 1 in normal play, by Properties 1 and 2: `(true, partner)` if x = A_n (partner = B_n,
/// the p-representation shifted left), `(false, partner)` if x = B_n (partner = A_n, shifted right).
pub fn classify_normal(a: u64, x: &Integer) -> (bool, Integer) {
    let mut r = represent(a, System::P, x);
    if trailing_zeros(&r).is_multiple_of(2) {
        r.insert(0, 0);
        (true, evaluate(a, System::P, &r))
    } else {
        r.remove(0);
        (false, evaluate(a, System::P, &r))
    }
}

/// An index guess for locating x: its p-representation read in the q-system (≈ x/α).
pub fn index_guess(a: u64, x: &Integer) -> Integer {
    evaluate(a, System::Q, &represent(a, System::P, x))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rep_string(d: &Digits) -> String {
        d.iter().rev().map(|v| v.to_string()).collect()
    }

    #[test]
    fn bases_for_a_2() {
        // Fraenkel 1982, §4 and Table 2 (a = 2): p = 1, 3, 7, 17, 41; q = 1, 2, 5, 12, 29.
        let bases = |system| -> Vec<Integer> {
            (0..5)
                .map(|i| {
                    let mut d = vec![0u64; i + 1];
                    d[i] = 1;
                    evaluate(2, system, &d)
                })
                .collect()
        };
        let (p, q) = (bases(System::P), bases(System::Q));
        assert_eq!(p, [1, 3, 7, 17, 41]);
        assert_eq!(q, [1, 2, 5, 12, 29]);
    }

    #[test]
    fn examples_from_fraenkel_1982() {
        // "the decimal number 12 has q-representation 1000, whose p-interpretation is 17"
        let r = represent(2, System::Q, &Integer::from(12));
        assert_eq!(rep_string(&r), "1000");
        assert_eq!(evaluate(2, System::P, &r), 17);
        // "(1, 3) of Table 1 has p-representation (1, 10), and (5, 13) has (12, 120)"
        assert_eq!(rep_string(&represent(2, System::P, &Integer::from(1))), "1");
        assert_eq!(
            rep_string(&represent(2, System::P, &Integer::from(3))),
            "10"
        );
        assert_eq!(
            rep_string(&represent(2, System::P, &Integer::from(5))),
            "12"
        );
        assert_eq!(
            rep_string(&represent(2, System::P, &Integer::from(13))),
            "120"
        );
    }

    #[test]
    fn blocked_algorithms_equal_the_stepwise_ones() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut random_bits = |bits: u32| {
            // xorshift64 words, truncated to `bits` bits
            let words: Vec<u64> = (0..bits.div_ceil(64))
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed
                })
                .collect();
            Integer::from_digits(&words, rug::integer::Order::Lsf).keep_bits(bits)
        };
        for a in [1u64, 2, 3, 5, 10, 1000, 1 << 20, (1 << 28) - 1, 1 << 28] {
            for bits in [1u32, 10, 64, 65, 127, 128, 129, 300, 2000, 9000] {
                for sys in [System::P, System::Q] {
                    let n = random_bits(bits) + 1u32;
                    let r = represent(a, sys, &n);
                    assert_eq!(
                        r,
                        represent_stepwise(a, sys, &n),
                        "a={a} bits={bits} {sys:?}"
                    );
                    assert_eq!(evaluate(a, sys, &r), n);
                    assert_eq!(evaluate_stepwise(a, sys, &r), n);
                }
            }
            // basis elements and their neighbours are where truncated decisions are uncertain
            for k in [5usize, 70, 71, 200, 1000] {
                let mut d = vec![0u64; k + 1];
                d[k] = 1;
                for sys in [System::P, System::Q] {
                    let b = evaluate(a, sys, &d);
                    for n in [
                        Integer::from(&b - 1u32),
                        b.clone(),
                        Integer::from(&b + 1u32),
                    ] {
                        assert_eq!(represent(a, sys, &n), represent_stepwise(a, sys, &n));
                    }
                }
            }
        }
    }

    #[test]
    fn zeckendorf_for_a_1() {
        // Zeckendorf: 100 = 89 + 8 + 3 → digits over 1,2,3,5,8,13,21,34,55,89.
        let r = represent(1, System::P, &Integer::from(100));
        assert_eq!(rep_string(&r), "1000010100");
    }

    #[test]
    fn representations_round_trip_and_obey_the_digit_rules() {
        for a in 1..=6u64 {
            for sys in [System::P, System::Q] {
                for n in 0..2000u32 {
                    let r = represent(a, sys, &Integer::from(n));
                    assert_eq!(evaluate(a, sys, &r), n, "a={a} {sys:?} n={n}");
                    for i in 0..r.len() {
                        assert!(r[i] <= a);
                        if r[i] == a && i > 0 {
                            assert_eq!(r[i - 1], 0, "a={a} {sys:?} n={n}");
                        }
                    }
                    if sys == System::Q && !r.is_empty() {
                        assert!(r[0] < a);
                    }
                }
            }
        }
    }
}
