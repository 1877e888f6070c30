//! `nheap`: Fraenkel's N-heap Wythoff against a backward induction from the rules
//! (tests/common/naive.rs, every move vector tried): P or N and every winning move for three
//! heaps below 30 and four heaps below 7, two heaps against Wythoff's pairs from the mex
//! recursion, the slices of smallest heap s ≤ 10 on the range the induction covers, and the
//! command line's formats, JSON and refusals.

mod common;
use common::{
    NheapBox, json, mex_pairs_through, nheap_board, nheap_options, refused, run_ok, stdout,
};
use std::collections::HashMap;
use std::sync::OnceLock;
use wythoff::Outcome;
use wythoff::nheap;

/// The side of the three-heap box the induction solves.
const SIDE3: usize = 40;

fn board3() -> &'static HashMap<Vec<usize>, bool> {
    static B: OnceLock<HashMap<Vec<usize>, bool>> = OnceLock::new();
    B.get_or_init(|| nheap_board(3, SIDE3))
}

/// The winning moves of `h` by the induction: the options that are P, sorted.
fn naive_moves(p: &HashMap<Vec<usize>, bool>, h: &[usize]) -> Vec<Vec<u64>> {
    let mut v: Vec<Vec<u64>> = nheap_options(h)
        .into_iter()
        .filter(|t| p[t])
        .map(|t| t.into_iter().map(|x| x as u64).collect())
        .collect();
    v.sort();
    v
}

fn check_against(p: &HashMap<Vec<usize>, bool>, h: &[usize]) {
    let h64: Vec<u64> = h.iter().map(|&x| x as u64).collect();
    let a = nheap::analyse(&h64, &wythoff::Context::serial()).unwrap();
    assert_eq!(a.outcome == Outcome::P, p[h], "{h:?}");
    assert_eq!(a.moves, naive_moves(p, h), "{h:?}");
}

#[test]
fn three_heaps_below_30_every_winning_move() {
    let p = board3();
    for x in 0..30 {
        for y in 0..30 {
            for z in 0..30 {
                // every order: the slices are read through the sorted heaps
                if x <= y || y % 7 == 0 {
                    check_against(p, &[x, y, z]);
                }
            }
        }
    }
}

#[test]
fn four_heaps_below_7_every_winning_move() {
    let p = nheap_board(4, 6);
    for h in p.keys() {
        check_against(&p, h);
    }
}

#[test]
fn two_heaps_are_wythoffs_game() {
    let pairs = mex_pairs_through(1, false, 40);
    let is_pair = |x: u64, y: u64| {
        pairs
            .iter()
            .any(|&(a, b)| (a, b) == (x, y) || (b, a) == (x, y))
    };
    for x in 0..60u64 {
        for y in 0..60u64 {
            let a = nheap::analyse(&[x, y], &wythoff::Context::serial()).unwrap();
            assert_eq!(a.outcome == Outcome::P, is_pair(x, y), "({x}, {y})");
            for m in &a.moves {
                assert!(is_pair(m[0], m[1]), "({x}, {y}) -> {m:?}");
            }
        }
    }
}

#[test]
fn slices_up_to_10_are_the_p_positions_of_the_box() {
    let p = board3();
    for s in 0..=10usize {
        let out = stdout(&run_ok(&[
            "nheap",
            "--slice",
            &s.to_string(),
            "--count",
            "40",
        ]));
        let mut listed = Vec::new();
        let mut last_a = 0;
        for (i, line) in out.lines().enumerate() {
            let v: Vec<usize> = line.split(' ').map(|w| w.parse().unwrap()).collect();
            assert_eq!(v[0], i, "s = {s}: {line}");
            assert!(
                v[1] >= s && v[2] >= v[1] && (i == 0 || v[1] > last_a),
                "{line}"
            );
            last_a = v[1];
            if v[2] <= SIDE3 {
                listed.push((v[1], v[2]));
            }
        }
        assert!(last_a >= SIDE3, "s = {s}: the slice must cover the box");
        let mut want = Vec::new();
        for a in s..=SIDE3 {
            for b in a..=SIDE3 {
                if p[&vec![s, a, b]] {
                    want.push((a, b));
                }
            }
        }
        assert_eq!(listed, want, "slice s = {s}");
    }
}

#[test]
fn four_heap_slices_are_the_p_positions_of_the_box() {
    let (low, side) = (4, 70);
    let p = NheapBox::new(4, low, side);
    for t in 0..=low {
        for s in 0..=t {
            let want: Vec<(usize, usize)> = (p.slice(&[s, t]).0.iter())
                .map(|&(a, b)| (a as usize, b as usize))
                .collect();
            assert!(want.len() >= 15, "({s}, {t}): {}", want.len());
            // either order of the fixed heaps
            let arg = if s % 2 == 0 {
                format!("{s},{t}")
            } else {
                format!("{t},{s}")
            };
            let mut listed = Vec::new();
            let (p, q) = if s % 2 == 0 { (s, t) } else { (t, s) };
            nheap::slice::pair_slice(p as u64, q as u64, want.len() as u64, &mut |n, a, b| {
                assert_eq!(n, listed.len() as u64);
                listed.push((a as usize, b as usize));
                Ok(())
            })
            .unwrap();
            assert_eq!(listed, want, "listing of slice ({s}, {t})");
            let count = want.len().to_string();
            let out = stdout(&run_ok(&["nheap", "--slice", &arg, "--count", &count]));
            let got: Vec<(usize, usize)> = out
                .lines()
                .enumerate()
                .map(|(i, l)| {
                    let v: Vec<usize> = l.split(' ').map(|w| w.parse().unwrap()).collect();
                    assert_eq!(v[0], i, "{l}");
                    (v[1], v[2])
                })
                .collect();
            assert_eq!(got, want, "slice ({s}, {t})");
        }
    }
    // slice (0, 0) is Wythoff's game
    let out = stdout(&run_ok(&["nheap", "--slice", "0,0", "--count", "30"]));
    let pairs = mex_pairs_through(1, false, 29);
    for (line, (a, b)) in out.lines().zip(pairs) {
        assert!(line.ends_with(&format!(" {a} {b}")), "{line}");
    }
}

#[test]
fn all_four_heap_slices_in_one_run_are_the_slices_one_by_one() {
    let all = stdout(&run_ok(&[
        "nheap", "--slice", "3,1", "--all", "--count", "25",
    ]));
    let mut by = std::collections::BTreeMap::new();
    for line in all.lines() {
        let v: Vec<&str> = line.splitn(3, ' ').collect();
        let text: &mut String = by.entry((v[0].to_string(), v[1].to_string())).or_default();
        text.push_str(&format!("{}\n", v[2]));
    }
    assert_eq!(by.len(), 10);
    for ((p, q), text) in by {
        let one = stdout(&run_ok(&[
            "nheap",
            "--slice",
            &format!("{p},{q}"),
            "--count",
            "25",
        ]));
        assert_eq!(text, one, "slice ({p}, {q})");
    }
}

#[test]
fn the_command_line_prints_moves_and_json() {
    let o = stdout(&run_ok(&["nheap", "1", "2", "4"]));
    assert_eq!(
        o,
        "(1, 2, 4): N — 2 winning moves:\n  (1, 2, 4) -> (1, 0, 2)\n  (1, 2, 4) -> (1, 2, 0)\n"
    );
    let o = stdout(&run_ok(&["nheap", "3", "5"]));
    assert_eq!(
        o,
        "(3, 5): P — the player to move loses; there is no winning move\n"
    );
    let j = json(&run_ok(&["nheap", "1", "2", "3", "--json"]));
    assert_eq!(j["version"], 1);
    assert_eq!(j["position"], serde_json::json!(["1", "2", "3"]));
    assert_eq!(j["outcome"], "N");
    assert_eq!(
        j["moves"],
        serde_json::json!([["0", "0", "0"], ["1", "2", "0"]])
    );
    let j = json(&run_ok(&[
        "nheap", "--slice", "1", "--count", "3", "--json",
    ]));
    assert_eq!(j["smallest"], serde_json::json!(["1"]));
    let pos = j["positions"].as_array().unwrap();
    assert_eq!(pos.len(), 3);
    assert_eq!(
        pos[2],
        serde_json::json!({"n": "2", "A": "5", "B": "9", "difference": "4"})
    );
}

#[test]
fn slice_output_goes_to_a_file_whole() {
    let (_dir, file) = common::made(&["nheap", "--slice", "2", "--count", "5"], "s2.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text, "0 2 2\n1 3 6\n2 4 10\n3 5 12\n4 7 16\n");
}

#[test]
fn all_slices_in_one_run_are_the_slices_one_by_one() {
    let all = stdout(&run_ok(&[
        "nheap", "--slice", "6", "--all", "--count", "30",
    ]));
    let mut by_s = vec![String::new(); 7];
    for line in all.lines() {
        let (s, rest) = line.split_once(' ').unwrap();
        by_s[s.parse::<usize>().unwrap()].push_str(&format!("{rest}\n"));
    }
    for (s, text) in by_s.iter().enumerate() {
        let one = stdout(&run_ok(&[
            "nheap",
            "--slice",
            &s.to_string(),
            "--count",
            "30",
        ]));
        assert_eq!(*text, one, "slice {s}");
    }
}

#[test]
fn bad_input_is_refused_in_one_line() {
    refused(&["nheap"], &["HEAP"]);
    refused(&["nheap", "1", "-2"], &["negative"]);
    refused(
        &["nheap", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
        &["1 to 8 heaps"],
    );
    refused(&["nheap", "1000", "1000", "1000"], &["three-heap limits"]);
    refused(&["nheap", "300", "300", "300", "300"], &["limits"]);
    refused(&["nheap", "1", "2", "--slice", "3"], &["--slice"]);
    refused(
        &["nheap", "1", "2", "--count", "3"],
        &["--count", "--slice"],
    );
    refused(&["nheap", "--slice", "x"], &["--slice", "not a number"]);
    refused(&["nheap", "--slice", "1,2,3"], &["A1,A2"]);
    // the smallest heaps the engine takes are 0..=1023 (slice/cost.rs): the refusal names them
    for s in ["1024", "2048", "65536", "70000"] {
        refused(
            &["nheap", "--slice", s],
            &["--slice: smallest heaps up to 1023 are supported, not", s],
        );
    }
    refused(&["nheap", "--slice", "3,300"], &["255"]);
    refused(&["nheap", "--slice", "3", "--count", "1e19"], &["--count"]);
}

/// Slices whose engine would not fit are refused before anything is allocated, in one line
/// naming the flag and what to lower: the rows of fixed heaps up to 255,255 (their moves alone
/// about 17 GB) by the memory cap — also under an address-space limit of 1 GB, so nothing large
/// was allocated first — and slices past 2^44 look-ups of the cost model by the work bound.
#[test]
fn slices_past_the_memory_cap_or_the_work_bound_are_refused_up_front() {
    for args in [
        &["nheap", "--slice", "255,255", "--count", "1"][..],
        &["nheap", "--slice", "255,255", "--all"],
        &["nheap", "--slice", "255,240"],
        &["nheap", "--slice", "64", "--all", "--count", "1e8"],
    ] {
        refused(
            args,
            &[
                "--slice:",
                "memory cap",
                "smaller fixed heaps or a smaller --count",
            ],
        );
    }
    refused(
        &["nheap", "--conjectures", "255,255", "--count", "1"],
        &["--conjectures:", "memory cap"],
    );
    for args in [
        &["nheap", "--slice", "200,200", "--count", "1"][..],
        &["nheap", "--slice", "500", "--count", "1e6"],
        &["nheap", "--slice", "1023", "--count", "2e5"],
    ] {
        refused(args, &["--slice:", "look-ups", "2^44"]);
    }
    let o = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -v 1000000; exec '{}' nheap --slice 255,255 --count 1",
            common::BIN
        ))
        .output()
        .unwrap();
    common::refusal(
        &o,
        &["--slice:", "26.0 GiB of memory", "12.0 GiB memory cap"],
    );
}

/// Every heap is at most 2^64 − 1 (doc/nheap.md, doc/guide.md): the largest of three heaps may
/// be that large, and its one winning move is the box's P-position (3, 5, v); one more is
/// refused naming the heaps, with status 2.
#[test]
fn heaps_go_up_to_2_64_minus_1() {
    let max = u64::MAX.to_string();
    // the one P-position (3, 5, v) of the box (at most one v: lowering the third heap joins them)
    let v: Vec<usize> = (0..SIDE3).filter(|&v| board3()[&vec![3, 5, v]]).collect();
    assert_eq!(v.len(), 1);
    assert_eq!(
        stdout(&run_ok(&["nheap", "3", "5", &max])),
        format!(
            "(3, 5, {max}): N — 1 winning move:\n  (3, 5, {max}) -> (3, 5, {})\n",
            v[0]
        )
    );
    run_ok(&["nheap", "1", "2", "3", &max]);
    for args in [
        &["nheap", "3", "5", "2^64"][..],
        &["nheap", "1", "2", "3", "18446744073709551616"],
    ] {
        refused(args, &["HEAP", "at most 2^64-1"]);
    }
}
