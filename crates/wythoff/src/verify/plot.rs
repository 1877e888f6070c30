//! Plots of the measured distances ([`super::table`]) as PNG files with labelled axes.
//!
//! * `nivasch_d.png`: d(g) against g (g < ⌊N/4⌋) and d_far(g) (rows x ≥ 4g, g ≤ (N − 1)/9),
//!   each with its least-squares line ([`super::table::fit`]) drawn and stated in the legend.
//! * `one_values.png`: the distance D(x, y_1(x)) of the 1-value of row x from the nearer of the
//!   lines y = φx, y = x/φ, against x, for the rows 2x + 1 < N (U. Blass and A. S. Fraenkel,
//!   1990).
//!
//! Drawn by [`crate::plot`].  Cost: O(points) plus the W × H pixels.

use super::table::{TableFacts, far_g, fit, reported_g};
use crate::error::{Error, Result};
use crate::plot::{Scatter, Series, draw_files};
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// The file names [`draw_all`] writes, in order.
pub const FILES: [&str; 2] = ["nivasch_d.png", "one_values.png"];

/// Draws the plots of [`FILES`] into `dir` (which [`crate::plot::check_dir`] accepted), creating it if
/// needed; returns their paths.
pub fn draw_all(f: &TableFacts, dir: &Path) -> Result<Vec<PathBuf>> {
    draw_files(dir, &FILES, &|i, p| draw(f, i, p))
}

/// Draws plot `which` (an index into [`FILES`]) to `path`.
pub fn draw(f: &TableFacts, which: usize, path: &Path) -> Result<()> {
    let gs = reported_g(f.n);
    let gf = far_g(f.n);
    let series = |d: &[Option<u64>], upto: u64, label: String, colour: RGBColor| Series {
        points: (0..upto as usize)
            .filter_map(|g| d.get(g).copied().flatten().map(|v| (g as f64, v as f64)))
            .collect(),
        line: fit(d, upto).map(|(s, i)| {
            let l = format!("least squares over 1 <= g < {upto}: {s:.4} g {i:+.4}");
            (s, i, l)
        }),
        label,
        colour,
    };
    let d = Scatter {
        title: format!(
            "Nivasch: d(g) = max D(x, y) over the g-values, rows 2x+g < N; N = {}",
            f.n
        ),
        x_label: "g",
        y_label: "d(g) (columns to the nearer line)",
        series: vec![
            series(&f.d, gs, "d(g): all rows".into(), BLUE),
            series(
                &f.d_far,
                gf,
                "d_far(g): rows x >= 4g".into(),
                RGBColor(0, 150, 0),
            ),
        ],
        legend: SeriesLabelPosition::UpperLeft,
    };
    let ones = Scatter {
        title: format!(
            "Blass-Fraenkel: distance of the 1-value of row x, N = {}",
            f.n
        ),
        x_label: "row x",
        y_label: "D(x, y_1(x)) (columns)",
        series: vec![Series {
            label: "1-value of row x".into(),
            colour: BLUE,
            points: f
                .one_distances
                .iter()
                .enumerate()
                .filter_map(|(x, o)| o.map(|o| (x as f64, o as f64)))
                .collect(),
            line: None,
        }],
        legend: SeriesLabelPosition::UpperLeft,
    };
    match which {
        0 => d.write(path),
        1 => ones.write(path),
        _ => Err(Error::internal("no such plot")),
    }
}
