//! `wythoff prove` as users run it: verdicts and counterexamples on stdout, exit statuses,
//! `--json`, `--expect`, `--theorem`, `--list`, `--export-walnut`, refusals, and the examples of
//! doc/prove.md.

mod common;

use common::examples::{self, Minimums};
use common::{json, refusal, stderr, stdout, text, wythoff, zeckendorf};

#[test]
fn a_verdict_is_the_first_line_and_a_counterexample_the_second() {
    let o = wythoff(&["prove", "A x,y x+y != 7"]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(stdout(&o), "FALSE\ncounterexample: x=0 y=7\n");
    let e = stderr(&o);
    assert!(
        e.contains("states built") && e.contains("after minimization"),
        "{e}"
    );
    let o = wythoff(&["prove", "A x E y y = x + 1"]);
    assert_eq!(stdout(&o), "TRUE\n");
    assert!(o.status.success());
}

#[test]
fn json_gives_the_verdict_and_the_counterexample_as_strings() {
    let o = wythoff(&["prove", "A n,x lower(n,x) => x > n", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let j = json(&o);
    assert_eq!(j["version"], 1);
    assert_eq!(j["verdict"], false);
    assert_eq!(j["counterexample"]["n"], "0");
    assert_eq!(j["counterexample"]["x"], "0");
    // the keys in the order of the quantifier block, not sorted
    let o = wythoff(&["prove", "A y,x x + y != 7", "--json"]);
    let t = stdout(&o);
    assert!(t.contains(r#""counterexample":{"y":"0","x":"7"}"#), "{t}");
    let o = wythoff(&["prove", "E x x > 3", "--json"]);
    let j = json(&o);
    assert_eq!(j["verdict"], true);
    assert!(j["counterexample"].is_null());
}

#[test]
fn expect_turns_the_other_verdict_into_exit_1() {
    let o = wythoff(&["prove", "A x x >= 0", "--expect", "true"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = wythoff(&["prove", "A x x >= 1", "--expect", "true"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(stdout(&o), "FALSE\ncounterexample: x=0\n");
    assert!(stderr(&o).contains("wythoff: DISAGREEMENT: the statement is FALSE"));
    let o = wythoff(&["prove", "A x x >= 1", "--expect", "false"]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn the_generalized_game_has_its_own_predicates_and_theorems() {
    let o = wythoff(&["prove", "-a", "2", "--theorem", "zero-values"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(stdout(&o).lines().next(), Some("TRUE"));
    // (1, 3) is the first P-position of a = 2 after (0, 0); (1, 2) is not
    let o = wythoff(&[
        "prove",
        "-a",
        "2",
        "P(1,3) & ~P(1,2) & lower(2,2) & upper(2,6)",
    ]);
    assert_eq!(stdout(&o), "TRUE\n", "{}", text(&o));
    refusal(
        &wythoff(&["prove", "-a", "2", "A x one(x,x)"]),
        &["a = 1) only"],
    );
    refusal(
        &wythoff(&["prove", "-a", "10", "A x x = x"]),
        &["-a", "1 to 9"],
    );
    refusal(
        &wythoff(&["prove", "-a", "3", "--theorem", "one-values"]),
        &["no theorem 'one-values' for a = 3"],
    );
    refusal(
        &wythoff(&["prove", "-a", "2", "--export-walnut", "/tmp"]),
        &[],
    );
}

#[test]
fn theorems_are_listed_and_proved_with_their_recorded_verdicts() {
    let o = wythoff(&["prove", "--list"]);
    assert!(o.status.success());
    let listed = stdout(&o);
    for t in wythoff::prove::THEOREMS {
        assert!(listed.contains(&format!("{}: ", t.name)), "{listed}");
        let o = wythoff(&["prove", "--theorem", t.name]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let out = stdout(&o);
        assert_eq!(out.lines().next(), Some("TRUE"), "{out}");
        assert_eq!(out.lines().count(), 1 + t.sentences.len());
    }
    let o = wythoff(&["prove", "--theorem", "one-values", "--json"]);
    let j = json(&o);
    assert_eq!(j["theorem"], "one-values");
    assert_eq!(j["verdict"], true);
    assert_eq!(j["sentences"].as_array().unwrap().len(), 5);
}

#[test]
fn bad_statements_and_names_are_usage_errors() {
    refusal(&wythoff(&["prove", "A x x <"]), &["character 8"]);
    refusal(&wythoff(&["prove", "A x Q(x)"]), &["unknown predicate 'Q'"]);
    refusal(&wythoff(&["prove", "A x P(x)"]), &["takes 2 arguments"]);
    refusal(&wythoff(&["prove", "A x x < y"]), &["'y' is free"]);
    refusal(
        &wythoff(&["prove", "--theorem", "nope"]),
        &["no theorem 'nope'", "zero-values"],
    );
    refusal(&wythoff(&["prove"]), &[]);
    refusal(
        &wythoff(&["prove", "A x x = x", "--theorem", "zero-values"]),
        &[],
    );
    refusal(&wythoff(&["prove", "--list", "--json"]), &[]);
    refusal(
        &wythoff(&["prove", "A x x = x", "--expect", "maybe"]),
        &["maybe"],
    );
}

#[test]
fn a_closed_or_full_standard_error_loses_the_notes_and_nothing_else() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    for args in [
        vec!["prove", "A x x = x"],
        vec!["prove", "--theorem", "lower-upper"],
    ] {
        let o = common::command()
            .args(&args)
            .stderr(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&o).lines().next(), Some("TRUE"));
    }
}

#[test]
fn a_state_cap_of_0_is_refused() {
    refusal(
        &wythoff(&["prove", "A x x = x", "--max-states", "0"]),
        &["--max-states", "at least 1"],
    );
}

#[test]
fn past_the_state_cap_there_is_no_verdict() {
    let o = wythoff(&["prove", "A x,y P(x,y) => x + y != 4", "--max-states", "5"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(stdout(&o), "");
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("state cap of 5 states"), "{e}");
    assert!(e.contains("--max-states"), "{e}");
    // a theorem says which sentence ran out
    let o = wythoff(&["prove", "--theorem", "one-values", "--max-states", "100"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        stderr(&o).contains("the set avoids the 0-values: no verdict"),
        "{}",
        text(&o)
    );
}

#[test]
fn past_the_memory_cap_there_is_no_verdict() {
    let s = "A n,x lower(n,x) => 144*x <= 233*n";
    let o = wythoff(&["prove", s, "--max-memory", "1M"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(stdout(&o), "");
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("memory cap of 1.0 MiB"), "{e}");
    assert!(e.contains("--max-memory SIZE"), "{e}");
    // the same statement within the default caps
    let o = wythoff(&["prove", s]);
    assert_eq!(stdout(&o), "TRUE\n", "{}", text(&o));
}

#[test]
fn memory_sizes_are_read_with_their_units_and_bad_ones_refused() {
    for ok in [
        "2G", "512M", "512MiB", "1048576", "2^31", "1t", "1GB", "1gb", "2MB", "1TB",
    ] {
        let o = wythoff(&["prove", "A x x = x", "--max-memory", ok]);
        assert_eq!(stdout(&o), "TRUE\n", "{ok}: {}", text(&o));
    }
    for bad in [
        "0",
        "1000",
        "1023K",
        "1MB",
        "2X",
        "-1G",
        "G",
        "2^70",
        "17179869184T",
    ] {
        refusal(
            &wythoff(&["prove", "A x x = x", "--max-memory", bad]),
            &["--max-memory", "a memory size"],
        );
    }
}

#[test]
fn options_that_list_or_export_do_not_use_are_refused() {
    for extra in [
        &["--max-memory", "1G"][..],
        &["--max-states", "100"],
        &["--no-expand"],
    ] {
        let mut args = vec!["prove", "--list"];
        args.extend_from_slice(extra);
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", text(&o));
        assert!(stderr(&o).contains("cannot be used with"), "{}", text(&o));
    }
    let o = wythoff(&["prove", "--export-walnut", "out/never", "--no-expand"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn the_expansion_of_a_predicate_is_said_and_can_be_turned_off() {
    let s = "A x,y,u (P(x,y) & move(x,y,u,y)) => ~P(u,y)";
    let o = wythoff(&["prove", s]);
    assert_eq!(stdout(&o), "TRUE\n", "{}", text(&o));
    let e = stderr(&o);
    assert!(
        e.contains("expanded move(x,y,u,y) into its 3 cases under E x,y,u"),
        "{e}"
    );
    let o = wythoff(&["prove", s, "--no-expand"]);
    assert_eq!(stdout(&o), "TRUE\n", "{}", text(&o));
    assert!(!stderr(&o).contains("expanded"), "{}", text(&o));
}

#[test]
fn the_walnut_export_writes_each_predicate_in_walnuts_format() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let o = wythoff(&["prove", "--export-walnut", d]);
    assert!(o.status.success(), "{}", text(&o));
    for (name, arity, _) in wythoff::prove::PREDICATES {
        let t = std::fs::read_to_string(dir.path().join(format!("{name}.txt"))).unwrap();
        let mut lines = t.lines();
        assert_eq!(lines.next().unwrap(), vec!["msd_fib"; *arity].join(" "));
        // each transition has one digit an argument; each state line is "STATE 0|1"
        for l in lines.filter(|l| !l.is_empty()) {
            let w: Vec<&str> = l.split_whitespace().collect();
            if w.contains(&"->") {
                assert_eq!(w.len(), arity + 2, "{name}: {l}");
            } else {
                assert_eq!(w.len(), 2, "{name}: {l}");
                assert!(w[1] == "0" || w[1] == "1");
            }
        }
    }
    // read back: the exported P accepts exactly the P-positions of the rules on a prefix
    let t = std::fs::read_to_string(dir.path().join("P.txt")).unwrap();
    let walnut = read_walnut(&t);
    let p = common::p_board(60, 1, false);
    for x in 0..60 {
        for y in 0..60 {
            assert_eq!(
                walnut_accepts(&walnut, &[x, y]),
                p[x as usize][y as usize],
                "({x},{y})"
            );
        }
    }
    let o = wythoff(&["prove", "--export-walnut", "/nonexistent/dir"]);
    assert_ne!(o.status.code(), Some(0));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", text(&o));
}

/// A Walnut automaton file read independently: state -> (accepting, transitions by digits).
type Walnut = Vec<(bool, Vec<(Vec<u8>, usize)>)>;

fn read_walnut(text: &str) -> Walnut {
    let mut states: Walnut = Vec::new();
    for l in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let w: Vec<&str> = l.split_whitespace().collect();
        if let Some(arrow) = w.iter().position(|&s| s == "->") {
            let digits = w[..arrow].iter().map(|d| d.parse().unwrap()).collect();
            let target = w[arrow + 1].parse().unwrap();
            states.last_mut().unwrap().1.push((digits, target));
        } else {
            assert_eq!(w[0].parse::<usize>().unwrap(), states.len());
            states.push((w[1] == "1", Vec::new()));
        }
    }
    states
}

fn walnut_accepts(a: &Walnut, values: &[u64]) -> bool {
    let len = 14;
    let words: Vec<Vec<u8>> = values.iter().map(|&v| zeckendorf(v, len)).collect();
    let mut s = 0;
    for j in 0..len {
        let letter: Vec<u8> = words.iter().map(|w| w[j]).collect();
        match a[s].1.iter().find(|(d, _)| *d == letter) {
            Some(&(_, t)) => s = t,
            None => return false,
        }
    }
    a[s].0
}

#[test]
fn the_examples_of_doc_prove_md_run_as_shown() {
    examples::run_document(
        "doc/prove.md",
        &[],
        Minimums {
            found: 17,
            compared: 17,
            bfiles: 0,
        },
    );
}
