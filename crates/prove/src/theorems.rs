//! The named theorems: each a list of sentences with the verdict the procedure gives them, and
//! what they prove together (doc/prove.md gives the arguments that turn them into proofs).

/// A named theorem.
pub struct Theorem {
    /// Its name (`wythoff prove --theorem NAME`).
    pub name: &'static str,
    /// What the sentences prove together.
    pub about: &'static str,
    /// (what the sentence says, the sentence, its verdict).
    pub sentences: &'static [(&'static str, &'static str, bool)],
}

/// The sentences "S is independent" (no row, column or diagonal move joins two cells of S) and
/// "every cell outside `outside` has a move into S", for a predicate S written `@`.
macro_rules! kernel {
    ($s:literal, $outside:literal) => {
        [
            (
                "no move along a row joins two cells of the set",
                concat!("A x,y,u (u < x & ", $s, "(x,y)) => ~", $s, "(u,y)"),
                true,
            ),
            (
                "no move along a column joins two cells of the set",
                concat!("A x,y,v (v < y & ", $s, "(x,y)) => ~", $s, "(x,v)"),
                true,
            ),
            (
                "no diagonal move joins two cells of the set",
                concat!(
                    "A x,y,u,v (u < x & u + y = v + x & ",
                    $s,
                    "(x,y)) => ~",
                    $s,
                    "(u,v)"
                ),
                true,
            ),
            (
                "every other cell has a move into the set",
                concat!(
                    "A x,y (",
                    $outside,
                    ") => ((E u u < x & ",
                    $s,
                    "(u,y)) | (E v v < y & ",
                    $s,
                    "(x,v)) | (E u,v u < x & u + y = v + x & ",
                    $s,
                    "(u,v)))"
                ),
                true,
            ),
        ]
    };
}

const ZERO: [(&str, &str, bool); 4] = kernel!("P", "~P(x,y)");
const ONE: [(&str, &str, bool); 4] = kernel!("one", "~P(x,y) & ~one(x,y)");
const MISERE: [(&str, &str, bool); 4] = kernel!("misereP", "~misereP(x,y) & x + y > 0");

const ONE_VALUES: [(&str, &str, bool); 5] = [
    (
        "the set avoids the 0-values",
        "A x,y one(x,y) => ~P(x,y)",
        true,
    ),
    ONE[0],
    ONE[1],
    ONE[2],
    ONE[3],
];

const MISERE_VALUES: [(&str, &str, bool); 5] = [
    ("the end (0, 0) is not in the set", "~misereP(0,0)", true),
    MISERE[0],
    MISERE[1],
    MISERE[2],
    MISERE[3],
];

/// Every named theorem.
pub const THEOREMS: &[Theorem] = &[
    Theorem {
        name: "zero-values",
        about: "P = G^-1(0): the floor formula (floor(n*phi), floor(n*phi^2)) from the rules",
        sentences: &ZERO,
    },
    Theorem {
        name: "one-values",
        about: "the 1-value automaton's cells are exactly G^-1(1), for every diagonal",
        sentences: &ONE_VALUES,
    },
    Theorem {
        name: "one-offsets",
        about: "x_d - floor(d*phi) lies in [-3, 8] and is never 0 or 6",
        sentences: &[(
            "every 1-value (x, x + d) has x - floor(d*phi) in [-3, 8] \\ {0, 6}",
            "A d,x,l (one(x,x+d) & lower(d,l)) => (l <= x + 3 & x <= l + 8 & x != l & x != l + 6)",
            true,
        )],
    },
    Theorem {
        name: "misere-values",
        about: "misere Wythoff's P-positions: the normal ones but (0,0), (1,2), (2,1), \
                with (0,1), (1,0), (2,2)",
        sentences: &MISERE_VALUES,
    },
    Theorem {
        name: "lower-upper",
        about: "the lower and upper Wythoff sequences partition the positive integers",
        sentences: LOWER_UPPER,
    },
    Theorem {
        name: "hofstadter-g",
        about: "c(n) = #{j >= 1 : floor(j*phi) <= n} satisfies G(0) = 0, G(n) = n - G(G(n-1)): \
                it is Hofstadter's G (A005206), so G(n) = floor((n+1)/phi)",
        sentences: &[
            ("c is a function of n", "A n E g hofG(n,g)", true),
            (
                "c has one value at each n",
                "A n,g,h (hofG(n,g) & hofG(n,h)) => g = h",
                true,
            ),
            ("c(0) = 0", "hofG(0,0)", true),
            (
                "c(m+1) = m + 1 - c(c(m))",
                "A m,g,h,k (hofG(m,h) & hofG(h,k) & hofG(m+1,g)) => g + k = m + 1",
                true,
            ),
        ],
    },
    Theorem {
        name: "a073869-identities",
        about: "the local identities behind A073869 = A005206 and A090909 = A001950 \
                (the telescoping sum stays by hand: doc/conjectures.md)",
        sentences: &[
            (
                "the partner p(n) of n >= 1 is c(n) + n*[c(n) != c(n-1)]",
                "A m,p,g,h (P(m+1,p) & hofG(m+1,g) & hofG(m,h)) => \
                 ((g != h & p = g + m + 1) | (g = h & p = g))",
                true,
            ),
            (
                "c(n) - c(n-1) is 1 at the lower Wythoff numbers and 0 elsewhere",
                "A m,g,h (hofG(m+1,g) & hofG(m,h)) => \
                 ((g = h + 1 & E j lower(j,m+1)) | (g = h & ~E j lower(j,m+1)))",
                true,
            ),
            (
                "c(k-1) = c(k) != c(k+1) exactly when k >= 1 is an upper Wythoff number",
                "A m,a,b,c (hofG(m,a) & hofG(m+1,b) & hofG(m+2,c)) => \
                 ((a = b & b != c) <=> E j upper(j,m+1))",
                true,
            ),
        ],
    },
];

/// `zero-values` and `lower-upper` of the generalized game with parameter `$a` (a literal ≥ 2):
/// its diagonal moves take k, l ≥ 1 with |k − l| < a, i.e. u < x, v < y, x + v < y + u + a and
/// y + u < x + v + a.
macro_rules! generalized {
    ($a:literal) => {
        &[
            Theorem {
                name: "zero-values",
                about: concat!(
                    "P = G^-1(0) for a = ",
                    $a,
                    ": the floor formula (floor(n*alpha), floor(n*alpha) + a*n) from the rules"
                ),
                sentences: &[
                    ZERO[0],
                    ZERO[1],
                    (
                        "no diagonal move joins two cells of the set",
                        concat!(
                            "A x,y,u,v (u < x & v < y & x + v < y + u + ",
                            $a,
                            " & y + u < x + v + ",
                            $a,
                            " & P(x,y)) => ~P(u,v)"
                        ),
                        true,
                    ),
                    (
                        "every other cell has a move into the set",
                        concat!(
                            "A x,y (~P(x,y)) => ((E u u < x & P(u,y)) | (E v v < y & P(x,v)) | ",
                            "(E u,v u < x & v < y & x + v < y + u + ",
                            $a,
                            " & y + u < x + v + ",
                            $a,
                            " & P(u,v)))"
                        ),
                        true,
                    ),
                ],
            },
            Theorem {
                name: "lower-upper",
                about: "the sequences A_n and B_n = A_n + a*n partition the positive integers",
                sentences: LOWER_UPPER,
            },
        ]
    };
}

/// The sentences of `lower-upper`, for every a.
const LOWER_UPPER: &[(&str, &str, bool)] = &[
    (
        "every n >= 1 is a lower or an upper Wythoff number",
        "A z z >= 1 => ((E n lower(n,z)) | (E n upper(n,z)))",
        true,
    ),
    (
        "no n >= 1 is both",
        "A z,n,m (z >= 1 & lower(n,z)) => ~upper(m,z)",
        true,
    ),
];

/// The named theorems of the game with parameter a (1 to [`super::numeration::MAX_A`]):
/// [`THEOREMS`] for a = 1, `zero-values` and `lower-upper` for a ≥ 2.
pub fn theorems(a: u32) -> &'static [Theorem] {
    match a {
        2 => generalized!("2"),
        3 => generalized!("3"),
        4 => generalized!("4"),
        5 => generalized!("5"),
        6 => generalized!("6"),
        7 => generalized!("7"),
        8 => generalized!("8"),
        9 => generalized!("9"),
        _ => THEOREMS,
    }
}

/// The theorem called `name` (a = 1).
pub fn theorem(name: &str) -> Option<&'static Theorem> {
    THEOREMS.iter().find(|t| t.name == name)
}
