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
use crate::context::Context;
use crate::error::{Error, Result};
use crate::files::gvalues::Writer;
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

    /// About the number of rows [`Prefix::summaries`] sweeps, the total of its progress: the
    /// K-th g-value of each value lies near row φK (x − A_n is bounded).
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Wythoff's Grundy function on x, y < `side` by the definition: the mex of the values a
    /// move reaches (a row, a column or a diagonal step down).
    fn naive(side: usize) -> Vec<Vec<u32>> {
        let mut t = vec![vec![0u32; side]; side];
        for x in 0..side {
            for y in 0..side {
                let mut seen = vec![false; 3 * side];
                for k in 1..=x {
                    seen[t[x - k][y] as usize] = true;
                }
                for k in 1..=y {
                    seen[t[x][y - k] as usize] = true;
                }
                for k in 1..=x.min(y) {
                    seen[t[x - k][y - k] as usize] = true;
                }
                t[x][y] = seen.iter().position(|&s| !s).unwrap() as u32;
            }
        }
        t
    }

    /// The first `k` cells (x, y), x ≤ y, of value `g` in increasing x.  A row x holds the value
    /// g by column 2x + g + 1 (every value below y − 2x occurs left of column y), so a table of
    /// side 2·x_K + g + 2 holds them all.
    fn first(t: &[Vec<u32>], g: u32, k: usize) -> Vec<(u64, u64)> {
        let mut cells = Vec::new();
        for (x, row) in t.iter().enumerate() {
            if cells.len() == k {
                break;
            }
            assert!(2 * x + g as usize + 2 <= t.len(), "the table is too small");
            // a row holds each value once; g lies at some y ≥ x or only left of the diagonal
            if let Some(y) = (x..row.len()).find(|&y| row[y] == g) {
                cells.push((x as u64, y as u64));
            }
        }
        assert_eq!(cells.len(), k);
        cells
    }

    #[test]
    fn the_text_and_the_file_hold_the_cells_of_the_definition() {
        let t = naive(200);
        let dir = tempfile::tempdir().unwrap();
        for g in 0..=4u32 {
            let want = first(&t, g, 50);
            let p = Prefix::new(g, 50).unwrap();
            assert_eq!((p.g(), p.count()), (g, 50));
            let mut text = Vec::new();
            p.write_text(&mut text, &Context::serial()).unwrap();
            let lines: String = want
                .iter()
                .enumerate()
                .map(|(n, (x, y))| format!("{n} {x} {y}\n"))
                .collect();
            assert_eq!(String::from_utf8(text).unwrap(), lines, "g={g}");

            let path = dir.path().join(format!("g{g}.bin"));
            let w = Writer::create(&path, u64::from(g)).unwrap();
            p.write_file(w, &Context::serial()).unwrap();
            let mut read = Vec::new();
            let h = crate::files::gvalues::read(&path, &mut |x, y| read.push((x, y))).unwrap();
            assert_eq!((h.g, h.count), (u64::from(g), 50));
            assert_eq!(read, want, "g={g}");

            let s = p.summary(&Context::serial()).unwrap();
            let (x, y) = want[49];
            assert_eq!((s.g, s.count, s.last), (g, 50, (49, x, y)));
            let all = p.summaries(&Context::serial()).unwrap();
            for (h, sh) in all.iter().enumerate() {
                let (x, y) = first(&t, h as u32, 50)[49];
                assert_eq!((sh.g, sh.count, sh.last), (h as u32, 50, (49, x, y)));
            }
        }
    }

    #[test]
    fn the_nth_value_by_each_method_is_the_definition_s() {
        let t = naive(120);
        let ctx = Context::serial();
        for g in 0..=3u32 {
            for (n, &(x, y)) in first(&t, g, 30).iter().enumerate() {
                let v = nth_value(g, &Integer::from(n), &ctx).unwrap();
                assert_eq!(
                    (v.x, v.y),
                    (Integer::from(x), Integer::from(y)),
                    "g={g} n={n}"
                );
                let want = if g == 0 {
                    Method::Formula
                } else {
                    Method::Sweep
                };
                assert_eq!(v.method, want);
            }
        }
        // beyond the sweep: the automaton for G = 1, a usage error naming the limit otherwise
        let big = Integer::from(Integer::u_pow_u(10, 30));
        let v = nth_value(1, &big, &ctx).unwrap();
        assert_eq!(v.method, Method::Automaton);
        assert_eq!((v.x, v.y), automaton::nth_one_value(&big).unwrap());
        let e = nth_value(2, &big, &ctx).unwrap_err();
        assert!(matches!(e, Error::Usage(_)), "{e:?}");
        assert!(
            e.to_string()
                .contains(&(super::super::max_count(2) - 1).to_string()),
            "{e}"
        );
        assert_eq!(
            [Method::Formula, Method::Automaton, Method::Sweep].map(Method::name),
            ["formula", "automaton", "sweep"]
        );
    }

    #[test]
    fn progress_adds_up_to_the_work_and_a_set_flag_stops_the_sweep() {
        let done = AtomicU64::new(0);
        let tick = |d: u64| {
            done.fetch_add(d, Ordering::Relaxed);
        };
        let v = nth(2, 1000, &Context::serial().with_progress(&tick)).unwrap();
        assert_eq!(v.n, 1000);
        assert_eq!(done.load(Ordering::Relaxed), 1001);
        // the summaries poll the flag every 2^16 rows: 60 000 values of 0 and 1 pass row 2^16
        let stop = crate::cancel::Cancel::new();
        stop.cancel();
        let r = Prefix::new(1, 60_000)
            .unwrap()
            .summaries(&Context::serial().with_cancel(&stop));
        assert!(matches!(r, Err(Error::Cancelled)), "{r:?}");
        assert!(matches!(Prefix::new(256, 10), Err(Error::Usage(_))));
    }
}
