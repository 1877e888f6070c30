//! `wythoff --generate man|complete-bash|complete-zsh|complete-fish`: the manual page renders with
//! `man` and covers every command that `wythoff --help` lists; each completion script names every
//! command and offers exactly the options some `--help` shows (no hidden test hook), the bash one
//! loads, and the zsh and fish ones parse.  A part whose program (`man`, bash, zsh, fish) is not
//! installed is skipped, saying so ([`common::skipped`]); scripts/test, run as root on Debian,
//! installs man-db, zsh and fish first.

mod common;

use common::{BIN, skipped, wythoff};
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
        return skipped(
            "the_manual_page_covers_every_command_and_renders (the rendering with man)",
            "no `man` on this system (Debian: apt-get install man-db)",
        );
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
            skipped(
                &format!("the_completion_scripts_load (parsing the {sh} script)"),
                format!("no {sh} on this system (Debian: apt-get install {sh})"),
            );
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("wythoff.completion");
        std::fs::write(&file, &script).unwrap();
        let o = Command::new(sh).arg(check).arg(&file).output().unwrap();
        assert!(o.status.success(), "{sh}: {}", text(&o.stderr));
    }
    if !have("bash") {
        return skipped(
            "the_completion_scripts_load (loading the bash script)",
            "no bash on this system",
        );
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

/// The long options in `text` (`--name`, and `-l name` on a line of fish's `complete`), sorted.
fn long_options(text: &str) -> std::collections::BTreeSet<String> {
    let lines = text.lines().map(|l| match l.starts_with("complete ") {
        true => l.replace(" -l ", " --"),
        false => l.to_string(),
    });
    let text = lines.collect::<Vec<_>>().join("\n");
    let mut all = std::collections::BTreeSet::new();
    for (i, _) in text.match_indices("--") {
        let name: String = text[i + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if name.starts_with(|c: char| c.is_ascii_lowercase()) {
            all.insert(format!("--{name}"));
        }
    }
    all
}

/// The `--help` text of `path` and of every command below it, depth first.
fn every_help(path: &[String], all: &mut Vec<String>) {
    let args: Vec<&str> = path.iter().map(String::as_str).chain(["--help"]).collect();
    let o = wythoff(&args);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    let help = text(&o.stdout);
    let subs: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect();
    all.push(help);
    for s in subs {
        every_help(&[path, &[s]].concat(), all);
    }
}

#[test]
fn the_completion_scripts_offer_what_help_shows_and_no_hidden_argument() {
    // every long option that some `--help` shows (on its own line, or named in a description)
    let mut helps = Vec::new();
    every_help(&[], &mut helps);
    assert!(helps.len() >= 20, "{} help pages", helps.len());
    let mentioned = long_options(&helps.join("\n"));
    // the options themselves: the lines that start with one
    let declared = long_options(
        &helps
            .iter()
            .flat_map(|h| h.lines())
            .filter(|l| l.trim_start().starts_with('-'))
            .map(|l| l.trim_start().split("  ").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    for opt in [
        "--count",
        "--against",
        "--checkpoint-every",
        "--merge",
        "--generate",
    ] {
        assert!(declared.contains(opt), "{opt} is not in --help");
    }
    // the test hooks, which --help does not show
    let hidden = [
        "--abort-after-checkpoints",
        "--abort-after-rows",
        "--checkpoint-ms",
        "--checkpoint-columns",
        "--inject-fault",
        "--inject-carry",
        "--inject-digit",
        "--kernel",
    ];
    for h in hidden {
        assert!(!mentioned.contains(h), "--help shows {h}");
    }
    // every shell --generate offers
    let top = &helps[0];
    let shells: Vec<&str> = top
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("- "))
        .filter_map(|l| l.split(':').next())
        .filter(|w| w.starts_with("complete-"))
        .collect();
    assert_eq!(shells.len(), 3, "{shells:?}");
    for shell in shells {
        let o = wythoff(&["--generate", shell]);
        assert!(o.status.success(), "{shell}: {}", text(&o.stderr));
        let script = text(&o.stdout);
        let offered = long_options(&script);
        for h in hidden {
            assert!(!offered.contains(h), "{shell} offers the hidden {h}");
        }
        let unknown: Vec<_> = offered.difference(&mentioned).collect();
        assert!(
            unknown.is_empty(),
            "{shell} offers what --help does not show: {unknown:?}"
        );
        let missing: Vec<_> = declared.difference(&offered).collect();
        assert!(missing.is_empty(), "{shell} does not offer {missing:?}");
    }
}
