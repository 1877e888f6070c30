//! Grundy table files of format version 3: the band index read back from the documented layout
//! (doc/formats.md), decoded here independently of the library; a read of a few values verifies
//! the bands holding them, so a damaged band refuses exactly the reads of its rows, while the
//! commands that read everything refuse it whole; damaged headers and indexes refuse every read;
//! version 2 files stay readable.

mod common;

use common::{
    band_index, edit_log_header, file_bytes, naive, refused_keeping, run_ok, s, seal_v3, stderr,
    u32_at, u64_at, wythoff,
};
use std::path::Path;

const N: usize = 200;

/// Payload offset of (x, y), x ≤ y, in the triangle of side N at width 2.
fn offset(x: usize, y: usize) -> usize {
    64 + (x * N - x * x.saturating_sub(1) / 2 + y - x) * 2
}

/// The table of side 200 written by `grundy 200 -a A -o FILE`.
fn written(dir: &Path, a: u64) -> (std::path::PathBuf, Vec<u8>) {
    let f = dir.join(format!("a{a}.bin"));
    run_ok(&["grundy", "200", "-a", &a.to_string(), "-o", s(&f)]);
    let b = std::fs::read(&f).unwrap();
    (f, b)
}

/// `grundy get FILE X Y`: its stdout, or its status and stderr.
fn get(f: &Path, x: &str, y: &str) -> Result<String, (i32, String)> {
    let o = wythoff(&["grundy", "get", s(f), x, y]);
    if o.status.success() {
        Ok(String::from_utf8(o.stdout).unwrap())
    } else {
        Err((o.status.code().unwrap(), stderr(&o)))
    }
}

/// Asserts that `grundy get FILE X Y` fails with status `code` in one line saying each of `says`.
fn get_fails(f: &Path, (x, y): (&str, &str), code: i32, says: &[&str]) {
    let (got, e) = get(f, x, y).unwrap_err();
    assert_eq!(got, code, "({x}, {y}): {e}");
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(says.iter().all(|w| e.contains(w)), "({x}, {y}): {e}");
}

/// The values a naive mex gives for `grundy get` of rows x0..=x1, columns y0..=y1.
fn expected(sq: &[u32], (x0, x1): (usize, usize), (y0, y1): (usize, usize)) -> String {
    (x0..=x1)
        .map(|x| {
            let row: Vec<String> = (y0..=y1).map(|y| sq[x * N + y].to_string()).collect();
            row.join(" ") + "\n"
        })
        .collect()
}

#[test]
fn written_files_have_the_documented_layout_and_values() {
    let dir = tempfile::tempdir().unwrap();
    for a in [1u64, 3] {
        let (_, b) = written(dir.path(), a);
        let sq = naive(N, a as usize);
        // the header: version 3, kind 3, a, N, layout 1, width 2 (2N − 2 = 398), payload, B = 64
        assert_eq!(&b[..8], b"WYTHOFF\0");
        assert_eq!((u32_at(&b, 8), u32_at(&b, 12)), (3, 3));
        assert_eq!((u64_at(&b, 16), u64_at(&b, 24)), (a, N as u64));
        assert_eq!((u32_at(&b, 32), u32_at(&b, 36)), (1, 2));
        let payload_len = N * (N + 1) / 2 * 2;
        assert_eq!((u64_at(&b, 40), u64_at(&b, 48)), (payload_len as u64, 64));
        // 64 + payload + ⌈200/64⌉ = 4 index entries, the last band of 8 rows
        assert_eq!(b.len(), 64 + payload_len + 4 * 8);
        for x in 0..N {
            for y in x..N {
                let v = u16::from_le_bytes([b[offset(x, y)], b[offset(x, y) + 1]]);
                assert_eq!(u32::from(v), sq[x * N + y], "a = {a}, ({x}, {y})");
            }
        }
        // the band index and the checksum, from their definitions
        let index = &b[64 + payload_len..];
        let x = xxhash_rust::xxh3::xxh3_64;
        for (i, (r0, r1)) in [(0, 64), (64, 128), (128, 192), (192, 200)]
            .iter()
            .enumerate()
        {
            let band = &b[offset(*r0, *r0)..if *r1 == N {
                64 + payload_len
            } else {
                offset(*r1, *r1)
            }];
            assert_eq!(u64_at(index, 8 * i), x(band), "a = {a}, band {i}");
        }
        assert_eq!(band_index(&b).unwrap(), index);
        assert_eq!(u64_at(&b, 56), x(&[&b[..56], index].concat()));
    }
}

#[test]
fn a_damaged_band_refuses_the_reads_of_its_rows_only() {
    let dir = tempfile::tempdir().unwrap();
    for a in [1u64, 3] {
        let (f, mut b) = written(dir.path(), a);
        let sq = naive(N, a as usize);
        // one byte of G(130, 150), in band 2 (rows 128..191)
        b[offset(130, 150)] ^= 0x40;
        std::fs::write(&f, &b).unwrap();
        // cells of bands 0, 1 and 3 still answer (row min(x, y) is what is stored)
        assert_eq!(get(&f, "3", "0..10"), Ok(expected(&sq, (3, 3), (0, 10))));
        assert_eq!(
            get(&f, "100..127", "150"),
            Ok(expected(&sq, (100, 127), (150, 150)))
        );
        assert_eq!(
            get(&f, "150", "0..127"),
            Ok(expected(&sq, (150, 150), (0, 127)))
        );
        assert_eq!(
            get(&f, "195..199", "192..199"),
            Ok(expected(&sq, (195, 199), (192, 199)))
        );
        // a cell of band 2, or a range touching it, fails: status 1, one line naming the rows
        for (x, y) in [
            ("130", "150"),
            ("150", "130"),
            ("128", "128"),
            ("0..199", "191"),
        ] {
            get_fails(&f, (x, y), 1, &["damaged", "rows 128 to 191"]);
        }
        // what reads everything refuses it
        let o = wythoff(&["grundy", "--check", s(&f)]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let o = wythoff(&["grundy", "png", s(&f), s(&dir.path().join("t.png"))]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(stderr(&o).contains("rows 128 to 191"), "{}", stderr(&o));
        assert!(!dir.path().join("t.png").exists());
        let o = wythoff(&["oeis", "A004482", "--table", s(&f)]);
        if a == 1 {
            assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
            assert!(stderr(&o).contains("rows 128 to 191"), "{}", stderr(&o));
        }
        // the band made consistent again (index and checksum recomputed): only the proof of the
        // values catches it
        seal_v3(&mut b);
        std::fs::write(&f, &b).unwrap();
        assert!(get(&f, "130", "150").is_ok());
        let o = wythoff(&["grundy", "--check", s(&f)]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(String::from_utf8_lossy(&o.stdout).contains("mex proof"));
    }
}

#[test]
fn a_damaged_header_or_index_refuses_every_read() {
    let dir = tempfile::tempdir().unwrap();
    let (f, good) = written(dir.path(), 3);
    let index_at = good.len() - 32;
    // a relabelled a (a well-formed header of another game), each index entry, the checksum
    for at in [
        16,
        index_at,
        index_at + 8 + 3,
        index_at + 16 + 7,
        index_at + 31,
        56,
    ] {
        let mut b = good.clone();
        b[at] ^= if at == 16 { 1 } else { 0x80 };
        std::fs::write(&f, &b).unwrap();
        for (x, y) in [("0", "0"), ("3", "0..10"), ("199", "199")] {
            get_fails(&f, (x, y), 1, &["damaged", "band index"]);
        }
        let o = wythoff(&["grundy", "--check", s(&f)]);
        assert_eq!(o.status.code(), Some(1), "byte {at}");
    }
    // a band height of 0 is refused as a field, status 2
    let mut b = good.clone();
    b[48..56].copy_from_slice(&0u64.to_le_bytes());
    std::fs::write(&f, &b).unwrap();
    get_fails(&f, ("0", "0"), 2, &["band height"]);
}

#[test]
fn truncated_or_extended_files_are_refused_by_length() {
    let dir = tempfile::tempdir().unwrap();
    let (f, good) = written(dir.path(), 1);
    let want = format!("but the header says {}", good.len());
    for b in [
        &good[..good.len() - 1],
        &good[..good.len() - 32],
        &[&good[..], &[0]].concat()[..],
    ] {
        std::fs::write(&f, b).unwrap();
        get_fails(&f, ("0", "0"), 2, &[&want]);
    }
}

#[test]
fn any_band_height_is_read_from_the_documented_layout() {
    // a version 3 file made here by hand from a naive mex, with bands of 7 rows (29 bands)
    let dir = tempfile::tempdir().unwrap();
    let sq = naive(N, 2);
    let mut b = file_bytes(&sq, N, 2);
    b[8..12].copy_from_slice(&3u32.to_le_bytes());
    b[48..56].copy_from_slice(&7u64.to_le_bytes());
    b.resize(b.len() + 29 * 8, 0);
    seal_v3(&mut b);
    let f = common::write(dir.path(), "b7.bin", &b);
    assert_eq!(get(&f, "0..199", "5"), Ok(expected(&sq, (0, 199), (5, 5))));
    run_ok(&["grundy", "--check", s(&f)]);
    // G(15, 20) lies in band 2, rows 14..20
    b[offset(15, 20)] ^= 1;
    std::fs::write(&f, &b).unwrap();
    assert_eq!(get(&f, "13", "20"), Ok(expected(&sq, (13, 13), (20, 20))));
    get_fails(&f, ("20", "15"), 1, &["rows 14 to 20"]);
}

#[test]
fn version_2_files_stay_readable_and_checked_whole() {
    let dir = tempfile::tempdir().unwrap();
    let sq = naive(N, 3);
    let b = file_bytes(&sq, N, 3);
    let f = common::write(dir.path(), "v2.bin", &b);
    assert_eq!(get(&f, "3", "0..10"), Ok(expected(&sq, (3, 3), (0, 10))));
    run_ok(&["grundy", "--check", s(&f)]);
    // a damaged value anywhere refuses every read of a version 2 file: it has one checksum
    let bad = common::corrupt(&b, N, 150, 160, 399, false);
    std::fs::write(&f, &bad).unwrap();
    get_fails(&f, ("3", "0..10"), 1, &["damaged", "header and payload"]);
    // its reserved field stays reserved
    let mut b2 = b.clone();
    b2[48] = 64;
    std::fs::write(&f, &b2).unwrap();
    get_fails(&f, ("0", "0"), 2, &["reserved"]);
}

#[test]
fn an_interrupted_run_of_format_version_2_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.bin");
    let partial = dir.path().join("t.bin.partial");
    let ckpt = dir.path().join("t.bin.partial.ckpt");
    let o = wythoff(&["grundy", "700", "-o", s(&f), "--abort-after-rows", "256"]);
    assert!(!o.status.success() && ckpt.exists());
    // the log's first line as a version 2 run wrote it (its line hash recomputed)
    let body = edit_log_header(&ckpt, "table v3 ", "table v2 ");
    assert!(
        body.starts_with("wythoff grundy table v2 a=1 N=700"),
        "{body}"
    );
    let resume = ["grundy", "700", "-o", s(&f), "--resume"];
    let want = ["table format version 2", "--restart"];
    refused_keeping(&resume, &[&partial, &ckpt], &want);
    assert!(!f.exists());
    run_ok(&["grundy", "700", "-o", s(&f), "--restart"]);
    assert_eq!(u32_at(&std::fs::read(&f).unwrap(), 8), 3);
}
