//! Rationals near the size limit (p, q below 10^100000) in `cw`, `game-two` and `ratwyt`:
//! just under it they work in little memory, just over it they are refused in one line; and
//! `cw --path` announces the number of rationals it lists.

mod common;
use common::{run_ok, says, text, wythoff};
use rug::Integer;
use std::process::Command;

/// 10^100000 − 1 written out: the largest numerator or denominator accepted.
fn nines() -> String {
    "9".repeat(100_000)
}

#[test]
fn just_under_the_limit_works_and_just_over_is_refused() {
    // (10^100000 − 1)/2 = [5·10^99999 − 1; 2]: level 5·10^99999 + 1
    let o = run_ok(&["cw", &format!("{}/2", nines())]);
    let want = format!("level         5{}1   ", "0".repeat(99_998));
    assert!(String::from_utf8_lossy(&o.stdout).contains(&want));
    // 1/(10^100000 − 1) = [0; 10^100000 − 1]: level 10^100000 − 1, a multiple of 9, so P in
    // game-two with t = 2 (P iff the level is a multiple of 3)
    let o = run_ok(&["game-two", &format!("1/{}", nines()), "-t", "2"]);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("): P"),
        "{}",
        text(&o)
    );

    for (args, part, arg) in [
        (vec!["cw", "1e100000"], "numerator", "[R]"),
        (vec!["cw", "1/1e100000"], "denominator", "[R]"),
        (
            vec!["game-two", "1e100000/3", "-t", "2"],
            "numerator",
            "<R>",
        ),
        (vec!["ratwyt", "1/2", "7/1e100000"], "denominator", "<R2>"),
        (vec!["game-three", "1/2", "1e100000"], "numerator", "<RS>"),
    ] {
        let o = wythoff(&args);
        let t = text(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {t}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert_eq!(t.trim_end().lines().count(), 1, "{t}");
        assert!(t.contains(arg), "{args:?}: {t}");
        assert!(
            t.contains(&format!("the {part} has more than 100000 decimal digits")),
            "{args:?}: {t}"
        );
    }
}

/// The sum of the partial quotients by the textbook Euclidean algorithm.
fn level(mut p: Integer, mut q: Integer) -> Integer {
    let mut sum = Integer::new();
    while q != 0 {
        let (a, r) = p.div_rem(q.clone());
        sum += a;
        p = q;
        q = r;
    }
    sum
}

/// 2^200000/3^120000 once needed 1.3 GB (each partial quotient kept a buffer as large as the
/// numerator); under a 512 MB address-space limit it must now run and give the right level.
#[test]
fn a_big_rational_runs_in_little_memory() {
    let r = "2^200000/3^120000";
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 524288 && exec \"$0\" game-two {r} -t 1000000007 --json"
        ))
        .arg(env!("CARGO_BIN_EXE_wythoff"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let k = level(
        Integer::from(Integer::u_pow_u(2, 200_000)),
        Integer::from(Integer::u_pow_u(3, 120_000)),
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains(&format!("\"induced\":\"{k}\"")),
        "{out} vs {k}"
    );
}

#[test]
fn the_path_announces_the_rationals_it_lists() {
    // level 10^6 (the limit): the rational 1000000/1 and its 10^6 ancestors down to 0/1
    let o = run_ok(&["cw", "1000000", "--path"]);
    let out = String::from_utf8_lossy(&o.stdout);
    let path: Vec<&str> = out.lines().skip(5).collect();
    assert_eq!(path.first(), Some(&"1000000/1"));
    assert_eq!(path.last(), Some(&"0/1"));
    let listed = path.len();
    assert_eq!(listed, 1_000_001);
    // one level more is refused, announcing one rational more than the level
    let o = wythoff(&["cw", "1000001", "--path"]);
    assert_eq!(o.status.code(), Some(2));
    says(
        &text(&o),
        &format!("the path lists {} rationals", listed + 1),
    );
    // a small one: 3/5 → 3/2 → 1/2 → 1/1 → 0/1
    let o = wythoff(&["cw", "3/5", "--path"]);
    let out = String::from_utf8_lossy(&o.stdout);
    let path: Vec<&str> = out.lines().skip(5).collect();
    assert_eq!(path, ["3/5", "3/2", "1/2", "1/1", "0/1"]);
}
