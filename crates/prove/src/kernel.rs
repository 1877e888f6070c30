//! The sentences that make a set of positions the P-positions of a game, written from the
//! game's moves (never per game).
//!
//! In a game whose every move lowers x + y, the P-positions are the only set K with
//! (independence) no move joins two members of K and (absorption) every position outside K has
//! a move into K: by induction on x + y, a position is in K exactly when none of its options
//! is — the rule that defines the P-positions (the kernel of the game's graph, which a
//! well-founded graph has exactly one of; J. von Neumann and O. Morgenstern, *Theory of Games
//! and Economic Behavior*, 1944).  So three kinds of sentence, each decided by the procedure,
//! prove that the automaton `NAME` is the P-set: `NAME(0,0)` (the end position, which has no
//! move, is a member — implied by the others, kept as a check), one independence sentence a
//! kind of move, and one absorption sentence.
//!
//! A move from (x, y) to (u, v) is a formula over x, y, u, v: a ray (p, q) of a line game is
//! `E i i >= 1 & x = u + p*i & y = v + q*i`, a jump `x = u + p & y = v + q`; the generalized
//! game's moves are the row, the column and the diagonals (k, l) with |k − l| < a.  All are
//! in Walnut's syntax (with `$` before the predicate there), so the sentences can be run in
//! Walnut as they are.

use wythoff_core::lines::Rule;

/// A kind of move: what it is, and the formula over x, y, u, v of a move from (x, y) to (u, v).
#[derive(Clone, Debug)]
pub struct Move {
    /// What the move is, for the reader (`move along the ray (1, 1)`, `jump (1, 2)`).
    pub what: String,
    /// The formula.
    pub formula: String,
}

/// A sentence of a proof: what it says and its text.
#[derive(Clone, Debug)]
pub struct Sentence {
    /// What the sentence says.
    pub what: String,
    /// The sentence, over the predicate of the set.
    pub text: String,
}

/// `x = u + k*i` with the zero and unit coefficients left out.
fn shifted(x: &str, u: &str, k: u32, step: &str) -> String {
    match (k, step) {
        (0, _) => format!("{x} = {u}"),
        (1, s) => format!("{x} = {u} + {s}"),
        (k, s) if s.chars().all(|c| c.is_ascii_digit()) => format!("{x} = {u} + {}", k),
        (k, s) => format!("{x} = {u} + {k}*{s}"),
    }
}

/// The move of one rule of a line game.
pub fn rule_move(r: &Rule) -> Move {
    if r.jump {
        let what = format!("jump ({}, {})", r.p, r.q);
        let formula = format!(
            "({} & {})",
            shifted("x", "u", r.p, "1"),
            shifted("y", "v", r.q, "1")
        );
        return Move { what, formula };
    }
    let what = format!("move along the ray ({}, {})", r.p, r.q);
    let formula = format!(
        "(E i i >= 1 & {} & {})",
        shifted("x", "u", r.p, "i"),
        shifted("y", "v", r.q, "i")
    );
    Move { what, formula }
}

/// The moves of Fraenkel's generalized game with parameter a: a row, a column, and (k, l)
/// from both with |k − l| < a.
pub fn generalized_moves(a: u64) -> Vec<Move> {
    let mut moves = vec![
        Move {
            what: "move in the row".into(),
            formula: "(u < x & v = y)".into(),
        },
        Move {
            what: "move in the column".into(),
            formula: "(u = x & v < y)".into(),
        },
    ];
    if a == 1 {
        moves.push(Move {
            what: "move on the diagonal".into(),
            formula: "(u < x & x + v = y + u)".into(),
        });
    } else {
        moves.push(Move {
            what: format!("move (k, l) from both piles with |k - l| < {a}"),
            formula: format!("(u < x & v < y & x + v < y + u + {a} & y + u < x + v + {a})"),
        });
    }
    moves
}

/// The sentences that prove `name` (a predicate of two arguments) the P-set of the game of
/// `moves`, each TRUE when it is.
pub fn sentences(name: &str, moves: &[Move]) -> Vec<Sentence> {
    let mut out = vec![Sentence {
        what: "the end position (0, 0) is in the set".into(),
        text: format!("{name}(0,0)"),
    }];
    for m in moves {
        out.push(Sentence {
            what: format!("no {} joins two members", m.what),
            text: format!("A x,y,u,v ({name}(x,y) & {name}(u,v)) => ~{}", m.formula),
        });
    }
    // one ∃ a kind of move: the projections of a union cost what each costs, not their product
    let any: Vec<String> = moves
        .iter()
        .map(|m| format!("(E u,v {name}(u,v) & {})", m.formula))
        .collect();
    out.push(Sentence {
        what: "every position outside the set has a move into it".into(),
        text: format!("A x,y ~{name}(x,y) => {}", any.join(" | ")),
    });
    out
}

/// The sentences that prove `name` the set of positions of Grundy value G, given the proved
/// sets `lower` of the values 0, …, G − 1 (predicates of two arguments), in the game of
/// `moves`.  By induction on x + y: a member has no option in the set (independence) and an
/// option in each lower set, so its value is G; a position outside every set of the values
/// 0, …, G has an option in the set, so its value is not G.  The lower sets are also shown
/// disjoint from the set (implied; kept as a check).
pub fn value_sentences(name: &str, lower: &[&str], moves: &[Move]) -> Vec<Sentence> {
    let mut out = Vec::new();
    for h in lower {
        out.push(Sentence {
            what: format!("the set avoids {h}"),
            text: format!("A x,y ~({name}(x,y) & {h}(x,y))"),
        });
    }
    for m in moves {
        out.push(Sentence {
            what: format!("no {} joins two members", m.what),
            text: format!("A x,y,u,v ({name}(x,y) & {name}(u,v)) => ~{}", m.formula),
        });
    }
    let into = |target: &str| -> String {
        moves
            .iter()
            .map(|m| format!("(E u,v {target}(u,v) & {})", m.formula))
            .collect::<Vec<_>>()
            .join(" | ")
    };
    for h in lower {
        out.push(Sentence {
            what: format!("every member has a move into {h}"),
            text: format!("A x,y {name}(x,y) => {}", into(h)),
        });
    }
    let outside: Vec<String> = lower
        .iter()
        .map(|h| format!("~{h}(x,y)"))
        .chain([format!("~{name}(x,y)")])
        .collect();
    out.push(Sentence {
        what: "every position outside the sets of the values up to G has a move into the set"
            .into(),
        text: format!("A x,y ({}) => {}", outside.join(" & "), into(name)),
    });
    out
}

/// The sentences that prove `name` the P-positions of the misère form of the game of `moves`,
/// whose only end position is (0, 0): there the player to move has won, so the P-positions are
/// the only set that holds no end position, is independent, and is reached by a move from every
/// other position but the end — by the induction of the module's opening.
pub fn misere_sentences(name: &str, moves: &[Move]) -> Vec<Sentence> {
    let mut out = sentences(name, moves);
    out[0] = Sentence {
        what: "the end position (0, 0) is not in the set".into(),
        text: format!("~{name}(0,0)"),
    };
    let last = out.len() - 1;
    let any: Vec<String> = moves
        .iter()
        .map(|m| format!("(E u,v {name}(u,v) & {})", m.formula))
        .collect();
    out[last] = Sentence {
        what: "every position outside the set but the end has a move into it".into(),
        text: format!(
            "A x,y (~{name}(x,y) & (x > 0 | y > 0)) => {}",
            any.join(" | ")
        ),
    };
    out
}
