//! Line-game table files (kind 6, doc/formats.md): `grundy N --rules R -o FILE` decoded here
//! from the documented format and compared with a naive mex written from the rules; `grundy get`,
//! `grundy png`, `grundy --check FILE` (the proof against the rules in the header: crafted files
//! with a changed value or changed rules, re-sealed so that only the proof can catch them) and
//! `oeis A3073xx --table FILE` against the entries' published terms; crafted and unsuitable files
//! refused with one line.

use std::path::Path;

mod common;
use common::{line_naive, published, refused, s, seal_line_v2, text, u32_at, u64_at, wythoff};

fn rules_text(rules: &[(u32, u32)]) -> String {
    let r: Vec<String> = rules.iter().map(|(p, q)| format!("{p},{q}")).collect();
    r.join(":")
}

/// A decoded line-game table file, read by the layout of doc/formats.md.
struct Decoded {
    n: usize,
    rules: Vec<(u32, u32)>,
    width: usize,
    values: Vec<u32>,
}

fn decode(b: &[u8]) -> Decoded {
    assert_eq!(&b[..8], b"WYTHOFF\0");
    assert_eq!((u32_at(b, 8), u32_at(b, 12), u32_at(b, 32)), (2, 6, 2));
    let n = u64_at(b, 16) as usize;
    let r = u32_at(b, 24) as usize;
    let width = u32_at(b, 28) as usize;
    assert_eq!(u64_at(b, 40), (n * n * width) as u64);
    assert_eq!((u32_at(b, 36), u64_at(b, 48)), (0, 64));
    let rules = (0..r)
        .map(|i| (u32_at(b, 64 + 8 * i), u32_at(b, 68 + 8 * i)))
        .collect();
    let start = 64 + 8 * r;
    let end = start + n * n * width;
    assert_eq!(b.len(), end + 8 * n.div_ceil(64));
    let values = b[start..end]
        .chunks_exact(width)
        .map(|c| {
            let mut v = [0u8; 4];
            v[..width].copy_from_slice(c);
            u32::from_le_bytes(v)
        })
        .collect();
    // the band index after the values, and the checksum over the header, rules and index
    let index = common::line_band_index(b).unwrap();
    assert_eq!(&b[end..], &index[..]);
    assert_eq!(u64_at(b, 56), common::line_checksum_v2(b, &index));
    Decoded {
        n,
        rules,
        width,
        values,
    }
}

fn ok(args: &[&str]) -> String {
    let o = wythoff(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o));
    String::from_utf8(o.stdout).unwrap()
}

fn write_table(dir: &Path, name: &str, n: usize, rules: &str) -> Vec<u8> {
    let p = dir.join(name);
    ok(&["grundy", &n.to_string(), "--rules", rules, "-o", s(&p)]);
    std::fs::read(&p).unwrap()
}

#[test]
fn written_files_hold_the_naive_mex_and_their_rules() {
    let dir = tempfile::tempdir().unwrap();
    for (rules, n) in [
        (&[(1, 0), (0, 1)][..], 70),
        (&[(1, 0), (3, 2), (0, 1)], 61),
        (&[(2, 2)], 40),
        (&[(1, 2), (2, 1)], 45),
        (&[(1, 0), (0, 1), (1, 1), (2, 5), (5, 2)], 50),
        (&[(0, 3), (1, 0), (64, 64)], 30),
    ] {
        let b = write_table(dir.path(), "t.bin", n, &rules_text(rules));
        let d = decode(&b);
        assert_eq!((d.n, d.rules.as_slice()), (n, rules));
        let wide: Vec<(usize, usize)> = rules.iter().map(|&(p, q)| (p as _, q as _)).collect();
        assert_eq!(d.values, line_naive(n, &wide), "{rules:?}");
        // the width is the least holding the bound Σ ⌊(N − 1)/max(p, q)⌋ on the values
        let bound: u32 = rules.iter().map(|&(p, q)| (n as u32 - 1) / p.max(q)).sum();
        assert_eq!(d.width, if bound < 256 { 1 } else { 2 }, "{rules:?}");
        let f = dir.path().join("t.bin");
        let out = ok(&["grundy", "--check", s(&f)]);
        assert!(out.starts_with("ok: rules "), "{out}");
        // grundy get: a block, row by row
        let got = ok(&["grundy", "get", s(&f), "3..5", "0..9"]);
        let want: Vec<String> = (3..=5)
            .map(|x| {
                let row: Vec<String> = (0..10).map(|y| d.values[x * n + y].to_string()).collect();
                row.join(" ")
            })
            .collect();
        assert_eq!(got, want.join("\n") + "\n");
    }
}

#[test]
fn nim_and_wythoff_as_line_games_match_their_closed_form_and_engine() {
    let dir = tempfile::tempdir().unwrap();
    let nim = decode(&write_table(dir.path(), "nim.bin", 300, "1,0:0,1"));
    for x in 0..300 {
        for y in 0..300 {
            assert_eq!(nim.values[x * 300 + y] as usize, x ^ y);
        }
    }
    // Wythoff's game as a line game gives, cell for cell, the Wythoff engine's file
    let lines = dir.path().join("w.bin");
    ok(&["grundy", "200", "--game", "wythoff", "-o", s(&lines)]);
    let engine = dir.path().join("e.bin");
    ok(&["grundy", "200", "-o", s(&engine)]);
    let a = ok(&["grundy", "get", s(&lines), "0..199", "0..199"]);
    let b = ok(&["grundy", "get", s(&engine), "0..199", "0..199"]);
    assert_eq!(a, b);
}

#[test]
fn the_proof_catches_values_and_rules_that_the_checksum_cannot() {
    let dir = tempfile::tempdir().unwrap();
    // A307296's game, asymmetric (with 1,0 and 0,1 alone, 3,2 and its mirror 2,3 would both
    // leave Nim's table x XOR y unchanged, as A307296 notes)
    let rules = [(1, 0), (0, 1), (1, 1), (3, 2)];
    let n = 50;
    let good = write_table(dir.path(), "g.bin", n, &rules_text(&rules));
    let start = 64 + 8 * rules.len();
    let width = decode(&good).width;
    let f = dir.path().join("t.bin");
    let check = |bytes: &[u8]| {
        std::fs::write(&f, bytes).unwrap();
        let o = wythoff(&["grundy", "--check", s(&f), "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (o.status.code(), v)
    };
    // one value raised by one, re-sealed: the checksum passes, the proof names the cell
    let (x, y) = (17, 31);
    let mut b = good.clone();
    let i = start + (x * n + y) * width;
    b[i] += 1;
    seal_line_v2(&mut b);
    let (code, v) = check(&b);
    assert_eq!(code, Some(1));
    assert_eq!(v["checks"][0]["status"], "ok");
    assert_eq!(v["checks"][1]["status"], "FAIL");
    assert_eq!(v["checks"][1]["bad_cell"]["x"], x.to_string());
    assert_eq!(v["checks"][1]["bad_cell"]["y"], y.to_string());
    // the same change not re-sealed: the checksum fails too, and get refuses the file
    let mut c = good.clone();
    c[i] += 1;
    let (code, v) = check(&c);
    assert_eq!(code, Some(1));
    assert_eq!(v["checks"][0]["status"], "FAIL");
    let o = wythoff(&["grundy", "get", s(&f), "0", "0"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).contains("damaged"), "{}", text(&o));
    // the rule 3,2 relabelled 2,3, re-sealed: a consistent file of another game, whose values
    // are proved against the rules it names — and fail
    let mut d = good.clone();
    d[64 + 24..64 + 32].copy_from_slice(&[2, 0, 0, 0, 3, 0, 0, 0]);
    seal_line_v2(&mut d);
    let (code, v) = check(&d);
    assert_eq!(code, Some(1));
    assert_eq!(v["rules"], "1,0:0,1:1,1:2,3");
    assert_eq!(v["checks"][1]["status"], "FAIL");
    // the unchanged file passes every check
    let (code, v) = check(&good);
    assert_eq!(code, Some(0));
    assert_eq!(v["cells"], (n * n).to_string());
    assert!(v.get("a").is_none());
    let names: Vec<&str> = (0..3)
        .map(|k| v["checks"][k]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["checksum", "mex_proof", "zeros_vs_line_pairs"]);
}

#[test]
fn nimhof_b_files_from_table_files_equal_the_published_terms() {
    let dir = tempfile::tempdir().unwrap();
    for (anum, game) in [
        ("A307296", "nimhof-a307296"),
        ("A307297", "nimhof-a307297"),
        ("A307298", "nimhof-a307298"),
        ("A307299", "nimhof-a307299"),
        ("A307300", "nimhof-a307300"),
        ("A307301", "nimhof-a307301"),
        ("A307302", "nimhof-a307302"),
    ] {
        let (_, want) = published(anum);
        assert!(want.len() >= 60, "{anum}: {} published terms", want.len());
        let f = dir.path().join(format!("{game}.bin"));
        ok(&["grundy", "20", "--game", game, "-o", s(&f)]);
        let k = want.len().to_string();
        let b = ok(&["oeis", anum, "--table", s(&f), "--terms", &k]);
        let got: Vec<u64> = b
            .lines()
            .map(|l| l.split_once(' ').unwrap().1.parse().unwrap())
            .collect();
        assert_eq!(got, want, "{anum}");
        // more terms than the table's antidiagonals hold: refused, naming the side needed
        refused(
            &["oeis", anum, "--table", s(&f), "--terms", "211"],
            &["side N >= 21"],
        );
    }
}

#[test]
fn crafted_and_unsuitable_files_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = write_table(dir.path(), "g.bin", 30, "1,0:0,1:1,1");
    let wythoff_file = dir.path().join("w.bin");
    ok(&["grundy", "30", "-o", s(&wythoff_file)]);
    let edit = |o: usize, bytes: &[u8]| {
        let mut b = good.clone();
        b[o..o + bytes.len()].copy_from_slice(bytes);
        seal_line_v2(&mut b);
        b
    };
    let f = dir.path().join("t.bin");
    let fs = s(&f);
    for (bytes, says) in [
        (good[..70].to_vec(), "shorter"),
        (good[..good.len() - 1].to_vec(), "truncated"),
        ([&good[..], &[0]].concat(), "trailing"),
        (edit(16, &(1u64 << 20).to_le_bytes()), "65536 rows"),
        (edit(24, &0u32.to_le_bytes()), "0 rules"),
        (edit(28, &4u32.to_le_bytes()), "value width 4"),
        (edit(64, &[0; 8]), "0,0 is not a move"),
        (edit(64, &99u32.to_le_bytes()), "above 64"),
        (edit(72, &[1, 0, 0, 0, 0, 0, 0, 0]), "repeats rule 1"),
        (edit(32, &1u32.to_le_bytes()), "layout 1"),
        (edit(8, &7u32.to_le_bytes()), "version 7"),
    ] {
        std::fs::write(&f, &bytes).unwrap();
        for args in [
            &["grundy", "--check", fs][..],
            &["grundy", "get", fs, "0", "0"],
            &["oeis", "A307300", "--table", fs],
        ] {
            let o = wythoff(args);
            let err = text(&o);
            assert_eq!(o.status.code(), Some(2), "{args:?} {says}: {err}");
            assert!(err.contains(says), "{args:?} {says}: {err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        }
    }
    // readers of Wythoff tables name the kind; NimHof entries refuse a Wythoff table and a
    // line table of other rules
    std::fs::write(&f, &good).unwrap();
    for (args, says) in [
        (
            &["verify", "--table", fs][..],
            "kind 6, a line-game Grundy table",
        ),
        (&["oeis", "A047708", "--table", fs], "kind 6"),
        (&["oeis", "A307300", "--table", fs], "rules 1,0:2,2:0,1"),
        (
            &["oeis", "A307300", "--table", s(&wythoff_file)],
            "line-game table",
        ),
    ] {
        let o = wythoff(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(says), "{args:?}: {}", text(&o));
    }
    // a directory and a missing file
    for p in [dir.path().to_str().unwrap(), "/nonexistent/t.bin"] {
        let o = wythoff(&["grundy", "--check", p]);
        assert_eq!(o.status.code(), Some(2), "{p}: {}", text(&o));
        assert_eq!(text(&o).trim_end().lines().count(), 1);
    }
}

#[test]
fn pictures_of_a_line_table_file_and_of_a_computed_table_agree() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    ok(&["grundy", "64", "--rules", "1,0:1,1:3,2:0,1", "-o", s(&f)]);
    let (a, b) = (dir.path().join("a.png"), dir.path().join("b.png"));
    ok(&["grundy", "png", s(&f), s(&a)]);
    ok(&["grundy", "64", "--rules", "1,0:1,1:3,2:0,1", "--png", s(&b)]);
    let (pa, pb) = (common::png_pixels(&a), common::png_pixels(&b));
    assert_eq!(pa.0, pa.1);
    assert_eq!(pa, pb);
    // the asymmetric game's picture is not symmetric: the file is a full square
    let (w, _, px) = pa;
    let bpp = px.len() / (w * w) as usize;
    let at = |x: usize, y: usize| &px[(x * w as usize + y) * bpp..][..bpp];
    let w = w as usize;
    assert!((0..w).any(|x| (0..w).any(|y| at(x, y) != at(y, x))));
}

#[test]
fn unwritable_outputs_are_refused_before_the_work() {
    refused(
        &[
            "grundy",
            "100",
            "--rules",
            "1,0:0,1",
            "-o",
            "/nonexistent/t.bin",
        ],
        &["-o"],
    );
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("x.png");
    let o = wythoff(&[
        "grundy",
        "100",
        "--game",
        "nim",
        "--png",
        s(&p),
        "--board",
        s(&p),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// An output naming the input table (directly or through a link) is refused
/// and the input kept; `--rules`/`--game` with `--check FILE` are refused (the header gives the
/// rules); a name ending in '/' is refused before the work; other kinds are named.
#[test]
fn outputs_over_the_input_and_misplaced_flags_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    let fs = s(&f);
    ok(&["grundy", "40", "--game", "nim", "-o", fs]);
    let before = std::fs::read(&f).unwrap();
    let link = dir.path().join("link.bin");
    std::os::unix::fs::symlink(&f, &link).unwrap();
    let slash = dir.path().join("new.bin/");
    for (args, says) in [
        (&["grundy", "png", fs, fs][..], "OUT"),
        (&["grundy", "png", fs, s(&link)], "OUT"),
        (&["oeis", "A307300", "--table", fs, "-o", fs], "-o"),
        (&["grundy", "--check", fs, "--rules", "1,0"], "--rules"),
        (&["grundy", "--check", fs, "--game", "nim"], "--game"),
        (&["grundy", "30", "--game", "nim", "-o", s(&slash)], "-o"),
        (
            &["line-pairs", "30", "--game", "nim", "-o", s(&slash)],
            "-o",
        ),
    ] {
        let o = wythoff(args);
        let err = text(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with(&format!("wythoff: {says}")),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    assert_eq!(std::fs::read(&f).unwrap(), before);
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 2, "{names:?}"); // the table and the link, nothing else
    // a Wythoff table handed to a NimHof entry, a cube handed to grundy get
    let w = dir.path().join("w.bin");
    ok(&["grundy", "20", "-o", s(&w)]);
    let wb = std::fs::read(&w).unwrap();
    let ws = s(&w);
    refused(
        &["verify", "--bound", "10", "--table", ws, "-o", ws],
        &["-o: "],
    );
    assert_eq!(std::fs::read(&w).unwrap(), wb);
    refused(
        &["oeis", "A307300", "--table", s(&w)],
        &["kind 3, a Grundy table of generalized Wythoff"],
    );
    let c = dir.path().join("c.cube");
    ok(&["three", "20", "--cube", s(&c)]);
    refused(
        &["grundy", "get", s(&c), "0", "0"],
        &["kind 5, a three-pile cube"],
    );
}
