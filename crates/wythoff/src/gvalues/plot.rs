//! Plots of the summaries of every value h ≤ G ([`super::summarize_all`]) against h, as PNG files
//! drawn by the plotting code of the verifier ([`crate::plot`]).
//!
//! * `gvalue_distances.png`: the largest |x − A_n|, |y − B_n| and |(y − x) − n| over the first K
//!   g-values of h, against h (Nivasch's bounded-distance theorem says the g-values stay within a
//!   bounded distance of the 0-values; the plot shows the distances on the prefix).
//! * `gvalue_settling.png`: where those distances last grew, and where the last run of equal
//!   (y − x) − n began (Sun's shifted Wythoff question: a run reaching back far from the end of
//!   the prefix would be a shifted Wythoff tail), as fractions of K, against h.
//!
//! Cost: O(G) points plus the W × H pixels; each file written atomically.

use super::summary::Summary;
use crate::error::{Error, Result};
use crate::plot::{Scatter, Series};
use plotters::prelude::{BLUE, RED, RGBColor, SeriesLabelPosition};
use std::path::{Path, PathBuf};

/// The file names [`draw_all`] writes, in order.
pub const FILES: [&str; 2] = ["gvalue_distances.png", "gvalue_settling.png"];

/// Draws the plots of [`FILES`] for `all` (the summaries of h = 0, 1, …, in order) into `dir`,
/// which [`crate::plot::check_dir`] accepted; returns their paths.
pub fn draw_all(all: &[Summary], dir: &Path) -> Result<Vec<PathBuf>> {
    crate::plot::draw_files(dir, &FILES, &|which, p| draw(all, which, p))
}

const GREEN: RGBColor = RGBColor(0, 150, 0);

/// Draws plot `which` (an index into [`FILES`]) to `path`.
pub fn draw(all: &[Summary], which: usize, path: &Path) -> Result<()> {
    let count = all.iter().map(|s| s.count).max().unwrap_or(0);
    let series = |label: &str, colour: RGBColor, f: &dyn Fn(&Summary) -> f64| Series {
        label: label.into(),
        colour,
        points: all.iter().map(|s| (f64::from(s.g), f(s))).collect(),
        line: None,
    };
    // a fraction of the prefix, for the picture only
    let share = |n: u64| n as f64 / count.max(1) as f64;
    let top = all.len().saturating_sub(1);
    let scatter = match which {
        0 => Scatter {
            title: format!(
                "g-values of h = 0..={top}, first {count} of each: distance to the 0-value of the \
                 same index"
            ),
            x_label: "h",
            y_label: "largest |deviation| on the prefix",
            series: vec![
                series("|x - A_n|", BLUE, &|s| s.lower.largest() as f64),
                series("|y - B_n|", GREEN, &|s| s.upper.largest() as f64),
                series("|(y - x) - n|", RED, &|s| s.diagonal.largest() as f64),
            ],
            legend: SeriesLabelPosition::UpperLeft,
        },
        1 => Scatter {
            title: format!(
                "g-values of h = 0..={top}, first {count} of each: where the figures settled \
                 (fraction of the prefix)"
            ),
            x_label: "h",
            y_label: "n / K",
            series: vec![
                series("|x - A_n| last grew", BLUE, &|s| share(s.lower.last_growth)),
                series("|y - B_n| last grew", GREEN, &|s| {
                    share(s.upper.last_growth)
                }),
                series("last run of equal (y - x) - n began", RED, &|s| {
                    share(s.tail.constant_from)
                }),
            ],
            legend: SeriesLabelPosition::LowerRight,
        },
        _ => return Err(Error::internal("no such g-value plot")),
    };
    scatter.write(path)
}
