//! Two-pile line games (doc/lines.md): a move takes i·(p, q), i ≥ 1, for a rule (p, q) of the
//! game.  Engines: with the Nim moves (1, 0) and (0, 1) every row holds one P-position, found
//! row by row up to the position's row ([`RowPositions`]: x ≤ [`ppos::MAX_ROWS`] − 1, any y);
//! without them the Grundy table of side max(x, y) + 1 ([`LineTable`], side ≤
//! [`crate::lines::MAX_SIDE`]).

use super::{Analysis, Family, Game, Moves, Sample, analysis, taken, words};
use crate::Context;
use crate::files::resources;
use crate::error::Result;
use crate::lines::ppos::{self, RowPositions};
use crate::lines::{LineRules, LineTable, Rule};
use rug::Integer;
use std::ops::RangeInclusive;
use std::sync::{Arc, Mutex};

struct Line {
    name: String,
    rules: LineRules,
    /// The last rows or table computed, reused by every position they cover: the P-position of
    /// a row, and a Grundy value, depend on the smaller rows and cells only, so a longer list of
    /// rows or a larger table holds the same values (a game played from one start asks only
    /// for positions below it).
    cache: Mutex<Cache>,
}

/// What [`Line`] computed last.
enum Cache {
    Empty,
    /// The P-position of every row 0..len (games with the Nim moves).
    Rows(Arc<Vec<u64>>),
    /// The Grundy table of this side.
    Table(u64, Arc<LineTable>),
}

/// The named line games that are not of the family [`LINES`]: `wythoff`, the two-pile family's,
/// and `nim`, the family [`NIM`].
const APART: [&str; 2] = ["wythoff", "nim"];

/// The line games of [`crate::lines::NAMED`] and `gdwn-P-Q`, but those [`APART`].
pub(super) const LINES: Family = Family {
    pattern: "NAME of a line game, gdwn-P-Q (0 < P < Q <= 64)",
    about: "two-pile line games: maharaja (Maharaja Nim), nimhof-a307296 … \
            nimhof-a307302, gdwn-P-Q (Larsson's (P,Q)-GDWN); doc/lines.md",
    engine: "the P-positions row by row when the game has the Nim moves (x below 2·10^8, any \
             y), else the Grundy table of side max(x, y) + 1",
    make: named,
    samples: || {
        let mut v: Vec<Sample> = names().iter().map(|n| Sample::new(n, &[32, 32])).collect();
        v.extend(["gdwn-1-3", "gdwn-2-5"].map(|n| Sample::new(n, &[32, 32])));
        v
    },
};

/// Nim on two piles, the line game 1,0:0,1.
pub(super) const NIM: Family = Family {
    pattern: "nim",
    about: "Nim on two piles (a line game: 1,0:0,1)",
    engine: "the P-positions row by row, as every line game with the Nim moves",
    make: nim,
    samples: || vec![Sample::new("nim", &[24, 24])],
};

/// The names of [`crate::lines::NAMED`] in the family [`LINES`].
pub(super) fn names() -> Vec<&'static str> {
    (crate::lines::NAMED.iter())
        .map(|g| g.0)
        .filter(|g| !APART.contains(g))
        .collect()
}

/// A named line game of [`LINES`], or `gdwn-P-Q`.
fn named(name: &str) -> Option<Box<dyn Game>> {
    if APART.contains(&name) {
        return None;
    }
    make(name)
}

/// `nim`.
fn nim(name: &str) -> Option<Box<dyn Game>> {
    (name == "nim").then(|| make(name)).flatten()
}

fn make(name: &str) -> Option<Box<dyn Game>> {
    let rules = LineRules::named(name)?;
    Some(Box::new(Line {
        name: name.to_string(),
        rules,
        cache: Mutex::new(Cache::Empty),
    }))
}

impl Line {
    fn has_nim_moves(&self) -> bool {
        let has = |p, q| self.rules.rules().contains(&Rule::ray(p, q));
        has(1, 0) && has(0, 1)
    }

    /// The P-position of every row 0..=x at least (games with the Nim moves), from the cache
    /// when it holds them.
    fn rows(&self, x: u64, ctx: &Context) -> Result<Arc<Vec<u64>>> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Cache::Rows(r) = &*cache
            && r.len() as u64 > x
        {
            return Ok(Arc::clone(r));
        }
        let r = Arc::new(self.compute_rows(x, ctx)?);
        *cache = Cache::Rows(Arc::clone(&r));
        Ok(r)
    }

    /// The Grundy table of side n at least (games without the Nim moves), from the cache when
    /// it is large enough.
    fn table(&self, n: u64, ctx: &Context) -> Result<Arc<LineTable>> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Cache::Table(side, t) = &*cache
            && *side >= n
        {
            return Ok(Arc::clone(t));
        }
        let t = Arc::new(LineTable::compute(&self.rules, n, ctx)?);
        *cache = Cache::Table(n, Arc::clone(&t));
        Ok(t)
    }

    /// The P-position of every row 0..=x (games with the Nim moves); polls `ctx` every 2^16
    /// rows.
    fn compute_rows(&self, x: u64, ctx: &Context) -> Result<Vec<u64>> {
        let rows = x + 1;
        resources::check_cap(
            ppos::bytes_needed(&self.rules, rows),
            &format!("{rows} rows of {}", self.name),
        )?;
        let mut r = RowPositions::new(&self.rules, rows)?;
        let mut partner = Vec::new();
        while let Some((_, y)) = r.next_position() {
            partner.push(y);
            if partner.len().is_multiple_of(1 << 16) {
                ctx.check()?;
            }
        }
        Ok(partner)
    }

    /// The winning moves of (x, y) from the rows' P-positions: per rule, the one option of each
    /// row below that is that row's P-position (a rule (0, q) stays in row x; a jump has one
    /// option).
    fn by_rows(&self, x: u64, y: u64, ctx: &Context) -> Result<Analysis> {
        let partner = self.rows(x, ctx)?;
        let mut moves = Vec::new();
        for r in self.rules.rules() {
            let (p, q) = (u64::from(r.p), u64::from(r.q));
            if p == 0 {
                // row x's own P-position, if a step (or the one step of a jump) reaches it
                let t = partner[x as usize];
                let reached = |d: u64| if r.jump { d == q } else { d.is_multiple_of(q) };
                if t < y && reached(y - t) {
                    moves.push(vec![x, t]);
                }
                continue;
            }
            for i in 1..=r.steps(x, y) {
                let Some(v) = i.checked_mul(q).and_then(|d| y.checked_sub(d)) else {
                    break;
                };
                if partner[(x - i * p) as usize] == v {
                    moves.push(vec![x - i * p, v]);
                }
            }
        }
        Ok(analysis(moves))
    }
}

impl Moves for Line {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn heaps(&self) -> RangeInclusive<usize> {
        2..=2
    }

    fn any_move(&self, p: &[u64], f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        self.rules.any_move(p, f)
    }
}

impl Game for Line {
    fn title(&self) -> String {
        let about = crate::lines::NAMED
            .iter()
            .find(|g| g.0 == self.name)
            .map_or("Larsson's generalized diagonal Wythoff Nim", |g| g.2);
        format!("{about}: the line game {}", self.rules)
    }

    fn analyse(&self, p: &[Integer], ctx: &Context) -> Result<Analysis> {
        if self.has_nim_moves() {
            let x = words(&self.name, &p[..1], ppos::MAX_ROWS - 1)?[0];
            let y = words(&self.name, &p[1..], u64::MAX)?[0];
            return self.by_rows(x, y, ctx);
        }
        let side = crate::lines::MAX_SIDE - 1;
        let q = words(&self.name, p, side)?;
        let n = q[0].max(q[1]) + 1;
        let t = self.table(n, ctx)?;
        let moves = self.moves(&q);
        Ok(analysis(
            moves
                .into_iter()
                .filter(|m| t.get(m[0] as usize, m[1] as usize) == 0)
                .collect(),
        ))
    }

    /// From the amounts taken: i·(p, q) for a rule (p, q), i ≥ 1 (i = 1 for a jump) — the
    /// moves along a rule with a zero are as many as the counters.
    fn is_move(&self, p: &[u64], q: &[u64]) -> bool {
        let Some(d) = taken(p, q) else {
            return false;
        };
        self.rules.rules().iter().any(|r| {
            let (a, b) = (u64::from(r.p), u64::from(r.q));
            let i = d[0].checked_div(a).unwrap_or_else(|| d[1] / b);
            i >= 1 && (i == 1 || !r.jump) && i * a == d[0] && i.checked_mul(b) == Some(d[1])
        })
    }
}
