//! `grundy --check`, `grundy get` and `grundy png` on table files built here from the rules and
//! the documented format (not by the engine): a correct table passes; one corrupted cell — with
//! the checksum fixed up, so that only the proof can catch it — fails with that cell named
//! and status 1; an invalid header or length is refused with status 2, never a signal.

mod common;
use common::*;
use std::path::Path;
use std::process::Output;

#[test]
fn correct_tables_pass_and_each_kind_of_corruption_names_the_cell() {
    let dir = tempfile::tempdir().unwrap();
    let n = 40;
    for a in 1..=3usize {
        let sq = naive(n, a);
        let good = file_bytes(&sq, n, a as u64);
        let f = write(dir.path(), "good.bin", &good);
        let o = run_ok(&["grundy", "--check", s(&f)]);
        assert!(text(&o).starts_with("ok: a = "), "{}", text(&o));
        let (x, y) = (9, 23);
        let g = sq[x * n + y];
        let opts = options(a, x, y);
        let opt_values: Vec<u32> = opts.iter().map(|&(u, w)| sq[u * n + w]).collect();
        // a wrong value: the largest the width holds (far above the mex)
        // a repeated value: that of the option (x, 0)
        // a non-minimal value: above the mex, at no option
        let non_minimal = (g + 1..).find(|v| !opt_values.contains(v)).unwrap();
        let cases = [
            (255, "value", format!("value {g} missing among its options")),
            (
                sq[x * n],
                "repeated",
                format!("value {} also at option", sq[x * n]),
            ),
            (
                non_minimal,
                "non-minimal",
                format!("value {g} missing among its options"),
            ),
        ];
        for (v, what, why) in cases {
            let bad = corrupt(&good, n, x, y, v, true);
            let f = write(dir.path(), "bad.bin", &bad);
            let o = wythoff(&["grundy", "--check", s(&f)]);
            let t = text(&o);
            assert_eq!(o.status.code(), Some(1), "a={a} {what}: {t}");
            assert!(t.starts_with("FAIL"), "{t}");
            assert!(
                t.contains(&format!("G({x}, {y}) = {v}: {why}")),
                "{what}: {t}"
            );
            // the checksum was fixed up: only the proof fails
            assert!(
                t.lines()
                    .any(|l| l.starts_with("ok ") && l.contains("file checksum")),
                "{t}"
            );
            let o = wythoff(&["grundy", "--check", s(&f), "--json"]);
            let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            assert_eq!(j["version"], 1);
            assert_eq!(j["ok"], false);
            assert_eq!(j["N"], n.to_string());
            let proof = &j["checks"][1];
            assert_eq!(proof["name"], "mex_proof");
            assert_eq!(proof["status"], "FAIL");
            assert_eq!(proof["bad_cell"]["x"], x.to_string());
            assert_eq!(proof["bad_cell"]["y"], y.to_string());
            assert_eq!(proof["bad_cell"]["value"], v.to_string());
            if what == "repeated" {
                // the option named holds that value and is an option of (x, y)
                let ox: usize = proof["bad_cell"]["option"][0]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                let oy: usize = proof["bad_cell"]["option"][1]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!(opts.contains(&(ox, oy)) && sq[ox * n + oy] == v, "{j}");
            }
        }
    }
}

#[test]
fn a_damaged_payload_fails_its_check_and_is_refused_by_get_and_png() {
    let dir = tempfile::tempdir().unwrap();
    let n = 30;
    let sq = naive(n, 1);
    let mut bytes = file_bytes(&sq, n, 1);
    bytes[64 + 100] ^= 0x40;
    let f = write(dir.path(), "t.bin", &bytes);
    let f = s(&f);
    let o = wythoff(&["grundy", "--check", f, "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["checks"][0]["name"], "checksum");
    assert_eq!(j["checks"][0]["status"], "FAIL");
    let o = wythoff(&["grundy", "get", f, "1", "2"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("damaged"), "{}", text(&o));
    assert!(o.stdout.is_empty());
    let png = dir.path().join("t.png");
    let o = wythoff(&["grundy", "png", f, s(&png)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(!png.exists());
}

#[test]
fn invalid_headers_and_lengths_are_usage_errors_never_signals() {
    let dir = tempfile::tempdir().unwrap();
    let n = 20;
    let good = file_bytes(&naive(n, 2), n, 2);
    let set = |o: usize, v: &[u8]| {
        let mut b = good.clone();
        b[o..o + v.len()].copy_from_slice(v);
        b
    };
    let mut longer = good.clone();
    longer.push(0);
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "huge N",
            set(24, &u64::MAX.to_le_bytes()),
            "N = 18446744073709551615",
        ),
        ("N = 2^40", set(24, &(1u64 << 40).to_le_bytes()), "width"),
        (
            "N + 1",
            set(24, &(n as u64 + 1).to_le_bytes()),
            "payload length",
        ),
        ("N = 0", set(24, &0u64.to_le_bytes()), "N = 0"),
        ("a = 0", set(16, &0u64.to_le_bytes()), "a = 0"),
        ("bad width", set(36, &2u32.to_le_bytes()), "width"),
        ("width 0", set(36, &0u32.to_le_bytes()), "width"),
        (
            "stated length",
            set(40, &7u64.to_le_bytes()),
            "payload length",
        ),
        ("truncated", good[..good.len() - 1].to_vec(), "truncated"),
        ("trailing byte", longer, "trailing"),
        ("header only", good[..64].to_vec(), "truncated"),
        ("shorter than a header", good[..30].to_vec(), "shorter"),
        ("empty", Vec::new(), "shorter"),
        ("magic", set(0, b"WYTHOFX\0"), "magic"),
        ("version", set(8, &9u32.to_le_bytes()), "version"),
        ("kind", set(12, &1u32.to_le_bytes()), "kind"),
        ("layout", set(32, &2u32.to_le_bytes()), "layout"),
        ("reserved", set(52, &[1]), "reserved"),
        // format version 1, intact: refused, saying why and what to do
        (
            "version 1",
            v1_bytes(&good),
            "format version 1 (header not covered",
        ),
    ];
    for (what, bytes, says) in cases {
        let f = write(dir.path(), "h.bin", &bytes);
        let f = s(&f);
        let png = dir.path().join("h.png");
        for args in [
            vec!["grundy", "--check", f],
            vec!["grundy", "get", f, "0", "0"],
            vec!["grundy", "png", f, s(&png)],
        ] {
            let o = wythoff(&args);
            assert_eq!(o.status.code(), Some(2), "{what} {args:?}: {}", text(&o));
            assert!(o.stdout.is_empty(), "{what}");
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(err.lines().count(), 1, "{what}: {err}");
            assert!(err.contains(says), "{what}: {err}");
        }
        assert!(!png.exists());
    }
    // a directory and a missing file
    for f in [dir.path().to_str().unwrap(), "/no/such/table.bin"] {
        let o = wythoff(&["grundy", "--check", f]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    }
}

/// Every command that reads a table file, on `f` (PNGs go to `png`).
fn readers<'a>(f: &'a str, png: &'a str) -> Vec<Vec<&'a str>> {
    vec![
        vec!["oeis", "A047708", "--table", f],
        vec!["verify", "--bound", "1", "--table", f],
        vec!["grundy", "get", f, "0", "0"],
        vec!["grundy", "png", f, png],
        vec!["grundy", "--check", f],
    ]
}

/// Runs each of the [`readers`] of `f`: (its arguments, its run, all it printed).
fn run_readers(f: &Path, png: &str) -> Vec<(Vec<String>, Output, String)> {
    readers(s(f), png)
        .into_iter()
        .map(|args| {
            let o = wythoff(&args);
            let t = text(&o);
            (args.iter().map(|a| a.to_string()).collect(), o, t)
        })
        .collect()
}

#[test]
fn a_relabelled_header_is_refused_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    let n = 40;
    let png = dir.path().join("r.png");
    let png = s(&png);
    for (from, to) in [(2u64, 1u64), (1, 2), (1, 3)] {
        let good = file_bytes(&naive(n, from as usize), n, from);
        // the file as written is read by all (A047708 only from a table of a = 1)
        let f = write(dir.path(), "good.bin", &good);
        for (args, o, _) in run_readers(&f, png) {
            let want = if from != 1 && args[0] == "oeis" { 2 } else { 0 };
            assert_eq!(o.status.code(), Some(want), "{args:?}: {}", text(&o));
        }
        std::fs::remove_file(png).unwrap();
        // a relabelled, its checksum left alone: a well-formed header over another game's values
        let mut b = good.clone();
        b[16..24].copy_from_slice(&to.to_le_bytes());
        let f = write(dir.path(), "relabelled.bin", &b);
        for (args, o, t) in run_readers(&f, png) {
            assert_eq!(o.status.code(), Some(1), "a {from} -> {to} {args:?}: {t}");
            if args[0] == "grundy" && args[1] == "--check" {
                assert!(t.starts_with("FAIL"), "{t}");
                assert!(
                    t.lines()
                        .any(|l| l.contains("FAIL") && l.contains("file checksum")),
                    "{t}"
                );
            } else if args[0] == "verify" {
                assert!(t.contains("table file checksum"), "{t}");
                assert!(t.contains("header field edited"), "{t}");
            } else {
                assert!(o.stdout.is_empty(), "{args:?}: {t}");
                assert!(t.contains("damaged") && t.lines().count() == 1, "{t}");
            }
        }
        assert!(!Path::new(png).exists());
    }
    // N relabelled to 39 and the file cut to that table's length, the checksum left alone
    let good = file_bytes(&naive(n, 1), n, 1);
    let m = 39u64;
    let len = (m * (m + 1) / 2) as usize; // width 1
    let mut b = good[..64 + len].to_vec();
    b[24..32].copy_from_slice(&m.to_le_bytes());
    b[40..48].copy_from_slice(&(len as u64).to_le_bytes());
    let f = write(dir.path(), "cut.bin", &b);
    for (args, o, _) in run_readers(&f, png) {
        assert_eq!(o.status.code(), Some(1), "N -> 39 {args:?}: {}", text(&o));
    }
    // N relabelled alone: the header contradicts the file's length, refused before reading
    let mut b = good.clone();
    b[24..32].copy_from_slice(&m.to_le_bytes());
    let f = write(dir.path(), "n.bin", &b);
    for (args, o, t) in run_readers(&f, png) {
        assert_eq!(o.status.code(), Some(2), "N alone {args:?}: {t}");
        assert!(t.contains("payload length"), "{t}");
    }
    // a version 1 file (checksum of the payload alone) is refused by every reader, saying why
    let f = write(dir.path(), "v1.bin", &v1_bytes(&good));
    for (args, o, t) in run_readers(&f, png) {
        assert_eq!(o.status.code(), Some(2), "v1 {args:?}: {t}");
        assert!(
            t.contains("format version 1") && t.contains("regenerate"),
            "{t}"
        );
        assert_eq!(t.lines().count(), 1, "{t}");
    }
    assert!(!Path::new(png).exists());
}

#[test]
fn get_outside_the_table_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let n = 12;
    let sq = naive(n, 1);
    let f = write(dir.path(), "t.bin", &file_bytes(&sq, n, 1));
    let f = s(&f);
    let o = wythoff(&["grundy", "get", f, "3", "0..11"]);
    assert_eq!(o.status.code(), Some(0));
    let want: Vec<String> = (0..n).map(|y| sq[3 * n + y].to_string()).collect();
    assert_eq!(String::from_utf8_lossy(&o.stdout), want.join(" ") + "\n");
    for (x, y) in [
        ("12", "0"),
        ("0", "12"),
        ("0..12", "1"),
        ("18446744073709551615", "0"),
        ("2^64", "0"),
        ("5..3", "0"),
    ] {
        let o = wythoff(&["grundy", "get", f, x, y]);
        assert_eq!(o.status.code(), Some(2), "({x}, {y}): {}", text(&o));
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn engine_tables_are_proved_for_a_1_to_5() {
    let dir = tempfile::tempdir().unwrap();
    let n = 150;
    for a in 1..=5usize {
        let f = dir.path().join(format!("a{a}.bin"));
        run_ok(&["grundy", &n.to_string(), "-a", &a.to_string(), "-o", s(&f)]);
        // the engine's file is the naive table in the documented format, byte for byte
        assert_eq!(
            std::fs::read(&f).unwrap(),
            common::v3_bytes(&file_bytes(&naive(n, a), n, a as u64))
        );
        let o = run_ok(&["grundy", "--check", s(&f), "--json"]);
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(j["ok"], true);
        let cells = (n * (n + 1) / 2).to_string();
        for c in j["checks"].as_array().unwrap() {
            assert_eq!(c["status"], "ok", "{j}");
            assert_eq!(c["cells"], cells, "{j}");
        }
    }
}
