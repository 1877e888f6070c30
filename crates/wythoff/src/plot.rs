//! Plots and pictures as PNG files: scatter plots with labelled axes, series of points and
//! least-squares lines ([`Scatter`]), drawn with `plotters` into an RGB buffer (no system font
//! library: text is rasterised by `ab_glyph` from DejaVu Sans Mono, embedded from `assets/`,
//! under the Bitstream Vera licence in `assets/DejaVu-LICENSE.txt`) and encoded with the `png`
//! crate ([`encode_png`], also the encoder of the tables' pictures).  Each file is written
//! atomically; a folder of plots is checked before any work ([`check_dir`]).  The plots
//! themselves belong to what they show: `verify::plot` (distances of the Grundy table),
//! `grundy::rows::growth` (certified rows), `gvalues::plot`, `nheap::conjectures`.
//! Cost: O(points) plus the W × H pixels.

use crate::error::{Error, Result};
use plotters::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Width of every plot in pixels.
pub const WIDTH: u32 = 1200;
/// Height of every plot in pixels.
pub const HEIGHT: u32 = 800;
/// The font family name the plots use (registered once from the embedded font).
const FAMILY: &str = "sans-serif";

fn register_font() -> Result<()> {
    static ONCE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let ok = *ONCE.get_or_init(|| {
        plotters::style::register_font(
            FAMILY,
            FontStyle::Normal,
            include_bytes!("../assets/DejaVuSansMono.ttf"),
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
            crate::files::AtomicFile::create_regular(&d.join(".wythoff-probe"))
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

/// A drawing error: the plots are drawn into a buffer of ours with the embedded font, so any
/// is a bug.
fn draw_err(e: impl std::fmt::Display) -> Error {
    Error::internal(format!("plot: {e}"))
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
        let mut f = crate::files::AtomicFile::create(path)?;
        encode_png(&mut f, WIDTH, HEIGHT, &rgb)?;
        f.commit()
    }
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

/// The colour of series number a (from 1): six colours in turn.
pub(crate) fn colour_of(a: u64) -> RGBColor {
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

/// Encodes an 8-bit RGB image of w × h pixels as a PNG into `out`.  An empty image, or `rgb`
/// not of 3·w·h bytes, is refused ([`Error::Domain`]).
pub fn encode_png(out: &mut dyn Write, w: u32, h: u32, rgb: &[u8]) -> Result<()> {
    let bytes = u64::from(w) * u64::from(h) * 3;
    if bytes == 0 || rgb.len() as u64 != bytes {
        return Err(Error::domain(format!(
            "a picture of {w} x {h} pixels takes {bytes} bytes of RGB, not {}",
            rgb.len()
        )));
    }
    let mut enc = png::Encoder::new(std::io::BufWriter::new(out), w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut wr = enc.write_header().map_err(png_error)?;
    wr.write_image_data(rgb).map_err(png_error)?;
    wr.finish().map_err(png_error)
}

/// An encoder's error: a failed write typed ([`Error::Write`], so that a pipe closed by its
/// reader is told from a failure by its kind); anything else is a refusal of a picture whose
/// size ([`encode_png`] checks it) and format are valid: a bug.
fn png_error(e: png::EncodingError) -> Error {
    match e {
        png::EncodingError::IoError(e) => Error::Write(e),
        e => Error::internal(format!("png: {e}")),
    }
}
