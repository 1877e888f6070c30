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

/// The greedy representation of `n` in the p- or q-system of parameter a (empty for n = 0).
pub fn represent(a: u64, sys: System, n: &Integer) -> Digits {
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
        if r >= hi {
            if a == 1 {
                r -= &hi;
                digits[idx] = 1;
            } else {
                let q = Integer::from(&r / &hi);
                r -= &q * &hi;
                digits[idx] = q.to_u64().expect("greedy digit is at most a");
            }
        }
        if idx > 0 {
            hi -= &lo * a; // b_{idx−2}
            std::mem::swap(&mut lo, &mut hi);
        }
    }
    debug_assert!(r == 0);
    digits
}

/// Σ digits[i]·b_i in the given system (Horner's scheme for the recurrence).
pub fn evaluate(a: u64, sys: System, digits: &[u64]) -> Integer {
    let (mut x, mut y) = (Integer::new(), Integer::new());
    for &s in digits.iter().rev() {
        y += &x * a;
        y += s;
        std::mem::swap(&mut x, &mut y);
    }
    // value = X·b_0 + Y·b_{−1}
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
    if trailing_zeros(&r) % 2 == 1 { v - 1u32 } else { v }
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
    if trailing_zeros(&r) % 2 == 0 {
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
    fn bases_of_the_seed() {
        // Seed 000 (a = 2): p = 1, 3, 7, 17, 41; q = 1, 2, 5, 12, 29.
        let p: Vec<_> = (0..5).map(|i| {
            let mut d = vec![0u64; i + 1];
            d[i] = 1;
            evaluate(2, System::P, &d)
        }).collect();
        assert_eq!(p, [1, 3, 7, 17, 41]);
        let q: Vec<_> = (0..5).map(|i| {
            let mut d = vec![0u64; i + 1];
            d[i] = 1;
            evaluate(2, System::Q, &d)
        }).collect();
        assert_eq!(q, [1, 2, 5, 12, 29]);
    }

    #[test]
    fn examples_from_the_seed_text() {
        // "the decimal number 12 has q-representation 1000, whose p-interpretation is 17"
        let r = represent(2, System::Q, &Integer::from(12));
        assert_eq!(rep_string(&r), "1000");
        assert_eq!(evaluate(2, System::P, &r), 17);
        // "(1, 3) of Table 1 has p-representation (1, 10), and (5, 13) has (12, 120)"
        assert_eq!(rep_string(&represent(2, System::P, &Integer::from(1))), "1");
        assert_eq!(rep_string(&represent(2, System::P, &Integer::from(3))), "10");
        assert_eq!(rep_string(&represent(2, System::P, &Integer::from(5))), "12");
        assert_eq!(rep_string(&represent(2, System::P, &Integer::from(13))), "120");
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
