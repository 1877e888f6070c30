//! Checkpoints of a long search for certified rows (`rows X -o CERT`), so that a stopped run
//! continues with `--resume` and ends with the very same certificate.
//!
//! Two kinds of files beside CERT: the checkpoint log `CERT.ckpt` (the files layer's resumable
//! checkpoint, [`crate::files::resumable`]: its first line the search's parameters, then one record per checkpoint), and two state files
//! `CERT.state0`, `CERT.state1`, each written whole and atomically ([`AtomicFile`]), alternately,
//! so that the file a record names is never the one being rewritten.  A record names its state
//! file and that file's XXH3-64; a file that does not match (a crash between the two writes) makes
//! the record count as not done, and the one before it is used.
//!
//! - `repeat F HASH COLLISIONS STACK` — looking for the repeat at column y: file F holds S_y
//!   followed by the snapshots ([`Snapshots::encode`]); STACK lists Nivasch's stack as `hash:column`
//!   pairs (hexadecimal hash) separated by commas, or `-`.
//! - `walk F HASH λ t COLLISIONS y μ|- WALK_COLLISIONS PREPERIODS` — the walk at column y: file F
//!   holds the snapshots; PREPERIODS is the X values so far, comma-separated.
//!
//! The last stage (the values below the preperiods, at most the largest stored preperiod's
//! columns) is not checkpointed: it starts again from column 0 after the last walk record.
//!
//! Cost: a checkpoint writes the snapshots (at most their budget) every `every` (5 minutes by
//! default); continuing reads them once.

use super::cycle::{Hare, Repeat, Snapshots};
use super::per_row::WalkPoint;
use super::{Search, Sweep};
use crate::error::{Error, Result};
use crate::files::resumable::{Files, Resumable, ResumeError, Start};
use crate::files::{AtomicFile, Partial};
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// Where a search continues from.
#[derive(Clone, Debug)]
pub enum Saved {
    /// From column 0.
    Fresh,
    /// Looking for the repeat.
    Repeat {
        /// The search's state.
        hare: Box<Hare>,
        /// The snapshots taken.
        snaps: Snapshots,
    },
    /// Walking with a period assumed ([`Search::period`]).
    Assumed {
        /// The snapshots taken so far.
        snaps: Snapshots,
        /// The period assumed.
        period: u64,
        /// The walk's state, with Nivasch's stack.
        point: WalkPoint,
    },
    /// Walking for μ and the preperiods.
    Walk {
        /// The snapshots of the search.
        snaps: Snapshots,
        /// The repeat found.
        rep: Repeat,
        /// The walk's state.
        point: WalkPoint,
    },
}

impl std::fmt::Display for Saved {
    /// Where the search continues, in words: "looking for a repeated state from column 4096".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Saved::Fresh => write!(
                f,
                "no checkpoint matches its state file: starting again at column 0"
            ),
            Saved::Repeat { hare, .. } => write!(
                f,
                "looking for a repeated state from column {}",
                hare.state.y()
            ),
            Saved::Walk { point, .. } => write!(f, "preperiods from column {}", point.y),
            Saved::Assumed { point, period, .. } => write!(
                f,
                "preperiods, with period {period} assumed, from column {}",
                point.y
            ),
        }
    }
}

/// The files of a run writing the certificate `cert`: the log `CERT.ckpt` and the state files
/// `CERT.state0`, `CERT.state1` (names appended byte for byte).
pub fn files(cert: &Path) -> Files {
    Files::at_end(cert, &[".state0", ".state1"])
}

/// The parameters a checkpoint is for (its log's first line): everything that decides the
/// certificate.
pub fn params(cfg: &Search, prefix_budget: u64) -> String {
    let period = cfg.period.map_or(String::new(), |p| format!(" period={p}"));
    format!(
        "rows a={} X={} max_columns={} snapshot_budget={} hash_bits={} prefix_budget={}{period}",
        cfg.a, cfg.rows, cfg.max_columns, cfg.snapshot_budget, cfg.hash_bits, prefix_budget
    )
}

/// An open checkpoint log with its state files.
#[derive(Debug)]
pub struct Journal {
    log: Resumable,
    every: Duration,
    last: Instant,
    next: usize,
    /// The state file of the walk's records, once written: (index, hash).
    walk_file: Option<(usize, u64)>,
}

impl Journal {
    /// Opens the checkpoints of a run writing `cert` with these parameters, refusing, resuming
    /// or restarting an interrupted run as `mode` says ([`crate::files::resumable`]), and says
    /// where the run stands: resumed, the last record whose state file matches its hash.
    pub fn open(
        cert: &Path,
        params: &str,
        every: Duration,
        first: &Sweep,
        mode: Partial,
    ) -> std::result::Result<(Journal, Saved), ResumeError> {
        let progress = |r: &[String]| format!("{} time(s)", r.len());
        let (log, start) =
            Resumable::open(files(cert), params, mode, "certificate search", &progress)?;
        let records = match start {
            Start::Fresh { .. } => Vec::new(),
            Start::Resume(records) => records,
        };
        let state = log.files().state.clone();
        // each state file, read once: its hash and bytes (None: unreadable)
        type Read = Option<(u64, Vec<u8>)>;
        let mut files: [Option<Read>; 2] = [None, None];
        let mut saved = Saved::Fresh;
        let mut used = None;
        for r in records.iter().rev() {
            let f: Vec<&str> = r.split(' ').collect();
            let (Some(i), Some(h)) = (
                f.get(1)
                    .and_then(|v| v.parse::<usize>().ok())
                    .filter(|&i| i < 2),
                f.get(2).and_then(|v| u64::from_str_radix(v, 16).ok()),
            ) else {
                return Err(log.refuse("a record without its state file"));
            };
            let file = files[i].get_or_insert_with(|| {
                std::fs::read(&state[i])
                    .ok()
                    .map(|b| (xxhash_rust::xxh3::xxh3_64(&b), b))
            });
            let Some((_, bytes)) = file.as_ref().filter(|(fh, _)| *fh == h) else {
                continue; // its state file was rewritten later, or never finished
            };
            match parse(&f, bytes, first) {
                Ok(s) => saved = s,
                Err(e) => return Err(log.refuse(e)),
            }
            used = Some(i);
            break;
        }
        let walk_file = match (&saved, used) {
            (Saved::Walk { .. }, Some(i)) => {
                files[i].as_ref().and_then(|f| f.as_ref()).map(|f| (i, f.0))
            }
            _ => None,
        };
        Ok((
            Journal {
                log,
                every,
                last: Instant::now(),
                next: used.map_or(0, |i| 1 - i),
                walk_file,
            },
            saved,
        ))
    }

    fn due(&self) -> bool {
        self.last.elapsed() >= self.every
    }

    fn write_state(&mut self, bytes: &[u8]) -> Result<(usize, u64)> {
        let i = self.next;
        let path = self.log.files().state[i].clone();
        let mut f = AtomicFile::create_regular(&path)?;
        f.write_all(bytes).map_err(|e| Error::file(&path, e))?;
        f.commit()?;
        self.next = 1 - i;
        Ok((i, xxhash_rust::xxh3::xxh3_64(bytes)))
    }

    /// A checkpoint of the search for the repeat, when one is due.
    pub fn repeat(&mut self, h: &Hare, snaps: &Snapshots) -> Result<()> {
        if !self.due() {
            return Ok(());
        }
        let mut b = Vec::new();
        h.state.encode(&mut b);
        snaps.encode(&mut b);
        let (i, hash) = self.write_state(&b)?;
        let stack = stack_text(Some(&h.stack));
        self.log
            .append(&format!("repeat {i} {hash:016x} {} {stack}", h.collisions))?;
        self.last = Instant::now();
        Ok(())
    }

    /// A checkpoint of the walk, when one is due.
    pub fn walk(&mut self, snaps: &Snapshots, rep: &Repeat, p: &WalkPoint) -> Result<()> {
        if !self.due() {
            return Ok(());
        }
        let (i, hash) = match self.walk_file {
            Some(f) => f,
            None => {
                let mut b = Vec::new();
                snaps.encode(&mut b);
                let f = self.write_state(&b)?;
                self.walk_file = Some(f);
                f
            }
        };
        let pre: Vec<String> = p.preperiods.iter().map(u64::to_string).collect();
        let mu = p.mu.map_or("-".to_string(), |m| m.to_string());
        self.log.append(&format!(
            "walk {i} {hash:016x} {} {} {} {} {mu} {} {}",
            rep.period,
            rep.repeat,
            rep.collisions,
            p.y,
            p.collisions,
            pre.join(",")
        ))?;
        self.last = Instant::now();
        Ok(())
    }

    /// A checkpoint of the walk with a period assumed, when one is due: the snapshots (rewritten
    /// each time, since the walk takes them) and, in the record, the walk's state and stack.
    pub fn assumed(&mut self, snaps: &Snapshots, period: u64, p: &WalkPoint) -> Result<()> {
        if !self.due() {
            return Ok(());
        }
        let mut b = Vec::new();
        snaps.encode(&mut b);
        let (i, hash) = self.write_state(&b)?;
        let pre: Vec<String> = p.preperiods.iter().map(u64::to_string).collect();
        self.log.append(&format!(
            "assumed {i} {hash:016x} {period} {} {} {} {}",
            p.y,
            p.collisions,
            stack_text(p.stack.as_deref()),
            pre.join(",")
        ))?;
        self.last = Instant::now();
        Ok(())
    }

    /// The run is complete: removes the log and the state files.
    pub fn finish(self) -> Result<()> {
        self.log.finish()
    }
}

/// Nivasch's stack in a record: `h:c` entries joined by commas, `-` when empty, `none` when
/// there is none.
fn stack_text(stack: Option<&[(u64, u64)]>) -> String {
    match stack {
        None => "none".to_string(),
        Some([]) => "-".to_string(),
        Some(st) => {
            let e: Vec<String> = st.iter().map(|(h, y)| format!("{h:x}:{y}")).collect();
            e.join(",")
        }
    }
}

/// Reads [`stack_text`] back, each entry below column `y` and in stack order.
fn stack_of(text: &str, y: u64) -> std::result::Result<Option<Vec<(u64, u64)>>, String> {
    if text == "none" {
        return Ok(None);
    }
    let mut stack = Vec::new();
    if text != "-" {
        for e in text.split(',') {
            let (h, c) = e.split_once(':').ok_or("a stack entry without ':'")?;
            let h = u64::from_str_radix(h, 16).map_err(|e| e.to_string())?;
            let c: u64 = c.parse().map_err(|_| "a stack column is not a number")?;
            if c >= y || stack.last().is_some_and(|&(ph, pc)| ph > h || pc >= c) {
                return Err("the stack is out of order".into());
            }
            stack.push((h, c));
        }
    }
    Ok(Some(stack))
}

/// Per-row preperiods in a record, each at most `y`, one per row.
fn preperiods_of(text: &str, y: u64, x_rows: usize) -> std::result::Result<Vec<u64>, String> {
    let pre: Vec<u64> = if text.is_empty() {
        Vec::new()
    } else {
        (text.split(','))
            .map(|v| {
                v.parse()
                    .map_err(|_| "a preperiod is not a number".to_string())
            })
            .collect::<std::result::Result<_, _>>()?
    };
    if pre.len() != x_rows || pre.iter().any(|&p| p > y) {
        return Err("the preperiods of a record are out of range".into());
    }
    Ok(pre)
}

fn num(f: &[&str], i: usize) -> std::result::Result<u64, String> {
    f.get(i)
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("field {i} of a record is not a number"))
}

/// A record and its state file, checked: every column and count within what the state allows.
fn parse(f: &[&str], bytes: &[u8], first: &Sweep) -> std::result::Result<Saved, String> {
    match f.first().copied() {
        Some("repeat") if f.len() == 5 => {
            let (state, used) = first.decode(bytes)?;
            let (snaps, used2) = Snapshots::decode(first, &bytes[used..])?;
            if used + used2 != bytes.len() {
                return Err("trailing bytes in a state file".into());
            }
            let stack = stack_of(f[4], state.y())?.ok_or("a search without its stack")?;
            Ok(Saved::Repeat {
                hare: Box::new(Hare {
                    state,
                    stack,
                    collisions: num(f, 3)?,
                }),
                snaps,
            })
        }
        Some("walk") if f.len() == 10 => {
            let (snaps, used) = Snapshots::decode(first, bytes)?;
            if used != bytes.len() {
                return Err("trailing bytes in a state file".into());
            }
            let (lam, t, y) = (num(f, 3)?, num(f, 4)?, num(f, 6)?);
            let mu = if f[7] == "-" { None } else { Some(num(f, 7)?) };
            let pre = preperiods_of(f[9], y, first.column.len())?;
            let bad = lam == 0
                || t.checked_add(lam).is_none_or(|e| y > e)
                || mu.is_some_and(|m| m > t || m.saturating_add(lam) >= y);
            if bad {
                return Err("a walk record out of range".into());
            }
            Ok(Saved::Walk {
                snaps,
                rep: Repeat {
                    period: lam,
                    repeat: t,
                    collisions: num(f, 5)?,
                },
                point: WalkPoint {
                    y,
                    mu,
                    collisions: num(f, 8)?,
                    preperiods: pre,
                    stack: None,
                },
            })
        }
        Some("assumed") if f.len() == 8 => {
            let (snaps, used) = Snapshots::decode(first, bytes)?;
            if used != bytes.len() {
                return Err("trailing bytes in a state file".into());
            }
            let (period, y) = (num(f, 3)?, num(f, 4)?);
            if period == 0 || snaps.at_most() > y {
                return Err("a walk record out of range".into());
            }
            Ok(Saved::Assumed {
                snaps,
                period,
                point: WalkPoint {
                    y,
                    mu: None,
                    collisions: num(f, 5)?,
                    stack: stack_of(f[6], y)?,
                    preperiods: preperiods_of(f[7], y, first.column.len())?,
                },
            })
        }
        _ => Err("an unknown record".into()),
    }
}
