//! The report page of a run of the default job (`wythoff generate` writes `index.html` into its
//! folder): one static HTML file that opens from the file system — no network, no external
//! script, style sheet or font (the style is inline, there is no script) — with what was
//! computed and where it is, the verification report as a table (ok / FAIL / skipped, with what
//! each check covered), the pictures the run produced, the OEIS catalogue with term counts and a
//! link to each b-file, and the run's figures (time, machine).
//!
//! Every link and image refers to a file of the same folder by its bare name, so the folder can be
//! moved or copied whole.  Every text taken from elsewhere (titles, check names, what a check
//! covers, counterexamples) is HTML-escaped ([`escape`]).  Cost: linear in the size of the page.

use crate::verify::report::{Report, Status};
use std::fmt::Write as _;

/// One file of the run.
#[derive(Clone, Debug)]
pub struct PageFile {
    /// The file's name in the folder.
    pub name: String,
    /// What it holds.
    pub what: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// Seconds the run spent on it.
    pub seconds: f64,
}

/// One catalogued sequence written by the run.
#[derive(Clone, Debug)]
pub struct PageSequence {
    /// A-number.
    pub anum: String,
    /// Title.
    pub title: String,
    /// Offset of the first term.
    pub offset: u64,
    /// Number of terms written.
    pub terms: u64,
    /// The b-file's name in the folder.
    pub file: String,
}

/// Everything the page shows.
#[derive(Clone, Debug)]
pub struct Page<'a> {
    /// The page's title.
    pub title: String,
    /// Every file of the run, in the order written.
    pub files: Vec<PageFile>,
    /// The verification report, when the run made one.
    pub report: Option<&'a Report>,
    /// The b-files of the catalogue.
    pub catalogue: Vec<PageSequence>,
    /// The run's figures, as (label, value): time, machine, version.
    pub figures: Vec<(String, String)>,
}

/// The section anchors of the page, in order (tests look for them).
pub const SECTIONS: [&str; 6] = [
    "files",
    "verification",
    "pictures",
    "catalogue",
    "games",
    "figures",
];

/// `s` with `& < > " '` replaced by their character references.
pub fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// A file name as a link target: the name, with the characters that would end or change an
/// attribute or a URL percent-encoded.
fn href(name: &str) -> String {
    let mut o = String::new();
    for b in name.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => o.push(b as char),
            _ => {
                let _ = write!(o, "%{b:02X}");
            }
        }
    }
    o
}

/// A byte count for people.
fn size(b: u64) -> String {
    match b {
        0..=9_999 => format!("{b} B"),
        10_000..=9_999_999 => format!("{} kB", b / 1000),
        _ => format!("{} MB", b / 1_000_000),
    }
}

const STYLE: &str = "body{font-family:sans-serif;max-width:72em;margin:2em auto;padding:0 1em;\
color:#222}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;\
padding:.25em .6em;text-align:left;vertical-align:top}th{background:#eee}\
.ok{color:#064;font-weight:bold}.fail{color:#fff;background:#b00;font-weight:bold}\
.skipped{color:#850;font-weight:bold}.banner{padding:.6em 1em;margin:1em 0}\
.banner.ok{background:#dfd}.banner.fail{background:#b00;color:#fff}figure{margin:1em 0}\
img{max-width:100%;border:1px solid #ccc}figcaption{font-size:90%;color:#555}\
td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}";

/// The page as HTML.
pub fn render(p: &Page) -> String {
    let mut h = String::new();
    head(&mut h, p);
    files_section(&mut h, &p.files);
    verification_section(&mut h, p.report);
    pictures_section(&mut h, &p.files);
    catalogue_section(&mut h, &p.catalogue);
    games_section(&mut h);
    figures_section(&mut h, &p.figures);
    h.push_str("</body>\n</html>\n");
    h
}

/// The document's head, the title and the list of sections.
fn head(h: &mut String, p: &Page) {
    let e = escape;
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        e(&p.title),
        e(&p.title)
    );
    let _ = writeln!(
        h,
        "<p>Sections: {}.</p>",
        SECTIONS
            .iter()
            .map(|s| format!("<a href=\"#{s}\">{s}</a>"))
            .collect::<Vec<_>>()
            .join(", ")
    );
}

/// What was computed: a row per file of the run.
fn files_section(h: &mut String, files: &[PageFile]) {
    let e = escape;
    let _ = writeln!(
        h,
        "<h2 id=\"files\">What was computed</h2>\n<table>\n<tr><th>file</th><th>size</th>\
         <th>time (s)</th><th>what it holds</th></tr>"
    );
    for f in files {
        let _ = writeln!(
            h,
            "<tr><td><a href=\"{}\">{}</a></td><td class=\"num\">{}</td>\
             <td class=\"num\">{:.2}</td><td>{}</td></tr>",
            href(&f.name),
            e(&f.name),
            size(f.bytes),
            f.seconds,
            e(&f.what)
        );
    }
    h.push_str("</table>\n");
}

/// The verification report: a banner and a row per check, or a line saying there is none.
fn verification_section(h: &mut String, report: Option<&Report>) {
    let _ = writeln!(h, "<h2 id=\"verification\">Verification</h2>");
    match report {
        None => h.push_str("<p>This run made no verification report.</p>\n"),
        Some(r) => checks_table(h, r),
    }
}

/// The banner (FAIL or no check failed) and the table of the report's checks.
fn checks_table(h: &mut String, r: &Report) {
    let e = escape;
    let failed = r.checks.iter().filter(|c| c.status == Status::Fail).count();
    let skipped = r
        .checks
        .iter()
        .filter(|c| c.status == Status::Skipped)
        .count();
    if failed > 0 {
        let _ = writeln!(
            h,
            "<p class=\"banner fail\">FAIL: {failed} of {} checks failed.</p>",
            r.checks.len()
        );
    } else {
        let _ = writeln!(
            h,
            "<p class=\"banner ok\">No check failed: {} ok, {skipped} skipped (each with \
             its reason).</p>",
            r.checks.len() - skipped
        );
    }
    h.push_str(
        "<table>\n<tr><th>check</th><th>status</th><th>count</th><th>covers</th>\
         <th>reason or counterexample</th></tr>\n",
    );
    for c in &r.checks {
        let (class, word) = match c.status {
            Status::Ok => ("ok", "ok"),
            Status::Fail => ("fail", "FAIL"),
            Status::Skipped => ("skipped", "skipped"),
        };
        let note = c
            .counterexample
            .as_deref()
            .map(|x| format!("counterexample: {x}"))
            .or_else(|| c.reason.clone())
            .unwrap_or_default();
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td class=\"{class}\">{word}</td><td class=\"num\">{}</td>\
             <td>{}</td><td>{}</td></tr>",
            e(&c.name),
            c.count,
            e(&c.covers),
            e(&note)
        );
    }
    h.push_str("</table>\n");
}

/// The pictures of the run (its PNG files), each with its caption.
fn pictures_section(h: &mut String, files: &[PageFile]) {
    let e = escape;
    let _ = writeln!(h, "<h2 id=\"pictures\">Pictures</h2>");
    let pictures: Vec<&PageFile> = files.iter().filter(|f| f.name.ends_with(".png")).collect();
    if pictures.is_empty() {
        h.push_str("<p>This run drew no pictures.</p>\n");
    }
    for f in pictures {
        let _ = writeln!(
            h,
            "<figure><img src=\"{}\" alt=\"{}\"><figcaption>{}: {}</figcaption></figure>",
            href(&f.name),
            e(&f.what),
            e(&f.name),
            e(&f.what)
        );
    }
}

/// The OEIS catalogue: a row per b-file, with its link.
fn catalogue_section(h: &mut String, catalogue: &[PageSequence]) {
    let e = escape;
    let _ = writeln!(
        h,
        "<h2 id=\"catalogue\">OEIS b-files</h2>\n<table>\n<tr><th>A-number</th><th>title</th>\
         <th>offset</th><th>terms</th><th>b-file</th></tr>"
    );
    for s in catalogue {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td><a href=\"{}\">{}</a></td></tr>",
            e(&s.anum),
            e(&s.title),
            s.offset,
            s.terms,
            href(&s.file),
            e(&s.file)
        );
    }
    h.push_str("</table>\n");
}

/// The games of the registry ([`crate::registry::FAMILIES`]): a row per family, its names, what
/// it is and its engine.
fn games_section(h: &mut String) {
    let e = escape;
    let _ = writeln!(
        h,
        "<h2 id=\"games\">Games</h2>\n<p>Each game below answers P or N and every winning move \
         (<code>wythoff move --game NAME</code>), is played by <code>wythoff play --game \
         NAME</code>, and is held against the brute-force oracle of its rules by the tests.</p>\n\
         <table>\n<tr><th>names</th><th>game</th><th>engine</th></tr>"
    );
    for f in crate::registry::FAMILIES {
        let _ = writeln!(
            h,
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
            e(f.pattern),
            e(f.about),
            e(f.engine)
        );
    }
    h.push_str("</table>\n");
}

/// The run's figures (time, machine, version).
fn figures_section(h: &mut String, figures: &[(String, String)]) {
    let e = escape;
    let _ = writeln!(h, "<h2 id=\"figures\">The run</h2>\n<table>");
    for (k, v) in figures {
        let _ = writeln!(h, "<tr><th>{}</th><td>{}</td></tr>", e(k), e(v));
    }
    h.push_str("</table>\n");
}

/// The machine in words: cores, processor model and memory (from /proc on Linux; what is not
/// known is left out).
pub fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let cpu = std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|s| {
        s.lines()
            .find(|l| l.starts_with("model name"))
            .and_then(|l| l.split(':').nth(1))
            .map(|m| m.trim().to_string())
    });
    let mem = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        let l = s.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kb: u64 = l.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb >> 20)
    });
    let mut m = format!("{cores} cores");
    if let Some(c) = cpu {
        m.push_str(&format!(" ({c})"));
    }
    if let Some(g) = mem {
        m.push_str(&format!(", {g} GiB of memory"));
    }
    m
}

/// The present time in UTC as `YYYY-MM-DD HH:MM:SS UTC` (from the system clock; days to a
/// civil date by H. Hinnant's algorithm, "chrono-Compatible Low-Level Date Algorithms").
pub fn utc_now() -> String {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc(t)
}

/// Unix seconds `t` as `YYYY-MM-DD HH:MM:SS UTC`.
pub fn utc(t: u64) -> String {
    let (days, secs) = (t / 86400, t % 86400);
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::report::Check;

    fn report(status: Status) -> Report {
        let mut r = Report {
            config: crate::verify::Config::up_to(10),
            checks: vec![],
            measurements: vec![],
        };
        r.checks.push(Check {
            name: "floor <= mex & co".into(),
            status,
            reason: None,
            count: 7,
            covers: "every n < 10".into(),
            counterexample: (status == Status::Fail).then(|| "n = 5: 8 != 9".into()),
            facts: Default::default(),
        });
        r
    }

    fn page(r: &Report) -> String {
        render(&Page {
            title: "t <x>".into(),
            files: vec![PageFile {
                name: "a b.png".into(),
                what: "<script>".into(),
                bytes: 12,
                seconds: 0.5,
            }],
            report: Some(r),
            catalogue: vec![],
            figures: vec![("time".into(), "1 s".into())],
        })
    }

    #[test]
    fn a_failed_check_shows_as_fail() {
        let ok = page(&report(Status::Ok));
        assert!(
            ok.contains("<td class=\"ok\">ok</td>") && !ok.contains("FAIL"),
            "{ok}"
        );
        let bad = page(&report(Status::Fail));
        assert!(bad.contains("<td class=\"fail\">FAIL</td>"), "{bad}");
        assert!(bad.contains("FAIL: 1 of 1 checks failed"), "{bad}");
        assert!(bad.contains("counterexample: n = 5: 8 != 9"), "{bad}");
    }

    #[test]
    fn dates_in_utc() {
        // published instants: the Unix epoch, 2000-03-01 (a leap year's day after Feb 29),
        // 2026-11-22 13:30:51
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(951_868_800), "2000-03-01 00:00:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(1_795_354_251), "2026-11-22 13:30:51 UTC");
    }

    #[test]
    fn text_is_escaped_and_names_are_encoded() {
        let h = page(&report(Status::Ok));
        assert!(!h.contains("<script>") && h.contains("&lt;script&gt;"));
        assert!(h.contains("<title>t &lt;x&gt;</title>"));
        assert!(h.contains("floor &lt;= mex &amp; co"));
        assert!(h.contains("src=\"a%20b.png\""));
        for s in SECTIONS {
            assert!(h.contains(&format!("id=\"{s}\"")), "{s}");
        }
    }

    #[test]
    fn the_games_section_has_a_row_per_family_of_the_registry() {
        let h = page(&report(Status::Ok));
        let section = &h[h.find("id=\"games\"").unwrap()..];
        let table = &section[..section.find("</table>").unwrap()];
        let rows = table.matches("<tr><td>").count();
        assert_eq!(rows, crate::registry::FAMILIES.len());
        for f in crate::registry::FAMILIES {
            assert!(table.contains(&escape(f.pattern)), "{}", f.pattern);
            assert!(table.contains(&escape(f.engine)), "{}", f.engine);
        }
    }
}
