//! The documents name only what exists: every repository path that README.md or a doc/*.md names
//! (`src/…`, `doc/…`, `scripts/…`, `tests/…`, `data/…`, `benches/…`) is a file or folder of the
//! repository, and every `wythoff SUBCOMMAND` they show in code is a subcommand that
//! `wythoff --help` lists. The scripts find the binary through `CARGO_TARGET_DIR`
//! (`scripts/lib/bin-path`), and the browser test of the report page writes nothing into `out/`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every doc/*.md, with their text.
fn documents() -> Vec<(String, String)> {
    let root = root();
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("doc"))
        .expect("read doc/")
        .map(|e| {
            e.expect("a doc/ entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("doc/{n}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names
        .into_iter()
        .map(|n| {
            let text =
                std::fs::read_to_string(root.join(&n)).unwrap_or_else(|e| panic!("{n}: {e}"));
            (n, text)
        })
        .collect()
}

/// The folders whose paths the documents name relative to the repository root.
const TOP: [&str; 7] = [
    "src/", "crates/", "doc/", "scripts/", "tests/", "data/", "benches/",
];

/// The repository paths a line names: a top folder, then path characters (letters, digits,
/// `_ . / * -`), not preceded by a path character (so `x/src/a` and URLs are not paths of this
/// repository), except after `../` (a link from doc/ to the root). Trailing punctuation of the
/// sentence (`.`, `,`, `:`, `;`) is not part of the path.
fn paths_in(line: &str) -> Vec<String> {
    let path_char = |c: char| c.is_ascii_alphanumeric() || "_./*-".contains(c);
    let mut out = Vec::new();
    for (i, _) in line.char_indices() {
        let Some(top) = TOP.iter().find(|t| line[i..].starts_with(**t)) else {
            continue;
        };
        let before = &line[..i];
        if let Some(c) = before.chars().next_back()
            && (path_char(c) && !before.ends_with("../"))
        {
            continue;
        }
        let len = line[i..]
            .find(|c: char| !path_char(c))
            .unwrap_or(line.len() - i);
        let path = line[i..i + len].trim_end_matches(['.', ',', ':', ';']);
        if path.len() >= top.len() {
            out.push(path.to_string());
        }
    }
    out
}

/// Whether `pattern` (a path whose last component may hold one `*`) names something that exists.
fn exists(root: &Path, pattern: &str) -> bool {
    if !pattern.contains('*') {
        return root.join(pattern).exists();
    }
    let (dir, name) = pattern.rsplit_once('/').unwrap_or(("", pattern));
    let Some((prefix, suffix)) = name.split_once('*') else {
        return false;
    };
    if dir.contains('*') || suffix.contains('*') {
        return false;
    }
    std::fs::read_dir(root.join(dir)).is_ok_and(|entries| {
        entries.filter_map(Result::ok).any(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.len() >= prefix.len() + suffix.len() && n.starts_with(prefix) && n.ends_with(suffix)
        })
    })
}

#[test]
fn every_path_the_documents_name_exists() {
    let root = root();
    let mut missing = Vec::new();
    let mut named = 0;
    for (name, text) in documents() {
        for (k, line) in text.lines().enumerate() {
            for p in paths_in(line) {
                named += 1;
                if !exists(&root, &p) {
                    missing.push(format!("{name}:{}: {p}", k + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the documents name paths that do not exist:\n{}",
        missing.join("\n")
    );
    // README and the notes name well over a hundred paths; far fewer means the scan broke.
    assert!(named > 100, "only {named} paths found in the documents");
}

#[test]
fn the_path_scanner_finds_paths_and_only_paths() {
    assert_eq!(
        paths_in("see `crates/files/src/atomic.rs`, and src/cli/*.rs; tests/readme.rs."),
        [
            "crates/files/src/atomic.rs",
            "src/cli/*.rs",
            "tests/readme.rs"
        ]
    );
    assert_eq!(
        paths_in("[x](../scripts/run) and data/oeis/:"),
        ["scripts/run", "data/oeis/"]
    );
    assert!(paths_in("https://example.org/src/x.rs out/src/y somedoc/a").is_empty());
    let root = root();
    assert!(exists(&root, "src/cli/*.rs"));
    assert!(exists(&root, "scripts/slurm/"));
    assert!(!exists(&root, "src/no_such_file.rs"));
    assert!(!exists(&root, "src/cli/*.nothing"));
}

/// The code of a document: the lines of its fenced blocks and the `code spans` of the others.
fn code(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (k, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            out.push((k + 1, line.to_string()));
        } else {
            out.extend(
                line.split('`')
                    .skip(1)
                    .step_by(2)
                    .map(|span| (k + 1, span.to_string())),
            );
        }
    }
    out
}

/// The words after `wythoff ` in a piece of code that look like a subcommand (lowercase letters,
/// digits and `-`, starting with a letter).
fn subcommands_in(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("wythoff ") {
        let boundary = rest[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || "_-/.".contains(c)));
        rest = &rest[i + "wythoff ".len()..];
        let word: String = rest
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
            .collect();
        if boundary && word.starts_with(|c: char| c.is_ascii_lowercase()) {
            out.push(word);
        }
    }
    out
}

#[test]
fn every_subcommand_the_documents_show_exists() {
    let known = common::commands();
    for c in [
        "nth",
        "pairs",
        "grundy",
        "verify",
        "oeis",
        "play",
        "line-pairs",
    ] {
        assert!(
            known.iter().any(|k| k == c),
            "`wythoff --help` lists {c}: {known:?}"
        );
    }
    let mut unknown = Vec::new();
    let mut shown = 0;
    for (name, text) in documents() {
        for (line, piece) in code(&text) {
            for word in subcommands_in(&piece) {
                shown += 1;
                if !known.contains(&word) {
                    unknown.push(format!("{name}:{line}: wythoff {word}"));
                }
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "the documents show subcommands `wythoff --help` does not list ({known:?}):\n{}",
        unknown.join("\n")
    );
    assert!(
        shown > 50,
        "only {shown} subcommands found in the documents' code"
    );
}

#[test]
fn the_subcommand_scanner_reads_commands_only() {
    assert_eq!(subcommands_in("$ wythoff grundy 6 --print"), ["grundy"]);
    assert_eq!(
        subcommands_in("wythoff --help; wythoff three-move 1 1 5"),
        ["three-move"]
    );
    assert!(subcommands_in("use wythoff::grundy; wythoff: invalid; my-wythoff nth").is_empty());
    assert_eq!(
        code("a `wythoff nth 5` b\n```sh\nwythoff pairs 3\n```\nwythoff prose"),
        [
            (1, "wythoff nth 5".to_string()),
            (3, "wythoff pairs 3".to_string())
        ]
    );
}

/// `scripts/lib/bin-path` run with `CARGO_TARGET_DIR` set to `dir` (unset when `None`).
fn bin_path(dir: Option<&str>) -> String {
    let mut c = Command::new(root().join("scripts/lib/bin-path"));
    // from another directory, to show the path does not depend on where the script is started
    c.current_dir(std::env::temp_dir());
    match dir {
        Some(d) => c.env("CARGO_TARGET_DIR", d),
        None => c.env_remove("CARGO_TARGET_DIR"),
    };
    let o = c.output().expect("run scripts/lib/bin-path");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .expect("UTF-8")
        .trim_end()
        .to_string()
}

#[test]
fn the_scripts_find_the_binary_through_cargo_target_dir() {
    let root = std::fs::canonicalize(root()).expect("the repository root");
    let root = root.to_str().expect("a UTF-8 root");
    assert_eq!(bin_path(None), format!("{root}/target/release/wythoff"));
    assert_eq!(bin_path(Some("")), format!("{root}/target/release/wythoff"));
    assert_eq!(bin_path(Some("/tmp/x")), "/tmp/x/release/wythoff");
    assert_eq!(
        bin_path(Some("build/t")),
        format!("{root}/build/t/release/wythoff")
    );

    // Every script that runs the release binary gets its path from scripts/lib/bin-path (or,
    // for the Slurm jobs, which run from a copy in Slurm's spool, from CARGO_TARGET_DIR the same
    // way); none names target/release itself.
    let mut scripts = Vec::new();
    let mut stack = vec![PathBuf::from("scripts")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(Path::new(root).join(&dir)).expect("read a scripts folder") {
            let e = e.expect("an entry");
            let rel = dir.join(e.file_name());
            if e.file_type().expect("a file type").is_dir() {
                stack.push(rel);
            } else {
                scripts.push(rel);
            }
        }
    }
    scripts.sort();
    let mut users = Vec::new();
    for s in &scripts {
        let text = std::fs::read_to_string(Path::new(root).join(s)).unwrap_or_default();
        for (k, line) in text.lines().enumerate() {
            let code = line.split(" #").next().unwrap_or("");
            assert!(
                line.trim_start().starts_with('#') || !code.contains("target/release"),
                "{}:{}: names target/release instead of ${{CARGO_TARGET_DIR:-target}}: {line}",
                s.display(),
                k + 1
            );
        }
        if text.contains("scripts/lib/bin-path") || text.contains("${CARGO_TARGET_DIR:-target}") {
            users.push(s.display().to_string());
        }
    }
    for s in [
        "scripts/run",
        "scripts/bench",
        "scripts/bench-compare",
        "scripts/page-test",
        "scripts/slurm/test",
        "scripts/slurm/common.sh",
    ] {
        assert!(
            users.iter().any(|u| u == s),
            "{s} does not use CARGO_TARGET_DIR: {users:?}"
        );
    }
}

#[test]
fn the_page_test_writes_nothing_into_out() {
    let text =
        std::fs::read_to_string(root().join("scripts/page-test")).expect("scripts/page-test");
    for (k, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        assert!(
            !code.contains("out/") || code.contains("$tmp/out"),
            "scripts/page-test:{}: writes outside its temporary directory: {line}",
            k + 1
        );
    }
    assert!(
        text.contains("mktemp -d"),
        "scripts/page-test works in a temporary directory"
    );
}

/// The folders of `src/` and `crates/`, relative to the repository root, each ending in `/`.
fn source_folders() -> Vec<String> {
    let mut out = vec!["crates/".to_string()];
    let mut stack = vec![PathBuf::from("src"), PathBuf::from("crates")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(root().join(&dir)).expect("read a src folder") {
            let e = e.expect("an entry");
            if e.file_type().expect("a file type").is_dir() {
                let rel = dir.join(e.file_name());
                out.push(format!("{}/", rel.display()));
                stack.push(rel);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_layout_names_every_folder_of_src() {
    let text = std::fs::read_to_string(root().join("doc/architecture.md"))
        .expect("read doc/architecture.md");
    let layout: String = text
        .lines()
        .skip_while(|l| *l != "## Layout")
        .skip(1)
        .skip_while(|l| !l.starts_with("```"))
        .skip(1)
        .take_while(|l| !l.starts_with("```"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        layout.contains("crates/core/src/game.rs"),
        "doc/architecture.md has no Layout block"
    );
    let folders = source_folders();
    assert!(
        folders
            .iter()
            .any(|f| f == "crates/wythoff/src/grundy/rows/")
    );
    let missing: Vec<&String> = folders.iter().filter(|f| !layout.contains(*f)).collect();
    assert!(
        missing.is_empty(),
        "the Layout of doc/architecture.md names no path in {missing:?}"
    );
}

/// The units of a wall-clock time or a rate, as the documents would write them after a number.
const TIME_UNITS: [&str; 13] = [
    "s", "ms", "µs", "ns", "min", "minute", "minutes", "hour", "hours", "n/s", "pairs/s", "rows/s",
    "cells/s",
];

/// The pieces of a line that read as a measured time or rate: a number, a space and a unit of
/// [`TIME_UNITS`] not followed by a letter or digit (so `2 sums` or `5 minimal` are not times).
/// A checkpoint interval ("every 5 minutes") is a setting, not a measurement.
fn timings_in(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in line.match_indices(' ') {
        let before = &line[..i];
        if !before.ends_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let number_start = before
            .char_indices()
            .rev()
            .take_while(|&(_, c)| c.is_ascii_digit() || ".,^·e+".contains(c))
            .last()
            .map_or(i, |(k, _)| k);
        if before[..number_start].ends_with("every ") {
            continue;
        }
        let rest = &line[i + 1..];
        for unit in TIME_UNITS {
            if rest.starts_with(unit)
                && !rest[unit.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            {
                out.push(format!("{}{}", &line[number_start..=i], unit));
            }
        }
    }
    out
}

#[test]
fn the_timing_scanner_finds_times_and_only_times() {
    assert_eq!(
        timings_in("took 4.6 s, then 2 min 3 s; 0.757 ms (1.32·10^9 pairs/s) and 36 µs."),
        [
            "4.6 s",
            "2 min",
            "3 s",
            "0.757 ms",
            "1.32·10^9 pairs/s",
            "36 µs"
        ]
    );
    assert!(timings_in("every 5 minutes; 2 sums; 5 minimal; 64 MiB; 2 s_x; a = 1").is_empty());
}

#[test]
fn times_and_rates_are_only_in_performance_md() {
    // The figures of a run depend on the machine and the day: doc/performance.md holds them all
    // (one table regenerated by scripts/bench --doc, then the long runs measured once); the
    // other documents link to it and state costs as the algorithms' growth.
    let mut found = Vec::new();
    for (name, text) in documents() {
        if name == "doc/performance.md" {
            continue;
        }
        for (k, line) in text.lines().enumerate() {
            for t in timings_in(line) {
                found.push(format!("{name}:{}: {t}", k + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "times or rates outside doc/performance.md (link to it instead):\n{}",
        found.join("\n")
    );
    let perf = std::fs::read_to_string(root().join("doc/performance.md")).expect("performance.md");
    assert!(
        perf.lines().any(|l| l == "## Long runs, measured once"),
        "doc/performance.md keeps its long runs under the heading scripts/bench --doc looks for"
    );
    let bench = std::fs::read_to_string(root().join("scripts/bench")).expect("scripts/bench");
    assert!(bench.contains("long_marker='## Long runs, measured once'"));
}
