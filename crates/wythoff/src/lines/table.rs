//! The Sprague–Grundy table of a line game on the square 0 ≤ x, y < N.
//!
//! Algorithm (the idea of the Wythoff engine, for any rule list): the options of (x, y) along
//! rule (p, q) are the cells behind it on its line {(x − i·p, y − i·q)}; each line of each rule
//! keeps the set of values already placed on it as a bitset, and its first free value (the
//! line's own mex).  G(x, y) is the least value in none of the sets of the lines through (x, y):
//! the search starts at the largest of the lines' first free values and scans the OR of the
//! sets a 64-bit word at a time, skipping 64 words at a time where some line has them full (a
//! summary bit per word of each line, as the Wythoff engine keeps).
//!
//! Order: every move lowers x + y, so the cells of one antidiagonal x + y = s depend only on
//! earlier antidiagonals, and two cells of one antidiagonal never share a line (they would
//! differ by i·(p, q), which changes x + y).  The cells of an antidiagonal are computed in
//! parallel against the sets as they stand, then placed into their lines.
//!
//! Jumps: a jump (p, q) has one option, (x − p, y − q), on an earlier antidiagonal, so its value
//! is read from the table and joins the values the search skips; a jump keeps no line sets.
//!
//! Lines: the line of rule (p, q) through (x, y) starts at (x − t·p, y − t·q) with
//! t = min(⌊x/p⌋, ⌊y/q⌋) (a zero step imposes no bound); the start has x < p or y < q, so the
//! rule has at most (p + q)·N lines.
//!
//! Cost: N² cells, each O(r) for r rules plus the words scanned past the start.  Memory: the
//! table (4 bytes a cell) and, per ray (p, q), (p + q)·N lines of W = ⌊(B + 1)/64⌋ + 1 words (and
//! ⌈W/64⌉ summary words and a first free value), where B
//! is [`LineRules::value_bound`] — every value is at most the number of options.  The total is
//! computed exactly before any allocation and refused above [`MAX_BYTES`].

use super::LineRules;
use crate::context::Context;
use crate::error::{Error, Result};
use rayon::prelude::*;

/// The most memory a table may take (table and line sets), in bytes: 12 GiB.
pub const MAX_BYTES: u64 = crate::files::resources::MEMORY_CAP;
pub use wythoff_core::lines::MAX_SIDE;

/// The Grundy table of a line game, row-major: G(x, y) at x·N + y.
#[derive(Clone, Debug)]
pub struct LineTable {
    /// The game.
    pub rules: LineRules,
    /// Side N.
    pub n: usize,
    data: Vec<u32>,
}

/// The line sets of one rule, word-major: word k of line l at k·lines + l, so that the
/// neighbouring cells of an antidiagonal, on neighbouring lines with values of similar size,
/// read neighbouring words.
struct RuleLines {
    p: usize,
    q: usize,
    /// Lines of the rule.
    lines: usize,
    bits: Vec<u64>,
    /// Bit k of line l (word-major as `bits`) says that word k of the line is full.
    full: Vec<u64>,
    mex: Vec<u32>,
}

impl RuleLines {
    /// The line of (x, y) in a table of side n.
    fn line(&self, x: usize, y: usize, n: usize) -> usize {
        let tx = x.checked_div(self.p).unwrap_or(usize::MAX);
        let ty = y.checked_div(self.q).unwrap_or(usize::MAX);
        let t = tx.min(ty);
        let (xs, ys) = (x - t * self.p, y - t * self.q);
        if xs < self.p {
            xs * n + ys
        } else {
            self.p * n + ys * n + xs
        }
    }

    fn has(&self, line: usize, v: usize) -> bool {
        self.bits[v / 64 * self.lines + line] >> (v % 64) & 1 == 1
    }

    fn put(&mut self, line: usize, v: u32) {
        let v = v as usize;
        let word = &mut self.bits[v / 64 * self.lines + line];
        *word |= 1 << (v % 64);
        if *word == !0 {
            let k = v / 64;
            self.full[k / 64 * self.lines + line] |= 1 << (k % 64);
        }
        let mut m = self.mex[line] as usize;
        while self.has(line, m) {
            m += 1;
        }
        self.mex[line] = m as u32;
    }
}

/// The bytes a table of side n for these rules takes, or None on overflow.
pub fn bytes_needed(rules: &LineRules, n: u64) -> Option<u64> {
    let w = (rules.value_bound(n) + 1) / 64 + 1;
    let mut total = n.checked_mul(n)?.checked_mul(4)?;
    for r in rules.rules().iter().filter(|r| !r.jump) {
        let lines = u64::from(r.p + r.q).checked_mul(n)?;
        let per_line = (w + w.div_ceil(64)).checked_mul(8)?.checked_add(4)?;
        total = total.checked_add(lines.checked_mul(per_line)?)?;
    }
    Some(total)
}

/// The bytes a table of side n takes ([`bytes_needed`]), or [`Error::Domain`] stating the limit
/// when n is outside 1..=[`MAX_SIDE`] or the bytes pass [`MAX_BYTES`].
pub fn memory(rules: &LineRules, n: u64) -> Result<u64> {
    check_side(n)?;
    let need = bytes_needed(rules, n).unwrap_or(u64::MAX);
    if need > MAX_BYTES {
        return Err(Error::domain(format!(
            "side {n} with rules {rules} needs {need} bytes (table and line sets), more than \
             the limit of {MAX_BYTES}"
        )));
    }
    Ok(need)
}

/// Checks that n is a side a line-game table may have (1 ≤ n ≤ [`MAX_SIDE`]).
pub fn check_side(n: u64) -> Result<()> {
    if n == 0 || n > MAX_SIDE {
        return Err(Error::domain(format!(
            "side {n}: a line-game table has 1 to {MAX_SIDE} rows"
        )));
    }
    Ok(())
}

impl LineTable {
    /// Writes the table as a line-game table file (kind 6,
    /// [`wythoff_files::line_table::write`]) to `out`; returns the header written.
    pub fn write(
        &self,
        out: &mut dyn std::io::Write,
    ) -> Result<wythoff_files::line_table::LineHeader> {
        wythoff_files::line_table::write(&self.rules, self.n, self.data(), out)
    }

    /// Computes the table of side n (1 ≤ n ≤ [`MAX_SIDE`]) on `ctx`'s workers, reporting the
    /// cells done to its progress; stops between antidiagonals once its flag is set, with
    /// [`Error::Cancelled`].  Sizes beyond the limits are [`Error::Domain`], stating them; more
    /// memory than the machine has is [`Error::Usage`], naming the side N to lower.
    pub fn compute(rules: &LineRules, n: u64, ctx: &Context) -> Result<LineTable> {
        crate::grundy::check_resources(memory(rules, n)?, 0, None)?;
        Self::fill(rules, n, ctx)
    }

    /// [`LineTable::compute`] once the side and the memory are checked.
    pub(crate) fn fill(rules: &LineRules, n: u64, ctx: &Context) -> Result<LineTable> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(ctx.threads())
            .build()
            .map_err(|e| Error::internal(format!("thread pool: {e}")))?;
        let nu = n as usize;
        let w = ((rules.value_bound(n) + 1) / 64 + 1) as usize;
        let mut sets: Vec<RuleLines> = rules
            .rules()
            .iter()
            .filter(|r| !r.jump)
            .map(|r| {
                let lines = (r.p + r.q) as usize * nu;
                RuleLines {
                    p: r.p as usize,
                    q: r.q as usize,
                    lines,
                    bits: vec![0; lines * w],
                    full: vec![0; lines * w.div_ceil(64)],
                    mex: vec![0; lines],
                }
            })
            .collect();
        let jumps: Vec<(usize, usize)> = rules
            .rules()
            .iter()
            .filter(|r| r.jump)
            .map(|r| (r.p as usize, r.q as usize))
            .collect();
        let mut data = vec![0u32; nu * nu];
        let mut diag: Vec<u32> = Vec::with_capacity(nu);
        for s in 0..2 * nu - 1 {
            ctx.check()?;
            let lo = s.saturating_sub(nu - 1);
            let hi = s.min(nu - 1);
            let (sets_ref, data_ref, jumps_ref) = (&sets, &data, &jumps);
            let cell = |x: usize| {
                let y = s - x;
                // the values at the jumps' options, on earlier antidiagonals
                let mut skip = [u32::MAX; super::MAX_RULES];
                for (v, &(p, q)) in skip.iter_mut().zip(jumps_ref) {
                    if p <= x && q <= y {
                        *v = data_ref[(x - p) * nu + y - q];
                    }
                }
                mex_at(sets_ref, &skip[..jumps_ref.len()], x, y, nu)
            };
            diag.clear();
            if hi - lo >= 2048 {
                pool.install(|| {
                    (lo..hi + 1)
                        .into_par_iter()
                        .with_min_len(512)
                        .map(cell)
                        .collect_into_vec(&mut diag)
                });
            } else {
                diag.extend((lo..=hi).map(cell));
            }
            for (x, &v) in (lo..=hi).zip(&diag) {
                let y = s - x;
                data[x * nu + y] = v;
                for r in sets.iter_mut() {
                    let line = r.line(x, y, nu);
                    r.put(line, v);
                }
            }
            ctx.report((hi - lo + 1) as u64);
        }
        Ok(LineTable {
            rules: rules.clone(),
            n: nu,
            data,
        })
    }

    /// G(x, y) for x, y < N.
    pub fn get(&self, x: usize, y: usize) -> u32 {
        self.data[x * self.n + y]
    }

    /// The row-major square.
    pub fn data(&self) -> &[u32] {
        &self.data
    }

    /// The sum of the N² values and the XXH3-64 of the row-major little-endian u32 square (the
    /// checksum `grundy N --checksum` gives for Wythoff's game).
    pub fn checksum(&self) -> (u128, u64) {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        let mut sum = 0u128;
        let mut buf = Vec::with_capacity(4 * self.n);
        for row in self.data.chunks(self.n) {
            buf.clear();
            for &v in row {
                sum += u128::from(v);
                buf.extend_from_slice(&v.to_le_bytes());
            }
            h.update(&buf);
        }
        (sum, h.digest())
    }
}

/// The least value in none of the line sets through (x, y) and not in `skip` (the values of the
/// jumps' options; `u32::MAX` for none).
fn mex_at(sets: &[RuleLines], skip: &[u32], x: usize, y: usize, n: usize) -> u32 {
    let mut lines = [0usize; super::MAX_RULES];
    let mut m = 0usize;
    for (l, r) in lines.iter_mut().zip(sets) {
        *l = r.line(x, y, n);
        m = m.max(r.mex[*l] as usize);
    }
    loop {
        // skip the words that some line holds full (their summary bits), 64 at a time
        let mut k = m / 64;
        loop {
            let sk = k / 64;
            let mut full = 0u64;
            for (&l, r) in lines.iter().zip(sets) {
                full |= r.full[sk * r.lines + l];
            }
            let open = !full >> (k % 64);
            if open != 0 {
                k += open.trailing_zeros() as usize;
                break;
            }
            k = (sk + 1) * 64;
        }
        if k > m / 64 {
            m = k * 64;
        }
        let mut taken = 0u64;
        for (&l, r) in lines.iter().zip(sets) {
            taken |= r.bits[k * r.lines + l];
        }
        for &v in skip {
            if v as usize / 64 == k {
                taken |= 1 << (v % 64);
            }
        }
        let free = !taken >> (m % 64);
        if free != 0 {
            return (m + free.trailing_zeros() as usize) as u32;
        }
        m = (k + 1) * 64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_equal_the_naive_mex() {
        for r in [
            "1,0:0,1",
            "1,0:0,1:1,1",
            "1,0:1,1:3,2:0,1",
            "2,2",
            "1,2:2,1",
            "3,0:0,5:2,2",
            "1,0:0,1:1,2:2,1:64,64",
            "1,0:0,1:1,1:j1,2:j2,1",
            "j1,2:j2,1",
            "j1,0:0,1:j3,3:j1,1",
            "2,0:0,3:j0,2:j5,0:j64,1:2,2",
        ] {
            let rules = LineRules::parse(r).unwrap();
            for n in [1, 2, 37, 300] {
                for threads in [1, 2] {
                    let t = LineTable::compute(&rules, n as u64, &Context::new(threads)).unwrap();
                    assert!(
                        t.data() == crate::lines::naive_table(&rules, n).as_slice(),
                        "{r}, N = {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn nim_is_xor() {
        let t =
            LineTable::compute(&LineRules::named("nim").unwrap(), 512, &Context::new(2)).unwrap();
        for x in 0..512 {
            for y in 0..512 {
                assert_eq!(t.get(x, y) as usize, x ^ y);
            }
        }
    }

    #[test]
    fn sizes_beyond_the_limits_are_refused() {
        let r = LineRules::parse("1,0:0,1").unwrap();
        assert!(LineTable::compute(&r, 0, &Context::serial()).is_err());
        assert!(LineTable::compute(&r, MAX_SIDE + 1, &Context::serial()).is_err());
        let big = LineRules::parse("64,63:63,64:1,0:0,1").unwrap();
        let e = LineTable::compute(&big, 40000, &Context::serial()).unwrap_err();
        assert!(e.to_string().contains("bytes"), "{e}");
    }
}
