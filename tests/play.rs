//! `wythoff play`: the computer's moves against brute force from the rules (every move legal,
//! every move from an N-position onto a P-position, the smallest take from a P-position), and
//! the binary driven through pipes — games won by following the hints, refused moves with their
//! reasons, undo, quit, end of input, bad arguments.  The outcomes here are computed from the
//! rules (backward induction and a naive mex, tests/common), never by the library.

mod common;

use common::{
    command, nheap_board, nheap_options, options, p_board, three_pile_board, three_pile_options,
    wythoff_with_input,
};

use rug::Integer;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;
use wythoff::Rules;
use wythoff::play::games::{PlayedGame, Rng, State};

fn pair_legal(from: (usize, usize), to: (usize, usize), a: usize) -> bool {
    options(a, from.0, from.1).contains(&to)
}

fn as_pair(s: &State) -> (usize, usize) {
    match s {
        State::Pair(x, y) => (x.to_usize().unwrap(), y.to_usize().unwrap()),
        _ => panic!("not a pair: {s}"),
    }
}

#[test]
fn computer_moves_on_two_piles_are_legal_and_win_when_they_can() {
    const N: usize = 22;
    for a in 1..=3usize {
        for misere in [false, true] {
            let p = p_board(N, a, misere);
            let rules = Rules::new(a as u64, misere).unwrap();
            let start = State::Pair(Integer::from(N - 1), Integer::from(N - 1));
            let game = PlayedGame::new(rules, &start).unwrap();
            let mut rng = Rng::new(7);
            for x in 0..N {
                for y in 0..N {
                    let s = State::Pair(Integer::from(x), Integer::from(y));
                    assert_eq!(
                        game.is_p(&s).unwrap(),
                        p[x][y],
                        "a={a} m={misere} ({x},{y})"
                    );
                    for random in [false, true] {
                        let r = if random { Some(&mut rng) } else { None };
                        let Some(c) = game.computer_move(&s, r).unwrap() else {
                            assert_eq!((x, y), (0, 0));
                            continue;
                        };
                        let to = as_pair(&c.to);
                        assert!(pair_legal((x, y), to, a), "({x},{y}) -> {to:?}");
                        if !p[x][y] && (x, y) != (0, 0) {
                            assert!(c.winning && p[to.0][to.1], "a={a} ({x},{y}) -> {to:?}");
                        } else {
                            assert!(!c.winning && x + y - to.0 - to.1 == 1, "({x},{y})->{to:?}");
                            if !random {
                                // the deterministic rule: one from the larger pile, the first if equal
                                assert_eq!(to, if x >= y { (x - 1, y) } else { (x, y - 1) });
                            }
                        }
                    }
                    // the hint's list is every winning move
                    let mut want: Vec<(usize, usize)> = options(a, x, y)
                        .into_iter()
                        .filter(|&(u, w)| p[u][w])
                        .collect();
                    want.sort();
                    want.dedup();
                    if (x, y) == (0, 0) {
                        want.clear();
                    }
                    let got: Vec<_> = game
                        .winning_moves(&s)
                        .unwrap()
                        .iter()
                        .map(as_pair)
                        .collect();
                    assert_eq!(got, want, "a={a} m={misere} ({x},{y})");
                }
            }
        }
    }
}

#[test]
fn computer_moves_on_three_piles_land_on_p_positions() {
    const N: usize = 9;
    let idx = |x: usize, y: usize, z: usize| (x * N + y) * N + z;
    let p = three_pile_board(N - 1);
    let m = (N - 1) as u64;
    let game = PlayedGame::new(Rules::wythoff(), &State::Three([m, m, m])).unwrap();
    let mut rng = Rng::new(11);
    for x in 0..N {
        for y in 0..N {
            for z in 0..N {
                let s = State::Three([x as u64, y as u64, z as u64]);
                for random in [false, true] {
                    let r = if random { Some(&mut rng) } else { None };
                    let Some(c) = game.computer_move(&s, r).unwrap() else {
                        assert_eq!((x, y, z), (0, 0, 0));
                        continue;
                    };
                    let State::Three(q) = c.to else { panic!() };
                    let q = q.map(|v| v as usize);
                    assert!(
                        three_pile_options(x, y, z).contains(&q),
                        "({x},{y},{z}) -> {q:?}"
                    );
                    let pn = p[idx(x, y, z)];
                    assert_eq!(c.winning, !pn);
                    if !pn {
                        assert!(p[idx(q[0], q[1], q[2])], "({x},{y},{z}) -> {q:?}");
                    } else {
                        assert_eq!(x + y + z - q.iter().sum::<usize>(), 1);
                    }
                }
            }
        }
    }
}

/// N-heap Wythoff (three and four heaps): every computer move is a move of the rules, onto a
/// P-position of the brute force from an N-position, the smallest take from a P-position.
#[test]
fn computer_moves_in_n_heap_wythoff_land_on_p_positions() {
    for (heaps, side) in [(3usize, 6usize), (4, 3)] {
        let p = nheap_board(heaps, side);
        let top = State::Nheap(vec![side as u64; heaps]);
        let game = PlayedGame::new(Rules::wythoff(), &top).unwrap();
        let mut rng = Rng::new(5);
        for (h, &pn) in &p {
            let s = State::Nheap(h.iter().map(|&v| v as u64).collect());
            assert_eq!(game.is_p(&s).unwrap(), pn, "{s}");
            for random in [false, true] {
                let r = if random { Some(&mut rng) } else { None };
                let Some(c) = game.computer_move(&s, r).unwrap() else {
                    assert!(h.iter().all(|&v| v == 0));
                    continue;
                };
                let State::Nheap(q) = c.to else { panic!() };
                let q: Vec<usize> = q.iter().map(|&v| v as usize).collect();
                assert!(nheap_options(h).contains(&q), "{h:?} -> {q:?}");
                assert_eq!(c.winning, !pn, "{h:?}");
                if pn {
                    assert_eq!(h.iter().sum::<usize>() - q.iter().sum::<usize>(), 1);
                } else {
                    assert!(p[&q], "{h:?} -> {q:?}");
                }
            }
        }
    }
}

/// A move typed with the wrong number of heaps is refused with an example of as many numbers as
/// the position has heaps — never one of the count refused.
#[test]
fn the_example_of_a_move_has_one_number_per_heap() {
    for n in 2..=8usize {
        let start = State::Nheap(vec![3; n]);
        let game = PlayedGame::new(Rules::wythoff(), &start).unwrap();
        for typed in [n - 1, n + 1] {
            let text = vec!["1"; typed].join(" ");
            let e = game.parse_move(&start, &text).unwrap_err();
            assert!(e.starts_with(&format!("{typed} numbers: ")), "{e}");
            let (_, example) = e.rsplit_once("for example ").unwrap();
            assert_eq!(example.split(' ').count(), n, "{n} heaps: {e}");
            assert!(example.split(' ').all(|w| w.parse::<u64>().is_ok()), "{e}");
        }
    }
    // the rules' example of a nim-sum move fits the heaps: two heaps take the same from both
    let two = PlayedGame::new(Rules::wythoff(), &State::Nheap(vec![3, 5])).unwrap();
    let rules = two.describe(&State::Nheap(vec![3, 5]));
    assert!(rules.contains("for example 2 and 2."), "{rules}");
    assert!(common::nheap_is_move(&[2, 2]));
    shows(
        &["play", "--nheap", "1", "2", "3", "3"],
        "1 2 3\n",
        &[
            "Refused: 3 numbers: type the position your move leads to as one number per heap, \
           for example 1 2 3 4.",
        ],
    );
}

#[test]
fn computer_moves_in_sums_zero_the_nim_sum() {
    const N: usize = 7;
    for a in 1..=2usize {
        let g = common::naive(N, a);
        let game = PlayedGame::new(
            Rules::new(a as u64, false).unwrap(),
            &State::Sum(vec![(6, 6), (6, 6)]),
        )
        .unwrap();
        let mut rng = Rng::new(5);
        for c1 in 0..N * N {
            for c2 in 0..N * N {
                let cs = [(c1 / N, c1 % N), (c2 / N, c2 % N)];
                let s = State::Sum(cs.iter().map(|&(x, y)| (x as u64, y as u64)).collect());
                let nim = g[c1] ^ g[c2];
                for random in [false, true] {
                    let r = if random { Some(&mut rng) } else { None };
                    let Some(c) = game.computer_move(&s, r).unwrap() else {
                        assert_eq!(cs, [(0, 0), (0, 0)]);
                        continue;
                    };
                    let State::Sum(ds) = c.to else { panic!() };
                    let ds: Vec<(usize, usize)> =
                        ds.iter().map(|&(x, y)| (x as usize, y as usize)).collect();
                    // one component moved, legally
                    let changed: Vec<usize> = (0..2).filter(|&i| ds[i] != cs[i]).collect();
                    assert_eq!(changed.len(), 1, "{s} -> {ds:?}");
                    let i = changed[0];
                    assert!(pair_legal(cs[i], ds[i], a), "{s} -> {ds:?}");
                    let after = g[ds[0].0 * N + ds[0].1] ^ g[ds[1].0 * N + ds[1].1];
                    if nim != 0 {
                        assert!(c.winning && after == 0, "a={a} {s} -> {ds:?}");
                    } else {
                        assert!(!c.winning);
                        let taken = cs[i].0 + cs[i].1 - ds[i].0 - ds[i].1;
                        assert_eq!(taken, 1);
                    }
                }
            }
        }
    }
}

/// The binary run with piped input, answered line by line.
struct Driver {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Vec<u8>>,
    seen: String,
}

/// Starts `wythoff ARGS` with pipes for stdin and stdout, and `stderr`.
fn piped(args: &[&str], stderr: Stdio) -> Child {
    let mut c = command();
    c.args(args).stdin(Stdio::piped()).stdout(Stdio::piped());
    c.stderr(stderr).spawn().unwrap()
}

const PROMPT: &str = "your move> ";

impl Driver {
    fn spawn(args: &[&str]) -> Driver {
        let mut child = piped(args, Stdio::inherit());
        let stdin = child.stdin.take();
        let mut out = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Driver {
            child,
            stdin,
            rx,
            seen: String::new(),
        }
    }

    /// The text up to the next prompt (or to the end of output), without the prompt.
    fn until_prompt(&mut self) -> String {
        let mut bytes = Vec::new();
        loop {
            if String::from_utf8_lossy(&bytes).ends_with(PROMPT) {
                break;
            }
            // a guard against a hung child, not a timing test
            match self.rx.recv_timeout(Duration::from_secs(300)) {
                Ok(b) => bytes.extend(b),
                Err(_) => break,
            }
        }
        let s = String::from_utf8(bytes).unwrap();
        self.seen.push_str(&s);
        s.strip_suffix(PROMPT).unwrap_or(&s).to_string()
    }

    fn send(&mut self, line: &str) {
        let w = self.stdin.as_mut().unwrap();
        writeln!(w, "{line}").unwrap();
        w.flush().unwrap();
    }

    fn finish(mut self) -> (i32, String) {
        drop(self.stdin.take());
        let rest = self.until_prompt();
        let status = self.child.wait().unwrap();
        (status.code().unwrap(), rest)
    }
}

/// The first move a hint suggests, as typed.
fn first_hint(hint: &str) -> Option<String> {
    let line = hint.lines().find(|l| l.starts_with("Winning move"))?;
    let list = line.split_once("): ")?.1;
    Some(list.split([',', '.']).next()?.trim().to_string())
}

/// Plays a game following every hint; returns the whole transcript.
fn win_by_hints(args: &[&str]) -> String {
    let mut d = Driver::spawn(args);
    let mut text = d.until_prompt();
    for _ in 0..200 {
        assert!(!text.contains("I win"), "{}", d.seen);
        if text.contains("you win!") {
            break;
        }
        d.send("hint");
        let hint = d.until_prompt();
        let mv = first_hint(&hint).unwrap_or_else(|| panic!("no winning move:\n{}", d.seen));
        d.send(&mv);
        text = d.until_prompt();
    }
    let (code, _) = d.finish();
    assert_eq!(code, 0);
    assert!(d_seen_wins(&text), "{text}");
    text
}

fn d_seen_wins(text: &str) -> bool {
    text.contains("you win!")
}

#[test]
fn following_the_hints_wins_as_first_player() {
    // N-positions (checked here by brute force), with the board and without
    let p = p_board(40, 1, false);
    assert!(!p[4][4] && !p[20][13] && !p[35][30]);
    win_by_hints(&["play", "4", "4"]);
    win_by_hints(&["play", "20", "13"]);
    win_by_hints(&["play", "35", "30"]);
    let pm = p_board(30, 2, true);
    assert!(!pm[17][9]);
    win_by_hints(&["play", "17", "9", "-a", "2", "--misere"]);
    win_by_hints(&["play", "2", "5", "6"]);
    let g = common::naive(9, 1);
    assert_ne!(g[3 * 9 + 5] ^ g[4 * 9 + 7] ^ g[2 * 9 + 2], 0);
    win_by_hints(&["play", "3,5", "4,7", "2,2", "--seed", "9"]);
    // random starts give the person the winning side, first or second
    for seed in ["1", "2", "3"] {
        win_by_hints(&["play", "--seed", seed]);
        win_by_hints(&["play", "--seed", seed, "--computer-first"]);
        win_by_hints(&["play", "--seed", seed, "--misere"]);
        win_by_hints(&["play", "--three", "--seed", seed]);
        win_by_hints(&["play", "--sum", "--seed", seed, "--computer-first"]);
        win_by_hints(&["play", "--nheap", "--seed", seed]);
        win_by_hints(&["play", "--nheap", "--seed", seed, "--computer-first"]);
    }
    // N-heap Wythoff from an N-position of the brute force (three and four heaps)
    assert!(!common::nheap_board(3, 7)[&vec![2, 5, 7]]);
    win_by_hints(&["play", "--nheap", "2", "5", "7"]);
    assert!(!common::nheap_board(4, 3)[&vec![1, 2, 3, 3]]);
    win_by_hints(&["play", "--nheap", "1", "2", "3", "3"]);
}

#[test]
fn hints_mark_the_safe_cells_of_the_board() {
    let mut d = Driver::spawn(&["play", "7", "7"]);
    d.until_prompt();
    d.send("hint");
    let hint = d.until_prompt();
    let p = p_board(8, 1, false);
    // the board: rows 7 down to 0, cells two characters wide after a 4-character label
    let rows: Vec<&str> = hint
        .lines()
        .filter(|l| l.len() > 4 && l[..4].trim().parse::<usize>().is_ok())
        .collect();
    assert_eq!(rows.len(), 8, "{hint}");
    for (i, row) in rows.iter().enumerate() {
        let y = 7 - i;
        let cells: Vec<char> = row[4..].chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), 8, "{row}");
        for (x, &c) in cells.iter().enumerate() {
            let want = if (x, y) == (7, 7) {
                'Q'
            } else if p[x][y] {
                '*'
            } else {
                '.'
            };
            assert_eq!(c, want, "cell ({x}, {y}) of\n{hint}");
        }
    }
    d.send("quit");
    assert_eq!(d.finish().0, 0);
}

fn scripted(args: &[&str], input: &str) -> (i32, String, String) {
    let o = wythoff_with_input(args, input);
    (
        o.status.code().unwrap(),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

/// Plays `input` against `args` and checks that the output shows every line of `wants`.
fn shows(args: &[&str], input: &str, wants: &[&str]) -> String {
    let (_, out, _) = scripted(args, input);
    for want in wants {
        assert!(out.contains(want), "{args:?}: {want}\n{out}");
    }
    out
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let input = "5 4\n4 4\n2 1\n1 2 3\nx y\n0 0 0\n";
    let (code, out, err) = scripted(&["play", "4", "4"], input);
    assert_eq!(code, 0, "{err}");
    for want in [
        "Refused: piles only shrink: the first pile has 4 counters, not 5.",
        "Refused: a move must take at least one counter.",
        "Refused: taking from both piles takes the same number from each (you took 2 and 3).",
        "Refused: 3 numbers: type the position your move leads to as X Y",
        "Refused: 'x' is not a command or a pile size",
        "End of input: game left at (4, 4).",
    ] {
        assert!(out.contains(want), "{want}\n{out}");
    }
    // generalized rule a = 3: |k - l| < 3
    let (_, out, _) = scripted(&["play", "9", "9", "-a", "3"], "6 2\n");
    assert!(
        out.contains(
            "Refused: taking k and l from both piles needs |k - l| < 3 (you took 3 and 7)"
        ),
        "{out}"
    );
    // three piles and sums
    let (_, out, _) = scripted(&["play", "5", "6", "7"], "4 4 7\n5 6 8\n");
    assert!(
        out.contains("the piles you take from each lose the same number (you took 1, 2 and 0)"),
        "{out}"
    );
    assert!(
        out.contains("the third pile has 7 counters, not 8"),
        "{out}"
    );
    // N-heap Wythoff: a nim-sum move is accepted, others are refused with their nim-sum
    shows(
        &["play", "--nheap", "2", "3", "3"],
        "1 2 2\n2 3 4\n2 3\n",
        &[
            "Refused: taking from several heaps needs amounts whose nim-sum is 0 (you took 1, 1 and 1: nim-sum 1).",
            "Refused: piles only shrink: heap 3 has 3 counters, not 4.",
            "Refused: 2 numbers: type the position your move leads to as one number per heap",
        ],
    );
    let (_, out, _) = scripted(&["play", "--nheap", "2", "3", "3"], "1 1 0\n");
    assert!(
        !out.contains("Refused"),
        "(1, 2, 3) is a nim-sum move: {out}"
    );
    let (_, out, _) = scripted(&["play", "3,5", "4,4"], "3 1 1\n2 0 1\n2 4 4\n");
    assert!(
        out.contains("there is no component 3: the components are numbered 1 to 2"),
        "{out}"
    );
    assert!(
        out.contains("taking from both piles of component 2 takes the same number"),
        "{out}"
    );
    assert!(
        out.contains("a move must take at least one counter of component 2"),
        "{out}"
    );
}

#[test]
fn undo_quit_and_end_of_input() {
    // (10, 10) → (10, 9); the computer answers; undo returns to (10, 10)
    let (code, out, _) = scripted(&["play", "10", "10"], "undo\n10 9\nundo\nundo\nquit\n5 5\n");
    assert_eq!(code, 0);
    assert_eq!(out.matches("Nothing to undo.").count(), 2, "{out}");
    assert!(out.contains("You move to (10, 9).\nI move to "), "{out}");
    let back = out.split("Taken back.\n").nth(1).unwrap();
    assert!(back.starts_with("Position: (10, 10)\n"), "{out}");
    assert!(out.contains("Game left at (10, 10). Goodbye.\n"), "{out}");
    assert!(
        !out.contains("(5, 5)"),
        "input after quit is not read: {out}"
    );
    // end of input at once, and after a partial line
    let (code, out, _) = scripted(&["play", "3", "3"], "");
    assert_eq!(code, 0);
    assert!(
        out.ends_with("End of input: game left at (3, 3).\n"),
        "{out}"
    );
    let (code, out, _) = scripted(&["play", "3", "3"], "0 0");
    assert_eq!(code, 0);
    assert!(out.contains("You took the last counter: you win!"), "{out}");
    // the computer wins and says so; misère: taking the last counter loses
    let (_, out, _) = scripted(&["play", "1", "2"], "1 1\n");
    assert!(
        out.contains("I move to (0, 0).\nI took the last counter: I win."),
        "{out}"
    );
    let (_, out, _) = scripted(&["play", "0", "1", "--misere"], "0 0\n");
    assert!(out.contains("in misère play that loses: I win."), "{out}");
    // a start with no move left
    let (_, out, _) = scripted(&["play", "0", "0"], "");
    assert!(out.contains("No move is possible from (0, 0): the player to move loses — I win."));
    let (_, out, _) = scripted(&["play", "0", "0", "--misere"], "");
    assert!(out.contains("wins (misère play) — you win!"), "{out}");
    // the computer first: with a seed its choices vary but stay legal (checked above)
    let (code, out, _) = scripted(&["play", "4", "7", "--computer-first"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("Start: (4, 7).\nI move to (4, 6) (no winning move: I take one counter).\n"),
        "{out}"
    );
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    for (args, want) in [
        (&["play", "1", "-2"][..], "negative"),
        (&["play", "1", "2", "3", "4"], "not 4 numbers"),
        (&["play", "5"], "not 1 number"),
        (&["play", "1,2", "3"], "is not a component X,Y"),
        (&["play", "1", "2", "3", "--misere"], "a = 1 in normal play"),
        (&["play", "1", "2", "3", "-a", "2"], "a = 1 in normal play"),
        (&["play", "--three", "--misere"], "a = 1 in normal play"),
        (
            &["play", "3,5", "--misere"],
            "sums are played in normal play",
        ),
        (&["play", "1", "2", "2001"], "piles up to 2000, not 2001"),
        (&["play", "1,8192"], "piles up to 8191"),
        (&["play", "--three", "1", "2"], "not 2 numbers"),
        (&["play", "--three", "--sum"], "cannot be used with"),
        (&["play", "--nheap", "--three"], "cannot be used with"),
        (&["play", "--nheap", "5"], "2 to 8 heaps, not 1"),
        (
            &["play", "--nheap", "1", "2", "-a", "2"],
            "a = 1 in normal play",
        ),
        (
            &[
                "play", "--nheap", "1", "2", "3", "4", "5", "6", "7", "8", "9",
            ],
            "2 to 8 heaps",
        ),
        (
            &["play", "--nheap", "1000", "1000", "1000", "1000"],
            "the four-heap limits",
        ),
        (&["play", "-a", "0"], "parameter"),
        (&["play", "--seed", "x"], "not a number"),
        (&["play", "x", "y"], "not a non-negative integer"),
    ] {
        let (code, out, err) = scripted(args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}
