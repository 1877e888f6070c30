//! Sprague–Grundy values of generalized Wythoff: tables G(x, y) for 0 ≤ x, y < N, written to
//! files, read back through memory maps, checksummed and checked (doc/grundy.md; K. Xiao, "Winning
//! strategies for Wythoff's game", §4).
//!
//! G(x, y) = mex{G(x', y) : x' < x} ∪ {G(x, y') : y' < y} ∪ {G(x−k, y−l) : k, l ≥ 1, |k−l| < a}.
//! Every option has a smaller x + y, so G(x, y) ≤ x + y by induction; the value width of a table is
//! chosen from that bound (2N − 2).  G is symmetric, so tables store the upper triangle.
//!
//! In memory: [`answer`] computes a table and answers what is asked of it (the table, its proof,
//! its checksum), the shape the line games share ([`crate::lines::answer`]).
//!
//! Files: [`crate::files::table`] (the table file format and its validation),
//! [`crate::files::bands`] (its band index), [`check`](mod@check) (the proof that a table is the Sprague–Grundy function), [`checksum`] (the
//! documented checksum of the square).

mod answer;
pub mod bits;
pub mod check;
pub mod checksum;
pub mod engine;
pub mod picture;
pub mod rows;
pub use wythoff_files::store;
pub mod write;

use crate::context::Context;
use crate::error::{Error, Result};
use crate::files::resources;
pub use crate::files::table::{HEADER_LEN, TableFile, TableHeader};
pub use answer::{Answer, Ask, Checksum, Square, answer};
pub use check::{CheckReport, check, check_with};
pub use checksum::square_checksum;
use std::path::Path;
pub use store::Layout;
use store::PayloadPtr;
pub use write::{Partial, ResumeError, WriteError, write_table};

/// Validated parameters of a table computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Parameter a ≥ 1.
    pub a: u64,
    /// Side N ≥ 1.
    pub n: usize,
}

/// Largest side accepted (values and indices stay within u32 and the layout within usize).
pub const MAX_N: u64 = 1 << 20;

/// Parameters no table can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// a = 0.
    #[error("the parameter a must be at least 1")]
    ZeroA,
    /// N outside 1..=MAX_N.
    #[error("the side must be between 1 and {MAX_N}, got {0}")]
    Side(u64),
}

impl From<SpecError> for Error {
    fn from(e: SpecError) -> Error {
        Error::domain(e.to_string())
    }
}

impl Spec {
    /// Checks a and N.
    pub fn new(a: u64, n: u64) -> std::result::Result<Spec, SpecError> {
        if a == 0 {
            return Err(SpecError::ZeroA);
        }
        if n == 0 || n > MAX_N {
            return Err(SpecError::Side(n));
        }
        Ok(Spec { a, n: n as usize })
    }

    /// The payload layout: width from the bound G ≤ x + y ≤ 2N − 2.
    pub fn layout(&self) -> Layout {
        Layout {
            n: self.n,
            width: Layout::width_for(2 * self.n as u64 - 2),
        }
    }

    /// Memory the engine's sets need, in bytes.
    pub fn engine_bytes(&self) -> u64 {
        engine::memory_bytes(self.n)
    }
}

/// Refuses a run of a table whose memory or disk needs exceed what the machine has, naming the
/// side N as what to lower ([`crate::files::resources::check`]).
pub fn check_resources(memory: u64, disk: u64, dir: Option<&Path>) -> Result<()> {
    resources::check(memory, disk, dir, "side N")
}

/// Runs the engine over rows `run.from_row..N` of `run.payload`, rebuilding its sets from the
/// rows before; [`Error::Cancelled`] when `run.cancel` stopped it (the rows after the last
/// reported band are then incomplete).
fn fill(spec: Spec, run: engine::Run) -> Result<()> {
    let mut state = if run.from_row == 0 {
        engine::State::new(spec.n, spec.a)
    } else {
        engine::State::rebuild(spec.n, spec.a, run.payload, run.from_row)
            .map_err(|e| Error::damaged(format!("the partial table cannot be resumed: {e}")))?
    };
    engine::fill(&mut state, run);
    run.cancel.check()
}

/// A table in memory.
pub struct Table {
    /// Parameters.
    pub spec: Spec,
    /// Layout of `data`.
    pub layout: Layout,
    /// The payload (upper triangle).
    pub data: Vec<u8>,
}

impl Table {
    /// Computes the table in memory with `ctx`'s workers, reporting cells finished to its
    /// progress; stops between columns once its flag is set, with [`Error::Cancelled`].
    pub fn compute(spec: Spec, ctx: &Context) -> Result<Table> {
        let layout = spec.layout();
        check_resources(spec.engine_bytes() + layout.bytes() as u64, 0, None)?;
        let mut data = vec![0u8; layout.bytes()];
        let run = engine::Run {
            payload: PayloadPtr::new(&mut data, layout),
            from_row: 0,
            threads: ctx.threads(),
            progress: ctx.progress(),
            band_done: &|_| {},
            cancel: ctx.cancel(),
        };
        fill(spec, run)?;
        Ok(Table { spec, layout, data })
    }

    /// G(x, y), any order.
    pub fn get(&self, x: usize, y: usize) -> u32 {
        store::read(&self.data, self.layout, x, y)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cancel::Cancel;
    use crate::game::{BruteForce, Rules};

    /// G by a direct mex over the options, from the rules (the naive reference).
    pub(crate) fn naive(n: usize, a: u64) -> Vec<u32> {
        let mut g = vec![0u32; n * n];
        for x in 0..n {
            for y in 0..n {
                let mut seen = vec![false; 2 * n + 2];
                for u in 0..x {
                    seen[g[u * n + y] as usize] = true;
                }
                for v in 0..y {
                    seen[g[x * n + v] as usize] = true;
                }
                for k in 1..=x {
                    for l in 1..=y {
                        if (k as i64 - l as i64).unsigned_abs() < a {
                            seen[g[(x - k) * n + y - l] as usize] = true;
                        }
                    }
                }
                g[x * n + y] = seen.iter().position(|&s| !s).unwrap() as u32;
            }
        }
        g
    }

    #[test]
    fn engines_equal_the_naive_mex() {
        for a in [1u64, 2, 3, 4, 5, 7, 12] {
            for n in [1usize, 2, 5, 64, 65, 130] {
                let want = naive(n, a);
                for threads in [1, 3] {
                    let t = Table::compute(Spec::new(a, n as u64).unwrap(), &Context::new(threads))
                        .unwrap();
                    for x in 0..n {
                        for y in 0..n {
                            assert_eq!(t.get(x, y), want[x * n + y], "a={a} n={n} ({x},{y})");
                        }
                    }
                }
            }
        }
    }

    /// Past the sizes the naive mex reaches: several bands, band boundaries inside the move
    /// band of a, more workers than bands and fewer — each table proved by `check` (an
    /// independent proof: every cell the mex of its row, column and all 2a − 1 move diagonals).
    #[test]
    fn engine_tables_are_proved_for_every_a() {
        // (a ≥ N acts like a = N, and the proof costs O(a) per cell and diagonal: large a only
        // at small sides, still more than one band)
        for (a, sides) in [1u64, 2, 3, 5, 8, 12, 70, 1000].map(|a| {
            (
                a,
                if a < 50 {
                    &[257usize, 700][..]
                } else {
                    &[130][..]
                },
            )
        }) {
            for &n in sides {
                for threads in [1, 2, 5] {
                    let t = Table::compute(Spec::new(a, n as u64).unwrap(), &Context::new(threads))
                        .unwrap();
                    let r = check(&t.data, t.layout, a).unwrap();
                    assert!(r.ok, "a={a} n={n} threads={threads}: {:?}", r.problems);
                }
            }
        }
    }

    #[test]
    fn a_cancelled_computation_stops_with_cancelled() {
        let cancel = Cancel::new();
        cancel.cancel();
        for threads in [1, 3] {
            let r = Table::compute(
                Spec::new(1, 300).unwrap(),
                &Context::new(threads).with_cancel(&cancel),
            );
            assert!(matches!(r, Err(Error::Cancelled)), "threads={threads}");
        }
        // cancelled from the progress callback, part-way through
        let late = Cancel::new();
        let cells = std::sync::atomic::AtomicU64::new(0);
        let r = Table::compute(
            Spec::new(1, 600).unwrap(),
            &Context::new(2)
                .with_progress(&|k| {
                    if cells.fetch_add(k, std::sync::atomic::Ordering::Relaxed) > 5000 {
                        late.cancel();
                    }
                })
                .with_cancel(&late),
        );
        assert!(matches!(r, Err(Error::Cancelled)));
    }

    #[test]
    fn zeros_are_the_brute_force_p_positions() {
        for a in 1..=4u64 {
            let n = 40;
            let t = Table::compute(Spec::new(a, n).unwrap(), &Context::new(2)).unwrap();
            let b = BruteForce::solve(Rules::new(a, false).unwrap(), n as usize);
            for x in 0..n as usize {
                for y in 0..n as usize {
                    assert_eq!(t.get(x, y) == 0, b.is_p(x, y));
                }
            }
        }
    }

    #[test]
    fn xiao_table_and_examples() {
        // Xiao, §4 (the 11×11 table, Examples 14 and 15): the first rows, G(3,5) = 0, G(2,4) = 3,
        // G(1,11) = 9.
        let t = Table::compute(Spec::new(1, 12).unwrap(), &Context::serial()).unwrap();
        let row = |x: usize, k: usize| -> Vec<u32> { (0..k).map(|y| t.get(x, y)).collect() };
        assert_eq!(row(0, 6), [0, 1, 2, 3, 4, 5]);
        assert_eq!(row(1, 9), [1, 2, 0, 4, 5, 3, 7, 8, 6]);
        assert_eq!(row(2, 9), [2, 0, 1, 5, 3, 4, 8, 6, 7]);
        assert_eq!(row(3, 11), [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8]);
        assert_eq!((t.get(3, 5), t.get(2, 4), t.get(1, 11)), (0, 3, 9));
    }
}
