//! Two-pile line games ("NimHof"): a game is a finite list of rules (p, q), p, q ≥ 0 not both 0;
//! a move from (x, y) takes i·(p, q) for any i ≥ 1, to (x − i·p, y − i·q), as long as neither
//! pile goes negative.
//!
//! Nim is [(1,0), (0,1)] (G(x, y) = x XOR y), Wythoff's game adds (1,1); the NimHof games of
//! E. Friedman, S. M. Garrabrant, I. K. Phipps-Morgan, A. S. Landsberg and U. Larsson
//! ("Geometric analysis of a generalized Wythoff game", Games of No Chance 5, 2019) and
//! U. Larsson's generalized diagonal Wythoff Nim ("A generalized diagonal Wythoff Nim",
//! Integers 12, 2012) are such lists.  A rule list need not be symmetric: (3,2) without (2,3)
//! is a different game from its mirror, so tables are full squares.
//!
//! * [`Rules`] — the rule list: its grammar (`1,0:1,1:0,1`), limits and named games.
//! * [`table`] — the Sprague–Grundy table of side N, one bitset per line of each rule.

pub mod table;

pub use table::LineTable;

use crate::error::{Error, Result};
use std::fmt;

/// The most rules in one game.
pub const MAX_RULES: usize = 16;
/// The largest p or q of a rule.
pub const MAX_STEP: u32 = 64;

/// One rule: a move takes i·(p, q) from the piles, i ≥ 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Taken from the first pile (x) per step.
    pub p: u32,
    /// Taken from the second pile (y) per step.
    pub q: u32,
}

/// A line game: its rules, in the order given (the order does not change the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    rules: Vec<Rule>,
}

/// Named games: name, rule list, what it is.
pub const NAMED: [(&str, &str, &str); 9] = [
    ("nim", "1,0:0,1", "Nim on two piles: G = x XOR y (A003987)"),
    ("wythoff", "1,0:0,1:1,1", "Wythoff's game (A004481)"),
    (
        "nimhof-a307296",
        "1,0:1,1:3,2:0,1",
        "NimHof [1,0], [1,1], [3,2], [0,1]",
    ),
    (
        "nimhof-a307297",
        "1,0:2,1:3,3:0,1",
        "NimHof [1,0], [2,1], [3,3], [0,1]",
    ),
    (
        "nimhof-a307298",
        "1,0:1,1:2,3:1,2:0,1",
        "NimHof [1,0], [1,1], [2,3], [1,2], [0,1]",
    ),
    (
        "nimhof-a307299",
        "1,0:1,1:1,2:0,1",
        "NimHof [1,0], [1,1], [1,2], [0,1]",
    ),
    (
        "nimhof-a307300",
        "1,0:2,2:0,1",
        "NimHof [1,0], [2,2], [0,1]",
    ),
    (
        "nimhof-a307301",
        "1,0:3,1:0,1",
        "NimHof [1,0], [3,1], [0,1]",
    ),
    (
        "nimhof-a307302",
        "1,0:3,3:0,1",
        "NimHof [1,0], [3,3], [0,1]",
    ),
];

/// The grammar, as error messages state it.
pub const GRAMMAR: &str = "rules P,Q separated by ':' (for example 1,0:1,1:0,1), P and Q \
    integers 0 to 64 not both 0, at most 16 rules, none repeated";

impl Rules {
    /// Parses `P,Q:P,Q:…` (see [`GRAMMAR`]).  Errors are [`Error::Domain`] naming the rule.
    pub fn parse(s: &str) -> Result<Rules> {
        let mut rules = Vec::new();
        for (i, part) in s.split(':').enumerate() {
            let bad =
                |why: &str| Error::domain(format!("rule {} '{part}': {why}; {GRAMMAR}", i + 1));
            let (p, q) = part.split_once(',').ok_or_else(|| bad("no comma"))?;
            let num = |t: &str| -> Result<u32> {
                if t.is_empty() || t.len() > 2 || !t.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad("not an integer 0 to 64"));
                }
                let v: u32 = t.parse().map_err(|_| bad("not an integer 0 to 64"))?;
                if v > MAX_STEP {
                    return Err(bad("above 64"));
                }
                Ok(v)
            };
            let r = Rule {
                p: num(p)?,
                q: num(q)?,
            };
            if r.p == 0 && r.q == 0 {
                return Err(bad("0,0 is not a move"));
            }
            if let Some(j) = rules.iter().position(|&o| o == r) {
                return Err(bad(&format!("repeats rule {}", j + 1)));
            }
            rules.push(r);
            if rules.len() > MAX_RULES {
                return Err(Error::domain(format!(
                    "more than {MAX_RULES} rules; {GRAMMAR}"
                )));
            }
        }
        Ok(Rules { rules })
    }

    /// A named game of [`NAMED`].
    pub fn named(name: &str) -> Option<Rules> {
        NAMED
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, r, _)| Rules::parse(r).expect("named rules parse"))
    }

    /// The rules in the order given.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// Whether (1,0) and (0,1) are rules: then every row and column holds exactly one 0.
    pub fn has_nim_moves(&self) -> bool {
        [Rule { p: 1, q: 0 }, Rule { p: 0, q: 1 }]
            .iter()
            .all(|r| self.rules.contains(r))
    }

    /// A bound on every Grundy value in a table of side N: G(x, y) is at most the number of
    /// options, and rule (p, q) gives at most ⌊(N − 1)/max(p, q)⌋ of them.
    pub fn value_bound(&self, n: u64) -> u64 {
        let top = n.saturating_sub(1);
        self.rules
            .iter()
            .map(|r| top / u64::from(r.p.max(r.q)))
            .sum()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.rules.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{},{}", r.p, r.q)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grammar_is_enforced_rule_by_rule() {
        let r = Rules::parse("1,0:1,1:3,2:0,1").unwrap();
        assert_eq!(r.rules().len(), 4);
        assert_eq!(r.to_string(), "1,0:1,1:3,2:0,1");
        assert!(r.has_nim_moves());
        assert!(!Rules::parse("1,1:0,1").unwrap().has_nim_moves());
        for (bad, says) in [
            ("", "rule 1"),
            ("1,0:", "rule 2"),
            ("1;0", "no comma"),
            ("0,0", "not a move"),
            ("1,0:1,0", "repeats rule 1"),
            ("65,1", "above 64"),
            ("-1,1", "not an integer"),
            ("1,2,3", "not an integer"),
            (" 1,0", "not an integer"),
            ("1,999999999999", "not an integer"),
        ] {
            let e = Rules::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let many: Vec<String> = (1..=17).map(|i| format!("{i},0")).collect();
        assert!(
            Rules::parse(&many.join(":"))
                .unwrap_err()
                .to_string()
                .contains("more than 16")
        );
    }

    #[test]
    fn every_named_game_parses() {
        for (name, rules, _) in NAMED {
            assert_eq!(Rules::named(name).unwrap().to_string(), rules);
        }
        assert!(Rules::named("chess").is_none());
    }
}
