//! The vocabulary's automata in Walnut's automaton-file format, so that a reader can re-run every
//! theorem in Walnut (`$P(x,y)` there): a first line naming the numeration of each input
//! (`msd_fib`), then each state as `STATE OUTPUT` followed by its transitions
//! `DIGIT DIGIT … -> STATE`, states separated by a blank line, state 0 initial.

use super::dfa::{Dfa, NONE};
use std::fmt::Write;

/// The automaton `a` (tracks in argument order) as a Walnut automaton file.
pub fn walnut_text(a: &Dfa) -> String {
    let k = a.vars().len();
    let mut out = vec!["msd_fib"; k].join(" ");
    out.push('\n');
    for s in 0..a.states() as u32 {
        let _ = write!(out, "\n{} {}\n", s, u8::from(a.is_accepting(s)));
        for l in 0..a.letters() {
            let t = a.next(s, l);
            if t == NONE {
                continue;
            }
            let digits: Vec<String> = (0..k).map(|i| ((l >> i) & 1).to_string()).collect();
            let _ = writeln!(out, "{} -> {}", digits.join(" "), t);
        }
    }
    out
}
