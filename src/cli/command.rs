//! The command line's grammar: the program's flags and every command with its arguments, as
//! `clap` derives them.

use super::cw::*;
use super::generate::*;
use super::grundy_args::*;
use super::gvalue::*;
use super::learn::*;
use super::line_pairs::*;
use super::manual;
use super::nheap_args::NheapArgs;
use super::nth::*;
use super::oeis::*;
use super::pairs::*;
use super::play::*;
use super::prove::*;
use super::ratwyt::*;
use super::rows::*;
use super::sum::*;
use super::three::*;
use super::three_move::*;
use super::verify::*;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "wythoff",
    version,
    about = "Exact P-positions of Wythoff's game and Fraenkel's generalization, at any size",
    long_about = "Exact P-positions of Wythoff's game (a = 1) and Fraenkel's generalized game \
                  (take any amount from one pile, or k and l from both with |k - l| < a), \
                  computed by the recursive, algebraic or arithmetic strategy.\n\n\
                  Numbers may be written as digits, 1e9 or 2^64.",
    arg_required_else_help = true,
    args_conflicts_with_subcommands = true
)]
pub(crate) struct Cli {
    /// Print the manual page (roff, every command on one page: `man -l FILE`) or a shell's
    /// completion script, and do nothing else.
    #[arg(long, value_enum, value_name = "WHAT", exclusive = true)]
    pub(crate) generate: Option<manual::Generated>,
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Print the n-th P-position: n, A_n, B_n.
    Nth(NthArgs),
    /// Say whether (X, Y) is a P- or N-position and list every winning move.
    Move(MoveArgs),
    /// P-positions for START <= n <= STOP: text, b-file, binary, word, count or checksum.
    Pairs(PairsArgs),
    /// The default job: write a standard set of outputs into out/.
    Generate(GenerateArgs),
    /// Three-pile Wythoff: the P-positions x <= y <= z <= N.
    Three(ThreeArgs),
    /// Three-pile Wythoff: P or N, and a winning move, for (X, Y, Z).
    ThreeMove(ThreeMoveArgs),
    /// N-heap Wythoff (nim-sum moves): P or N and every winning move of H1 ... HN, or
    /// `--slice A` the P-positions (A, A_n, B_n) of three heaps.
    Nheap(NheapArgs),
    /// RATWYT / Game I on two reduced rationals: induced integers, outcome, every winning move.
    Ratwyt(RatwytArgs),
    /// Game II: one rational, a move does 1..=t steps toward the root.
    GameTwo(GameTwoArgs),
    /// Game III: several rationals, a move does steps on one of them (Nim on induced integers).
    GameThree(GameThreeArgs),
    /// The Calkin-Wilf tree: level, parent, children, path and breadth-first index of a rational.
    Cw(CwArgs),
    /// Sprague-Grundy tables: `grundy N -o FILE`, `--print`, `--checksum`, `--check FILE`,
    /// `grundy get FILE X Y`, `grundy at X Y`.
    Grundy(GrundyArgs),
    /// The g-values of Wythoff's Grundy function without a table: `gvalue G N` prints the N-th
    /// (x, y), x <= y, with G(x, y) = G; `gvalue G --count K` streams the first K.
    Gvalue(GvalueArgs),
    /// Rows 0..X-1 of Wythoff's Grundy function: certified preperiods and additive periods.
    Rows(RowsArgs),
    /// A disjunctive sum of positions X1,Y1 X2,Y2 ...: Grundy values, nim-sum, a winning move.
    Sum(SumArgs),
    /// Write the b-file of a catalogued OEIS sequence (`oeis --list` shows the catalogue).
    Oeis(OeisArgs),
    /// Verify the strategies against each other and the recursive definition, with a report.
    Verify(VerifyArgs),
    /// Play against the program: two piles (any a, normal or misère), three piles, or a sum.
    Play(PlayArgs),
    /// The P-positions (x, y) of a two-pile line game with the Nim moves, one per row x < N.
    LinePairs(LinePairsArgs),
    /// Decide a first-order statement about Wythoff's sequences by automata: TRUE or FALSE
    /// (with the least counterexample), or `--theorem NAME` (doc/prove.md).
    Prove(ProveArgs),
    /// Learn the automaton of a game's P-positions from its engine and prove it from the
    /// game's rules, or say that none was found (doc/learn.md).
    Learn(LearnArgs),
}
