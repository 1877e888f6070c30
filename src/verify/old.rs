//! Verification at scale, with a report (THEORY §2–§4).
//!
//! * **floor = mex** for every n < bound: the floor formula's terms (the bulk generator: exact
//!   square-root starts, proved-exact Sturmian steps) against the recursive definition
//!   A_n = mex{A_i, B_i : i < n}.  Because all values below A_{n−1} are used, the mex is the least
//!   integer above A_{n−1} that is not a pending B_i (i < n, B_i > A_{n−1}); the sweep merges the
//!   candidates with that increasing stream.  The range is cut into chunks run in parallel (and into
//!   `--shard I/K` pieces run anywhere): a chunk's pending B_i with i below its start are terms
//!   of earlier chunks — verified there — streamed by a second generator, never stored; its own
//!   B_i join a queue.  If every chunk passes, every term passes by induction over the chunks.
//! * **floor = numeration**: Property 3 (q-representation of n read in the p-system) at every
//!   n < min(bound, 10^6) and at 10^4 spread-out n up to the bound.
//! * **identities** (a = 1, n < min(bound, 10^7)): A_n + B_n = A_{B_n}, A_{A_n} = B_n − 1 (n ≥ 1).
//! * **misère** (n < min(bound, 10^6)): the misère recursion against the misère floor formula.
//! * **Grundy** (`--grundy N`): the table's lines of moves, bounds and 0-positions; certified
//!   periods of rows 0..min(N, 64) − 1 and whether each is 3·2^k; for each g < 32 the largest
//!   distance, over the rows, between the column of g and the column of 0 (Nivasch's bounded
//!   distance, measured).
//! * **three-pile** (`--three N`): count and sum of the P-positions x ≤ y ≤ z ≤ N, and the engine
//!   against a brute-force search of the cube up to min(N, 20).
//!
//! Every check reports what it covered, how many items, and its first counterexample in full.

use crate::error::{Error, Result};
use crate::game::Rules;
use crate::pairs::bulk::Plan;
use crate::pairs::{Solver, Strategy, algebraic, numeration};
use rug::Integer;
use std::collections::VecDeque;
use std::path::Path;

/// What to verify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Parameter a.
    pub a: u64,
    /// Pairs are checked for n < bound.
    pub bound: u64,
    /// Grundy table side (0: skip).
    pub grundy: u64,
    /// Three-pile bound (0: skip).
    pub three: u64,
    /// This shard (i, k): the pairs range is cut in k contiguous pieces; shard 0 also runs the
    /// small checks.
    pub shard: (u64, u64),
    /// Test double: corrupt the floor formula's term at this n (a wrong carry), to see the
    /// verifier catch it.
    pub inject_fault: Option<u64>,
}

/// One check's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// Name.
    pub name: String,
    /// What was covered, in words.
    pub covered: String,
    /// Items checked.
    pub checked: u64,
    /// The first counterexample (smallest n for the pairs checks), in full.
    pub counterexample: Option<String>,
    /// Extra facts measured (JSON fragments).
    pub facts: Vec<(String, String)>,
}

/// A verification report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The configuration.
    pub config: Config,
    /// The checks.
    pub checks: Vec<Check>,
}

impl Report {
    /// Whether every check passed.
    pub fn ok(&self) -> bool {
        self.checks.iter().all(|c| c.counterexample.is_none())
    }

    /// The report as JSON; `elapsed` in seconds.
    pub fn to_json(&self, elapsed: f64) -> String {
        let c = &self.config;
        let checks: Vec<String> = self
            .checks
            .iter()
            .map(|k| {
                let ce = match &k.counterexample {
                    None => "null".to_string(),
                    Some(s) => format!("\"{}\"", s.replace('"', "'")),
                };
                let facts: Vec<String> = k.facts.iter().map(|(n, v)| format!("\"{n}\":{v}")).collect();
                format!(
                    "{{\"name\":\"{}\",\"covered\":\"{}\",\"checked\":\"{}\",\"ok\":{},\"counterexample\":{ce},\"facts\":{{{}}}}}",
                    k.name,
                    k.covered,
                    k.checked,
                    k.counterexample.is_none(),
                    facts.join(",")
                )
            })
            .collect();
        format!(
            "{{\"wythoff_verify\":1,\"a\":{},\"bound\":\"{}\",\"grundy\":{},\"three\":{},\"shard\":[{},{}],\"ok\":{},\"elapsed_s\":{elapsed:.3},\"checks\":[{}]}}\n",
            c.a,
            c.bound,
            c.grundy,
            c.three,
            c.shard.0,
            c.shard.1,
            self.ok(),
            checks.join(",")
        )
    }

    /// A short human summary.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        for k in &self.checks {
            let status = if k.counterexample.is_none() {
                "ok  "
            } else {
                "FAIL"
            };
            s.push_str(&format!(
                "{status} {:<28} {:>14} checked  ({})\n",
                k.name, k.checked, k.covered
            ));
            if let Some(ce) = &k.counterexample {
                s.push_str(&format!("     counterexample: {ce}\n"));
            }
            for (n, v) in &k.facts {
                s.push_str(&format!("     {n} = {v}\n"));
            }
        }
        s.push_str(if self.ok() {
            "ALL CHECKS PASSED\n"
        } else {
            "VERIFICATION FAILED\n"
        });
        s
    }
}

/// The pairs range of a shard: [lo, hi).
pub fn shard_range(bound: u64, (i, k): (u64, u64)) -> (u64, u64) {
    let lo = (bound as u128 * i as u128 / k as u128) as u64;
    let hi = (bound as u128 * (i + 1) as u128 / k as u128) as u64;
    (lo, hi)
}

/// A pull-based generator of (A_n, B_n) from n = start (exact start, Sturmian steps).
struct Gen {
    f: u128,
    theta: u128,
    a: u64,
    x: u128,
    y: u128,
    exact: Option<(Rules, u64)>,
}

impl Gen {
    fn new(plan: &Plan, start: u64, len: u64) -> Result<Gen> {
        let rules = plan.rules();
        let (x, y) = plan.pair(start);
        let proved = !rules.misere()
            && (len as u128 + 1)
                .checked_mul(rules.a() as u128 + 2)
                .and_then(|v| v.checked_mul(start as u128 + len as u128))
                .is_some();
        let exact = if proved { None } else { Some((rules, start)) };
        let f = if proved {
            plan.frac_start(start, x)?
        } else {
            0
        };
        Ok(Gen {
            f,
            theta: plan.theta(),
            a: rules.a(),
            x,
            y,
            exact,
        })
    }

    #[inline(always)]
    fn current(&self) -> (u128, u128) {
        (self.x, self.y)
    }

    #[inline(always)]
    fn advance(&mut self) {
        match &mut self.exact {
            None => {
                let (nf, carry) = self.f.overflowing_add(self.theta);
                self.f = nf;
                let d = 1 + carry as u128;
                self.x += d;
                self.y += d + self.a as u128;
            }
            Some((rules, n)) => {
                *n += 1;
                let (x, y) = crate::pairs::bulk::pair_exact_big(*rules, *n);
                self.x = x.to_u128().unwrap();
                self.y = y.to_u128().unwrap();
            }
        }
    }
}

/// floor = mex over [lo, hi): returns (checked, first counterexample).
fn floor_vs_mex_chunk(
    rules: Rules,
    lo: u64,
    hi: u64,
    fault: Option<u64>,
    num: Option<&NumTable>,
) -> Result<(u64, Option<String>)> {
    let plan = Plan::new(rules, 0, hi.max(1))?;
    // Fast path: every value below 2^63 and the Sturmian kernel proved exact on the whole span.
    let fits = (hi as u128) * (rules.a() as u128 + 2) < (1u128 << 63)
        && (hi as u128 + 1) * (rules.a() as u128 + 2) * (hi as u128) < u128::MAX / 2;
    if fits && !rules.misere() && lo < hi {
        return match num {
            Some(t) => floor_vs_mex_u64::<true>(&plan, lo, hi, fault, t),
            None => floor_vs_mex_u64::<false>(&plan, lo, hi, fault, &NumTable::empty()),
        };
    }
    let a = rules.a() as u128;
    let c = rules.offset() as u128;
    let mut floor = Gen::new(&plan, lo, hi - lo)?;
    // Pending B_i (i < lo) above A_{lo−1}: from the lag generator starting at the first such i.
    let prev_a: Option<u128> = if lo == 0 {
        None
    } else {
        Some(plan.pair(lo - 1).0)
    };
    let mut lag_i = match prev_a {
        None => lo,
        Some(pa) => {
            // smallest i with B_i > A_{lo−1}: binary search on the exact formula (verified terms)
            let (mut l, mut h) = (0u64, lo);
            while l < h {
                let m = l + (h - l) / 2;
                if plan.pair(m).1 > pa {
                    h = m
                } else {
                    l = m + 1
                }
            }
            l
        }
    };
    let mut lag = if lag_i < lo {
        Some(Gen::new(&plan, lag_i, lo - lag_i)?)
    } else {
        None
    };
    // Our own B_i (i ≥ lo) wait in a queue; every one of them exceeds every lag value (B is
    // increasing), so the pending head is the lag stream's until it is used up.
    let mut own: VecDeque<u128> = VecDeque::with_capacity(((hi - lo) / 2) as usize + 16);
    let mut cand: u128 = match prev_a {
        None => 0,
        Some(p) => p + 1,
    };
    for n in lo..hi {
        // the mex: the least integer ≥ cand that is not a pending B
        loop {
            let head = if lag_i < lo {
                lag.as_ref().map(|g| g.current().1)
            } else {
                own.front().copied()
            };
            match head {
                Some(b) if b <= cand => {
                    if b == cand {
                        cand += 1;
                    }
                    if lag_i < lo {
                        lag_i += 1;
                        if lag_i < lo {
                            lag.as_mut().expect("lag stream").advance();
                        }
                    } else {
                        own.pop_front();
                    }
                }
                _ => break,
            }
        }
        let (mut fa, _) = floor.current();
        if fault == Some(n) {
            fa += 1;
        }
        if cand != fa {
            return Ok((
                n - lo,
                Some(format!(
                    "a = {a}, n = {n}: floor formula gives A_n = {fa}, the mex recursion {cand}"
                )),
            ));
        }
        let b = cand + a * n as u128 + c;
        if b > cand {
            own.push_back(b); // (B_0 = A_0 = 0 in normal play is the only B not above its A)
        }
        cand += 1;
        floor.advance();
    }
    Ok((hi - lo, None))
}

/// Property 3 tabulated: for r < q_k, V[r] = I_p(R_q(r)) and the trailing zeros of R_q(r).
/// Every n splits into its q-digits at positions ≥ k (the *high part*, value H) and a low part
/// r = n − H < q_k whose digits are exactly R_q(r) (the representation is unique); so within a
/// block of consecutive n sharing the high part, A_n by Property 3 is I_p(high) + V[r], minus 1
/// when the trailing-zero count is odd — a table look-up per n.  Blocks are q_k long (q_{k−1}
/// when the digit at k is a, which forces the digit at k − 1 to be 0); each block's high part is
/// represented afresh with the arbitrary-precision routine.
pub struct NumTable {
    a: u64,
    k: usize,
    q: Vec<u64>,
    /// V[r] − (trailing zeros of R_q(r) mod 2), for r ≥ 1 (V[r] ≥ 1 there).
    lowered: Vec<u64>,
}

impl NumTable {
    /// A placeholder for the loop without numeration.
    fn empty() -> NumTable {
        NumTable {
            a: 0,
            k: 0,
            q: Vec::new(),
            lowered: Vec::new(),
        }
    }

    /// The table for parameter a, or `None` when even q_1 = a is too large to tabulate.
    pub fn new(a: u64) -> Option<NumTable> {
        const CAP: u64 = 1 << 17;
        let mut q: Vec<u64> = vec![1]; // q_0, q_1, …
        let mut prev = 0u64; // q_{−1}
        while q.len() < 64 {
            let next = a.checked_mul(*q.last().unwrap())?.checked_add(prev)?;
            if next > CAP {
                break;
            }
            prev = *q.last().unwrap();
            q.push(next);
        }
        let k = q.len() - 1; // q_k ≤ CAP
        if k == 0 {
            return None;
        }
        let qk = q[k] as usize;
        let mut lowered = Vec::with_capacity(qk);
        for r in 0..qk {
            let d = numeration::represent(a, numeration::System::Q, &Integer::from(r));
            let v = numeration::evaluate(a, numeration::System::P, &d).to_u64()?;
            lowered.push(v - (numeration::trailing_zeros(&d) as u64 & 1) * u64::from(r > 0));
        }
        Some(NumTable { a, k, q, lowered })
    }

    /// The block containing n: (I_p of the high part, its trailing zeros counted from position 0
    /// when the low part is 0 (`None` if the high part is empty), r, and the block's largest r).
    fn block(&self, n: u64) -> Option<(u64, Option<u32>, u64, u64)> {
        let d = numeration::represent(self.a, numeration::System::Q, &Integer::from(n));
        if d.len() <= self.k {
            return Some((0, None, n, self.q[self.k] - 1));
        }
        let mut high = d.clone();
        high[..self.k].iter_mut().for_each(|x| *x = 0);
        let h = numeration::evaluate(self.a, numeration::System::Q, &high).to_u64()?;
        let ip = numeration::evaluate(self.a, numeration::System::P, &high).to_u64()?;
        let tz = numeration::trailing_zeros(&high) as u32;
        let rmax = if d[self.k] == self.a {
            self.q[self.k - 1] - 1
        } else {
            self.q[self.k] - 1
        };
        Some((ip, Some(tz), n - h, rmax))
    }

    /// A_n by Property 3 inside a block.
    #[inline(always)]
    fn lower(&self, ip_high: u64, tz_high: Option<u32>, r: u64) -> u64 {
        if r == 0 {
            ip_high - (tz_high.unwrap_or(0) & 1) as u64
        } else {
            ip_high + self.lowered[r as usize]
        }
    }
}

/// The same check in machine words: two Sturmian streams (the terms n ∈ [lo, hi) and the pending
/// B_i, i < lo) and a FIFO of our own B_i.
fn floor_vs_mex_u64<const NUM: bool>(
    plan: &Plan,
    lo: u64,
    hi: u64,
    fault: Option<u64>,
    t: &NumTable,
) -> Result<(u64, Option<String>)> {
    let a = plan.rules().a();
    let theta = plan.theta();
    let (x0, _) = plan.pair(lo);
    let mut f = plan.frac_start(lo, x0)?;
    let mut fa = x0 as u64; // floor's A_n
    let mut cand: u64 = if lo == 0 {
        0
    } else {
        plan.pair(lo - 1).0 as u64 + 1
    };
    // lag stream: B_i for i in [lag_i, lo) with B_i > A_{lo−1}
    let mut lag_i = if lo == 0 {
        lo
    } else {
        let pa = cand - 1;
        let (mut l, mut h) = (0u64, lo);
        while l < h {
            let m = l + (h - l) / 2;
            if plan.pair(m).1 as u64 > pa {
                h = m
            } else {
                l = m + 1
            }
        }
        l
    };
    let (mut lag_f, mut lag_b) = (0u128, u64::MAX);
    if lag_i < lo {
        let (lx, ly) = plan.pair(lag_i);
        lag_f = plan.frac_start(lag_i, lx)?;
        lag_b = ly as u64;
    }
    // The FIFO is a per-thread buffer reused across chunks (fresh pages cost ~2 GB/s here).
    thread_local! {
        static OWN: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let mut own = OWN.with(|o| std::mem::take(&mut *o.borrow_mut()));
    own.clear();
    let mut own_r = 0usize;
    // numeration block state (Property 3 by table)
    let (mut ip_high, mut tz_high, mut r, mut rmax) = (0u64, None, 1u64, 0u64);
    let result = (|| {
        for n in lo..hi {
            if NUM {
                if r > rmax {
                    (ip_high, tz_high, r, rmax) = t
                        .block(n)
                        .ok_or_else(|| Error::internal("numeration block out of range"))?;
                }
                let got = t.lower(ip_high, tz_high, r);
                if got != fa || fault == Some(n) {
                    let want = if fault == Some(n) { fa + 1 } else { fa };
                    return Ok((
                        n - lo,
                        Some(format!(
                            "a = {a}, n = {n}: floor formula gives A_n = {want}, numeration (Property 3) {got}"
                        )),
                    ));
                }
                r += 1;
            }
            loop {
                let head = if lag_i < lo {
                    lag_b
                } else if own_r < own.len() {
                    own[own_r]
                } else {
                    u64::MAX
                };
                if head > cand {
                    break;
                }
                if head == cand {
                    cand += 1;
                }
                if lag_i < lo {
                    lag_i += 1;
                    let (nf, c) = lag_f.overflowing_add(theta);
                    lag_f = nf;
                    lag_b += 1 + c as u64 + a;
                } else {
                    own_r += 1;
                }
            }
            let want = if fault == Some(n) { fa + 1 } else { fa };
            if cand != want {
                return Ok((
                    n - lo,
                    Some(format!(
                        "a = {a}, n = {n}: floor formula gives A_n = {want}, the mex recursion {cand}"
                    )),
                ));
            }
            let b = cand + a * n + plan.rules().offset();
            if b > cand {
                own.push(b);
            }
            cand += 1;
            let (nf, c) = f.overflowing_add(theta);
            f = nf;
            fa += 1 + c as u64;
        }
        // re-check the floor stream's end against the square root
        let end = plan.pair(hi).0 as u64;
        if fa != end {
            return Err(Error::internal(format!(
                "Sturmian stream drifted: {fa} vs {end} at n = {hi}"
            )));
        }
        Ok((hi - lo, None))
    })();
    OWN.with(|o| *o.borrow_mut() = own);
    result
}

/// Chunks already done, from a checkpoint file: start → (checked, counterexample).  The file's
/// first line names the configuration; a file for another configuration is ignored.
fn read_ckpt(path: &Path, header: &str) -> std::collections::HashMap<u64, (u64, Option<String>)> {
    let mut done = std::collections::HashMap::new();
    let Ok(text) = std::fs::read_to_string(path) else {
        return done;
    };
    let mut lines = text.lines();
    if lines.next() != Some(header) {
        return done;
    }
    for l in lines {
        // "chunk START CHECKED" or "chunk START CHECKED fail TEXT"; a torn last line is skipped
        let mut it = l.splitn(5, ' ');
        if let (Some("chunk"), Some(s), Some(n)) = (it.next(), it.next(), it.next())
            && let (Ok(s), Ok(n)) = (s.parse(), n.parse())
        {
            let ce = match (it.next(), it.next()) {
                (Some("fail"), Some(t)) => Some(t.to_string()),
                _ => None,
            };
            done.insert(s, (n, ce));
        }
    }
    done
}

/// Runs the configured checks.  `progress(items)` reports progress of the long check; with
/// `checkpoint`, each finished chunk of the long check is appended to that file and chunks found
/// there are not checked again (resume).
pub fn run(
    cfg: &Config,
    progress: &(dyn Fn(u64) + Sync),
    checkpoint: Option<&Path>,
) -> Result<Report> {
    use rayon::prelude::*;
    let (k, i) = (cfg.shard.1, cfg.shard.0);
    if k == 0 || i >= k {
        return Err(Error::usage(format!("--shard {i}/{k}: need 0 <= I < K")));
    }
    let rules = Rules::new(cfg.a, false)?;
    let mut checks = Vec::new();
    let (lo, hi) = shard_range(cfg.bound, cfg.shard);
    // floor = mex, in parallel chunks
    const CHUNK: u64 = 1 << 24;
    let starts: Vec<u64> = (lo..hi).step_by(CHUNK as usize).collect();
    let header = format!(
        "wythoff verify checkpoint a={} bound={} shard={}/{} fault={:?}",
        cfg.a, cfg.bound, cfg.shard.0, cfg.shard.1, cfg.inject_fault
    );
    let done = checkpoint
        .map(|p| read_ckpt(p, &header))
        .unwrap_or_default();
    let num = NumTable::new(cfg.a);
    let log = match checkpoint {
        None => None,
        Some(p) => {
            let fresh = done.is_empty();
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(!fresh)
                .write(true)
                .truncate(fresh)
                .open(p)
                .map_err(|e| crate::output::io_error(p, e))?;
            if fresh {
                use std::io::Write;
                writeln!(f, "{header}").map_err(|e| crate::output::io_error(p, e))?;
            }
            Some(std::sync::Mutex::new(f))
        }
    };
    let results: Vec<Result<(u64, u64, Option<String>)>> = starts
        .par_iter()
        .map(|&s| {
            let e = (s + CHUNK).min(hi);
            if let Some((n, ce)) = done.get(&s) {
                progress(e - s);
                return Ok((s, *n, ce.clone()));
            }
            let (n, ce) = floor_vs_mex_chunk(rules, s, e, cfg.inject_fault, num.as_ref())?;
            if let Some(log) = &log {
                use std::io::Write;
                let mut f = log.lock().unwrap();
                let line = match &ce {
                    None => format!("chunk {s} {n}\n"),
                    Some(t) => format!("chunk {s} {n} fail {t}\n"),
                };
                f.write_all(line.as_bytes())
                    .map_err(|e| Error::Io(format!("checkpoint: {e}")))?;
                f.flush()
                    .map_err(|e| Error::Io(format!("checkpoint: {e}")))?;
            }
            progress(e - s);
            Ok((s, n, ce))
        })
        .collect();
    let mut checked = 0u64;
    let mut first: Option<(u64, String)> = None;
    for r in results {
        let (s, n, ce) = r?;
        checked += n;
        if let Some(ce) = ce
            && first.as_ref().is_none_or(|(fs, _)| s < *fs)
        {
            first = Some((s, ce));
        }
    }
    let fast = (hi as u128) * (cfg.a as u128 + 2) < (1u128 << 63) && num.is_some();
    checks.push(Check {
        name: if fast {
            "floor = mex = numeration".into()
        } else {
            "floor = mex".into()
        },
        covered: format!("every n in [{lo}, {hi})"),
        checked,
        counterexample: first.map(|f| f.1),
        facts: vec![],
    });
    // floor = numeration: a sample fixed by the global bound (every n below 10^6, and 10^4 n
    // spread over the rest), each shard checking the points in its own range.
    let dense_hi = cfg.bound.min(1_000_000);
    let mut ns: Vec<u64> = (lo..hi.min(dense_hi)).collect();
    if cfg.bound > dense_hi {
        let span = cfg.bound - dense_hi;
        ns.extend(
            (0..10_000u64)
                .map(|j| dense_hi + (span as u128 * j as u128 / 10_000) as u64)
                .chain(std::iter::once(cfg.bound - 1))
                .filter(|n| (lo..hi).contains(n)),
        );
    }
    let bad = ns
        .par_iter()
        .with_min_len(1024)
        .find_first(|&&n| {
            let ni = Integer::from(n);
            let f = algebraic::lower(cfg.a, 0, &ni);
            let mut f = f;
            if cfg.inject_fault == Some(n) {
                f += 1;
            }
            numeration::lower(cfg.a, 0, &ni) != f
        })
        .map(|&n| {
            let ni = Integer::from(n);
            format!(
                "a = {}, n = {n}: floor formula {}, numeration (Property 3) {}",
                cfg.a,
                algebraic::lower(cfg.a, 0, &ni) + u32::from(cfg.inject_fault == Some(n)),
                numeration::lower(cfg.a, 0, &ni)
            )
        });
    checks.push(Check {
        name: "floor = numeration".into(),
        covered: format!(
            "every n < {dense_hi} and 10^4 spread over [{dense_hi}, {}), within [{lo}, {hi})",
            cfg.bound
        ),
        checked: ns.len() as u64,
        counterexample: bad,
        facts: vec![],
    });
    if i == 0 {
        small_checks(cfg, &mut checks)?;
    }
    Ok(Report {
        config: cfg.clone(),
        checks,
    })
}

fn small_checks(cfg: &Config, checks: &mut Vec<Check>) -> Result<()> {
    use rayon::prelude::*;
    if cfg.a == 1 {
        let m = cfg.bound.min(10_000_000);
        let lower = |n: u64| algebraic::lower_u128(1, n).expect("small n") as u64;
        let bad = (1..m).into_par_iter().find_first(|&n| {
            let (an, bn) = (lower(n), lower(n) + n);
            an + bn != lower(bn) || lower(an) != bn - 1
        });
        checks.push(Check {
            name: "identities (a = 1)".into(),
            covered: format!("A_n + B_n = A_(B_n) and A_(A_n) = B_n - 1 for 1 <= n < {m}"),
            checked: m.saturating_sub(1),
            counterexample: bad.map(|n| format!("n = {n}")),
            facts: vec![],
        });
    }
    // misère: recursion against the floor formula
    // The recursion's window holds about a·n bits: keep it within the recursive strategy's budget.
    let m = cfg
        .bound
        .min(1_000_000)
        .min(crate::pairs::recursive::MAX_WINDOW_BITS / cfg.a.max(1) / 4);
    let mrules = Rules::new(cfg.a, true)?;
    let alg = Solver::new(mrules, Strategy::Algebraic);
    let mut bad = None;
    if cfg.a >= 2 {
        for (n, x, y) in crate::pairs::recursive::Sweep::new(cfg.a, 1).take(m as usize) {
            let (p, q) = alg.nth(&Integer::from(n))?;
            if p != x || q != y {
                bad = Some(format!("n = {n}: recursion ({x}, {y}), formula ({p}, {q})"));
                break;
            }
        }
    } else {
        let normal = Solver::new(Rules::wythoff(), Strategy::Algebraic);
        for n in 2..m {
            if alg.nth(&Integer::from(n))? != normal.nth(&Integer::from(n))? {
                bad = Some(format!("n = {n}: misère pair differs from the normal one"));
                break;
            }
        }
    }
    checks.push(Check {
        name: "misère".into(),
        covered: if m == 0 {
            "skipped: the recursion's window (a·n bits) is too large for this a".to_string()
        } else {
            format!("n < {m}")
        },
        checked: m,
        counterexample: bad,
        facts: vec![],
    });
    if cfg.grundy > 0 {
        grundy_checks(cfg, checks)?;
    }
    if cfg.three > 0 {
        three_checks(cfg, checks)?;
    }
    Ok(())
}

fn grundy_checks(cfg: &Config, checks: &mut Vec<Check>) -> Result<()> {
    use crate::grundy::{Spec, Table, check, rows};
    let spec = Spec::new(cfg.a, cfg.grundy)?;
    let t = Table::compute(spec, rayon::current_num_threads(), &|_| {})?;
    let rep = check(&t.data, t.layout, cfg.a)?;
    checks.push(Check {
        name: "grundy table".into(),
        covered: format!(
            "0 <= x, y < {}: lines of moves, bounds, 0-positions",
            cfg.grundy
        ),
        checked: rep.cells,
        counterexample: rep.problems.first().cloned(),
        facts: vec![("max".into(), rep.max.to_string())],
    });
    if cfg.a == 1 {
        let x = (cfg.grundy as usize).min(64);
        let p = rows::periods(x, 1 << 26, &|_| {})?;
        let all_3_2k = p
            .rows
            .iter()
            .all(|&(_, per)| per == 1 || (per % 3 == 0 && (per / 3).is_power_of_two()));
        let list: Vec<String> = p
            .rows
            .iter()
            .map(|(y0, per)| format!("[{y0},{per}]"))
            .collect();
        checks.push(Check {
            name: "row periods".into(),
            covered: format!("rows 0..{x}, certified by a repeated state"),
            checked: x as u64,
            counterexample: None,
            facts: vec![
                ("joint".into(), format!("[{},{}]", p.joint.0, p.joint.1)),
                (
                    "every_period_3_times_power_of_2".into(),
                    all_3_2k.to_string(),
                ),
                (
                    "rows_preperiod_period".into(),
                    format!("[{}]", list.join(",")),
                ),
            ],
        });
        // Nivasch: every g-position lies within bounded distance of the two rays of 0-positions,
        // y ≈ xφ and y ≈ x/φ.  Measured along each row: the distance from the column of g to the
        // nearer of ⌊xφ⌋ and ⌊xφ⌋ − x, over the rows where both rays are inside the table.
        let n = cfg.grundy as usize;
        let gmax = 32usize;
        let mut sup = vec![0u64; gmax];
        let mut rows_seen = 0u64;
        for x in 1..n {
            let up = algebraic::lower_u128(1, x as u64).expect("small") as u64; // ⌊xφ⌋
            if up >= n as u64 {
                break;
            }
            let down = up - x as u64; // ⌊x/φ⌋ = ⌊xφ⌋ − x
            rows_seen += 1;
            for y in 0..n {
                let g = t.get(x, y) as usize;
                if g < gmax {
                    let d = (y as u64).abs_diff(up).min((y as u64).abs_diff(down));
                    sup[g] = sup[g].max(d);
                }
            }
        }
        let s: Vec<String> = sup.iter().map(|v| v.to_string()).collect();
        checks.push(Check {
            name: "g-values near 0-values".into(),
            covered: format!(
                "rows 1 <= x < {n}/phi, g < {gmax}: distance to the nearer P-position ray"
            ),
            checked: rows_seen,
            counterexample: None,
            facts: vec![("sup_distance_per_g".into(), format!("[{}]", s.join(",")))],
        });
    }
    Ok(())
}

fn three_checks(cfg: &Config, checks: &mut Vec<Check>) -> Result<()> {
    use crate::three_pile::{Box3, brute_force};
    let b = Box3::cube(cfg.three, &|_| {})?;
    let ps = b.sorted_positions();
    let sum: u128 = ps.iter().map(|p| (p[0] + p[1] + p[2]) as u128).sum();
    let m = cfg.three.min(20) as usize;
    let oracle = brute_force(m);
    let mut bad = None;
    'o: for x in 0..=m {
        for y in 0..=m {
            for z in 0..=m {
                if b.is_p(x as u64, y as u64, z as u64) != oracle[(x * (m + 1) + y) * (m + 1) + z] {
                    bad = Some(format!(
                        "({x}, {y}, {z}) differs from the brute-force search"
                    ));
                    break 'o;
                }
            }
        }
    }
    checks.push(Check {
        name: "three-pile".into(),
        covered: format!("x <= y <= z <= {}; brute force up to {m}", cfg.three),
        checked: ((m + 1) * (m + 1) * (m + 1)) as u64,
        counterexample: bad,
        facts: vec![
            ("count".into(), ps.len().to_string()),
            ("sum".into(), format!("\"{sum}\"")),
        ],
    });
    Ok(())
}

/// Merges the reports of shards 0..K−1 of one verification (as parsed by the caller) into the
/// report of the unsharded run.
pub fn merge(parts: &[Report]) -> Result<Report> {
    let first = parts
        .first()
        .ok_or_else(|| Error::usage("--merge: no reports given"))?;
    let k = first.config.shard.1;
    let mut seen = vec![false; k as usize];
    for p in parts {
        let mut c = p.config.clone();
        c.shard = first.config.shard;
        if c != first.config || p.config.shard.1 != k {
            return Err(Error::usage(
                "--merge: the reports are of different verifications",
            ));
        }
        let i = p.config.shard.0 as usize;
        if i >= seen.len() || std::mem::replace(&mut seen[i], true) {
            return Err(Error::usage(format!(
                "--merge: shard {i}/{k} twice or out of range"
            )));
        }
    }
    if seen.iter().any(|s| !s) {
        return Err(Error::usage(format!(
            "--merge: not every shard of {k} is present"
        )));
    }
    let mut parts: Vec<&Report> = parts.iter().collect();
    parts.sort_by_key(|p| p.config.shard.0);
    let bound = first.config.bound;
    let mut checks: Vec<Check> = Vec::new();
    let first_name = parts[0].checks[0].name.clone();
    for name in [first_name.as_str(), "floor = numeration"] {
        let mut c = Check {
            name: name.into(),
            covered: String::new(),
            checked: 0,
            counterexample: None,
            facts: vec![],
        };
        for p in &parts {
            let pc = p
                .checks
                .iter()
                .find(|x| x.name == name)
                .ok_or_else(|| Error::usage("--merge: a report lacks a check"))?;
            c.checked += pc.checked;
            if c.counterexample.is_none() {
                c.counterexample = pc.counterexample.clone();
            }
        }
        c.covered = if name.starts_with("floor = mex") {
            format!("every n in [0, {bound}) in {k} shards")
        } else {
            format!(
                "every n < {} and 10^4 spread up to {bound}, in {k} shards",
                bound.min(1_000_000)
            )
        };
        checks.push(c);
    }
    checks.extend(
        parts[0]
            .checks
            .iter()
            .filter(|c| !c.name.starts_with("floor"))
            .cloned(),
    );
    let mut config = first.config.clone();
    config.shard = (0, 1);
    Ok(Report { config, checks })
}

/// Parses a report written by [`Report::to_json`] (enough to merge it).
pub fn parse_report(json: &str) -> Result<Report> {
    let bad = || Error::usage("--merge: not a wythoff verify report");
    let num = |key: &str| -> Option<String> {
        let i = json.find(&format!("\"{key}\":"))? + key.len() + 3;
        let rest = &json[i..];
        let rest = rest.trim_start_matches('"');
        let end = rest.find(['"', ',', '}', ']'])?;
        Some(rest[..end].to_string())
    };
    if !json.starts_with("{\"wythoff_verify\":1") {
        return Err(bad());
    }
    let shard = {
        let i = json.find("\"shard\":[").ok_or_else(bad)? + 9;
        let rest = &json[i..];
        let end = rest.find(']').ok_or_else(bad)?;
        let v: Vec<u64> = rest[..end]
            .split(',')
            .filter_map(|s| s.parse().ok())
            .collect();
        (v[0], v[1])
    };
    let config = Config {
        a: num("a").and_then(|s| s.parse().ok()).ok_or_else(bad)?,
        bound: num("bound").and_then(|s| s.parse().ok()).ok_or_else(bad)?,
        grundy: num("grundy").and_then(|s| s.parse().ok()).ok_or_else(bad)?,
        three: num("three").and_then(|s| s.parse().ok()).ok_or_else(bad)?,
        shard,
        inject_fault: None,
    };
    let mut checks = Vec::new();
    let body = &json[json.find("\"checks\":[").ok_or_else(bad)? + 10..];
    for part in body.split("{\"name\":\"").skip(1) {
        let name = part[..part.find('"').ok_or_else(bad)?].to_string();
        let get = |key: &str| -> Option<String> {
            let i = part.find(&format!("\"{key}\":"))? + key.len() + 3;
            Some(part[i..].to_string())
        };
        let covered = get("covered")
            .map(|s| {
                s.trim_start_matches('"')
                    .split('"')
                    .next()
                    .unwrap_or("")
                    .to_string()
            })
            .unwrap_or_default();
        let checked = get("checked")
            .and_then(|s| s.trim_start_matches('"').split('"').next()?.parse().ok())
            .ok_or_else(bad)?;
        let ce = get("counterexample").ok_or_else(bad)?;
        let counterexample = if ce.starts_with("null") {
            None
        } else {
            Some(
                ce.trim_start_matches('"')
                    .split('"')
                    .next()
                    .unwrap_or("")
                    .to_string(),
            )
        };
        let facts_raw = get("facts").unwrap_or_default();
        let facts_body = facts_raw.trim_start_matches('{');
        let mut facts = Vec::new();
        let mut depth = 0i32;
        let mut cur = String::new();
        for ch in facts_body.chars() {
            if depth == 0 && ch == '}' {
                break;
            }
            match ch {
                '[' | '{' => depth += 1,
                ']' | '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 && ch == ',' {
                facts.push(std::mem::take(&mut cur));
            } else {
                cur.push(ch);
            }
        }
        if !cur.is_empty() {
            facts.push(cur);
        }
        let facts = facts
            .into_iter()
            .filter_map(|f| {
                let (k, v) = f.split_once(':')?;
                Some((k.trim_matches('"').to_string(), v.to_string()))
            })
            .collect();
        checks.push(Check {
            name,
            covered,
            checked,
            counterexample,
            facts,
        });
    }
    Ok(Report { config, checks })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(bound: u64) -> Config {
        Config {
            a: 1,
            bound,
            grundy: 64,
            three: 12,
            shard: (0, 1),
            inject_fault: None,
        }
    }

    #[test]
    fn passes_and_catches_an_injected_fault() {
        for a in [1u64, 2, 5] {
            let mut c = cfg(300_000);
            c.a = a;
            let r = run(&c, &|_| {}, None).unwrap();
            assert!(r.ok(), "{}", r.summary());
            c.inject_fault = Some(123_457);
            let r = run(&c, &|_| {}, None).unwrap();
            assert!(!r.ok());
            let ce = r.checks[0].counterexample.as_ref().unwrap();
            assert!(ce.contains("n = 123457"), "{ce}");
        }
    }

    #[test]
    fn tabulated_numeration_equals_the_direct_one() {
        for a in [1u64, 2, 3, 10, 1000] {
            let t = NumTable::new(a).unwrap();
            let mut n = 0u64;
            while n < 400_000 {
                let (ip, tz, r0, rmax) = t.block(n).unwrap();
                for r in r0..=rmax.min(r0 + 50) {
                    let m = n + (r - r0);
                    assert_eq!(
                        t.lower(ip, tz, r),
                        numeration::lower_normal(a, &Integer::from(m)),
                        "a = {a}, n = {m}"
                    );
                }
                n += rmax - r0 + 1;
            }
        }
        // a fault in the floor stream is caught by the numeration comparison first
        let t = NumTable::new(1);
        let (_, ce) = floor_vs_mex_chunk(Rules::wythoff(), 0, 1000, Some(500), t.as_ref()).unwrap();
        assert!(ce.unwrap().contains("numeration"));
    }

    #[test]
    fn resume_skips_recorded_chunks_and_gives_the_same_report() {
        let dir = tempfile::tempdir().unwrap();
        let ck = dir.path().join("r.ckpt");
        let c = Config {
            a: 1,
            bound: 40_000_000,
            grundy: 0,
            three: 0,
            shard: (0, 1),
            inject_fault: None,
        };
        let whole = run(&c, &|_| {}, Some(&ck)).unwrap();
        // the checkpoint lists every chunk; cut it to a prefix, as an interrupted run leaves it
        let text = std::fs::read_to_string(&ck).unwrap();
        assert_eq!(text.lines().count(), 1 + 3);
        let cut: String = text
            .lines()
            .take(2)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
            + "chunk 3355";
        std::fs::write(&ck, cut).unwrap();
        let resumed = run(&c, &|_| {}, Some(&ck)).unwrap();
        assert_eq!(resumed, whole);
        // a recorded failure is reported again on resume
        std::fs::write(
            &ck,
            text.lines().next().unwrap().to_string() + "\nchunk 0 99 fail a = 1, n = 99: made up\n",
        )
        .unwrap();
        let r = run(&c, &|_| {}, Some(&ck)).unwrap();
        assert!(!r.ok());
    }

    #[test]
    fn chunks_meet_seamlessly() {
        // floor = mex over chunk boundaries, starting anywhere
        for (lo, hi) in [
            (0u64, 10),
            (1, 2),
            (5, 1000),
            (999_999, 1_000_500),
            (1 << 40, (1 << 40) + 3000),
        ] {
            let t = NumTable::new(1);
            let (n, ce) = floor_vs_mex_chunk(Rules::wythoff(), lo, hi, None, t.as_ref()).unwrap();
            assert_eq!((n, ce), (hi - lo, None), "[{lo}, {hi})");
        }
        for a in [2u64, 3, 7, 1000] {
            let t = NumTable::new(a);
            let (n, ce) = floor_vs_mex_chunk(
                Rules::new(a, false).unwrap(),
                7777,
                300_000,
                None,
                t.as_ref(),
            )
            .unwrap();
            assert_eq!((n, ce), (300_000 - 7777, None), "a = {a}");
        }
    }

    #[test]
    fn shards_merge_to_the_unsharded_report() {
        let whole = run(&cfg(2_000_000), &|_| {}, None).unwrap();
        let parts: Vec<Report> = (0..3)
            .map(|i| {
                let mut c = cfg(2_000_000);
                c.shard = (i, 3);
                parse_report(&run(&c, &|_| {}, None).unwrap().to_json(0.0)).unwrap()
            })
            .collect();
        let merged = merge(&parts).unwrap();
        assert_eq!(merged.checks[0].checked, whole.checks[0].checked);
        assert_eq!(merged.ok(), whole.ok());
        assert_eq!(&merged.checks[2..], &whole.checks[2..]);
        assert!(merge(&parts[..2]).is_err());
    }
}
