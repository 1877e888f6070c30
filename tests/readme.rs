//! Every command example in README.md is run, and where the README shows output, that output is
//! compared.
//!
//! Examples are the lines `$ wythoff ...` of the ```` ```console ```` blocks (the lines after one,
//! up to the next `$` line or the end of the block, are its shown output) and the lines starting
//! with `wythoff ` in ```` ```sh ```` blocks (no output shown). Each is split like a shell would
//! (quotes, backslashes, `# comment`, `> FILE` / `2> FILE` redirections) and run with the built
//! binary, in README order, in one fresh temporary directory with an `out/` folder, so examples
//! that read an earlier example's file find it there.
//!
//! * Shown output is compared with standard output line by line, exactly (trailing newline
//!   aside); shown lines starting with `wythoff: ` are compared with standard error instead.
//! * Every example must exit 0, unless its comment says `exit N`.
//! * Files it names with `-o`, `--png` or `--board` must exist afterwards and be non-empty; a
//!   b-file `bNNNNNN.txt` must start with the published terms in `data/oeis/ANNNNNN.txt`.
//! * Examples too heavy for the test suite run through [`SUBSTITUTIONS`] at a smaller size; their
//!   shown output is then compared by shape (every run of digits masked) and, where the table
//!   gives one, against a value computed here from the definitions.
//!
//! The test fails if README shows output the program does not produce, if an example is refused,
//! if an example cannot be run as written (a pipe, an unknown `$` command), if a substitution no
//! longer matches an example, or if fewer examples are found than README holds today.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

mod common;

/// README holds this many runnable examples today; fewer means the extraction broke.
const MIN_FOUND: usize = 32;
/// README shows output for this many examples today (compared literally or by an independent
/// computation); fewer means the comparison broke.
const MIN_COMPARED: usize = 16;
/// README's examples write this many b-files of sequences published in `data/oeis/`.
const MIN_BFILES: usize = 4;

/// How a substituted example's result is judged.
enum Check {
    /// Each command must exit 0 (and shown output, if any, must have the shown shape); the
    /// shown values belong to the full size and are not computed here.
    Success,
    /// The last command's standard output must equal this function's value, computed in the
    /// test from the definitions at the substituted size.
    Independent(fn() -> String),
}

/// A README example run at a smaller size.
struct Substitution {
    /// The example's arguments after `wythoff`, comment removed, one space between words.
    readme: &'static str,
    /// The commands run instead, in order (arguments after `wythoff`).
    run: &'static [&'static str],
    /// Why the example is substituted, and what the smaller run still shows.
    why: &'static str,
    check: Check,
}

/// The documented substitution table: every heavy example, what runs instead, and why.
/// Sizes follow the Performance table of the README on the project's 2-core machine.
const SUBSTITUTIONS: &[Substitution] = &[
    Substitution {
        readme: "pairs 0 1e9 --checksum",
        run: &["pairs 0 1e7 --checksum"],
        why: "10^9 pairs take 0.3 s alone but 20 s on the shared 2-core machine; 1e9 -> 1e7, \
              the checksum at 10^7 computed here by the mex recursion",
        check: Check::Independent(checksum_to_1e7),
    },
    Substitution {
        readme: "grundy 65536 -o out/g65536.bin",
        run: &["grundy 256 -o out/g65536.bin"],
        why: "a 6.4 GB file and 104 s; 65536 -> 256 under the same name, so the `grundy get` \
              and `grundy --check` examples that follow read it unchanged (their cells, row 3, \
              columns 0..10, lie inside; G does not depend on N, so their shown output is \
              compared literally)",
        check: Check::Success,
    },
    // The verify section. Exit status 0 means every check that ran passed (README, verify).
    Substitution {
        readme: "verify --bound 1e10",
        run: &["verify --bound 1e5"],
        why: "28-30 s on the 2-core machine; 1e10 -> 1e5 runs every check over a smaller range",
        check: Check::Success,
    },
    Substitution {
        readme: "verify --bound 1e6 --grundy 2048 --three 200 --json",
        run: &["verify --bound 1e5 --grundy 2048 --three 200 --json"],
        why: "9 s here (floor = numeration in arbitrary precision at every n < 10^6); \
              1e6 -> 1e5, the Grundy and three-pile checks unchanged",
        check: Check::Success,
    },
    Substitution {
        readme: "verify --bound 1e12 --shard 3/8 -o s3.json",
        run: &[
            "verify --bound 1e5 --shard 0/8 -o s0.json",
            "verify --bound 1e5 --shard 1/8 -o s1.json",
            "verify --bound 1e5 --shard 2/8 -o s2.json",
            "verify --bound 1e5 --shard 3/8 -o s3.json",
            "verify --bound 1e5 --shard 4/8 -o s4.json",
            "verify --bound 1e5 --shard 5/8 -o s5.json",
            "verify --bound 1e5 --shard 6/8 -o s6.json",
            "verify --bound 1e5 --shard 7/8 -o s7.json",
        ],
        why: "1e12 is hours; 1e12 -> 1e5, and all eight shards, which the merge example reads",
        check: Check::Success,
    },
    Substitution {
        readme: "verify --merge s0.json s1.json … s7.json -o all.json",
        run: &[
            "verify --merge s0.json s1.json s2.json s3.json s4.json s5.json s6.json s7.json \
                -o all.json",
        ],
        why: "the ellipsis spelled out (the shards of the example before, at its smaller size)",
        check: Check::Success,
    },
    Substitution {
        readme: "verify --bound 1e12 -o r.json --resume",
        run: &["verify --bound 1e5 -o r.json --restart"],
        why: "1e12 -> 1e5; no killed run precedes it, and --resume with nothing to resume is \
              refused, so the run starts afresh with --restart (resuming a killed run is tested in \
              tests/verify_checkpoint.rs, the refusal in tests/resumable.rs)",
        check: Check::Success,
    },
    Substitution {
        readme: "verify --conjectures --bound 1e11",
        run: &["verify --conjectures --bound 1e6"],
        why: "420 s on the 2-core machine; 1e11 -> 1e6 runs all three checks over a smaller \
              range (tests/conjectures.rs checks them against independent computations)",
        check: Check::Success,
    },
];

/// One example: where it is, how it is written, and what README shows after it.
struct Example {
    /// 1-based line in README.md.
    line: usize,
    /// The command as written (after `$ `).
    text: String,
    /// The lines README shows after it.
    shown: Vec<String>,
}

/// A command split like a shell would, with its redirections and comment.
#[derive(Debug, PartialEq)]
struct Parsed {
    /// The words, `wythoff` first.
    words: Vec<String>,
    /// `> FILE`: where standard output goes (`/dev/null` discards it).
    stdout_to: Option<String>,
    /// `2> FILE`: standard error is redirected (discarded here).
    stderr_redirected: bool,
    /// The text after an unquoted `#` that starts a word.
    comment: String,
}

/// Splits a command line: whitespace separates words; '...' is literal; "..." keeps backslash
/// escapes of `"`, `\`, `$` and a backquote; a backslash outside quotes escapes the next
/// character; `#` at the start of a word starts a comment; `>`, `1>`, `2>` redirect; `|`, `;`,
/// `&`, `<` are refused (an example must be one command).
fn split(line: &str) -> Result<Parsed, String> {
    let mut words: Vec<(String, bool)> = Vec::new(); // (text, is an operator)
    let mut cur = String::new();
    let mut in_word = false;
    let mut comment = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push((std::mem::take(&mut cur), false));
                    in_word = false;
                }
            }
            '#' if !in_word => {
                comment = chars.collect::<String>().trim().to_string();
                break;
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => cur.push(c),
                        None => return Err("unterminated single quote".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('"' | '\\' | '$' | '`')) => cur.push(e),
                            Some(e) => {
                                cur.push('\\');
                                cur.push(e);
                            }
                            None => return Err("unterminated double quote".into()),
                        },
                        Some(c) => cur.push(c),
                        None => return Err("unterminated double quote".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(e) => cur.push(e),
                    None => return Err("a backslash at the end of the line".into()),
                }
            }
            '>' => {
                // `2>` / `1>`: the digit just read is the descriptor, not a word.
                let op = if in_word && (cur == "1" || cur == "2") {
                    in_word = false;
                    format!("{}>", std::mem::take(&mut cur))
                } else {
                    if in_word {
                        words.push((std::mem::take(&mut cur), false));
                        in_word = false;
                    }
                    ">".to_string()
                };
                if chars.peek() == Some(&'>') {
                    chars.next();
                }
                words.push((op, true));
            }
            '|' | ';' | '&' | '<' => {
                return Err(format!("`{c}`: an example must be a single command"));
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push((cur, false));
    }
    let mut parsed = Parsed {
        words: Vec::new(),
        stdout_to: None,
        stderr_redirected: false,
        comment,
    };
    let mut it = words.into_iter();
    while let Some((w, op)) = it.next() {
        if !op {
            parsed.words.push(w);
            continue;
        }
        let target = match it.next() {
            Some((t, false)) => t,
            _ => return Err(format!("`{w}` without a file")),
        };
        if w == "2>" {
            parsed.stderr_redirected = true;
        } else {
            parsed.stdout_to = Some(target);
        }
    }
    Ok(parsed)
}

/// The examples of README, in order.
fn examples(readme: &str) -> Result<Vec<Example>, String> {
    let mut out: Vec<Example> = Vec::new();
    let mut block: Option<String> = None; // the language of the open fence
    let mut collecting = false; // the lines now read are the shown output of out.last()
    for (i, raw) in readme.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim_end();
        if let Some(rest) = t.trim_start().strip_prefix("```") {
            block = match block {
                None => Some(rest.trim().to_string()),
                Some(_) => None,
            };
            collecting = false;
            continue;
        }
        match block.as_deref() {
            Some("console") => {
                if let Some(cmd) = t.strip_prefix("$ ") {
                    if !cmd.starts_with("wythoff ") {
                        return Err(format!(
                            "README.md:{line}: `$ {cmd}`: a console example this test cannot run \
                             (it runs `$ wythoff ...` lines)"
                        ));
                    }
                    out.push(Example {
                        line,
                        text: cmd.to_string(),
                        shown: Vec::new(),
                    });
                    collecting = true;
                } else if collecting && let Some(e) = out.last_mut() {
                    e.shown.push(t.to_string());
                } else {
                    return Err(format!(
                        "README.md:{line}: a console line before any `$` command: {t}"
                    ));
                }
            }
            Some("sh") if t.trim_start().starts_with("wythoff ") => {
                out.push(Example {
                    line,
                    text: t.trim_start().to_string(),
                    shown: Vec::new(),
                });
            }
            _ => {}
        }
    }
    // Blank lines closing a block are not output.
    for e in &mut out {
        while e.shown.last().is_some_and(|l| l.is_empty()) {
            e.shown.pop();
        }
    }
    Ok(out)
}

/// `exit N` in the comment: the status README shows; 0 otherwise.
fn expected_status(comment: &str) -> i32 {
    let words: Vec<&str> = comment
        .split(|c: char| !c.is_ascii_alphanumeric())
        .collect();
    words
        .windows(2)
        .find(|w| w[0] == "exit")
        .and_then(|w| w[1].parse().ok())
        .unwrap_or(0)
}

/// Every run of ASCII digits replaced by `#`: the shape of a line whose numbers depend on the
/// size.
fn shape(s: &str) -> String {
    let mut out = String::new();
    let mut in_digits = false;
    for c in s.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                out.push('#');
            }
            in_digits = true;
        } else {
            out.push(c);
            in_digits = false;
        }
    }
    out
}

/// The paths a command writes (`-o`, `--out`-less file options `--png`, `--board`).
fn written_files(words: &[String]) -> Vec<String> {
    words
        .windows(2)
        .filter(|w| matches!(w[0].as_str(), "-o" | "--png" | "--board"))
        .map(|w| w[1].clone())
        .collect()
}

/// Runs one parsed command in `dir`; returns its output (standard output captured even when
/// README redirects it, so a `> FILE` redirection is honoured by writing the file here).
fn run(dir: &Path, p: &Parsed) -> Output {
    let mut c = common::command();
    c.args(&p.words[1..])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let o = c.output().expect("start the wythoff binary");
    if let Some(to) = &p.stdout_to
        && to != "/dev/null"
    {
        std::fs::write(dir.join(to), &o.stdout).expect("write the redirected output");
    }
    o
}

fn lines(b: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(b)
        .lines()
        .map(str::to_string)
        .collect()
}

/// A b-file `bNNNNNN.txt` written by an example must begin with the published terms in
/// `data/oeis/ANNNNNN.txt`: `None` when the file is no such b-file or nothing is published here.
fn check_bfile(path: &Path) -> Option<Result<usize, String>> {
    let name = path.file_name()?.to_str()?;
    let digits = name.strip_prefix('b')?.strip_suffix(".txt")?;
    let (offset, terms) = common::stored(&format!("A{digits}"))?;
    let got = lines(&std::fs::read(path).unwrap_or_default());
    for (k, term) in terms.iter().enumerate() {
        let want = format!("{} {term}", offset + k as u64);
        if got.get(k) != Some(&want) {
            return Some(Err(format!(
                "{name} line {}: {:?}, published A{digits}: {want:?}",
                k + 1,
                got.get(k)
            )));
        }
    }
    Some(Ok(terms.len()))
}

/// What became of the examples.
#[derive(Default)]
struct Tally {
    found: usize,
    run: usize,
    compared_literally: usize,
    compared_independently: usize,
    success_only_with_output: usize,
    /// b-files written by examples and compared with published terms.
    bfiles_against_published: usize,
}

#[test]
fn every_readme_example_runs_and_shows_what_readme_shows() {
    let readme_path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&readme_path).expect("read README.md");
    let all = examples(&readme).unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir(dir.path().join("out")).expect("create out/");

    let mut tally = Tally {
        found: all.len(),
        ..Tally::default()
    };
    let mut failures: Vec<String> = Vec::new();
    let mut used = vec![false; SUBSTITUTIONS.len()];
    let mut report = String::new();

    for ex in &all {
        let ctx = format!("README.md:{} `{}`", ex.line, ex.text);
        let parsed = match split(&ex.text) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{ctx}: cannot run it: {e}"));
                continue;
            }
        };
        if parsed.words.first().map(String::as_str) != Some("wythoff") {
            failures.push(format!("{ctx}: does not start with `wythoff`"));
            continue;
        }
        let key = parsed.words[1..].join(" ");
        let want_status = expected_status(&parsed.comment);
        if parsed.stdout_to.is_some() && !ex.shown.is_empty() {
            failures.push(format!(
                "{ctx}: README shows output of a command whose output is redirected"
            ));
        }
        let (want_out, want_err): (Vec<&String>, Vec<&String>) =
            ex.shown.iter().partition(|l| !l.starts_with("wythoff: "));

        // The commands to run: the example itself, or its substitution.
        let sub = SUBSTITUTIONS.iter().position(|s| s.readme == key);
        let cmds: Vec<Parsed> = match sub {
            None => vec![parsed],
            Some(k) => {
                used[k] = true;
                let s = &SUBSTITUTIONS[k];
                let _ = writeln!(report, "  substituted {ctx} -> {:?} ({})", s.run, s.why);
                s.run
                    .iter()
                    .map(|r| {
                        let mut p = split(&format!("wythoff {r}")).expect("a substitution splits");
                        p.stdout_to = parsed.stdout_to.clone();
                        p
                    })
                    .collect()
            }
        };
        if let Some(w) = cmds.iter().flat_map(|c| &c.words).find(|w| w.contains('…')) {
            failures.push(format!(
                "{ctx}: `{w}` is an ellipsis; add a substitution that spells the command out"
            ));
            continue;
        }

        tally.run += 1;
        let mut last: Option<Output> = None;
        let mut ok = true;
        for c in &cmds {
            let o = run(dir.path(), c);
            if o.status.code() != Some(want_status) {
                failures.push(format!(
                    "{ctx}: `{}` exited {:?}, README expects {want_status}; stderr: {}",
                    c.words.join(" "),
                    o.status.code(),
                    String::from_utf8_lossy(&o.stderr).trim()
                ));
                ok = false;
            }
            if want_status == 0 {
                for f in written_files(&c.words) {
                    let p = dir.path().join(&f);
                    match std::fs::metadata(&p) {
                        Ok(m) if m.len() > 0 => match check_bfile(&p) {
                            Some(Ok(_)) => tally.bfiles_against_published += 1,
                            Some(Err(e)) => {
                                failures.push(format!("{ctx}: {e}"));
                                ok = false;
                            }
                            None => {}
                        },
                        _ => {
                            failures.push(format!("{ctx}: {f} was not written"));
                            ok = false;
                        }
                    }
                }
            }
            last = Some(o);
        }
        let Some(o) = last else { continue };
        let got_out = lines(&o.stdout);
        let got_err = lines(&o.stderr);

        match sub.map(|k| &SUBSTITUTIONS[k].check) {
            None => {
                if ex.shown.is_empty() {
                    continue;
                }
                let mut same = true;
                if got_out.iter().collect::<Vec<_>>() != want_out {
                    failures.push(format!(
                        "{ctx}: README shows\n{}\nthe program prints\n{}",
                        want_out
                            .iter()
                            .map(|s| s.as_str())
                            .collect::<Vec<_>>()
                            .join("\n"),
                        got_out.join("\n")
                    ));
                    same = false;
                }
                if !want_err.is_empty() && got_err.iter().collect::<Vec<_>>() != want_err {
                    failures.push(format!(
                        "{ctx}: README shows on stderr {want_err:?}, the program: {got_err:?}"
                    ));
                    same = false;
                }
                if same && ok {
                    tally.compared_literally += 1;
                }
            }
            Some(check) => {
                // The shown values belong to the full size: compare the shape only.
                let shown_shape: Vec<String> = want_out.iter().map(|l| shape(l)).collect();
                let got_shape: Vec<String> = got_out.iter().map(|l| shape(l)).collect();
                if !ex.shown.is_empty() && shown_shape != got_shape {
                    failures.push(format!(
                        "{ctx}: the output at the smaller size has another shape: README \
                         {shown_shape:?}, program {got_shape:?}"
                    ));
                    ok = false;
                }
                match check {
                    Check::Success => {
                        if !ex.shown.is_empty() {
                            tally.success_only_with_output += 1;
                        }
                    }
                    Check::Independent(f) => {
                        let want = f();
                        let want: Vec<&str> = want.lines().collect();
                        if got_out != want {
                            failures.push(format!(
                                "{ctx}: at the smaller size the program prints {got_out:?}, \
                                 computed here from the definitions: {want:?}"
                            ));
                        } else if ok {
                            tally.compared_independently += 1;
                        }
                    }
                }
            }
        }
    }
    // A substitution that matches no example is stale and fails the test, unless README shows no
    // example of its command at all (a section not written yet): then it is listed as inactive.
    let commands: Vec<&str> = all
        .iter()
        .filter_map(|e| e.text.split_whitespace().nth(1))
        .collect();
    for (k, s) in SUBSTITUTIONS.iter().enumerate() {
        if used[k] {
            continue;
        }
        let command = s.readme.split_whitespace().next().unwrap_or("");
        if commands.contains(&command) {
            failures.push(format!(
                "the substitution for `wythoff {}` matches no README example: update the table",
                s.readme
            ));
        } else {
            let _ = writeln!(
                report,
                "  inactive: `wythoff {}` (README shows no `{command}` example)",
                s.readme
            );
        }
    }

    println!(
        "README examples: {} found, {} run, {} compared literally, {} compared by an independent \
         computation at a smaller size, {} with shown output run for success only; {} b-files \
         compared with published terms\n{report}",
        tally.found,
        tally.run,
        tally.compared_literally,
        tally.compared_independently,
        tally.success_only_with_output,
        tally.bfiles_against_published
    );
    assert!(
        failures.is_empty(),
        "{} README example problem(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        tally.found >= MIN_FOUND,
        "only {} README examples found (README held {MIN_FOUND}): the extraction broke",
        tally.found
    );
    assert_eq!(tally.run, tally.found, "every example found is run");
    let compared = tally.compared_literally + tally.compared_independently;
    assert!(
        compared >= MIN_COMPARED,
        "only {compared} examples had their output compared (README showed {MIN_COMPARED})"
    );
    assert!(
        tally.bfiles_against_published >= MIN_BFILES,
        "only {} b-files compared with published terms (README wrote {MIN_BFILES})",
        tally.bfiles_against_published
    );
}

/// `pairs 0 1e7 --checksum` from the definition (a = 1): A_n = mex{A_i, B_i : i < n},
/// B_n = A_n + n, sums mod 2^64 — the mex recursion, not the floor formula the program uses.
fn checksum_to_1e7() -> String {
    mex_checksum(10_000_000)
}

fn mex_checksum(stop: u64) -> String {
    let (mut sa, mut sb, mut sna) = (0u64, 0u64, 0u64);
    for (n, (a, b)) in (0..=stop).zip(common::mex_pairs(1, false)) {
        sa = sa.wrapping_add(a);
        sb = sb.wrapping_add(b);
        sna = sna.wrapping_add(n.wrapping_mul(a));
    }
    format!(
        "count={} sum_A={sa} sum_B={sb} sum_nA={sna} (sums mod 2^64)",
        stop + 1
    )
}

#[test]
fn the_independent_checksum_is_right_where_readme_gives_it_in_full() {
    // The mex recursion against the README's own small example, `pairs 3`:
    // pairs 0..3 are (0,0), (1,2), (3,5), (4,7).
    assert_eq!(
        mex_checksum(3),
        format!(
            "count=4 sum_A={} sum_B={} sum_nA={} (sums mod 2^64)",
            1 + 3 + 4,
            2 + 5 + 7,
            1 + 2 * 3 + 3 * 4
        )
    );
}

#[test]
fn readme_error_example_is_what_the_program_prints() {
    // README: "Every error is one line on stderr, ..., e.g. `wythoff: invalid value '-5' for
    // '<X>': ...`" — the first pile of `move` given as -5.
    let readme =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .expect("read README.md");
    let flat = readme.replace('\n', " ");
    let start = flat
        .find("`wythoff: invalid value '-5'")
        .expect("README's error example");
    let rest = &flat[start + 1..];
    let shown = &rest[..rest.find('`').expect("closing backquote")];
    let o = common::wythoff(&["move", "-5", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).trim_end(), shown);
    assert!(o.stdout.is_empty());
}

#[test]
fn quick_start_scripts_exist_and_are_executable() {
    use std::os::unix::fs::PermissionsExt;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("read README.md");
    let quick = readme
        .split("## Quick start")
        .nth(1)
        .expect("README has a Quick start section");
    let quick = &quick[..quick.find("\n## ").unwrap_or(quick.len())];
    // The commands of the Quick start's sh block, and the scripts its text names.
    let block = quick
        .split("```sh")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block in Quick start");
    let mut scripts: Vec<String> = block
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    assert!(
        scripts.len() >= 2,
        "Quick start names its commands: {scripts:?}"
    );
    if quick.contains("`scripts/setup`") {
        scripts.push("scripts/setup".into());
    }
    for s in &scripts {
        let m = std::fs::metadata(root.join(s)).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert!(m.is_file(), "{s} is not a file");
        assert!(m.permissions().mode() & 0o111 != 0, "{s} is not executable");
    }
    // `scripts/run` is `wythoff generate`, as the Quick start says; both source scripts/setup.
    let run = std::fs::read_to_string(root.join("scripts/run")).expect("scripts/run");
    assert!(
        run.contains("wythoff generate"),
        "scripts/run runs generate"
    );
    for s in ["scripts/run", "scripts/test"] {
        let text = std::fs::read_to_string(root.join(s)).expect("script");
        assert!(
            text.contains("source scripts/setup"),
            "{s} sources scripts/setup"
        );
    }
}

#[test]
fn the_splitter_handles_quotes_comments_and_redirections() {
    let p = split(r#"wythoff a 'b c' "d \"e\"" f\ g   # note # exit 2"#).unwrap();
    assert_eq!(p.words, ["wythoff", "a", "b c", "d \"e\"", "f g"]);
    assert_eq!(p.comment, "note # exit 2");
    assert_eq!(expected_status(&p.comment), 2);
    let p = split("wythoff pairs 1e8 > /dev/null 2>err.txt").unwrap();
    assert_eq!(p.words, ["wythoff", "pairs", "1e8"]);
    assert_eq!(p.stdout_to.as_deref(), Some("/dev/null"));
    assert!(p.stderr_redirected);
    let p = split("wythoff x#y '#z'").unwrap();
    assert_eq!(p.words, ["wythoff", "x#y", "#z"]);
    assert!(split("wythoff pairs 1e9 | head").is_err());
    assert!(split("wythoff 'open").is_err());
    assert_eq!(expected_status("the N x N table"), 0);
    assert_eq!(
        shape("count=1000 sum=5 (mod 2^64)"),
        "count=# sum=# (mod #^#)"
    );
}
