//! The default job end to end with its small preset (`generate --quick`): every file is there,
//! whole, and agrees with independent data — the published OEIS terms (data/oeis), pairs recomputed
//! from the rules (a mex sweep), the Grundy table by a naive mex, and the three-pile P-positions
//! by a game search (all three in tests/common).

mod common;

use common::{
    check, mex_pairs_through, naive_rows, names, published, run_ok, s, stdout, three_pile_p,
    wythoff,
};

#[test]
fn quick_preset_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    run_ok(&["generate", "--quick", "--out", s(&out)]);
    let files = names(&out);
    assert!(
        files
            .iter()
            .all(|n| !n.contains("partial") && !n.contains("probe")),
        "leftovers: {files:?}"
    );
    assert_eq!(files.len(), 70, "{files:?}");

    // b-files against the published terms, byte format `n a(n)`.
    for anum in [
        "A000201", "A001950", "A002251", "A004481", "A047708", "A018219", "A046874", "A046875",
    ] {
        let (offset, terms) = published(anum);
        let text = std::fs::read_to_string(out.join(format!("b{}.txt", &anum[1..]))).unwrap();
        assert!(text.ends_with('\n'));
        for (i, (line, t)) in text.lines().zip(&terms).enumerate() {
            assert_eq!(line, format!("{} {t}", offset + i as u64), "{anum}");
        }
    }

    // Pairs files against the mex recursion.
    for (file, a, misere) in [
        ("pairs_a1.txt", 1, false),
        ("pairs_a2.txt", 2, false),
        ("pairs_a1_misere.txt", 1, true),
        ("pairs_a2_misere.txt", 2, true),
    ] {
        let want = mex_pairs_through(a, misere, 1000);
        let text = std::fs::read_to_string(out.join(file)).unwrap();
        let got: Vec<(u64, u64)> = text
            .lines()
            .map(|l| {
                let v: Vec<u64> = l.split(' ').map(|x| x.parse().unwrap()).collect();
                (v[1], v[2])
            })
            .collect();
        assert_eq!(got.len(), want.len(), "{file}");
        if let Some(n) = (0..want.len()).find(|&n| got[n] != want[n]) {
            panic!("{file}: n = {n}: {:?} instead of {:?}", got[n], want[n]);
        }
    }

    // The binary file: header fields and payload against the recursion.
    let bin = std::fs::read(out.join("pairs_a1.bin")).unwrap();
    assert_eq!(&bin[0..8], b"WYTHOFF\0");
    let want = mex_pairs_through(1, false, 10_000);
    assert_eq!(bin.len(), 80 + want.len() * 16);
    for (n, (a, b)) in want.iter().enumerate() {
        let at = 80 + n * 16;
        let x = u64::from_le_bytes(bin[at..at + 8].try_into().unwrap());
        let y = u64::from_le_bytes(bin[at + 8..at + 16].try_into().unwrap());
        assert_eq!((x, y), (*a, *b), "n = {n}");
    }

    // The Grundy table against a naive mex from the rules, read back through `grundy get`.
    let g = naive_rows(40, 40, 1);
    let table = out.join("grundy_a1_256.bin");
    let st = wythoff(&["grundy", "get", s(&table), "0..39", "0..39"]);
    assert!(st.status.success());
    let got: Vec<Vec<u32>> = stdout(&st)
        .lines()
        .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(got, g);

    // Three-pile positions against a game search of the cube up to 12.
    let text = std::fs::read_to_string(out.join("three_pile_100.txt")).unwrap();
    let listed: std::collections::HashSet<[usize; 3]> = text
        .lines()
        .map(|l| {
            let v: Vec<usize> = l.split(' ').map(|x| x.parse().unwrap()).collect();
            [v[0], v[1], v[2]]
        })
        .collect();
    let mut in_cube: Vec<[usize; 3]> = listed
        .into_iter()
        .filter(|&[x, y, z]| x <= y && y <= z && z <= 12)
        .collect();
    in_cube.sort();
    assert_eq!(in_cube, three_pile_p(12));

    // The report says it passed, check by check, and the job said so by its exit status.
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("verify.json")).unwrap()).unwrap();
    assert_eq!(report["version"], 1);
    assert_eq!(report["ok"], true);
    let checks = report["checks"].as_array().unwrap();
    assert!(checks.len() >= 8, "{checks:?}");
    assert!(checks.iter().all(|c| c["status"] == "ok"), "{checks:?}");
    assert_eq!(checks[0]["count"], "1000000");
    // the job's own table, read back: its checksum and the facts of a = 1, and the plots
    let names: Vec<&str> = checks.iter().map(|c| c["name"].as_str().unwrap()).collect();
    for name in [
        "table file checksum",
        "diagonal is a permutation",
        "G(x, y) <= x + y",
    ] {
        assert!(names.contains(&name), "{names:?}");
    }
    let table = check(&report, "G(x, y) <= x + y");
    assert_eq!(table["count"], (256 * 257 / 2).to_string());
    let ms = report["measurements"].as_array().unwrap();
    assert!(
        ms.iter()
            .any(|m| m["name"] == "g-values near 0-values (Nivasch)" && m["values"]["N"] == "256")
    );
    for png in ["nivasch_d.png", "one_values.png"] {
        let b = std::fs::read(out.join(png)).unwrap();
        assert!(b.starts_with(b"\x89PNG"), "{png}");
    }
    check_page(&out, &files);
}

/// The values of every `attr="..."` in the page, percent-decoded.
fn attribute(html: &str, attr: &str) -> Vec<String> {
    let key = format!(" {attr}=\"");
    html.split(&key)
        .skip(1)
        .map(|rest| {
            let v = &rest[..rest.find('"').unwrap()];
            let b = v.as_bytes();
            let mut out = Vec::new();
            let mut i = 0;
            while i < b.len() {
                if b[i] == b'%' {
                    out.push(u8::from_str_radix(&v[i + 1..i + 3], 16).unwrap());
                    i += 3;
                } else {
                    out.push(b[i]);
                    i += 1;
                }
            }
            String::from_utf8(out).unwrap()
        })
        .collect()
}

/// `index.html`: every section, every link resolving to a file of the folder (every file of the
/// run linked), every image a PNG that decodes, the verification table equal to verify.json's
/// checks in order (name and status), and no external resource.
fn check_page(out: &std::path::Path, names: &[String]) {
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    for s in [
        "files",
        "verification",
        "pictures",
        "catalogue",
        "games",
        "figures",
    ] {
        assert!(
            html.contains(&format!("<h2 id=\"{s}\">")),
            "section {s} missing"
        );
    }
    assert!(!html.contains("http://") && !html.contains("https://") && !html.contains("<script"));
    let links = attribute(&html, "href");
    for l in &links {
        if let Some(anchor) = l.strip_prefix('#') {
            assert!(html.contains(&format!("id=\"{anchor}\"")), "anchor {l}");
        } else {
            assert!(!l.contains('/'), "{l} is not a file of the folder");
            assert!(out.join(l).is_file(), "link {l} does not resolve");
        }
    }
    for n in names.iter().filter(|n| *n != "index.html") {
        assert!(links.contains(n), "{n} is not linked from the page");
    }
    let images = attribute(&html, "src");
    assert_eq!(
        images.len(),
        names.iter().filter(|n| n.ends_with(".png")).count()
    );
    for i in &images {
        let f = std::fs::File::open(out.join(i)).unwrap();
        let mut d = png::Decoder::new(std::io::BufReader::new(f))
            .read_info()
            .unwrap();
        let mut buf = vec![0; d.output_buffer_size().unwrap()];
        d.next_frame(&mut buf).unwrap();
    }
    // the verification table: one row per check of the report, same name and status, in order
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("verify.json")).unwrap()).unwrap();
    let section =
        &html[html.find("id=\"verification\"").unwrap()..html.find("id=\"pictures\"").unwrap()];
    let rows: Vec<&str> = section.split("<tr><td>").skip(1).collect();
    let checks = report["checks"].as_array().unwrap();
    assert_eq!(rows.len(), checks.len());
    for (row, c) in rows.iter().zip(checks) {
        let status = match c["status"].as_str().unwrap() {
            "ok" => "<td class=\"ok\">ok</td>",
            "FAIL" => "<td class=\"fail\">FAIL</td>",
            _ => "<td class=\"skipped\">skipped</td>",
        };
        let name = c["name"]
            .as_str()
            .unwrap()
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert!(row.starts_with(&format!("{name}</td>")), "{row} / {name}");
        assert!(row.contains(status), "{row}");
    }
    assert!(
        section.contains("No check failed"),
        "the quick job's checks all pass"
    );
}

#[test]
fn unwritable_output_folder_is_refused_before_work() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"x").unwrap();
    let st = wythoff(&["generate", "--quick", "--out", s(&file)]);
    assert_eq!(st.status.code(), Some(2));
    assert_eq!(std::fs::read(&file).unwrap(), b"x");
    for bad in [["--scale", "0"], ["--scale", "1e18"]] {
        let never = dir.path().join("never");
        let st = wythoff(&["generate", bad[0], bad[1], "--out", s(&never)]);
        assert_eq!(st.status.code(), Some(2));
        assert!(!dir.path().join("never").exists());
    }
}
