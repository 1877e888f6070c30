//! Maharaja Nim (U. Larsson and J. Wästlund, "Maharaja Nim: Wythoff's Queen meets the Knight",
//! Integers 14 (2014) G05): Wythoff's game plus the knight's jumps (1, 2) and (2, 1), the named
//! line game `maharaja` (rules 1,0:0,1:1,1:j1,2:j2,1, doc/lines.md).  Checked against a mex
//! over the moves as the paper states them, written here move by move (no rule list), against
//! the published terms of A307281 (data/oeis), and through the command line.

use wythoff::Context;
use wythoff::lines::{LineRules, LineTable, check, ppos::RowPositions};

mod common;
use common::{oeis::published_from_0, stderr, stdout, wythoff};

/// The options of (x, y): k ≥ 1 from one pile, k from both, or a knight's move (−1, −2),
/// (−2, −1) — "the Queen and the Knight of chess, provided no coordinate increases".
fn options(x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut o: Vec<(usize, usize)> = (1..=x).map(|k| (x - k, y)).collect();
    o.extend((1..=y).map(|k| (x, y - k)));
    o.extend((1..=x.min(y)).map(|k| (x - k, y - k)));
    if x >= 1 && y >= 2 {
        o.push((x - 1, y - 2));
    }
    if x >= 2 && y >= 1 {
        o.push((x - 2, y - 1));
    }
    o
}

/// G on the n × n square: the mex over [`options`].
fn naive_grundy(n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for x in 0..n {
        for y in 0..n {
            let seen: Vec<u32> = options(x, y).iter().map(|&(a, b)| g[a][b]).collect();
            g[x][y] = (0..).find(|k| !seen.contains(k)).unwrap();
        }
    }
    g
}

/// The P-positions of the box x < rows, y < cols: (x, y) is P when no option is.  The options
/// along a column, a row and a diagonal are whole runs of cells, so whether one of them is P is
/// kept per column, per row and per diagonal (the cells before (x, y) on each); the two knight's
/// options are looked up.  Every P-position of the box, in any number per row.
fn naive_p_positions(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let mut is_p = vec![vec![false; cols]; rows];
    let mut column = vec![false; cols];
    let mut diagonal = vec![false; rows + cols]; // index y − x + rows
    let mut found = vec![Vec::new(); rows];
    for x in 0..rows {
        let mut row = false;
        for y in 0..cols {
            let d = y + rows - x;
            let knight = (x >= 1 && y >= 2 && is_p[x - 1][y - 2])
                || (x >= 2 && y >= 1 && is_p[x - 2][y - 1]);
            if !(row || column[y] || diagonal[d] || knight) {
                is_p[x][y] = true;
                found[x].push(y);
            }
            // after (x, y): it is an earlier cell of the row, the column and the diagonal
            row |= is_p[x][y];
            column[y] |= is_p[x][y];
            diagonal[d] |= is_p[x][y];
        }
    }
    found
}

fn maharaja() -> LineRules {
    LineRules::named("maharaja").unwrap()
}

#[test]
fn the_named_game_is_wythoff_s_rays_and_the_two_knight_s_jumps() {
    assert_eq!(maharaja().to_string(), "1,0:0,1:1,1:j1,2:j2,1");
    assert_eq!(
        LineRules::parse("j2,1:1,1:0,1:j1,2:1,0")
            .ok()
            .map(|r| r.same_game(&maharaja())),
        Some(true)
    );
}

#[test]
fn grundy_values_equal_the_mex_over_the_paper_s_moves() {
    let n = 200;
    let g = naive_grundy(n);
    for threads in [1, 2] {
        let t = LineTable::compute(&maharaja(), n as u64, &Context::new(threads)).unwrap();
        for (x, row) in g.iter().enumerate() {
            for (y, &v) in row.iter().enumerate() {
                assert_eq!(t.get(x, y), v, "G({x}, {y})");
            }
        }
    }
    // and the proof of `grundy --check` accepts it
    let t = LineTable::compute(&maharaja(), n as u64, &Context::new(2)).unwrap();
    let get = |x: u64, y: u64| t.get(x as usize, y as usize);
    let rep = check::check(&get, n as u64, &maharaja(), None, &Context::serial()).unwrap();
    assert!(rep.ok, "{:?}", rep.problems);
    // a few cells by hand: (1, 2) jumps to (0, 0); (1, 3) moves only to non-zero cells
    assert_ne!(g[1][2], 0);
    assert_eq!(g[1][3], 0);
    assert_eq!(g[0][7], 7);
}

#[test]
fn p_positions_row_by_row_equal_the_naive_box() {
    // y − φx stays small for this game, so rows x < 6000 have their P-position below 10^4
    let (rows, cols) = (6000usize, 10_000usize);
    let naive = naive_p_positions(rows, cols);
    let mut engine = RowPositions::new(&maharaja(), rows as u64).unwrap();
    let mut count = 0;
    for (x, found) in naive.iter().enumerate() {
        assert_eq!(found.len(), 1, "row {x}: {found:?}");
        let (ex, ey) = engine.next_position().unwrap();
        assert_eq!((ex, ey), (x as u64, found[0] as u64), "row {x}");
        count += usize::from(found[0] >= x);
    }
    assert!(engine.next_position().is_none());
    assert!(count > 3000, "{count} P-positions with x <= y");
    // the P-positions are symmetric: the partner of the partner is the row itself
    for (x, found) in naive.iter().enumerate() {
        let y = found[0];
        if y < rows {
            assert_eq!(naive[y][0], x, "row {x}");
        }
    }
    // and at 200 × 200 they are exactly the zeros of the naive Grundy table
    let g = naive_grundy(200);
    for (x, row) in g.iter().enumerate() {
        let zeros: Vec<usize> = (0..200).filter(|&y| row[y] == 0).collect();
        let want: Vec<usize> = naive[x].iter().copied().filter(|&y| y < 200).collect();
        assert_eq!(zeros, want, "row {x}");
    }
}

#[test]
fn p_positions_equal_the_published_terms_of_a307281() {
    let published = published_from_0("A307281");
    assert!(published.len() >= 60);
    let mut rows = RowPositions::new(&maharaja(), published.len() as u64).unwrap();
    for (n, &a) in published.iter().enumerate() {
        assert_eq!(rows.next_position(), Some((n as u64, a)), "a({n})");
    }
}

#[test]
fn the_command_line_takes_the_game_by_name_and_by_rules() {
    let naive = naive_p_positions(40, 80);
    let want: String = (0..40).map(|x| format!("{x} {}\n", naive[x][0])).collect();
    for args in [
        &["line-pairs", "40", "--game", "maharaja"][..],
        &["line-pairs", "40", "--rules", "1,0:0,1:1,1:j1,2:j2,1"][..],
    ] {
        let o = wythoff(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), want, "{args:?}");
    }
    let o = wythoff(&["line-pairs", "40", "--game", "maharaja", "--upper"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let upper: String = (0..40)
        .filter(|&x| naive[x][0] >= x)
        .map(|x| format!("{x} {}\n", naive[x][0]))
        .collect();
    assert_eq!(stdout(&o), upper);
    let g = naive_grundy(30);
    let o = wythoff(&["grundy", "30", "--game", "maharaja", "--print"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let printed: Vec<Vec<u32>> = stdout(&o)
        .lines()
        .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(printed, g);
    // a table file of the game: written, read back and proved against its rules
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("m.bin");
    let f = f.to_str().unwrap();
    let o = wythoff(&["grundy", "64", "--game", "maharaja", "-o", f]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = wythoff(&["grundy", "--check", f]);
    assert!(o.status.success(), "{}", stderr(&o));
    // a jump that repeats a ray's move, and a jump written badly: one line, status 2
    for (rules, says) in [
        ("1,0:0,1:1,1:j2,2", "a move of the ray 1,1"),
        ("1,0:j,1", "not an integer"),
    ] {
        let o = wythoff(&["line-pairs", "5", "--rules", rules]);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{rules}: {e}");
        assert!(e.contains(says) && e.lines().count() == 1, "{rules}: {e}");
    }
}
