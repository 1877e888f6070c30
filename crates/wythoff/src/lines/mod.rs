//! Two-pile line games ("NimHof"): a game is a finite list of rules (p, q), p, q ≥ 0 not both 0;
//! a move from (x, y) along a ray takes i·(p, q) for any i ≥ 1, to (x − i·p, y − i·q), along a
//! jump (`jP,Q`) takes (p, q) once, as long as neither pile goes negative.
//!
//! Nim is [(1,0), (0,1)] (G(x, y) = x XOR y), Wythoff's game adds (1,1); the NimHof games of
//! E. Friedman, S. M. Garrabrant, I. K. Phipps-Morgan, A. S. Landsberg and U. Larsson
//! ("Geometric analysis of a generalized Wythoff game", Games of No Chance 5, 2019) and
//! U. Larsson's generalized diagonal Wythoff Nim ("A generalized diagonal Wythoff Nim",
//! Integers 12, 2012, G2) are such lists: (p, q)-GDWN, 0 < p < q, is Wythoff's game plus the
//! moves (p·t, q·t) and (q·t, p·t), t ≥ 1 — the rules 1,0:0,1:1,1:p,q:q,p ([`LineRules::gdwn`],
//! named `gdwn-P-Q`); Maharaja Nim of U. Larsson and J. Wästlund ("Maharaja Nim: Wythoff's
//! Queen meets the Knight", Integers 14, 2014, G05) adds the knight's jumps (1, 2) and (2, 1) to
//! Wythoff's game (named `maharaja`).  A rule list need not be symmetric: (3,2) without (2,3)
//! is a different game from its mirror, so tables are full squares.
//!
//! * [`LineRules`] — the rule list: its grammar (`1,0:1,1:0,1`), limits and named games.
//! * [`table`] — the Sprague–Grundy table of side N, one bitset per line of each rule.
//! * [`answer`] — the table in one call: computed and answered about (the table, its proof
//!   ([`check`]), its checksum), or written whole to a table file ([`write_table`]).
//! * [`ppos`] — the P-positions row by row, for games with the Nim moves, without a table.

mod answer;
pub mod check;
pub mod ppos;
pub mod table;

pub use answer::{WriteError, answer, write_table};
pub use table::LineTable;
pub use wythoff_core::lines::{
    GDWN_NAMES, GRAMMAR, LineRules, MAX_RULES, MAX_SIDE, MAX_STEP, NAMED, Rule,
};

/// The Grundy table of side n by the mex over every option, walking each ray (one step of a
/// jump): the reference of
/// the unit tests (independent of the line sets of the engine and the proof).
#[cfg(test)]
pub(crate) fn naive_table(rules: &LineRules, n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n * n];
    for x in 0..n {
        for y in 0..n {
            let mut seen = vec![false; 4 * n * rules.rules().len() + 2];
            for r in rules.rules() {
                let (p, q) = (r.p as usize, r.q as usize);
                let mut i = 1;
                while i * p <= x && i * q <= y && (i == 1 || !r.jump) {
                    seen[g[(x - i * p) * n + y - i * q] as usize] = true;
                    i += 1;
                }
            }
            g[x * n + y] = seen.iter().position(|s| !s).unwrap() as u32;
        }
    }
    g
}
