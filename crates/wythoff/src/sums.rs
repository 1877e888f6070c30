//! Disjunctive sums of generalized-Wythoff positions (Sprague–Grundy theorem; K. Xiao, "Winning
//! strategies for Wythoff's game", §4; doc/sums.md).
//!
//! The value of a sum is the nim-sum (XOR) of its components' Grundy values; it is a P-position iff
//! that is 0.  A winning move lowers one component i with g_i ⊕ s < g_i to a position of value
//! g_i ⊕ s.  Each G(x, y) comes from a table (both piles below [`TABLE_LIMIT`]) or from certified
//! rows ([`Certificate`], the one evaluator of certified rows): a certificate file's rows (any a
//! it was made for), or, for a = 1, the rows up to the smaller pile certified on demand (below
//! [`ROW_LIMIT`], the limit of [`rows::certified_rows`]).  That makes columns of any size
//! reachable; anything else is refused with the reason.  In a long row the option of a given
//! value is found through the period ([`Certificate::column_of`]): values along a row are
//! distinct, and from the preperiod y₀ on the value v sits at y₀ + i + kp where
//! y₀ + i + kp + (G − y at y₀ + i) = v.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::files::certificate::{Certificate, CertificateError};
use crate::grundy::rows;
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
    rows: Option<Certificate>,
}

impl Oracle {
    /// Prepares what the components need: a table of the largest small component, and the
    /// certified rows up to the largest smaller pile of the big ones (on two workers).
    pub fn for_positions(a: u64, ps: &[Position]) -> Result<Oracle> {
        Oracle::prepare(a, ps, None, &Context::new(2))
    }

    /// The table and rows are computed on `ctx`'s workers, by engines that stop once its flag
    /// is set.
    fn prepare(
        a: u64,
        ps: &[Position],
        cert: Option<Certificate>,
        ctx: &Context,
    ) -> Result<Oracle> {
        let mut side = 0u64;
        let mut rows = 0u64;
        for (x, y) in ps {
            if *x < 0 || *y < 0 {
                return Err(Error::usage(format!(
                    "pile sizes must be non-negative, got ({}, {})",
                    abbreviate(x),
                    abbreviate(y)
                )));
            }
            let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
            if *hi < TABLE_LIMIT {
                side = side.max(hi.to_u64().unwrap() + 1);
            } else if let Some(c) = &cert {
                if *lo >= c.x() {
                    return Err(Error::domain(format!(
                        "G({}, {}): the smaller pile is not a row of the certificate (rows 0..{})",
                        abbreviate(x),
                        abbreviate(y),
                        c.x() - 1
                    )));
                }
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
            Some(small_table(a, side, ctx)?)
        } else {
            None
        };
        let rows = match cert {
            Some(c) => Some(c),
            None if rows > 0 => Some(Certificate::from_periods(
                &rows::certified_rows(rows, ctx)?,
                1,
                u64::MAX,
            )?),
            None => None,
        };
        Ok(Oracle { a, table, rows })
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
        if let Some(c) = &self.rows
            && *lo < c.x()
        {
            return Ok(c.value(lo, hi)?);
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
        } else if let Some(c) = &self.rows
            && let Some(v) = c.column_of(&lo, target, &hi)?
        {
            return Ok(back(lo.clone(), v));
        }
        Err(Error::internal(format!(
            "no option of value {target} from ({x}, {y}) — the mex says there must be one"
        )))
    }
}

/// The table of side `side` (< [`TABLE_LIMIT`]) that answers small piles, computed on `ctx`'s
/// workers by an engine that stops once its flag is set.
fn small_table(a: u64, side: u64, ctx: &Context) -> Result<Table> {
    Table::compute(Spec::new(a, side)?, ctx)
}

/// G(x, y) (any order, piles non-negative) from a certificate — the one evaluator of the
/// commands and functions that take one (`grundy at --certificate`, `sum --certificate`, the
/// Python package): from its rows where it answers, and where it does not store the values below
/// a row's preperiod, from the table of side max(x, y) + 1 that [`Oracle`] computes for small
/// components, when both piles are below `limit` ([`TABLE_LIMIT`] for the commands: about a
/// second at the limit).  Beyond that the certificate's refusal is the inner error; the outer one
/// is the table's (cancelled, out of memory), computed on `ctx`'s workers and stopped by its flag.
pub fn certificate_value(
    cert: &Certificate,
    x: &Integer,
    y: &Integer,
    limit: u64,
    ctx: &Context,
) -> Result<std::result::Result<Integer, CertificateError>> {
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    match cert.value(lo, hi) {
        Err(e @ CertificateError::NoPrefix { .. }) => {
            let Some(side) = hi.to_u64().filter(|&h| h < limit.min(TABLE_LIMIT)) else {
                return Ok(Err(e));
            };
            let t = small_table(cert.a, side + 1, ctx)?;
            // lo ≤ hi < side + 1 ≤ TABLE_LIMIT: both are small indices of the table
            Ok(Ok(Integer::from(
                t.get(lo.to_usize().unwrap_or(0), side as usize),
            )))
        }
        other => Ok(other),
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

/// Analyses the sum of `ps` (normal play) under parameter a, or, with `cert`, under the
/// certificate's a with long rows answered from it.  The table and the certified rows it needs
/// are computed on `ctx`'s workers and stop once its flag is set, with [`Error::Cancelled`]; it
/// reports no progress.
pub fn analyse(
    a: u64,
    cert: Option<Certificate>,
    ps: &[Position],
    ctx: &Context,
) -> Result<SumAnalysis> {
    let a = cert.as_ref().map_or(a, |c| c.a);
    analyse_by(&Oracle::prepare(a, ps, cert, ctx)?, ps)
}

fn analyse_by(oracle: &Oracle, ps: &[Position]) -> Result<SumAnalysis> {
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

    fn ctx() -> Context<'static> {
        Context::new(2)
    }

    fn pos(x: u64, y: u64) -> Position {
        (Integer::from(x), Integer::from(y))
    }

    #[test]
    fn a_negative_pile_is_refused_not_a_panic() {
        let ps = [pos(1, 2), (Integer::from(3), Integer::from(-4))];
        assert!(matches!(
            analyse(1, None, &ps, &ctx()),
            Err(Error::Usage(_))
        ));
    }

    #[test]
    fn xiao_example() {
        // Xiao, Example 15: (3,5) + (2,4): G = 0 and 3, the sum is N, won by (2,4) → (1,2).
        let r = analyse(1, None, &[pos(3, 5), pos(2, 4)], &ctx()).unwrap();
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
        let r = analyse(1, None, &ps, &ctx()).unwrap();
        let (i, to) = r.winning.unwrap();
        assert!(rules.is_legal_move(&ps[i].0, &ps[i].1, &to.0, &to.1));
        let mut after = ps.to_vec();
        after[i] = to;
        assert_eq!(analyse(1, None, &after, &ctx()).unwrap().nim_sum, 0);
    }

    #[test]
    fn a_certificate_without_prefixes_falls_back_to_a_table_within_the_limit_only() {
        // rows 0..7 without the values below their preperiods (budget 0): row 5 has y₀ = 27
        let c = Certificate::from_periods(&rows::certified_rows(8, &ctx()).unwrap(), 1, 0).unwrap();
        // the naive mex over the rules, 8 × 8
        let g = crate::grundy::tests::naive(8, 1);
        let (five, seven) = (Integer::from(5), Integer::from(7));
        for (x, y) in [(&five, &seven), (&seven, &five)] {
            let v = certificate_value(&c, x, y, TABLE_LIMIT, &ctx())
                .unwrap()
                .unwrap();
            assert_eq!(v, g[5 * 8 + 7]);
        }
        // both piles must be below the limit: with 7 it is the certificate's refusal
        let e = certificate_value(&c, &five, &seven, 7, &ctx()).unwrap();
        assert!(
            matches!(e, Err(CertificateError::NoPrefix { preperiod: 27, .. })),
            "{e:?}"
        );
        let e = certificate_value(&c, &five, &Integer::from(TABLE_LIMIT), TABLE_LIMIT, &ctx());
        assert!(e.unwrap().unwrap() > 0, "from the period beyond y₀");
    }

    #[test]
    fn huge_columns_through_certified_rows() {
        let big = Integer::from(Integer::u_pow_u(10, 50));
        let ps = [(Integer::from(5), big.clone()), pos(2, 9)];
        let r = analyse(1, None, &ps, &ctx()).unwrap();
        let (i, to) = r.winning.unwrap();
        let mut after = ps.to_vec();
        after[i] = to.clone();
        assert_eq!(
            analyse(1, None, &after, &ctx()).unwrap().nim_sum,
            0,
            "move to {to:?}"
        );
        assert!(crate::game::Rules::wythoff().is_legal_move(&ps[i].0, &ps[i].1, &to.0, &to.1));
        // out of reach: both piles large
        assert_eq!(
            analyse(1, None, &[(big.clone(), big)], &ctx())
                .err()
                .unwrap()
                .exit_code(),
            2
        );
    }
}
