//! RATWYT and the Calkin–Wilf tree (A. S. Fraenkel, "RATWYT", College Math. J. 43 (2012)
//! 160–164; doc/ratwyt.md).
//!
//! The Calkin–Wilf tree holds every non-negative reduced rational once: root 0/1; i/j has the
//! right child (i+j)/j and, if i > 0, the left child i/(i+j).  A *step* moves one level up:
//! p/q → (p−q)/q if p/q ≥ 1, else p/(q−p).  The level of p/q is its *induced integer*, the sum of
//! its continued-fraction partial quotients (3/5 = [0; 1, 1, 2] → 4).  Playing a game of steps on
//! rationals is therefore playing the same game on their induced integers:
//!
//! * RATWYT / Game I (parameter t): on two rationals, s steps on one or the same s on both with
//!   |s1 − s2| < t — generalized Wythoff with a = t on the induced integers (t = 1: RATWYT);
//! * Game II (parameter t): one rational, a move does 1..=t steps; P iff level ≡ 0 (mod t + 1);
//! * Game III: several rationals, a move does steps on one of them: Nim on the induced integers.
//!
//! Steps are the slow Euclidean algorithm; k steps are done a phase at a time — while p ≥ q,
//! ⌊p/q⌋ steps subtract q; while p < q, ⌊(q−1)/p⌋ steps subtract p — with one division per
//! partial quotient, never one step at a time.  Cost: O(number of partial quotients) big-number
//! divisions.

pub use wythoff_core::rational::{MAX_DIGITS, RationalError};

use crate::error::{Error, Result};
use crate::game::Rules;
use crate::pairs::{Outcome, Solver, Strategy};
use rug::{Assign, Integer};
use std::fmt;

/// A non-negative rational p/q in lowest terms, q ≥ 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rational {
    p: Integer,
    q: Integer,
}

/// 10^[`MAX_DIGITS`], the first number beyond the limit (computed once).
fn digit_bound() -> &'static Integer {
    static BOUND: std::sync::OnceLock<Integer> = std::sync::OnceLock::new();
    BOUND.get_or_init(|| Integer::from(Integer::u_pow_u(10, MAX_DIGITS)))
}

/// Whether `x` has at most [`MAX_DIGITS`] decimal digits (x < 10^MAX_DIGITS; exact).
pub fn within_digit_limit(x: &Integer) -> bool {
    x < digit_bound()
}

/// Largest index bit length the tree functions will build (a level beyond this has an index of
/// more bits than fit comfortably in memory).
pub const MAX_INDEX_BITS: u64 = 1 << 27;

impl std::str::FromStr for Rational {
    type Err = RationalError;

    /// Parses `p/q` (or an integer `p`, meaning p/1); numbers as in [`crate::num::natural`].
    fn from_str(s: &str) -> std::result::Result<Rational, RationalError> {
        let t = s.trim();
        if let Some(rest) = t.strip_prefix('-') {
            // "-3/2" is a negative rational; "-x" is no rational at all.
            let number = !matches!(
                rest.parse::<Rational>(),
                Err(RationalError::Malformed { .. } | RationalError::Negative(_))
            );
            return Err(if number {
                RationalError::Negative(s.to_string())
            } else {
                RationalError::Malformed {
                    text: s.to_string(),
                    cause: "not a number".into(),
                }
            });
        }
        let (ps, qs) = t.split_once('/').unwrap_or((t, "1"));
        let malformed = |cause: String| RationalError::Malformed {
            text: s.to_string(),
            cause,
        };
        if qs.contains('/') {
            return Err(malformed("more than one '/'".into()));
        }
        let p = crate::num::natural(ps).map_err(|e| malformed(format!("numerator: {e}")))?;
        let q = crate::num::natural(qs).map_err(|e| malformed(format!("denominator: {e}")))?;
        Rational::reduced(p, q)
    }
}

impl Rational {
    /// p/q, checked: q ≥ 1, p ≥ 0, p and q of at most [`MAX_DIGITS`] digits, gcd(p, q) = 1,
    /// with a typed error.  The size is checked before the gcd, so an input beyond the limit is
    /// refused at once.
    pub fn reduced(p: Integer, q: Integer) -> std::result::Result<Rational, RationalError> {
        if p < 0 || q < 0 {
            return Err(RationalError::Negative(format!("{p}/{q}")));
        }
        if q == 0 {
            return Err(RationalError::ZeroDenominator);
        }
        if !within_digit_limit(&p) {
            return Err(RationalError::TooLarge("numerator"));
        }
        if !within_digit_limit(&q) {
            return Err(RationalError::TooLarge("denominator"));
        }
        let g = Integer::from(p.gcd_ref(&q));
        if g != 1 {
            return Err(RationalError::NotReduced { p, q, gcd: g });
        }
        Ok(Rational { p, q })
    }

    /// p/q, checked as in [`Rational::reduced`], with the refusal as a usage error whose
    /// message starts with `what`, the argument's name.
    pub fn new(p: Integer, q: Integer, what: &str) -> Result<Rational> {
        Rational::reduced(p, q).map_err(|e| Error::usage(format!("{what}: {e}")))
    }

    /// Parses `p/q` (or an integer `p`, meaning p/1), as [`str::parse`] does, with the refusal as
    /// a usage error whose message starts with `what`, the argument's name.
    pub fn parse(s: &str, what: &str) -> Result<Rational> {
        s.parse::<Rational>()
            .map_err(|e| Error::usage(format!("{what}: {e}")))
    }

    /// The root 0/1.
    pub fn zero() -> Rational {
        Rational {
            p: Integer::new(),
            q: Integer::from(1),
        }
    }

    /// Numerator.
    pub fn numer(&self) -> &Integer {
        &self.p
    }

    /// Denominator.
    pub fn denom(&self) -> &Integer {
        &self.q
    }

    /// The continued-fraction partial quotients [a0; a1, …] (a0 may be 0; the last is ≥ 2
    /// unless the rational is an integer).  0/1 gives \[0\].
    pub fn partial_quotients(&self) -> Vec<Integer> {
        self.quotients().collect()
    }

    /// The partial quotients one at a time, as [`Rational::partial_quotients`] lists them.
    /// Memory: three numbers the size of q, and each quotient in a fresh number of its own size
    /// (a quotient left in the dividend's storage would keep a buffer as large as p: quadratic
    /// memory over the ~0.84·bits quotients of a typical rational).
    pub fn quotients(&self) -> PartialQuotients {
        PartialQuotients {
            p: self.p.clone(),
            q: self.q.clone(),
            r: Integer::new(),
        }
    }

    /// The induced integer: the sum of the partial quotients, i.e. the level in the tree.
    /// Memory: linear in the size of p/q (no quotient is kept).
    pub fn level(&self) -> Integer {
        let mut sum = Integer::new();
        for a in self.quotients() {
            sum += a;
        }
        sum
    }

    /// The rational k steps up the tree (k ≤ level), by phases with one division each.
    pub fn steps(&self, k: &Integer) -> Result<Rational> {
        let (mut p, mut q) = (self.p.clone(), self.q.clone());
        let mut left = k.clone();
        while left > 0 {
            if p == 0 {
                return Err(Error::domain(format!(
                    "cannot do {k} steps on {self}: its level is {}",
                    self.level()
                )));
            }
            if p >= q {
                let phase = Integer::from(&p / &q);
                let take = phase.min(left.clone());
                p -= Integer::from(&take * &q);
                left -= take;
            } else {
                let phase = Integer::from(&q - 1u32) / &p;
                let take = phase.min(left.clone());
                q -= Integer::from(&take * &p);
                left -= take;
            }
        }
        Ok(Rational { p, q })
    }

    /// The parent (one step up), `None` for the root 0/1.
    pub fn parent(&self) -> Option<Rational> {
        (self.p != 0).then(|| self.steps(&Integer::from(1)).expect("level ≥ 1"))
    }

    /// The children (left, right): left i/(i+j) exists only for i > 0; right is (i+j)/j.
    pub fn children(&self) -> (Option<Rational>, Rational) {
        let s = Integer::from(&self.p + &self.q);
        let left = (self.p != 0).then(|| Rational {
            p: self.p.clone(),
            q: s.clone(),
        });
        (
            left,
            Rational {
                p: s,
                q: self.q.clone(),
            },
        )
    }

    /// The index in breadth-first order (0/1 → 0, 1/1 → 1, 1/2 → 2, 2/1 → 3, 1/3 → 4, …): for
    /// level k ≥ 1 a k-bit number, 1 followed by the path from 1/1 (0 = left, 1 = right).
    ///
    /// Walking up from p/q = [a0; a1, …, am] to 1/1 does a0 right-child steps (bits 1), then a1
    /// left-child steps (bits 0), and so on, the last run one shorter (it ends at 1/1, not
    /// 0/1); the path's bits are these runs, the first step up being the least significant bit.
    /// One pass of the continued fraction; the index is allocated once, at its final size.
    pub fn bfs_index(&self) -> Result<Integer> {
        if self.p == 0 {
            return Ok(Integer::new());
        }
        let cf = self.partial_quotients();
        let level: Integer = cf.iter().sum();
        let bits = level
            .to_u32()
            .filter(|&b| u64::from(b) <= MAX_INDEX_BITS)
            .ok_or_else(|| {
                Error::domain(format!(
                    "the breadth-first index of a rational of level {} has that many bits; the limit is {MAX_INDEX_BITS}",
                    crate::pairs::abbreviate(&level)
                ))
            })?;
        let mut idx = Integer::with_capacity(bits as usize);
        let mut pos: u32 = 0;
        let last = cf.len() - 1;
        for (i, a) in cf.iter().enumerate() {
            // each a ≤ level ≤ MAX_INDEX_BITS, so it fits
            let run = a
                .to_u32()
                .ok_or_else(|| Error::internal("a run beyond the level"))?;
            let run = if i == last { run - 1 } else { run };
            if i % 2 == 0 {
                for b in pos..pos + run {
                    idx.set_bit(b, true);
                }
            }
            pos += run;
        }
        idx.set_bit(pos, true); // pos = level − 1: the leading 1 (1/1 itself)
        Ok(idx)
    }

    /// The rational with breadth-first index n (inverse of [`Rational::bfs_index`]), following runs
    /// of equal bits with one multiplication each.
    pub fn from_bfs_index(n: &Integer) -> Result<Rational> {
        if *n < 0 {
            return Err(Error::domain("the index must be non-negative"));
        }
        if *n == 0 {
            return Ok(Rational::zero());
        }
        let bits = n.significant_bits();
        if u64::from(bits) > MAX_INDEX_BITS {
            return Err(Error::domain(format!(
                "index of {bits} bits is beyond the limit {MAX_INDEX_BITS}"
            )));
        }
        let (mut p, mut q) = (Integer::from(1), Integer::from(1));
        let mut i = bits - 1; // bits below the leading one, from the top
        while i > 0 {
            let bit = n.get_bit(i - 1);
            // run of equal bits from position i − 1 downwards
            let mut j = i - 1;
            while j > 0 && n.get_bit(j - 1) == bit {
                j -= 1;
            }
            let run = i - j;
            if bit {
                p += Integer::from(&q * run);
            } else {
                q += Integer::from(&p * run);
            }
            // After the first run each run adds a multiple of the larger of p, q to the smaller,
            // so p + q grows by half at least: this stops the work after at most ~570,000 runs,
            // all on numbers below the limit.
            if !within_digit_limit(&p) || !within_digit_limit(&q) {
                return Err(Error::domain(format!(
                    "the rational of this index has more than {MAX_DIGITS} decimal digits in its \
                     numerator or denominator (the limit of rationals)"
                )));
            }
            i = j;
        }
        Ok(Rational { p, q })
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.p, self.q)
    }
}

/// The partial quotients of a rational, by the Euclidean algorithm: (p, q) → (q, p mod q),
/// yielding ⌊p/q⌋, until q = 0.  Made by [`Rational::quotients`].
#[derive(Clone, Debug)]
pub struct PartialQuotients {
    p: Integer,
    q: Integer,
    /// Storage for the next remainder, reused from step to step.
    r: Integer,
}

impl Iterator for PartialQuotients {
    type Item = Integer;

    fn next(&mut self) -> Option<Integer> {
        if self.q == 0 {
            return None;
        }
        let mut a = Integer::new();
        (&mut a, &mut self.r).assign(self.p.div_rem_ref(&self.q));
        // (p, q, r) ← (q, r, p): the old p's storage takes the next remainder
        std::mem::swap(&mut self.p, &mut self.q);
        std::mem::swap(&mut self.q, &mut self.r);
        Some(a)
    }
}

/// A winning move in a game on rationals: the steps done to each rational and where they land.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatMove {
    /// Steps done to each rational (0 for an untouched one).
    pub steps: Vec<Integer>,
    /// The rationals after the move.
    pub to: Vec<Rational>,
}

/// RATWYT (t = 1) and Game I with parameter t on two rationals: the induced integers, the
/// outcome, and every winning move.
pub fn game_one(
    r1: &Rational,
    r2: &Rational,
    t: u64,
) -> Result<(Vec<Integer>, Outcome, Vec<RatMove>)> {
    let rules =
        Rules::new(t, false).map_err(|_| Error::domain("the parameter t must be at least 1"))?;
    let (k1, k2) = (r1.level(), r2.level());
    let solver = Solver::new(rules, Strategy::Algebraic);
    let (outcome, moves) = solver.analyse(&k1, &k2)?;
    let mut out = Vec::new();
    for (u, v) in moves {
        let s1 = Integer::from(&k1 - &u);
        let s2 = Integer::from(&k2 - &v);
        let to = vec![r1.steps(&s1)?, r2.steps(&s2)?];
        out.push(RatMove {
            steps: vec![s1, s2],
            to,
        });
    }
    Ok((vec![k1, k2], outcome, out))
}

/// Game II with parameter t ≥ 1 on one rational: P iff level ≡ 0 (mod t + 1); the winning move
/// does level mod (t + 1) steps.
pub fn game_two(r: &Rational, t: u64) -> Result<(Integer, Outcome, Option<RatMove>)> {
    if t == 0 {
        return Err(Error::domain("the parameter t must be at least 1"));
    }
    let k = r.level();
    let rem = &k % (Integer::from(t) + 1u32);
    if rem == 0 {
        return Ok((k, Outcome::P, None));
    }
    let to = r.steps(&rem)?;
    Ok((
        k,
        Outcome::N,
        Some(RatMove {
            steps: vec![rem],
            to: vec![to],
        }),
    ))
}

/// Game III on several rationals: Nim on the induced integers.  Returns the levels, the nim-sum,
/// the outcome and a winning move (steps on the first rational whose level can be lowered to
/// level ⊕ nim-sum).
pub fn game_three(rs: &[Rational]) -> (Vec<Integer>, Integer, Outcome, Option<RatMove>) {
    let levels: Vec<Integer> = rs.iter().map(Rational::level).collect();
    let mut x = Integer::new();
    for k in &levels {
        x ^= k;
    }
    if x == 0 {
        return (levels, x, Outcome::P, None);
    }
    for (i, k) in levels.iter().enumerate() {
        let target = Integer::from(k ^ &x);
        if target < *k {
            let s = Integer::from(k - &target);
            let mut steps = vec![Integer::new(); rs.len()];
            let mut to = rs.to_vec();
            to[i] = rs[i].steps(&s).expect("s ≤ level");
            steps[i] = s;
            return (levels, x, Outcome::N, Some(RatMove { steps, to }));
        }
    }
    unreachable!("a non-zero nim-sum has a component to lower")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn r(s: &str) -> Rational {
        Rational::parse(s, "r").unwrap()
    }

    #[test]
    fn ratwyt_paper_examples() {
        assert_eq!(r("3/5").partial_quotients(), [0, 1, 1, 2]);
        assert_eq!(r("3/5").level(), 4);
        assert_eq!(r("2/3").level(), 3);
        assert_eq!(r("3/2").level(), 3);
        // (3/5, 2/3) ≅ (4, 3) is N; two steps on each reach (1/2, 1/1) ≅ (2, 1).
        let (k, o, moves) = game_one(&r("3/5"), &r("2/3"), 1).unwrap();
        assert_eq!(
            (k[0].clone(), k[1].clone(), o),
            (Integer::from(4), Integer::from(3), Outcome::N)
        );
        assert!(
            moves
                .iter()
                .any(|m| m.steps == [2, 2] && m.to == [r("1/2"), r("1/1")])
        );
        // Bob's reply in Fraenkel 2012: three steps on both from (3/2, 2/3) reach (0/1, 0/1).
        assert_eq!(r("3/2").steps(&Integer::from(3)).unwrap(), Rational::zero());
        assert_eq!(r("2/3").steps(&Integer::from(3)).unwrap(), Rational::zero());
        assert_eq!(r("3/2").steps(&Integer::from(1)).unwrap(), r("1/2"));
    }

    #[test]
    fn bad_rationals_are_clear_errors() {
        for bad in ["2/4", "1/0", "-1/2", "1/-2", "x/3", "1/2/3", "", "1.5"] {
            let e = Rational::parse(bad, "R1").unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad}");
            assert!(e.to_string().starts_with("R1"), "{e}");
        }
        assert!(Rational::parse("0/5", "R").is_err()); // gcd 5
        assert_eq!(r("0/1"), Rational::zero());
        assert_eq!(r("7"), r("7/1"));
    }

    #[test]
    fn typed_rational_errors() {
        use RationalError::*;
        let parse = |s: &str| s.parse::<Rational>();
        assert_eq!(parse("-3/2"), Err(Negative("-3/2".into())));
        assert_eq!(parse("-2/4"), Err(Negative("-2/4".into())));
        assert!(matches!(parse("-x"), Err(Malformed { .. })));
        assert_eq!(parse("3/0"), Err(ZeroDenominator));
        assert!(matches!(parse("2/4"), Err(NotReduced { .. })));
        assert_eq!(
            parse("2/4").unwrap_err().to_string(),
            "2/4 is not in lowest terms (gcd 2); write 1/2"
        );
        assert!(matches!(parse("1/2/3"), Err(Malformed { .. })));
        assert!(matches!(parse("1/-2"), Err(Malformed { .. })));
        assert_eq!(parse("1e3/7"), Ok(r("1000/7")));
        assert_eq!(
            Rational::reduced(Integer::from(-1), Integer::from(2)),
            Err(Negative("-1/2".into()))
        );
    }

    #[test]
    fn tree_navigation_and_bfs_order() {
        let order = [
            "0/1", "1/1", "1/2", "2/1", "1/3", "3/2", "2/3", "3/1", "1/4", "4/3", "3/5", "5/2",
        ];
        for (i, s) in order.iter().enumerate() {
            assert_eq!(Rational::from_bfs_index(&Integer::from(i)).unwrap(), r(s));
            assert_eq!(r(s).bfs_index().unwrap(), i);
        }
        for i in 1..3000u32 {
            let q = Rational::from_bfs_index(&Integer::from(i)).unwrap();
            assert_eq!(q.bfs_index().unwrap(), i);
            assert_eq!(q.level(), i.ilog2() + 1);
            let (left, right) = q.children();
            assert_eq!(right.parent().unwrap(), q);
            assert_eq!(left.unwrap().parent().unwrap(), q);
        }
    }

    /// RATWYT decided directly on rationals with the step rule — no induced integers.
    fn brute(a: &Rational, b: &Rational, memo: &mut HashMap<(Rational, Rational), bool>) -> bool {
        if let Some(&v) = memo.get(&(a.clone(), b.clone())) {
            return v;
        }
        let mut to_p = false;
        for (x, y) in followers(a, b) {
            if brute(&x, &y, memo) {
                to_p = true;
                break;
            }
        }
        memo.insert((a.clone(), b.clone()), !to_p);
        !to_p
    }

    fn chain(r: &Rational) -> Vec<Rational> {
        let mut v = vec![];
        let mut c = r.clone();
        while let Some(p) = c.parent() {
            v.push(p.clone());
            c = p;
        }
        v
    }

    fn followers(a: &Rational, b: &Rational) -> Vec<(Rational, Rational)> {
        let (ca, cb) = (chain(a), chain(b));
        let mut v = Vec::new();
        for x in &ca {
            v.push((x.clone(), b.clone()));
        }
        for y in &cb {
            v.push((a.clone(), y.clone()));
        }
        for (x, y) in ca.iter().zip(cb.iter()) {
            v.push((x.clone(), y.clone()));
        }
        v
    }

    #[test]
    fn ratwyt_matches_a_search_on_the_rationals_themselves() {
        let all: Vec<Rational> = (0..64u32)
            .map(|i| Rational::from_bfs_index(&Integer::from(i)).unwrap())
            .collect();
        let mut memo = HashMap::new();
        for a in &all {
            for b in all.iter().step_by(3) {
                let (_, o, moves) = game_one(a, b, 1).unwrap();
                assert_eq!(o == Outcome::P, brute(a, b, &mut memo), "({a}, {b})");
                let mut want: Vec<(Rational, Rational)> = followers(a, b)
                    .into_iter()
                    .filter(|(x, y)| brute(x, y, &mut memo))
                    .collect();
                want.sort();
                want.dedup();
                let mut got: Vec<(Rational, Rational)> = moves
                    .into_iter()
                    .map(|m| (m.to[0].clone(), m.to[1].clone()))
                    .collect();
                got.sort();
                assert_eq!(got, want, "({a}, {b})");
            }
        }
    }

    #[test]
    fn games_two_and_three() {
        let (k, o, m) = game_two(&r("3/5"), 2).unwrap();
        assert_eq!((k, o), (Integer::from(4), Outcome::N));
        assert_eq!(m.unwrap().to[0].level(), 3);
        assert_eq!(game_two(&r("2/3"), 2).unwrap().1, Outcome::P);
        let (levels, x, o, m) = game_three(&[r("3/5"), r("2/3"), r("1/1")]);
        assert_eq!(levels, [4, 3, 1]);
        assert_eq!((x, o), (Integer::from(6), Outcome::N));
        let m = m.unwrap();
        let after: Vec<Integer> = m.to.iter().map(Rational::level).collect();
        assert_eq!(Integer::from(&after[0] ^ &after[1]) ^ &after[2], 0);
    }

    #[test]
    fn huge_rationals_step_by_division() {
        let big = Integer::from(Integer::u_pow_u(10, 10_000));
        let q = Rational::new(big.clone() + 1u32, big.clone(), "r").unwrap(); // [1; 10^10000]
        assert_eq!(q.level(), Integer::from(&big + 1u32));
        let s = q.steps(&Integer::from(&big)).unwrap();
        assert_eq!(
            s,
            Rational::new(Integer::from(1), Integer::from(1), "r").unwrap()
        );
    }

    #[test]
    fn the_digit_limit_is_exact_and_checked_before_the_gcd() {
        let bound = Integer::from(Integer::u_pow_u(10, MAX_DIGITS));
        let under = Integer::from(&bound - 1u32); // MAX_DIGITS nines
        assert_eq!(under.to_string().len(), MAX_DIGITS as usize);
        assert!(within_digit_limit(&under));
        assert!(!within_digit_limit(&bound));
        let one = || Integer::from(1);
        assert!(Rational::reduced(under.clone(), Integer::from(2)).is_ok());
        assert!(Rational::reduced(one(), under.clone()).is_ok());
        assert_eq!(
            Rational::reduced(bound.clone(), one()),
            Err(RationalError::TooLarge("numerator"))
        );
        assert_eq!(
            Rational::reduced(one(), bound.clone()),
            Err(RationalError::TooLarge("denominator"))
        );
        // not reduced (gcd 10^MAX_DIGITS) and too large: the size is named, no gcd is taken
        assert_eq!(
            Rational::reduced(bound.clone(), bound.clone()),
            Err(RationalError::TooLarge("numerator"))
        );
        let e = format!("1e{MAX_DIGITS}").parse::<Rational>().unwrap_err();
        assert!(
            e.to_string().contains("more than 100000 decimal digits"),
            "{e}"
        );
    }

    /// F(n+1)/F(n) = [1; 1, …, 1, 2] has level n (n ≥ 2): a known value, by n − 1 quotients.
    #[test]
    fn level_of_fibonacci_ratios() {
        let (mut a, mut b) = (Integer::from(1), Integer::from(2)); // F(2), F(3)
        for n in 2..=3000u32 {
            if n % 500 == 0 || n < 10 {
                let r = Rational::new(b.clone(), a.clone(), "r").unwrap();
                assert_eq!(r.level(), n, "F({})/F({n})", n + 1);
                assert_eq!(r.quotients().count(), n as usize - 1);
            }
            let c = Integer::from(&a + &b);
            a = std::mem::replace(&mut b, c);
        }
    }

    /// The cause of the quadratic memory: a quotient left in its dividend's storage keeps a
    /// buffer as large as p.  Each quotient must own storage of about its own size.
    #[test]
    fn quotients_hold_storage_of_their_own_size() {
        let p = Integer::from(Integer::u_pow_u(2, 20_000));
        let q = Integer::from(Integer::u_pow_u(3, 12_000));
        let r = Rational::new(p, q, "r").unwrap();
        let mut n = 0;
        for a in r.quotients() {
            assert!(
                a.capacity() <= 64 * (a.significant_bits() as usize / 64 + 2),
                "{a}"
            );
            n += 1;
        }
        assert!(n > 10_000, "{n} quotients");
    }

    #[test]
    fn big_indices_round_trip() {
        for e in [100u32, 1000, 5000] {
            for n in [
                Integer::from(Integer::u_pow_u(3, e)),
                Integer::from(Integer::u_pow_u(7, e)) + 12345u32,
            ] {
                let r = Rational::from_bfs_index(&n).unwrap();
                assert_eq!(r.bfs_index().unwrap(), n);
                assert_eq!(r.level(), n.significant_bits());
            }
        }
    }

    #[test]
    fn an_index_whose_rational_is_beyond_the_limit_is_refused() {
        // alternating bits 1010…: the path of F(k+1)/F(k), whose numbers have ~0.209·k digits
        let alternating = |k: u32| {
            let mut n = Integer::new();
            for b in (0..k).step_by(2) {
                n.set_bit(b, true);
            }
            n.set_bit(k, true);
            n
        };
        let r = Rational::from_bfs_index(&alternating(20_000)).unwrap();
        assert!(r.numer().to_string().len() < 5_000);
        let e = Rational::from_bfs_index(&alternating(480_000)).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(
            e.to_string().contains("more than 100000 decimal digits"),
            "{e}"
        );
    }
}
