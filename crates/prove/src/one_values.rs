//! The 1-values of Wythoff's Grundy function as data: the 188-state Moore automaton over the
//! Zeckendorf digits of a diagonal d = y − x whose output e_d places the diagonal's one 1-value
//! at x_d = ⌊dφ⌋ + e_d.  The vocabulary's predicate `one` reads it ([`crate::vocabulary`]), and
//! the theorem `one-values` ([`mod@crate::theorems`]) proves that its cells are exactly G⁻¹(1); the
//! engines compute with it (`wythoff::gvalues::automaton`, where it was learned from the greedy
//! sweep and where doc/gvalues.md describes it).

/// "No transition": a state reached by reading a 1 (Zeckendorf digits have no two adjacent 1s).
pub const NONE: u8 = u8::MAX;

/// One state: (its output e, the next state on digit 0, the next state on digit 1 or `NONE`).
pub type State = (i8, u8, u8);

/// The 188-state automaton, state 0 first: `TABLE[s] = (e, next on 0, next on 1)`.  Copied by
/// program from the learner's output; state 0 on digit 0 stays in state 0, so leading zeros do
/// not matter.
#[rustfmt::skip]
pub const TABLE: [State; 188] = [
    (2, 0, 1), (-1, 2, NONE), (2, 3, 4), (-1, 5, 6), (-2, 7, NONE), (1, 8, 9), (1, 10, NONE),
    (2, 11, 12), (-1, 13, 14), (-2, 15, NONE), (-1, 16, 17), (5, 18, 19), (-2, 20, NONE),
    (-3, 21, 22), (1, 23, NONE), (2, 24, 25), (-1, 26, 27), (5, 28, NONE), (-2, 29, 4),
    (-2, 5, NONE), (-2, 30, 31), (1, 32, 33), (4, 34, NONE), (-2, 35, 36), (-2, 37, 38),
    (-2, 39, NONE), (2, 40, 4), (-1, 5, NONE), (-2, 41, 31), (2, 42, 43), (1, 10, 44),
    (4, 45, NONE), (-2, 46, 47), (-2, 48, NONE), (-2, 49, 50), (3, 51, 52), (-2, 53, NONE),
    (1, 54, 55), (1, 56, NONE), (2, 57, 58), (-1, 59, 6), (1, 10, 60), (-2, 61, 62),
    (-2, 63, NONE), (8, 18, NONE), (-2, 64, 65), (-2, 66, 67), (-2, 68, NONE), (-1, 21, 22),
    (1, 23, 69), (5, 70, NONE), (-2, 71, 72), (-2, 73, NONE), (-2, 74, 75), (5, 76, 19),
    (-2, 77, NONE), (-3, 78, 79), (-2, 80, 81), (-1, 82, NONE), (1, 83, 9), (7, 18, NONE),
    (-2, 84, 85), (-2, 86, NONE), (-1, 87, 17), (-2, 5, 88), (-2, 89, NONE), (-1, 90, 91),
    (2, 92, NONE), (-2, 93, 31), (-2, 37, NONE), (-2, 94, 95), (2, 96, 97), (-2, 98, NONE),
    (1, 99, 100), (1, 101, 102), (5, 76, NONE), (-2, 103, 4), (-2, 104, 105), (2, 106, 107),
    (1, 108, NONE), (2, 109, 110), (-1, 111, NONE), (2, 112, 113), (-1, 114, 115), (-1, 116, 91),
    (1, 117, NONE), (2, 118, 9), (-1, 119, 27), (1, 120, NONE), (2, 121, 110), (-1, 111, 122),
    (4, 123, NONE), (-2, 124, 9), (-2, 10, 44), (1, 56, 100), (4, 101, NONE), (-2, 125, 126),
    (-2, 127, NONE), (2, 8, 9), (-1, 128, 79), (-2, 80, NONE), (-1, 129, 130), (5, 131, NONE),
    (-2, 5, 6), (1, 10, 132), (2, 76, NONE), (-2, 133, 134), (-2, 135, NONE), (-1, 129, 136),
    (4, 137, 138), (-2, 139, NONE), (-3, 140, 72), (5, 141, 142), (-2, 143, NONE), (-3, 49, 144),
    (1, 145, NONE), (-1, 111, 146), (-2, 147, 113), (-2, 148, 115), (2, 149, 150), (-1, 16, 151),
    (4, 152, 138), (7, 141, NONE), (-2, 153, 72), (-2, 141, 154), (3, 131, 19), (-2, 155, NONE),
    (2, 54, 12), (1, 156, 100), (-1, 111, 157), (5, 123, NONE), (-2, 158, 150), (5, 18, NONE),
    (-2, 98, 159), (1, 160, NONE), (2, 161, 110), (7, 123, NONE), (-2, 162, 100), (-2, 84, NONE),
    (-2, 163, 164), (2, 23, 97), (-1, 87, 165), (2, 166, NONE), (-2, 167, 22), (4, 168, NONE),
    (-2, 169, 126), (8, 141, NONE), (-2, 141, 142), (-1, 49, 144), (-1, 170, 171), (-2, 172, NONE),
    (7, 28, NONE), (-2, 173, 65), (2, 166, 97), (1, 166, NONE), (-2, 104, 75), (-1, 170, 79),
    (5, 141, NONE), (-2, 73, 171), (-1, 128, NONE), (-2, 74, 174), (4, 45, 138), (-2, 73, 79),
    (1, 117, 175), (4, 176, NONE), (4, 155, NONE), (-2, 177, 126), (-2, 127, 178), (-2, 94, 179),
    (3, 180, 19), (1, 181, 65), (1, 101, NONE), (2, 182, 12), (2, 42, 183), (7, 76, NONE),
    (-2, 148, NONE), (-2, 184, 50), (3, 76, 19), (-1, 13, NONE), (5, 66, NONE), (-2, 185, 4),
    (-1, 59, 88), (5, 131, 19), (-2, 186, NONE), (1, 145, 69), (2, 92, 187), (-1, 87, 151),
    (-2, 10, NONE),
];
