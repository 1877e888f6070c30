//! The JSON outputs: one object per line, parsed with serde_json; `"version": 1` on every
//! top-level object; every integer a string except `version`, `offset` and `component`; values
//! checked against computations made here from the definitions.

mod common;

use common::{mex_pairs_through, text, three_pile_p, wythoff};
use serde_json::{Value, json};

fn parse(args: &[&str]) -> Value {
    let o = wythoff(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o));
    let v = common::json(&o);
    // every shape is version 1 but game-three's, version 2 (its component counted from 1)
    let want = if args.first() == Some(&"game-three") {
        2
    } else {
        1
    };
    assert_eq!(v["version"], json!(want), "{args:?}");
    numbers_only_where_allowed(&v, "", args);
    v
}

/// JSON numbers may appear only under these keys; every other integer is a string.
fn numbers_only_where_allowed(v: &Value, key: &str, args: &[&str]) {
    match v {
        Value::Number(_) => assert!(
            ["version", "offset", "component"].contains(&key),
            "{args:?}: a bare number under {key:?}"
        ),
        Value::Array(a) => a
            .iter()
            .for_each(|x| numbers_only_where_allowed(x, key, args)),
        Value::Object(m) => m
            .iter()
            .for_each(|(k, x)| numbers_only_where_allowed(x, k, args)),
        _ => {}
    }
}

#[test]
fn nth_move_and_pairs() {
    let p = mex_pairs_through(1, false, 100);
    let v = parse(&["nth", "100", "--json"]);
    assert_eq!(
        v,
        json!({"version":1,"a":"1","misere":false,"n":"100",
        "A":p[100].0.to_string(),"B":p[100].1.to_string()})
    );
    // a beyond 2^53 is a string, exactly
    let v = parse(&["nth", "0", "-a", "18446744073709551615", "--json"]);
    assert_eq!(v["a"], "18446744073709551615");
    // (A_7, B_7 + 3) -> (A_7, B_7) is a winning move, in the user's order
    let (a, b) = p[7];
    let v = parse(&["move", &(b + 3).to_string(), &a.to_string(), "--json"]);
    assert_eq!(v["position"], json!([(b + 3).to_string(), a.to_string()]));
    assert_eq!(v["outcome"], "N");
    assert!(
        v["moves"]
            .as_array()
            .unwrap()
            .contains(&json!([b.to_string(), a.to_string()]))
    );
    let v = parse(&["pairs", "5", "1e10", "--count", "--json"]);
    assert_eq!(
        v,
        json!({"version":1,"a":"1","misere":false,"start":"5","stop":"10000000000","count":"9999999996"})
    );
    let v = parse(&["pairs", "100", "--checksum", "--json"]);
    let sum_a: u64 = p.iter().map(|x| x.0).sum();
    let sum_b: u64 = p.iter().map(|x| x.1).sum();
    let sum_na: u64 = p.iter().enumerate().map(|(i, x)| i as u64 * x.0).sum();
    assert_eq!(
        v,
        json!({"version":1,"a":"1","misere":false,"start":"0","stop":"100","count":"101",
        "sum_A":sum_a.to_string(),"sum_B":sum_b.to_string(),"sum_nA":sum_na.to_string()})
    );
}

#[test]
fn three_pile_summary_and_move() {
    // brute force over the box from the rules: a position is P iff no move reaches a P-position
    let n = 8usize;
    let p = three_pile_p(n);
    let count = p.len();
    let sum: usize = p.iter().flatten().sum();
    let v = parse(&["three", "8", "--json"]);
    assert_eq!(
        v,
        json!({"version":1,"N":"8","count":count.to_string(),"sum":sum.to_string()})
    );
    let v = parse(&["three-move", "1", "2", "0", "--json"]);
    assert_eq!(
        v,
        json!({"version":1,"position":["1","2","0"],"outcome":"P","move":null})
    );
}

/// The Calkin–Wilf parent, from the tree's definition.
fn parent(p: u64, q: u64) -> Option<(u64, u64)> {
    match p {
        0 => None,
        _ if p >= q => Some((p - q, q)),
        _ => Some((p, q - p)),
    }
}

#[test]
fn rationals_and_the_tree() {
    let v = parse(&["game-two", "3/5", "-t", "2", "--json"]);
    // level 4 = 1 (mod 3): one step, to the parent 3/2
    assert_eq!(
        v,
        json!({"version":1,"t":"2","rational":"3/5","induced":"4","outcome":"N",
        "move":{"steps":"1","to":"3/2"}})
    );
    let v = parse(&["game-three", "3/5", "2/3", "1/1", "--json"]);
    // levels 4, 3, 1; nim-sum 6; 4 -> 4 ^ 6 = 2: two steps on the first (component 1, counted
    // from 1 as in `sum --json`: version 2 of this shape), 3/5 -> 3/2 -> 1/2
    assert_eq!(
        v,
        json!({"version":2,"rationals":["3/5","2/3","1/1"],"induced":["4","3","1"],
        "nim_sum":"6","outcome":"N","move":{"component":1,"steps":"2","to":"1/2"}})
    );
    let v = parse(&["game-three", "1/2", "2/1", "--json"]);
    assert_eq!((&v["outcome"], &v["move"]), (&json!("P"), &Value::Null));
    // --path in JSON: the path array walks parent by parent to 0/1
    let v = parse(&["cw", "13/8", "--path", "--json"]);
    let mut want = vec![];
    let mut c = Some((13u64, 8u64));
    while let Some((p, q)) = c {
        want.push(format!("{p}/{q}"));
        c = parent(p, q);
    }
    assert_eq!(v["path"], json!(want));
    assert_eq!(v["level"], (want.len() - 1).to_string());
    assert_eq!(v["parent"], want[1]);
    assert_eq!(v["children"], json!(["13/21", "21/8"]));
    // without --path there is no path field
    let v = parse(&["cw", "0/1", "--json"]);
    assert_eq!(
        v,
        json!({"version":1,"rational":"0/1","level":"0","continued_fraction":["0"],
        "parent":null,"children":[null,"1/1"],"index":"0"})
    );
}

#[test]
fn oeis_catalogue() {
    let v = parse(&["oeis", "--list", "--json"]);
    let seqs = v["sequences"].as_array().unwrap();
    let text = String::from_utf8(wythoff(&["oeis", "--list"]).stdout).unwrap();
    // the same catalogue as the text listing, line for line after its header
    assert_eq!(seqs.len(), text.lines().count() - 1);
    for (s, line) in seqs.iter().zip(text.lines().skip(1)) {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(s["anum"], f[0]);
        assert_eq!(s["offset"], json!(f[1].parse::<u64>().unwrap()));
        assert_eq!(s["terms"], f[2]);
        assert_eq!(s["max_terms"], f[3]);
        let by = s["computed_by"].as_str().unwrap();
        assert!(
            !by.is_empty() && line.contains(&format!("{{{by}}}")),
            "{line}"
        );
    }
    assert!(seqs.iter().any(|s| s["anum"] == "A000201"));
}
