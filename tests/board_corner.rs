//! `grundy N --board B` draws the corner 0 <= x, y < min(N, 128).  With the board as the only
//! output only that corner is computed: the picture equals the board of `grundy 128` byte for
//! byte, for a side whose whole table would take minutes (and gigabytes) to compute.

mod common;
use common::{refused, s, text, wythoff};
use std::path::Path;

fn board(dir: &Path, name: &str, args: &[&str]) -> Vec<u8> {
    let path = dir.join(name);
    let p = s(&path);
    let mut all = args.to_vec();
    all.extend(["--board", p]);
    let o = wythoff(&all);
    assert!(o.status.success(), "{all:?}: {}", text(&o));
    std::fs::read(&path).unwrap()
}

#[test]
fn the_board_alone_computes_only_its_corner() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let corner = board(d, "128.png", &["grundy", "128"]);
    assert!(corner.starts_with(b"\x89PNG"));
    // 60000² cells: the whole table would need 7 GB and minutes
    assert_eq!(board(d, "60000.png", &["grundy", "60000"]), corner);
    // with another picture the whole table is computed, and the board is the same
    assert_eq!(
        board(
            d,
            "300.png",
            &["grundy", "300", "--png", d.join("t.png").to_str().unwrap()]
        ),
        corner
    );
    // a = 2 too
    assert_eq!(
        board(d, "a2-60000.png", &["grundy", "60000", "-a", "2"]),
        board(d, "a2-128.png", &["grundy", "128", "-a", "2"])
    );
    assert_ne!(board(d, "a2.png", &["grundy", "128", "-a", "2"]), corner);
}

#[test]
fn a_line_game_board_alone_computes_only_its_corner() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for rules in ["1,0:1,1:3,2:0,1", "1,0:3,1:0,1"] {
        let corner = board(d, "128.png", &["grundy", "128", "--rules", rules]);
        // 60000² cells of line sets: beyond the memory limit of a line-game table
        assert_eq!(
            board(d, "60000.png", &["grundy", "60000", "--rules", rules]),
            corner,
            "{rules}"
        );
        assert_eq!(
            board(d, "65536.png", &["grundy", "65536", "--rules", rules]),
            corner,
            "{rules}"
        );
    }
    // a side beyond a line-game table's is still refused, naming N
    refused(
        &[
            "grundy",
            "65537",
            "--rules",
            "1,0:0,1",
            "--board",
            d.join("x.png").to_str().unwrap(),
        ],
        &["N: side 65537"],
    );
}
