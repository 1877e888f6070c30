//! Golden files: one small file of every binary kind (pairs, word, Grundy table, row
//! certificate, three-pile cube, line-game table) and the versioned JSON outputs, kept in
//! data/golden/ (its README.md gives the command that made each).
//!
//! Each test makes its files again with today's flags and asserts the bytes are those of the
//! golden file — so no change of code may change a file kind's bytes unnoticed — and reads the
//! golden file back, through the product's readers where a kind has one and through the
//! documented format (doc/formats.md) decoded here, comparing the values with independent ones:
//! a naive mex or backward induction from the rules (tests/common), the exact square-root
//! formula of the Wythoff pairs in integers, and known values.
//!
//! The verification reports hold one measured time, `elapsed_s`; they are compared with that
//! field removed from both sides (everything else byte for byte).

mod common;
use common::*;
use std::path::{Path, PathBuf};

fn golden_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/golden")
        .join(name)
}

fn golden(name: &str) -> Vec<u8> {
    std::fs::read(golden_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn g(name: &str) -> String {
    golden_path(name).to_str().unwrap().to_string()
}

/// Runs `args` with every "OUT" replaced by a path named `name` in a fresh folder; returns the
/// bytes written there.
fn made(name: &str, args: &[&str]) -> Vec<u8> {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join(name);
    let args: Vec<&str> = args
        .iter()
        .map(|&a| if a == "OUT" { s(&out) } else { a })
        .collect();
    let o = wythoff(&args);
    assert!(o.status.success(), "{args:?}: {}", text(&o));
    std::fs::read(&out).unwrap()
}

/// Asserts that `args` (writing to "OUT") makes the golden file `name` byte for byte.
fn remade(name: &str, args: &[&str]) {
    let bytes = made(name, args);
    assert!(
        bytes == golden(name),
        "{name}: `wythoff {}` no longer writes the golden bytes ({} bytes now, {} golden)",
        args.join(" "),
        bytes.len(),
        golden(name).len()
    );
}

/// Asserts that `args` prints the golden file `name` on stdout byte for byte.
fn printed(name: &str, args: &[&str]) {
    let o = wythoff(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&golden(name)),
        "{name}: `wythoff {}` no longer prints the golden bytes",
        args.join(" ")
    );
}

/// Runs a reader of the product; returns its stdout (it must succeed).
fn read_back(args: &[&str]) -> String {
    let o = wythoff(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o));
    String::from_utf8(o.stdout).unwrap()
}

/// Little-endian unsigned integer of `w` bytes at `o`.
fn uint_at(b: &[u8], o: usize, w: usize) -> u128 {
    let mut v = [0u8; 16];
    v[..w].copy_from_slice(&b[o..o + w]);
    u128::from_le_bytes(v)
}

fn xxh3(parts: &[&[u8]]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(&parts.concat())
}

/// Wythoff's pair (⌊nφ⌋, ⌊nφ²⌋) = ((n + ⌊√(5n²)⌋) / 2, that + n), exact for n < 2^63.
fn wythoff_pair(n: u64) -> (u128, u128) {
    let n = u128::from(n);
    let a = (n + (5 * n * n).isqrt()) / 2;
    (a, a + n)
}

/// The common fields of a pairs or word file (doc/formats.md); checks magic, version, kind,
/// reserved bytes and the payload checksum.  Returns (a, misère, width, START, STOP, records,
/// first value, payload).
fn pairs_header(b: &[u8], kind: u32) -> (u64, bool, usize, u64, u64, u64, u128, &[u8]) {
    assert_eq!(&b[..8], b"WYTHOFF\0");
    assert_eq!((u32_at(b, 8), u32_at(b, 12)), (1, kind));
    assert_eq!(&b[26..32], &[0u8; 6]);
    let payload = &b[80..];
    assert_eq!(u64_at(b, 72), xxh3(&[payload]), "payload checksum");
    (
        u64_at(b, 16),
        b[24] == 1,
        b[25] as usize,
        u64_at(b, 32),
        u64_at(b, 40),
        u64_at(b, 48),
        uint_at(b, 56, 16),
        payload,
    )
}

/// The records of a pairs file, after checking its header against (a, misère, START, STOP).
fn pairs_records(b: &[u8], a: u64, misere: bool, start: u64, stop: u64) -> Vec<(u128, u128)> {
    let (fa, fm, w, s, e, records, first, payload) = pairs_header(b, 1);
    assert_eq!(
        (fa, fm, s, e, records, first),
        (a, misere, start, stop, stop - start + 1, 0)
    );
    assert!(w == 8 || w == 16);
    assert_eq!(payload.len(), records as usize * 2 * w);
    payload
        .chunks_exact(2 * w)
        .map(|r| (uint_at(r, 0, w), uint_at(r, w, w)))
        .collect()
}

/// `pairs --join FILE -o OUT` (the reader of binary pairs files: header, length, first and last
/// records against the exact pairs, checksum) must give the file back byte for byte.
fn joined_back(name: &str) {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("joined.bin");
    read_back(&["pairs", "--join", &g(name), "-o", s(&out)]);
    assert!(std::fs::read(&out).unwrap() == golden(name), "{name}");
}

#[test]
fn pairs_files() {
    remade(
        "pairs_a1_0_1000.bin",
        &["pairs", "0", "1000", "--format", "binary", "-o", "OUT"],
    );
    let wide = ["7046029254386353000", "7046029254386353200"];
    remade(
        "pairs_a1_wide.bin",
        &["pairs", wide[0], wide[1], "--format", "binary", "-o", "OUT"],
    );
    remade(
        "pairs_a3_misere_0_500.bin",
        &[
            "pairs", "0", "500", "-a", "3", "--misere", "--format", "binary", "-o", "OUT",
        ],
    );

    // a = 1, 8-byte values: the known first pairs, the square-root formula at every n, and the
    // P-positions of the rules below 300
    let r = pairs_records(&golden("pairs_a1_0_1000.bin"), 1, false, 0, 1000);
    assert_eq!(golden("pairs_a1_0_1000.bin")[25], 8);
    assert_eq!(&r[..5], &[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
    for (n, &p) in r.iter().enumerate() {
        assert_eq!(p, wythoff_pair(n as u64), "n = {n}");
    }
    let low: Vec<(usize, usize)> = r
        .iter()
        .filter(|p| p.1 < 300)
        .map(|&(x, y)| (x as usize, y as usize))
        .collect();
    assert_eq!(low, p_positions(300, 1, false));

    // 16-byte values: the range crosses B_n = 2^64
    let b = golden("pairs_a1_wide.bin");
    assert_eq!(b[25], 16);
    let (start, stop) = (wide[0].parse().unwrap(), wide[1].parse::<u64>().unwrap());
    let r = pairs_records(&b, 1, false, start, stop);
    for (j, &p) in r.iter().enumerate() {
        assert_eq!(
            p,
            wythoff_pair(start + j as u64),
            "n = {}",
            start + j as u64
        );
    }
    assert!(r[0].1 <= u128::from(u64::MAX) && r[r.len() - 1].1 > u128::from(u64::MAX));

    // a = 3, misère: the P-positions of the rules (misère play) below 256
    let r = pairs_records(&golden("pairs_a3_misere_0_500.bin"), 3, true, 0, 500);
    let mut low: Vec<(usize, usize)> = r
        .iter()
        .filter(|p| p.1 < 256)
        .map(|&(x, y)| (x as usize, y as usize))
        .collect();
    low.sort_unstable();
    assert_eq!(low, p_positions(256, 3, true));

    for name in [
        "pairs_a1_0_1000.bin",
        "pairs_a1_wide.bin",
        "pairs_a3_misere_0_500.bin",
    ] {
        joined_back(name);
    }
}

/// Checks a word file against the lower numbers `lower` (all A_n up to beyond the word).
fn check_word(name: &str, a: u64, start: u64, stop: u64, pairs: &[(u64, u64)]) {
    let b = golden(name);
    let (fa, fm, w, s, e, bits, first, payload) = pairs_header(&b, 2);
    let (a_start, a_stop) = (pairs[start as usize].0, pairs[stop as usize].0);
    assert_eq!((fa, fm, w, s, e), (a, false, 0, start, stop));
    assert_eq!((bits, first), (a_stop - a_start + 1, u128::from(a_start)));
    assert_eq!(payload.len() as u64, bits.div_ceil(8));
    let lower: std::collections::HashSet<u64> = pairs.iter().map(|p| p.0).collect();
    for j in 0..payload.len() as u64 * 8 {
        let bit = payload[(j / 8) as usize] >> (j % 8) & 1 == 1;
        let want = j < bits && lower.contains(&(a_start + j)); // padding bits are zero
        assert_eq!(bit, want, "{name}: bit {j}");
    }
}

#[test]
fn word_files() {
    remade(
        "word_a1_0_5000.bin",
        &["pairs", "0", "5000", "--format", "word", "-o", "OUT"],
    );
    remade(
        "word_a2_100_3000.bin",
        &[
            "pairs", "100", "3000", "-a", "2", "--format", "word", "-o", "OUT",
        ],
    );
    check_word(
        "word_a1_0_5000.bin",
        1,
        0,
        5000,
        &mex_pairs_through(1, false, 5099),
    );
    check_word(
        "word_a2_100_3000.bin",
        2,
        100,
        3000,
        &mex_pairs_through(2, false, 3099),
    );
    // the product has no reader of word files; the pairs reader must know it for what it is
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("j.bin");
    let o = wythoff(&["pairs", "--join", &g("word_a1_0_5000.bin"), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("characteristic word"), "{}", text(&o));
    assert!(!out.exists());
}

#[test]
fn grundy_tables() {
    for (name, n, a, args) in [
        (
            "grundy_a1_40.bin",
            40usize,
            1u64,
            &["grundy", "40", "-o", "OUT"][..],
        ),
        (
            "grundy_a1_130.bin",
            130,
            1,
            &["grundy", "130", "-o", "OUT"][..],
        ),
        (
            "grundy_a2_30.bin",
            30,
            2,
            &["grundy", "30", "-a", "2", "-o", "OUT"][..],
        ),
    ] {
        remade(name, args);
        // the documented format (version 3) written from a naive mex: the same bytes
        let sq = naive(n, a as usize);
        let v2 = file_bytes(&sq, n, a);
        assert!(golden(name) == common::v3_bytes(&v2), "{name}");
        // format version 2, as wythoff wrote it before the band index: still read
        let old = name.replace(".bin", ".v2.bin");
        assert!(golden(&old) == v2, "{old}");
        // read back, both versions: every value of a corner, and the full proof
        for file in [name.to_string(), old] {
            let top = (n - 1).to_string();
            let got = read_back(&["grundy", "get", &g(&file), "0..7", &format!("0..{top}")]);
            let want: String = (0..8)
                .map(|x| {
                    let row: Vec<String> = (0..n).map(|y| sq[x * n + y].to_string()).collect();
                    row.join(" ") + "\n"
                })
                .collect();
            assert_eq!(got, want, "{file}");
            read_back(&["grundy", "--check", &g(&file)]);
        }
    }
    // known values: G(1, 2) = 0 = G(3, 5), G(0, y) = y, G(1, 1) = 2
    let t = golden("grundy_a1_40.bin");
    let at = |x: usize, y: usize| t[64 + x * 40 - x * x.saturating_sub(1) / 2 + y - x];
    assert_eq!((at(1, 2), at(3, 5), at(0, 39), at(1, 1)), (0, 0, 39, 2));
}

/// Decodes a row certificate (doc/formats.md) and checks every value it stores against `rows`
/// (a naive mex, G(x, y) for y < the number of columns).
fn check_certificate(name: &str, a: u64, x_rows: u64, rows: &[Vec<u32>]) -> (u64, u64) {
    let b = golden(name);
    assert_eq!(&b[..8], b"WYTHOFF\0");
    assert_eq!((u32_at(&b, 8), u32_at(&b, 12)), (1, 4));
    assert_eq!((u64_at(&b, 16), u64_at(&b, 24)), (a, x_rows));
    let (mu, lambda, w) = (u64_at(&b, 32), u64_at(&b, 40), u32_at(&b, 48) as usize);
    assert!(w == 2 || w == 4);
    assert_eq!(&b[52..64], &[0u8; 12]);
    assert_eq!(u64_at(&b, 64) as usize, b.len() - 80);
    assert_eq!(
        u64_at(&b, 72),
        xxh3(&[&b[..72], &b[80..]]),
        "{name}: checksum"
    );
    let value = |o: usize| -> i64 {
        if w == 2 {
            i64::from(i16::from_le_bytes(b[o..o + 2].try_into().unwrap()))
        } else {
            i64::from(i32::from_le_bytes(b[o..o + 4].try_into().unwrap()))
        }
    };
    let mut o = 80;
    for (x, row) in rows.iter().enumerate().take(x_rows as usize) {
        let (y0, p, s) = (u64_at(&b, o), u64_at(&b, o + 8), u64_at(&b, o + 16));
        o += 24;
        assert!(
            y0 <= mu && lambda % p == 0 && (s == 0 || s == y0),
            "{name}: row {x}"
        );
        for (y, &g) in row.iter().enumerate().take(s as usize) {
            assert_eq!(value(o) + y as i64, i64::from(g), "{name}: G({x}, {y})");
            o += w;
        }
        let period: Vec<i64> = (0..p as usize).map(|i| value(o + i * w)).collect();
        o += p as usize * w;
        for (y, &g) in row.iter().enumerate().skip(y0 as usize) {
            let v = period[(y - y0 as usize) % p as usize];
            assert_eq!(v + y as i64, i64::from(g), "{name}: G({x}, {y})");
        }
    }
    assert_eq!(o, b.len(), "{name}: the records fill the payload");
    (mu, lambda)
}

#[test]
fn row_certificates() {
    remade("rows_a1_8.cert", &["rows", "8", "-o", "OUT"]);
    remade(
        "rows_a1_8_prefix100.cert",
        &["rows", "8", "--prefix-budget", "100", "-o", "OUT"],
    );
    remade("rows_a2_6.cert", &["rows", "6", "-a", "2", "-o", "OUT"]);
    let r1 = naive_rows(8, 600, 1);
    // rows 0..7 of Wythoff's game: joint preperiod 93, period 24 (A046874, A046875)
    assert_eq!(check_certificate("rows_a1_8.cert", 1, 8, &r1), (93, 24));
    assert_eq!(
        check_certificate("rows_a1_8_prefix100.cert", 1, 8, &r1),
        (93, 24)
    );
    let r2 = naive_rows(6, 600, 2);
    check_certificate("rows_a2_6.cert", 2, 6, &r2);
    // read back by `grundy at --certificate` and `rows --check`
    for (name, rows) in [("rows_a1_8.cert", &r1), ("rows_a2_6.cert", &r2)] {
        for (x, y) in [(0, 7), (1, 2), (3, 5), (3, 100), (5, 599), (4, 250)] {
            let got = read_back(&[
                "grundy",
                "at",
                &x.to_string(),
                &y.to_string(),
                "--certificate",
                &g(name),
            ]);
            assert_eq!(got.trim(), rows[x][y].to_string(), "{name}: G({x}, {y})");
        }
        read_back(&["rows", "--check", &g(name)]);
    }
}

#[test]
fn three_pile_cube() {
    remade("cube_70.bin", &["three", "70", "--cube", "OUT"]);
    let n = 70usize;
    let p = three_pile_p(n);
    // T(y, z) for y ≤ z from the brute force (u32::MAX where no P-position lies on the line)
    let mut t = vec![vec![u32::MAX; n + 1]; n + 1];
    for &[x, y, z] in &p {
        for (u, v, w) in [(x, y, z), (y, x, z), (z, x, y)] {
            t[v.min(w)][v.max(w)] = u as u32;
        }
    }
    // the documented format: header, then the tiles of side 64 by S = I + J, I ascending
    let b = golden("cube_70.bin");
    assert_eq!(&b[..8], b"WYTHOFF\0");
    assert_eq!((u32_at(&b, 8), u32_at(&b, 12)), (1, 5));
    let count = ((n + 1) * (n + 2) / 2) as u64;
    assert_eq!(
        (u64_at(&b, 16), u64_at(&b, 24), u64_at(&b, 32)),
        (70, 64, count)
    );
    assert_eq!(&b[48..64], &[0u8; 16]);
    assert_eq!(b.len() as u64, 64 + 4 * count);
    assert_eq!(u64_at(&b, 40), xxh3(&[&b[..40], &b[64..]]), "checksum");
    let line = |y: usize, z: usize| t[y][z];
    let (side, m) = (64usize, (n + 1).div_ceil(64));
    let mut o = 64;
    for s in 0..2 * m - 1 {
        for i in 0..=s.min(m - 1) {
            let j = s - i;
            if j < i || j >= m {
                continue;
            }
            for y in i * side..((i + 1) * side).min(n + 1) {
                for z in (j * side).max(y)..((j + 1) * side).min(n + 1) {
                    assert_eq!(u32_at(&b, o), line(y, z), "T({y}, {z})");
                    o += 4;
                }
            }
        }
    }
    assert_eq!(o, b.len());
    // read back by `three M --from`
    for m in [9usize, 70] {
        let q: Vec<&[usize; 3]> = p.iter().filter(|q| q[2] <= m).collect();
        let sum: usize = q.iter().map(|q| q[0] + q[1] + q[2]).sum();
        let got = read_back(&[
            "three",
            &m.to_string(),
            "--from",
            &g("cube_70.bin"),
            "--json",
        ]);
        assert_eq!(
            got.trim(),
            format!(
                "{{\"version\":1,\"N\":\"{m}\",\"count\":\"{}\",\"sum\":\"{sum}\"}}",
                q.len()
            )
        );
    }
}

/// Decodes a line-game table in format version 1 (doc/formats.md: no band index, the checksum
/// over the header, the rules and the payload) and checks it against a naive mex of its rules.
fn check_line_table_v1(name: &str, n: usize, rules: &[(usize, usize)]) -> Vec<u32> {
    let b = golden(name);
    assert_eq!(&b[..8], b"WYTHOFF\0");
    assert_eq!((u32_at(&b, 8), u32_at(&b, 12)), (1, 6));
    assert_eq!(u64_at(&b, 16), n as u64);
    assert_eq!(u32_at(&b, 24) as usize, rules.len());
    let w = u32_at(&b, 28) as usize;
    assert_eq!((u32_at(&b, 32), u32_at(&b, 36), u64_at(&b, 48)), (2, 0, 0));
    assert_eq!(u64_at(&b, 40) as usize, n * n * w);
    assert_eq!(
        u64_at(&b, 56),
        xxh3(&[&b[..56], &b[64..]]),
        "{name}: checksum"
    );
    for (i, &(p, q)) in rules.iter().enumerate() {
        let o = 64 + 8 * i;
        assert_eq!((u32_at(&b, o), u32_at(&b, o + 4)), (p as u32, q as u32));
    }
    let payload = &b[64 + 8 * rules.len()..];
    assert_eq!(payload.len(), n * n * w);
    let sq = line_naive(n, rules);
    for (i, v) in payload.chunks_exact(w).enumerate() {
        assert_eq!(uint_at(v, 0, w), u128::from(sq[i]), "{name}: cell {i}");
    }
    sq
}

#[test]
fn line_tables() {
    remade(
        "line_24.bin",
        &["grundy", "24", "--rules", "1,0:0,1:1,2:3,1", "-o", "OUT"],
    );
    remade(
        "line_a307296_20.bin",
        &["grundy", "20", "--game", "nimhof-a307296", "-o", "OUT"],
    );
    // format version 1, as wythoff wrote it before the band index, decoded and proved against a
    // naive mex; the version 2 files are the same tables with the band index (version 2, bands
    // of 64 rows, the index after the values, the checksum over the header, rules and index)
    let rules24 = [(1, 0), (0, 1), (1, 2), (3, 1)];
    let sq = check_line_table_v1("line_24.v1.bin", 24, &rules24);
    check_line_table_v1(
        "line_a307296_20.v1.bin",
        20,
        &[(1, 0), (1, 1), (3, 2), (0, 1)],
    );
    for name in ["line_24.bin", "line_a307296_20.bin"] {
        let old = name.replace(".bin", ".v1.bin");
        assert!(golden(name) == line_v2_bytes(&golden(&old)), "{name}");
    }
    // read back, both versions, by `grundy get` (both orders: the square is not symmetric) and
    // `grundy --check`
    let want: String = (2..4)
        .map(|x| {
            let row: Vec<String> = (0..24).map(|y| sq[x * 24 + y].to_string()).collect();
            row.join(" ") + "\n"
        })
        .collect();
    for name in ["line_24.bin", "line_24.v1.bin"] {
        assert_eq!(
            read_back(&["grundy", "get", &g(name), "2..3", "0..23"]),
            want
        );
    }
    for name in [
        "line_24.bin",
        "line_a307296_20.bin",
        "line_24.v1.bin",
        "line_a307296_20.v1.bin",
    ] {
        read_back(&["grundy", "--check", &g(name)]);
    }
}

/// A verification report without its one measured field, `"elapsed_s":…,`.
fn untimed(json: &[u8]) -> String {
    let s = String::from_utf8(json.to_vec()).unwrap();
    let at = s.find("\"elapsed_s\":").expect("a report has elapsed_s");
    let end = at + s[at..].find(',').unwrap() + 1;
    format!("{}{}", &s[..at], &s[end..])
}

#[test]
fn verification_reports() {
    for (name, args) in [
        (
            "verify_20000.json",
            &["--bound", "20000", "--grundy", "16", "--three", "10"][..],
        ),
        (
            "verify_3e6_shard0of2.json",
            &["--bound", "3000000", "--shard", "0/2"][..],
        ),
        (
            "verify_3e6_shard1of2.json",
            &["--bound", "3000000", "--shard", "1/2"][..],
        ),
    ] {
        let mut a = vec!["verify"];
        a.extend_from_slice(args);
        a.extend_from_slice(&["-o", "OUT"]);
        assert_eq!(untimed(&made(name, &a)), untimed(&golden(name)), "{name}");
    }
    // read back by `verify --merge`: the shards give the whole range, every n checked
    let merged = read_back(&[
        "verify",
        "--merge",
        &g("verify_3e6_shard0of2.json"),
        &g("verify_3e6_shard1of2.json"),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&merged).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["config"]["shard"], "0/1");
    assert_eq!(v["checks"][0]["count"], "3000000");
    // the numeration sample: every n < 10^6, 10^4 points spread over [10^6, 3·10^6) and the
    // last n, 2999999
    assert_eq!(v["checks"][1]["count"], "1010001");
    let one = read_back(&["verify", "--merge", &g("verify_20000.json"), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(
        (&v["ok"], &v["checks"][0]["count"]),
        (&true.into(), &"20000".into())
    );
}

#[test]
fn json_outputs() {
    printed("rows_a1_8.json", &["rows", "8", "--json"]);
    printed(
        "grundy_a1_40_checksum.json",
        &["grundy", "40", "--checksum", "--json"],
    );
    printed(
        "grundy_a1_40_check.json",
        &["grundy", "--check", &g("grundy_a1_40.bin"), "--json"],
    );
    printed(
        "pairs_a1_0_1000_checksum.json",
        &["pairs", "0", "1000", "--checksum", "--json"],
    );
    printed("three_20.json", &["three", "20", "--json"]);
    printed("nth_1e30.json", &["nth", "1e30", "--json"]);
    printed("move_4_9.json", &["move", "4", "9", "--json"]);

    let json = |name: &str| -> serde_json::Value { serde_json::from_slice(&golden(name)).unwrap() };
    // rows 0..7: preperiods A046874 and periods A046875
    let v = json("rows_a1_8.json");
    let rows: Vec<(String, String)> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["preperiod"].as_str().unwrap().into(),
                r["period"].as_str().unwrap().into(),
            )
        })
        .collect();
    let want = [
        (0, 1),
        (0, 3),
        (0, 3),
        (8, 6),
        (9, 12),
        (27, 24),
        (37, 12),
        (92, 24),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(rows, want);
    // the sum of the naive 40×40 square and the XXH3-64 of its row-major u32 values
    let sq = naive(40, 1);
    let v = json("grundy_a1_40_checksum.json");
    let sum: u64 = sq.iter().map(|&v| u64::from(v)).sum();
    let bytes: Vec<u8> = sq.iter().flat_map(|v| v.to_le_bytes()).collect();
    assert_eq!(v["sum"], sum.to_string());
    assert_eq!(v["xxh3"], format!("{:016x}", xxh3(&[&bytes])));
    assert_eq!(json("grundy_a1_40_check.json")["ok"], true);
    // the checksum of pairs 0..=1000 from the square-root formula
    let v = json("pairs_a1_0_1000_checksum.json");
    let (mut sa, mut sb, mut sna) = (0u128, 0u128, 0u128);
    for n in 0..=1000u64 {
        let (a, b) = wythoff_pair(n);
        (sa, sb, sna) = (sa + a, sb + b, sna + u128::from(n) * a);
    }
    assert_eq!(
        (&v["sum_A"], &v["sum_B"], &v["sum_nA"], &v["count"]),
        (
            &sa.to_string().into(),
            &sb.to_string().into(),
            &sna.to_string().into(),
            &"1001".into()
        )
    );
    // three piles up to 20, by brute force
    let p = three_pile_p(20);
    let v = json("three_20.json");
    let sum: usize = p.iter().map(|q| q[0] + q[1] + q[2]).sum();
    assert_eq!(
        (&v["count"], &v["sum"]),
        (&p.len().to_string().into(), &sum.to_string().into())
    );
    // ⌊10^30 φ⌋ and ⌊10^30 φ²⌋ (φ = 1.6180339887498948482045868343656…)
    let v = json("nth_1e30.json");
    assert_eq!(v["A"], "1618033988749894848204586834365");
    assert_eq!(v["B"], "2618033988749894848204586834365");
    // (4, 9): N, the one winning move to the P-position (4, 7)
    let v = json("move_4_9.json");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["moves"], serde_json::json!([["4", "7"]]));
}
