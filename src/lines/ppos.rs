//! P-positions of line games that contain the Nim moves (1, 0) and (0, 1), row by row, to 10^8
//! rows and beyond without a table (doc/lines.md).
//!
//! Algorithm.  With (1, 0) and (0, 1) among the rules, every row {(x, ·)} and every column holds
//! exactly one P-position: two in one row would be joined by a move (0, i), and the least y of
//! row x that no P-position attacks is a P-position (no move from it reaches one), after which
//! the rest of the row is attacked by it.  A P-position (a, b) attacks the points
//! (a + i·p, b + i·q), i ≥ 1, of each rule (p, q).  Rules (p, 0) and (0, q) add nothing to
//! (1, 0) and (0, 1); a rule with p, q ≥ 1 has the lines {(a + i·p, b + i·q)}, told apart by the
//! key (q·x − p·y, x mod p) (two points with one key differ by a multiple of (p, q)).  So rows
//! x = 0, 1, … are taken in order, and y(x) is the least y whose column is free and whose key is
//! free for every diagonal rule; then the column and the keys of (x, y(x)) are marked.  Only
//! P-positions of earlier rows are marked, and each attacks row x from below (x − a = i·p > 0).
//!
//! Memory: one bit per column (y(x) ≤ (1 + r)·x for r diagonal rules: each earlier P-position
//! attacks at most 1 + r points of row x) and, per diagonal rule, one bit per key in use, the
//! keys stored in two growing bitsets for keys ≥ 0 and < 0; nothing per row, the pairs are
//! handed on as they are found.  Cost: per row, one probe of each diagonal rule's bitset per free
//! column tried.

use super::{Rule, Rules};
use crate::error::{Error, Result};

/// A bitset that grows on demand, indexed by u64.
#[derive(Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn get(&self, i: u64) -> bool {
        self.0
            .get((i / 64) as usize)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    fn set(&mut self, i: u64) {
        let w = (i / 64) as usize;
        if w >= self.0.len() {
            self.0.resize((w + 1).next_power_of_two(), 0);
        }
        self.0[w] |= 1 << (i % 64);
    }

    /// The least i ≥ `from` whose bit is clear.
    fn next_clear(&self, from: u64) -> u64 {
        let mut w = (from / 64) as usize;
        let mut word = match self.0.get(w) {
            Some(&x) => x | ((1u64 << (from % 64)) - 1),
            None => return from,
        };
        loop {
            if word != u64::MAX {
                return w as u64 * 64 + (!word).trailing_zeros() as u64;
            }
            w += 1;
            word = match self.0.get(w) {
                Some(&x) => x,
                None => return w as u64 * 64,
            };
        }
    }
}

/// The lines of one diagonal rule (p, q ≥ 1) that hold a P-position.
struct Diagonal {
    p: u64,
    q: u64,
    /// Keys c = q·x − p·y ≥ 0, at c·p + (x mod p).
    plus: Bits,
    /// Keys c < 0, at (−c − 1)·p + (x mod p).
    minus: Bits,
}

impl Diagonal {
    fn index(&self, x: u64, y: u64) -> (bool, u64) {
        let (qx, py) = (
            u128::from(self.q) * u128::from(x),
            u128::from(self.p) * u128::from(y),
        );
        let r = x % self.p;
        if qx >= py {
            (true, ((qx - py) as u64) * self.p + r)
        } else {
            (false, ((py - qx - 1) as u64) * self.p + r)
        }
    }

    fn used(&self, x: u64, y: u64) -> bool {
        match self.index(x, y) {
            (true, i) => self.plus.get(i),
            (false, i) => self.minus.get(i),
        }
    }

    fn mark(&mut self, x: u64, y: u64) {
        match self.index(x, y) {
            (true, i) => self.plus.set(i),
            (false, i) => self.minus.set(i),
        }
    }
}

/// The P-positions (x, y(x)) of a line game with the Nim moves, row after row.
pub struct RowPositions {
    next: u64,
    columns: Bits,
    diagonals: Vec<Diagonal>,
}

/// The largest number of rows [`RowPositions`] computes: the keys q·x − p·y and the bit indices
/// stay within u64 for x < 2^40 and every rule allowed (p, q ≤ 64, at most 16 rules).
pub const MAX_ROWS: u64 = 1 << 40;

impl RowPositions {
    /// The P-positions of `rules`, from row 0; refused unless the rules contain (1, 0) and
    /// (0, 1) (otherwise a row may hold no P-position or several).
    pub fn new(rules: &Rules) -> Result<RowPositions> {
        let has = |p, q| rules.rules().contains(&Rule { p, q });
        if !(has(1, 0) && has(0, 1)) {
            return Err(Error::usage(format!(
                "--rules {rules}: P-positions row by row need the Nim moves 1,0 and 0,1 \
                 among the rules (then every row and column holds exactly one)"
            )));
        }
        let diagonals = rules
            .rules()
            .iter()
            .filter(|r| r.p >= 1 && r.q >= 1)
            .map(|r| Diagonal {
                p: u64::from(r.p),
                q: u64::from(r.q),
                plus: Bits::default(),
                minus: Bits::default(),
            })
            .collect();
        Ok(RowPositions {
            next: 0,
            columns: Bits::default(),
            diagonals,
        })
    }

    /// The next row's P-position (x, y).
    pub fn next_position(&mut self) -> (u64, u64) {
        let x = self.next;
        assert!(x < MAX_ROWS, "line-game rows are limited to 2^40");
        let mut y = self.columns.next_clear(0);
        while self.diagonals.iter().any(|d| d.used(x, y)) {
            y = self.columns.next_clear(y + 1);
        }
        self.columns.set(y);
        for d in &mut self.diagonals {
            d.mark(x, y);
        }
        self.next += 1;
        (x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// P-positions of a square by backward induction straight from the rules.
    fn brute(rules: &[(u64, u64)], n: usize) -> Vec<Vec<bool>> {
        let mut p = vec![vec![false; n]; n];
        for x in 0..n {
            for y in 0..n {
                let reaches = rules.iter().any(|&(a, b)| {
                    let (a, b) = (a as usize, b as usize);
                    let mut i = 1;
                    while i * a <= x && i * b <= y {
                        if p[x - i * a][y - i * b] {
                            return true;
                        }
                        i += 1;
                    }
                    false
                });
                p[x][y] = !reaches;
            }
        }
        p
    }

    #[test]
    fn rows_match_backward_induction() {
        let games: [&[(u64, u64)]; 6] = [
            &[(1, 0), (0, 1)],
            &[(1, 0), (0, 1), (1, 1)],
            &[(1, 0), (1, 1), (3, 2), (0, 1)],
            &[(1, 0), (0, 1), (2, 2)],
            &[(1, 0), (0, 1), (1, 2)],
            &[(1, 0), (0, 1), (1, 1), (1, 2), (2, 1), (3, 5)],
        ];
        for g in games {
            let spec: Vec<String> = g.iter().map(|(p, q)| format!("{p},{q}")).collect();
            let rules = Rules::parse(&spec.join(":")).unwrap();
            // y(x) <= (1 + r)x with r <= 4 diagonal rules here
            let n = 60;
            let p = brute(g, 6 * n);
            let mut rows = RowPositions::new(&rules).unwrap();
            for x in 0..n {
                let (rx, y) = rows.next_position();
                let want = (0..6 * n).find(|&y| p[x][y]).unwrap();
                assert_eq!((rx, y), (x as u64, want as u64), "{spec:?} row {x}");
            }
        }
    }

    #[test]
    fn refuses_games_without_the_nim_moves() {
        for s in ["1,1:0,1", "1,0:1,1", "2,1:1,2"] {
            assert!(RowPositions::new(&Rules::parse(s).unwrap()).is_err(), "{s}");
        }
    }
}
