//! `learn`: the automaton of a game's P-positions, learned from the game's engine and proved
//! from the game's rules — or the honest report that none was found.
//!
//! The loop.  For boxes of L, L + 1, … digits (from a side of 100 on) (side W_L, the Fibonacci numbers for a = 1), the
//! engine gives every P-position of the box: the line games row by row ([`crate::lines::ppos`]),
//! the generalized game by its formula (A_n, A_n + a·n) ([`crate::pairs::algebraic`]).  The
//! learner ([`crate::prove::learn`]) returns the minimal automaton that agrees with every pair of
//! the box, if its classes close.  When two boxes in a row give the same automaton, the
//! sentences of [`crate::prove::kernel`], written from the game's moves, are decided with the
//! automaton as the predicate `L`: (0, 0) is in L, no move joins two members, every other
//! position has a move into L.  All TRUE: L is the P-set for every number (doc/learn.md gives
//! the argument) — **proved**.  A sentence FALSE sends the loop to a larger box; past the
//! rows allowed, the verdict is **not found**, with the class counts of the largest box: a
//! measurement, never a guess.
//!
//! Cost: per box, the engine's rows (near linear) and the learner's O(N log N) per suffix length
//! tried; the proof's sentences as the decision procedure costs them (doc/prove.md).

use crate::lines::LineRules;
use crate::lines::ppos::RowPositions;
use crate::prove::diagonals::{self, Diagonals, Moore};
use crate::prove::kernel::{self, Move, Sentence};
use crate::prove::learn::{self as learner, Hypothesis, box_side, same_language};
use crate::prove::{Budget, Dfa, Limits, Numeration, Vocabulary, decide};
use crate::{Context, Error, Result};

/// The name of the learned predicate in the sentences.
pub const PREDICATE: &str = "L";

/// The first box tried is the smallest of at least this side.
const FIRST_SIDE: u64 = 100;

/// A game whose P-positions can be learned: two piles, moves the logic can state.
#[derive(Clone, Debug)]
pub enum Subject {
    /// A line game of rays and jumps (with the Nim moves: its P-positions row by row).
    Lines(LineRules),
    /// Fraenkel's generalized game with parameter a ≥ 1.
    Generalized(u64),
    /// The misère form of Fraenkel's generalized game with parameter a ≥ 1 (the last player to
    /// move loses).
    Misere(u64),
    /// The misère form of a line game (its P-positions row by row, (0, 0) an N-position).
    MisereLines(LineRules),
    /// The positions of Wythoff's game whose Grundy value is G ∈ {1, 2}: the lower values'
    /// sets are the proved predicates `P` and `one` (doc/prove.md).
    Value(u32),
}

/// The proved predicates of the values 0, 1 of Wythoff's game, which `--value` stands on.
const LOWER_VALUES: [&str; 2] = ["P", "one"];

impl Subject {
    /// The numeration its automaton reads: Zeckendorf's for line games and a = 1, Ostrowski's
    /// of [1; a, a, …] for a ≥ 2.
    pub fn numeration(&self) -> Result<Numeration> {
        match self {
            Subject::Lines(_) | Subject::MisereLines(_) => Ok(Numeration::Zeckendorf),
            Subject::Generalized(a) | Subject::Misere(a) => Numeration::for_parameter(*a),
            Subject::Value(_) => Ok(Numeration::Zeckendorf),
        }
    }

    /// The set learned, in words: "the P-positions of …" or "the G-values of …".
    pub fn set_name(&self) -> String {
        match self {
            Subject::Value(_) => self.describe(),
            _ => format!("the P-positions of {}", self.describe()),
        }
    }

    /// The game in words.
    pub fn describe(&self) -> String {
        match self {
            Subject::Lines(r) => format!("the line game {r}"),
            Subject::MisereLines(r) => format!("the misère line game {r}"),
            Subject::Generalized(1) => "Wythoff's game".into(),
            Subject::Generalized(a) => format!("the generalized Wythoff game a = {a}"),
            Subject::Value(g) => format!("the {g}-values of Wythoff's game"),
            Subject::Misere(1) => "misère Wythoff".into(),
            Subject::Misere(a) => format!("the misère generalized Wythoff game a = {a}"),
        }
    }

    /// Its kinds of move, as formulas over x, y, u, v.
    pub fn moves(&self) -> Vec<Move> {
        match self {
            Subject::Lines(r) | Subject::MisereLines(r) => {
                r.rules().iter().map(kernel::rule_move).collect()
            }
            Subject::Generalized(a) | Subject::Misere(a) => kernel::generalized_moves(*a),
            Subject::Value(_) => kernel::generalized_moves(1),
        }
    }

    /// The sentences of its proof, over the predicate `name`.
    pub fn sentences(&self, name: &str) -> Vec<Sentence> {
        match self {
            Subject::Value(g) => {
                kernel::value_sentences(name, &LOWER_VALUES[..*g as usize], &self.moves())
            }
            Subject::Misere(_) | Subject::MisereLines(_) => {
                kernel::misere_sentences(name, &self.moves())
            }
            _ => kernel::sentences(name, &self.moves()),
        }
    }

    /// The Grundy value whose positions it learns (0: the P-positions).
    pub fn value(&self) -> u32 {
        match self {
            Subject::Value(g) => *g,
            _ => 0,
        }
    }

    /// Refused before any work when its P-positions cannot be had row by row, or its value
    /// has no proved lower sets.
    pub fn check(&self) -> Result<()> {
        if let Subject::Value(g) = self
            && !(1..=LOWER_VALUES.len() as u32).contains(g)
        {
            return Err(Error::usage(format!(
                "--value: {g} is not 1 or 2; learn takes the values whose lower values' sets are \
                 proved predicates (0: the P-positions, without --value)"
            )));
        }
        if let Subject::Lines(r) | Subject::MisereLines(r) = self
            && !r.has_nim_moves()
        {
            return Err(Error::usage(format!(
                "--rules: the rules {r} lack the Nim moves 1,0 and 0,1; learn takes the \
                 P-positions row by row, which needs them"
            )));
        }
        self.numeration().map(|_| ())
    }

    /// Every P-position in the box [0, side)².
    pub fn members(&self, side: u64, ctx: &Context) -> Result<Vec<(u64, u64)>> {
        let mut out = Vec::new();
        match self {
            Subject::Lines(r) | Subject::MisereLines(r) => {
                let mut rows = RowPositions::new(r, side).map_err(Error::from)?;
                if let Subject::MisereLines(_) = self {
                    rows = rows.misere();
                }
                while let Some((x, y)) = rows.next_position() {
                    if x % (1 << 16) == 0 {
                        ctx.check()?;
                    }
                    if y < side {
                        out.push((x, y));
                    }
                }
            }
            Subject::Value(g) => {
                let cap = crate::gvalues::window_cap(side);
                for v in crate::gvalues::GValues::new(*g, cap)? {
                    let v = v?;
                    if v.x >= side {
                        break;
                    }
                    if v.x % (1 << 16) == 0 {
                        ctx.check()?;
                    }
                    if v.y < side {
                        out.push((v.x, v.y));
                        if v.x != v.y {
                            out.push((v.y, v.x));
                        }
                    }
                }
            }
            Subject::Misere(a) => {
                use crate::pairs::{Solver, Strategy};
                let solver = Solver::new(crate::Rules::new(*a, true)?, Strategy::Algebraic);
                for n in 0u64.. {
                    if n % (1 << 16) == 0 {
                        ctx.check()?;
                    }
                    let (lower, upper) = solver.nth(&rug::Integer::from(n))?;
                    let (Some(lower), Some(upper)) = (lower.to_u64(), upper.to_u64()) else {
                        break;
                    };
                    if lower >= side {
                        break;
                    }
                    if upper < side {
                        out.push((lower, upper));
                        out.push((upper, lower));
                    }
                }
            }
            Subject::Generalized(a) => {
                for n in 0u64.. {
                    let lower = crate::pairs::algebraic::lower_u128(*a, n)
                        .ok_or_else(|| Error::internal("a lower term past 128 bits"))?;
                    if lower >= u128::from(side) {
                        break;
                    }
                    let upper = lower + u128::from(*a) * u128::from(n);
                    if upper < u128::from(side) {
                        out.push((lower as u64, upper as u64));
                        out.push((upper as u64, lower as u64));
                    }
                }
            }
        }
        Ok(out)
    }
}

/// What `learn` may use.
#[derive(Clone, Debug)]
pub struct Options {
    /// The largest box side (rows of the engine) the loop may take.
    pub max_rows: u64,
    /// The caps of each sentence's decision.
    pub limits: Limits,
}

/// A sentence of the proof with its verdict (`None`: no verdict within the caps, and why).
#[derive(Clone, Debug)]
pub struct Decided {
    /// The sentence.
    pub sentence: Sentence,
    /// TRUE or FALSE, or the reason there is none.
    pub verdict: std::result::Result<bool, String>,
    /// The least counterexample of a FALSE sentence, as `name=value` words.
    pub counterexample: Option<String>,
}

/// The outcome of `learn`.
#[derive(Clone, Debug)]
pub struct Report {
    /// The game in words.
    pub game: String,
    /// The set learned, in words ([`Subject::set_name`]).
    pub set: String,
    /// The Grundy value of the positions learned (0: the P-positions).
    pub value: u32,
    /// The numeration of the automaton.
    pub numeration: Numeration,
    /// The proved automaton (tracks x, y), or `None`: not found, or not proved.
    pub automaton: Option<Dfa>,
    /// An automaton that agrees with the engine and stayed the same over two boxes, but whose
    /// proof got no verdict within the caps: learned, not proved.
    pub unproved: Option<Dfa>,
    /// Learned, but the proof got no verdict within the caps: a sentence, or the construction
    /// of the two-track predicate of a Moore automaton (then `unproved` is `None`).
    pub stuck: bool,
    /// The side of the largest box the engine filled (its rows).
    pub rows: u64,
    /// The digits L of that box.
    pub digits: usize,
    /// For a proved automaton: the side of the larger box on which it was also checked against
    /// the engine (0 otherwise).
    pub checked_rows: u64,
    /// The sentences decided last, with their verdicts.
    pub sentences: Vec<Decided>,
    /// For the largest box: the classes at each prefix length tried.
    pub class_counts: Vec<(usize, usize)>,
    /// How the automaton was learned: on two tracks, or along the diagonals.
    pub representation: Representation,
    /// For the largest box: the classes of the Moore automaton of its diagonals at each prefix
    /// length tried (empty when they were not learned: [`Report::diagonals_skipped`] says why).
    pub diagonal_class_counts: Vec<(usize, usize)>,
    /// The diagonals of that box that were learned (0 when none).
    pub diagonals: u64,
    /// Why the diagonals of the largest box were not learned, when they were not.
    pub diagonals_skipped: Option<String>,
    /// Why the verdict is not found, in words (`None` when proved).
    pub reason: Option<String>,
}

/// The representation an automaton was learned in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Representation {
    /// (x, y) read in parallel ([`learner`]).
    TwoTracks,
    /// The diagonal d read alone, with the offsets of its members as outputs
    /// ([`crate::prove::diagonals`]): a Moore automaton of `states` states, learned on the
    /// diagonals d < [`Report::diagonals`], made a two-track predicate for the proof.
    Diagonals {
        /// The states of the Moore automaton.
        states: usize,
    },
}

impl Report {
    /// Whether the automaton is proved to be the set.
    pub fn proved(&self) -> bool {
        self.automaton.is_some()
    }

    /// "proved", "unproved" (learned, its proof without a verdict within the caps) or
    /// "not-found".
    pub fn verdict(&self) -> &'static str {
        match (&self.automaton, self.stuck) {
            (Some(_), _) => "proved",
            (None, true) => "unproved",
            (None, false) => "not-found",
        }
    }
}

/// Bytes a box of `rows` rows may take at its peak: the engine's P-positions with its tables
/// (20 bytes a row for Maharaja Nim), the offsets of the diagonals while they are read (8 bytes
/// a row), then the learner's words (16 bytes a member) with its nodes (20 bytes a node, for
/// each suffix length tried at once: [`at_once`] keeps them within this figure) — 64 a row,
/// above the peaks measured (53 a row for Maharaja Nim at 102,334,155 rows with two suffix
/// lengths at once).
pub const BYTES_PER_ROW: u64 = 64;

/// Bytes a suffix length tried takes for each member beside the words: a node and its class
/// (20 bytes) and room for the buckets of its classes.
const BYTES_PER_NODE: u64 = 24;

/// How many suffix lengths the learner tries at once for a box of `members` members: one for
/// each thread of the pool, as far as the memory reserved for `max_rows` rows
/// ([`bytes_needed`]) and the memory available hold their tables beside the words — so the
/// peak stays within the estimate refused before the work, whatever the cores.
fn at_once(members: usize, max_rows: u64) -> usize {
    let members = members.max(1) as u64;
    let reserved = bytes_needed(max_rows).unwrap_or(u64::MAX);
    let room = crate::files::resources::available_memory()
        .map_or(reserved, |a| a.min(reserved))
        .saturating_sub(16 * members);
    let fits = usize::try_from(room / (BYTES_PER_NODE * members)).unwrap_or(usize::MAX);
    fits.clamp(1, rayon::current_num_threads().max(1))
}

/// The bytes `learn` may take with `max_rows` (`None` past u64).
pub fn bytes_needed(max_rows: u64) -> Option<u64> {
    max_rows.checked_mul(BYTES_PER_ROW)
}

/// The side of the first box `learn` takes for `subject`: the least `--max-rows` it accepts.
pub fn first_side(subject: &Subject) -> Result<u64> {
    let n = subject.numeration()?;
    Ok(box_side(n, first_digits(n)).unwrap_or(u64::MAX))
}

/// The digits of the first box: the smallest of side at least [`FIRST_SIDE`].
fn first_digits(n: Numeration) -> usize {
    (1..)
        .find(|&d| box_side(n, d).is_none_or(|s| s >= FIRST_SIDE))
        .unwrap_or(1)
}

/// Learns and proves the P-positions of `subject` (the module's loop); `ctx` is polled for
/// cancellation and told of the rows of each box as it is learned.
pub fn learn(subject: &Subject, options: &Options, ctx: &Context) -> Result<Report> {
    subject.check()?;
    let n = subject.numeration()?;
    let mut report = Report {
        game: subject.describe(),
        set: subject.set_name(),
        value: subject.value(),
        numeration: n,
        automaton: None,
        unproved: None,
        stuck: false,
        rows: 0,
        digits: 0,
        checked_rows: 0,
        sentences: Vec::new(),
        class_counts: Vec::new(),
        representation: Representation::TwoTracks,
        diagonal_class_counts: Vec::new(),
        diagonals: 0,
        diagonals_skipped: None,
        reason: None,
    };
    let mut previous: Option<Hypothesis> = None;
    if first_side(subject)? > options.max_rows {
        return Err(Error::usage(format!(
            "--max-rows: {} is below the first box of {} rows",
            options.max_rows,
            first_side(subject)?
        )));
    }
    // memory, before the work: the largest box allowed must fit
    let bytes = bytes_needed(options.max_rows);
    crate::files::resources::check_cap(bytes, &format!("--max-rows: {} rows", options.max_rows))?;
    if let (Some(b), Some(available)) = (bytes, crate::files::resources::available_memory())
        && b > available
    {
        return Err(Error::usage(format!(
            "--max-rows: {} rows may take {} of memory and {} are available",
            options.max_rows,
            crate::files::resources::size(b),
            crate::files::resources::size(available)
        )));
    }
    let mut digits = first_digits(n);
    // the Moore automaton of the last box whose diagonals were learned, with their number
    let mut previous_moore: Option<(Moore, usize)> = None;
    loop {
        let Some(side) = box_side(n, digits).filter(|&s| s <= options.max_rows) else {
            report.reason.get_or_insert_with(|| {
                format!(
                    "no automaton closed and stayed the same over two boxes up to {} rows",
                    report.rows
                )
            });
            return Ok(report);
        };
        let members = subject.members(side, ctx)?;
        // the learners' hypotheses are bounded by the classes of the data, whose memory is
        // reserved above: the caps of the proof's decisions are not theirs
        let budget = Budget::for_numeration(n, usize::MAX, ctx.cancel());
        let at_once = at_once(members.len(), options.max_rows);
        let before = report.rows;
        report.rows = side;
        report.digits = digits;
        // along the diagonals first (one track, a byte or so a row)
        if along_diagonals(
            subject,
            &members,
            at_once,
            &mut previous_moore,
            options,
            ctx,
            &mut report,
        )? {
            return Ok(report);
        }
        report.representation = Representation::TwoTracks;
        let learned = learner::learn(n, digits, members, at_once, &budget)?;
        // progress: the rows of the boxes, up to the largest allowed
        ctx.report(side - before);
        report.class_counts = learned.class_counts;
        if let (Some(h), Some(p)) = (&learned.hypothesis, &previous)
            && same_language(&h.dfa, &p.dfa)
            && conclude(subject, h.dfa.clone(), options, ctx, &mut report)?
        {
            return Ok(report);
        }
        previous = learned.hypothesis;
        digits += 1;
    }
}

/// Learns the diagonals of the box `report.rows`, `report.digits` (Zeckendorf's digits only):
/// when two boxes give the same Moore automaton, the larger on more diagonals, its two-track
/// predicate is checked on the box and proved.  `true` when the report is final (proved, or
/// unproved: the predicate or a sentence got no verdict within the caps); the class counts of
/// the diagonals, or why they were not learned, go into the report either way.
fn along_diagonals(
    subject: &Subject,
    members: &[(u64, u64)],
    at_once: usize,
    previous: &mut Option<(Moore, usize)>,
    options: &Options,
    ctx: &Context,
    report: &mut Report,
) -> Result<bool> {
    let n = subject.numeration()?;
    let (side, digits) = (report.rows, report.digits);
    let diagonals = match n {
        Numeration::Zeckendorf => Diagonals::of_box(members, side),
        _ => Err("the numeration is not Zeckendorf's".to_string()),
    };
    report.diagonal_class_counts.clear();
    report.diagonals = 0;
    report.diagonals_skipped = diagonals.as_ref().err().cloned();
    let Ok(dg) = diagonals else {
        return Ok(false);
    };
    // bounded by the classes of the data, as the two-track learner
    let budget = Budget::for_numeration(n, usize::MAX, ctx.cancel());
    let learned = diagonals::learn(&dg, at_once, &budget)?;
    report.diagonal_class_counts = learned.class_counts;
    report.diagonals = dg.count() as u64;
    let this = learned.moore.map(|m| (m, dg.count()));
    let stable = matches!((&this, &*previous), (Some((m, more)), Some((p, fewer)))
        if m == p && more > fewer);
    *previous = this.clone();
    let Some((m, _)) = this.filter(|_| stable) else {
        return Ok(false);
    };
    let capped = Budget::with_limits(n, &options.limits, ctx.cancel());
    report.representation = Representation::Diagonals { states: m.states() };
    // the two tracks are not learned on this box
    report.class_counts.clear();
    let l = match m.predicate(&capped) {
        Err(Error::Inconclusive(why)) => {
            report.stuck = true;
            report.reason = Some(format!(
                "along the diagonals a Moore automaton of {} states agrees with the engine on {} \
                 diagonals and stayed the same over two boxes, but its two-track predicate got \
                 no verdict within the caps ({})",
                m.states(),
                dg.count(),
                why.trim_start_matches("no verdict: ")
            ));
            return Ok(true);
        }
        other => other?,
    };
    Ok(learner::agrees_on_box(n, digits, members.to_vec(), &l)?
        && conclude(subject, l, options, ctx, report)?)
}

/// Proves the learned automaton `l` of the box `report.rows`, `report.digits`: `true` when the
/// report is final — proved (and checked on the next larger box), or unproved (a sentence got
/// no verdict within the caps); `false` when a sentence is FALSE, and the loop takes more data.
fn conclude(
    subject: &Subject,
    l: Dfa,
    options: &Options,
    ctx: &Context,
    report: &mut Report,
) -> Result<bool> {
    let n = subject.numeration()?;
    let (side, digits) = (report.rows, report.digits);
    let decided = prove(subject, &l, options, ctx)?;
    let all_true = decided.iter().all(|d| d.verdict == Ok(true));
    let stuck = decided.iter().find_map(|d| d.verdict.clone().err());
    report.sentences = decided;
    if all_true {
        // a check beyond the proof: the engine's next box, larger than the data
        let larger =
            box_side(n, digits + 1).ok_or_else(|| Error::internal("a box past 64 bits"))?;
        let more = subject.members(larger, ctx)?;
        if !learner::agrees_on_box(n, digits + 1, more, &l)? {
            return Err(Error::internal(format!(
                "a proved automaton disagrees with the engine on {larger} rows"
            )));
        }
        report.checked_rows = larger;
        report.automaton = Some(l);
        report.reason = None;
        return Ok(true);
    }
    if let Some(why) = stuck {
        report.reason = Some(format!(
            "an automaton of {} states agrees with the engine on {side} rows, but a sentence of \
             its proof got no verdict within the caps ({})",
            l.states(),
            why.trim_start_matches("no verdict: ")
        ));
        report.unproved = Some(l);
        report.stuck = true;
        return Ok(true);
    }
    report.reason = Some(format!(
        "the automaton learned on {side} rows fails a sentence of its proof; larger boxes gave \
         no other"
    ));
    Ok(false)
}

/// Decides the sentences of the proof with `a` as the predicate [`PREDICATE`].
pub fn prove(subject: &Subject, a: &Dfa, options: &Options, ctx: &Context) -> Result<Vec<Decided>> {
    let n = subject.numeration()?;
    let vocabulary = Vocabulary::for_numeration(n).with_predicate(PREDICATE, a.clone())?;
    let mut out = Vec::new();
    for sentence in subject.sentences(PREDICATE) {
        let budget = Budget::with_limits(n, &options.limits, ctx.cancel());
        let (verdict, counterexample) = match decide(&sentence.text, &vocabulary, &budget) {
            Ok(v) => (
                Ok(v.holds),
                v.counterexample.map(|c| {
                    c.iter()
                        .map(|(name, x)| format!("{name}={x}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                }),
            ),
            Err(Error::Inconclusive(m)) => (Err(m), None),
            Err(e) => return Err(e),
        };
        out.push(Decided {
            sentence,
            verdict,
            counterexample,
        });
    }
    Ok(out)
}
