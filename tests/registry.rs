//! The registry of games, as its families declare them ([`registry::FAMILIES`]; no game is named
//! here but in the statements of rules and the examples): every family's engine against the
//! brute-force oracle on the boxes the family declares (P or N, and the complete set of winning
//! moves, by the library's check `registry games = oracle`), every game's moves against its own
//! `is_move` (two statements of its rules written apart) and `is_move` at heaps near 10^18; the
//! recipe for adding a game against the tree; then the moves of the games whose rules are
//! written here (a predicate on the amounts taken, independently of the registry), large
//! positions, refusals and the command line.

mod common;

use common::{json, refused, stdout, wythoff};
use rug::Integer;
use std::time::{Duration, Instant};
use wythoff::Context;
use wythoff::check::Status;
use wythoff::pairs::Outcome;
use wythoff::registry::{self, BruteBox, FAMILIES, check};

fn ints(p: &[u64]) -> Vec<Integer> {
    p.iter().map(|&v| Integer::from(v)).collect()
}

fn ctx() -> Context<'static> {
    Context::new(2)
}

/// Every position of the box [0, sides[0]] × …, in increasing order.
fn positions(sides: &[u64]) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for &s in sides {
        all = (all.iter())
            .flat_map(|p: &Vec<u64>| {
                (0..=s).map(move |v| {
                    let mut q = p.clone();
                    q.push(v);
                    q
                })
            })
            .collect();
    }
    all
}

#[test]
fn every_family_declares_boxes_of_its_own_games_with_both_outcomes() {
    assert!(!FAMILIES.is_empty());
    for f in FAMILIES {
        let samples = f.samples();
        assert!(!samples.is_empty(), "{}: no box", f.pattern);
        for s in samples {
            let game = (f.make(&s.game))
                .unwrap_or_else(|| panic!("{}: '{}' is not of the family", f.pattern, s.game));
            assert_eq!(game.name(), s.game);
            // the name finds this family's game: no earlier family takes it
            let found = registry::find(&s.game).unwrap();
            assert_eq!(found.title(), game.title(), "{}", s.game);
            assert!(
                game.heaps().contains(&s.sides.len()),
                "{} {:?}",
                s.game,
                s.sides
            );
            // the box holds P-positions and N-positions (by the oracle)
            let b = BruteBox::solve(game.as_ref(), &s.sides).unwrap();
            let p = b.positions().filter(|p| b.is_p(p)).count() as u64;
            assert!(
                p > 0 && p < s.cells(),
                "{} {:?}: {p} P-positions",
                s.game,
                s.sides
            );
        }
    }
}

#[test]
fn every_game_agrees_with_the_oracle_on_its_boxes() {
    // the library's comparison, the one `wythoff verify` runs: on every box, every position
    let c = check::against_oracle(&ctx()).unwrap();
    assert_eq!(c.status, Status::Ok, "{c:?}");
    let cells: u64 = registry::samples().iter().map(|s| s.cells()).sum();
    assert_eq!(c.count, cells);
    for s in registry::samples() {
        assert!(c.covers.contains(&s.game), "{}", s.game);
    }
}

/// A corner of a box (closed under moves, as every box from 0), small enough to compare every
/// pair of its positions.
fn corner(sides: &[u64]) -> Vec<u64> {
    let most = [0, 0, 14, 6, 4][sides.len().min(4)].max(3);
    sides.iter().map(|&s| s.min(most)).collect()
}

#[test]
fn every_game_moves_are_its_is_move() {
    for s in registry::samples() {
        let game = registry::find(&s.game).unwrap();
        let all = positions(&corner(&s.sides));
        for p in &all {
            let mut got = game.moves(p);
            got.sort();
            let want: Vec<Vec<u64>> = all.iter().filter(|q| game.is_move(p, q)).cloned().collect();
            assert_eq!(got, want, "{} {p:?}", s.game);
        }
    }
}

#[test]
fn is_move_answers_at_large_heaps_without_listing_moves() {
    // a game's moves at heaps near 10^18 are too many to list: is_move decides from the amounts
    let big = 1_000_000_000_000_000_000u64;
    let start = Instant::now();
    for s in registry::samples() {
        let game = registry::find(&s.game).unwrap();
        let n = s.sides.len();
        let p: Vec<u64> = (0..n as u64).map(|i| big + i).collect();
        assert!(!game.is_move(&p, &p), "{}", s.game);
        for i in 0..n {
            for take in [1, big / 3, big] {
                let mut q = p.clone();
                q[i] -= take;
                let _ = game.is_move(&p, &q);
                let all: Vec<u64> = p.iter().map(|v| v - take).collect();
                let _ = game.is_move(&p, &all);
            }
        }
    }
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn the_recipe_for_adding_a_game_is_the_tree() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let arch = std::fs::read_to_string(root.join("doc/architecture.md")).unwrap();
    let from = arch.find("**Adding a game.**").expect("the recipe");
    let recipe = &arch[from..from + arch[from..].find("\n\n").unwrap()];
    // every file it names exists
    let named: Vec<&str> = (recipe.split('`').skip(1).step_by(2))
        .filter(|w| w.contains('/'))
        .collect();
    for path in &named {
        assert!(root.join(path).exists(), "the recipe names {path}");
    }
    let module = "crates/wythoff/src/registry/mod.rs";
    assert!(named.contains(&module), "{recipe}");
    assert!(
        recipe.contains("one new file") && recipe.contains("one line"),
        "{recipe}"
    );
    // the one line: the list of families is a line per module, `module: [FAMILY, …],`, which
    // declares the module; the folder holds those modules and the check, nothing else
    let text = std::fs::read_to_string(root.join(module)).unwrap();
    let list = &text[text.find("\nfamilies! {\n").expect("the list of families")..];
    let list = &list["\nfamilies! {\n".len()..list.find("\n}\n").unwrap()];
    let mut modules = Vec::new();
    let mut families = 0;
    for line in list.lines() {
        let (m, rest) = line.trim().split_once(": [").expect(line);
        let names = rest.strip_suffix("],").expect(line);
        families += names.split(", ").count();
        modules.push(format!("{m}.rs"));
    }
    assert_eq!(families, FAMILIES.len(), "{list}");
    modules.push("check.rs".into());
    modules.push("mod.rs".into());
    modules.sort();
    let mut files: Vec<String> = std::fs::read_dir(root.join("crates/wythoff/src/registry"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, modules);
    assert_eq!(
        text.lines()
            .filter(|l| l.trim_start().starts_with("mod "))
            .count(),
        0,
        "every module of a family is declared by the list"
    );
}

/// The moves of `game` from every position of the box are exactly the positions q ≤ p
/// (heap by heap, q ≠ p) whose difference `rule` accepts, and `is_move` accepts those and no
/// other position of the box.
fn moves_are_the_rules(name: &str, bounds: &[u64], rule: &dyn Fn(&[u64]) -> bool) {
    let game = registry::find(name).unwrap();
    let all = positions(bounds);
    for p in &all {
        let mut got = game.moves(p);
        got.sort();
        let want: Vec<Vec<u64>> = (all.iter())
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
        if *name == "wythoff" {
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
    let r = registry::analyse(w.as_ref(), &[a.clone(), b.clone()], &ctx()).unwrap();
    assert_eq!((r.outcome, r.winning_moves.len()), (Outcome::P, 0));
    let r = registry::analyse(w.as_ref(), &[a.clone(), Integer::from(&b + 1)], &ctx()).unwrap();
    assert_eq!(r.outcome, Outcome::N);
    assert!(r.winning_moves.contains(&vec![a, b]));
    // row by row for a line game with the Nim moves, to row 10^5
    let g = registry::find("nimhof-a307296").unwrap();
    let r = registry::analyse(g.as_ref(), &ints(&[100_000, 300_000]), &ctx()).unwrap();
    assert_eq!(r.outcome, Outcome::N);
    for m in &r.winning_moves {
        let back = registry::analyse(g.as_ref(), m, &ctx()).unwrap();
        assert_eq!(back.outcome, Outcome::P, "{m:?}");
    }
    // refusals: the number of heaps, an unknown name, a pile past the engine's limit
    let e = registry::analyse(w.as_ref(), &ints(&[1, 2, 3]), &ctx())
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
    let e = registry::analyse(t.as_ref(), &ints(&[1, 2, 2001]), &ctx())
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
