//! The JSON shape of `learn`: the verdict, the automaton's size, the sentences of its proof and
//! the class counts; also the file beside `learn -o FILE`.

use super::{VERSION, Versioned, s};
use serde::Serialize;
use wythoff::error::{Error, Result};
use wythoff::learn::{Report, Representation};

/// `learn --json`, and FILE.json beside `learn -o FILE`.
#[derive(Serialize)]
pub(crate) struct Learned {
    pub(crate) game: String,
    /// The set learned: the positions of this Grundy value (0: the P-positions).
    pub(crate) value: String,
    /// "proved", "unproved" (learned; its proof got no verdict within the caps) or
    /// "not-found".
    pub(crate) verdict: &'static str,
    /// The states of the proved automaton; `null` when none was found.
    pub(crate) states: Option<String>,
    /// The side of the largest box of P-positions taken from the engine.
    pub(crate) rows: String,
    pub(crate) digits: String,
    /// The side of the larger box a proved automaton was also checked on ("0": none).
    pub(crate) checked_rows: String,
    pub(crate) numeration: String,
    /// The name the sentences give the automaton.
    pub(crate) predicate: &'static str,
    pub(crate) sentences: Vec<Sentence>,
    pub(crate) class_counts: Vec<ClassCount>,
    /// How the automaton was learned, `null` when none was: "two-tracks" (x, y read in
    /// parallel) or "diagonals" (a Moore automaton of the diagonal, made a two-track predicate
    /// for the proof).
    pub(crate) representation: Option<&'static str>,
    /// For "diagonals": the states of the Moore automaton.
    pub(crate) moore_states: Option<String>,
    /// The diagonals of the largest box whose diagonals were learned ("0": none), and the
    /// classes of their Moore automaton at each prefix length (empty when not tried).
    pub(crate) diagonals: String,
    /// Why the diagonals of the largest box were not learned, `null` when they were.
    pub(crate) diagonals_skipped: Option<String>,
    pub(crate) diagonal_class_counts: Vec<ClassCount>,
    pub(crate) reason: Option<String>,
    pub(crate) seconds: String,
}

/// One sentence of the proof with its verdict: "true", "false" or "no verdict: …".
#[derive(Serialize)]
pub(crate) struct Sentence {
    pub(crate) says: String,
    pub(crate) statement: String,
    pub(crate) verdict: String,
    pub(crate) counterexample: Option<String>,
}

/// The classes of the nodes of one prefix length.
#[derive(Serialize)]
pub(crate) struct ClassCount {
    pub(crate) prefix_length: String,
    pub(crate) classes: String,
}

impl Learned {
    pub(crate) fn from(r: &Report, seconds: f64) -> Learned {
        Learned {
            game: r.game.clone(),
            value: s(r.value),
            verdict: r.verdict(),
            states: r
                .automaton
                .as_ref()
                .or(r.unproved.as_ref())
                .map(|a| s(a.states())),
            rows: s(r.rows),
            digits: s(r.digits),
            checked_rows: s(r.checked_rows),
            numeration: match r.numeration.parameter() {
                1 => "msd_fib".into(),
                a => format!("msd_ost{a}"),
            },
            predicate: wythoff::learn::PREDICATE,
            sentences: r
                .sentences
                .iter()
                .map(|d| Sentence {
                    says: d.sentence.what.clone(),
                    statement: d.sentence.text.clone(),
                    verdict: match &d.verdict {
                        Ok(true) => "true".into(),
                        Ok(false) => "false".into(),
                        Err(why) => {
                            format!("no verdict ({})", why.trim_start_matches("no verdict: "))
                        }
                    },
                    counterexample: d.counterexample.clone(),
                })
                .collect(),
            class_counts: counts(&r.class_counts),
            representation: match r.representation {
                _ if r.verdict() == "not-found" => None,
                Representation::TwoTracks => Some("two-tracks"),
                Representation::Diagonals { .. } => Some("diagonals"),
            },
            moore_states: match r.representation {
                _ if r.verdict() == "not-found" => None,
                Representation::Diagonals { states } => Some(s(states)),
                Representation::TwoTracks => None,
            },
            diagonals: s(r.diagonals),
            diagonal_class_counts: counts(&r.diagonal_class_counts),
            diagonals_skipped: r.diagonals_skipped.clone(),
            reason: r.reason.clone(),
            seconds: format!("{seconds:.3}"),
        }
    }
}

fn counts(c: &[(usize, usize)]) -> Vec<ClassCount> {
    c.iter()
        .map(|&(d, c)| ClassCount {
            prefix_length: s(d),
            classes: s(c),
        })
        .collect()
}

/// The JSON text of `r` (one line, with its version).
pub(crate) fn render(r: &Report, seconds: f64) -> Result<String> {
    serde_json::to_string(&Versioned::with(VERSION, &Learned::from(r, seconds)))
        .map_err(|e| Error::internal(format!("JSON rendering: {e}")))
}
