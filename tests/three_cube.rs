//! `three N --cube FILE` and `three N --from FILE`: the cube file read by the documented format
//! (doc/formats.md, decoded here without the library) holds exactly the P-positions that a
//! backward induction from the rules finds; a run killed with a real SIGKILL resumes to the file
//! of an uninterrupted run byte for byte; interrupted runs are refused, resumed or discarded as
//! asked; crafted files are refused with the reason.

mod common;
use common::{
    records, refused, run_ok, s, says, spawn, suffixed, text, three_pile_board, three_pile_p,
    wythoff,
};
use std::path::Path;

/// Decodes a cube file by doc/formats.md: header fields, then the values of the tiles of side B
/// taken by wavefronts I + J, I ascending, each tile row by row; returns (N, T(y, z) by (y, z)).
fn decode(bytes: &[u8]) -> (usize, std::collections::HashMap<(usize, usize), u32>) {
    let u64_at = |o: usize| common::u64_at(bytes, o) as usize;
    assert_eq!(&bytes[..8], b"WYTHOFF\0");
    assert_eq!(common::u32_at(bytes, 8), 1);
    assert_eq!(common::u32_at(bytes, 12), 5);
    let (n, b, values) = (u64_at(16), u64_at(24), u64_at(32));
    assert_eq!(values, (n + 1) * (n + 2) / 2);
    assert_eq!(bytes.len(), 64 + 4 * values);
    let payload = &bytes[64..];
    // the checksum covers header bytes 0..40 and the payload
    let mut covered = bytes[..40].to_vec();
    covered.extend_from_slice(payload);
    assert_eq!(xxhash_rust::xxh3::xxh3_64(&covered), u64_at(40) as u64);
    let nb = (n + 1).div_ceil(b);
    let mut map = std::collections::HashMap::new();
    let mut k = 0;
    for sw in 0..2 * nb - 1 {
        for i in 0..nb {
            if i > sw || sw - i >= nb || i > sw - i {
                continue;
            }
            let j = sw - i;
            for y in i * b..((i + 1) * b).min(n + 1) {
                for z in (j * b).max(y)..((j + 1) * b).min(n + 1) {
                    let v = u32::from_le_bytes(payload[4 * k..4 * k + 4].try_into().unwrap());
                    map.insert((y, z), v);
                    k += 1;
                }
            }
        }
    }
    assert_eq!(k, values);
    (n, map)
}

#[test]
fn the_cube_file_holds_the_p_positions_of_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    // 70 > 64: more than one tile a side, with a partial last tile
    for n in [0usize, 1, 5, 70] {
        let f = dir.path().join(format!("c{n}"));
        let o = run_ok(&["three", &n.to_string(), "--cube", s(&f)]);
        let (side, t) = decode(&std::fs::read(&f).unwrap());
        assert_eq!(side, n);
        let p = three_pile_board(n);
        let m = n + 1;
        for y in 0..m {
            for z in y..m {
                let want = (0..m).find(|&x| p[(x * m + y) * m + z]);
                let got = t[&(y, z)];
                assert_eq!(
                    (got != u32::MAX).then_some(got as usize),
                    want,
                    "n = {n}: T({y}, {z})"
                );
            }
        }
        // the summary printed is the brute force's count and sum over x <= y <= z
        let listed = three_pile_p(n);
        let (count, sum) = (listed.len(), listed.iter().flatten().sum::<usize>());
        let want =
            format!("{count} P-positions with x <= y <= z <= {n}; sum of x + y + z = {sum}\n");
        assert_eq!(String::from_utf8_lossy(&o.stdout), want);
        let o = wythoff(&["three", &n.to_string(), "--from", s(&f)]);
        assert_eq!(String::from_utf8_lossy(&o.stdout), want);
    }
}

#[test]
fn project_euler_260_from_a_cube_file_and_its_sub_cubes() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("c");
    run_ok(&["three", "1000", "--cube", s(&f)]);
    // Project Euler 260: the sum over P-positions x <= y <= z <= 1000 is 167542057
    let o = wythoff(&["three", "1000", "--from", s(&f), "--sum"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "167542057\n");
    for m in ["0", "37", "400"] {
        let a = wythoff(&["three", m, "--from", s(&f)]);
        let b = wythoff(&["three", m]);
        assert!(a.status.success() && b.status.success());
        assert_eq!(a.stdout, b.stdout, "m = {m}");
    }
    refused(
        &["three", "1001", "--from", s(&f)],
        &["side 1000, smaller than N = 1001"],
    );
}

#[test]
fn resume_after_a_real_sigkill_is_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let (n, f, whole) = ("2500", dir.path().join("k"), dir.path().join("whole"));
    run_ok(&["three", n, "--cube", s(&whole)]);
    let ckpt = suffixed(&f, ".partial.ckpt");
    let mut child = spawn(&["three", n, "--cube", s(&f)]);
    let t0 = std::time::Instant::now();
    while records(&ckpt) < 3 {
        assert!(t0.elapsed().as_secs() < 120, "no checkpoints");
        assert!(child.try_wait().unwrap().is_none(), "finished too soon");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    child.kill().unwrap(); // SIGKILL
    assert!(!child.wait().unwrap().success() && !f.exists());
    // a plain run refuses the interrupted one and names it
    refused(&["three", n, "--cube", s(&f)], &["an interrupted run"]);
    let o = run_ok(&["three", n, "--cube", s(&f), "--resume"]);
    assert!(text(&o).contains("resuming after"), "{}", text(&o));
    assert_eq!(std::fs::read(&f).unwrap(), std::fs::read(&whole).unwrap());
    assert!(!suffixed(&f, ".partial").exists() && !ckpt.exists());
    let w = wythoff(&["three", n]);
    assert_eq!(o.stdout, w.stdout);
}

/// A run of `three 200 --cube f` aborted (like kill -9) after that many checkpoints: the partial
/// file is there, the final name is not.
fn interrupted(f: &Path, checkpoints: &str) {
    let args = [
        "three",
        "200",
        "--cube",
        s(f),
        "--abort-after-checkpoints",
        checkpoints,
    ];
    let o = wythoff(&args);
    assert!(!o.status.success() && suffixed(f, ".partial").exists() && !f.exists());
}

#[test]
fn interrupted_runs_are_refused_resumed_or_discarded_as_asked() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("c");
    let partial = suffixed(&f, ".partial");
    refused(
        &["three", "200", "--cube", s(&f), "--resume"],
        &["no interrupted run"],
    );
    assert!(!partial.exists());
    interrupted(&f, "4");
    let before = std::fs::read(&partial).unwrap();
    // another side: refused, the partial file left byte for byte
    refused(
        &["three", "201", "--cube", s(&f), "--resume"],
        &["computes another cube"],
    );
    assert_eq!(std::fs::read(&partial).unwrap(), before);
    // a damaged value in the first batch: no checkpoint's chain matches, the run starts afresh
    // and still gives the uninterrupted run's file
    let mut bad = before.clone();
    bad[64 + 4 * 10] ^= 1;
    std::fs::write(&partial, &bad).unwrap();
    let o = run_ok(&["three", "200", "--cube", s(&f), "--resume"]);
    assert!(text(&o).contains("no checkpoint matches"), "{}", text(&o));
    let whole = dir.path().join("whole");
    assert!(
        wythoff(&["three", "200", "--cube", s(&whole)])
            .status
            .success()
    );
    assert_eq!(std::fs::read(&f).unwrap(), std::fs::read(&whole).unwrap());
    // --restart discards an interrupted run
    std::fs::remove_file(&f).unwrap();
    interrupted(&f, "2");
    let o = run_ok(&["three", "200", "--cube", s(&f), "--restart"]);
    says(&text(&o), "discarded the interrupted run");
    assert_eq!(std::fs::read(&f).unwrap(), std::fs::read(&whole).unwrap());
}

#[test]
fn crafted_cube_files_are_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("c");
    assert!(wythoff(&["three", "40", "--cube", s(&f)]).status.success());
    let good = std::fs::read(&f).unwrap();
    let reseal = |b: &mut Vec<u8>| {
        let mut covered = b[..40].to_vec();
        covered.extend_from_slice(&b[64..]);
        let h = xxhash_rust::xxh3::xxh3_64(&covered);
        b[40..48].copy_from_slice(&h.to_le_bytes());
    };
    let mut cases: Vec<(&str, Vec<u8>, i32, &str)> = Vec::new();
    cases.push(("truncated", good[..good.len() - 4].to_vec(), 2, "bytes"));
    cases.push(("no header", good[..10].to_vec(), 2, "64-byte header"));
    let mut b = good.clone();
    b[0] = b'X';
    cases.push(("bad magic", b, 2, "magic"));
    let mut b = good.clone();
    b[24] ^= 1; // tile side 65: the values would be read in another order
    cases.push(("tile side changed", b, 2, "tile side 65"));
    let mut b = good.clone();
    b[24] = 32; // version 1 is written with tiles of 64 only
    reseal(&mut b);
    cases.push(("resealed tile side", b, 2, "tile side 32"));
    let mut b = good.clone();
    b[64 + 8] ^= 0x10;
    cases.push(("flipped value", b, 1, "damaged"));
    let mut b = good.clone();
    b[64..68].copy_from_slice(&41u32.to_le_bytes());
    reseal(&mut b);
    cases.push(("value outside the cube", b, 2, "outside the cube"));
    let mut b = good.clone();
    b[12] = 3;
    cases.push(("a Grundy table's kind", b, 2, "kind 3, a Grundy table"));
    let mut b = good.clone();
    b[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
    cases.push(("huge side", b, 2, "beyond 32-bit"));
    let mut b = good.clone();
    b[32..40].copy_from_slice(&u64::MAX.to_le_bytes());
    cases.push(("huge count", b, 2, "values for side"));
    let mut b = good.clone();
    b[24..32].copy_from_slice(&0u64.to_le_bytes());
    cases.push(("tile 0", b, 2, "tile side 0"));
    for (what, bytes, code, says) in cases {
        let p = dir.path().join("crafted");
        std::fs::write(&p, &bytes).unwrap();
        let o = wythoff(&["three", "10", "--from", s(&p)]);
        assert_eq!(o.status.code(), Some(code), "{what}: {}", text(&o));
        let t = text(&o);
        assert!(t.contains("--from") && t.contains(says), "{what}: {t}");
        assert_eq!(t.lines().count(), 1, "{what}: {t}");
    }
    // not a regular file, or missing: one line naming --from, exit 2
    for p in [dir.path().to_path_buf(), dir.path().join("missing")] {
        let o = wythoff(&["three", "10", "--from", s(&p)]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(text(&o).starts_with("wythoff: --from: "), "{}", text(&o));
    }
}
