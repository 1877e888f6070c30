//! `wythoff prove --predicate NAME=FILE`: automata in Walnut's file format as predicates.  Each
//! file is judged by what it decides — against the built-in predicates, against arithmetic and
//! the rules of the game computed here, and against an evaluator of the file written in this
//! test — and every malformed file or option is refused with one line.

mod common;

use common::{p_board, refusal, stderr, stdout, text, wythoff, zeckendorf};
use std::path::{Path, PathBuf};
use wythoff::prove::walnut::{read_walnut, walnut_text};
use wythoff::prove::{Budget, Numeration, PREDICATES, Vocabulary};

/// A file of the repository's `data/walnut/`.
fn data(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/walnut")
        .join(name);
    p.to_str().unwrap().to_string()
}

/// Writes `text` into `dir/name` and returns the path.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// `wythoff prove` with the predicates `given` (NAME=FILE each) on `statement`.
fn prove(given: &[String], statement: &str) -> std::process::Output {
    let mut args = vec!["prove".to_string()];
    for g in given {
        args.push("--predicate".into());
        args.push(g.clone());
    }
    args.push(statement.to_string());
    wythoff(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn verdict(given: &[String], statement: &str) -> String {
    let o = prove(given, statement);
    assert_eq!(o.status.code(), Some(0), "{statement}: {}", text(&o));
    stdout(&o)
}

/// A Walnut file read here, independently of the product: (number, output, transitions) of
/// each state in the order listed (the first is initial); a transition's digits (`None` for `*`)
/// and its targets.
struct Walnut {
    states: Vec<(u64, bool, Vec<Transition>)>,
}

type Transition = (Vec<Option<u8>>, Vec<u64>);

impl Walnut {
    fn parse(text: &str) -> Walnut {
        let mut states: Vec<(u64, bool, Vec<Transition>)> = Vec::new();
        let lines = text.lines().map(str::trim);
        for l in lines
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .skip(1)
        {
            if let Some((lhs, rhs)) = l.split_once("->") {
                let d = lhs.split_whitespace().map(|d| d.parse().ok()).collect();
                let t = rhs.split_whitespace().map(|t| t.parse().unwrap()).collect();
                states.last_mut().unwrap().2.push((d, t));
            } else {
                let w: Vec<&str> = l.split_whitespace().collect();
                states.push((w[0].parse().unwrap(), w[1] == "1", Vec::new()));
            }
        }
        Walnut { states }
    }

    /// Whether the automaton accepts the numbers `values`, each written in Zeckendorf's digits
    /// padded to `len` (a set of states: the file may be nondeterministic).
    fn accepts(&self, values: &[u64], len: usize) -> bool {
        let words: Vec<Vec<u8>> = values.iter().map(|&v| zeckendorf(v, len)).collect();
        let mut set = vec![self.states[0].0];
        for j in 0..len {
            let letter: Vec<u8> = words.iter().map(|w| w[j]).collect();
            let mut next = Vec::new();
            for s in &set {
                let st = self.states.iter().find(|st| st.0 == *s).unwrap();
                for (d, t) in &st.2 {
                    if d.iter()
                        .zip(&letter)
                        .all(|(d, l)| d.is_none_or(|d| d == *l))
                    {
                        next.extend(t.iter().copied());
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            set = next;
        }
        set.iter()
            .any(|s| self.states.iter().any(|st| st.0 == *s && st.1))
    }
}

/// ⌊nφ⌋ = (n + ⌊√(5n²)⌋) / 2, in integers.
fn lower(n: u64) -> u64 {
    (n + (5 * n * n).isqrt()) / 2
}

#[test]
fn every_exported_predicate_read_back_is_the_same_set() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let o = wythoff(&["prove", "--export-walnut", d]);
    assert!(o.status.success(), "{}", text(&o));
    for (name, arity, _) in PREDICATES {
        let vars: Vec<String> = (0..*arity).map(|i| format!("x{i}")).collect();
        let vars = vars.join(",");
        let q = format!("Q={d}/{name}.txt");
        let s = format!("A {vars} Q({vars}) <=> {name}({vars})");
        assert_eq!(verdict(std::slice::from_ref(&q), &s), "TRUE\n", "{name}");
        // and it is not another predicate of the same arity
        let other = if *name == "P" { "one" } else { "P" };
        if *arity == 2 {
            let s = format!("A {vars} Q({vars}) <=> {other}({vars})");
            assert!(verdict(&[q], &s).starts_with("FALSE\n"), "{name}");
        }
    }
}

#[test]
fn a_changed_output_is_found_where_the_rules_disagree() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    assert!(wythoff(&["prove", "--export-walnut", d]).status.success());
    let text = std::fs::read_to_string(dir.path().join("P.txt")).unwrap();
    let board = p_board(80, 1, false);
    // flip the output of each state in turn: every change is seen, at a cell where the changed
    // automaton and a plain mex from the rules disagree
    let states = Walnut::parse(&text).states.len();
    for flip in 0..states {
        let mut k = 0;
        let changed: String = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                let w: Vec<&str> = l.split_whitespace().collect();
                if i > 0 && w.len() == 2 && !l.contains("->") {
                    k += 1;
                    if k - 1 == flip {
                        return format!("{} {}\n", w[0], if w[1] == "1" { 0 } else { 1 });
                    }
                }
                format!("{l}\n")
            })
            .collect();
        let q = file(dir.path(), "changed.txt", &changed);
        let o = prove(&[format!("Q={q}")], "A x,y Q(x,y) <=> P(x,y)");
        let out = stdout(&o);
        if let Some(cx) = out.strip_prefix("FALSE\ncounterexample: ") {
            let v: Vec<u64> = cx
                .split_whitespace()
                .map(|kv| kv.split_once('=').unwrap().1.parse().unwrap())
                .collect();
            let (x, y) = (v[0], v[1]);
            assert!(x < 80 && y < 80, "{cx}");
            assert_ne!(
                Walnut::parse(&changed).accepts(&[x, y], 12),
                board[x as usize][y as usize],
                "state {flip}: ({x},{y})"
            );
        } else {
            // a flip may leave the set unchanged only where the state is never reached on a
            // valid word; then the two automata agree on the whole board
            assert_eq!(out, "TRUE\n", "{}", common::text(&o));
            let w = Walnut::parse(&changed);
            for x in 0..80u64 {
                for y in 0..80u64 {
                    assert_eq!(w.accepts(&[x, y], 12), board[x as usize][y as usize]);
                }
            }
        }
    }
}

#[test]
fn a_hand_written_automaton_gives_the_verdicts_of_brute_force() {
    let dir = tempfile::tempdir().unwrap();
    // x = y: one state that reads equal digits
    let same = file(
        dir.path(),
        "same.txt",
        "msd_fib msd_fib\n\n0 1\n0 0 -> 0\n1 1 -> 0\n",
    );
    let g = [format!("same={same}")];
    assert_eq!(verdict(&g, "A x same(x,x)"), "TRUE\n");
    assert_eq!(verdict(&g, "E x,y same(x,y) & x != y"), "FALSE\n");
    // the least (x, y) with x = y and x + y = 10, by enumeration
    let (x, y) = (0..20u64)
        .flat_map(|x| (0..20u64).map(move |y| (x, y)))
        .find(|&(x, y)| x == y && x + y == 10)
        .unwrap();
    assert_eq!(
        verdict(&g, "A x,y same(x,y) => x + y != 10"),
        format!("FALSE\ncounterexample: x={x} y={y}\n")
    );
    // the P-positions on the diagonal, from the rules: (0, 0) only
    let board = p_board(60, 1, false);
    let diagonal: Vec<usize> = (0..60).filter(|&x| board[x][x]).collect();
    assert_eq!(diagonal, [0]);
    assert_eq!(verdict(&g, "A x,y (same(x,y) & P(x,y)) => x = 0"), "TRUE\n");
    // the least x > 0 with (x, x + 1) a P-position, from the rules: (1, 2)
    let least = (1..59).find(|&x| board[x][x + 1]).unwrap();
    assert_eq!(
        verdict(&g, "A x,y (x > 0 & same(x + 1,y)) => ~P(x,y)"),
        format!("FALSE\ncounterexample: x={least} y={}\n", least + 1)
    );
}

#[test]
fn the_even_zeros_automaton_accepts_the_lower_wythoff_numbers() {
    let text = std::fs::read_to_string(data("evenzeros.txt")).unwrap();
    let w = Walnut::parse(&text);
    let a = read_walnut(&text, Numeration::Zeckendorf).unwrap();
    let lowers: Vec<u64> = (1..200).map(lower).collect();
    for n in 0..300u64 {
        let want = lowers.contains(&n);
        assert_eq!(a.accepts(&[n]), want, "{n}");
        assert_eq!(w.accepts(&[n], 14), want, "{n}");
    }
    let g = [format!("evenzeros={}", data("evenzeros.txt"))];
    assert_eq!(
        verdict(&g, "A x evenzeros(x) <=> E n n >= 1 & lower(n,x)"),
        "TRUE\n"
    );
    assert_eq!(
        verdict(&g, "A x evenzeros(x) <=> E n lower(n,x)"),
        "FALSE\ncounterexample: x=0\n"
    );
}

#[test]
fn walnuts_own_files_agree_with_arithmetic() {
    let g = |name: &str, file: &str| vec![format!("{name}={}", data(file))];
    assert_eq!(
        verdict(&g("add", "add.txt"), "A x,y,z add(x,y,z) <=> x + y = z"),
        "TRUE\n"
    );
    assert_eq!(
        verdict(&g("less", "less.txt"), "A x,y less(x,y) <=> x < y"),
        "TRUE\n"
    );
    assert_eq!(
        verdict(&g("less", "less.txt"), "A x,y less(x,y) <=> x <= y"),
        "FALSE\ncounterexample: x=0 y=0\n"
    );
    // the generalized game with a = 2 reads Walnut's msd_ost2
    let o = wythoff(&[
        "prove",
        "-a",
        "2",
        "--predicate",
        &format!("add={}", data("add_ost2.txt")),
        "A x,y,z add(x,y,z) <=> x + y = z",
    ]);
    assert_eq!(stdout(&o), "TRUE\n", "{}", text(&o));
    // Walnut's msd_pell is the same numeration, and so is a set of its digits
    let dir = tempfile::tempdir().unwrap();
    let add2 = std::fs::read_to_string(data("add_ost2.txt")).unwrap();
    for header in ["msd_pell", "{0, 1, 2}"] {
        let f = file(dir.path(), "add.txt", &add2.replace("msd_ost2", header));
        let spec = format!("add={f}");
        let s = "A x,y,z add(x,y,z) <=> x + y = z";
        let o = wythoff(&["prove", "-a", "2", "--predicate", &spec, s]);
        assert_eq!(stdout(&o), "TRUE\n", "{header}: {}", text(&o));
    }
    // the files as Walnut wrote them accept what this test's evaluator says, on a box
    let add = Walnut::parse(&std::fs::read_to_string(data("add.txt")).unwrap());
    let a = read_walnut(
        &std::fs::read_to_string(data("add.txt")).unwrap(),
        Numeration::Zeckendorf,
    )
    .unwrap();
    for x in 0..12u64 {
        for y in 0..12u64 {
            for z in 0..25u64 {
                assert_eq!(a.accepts(&[x, y, z]), x + y == z);
                assert_eq!(add.accepts(&[x, y, z], 10), x + y == z);
            }
        }
    }
}

#[test]
fn what_walnut_allows_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let less = "fib fib\n4 0\n0 0 -> 4\n1 1 -> 4\n0 1 -> 2\n2 1\n* * -> 2\n";
    let ends_in_1 = "E n n >= 1 & upper(n,x + 1)";
    // (file, variables, what it accepts)
    let cases: &[(&str, &str, &str)] = &[
        // comments, blank lines with spaces, \r\n, sets of digits, a state not numbered 0
        (
            "# x = y\r\n{0, 1}   {0,1}\r\n   \r\n 7 1 \r\n0 0 -> 7\r\n1   1 ->   7\r\n",
            "x,y",
            "x = y",
        ),
        // the states in another order: the first listed is the initial one; `*` for every digit
        (less, "x,y", "x < y"),
        // a state without transitions
        (
            "msd_fib msd_fib\n0 1\n* 0 -> 0\n0 1 -> 1\n1 0\n",
            "x,y",
            "y = 0",
        ),
        // nondeterministic: one line with two targets, and one letter on two lines (the words
        // that end in 1)
        ("msd_fib\n0 0\n0 -> 0\n1 -> 0 1\n1 1\n", "x", ends_in_1),
        (
            "msd_fib\n0 0\n0 -> 0\n1 -> 0\n1 -> 1\n1 1\n",
            "x",
            ends_in_1,
        ),
    ];
    for (k, (walnut, vars, meaning)) in cases.iter().enumerate() {
        let path = file(dir.path(), &format!("f{k}.txt"), walnut);
        let s = format!("A {vars} Q({vars}) <=> ({meaning})");
        assert_eq!(verdict(&[format!("Q={path}")], &s), "TRUE\n", "case {k}");
        // the product's automaton and this test's evaluator agree on a box
        let w = Walnut::parse(walnut);
        let a = read_walnut(walnut, Numeration::Zeckendorf).unwrap();
        for x in 0..40u64 {
            for y in 0..40u64 {
                let v = if *vars == "x" { vec![x] } else { vec![x, y] };
                assert_eq!(a.accepts(&v), w.accepts(&v, 10), "case {k}: {v:?}");
            }
        }
    }
    // the meaning of the last two, by brute force: Zeckendorf's word of x ends in 1 exactly
    // when x + 1 is an upper Wythoff number ⌊nφ⌋ + n, n ≥ 1
    let uppers: Vec<u64> = (1..100).map(|n| lower(n) + n).collect();
    for x in 0..100u64 {
        assert_eq!(zeckendorf(x, 10)[9] == 1, uppers.contains(&(x + 1)), "{x}");
    }
    // listed the other way round, the accepting state is initial: every pair is accepted
    let other = file(
        dir.path(),
        "other.txt",
        "fib fib\n2 1\n* * -> 2\n4 0\n0 0 -> 4\n1 1 -> 4\n0 1 -> 2\n",
    );
    assert_eq!(verdict(&[format!("Q={other}")], "A x,y Q(x,y)"), "TRUE\n");
}

/// The invariants of every automaton of the procedure, on every word of up to 7 letters: it
/// accepts only valid words, and a word exactly when it accepts it with a leading 0.
fn invariants(a: &wythoff::prove::Dfa) {
    let n = a.numeration();
    let k = a.vars().len();
    let mut words: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..7 {
        let mut longer = Vec::new();
        for w in &words {
            let valid = w.windows(2).all(|p| n.step_ok(p[0], p[1], k))
                && w.last().is_none_or(|&l| n.end_ok(l, k));
            assert!(valid || !a.accepts_word(w), "{w:?}");
            let mut z = vec![0];
            z.extend_from_slice(w);
            assert_eq!(a.accepts_word(w), a.accepts_word(&z), "{w:?}");
            for l in 0..a.letters() {
                let mut v = w.clone();
                v.push(l);
                longer.push(v);
            }
        }
        words = longer;
        if words.len() > 20_000 {
            break;
        }
    }
}

#[test]
fn the_automaton_read_keeps_the_invariants_and_the_written_one_reads_back() {
    // a file accepting every word, "11" too: what is read accepts the valid words only
    let all = read_walnut("msd_fib\n0 1\n0 -> 0\n1 -> 0\n", Numeration::Zeckendorf).unwrap();
    invariants(&all);
    assert!(!all.accepts_word(&[1, 1]) && all.accepts_word(&[1, 0, 1]));
    for f in ["add.txt", "less.txt", "evenzeros.txt"] {
        let t = std::fs::read_to_string(data(f)).unwrap();
        invariants(&read_walnut(&t, Numeration::Zeckendorf).unwrap());
    }
    let t = std::fs::read_to_string(data("add_ost2.txt")).unwrap();
    let add2 = read_walnut(&t, Numeration::Ostrowski(2)).unwrap();
    invariants(&add2);
    // Ostrowski's digits for a = 2: 1 = "1", 2 = "10", 3 = "11", 4 = "20", 5 = "100"
    assert!(add2.accepts(&[1, 3, 4]) && add2.accepts(&[2, 3, 5]) && !add2.accepts(&[2, 2, 5]));
    // every predicate written and read back is the same automaton, in both numerations
    let cancel = wythoff::cancel::Cancel::never();
    for a in [1u64, 2, 3] {
        let n = Numeration::for_parameter(a).unwrap();
        let vocabulary = Vocabulary::for_numeration(n);
        let budget = Budget::for_numeration(n, 2_000_000, cancel);
        for (name, _, _) in PREDICATES {
            if a > 1 && !["P", "lower", "upper", "move"].contains(name) {
                continue;
            }
            let p = wythoff::prove::predicate(name, &vocabulary, &budget).unwrap();
            let text = walnut_text(&p);
            if a > 1 {
                assert!(text.starts_with(&format!("msd_ost{a} ")), "{text}");
            }
            assert_eq!(read_walnut(&text, n).unwrap(), p, "a = {a}: {name}");
        }
    }
}

#[test]
fn a_predicate_may_be_written_with_walnuts_dollar() {
    assert_eq!(verdict(&[], "A x,y $P(x,y) <=> P(x,y)"), "TRUE\n");
    assert_eq!(verdict(&[], "A x $fib(x) => x >= 1"), "TRUE\n");
    let dir = tempfile::tempdir().unwrap();
    let same = file(
        dir.path(),
        "same.txt",
        "msd_fib msd_fib\n0 1\n0 0 -> 0\n1 1 -> 0\n",
    );
    assert_eq!(
        verdict(
            &[format!("same={same}")],
            "A x,y $same(x,y) => ~$P(x,y) | x = 0"
        ),
        "TRUE\n"
    );
    refusal(
        &prove(&[], "A x $x = x"),
        &["character 5", "'$' marks a predicate"],
    );
    refusal(&prove(&[], "A x,y $ P(x,y)"), &["character 7", "'$'"]);
    refusal(&prove(&[], "A x x = x + $1"), &["character 13", "'$'"]);
    refusal(
        &prove(&[], "A x $true"),
        &["character 5", "predicate's name"],
    );
    refusal(&prove(&[], "A x $Q(x)"), &["unknown predicate 'Q'"]);
}

#[test]
fn malformed_files_are_refused_with_one_line_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let fib16 = ["msd_fib"; 16].join(" ");
    let ost7 = ["msd_ost9"; 7].join(" ");
    let cases: Vec<(&str, String, Vec<&str>)> = vec![
        (
            "1",
            "lsd_fib\n0 1\n0 -> 0\n".into(),
            vec!["line 1", "'lsd_fib'", "msd_fib"],
        ),
        (
            "1",
            "msd_2\n0 1\n0 -> 0\n".into(),
            vec!["line 1", "'msd_2'", "msd_fib"],
        ),
        (
            "1",
            "msd_fib\n0 1\n0 => 0\n".into(),
            vec!["line 3", "expected a state"],
        ),
        (
            "1",
            "msd_fib\n0 1\n0 -> x\n".into(),
            vec!["line 3", "expected a state"],
        ),
        (
            "1",
            "msd_fib\n0 1\n2 -> 0\n".into(),
            vec!["line 3", "digit '2'", "0, 1"],
        ),
        (
            "1",
            "msd_fib\n0 1\n0 -> 0\n1 -> 5\n".into(),
            vec!["line 4", "state 5 is never"],
        ),
        ("1", "".into(), vec!["the file is empty", "msd_fib"]),
        (
            "1",
            "# only a comment\n\n".into(),
            vec!["the file is empty"],
        ),
        ("1", "msd_fib\n\n".into(), vec!["line 1", "without a state"]),
        (
            "1",
            format!("{fib16}\n0 1\n"),
            vec!["line 1", "16 inputs", "at most 15"],
        ),
        (
            "1",
            "msd_fib\n0 2\n0 -> 0\n".into(),
            vec!["line 2", "output 2", "0 (rejecting)"],
        ),
        ("1", "msd_fib\n0 -1\n".into(), vec!["line 2", "output -1"]),
        (
            "1",
            "msd_fib\n99999999999999999999 1\n".into(),
            vec!["line 2", "too large"],
        ),
        (
            "1",
            "msd_fib\n0 1\n0 -> 4294967295\n4294967295 1\n".into(),
            vec!["line 4", "too large"],
        ),
        (
            "1",
            "msd_fib\n0 -> 0\n".into(),
            vec!["line 2", "before any state"],
        ),
        (
            "1",
            "msd_fib msd_fib\n0 1\n0 -> 0\n".into(),
            vec!["line 3", "1 digit", "2 inputs"],
        ),
        ("1", "true\n".into(), vec!["line 1", "without inputs"]),
        (
            "1",
            "msd_fib\n0 1\n0 -> 0\n\n0 0\n".into(),
            vec!["line 5", "second time", "line 2"],
        ),
        ("1", "{0, 1\n0 1\n".into(), vec!["line 1", "not closed"]),
        ("1", "{0,1,2}\n0 1\n".into(), vec!["line 1", "holds '2'"]),
        // not indifferent to leading zeros: the word 1 but not 01
        (
            "1",
            "msd_fib\n0 0\n1 -> 1\n1 1\n".into(),
            vec!["leading zeros", "accepts the digits 1 but not 01"],
        ),
        (
            "1",
            "msd_fib msd_fib\n0 1\n0 0 -> 1\n1 0\n1 0 -> 1\n".into(),
            vec!["leading zeros", "it accepts the empty word but not (0, 0)"],
        ),
        (
            "9",
            format!("{ost7}\n0 1\n"),
            vec!["line 1", "2^20 letters"],
        ),
        (
            "2",
            "msd_fib\n0 1\n0 -> 0\n".into(),
            vec!["'msd_fib'", "msd_ost2", "msd_pell"],
        ),
        (
            "3",
            "msd_pell\n0 1\n0 -> 0\n".into(),
            vec!["'msd_pell'", "ost ost3 [0] [3];"],
        ),
    ];
    for (k, (a, body, want)) in cases.iter().enumerate() {
        let path = file(dir.path(), &format!("bad{k}.txt"), body);
        let spec = format!("Q={path}");
        let o = wythoff(&["prove", "-a", a, "--predicate", &spec, "A x x = x"]);
        let mut want = want.clone();
        let named = format!("--predicate {spec}: ");
        want.push(&named);
        refusal(&o, &want);
    }
    // a file that is no text
    let path = dir.path().join("binary.txt");
    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    let spec = format!("Q={}", path.display());
    refusal(
        &wythoff(&["prove", "--predicate", &spec, "A x x = x"]),
        &["--predicate", "cannot read"],
    );
}

#[test]
fn bad_options_are_refused_with_one_line_naming_the_option() {
    let dir = tempfile::tempdir().unwrap();
    let ok = file(
        dir.path(),
        "same.txt",
        "msd_fib msd_fib\n0 1\n0 0 -> 0\n1 1 -> 0\n",
    );
    let run = |specs: &[String], statement: &str| prove(specs, statement);
    for spec in ["Qfile".to_string(), format!("={ok}"), "Q=".into()] {
        refusal(
            &run(std::slice::from_ref(&spec), "A x x = x"),
            &[&format!("--predicate {spec}: "), "NAME=FILE"],
        );
    }
    let missing = dir.path().join("missing.txt");
    let spec = format!("Q={}", missing.display());
    refusal(
        &run(&[spec], "A x x = x"),
        &[
            "--predicate",
            &format!("cannot read '{}'", missing.display()),
        ],
    );
    refusal(
        &run(&[format!("P={ok}")], "A x x = x"),
        &["--predicate P=", "already defined"],
    );
    refusal(
        &run(&[format!("1x={ok}")], "A x x = x"),
        &["--predicate 1x=", "not a word"],
    );
    refusal(
        &run(&[format!("Q={ok}"), format!("Q={ok}")], "A x x = x"),
        &["--predicate Q=", "already defined"],
    );
    // the arity comes from the file
    refusal(
        &run(&[format!("Q={ok}")], "A x Q(x)"),
        &["takes 2 arguments, not 1"],
    );
    // with a theorem the predicates are read too; --list and --export-walnut do not take them
    let o = wythoff(&[
        "prove",
        "--theorem",
        "lower-upper",
        "--predicate",
        &format!("Q={ok}"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = wythoff(&[
        "prove",
        "--theorem",
        "lower-upper",
        "--predicate",
        "Q=/none",
    ]);
    refusal(&o, &["--predicate Q=/none"]);
    for other in [
        &["--list"][..],
        &["--export-walnut", dir.path().to_str().unwrap()],
    ] {
        let mut args = vec!["prove", "--predicate"];
        let spec = format!("Q={ok}");
        args.push(&spec);
        args.extend_from_slice(other);
        let o = wythoff(&args);
        refusal(&o, &["--predicate", "cannot be used with"]);
    }
    assert!(stderr(&run(&[format!("Q={ok}")], "A x Q(x,x)")).contains("states built"));
    // reading a file counts against the caps of the decision: no verdict, exit 1
    let spec = format!("add={}", data("add.txt"));
    let o = wythoff(&[
        "prove",
        "--max-states",
        "3",
        "--predicate",
        &spec,
        "A x add(x,x,x)",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(stdout(&o), "");
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.contains(&format!("--predicate {spec}: ")) && e.contains("--max-states"),
        "{e}"
    );
}

#[test]
fn the_file_doc_prove_md_shows_is_the_one_it_reads() {
    let doc =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("doc/prove.md"))
            .unwrap();
    let shown = doc
        .split("```text\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .find(|b| b.starts_with("msd_fib\n"))
        .expect("doc/prove.md shows data/walnut/evenzeros.txt");
    assert_eq!(
        shown,
        std::fs::read_to_string(data("evenzeros.txt")).unwrap()
    );
    assert!(doc.contains("--predicate evenzeros=data/walnut/evenzeros.txt"));
}
