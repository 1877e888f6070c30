//! File handling of `pairs --join`, of outputs of known size, and of `verify --merge`:
//!
//! * `pairs --join … -o F` refuses an F that is one of the parts (also through a link) before
//!   anything is written — status 2, one line — and the parts stay as they were.
//! * A binary pairs or word file larger than the free space of its directory (10^18 pairs:
//!   16·10^18 bytes, more than any disk) is refused at once, naming -o, and no file is created;
//!   `generate` refuses a scale whose known files do not fit, naming --out, before it creates
//!   its folder.
//! * `verify --merge` refuses a shard report whose count contradicts the range it covers (one
//!   line naming the report, status 2), and merges the untouched reports — also failing ones.

mod common;
use common::*;
use std::path::Path;

#[test]
fn join_refuses_an_output_that_is_one_of_its_parts() {
    let d = tempfile::tempdir().unwrap();
    let (a, b) = (d.path().join("a.bin"), d.path().join("b.bin"));
    for (i, p) in [(0, &a), (1, &b)] {
        let sh = format!("{i}/2");
        run_ok(&[
            "pairs",
            "0",
            "999",
            "--shard",
            &sh,
            "--format",
            "binary",
            "-o",
            s(p),
        ]);
    }
    let (a0, b0) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let link = d.path().join("link");
    std::os::unix::fs::symlink(&b, &link).unwrap();
    let dotted = d.path().join(".").join("a.bin");
    for out in [&a, &b, &link, &dotted] {
        let o = wythoff(&["pairs", "--join", s(&a), s(&b), "-o", s(out)]);
        refusal(&o, &["-o", "--join", "is the file"]);
        assert_eq!(std::fs::read(&a).unwrap(), a0);
        assert_eq!(std::fs::read(&b).unwrap(), b0);
        assert_eq!(names(d.path()), ["a.bin", "b.bin", "link"]);
    }
    // another name is joined: the file of the whole range, as the unsharded run writes it
    let whole = d.path().join("whole.bin");
    run_ok(&["pairs", "--join", s(&a), s(&b), "-o", s(&whole)]);
    let one = d.path().join("one.bin");
    run_ok(&["pairs", "0", "999", "--format", "binary", "-o", s(&one)]);
    assert_eq!(std::fs::read(&whole).unwrap(), std::fs::read(&one).unwrap());
}

#[test]
fn files_beyond_the_free_disk_are_refused_before_any_work() {
    let d = tempfile::tempdir().unwrap();
    let f = d.path().join("f.bin");
    // 10^18 + 1 pairs of 2·8 bytes, 1.6·10^19 bytes; the word of A_0..A_10^18 is 2·10^17 bytes;
    // 10^12 pairs (the part of a job array of 10^18) 16 TB
    for args in [
        &["pairs", "0", "1e18", "--format", "binary"][..],
        &["pairs", "0", "1e18", "--format", "word"][..],
        &[
            "pairs",
            "0",
            "1e18",
            "--format",
            "binary",
            "--shard",
            "0/1000000",
        ][..],
        &["pairs", "0", "1e12", "--format", "binary"][..],
    ] {
        let mut a = args.to_vec();
        a.extend_from_slice(&["-o", s(&f)]);
        let o = wythoff(&a);
        refusal(&o, &["-o: ", "of disk in", "are free"]);
        assert!(
            names(d.path()).is_empty(),
            "{args:?}: {:?}",
            names(d.path())
        );
    }
    // an existing file is left as it was
    std::fs::write(&f, b"kept").unwrap();
    let o = wythoff(&["pairs", "0", "1e18", "--format", "binary", "-o", s(&f)]);
    refusal(&o, &["-o: "]);
    assert_eq!(std::fs::read(&f).unwrap(), b"kept");
    // a size that fits is written
    run_ok(&["pairs", "0", "99", "--format", "binary", "-o", s(&f)]);
    assert_eq!(std::fs::metadata(&f).unwrap().len(), 80 + 100 * 16);
}

/// Free bytes of the file system holding `dir` (statvfs), or `None`.
fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: `st` is plain data; statvfs fills it from a valid NUL-terminated path.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    (unsafe { libc::statvfs(c.as_ptr(), &mut st) } == 0)
        .then(|| (st.f_bavail as u64).saturating_mul(st.f_frsize as u64))
}

#[test]
fn generate_refuses_a_scale_beyond_the_free_disk() {
    // --scale 4224, the largest with a table the library takes (N = 16384·⌊√4224⌋ = 2^20): the
    // binary pairs file (4.2·10^10 pairs of 16 bytes), the word (8.5·10^11 bytes) and the table
    // (5.5·10^11 values of 3 bytes or more) need more than 3·10^12 bytes.  A folder on a file
    // system with less free: the temporary folder's, else the memory file system /dev/shm
    // (nothing is written there: the runs are refused before they create anything).
    let mut free = Vec::new();
    let mut found = None;
    for base in [std::env::temp_dir(), "/dev/shm".into()] {
        let Ok(d) = tempfile::tempdir_in(&base) else {
            free.push(format!("{}: no folder can be made there", base.display()));
            continue;
        };
        match free_bytes(d.path()) {
            Some(f) if f <= 3_000_000_000_000 => {
                found = Some(d);
                break;
            }
            Some(f) => free.push(format!("{}: {f} bytes free", base.display())),
            None => free.push(format!("{}: free space unknown (statvfs)", base.display())),
        }
    }
    let Some(d) = found else {
        return skipped(
            "generate_refuses_a_scale_beyond_the_free_disk",
            format!(
                "no file system at hand has at most 3·10^12 bytes free, less than --scale 4224 needs ({})",
                free.join("; ")
            ),
        );
    };
    let out = d.path().join("job");
    let o = wythoff(&["generate", "--scale", "4224", "--out", s(&out)]);
    refusal(&o, &["--out: ", "of disk in", "are free"]);
    assert!(names(d.path()).is_empty());
    // beyond, the table side itself is refused, naming --scale
    let o = wythoff(&["generate", "--scale", "4225", "--out", s(&out)]);
    refusal(&o, &["--scale: ", "N = 1064960"]);
    let o = wythoff(&["generate", "--scale", "1e6", "--out", s(&out)]);
    refusal(&o, &["--scale: "]);
    assert!(names(d.path()).is_empty());
}

/// `verify --merge` of the reports, with the report `edit` (index) rewritten so that check
/// `check` counts `count`.
fn merge_edited(
    parts: &[std::path::PathBuf],
    edit: Option<(usize, usize, &str)>,
) -> std::process::Output {
    let d = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for (i, p) in parts.iter().enumerate() {
        let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
        if let Some((j, check, count)) = edit
            && j == i
        {
            v["checks"][check]["count"] = count.into();
        }
        let q = d.path().join(format!("part{i}.json"));
        std::fs::write(&q, serde_json::to_vec(&v).unwrap()).unwrap();
        paths.push(q);
    }
    let mut a = vec!["verify", "--merge"];
    a.extend(paths.iter().map(|p| s(p)));
    let o = wythoff(&a);
    drop(d);
    o
}

fn count_of(p: &Path, check: usize) -> u64 {
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
    v["checks"][check]["count"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn merge_refuses_a_count_that_contradicts_the_range() {
    let d = tempfile::tempdir().unwrap();
    // bound 3·10^6 in 3 shards: the sweep counts 10^6 n per shard; the numeration sample
    // every n < 10^6 (shard 0), then 10^4 points spread over [10^6, 3·10^6) and 2999999
    let parts = shard_reports(d.path(), &["--bound", "3000000"], 3);
    assert_eq!(
        (0..3).map(|i| count_of(&parts[i], 0)).collect::<Vec<_>>(),
        [1_000_000; 3]
    );
    let o = merge_edited(&parts, None);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("ALL CHECKS PASSED"));
    for (part, check, count) in [
        (1, 0, "1000001"), // more n than the range holds
        (1, 0, "999999"),  // fewer, in a report that passed
        (2, 0, "1"),
        (0, 1, "999999"), // the numeration sample of shard 0
        (2, 1, "5000"),
    ] {
        let o = merge_edited(&parts, Some((part, check, count)));
        refusal(&o, &[&format!("part{part}.json"), "counts", "holds"]);
        assert!(!text(&o).contains("PASSED"));
    }
}

#[test]
fn merge_refuses_edited_counts_of_the_conjectures_and_keeps_failures() {
    let d = tempfile::tempdir().unwrap();
    // the A073869 sweep counts one n per n, the A090909 sweep one k per n ≥ 2
    let parts = shard_reports(d.path(), &["--conjectures", "--bound", "200000"], 2);
    assert_eq!(
        (count_of(&parts[0], 0), count_of(&parts[0], 1)),
        (100_000, 99_998)
    );
    assert_eq!(merge_edited(&parts, None).status.code(), Some(0));
    for (part, check, count) in [(0, 1, "100000"), (1, 1, "99999"), (1, 0, "100001")] {
        let o = merge_edited(&parts, Some((part, check, count)));
        refusal(&o, &[&format!("part{part}.json"), "counts"]);
    }
    // a shard that found a counterexample still merges, to a failure naming its n
    let f = tempfile::tempdir().unwrap();
    let failing = shard_reports(
        f.path(),
        &["--bound", "2000000", "--inject-fault", "1234567"],
        2,
    );
    let o = merge_edited(&failing, None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("n = 1234567"), "{}", text(&o));
}
