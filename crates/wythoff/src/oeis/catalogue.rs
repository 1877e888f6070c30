//! The catalogue table: every OEIS sequence the program writes, with its offset, title, default
//! and largest term count, and the engine that computes it ([`super::terms`]).  Titles follow the
//! entries' data where their names disagree (A184522, A090909; doc/oeis.md).  The published terms
//! of each entry are in `data/oeis/ANNNNNN.txt` and every entry is tested against them.
//!
//! `max_terms` is what the engine reaches, and [`Source::limit_reason`] says why: the streamed
//! entries (pairs, Fibonacci word, partners and means, Grundy rows and their inverses, the cells
//! of the Wythoff array) the index range n ≤ 2^64 − 1; the Wythoff array
//! entries (big integers) a b-file of 4 GiB; the entries computed in memory their memory (16
//! bytes a term, or the engine's table); the three-pile entries the box the solver's memory cap
//! allows.

use super::{Entry, Source, grundy_table, line_games, three_pile_rows, wythoff_array};

/// Terms of the streamed entries: the index range (a b-file line's n ≤ 2^64 − 1, and the
/// pairs generator's).
const INDEX: u64 = u64::MAX;
/// Terms of A051261: the most whose box stays within the solver's memory cap (tested in
/// `three_pile_rows`).
pub(crate) const THREE_DIAGONAL_MAX: u64 = 101_425;

/// The catalogue.
pub const CATALOGUE: &[Entry] = &[
    Entry {
        anum: "A000201",
        offset: 1,
        title: "Lower Wythoff sequence: floor(n*phi)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 1, upper: false },
    },
    Entry {
        anum: "A001950",
        offset: 1,
        title: "Upper Wythoff sequence: floor(n*phi^2)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 1, upper: true },
    },
    Entry {
        anum: "A066096",
        offset: 0,
        title: "floor(n*phi) from n = 0",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 1, upper: false },
    },
    Entry {
        anum: "A001951",
        offset: 0,
        title: "floor(n*sqrt(2)) (lower, a = 2)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 2, upper: false },
    },
    Entry {
        anum: "A001952",
        offset: 1,
        title: "floor(n*(2+sqrt(2))) (upper, a = 2)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 2, upper: true },
    },
    Entry {
        anum: "A184480",
        offset: 1,
        title: "floor(n*(-1+sqrt(13))/2) (lower, a = 3)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 3, upper: false },
    },
    Entry {
        anum: "A001956",
        offset: 1,
        title: "floor(n*(5+sqrt(13))/2) (upper, a = 3)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 3, upper: true },
    },
    Entry {
        anum: "A002251",
        offset: 0,
        title: "Wythoff partner: swap lower and upper Wythoff numbers",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Partner,
    },
    Entry {
        anum: "A003849",
        offset: 0,
        title: "The infinite Fibonacci word",
        default_terms: 10_000,
        max_terms: INDEX - 1,
        source: Source::FibonacciWord,
    },
    Entry {
        anum: "A004481",
        offset: 0,
        title: "Sprague-Grundy table of Wythoff's game by antidiagonals",
        default_terms: 10_000,
        max_terms: grundy_table::ANTIDIAGONAL_MAX,
        source: Source::GrundyAntidiagonals,
    },
    Entry {
        anum: "A004482",
        offset: 0,
        title: "Sprague-Grundy row 1 (tersum n + 1)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::GrundyRow(1),
    },
    Entry {
        anum: "A004483",
        offset: 0,
        title: "Sprague-Grundy row 2 (tersum n + 2)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::GrundyRow(2),
    },
    Entry {
        anum: "A004484",
        offset: 0,
        title: "Sprague-Grundy row 3",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::GrundyRow(3),
    },
    Entry {
        anum: "A004485",
        offset: 0,
        title: "Sprague-Grundy row 4",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::GrundyRow(4),
    },
    Entry {
        anum: "A004486",
        offset: 0,
        title: "Sprague-Grundy row 5",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::GrundyRow(5),
    },
    Entry {
        anum: "A004487",
        offset: 0,
        title: "Sprague-Grundy row 6",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::GrundyRow(6),
    },
    Entry {
        anum: "A046874",
        offset: 0,
        title: "Preperiods of the rows of the Sprague-Grundy table",
        default_terms: 64,
        max_terms: 128,
        source: Source::RowPreperiods,
    },
    Entry {
        anum: "A046875",
        offset: 0,
        title: "Additive periods of the rows of the Sprague-Grundy table",
        default_terms: 64,
        max_terms: 128,
        source: Source::RowPeriods,
    },
    Entry {
        anum: "A047708",
        offset: 0,
        title: "Diagonal G(n, n) of the Sprague-Grundy table",
        default_terms: 10_000,
        max_terms: grundy_table::SIDE,
        source: Source::GrundyDiagonal,
    },
    Entry {
        anum: "A048850",
        offset: 0,
        title: "Position of n in A047708",
        default_terms: 10_000,
        max_terms: grundy_table::INVERSE_MAX,
        source: Source::GrundyDiagonalInverse,
    },
    Entry {
        anum: "A317205",
        offset: 0,
        title: "Sprague-Grundy triangle G(n, k), 0 <= k <= n, by rows",
        default_terms: 10_000,
        max_terms: grundy_table::ANTIDIAGONAL_MAX,
        source: Source::GrundyTriangle,
    },
    Entry {
        anum: "A018219",
        offset: 0,
        title: "Three-pile Wythoff: T(a,b) with (a,b,T) a P-position, by antidiagonals",
        default_terms: 10_000,
        max_terms: three_pile_rows::TABLE_MAX,
        source: Source::ThreeAntidiagonals,
    },
    Entry {
        anum: "A051261",
        offset: 0,
        title: "Three-pile Wythoff: (n, n, a(n)) is a P-position",
        default_terms: 2_000,
        max_terms: THREE_DIAGONAL_MAX,
        source: Source::ThreeDiagonal,
    },
    Entry {
        anum: "A001961",
        offset: 1,
        title: "floor(n*(sqrt(5)-1)) (lower, a = 4)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 4, upper: false },
    },
    Entry {
        anum: "A001962",
        offset: 1,
        title: "floor(n*(sqrt(5)+3)) (upper, a = 4)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 4, upper: true },
    },
    Entry {
        anum: "A184522",
        offset: 1,
        title: "floor(n*(-3+sqrt(29))/2) (lower, a = 5; the OEIS name says upper, its data are the lower)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 5, upper: false },
    },
    Entry {
        anum: "A184523",
        offset: 1,
        title: "floor(n*(7+sqrt(29))/2) (upper, a = 5)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::Pairs { a: 5, upper: true },
    },
    Entry {
        anum: "A072061",
        offset: 1,
        title: "A_1, B_1, A_2, B_2, ...: the Wythoff pairs interleaved",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::PairsInterleaved,
    },
    Entry {
        anum: "A064206",
        offset: 0,
        title: "Inverse of Sprague-Grundy row 3 (A004484): the y with G(3, y) = n",
        default_terms: 10_000,
        max_terms: INDEX - 5,
        source: Source::GrundyRowInverse(3),
    },
    Entry {
        anum: "A064207",
        offset: 0,
        title: "Inverse of Sprague-Grundy row 4 (A004485): the y with G(4, y) = n",
        default_terms: 10_000,
        max_terms: INDEX - 7,
        source: Source::GrundyRowInverse(4),
    },
    Entry {
        anum: "A064208",
        offset: 0,
        title: "Inverse of Sprague-Grundy row 5 (A004486): the y with G(5, y) = n",
        default_terms: 10_000,
        max_terms: INDEX - 9,
        source: Source::GrundyRowInverse(5),
    },
    Entry {
        anum: "A064211",
        offset: 0,
        title: "Inverse of Sprague-Grundy row 6 (A004487): the y with G(6, y) = n",
        default_terms: 10_000,
        max_terms: INDEX - 11,
        source: Source::GrundyRowInverse(6),
    },
    Entry {
        anum: "A035513",
        offset: 1,
        title: "Wythoff array W(n, k) by antidiagonals, row n = 1, 2, ... first",
        default_terms: 10_000,
        max_terms: wythoff_array::ANTIDIAGONALS_MAX,
        source: Source::WythoffArray { transposed: false },
    },
    Entry {
        anum: "A083412",
        offset: 0,
        title: "Wythoff array by antidiagonals, column k = 1, 2, ... first (A035513 transposed)",
        default_terms: 10_000,
        max_terms: wythoff_array::TRANSPOSED_MAX,
        source: Source::WythoffArray { transposed: true },
    },
    Entry {
        anum: "A064274",
        offset: 0,
        title: "Position of n in A035513 (its inverse permutation, a(0) = 0)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::WythoffArrayInverse,
    },
    Entry {
        anum: "A003603",
        offset: 1,
        title: "Row of the Wythoff array containing n (rows from 1)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::WythoffArrayRow { first: 1 },
    },
    Entry {
        anum: "A019586",
        offset: 1,
        title: "Row of the Wythoff array containing n (rows from 0)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::WythoffArrayRow { first: 0 },
    },
    Entry {
        anum: "A035612",
        offset: 1,
        title: "Column of the Wythoff array containing n (columns from 1)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::WythoffArrayColumn,
    },
    Entry {
        anum: "A080164",
        offset: 1,
        title: "Wythoff difference array d(i, j) = W(i, 2j) - W(i, 2j-1) by antidiagonals",
        default_terms: 2_000,
        max_terms: wythoff_array::DIFFERENCES_MAX,
        source: Source::WythoffDifferences,
    },
    Entry {
        anum: "A020941",
        offset: 1,
        title: "Main diagonal W(n, n) of the Wythoff array",
        default_terms: 100,
        max_terms: wythoff_array::DIAGONAL_MAX,
        source: Source::WythoffArrayDiagonal,
    },
    Entry {
        anum: "A073869",
        offset: 0,
        title: "Running mean of A002251: (A002251(0) + ... + A002251(n))/(n+1)",
        default_terms: 10_000,
        max_terms: INDEX,
        source: Source::PartnerMean,
    },
    Entry {
        anum: "A090909",
        offset: 1,
        title: "The k >= 1 with m(k-1) = m(k) != m(k+1), m = A073869 (the OEIS name says terms, its data are the k)",
        default_terms: 10_000,
        max_terms: INDEX - 2,
        source: Source::PartnerMeanPlateaus,
    },
    Entry {
        anum: "A018220",
        offset: 0,
        title: "Three-pile Wythoff row 1 of A018219: (1, n, a(n)) is a P-position",
        default_terms: 2_000,
        max_terms: three_pile_rows::ROW_MAX,
        source: Source::ThreeRow(1),
    },
    Entry {
        anum: "A018221",
        offset: 0,
        title: "Three-pile Wythoff row 2 of A018219: (2, n, a(n)) is a P-position",
        default_terms: 2_000,
        max_terms: three_pile_rows::ROW_MAX,
        source: Source::ThreeRow(2),
    },
    Entry {
        anum: "A018222",
        offset: 0,
        title: "Three-pile Wythoff row 3 of A018219: (3, n, a(n)) is a P-position",
        default_terms: 2_000,
        max_terms: three_pile_rows::ROW_MAX,
        source: Source::ThreeRow(3),
    },
    Entry {
        anum: "A077226",
        offset: 0,
        title: "Three-pile Wythoff: (n, a(n), a(n)) is a P-position (inverse of A051261)",
        default_terms: 500,
        max_terms: three_pile_rows::DIAGONAL_INVERSE_MAX,
        source: Source::ThreeDiagonalInverse,
    },
    Entry {
        anum: "A307281",
        offset: 0,
        title: "Maharaja Nim: the P-position (n, a(n)) of row n",
        default_terms: 10_000,
        max_terms: crate::lines::ppos::MAX_ROWS,
        source: Source::LinePairs("1,0:0,1:1,1:j1,2:j2,1"),
    },
    Entry {
        anum: "A307296",
        offset: 0,
        title: "NimHof [1,0], [1,1], [3,2], [0,1]: Sprague-Grundy table by antidiagonals",
        default_terms: LINE_GAME_TERMS,
        max_terms: line_games::terms_of_side(line_games::A307296_SIDE),
        source: Source::LineGame("1,0:1,1:3,2:0,1"),
    },
    Entry {
        anum: "A307297",
        offset: 0,
        title: "NimHof [1,0], [2,1], [3,3], [0,1]: Sprague-Grundy table by antidiagonals",
        default_terms: LINE_GAME_TERMS,
        max_terms: line_games::terms_of_side(line_games::A307297_SIDE),
        source: Source::LineGame("1,0:2,1:3,3:0,1"),
    },
    Entry {
        anum: "A307298",
        offset: 0,
        title: "NimHof [1,0], [1,1], [2,3], [1,2], [0,1]: Sprague-Grundy table by antidiagonals",
        default_terms: LINE_GAME_TERMS,
        max_terms: line_games::terms_of_side(line_games::A307298_SIDE),
        source: Source::LineGame("1,0:1,1:2,3:1,2:0,1"),
    },
    Entry {
        anum: "A307299",
        offset: 0,
        title: "NimHof [1,0], [1,1], [1,2], [0,1]: Sprague-Grundy table by antidiagonals",
        default_terms: LINE_GAME_TERMS,
        max_terms: line_games::terms_of_side(line_games::A307299_SIDE),
        source: Source::LineGame("1,0:1,1:1,2:0,1"),
    },
    Entry {
        anum: "A307300",
        offset: 0,
        title: "NimHof [1,0], [2,2], [0,1]: Sprague-Grundy table by antidiagonals",
        default_terms: LINE_GAME_TERMS,
        max_terms: line_games::terms_of_side(line_games::A307300_SIDE),
        source: Source::LineGame("1,0:2,2:0,1"),
    },
    Entry {
        anum: "A307301",
        offset: 0,
        title: "NimHof [1,0], [3,1], [0,1]: Sprague-Grundy table by antidiagonals",
        default_terms: LINE_GAME_TERMS,
        max_terms: line_games::terms_of_side(line_games::A307301_SIDE),
        source: Source::LineGame("1,0:3,1:0,1"),
    },
    Entry {
        anum: "A307302",
        offset: 0,
        title: "NimHof [1,0], [3,3], [0,1]: Sprague-Grundy table by antidiagonals",
        default_terms: LINE_GAME_TERMS,
        max_terms: line_games::terms_of_side(line_games::A307302_SIDE),
        source: Source::LineGame("1,0:3,3:0,1"),
    },
];

impl Source {
    /// Why the engine stops at the entry's `max_terms`, in one phrase.
    pub(super) fn limit_reason(&self) -> &'static str {
        match *self {
            Source::Pairs { .. } => "the index range n <= 2^64 - 1 of the pairs generator",
            Source::PairsInterleaved => "the b-file's index range n <= 2^64 - 1",
            Source::FibonacciWord => {
                "a(n) reads A_(n+2), and the pairs generator ends at n = 2^64 - 1"
            }
            Source::GrundyRow(_) => {
                "the index range n <= 2^64 - 1 (the proved period gives every term)"
            }
            Source::Partner | Source::PartnerMean => "the index range n <= 2^64 - 1",
            Source::PartnerMeanPlateaus => {
                "k is searched among the means m(n), n <= 2^64 - 2 (a shortfall is an error)"
            }
            Source::GrundyAntidiagonals | Source::GrundyTriangle => {
                "the 12 GiB memory cap for the Grundy table of the antidiagonals (side 82,743), \
                 the terms streamed from it"
            }
            Source::RowPreperiods | Source::RowPeriods => {
                "the rows certified on demand (a row certificate gives more)"
            }
            Source::GrundyDiagonal => {
                "the 12 GiB memory cap for the Grundy table of side n (at most 82,743)"
            }
            Source::GrundyDiagonalInverse => {
                "the 12 GiB memory cap for the Grundy table of side 2n + 2 (at most 82,743)"
            }
            Source::ThreeAntidiagonals => {
                "the 12 GiB memory cap for the box X = 3d of the antidiagonals and their terms \
                 (8 bytes each)"
            }
            Source::ThreeDiagonal | Source::ThreeRow(_) | Source::ThreeDiagonalInverse => {
                "the three-pile solver's 12 GiB memory cap"
            }
            Source::GrundyRowInverse(_) => {
                "a(n) is found at a column y <= n + 2r, which must stay <= 2^64 - 1"
            }
            Source::WythoffArray { .. }
            | Source::WythoffDifferences
            | Source::WythoffArrayDiagonal => "the b-file would pass 2^32 bytes (4 GiB)",
            Source::WythoffArrayInverse
            | Source::WythoffArrayRow { .. }
            | Source::WythoffArrayColumn => "the index range n <= 2^64 - 1",
            Source::LineGame(_) => {
                "the line engine's 12 GiB memory cap for the table of the antidiagonals"
            }
            Source::LinePairs(_) => {
                "the row-by-row P-position search's index range (at most 2 * 10^8 rows)"
            }
        }
    }
}

/// Terms of a NimHof b-file by default: the 1000 antidiagonals 0..999.
const LINE_GAME_TERMS: u64 = 500_500;
