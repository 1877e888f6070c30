//! `wythoff play --game NAME`: games of the registry played through the binary on standard
//! input.  Every answer of the computer is checked against the brute-force oracle of the game's
//! moves ([`BruteBox`], which shares no code with the engines): from an N-position the first
//! winning move (the smallest position reached), from a P-position one counter from the largest
//! heap.  Refused moves give their reason; hint, undo, the random start and the refused flag
//! combinations are checked too.

mod common;

use common::{refused, wythoff_with_input};
use wythoff::registry::{self, BruteBox, Moves};

fn scripted(args: &[&str], input: &str) -> String {
    let o = wythoff_with_input(args, input);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// A position as the person types it: the heaps separated by spaces, and a newline.
fn line(h: &[u64]) -> String {
    let parts: Vec<String> = h.iter().map(u64::to_string).collect();
    format!("{}\n", parts.join(" "))
}

fn tuple(h: &[u64]) -> String {
    let parts: Vec<String> = h.iter().map(u64::to_string).collect();
    format!("({})", parts.join(", "))
}

/// One counter from the largest heap, the first of equal ones.
fn one_from_largest(h: &[u64]) -> Vec<u64> {
    let most = *h.iter().max().unwrap();
    let i = h.iter().position(|&v| v == most).unwrap();
    let mut q = h.to_vec();
    q[i] -= 1;
    q
}

/// The computer's answer by the oracle: the smallest winning move, else one counter from the
/// largest heap (a legal move: these games have a move that takes one counter from any heap).
fn answer(game: &dyn Moves, b: &BruteBox, h: &[u64]) -> (Vec<u64>, bool) {
    let wins = registry::winning_moves(game, b, h);
    match wins.first() {
        Some(w) => (w.clone(), true),
        None => {
            let q = one_from_largest(h);
            assert!(game.moves(h).contains(&q), "{h:?} -> {q:?}");
            (q, false)
        }
    }
}

/// Plays `name` from `start`: the person always takes one counter from the largest heap, and
/// after the first exchange takes it back and plays it again.  The whole expected transcript of
/// the computer's moves is computed here from the oracle, then compared with the binary's.
fn play_against_the_oracle(name: &str, start: &[u64], opening: &str, opening_wants: &[&str]) {
    let game = registry::find(name).unwrap();
    let b = BruteBox::solve(game.as_ref(), start).unwrap();
    let mut input = format!("hint\n{opening}\n");
    let mut want_moves = Vec::new();
    let mut h = start.to_vec();
    let mut first = true;
    let ending;
    loop {
        let mine = one_from_largest(&h);
        input.push_str(&line(&mine));
        if mine.iter().all(|&v| v == 0) {
            ending = "You took the last counter: you win!";
            break;
        }
        let (reply, winning) = answer(game.as_ref(), &b, &mine);
        want_moves.push(format!(
            "I move to {}{}.",
            tuple(&reply),
            if winning {
                ""
            } else {
                " (no winning move: I take one counter)"
            }
        ));
        if first {
            // take the exchange back and play it again: the same answer
            input.push_str("undo\n");
            input.push_str(&line(&mine));
            want_moves.push(want_moves[0].clone());
            first = false;
        }
        h = reply;
        if h.iter().all(|&v| v == 0) {
            ending = "I took the last counter: I win.";
            break;
        }
    }
    let words: Vec<String> = start.iter().map(u64::to_string).collect();
    let mut args = vec!["play", "--game", name];
    args.extend(words.iter().map(String::as_str));
    let out = scripted(&args, &input);
    let out_words: Vec<&str> = out.lines().collect();
    let got: Vec<&str> = out
        .lines()
        .flat_map(|l| l.split("your move> "))
        .filter(|l| l.starts_with("I move to"))
        .collect();
    assert_eq!(got, want_moves, "{name}\n{out}");
    assert!(out.contains(ending), "{name}\n{out}");
    assert!(out.contains("Taken back."), "{name}\n{out}");
    // the hint: every winning move of the start by the oracle, typed as they are entered
    let wins: Vec<String> = registry::winning_moves(game.as_ref(), &b, start)
        .iter()
        .map(|w| w.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    assert!(!wins.is_empty(), "{name}: the start is an N-position");
    let label = if wins.len() == 1 {
        "Winning move (type it as shown)"
    } else {
        "Winning moves (type one as shown)"
    };
    let hint = format!("{label}: {}.", wins.join(", "));
    assert!(out.contains(&hint), "{name}: {hint}\n{out}");
    for w in opening_wants {
        assert!(out.contains(w), "{name}: {w}\n{out}");
    }
    assert!(out_words.len() > 4, "{out}");
}

#[test]
fn maharaja_nim_is_played_as_the_oracle_says() {
    // (2, 3) from (9, 14) takes neither a line of Wythoff's game nor a knight's jump
    play_against_the_oracle(
        "maharaja",
        &[9, 14],
        "7 11",
        &[
            "Maharaja Nim",
            "Refused: not a move of maharaja: taking (2, 3) is none of its moves",
        ],
    );
    // the knight's jumps are moves: (1, 2) from (4, 7) is accepted
    let out = scripted(
        &["play", "--game", "maharaja", "4", "7"],
        "3 5\n4 7\n1 1 1\nquit\n",
    );
    assert!(out.contains("You move to (3, 5)."), "{out}");
    assert!(out.contains("Refused: piles only shrink"), "{out}");
    assert!(out.contains("Refused: 3 numbers"), "{out}");
    // (3, 1) is neither a line of Wythoff's game nor a knight's jump
    let out = scripted(&["play", "--game", "maharaja", "4", "7"], "1 6\nquit\n");
    assert!(
        out.contains("Refused: not a move of maharaja: taking (3, 1)"),
        "{out}"
    );
}

#[test]
fn three_pile_and_a_line_game_through_game() {
    play_against_the_oracle(
        "three-pile",
        &[3, 4, 5],
        "2 3 3",
        &["Refused: not a move of three-pile: taking (1, 1, 2)"],
    );
    play_against_the_oracle(
        "nimhof-a307297",
        &[8, 11],
        "7 10",
        &["Refused: not a move of nimhof-a307297: taking (1, 1)"],
    );
}

#[test]
fn a_random_start_gives_the_person_the_winning_side() {
    let game = registry::find("maharaja").unwrap();
    let b = BruteBox::solve(game.as_ref(), &[15, 15]).unwrap();
    for seed in 1..6 {
        for computer_first in [false, true] {
            let seed = seed.to_string();
            let mut args = vec!["play", "--game", "maharaja", "--seed", &seed];
            if computer_first {
                args.push("--computer-first");
            }
            let out = scripted(&args, "");
            assert!(out.contains("Random start (seed"), "{out}");
            let key = if computer_first {
                "Start: ("
            } else {
                "Position: ("
            };
            let at = out.find(key).unwrap() + key.len();
            let end = at + out[at..].find(')').unwrap();
            let h: Vec<u64> = out[at..end]
                .split(", ")
                .map(|w| w.parse().unwrap())
                .collect();
            assert!(h.iter().all(|&v| (1..=15).contains(&v)), "{out}");
            assert_eq!(b.is_p(&h), computer_first, "{out}");
        }
    }
}

#[test]
fn game_is_refused_with_the_other_game_flags() {
    for flag in [
        &["-a", "2"][..],
        &["--misere"],
        &["--three"],
        &["--sum"],
        &["--nheap"],
    ] {
        let mut args = vec!["play", "--game", "maharaja"];
        args.extend_from_slice(flag);
        args.extend_from_slice(&["4", "7"]);
        refused(&args, &["--game", flag[0]]);
    }
    refused(
        &["play", "--game", "maharaja", "1", "2", "3"],
        &["2 heaps, not 3"],
    );
    refused(
        &["play", "--game", "chess", "1", "2"],
        &["no game is named 'chess'"],
    );
    refused(
        &["play", "--game", "three-pile", "1", "2", "3000"],
        &["3000"],
    );
}
