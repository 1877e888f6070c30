//! `pairs --shard I/K` and `pairs --join PART... -o FILE`: binary pairs files written in parts
//! (one per job of a cluster array) and joined in order.  The joined file must equal the
//! unsharded file byte for byte; its records are also compared with pairs built here from the
//! rules (the mex recursion) and its header with the documented layout (doc/formats.md).  Every
//! bad part — a gap, an overlap, the wrong order, another game, a damaged or truncated part, a
//! header edited to fit — is refused with exit status 1, naming the part, and leaves no file.

mod common;

use common::{mex_pairs_through, s, text, u64_at, wythoff};
use std::path::{Path, PathBuf};

/// Writes `pairs START STOP [game] [--shard I/K] --format binary -o dir/name`.
fn part(
    dir: &Path,
    name: &str,
    range: &[u64],
    game: &[&str],
    shard: Option<(u64, u64)>,
) -> PathBuf {
    let p = dir.join(name);
    let range: Vec<String> = range.iter().map(u64::to_string).collect();
    let mut args: Vec<String> = vec!["pairs".into()];
    args.extend(range);
    args.extend(game.iter().map(|g| g.to_string()));
    if let Some((i, k)) = shard {
        args.push("--shard".into());
        args.push(format!("{i}/{k}"));
    }
    args.extend(["--format", "binary", "-o", s(&p)].map(String::from));
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = wythoff(&a);
    assert!(o.status.success(), "{args:?}: {}", text(&o));
    p
}

fn join(parts: &[&Path], out: &Path) -> std::process::Output {
    let mut args = vec!["pairs", "--join"];
    args.extend(parts.iter().map(|p| s(p)));
    args.extend(["-o", s(out)]);
    wythoff(&args)
}

#[test]
fn four_parts_join_to_the_unsharded_file() {
    let d = tempfile::tempdir().unwrap();
    let cases: &[(&[u64], &[&str])] = &[
        (&[99_999], &[]),
        (&[7, 50_006], &["-a", "2"]),
        (&[5, 40_005], &["-a", "3", "--misere"]),
        (&[30_000], &["--misere"]),
        (&[123, 20_000], &["-a", "10"]),
        (&[3], &[]), // 4 parts of one pair each
    ];
    for (c, (range, game)) in cases.iter().enumerate() {
        let whole = part(d.path(), &format!("whole{c}.bin"), range, game, None);
        let parts: Vec<PathBuf> = (0..4)
            .map(|i| {
                part(
                    d.path(),
                    &format!("p{c}-{i}.bin"),
                    range,
                    game,
                    Some((i, 4)),
                )
            })
            .collect();
        let out = d.path().join(format!("joined{c}.bin"));
        let refs: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
        let o = join(&refs, &out);
        assert!(o.status.success(), "{range:?} {game:?}: {}", text(&o));
        let (w, j) = (std::fs::read(&whole).unwrap(), std::fs::read(&out).unwrap());
        assert!(w == j, "{range:?} {game:?}: joined file differs");
        // the parts are the exact cut START + floor(count*i/4), computed here
        let (start, stop) = match range {
            [stop] => (0, *stop),
            [start, stop] => (*start, *stop),
            _ => unreachable!(),
        };
        let count = (stop - start + 1) as u128;
        for (i, p) in parts.iter().enumerate() {
            let b = std::fs::read(p).unwrap();
            let lo = start + (count * i as u128 / 4) as u64;
            let hi = start + (count * (i as u128 + 1) / 4) as u64 - 1;
            assert_eq!(
                (u64_at(&b, 32), u64_at(&b, 40)),
                (lo, hi),
                "part {i} of {range:?}"
            );
        }
        // the documented header of the whole, its checksum over the payload
        assert_eq!(&j[0..8], b"WYTHOFF\0");
        assert_eq!(
            (u64_at(&j, 32), u64_at(&j, 40), u64_at(&j, 48)),
            (start, stop, stop - start + 1)
        );
        assert_eq!(u64_at(&j, 72), xxhash_rust::xxh3::xxh3_64(&j[80..]));
        // normal play: the records are the mex recursion's pairs
        if !game.contains(&"--misere") {
            let a = game
                .iter()
                .position(|g| *g == "-a")
                .map_or(1, |k| game[k + 1].parse().unwrap());
            assert_eq!(u64_at(&j, 16), a);
            let want = mex_pairs_through(a, false, stop);
            for (r, n) in (start..=stop).enumerate() {
                let o = 80 + 16 * r;
                assert_eq!(
                    (u64_at(&j, o), u64_at(&j, o + 8)),
                    want[n as usize],
                    "n = {n}, a = {a}"
                );
            }
        }
    }
}

#[test]
fn parts_of_any_sizes_join() {
    let d = tempfile::tempdir().unwrap();
    let whole = part(d.path(), "whole.bin", &[0, 70_000], &["-a", "2"], None);
    let cuts = [
        [0, 0],
        [1, 1],
        [2, 65_535],
        [65_536, 65_537],
        [65_538, 70_000],
    ];
    let parts: Vec<PathBuf> = cuts
        .iter()
        .enumerate()
        .map(|(i, r)| part(d.path(), &format!("p{i}.bin"), r, &["-a", "2"], None))
        .collect();
    let refs: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
    let out = d.path().join("j.bin");
    let o = join(&refs, &out);
    assert!(o.status.success(), "{}", text(&o));
    assert!(std::fs::read(&whole).unwrap() == std::fs::read(&out).unwrap());
}

/// floor(n·φ) = floor((n + isqrt(5n²)) / 2), exact in u128 for n < 2^64.
fn lower(n: u64) -> u128 {
    let n = n as u128;
    (n + (5 * n * n).isqrt()) / 2
}

#[test]
fn parts_on_both_sides_of_the_8_byte_limit_are_widened() {
    // the first n with B_n = A_n + n ≥ 2^64, by bisection on the exact formula
    let (mut lo, mut hi) = (1u64 << 62, 7u64 << 60); // 5·hi² < 2^128
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if lower(mid) + mid as u128 > u64::MAX as u128 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let n0 = hi;
    let d = tempfile::tempdir().unwrap();
    let (start, stop) = (n0 - 20, n0 + 20);
    let whole = part(d.path(), "whole.bin", &[start, stop], &[], None);
    let w = std::fs::read(&whole).unwrap();
    assert_eq!(w[25], 16);
    let p0 = part(d.path(), "p0.bin", &[start, n0 - 1], &[], None);
    let p1 = part(d.path(), "p1.bin", &[n0, stop], &[], None);
    assert_eq!(std::fs::read(&p0).unwrap()[25], 8);
    let out = d.path().join("j.bin");
    let o = join(&[&p0, &p1], &out);
    assert!(o.status.success(), "{}", text(&o));
    assert!(w == std::fs::read(&out).unwrap());
    // the records are the floor formula's
    for (r, n) in (start..=stop).enumerate() {
        let at = 80 + 32 * r;
        let a = u128::from_le_bytes(w[at..at + 16].try_into().unwrap());
        let b = u128::from_le_bytes(w[at + 16..at + 32].try_into().unwrap());
        assert_eq!((a, b), (lower(n), lower(n) + n as u128), "n = {n}");
    }
}

/// Refused with exit status 1, the message naming `culprit` and containing `what`, no output
/// file and no temporary file left.
fn refused(dir: &Path, parts: &[&Path], culprit: &Path, what: &str) {
    let out = dir.join("refused.bin");
    let o = join(parts, &out);
    let t = text(&o);
    assert_eq!(o.status.code(), Some(1), "{t}");
    assert!(
        t.contains(s(culprit)),
        "does not name {}: {t}",
        culprit.display()
    );
    assert!(t.contains(what), "does not say '{what}': {t}");
    assert_eq!(t.trim().lines().count(), 1, "{t}");
    assert!(!out.exists());
    for e in std::fs::read_dir(dir).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(!name.contains("partial"), "left {name}");
    }
}

#[test]
fn bad_parts_are_refused_naming_the_part() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    let p: Vec<PathBuf> = (0..4)
        .map(|i| part(dir, &format!("p{i}.bin"), &[9_999], &[], Some((i, 4))))
        .collect();
    let (p0, p1, p2, p3) = (&p[0], &p[1], &p[2], &p[3]);
    refused(dir, &[p0, p2, p3], p2, "expected START = 2500 (a gap)");
    refused(dir, &[p1, p0], p0, "out of order");
    let over = part(dir, "over.bin", &[2_000, 5_000], &[], None);
    refused(
        dir,
        &[p0, &over],
        &over,
        "expected START = 2500 (an overlap)",
    );
    let other_a = part(dir, "a2.bin", &[2_500, 4_999], &["-a", "2"], None);
    refused(dir, &[p0, &other_a], &other_a, "a = 2, normal play");
    let mis = part(dir, "mis.bin", &[2_500, 4_999], &["--misere"], None);
    refused(dir, &[p0, &mis], &mis, "all parts must be of one game");

    let bytes = std::fs::read(p1).unwrap();
    let write = |name: &str, b: &[u8]| {
        let q = dir.join(name);
        std::fs::write(&q, b).unwrap();
        q
    };
    // a payload byte in the middle: only the checksum can tell
    let mut b = bytes.clone();
    let mid = 80 + 16 * 1000 + 3;
    b[mid] ^= 1;
    let damaged = write("damaged.bin", &b);
    refused(
        dir,
        &[p0, &damaged, p2, p3],
        &damaged,
        "the part is damaged",
    );
    // the first record
    let mut b = bytes.clone();
    b[80] ^= 1;
    let first = write("first.bin", &b);
    refused(dir, &[p0, &first], &first, "record n = 2500");
    // truncated, by one record and to less than a header
    let cut = write("cut.bin", &bytes[..bytes.len() - 16]);
    refused(dir, &[p0, &cut], &cut, "truncated or damaged");
    let stub = write("stub.bin", &bytes[..40]);
    refused(dir, &[p0, &stub], &stub, "shorter than the 80-byte header");
    let empty = write("empty.bin", b"");
    refused(dir, &[&empty], &empty, "shorter than the 80-byte header");
    // a header edited to fit: p2 relabelled as starting at 2500 (and its STOP and count kept
    // consistent) — the records tell
    let mut b = std::fs::read(p2).unwrap();
    b[32..40].copy_from_slice(&2_500u64.to_le_bytes());
    b[40..48].copy_from_slice(&4_999u64.to_le_bytes());
    let relabelled = write("relabelled.bin", &b);
    refused(dir, &[p0, &relabelled], &relabelled, "record n = 2500");
    // a record count that would overflow the length: refused by the header check
    let mut b = bytes.clone();
    b[48..56].copy_from_slice(&u64::MAX.to_le_bytes());
    let huge = write("huge.bin", &b);
    refused(dir, &[&huge], &huge, "record count");
    // not a pairs file
    let word = dir.join("word.bin");
    let o = wythoff(&["pairs", "100", "--format", "word", "-o", s(&word)]);
    assert!(o.status.success());
    refused(dir, &[&word], &word, "characteristic word");
    let junk = write("junk.bin", &[7u8; 200]);
    refused(dir, &[&junk], &junk, "wrong magic");
    let missing = dir.join("nope.bin");
    refused(dir, &[p0, &missing], &missing, "No such file");
}

#[test]
fn join_and_shard_usage() {
    let d = tempfile::tempdir().unwrap();
    let p = part(d.path(), "p.bin", &[10], &[], None);
    for (args, what) in [
        (vec!["pairs", "--join", s(&p)], "--output"),
        (
            vec!["pairs", "5", "--join", s(&p), "-o", "x.bin"],
            "cannot be used",
        ),
        (
            vec!["pairs", "--join", s(&p), "-a", "2", "-o", "x.bin"],
            "cannot be used",
        ),
        (vec!["pairs", "10", "--shard", "4/4"], "--shard"),
        (vec!["pairs", "10", "--shard", "0/12"], "--shard"),
        (vec!["pairs", "10", "--shard", "x"], "--shard"),
    ] {
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(what), "{args:?}: {}", text(&o));
    }
    // the shards' counts add up to the range's, each computed by --count
    let total: u64 = (0..7)
        .map(|i| {
            let sh = format!("{i}/7");
            let o = wythoff(&["pairs", "3", "1003", "--shard", &sh, "--count"]);
            assert!(o.status.success());
            String::from_utf8(o.stdout)
                .unwrap()
                .trim()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(total, 1001);
}
