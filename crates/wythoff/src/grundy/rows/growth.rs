//! How the certified rows grow: the questions of doc/results.md about row periods and
//! preperiods, answered from a certificate file ([`crate::files::certificate`]), never by a new sweep.
//!
//! * **The form of the periods.** Is the least additive period p(x) of every row x ≥ 1 of the
//!   form 3·2^k?  Decided exactly for each row of the certificate; the rows where it fails are
//!   listed.  (For a = 1 it holds in every row computed so far; no proof is known to us.  It is
//!   an observation about the rows covered, not a theorem.)
//! * **How the preperiods grow.** The preperiod y₀(x) against x, summarised two ways: the exact
//!   ratios of the largest preperiod among rows [2^j, 2^{j+1}) to the largest among rows
//!   [2^{j−1}, 2^j) (a growth factor per doubling of x: 2^e for y₀ ≈ c·x^e), and a least-squares
//!   line log₂ y₀(x) ≈ e·log₂ x + log₂ c over the rows x ≥ [`FIT_FROM`] with y₀(x) > 0.  The fit is
//!   a description of the data in floating point (nothing is decided by it); it proves nothing
//!   about rows beyond the certificate.
//!
//! Cost: O(X) for X certified rows, plus the plot ([`draw_row_growth`]).

use crate::files::certificate::Certificate;
use crate::plot;

/// The least-squares fit uses the rows from this one on (rows 1..15 are few and irregular).
pub const FIT_FROM: u64 = 16;

/// What a certificate says about the growth of its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct RowGrowth {
    /// Parameter a of the certificate.
    pub a: u64,
    /// Number of rows X (rows 0..X−1).
    pub rows: u64,
    /// Joint preperiod μ and period λ of the sweep.
    pub joint: (u64, u64),
    /// (preperiod, period) of each row, in order.
    pub per_row: Vec<(u64, u64)>,
    /// The rows x ≥ 1 whose period is not of the form 3·2^k, with the period.
    pub not_3_2k: Vec<(u64, u64)>,
    /// The distinct periods of rows x ≥ 1, ascending.
    pub periods: Vec<u64>,
    /// The distinct odd parts m of those periods p = m·2^k, ascending (\[3\] when every period
    /// is 3·2^k).
    pub odd_parts: Vec<u64>,
    /// Per doubling of x: (j, largest y₀ over rows [2^{j−1}, 2^j), largest over [2^j, 2^{j+1}))
    /// for each j ≥ 1 whose upper range lies wholly inside the certificate.
    pub doublings: Vec<(u32, u64, u64)>,
    /// The least-squares line log₂ y₀ = e·log₂ x + b over rows x ≥ [`FIT_FROM`] with y₀ > 0, as
    /// (e, b, number of rows used); `None` below two such rows.
    pub fit: Option<(f64, f64, usize)>,
}

/// True when p = 3·2^k for some k ≥ 0.
pub fn is_3_2k(p: u64) -> bool {
    p.is_multiple_of(3) && (p / 3).is_power_of_two()
}

impl RowGrowth {
    /// Reads the growth facts off a certificate.
    pub fn of(c: &Certificate) -> RowGrowth {
        let per_row: Vec<(u64, u64)> = c.rows().iter().map(|r| (r.preperiod, r.period)).collect();
        let not_3_2k = (per_row.iter().enumerate().skip(1))
            .filter(|(_, (_, p))| !is_3_2k(*p))
            .map(|(x, &(_, p))| (x as u64, p))
            .collect();
        let mut periods: Vec<u64> = per_row.iter().skip(1).map(|r| r.1).collect();
        periods.sort_unstable();
        periods.dedup();
        let mut odd_parts: Vec<u64> = (periods.iter()).map(|&p| p >> p.trailing_zeros()).collect();
        odd_parts.sort_unstable();
        odd_parts.dedup();
        let x = per_row.len() as u64;
        let max_y0 = |lo: u64, hi: u64| (lo..hi).map(|r| per_row[r as usize].0).max().unwrap_or(0);
        let doublings = (1u32..63)
            .take_while(|&j| 1u64 << (j + 1) <= x)
            .map(|j| {
                let (lo, mid, hi) = (1u64 << (j - 1), 1u64 << j, 1u64 << (j + 1));
                (j, max_y0(lo, mid), max_y0(mid, hi))
            })
            .collect();
        let pts: Vec<(f64, f64)> = (per_row.iter().enumerate())
            .filter(|&(r, &(y0, _))| r as u64 >= FIT_FROM && y0 > 0)
            .map(|(r, &(y0, _))| ((r as f64).log2(), (y0 as f64).log2()))
            .collect();
        RowGrowth {
            a: c.a,
            rows: x,
            joint: c.joint,
            per_row,
            not_3_2k,
            periods,
            odd_parts,
            doublings,
            fit: least_squares(&pts).map(|(e, b)| (e, b, pts.len())),
        }
    }
}

/// The least-squares line y = e·x + b through the points; `None` below two points or when all
/// x are equal.
pub fn least_squares(pts: &[(f64, f64)]) -> Option<(f64, f64)> {
    let k = pts.len() as f64;
    if pts.len() < 2 {
        return None;
    }
    let (sx, sy) = pts.iter().fold((0.0, 0.0), |(a, b), p| (a + p.0, b + p.1));
    let (mx, my) = (sx / k, sy / k);
    let (sxx, sxy) = pts.iter().fold((0.0, 0.0), |(a, b), p| {
        (a + (p.0 - mx) * (p.0 - mx), b + (p.0 - mx) * (p.1 - my))
    });
    if sxx == 0.0 {
        return None;
    }
    let e = sxy / sxx;
    Some((e, my - e * mx))
}

/// The row plots of certificates, one series per certificate:
/// `which` 0 draws log₂ y₀(x) against log₂ x for the rows with y₀ > 0, with each least-squares
/// line; 1 draws log₂ p(x) against x for the rows x ≥ 1.  Written atomically to `path`.
pub fn draw_row_growth(
    gs: &[RowGrowth],
    which: usize,
    path: &std::path::Path,
) -> crate::error::Result<()> {
    let lg = |v: u64| (v as f64).log2();
    let series = gs.iter().map(|g| {
        let rows = format!("a = {}, rows 0..{}", g.a, g.rows - 1);
        let per_row = g.per_row.iter().enumerate().skip(1);
        match which {
            0 => plot::Series {
                label: format!("{rows}: preperiod y0(x)"),
                colour: plot::colour_of(g.a),
                points: per_row
                    .filter(|(_, r)| r.0 > 0)
                    .map(|(x, r)| (lg(x as u64), lg(r.0)))
                    .collect(),
                line: g.fit.map(|(e, b, n)| {
                    let l = format!(
                        "a = {}: least squares over {n} rows x >= {}: {e:.3} log2 x {b:+.3}",
                        g.a, FIT_FROM
                    );
                    (e, b, l)
                }),
            },
            _ => plot::Series {
                label: format!("{rows}: period p(x)"),
                colour: plot::colour_of(g.a),
                points: per_row.map(|(x, r)| (x as f64, lg(r.1))).collect(),
                line: None,
            },
        }
    });
    let (title, x_label, y_label) = match which {
        0 => (
            "Preperiods of the certified rows: G(x, y + p) = G(x, y) + p from y0(x) on",
            "log2 x (row)",
            "log2 y0(x)",
        ),
        1 => (
            "Least additive periods p(x) of the certified rows",
            "row x",
            "log2 p(x)",
        ),
        _ => return Err(crate::error::Error::internal("no such row plot")),
    };
    plot::Scatter {
        title: title.into(),
        x_label,
        y_label,
        series: series.collect(),
        legend: if which == 0 {
            plotters::prelude::SeriesLabelPosition::LowerRight
        } else {
            plotters::prelude::SeriesLabelPosition::UpperLeft
        },
    }
    .write(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_3_2k() {
        let yes = [3u64, 6, 12, 24, 3 << 17, 3 << 40];
        let no = [0u64, 1, 2, 9, 18, 30, 36, 5, 3 * 5 * 4];
        assert!(yes.iter().all(|&p| is_3_2k(p)));
        assert!(no.iter().all(|&p| !is_3_2k(p)), "{no:?}");
    }

    #[test]
    fn a_fit_through_an_exact_power_law_recovers_it() {
        // y = 5·x^3 exactly: log2 y = 3 log2 x + log2 5
        let pts: Vec<(f64, f64)> = (1..20u32)
            .map(|x| (f64::from(x).log2(), (5.0 * f64::from(x).powi(3)).log2()))
            .collect();
        let (e, b) = least_squares(&pts).unwrap();
        assert!(
            (e - 3.0).abs() < 1e-9 && (b - 5f64.log2()).abs() < 1e-9,
            "{e} {b}"
        );
        assert_eq!(least_squares(&pts[..1]), None);
        assert_eq!(least_squares(&[(1.0, 2.0), (1.0, 3.0)]), None);
    }
}
