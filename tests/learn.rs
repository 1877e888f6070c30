//! `learn`: automata of P-positions learned from the engines and proved from the rules, checked
//! against P-boards computed here from the rules by backward induction, against the predicates
//! the decision procedure builds from its own definitions, and by planted faults.

mod common;

use common::*;
use wythoff::cancel::Cancel;
use wythoff::learn::{Options, PREDICATE, Representation, Subject, learn, prove};
use wythoff::lines::LineRules;
use wythoff::prove::{Budget, Dfa, Limits, Numeration, Vocabulary, decide, kernel};

fn options(max_rows: u64) -> Options {
    Options {
        max_rows,
        limits: Limits::default(),
    }
}

/// The P-board of a line game on [0, n)² by backward induction from the rules: a ray (p, q)
/// takes i·(p, q), i ≥ 1, a jump (p, q) once, while neither pile goes negative.
fn p_board(n: usize, rays: &[(usize, usize)], jumps: &[(usize, usize)]) -> Vec<Vec<bool>> {
    p_board_play(n, rays, jumps, false)
}

/// The same in normal or misère play (misère: the end (0, 0), where the player to move has
/// won, is an N-position; every other position is P when none of its options is).
fn p_board_play(
    n: usize,
    rays: &[(usize, usize)],
    jumps: &[(usize, usize)],
    misere: bool,
) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; n]; n];
    for x in 0..n {
        for y in 0..n {
            if misere && x == 0 && y == 0 {
                continue;
            }
            let mut to_p = false;
            for &(a, b) in rays {
                let mut i = 1;
                while i * a <= x && i * b <= y {
                    to_p |= p[x - i * a][y - i * b];
                    i += 1;
                }
            }
            for &(a, b) in jumps {
                if a <= x && b <= y {
                    to_p |= p[x - a][y - b];
                }
            }
            p[x][y] = !to_p;
        }
    }
    p
}

/// The P-board of the generalized game (misère or normal) from tests/common, as rows.
fn p_board_of(side: usize, a: usize, misere: bool) -> Vec<Vec<bool>> {
    common::p_board(side, a, misere)
}

/// Whether the decision procedure proves the automaton `l` (Zeckendorf's digits) equal to its
/// predicate `name`: `A x,y L(x,y) <=> name(x,y)`.
fn is_predicate(l: &Dfa, name: &str) -> bool {
    let v = Vocabulary::default()
        .with_predicate(PREDICATE, l.clone())
        .unwrap();
    let b = Budget::new(2_000_000, Cancel::never());
    let text = format!("A x,y L(x,y) <=> {name}(x,y)");
    decide(&text, &v, &b).unwrap().holds
}

fn agrees_with_board(a: &Dfa, board: &[Vec<bool>]) {
    for (x, row) in board.iter().enumerate() {
        for (y, &is_p) in row.iter().enumerate() {
            assert_eq!(a.accepts(&[x as u64, y as u64]), is_p, "at ({x}, {y})");
        }
    }
}

#[test]
fn wythoffs_p_positions_are_relearned_and_proved_equal_to_the_predicate_p() {
    for a in 1..=3u64 {
        let ctx = wythoff::Context::serial();
        let r = learn(&Subject::Generalized(a), &options(1 << 20), &ctx).unwrap();
        let learned = r
            .automaton
            .clone()
            .unwrap_or_else(|| panic!("a = {a}: {r:?}"));
        assert!(r.sentences.iter().all(|d| d.verdict == Ok(true)), "a = {a}");
        // the predicate P of the procedure is built from Fraenkel's formula, not from data
        let n = Numeration::for_parameter(a).unwrap();
        let v = Vocabulary::for_numeration(n)
            .with_predicate(PREDICATE, learned)
            .unwrap();
        let b = Budget::for_numeration(n, 2_000_000, Cancel::never());
        let same = decide("A x,y L(x,y) <=> P(x,y)", &v, &b).unwrap();
        assert!(same.holds, "a = {a}: the learned set is not P");
    }
}

#[test]
fn misere_p_positions_are_relearned_and_agree_with_misere_p_and_the_rules() {
    let ctx = wythoff::Context::serial();
    for a in 1..=3u64 {
        let r = learn(&Subject::Misere(a), &options(1 << 20), &ctx).unwrap();
        let learned = r
            .automaton
            .clone()
            .unwrap_or_else(|| panic!("a = {a}: {r:?}"));
        // a misère P-board by backward induction from the rules: (0, 0) is won by the player
        // to move, a position is P when every move leads to an N-position
        let board = p_board_of(40, a as usize, true);
        for (x, row) in board.iter().enumerate() {
            for (y, &is_p) in row.iter().enumerate() {
                assert_eq!(
                    learned.accepts(&[x as u64, y as u64]),
                    is_p,
                    "a = {a}: ({x}, {y})"
                );
            }
        }
        if a == 1 {
            // the procedure's misereP is defined from P by the exceptions of misère play
            assert!(is_predicate(&learned, "misereP"));
        }
    }
}

#[test]
fn wythoff_with_the_jump_1_2_is_proved_and_agrees_with_the_rules() {
    let rules = LineRules::parse("1,0:0,1:1,1:j1,2").unwrap();
    let ctx = wythoff::Context::serial();
    let r = learn(&Subject::Lines(rules), &options(1 << 20), &ctx).unwrap();
    let a = r.automaton.as_ref().expect("proved");
    agrees_with_board(a, &p_board(200, &[(1, 0), (0, 1), (1, 1)], &[(1, 2)]));
    // every sentence was decided TRUE, one a kind of move and two more
    assert_eq!(r.sentences.len(), 6);
}

#[test]
fn misere_line_games_are_proved_and_agree_with_the_rules_and_misere_p() {
    let ctx = wythoff::Context::serial();
    let nim = [(1, 0), (0, 1)];
    type Moves<'a> = &'a [(usize, usize)];
    let games: [(&str, Moves, Moves); 3] = [
        ("1,0:0,1", &nim, &[]),
        ("1,0:0,1:1,1", &[(1, 0), (0, 1), (1, 1)], &[]),
        ("1,0:0,1:1,1:j1,2", &[(1, 0), (0, 1), (1, 1)], &[(1, 2)]),
    ];
    for (spec, rays, jumps) in games {
        let subject = Subject::MisereLines(LineRules::parse(spec).unwrap());
        let r = learn(&subject, &options(1 << 16), &ctx).unwrap();
        let a = r
            .automaton
            .as_ref()
            .unwrap_or_else(|| panic!("{spec}: {r:?}"));
        agrees_with_board(a, &p_board_play(150, rays, jumps, true));
        if spec == "1,0:0,1:1,1" {
            // misère Wythoff as a line game is the predicate misereP of the definitions
            assert!(is_predicate(a, "misereP"));
        }
    }
}

#[test]
fn the_two_representations_learn_the_same_set_for_wythoff_with_the_jump_1_2() {
    let subject = Subject::Lines(LineRules::parse("1,0:0,1:1,1:j1,2").unwrap());
    let ctx = wythoff::Context::serial();
    // the loop's choice: along the diagonals, which close on far fewer rows
    let r = learn(&subject, &options(1 << 20), &ctx).unwrap();
    assert!(
        matches!(r.representation, Representation::Diagonals { .. }),
        "{:?}",
        r.representation
    );
    let along = r.automaton.expect("proved");
    // on two tracks alone, from the engine's box of 27 digits (514,229 rows)
    let members = subject.members(514_229, &ctx).unwrap();
    let budget = Budget::new(2_000_000, Cancel::never());
    let two = wythoff::prove::learn::learn(Numeration::Zeckendorf, 27, members, 1, &budget)
        .unwrap()
        .hypothesis
        .expect("closed on two tracks")
        .dfa;
    assert!(wythoff::prove::learn::same_language(&along, &two));
}

#[test]
fn a_set_with_two_members_on_a_diagonal_is_learned_on_two_tracks() {
    // Nim: every (x, x) — the diagonals are not a function, so they are not tried
    let subject = Subject::Lines(LineRules::named("nim").unwrap());
    let r = learn(&subject, &options(1 << 16), &wythoff::Context::serial()).unwrap();
    assert!(r.proved());
    assert_eq!(r.representation, Representation::TwoTracks);
    assert!(r.diagonal_class_counts.is_empty());
}

#[test]
fn a_learned_automaton_with_a_member_dropped_fails_its_proof_where_the_rules_say() {
    let subject = Subject::Lines(LineRules::named("wythoff").unwrap());
    let ctx = wythoff::Context::serial();
    let r = learn(&subject, &options(1 << 16), &ctx).unwrap();
    let a = r.automaton.expect("proved");
    let board = p_board(40, &[(1, 0), (0, 1), (1, 1)], &[]);
    // each accepting state but the initial one, made rejecting in turn
    let mut planted = 0;
    for s in 1..a.states() as u32 {
        if !a.is_accepting(s) {
            continue;
        }
        let delta: Vec<u32> = (0..a.states() as u32)
            .flat_map(|t| (0..a.letters()).map(move |l| (t, l)))
            .map(|(t, l)| a.next(t, l))
            .collect();
        let accept: Vec<bool> = (0..a.states() as u32)
            .map(|t| a.is_accepting(t) && t != s)
            .collect();
        let flipped = Dfa::from_table(vec![0, 1], delta, accept).unwrap();
        let decided = prove(&subject, &flipped, &options(0), &ctx).unwrap();
        let failed = decided
            .iter()
            .find(|d| d.verdict == Ok(false))
            .expect("a sentence fails");
        assert!(
            failed.sentence.what.contains("outside the set"),
            "{failed:?}"
        );
        // the least position without a move into the set: a P-position of the rules that the
        // planted automaton lost
        let cx = failed.counterexample.as_ref().expect("a counterexample");
        let v: Vec<usize> = cx
            .split(' ')
            .map(|w| w.split('=').nth(1).unwrap().parse().unwrap())
            .collect();
        assert!(board[v[0]][v[1]], "{cx} is not a P-position");
        assert!(!flipped.accepts(&[v[0] as u64, v[1] as u64]), "{cx}");
        planted += 1;
    }
    assert!(planted >= 1);
}

#[test]
fn the_move_of_every_rule_kind_is_the_move_of_the_rules_on_a_box() {
    let v = Vocabulary::default();
    let b = Budget::new(2_000_000, Cancel::never());
    let all = ["1,0:0,1:1,1:2,1:1,3:j1,2:j3,1", "1,0:0,1:j2,2", "1,1:j0,3"];
    let rules: Vec<_> = all
        .iter()
        .flat_map(|r| LineRules::parse(r).unwrap().rules().to_vec())
        .collect();
    for r in &rules {
        let m = kernel::rule_move(r);
        let a = wythoff::prove::automaton(&m.formula, &["x", "y", "u", "v"], &v, &b).unwrap();
        let (p, q) = (r.p as u64, r.q as u64);
        for x in 0..10u64 {
            for y in 0..10u64 {
                for u in 0..10u64 {
                    for w in 0..10u64 {
                        let want = u <= x
                            && w <= y
                            && (1..=10)
                                .any(|i| (i == 1 || !r.jump) && x - u == i * p && y - w == i * q);
                        assert_eq!(a.accepts(&[x, y, u, w]), want, "{r}: ({x},{y})->({u},{w})");
                    }
                }
            }
        }
    }
}

#[test]
fn the_command_proves_wythoff_and_writes_walnuts_format_with_its_json() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wythoff.txt");
    let o = wythoff(&["learn", "--game", "wythoff", "-o", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(stdout(&o).starts_with("proved: "), "{}", text(&o));
    let e = stderr(&o);
    assert!(e.contains("TRUE every position outside the set"), "{e}");
    let walnut = std::fs::read_to_string(&file).unwrap();
    assert!(walnut.starts_with("msd_fib msd_fib\n"), "{walnut}");
    let meta: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("wythoff.txt.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(meta["verdict"], "proved");
    assert_eq!(meta["sentences"].as_array().unwrap().len(), 5);
    let o = wythoff(&["learn", "-a", "2", "--json"]);
    let j = json(&o);
    assert_eq!(j["verdict"], "proved", "{}", text(&o));
    assert_eq!(j["version"], 1);
}

#[test]
fn caps_too_small_for_the_proof_give_unproved_with_the_reason_never_not_found() {
    // along the diagonals (the two-track predicate passes the cap) and on two tracks (a
    // sentence passes it): learned, so "unproved", with the summary and the JSON
    for (game, says) in [
        ("wythoff", "its two-track predicate got no verdict"),
        ("nim", "a sentence of its proof got no verdict"),
    ] {
        let o = wythoff(&["learn", "--game", game, "--max-states", "1", "--json"]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        let j = json(&o);
        assert_eq!(j["verdict"], "unproved", "{}", text(&o));
        assert!(j["reason"].as_str().unwrap().contains(says), "{}", text(&o));
        assert!(stderr(&o).contains("state cap of 1 state"), "{}", text(&o));
        let o = wythoff(&["learn", "--game", game, "--max-states", "1"]);
        assert!(stdout(&o).starts_with("unproved: "), "{}", text(&o));
    }
}

#[test]
fn the_diagonals_of_a_game_that_leaves_them_say_why_they_were_not_learned() {
    // A307296's P-positions stray from ⌊dφ⌋ by more than 64 offsets on a side
    let o = wythoff(&[
        "learn",
        "--game",
        "nimhof-a307296",
        "--max-rows",
        "30000",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let j = json(&o);
    assert_eq!(j["verdict"], "not-found");
    assert!(j["representation"].is_null());
    assert_eq!(j["diagonals"], "0");
    assert!(j["diagonal_class_counts"].as_array().unwrap().is_empty());
    let why = j["diagonals_skipped"].as_str().unwrap();
    assert!(why.contains("more than 64 offsets"), "{why}");
}

#[test]
fn a_game_without_an_automaton_in_reach_is_not_found_with_its_class_counts() {
    let o = wythoff(&[
        "learn",
        "--game",
        "maharaja",
        "--max-rows",
        "3000",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let j = json(&o);
    assert_eq!(j["verdict"], "not-found");
    assert!(j["states"].is_null());
    assert!(!j["class_counts"].as_array().unwrap().is_empty());
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("not found"), "{e}");
}

#[test]
fn bad_arguments_are_refused_before_any_work() {
    refusal(
        &wythoff(&["learn", "--rules", "1,1:2,1"]),
        &["--rules", "Nim moves"],
    );
    refusal(&wythoff(&["learn", "--game", "three-pile"]), &["--game"]);
    refusal(
        &wythoff(&["learn", "--game", "nope"]),
        &["--game", "unknown"],
    );
    refusal(&wythoff(&["learn"]), &["--game"]);
    refusal(
        &wythoff(&["learn", "--game", "nim", "--max-rows", "99"]),
        &["--max-rows", "144"],
    );
    refusal(&wythoff(&["learn", "--value", "3"]), &["--value"]);
    refusal(
        &wythoff(&["learn", "--game", "maharaja", "--max-rows", "1e9"]),
        &["--max-rows", "memory"],
    );
    refusal(
        &wythoff(&["learn", "--game", "wythoff", "-o", "/dev/null"]),
        &["-o", "regular"],
    );
    refusal(&wythoff(&["learn", "-a", "0"]), &["-a"]);
    refusal(&wythoff(&["learn", "-a", "10"]), &["-a"]);
    let o = wythoff(&["learn", "--game", "wythoff", "-o", "/nonexistent/dir/w.txt"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(stderr(&o).contains("-o"), "{}", text(&o));
    assert_eq!(stdout(&o), "");
}

#[test]
fn the_1_values_are_relearned_and_proved_equal_to_the_predicate_one_and_the_2_values_not_found() {
    let ctx = wythoff::Context::serial();
    let r = learn(&Subject::Value(1), &options(1_000_000), &ctx).unwrap();
    let learned = r.automaton.clone().unwrap_or_else(|| panic!("{r:?}"));
    // along the diagonals, as many states as the 1-value automaton learned from the greedy
    let Representation::Diagonals { states, .. } = r.representation else {
        panic!("{:?}", r.representation)
    };
    assert_eq!(states, wythoff::prove::one_values::TABLE.len());
    // `one` is built from the 1-value automaton of the engines, proved by `one-values`
    assert!(is_predicate(&learned, "one"));
    // and against a plain mex on a box
    let g = naive_rows(60, 60, 1);
    for (x, row) in g.iter().enumerate() {
        for (y, &v) in row.iter().enumerate() {
            assert_eq!(learned.accepts(&[x as u64, y as u64]), v == 1, "({x}, {y})");
        }
    }
    let r = learn(&Subject::Value(2), &options(20_000), &ctx).unwrap();
    assert!(!r.proved());
    assert!(
        r.class_counts.iter().any(|&(_, c)| c > 1000),
        "{:?}",
        r.class_counts
    );
}

#[test]
fn the_file_of_o_reads_back_as_the_same_automaton() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("j12.txt");
    let o = wythoff(&[
        "learn",
        "--rules",
        "1,0:0,1:1,1:j1,2",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let read = wythoff::prove::walnut::read_walnut(
        &std::fs::read_to_string(&file).unwrap(),
        Numeration::Zeckendorf,
    )
    .unwrap();
    let ctx = wythoff::Context::serial();
    let rules = LineRules::parse("1,0:0,1:1,1:j1,2").unwrap();
    let r = learn(&Subject::Lines(rules), &options(1 << 20), &ctx).unwrap();
    assert!(wythoff::prove::learn::same_language(
        &read,
        r.automaton.as_ref().unwrap()
    ));
    // and the command line reads it as a predicate
    let o = wythoff(&[
        "prove",
        "--predicate",
        &format!("J={}", file.display()),
        "A x,y J(x,y) => ~J(x+1,y+2)",
    ]);
    assert_eq!(stdout(&o), "TRUE\n", "{}", text(&o));
}

#[test]
fn the_examples_of_doc_learn_md_run_as_shown() {
    examples::run_document(
        "doc/learn.md",
        &[],
        examples::Minimums {
            found: 1,
            compared: 0,
            bfiles: 0,
        },
    );
}
