//! Each row's preperiod and period from the joint period λ, without recording the sweep
//! (doc/rows.md, "Per-row periods and preperiods").
//!
//! With r_x(y) = G(x, y) − y:
//!
//! 1. **Preperiods, μ and one period** ([`walk`]): one sweep from column 0 to t + λ (t a column
//!    with S_t = S_{t+λ}, from the search; or, with λ a multiple of the joint period given in
//!    advance, to the first y with S_y = S_{y+λ}, which is μ — no search at all), keeping the
//!    last λ columns' values and state hashes in rings (X·λ values of 2 bytes, λ hashes): per
//!    row the last y with r_x(y + λ) ≠ r_x(y) —
//!    the row's preperiod is one more (0 if none), since the preperiod for λ equals the preperiod
//!    for the row's least period p_x, which divides λ — and μ, the least y with S_y = S_{y+λ}
//!    (hash match, then an exact comparison with S_y rebuilt from a snapshot).  At the end the
//!    ring holds one joint period.
//! 2. **Periods** ([`least_period`]): p_x is the least divisor p of λ with r_x(y + p) = r_x(y)
//!    over that period, cyclically.
//! 3. **Values below the preperiods** ([`prefixes`]): one more sweep from column 0 up to the
//!    largest preperiod among the rows asked for.
//!
//! Cost: t + λ ≤ μ + 2λ column steps (μ + λ with the first match), plus the largest preperiod
//! asked for; memory X·λ·2 bytes (the ring) and 8λ (its hashes), and the prefixes asked for.

use super::RowsError;
use super::columns::{Columns, Exact};
use super::cycle::{self, Repeat, Snapshots};
use crate::error::Error;

/// What one walk of the sweep from column 0 to t + λ shows (see [`walk`]).
#[derive(Clone, Debug)]
pub struct Walk {
    /// The joint preperiod μ: the least y with S_y = S_{y+λ}.
    pub mu: u64,
    /// Per row, 1 + the last y < μ with r_x(y + λ) ≠ r_x(y) (0 when none): the row's preperiod.
    pub preperiods: Vec<u64>,
    /// r_x(z) at index (z mod λ)·X + x for the columns z in [t, t + λ): one joint period, which
    /// gives r_x(z) for every z ≥ μ.
    pub period: Vec<i16>,
    /// Hash matches that were not repeats.
    pub collisions: u64,
}

/// Where a walk ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// At `t` + λ, for a column t with S_t = S_{t+λ} found by the search (so μ ≤ t), with the
    /// snapshots of that search.
    Known(u64),
    /// At the first exact match S_y = S_{y+λ}, y = μ, for λ a multiple of the joint period
    /// (`rows --period`), taking the snapshots on the way; with no match before column
    /// `max_columns`, [`RowsError::NoPeriod`].
    FirstMatch {
        /// The column budget.
        max_columns: u64,
    },
}

/// What a walk ends with.
#[derive(Clone, Debug)]
pub enum Walked {
    /// The walk reached its end.
    Done(Walk),
    /// [`End::FirstMatch`] only: Nivasch's stack, kept on the way, found a repeat whose period
    /// does not divide the λ assumed — so no state will ever equal the one λ before, and the
    /// walk stops (at column t + period, with the snapshots taken so far).
    Repeat(Repeat),
}

/// Walks the sweep from column 0 to the [`End`], keeping the values and state hashes of the last
/// λ columns in rings: each new column is compared with the one λ before (per row, the last
/// mismatch), and each state's hash with the one λ before — on a match the earlier state is
/// rebuilt from `snaps` and compared exactly; the first exact match is at μ (S_y = S_{y+λ} holds
/// exactly for y ≥ μ, for λ any multiple of the joint period).
///
/// With [`End::FirstMatch`] the walk also keeps Nivasch's stack of the states' hashes (as the
/// search does): a repeat of a period that does not divide λ ends it with [`Walked::Repeat`], by
/// column μ + 2·(the joint period), instead of at `max_columns`.
#[allow(clippy::too_many_arguments)]
pub fn walk(
    snaps: &mut Snapshots,
    lam: u64,
    end: End,
    from: Option<WalkPoint>,
    threads: usize,
    progress: &dyn Fn(u64),
    checkpoint: &mut dyn FnMut(&Snapshots, &WalkPoint) -> crate::error::Result<()>,
) -> Result<Walked, RowsError> {
    let l = lam as usize;
    let mut hashes = vec![0u64; l];
    // continuing at column y: the rings are filled again from column y − λ, without comparing
    let bound = match end {
        End::Known(t) => t,
        End::FirstMatch { .. } => u64::MAX - lam,
    };
    let from = from.filter(|f| f.y >= lam && f.y <= bound + lam);
    let s = snaps.at(from.as_ref().map_or(0, |f| f.y - lam))?;
    let x_rows = s.column.len();
    let mut s = Columns::new(s, threads);
    let mut period = vec![0i16; x_rows * l];
    if let Some(f) = &from {
        refill(&mut s, (lam, x_rows), f.y, &mut hashes, &mut period)?;
    }
    // Nivasch's stack, with End::FirstMatch until a repeat of a period dividing λ is seen
    let mut stack = match (&end, &from) {
        (End::FirstMatch { .. }, Some(f)) => f.stack.clone(),
        (End::FirstMatch { .. }, None) => Some(Vec::new()),
        (End::Known(_), _) => None,
    };
    let (mut preperiods, mut mu, mut collisions) = match from {
        Some(f) if f.preperiods.len() == x_rows => (f.preperiods, f.mu, f.collisions),
        _ => (vec![0u64; x_rows], None, 0),
    };
    loop {
        let y = s.y();
        if y.is_multiple_of(1 << 12) {
            checkpoint(
                snaps,
                &WalkPoint {
                    y,
                    mu,
                    collisions,
                    preperiods: preperiods.clone(),
                    stack: stack.clone(),
                },
            )?;
        }
        let k = (y % lam) as usize;
        let h = s.hash()?;
        if y >= lam && mu.is_none() && hashes[k] == h {
            if snaps.at(y - lam)?.same_state(s.exact()?) {
                mu = Some(y - lam);
            } else {
                collisions += 1;
            }
        }
        if let Some(st) = stack.as_mut()
            && let Some(j) = cycle::stack_step(st, &mut collisions, &mut s, y, h, snaps)?
        {
            if !lam.is_multiple_of(y - j) {
                return Ok(Walked::Repeat(Repeat {
                    period: y - j,
                    repeat: j,
                    collisions,
                }));
            }
            stack = None;
        }
        match end {
            End::Known(t) if y == t + lam => break,
            End::FirstMatch { .. } if mu.is_some() => break,
            End::FirstMatch { max_columns } if y >= max_columns => {
                return Err(RowsError::NoPeriod(max_columns));
            }
            _ => {}
        }
        hashes[k] = h;
        let slot = &mut period[k * x_rows..(k + 1) * x_rows];
        for (x, (v, &g)) in slot.iter_mut().zip(s.advance()?).enumerate() {
            let r = (g as i64 - y as i64) as i16; // G − y ∈ [−2a·x, x]: 16 bits (checked by caller)
            if y >= lam && *v != r {
                if mu.is_some() {
                    return Err(Error::internal(format!(
                        "row {x} differs at columns {} and {y}, after the joint preperiod",
                        y - lam
                    ))
                    .into());
                }
                preperiods[x] = y - lam + 1;
            }
            *v = r;
        }
        if matches!(end, End::FirstMatch { .. }) && snaps.wants(y + 1) {
            snaps.offer(s.exact()?);
        }
        if (y + 1).is_multiple_of(1 << 16) {
            progress(y + 1);
        }
    }
    let mu = mu.ok_or_else(|| {
        Error::internal(format!(
            "the states at {bound} and {} differ, although they were found equal",
            bound.saturating_add(lam)
        ))
    })?;
    Ok(Walked::Done(Walk {
        mu,
        preperiods,
        period,
        collisions,
    }))
}

/// Continuing at column `to`: fills the rings `hashes` and `period` (λ = `lam` columns of
/// `x_rows` rows) again from the sweep `s`, which stands at column `to` − λ, without comparing.
fn refill(
    s: &mut Columns,
    (lam, x_rows): (u64, usize),
    to: u64,
    hashes: &mut [u64],
    period: &mut [i16],
) -> Result<(), RowsError> {
    while s.y() < to {
        let y = s.y();
        let k = (y % lam) as usize;
        hashes[k] = s.hash()?;
        for (v, &g) in period[k * x_rows..(k + 1) * x_rows]
            .iter_mut()
            .zip(s.advance()?)
        {
            *v = (g as i64 - y as i64) as i16;
        }
    }
    Ok(())
}

/// Where a walk stands at column y (to checkpoint it, or to continue from a checkpoint): the
/// comparisons of the columns and states below y are done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkPoint {
    /// The column reached.
    pub y: u64,
    /// μ, if found below y.
    pub mu: Option<u64>,
    /// Hash matches that were not repeats.
    pub collisions: u64,
    /// Per row, 1 + the last mismatch found so far.
    pub preperiods: Vec<u64>,
    /// With [`End::FirstMatch`], Nivasch's stack of the columns below y, until it has seen a
    /// repeat of a period that divides λ (then, and with [`End::Known`], `None`).
    pub stack: Option<Vec<(u64, u64)>>,
}

/// Row x of a walk's joint period: r_x at the columns ≡ 0, 1, …, λ − 1 (mod λ) from μ on.
pub fn row_of(w: &Walk, x: usize, x_rows: usize) -> Vec<i16> {
    w.period.iter().skip(x).step_by(x_rows).copied().collect()
}

/// The least divisor p of λ = `rec.len()` with rec\[(i + p) mod λ\] = rec\[i\] for every i.
pub fn least_period(rec: &[i16]) -> u64 {
    let lam = rec.len();
    (1..=lam)
        .filter(|p| lam.is_multiple_of(*p))
        .find(|&p| (0..lam).all(|i| rec[(i + p) % lam] == rec[i]))
        .unwrap_or(lam) as u64
}

/// r_x(y) for y < y0\[x\] for the rows x with `want\[x\]`, from one sweep of column 0 on;
/// stops within 2^12 columns once `cancel` is set.
pub fn prefixes(
    snaps: &Snapshots,
    y0: &[u64],
    want: &[bool],
    threads: usize,
    progress: &dyn Fn(u64),
    cancel: &crate::cancel::Cancel,
) -> Result<Vec<Option<Vec<i16>>>, RowsError> {
    let mut out: Vec<Option<Vec<i16>>> = (y0.iter().zip(want))
        .map(|(&y, &w)| w.then(|| Vec::with_capacity(y as usize)))
        .collect();
    let last = (y0.iter().zip(want))
        .filter(|p| *p.1)
        .map(|p| *p.0)
        .max()
        .unwrap_or(0);
    if last == 0 {
        return Ok(out);
    }
    let mut s = Columns::new(snaps.at(0)?, threads);
    while s.y() < last {
        let y = s.y();
        if y.is_multiple_of(1 << 12) {
            cancel.check()?;
        }
        for ((o, &g), &y0x) in out.iter_mut().zip(s.advance()?).zip(y0) {
            if let Some(v) = o
                && y < y0x
            {
                v.push((g as i64 - y as i64) as i16);
            }
        }
        if (y + 1).is_multiple_of(1 << 16) {
            progress(y + 1);
        }
    }
    Ok(out)
}
