//! Disjunctive sums of generalized-Wythoff positions (Sprague–Grundy theorem; K. Xiao, "Winning
//! strategies for Wythoff's game", §4; doc/sums.md).
//!
//! The value of a sum is the nim-sum (XOR) of its components' Grundy values; it is a P-position iff
//! that is 0.  A winning move lowers one component i with g_i ⊕ s < g_i to a position of value
//! g_i ⊕ s.  Each G(x, y) comes from a table (both piles below [`TABLE_LIMIT`]) or, for a = 1, from
//! the certified periods of the rows up to the smaller pile (below [`ROW_LIMIT`], the limit of
//! [`rows::certified_rows`], the one evaluator of certified rows), which makes
//! columns of any size reachable; anything else is refused with the reason.  In a long row the
//! option of a given value is found through the period: for a = 1 every row holds each value
//! exactly once, at y' = r + kλ where G(x, r) + kλ equals the target.

use crate::error::{Error, Result};
use crate::grundy::rows::{self, Periods};
use crate::grundy::{Spec, Table};
use crate::pairs::{Position, abbreviate};
use rug::Integer;

/// Largest pile for which a table is computed (side < 8192: about a second).
pub const TABLE_LIMIT: u64 = 8192;
/// Smaller piles below this have their row periods certified on demand (a = 1).
pub const ROW_LIMIT: u64 = rows::ON_DEMAND_ROWS;

/// How the Grundy values are obtained.
pub struct Oracle {
    a: u64,
    table: Option<Table>,
    periods: Option<Periods>,
}

impl Oracle {
    /// Prepares what the components need: a table of the largest small component, and the
    /// certified rows up to the largest smaller pile of the big ones.
    pub fn for_positions(a: u64, ps: &[Position]) -> Result<Oracle> {
        let mut side = 0u64;
        let mut rows = 0u64;
        for (x, y) in ps {
            let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
            if *hi < TABLE_LIMIT {
                side = side.max(hi.to_u64().unwrap() + 1);
            } else if a == 1 && *lo < ROW_LIMIT {
                rows = rows.max(lo.to_u64().unwrap() + 1);
            } else {
                return Err(Error::usage(format!(
                    "G({}, {}) is out of reach: tables cover piles below {TABLE_LIMIT}, and{} \
                     certified rows a smaller pile below {ROW_LIMIT}",
                    abbreviate(x),
                    abbreviate(y),
                    if a == 1 { "" } else { " (for a = 1 only)" }
                )));
            }
        }
        let table = if side > 0 {
            Some(Table::compute(Spec::new(a, side)?, 2, &|_| {})?)
        } else {
            None
        };
        let periods = if rows > 0 {
            Some(rows::certified_rows(rows)?)
        } else {
            None
        };
        Ok(Oracle { a, table, periods })
    }

    /// G(x, y) (any order) for a position the oracle was prepared for (or one below it).
    pub fn value(&self, x: &Integer, y: &Integer) -> Result<Integer> {
        let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
        if let Some(t) = &self.table
            && *hi < t.spec.n as u64
        {
            return Ok(Integer::from(
                t.get(lo.to_usize().unwrap(), hi.to_usize().unwrap()),
            ));
        }
        if let Some(p) = &self.periods
            && *lo < p.rows.len() as u64
        {
            return Ok(p.value(lo.to_usize().unwrap(), hi));
        }
        Err(Error::internal(format!(
            "no Grundy value prepared for ({x}, {y})"
        )))
    }

    /// A move from (x, y) to a position of Grundy value `target` (< G(x, y)), as the position
    /// reached in the same pile order.
    pub fn move_to_value(&self, x: &Integer, y: &Integer, target: &Integer) -> Result<Position> {
        let swapped = x > y;
        let (lo, hi) = if swapped {
            (y.clone(), x.clone())
        } else {
            (x.clone(), y.clone())
        };
        let back = |u: Integer, v: Integer| if swapped { (v, u) } else { (u, v) };
        let lo_u = lo.to_u64().expect("prepared piles are small on one side");
        // moves on both piles: (lo − k, hi − l), k, l ≥ 1, |k − l| < a
        let amax = self.a.min(lo_u + 1);
        for k in 1..=lo_u {
            let lmin = k.saturating_sub(amax - 1).max(1);
            for l in lmin..(k + amax) {
                if hi < l {
                    break;
                }
                let (u, v) = (Integer::from(&lo - k), Integer::from(&hi - l));
                if self.value(&u, &v)? == *target {
                    return Ok(back(u, v));
                }
            }
        }
        // the smaller pile reduced
        for u in 0..lo_u {
            let u = Integer::from(u);
            if self.value(&u, &hi)? == *target {
                return Ok(back(u, hi.clone()));
            }
        }
        // the larger pile reduced: search the row of `lo`
        if let Some(t) = &self.table
            && hi < t.spec.n as u64
        {
            for v in 0..hi.to_u64().unwrap() {
                let v = Integer::from(v);
                if self.value(&lo, &v)? == *target {
                    return Ok(back(lo.clone(), v));
                }
            }
        } else if let Some(p) = &self.periods {
            let x = lo_u as usize;
            let row = &p.offsets[x];
            // stored columns first
            for (v, &off) in row.iter().enumerate() {
                if hi <= v as u64 {
                    break;
                }
                if *target == v as i64 + off as i64 {
                    return Ok(back(lo.clone(), Integer::from(v)));
                }
            }
            // then through the period: y' = r + kλ with G(x, r) + kλ = target
            let (mu, lam) = p.joint;
            let mut best: Option<Integer> = None;
            for r in mu..mu + lam {
                let g_r = Integer::from(r as i64 + row[r as usize] as i64);
                let diff = Integer::from(target - &g_r);
                if diff > 0 && diff.is_divisible_u(lam as u32) || diff == 0 {
                    let v = diff + r;
                    if v < hi && v >= row.len() as u64 && best.as_ref().is_none_or(|b| v < *b) {
                        best = Some(v);
                    }
                }
            }
            if let Some(v) = best {
                return Ok(back(lo.clone(), v));
            }
        }
        Err(Error::internal(format!(
            "no option of value {target} from ({x}, {y}) — the mex says there must be one"
        )))
    }
}

/// A disjunctive sum analysed: each component's value, the nim-sum, and a winning move.
pub struct SumAnalysis {
    /// Grundy value of each component.
    pub values: Vec<Integer>,
    /// Their XOR.
    pub nim_sum: Integer,
    /// A winning move (component index, position reached), or `None` for a P-position.
    pub winning: Option<(usize, Position)>,
}

/// Analyses the sum of `ps` under parameter a (normal play).
pub fn analyse(a: u64, ps: &[Position]) -> Result<SumAnalysis> {
    let oracle = Oracle::for_positions(a, ps)?;
    let values: Vec<Integer> = ps
        .iter()
        .map(|(x, y)| oracle.value(x, y))
        .collect::<Result<_>>()?;
    let mut s = Integer::new();
    for g in &values {
        s ^= g;
    }
    let mut winning = None;
    if s != 0 {
        for (i, g) in values.iter().enumerate() {
            let t = Integer::from(g ^ &s);
            if t < *g {
                let to = oracle.move_to_value(&ps[i].0, &ps[i].1, &t)?;
                winning = Some((i, to));
                break;
            }
        }
    }
    Ok(SumAnalysis {
        values,
        nim_sum: s,
        winning,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(x: u64, y: u64) -> Position {
        (Integer::from(x), Integer::from(y))
    }

    #[test]
    fn xiao_example() {
        // Xiao, Example 15: (3,5) + (2,4): G = 0 and 3, the sum is N, won by (2,4) → (1,2).
        let r = analyse(1, &[pos(3, 5), pos(2, 4)]).unwrap();
        assert_eq!(r.values, [0, 3]);
        assert_eq!(r.nim_sum, 3);
        let (i, to) = r.winning.unwrap();
        assert_eq!(i, 1);
        let o = Oracle::for_positions(1, &[pos(3, 5), pos(2, 4)]).unwrap();
        assert_eq!(o.value(&to.0, &to.1).unwrap(), 0);
        // Xiao writes the position reached as (1, 2); in the component's pile order it is (2, 1)
        assert_eq!(to, pos(2, 1));
    }

    #[test]
    fn winning_moves_zero_the_nim_sum_and_are_legal() {
        let rules = crate::game::Rules::wythoff();
        let ps = [pos(7, 20), pos(13, 4), pos(30, 30), pos(1, 11)];
        let r = analyse(1, &ps).unwrap();
        let (i, to) = r.winning.unwrap();
        assert!(rules.is_legal_move(&ps[i].0, &ps[i].1, &to.0, &to.1));
        let mut after = ps.to_vec();
        after[i] = to;
        assert_eq!(analyse(1, &after).unwrap().nim_sum, 0);
    }

    #[test]
    fn huge_columns_through_certified_rows() {
        let big = Integer::from(Integer::u_pow_u(10, 50));
        let ps = [(Integer::from(5), big.clone()), pos(2, 9)];
        let r = analyse(1, &ps).unwrap();
        let (i, to) = r.winning.unwrap();
        let mut after = ps.to_vec();
        after[i] = to.clone();
        assert_eq!(analyse(1, &after).unwrap().nim_sum, 0, "move to {to:?}");
        assert!(crate::game::Rules::wythoff().is_legal_move(&ps[i].0, &ps[i].1, &to.0, &to.1));
        // out of reach: both piles large
        assert_eq!(
            analyse(1, &[(big.clone(), big)]).err().unwrap().exit_code(),
            2
        );
    }
}
