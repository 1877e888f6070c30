//! The pictures of a measurement of Fraenkel's conjectures ([`super::Report`]): α of each slice
//! and where statements (i) and (ii) start to hold, against the fixed heap — scatter plots drawn
//! by [`crate::plot`], each file written atomically.

use super::{Figures, Report};
use crate::error::{Error, Result};

/// The plots [`draw_plots`] writes, in order.
pub const PLOTS: [&str; 2] = ["nheap_alpha.png", "nheap_thresholds.png"];

/// The plots [`draw_plots`] writes for four heaps (against q, every p ≤ q at the same q).
pub const PLOTS_FOUR: [&str; 2] = ["nheap4_alpha.png", "nheap4_thresholds.png"];

/// Draws α against s and the thresholds of (i) and (ii) against s into `dir` (created if
/// needed), each file written atomically; returns their paths.  Four heaps: against the larger
/// fixed heap q, the slices of every p ≤ q as points at the same q ([`PLOTS_FOUR`]).
pub fn draw_plots(r: &Report, dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>> {
    std::fs::create_dir_all(dir).map_err(|e| Error::file(dir, e))?;
    let k = r.count;
    let points = |f: &dyn Fn(&Figures) -> f64| -> Vec<(f64, f64)> {
        (r.slices.iter())
            .map(|x| (x.fixed[x.fixed.len() - 1] as f64, f(x)))
            .collect()
    };
    let (names, heaps, axis) = if r.bounds.len() == 2 {
        (
            PLOTS_FOUR,
            "four heaps",
            "larger fixed heap q (every p <= q)",
        )
    } else {
        (PLOTS, "three heaps", "smallest heap s")
    };
    let alpha = dir.join(names[0]);
    crate::plot::draw_points(
        &format!("N-heap Wythoff, {heaps}: alpha of each slice ({k} positions each)"),
        (axis, "alpha: A = floor(n*phi) + alpha + eps, n = B - A"),
        vec![
            ("alpha".into(), points(&|x| x.alpha as f64)),
            (
                "-(B - A - n): minus the shift of (i)".into(),
                points(&|x| -x.shift as f64),
            ),
        ],
        true,
        &alpha,
    )?;
    let thresholds = dir.join(names[1]);
    crate::plot::draw_points(
        &format!("N-heap Wythoff, {heaps}: where (i) and (ii) start to hold ({k} positions)"),
        (axis, "index n of the slice's positions"),
        vec![
            (
                "(i): B - A grows by 1 from n on".into(),
                points(&|x| x.i_from as f64),
            ),
            (
                "(ii): |A - floor((B-A)phi) - alpha| <= 1 from n on".into(),
                points(&|x| x.ii_from as f64),
            ),
        ],
        false,
        &thresholds,
    )?;
    Ok(vec![alpha, thresholds])
}
