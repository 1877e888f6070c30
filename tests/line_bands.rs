//! Line-game table files of format version 2 (kind 6): the band index read back from the
//! documented layout (doc/formats.md), decoded here independently of the library and compared
//! with a naive mex of the rules; a read of a few values verifies the bands holding them, so a
//! damaged band refuses exactly the reads of its rows, while the commands that read everything
//! (`grundy --check`, `grundy png`, `oeis --table`) refuse it whole; a damaged header, rule
//! block or index refuses every read; changed lengths are refused; version 1 files stay readable.

mod common;

use common::{
    line_band_index, line_checksum_v2, line_naive, run_ok, s, seal_line_v2, text, u32_at, u64_at,
    wythoff,
};
use std::path::{Path, PathBuf};

/// A table written by `grundy`, with its side, rules and naive values.
struct Case {
    file: PathBuf,
    bytes: Vec<u8>,
    n: usize,
    /// Bytes a value, from the header (checked against the rules' bound below).
    w: usize,
    rules: Vec<(usize, usize)>,
    sq: Vec<u32>,
}

impl Case {
    /// Byte offset of the payload.
    fn start(&self) -> usize {
        64 + 8 * self.rules.len()
    }

    /// Byte offset of the value (x, y), its low byte.
    fn at(&self, x: usize, y: usize) -> usize {
        self.start() + (x * self.n + y) * self.w
    }

    /// G(x, y) by the naive mex.
    fn g(&self, x: usize, y: usize) -> String {
        self.sq[x * self.n + y].to_string()
    }
}

/// The two tables: `--rules 1,0:0,1:1,2:3,1` at N = 150 (bands 0..64, 64..128, 128..150) and
/// `--game nimhof-a307296` (rules 1,0:1,1:3,2:0,1) at N = 130 (bands 0..64, 64..128, 128..130).
fn cases(dir: &Path) -> Vec<Case> {
    let made = [
        (
            "r.bin",
            150,
            vec![(1, 0), (0, 1), (1, 2), (3, 1)],
            &["--rules", "1,0:0,1:1,2:3,1"][..],
        ),
        (
            "a307296.bin",
            130,
            vec![(1, 0), (1, 1), (3, 2), (0, 1)],
            &["--game", "nimhof-a307296"][..],
        ),
    ];
    made.into_iter()
        .map(|(name, n, rules, game)| {
            let file = dir.join(name);
            let ns = n.to_string();
            let args = [&["grundy", ns.as_str()][..], game, &["-o", s(&file)]].concat();
            run_ok(&args);
            let bytes = std::fs::read(&file).unwrap();
            Case {
                file,
                w: u32_at(&bytes, 28) as usize,
                bytes,
                n,
                sq: line_naive(n, &rules),
                rules,
            }
        })
        .collect()
}

/// Runs `args`; asserts it fails with `code` in one line holding `says`.
fn fails(args: &[&str], code: i32, says: &str) {
    let o = wythoff(args);
    let err = text(&o);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err} lacks {says}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
}

/// `grundy get FILE X Y` (a single cell): its answer (it must succeed).
fn get(f: &Path, x: usize, y: usize) -> String {
    let o = wythoff(&["grundy", "get", s(f), &x.to_string(), &y.to_string()]);
    assert!(o.status.success(), "get {x} {y}: {}", text(&o));
    String::from_utf8(o.stdout).unwrap().trim_end().to_string()
}

#[test]
fn written_files_hold_the_documented_layout_and_the_naive_mex() {
    let dir = tempfile::tempdir().unwrap();
    for c in cases(dir.path()) {
        let (b, n) = (&c.bytes, c.n);
        assert_eq!(&b[..8], b"WYTHOFF\0");
        // version 2, kind 6, N, r, the width, layout 2, reserved 0, payload N²·width, B = 64
        // (the width the least holding Σ ⌊(N − 1)/max(p, q)⌋: 149 + 149 + 74 + 49 = 421 > 255
        // for the first, 129 + 129 + 43 + 129 = 430 for the second)
        assert_eq!(
            (u32_at(b, 8), u32_at(b, 12), u64_at(b, 16)),
            (2, 6, n as u64)
        );
        assert_eq!((u32_at(b, 24) as usize, c.w), (c.rules.len(), 2));
        assert_eq!((u32_at(b, 32), u32_at(b, 36)), (2, 0));
        assert_eq!((u64_at(b, 40), u64_at(b, 48)), ((n * n * 2) as u64, 64));
        for (i, &(p, q)) in c.rules.iter().enumerate() {
            let o = 64 + 8 * i;
            assert_eq!((u32_at(b, o), u32_at(b, o + 4)), (p as u32, q as u32));
        }
        // the values, then three index entries: XXH3-64 of each band of rows, by hand here
        let end = c.start() + n * n * 2;
        assert_eq!(b.len(), end + 3 * 8);
        let sq: Vec<u32> = b[c.start()..end]
            .chunks_exact(2)
            .map(|v| u32::from(u16::from_le_bytes([v[0], v[1]])))
            .collect();
        assert!(sq == c.sq, "{}: values", s(&c.file));
        let x = xxhash_rust::xxh3::xxh3_64;
        let row = |r: usize| c.at(r, 0);
        let index = [(0, 64), (64, 128), (128, n)]
            .map(|(r0, r1)| x(&b[row(r0)..row(r1)]).to_le_bytes())
            .concat();
        assert_eq!(&b[end..], &index[..]);
        assert_eq!(line_band_index(b).unwrap(), index);
        // the checksum: bytes 0..56, the rules, the index (not the values)
        let covered = [&b[..56], &b[64..c.start()], &index[..]].concat();
        assert_eq!(u64_at(b, 56), x(&covered));
        assert_eq!(u64_at(b, 56), line_checksum_v2(b, &index));
        // read back: a block across two bands, both orders (the square is not symmetric)
        let o = run_ok(&["grundy", "get", s(&c.file), "60..67", "0..9"]);
        let want: String = (60..68)
            .map(|x| (0..10).map(|y| c.g(x, y)).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        assert_eq!(String::from_utf8(o.stdout).unwrap(), want);
        run_ok(&["grundy", "--check", s(&c.file)]);
    }
}

#[test]
fn a_damaged_band_refuses_the_reads_of_its_rows_only() {
    let dir = tempfile::tempdir().unwrap();
    for c in cases(dir.path()) {
        let f = dir.path().join("bad.bin");
        let fs = s(&f);
        // one value of row 100 (band 1, rows 64 to 127) changed, the file not re-sealed
        let mut b = c.bytes.clone();
        b[c.at(100, 7)] ^= 1;
        std::fs::write(&f, &b).unwrap();
        // the other bands answer, with the naive values
        for (x, y) in [(0, 0), (5, 9), (63, 63), (128, 1), (c.n - 1, c.n - 1)] {
            assert_eq!(get(&f, x, y), c.g(x, y), "({x}, {y})");
        }
        run_ok(&["grundy", "get", fs, "0..63", "0..3"]);
        // any read of rows 64 to 127 fails, naming them; so does a block reaching into them
        for (x, y) in [("64", "0"), ("100", "7"), ("127", "1"), ("60..70", "0")] {
            fails(
                &["grundy", "get", fs, x, y],
                1,
                "rows 64 to 127 do not match their hash in the band index",
            );
        }
        // the commands that read everything refuse it
        let o = wythoff(&["grundy", "--check", fs, "--json"]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["checks"][0]["name"], "checksum");
        assert_eq!(v["checks"][0]["status"], "FAIL");
        let png = dir.path().join("t.png");
        fails(&["grundy", "png", fs, s(&png)], 1, "rows 64 to 127");
        assert!(!png.exists());
        fails(&["oeis", "A307296", "--table", fs], 1, "damaged");
        // re-sealed (index and checksum made to match the edit), every read answers again
        seal_line_v2(&mut b);
        std::fs::write(&f, &b).unwrap();
        let at = c.at(100, 7);
        let want = u32::from(u16::from_le_bytes([b[at], b[at + 1]])).to_string();
        assert_eq!(get(&f, 100, 7), want);
    }
}

#[test]
fn a_damaged_header_rule_block_or_index_refuses_every_read() {
    let dir = tempfile::tempdir().unwrap();
    let c = cases(dir.path()).remove(0);
    let f = dir.path().join("bad.bin");
    let (fs, len) = (s(&f), c.bytes.len());
    let edits: [(&str, usize, &[u8]); 5] = [
        ("the checksum", 56, &[1]),
        // the rule 3,1 relabelled 1,3: a valid rule list, of another game
        ("a rule", 64 + 24, &[1, 0, 0, 0, 3, 0, 0, 0]),
        ("index entry 0", len - 24, &[1]),
        ("index entry 2", len - 1, &[1]),
        // B = 64 made 128
        ("the band height", 48, &[0xC0]),
    ];
    for (what, at, bytes) in edits {
        let mut b = c.bytes.clone();
        for (i, v) in bytes.iter().enumerate() {
            b[at + i] ^= v;
        }
        std::fs::write(&f, &b).unwrap();
        if what == "the band height" {
            // B = 128: two index entries, not three — the length no longer fits the header
            fails(
                &["grundy", "get", fs, "0", "0"],
                2,
                "truncated, or trailing",
            );
            continue;
        }
        for (x, y) in [(0, 0), (70, 3), (c.n - 1, 0)] {
            fails(
                &["grundy", "get", fs, &x.to_string(), &y.to_string()],
                1,
                "its header, rules and band index do not match the checksum",
            );
        }
        let o = wythoff(&["grundy", "--check", fs]);
        assert_eq!(o.status.code(), Some(1), "{what}: {}", text(&o));
        fails(
            &["grundy", "png", fs, s(&dir.path().join("t.png"))],
            1,
            "damaged",
        );
    }
}

#[test]
fn changed_lengths_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let c = cases(dir.path()).remove(1);
    let f = dir.path().join("bad.bin");
    let fs = s(&f);
    let b = &c.bytes;
    let index_at = b.len() - 24;
    for bytes in [
        b[..b.len() - 1].to_vec(),
        [&b[..], &[0]].concat(),
        // the index cut off: the length of a version 1 file, but version 2
        b[..index_at].to_vec(),
        // an index entry too many
        [&b[..], &[0; 8]].concat(),
    ] {
        std::fs::write(&f, &bytes).unwrap();
        for args in [
            &["grundy", "get", fs, "0", "0"][..],
            &["grundy", "--check", fs],
            &["oeis", "A307296", "--table", fs],
        ] {
            fails(args, 2, "truncated, or trailing bytes");
        }
    }
}

#[test]
fn version_1_files_are_read_and_checked_whole() {
    let golden = |name: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data/golden")
            .join(name)
    };
    let dir = tempfile::tempdir().unwrap();
    for (name, n, rules) in [
        ("line_24.v1.bin", 24, vec![(1, 0), (0, 1), (1, 2), (3, 1)]),
        (
            "line_a307296_20.v1.bin",
            20,
            vec![(1, 0), (1, 1), (3, 2), (0, 1)],
        ),
    ] {
        let p = golden(name);
        let b = std::fs::read(&p).unwrap();
        assert_eq!((u32_at(&b, 8), u64_at(&b, 48)), (1, 0), "{name}");
        let sq = line_naive(n, &rules);
        let last = n - 1;
        assert_eq!(get(&p, last, 2), sq[last * n + 2].to_string());
        run_ok(&["grundy", "--check", s(&p)]);
        // a value changed: the whole payload is one checksum, so every read fails
        let f = dir.path().join(name);
        let mut bad = b.clone();
        let at = 64 + 8 * rules.len() + last * n + 2;
        bad[at] ^= 1;
        std::fs::write(&f, &bad).unwrap();
        for (x, y) in ["0", "5"].map(|x| (x, "0")) {
            fails(
                &["grundy", "get", s(&f), x, y],
                1,
                "its header, rules and payload do not match the checksum",
            );
        }
        let o = wythoff(&["grundy", "--check", s(&f)]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    }
}
