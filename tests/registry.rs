//! The registry of games: every family's engine against the brute-force oracle on a box (P or
//! N, and the complete set of winning moves), and every game's moves against a statement of its
//! rules written here, independently of the registry (a predicate on the amounts taken).

mod common;

use common::{json, refused, stdout, wythoff};
use rug::Integer;
use wythoff::pairs::Outcome;
use wythoff::registry::{self, BruteBox};

fn ints(p: &[u64]) -> Vec<Integer> {
    p.iter().map(|&v| Integer::from(v)).collect()
}

/// Every position of the box: the engine's outcome and winning moves are the oracle's.
fn engine_is_oracle(name: &str, bounds: &[u64]) {
    let game = registry::find(name).unwrap();
    assert_eq!(game.name(), name);
    let b = BruteBox::solve(game.as_ref(), bounds).unwrap();
    let mut p_count = 0;
    for p in b.positions() {
        let a = registry::analyse(game.as_ref(), &ints(&p)).unwrap();
        let want = registry::winning_moves(game.as_ref(), &b, &p);
        let want: Vec<Vec<Integer>> = want.iter().map(|m| ints(m)).collect();
        let outcome = if b.is_p(&p) { Outcome::P } else { Outcome::N };
        assert_eq!(a.outcome, outcome, "{name} {p:?}");
        assert_eq!(a.winning_moves, want, "{name} {p:?}");
        p_count += usize::from(b.is_p(&p));
    }
    assert!(p_count > 0, "{name}: no P-position in the box");
}

/// The moves of `game` from every position of the box are exactly the positions q ≤ p
/// (heap by heap, q ≠ p) whose difference `rule` accepts, and `is_move` accepts those and no
/// other position of the box.
fn moves_are_the_rules(name: &str, bounds: &[u64], rule: &dyn Fn(&[u64]) -> bool) {
    let game = registry::find(name).unwrap();
    let b = BruteBox::solve(game.as_ref(), bounds).unwrap();
    let all: Vec<Vec<u64>> = b.positions().collect();
    for p in &all {
        let mut got = game.moves(p);
        got.sort();
        let mut want: Vec<Vec<u64>> = all
            .iter()
            .filter(|q| q.iter().zip(p).all(|(a, b)| a <= b) && *q != p)
            .filter(|q| {
                rule(
                    &p.iter()
                        .zip(q.iter())
                        .map(|(a, b)| a - b)
                        .collect::<Vec<_>>(),
                )
            })
            .cloned()
            .collect();
        want.sort();
        for q in &all {
            assert_eq!(
                game.is_move(p, q),
                want.contains(q),
                "{name} is_move {p:?} -> {q:?}"
            );
        }
        assert_eq!(got, want, "{name} {p:?}");
    }
}

#[test]
fn two_pile_games_agree_with_the_oracle() {
    for name in [
        "wythoff",
        "fraenkel-2",
        "fraenkel-3",
        "fraenkel-7",
        "misere-wythoff",
        "misere-fraenkel-2",
        "misere-fraenkel-5",
    ] {
        engine_is_oracle(name, &[30, 30]);
    }
}

#[test]
fn line_games_agree_with_the_oracle() {
    for (name, _, _) in wythoff::lines::NAMED {
        if name != "wythoff" {
            engine_is_oracle(name, &[28, 28]);
        }
    }
    engine_is_oracle("gdwn-1-3", &[28, 28]);
    engine_is_oracle("gdwn-2-5", &[28, 28]);
}

#[test]
fn three_pile_and_nheap_agree_with_the_oracle() {
    engine_is_oracle("three-pile", &[9, 10, 11]);
    engine_is_oracle("nheap", &[12, 12]);
    engine_is_oracle("nheap", &[7, 8, 9]);
    engine_is_oracle("nheap", &[4, 5, 5, 6]);
    engine_is_oracle("nheap", &[2, 3, 2, 3, 2]);
}

#[test]
fn moves_are_the_rules_as_stated() {
    // generalized Wythoff: k from one pile, or k, l > 0 from both with |k − l| < a
    for a in [1u64, 2, 4] {
        let name = if a == 1 {
            "wythoff".to_string()
        } else {
            format!("fraenkel-{a}")
        };
        let rule = move |d: &[u64]| {
            (d[0] == 0) != (d[1] == 0) || (d[0] > 0 && d[1] > 0 && d[0].abs_diff(d[1]) < a)
        };
        moves_are_the_rules(&name, &[12, 12], &rule);
        moves_are_the_rules(&format!("misere-{name}"), &[9, 9], &rule);
    }
    // a line game: a positive multiple of one rule's direction
    for (name, rules, _) in wythoff::lines::NAMED {
        if name == "wythoff" {
            continue;
        }
        // "P,Q" a ray (any i ≥ 1 times (P, Q)), "jP,Q" a jump (once)
        let dirs: Vec<(u64, u64, u64)> = rules
            .split(':')
            .map(|r| {
                let (most, r) = match r.strip_prefix('j') {
                    Some(r) => (1, r),
                    None => (12, r),
                };
                let (p, q) = r.split_once(',').unwrap();
                (p.parse().unwrap(), q.parse().unwrap(), most)
            })
            .collect();
        let rule = move |d: &[u64]| {
            dirs.iter()
                .any(|&(p, q, most)| (1..=most).any(|i| d[0] == i * p && d[1] == i * q))
        };
        moves_are_the_rules(name, &[12, 12], &rule);
    }
    // the queen in a cube: the same k > 0 from each pile of a non-empty set
    let queen = |d: &[u64]| {
        let k = d.iter().copied().max().unwrap();
        k > 0 && d.iter().all(|&t| t == 0 || t == k)
    };
    moves_are_the_rules("three-pile", &[5, 6, 7], &queen);
    // N heaps: one heap lowered, or a vector with nim-sum 0
    let nim_sum = |d: &[u64]| {
        d.iter().filter(|&&t| t > 0).count() == 1 || d.iter().fold(0, |s, &t| s ^ t) == 0
    };
    moves_are_the_rules("nheap", &[5, 6, 7], &nim_sum);
    moves_are_the_rules("nheap", &[3, 3, 2, 3], &nim_sum);
}

#[test]
fn large_positions_go_to_the_engines_and_limits_are_refused() {
    let w = registry::find("wythoff").unwrap();
    // (A_n, B_n) for n = 10^30 is a P-position: from the floor formula, checked by the pairs'
    // own identity B_n − A_n = n
    let big = Integer::from(Integer::u_pow_u(10, 30));
    let solver = wythoff::Solver::new(wythoff::Rules::wythoff(), wythoff::Strategy::Algebraic);
    let (a, b) = solver.nth(&big).unwrap();
    assert_eq!(Integer::from(&b - &a), big);
    let r = registry::analyse(w.as_ref(), &[a.clone(), b.clone()]).unwrap();
    assert_eq!((r.outcome, r.winning_moves.len()), (Outcome::P, 0));
    let r = registry::analyse(w.as_ref(), &[a.clone(), Integer::from(&b + 1)]).unwrap();
    assert_eq!(r.outcome, Outcome::N);
    assert!(r.winning_moves.contains(&vec![a, b]));
    // row by row for a line game with the Nim moves, to row 10^5
    let g = registry::find("nimhof-a307296").unwrap();
    let r = registry::analyse(g.as_ref(), &ints(&[100_000, 300_000])).unwrap();
    assert_eq!(r.outcome, Outcome::N);
    for m in &r.winning_moves {
        let back = registry::analyse(g.as_ref(), m).unwrap();
        assert_eq!(back.outcome, Outcome::P, "{m:?}");
    }
    // refusals: the number of heaps, an unknown name, a pile past the engine's limit
    let e = registry::analyse(w.as_ref(), &ints(&[1, 2, 3]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("2 heaps, not 3"), "{e}");
    let e = registry::find("chess").err().unwrap().to_string();
    assert!(e.contains("no game is named 'chess'"), "{e}");
    for bad in [
        "fraenkel-0",
        "fraenkel-01",
        "fraenkel-",
        "fraenkel-+2",
        "misere-nim",
    ] {
        assert!(registry::find(bad).is_err(), "{bad}");
    }
    let t = registry::find("three-pile").unwrap();
    let e = registry::analyse(t.as_ref(), &ints(&[1, 2, 2001]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("up to 2000"), "{e}");
}

#[test]
fn move_game_prints_what_the_oracle_says() {
    // Maharaja Nim: from (4, 7) the oracle's winning moves, printed in order
    let game = registry::find("maharaja").unwrap();
    let b = BruteBox::solve(game.as_ref(), &[4, 7]).unwrap();
    let want = registry::winning_moves(game.as_ref(), &b, &[4, 7]);
    let mut text = format!("(4, 7): N — {} winning moves:\n", want.len());
    for m in &want {
        text.push_str(&format!("  (4, 7) -> ({}, {})\n", m[0], m[1]));
    }
    assert_eq!(
        stdout(&wythoff(&["move", "--game", "maharaja", "4", "7"])),
        text
    );
    let v = json(&wythoff(&[
        "move",
        "--game",
        "three-pile",
        "1",
        "2",
        "3",
        "--json",
    ]));
    let three = registry::find("three-pile").unwrap();
    let b = BruteBox::solve(three.as_ref(), &[1, 2, 3]).unwrap();
    let moves: Vec<Vec<String>> = registry::winning_moves(three.as_ref(), &b, &[1, 2, 3])
        .iter()
        .map(|m| m.iter().map(u64::to_string).collect())
        .collect();
    assert_eq!(v["game"], "three-pile");
    assert_eq!(v["outcome"], if b.is_p(&[1, 2, 3]) { "P" } else { "N" });
    assert_eq!(v["moves"], serde_json::json!(moves));
    assert_eq!(
        stdout(&wythoff(&["move", "--game", "misere-wythoff", "0", "0"])),
        "(0, 0): N — misère play: the player to move cannot move, and so wins\n"
    );
    // the registry's Wythoff is the plain command's Wythoff
    assert_eq!(
        stdout(&wythoff(&["move", "--game", "wythoff", "4", "6"])),
        stdout(&wythoff(&["move", "4", "6"]))
    );
    refused(
        &["move", "--game", "chess", "1", "2"],
        &["no game is named 'chess'", "maharaja"],
    );
    refused(
        &["move", "--game", "wythoff", "1", "2", "3"],
        &["2 heaps, not 3"],
    );
    refused(&["move", "1", "2", "3"], &["unexpected argument '3' found"]);
    refused(
        &["move", "--game", "wythoff", "1", "2", "-a", "2"],
        &["--game", "-a"],
    );
    refused(
        &["move", "--game", "three-pile", "1", "2", "2001"],
        &["up to 2000"],
    );
}
