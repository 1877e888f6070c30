//! Runs the command examples of a Markdown document (README.md, doc/guide.md), and where the
//! document shows output, compares that output. Used by tests/readme.rs and tests/guide.rs.
//!
//! Examples are the lines `$ wythoff ...` of the ```` ```console ```` blocks (the lines after one,
//! up to the next `$` line or the end of the block, are its shown output) and the lines starting
//! with `wythoff ` in ```` ```sh ```` blocks (no output shown). Each is split like a shell would
//! (quotes, backslashes, `# comment`, `> FILE` / `2> FILE` redirections) and run with the built
//! binary, in document order, in one fresh temporary directory with an `out/` folder, so examples
//! that read an earlier example's file find it there, and a copy of the repository's
//! `data/walnut/`, so that examples read its files as from the root of a clone.
//!
//! * Shown output is compared with standard output line by line, exactly (trailing newline
//!   aside); shown lines starting with `wythoff: ` are compared with standard error instead.
//! * Every example must exit 0, unless its comment says `exit N`.
//! * Files it names with `-o`, `--png` or `--board` must exist afterwards and be non-empty; a
//!   b-file `bNNNNNN.txt` must start with the published terms of the entry in `data/oeis/`.
//! * Examples too heavy for the test suite run through the document's substitution table at a
//!   smaller size; their shown output is then compared by shape (every run of digits masked) and,
//!   where the table gives one, against a value computed in the test from the definitions.
//!
//! The run fails if the document shows output the program does not produce, if an example is
//! refused, if an example cannot be run as written (a pipe, an unknown `$` command), if a
//! substitution no longer matches an example, or if fewer examples are found than the document
//! holds today.
#![allow(dead_code)] // each test file uses some of it

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

/// What a document holds today; fewer means the extraction or the comparison broke.
pub struct Minimums {
    /// Runnable examples.
    pub found: usize,
    /// Examples whose output is compared (literally or by an independent computation).
    pub compared: usize,
    /// b-files written by examples and compared with published terms in `data/oeis/`.
    pub bfiles: usize,
}

/// How a substituted example's result is judged.
pub enum Check {
    /// Each command must exit 0 (and shown output, if any, must have the shown shape); the
    /// shown values belong to the full size and are not computed here.
    Success,
    /// The last command's standard output must equal this function's value, computed in the
    /// test from the definitions at the substituted size.
    Independent(fn() -> String),
}

/// An example run at a smaller size.
pub struct Substitution {
    /// The example's arguments after `wythoff`, comment removed, one space between words.
    pub example: &'static str,
    /// The commands run instead, in order (arguments after `wythoff`).
    pub run: &'static [&'static str],
    /// Why the example is substituted, and what the smaller run still shows.
    pub why: &'static str,
    pub check: Check,
}
/// One example: where it is, how it is written, and what the document shows after it.
struct Example {
    /// 1-based line in the document.
    line: usize,
    /// The command as written (after `$ `).
    text: String,
    /// The lines the document shows after it.
    shown: Vec<String>,
}

/// A command split like a shell would, with its redirections and comment.
#[derive(Debug, PartialEq)]
pub struct Parsed {
    /// The words, `wythoff` first.
    pub words: Vec<String>,
    /// `> FILE`: where standard output goes (`/dev/null` discards it).
    pub stdout_to: Option<String>,
    /// `2> FILE`: standard error is redirected (discarded here).
    pub stderr_redirected: bool,
    /// The text after an unquoted `#` that starts a word.
    pub comment: String,
}

/// Splits a command line: whitespace separates words; '...' is literal; "..." keeps backslash
/// escapes of `"`, `\`, `$` and a backquote; a backslash outside quotes escapes the next
/// character; `#` at the start of a word starts a comment; `>`, `1>`, `2>` redirect; `|`, `;`,
/// `&`, `<` are refused (an example must be one command).
pub fn split(line: &str) -> Result<Parsed, String> {
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

/// The examples of the document `name`, in order.
fn examples(doc: &str, name: &str) -> Result<Vec<Example>, String> {
    let mut out: Vec<Example> = Vec::new();
    let mut block: Option<String> = None; // the language of the open fence
    let mut collecting = false; // the lines now read are the shown output of out.last()
    for (i, raw) in doc.lines().enumerate() {
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
                            "{name}:{line}: `$ {cmd}`: a console example this test cannot run \
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
                        "{name}:{line}: a console line before any `$` command: {t}"
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

/// `exit N` in the comment: the status the document shows; 0 otherwise.
pub fn expected_status(comment: &str) -> i32 {
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
pub fn shape(s: &str) -> String {
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
/// the document redirects it, so a `> FILE` redirection is honoured by writing the file here).
fn run(dir: &Path, p: &Parsed) -> Output {
    let mut c = super::run::command();
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

/// The terms of a published sequence: (offset, terms) from `data/oeis/ANNNNNN.txt`.
fn published(anum: &str) -> Option<(u64, Vec<String>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("data/oeis/{anum}.txt"));
    let text = std::fs::read_to_string(path).ok()?;
    let mut ls = text.lines();
    let head = ls.next()?;
    let offset = head
        .rsplit_once("Offset ")?
        .1
        .trim_end_matches('.')
        .trim()
        .parse()
        .ok()?;
    let terms = ls
        .next()?
        .split(',')
        .map(|t| t.trim().to_string())
        .collect();
    Some((offset, terms))
}

/// A b-file `bNNNNNN.txt` written by an example must begin with the published terms in
/// `data/oeis/ANNNNNN.txt`: `None` when the file is no such b-file or nothing is published here.
fn check_bfile(path: &Path) -> Option<Result<usize, String>> {
    let name = path.file_name()?.to_str()?;
    let digits = name.strip_prefix('b')?.strip_suffix(".txt")?;
    let (offset, terms) = published(&format!("A{digits}"))?;
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
/// Runs every example of the document `name` (a path relative to the repository root) with the
/// substitution table `subs`, and fails with every problem found.
pub fn run_document(name: &str, subs: &[Substitution], min: Minimums) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name);
    let doc = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {name}: {e}"));
    let all = examples(&doc, name).unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir(dir.path().join("out")).expect("create out/");
    let walnut = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/walnut");
    let copy = dir.path().join("data/walnut");
    std::fs::create_dir_all(&copy).expect("create data/walnut/");
    for f in std::fs::read_dir(&walnut).expect("read data/walnut/") {
        let f = f.expect("an entry of data/walnut/").path();
        std::fs::copy(&f, copy.join(f.file_name().expect("a file name"))).expect("copy it");
    }

    let mut tally = Tally {
        found: all.len(),
        ..Tally::default()
    };
    let mut failures: Vec<String> = Vec::new();
    let mut used = vec![false; subs.len()];
    let mut report = String::new();

    for ex in &all {
        let ctx = format!("{name}:{} `{}`", ex.line, ex.text);
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
                "{ctx}: {name} shows output of a command whose output is redirected"
            ));
        }
        let (want_out, want_err): (Vec<&String>, Vec<&String>) =
            ex.shown.iter().partition(|l| !l.starts_with("wythoff: "));

        // The commands to run: the example itself, or its substitution.
        let sub = subs.iter().position(|s| s.example == key);
        let cmds: Vec<Parsed> = match sub {
            None => vec![parsed],
            Some(k) => {
                used[k] = true;
                let s = &subs[k];
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
                    "{ctx}: `{}` exited {:?}, {name} expects {want_status}; stderr: {}",
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

        match sub.map(|k| &subs[k].check) {
            None => {
                if ex.shown.is_empty() {
                    continue;
                }
                let mut same = true;
                if got_out.iter().collect::<Vec<_>>() != want_out {
                    failures.push(format!(
                        "{ctx}: {name} shows\n{}\nthe program prints\n{}",
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
                        "{ctx}: {name} shows on stderr {want_err:?}, the program: {got_err:?}"
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
                        "{ctx}: the output at the smaller size has another shape: {name} \
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
    // A substitution that matches no example is stale and fails the test, unless the document shows no
    // example of its command at all (a section not written yet): then it is listed as inactive.
    let commands: Vec<&str> = all
        .iter()
        .filter_map(|e| e.text.split_whitespace().nth(1))
        .collect();
    for (k, s) in subs.iter().enumerate() {
        if used[k] {
            continue;
        }
        let command = s.example.split_whitespace().next().unwrap_or("");
        if commands.contains(&command) {
            failures.push(format!(
                "the substitution for `wythoff {}` matches no {name} example: update the table",
                s.example
            ));
        } else {
            let _ = writeln!(
                report,
                "  inactive: `wythoff {}` ({name} shows no `{command}` example)",
                s.example
            );
        }
    }

    println!(
        "{name} examples: {} found, {} run, {} compared literally, {} compared by an independent \
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
        "{} {name} example problem(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        tally.found >= min.found,
        "only {} {name} examples found ({name} held {}): the extraction broke",
        tally.found,
        min.found
    );
    assert_eq!(tally.run, tally.found, "every example found is run");
    let compared = tally.compared_literally + tally.compared_independently;
    assert!(
        compared >= min.compared,
        "only {compared} examples had their output compared ({name} showed {})",
        min.compared
    );
    assert!(
        tally.bfiles_against_published >= min.bfiles,
        "only {} b-files compared with published terms ({name} wrote {})",
        tally.bfiles_against_published,
        min.bfiles
    );
}

/// `pairs 0 1e7 --checksum` from the definition (a = 1): A_n = mex{A_i, B_i : i < n},
/// B_n = A_n + n, sums mod 2^64 — the mex recursion, not the floor formula the program uses.
pub fn checksum_to_1e7() -> String {
    mex_checksum(10_000_000)
}

pub fn mex_checksum(stop: u64) -> String {
    let size = (3 * stop + 3) as usize; // B_n < 2.62 n + 1
    let mut used = vec![false; size];
    let mut mex = 0usize;
    let (mut sa, mut sb, mut sna) = (0u64, 0u64, 0u64);
    for n in 0..=stop {
        while used[mex] {
            mex += 1;
        }
        let a = mex as u64;
        let b = a + n;
        used[a as usize] = true;
        used[b as usize] = true;
        sa = sa.wrapping_add(a);
        sb = sb.wrapping_add(b);
        sna = sna.wrapping_add(n.wrapping_mul(a));
    }
    format!(
        "count={} sum_A={sa} sum_B={sb} sum_nA={sna} (sums mod 2^64)",
        stop + 1
    )
}
