//! The queen's-move board of a two-pile game (Hirschfeld-Cotton 2008, the classroom lesson;
//! doc/play.md): the position (x, y) is a queen on column x, row y of a board whose corner
//! (0, 0) is at the bottom left; a move takes her left, down, or (a = 1) diagonally down-left,
//! and whoever brings her to the corner wins.  The *safe* cells are the P-positions: move the
//! queen onto one and the opponent cannot reach another.
//!
//! Drawn as text, two characters a cell, for boards of at most [`MAX_SIDE`] × [`MAX_SIDE`]
//! cells; columns are numbered by two lines of digits (tens, units) below.  Cost: one line of
//! text per row, O(cols · rows).

/// The largest board drawn: 32 × 32 cells (piles up to 31).
pub const MAX_SIDE: u64 = 32;

/// Draws the board of `cols` × `rows` cells with the queen at `queen` (`Q`), the cells for which
/// `safe` is true marked `*` (when given), and the others `.`.
pub fn draw(
    cols: u64,
    rows: u64,
    queen: (u64, u64),
    safe: Option<&dyn Fn(u64, u64) -> bool>,
) -> String {
    let mut s = String::new();
    for y in (0..rows).rev() {
        s.push_str(&format!("{y:>3} "));
        for x in 0..cols {
            let c = if (x, y) == queen {
                'Q'
            } else if safe.is_some_and(|f| f(x, y)) {
                '*'
            } else {
                '.'
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    if cols > 10 {
        s.push_str("    ");
        for x in 0..cols {
            s.push(' ');
            s.push(if x >= 10 {
                char::from(b'0' + (x / 10 % 10) as u8)
            } else {
                ' '
            });
        }
        s.push('\n');
    }
    s.push_str("    ");
    for x in 0..cols {
        s.push(' ');
        s.push(char::from(b'0' + (x % 10) as u8));
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_board_with_safe_cells() {
        let safe = |x: u64, y: u64| matches!((x, y), (0, 0) | (1, 2) | (2, 1));
        let b = draw(3, 3, (2, 2), Some(&safe));
        assert_eq!(b, "  2  . * Q\n  1  . . *\n  0  * . .\n     0 1 2\n");
    }

    #[test]
    fn wide_boards_number_columns_in_two_lines() {
        let b = draw(12, 1, (11, 0), None);
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines[0], "  0  . . . . . . . . . . . Q");
        assert_eq!(lines[1], "                         1 1");
        assert_eq!(lines[2], "     0 1 2 3 4 5 6 7 8 9 0 1");
    }
}
