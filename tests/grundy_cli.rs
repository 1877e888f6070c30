//! The `grundy` command line: which flag combinations mean something (and do it), which are
//! refused (status 2, one line, nothing written), and outputs checked before any work.

mod common;
use common::{naive, says, stderr, stdout, wythoff_in};

#[test]
fn meaningless_or_conflicting_combinations_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // a valid table file for the file-reading forms
    let o = wythoff_in(d, &["grundy", "20", "-o", "t.bin"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let refused: &[&[&str]] = &[
        // -o writes the table file and nothing else
        &["grundy", "16", "-o", "F", "--board", "B"],
        &["grundy", "16", "-o", "F", "--png", "P"],
        &["grundy", "16", "-o", "F", "--print"],
        &["grundy", "16", "-o", "F", "--checksum"],
        &["grundy", "16", "-o", "F", "--check"],
        &["grundy", "16", "-o", "F", "--json"],
        // one answer on stdout
        &["grundy", "16", "--print", "--checksum"],
        &["grundy", "16", "--print", "--check"],
        &["grundy", "16", "--checksum", "--check"],
        // pictures are not an answer on stdout
        &["grundy", "16", "--png", "P", "--checksum"],
        &["grundy", "16", "--board", "B", "--print"],
        &["grundy", "16", "--png", "P", "--check"],
        &["grundy", "16", "--png", "P", "--board", "P"],
        // --json only where there is a JSON form
        &["grundy", "16", "--json"],
        &["grundy", "16", "--print", "--json"],
        &["grundy", "16", "--png", "P", "--json"],
        // resume/restart/the test hook belong to -o
        &["grundy", "16", "--resume"],
        &["grundy", "16", "--restart"],
        &["grundy", "16", "--resume", "--print"],
        &["grundy", "16", "--restart", "--checksum"],
        &["grundy", "16", "--resume", "--png", "P"],
        &["grundy", "16", "--abort-after-rows", "3", "--print"],
        &["grundy", "16", "-o", "F", "--resume", "--restart"],
        // N with nothing to do, or nothing at all
        &["grundy", "16"],
        &["grundy"],
        &["grundy", "-a", "2"],
        &["grundy", "--check"],
        // a file check takes its a and N from the file
        &["grundy", "16", "--check", "t.bin"],
        &["grundy", "--check", "t.bin", "-a", "2"],
        &["grundy", "--check", "t.bin", "--threads", "2"],
        &["grundy", "--check", "t.bin", "--resume"],
        // subcommands take none of the table flags
        &["grundy", "5", "get", "t.bin", "1", "2"],
        &["grundy", "get", "t.bin", "1", "2", "-o", "F"],
        &["grundy", "get", "t.bin", "1", "2", "--json"],
        &["grundy", "at", "1", "11", "--json"],
        &["grundy", "png", "t.bin", "P", "--board", "B"],
        // bad values
        &["grundy", "0", "--print"],
        &["grundy", "16", "-a", "0", "--print"],
        &["grundy", "2^21", "--print"],
        &["grundy", "16", "--threads", "0", "--print"],
    ];
    let before: Vec<_> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    for args in refused {
        let o = wythoff_in(d, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        let now: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(now, before, "{args:?} wrote something");
    }
}

#[test]
fn every_output_is_opened_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // the board's directory does not exist: nothing is computed or written, not even the table
    // picture named first; a table file that cannot be created; a table that does not exist
    for line in [
        "grundy 300 --png t.png --board no/such/b.png",
        "grundy 300 -o no/such/t.bin",
        "grundy png no-such-table.bin p.png",
    ] {
        let o = wythoff_in(d, &line.split(' ').collect::<Vec<_>>());
        assert_eq!(o.status.code(), Some(2), "{line}: {}", stderr(&o));
        assert_eq!(std::fs::read_dir(d).unwrap().count(), 0, "{line}");
    }
}

#[test]
fn the_readme_picture_example_works_and_says_what_the_board_shows() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let line = "grundy 1000 --png table.png --board board.png";
    let o = wythoff_in(d, &line.split(' ').collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    says(&stderr(&o), "corner 0 <= x, y < 128");
    for (f, side) in [("table.png", 1000u32), ("board.png", 128 * 8)] {
        let bytes = std::fs::read(d.join(f)).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{f}");
        let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
        assert_eq!(w, side, "{f}");
    }
    // a board of a small table alone, and pictures of a file
    let o = wythoff_in(d, &["grundy", "20", "--board", "b20.png"]);
    assert!(
        o.status.success() && stderr(&o).is_empty(),
        "{}",
        stderr(&o)
    );
    let o = wythoff_in(d, &["grundy", "20", "-a", "2", "-o", "t.bin"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = wythoff_in(d, &["grundy", "png", "t.bin", "t.png"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(d.join("t.png").exists());
}

#[test]
fn answers_on_stdout_agree_with_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let n = 37;
    for a in [1usize, 3] {
        let sq = naive(n, a);
        let o = wythoff_in(d, &["grundy", "37", "-a", &a.to_string(), "--print"]);
        let want: String = (0..n)
            .map(|x| {
                let row: Vec<String> = (0..n).map(|y| sq[x * n + y].to_string()).collect();
                row.join(" ") + "\n"
            })
            .collect();
        assert_eq!(stdout(&o), want);
        // --checksum: the sum of the square and XXH3-64 of its row-major u32 form
        let bytes: Vec<u8> = sq.iter().flat_map(|v| v.to_le_bytes()).collect();
        let sum: u64 = sq.iter().map(|&v| v as u64).sum();
        let h = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&bytes));
        let o = wythoff_in(d, &["grundy", "37", "-a", &a.to_string(), "--checksum"]);
        assert_eq!(
            stdout(&o),
            format!("sum={sum} xxh3={h} (a = {a}, N = 37, row-major u32 square)\n")
        );
        let o = wythoff_in(
            d,
            &["grundy", "37", "-a", &a.to_string(), "--checksum", "--json"],
        );
        assert_eq!(
            stdout(&o),
            format!(
                "{{\"version\":1,\"a\":\"{a}\",\"N\":\"37\",\"sum\":\"{sum}\",\"xxh3\":\"{h}\"}}\n"
            )
        );
        // --check of the computed table: the checksum check is skipped, and says why
        let o = wythoff_in(
            d,
            &["grundy", "37", "-a", &a.to_string(), "--check", "--json"],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(j["checks"][0]["status"], "skipped");
        says(j["checks"][0]["reason"].as_str().unwrap(), "computed");
        assert_eq!(j["checks"][1]["status"], "ok");
        assert_eq!(j["checks"][1]["cells"], (37 * 38 / 2).to_string());
    }
}
