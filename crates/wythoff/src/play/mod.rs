//! Playing against the program (`wythoff play`; doc/play.md): a game session as a state
//! machine that takes the person's lines and returns the text to show — no I/O here; the
//! command line reads standard input and prints.
//!
//! The person moves first unless the computer is asked to.  A move is typed as the position it
//! leads to and is checked against the rules ([`games::PlayedGame::parse_move`]); the computer answers
//! with a winning move whenever there is one, otherwise with the smallest take (one counter from
//! the largest pile), choosing at random among the candidates when a seed is given
//! ([`games::PlayedGame::computer_move`]).  `hint` lists the winning moves and marks the safe cells of
//! the board ([`board`]), `undo` takes back the person's last move and the computer's answer,
//! `quit` and the end of input end the session.
//!
//! A random start (when none is given) gives the person the winning side: an N-position when the
//! person moves first, a P-position when the computer does.  Cost per line: the look-ups of one
//! move of each player (see [`games`]), plus the board's O(32²) outcome look-ups for `hint`.

pub mod board;
pub mod games;

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::Rules;
use crate::num::natural;
use crate::pairs::{Solver, Strategy};
use crate::sums::Oracle;
use crate::three_pile::Box3;
use games::{Choice, PlayedGame, Rng, State};
use rug::Integer;

/// Which game a random start is drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Two piles.
    Pair,
    /// Three piles.
    Three,
    /// A sum of two-pile games.
    Sum,
    /// Fraenkel's N-heap Wythoff.
    Nheap,
    /// The game of the registry named in [`Setup::game`].
    Registry,
}

/// How the game begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A position drawn at random for the kind of game.
    Random(Kind),
    /// This position.
    At(State),
}

impl Start {
    /// Reads a starting position from words: `X Y` (two piles), `X Y Z` (three piles),
    /// `X1,Y1 X2,Y2 …` (a sum); none for a random start.  `kind`, when given, is the game asked
    /// for and must fit the words.
    pub fn parse(words: &[String], kind: Option<Kind>) -> Result<Start> {
        if words.is_empty() {
            return Ok(Start::Random(kind.unwrap_or(Kind::Pair)));
        }
        let pile =
            |w: &str| natural(w).map_err(|e| Error::usage(format!("the starting position: {e}")));
        let is_sum = kind == Some(Kind::Sum)
            || (kind != Some(Kind::Registry) && words.iter().any(|w| w.contains(',')));
        if is_sum {
            if kind.is_some_and(|k| k != Kind::Sum) {
                return Err(Error::usage(
                    "the starting position X1,Y1 ... is a sum, not the game asked for",
                ));
            }
            let mut cs = Vec::new();
            for w in words {
                let (x, y) = w.split_once(',').ok_or_else(|| {
                    Error::usage(format!(
                        "the starting position: '{w}' is not a component X,Y of a sum (for \
                         example 3,5)"
                    ))
                })?;
                let (x, y) = (pile(x)?, pile(y)?);
                let fit = |v: &Integer| {
                    v.to_u64().ok_or_else(|| {
                        Error::domain(format!(
                            "the components of a sum take piles up to {}, not {v}",
                            games::MAX_SUM_PILE
                        ))
                    })
                };
                cs.push((fit(&x)?, fit(&y)?));
            }
            return Ok(Start::At(State::Sum(cs)));
        }
        let nums = words.iter().map(|w| pile(w)).collect::<Result<Vec<_>>>()?;
        if kind == Some(Kind::Registry) {
            let h = nums
                .iter()
                .map(|v| {
                    v.to_u64().ok_or_else(|| {
                        Error::domain(format!(
                            "a game of the registry is played with heaps below 2^64, not {v}"
                        ))
                    })
                })
                .collect::<Result<Vec<u64>>>()?;
            return Ok(Start::At(State::Game(h)));
        }
        if kind == Some(Kind::Nheap) {
            let h = nums
                .iter()
                .map(|v| {
                    v.to_u64().ok_or_else(|| {
                        Error::domain(format!("N-heap play takes heaps below 2^64, not {v}"))
                    })
                })
                .collect::<Result<Vec<u64>>>()?;
            return Ok(Start::At(State::Nheap(h)));
        }
        match (nums.len(), kind) {
            (2, None | Some(Kind::Pair)) => {
                let [x, y] = <[Integer; 2]>::try_from(nums).map_err(|_| bad_count(2))?;
                Ok(Start::At(State::Pair(x, y)))
            }
            (3, None | Some(Kind::Three)) => {
                let mut p = [0u64; 3];
                for (i, v) in nums.iter().enumerate() {
                    p[i] = v.to_u64().ok_or_else(|| {
                        Error::domain(format!(
                            "three-pile play accepts piles up to {}, not {v}",
                            games::MAX_THREE_PILE
                        ))
                    })?;
                }
                Ok(Start::At(State::Three(p)))
            }
            (n, _) => Err(bad_count(n)),
        }
    }
}

fn bad_count(n: usize) -> Error {
    Error::usage(format!(
        "the starting position is X Y (two piles), X Y Z (three piles) or X1,Y1 X2,Y2 ... (a \
         sum), not {n} number{}",
        if n == 1 { "" } else { "s" }
    ))
}

/// Everything a session is started with.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The parameter a and the play convention.
    pub rules: Rules,
    /// The starting position.
    pub start: Start,
    /// Whether the computer moves first.
    pub computer_first: bool,
    /// A seed: the random start and random choices among the computer's candidate moves.
    /// Without one the computer's choices are the first candidates and a random start is drawn
    /// from the clock.
    pub seed: Option<u64>,
    /// A game of the registry by name ([`crate::registry::find`]), played instead of the games
    /// of `rules` (the start is then [`Kind::Registry`] or a [`State::Game`]).
    pub game: Option<String>,
}

/// The answer to one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The text to show (whole lines).
    pub text: String,
    /// Whether the session has ended (the game is over, or the person quit).
    pub over: bool,
}

/// A game in progress.
pub struct Session {
    game: PlayedGame,
    state: State,
    history: Vec<State>,
    rng: Option<Rng>,
    computer_first: bool,
    board: Option<(u64, u64)>,
    over: bool,
    random_seed: Option<u64>,
}

/// The prompt shown before each of the person's moves.
pub const PROMPT: &str = "your move> ";

const COMMANDS: &str = "Commands: hint (the winning moves and, on the board, the safe cells), \
                        undo (take back your last move), show (the position again), help, quit.";

/// The commands of a session without a board (three piles, sums, N heaps, --game, piles past
/// the board).
const COMMANDS_NO_BOARD: &str = "Commands: hint (the winning moves), undo (take back your last \
                                 move), show (the position again), help, quit.";

impl Session {
    /// Prepares the game: draws a random start if asked, refuses games the rules do not allow.
    pub fn new(setup: Setup) -> Result<Session> {
        let registry = setup
            .game
            .as_deref()
            .map(crate::registry::find)
            .transpose()?;
        let (state, random_seed) = match setup.start {
            Start::At(s) => (s, None),
            Start::Random(kind) => {
                let seed = setup.seed.unwrap_or_else(clock_seed);
                let mut rng = Rng::new(seed ^ 0x5157_4e44_5354_4152);
                let n_wanted = !setup.computer_first;
                let s = match &registry {
                    Some(g) => random_registry_start(g.as_ref(), n_wanted, &mut rng)?,
                    None => random_start(setup.rules, kind, n_wanted, &mut rng)?,
                };
                (s, Some(seed))
            }
        };
        let game = match registry {
            Some(g) => PlayedGame::registry(g, &state)?,
            None => PlayedGame::new(setup.rules, &state)?,
        };
        let board = match &state {
            State::Pair(x, y) => {
                let fits = |v: &Integer| v.to_u64().filter(|&v| v < board::MAX_SIDE);
                fits(x).zip(fits(y)).map(|(x, y)| (x + 1, y + 1))
            }
            _ => None,
        };
        Ok(Session {
            game,
            state,
            history: Vec::new(),
            rng: setup.seed.map(Rng::new),
            computer_first: setup.computer_first,
            board,
            over: false,
            random_seed,
        })
    }

    /// Whether the session has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The opening text: the rules, the start, and the computer's first move if it moves first.
    pub fn opening(&mut self) -> Result<String> {
        let mut t = format!("{}\n", self.game.describe(&self.state));
        t.push_str(&format!(
            "{}. {}\n",
            capitalise(&self.game.move_syntax(&self.state)),
            self.commands()
        ));
        if let Some(seed) = self.random_seed {
            t.push_str(&format!("Random start (seed {seed}).\n"));
        }
        if self.computer_first {
            t.push_str(&format!("Start: {}.\n", self.state));
            if self.game.is_terminal(&self.state) {
                return Ok(self.no_move_left(t, false));
            }
            self.computer_turn(&mut t)?;
        } else if self.game.is_terminal(&self.state) {
            return Ok(self.no_move_left(t, true));
        }
        if !self.over {
            t.push_str(&self.show(false)?);
        }
        Ok(t)
    }

    /// The commands, with the board's safe cells where the session draws a board.
    fn commands(&self) -> &'static str {
        if self.board.is_some() {
            COMMANDS
        } else {
            COMMANDS_NO_BOARD
        }
    }

    /// What the session says when the input ends before the game does.
    pub fn end_of_input(&mut self) -> String {
        self.over = true;
        format!("\nEnd of input: game left at {}.\n", self.state)
    }

    /// Answers one line of the person: a command or a move.
    pub fn respond(&mut self, line: &str) -> Result<Reply> {
        if self.over {
            return Ok(self.reply("The game is over.\n".into()));
        }
        let cmd = line.trim().to_ascii_lowercase();
        let text = match cmd.as_str() {
            "" => format!(
                "{}, or type help.\n",
                capitalise(&self.game.move_syntax(&self.state))
            ),
            "help" | "?" => format!(
                "{}\n{}. {}\n",
                self.game.describe(&self.state),
                capitalise(&self.game.move_syntax(&self.state)),
                self.commands()
            ),
            "quit" | "q" | "exit" => {
                self.over = true;
                format!("Game left at {}. Goodbye.\n", self.state)
            }
            "show" | "board" => self.show(false)?,
            "hint" => self.hint()?,
            "undo" => match self.history.pop() {
                None => "Nothing to undo.\n".into(),
                Some(s) => {
                    self.state = s;
                    format!("Taken back.\n{}", self.show(false)?)
                }
            },
            _ => self.person_moves(line)?,
        };
        Ok(self.reply(text))
    }

    fn reply(&self, text: String) -> Reply {
        Reply {
            text,
            over: self.over,
        }
    }

    fn person_moves(&mut self, line: &str) -> Result<String> {
        let to = match self.game.parse_move(&self.state, line) {
            Ok(to) => to,
            Err(why) => return Ok(format!("Refused: {why}.\n")),
        };
        let mut t = format!("You move to {to}.\n");
        self.history.push(std::mem::replace(&mut self.state, to));
        if self.game.is_terminal(&self.state) {
            return Ok(self.took_last(t, true));
        }
        self.computer_turn(&mut t)?;
        if !self.over {
            t.push_str(&self.show(false)?);
        }
        Ok(t)
    }

    /// The computer moves from the current position (not terminal).
    fn computer_turn(&mut self, t: &mut String) -> Result<()> {
        let choice = self.game.computer_move(&self.state, self.rng.as_mut())?;
        let Some(Choice { to, winning }) = choice else {
            return Err(Error::internal(format!("no move from {}", self.state)));
        };
        let taken = match (&self.state, &to) {
            (State::Game(h), State::Game(q)) => h.iter().zip(q).map(|(a, b)| a - b).sum(),
            _ => 1,
        };
        t.push_str(&format!(
            "I move to {to}{}.\n",
            match (winning, taken) {
                (true, _) => "",
                (false, 1) => " (no winning move: I take one counter)",
                (false, _) => " (no winning move: I take as few counters as the rules allow)",
            }
        ));
        self.state = to;
        if self.game.is_terminal(&self.state) {
            let done = self.took_last(std::mem::take(t), false);
            *t = done;
        }
        Ok(())
    }

    /// The game ends: `person` took the last counter (or the computer did).
    fn took_last(&mut self, mut t: String, person: bool) -> String {
        self.over = true;
        let misere = self.game.misere();
        if !self.state.is_terminal() {
            // a game of the registry whose rules leave counters no move takes
            t.push_str(match (person, misere) {
                (true, false) => "You made the last move: you win!\n",
                (true, true) => "You made the last move, and in misère play that loses: I win.\n",
                (false, false) => "I made the last move: I win.\n",
                (false, true) => {
                    "I had to make the last move, and in misère play that loses: you win!\n"
                }
            });
            return t;
        }
        t.push_str(match (person, misere) {
            (true, false) => "You took the last counter: you win!\n",
            (true, true) => "You took the last counter, and in misère play that loses: I win.\n",
            (false, false) => "I took the last counter: I win.\n",
            (false, true) => {
                "I had to take the last counter, and in misère play that loses: you win!\n"
            }
        });
        t
    }

    /// The game starts with no move left for the player to move (`person` or the computer).
    fn no_move_left(&mut self, mut t: String, person: bool) -> String {
        self.over = true;
        let mover_wins = self.game.misere();
        t.push_str(&format!(
            "No move is possible from {}: the player to move {} — {}\n",
            self.state,
            if mover_wins {
                "wins (misère play)"
            } else {
                "loses"
            },
            if mover_wins == person {
                "you win!"
            } else {
                "I win."
            }
        ));
        t
    }

    /// The position (and the board, safe cells marked when `safe`), and the call to move.
    fn show(&self, safe: bool) -> Result<String> {
        let mut t = String::new();
        match &self.state {
            State::Sum(cs) => {
                t.push_str("Position:");
                for (i, (x, y)) in cs.iter().enumerate() {
                    t.push_str(&format!("  {}: ({x}, {y})", i + 1));
                }
                t.push('\n');
            }
            s => t.push_str(&format!("Position: {s}\n")),
        }
        if let (Some((cols, rows)), State::Pair(x, y)) = (self.board, &self.state) {
            let queen = (x.to_u64().unwrap_or(0), y.to_u64().unwrap_or(0));
            if safe {
                let solver = Solver::new(self.game.rules(), Strategy::Algebraic);
                let mut p = vec![false; (cols * rows) as usize];
                for cx in 0..cols {
                    let partner = solver.partner(&Integer::from(cx))?;
                    if let Some(cy) = partner.to_u64().filter(|&v| v < rows) {
                        p[(cx * rows + cy) as usize] = true;
                    }
                }
                let f = |cx: u64, cy: u64| p[(cx * rows + cy) as usize];
                t.push_str(&board::draw(cols, rows, queen, Some(&f)));
                t.push_str("(* = safe cells, the P-positions: move the queen Q onto one.)\n");
            } else {
                t.push_str(&board::draw(cols, rows, queen, None));
            }
        }
        Ok(t)
    }

    fn hint(&self) -> Result<String> {
        let wins = self.game.winning_moves(&self.state)?;
        let mut t = String::new();
        if wins.is_empty() {
            t.push_str(&format!(
                "No winning move: {} is a P-position, every move leaves me a winning answer. \
                 Keep the game long and hope.\n",
                self.state
            ));
        } else {
            const SHOWN: usize = 12;
            let list: Vec<String> = wins
                .iter()
                .take(SHOWN)
                .map(|s| self.describe_move(s))
                .collect();
            let more = wins.len().saturating_sub(SHOWN);
            t.push_str(&format!(
                "{}: {}{}.\n",
                if wins.len() == 1 {
                    "Winning move (type it as shown)"
                } else {
                    "Winning moves (type one as shown)"
                },
                list.join(", "),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            ));
        }
        t.push_str(&self.show(true)?);
        Ok(t)
    }

    /// A move written as the person types it.
    fn describe_move(&self, to: &State) -> String {
        match (&self.state, to) {
            (State::Sum(cs), State::Sum(ds)) => match cs.iter().zip(ds).position(|(c, d)| c != d) {
                Some(i) => format!("{} {} {}", i + 1, ds[i].0, ds[i].1),
                None => to.to_string(),
            },
            (_, State::Pair(x, y)) => format!("{x} {y}"),
            (_, State::Three([x, y, z])) => format!("{x} {y} {z}"),
            (_, State::Nheap(h) | State::Game(h)) => {
                let h: Vec<String> = h.iter().map(u64::to_string).collect();
                h.join(" ")
            }
            _ => to.to_string(),
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A seed from the clock and the process id, for a random start without `--seed`.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    Rng::new(nanos ^ u64::from(std::process::id()).rotate_left(32)).next_u64() % 1_000_000
}

/// Piles of a random start: at most this (the board shows them whole).
const RANDOM_PILE: u64 = 15;
/// Three-pile and sum starts: piles at most this.
const RANDOM_SMALL: u64 = 9;

/// A random non-terminal start whose outcome is N when `n_wanted` (the person moves first) and
/// P otherwise, so that the person has the winning side.
fn random_start(rules: Rules, kind: Kind, n_wanted: bool, rng: &mut Rng) -> Result<State> {
    const TRIES: usize = 10_000;
    match kind {
        Kind::Pair => {
            let solver = Solver::new(rules, Strategy::Algebraic);
            for _ in 0..TRIES {
                let (x, y) = (rng.below(RANDOM_PILE + 1), rng.below(RANDOM_PILE + 1));
                let (x, y) = (Integer::from(x), Integer::from(y));
                if (x == 0 && y == 0) || (x.clone().min(y.clone()) == 0 && rng.below(2) == 0) {
                    continue; // a pile of 0 is a one-pile game: rarer
                }
                let p = solver.outcome(&x, &y)? == crate::pairs::Outcome::P;
                if p != n_wanted {
                    return Ok(State::Pair(x, y));
                }
            }
            // a large a puts the P-positions beyond the range: the first pair (A_1, B_1)
            let (x, y) = solver.nth(&Integer::from(1))?;
            Ok(if n_wanted {
                State::Pair(Integer::from(&y + 1u32), x)
            } else {
                State::Pair(x, y)
            })
        }
        Kind::Three => {
            let b = Box3::cube(RANDOM_SMALL, &Context::serial())?;
            for _ in 0..TRIES {
                let p = [0; 3].map(|_| rng.below(RANDOM_SMALL + 1));
                if p.iter().filter(|&&v| v > 0).count() >= 2 && b.is_p(p[0], p[1], p[2]) != n_wanted
                {
                    return Ok(State::Three(p));
                }
            }
            Err(Error::internal("no random three-pile start found"))
        }
        Kind::Sum => {
            let corner = (Integer::from(RANDOM_SMALL), Integer::from(RANDOM_SMALL));
            let oracle = Oracle::for_positions(rules.a(), &[corner])?;
            for _ in 0..TRIES {
                let n = 2 + rng.below(2) as usize;
                let cs: Vec<(u64, u64)> = (0..n)
                    .map(|_| (1 + rng.below(RANDOM_SMALL), 1 + rng.below(RANDOM_SMALL)))
                    .collect();
                let mut s = Integer::new();
                for &(x, y) in &cs {
                    s ^= oracle.value(&Integer::from(x), &Integer::from(y))?;
                }
                if (s == 0) != n_wanted {
                    return Ok(State::Sum(cs));
                }
            }
            Err(Error::internal("no random sum start found"))
        }
        Kind::Registry => Err(Error::internal(
            "a random start of a game of the registry is drawn from the game",
        )),
        Kind::Nheap => {
            for _ in 0..TRIES {
                let h: Vec<u64> = (0..3).map(|_| 1 + rng.below(RANDOM_SMALL)).collect();
                let p = crate::nheap::analyse(&h, &games::context())?.outcome
                    == crate::pairs::Outcome::P;
                if p != n_wanted {
                    return Ok(State::Nheap(h));
                }
            }
            Err(Error::internal("no random N-heap start found"))
        }
    }
}

/// A random start of `game`, a game of the registry, whose outcome is N when `n_wanted` and P
/// otherwise: two heaps 1..15, or three heaps 1..9 (the fewest heaps the game has, three for
/// N-heap Wythoff), each position analysed by the game's engine.
fn random_registry_start(
    game: &dyn crate::registry::Game,
    n_wanted: bool,
    rng: &mut Rng,
) -> Result<State> {
    const TRIES: usize = 10_000;
    let heaps = game.heaps();
    let n = (*heaps.end()).min(3).max(*heaps.start());
    let most = if n == 2 { RANDOM_PILE } else { RANDOM_SMALL };
    for _ in 0..TRIES {
        let h: Vec<u64> = (0..n).map(|_| 1 + rng.below(most)).collect();
        let ints: Vec<Integer> = h.iter().map(|&v| Integer::from(v)).collect();
        let p = crate::registry::analyse(game, &ints, &games::context())?.outcome
            == crate::pairs::Outcome::P;
        if p != n_wanted {
            return Ok(State::Game(h));
        }
    }
    Err(Error::domain(format!(
        "no random start of {} found: give a position",
        game.name()
    )))
}
