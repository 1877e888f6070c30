//! Automata in Walnut's automaton-file format, both ways: the vocabulary's automata written so
//! that a reader can re-run every theorem in Walnut (`$P(x,y)` there), and files read back as
//! predicates of a statement (`wythoff prove --predicate NAME=FILE`, doc/prove.md).
//!
//! The format (H. Mousavi, "Automatic theorem proving in Walnut", 2016; Walnut 6 reads and writes
//! it so): a first line naming the numeration of each input (`msd_fib msd_fib`), then each state
//! as a line `STATE OUTPUT` followed by its transitions `DIGIT DIGIT … -> STATE`, one digit an
//! input; blank lines anywhere; the first state listed is the initial one (Walnut writes it as
//! state 0).
//!
//! What [`read_walnut`] accepts, as Walnut does:
//!
//! * lines that are blank or whose first character other than a space is `#` (comments, which
//!   recent versions of Walnut allow);
//! * spaces and tabs anywhere between the words, `\r\n` line ends;
//! * an input declared by its numeration — `msd_fib` (Zeckendorf) for Wythoff's game, for the
//!   generalized game with parameter a ≥ 2 `msd_ostA` (what Walnut's `ost ostA [0] [A];`
//!   declares: the Ostrowski numeration of [0; A, A, …], whose weights and digits are those of
//!   [`Numeration::Ostrowski`]) or, for a = 2, `msd_pell` (Walnut's Pell numeration, the same);
//!   a name without `msd_` is read with it, as Walnut does (`fib` is `msd_fib`) — or by a set
//!   of digits such as `{0, 1}` (the file's automaton then reads those digits of the game's
//!   numeration);
//! * states numbered in any order and not necessarily 0, 1, 2, …, states without transitions;
//! * `*` for every digit of an input;
//! * a nondeterministic file (one letter to several targets, in one line `… -> 1 2` or on two
//!   lines): it is determinized by the subset construction, as Walnut does.
//!
//! The result keeps the invariants of [`super::dfa`]: it is intersected with the valid words of
//! the numeration (Walnut's automata may accept words such as `11` in Zeckendorf's digits, which
//! no number has) and minimized.  A file whose automaton is not indifferent to leading zeros (it
//! accepts a word w but not 0w, or the reverse) is refused: the sets of numbers a statement
//! speaks of are those automata (Walnut's `fixleadzero` command makes an automaton so).
//! Anything else is a usage error of one line that names the line of the file and what is
//! accepted there.
//!
//! Cost: the file is held as lists of transitions (8 bytes each, counted against the memory
//! cap); the determinization and the intersection are one construction of [`super::ops`] (its
//! caps apply), then one minimization.

use super::dfa::{Budget, Dfa, NONE, Var};
use super::numeration::Numeration;
use super::ops::{FxMap, explore};
use std::fmt::Write;
use wythoff_core::cancel::Cancel;
use wythoff_core::error::{Error, Result};

/// The most inputs a file may declare: the automata of the procedure read at most 15 numbers.
pub const MAX_INPUTS: usize = 15;

/// The most letters (digits of all inputs together) an automaton of the procedure reads.
const MAX_LETTERS: usize = 1 << 20;

/// The numeration of one input as Walnut names it: `msd_fib`, or `msd_ostA` for the Ostrowski
/// numeration of the generalized game with parameter A (Walnut: `ost ostA [0] [A];`).
pub fn walnut_name(numeration: Numeration) -> String {
    match numeration {
        Numeration::Zeckendorf => "msd_fib".to_string(),
        Numeration::Ostrowski(a) => format!("msd_ost{a}"),
    }
}

/// The automaton `a` (tracks in argument order) as a Walnut automaton file; an automaton without
/// tracks is Walnut's `true` or `false`.
pub fn walnut_text(a: &Dfa) -> String {
    let k = a.vars().len();
    if k == 0 {
        return format!("{}\n", a.is_accepting(0));
    }
    let n = a.numeration();
    let mut out = vec![walnut_name(n); k].join(" ");
    out.push('\n');
    for s in 0..a.states() as u32 {
        let _ = write!(out, "\n{} {}\n", s, u8::from(a.is_accepting(s)));
        for l in 0..a.letters() {
            let t = a.next(s, l);
            if t == NONE {
                continue;
            }
            let digits: Vec<String> = (0..k).map(|i| n.digit(l, i).to_string()).collect();
            let _ = writeln!(out, "{} -> {}", digits.join(" "), t);
        }
    }
    out
}

/// The automaton of a Walnut automaton file whose inputs are numbers of `numeration` (track i the
/// i-th input), within the default caps.  See the module documentation for what is accepted;
/// anything else is [`Error::Usage`], one line naming the line of the file.
pub fn read_walnut(text: &str, numeration: Numeration) -> Result<Dfa> {
    let budget = Budget::for_numeration(numeration, crate::DEFAULT_MAX_STATES, Cancel::never());
    read_walnut_within(text, &budget)
}

/// [`read_walnut`] in the numeration and within the caps of `budget` (its state cap and memory
/// cap bound the determinization; passing one is [`Error::Inconclusive`]).
pub fn read_walnut_within(text: &str, budget: &Budget) -> Result<Dfa> {
    let numeration = budget.numeration;
    let file = parse(text, numeration, budget)?;
    let k = file.inputs;
    let start = Key {
        set: vec![file.initial],
        last: 0,
    };
    let mut scratch: Vec<u32> = Vec::new();
    let a = explore(
        (0..k as Var).collect(),
        start,
        budget,
        |key: &Key, l| {
            if !numeration.step_ok(key.last as usize, l as usize, k) {
                return None; // no number has this word
            }
            scratch.clear();
            for &s in &key.set {
                let edges = &file.edges[s as usize];
                let from = edges.partition_point(|e| e.0 < l);
                scratch.extend(edges[from..].iter().take_while(|e| e.0 == l).map(|e| e.1));
            }
            if scratch.is_empty() {
                return None;
            }
            scratch.sort_unstable();
            scratch.dedup();
            Some(Key {
                set: scratch.clone(),
                last: constraint(numeration, l, k),
            })
        },
        |key| {
            key.set.iter().any(|&s| file.accept[s as usize])
                && numeration.end_ok(key.last as usize, k)
        },
    )?;
    leading_zeros(&a)?;
    Ok(a)
}

/// The part of the letter `l` (of `k` tracks) that decides which letters may follow it and
/// whether a word may end with it: for Zeckendorf's digits the letter (its 1s), for Ostrowski's
/// its digits a (the others are 0 here), so that letters alike lead to one state.
fn constraint(n: Numeration, l: u32, k: usize) -> u32 {
    match n {
        Numeration::Zeckendorf => l,
        Numeration::Ostrowski(a) => (0..k)
            .filter(|&t| n.digit(l as usize, t) == a)
            .map(|t| a * (n.base() as u32).pow(t as u32))
            .sum(),
    }
}

/// A state of the construction: the set of the file's states reached (indices, increasing) and
/// the [`constraint`] of the last letter read, which decides the letters that may follow in a
/// valid word.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    set: Vec<u32>,
    last: u32,
}

impl super::ops::Footprint for Key {
    /// The list and the allocator's header of 16 bytes.
    fn heap_bytes(&self) -> usize {
        self.set.capacity() * 4 + 16
    }
}

/// A file read: its number of inputs, its states (by index, in the order declared) with their
/// outputs and transitions (letter, target index), sorted, and the initial state.
struct File {
    inputs: usize,
    initial: u32,
    accept: Vec<bool>,
    edges: Vec<Vec<(u32, u32)>>,
}

/// The digits one input may read: the numeration's, or those of a set `{…}`.
struct Input {
    digits: Vec<u32>,
}

/// A usage error at line `line` (1-based).
fn at(line: usize, what: impl std::fmt::Display) -> Error {
    Error::usage(format!("line {line}: {what}"))
}

/// The names of the numerations an input of `n` may be declared with, for the messages.
fn accepted_names(n: Numeration) -> String {
    let digits: Vec<String> = (0..n.base()).map(|d| d.to_string()).collect();
    let set = format!("{{{}}}", digits.join(", "));
    match n {
        Numeration::Zeckendorf => {
            format!("a = 1: msd_fib (Zeckendorf's) or the set of its digits {set}")
        }
        Numeration::Ostrowski(2) => format!(
            "a = 2: msd_ost2 (Walnut: ost ost2 [0] [2];), msd_pell or the set of its digits {set}"
        ),
        Numeration::Ostrowski(a) => format!(
            "a = {a}: msd_ost{a} (Walnut: ost ost{a} [0] [{a}];) or the set of its digits {set}"
        ),
    }
}

/// Whether the Walnut name `name` (after Walnut's completion: a name without `msd_` or `lsd_`
/// gets `msd_`) is the numeration `n`.
fn is_numeration(name: &str, n: Numeration) -> bool {
    let full = if name.starts_with("msd_") || name.starts_with("lsd_") {
        name.to_string()
    } else {
        format!("msd_{name}")
    };
    full == walnut_name(n) || (n == Numeration::Ostrowski(2) && full == "msd_pell")
}

/// The words of the first line: numeration names and `{…}` sets.
fn header_words(line: &str, no: usize) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        let end = if rest.starts_with('{') {
            match rest.find('}') {
                Some(i) => i + 1,
                None => return Err(at(no, "a set of digits '{' is not closed by '}'")),
            }
        } else {
            rest.find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len())
        };
        words.push(rest[..end].to_string());
        rest = rest[end..].trim_start();
    }
    Ok(words)
}

/// The inputs the first line declares.
fn header(line: &str, no: usize, n: Numeration) -> Result<Vec<Input>> {
    if line == "true" || line == "false" {
        return Err(at(
            no,
            format!(
                "the file is Walnut's '{line}', an automaton without inputs; a predicate takes 1 \
                 to {MAX_INPUTS} numbers, each declared on the first line (the game with {})",
                accepted_names(n)
            ),
        ));
    }
    let words = header_words(line, no)?;
    if words.len() > MAX_INPUTS {
        return Err(at(
            no,
            format!(
                "the first line declares {} inputs; a predicate takes at most {MAX_INPUTS}",
                words.len()
            ),
        ));
    }
    let letters = n.base().checked_pow(words.len() as u32);
    if letters.is_none_or(|l| l > MAX_LETTERS) {
        return Err(at(
            no,
            format!(
                "{} inputs of {} digits make more than 2^20 letters, the most an automaton of \
                 the procedure reads",
                words.len(),
                n.base()
            ),
        ));
    }
    let mut inputs = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let input = i + 1;
        if let Some(inner) = w.strip_prefix('{') {
            let inner = inner.strip_suffix('}').unwrap_or(inner);
            let mut digits = Vec::new();
            for item in inner.split(',') {
                let d = parse_digit(item, n);
                let Some(d) = d else {
                    return Err(at(
                        no,
                        format!(
                            "the set of digits {w} of input {input} holds '{}'; a set holds \
                             digits 0 to {} of the game's numeration, separated by commas",
                            item.trim(),
                            n.base() - 1
                        ),
                    ));
                };
                digits.push(d);
            }
            digits.sort_unstable();
            digits.dedup();
            inputs.push(Input { digits });
        } else if is_numeration(w, n) {
            inputs.push(Input {
                digits: (0..n.base() as u32).collect(),
            });
        } else {
            let why = if w.starts_with("lsd") {
                " (least significant digit first; the procedure reads the most significant first)"
            } else {
                ""
            };
            return Err(at(
                no,
                format!(
                    "input {input} is in '{w}'{why}; an input of the game with {}",
                    accepted_names(n)
                ),
            ));
        }
    }
    Ok(inputs)
}

/// A digit of `n` written `text` (spaces and a `+` allowed, as Walnut writes), or `None`.
fn parse_digit(text: &str, n: Numeration) -> Option<u32> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.strip_prefix('+').unwrap_or(&t);
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse::<u32>().ok().filter(|&d| (d as usize) < n.base())
}

/// A state number: digits only.
fn parse_state(text: &str) -> Option<std::result::Result<u64, ()>> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse::<u64>().map_err(|_| ()))
}

/// The line as quoted in a message, shortened.
fn quoted(line: &str) -> String {
    let short: String = line.chars().take(40).collect();
    if short.len() < line.len() {
        format!("'{short}…'")
    } else {
        format!("'{short}'")
    }
}

fn too_large(no: usize, what: &str) -> Error {
    at(
        no,
        format!("the state number {what} is too large; states are numbered 0 to 2^32 - 2"),
    )
}

/// The lines of the file, read into lists of transitions.
fn parse(text: &str, n: Numeration, budget: &Budget) -> Result<File> {
    let lines = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_start_matches('\u{feff}').trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let mut inputs: Option<Vec<Input>> = None;
    // state number -> index; per index: number, declaring line, output, transitions
    let mut index: FxMap<u64, u32> = FxMap::default();
    let mut numbers: Vec<u64> = Vec::new();
    let mut declared_at: Vec<usize> = Vec::new();
    let mut accept: Vec<bool> = Vec::new();
    let mut raw: Vec<Vec<(u32, u64)>> = Vec::new();
    // a target's first use, for the message when it is never declared
    let mut used_at: FxMap<u64, usize> = FxMap::default();
    let mut held = 0usize;
    let mut last_no = 0;
    for (no, line) in lines {
        last_no = no;
        let Some(inputs) = &inputs else {
            inputs = Some(header(line, no, n)?);
            continue;
        };
        let k = inputs.len();
        let shape = || {
            at(
                no,
                format!(
                    "expected a state 'STATE OUTPUT' (OUTPUT 0 or 1) or a transition of {k} \
                     digit{} and '->' and its target states, found {}",
                    if k == 1 { "" } else { "s" },
                    quoted(line)
                ),
            )
        };
        if let Some((lhs, rhs)) = line.split_once("->") {
            if accept.is_empty() {
                return Err(at(
                    no,
                    "a transition before any state; each state is a line 'STATE OUTPUT' \
                     followed by its transitions",
                ));
            }
            // the digits: Walnut allows a sign apart from its digits
            let mut digits: Vec<String> = Vec::new();
            let mut sign = String::new();
            for w in lhs.split_whitespace() {
                if w == "+" || w == "-" {
                    sign = w.to_string();
                } else {
                    digits.push(format!("{}{w}", std::mem::take(&mut sign)));
                }
            }
            if !sign.is_empty() || digits.is_empty() {
                return Err(shape());
            }
            if digits.len() != k {
                return Err(at(
                    no,
                    format!(
                        "a transition of {} digit{}; the first line declares {k} input{}, one \
                         digit each",
                        digits.len(),
                        if digits.len() == 1 { "" } else { "s" },
                        if k == 1 { "" } else { "s" }
                    ),
                ));
            }
            // the letters: one digit a track, `*` every digit of its input
            let mut letters: Vec<u32> = vec![0];
            let mut weight = 1u32;
            for (i, d) in digits.iter().enumerate() {
                let choices: Vec<u32> = if d == "*" {
                    inputs[i].digits.clone()
                } else {
                    match parse_digit(d, n) {
                        Some(v) if inputs[i].digits.contains(&v) => vec![v],
                        _ => {
                            let allowed: Vec<String> =
                                inputs[i].digits.iter().map(|d| d.to_string()).collect();
                            return Err(at(
                                no,
                                format!(
                                    "the digit '{d}' of input {} is not one it reads ({}, or \
                                     * for each)",
                                    i + 1,
                                    allowed.join(", ")
                                ),
                            ));
                        }
                    }
                };
                letters = letters
                    .iter()
                    .flat_map(|&l| choices.iter().map(move |&c| l + c * weight))
                    .collect();
                weight = weight.saturating_mul(n.base() as u32);
            }
            let mut targets: Vec<u64> = Vec::new();
            for w in rhs.split_whitespace() {
                match parse_state(w) {
                    None => return Err(shape()),
                    Some(Err(())) => return Err(too_large(no, w)),
                    Some(Ok(t)) => {
                        used_at.entry(t).or_insert(no);
                        targets.push(t);
                    }
                }
            }
            if targets.is_empty() {
                return Err(shape());
            }
            let row = raw.last_mut().ok_or_else(shape)?;
            for &l in &letters {
                row.extend(targets.iter().map(|&t| (l, t)));
            }
            held = held.saturating_add(letters.len().saturating_mul(targets.len() * 16));
            if budget.within_memory(held).is_err() {
                return Err(Error::Inconclusive(format!(
                    "line {no}: the file's transitions passed the memory cap of {}",
                    super::dfa::human_bytes(budget.max_memory)
                )));
            }
            continue;
        }
        // a state: STATE OUTPUT, the output possibly signed and apart from its sign
        let mut words = line.split_whitespace();
        let state = words.next().and_then(parse_state).ok_or_else(shape)?;
        let rest: Vec<&str> = words.collect();
        let output = match rest.as_slice() {
            [o] => o.to_string(),
            [sign @ ("+" | "-"), o] => format!("{sign}{o}"),
            _ => return Err(shape()),
        };
        let output = output.strip_prefix('+').unwrap_or(&output);
        let number = match state {
            Ok(s) => s,
            Err(()) => {
                return Err(too_large(no, line.split_whitespace().next().unwrap_or("")));
            }
        };
        let accepting = match output {
            "0" => false,
            "1" => true,
            o if o.trim_start_matches('-').parse::<u64>().is_ok() => {
                return Err(at(
                    no,
                    format!(
                        "state {number} has the output {o}; a predicate's state has output 0 \
                         (rejecting) or 1 (accepting)"
                    ),
                ));
            }
            _ => return Err(shape()),
        };
        if let Some(&i) = index.get(&number) {
            return Err(at(
                no,
                format!(
                    "state {number} is declared a second time (first on line {}); each state \
                     is declared once, followed by its transitions",
                    declared_at[i as usize]
                ),
            ));
        }
        if number >= u64::from(NONE) {
            return Err(too_large(no, &number.to_string()));
        }
        index.insert(number, accept.len() as u32);
        numbers.push(number);
        declared_at.push(no);
        accept.push(accepting);
        raw.push(Vec::new());
        held = held.saturating_add(64);
    }
    let Some(inputs) = inputs else {
        return Err(Error::usage(
            "the file is empty; a Walnut automaton file begins with a line naming the numeration \
             of each input (msd_fib msd_fib), then each state 'STATE OUTPUT' followed by its \
             transitions 'DIGITS -> STATE'",
        ));
    };
    if accept.is_empty() {
        return Err(at(
            last_no,
            "the file ends without a state; after the first line, each state is a line 'STATE \
             OUTPUT' followed by its transitions",
        ));
    }
    let mut edges = Vec::with_capacity(raw.len());
    for row in raw {
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(row.len());
        for (l, t) in row {
            let Some(&ti) = index.get(&t) else {
                return Err(at(
                    used_at.get(&t).copied().unwrap_or(0),
                    format!(
                        "the target state {t} is never declared; each state a transition leads to \
                         is declared by a line 'STATE OUTPUT'"
                    ),
                ));
            };
            out.push((l, ti));
        }
        out.sort_unstable();
        out.dedup();
        edges.push(out);
    }
    Ok(File {
        inputs: inputs.len(),
        initial: 0,
        accept,
        edges,
    })
}

/// Refuses an automaton that is not indifferent to leading zeros, naming a word it accepts
/// without a leading 0 and not with one, or the reverse.  `a` is minimal, so it is indifferent
/// exactly when the all-zero letter leads from the initial state back to it (or the language is
/// empty): two states of a minimal automaton accept different languages.
fn leading_zeros(a: &Dfa) -> Result<()> {
    let t = a.next(0, 0);
    let empty = !a.is_accepting(0) && (0..a.letters()).all(|l| a.next(0, l) == NONE);
    if t == 0 || (t == NONE && empty) {
        return Ok(());
    }
    let why = match distinguishing_word(a, t) {
        Some((word, plain)) => {
            let n = a.numeration();
            let k = a.vars().len();
            let show = |zero: bool| {
                let tracks: Vec<String> = (0..k)
                    .map(|i| {
                        let digits: String = word
                            .iter()
                            .map(|&l| char::from(b'0' + n.digit(l, i) as u8))
                            .collect();
                        if zero { format!("0{digits}") } else { digits }
                    })
                    .collect();
                if !zero && word.is_empty() {
                    "the empty word".to_string()
                } else if k == 1 {
                    format!("the digits {}", tracks[0])
                } else {
                    format!("the digits ({})", tracks.join(", "))
                }
            };
            let (yes, no) = if plain {
                (show(false), show(true))
            } else {
                (show(true), show(false))
            };
            let no = no.strip_prefix("the digits ").unwrap_or(&no).to_string();
            format!(": it accepts {yes} but not {no}")
        }
        None => String::new(),
    };
    Err(Error::usage(format!(
        "the automaton is not indifferent to leading zeros{why}; a predicate's automaton accepts \
         a word exactly when it accepts it with a leading 0 (Walnut's fixleadzero makes it so)"
    )))
}

/// A shortest word w on which the states 0 and `t` disagree, and whether state 0 is the one that
/// accepts it (then `a` accepts w and not 0w); `None` past 2^26 steps of the search.
fn distinguishing_word(a: &Dfa, t: u32) -> Option<(Vec<usize>, bool)> {
    let accepts = |s: u32| s != NONE && a.is_accepting(s);
    let step = |s: u32, l: usize| if s == NONE { NONE } else { a.next(s, l) };
    let mut seen: FxMap<(u32, u32), ()> = FxMap::default();
    // (pair, parent index, letter)
    let mut queue: Vec<((u32, u32), usize, usize)> = vec![((0, t), usize::MAX, 0)];
    seen.insert((0, t), ());
    let mut q = 0;
    let mut work = 0usize;
    while q < queue.len() && work <= 1 << 26 {
        work += a.letters();
        let ((p, r), _, _) = queue[q];
        if accepts(p) != accepts(r) {
            let mut word = Vec::new();
            let mut i = q;
            while queue[i].1 != usize::MAX {
                word.push(queue[i].2);
                i = queue[i].1;
            }
            word.reverse();
            return Some((word, accepts(p)));
        }
        for l in 0..a.letters() {
            let next = (step(p, l), step(r, l));
            if next != (NONE, NONE) && seen.insert(next, ()).is_none() {
                queue.push((next, q, l));
            }
        }
        q += 1;
    }
    None
}
