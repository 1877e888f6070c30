//! Checkpointed verification: a torn or corrupted record means "not done" — the resumed run
//! redoes that chunk and still fails where it should; a log of other parameters is refused and
//! left untouched; a plain run never silently reuses or overwrites a log.

mod common;

use common::verify::{completed, interrupted};
use common::{log_line, s, says, stderr, wythoff};
use std::path::Path;
use wythoff::files::Partial;
use wythoff::verify::{self, Config, Status, Task, checkpoint::params, sweep::CHUNK};

/// 2.4 chunks, a fault in the second one.
const BOUND: u64 = 40_000_000;
const FAULT: u64 = 20_000_000;

fn cfg() -> Config {
    Config::up_to(BOUND).with_faults(Some(FAULT), None, None)
}

/// The report of `cfg`, checked without a checkpoint.
fn report(cfg: &Config) -> verify::Report {
    let ctx = wythoff::Context::serial();
    verify::run(&Task::check(cfg.clone()), &ctx, &|_| {})
        .unwrap()
        .report
}

fn records(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l[17..].to_string())
        .collect()
}

#[test]
fn a_torn_or_corrupted_record_is_redone_and_the_failure_stays() {
    assert!(FAULT / CHUNK == 1 && BOUND.div_ceil(CHUNK) == 3);
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.json");
    let p = dir.path().join("r.json.ckpt");
    let whole = self::report(&cfg());
    // as a killed run leaves it: every chunk recorded, the log stays, no report
    assert_eq!(interrupted(&cfg(), &report, Partial::Refuse), Ok(0));
    assert!(!report.exists());
    assert_eq!(whole.checks[0].status, Status::Fail);
    assert!(
        whole.checks[0]
            .counterexample
            .as_ref()
            .unwrap()
            .contains(&format!("n = {FAULT}"))
    );
    let recorded = records(&p);
    assert_eq!(recorded.len(), 3);
    let fail = format!("chunk {CHUNK} {CHUNK} FAIL");
    assert!(
        recorded.iter().any(|r| r.starts_with(&fail)),
        "{recorded:?}"
    );
    let full = std::fs::read_to_string(&p).unwrap();
    let at = full.find(&fail).unwrap();

    // 1. the failing record torn in the middle of its line (as a crash while writing leaves it)
    // 2. one byte of it flipped: "FAIL" made "fAIL"
    // 3. the failure rewritten as a pass, with the old hash: a corrupted record
    let (head, tail) = full.split_at(at);
    let tail_line_end = tail.find('\n').unwrap();
    let forged_pass = format!("{}chunk {CHUNK} {CHUNK} ok{}", head, &tail[tail_line_end..]);
    let f = at + fail.len() - 4; // the F of FAIL
    let variants = [
        full[..at + 10].to_string(),
        format!("{}f{}", &full[..f], &full[f + 1..]),
        forged_pass,
    ];
    for (i, text) in variants.iter().enumerate() {
        std::fs::write(&p, text).unwrap();
        // the failing chunk is not among those taken as done
        let resumed = interrupted(&cfg(), &report, Partial::Resume).unwrap();
        assert!(resumed < 3, "variant {i}");
        // the chunk was redone: its failure is recorded again, once, with a valid hash
        let again = records(&p);
        assert_eq!(
            again.iter().filter(|r| r.starts_with(&fail)).count(),
            1,
            "variant {i}"
        );
        assert_eq!(again.len(), 3, "variant {i}: {again:?}");
        // resumed with every chunk recorded, nothing is checked again, and the run reports what
        // the whole run did, removing the log once the report is stored
        let before = std::fs::read(&p).unwrap();
        assert_eq!(interrupted(&cfg(), &report, Partial::Resume), Ok(3));
        assert_eq!(
            std::fs::read(&p).unwrap(),
            before,
            "variant {i}: nothing appended"
        );
        let (r, resumed) = completed(&cfg(), &report, Partial::Resume);
        assert_eq!(resumed, 3, "variant {i}");
        assert_eq!(
            r, whole,
            "variant {i}: the resumed run reports what the whole run did"
        );
        assert!(!p.exists(), "variant {i}");
    }
}

#[test]
fn logs_of_other_parameters_are_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.json");
    let p = dir.path().join("r.json.ckpt");
    // an interrupted run (as a kill leaves it): the log with its first line
    std::fs::write(&p, log_line(&params(&cfg()))).unwrap();
    let before = std::fs::read(&p).unwrap();
    // the exit status of the refusal to open the checkpoint
    let refusal = |c: &Config, mode| interrupted(c, &report, mode).unwrap_err();
    // a plain run refuses it
    assert_eq!(refusal(&cfg(), Partial::Refuse), 2);
    assert_eq!(std::fs::read(&p).unwrap(), before);
    let mut other = cfg();
    other.bound += 1;
    assert_eq!(refusal(&other, Partial::Resume), 2);
    assert_eq!(std::fs::read(&p).unwrap(), before);
    // a record that checks but does not fit the run's chunks is refused, not guessed at
    let mut text = String::from_utf8(before.clone()).unwrap();
    text.push_str(&log_line("chunk 12345 16777216 ok"));
    std::fs::write(&p, &text).unwrap();
    assert_eq!(refusal(&cfg(), Partial::Resume), 2);
    assert_eq!(std::fs::read_to_string(&p).unwrap(), text);
}

#[test]
fn the_command_line_resumes_refuses_and_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.json");
    let log = dir.path().join("r.json.ckpt");
    let r = s(&report);
    let run = |extra: &[&str]| {
        let mut args = vec![
            "verify",
            "--bound",
            "4e7",
            "--inject-fault",
            "20000000",
            "-o",
            r,
        ];
        args.extend_from_slice(extra);
        wythoff(&args)
    };
    // A log left by an interrupted run: chunk 0 done, and a record claiming chunk 1 passed whose
    // hash does not check (corrupted).
    let head = log_line(&params(&cfg()));
    let good = log_line(&format!("chunk 0 {CHUNK} ok"));
    let bad = log_line(&format!("chunk {CHUNK} {CHUNK} ok")).replacen(
        |c: char| c.is_ascii_hexdigit(),
        "z",
        1,
    );
    std::fs::write(&log, format!("{head}{good}{bad}")).unwrap();
    let before = std::fs::read(&log).unwrap();
    // a plain run refuses and names --resume and --restart; the log is untouched
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    says(&stderr(&o), "--resume");
    says(&stderr(&o), "--restart");
    assert_eq!(std::fs::read(&log).unwrap(), before);
    assert!(!report.exists());
    // --resume of another run's parameters refuses and leaves the log byte-identical
    let o = wythoff(&["verify", "--bound", "5e7", "-o", r, "--resume"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(std::fs::read(&log).unwrap(), before);
    // --resume redoes the corrupted chunk and fails with its counterexample
    let o = run(&["--resume"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    says(&stderr(&o), "1 chunk(s) already checked");
    let rep: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(rep["checks"][0]["status"], "FAIL");
    let counterexample = rep["checks"][0]["counterexample"].as_str().unwrap();
    says(counterexample, "n = 20000000");
    assert_eq!(rep["checks"][0]["count"], "40000000");
    assert!(
        !log.exists(),
        "the log is removed once the report is written"
    );
    // --restart discards a log and runs afresh
    std::fs::write(&log, &before).unwrap();
    let o = run(&["--restart"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(!log.exists());
}
