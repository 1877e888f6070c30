//! P-positions of line games that contain the Nim moves (1, 0) and (0, 1), row by row, to 10^8
//! rows without a table (doc/lines.md).
//!
//! Algorithm.  With (1, 0) and (0, 1) among the rules, every row {(x, ·)} and every column holds
//! exactly one P-position: two in one row would be joined by a move (0, i), and the least y of
//! row x that no P-position attacks is a P-position (no move from it reaches one), after which
//! the rest of the row is attacked by it.  A P-position (a, b) attacks the points
//! (a + i·p, b + i·q), i ≥ 1, of each rule (p, q).  Rules (p, 0) and (0, q) add nothing to
//! (1, 0) and (0, 1).  A rule with p, q ≥ 1 has the lines {(a + i·p, b + i·q)}; two points lie on
//! one of them iff they agree in x mod p and in ⌊q·x/p⌋ − y (then they differ by a multiple of
//! (p, q)).  So rows x = 0, 1, … are taken in order, and y(x) is the least y whose column is free
//! and whose line is free for every diagonal rule; then the column and the lines of (x, y(x)) are
//! marked used.  Only P-positions of earlier rows are marked, and each attacks row x from below.
//!
//! A jump (p, q) attacks the one point (a + p, b + q) of each P-position (a, b).  With p = 0 or
//! q = 0 it adds nothing to the Nim moves (the point is in the row or column of (a, b); the
//! grammar refuses such a jump beside the Nim moves anyway, as a move of their rays); with
//! p, q ≥ 1 it forbids in row x ≥ p the single y = y(x − p) + q, so the partners y(x − 1), …,
//! y(x − m) of the last m rows are kept, m the largest such p.
//!
//! Each constraint is a set of used integers with a "next free ≥ i" query: a union–find forest
//! where a used i points to i + 1 (path halving).  In row x the search leapfrogs: y := next free
//! column ≥ y; for each diagonal rule, y moves up to its next free line; y steps past a jump's
//! forbidden y; until no constraint moves y.  A row costs a few near-constant-time queries when the constraints' used sets are runs, as
//! in Wythoff's game.
//!
//! Memory: y(x) ≤ (1 + r)·x + j for r diagonal rays and j diagonal jumps (each earlier
//! P-position attacks at most 1 + r points of row x by the rays, and each jump one point of the
//! row in all), so for N rows the columns need (1 + r)N + j + 2 entries and a ray (p, q) p forests
//! of ⌈qN/p⌉ + (1 + r)N + j + 2 entries, 4 bytes each, and the jumps m partners of 8 bytes: 20
//! bytes a row for Wythoff's game and for Maharaja Nim, 72 for A307296's rules.  The pairs are
//! handed on as they are found.

use super::{LineRules, Rule};
use crate::error::{Error, Refusal, Refuses, refusals_are_usage};

/// Used integers 0..len, with the least free integer ≥ i (a union–find forest: a used i points
/// to i + 1; the last entry is never used).
struct NextFree(Vec<u32>);

impl NextFree {
    fn new(len: u64) -> NextFree {
        NextFree((0..len as u32).collect())
    }

    fn find(&mut self, mut i: usize) -> usize {
        let p = &mut self.0;
        while p[i] as usize != i {
            let up = p[p[i] as usize];
            p[i] = up;
            i = up as usize;
        }
        i
    }

    fn mark(&mut self, i: usize) {
        self.0[i] = i as u32 + 1;
    }
}

/// The lines of one diagonal rule (p, q ≥ 1) that hold a P-position: for each residue x mod p,
/// the values ⌊q·x/p⌋ − y, shifted by `off` to be non-negative.
struct Diagonal {
    p: u64,
    q: u64,
    off: u64,
    lines: Vec<NextFree>,
}

impl Diagonal {
    /// The forest and the index of the line of (x, y).
    fn at(&self, x: u64, y: u64) -> (usize, usize) {
        (
            (x % self.p) as usize,
            (y + self.off - self.q * x / self.p) as usize,
        )
    }
}

/// The P-positions (x, y(x)) of a line game with the Nim moves, row after row, for a given
/// number of rows.
pub struct RowPositions {
    next: u64,
    rows: u64,
    low: usize,
    columns: NextFree,
    diagonals: Vec<Diagonal>,
    /// The diagonal jumps (p, q), p, q ≥ 1.
    jumps: Vec<(u64, u64)>,
    /// y(x − 1 − i) at `recent[(x − 1 − i) % recent.len()]`, for the largest p of a jump.
    recent: Vec<u64>,
    /// Misère play: (0, 0), where the player to move has won, is no P-position.
    misere: bool,
}

/// The most rows [`RowPositions`] computes: every index stays below 2^32.
pub const MAX_ROWS: u64 = 200_000_000;

/// Bytes [`RowPositions::new`] allocates for `rows` rows of `rules` (`None` past u64).
pub fn bytes_needed(rules: &LineRules, rows: u64) -> Option<u64> {
    let (diag, jumps) = diagonal(rules);
    let cols = (1 + diag.len() as u64)
        .checked_mul(rows)?
        .checked_add(2 + jumps.len() as u64)?;
    let mut entries = cols;
    for r in diag {
        let (p, q) = (u64::from(r.p), u64::from(r.q));
        let per = q.checked_mul(rows)?.div_ceil(p).checked_add(cols)?;
        entries = entries.checked_add(per.checked_mul(p)?)?;
    }
    let recent = jumps.iter().map(|r| u64::from(r.p)).max().unwrap_or(0);
    entries.checked_mul(4)?.checked_add(8 * recent)
}

/// The diagonal rays and the diagonal jumps (p, q ≥ 1) of the rules: the others add nothing to
/// the Nim moves.
fn diagonal(rules: &LineRules) -> (Vec<&Rule>, Vec<&Rule>) {
    rules
        .rules()
        .iter()
        .filter(|r| r.p >= 1 && r.q >= 1)
        .partition(|r| !r.jump)
}

/// The input of [`RowPositions::new`] that a refusal concerns, so that a caller names its own
/// argument for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The rules: P-positions row by row need the Nim moves.
    Rules,
    /// The number of rows: past the indices of the engine.
    Rows,
}

/// Why [`RowPositions::new`] refuses its inputs, or its failure.
#[derive(Debug, thiserror::Error)]
pub enum RowsError {
    /// The rules or the number of rows, refused before any work.
    #[error(transparent)]
    Refused(#[from] Refusal<Input>),
    /// A failure past the checks.
    #[error(transparent)]
    Failed(#[from] Error),
}
refusals_are_usage!(RowsError, carries Failed);

impl RowPositions {
    /// The P-positions of `rules` in rows 0..rows; refused unless the rules contain (1, 0) and
    /// (0, 1) (otherwise a row may hold no P-position or several), or if `rows` passes
    /// [`MAX_ROWS`].
    pub fn new(rules: &LineRules, rows: u64) -> std::result::Result<RowPositions, RowsError> {
        if !rules.has_nim_moves() {
            return Err(RowsError::refused(
                Input::Rules,
                format!(
                    "the rules {rules} lack the Nim moves 1,0 and 0,1, which P-positions row by \
                     row need (then every row and column holds exactly one)"
                ),
            ));
        }
        let (diag, jumps) = diagonal(rules);
        let spread = 1 + diag.len() as u64;
        let cols = spread * rows + 2 + jumps.len() as u64;
        let too_many = || {
            RowsError::refused(
                Input::Rows,
                format!(
                    "{rows} rows of {rules} is more than the indices allow (at most {MAX_ROWS} \
                     rows, and (q/p + {spread}) x N below 2^32 for each rule (p, q))"
                ),
            )
        };
        if rows > MAX_ROWS {
            return Err(too_many());
        }
        let mut diagonals = Vec::new();
        for r in diag {
            let (p, q) = (u64::from(r.p), u64::from(r.q));
            let off = (q * rows).div_ceil(p);
            let len = off + cols;
            if len >= u64::from(u32::MAX) {
                return Err(too_many());
            }
            diagonals.push(Diagonal {
                p,
                q,
                off,
                lines: (0..p).map(|_| NextFree::new(len)).collect(),
            });
        }
        let jumps: Vec<(u64, u64)> = jumps
            .iter()
            .map(|r| (u64::from(r.p), u64::from(r.q)))
            .collect();
        let recent = jumps.iter().map(|j| j.0).max().unwrap_or(0);
        Ok(RowPositions {
            next: 0,
            rows,
            low: 0,
            columns: NextFree::new(cols),
            diagonals,
            jumps,
            recent: vec![0; recent as usize],
            misere: false,
        })
    }

    /// The P-positions of the misère form of the game instead: the player who makes the last
    /// move loses, so the end (0, 0) is an N-position and row 0's P-position is the least
    /// (0, y), y ≥ 1, that nothing attacks; every other row is found by the same rule, for a
    /// position other than (0, 0) is P exactly when none of its options is.
    pub fn misere(mut self) -> RowPositions {
        self.misere = true;
        self
    }

    /// The next row's P-position (x, y), or `None` after the last row.
    pub fn next_position(&mut self) -> Option<(u64, u64)> {
        let x = self.next;
        if x >= self.rows {
            return None;
        }
        let end = self.misere && x == 0;
        let mut y = self.columns.find(if end { 1 } else { self.low });
        if !end {
            self.low = y;
        }
        loop {
            let mut moved = false;
            for d in &mut self.diagonals {
                let (f, i) = d.at(x, y as u64);
                let j = d.lines[f].find(i);
                if j != i {
                    y += j - i;
                    moved = true;
                }
            }
            let c = self.columns.find(y);
            if c != y {
                y = c;
                moved = true;
            }
            for &(p, q) in &self.jumps {
                if p <= x {
                    let m = self.recent.len() as u64;
                    if self.recent[((x - p) % m) as usize] + q == y as u64 {
                        y += 1;
                        moved = true;
                    }
                }
            }
            if !moved {
                break;
            }
        }
        self.columns.mark(y);
        for d in &mut self.diagonals {
            let (f, i) = d.at(x, y as u64);
            d.lines[f].mark(i);
        }
        if !self.recent.is_empty() {
            let m = self.recent.len() as u64;
            self.recent[(x % m) as usize] = y as u64;
        }
        self.next += 1;
        Some((x, y as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// P-positions of a square by backward induction straight from the rules: (p, q, ray), in
    /// normal or misère play (misère: (0, 0), the end, is an N-position).
    fn brute_play(rules: &[(u64, u64, bool)], n: usize, misere: bool) -> Vec<Vec<bool>> {
        let mut p = vec![vec![false; n]; n];
        for x in 0..n {
            for y in 0..n {
                if misere && x == 0 && y == 0 {
                    continue;
                }
                let reaches = rules.iter().any(|&(a, b, ray)| {
                    let (a, b) = (a as usize, b as usize);
                    let mut i = 1;
                    while i * a <= x && i * b <= y && (ray || i == 1) {
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
        const R: bool = true;
        const J: bool = false;
        let games: [&[(u64, u64, bool)]; 10] = [
            &[(1, 0, R), (0, 1, R)],
            &[(1, 0, R), (0, 1, R), (1, 1, R)],
            &[(1, 0, R), (1, 1, R), (3, 2, R), (0, 1, R)],
            &[(1, 0, R), (0, 1, R), (2, 2, R)],
            &[(1, 0, R), (0, 1, R), (1, 2, R)],
            &[
                (1, 0, R),
                (0, 1, R),
                (1, 1, R),
                (1, 2, R),
                (2, 1, R),
                (3, 5, R),
            ],
            &[(1, 0, R), (0, 1, R), (1, 1, R), (1, 2, J), (2, 1, J)],
            &[(1, 0, R), (0, 1, R), (1, 2, J), (2, 1, J), (1, 1, J)],
            &[
                (1, 0, R),
                (0, 1, R),
                (2, 2, R),
                (5, 3, J),
                (1, 1, J),
                (3, 1, J),
            ],
            &[
                (1, 0, R),
                (0, 1, R),
                (1, 1, R),
                (7, 1, J),
                (1, 7, J),
                (2, 3, R),
            ],
        ];
        for (g, misere) in games.iter().flat_map(|g| [(g, false), (g, true)]) {
            let spec: Vec<String> = g
                .iter()
                .map(|&(p, q, ray)| format!("{}{p},{q}", if ray { "" } else { "j" }))
                .collect();
            let rules = LineRules::parse(&spec.join(":")).unwrap();
            // y(x) <= (1 + r)x + j with r <= 4 diagonal rays, j <= 3 diagonal jumps here
            let n = 60;
            let p = brute_play(g, 6 * n + 3, misere);
            let mut rows = RowPositions::new(&rules, n as u64).unwrap();
            if misere {
                rows = rows.misere();
            }
            for (x, row) in p.iter().enumerate().take(n) {
                let (rx, y) = rows.next_position().unwrap();
                let want = row.iter().position(|&is_p| is_p).unwrap();
                assert_eq!(
                    (rx, y),
                    (x as u64, want as u64),
                    "{spec:?} misère {misere} row {x}"
                );
            }
            assert!(rows.next_position().is_none());
        }
    }

    #[test]
    fn refuses_games_without_the_nim_moves() {
        for s in ["1,1:0,1", "1,0:1,1", "2,1:1,2"] {
            assert!(
                RowPositions::new(&LineRules::parse(s).unwrap(), 10).is_err(),
                "{s}"
            );
        }
    }
}

#[cfg(test)]
mod wythoff {
    use super::*;

    /// Wythoff's game as a line game: row x holds (A_n, B_n) or (B_n, A_n), A_n = ⌊nφ⌋ exact.
    #[test]
    fn wythoff_rows_are_the_wythoff_pairs() {
        let n = 200_000u64;
        let mut partner = vec![u64::MAX; (3 * n) as usize];
        for k in 0..n {
            let a = (k + (5 * k * k).isqrt()) / 2;
            let b = a + k;
            if a < 3 * n && b < 3 * n {
                partner[a as usize] = b;
                partner[b as usize] = a;
            }
        }
        let mut rows = RowPositions::new(&LineRules::parse("1,0:0,1:1,1").unwrap(), n).unwrap();
        while let Some((x, y)) = rows.next_position() {
            assert_eq!(y, partner[x as usize], "row {x}");
        }
    }
}
