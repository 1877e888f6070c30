//! The Slurm job scripts of scripts/slurm without Slurm: the array variables are set here, the
//! way Slurm sets them for each task, and the scripts are run by bash.
//!
//! * `shard.sh` prints I/K with I = SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN and
//!   K = SLURM_ARRAY_TASK_COUNT (computed here), and refuses a missing or malformed variable,
//!   a step, an array with holes and a task outside the array (exit 2, naming the variable).
//! * verify-array.sbatch run once per task, then verify-merge.sbatch: the merged report's checks
//!   are the unsharded run's; a shard with a counterexample (the --inject-fault test double)
//!   makes the merge exit 1 saying FAIL with its n; a missing report makes it exit 1 naming the
//!   shard.
//! * pairs-array.sbatch per task, then pairs-join.sbatch: the joined file is the unsharded
//!   file, byte for byte; a missing part makes the join exit 1 naming the shard.
//!
//! scripts/slurm/test runs the same scripts on a real Slurm (as root, in CI).

mod common;

use common::{run_ok, s, says, text, wythoff};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn slurm_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm")
}

/// Runs a script of scripts/slurm with only PATH, the binary and the given variables set.
fn script(name: &str, args: &[&str], vars: &[(&str, String)]) -> Output {
    let mut c = Command::new("bash");
    c.arg(slurm_dir().join(name))
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("WYTHOFF", env!("CARGO_BIN_EXE_wythoff"))
        .env("SLURM_SUBMIT_DIR", env!("CARGO_MANIFEST_DIR"));
    for (k, v) in vars {
        c.env(k, v);
    }
    c.output().unwrap()
}

/// The variables Slurm sets in task `id` of `--array=MIN-MAX`.
fn task(id: u64, min: u64, count: u64) -> Vec<(&'static str, String)> {
    vec![
        ("SLURM_ARRAY_JOB_ID", "1000".into()),
        ("SLURM_ARRAY_TASK_ID", id.to_string()),
        ("SLURM_ARRAY_TASK_MIN", min.to_string()),
        ("SLURM_ARRAY_TASK_MAX", (min + count - 1).to_string()),
        ("SLURM_ARRAY_TASK_COUNT", count.to_string()),
        ("SLURM_ARRAY_TASK_STEP", "1".into()),
    ]
}

#[test]
fn shard_is_task_id_minus_min_of_count() {
    for (min, count) in [(0, 1), (0, 4), (1, 4), (7, 3), (100, 10), (0, 1000)] {
        let mut seen = Vec::new();
        for id in min..min + count {
            if count == 1000 && id % 97 != 3 {
                continue;
            }
            // as Slurm sets them, and with only ID, MIN and COUNT
            let bare: Vec<_> = task(id, min, count)
                .into_iter()
                .filter(|(k, _)| !k.ends_with("MAX") && !k.ends_with("STEP"))
                .collect();
            for vars in [task(id, min, count), bare] {
                let o = script("shard.sh", &[], &vars);
                assert!(o.status.success(), "{vars:?}: {}", text(&o));
                let want = format!("{}/{count}\n", id - min);
                assert_eq!(String::from_utf8_lossy(&o.stdout), want, "{vars:?}");
            }
            seen.push(id - min);
        }
        if count != 1000 {
            assert_eq!(seen, (0..count).collect::<Vec<_>>());
        }
    }
}

#[test]
fn shard_refuses_what_is_not_one_contiguous_array() {
    // the variables set, as NAME=VALUE for SLURM_ARRAY_TASK_NAME, and what the refusal names
    let cases = [
        ("", "SLURM_ARRAY_TASK_ID is not set"),
        ("ID=1 COUNT=4", "SLURM_ARRAY_TASK_MIN is not set"),
        ("ID=1 MIN=0", "SLURM_ARRAY_TASK_COUNT is not set"),
        ("ID=1x MIN=0 COUNT=4", "SLURM_ARRAY_TASK_ID='1x'"),
        ("ID=-1 MIN=0 COUNT=4", "SLURM_ARRAY_TASK_ID='-1'"),
        ("ID= MIN=0 COUNT=4", "SLURM_ARRAY_TASK_ID=''"),
        ("ID=1 MIN=0 COUNT=1234567890123456789", "at most 18 digits"),
        ("ID=4 MIN=0 COUNT=4", "0 <= I < SLURM_ARRAY_TASK_COUNT=4"),
        ("ID=2 MIN=3 COUNT=4", "below SLURM_ARRAY_TASK_MIN=3"),
        ("ID=0 MIN=0 COUNT=0", "at least one task"),
        ("ID=2 MIN=0 COUNT=4 STEP=2", "SLURM_ARRAY_TASK_STEP=2"),
        ("ID=5 MIN=1 COUNT=3 MAX=7", "the array has holes"),
    ];
    for (set, what) in cases {
        let names: Vec<(String, String)> = (set.split_whitespace())
            .map(|kv| kv.split_once('=').unwrap())
            .map(|(k, v)| (format!("SLURM_ARRAY_TASK_{k}"), v.to_string()))
            .collect();
        let vars: Vec<(&str, String)> =
            names.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        let o = script("shard.sh", &[], &vars);
        let t = text(&o);
        assert_eq!(o.status.code(), Some(2), "{vars:?}: {t}");
        assert!(o.stdout.is_empty(), "{vars:?}: {t}");
        assert!(t.contains(what), "{vars:?}: '{what}' not in {t}");
        assert_eq!(t.trim().lines().count(), 1, "{t}");
    }
}

fn checks(path: &Path) -> Vec<serde_json::Value> {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            serde_json::json!({"name": c["name"], "covers": c["covers"], "count": c["count"],
                               "status": c["status"], "counterexample": c["counterexample"]})
        })
        .collect()
}

/// Runs the 4 tasks of verify-array.sbatch (array 5-8) into `dir`, then verify-merge.sbatch.
fn verify_array(dir: &Path, flags: &[&str]) -> Output {
    for id in 5..9 {
        let mut args = vec![s(dir)];
        args.extend(flags);
        let o = script("verify-array.sbatch", &args, &task(id, 5, 4));
        assert!(o.status.code().is_some_and(|c| c <= 1), "{}", text(&o));
    }
    script("verify-merge.sbatch", &[s(dir), "4"], &[])
}

#[test]
fn verify_array_and_merge() {
    let d = tempfile::tempdir().unwrap();
    let whole = d.path().join("whole.json");
    let unsharded = |flags: &[&str]| {
        let mut args = vec!["verify", "-o", s(&whole)];
        args.extend(flags);
        wythoff(&args)
    };
    // all shards pass: the merged checks are the unsharded run's
    let flags = ["--bound", "3000000", "--three", "10"];
    let v = d.path().join("v");
    let o = verify_array(&v, &flags);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("verify-merge: PASS"), "{}", text(&o));
    assert!(unsharded(&flags).status.success());
    assert_eq!(checks(&v.join("verify.json")), checks(&whole));

    // a shard finds a counterexample: FAIL with its n, exit 1, the unsharded run's checks
    let flags = ["--bound", "3000000", "--inject-fault", "2345678"];
    let f = d.path().join("f");
    let o = verify_array(&f, &flags);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    says(
        &text(&o),
        "verify-merge: FAIL: counterexample: a = 1, n = 2345678:",
    );
    assert_eq!(unsharded(&flags).status.code(), Some(1));
    assert_eq!(checks(&f.join("verify.json")), checks(&whole));

    // a missing report: exit 1 naming the shard, no merged report
    std::fs::remove_file(v.join("verify-1.json")).unwrap();
    std::fs::remove_file(v.join("verify.json")).unwrap();
    let o = script("verify-merge.sbatch", &[s(&v), "4"], &[]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("shard 1/4:"), "{}", text(&o));
    says(&text(&o), "verify-1.json' is missing");
    assert!(!v.join("verify.json").exists());

    // usage
    let o = script("verify-merge.sbatch", &[s(&v), "four"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let o = script("verify-array.sbatch", &[], &task(0, 0, 1));
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    // a task outside an array refuses before running anything
    let o = script("verify-array.sbatch", &[s(&v)], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("SLURM_ARRAY_TASK_ID is not set"));
}

#[test]
fn pairs_array_and_join() {
    let d = tempfile::tempdir().unwrap();
    for (c, range) in [["0", "99999"], ["3", "77777"]].iter().enumerate() {
        let game: &[&str] = if c == 0 {
            &[]
        } else {
            &["-a", "2", "--misere"]
        };
        let whole = d.path().join(format!("whole{c}.bin"));
        let mut args = vec!["pairs", range[0], range[1]];
        args.extend(game);
        args.extend(["--format", "binary", "-o", s(&whole)]);
        run_ok(&args);
        let dir = d.path().join(format!("p{c}"));
        for id in 0..4 {
            let mut args = vec![s(&dir), range[0], range[1]];
            args.extend(game);
            let o = script("pairs-array.sbatch", &args, &task(id, 0, 4));
            assert!(o.status.success(), "{}", text(&o));
        }
        let o = script("pairs-join.sbatch", &[s(&dir), "4"], &[]);
        assert!(o.status.success(), "{}", text(&o));
        assert!(
            std::fs::read(dir.join("pairs.bin")).unwrap() == std::fs::read(&whole).unwrap(),
            "joined file of {range:?} {game:?} differs from the unsharded one"
        );
    }
    // a missing part: exit 1 naming the shard, no file
    let dir = d.path().join("p0");
    std::fs::remove_file(dir.join("pairs-3.bin")).unwrap();
    std::fs::remove_file(dir.join("pairs.bin")).unwrap();
    let o = script("pairs-join.sbatch", &[s(&dir), "4"], &[]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("shard 3/4:"), "{}", text(&o));
    assert!(!dir.join("pairs.bin").exists());
}
