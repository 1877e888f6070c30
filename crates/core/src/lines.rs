//! Two-pile line games ("NimHof"): a game is a finite list of rules (p, q), p, q ≥ 0 not both 0;
//! a move from (x, y) along a *ray* (p, q) takes i·(p, q) for any i ≥ 1, to (x − i·p, y − i·q),
//! and along a *jump* (p, q) (written `jP,Q`) takes (p, q) once, to (x − p, y − q) — as long as
//! neither pile goes negative.
//!
//! Nim is [(1,0), (0,1)] (G(x, y) = x XOR y), Wythoff's game adds (1,1); the NimHof games of
//! E. Friedman, S. M. Garrabrant, I. K. Phipps-Morgan, A. S. Landsberg and U. Larsson
//! ("Geometric analysis of a generalized Wythoff game", Games of No Chance 5, 2019) and
//! U. Larsson's generalized diagonal Wythoff Nim ("A generalized diagonal Wythoff Nim",
//! Integers 12, 2012, G2) are such lists: (p, q)-GDWN, 0 < p < q, is Wythoff's game plus the
//! moves (p·t, q·t) and (q·t, p·t), t ≥ 1 — the rules 1,0:0,1:1,1:p,q:q,p ([`LineRules::gdwn`],
//! named `gdwn-P-Q`).  Maharaja Nim (U. Larsson and J. Wästlund, "Maharaja Nim: Wythoff's Queen
//! meets the Knight", Integers 14, 2014, G05) is Wythoff's game plus the knight's jumps (1, 2)
//! and (2, 1): the rules 1,0:0,1:1,1:j1,2:j2,1, named `maharaja`.  A rule list need not be symmetric: (3,2) without (2,3)
//! is a different game from its mirror, so tables are full squares.
//!
//! This module holds the rules: [`LineRules`], the rule list with its grammar (`1,0:1,1:j1,2`),
//! limits and named games.  The engines are in the `wythoff` crate (`wythoff::lines`).

use crate::error::{Error, Result};
use std::fmt;

/// The most rules in one game.
pub const MAX_RULES: usize = 16;
/// The largest p or q of a rule.
pub const MAX_STEP: u32 = 64;
/// The largest side N of a line game's Grundy table.
pub const MAX_SIDE: u64 = 1 << 16;

/// One rule: a ray takes i·(p, q) from the piles, any i ≥ 1; a jump takes (p, q) once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Taken from the first pile (x) per step.
    pub p: u32,
    /// Taken from the second pile (y) per step.
    pub q: u32,
    /// Whether the rule is a jump (one step, i = 1) rather than a ray (any i ≥ 1).
    pub jump: bool,
}

impl Rule {
    /// The ray (p, q): a move takes i·(p, q), any i ≥ 1.
    pub const fn ray(p: u32, q: u32) -> Rule {
        Rule { p, q, jump: false }
    }

    /// The jump (p, q): a move takes (p, q) once.
    pub const fn jump(p: u32, q: u32) -> Rule {
        Rule { p, q, jump: true }
    }

    /// The most steps i the rule allows from (x, y): ⌊x/p⌋ and ⌊y/q⌋ bound it (a zero step
    /// gives no bound), and a jump allows at most one.
    pub fn steps(&self, x: u64, y: u64) -> u64 {
        let tx = x.checked_div(u64::from(self.p)).unwrap_or(u64::MAX);
        let ty = y.checked_div(u64::from(self.q)).unwrap_or(u64::MAX);
        let t = tx.min(ty);
        if self.jump { t.min(1) } else { t }
    }

    /// Whether the move i·(p, q) of this rule, for some allowed i ≥ 1, is the move (a, b).
    fn makes(&self, a: u32, b: u32) -> bool {
        if self.jump {
            return (self.p, self.q) == (a, b);
        }
        // (a, b) = i·(p, q): the same direction, a whole multiple
        let i = a.checked_div(self.p).unwrap_or_else(|| b / self.q);
        i >= 1 && i * self.p == a && i * self.q == b
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let j = if self.jump { "j" } else { "" };
        write!(f, "{j}{},{}", self.p, self.q)
    }
}

/// A line game: its rules, in the order given (the order does not change the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineRules {
    rules: Vec<Rule>,
}

/// Named games: name, rule list, what it is.  Besides these, [`LineRules::named`] knows the family
/// `gdwn-P-Q` ([`GDWN_NAMES`]).
pub const NAMED: &[(&str, &str, &str)] = &[
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
    (
        "gdwn-1-2",
        "1,0:0,1:1,1:1,2:2,1",
        "Larsson's (1,2)-GDWN: Wythoff's game plus (t, 2t) and (2t, t)",
    ),
    (
        "maharaja",
        "1,0:0,1:1,1:j1,2:j2,1",
        "Maharaja Nim (Larsson and Wästlund): Wythoff's game plus the knight's jumps (1, 2) and (2, 1)",
    ),
];

/// The named family of Larsson's generalized diagonal Wythoff Nim, as error messages state it.
pub const GDWN_NAMES: &str = "gdwn-P-Q for integers 0 < P < Q <= 64 (Larsson's (P,Q)-GDWN)";

/// The grammar, as error messages state it.
pub const GRAMMAR: &str = "rules P,Q (a ray: i*(P,Q), any i >= 1) or jP,Q (a jump: (P,Q) once) \
    separated by ':' (for example 1,0:1,1:0,1 or 1,0:0,1:1,1:j1,2:j2,1), P and Q integers 0 to 64 \
    not both 0, at most 16 rules, none repeated, no jump that is a move of a ray";

impl LineRules {
    /// Parses `P,Q:jP,Q:…` (see [`GRAMMAR`]).  Errors are [`Error::Domain`] naming the rule.
    pub fn parse(s: &str) -> Result<LineRules> {
        let mut rules = Vec::new();
        for (i, part) in s.split(':').enumerate() {
            let bad =
                |why: &str| Error::domain(format!("rule {} '{part}': {why}; {GRAMMAR}", i + 1));
            let (jump, body) = match part.strip_prefix('j') {
                Some(rest) => (true, rest),
                None => (false, part),
            };
            let (p, q) = body.split_once(',').ok_or_else(|| bad("no comma"))?;
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
                jump,
            };
            conflict(&rules, &r).map_err(|why| bad(&why))?;
            rules.push(r);
            if rules.len() > MAX_RULES {
                return Err(Error::domain(format!(
                    "more than {MAX_RULES} rules; {GRAMMAR}"
                )));
            }
        }
        Ok(LineRules { rules })
    }

    /// A named game of [`NAMED`], or `gdwn-P-Q` (decimal P and Q, no sign or leading zero,
    /// 0 < P < Q ≤ 64): [`LineRules::gdwn`].
    pub fn named(name: &str) -> Option<LineRules> {
        if let Some((_, r, _)) = NAMED.iter().find(|(n, _, _)| *n == name) {
            return Some(LineRules::parse(r).expect("named rules parse"));
        }
        let (p, q) = name.strip_prefix("gdwn-")?.split_once('-')?;
        let num = |t: &str| -> Option<u32> {
            let ok = !t.is_empty()
                && t.len() <= 2
                && t.bytes().all(|b| b.is_ascii_digit())
                && !t.starts_with('0');
            ok.then(|| t.parse().ok()).flatten()
        };
        LineRules::gdwn(num(p)?, num(q)?).ok()
    }

    /// Larsson's (p, q)-GDWN ("A generalized diagonal Wythoff Nim", Integers 12 (2012) G2):
    /// from (x, y) a move takes t from one pile, t from both, or p·t from one pile and q·t from
    /// the other (either way round), t ≥ 1 — the rules 1,0:0,1:1,1:p,q:q,p.  The paper takes
    /// 0 < p < q; anything else is [`Error::Domain`].
    pub fn gdwn(p: u32, q: u32) -> Result<LineRules> {
        if !(0 < p && p < q && q <= MAX_STEP) {
            return Err(Error::domain(format!(
                "(p, q) = ({p}, {q}): generalized diagonal Wythoff Nim needs 0 < p < q <= \
                 {MAX_STEP}"
            )));
        }
        LineRules::parse(&format!("1,0:0,1:1,1:{p},{q}:{q},{p}"))
    }

    /// A rule list from its rules (as a table file stores them): the limits of [`GRAMMAR`] —
    /// 1 to [`MAX_RULES`] rules, p and q at most [`MAX_STEP`] and not both 0, none repeated, no
    /// jump that is a move of a ray — are checked; a violation is [`Error::Domain`] naming the rule.
    pub fn from_rules(rules: &[Rule]) -> Result<LineRules> {
        if rules.is_empty() || rules.len() > MAX_RULES {
            return Err(Error::domain(format!(
                "{} rules (a game has 1 to {MAX_RULES})",
                rules.len()
            )));
        }
        for (i, r) in rules.iter().enumerate() {
            let bad = |why: String| Error::domain(format!("rule {} ({r}): {why}", i + 1));
            if r.p > MAX_STEP || r.q > MAX_STEP {
                return Err(bad(format!("a step above {MAX_STEP}")));
            }
            conflict(&rules[..i], r).map_err(bad)?;
        }
        Ok(LineRules {
            rules: rules.to_vec(),
        })
    }

    /// Whether both lists make the same game (the same rules, in any order).
    pub fn same_game(&self, other: &LineRules) -> bool {
        self.rules.len() == other.rules.len() && self.rules.iter().all(|r| other.rules.contains(r))
    }

    /// Whether the game is its own mirror: with each rule (p, q) the rule (q, p).  Then
    /// G(x, y) = G(y, x).
    pub fn is_symmetric(&self) -> bool {
        self.rules.iter().all(|r| {
            self.rules.contains(&Rule {
                p: r.q,
                q: r.p,
                jump: r.jump,
            })
        })
    }

    /// The rules in the order given.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// Whether (1,0) and (0,1) are rules: then every row and column holds exactly one 0.
    pub fn has_nim_moves(&self) -> bool {
        [Rule::ray(1, 0), Rule::ray(0, 1)]
            .iter()
            .all(|r| self.rules.contains(r))
    }

    /// A bound on every Grundy value in a table of side N: G(x, y) is at most the number of
    /// options, and a ray (p, q) gives at most ⌊(N − 1)/max(p, q)⌋ of them, a jump at most
    /// min(1, that).
    pub fn value_bound(&self, n: u64) -> u64 {
        let top = n.saturating_sub(1);
        self.rules
            .iter()
            .map(|r| {
                let k = top / u64::from(r.p.max(r.q));
                if r.jump { k.min(1) } else { k }
            })
            .sum()
    }

    /// Whether some rule is a jump.
    pub fn has_jumps(&self) -> bool {
        self.rules.iter().any(|r| r.jump)
    }
}

/// Why rule `r` cannot join `earlier` (p, q ≤ [`MAX_STEP`] checked by the caller): the null
/// move, a repeat, or a jump that is a move i·(p, q) of a ray (it would add no move, only a
/// second name for one), either way round.
fn conflict(earlier: &[Rule], r: &Rule) -> std::result::Result<(), String> {
    if r.p == 0 && r.q == 0 {
        return Err("0,0 is not a move".into());
    }
    if let Some(j) = earlier.iter().position(|o| o == r) {
        return Err(format!("repeats rule {}", j + 1));
    }
    for (j, o) in earlier.iter().enumerate() {
        if r.jump && !o.jump && o.makes(r.p, r.q) {
            return Err(format!("the jump is a move of the ray {o}, rule {}", j + 1));
        }
        if o.jump && !r.jump && r.makes(o.p, o.q) {
            return Err(format!(
                "the jump {o}, rule {}, is a move of this ray",
                j + 1
            ));
        }
    }
    Ok(())
}

impl crate::oracle::Moves for LineRules {
    fn name(&self) -> String {
        self.to_string()
    }

    fn heaps(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    /// i·(p, q) for every ray (p, q) and i ≥ 1, and (p, q) for every jump, while both piles
    /// stay non-negative.
    fn any_move(&self, pos: &[u64], f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        let (x, y) = (pos[0], pos[1]);
        self.rules.iter().any(|r| {
            let (p, q) = (u64::from(r.p), u64::from(r.q));
            (1..=r.steps(x, y)).any(|i| f(&[x - i * p, y - i * q]))
        })
    }
}

impl fmt::Display for LineRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.rules.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grammar_is_enforced_rule_by_rule() {
        let r = LineRules::parse("1,0:1,1:3,2:0,1").unwrap();
        assert_eq!(r.rules().len(), 4);
        assert_eq!(r.to_string(), "1,0:1,1:3,2:0,1");
        assert!(r.has_nim_moves());
        assert!(!LineRules::parse("1,1:0,1").unwrap().has_nim_moves());
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
            let e = LineRules::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let many: Vec<String> = (1..=17).map(|i| format!("{i},0")).collect();
        assert!(
            LineRules::parse(&many.join(":"))
                .unwrap_err()
                .to_string()
                .contains("more than 16")
        );
    }

    #[test]
    fn jumps_are_written_with_a_j_and_never_repeat_a_ray() {
        let r = LineRules::parse("1,0:0,1:1,1:j1,2:j2,1").unwrap();
        assert_eq!(r.to_string(), "1,0:0,1:1,1:j1,2:j2,1");
        assert_eq!(r.rules()[3], Rule::jump(1, 2));
        assert!(r.has_jumps() && r.is_symmetric() && r.has_nim_moves());
        assert_eq!(LineRules::named("maharaja"), Some(r.clone()));
        // a jump and the ray of the same step are different games
        assert!(!r.same_game(&LineRules::parse("1,0:0,1:1,1:1,2:2,1").unwrap()));
        assert!(!LineRules::parse("1,0:0,1:j1,2").unwrap().is_symmetric());
        // N = 10: the rays give 9 + 9 + 9, each jump at most 1
        assert_eq!(r.value_bound(10), 29);
        assert_eq!(r.value_bound(2), 3);
        assert_eq!(Rule::jump(1, 2).steps(5, 5), 1);
        assert_eq!(Rule::jump(1, 2).steps(5, 1), 0);
        assert_eq!(Rule::ray(1, 2).steps(5, 5), 2);
        assert_eq!(Rule::ray(0, 3).steps(0, 7), 2);
        for (bad, says) in [
            ("j1,2:j1,2", "repeats rule 1"),
            ("j0,0", "not a move"),
            ("j65,1", "above 64"),
            ("jj1,2", "not an integer"),
            ("J1,2", "not an integer"),
            ("j 1,2", "not an integer"),
            ("j1;2", "no comma"),
            ("1,2,j", "not an integer"),
            ("1,1:j2,2", "a move of the ray 1,1, rule 1"),
            ("1,2:j1,2", "a move of the ray 1,2"),
            ("0,1:j0,5", "a move of the ray 0,1"),
            ("j3,3:1,1", "the jump j3,3, rule 1, is a move of this ray"),
        ] {
            let e = LineRules::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        // a jump beside a ray of another direction, or of a step it is no multiple of, is fine
        for good in ["1,1:j1,2", "2,2:j1,1", "2,2:j3,3", "1,0:j0,1", "j1,2:j2,1"] {
            assert!(LineRules::parse(good).is_ok(), "{good}");
        }
        let e = LineRules::from_rules(&[Rule::ray(1, 1), Rule::jump(4, 4)]).unwrap_err();
        assert!(e.to_string().contains("rule 2 (j4,4)"), "{e}");
    }

    #[test]
    fn every_named_game_parses() {
        for (name, rules, _) in NAMED {
            assert_eq!(LineRules::named(name).unwrap().to_string(), *rules);
        }
        assert!(LineRules::named("chess").is_none());
    }

    #[test]
    fn the_gdwn_family_takes_both_orders_of_its_pair() {
        let r = LineRules::named("gdwn-3-7").unwrap();
        assert_eq!(r.to_string(), "1,0:0,1:1,1:3,7:7,3");
        assert_eq!(LineRules::named("gdwn-1-2"), LineRules::gdwn(1, 2).ok());
        assert_eq!(LineRules::gdwn(1, 64).unwrap().rules().len(), 5);
        for bad in [
            "gdwn-2-1",
            "gdwn-1-1",
            "gdwn-0-1",
            "gdwn-1-65",
            "gdwn-01-2",
            "gdwn-1",
            "gdwn--1-2",
            "gdwn-1-2-",
            "gdwn-1-+2",
            "gdwn-1-999",
        ] {
            assert!(LineRules::named(bad).is_none(), "{bad}");
        }
        assert!(
            LineRules::gdwn(2, 2)
                .unwrap_err()
                .to_string()
                .contains("0 < p < q")
        );
    }
}
