//! The joint period λ of the sweep's states, found without storing the states: Nivasch's stack
//! algorithm (G. Nivasch, "Cycle detection using a stack", Information Processing Letters 90,
//! 2004) run on the state hashes, with exact comparisons deciding every equality, and snapshots
//! of the state every K columns to rebuild an earlier state when its hash comes back.
//!
//! The stack holds (hash, column) pairs with non-decreasing hashes.  At column y: pop every entry
//! with a larger hash than h(S_y); for each remaining entry on top with hash h(S_y), rebuild its
//! state (from the snapshot below it, stepping at most K columns) and compare exactly; if one
//! equals S_y, then λ = y − (its column) — it is exact: an entry j is matched, if ever, at
//! j + λ (doc/rows.md).  Otherwise push (h(S_y), y).  The state whose hash is least on the cycle
//! stays on the stack from its first occurrence t ∈ [μ, μ + λ) and is matched at t + λ, so the
//! search stops before column μ + 2λ; the stack holds O(log y) entries on average.
//!
//! Snapshots: the states at the multiples of K, at most a budget's worth; when they would exceed
//! it, every other one is dropped and K doubles.
//!
//! Cost: at most μ + 2λ column steps, plus K steps per hash match (one for the true repeat;
//! a collision of 64-bit hashes is rare); memory: the snapshots' budget.

use super::RowsError;
use super::columns::{Columns, Exact};
use super::sweep::Sweep;
use crate::error::Result;

/// Columns between snapshots at first (a copy of the state costs about as much as a few columns).
const FIRST_EVERY: u64 = 1024;
/// At most this many snapshots (more only shorten the rebuilds, which are rare).
const MAX_SNAPSHOTS: u64 = 1024;

/// The sweep's states at the multiples of `every`, from column 0.
#[derive(Clone, Debug)]
pub struct Snapshots {
    every: u64,
    states: Vec<Sweep>,
    cap: usize,
}

impl Snapshots {
    /// Snapshots starting with `first` (the state before column 0), keeping at most `budget`
    /// bytes of states (and never fewer than 2).
    pub fn new(first: &Sweep, budget: u64) -> Snapshots {
        let one = first.bytes().max(1) as u64;
        Snapshots {
            every: FIRST_EVERY,
            states: vec![first.clone()],
            cap: (budget / one).clamp(2, MAX_SNAPSHOTS) as usize,
        }
    }

    /// The column of the last snapshot.
    pub fn at_most(&self) -> u64 {
        (self.states.len() as u64 - 1) * self.every
    }

    /// Whether [`Snapshots::offer`] keeps the state at column y.
    pub fn wants(&self, y: u64) -> bool {
        y == self.states.len() as u64 * self.every
    }

    /// Keeps `s` if its column is the next multiple of K, thinning when over the budget.
    pub fn offer(&mut self, s: &Sweep) {
        if s.y() != self.states.len() as u64 * self.every {
            return;
        }
        self.states.push(s.clone());
        if self.states.len() > self.cap {
            let kept: Vec<Sweep> = self.states.drain(..).step_by(2).collect();
            self.states = kept;
            self.every *= 2;
        }
    }

    /// Appends the snapshots' bytes (K, the cap, the count, then each state) to `out`.
    pub fn encode(&self, out: &mut Vec<u8>) {
        for v in [self.every, self.cap as u64, self.states.len() as u64] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for st in &self.states {
            st.encode(out);
        }
    }

    /// Reads snapshots written by [`Snapshots::encode`] from the front of `b` (states of the same
    /// a and X as `like`), returning them and the bytes used.
    pub fn decode(like: &Sweep, b: &[u8]) -> std::result::Result<(Snapshots, usize), String> {
        let word = |i: usize| -> std::result::Result<u64, String> {
            let s = b
                .get(8 * i..8 * i + 8)
                .ok_or("the snapshots are truncated")?;
            Ok(u64::from_le_bytes(s.try_into().unwrap_or([0; 8])))
        };
        let (every, cap, n) = (word(0)?, word(1)?, word(2)?);
        if every == 0 || !every.is_power_of_two() || cap < 2 || n == 0 || n > cap {
            return Err(format!("snapshot spacing {every}, cap {cap}, count {n}"));
        }
        let mut at = 24;
        let mut states = Vec::new();
        for i in 0..n {
            let (st, used) = like.decode(&b[at..])?;
            if st.y() != i * every {
                return Err(format!(
                    "snapshot {i} is at column {}, not {}",
                    st.y(),
                    i * every
                ));
            }
            at += used;
            states.push(st);
        }
        Ok((
            Snapshots {
                every,
                states,
                cap: cap as usize,
            },
            at,
        ))
    }

    /// The state before column y, rebuilt from the last snapshot at or below y.
    pub fn at(&self, y: u64) -> Result<Sweep> {
        let i = ((y / self.every) as usize).min(self.states.len() - 1);
        let mut s = self.states[i].clone();
        while s.y() < y {
            s.step()?;
        }
        Ok(s)
    }
}

/// A repeated state: S_{repeat} = S_{repeat + period}, with `period` the least period λ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// The joint period λ.
    pub period: u64,
    /// A column t with S_t = S_{t+λ} (so μ ≤ t < μ + λ).
    pub repeat: u64,
    /// Hash matches that were not repeats (collisions), each settled by an exact comparison.
    pub collisions: u64,
}

/// Where a search for a repeat stands (to checkpoint it, or to continue from a checkpoint): the
/// state S_y, the stack of (hash, column) for the columns below y, the collisions so far.
#[derive(Clone, Debug)]
pub struct Hare {
    /// The state S_y.
    pub state: Sweep,
    /// Nivasch's stack.
    pub stack: Vec<(u64, u64)>,
    /// Hash matches that were not repeats.
    pub collisions: u64,
}

/// One step of Nivasch's stack of (hash, column) at the state `s` of hash `hash`: pops the
/// entries of larger hash, compares `s` exactly with the state of every top entry of equal hash
/// (rebuilt from `snaps`; a mismatch counts as a collision) and returns the column j of an equal
/// state, or pushes (hash, column of `s`) and returns `None`.
pub fn stack_step(
    stack: &mut Vec<(u64, u64)>,
    collisions: &mut u64,
    s: &mut impl Exact,
    y: u64,
    hash: u64,
    snaps: &Snapshots,
) -> Result<Option<u64>> {
    while stack.last().is_some_and(|e| e.0 > hash) {
        stack.pop();
    }
    for &(_, j) in stack.iter().rev().take_while(|e| e.0 == hash) {
        if snaps.at(j)?.same_state(s.exact()?) {
            return Ok(Some(j));
        }
        *collisions += 1;
    }
    stack.push((hash, y));
    Ok(None)
}

/// Runs the sweep from `hare` until a state repeats, giving up after `max_columns` columns;
/// `snaps` receives the snapshots.  `progress(column)` is called every 2^16 columns and
/// `checkpoint(hare, snaps)` every 2^12.  The sweep runs in `threads` bands ([`Columns`]).
pub fn find(
    hare: Hare,
    snaps: &mut Snapshots,
    max_columns: u64,
    threads: usize,
    progress: &dyn Fn(u64),
    checkpoint: &mut dyn FnMut(&Hare, &Snapshots) -> Result<()>,
) -> std::result::Result<Repeat, RowsError> {
    let Hare {
        state,
        mut stack,
        mut collisions,
    } = hare;
    let mut s = Columns::new(state, threads);
    loop {
        let y = s.y();
        if y.is_multiple_of(1 << 12) {
            let h = Hare {
                state: s.exact()?.clone(),
                stack: stack.clone(),
                collisions,
            };
            checkpoint(&h, snaps)?;
        }
        let hash = s.hash()?;
        if let Some(j) = stack_step(&mut stack, &mut collisions, &mut s, y, hash, snaps)? {
            return Ok(Repeat {
                period: y - j,
                repeat: j,
                collisions,
            });
        }
        if y >= max_columns {
            return Err(RowsError::NoPeriod(max_columns));
        }
        s.advance()?;
        if snaps.wants(y + 1) {
            snaps.offer(s.exact()?);
        }
        if (y + 1).is_multiple_of(1 << 16) {
            progress(y + 1);
        }
    }
}
