//! `wythoff --generate man|complete-bash|complete-zsh|complete-fish`: the manual page renders with
//! `man` and covers every command that `wythoff --help` lists; each completion script names every
//! command, the bash one loads, and the zsh and fish ones parse where those shells are installed.

mod common;

use common::{BIN, wythoff};
use std::process::Command;

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

/// The commands `wythoff --help` lists, without `help`.
fn listed_commands() -> Vec<String> {
    let mut c = common::commands();
    c.retain(|c| c != "help");
    c
}

fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_manual_page_covers_every_command_and_renders() {
    let commands = listed_commands();
    assert!(commands.len() >= 17, "{commands:?}");
    let o = wythoff(&["--generate", "man"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let page = text(&o.stdout);
    assert!(page.contains(".TH wythoff 1"), "{}", &page[..200]);
    // one section per command, and the commands of grundy
    for c in &commands {
        let heading = format!(".SH \"WYTHOFF {}\"", c.to_uppercase());
        assert!(page.contains(&heading), "{heading} missing");
    }
    for c in ["AT", "PNG", "GET"] {
        assert!(
            page.contains(&format!(".SH \"WYTHOFF GRUNDY {c}\"")),
            "grundy {c}"
        );
    }
    // no reference to pages that do not exist
    assert!(
        !page.contains("wythoff\\-nth(1)"),
        "points to a page per command"
    );
    if !have("man") {
        eprintln!("skipped the rendering: no `man` on this system");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wythoff.1");
    std::fs::write(&file, &page).unwrap();
    let shown = Command::new("man")
        .args(["--no-hyphenation", "--no-justification", "--warnings", "-l"])
        .arg(&file)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "100")
        .output()
        .unwrap();
    let (out, err) = (text(&shown.stdout), text(&shown.stderr));
    assert!(shown.status.success(), "{err}");
    assert!(err.trim().is_empty(), "warnings: {err}");
    for c in &commands {
        assert!(out.contains(&format!("wythoff {c}")), "{c} not shown");
    }
    // options of the commands are on the page, with their help
    for flag in [
        "--prefix-budget",
        "--mex-budget",
        "--inject-fault",
        "--terms",
        "--shard",
    ] {
        let shown = out.contains(flag);
        assert_eq!(
            shown,
            flag != "--inject-fault",
            "{flag}: hidden flags stay hidden"
        );
    }
}

#[test]
fn the_completion_scripts_load() {
    for (shell, words) in [
        ("complete-bash", &["_wythoff", "line-pairs"][..]),
        ("complete-zsh", &["#compdef wythoff", "line-pairs"]),
        ("complete-fish", &["complete -c wythoff", "line-pairs"]),
    ] {
        let o = wythoff(&["--generate", shell]);
        assert!(o.status.success(), "{shell}: {}", text(&o.stderr));
        let script = text(&o.stdout);
        for w in words {
            assert!(script.contains(w), "{shell} lacks {w}");
        }
        // every command is completed
        for c in listed_commands() {
            assert!(script.contains(&c), "{shell} does not complete {c}");
        }
        // the zsh and fish scripts parse, where those shells are installed
        let (sh, check) = match shell {
            "complete-zsh" => ("zsh", "-n"),
            "complete-fish" => ("fish", "--no-execute"),
            _ => continue,
        };
        if !have(sh) {
            eprintln!("skipped parsing the {sh} script: no {sh} on this system");
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("wythoff.completion");
        std::fs::write(&file, &script).unwrap();
        let o = Command::new(sh).arg(check).arg(&file).output().unwrap();
        assert!(o.status.success(), "{sh}: {}", text(&o.stderr));
    }
    if !have("bash") {
        eprintln!("skipped loading the bash script: no bash on this system");
        return;
    }
    let bin = BIN;
    let o = Command::new("bash")
        .args([
            "-c",
            &format!("source <('{bin}' --generate complete-bash) && complete -p wythoff"),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("-F _wythoff wythoff"),
        "{}",
        text(&o.stdout)
    );
    assert!(o.stderr.is_empty(), "{}", text(&o.stderr));
}

#[test]
fn generate_takes_nothing_else() {
    for args in [
        &["--generate", "man", "nth", "5"][..],
        &["--generate", "roff"],
        &["--generate"],
    ] {
        let o = wythoff(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        let e = text(&o.stderr);
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert!(e.contains("--generate"), "{args:?}: {e}");
    }
}
