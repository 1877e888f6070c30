//! The cost estimate of the slice engine, made before a slice run allocates anything: the rows,
//! nim-sum moves, columns, bytes and look-ups that the rows of a [`Family`] take to `count`
//! positions of each slice ([`cost`]), and the refusals built on it ([`check`], [`check_pairs`]):
//! past the engine's range, the 12 GiB memory cap, the memory available or [`MAX_LOOKUPS`].
//! A refusal is a [`SliceError`], typed by the input it concerns ([`Input`]) and saying what is
//! wrong in words about the quantities, so that a caller names its own arguments for them.
//!
//! Model (doc/nheap.md, "Cost", "Memory", "The limits, measured"): about 13/8·count + 8·s + 64
//! columns; per row its nim-sum moves, their look-ups per candidate (2^popcount(d) each) and its
//! lowerings, times the differences and columns; the bytes of every vector the engine keeps, each
//! that grows counted at twice its length.  The tests check the model against the engine's own
//! counts and the bytes it actually allocates.  Cost: O(rows + T·min(P, T)) arithmetic, nothing
//! allocated beyond one vector of T + 1 counters.

use super::{Family, Hole, MASKS_BELOW, MAX_PAIR, MAX_SMALLEST, MAX_VALUE, Row, unsupported};
use crate::error::{Error, Refusal, Refuses, refusals_are_usage};
use crate::files::resources;

/// The input of a slice run that a refusal of one input alone concerns ([`SliceError::Refused`]),
/// so that a caller can name its own argument for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The fixed heaps: the smallest heap S of three heaps, or the pair of fixed heaps of four.
    Fixed,
    /// The number of positions of each slice.
    Count,
}

/// Why a slice run is refused before anything is allocated ([`check`], [`check_pairs`]), or why
/// a call that makes the rows failed.  The refusals are bad input; they become [`Error::Usage`]
/// (status 2), with the message shown here.
#[derive(Debug, thiserror::Error)]
pub enum SliceError {
    /// One input alone is refused: fixed heaps past the largest the engine supports, or a number
    /// of positions past the engine's range of values.
    #[error(transparent)]
    Refused(#[from] Refusal<Input>),
    /// The fixed heaps and the number of positions together: the engine's rows would pass the
    /// memory cap or the bound on look-ups ([`MAX_LOOKUPS`]).  The message says what they would
    /// take and what limit that passes; the remedy is smaller fixed heaps or fewer positions.
    #[error("{0}; ask for smaller fixed heaps or fewer positions")]
    PastLimit(String),
    /// The fixed heaps and the number of positions together: the engine's rows would need more
    /// memory than this machine (or this process's limit) has available.  The message says how
    /// much, and how much is available; the remedy is fewer positions or smaller fixed heaps.
    #[error("{0}; ask for fewer positions or smaller fixed heaps")]
    PastMemory(String),
    /// A call past the checks failed (its library error).
    #[error(transparent)]
    Failed(#[from] Error),
}

refusals_are_usage!(SliceError, carries Failed);

/// The columns a slice of `count` positions is expected to need (A_n ≈ n·φ plus a shift that
/// grows with s), for the estimates only: 13/8·count + 8·s + 64.
pub fn columns_estimate(s: u64, count: u64) -> Option<u64> {
    count
        .checked_mul(13)?
        .checked_div(8)?
        .checked_add(s.checked_mul(8)?)?
        .checked_add(64)
}

/// The map of pending targets counted at this many bytes a column (its key, the vector's own
/// fields and a share of the B-tree's nodes) besides the vector's entries, by [`Rows::bytes`]
/// and [`cost`] alike.
///
/// [`Rows::bytes`]: super::Rows::bytes
pub const PENDING_KEY_BYTES: u64 = 64;

/// The most look-ups of the cost model ([`cost`]) a run may take: 2^44, one to eight hours of
/// one core at the 0.2 to 1.6 ns per look-up measured (doc/nheap.md, "The limits, measured").
pub const MAX_LOOKUPS: u64 = 1 << 44;

/// What a run of the engine to `count` positions of each slice is expected to take, found before
/// anything is allocated ([`cost`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// The number of rows.
    pub rows: u64,
    /// The nim-sum moves of all rows together (each kept twice: as a move and reversed).
    pub moves: u64,
    /// The columns expected ([`columns_estimate`], with the shift of the largest row).
    pub columns: u64,
    /// An upper bound of what [`Rows::bytes`] reaches: the moves, reverse moves and lowerings,
    /// and per row its differences, values and holes as the model sizes them, every vector that
    /// grows counted at twice its length (the doubling of its capacity).
    ///
    /// [`Rows::bytes`]: super::Rows::bytes
    pub bytes: u64,
    /// The look-ups of the cost model: per row, (its nim-sum look-ups per candidate + its
    /// lowerings) × (2·differences + 3·columns), plus a bit test per hole and column (without
    /// residue masks, a whole nim-sum test per hole and column).
    pub lookups: u64,
}

/// The cost of the rows of `family` to `count` positions of each slice: `None` when a figure
/// passes 2^64 − 1.  The model (doc/nheap.md, "Cost", "Memory"), with s the smallest heap S of
/// three heaps and 2T for fixed heaps up to T: C = [`columns_estimate`] columns; per row at most
/// D = 5/8·C + 3s + 64 differences, values up to 3·C and 4s holes at a time, each hole with a
/// residue mask of M bits (M = 2^bitlen(largest d) below [`MASKS_BELOW`], else none).  Per row:
/// m nim-sum moves, L = Σ_moves 2^popcount(d) look-ups per candidate and σ lowerings of one fixed
/// heap.  Cost: O(rows + T·min(P, T)) arithmetic.
pub fn cost(family: Family, count: u64) -> Option<Cost> {
    // (m, L, σ) per row, summed: Σm, Σ(L + σ), Σσ; and the largest d
    let (rows, moves, lookups_per_column, lowerings, max_d, s) = match family {
        Family::Three { smallest } => {
            let (mut l, mut w) = (0u128, 0u128);
            for t in 1..=u128::from(smallest) {
                w += 1 << (t as u64).count_ones();
                l += w + t;
            }
            let n = u128::from(smallest) + 1;
            let m = n * (n - 1) / 2;
            (n, m, l, m, smallest, smallest)
        }
        Family::Pairs { p_max, t_max } => {
            let p_top = p_max.min(t_max);
            // g[x1] = Σ_{x2 ≤ q} 2^popcount(x1 ⊕ x2), for the current q
            let mut g = vec![0u128; p_top as usize + 1];
            let (mut n, mut m, mut l, mut low, mut max_d) = (0u128, 0u128, 0u128, 0u128, 0);
            for q in 0..=t_max {
                for (x1, gx) in g.iter_mut().enumerate() {
                    *gx += 1 << (x1 as u64 ^ q).count_ones();
                    max_d = max_d.max(x1 as u64 ^ q);
                }
                let mut sum = 0u128;
                for p in 0..=q.min(p_top) {
                    sum += g[p as usize];
                    let (p1, q1) = (u128::from(p), u128::from(q));
                    n += 1;
                    m += (p1 + 1) * (q1 + 1) - 1;
                    // the (0, 0) term is not a move
                    l += sum - 1 + p1 + q1;
                    low += p1 + q1;
                }
            }
            // the moves of the rows below reach every x1 ≤ min(q, p_max), x2 ≤ q
            (n, m, l, low, max_d, t_max.checked_mul(2)?)
        }
    };
    let columns = columns_estimate(s, count)?;
    let (c, s) = (u128::from(columns), u128::from(s));
    let d = c * 5 / 8 + 3 * s + 64;
    let values = 3 * c;
    let holes = 4 * s;
    let modulus: u128 = if max_d < MASKS_BELOW {
        1 << (64 - max_d.leading_zeros())
    } else {
        0
    };
    let mask = modulus.div_ceil(64) * 8;
    // a vector grown by doubling holds at most max(2·length, 4) elements
    let grown = |len: u128, size: u128| (2 * len).max(4) * size;
    let hole = std::mem::size_of::<Hole>() as u128;
    let per_row = grown(d + 1, 4) + grown(values / 64 + 1, 8) + grown(holes, hole) + holes * mask;
    let vec = std::mem::size_of::<Vec<u8>>() as u128;
    let range = std::mem::size_of::<std::ops::Range<usize>>() as u128;
    let row = std::mem::size_of::<Row>() as u128;
    // moves and reverse moves at their size; lowerings as runs (at most one per lowering) and,
    // while the rows are made, as a list; the column handed out
    let fixed = rows * (row + 3 * vec + 8 + 16)
        + 2 * moves * 16
        + (rows * 4 + 2 * lowerings) * range
        + lowerings * 8;
    // the changes of difference, one list per d ≤ largest d
    let deltas = (0..=max_d)
        .map(|x| vec + 8 * (1u128 << x.count_ones()))
        .sum::<u128>();
    // at most one pending target per row and difference 1..=largest d, in at most largest d
    // columns ahead
    let pending = if modulus > 0 {
        let (e, k) = (rows * u128::from(max_d), u128::from(max_d));
        k * (u128::from(PENDING_KEY_BYTES) + 4 * 24) + 2 * e * 24
    } else {
        0
    };
    let bytes = fixed + deltas + pending + rows * per_row;
    let hole_tests = if modulus > 0 {
        rows * holes
    } else {
        holes * lookups_per_column
    };
    let lookups = lookups_per_column * (2 * d + 3 * c) + c * hole_tests;
    Some(Cost {
        rows: u64::try_from(rows).ok()?,
        moves: u64::try_from(moves).ok()?,
        columns,
        bytes: u64::try_from(bytes).ok()?,
        lookups: u64::try_from(lookups).ok()?,
    })
}

/// Refuses, in one line, slices 0..=`s` of `count` positions that would pass the engine's range,
/// the memory cap, the memory available or [`MAX_LOOKUPS`].
pub fn check(s: u64, count: u64) -> Result<(), SliceError> {
    if let Some(m) = unsupported(s, MAX_SMALLEST, "smallest heaps") {
        return Err(SliceError::refused(Input::Fixed, m));
    }
    check_cost(
        Family::Three { smallest: s },
        count,
        &format!("three-heap slices of smallest heap up to {s}"),
    )
}

/// Refuses, in one line, the four-heap slices of fixed heaps p ≤ min(q, `p_max`), q ≤ `t`, of
/// `count` positions that would pass the engine's range, the memory cap, the memory available or
/// [`MAX_LOOKUPS`].
pub fn check_pairs(p_max: u64, t: u64, count: u64) -> Result<(), SliceError> {
    if let Some(m) = unsupported(t, MAX_PAIR, "four-heap fixed heaps") {
        return Err(SliceError::refused(Input::Fixed, m));
    }
    check_cost(
        Family::Pairs { p_max, t_max: t },
        count,
        &format!("four-heap slices of fixed heaps up to {},{t}", p_max.min(t)),
    )
}

/// A large count in words: digits below 10^6, else as 2.1e14.
fn roughly(x: u64) -> String {
    if x < 1_000_000 {
        x.to_string()
    } else {
        format!("{:.1e}", x as f64)
    }
}

/// The refusals of [`check`] and [`check_pairs`], each naming `what` and `count`.
fn check_cost(family: Family, count: u64, what: &str) -> Result<(), SliceError> {
    let s = match family {
        Family::Three { smallest } => smallest,
        Family::Pairs { t_max, .. } => t_max.saturating_mul(2),
    };
    let cols =
        columns_estimate(s, count).filter(|&c| c.checked_mul(3).is_some_and(|v| v <= MAX_VALUE));
    if cols.is_none() {
        return Err(SliceError::refused(
            Input::Count,
            format!(
                "{count} positions pass the engine's range (values up to {MAX_VALUE}); ask for \
                 fewer"
            ),
        ));
    }
    let cap = resources::MEMORY_CAP;
    let size = resources::size;
    let each = if count == 1 { "position" } else { "positions" };
    let past = |figure: String, limit: String| {
        SliceError::PastLimit(format!(
            "the engine's rows for the {what}, to {count} {each} each, would take {figure}, past \
             {limit}"
        ))
    };
    let Some(c) = cost(family, count).filter(|c| c.bytes <= cap) else {
        let figure = match cost(family, count) {
            Some(c) => format!("about {} of memory", size(c.bytes)),
            None => "more memory than 2^64 bytes".into(),
        };
        return Err(past(figure, format!("the {} memory cap", size(cap))));
    };
    if c.lookups > MAX_LOOKUPS {
        return Err(past(
            format!("about {} look-ups", roughly(c.lookups)),
            "the engine's limit of 2^44 (hours of computing)".into(),
        ));
    }
    match resources::available_memory() {
        Some(available) if c.bytes > available => Err(SliceError::PastMemory(format!(
            "this computation needs {} of memory and {} are available",
            size(c.bytes),
            size(available)
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nheap::slice::Rows;

    #[test]
    fn refusals_are_up_front() {
        let refused = |r: Result<(), SliceError>| match r {
            Err(SliceError::Refused(r)) => Some(r.input),
            _ => None,
        };
        assert_eq!(refused(check(MAX_SMALLEST + 1, 1)), Some(Input::Fixed));
        assert_eq!(refused(check_pairs(0, MAX_PAIR + 1, 1)), Some(Input::Fixed));
        assert_eq!(refused(check(0, u64::MAX)), Some(Input::Count));
        assert!(check(64, 10).is_ok());
        // the four-heap rows up to 255, 255: about 5.4·10^8 moves, kept twice at 16 bytes
        let c = cost(
            Family::Pairs {
                p_max: 255,
                t_max: 255,
            },
            1,
        )
        .unwrap();
        assert_eq!(c.rows, 256 * 257 / 2);
        let moves: u64 = (0..=255u64)
            .flat_map(|q| (0..=q).map(move |p| (p + 1) * (q + 1) - 1))
            .sum();
        assert_eq!(c.moves, moves);
        assert!(c.bytes > 2 * 16 * moves);
        let Err(SliceError::PastLimit(m)) = check_pairs(255, 255, 1) else {
            panic!("the rows up to 255, 255 pass the memory cap");
        };
        assert!(m.contains("memory cap"), "{m}");
        let e = Error::from(SliceError::PastLimit(m));
        assert_eq!(e.exit_code(), 2);
        assert!(
            e.to_string()
                .ends_with("ask for smaller fixed heaps or fewer positions")
        );
        assert!(check_pairs(1, 255, 1000).is_ok());
        // past the look-ups, within the memory: slices up to 2048
        let three = |s| Family::Three { smallest: s };
        let Err(SliceError::PastLimit(m)) = check_cost(three(2048), 1, "slices") else {
            panic!("slices up to 2048 pass the look-ups");
        };
        assert!(m.contains("look-ups"), "{m}");
    }

    #[test]
    fn the_largest_smallest_heap_is_the_last_within_the_look_ups() {
        let three = |s| Family::Three { smallest: s };
        // one position of the slices up to MAX_SMALLEST is within the bound on look-ups; from
        // the next smallest heap on (no residue masks), past it for any number of positions
        let within =
            |s: u64, count| cost(three(s), count).is_some_and(|c| c.lookups <= MAX_LOOKUPS);
        assert_eq!(MAX_SMALLEST, 1023);
        assert!(within(MAX_SMALLEST, 1));
        for s in [MAX_SMALLEST + 1, 1100, 2048, 4096, 1 << 16] {
            assert!(!within(s, 0) && !within(s, 1), "s = {s}");
        }
        assert!(!matches!(
            check(MAX_SMALLEST, 1),
            Err(SliceError::Refused(_) | SliceError::PastLimit(_))
        ));
        for s in [MAX_SMALLEST + 1, 70_000] {
            let Err(SliceError::Refused(r)) = check(s, 1) else {
                panic!("smallest heap {s} accepted");
            };
            assert_eq!(r.input, Input::Fixed);
            assert_eq!(
                r.message,
                format!("smallest heaps up to 1023 are supported, not {s}")
            );
        }
        assert!(Rows::new(MAX_SMALLEST + 1).is_err());
    }

    /// The look-ups per candidate and lowerings of the rows of `family`, summed, counted move by
    /// move from the engine's own lists.
    fn lookups_per_column(r: &Rows) -> u64 {
        (0..r.rows.len())
            .map(|i| {
                let m: u64 = r.moves[i]
                    .iter()
                    .map(|&(_, d)| 1u64 << d.count_ones())
                    .sum();
                let s: usize = r.singles[i].iter().map(|run| run.len()).sum();
                m + s as u64
            })
            .sum()
    }

    #[test]
    fn the_cost_bounds_the_memory_the_engine_allocates() {
        use crate::nheap::listing::Listing;
        let three = |s, all, count| (Listing::three(s, all, count).unwrap(), count);
        let four = |p, q, all, count| (Listing::four(p, q, all, count).unwrap(), count);
        let cases = [
            three(0, false, 300),
            three(1, false, 1000),
            three(5, true, 3000),
            three(16, true, 2000),
            three(40, false, 500),
            three(70, true, 300),
            three(130, false, 1),
            three(3, true, 100_000),
            four(0, 0, false, 300),
            four(1, 2, false, 1000),
            four(3, 3, true, 1000),
            four(2, 9, false, 500),
            four(8, 8, true, 400),
            four(0, 12, false, 300),
            four(20, 20, false, 1),
            four(5, 30, false, 5),
            four(2, 2, true, 30_000),
        ];
        for (mut l, count) in cases {
            let family = l.rows().family();
            let c = cost(family, count).unwrap();
            // the counts of the model are the engine's own
            assert_eq!(c.rows, l.rows().rows.len() as u64, "{family:?}");
            let moves: usize = l.rows().moves.iter().map(Vec::len).sum();
            assert_eq!(c.moves, moves as u64, "{family:?}");
            let per_column = lookups_per_column(l.rows());
            let mut peak = l.rows().bytes();
            while !l.done() {
                l.column(&mut |_, _, _, _| Ok(())).unwrap();
                peak = peak.max(l.rows().bytes());
            }
            assert!(
                peak <= c.bytes,
                "{family:?}, {count}: {peak} bytes used, {} estimated",
                c.bytes
            );
            assert!(l.rows().column() <= c.columns, "{family:?}, {count}");
            assert!(c.lookups >= per_column * l.rows().column(), "{family:?}");
        }
    }
}
