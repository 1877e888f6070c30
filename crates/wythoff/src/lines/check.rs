//! `grundy --check` for a line-game table: a proof, written from the rules, that every cell is
//! the mex of its options, and the 0-positions against the row-by-row P-position search.
//!
//! ## The rules
//!
//! The options of (x, y) are the cells (x − i·p, y − i·q), i ≥ 1, with both piles ≥ 0, for each
//! ray (p, q) of the game, and the cell (x − p, y − q) for each jump (p, q).  A table is the game's Grundy function exactly when at every cell the
//! stored g occurs at no option and every smaller value occurs at some option.
//!
//! ## The proof
//!
//! Cells are proved row by row (x ascending, then y): an option has a smaller x, or the same x
//! and a smaller y, so it is proved first.  For each rule, the square splits into lines
//! {(x₀ + i·p, y₀ + i·q)} from a start (x₀, y₀) with x₀ < p or y₀ < q; the options of (x, y)
//! along that rule are exactly the cells of its line before it.  Each line keeps the set of its
//! proved values (a bitset with a first-free pointer, the sets of the Wythoff proof in
//! `crate::grundy::check`).  At (x, y) the mex of the union of the sets of its lines, one per
//! ray, is sought from the largest first-free pointer, past the values at the jumps' options
//! (read from the table: each is in an earlier row, or earlier in the row, so already proved); it
//! must be the stored g.  Otherwise g
//! occurs at an option (*repeated*, the option found by walking the rays and the jumps, named) or a smaller
//! value occurs at none (*missing*), and the proof stops there.  Then g joins the sets.
//!
//! ## The 0-positions
//!
//! For rules with the Nim moves 1,0 and 0,1 every row holds exactly one P-position; row x of the
//! table must hold 0 exactly at the column y(x) that the row-by-row search of
//! [`crate::lines::ppos`] finds (union–find next-free sets, no table), and no 0 when
//! y(x) ≥ N.  Without the Nim moves this check is skipped, saying why.
//!
//! Cost: N² cells, each r sets ORed per word scanned past the largest first-free pointer; memory
//! Σ (p + q)·N sets over the rays of ⌊(B + 1)/64⌋ + 1 words, B the rules' value bound
//! ([`LineRules::value_bound`]), computed before anything is allocated and refused beyond the
//! memory available.

use super::LineRules;
use super::ppos::RowPositions;
use crate::Context;
use crate::error::{Error, Result};
use crate::grundy::check::{
    self as wcheck, BadCell, CheckReport, Family, Flaw, TableCheck, cells_check, checksum_check,
    mismatch, skipped_check,
};

/// Memory the proof needs, in bytes (`None` past u64).
pub fn memory_bytes(rules: &LineRules, n: u64) -> Option<u64> {
    let words = (rules.value_bound(n) + 1) / 64 + 1;
    let mut sets = 0u64;
    for r in rules.rules().iter().filter(|r| !r.jump) {
        sets = sets.checked_add(u64::from(r.p + r.q).checked_mul(n)?)?;
    }
    // each set: its words, a start index and a first-free pointer
    sets.checked_mul(words.checked_mul(8)?.checked_add(16)?)
}

/// Runs every check on a line-game table of side n read through `get`.  `checksum_ok` is, for
/// a file, whether it matches its header's checksum; `None` for a table computed in this run.
/// `ctx`'s progress counts the cells proved, a row (n cells) at a time; its flag stops the proof
/// between rows.
pub fn check(
    get: &dyn Fn(u64, u64) -> u32,
    n: u64,
    rules: &LineRules,
    checksum_ok: Option<bool>,
    ctx: &Context,
) -> Result<CheckReport> {
    let cells = n
        .checked_mul(n)
        .ok_or_else(|| Error::internal("check: side overflows"))?;
    let sum = checksum_check(checksum_ok, cells);
    let (proved, bad) = prove(get, n, rules, ctx)?;
    let proof = cells_check("mex_proof", proved, bad);
    let (max, zero) = zeros(get, n, rules)?;
    Ok(wcheck::report(
        None,
        Some(rules.to_string()),
        n,
        cells,
        max,
        vec![sum, proof, zero],
    ))
}

/// Proves the table cell by cell (see the module documentation): the number of cells proved and
/// the first cell that is not the mex of its options.  `ctx` as in [`check`].
pub fn prove(
    get: &dyn Fn(u64, u64) -> u32,
    n: u64,
    rules: &LineRules,
    ctx: &Context,
) -> Result<(u64, Option<BadCell>)> {
    let mem = memory_bytes(rules, n).unwrap_or(u64::MAX);
    crate::grundy::check_resources(mem, 0, None)?;
    let nu = n as usize;
    let bound = rules.value_bound(n);
    // ray k's lines are the sets base[k] .. base[k] + (p + q)·N
    let rays: Vec<_> = rules.rules().iter().filter(|r| !r.jump).collect();
    let jumps: Vec<(u64, u64)> = rules
        .rules()
        .iter()
        .filter(|r| r.jump)
        .map(|r| (u64::from(r.p), u64::from(r.q)))
        .collect();
    let mut base = Vec::new();
    let mut total = 0usize;
    for r in &rays {
        base.push(total);
        total += (r.p + r.q) as usize * nu;
    }
    let mut sets = Family::new((0..total).map(|_| bound + 1));
    let line = |k: usize, x: usize, y: usize| -> usize {
        let r = rays[k];
        let (p, q) = (r.p as usize, r.q as usize);
        let back = x.checked_div(p).unwrap_or(usize::MAX);
        let t = back.min(y.checked_div(q).unwrap_or(usize::MAX));
        let (x0, y0) = (x - t * p, y - t * q);
        base[k]
            + if x0 < p {
                x0 * nu + y0
            } else {
                p * nu + y0 * nu + x0
            }
    };
    let (mut ids, mut ranges, mut jumped) = (Vec::new(), Vec::new(), Vec::new());
    let last = (bound + 1) / 64;
    let mut proved = 0u64;
    for x in 0..nu {
        for y in 0..nu {
            let g = u64::from(get(x as u64, y as u64));
            ids.clear();
            ids.extend((0..rays.len()).map(|k| line(k, x, y)));
            let (xu, yu) = (x as u64, y as u64);
            jumped.clear();
            jumped.extend(
                jumps
                    .iter()
                    .filter(|&&(p, q)| p <= xu && q <= yu)
                    .map(|&(p, q)| u64::from(get(xu - p, yu - q))),
            );
            let mut from = ids.iter().map(|&i| sets.first_free[i]).max().unwrap_or(0);
            let mex = loop {
                let m = sets
                    .mex(&ids, &[], from, last, &mut ranges)
                    .ok_or_else(|| Error::internal("line check: no free value below the bound"))?;
                if !jumped.contains(&m) {
                    break m;
                }
                from = m + 1;
            };
            if g != mex {
                let option = option_with_value(get, rules, x as u64, y as u64, g);
                let bad = mismatch(x as u64, y as u64, g, mex, option).ok_or_else(|| {
                    Error::internal("line check: a value below the mex is at no option")
                })?;
                return Ok((proved, Some(bad)));
            }
            for &i in &ids {
                if !sets.insert(i, g) {
                    return Err(Error::internal(
                        "line check: a proved value is past the bound",
                    ));
                }
            }
            proved += 1;
        }
        ctx.report(n);
        ctx.check()?;
    }
    Ok((proved, None))
}

/// An option of (x, y) whose value is g, found by walking each ray and taking each jump.
fn option_with_value(
    get: &dyn Fn(u64, u64) -> u32,
    rules: &LineRules,
    x: u64,
    y: u64,
    g: u64,
) -> Option<(u64, u64)> {
    rules.rules().iter().find_map(|r| {
        let (p, q) = (u64::from(r.p), u64::from(r.q));
        (1..=r.steps(x, y))
            .map(|i| (x - i * p, y - i * q))
            .find(|&(u, v)| u64::from(get(u, v)) == g)
    })
}

/// The 0-positions against the row-by-row search; returns the largest value and the check.
fn zeros(get: &dyn Fn(u64, u64) -> u32, n: u64, rules: &LineRules) -> Result<(u64, TableCheck)> {
    let max = |x: u64| (0..n).map(|y| u64::from(get(x, y))).max().unwrap_or(0);
    if !rules.has_nim_moves() {
        let m = (0..n).map(max).max().unwrap_or(0);
        let skipped = skipped_check(
            "zeros_vs_line_pairs",
            "the rules do not contain both Nim moves 1,0 and 0,1, so a row may hold no 0 or \
             several: there is no row-by-row P-position list to compare with",
        );
        return Ok((m, skipped));
    }
    let mut rows = RowPositions::new(rules, n)?;
    let (mut m, mut bad) = (0u64, None);
    for x in 0..n {
        let (_, px) = rows
            .next_position()
            .ok_or_else(|| Error::internal("line check: a row without its P-position"))?;
        for y in 0..n {
            let g = get(x, y);
            m = m.max(u64::from(g));
            if (g == 0) != (y == px) && bad.is_none() {
                bad = Some(BadCell {
                    x,
                    y,
                    value: u64::from(g),
                    flaw: Flaw::LineZero {
                        p_position: y == px,
                    },
                });
            }
        }
    }
    Ok((m, cells_check("zeros_vs_line_pairs", n * n, bad)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::LineTable;

    fn run(rules: &LineRules, n: usize, t: &[u32]) -> CheckReport {
        check(
            &|x, y| t[x as usize * n + y as usize],
            n as u64,
            rules,
            None,
            &Context::serial(),
        )
        .unwrap()
    }

    #[test]
    fn naive_tables_pass_and_every_changed_cell_is_caught() {
        for r in [
            "1,0:0,1:1,1",
            "1,0:1,1:3,2:0,1",
            "3,2",
            "2,2:1,0",
            "1,2:2,1:0,1",
            "1,0:0,1:1,1:j1,2:j2,1",
            "j1,2:2,1:j3,0",
        ] {
            let rules = LineRules::parse(r).unwrap();
            let n = 23;
            let good = crate::lines::naive_table(&rules, n);
            let rep = run(&rules, n, &good);
            assert!(rep.ok, "{r}: {:?}", rep.problems);
            assert_eq!(rep.checks[1].check.count, (n * n) as u64);
            assert_eq!(
                rep.checks[2].check.status == crate::check::Status::Ok,
                rules.has_nim_moves()
            );
            // a value changed up or down anywhere is found at that very cell
            for (x, y) in [(0, 0), (5, 17), (22, 22), (13, 2)] {
                for delta in [1i64, -1] {
                    let mut t = good.clone();
                    let v = t[x * n + y] as i64 + delta;
                    if v < 0 {
                        continue;
                    }
                    t[x * n + y] = v as u32;
                    let rep = run(&rules, n, &t);
                    let bad = rep.checks[1].bad_cell.as_ref().expect("caught");
                    assert_eq!((bad.x, bad.y), (x as u64, y as u64), "{r}");
                    assert!(!rep.ok);
                }
            }
        }
    }

    #[test]
    fn the_zeros_check_sees_a_swapped_table() {
        // the mirror of an asymmetric game is another game: its table fails both checks
        // (with 1,0 and 0,1 alone, 3,2 would leave Nim's symmetric table unchanged)
        let rules = LineRules::parse("1,0:0,1:1,1:3,2").unwrap();
        let n = 30;
        let t = crate::lines::naive_table(&rules, n);
        let mirror: Vec<u32> = (0..n * n).map(|i| t[(i % n) * n + i / n]).collect();
        assert!(run(&rules, n, &t).ok);
        let rep = run(&rules, n, &mirror);
        assert!(!rep.ok);
        assert_eq!(rep.checks[2].check.status, crate::check::Status::Fail);
    }

    #[test]
    fn engine_tables_pass() {
        for game in ["nimhof-a307297", "maharaja"] {
            let rules = LineRules::named(game).unwrap();
            let t = LineTable::compute(&rules, 200, &Context::new(2)).unwrap();
            assert!(run(&rules, 200, t.data()).ok, "{game}");
        }
    }

    #[test]
    fn a_table_of_the_game_without_its_jumps_fails_the_proof() {
        // Wythoff's table is not Maharaja Nim's: (1, 2) moves to (0, 0) by a jump
        let wythoff = crate::lines::naive_table(&LineRules::named("wythoff").unwrap(), 20);
        let rep = run(&LineRules::named("maharaja").unwrap(), 20, &wythoff);
        assert!(!rep.ok);
        let bad = rep.checks[1].bad_cell.as_ref().expect("caught");
        assert_eq!((bad.x, bad.y), (1, 2));
    }
}
