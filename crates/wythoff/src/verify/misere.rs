//! Misère play checked against computations that do not share the formula's code.
//!
//! * **misère board = rules**: on the board 0 ≤ x, y < 256 the P-positions decided from the
//!   rules alone by backward induction ([`crate::game::BruteForce`]; in misère play the player
//!   who cannot move wins, so (0, 0) is an N-position) against the P-positions
//!   (A'_n, B'_n), (B'_n, A'_n) of the misère floor formula ([`crate::pairs::Solver`]).
//!   Cost: O(256³) at most.
//! * **misère recursion = formula** for n < min(bound, 10^6):
//!   - a ≥ 2: Fraenkel's misère recursion A'_n = mex{A'_i, B'_i : i < n}, B'_n = A'_n + a·n + 1
//!     (A. S. Fraenkel, "How to beat your Wythoff games' opponent on three fronts", 1982), run
//!     by [`crate::pairs::recursive::Sweep`], against the formula.
//!   - a = 1: the misère P-positions built greedily from the rules ([`RulesGreedy`]) against
//!     the formula.  For a = 1 every move stays on a row, a column or a diagonal, so the
//!     P-positions x ≤ y are found in order of x: x is the least value not yet a coordinate of
//!     a P-position, and y the least y ≥ x that is not yet a coordinate, whose difference y − x
//!     is not yet the difference of a P-position, and with (x, y) ≠ (0, 0) — the terminal
//!     position, an N-position in misère play.  (A move from (x, y) to a P-position would stay
//!     on its row, column or diagonal; the earlier P-positions occupy exactly the coordinates
//!     and differences marked.)  Nothing of the formula is used.  Cost: O(n) time, O(n) bits.

use super::Config;
use super::report::Check;
use super::run::{Run, pn};
use crate::error::Result;
use crate::game::{BruteForce, Rules};
use crate::pairs::{Solver, Strategy};
use rug::Integer;

/// Side of the board decided from the rules.
pub const BOARD: usize = 256;

/// Both misère checks.
pub(super) fn checks(cfg: &Config, run: Run) -> Result<Vec<Check>> {
    Ok(vec![board(cfg, run)?, recursion(cfg, run)?])
}

/// The board from the rules against the formula.
fn board(cfg: &Config, run: Run) -> Result<Check> {
    const NAME: &str = "misère board = rules";
    let covers = format!(
        "every position 0 <= x, y < {BOARD}: misère P-positions by backward induction from the rules = those of the misère formula"
    );
    if let Run::Skip(why) = run {
        return Ok(Check::skipped(NAME, covers, why));
    }
    let rules = Rules::new(cfg.a, true)?;
    let oracle = BruteForce::solve(rules, BOARD);
    let formula = Solver::new(rules, Strategy::Algebraic);
    let mut p = vec![false; BOARD * BOARD];
    let mut n = 0u64;
    loop {
        let (x, y) = formula.nth(&Integer::from(n))?;
        let (Some(x), Some(y)) = (x.to_usize(), y.to_usize()) else {
            break; // beyond the board (A'_n and B'_n increase)
        };
        if x >= BOARD {
            break;
        }
        if y < BOARD {
            p[x * BOARD + y] = true;
            p[y * BOARD + x] = true;
        }
        n += 1;
    }
    let mut bad = None;
    for x in 0..BOARD {
        for y in 0..BOARD {
            let (rules_p, formula_p) = (oracle.is_p(x, y), p[x * BOARD + y]);
            if rules_p != formula_p && bad.is_none() {
                bad = Some(format!(
                    "({x}, {y}): the rules say {}, the misère formula {}",
                    pn(rules_p),
                    pn(formula_p)
                ));
            }
        }
    }
    Ok(Check::ran(
        NAME,
        covers,
        (BOARD * BOARD) as u64,
        bad,
        "empty board",
    ))
}

/// The misère recursion (a ≥ 2) or the greedy construction from the rules (a = 1) against the
/// formula.
fn recursion(cfg: &Config, run: Run) -> Result<Check> {
    const NAME: &str = "misère recursion = formula";
    // The a ≥ 2 recursion's window holds about a·n bits: keep it within the sweep's budget.
    let m = if cfg.a == 1 {
        cfg.bound.min(1_000_000)
    } else {
        cfg.bound
            .min(1_000_000)
            .min(crate::pairs::recursive::MAX_WINDOW_BITS / cfg.a / 4)
    };
    let covers = if cfg.a == 1 {
        format!(
            "n < {m}: misère P-positions built greedily from the rules (rows, columns, diagonals) = the misère formula"
        )
    } else {
        format!(
            "n < {m}: the misère mex recursion A'_n = mex, B'_n = A'_n + a*n + 1 = the misère formula"
        )
    };
    if let Run::Skip(why) = run {
        return Ok(Check::skipped(NAME, covers, why));
    }
    let formula = Solver::new(Rules::new(cfg.a, true)?, Strategy::Algebraic);
    let pairs: Box<dyn Iterator<Item = (u64, u64, u64)>> = if cfg.a == 1 {
        Box::new(RulesGreedy::new())
    } else {
        Box::new(crate::pairs::recursive::Sweep::new(cfg.a, 1))
    };
    let mut bad = None;
    for (n, x, y) in pairs.take(m as usize) {
        let (p, q) = formula.nth(&Integer::from(n))?;
        if (p != x || q != y) && bad.is_none() {
            bad = Some(format!(
                "n = {n}: {} ({x}, {y}), formula ({p}, {q})",
                if cfg.a == 1 { "rules" } else { "recursion" }
            ));
        }
    }
    Ok(Check::ran(
        NAME,
        covers,
        m,
        bad,
        "the recursion's window (a*n bits) exceeds its memory budget for this a",
    ))
}

/// The misère P-positions (x, y), x ≤ y, of Wythoff's game (a = 1), built greedily from the
/// rules (see the module header), in order: (n, x, y).
pub struct RulesGreedy {
    n: u64,
    x: u64,
    /// Smallest difference not yet used.
    dmin: u64,
    coords: Bits,
    diffs: Bits,
}

impl RulesGreedy {
    /// The construction from the start.
    pub fn new() -> RulesGreedy {
        RulesGreedy {
            n: 0,
            x: 0,
            dmin: 0,
            coords: Bits::default(),
            diffs: Bits::default(),
        }
    }
}

impl Default for RulesGreedy {
    fn default() -> Self {
        Self::new()
    }
}

impl Iterator for RulesGreedy {
    type Item = (u64, u64, u64);

    fn next(&mut self) -> Option<(u64, u64, u64)> {
        while self.coords.get(self.x) {
            self.x = self.x.checked_add(1)?;
        }
        while self.diffs.get(self.dmin) {
            self.dmin += 1;
        }
        let x = self.x;
        let mut d = self.dmin;
        while self.diffs.get(d) || self.coords.get(x.checked_add(d)?) || (x == 0 && d == 0) {
            d = d.checked_add(1)?;
        }
        let y = x + d;
        self.coords.set(x);
        self.coords.set(y);
        self.diffs.set(d);
        let n = self.n;
        self.n += 1;
        Some((n, x, y))
    }
}

/// A growable bitset.
#[derive(Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn get(&self, i: u64) -> bool {
        let w = (i / 64) as usize;
        self.0.get(w).is_some_and(|v| v >> (i % 64) & 1 == 1)
    }
    fn set(&mut self, i: u64) {
        let w = (i / 64) as usize;
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << (i % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_greedy_matches_the_brute_force_board_and_published_values() {
        // Misère Wythoff: (0, 1) and (2, 2), then the normal pairs (3, 5), (4, 7), (6, 10), …
        let first: Vec<(u64, u64)> = RulesGreedy::new().take(6).map(|(_, x, y)| (x, y)).collect();
        assert_eq!(first, [(0, 1), (2, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
        let b = BruteForce::solve(Rules::new(1, true).unwrap(), 120);
        for (_, x, y) in RulesGreedy::new().take_while(|&(_, x, _)| x < 120) {
            if y < 120 {
                assert!(b.is_p(x as usize, y as usize), "({x}, {y})");
            }
        }
        let count = (0..120)
            .flat_map(|x| (0..120).map(move |y| (x, y)))
            .filter(|&(x, y)| b.is_p(x, y))
            .count();
        let greedy = RulesGreedy::new()
            .take_while(|&(_, x, _)| x < 120)
            .filter(|&(_, _, y)| y < 120)
            .map(|(_, x, y)| if x == y { 1 } else { 2 })
            .sum::<usize>();
        assert_eq!(count, greedy);
    }
}
