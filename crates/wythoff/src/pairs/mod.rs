//! P-positions of generalized Wythoff: the n-th pair, the pair holding a value, the outcome of a
//! position and all winning moves — by each of Fraenkel's three strategies, for numbers of any size.
//!
//! Every P-position is (A_n, B_n) or (B_n, A_n) for one n ≥ 0, where {A_n} and {B_n} (n ≥ 1)
//! partition the positive integers (Fraenkel 1982, Theorem 1).  Hence every value x lies in exactly
//! one pair and has exactly one *partner* y with (x, y) a P-position.  Three engines compute the
//! pairs — [`recursive`], [`algebraic`], [`numeration`] — and everything else here is shared:
//!
//! * (x, y) is a P-position iff y is the partner of x;
//! * the winning moves from (x, y) are: x → partner(y) if smaller; y → partner(x) if smaller; and
//!   the moves (x, y) → (x − k, y − l), k, l > 0, |k − l| < a, onto a pair whose difference
//!   B_m − A_m = a·m + c lies within a − 1 of y − x (or of x − y for the mirrored pair), which leaves
//!   at most two indices m per orientation (Fraenkel 1982, proof of Theorem 1; doc/pairs.md).
//!
//! Misère play (doc/misere.md): for a ≥ 2 the base sequences have B_n = A_n + a·n + 1 from
//! (A_0, B_0) = (0, 1); for a = 1 the P-positions are those of normal play with (0, 0) and (1, 2)
//! replaced by (0, 1) and (2, 2), written down once in `Rules::special_pairs`
//! and consulted by every strategy and the bulk kernels.  In misère play (0, 0) is an
//! N-position with no move at all: the player to move has already won.

pub mod agree;
pub mod algebraic;
pub mod bulk;
pub mod columns;
pub mod emit;
pub mod join;
pub mod numeration;
pub mod recursive;
pub mod word64;

use crate::error::{Error, Result};
use crate::game::Rules;
use rug::Integer;
use rug::ops::DivRounding;
use std::fmt;
use std::str::FromStr;

/// One of Fraenkel's three ways to compute P-positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The mex recursion of Theorem 1: O(n) time; refuses sizes beyond a limit.
    Recursive,
    /// The floor formula ⌊nα⌋ with exact integer square roots: O(M(log n)).
    Algebraic,
    /// The p-/q-numeration systems (Properties 1–3): O(log² n) bit operations.
    Arithmetic,
}

impl Strategy {
    /// All three, in the order recursive, algebraic, arithmetic.
    pub const ALL: [Strategy; 3] = [
        Strategy::Recursive,
        Strategy::Algebraic,
        Strategy::Arithmetic,
    ];

    /// The lower-case name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Recursive => "recursive",
            Strategy::Algebraic => "algebraic",
            Strategy::Arithmetic => "arithmetic",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = Error;
    fn from_str(s: &str) -> Result<Strategy> {
        match s {
            "recursive" | "mex" => Ok(Strategy::Recursive),
            "algebraic" | "floor" => Ok(Strategy::Algebraic),
            "arithmetic" | "numeration" => Ok(Strategy::Arithmetic),
            _ => Err(Error::usage(format!(
                "'{s}' is not a strategy (accepted: recursive, algebraic, arithmetic)"
            ))),
        }
    }
}

/// Which of the two sequences a value belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// x = A_n (the smaller member of its pair).
    Lower,
    /// x = B_n.
    Upper,
}

/// Where a value sits among the P-pairs: x = A_index (side Lower) or x = B_index (side Upper).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// Lower or upper member of the pair.
    pub side: Side,
    /// The pair's index n.
    pub index: Integer,
    /// The other member of the pair: (x, partner) is a P-position.
    pub partner: Integer,
}

/// Outcome class of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The previous player wins (the player to move loses with best play).
    P,
    /// The next player (the player to move) wins.
    N,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// A position (x, y) as a pair of big integers.
pub type Position = (Integer, Integer);

/// Computes P-positions with one strategy under one set of rules.
#[derive(Clone, Copy, Debug)]
pub struct Solver {
    rules: Rules,
    strategy: Strategy,
    recursive_limit: u64,
}

impl Solver {
    /// A solver for `rules` using `strategy`; the recursive one refuses sizes beyond
    /// [`recursive::DEFAULT_LIMIT`] (see [`Solver::with_recursive_limit`]).
    pub fn new(rules: Rules, strategy: Strategy) -> Solver {
        Solver {
            rules,
            strategy,
            recursive_limit: recursive::DEFAULT_LIMIT,
        }
    }

    /// Changes the largest index/value the recursive strategy accepts.
    pub fn with_recursive_limit(mut self, limit: u64) -> Solver {
        self.recursive_limit = limit;
        self
    }

    /// The rules this solver plays.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The strategy this solver uses.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    fn a(&self) -> u64 {
        self.rules.a()
    }

    fn c(&self) -> u64 {
        self.rules.offset()
    }

    /// The n-th pair when it is one of the game's special pairs ([`Rules::special_pairs`]).
    fn special_pair(&self, n: &Integer) -> Option<(u64, u64)> {
        n.to_u64().and_then(|n| self.rules.special_pair(n))
    }

    /// The n-th P-pair (A_n, B_n), A_n ≤ B_n, for any n ≥ 0.
    pub fn nth(&self, n: &Integer) -> Result<Position> {
        if *n < 0 {
            return Err(Error::usage("n must be non-negative"));
        }
        if let Some((u, v)) = self.special_pair(n) {
            return Ok((Integer::from(u), Integer::from(v)));
        }
        let lower = self.base_lower(n)?;
        let upper = (&lower + Integer::from(n * self.a())) + self.c();
        Ok((lower, upper))
    }

    /// A_n of the base sequence (normal play, or misère with a ≥ 2).
    fn base_lower(&self, n: &Integer) -> Result<Integer> {
        match self.strategy {
            Strategy::Recursive => {
                let n64 = self.recursive_u64(n, "n")?;
                let (x, _) = recursive::nth(self.a(), self.c(), n64, self.recursive_limit)?;
                Ok(Integer::from(x))
            }
            Strategy::Algebraic => Ok(algebraic::lower(self.a(), self.c(), n)),
            Strategy::Arithmetic => Ok(numeration::lower(self.a(), self.c(), n)),
        }
    }

    fn recursive_u64(&self, v: &Integer, what: &str) -> Result<u64> {
        v.to_u64().filter(|&v| v <= self.recursive_limit).ok_or_else(|| {
            Error::usage(format!(
                "the recursive strategy needs O({what}) time and memory; {what} = {} is beyond its \
                 limit of {}: use --strategy algebraic or arithmetic (exact at any size), or raise \
                 --recursive-limit",
                abbreviate(v),
                self.recursive_limit
            ))
        })
    }

    /// The pair holding the value x ≥ 0.
    pub fn locate(&self, x: &Integer) -> Result<Located> {
        if *x < 0 {
            return Err(Error::usage("pile sizes must be non-negative"));
        }
        // the special pairs cover exactly the values of the base pairs they replace
        let specials = self.rules.special_pairs();
        for (i, &(u, v)) in specials.iter().enumerate() {
            let (side, partner) = if *x == u {
                (Side::Lower, v)
            } else if *x == v {
                (Side::Upper, u)
            } else {
                continue;
            };
            return Ok(Located {
                side,
                index: Integer::from(i),
                partner: Integer::from(partner),
            });
        }
        if *x == 0 {
            // normal play: (0, 0); misère a ≥ 2: (0, 1)
            return Ok(Located {
                side: Side::Lower,
                index: Integer::new(),
                partner: Integer::from(self.c()),
            });
        }
        let (side, index) = match self.strategy {
            Strategy::Recursive => {
                let x64 = self.recursive_u64(x, "x")?;
                let (is_lower, n) =
                    recursive::locate(self.a(), self.c(), x64, self.recursive_limit)?;
                (
                    if is_lower { Side::Lower } else { Side::Upper },
                    Integer::from(n),
                )
            }
            Strategy::Arithmetic if self.c() == 0 => {
                // Properties 1 and 2: the side from the trailing zeros, the partner by a shift,
                // the index from B_n − A_n = a·n.
                let (is_lower, partner) = numeration::classify_normal(self.a(), x);
                let diff = if is_lower {
                    Integer::from(&partner - x)
                } else {
                    Integer::from(x - &partner)
                };
                let (n, rem) = diff.div_rem(Integer::from(self.a()));
                if rem != 0 {
                    return Err(Error::internal(format!(
                        "Property 2 gave a pair whose difference is not a multiple of a (x = {})",
                        abbreviate(x)
                    )));
                }
                let side = if is_lower { Side::Lower } else { Side::Upper };
                return Ok(Located {
                    side,
                    index: n,
                    partner,
                });
            }
            Strategy::Algebraic | Strategy::Arithmetic => self.locate_by_search(x)?,
        };
        let (lo, hi) = self.nth(&index)?;
        let partner = if side == Side::Lower { hi } else { lo };
        Ok(Located {
            side,
            index,
            partner,
        })
    }

    /// Locates x ≥ 1 with the strategy's own evaluation of A_n: find the largest g with A_g ≤ x,
    /// starting from a guess.  Then x = A_g, or x is an upper number: the lower numbers ≤ x are
    /// A_1..A_g (normal play, where 0 = A_0 = B_0 is set aside) or A_0..A_g (misère, a ≥ 2, where
    /// B_0 = 1), and the two sequences partition the integers, so x = B_m with m = x − g − c.
    fn locate_by_search(&self, x: &Integer) -> Result<(Side, Integer)> {
        let guess = match self.strategy {
            Strategy::Algebraic => algebraic::count_lower_up_to(self.a(), x),
            _ => numeration::index_guess(self.a(), x),
        };
        let mut g = guess.max(Integer::new());
        let mut steps = 0u32;
        while self.base_lower(&g)? > *x {
            g -= 1u32;
            steps += 1;
        }
        loop {
            let next = Integer::from(&g + 1u32);
            if self.base_lower(&next)? > *x {
                break;
            }
            g = next;
            steps += 1;
            if steps > 1_000 {
                return Err(Error::internal("index search did not converge"));
            }
        }
        if self.base_lower(&g)? == *x {
            return Ok((Side::Lower, g));
        }
        let m = Integer::from(x - &g) - self.c();
        Ok((Side::Upper, m))
    }

    /// The unique y such that (x, y) is a P-position.
    pub fn partner(&self, x: &Integer) -> Result<Integer> {
        Ok(self.locate(x)?.partner)
    }

    /// Outcome of the position (x, y) (piles in either order).
    pub fn outcome(&self, x: &Integer, y: &Integer) -> Result<Outcome> {
        if *y < 0 {
            return Err(Error::usage("pile sizes must be non-negative"));
        }
        Ok(if self.partner(x)? == *y {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every winning move from (x, y), as the positions reached (in the same pile order), sorted.
    /// Empty for a P-position — and for (0, 0) in misère play, an N-position without moves.
    pub fn winning_moves(&self, x: &Integer, y: &Integer) -> Result<Vec<Position>> {
        Ok(self.analyse(x, y)?.1)
    }

    /// The outcome of (x, y) and all its winning moves, in one pass (each value is located once).
    pub fn analyse(&self, x: &Integer, y: &Integer) -> Result<(Outcome, Vec<Position>)> {
        let px = self.locate(x)?;
        if px.partner == *y {
            return Ok((Outcome::P, Vec::new()));
        }
        let py = self.locate(y)?;
        let mut moves: Vec<Position> = Vec::new();
        if py.partner < *x {
            moves.push((py.partner.clone(), y.clone()));
        }
        if px.partner < *y {
            moves.push((x.clone(), px.partner.clone()));
        }
        // Moves on both piles: onto (u, v) with v − u within a − 1 of d = y − x.
        let d = Integer::from(y - x);
        let mut candidates: Vec<Position> = Vec::new();
        for t in [d.clone(), Integer::from(-&d)] {
            for m in self.indices_with_difference_near(&t) {
                let (lo, hi) = self.nth(&m)?;
                if t == d {
                    candidates.push((lo.clone(), hi.clone()));
                }
                if t != d || d == 0 {
                    candidates.push((hi, lo));
                }
            }
        }
        for &(u, v) in self.rules.special_pairs() {
            candidates.push((Integer::from(u), Integer::from(v)));
            candidates.push((Integer::from(v), Integer::from(u)));
        }
        for (u, v) in candidates {
            if u < *x && v < *y && self.rules.is_legal_move(x, y, &u, &v) {
                moves.push((u, v));
            }
        }
        moves.sort();
        moves.dedup();
        Ok((Outcome::N, moves))
    }

    /// The indices m ≥ 0 whose pair difference a·m + c lies in (t − a, t + a).
    fn indices_with_difference_near(&self, t: &Integer) -> Vec<Integer> {
        let a = Integer::from(self.a());
        let c = self.c();
        // a·m + c ≥ t − a + 1  ⇔  m ≥ ⌈(t − a + 1 − c)/a⌉ ;  a·m + c ≤ t + a − 1 ⇔ m ≤ ⌊(t + a − 1 − c)/a⌋
        let lo_num = Integer::from(t - &a) + 1u32 - c;
        let hi_num = Integer::from(t + &a) - 1u32 - c;
        let lo = lo_num.div_ceil(a.clone()).max(Integer::new());
        let hi = hi_num.div_floor(a.clone());
        let mut out = Vec::new();
        let mut m = lo;
        while m <= hi {
            if self.special_pair(&m).is_none() {
                out.push(m.clone());
            }
            m += 1u32;
        }
        out
    }
}

pub use wythoff_core::num::abbreviate;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::BruteForce;

    fn int(v: u64) -> Integer {
        Integer::from(v)
    }

    #[test]
    fn every_strategy_matches_the_brute_force_oracle() {
        const N: usize = 48;
        for a in 1..=5u64 {
            for misere in [false, true] {
                let rules = Rules::new(a, misere).unwrap();
                let oracle = BruteForce::solve(rules, N);
                for strategy in Strategy::ALL {
                    let s = Solver::new(rules, strategy);
                    assert_eq!((s.rules(), s.strategy()), (rules, strategy));
                    for x in 0..N {
                        for y in 0..N {
                            let (xi, yi) = (int(x as u64), int(y as u64));
                            let outcome = s.outcome(&xi, &yi).unwrap();
                            assert_eq!(
                                outcome == Outcome::P,
                                oracle.is_p(x, y),
                                "{strategy} a={a} misere={misere} ({x},{y})"
                            );
                            let got: Vec<(usize, usize)> = s
                                .winning_moves(&xi, &yi)
                                .unwrap()
                                .into_iter()
                                .map(|(u, v)| (u.to_usize().unwrap(), v.to_usize().unwrap()))
                                .collect();
                            assert_eq!(
                                got,
                                oracle.winning_moves(x, y),
                                "{strategy} a={a} misere={misere} ({x},{y})"
                            );
                        }
                    }
                }
            }
        }
    }
}
