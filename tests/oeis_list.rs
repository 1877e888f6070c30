//! `oeis --list` states the proved period and preperiod of each catalogued Grundy row
//! (A004482–A004487); checked here against a naive mex table (the common one): the stated
//! relation a(n + p) = a(n) + p holds from the stated preperiod on, fails just before it, and no
//! smaller period holds from there.

mod common;

use common::{json, naive_rows, stdout, wythoff};

#[test]
fn listed_row_periods_are_proved_facts_of_the_rows() {
    let o = wythoff(&["oeis", "--list", "--json"]);
    assert!(o.status.success());
    let v = json(&o);
    let g = naive_rows(7, 400, 1);
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
    let v = json(&wythoff(&["oeis", "--list", "--json"]));
    let o = wythoff(&["oeis", "--list"]);
    assert!(o.status.success());
    let text = stdout(&o);
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
