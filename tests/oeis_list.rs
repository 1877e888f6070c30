//! `oeis --list` states the proved period and preperiod of each catalogued Grundy row
//! (A004482–A004487); checked here against a naive mex table written in this test: the stated
//! relation a(n + p) = a(n) + p holds from the stated preperiod on, fails just before it, and no
//! smaller period holds from there.

use std::process::Command;

/// G(x, y) of Wythoff's game for x < rows, y < cols, by a direct mex from the rules.
fn naive(rows: usize, cols: usize) -> Vec<Vec<u32>> {
    let n = rows.max(cols);
    let mut g = vec![vec![0u32; n]; n];
    for x in 0..n {
        for y in 0..n {
            let mut seen = vec![false; 2 * n + 2];
            for u in 0..x {
                seen[g[u][y] as usize] = true;
            }
            for v in 0..y {
                seen[g[x][v] as usize] = true;
            }
            for k in 1..=x.min(y) {
                seen[g[x - k][y - k] as usize] = true;
            }
            g[x][y] = seen.iter().position(|&s| !s).unwrap() as u32;
        }
    }
    g
}

#[test]
fn listed_row_periods_are_proved_facts_of_the_rows() {
    let o = Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(["oeis", "--list", "--json"])
        .output()
        .unwrap();
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let g = naive(7, 400);
    let mut seen = 0;
    for e in v["sequences"].as_array().unwrap() {
        let anum = e["anum"].as_str().unwrap();
        let row = match anum {
            "A004482" => 1,
            "A004483" => 2,
            "A004484" => 3,
            "A004485" => 4,
            "A004486" => 5,
            "A004487" => 6,
            _ => {
                assert!(e.get("period").is_none(), "{anum} has a period");
                continue;
            }
        };
        seen += 1;
        let y0: usize = e["preperiod"].as_str().unwrap().parse().unwrap();
        let p: usize = e["period"].as_str().unwrap().parse().unwrap();
        let r = &g[row];
        let holds = |from: usize, p: usize| (from..300).all(|y| r[y + p] == r[y] + p as u32);
        assert!(holds(y0, p), "{anum}: stated period {p} from {y0}");
        if y0 > 0 {
            assert!(
                r[y0 - 1 + p] != r[y0 - 1] + p as u32,
                "{anum}: preperiod not least"
            );
        }
        assert!((1..p).all(|q| !holds(y0, q)), "{anum}: period not least");
    }
    assert_eq!(seen, 6);
}

#[test]
fn the_list_names_the_files_each_entry_can_be_read_from() {
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_wythoff"))
            .args(args)
            .output()
            .unwrap();
        assert!(o.status.success());
        o.stdout
    };
    let v: serde_json::Value = serde_json::from_slice(&run(&["oeis", "--list", "--json"])).unwrap();
    let text = String::from_utf8(run(&["oeis", "--list"])).unwrap();
    let rows = [
        "A004482", "A004483", "A004484", "A004485", "A004486", "A004487",
    ];
    let tables = [
        "A004481", "A047708", "A048850", "A317205", // Grundy tables of Wythoff's game
        "A307296", "A307297", "A307298", "A307299", "A307300", "A307301",
        "A307302", // line games
    ];
    let mut seen = 0;
    for e in v["sequences"].as_array().unwrap() {
        let anum = e["anum"].as_str().unwrap();
        let inputs: Vec<&str> = e["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i.as_str().unwrap())
            .collect();
        let want: &[&str] = if rows.contains(&anum) {
            &["--table", "--certificate"]
        } else if tables.contains(&anum) {
            &["--table"]
        } else if anum == "A046874" || anum == "A046875" {
            &["--certificate"]
        } else {
            &[]
        };
        assert_eq!(inputs, want, "{anum}");
        let line = text.lines().find(|l| l.starts_with(anum)).unwrap();
        for i in want {
            assert!(line.contains(i), "{line}");
        }
        if want.is_empty() {
            assert!(!line.contains("--"), "{line}");
        }
        seen += 1;
    }
    assert_eq!(seen, text.lines().count() - 1, "one line per entry");
}
