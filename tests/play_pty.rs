//! `wythoff play` in a real pseudo-terminal (through `rexpect`): the prompt appears before any
//! input (the output is flushed, not held in a buffer), the board, a hint, a refused move,
//! undo, a win, and Ctrl-D (end of input) ending the session cleanly with status 0.

mod common;

use rexpect::process::wait::WaitStatus;
use rexpect::session::{PtySession, spawn_command};

const PROMPT: &str = "your move> ";
/// A guard against a hung session (milliseconds), not a timing test.
const GUARD_MS: u64 = 120_000;

fn spawn(args: &[&str]) -> PtySession {
    let mut c = common::command();
    c.args(args);
    spawn_command(c, Some(GUARD_MS)).expect("spawn in a pty")
}

fn exited_with(p: &mut PtySession, code: i32) {
    match p.process().wait().expect("wait") {
        WaitStatus::Exited(_, c) => assert_eq!(c, code),
        other => panic!("ended with {other:?}"),
    }
}

#[test]
fn a_game_in_a_terminal() {
    let mut p = spawn(&["play", "4", "4"]);
    p.exp_string("Position: (4, 4)").unwrap();
    p.exp_string("  4  . . . . Q").unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("hint").unwrap();
    p.exp_string("Winning move (type it as shown): 0 0.")
        .unwrap();
    p.exp_string("  0  * . . . .").unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("5 5").unwrap();
    p.exp_string("Refused: piles only shrink: the first pile has 4 counters, not 5.")
        .unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("Nothing to undo.").unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("0 0").unwrap();
    p.exp_string("You took the last counter: you win!").unwrap();
    p.exp_eof().unwrap();
    exited_with(&mut p, 0);
}

#[test]
fn end_of_input_in_a_terminal() {
    let mut p = spawn(&["play", "10", "9", "--computer-first"]);
    p.exp_string("Start: (10, 9).").unwrap();
    p.exp_string("I move to (").unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("help").unwrap();
    p.exp_string("Commands: hint").unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_control('d').unwrap();
    p.exp_string("End of input: game left at (").unwrap();
    p.exp_eof().unwrap();
    exited_with(&mut p, 0);
}
