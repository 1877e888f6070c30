//! The g-values of one value G as one call each: the N-th one by whichever exact method reaches
//! it, and the first K streamed as `n x y` text, into a g-value file (kind 7, doc/formats.md),
//! or measured by the summary against the 0-values ([`super::summary`]).
//!
//! Algorithm: the joint greedy sweep of [`super::sweep`] for every G and K within the memory
//! ceiling ([`super::plan`]); the floor formula ([`super::nth_zero`]) for G = 0 and the proved
//! 1-value automaton ([`super::automaton`]) for G = 1 at indices the sweep does not reach
//! (doc/gvalues.md).  Cost: as the sweep — O(G + c) per row, about φK rows for the first K
//! g-values, about K/8 bytes of memory per value h ≤ G; the formula and the automaton take
//! O(M(log N) log N).  Each call reports its progress to its [`Context`] in the unit it names,
//! in steps of 2^20 values (2^16 rows for [`Prefix::summaries`]), polls the context's flag at
//! the same steps, and runs on one worker.

use super::{GValue, GValues, Summary, automaton};
use crate::artifact::gvalues::Writer;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::pairs::emit::write_error;
use rug::Integer;
use std::io::{BufWriter, Write};

/// The number of values between two progress reports (and polls of the flag).
const STEP: u64 = 1 << 20;

/// How an N-th g-value was found; each way is exact and proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The floor formula of the 0-values, (⌊nφ⌋, ⌊nφ⌋ + n), for any n.
    Formula,
    /// The 1-value automaton ([`super::automaton`], proved for every diagonal), for the 1-values
    /// from index [`automaton::SWEEP_BELOW`] on.
    Automaton,
    /// The greedy sweep through the n-th g-value.
    Sweep,
}

impl Method {
    /// The lower-case name used in reports: `formula`, `automaton` or `sweep`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Formula => "formula",
            Method::Automaton => "automaton",
            Method::Sweep => "sweep",
        }
    }
}

/// The N-th g-value of a value G: the cell (x, y), x ≤ y, and how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NthValue {
    /// The smaller pile.
    pub x: Integer,
    /// The larger pile.
    pub y: Integer,
    /// The way it was found.
    pub method: Method,
}

/// The `n`-th g-value of `g` (from 0, in increasing x), for any n when g is 0 or 1, and for n
/// below [`super::max_count`]`(g)` by the sweep otherwise (a usage error beyond, naming the
/// limit).  Progress: the g-values swept, reported only when the sweep runs.
pub fn nth_value(g: u32, n: &Integer, ctx: &Context) -> Result<NthValue> {
    if g == 0 {
        let (x, y) = super::nth_zero(n);
        return Ok(NthValue {
            x,
            y,
            method: Method::Formula,
        });
    }
    if g == 1 && *n >= automaton::SWEEP_BELOW {
        let (x, y) = automaton::nth_one_value(n)?;
        return Ok(NthValue {
            x,
            y,
            method: Method::Automaton,
        });
    }
    let n64 = n.to_u64().ok_or_else(|| {
        Error::usage(format!(
            "N = {}: the sweep of G = {g} reaches N ≤ {} (G = 0 and G = 1 take any N)",
            crate::pairs::abbreviate(n),
            super::max_count(g) - 1
        ))
    })?;
    let v = nth(g, n64, ctx)?;
    Ok(NthValue {
        x: Integer::from(v.x),
        y: Integer::from(v.y),
        method: Method::Sweep,
    })
}

/// The `n`-th g-value of `g` by the sweep (for g = 0 [`super::nth_zero`] needs no sweep).
/// Progress: the g-values swept.
pub fn nth(g: u32, n: u64, ctx: &Context) -> Result<GValue> {
    let count = n
        .checked_add(1)
        .ok_or_else(|| Error::usage("n is too large"))?;
    let cap = super::plan(g, count)?;
    let mut done = 0u64;
    for v in GValues::new(g, cap)? {
        let v = v?;
        if v.n == n {
            ctx.report(v.n + 1 - done);
            return Ok(v);
        }
        if v.n - done >= STEP {
            ctx.check()?;
            ctx.report(v.n - done);
            done = v.n;
        }
    }
    Err(Error::internal("the sweep of the g-values ended"))
}

/// The first `count` g-values of a value `g`, planned: the value and the count are checked
/// and the memory is refused up front ([`super::plan`]), before any output is opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefix {
    g: u32,
    count: u64,
    cap: u64,
}

impl Prefix {
    /// Plans the first `count` g-values of `g`: a usage error for g above [`super::MAX_G`] or
    /// a count beyond the memory ceiling (naming the largest n this g reaches).
    pub fn new(g: u32, count: u64) -> Result<Prefix> {
        let cap = super::plan(g, count)?;
        Ok(Prefix { g, count, cap })
    }

    /// The value G.
    pub fn g(&self) -> u32 {
        self.g
    }

    /// The number K of g-values.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The rows [`Prefix::summaries`] sweeps, about: the K-th g-value of each value lies near
    /// row φK (x − A_n is bounded), so the total of its progress.
    pub fn rows(&self) -> u64 {
        u64::try_from(u128::from(self.count) * 1618 / 1000 + 1).unwrap_or(u64::MAX)
    }

    /// Runs the sweep of the first K g-values through `each`, reporting them in steps.
    fn each(&self, ctx: &Context, each: &mut dyn FnMut(GValue) -> Result<()>) -> Result<()> {
        let k = usize::try_from(self.count).unwrap_or(usize::MAX);
        for v in GValues::new(self.g, self.cap)?.take(k) {
            let v = v?;
            each(v)?;
            if (v.n + 1) % STEP == 0 {
                ctx.check()?;
                ctx.report(STEP);
            }
        }
        Ok(())
    }

    /// Writes the first K g-values to `w` as lines `n x y` (buffered here).  Progress: the
    /// g-values written.  A failed write is [`Error::Write`].
    pub fn write_text(&self, w: &mut dyn Write, ctx: &Context) -> Result<()> {
        let mut w = BufWriter::with_capacity(1 << 20, w);
        self.each(ctx, &mut |v| {
            writeln!(w, "{} {} {}", v.n, v.x, v.y).map_err(write_error)
        })?;
        w.flush().map_err(write_error)
    }

    /// Writes the first K g-values into the g-value file `w` (opened for this G by
    /// [`Writer::create`]) and commits it, its header holding the count and the checksum.
    /// Progress: the g-values written.
    pub fn write_file(&self, mut w: Writer, ctx: &Context) -> Result<()> {
        self.each(ctx, &mut |v| w.push(v.x, v.y))?;
        w.finish()?;
        Ok(())
    }

    /// The summary of the first K g-values against the 0-values of the same index
    /// ([`super::summarize`]).  Progress: the g-values measured.
    pub fn summary(&self, ctx: &Context) -> Result<Summary> {
        let k = usize::try_from(self.count).unwrap_or(usize::MAX);
        super::summarize(self.g, GValues::new(self.g, self.cap)?.take(k), ctx)
    }

    /// The summaries of the first K g-values of every value h = 0..=G from one joint sweep
    /// ([`super::summarize_all`]).  Progress: the rows swept, about [`Prefix::rows`] in all,
    /// in steps of 2^16.
    pub fn summaries(&self, ctx: &Context) -> Result<Vec<Summary>> {
        super::summarize_all(self.g, self.count, self.cap, ctx)
    }
}
