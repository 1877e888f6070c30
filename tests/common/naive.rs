//! Naive references, each derived here from the rules of its game and nothing of the library's:
//! the Grundy values of generalized Wythoff (a direct mex), its P-positions (backward induction)
//! and P-pairs (the mex recursion), the Grundy values of two-pile line games, and the
//! P-positions of three-pile Wythoff (backward induction over a cube), and of N-heap Wythoff
//! (backward induction over a box, every move vector tried).

/// The options of (x, y) in generalized Wythoff with parameter a: (x', y) with x' < x, (x, y')
/// with y' < y, and (x − k, y − l) with k, l ≥ 1, |k − l| < a.
pub fn options(a: usize, x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut o: Vec<(usize, usize)> = (0..x).map(|u| (u, y)).collect();
    o.extend((0..y).map(|w| (x, w)));
    for k in 1..=x {
        for l in 1..=y {
            if k.abs_diff(l) < a {
                o.push((x - k, y - l));
            }
        }
    }
    o
}

/// The l ≥ 1 with |k − l| < a and l ≤ y: the diagonal moves (x − k, y − l) of [`options`] for
/// one k, enumerated directly so that long rows stay cheap.
fn band(a: usize, k: usize, y: usize) -> std::ops::RangeInclusive<usize> {
    (k + 1).saturating_sub(a).max(1)..=(k + a - 1).min(y)
}

/// G(x, y) for rows x < `rows` and columns y < `cols` (any shape: the options of a cell lie in
/// rows and columns below it): the mex of the values of the options of (x, y) as [`options`]
/// lists them.
pub fn naive_rows(rows: usize, cols: usize, a: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; cols]; rows];
    let mut seen = Vec::new();
    for x in 0..rows {
        for y in 0..cols {
            // the mex of v values is at most v: x + y + x·(2a − 1) options at the most
            seen.clear();
            seen.resize(x + y + x * (2 * a - 1) + 2, false);
            let mut mark = |v: u32| {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            };
            (0..x).for_each(|u| mark(g[u][y]));
            (0..y).for_each(|w| mark(g[x][w]));
            for k in 1..=x {
                band(a, k, y).for_each(|l| mark(g[x - k][y - l]));
            }
            g[x][y] = seen.iter().position(|&s| !s).unwrap() as u32;
        }
    }
    g
}

/// [`naive_rows`] widened to u64, the type of the row sweep's values.
pub fn naive_rows_u64(rows: usize, cols: usize, a: usize) -> Vec<Vec<u64>> {
    naive_rows(rows, cols, a)
        .into_iter()
        .map(|r| r.into_iter().map(u64::from).collect())
        .collect()
}

/// G on the n × n square, row-major, by the mex over [`options`] as they are listed: the rule
/// stated literally (slower than [`naive_rows`], which tests/oeis_certificate.rs checks against
/// it).
pub fn naive(n: usize, a: usize) -> Vec<u32> {
    let mut g = vec![0u32; n * n];
    for x in 0..n {
        for y in 0..n {
            let v: Vec<u32> = options(a, x, y)
                .iter()
                .map(|&(u, w)| g[u * n + w])
                .collect();
            g[x * n + y] = (0..).find(|k| !v.contains(k)).unwrap();
        }
    }
    g
}

/// Whether (x, y) is a P-position, for x, y < `side`, in generalized Wythoff with parameter a,
/// normal or misère play, by backward induction from the rules: a position is P iff none of its
/// options ([`options`]) is, except that in misère play the position without moves, (0, 0), is
/// N (the opponent made the last move, and so lost).
pub fn p_board(side: usize, a: usize, misere: bool) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; side]; side];
    for x in 0..side {
        for y in 0..side {
            if x == 0 && y == 0 {
                p[0][0] = !misere;
                continue;
            }
            let column = (0..x).any(|u| p[u][y]);
            let row = (0..y).any(|w| p[x][w]);
            let diagonal = (1..=x).any(|k| band(a, k, y).any(|l| p[x - k][y - l]));
            p[x][y] = !(column || row || diagonal);
        }
    }
    p
}

/// The P-positions (x, y), x ≤ y < `side`, of [`p_board`], ordered by x then y.
pub fn p_positions(side: usize, a: usize, misere: bool) -> Vec<(usize, usize)> {
    let p = p_board(side, a, misere);
    let mut v = Vec::new();
    for (x, row) in p.iter().enumerate() {
        for (y, &is_p) in row.iter().enumerate().skip(x) {
            if is_p {
                v.push((x, y));
            }
        }
    }
    v
}

/// The P-pairs (A_n, B_n), n = 0, 1, 2, …, of generalized Wythoff with parameter a, by the mex
/// recursion: A_n = mex{A_i, B_i : i < n} and B_n = A_n + a·n in normal play; in misère play
/// B_n = A_n + a·n + 1 for a ≥ 2 ((0, 1) is P there), and for a = 1 the normal pairs with (0, 0),
/// (1, 2) swapped for (0, 1), (2, 2).
pub fn mex_pairs(a: u64, misere: bool) -> MexPairs {
    MexPairs {
        a,
        misere,
        n: 0,
        mex: 0,
        used: Vec::new(),
    }
}

/// The P-pairs (A_n, B_n), n ≤ stop, of [`mex_pairs`].
pub fn mex_pairs_through(a: u64, misere: bool, stop: u64) -> Vec<(u64, u64)> {
    mex_pairs(a, misere).take(stop as usize + 1).collect()
}

/// The iterator of [`mex_pairs`]; `used` marks the numbers taken by the pairs so far.
pub struct MexPairs {
    a: u64,
    misere: bool,
    n: u64,
    mex: usize,
    used: Vec<bool>,
}

impl Iterator for MexPairs {
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        while self.used.get(self.mex) == Some(&true) {
            self.mex += 1;
        }
        let a = self.mex as u64;
        let b = a + self.a * self.n + u64::from(self.misere && self.a >= 2);
        if self.used.len() <= b as usize {
            self.used.resize(2 * b as usize + 2, false);
        }
        self.used[a as usize] = true;
        self.used[b as usize] = true;
        let pair = match (self.misere && self.a == 1, self.n) {
            (true, 0) => (0, 1),
            (true, 1) => (2, 2),
            _ => (a, b),
        };
        self.n += 1;
        Some(pair)
    }
}

/// The options of [x, y, z] in three-pile Wythoff: a move takes the same k ≥ 1 from each pile of
/// a non-empty set of the piles.
pub fn three_pile_options(x: usize, y: usize, z: usize) -> Vec<[usize; 3]> {
    let mut v = Vec::new();
    for set in 1..8usize {
        let d = [set & 1, (set >> 1) & 1, (set >> 2) & 1];
        let room = [x, y, z].into_iter().zip(d).filter(|&(_, d)| d == 1);
        for k in 1..=room.map(|(c, _)| c).min().unwrap() {
            v.push([x - d[0] * k, y - d[1] * k, z - d[2] * k]);
        }
    }
    v
}

/// Whether [x, y, z] is a P-position of three-pile Wythoff, for x, y, z ≤ n, at index
/// (x·(n+1) + y)·(n+1) + z, by backward induction over the cube [0, n]³: a position is P iff
/// none of its options ([`three_pile_options`]) is.
pub fn three_pile_board(n: usize) -> Vec<bool> {
    let s = n + 1;
    let at = |[x, y, z]: [usize; 3]| (x * s + y) * s + z;
    let mut p = vec![false; s * s * s];
    for x in 0..s {
        for y in 0..s {
            for z in 0..s {
                p[at([x, y, z])] = !three_pile_options(x, y, z).into_iter().any(|q| p[at(q)]);
            }
        }
    }
    p
}

/// The P-positions [x, y, z], x ≤ y ≤ z ≤ n, of [`three_pile_board`], ordered by x, y, z.
pub fn three_pile_p(n: usize) -> Vec<[usize; 3]> {
    let p = three_pile_board(n);
    let s = n + 1;
    let mut v = Vec::new();
    for x in 0..s {
        for y in x..s {
            for z in y..s {
                if p[(x * s + y) * s + z] {
                    v.push([x, y, z]);
                }
            }
        }
    }
    v
}

/// G of a two-pile line game on 0 ≤ x, y < n: a move takes i·(p, q), i ≥ 1, for a rule (p, q),
/// while neither pile goes negative (doc/lines.md); the mex over those options.
pub fn line_naive_rows(n: usize, rules: &[(usize, usize)]) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for x in 0..n {
        for y in 0..n {
            let mut seen = Vec::new();
            for &(p, q) in rules {
                let mut i = 1;
                while i * p <= x && i * q <= y {
                    seen.push(g[x - i * p][y - i * q]);
                    i += 1;
                }
            }
            g[x][y] = (0..).find(|k| !seen.contains(k)).unwrap();
        }
    }
    g
}

/// [`line_naive_rows`] row-major.
pub fn line_naive(n: usize, rules: &[(usize, usize)]) -> Vec<u32> {
    line_naive_rows(n, rules).concat()
}

/// Whether taking `x` heap by heap is a move of N-heap Wythoff (Fraenkel): exactly one heap
/// lowered, or several with x_1 ⊕ … ⊕ x_N = 0.
pub fn nheap_is_move(x: &[usize]) -> bool {
    let lowered = x.iter().filter(|&&v| v > 0).count();
    lowered == 1 || (lowered > 1 && x.iter().fold(0, |acc, &v| acc ^ v) == 0)
}

/// Every vector x with 0 ≤ x_i ≤ h_i (heap 1 fastest).
fn nheap_vectors(h: &[usize]) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for &side in h {
        all = (0..=side)
            .flat_map(|v| all.iter().map(move |x| [x.clone(), vec![v]].concat()))
            .collect();
    }
    all
}

/// The options of `h` in N-heap Wythoff: h − x for every move x, by trying every x ≤ h.
pub fn nheap_options(h: &[usize]) -> Vec<Vec<usize>> {
    nheap_vectors(h)
        .into_iter()
        .filter(|x| nheap_is_move(x))
        .map(|x| h.iter().zip(&x).map(|(a, b)| a - b).collect())
        .collect()
}

/// N-heap Wythoff by backward induction over the box [0, side]^N: the P-positions as a map from
/// the heaps to true.  A position is P when no move x ≤ h (tried exhaustively) reaches a P.
pub fn nheap_board(n: usize, side: usize) -> std::collections::HashMap<Vec<usize>, bool> {
    let mut p = std::collections::HashMap::new();
    // heap 1 fastest: every option (componentwise smaller) comes earlier
    for h in nheap_vectors(&vec![side; n]) {
        let mut lost = true;
        let mut x = vec![0usize; n];
        'all: loop {
            let mut k = 0;
            while k < n {
                if x[k] < h[k] {
                    x[k] += 1;
                    break;
                }
                x[k] = 0;
                k += 1;
            }
            if k == n {
                break 'all;
            }
            if nheap_is_move(&x) {
                let t: Vec<usize> = h.iter().zip(&x).map(|(a, b)| a - b).collect();
                if p[&t] {
                    lost = false;
                    break 'all;
                }
            }
        }
        p.insert(h, lost);
    }
    p
}

/// N-heap Wythoff by backward induction over the box whose N − 2 first heaps are at most `low`
/// and whose last two are at most `side`: a position is P when none of its options is.  The
/// options are the single-heap lowerings and every nim-sum vector x ≠ 0, x_N = x_1 ⊕ … ⊕ x_{N−1}
/// ≤ h_N (the rule x_1 ⊕ … ⊕ x_N = 0 solved for x_N; such a nonzero x lowers at least two
/// heaps), so a cell costs Π_{i<N}(h_i + 1) steps instead of the whole box below it.
pub struct NheapBox {
    sides: Vec<usize>,
    p: Vec<bool>,
}

impl NheapBox {
    /// Solves the box for `n` ≥ 2 heaps.
    pub fn new(n: usize, low: usize, side: usize) -> NheapBox {
        let mut sides = vec![low; n - 2];
        sides.extend([side, side]);
        let cells: usize = sides.iter().map(|&s| s + 1).product();
        let mut b = NheapBox {
            sides,
            p: Vec::with_capacity(cells),
        };
        let mut h = vec![0usize; n];
        for _ in 0..cells {
            let mut t = h.clone();
            let mut win = false;
            'single: for i in 0..n {
                for v in 0..h[i] {
                    t[i] = v;
                    if b.is_p(&t) {
                        win = true;
                        break 'single;
                    }
                }
                t[i] = h[i];
            }
            let mut x = vec![0usize; n];
            while !win && odometer(&h[..n - 1], &mut x[..n - 1]) {
                let last = x[..n - 1].iter().fold(0, |acc, &v| acc ^ v);
                if last <= h[n - 1] {
                    x[n - 1] = last;
                    let t: Vec<usize> = h.iter().zip(&x).map(|(a, y)| a - y).collect();
                    win = b.is_p(&t);
                }
            }
            b.p.push(!win);
            odometer(&b.sides, &mut h);
        }
        b
    }

    /// Whether `h` (inside the box, solved already) is a P-position.
    pub fn is_p(&self, h: &[usize]) -> bool {
        let mut index = 0;
        for i in (0..h.len()).rev() {
            index = index * (self.sides[i] + 1) + h[i];
        }
        self.p[index]
    }

    /// The slice of the N − 2 heaps `fixed` from the box: the positions (A, B), A ≥ the largest
    /// fixed heap, increasing, up to the first A whose partner lies outside the box; and the
    /// heaps of the P-positions (…, v, w) with v below the largest fixed heap (each must have
    /// its partner in the box).
    pub fn slice(&self, fixed: &[usize]) -> (Vec<(u64, u64)>, std::collections::BTreeSet<u64>) {
        let side = self.sides[self.sides.len() - 1];
        let from = fixed.iter().copied().max().unwrap_or(0);
        let partners = |v: usize| -> Vec<usize> {
            let mut h = fixed.to_vec();
            h.extend([v, 0]);
            (0..=side)
                .filter(|&w| {
                    h[fixed.len() + 1] = w;
                    self.is_p(&h)
                })
                .collect()
        };
        let mut positions = Vec::new();
        for a in from..=side {
            let w = partners(a);
            assert!(w.len() <= 1, "two P-positions ({fixed:?}, {a}, ·): {w:?}");
            match w.first() {
                Some(&b) if b >= a => positions.push((a as u64, b as u64)),
                Some(_) => {} // the larger heap of an earlier pair
                None => break,
            }
        }
        let mut small = std::collections::BTreeSet::new();
        for v in 0..from {
            let w = partners(v);
            assert_eq!(w.len(), 1, "({fixed:?}, {v}, ·) in the box");
            small.insert(v as u64);
            small.insert(w[0] as u64);
        }
        (positions, small)
    }
}

/// The next x ≤ `top` componentwise (x_1 fastest); false after the last.
fn odometer(top: &[usize], x: &mut [usize]) -> bool {
    for (v, &t) in x.iter_mut().zip(top) {
        if *v < t {
            *v += 1;
            return true;
        }
        *v = 0;
    }
    false
}

/// The Zeckendorf digits of n, most significant first, padded to `len` (greedy, from the
/// Fibonacci numbers 1, 2, 3, 5, …: an independent reference for automata tests).
pub fn zeckendorf(mut n: u64, len: usize) -> Vec<u8> {
    let mut fibs = vec![1u64, 2];
    while fibs.len() < len {
        fibs.push(fibs[fibs.len() - 1] + fibs[fibs.len() - 2]);
    }
    let mut d = vec![0u8; len];
    for i in (0..len).rev() {
        if fibs[i] <= n {
            n -= fibs[i];
            d[len - 1 - i] = 1;
        }
    }
    assert_eq!(n, 0, "{len} digits are too few");
    d
}
