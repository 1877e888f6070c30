//! Plots of the measured distances ([`super::table`]) as PNG files with labelled axes.
//!
//! * `nivasch_d.png`: d(g) against g (g < ⌊N/4⌋) and d_far(g) (rows x ≥ 4g, g ≤ (N − 1)/9),
//!   each with its least-squares line ([`super::table::fit`]) drawn and stated in the legend.
//! * `one_values.png`: the distance D(x, y_1(x)) of the 1-value of row x from the nearer of the
//!   lines y = φx, y = x/φ, against x, for the rows 2x + 1 < N (U. Blass and A. S. Fraenkel,
//!   1990).
//!
//! Drawn with `plotters` into an RGB buffer (no system font library: text is rasterised by
//! `ab_glyph` from DejaVu Sans Mono, embedded from `assets/`, under the Bitstream Vera licence in
//! `assets/DejaVu-LICENSE.txt`) and encoded with the `png` crate.  Each file is written
//! atomically.  Cost: O(points) plus the W × H pixels.

use super::table::{TableFacts, far_g, fit, reported_g};
use crate::error::{Error, Result};
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// Width of every plot in pixels.
pub const WIDTH: u32 = 1200;
/// Height of every plot in pixels.
pub const HEIGHT: u32 = 800;
/// The file names [`draw_all`] writes, in order.
pub const FILES: [&str; 2] = ["nivasch_d.png", "one_values.png"];

/// The font family name the plots use (registered once from the embedded font).
const FAMILY: &str = "sans-serif";

fn register_font() -> Result<()> {
    static ONCE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let ok = *ONCE.get_or_init(|| {
        plotters::style::register_font(
            FAMILY,
            FontStyle::Normal,
            include_bytes!("../../assets/DejaVuSansMono.ttf"),
        )
        .is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(Error::internal("the embedded plot font cannot be read"))
    }
}

/// Checks, before any work and without creating anything, that the plots can be written into
/// `dir`: an existing directory that takes files, or a new name whose nearest existing ancestor
/// is such a directory ([`draw_all`] creates it).  Errors name the path, not the flag.
pub fn check_dir(dir: &Path) -> Result<PathBuf> {
    let probe = |d: &Path| {
        drop(
            crate::artifact::AtomicFile::create_regular(&d.join(".wythoff-probe"))
                .map_err(|e| Error::usage(format!("cannot write into '{}': {e}", d.display())))?,
        );
        Ok::<(), Error>(())
    };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => probe(dir)?,
        Ok(_) => {
            return Err(Error::usage(format!(
                "'{}' exists and is not a directory; give a directory for the PNG files",
                dir.display()
            )));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // the nearest existing ancestor must be a directory that takes files
            let mut up = dir;
            let base = loop {
                match up.parent() {
                    Some(p) if p.as_os_str().is_empty() => break Path::new("."),
                    Some(p) => {
                        if std::fs::symlink_metadata(p).is_ok() {
                            break p;
                        }
                        up = p;
                    }
                    None => break Path::new("/"),
                }
            };
            match std::fs::metadata(base) {
                Ok(m) if m.is_dir() => probe(base)?,
                Ok(_) => {
                    return Err(Error::usage(format!(
                        "cannot create '{}': '{}' is not a directory",
                        dir.display(),
                        base.display()
                    )));
                }
                Err(e) => {
                    return Err(Error::usage(format!(
                        "cannot create '{}': '{}': {e}",
                        dir.display(),
                        base.display()
                    )));
                }
            }
        }
        Err(e) => return Err(Error::usage(format!("cannot use '{}': {e}", dir.display()))),
    }
    Ok(dir.to_owned())
}

/// An axis label: integers without decimals, anything else with one.
fn label(v: &f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

fn draw_err(e: impl std::fmt::Display) -> Error {
    Error::Io(format!("plot: {e}"))
}

/// One scatter plot (x, y) with an optional line y = s·x + i, into an RGB buffer.
pub(crate) struct Scatter<'p> {
    pub(crate) title: String,
    pub(crate) x_label: &'p str,
    pub(crate) y_label: &'p str,
    pub(crate) series: Vec<Series>,
    /// Where the legend goes (a corner the points leave free).
    pub(crate) legend: SeriesLabelPosition,
}

/// Points of one colour, with an optional line y = s·x + i and a legend label.
pub(crate) struct Series {
    pub(crate) label: String,
    pub(crate) colour: RGBColor,
    pub(crate) points: Vec<(f64, f64)>,
    pub(crate) line: Option<(f64, f64, String)>,
}

impl Scatter<'_> {
    fn render(&self) -> Result<Vec<u8>> {
        register_font()?;
        let mut buf = vec![255u8; WIDTH as usize * HEIGHT as usize * 3];
        {
            let root = BitMapBackend::with_buffer(&mut buf, (WIDTH, HEIGHT)).into_drawing_area();
            root.fill(&WHITE).map_err(draw_err)?;
            let span = |f: fn(&(f64, f64)) -> f64| {
                let (lo, hi) = self
                    .series
                    .iter()
                    .flat_map(|s| s.points.iter())
                    .map(f)
                    .fold((0f64, 1f64), |(a, b), v| (a.min(v), b.max(v)));
                let pad = (hi - lo) * 0.05 + 0.5;
                (lo - if lo < 0.0 { pad } else { 0.0 })..(hi + pad)
            };
            let (xs, ys) = (span(|p| p.0), span(|p| p.1));
            let mut chart = ChartBuilder::on(&root)
                .caption(&self.title, (FAMILY, 22))
                .margin(20)
                .x_label_area_size(60)
                .y_label_area_size(80)
                .build_cartesian_2d(xs.clone(), ys)
                .map_err(draw_err)?;
            chart
                .configure_mesh()
                .x_desc(self.x_label)
                .y_desc(self.y_label)
                .label_style((FAMILY, 16))
                .x_label_formatter(&label)
                .y_label_formatter(&label)
                .axis_desc_style((FAMILY, 18))
                .draw()
                .map_err(draw_err)?;
            for se in &self.series {
                let c = se.colour;
                chart
                    .draw_series(se.points.iter().map(|&p| Circle::new(p, 2, c.filled())))
                    .map_err(draw_err)?
                    .label(se.label.clone())
                    .legend(move |(x, y)| Circle::new((x + 10, y), 4, c.filled()));
                if let Some((s, i, label)) = &se.line {
                    let (s, i) = (*s, *i);
                    // over the series' own x range (a line leaving the chart would be clamped
                    // to its edge, not cut)
                    let (lo, hi) = (se.points.iter())
                        .fold((xs.end, xs.start), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
                    chart
                        .draw_series(LineSeries::new(
                            [lo, hi].map(|x| (x, s * x + i)),
                            c.stroke_width(2),
                        ))
                        .map_err(draw_err)?
                        .label(label.clone())
                        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c));
                }
            }
            chart
                .configure_series_labels()
                .position(self.legend.clone())
                .label_font((FAMILY, 18))
                .background_style(WHITE)
                .border_style(BLACK)
                .draw()
                .map_err(draw_err)?;
            root.present().map_err(draw_err)?;
        }
        Ok(buf)
    }

    pub(crate) fn write(&self, path: &Path) -> Result<()> {
        let rgb = self.render()?;
        let mut f = crate::artifact::AtomicFile::create(path)?;
        crate::grundy::picture::encode_png(&mut f, WIDTH, HEIGHT, &rgb)?;
        f.commit()
    }
}

/// Draws the plots of [`FILES`] into `dir` (which [`check_dir`] accepted), creating it if
/// needed; returns their paths.
pub fn draw_all(f: &TableFacts, dir: &Path) -> Result<Vec<PathBuf>> {
    draw_files(dir, &FILES, &|i, p| draw(f, i, p))
}

/// Draws plot `i` of `names` to `dir/names[i]` by `draw(i, path)` for each i, creating `dir`
/// if needed; returns the paths written.
pub fn draw_files(
    dir: &Path,
    names: &[&str],
    draw: &dyn Fn(usize, &Path) -> Result<()>,
) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).map_err(|e| Error::file(dir, e))?;
    let mut out = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let p = dir.join(name);
        draw(i, &p)?;
        out.push(p);
    }
    Ok(out)
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

/// The colour of the series of parameter a in the row plots.
fn colour_of(a: u64) -> RGBColor {
    const C: [RGBColor; 6] = [
        BLUE,
        RGBColor(0, 150, 0),
        RED,
        RGBColor(180, 0, 180),
        RGBColor(0, 160, 160),
        BLACK,
    ];
    C[(a.saturating_sub(1) % 6) as usize]
}

/// The row plots of certificates ([`crate::grundy::rows::growth`]), one series per certificate:
/// `which` 0 draws log₂ y₀(x) against log₂ x for the rows with y₀ > 0, with each least-squares
/// line; 1 draws log₂ p(x) against x for the rows x ≥ 1.  Written atomically to `path`.
pub fn draw_row_growth(
    gs: &[crate::grundy::rows::growth::RowGrowth],
    which: usize,
    path: &Path,
) -> Result<()> {
    let lg = |v: u64| (v as f64).log2();
    let series = gs.iter().map(|g| {
        let rows = format!("a = {}, rows 0..{}", g.a, g.rows - 1);
        let per_row = g.per_row.iter().enumerate().skip(1);
        match which {
            0 => Series {
                label: format!("{rows}: preperiod y0(x)"),
                colour: colour_of(g.a),
                points: per_row
                    .filter(|(_, r)| r.0 > 0)
                    .map(|(x, r)| (lg(x as u64), lg(r.0)))
                    .collect(),
                line: g.fit.map(|(e, b, n)| {
                    let l = format!(
                        "a = {}: least squares over {n} rows x >= {}: {e:.3} log2 x {b:+.3}",
                        g.a,
                        crate::grundy::rows::growth::FIT_FROM
                    );
                    (e, b, l)
                }),
            },
            _ => Series {
                label: format!("{rows}: period p(x)"),
                colour: colour_of(g.a),
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
        _ => return Err(Error::internal("no such row plot")),
    };
    Scatter {
        title: title.into(),
        x_label,
        y_label,
        series: series.collect(),
        legend: if which == 0 {
            SeriesLabelPosition::LowerRight
        } else {
            SeriesLabelPosition::UpperLeft
        },
    }
    .write(path)
}

/// A scatter plot of labelled series of points (no fitted line), one colour each, the legend in
/// the upper left corner (the lower left with `legend_low`), written atomically to `path` (the
/// N-heap Wythoff plots of [`crate::nheap::conjectures`]).
pub fn draw_points(
    title: &str,
    (x_label, y_label): (&str, &str),
    series: Vec<(String, Vec<(f64, f64)>)>,
    legend_low: bool,
    path: &Path,
) -> Result<()> {
    Scatter {
        title: title.into(),
        x_label,
        y_label,
        series: (series.into_iter().enumerate())
            .map(|(i, (label, points))| Series {
                label,
                colour: colour_of(i as u64 + 1),
                points,
                line: None,
            })
            .collect(),
        legend: if legend_low {
            SeriesLabelPosition::LowerLeft
        } else {
            SeriesLabelPosition::UpperLeft
        },
    }
    .write(path)
}
