//! Every command example in README.md is run, and where README shows output, that output is
//! compared (the machinery, and what it checks: tests/common/examples.rs); README's error example,
//! its Quick start scripts and the splitter the machinery uses are checked too.

mod common;

use common::examples;

use examples::{Check, Minimums, Substitution, checksum_to_1e7, expected_status, shape, split};
use std::path::PathBuf;

/// README's examples too heavy for the test suite, what runs instead, and why.
const SUBSTITUTIONS: &[Substitution] = &[Substitution {
    example: "pairs 0 1e9 --checksum",
    run: &["pairs 0 1e7 --checksum"],
    why: "10^9 pairs take a fraction of a second alone but many seconds on a shared 2-core \
          machine running the suite; 1e9 -> 1e7, the checksum at 10^7 computed here by the mex \
          recursion",
    check: Check::Independent(checksum_to_1e7),
}];

#[test]
fn every_readme_example_runs_and_shows_what_readme_shows() {
    examples::run_document(
        "README.md",
        SUBSTITUTIONS,
        Minimums {
            found: 12,
            compared: 11,
            bfiles: 1,
        },
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
    // `scripts/run` is `wythoff generate`, as the Quick start says; all three source scripts/setup.
    let run = std::fs::read_to_string(root.join("scripts/run")).expect("scripts/run");
    assert!(
        run.contains("wythoff generate"),
        "scripts/run runs generate"
    );
    for s in ["scripts/run", "scripts/test", "scripts/python-install"] {
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
