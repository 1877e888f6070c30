//! `wythoff --generate WHAT`: the manual page and the shell completion scripts, made from the very
//! declarations the command line parses with (clap_mangen, clap_complete), so they cannot drift
//! from it.

use super::Cli;
use super::out::Out;
use clap::{CommandFactory, ValueEnum};
use std::io::Write;
use wythoff::error::{Error, Result};

/// What `--generate` prints on stdout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Generated {
    /// The manual page wythoff(1), in roff: one page covering every command (`man -l FILE`).
    Man,
    /// The completion script for bash (`source <(wythoff --generate complete-bash)`).
    CompleteBash,
    /// The completion script for zsh (a file `_wythoff` in a directory of `$fpath`).
    CompleteZsh,
    /// The completion script for fish (`wythoff.fish` in `~/.config/fish/completions`).
    CompleteFish,
}

/// Prints what `what` names on stdout.
pub(crate) fn generate(what: Generated) -> Result<()> {
    use clap_complete::Shell;
    // static, so that the names borrowed from it are `&'static str`, as clap's builder takes them
    static COMMAND: std::sync::OnceLock<clap::Command> = std::sync::OnceLock::new();
    let cmd = COMMAND.get_or_init(Cli::command);
    let mut buf: Vec<u8> = Vec::new();
    let shell = match what {
        Generated::Man => {
            manual(cmd.clone(), &mut buf)
                .map_err(|e| Error::internal(format!("manual page: {e}")))?;
            None
        }
        Generated::CompleteBash => Some(Shell::Bash),
        Generated::CompleteZsh => Some(Shell::Zsh),
        Generated::CompleteFish => Some(Shell::Fish),
    };
    if let Some(shell) = shell {
        clap_complete::generate(shell, &mut without_hidden(cmd), "wythoff", &mut buf);
    }
    let text = String::from_utf8(buf)
        .map_err(|_| Error::internal("a generated page or script is not UTF-8 text"))?;
    let mut out = Out::new();
    out.text(&text)?;
    out.finish()
}

/// `cmd` (not yet built) again without its hidden arguments and hidden commands, for the
/// completion scripts: clap_complete offers every argument, hidden or not, while `--help` and the
/// manual page leave the hidden ones out.  Each argument kept keeps what the scripts use (its
/// names, values, help, and the kept arguments it conflicts with); its other ties to arguments
/// (requires, groups, overrides) are dropped, since they may name a hidden one.
fn without_hidden(cmd: &'static clap::Command) -> clap::Command {
    use clap::builder::Resettable::Reset;
    let kept = |a: &&clap::Arg| !a.is_hide_set();
    let mut new = clap::Command::new(cmd.get_name())
        .version(cmd.get_version())
        .long_version(cmd.get_long_version())
        .visible_aliases(cmd.get_visible_aliases())
        .subcommand_required(cmd.is_subcommand_required_set())
        .arg_required_else_help(cmd.is_arg_required_else_help_set())
        .args_conflicts_with_subcommands(cmd.is_args_conflicts_with_subcommands_set())
        .allow_external_subcommands(cmd.is_allow_external_subcommands_set())
        .disable_help_flag(cmd.is_disable_help_flag_set())
        .disable_version_flag(cmd.is_disable_version_flag_set())
        .disable_help_subcommand(cmd.is_disable_help_subcommand_set())
        .propagate_version(cmd.is_propagate_version_set());
    if let Some(about) = cmd.get_about() {
        new = new.about(about.clone());
    }
    if let Some(about) = cmd.get_long_about() {
        new = new.long_about(about.clone());
    }
    if let Some(c) = cmd.get_short_flag() {
        new = new.short_flag(c);
    }
    if let Some(l) = cmd.get_long_flag() {
        new = new.long_flag(l);
    }
    for a in cmd.get_arguments().filter(kept) {
        let conflicts: Vec<clap::Id> = cmd
            .get_arg_conflicts_with(a)
            .into_iter()
            .filter(kept)
            .map(|c| c.get_id().clone())
            .collect();
        new = new.arg(
            a.clone()
                .conflicts_with(Reset)
                .conflicts_with_all(conflicts)
                .requires(Reset)
                .required_unless_present(Reset)
                .overrides_with(Reset)
                .group(Reset),
        );
    }
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        new = new.subcommand(without_hidden(sub));
    }
    new
}

/// The page: the program's own sections (name, synopsis, description, options), the list of
/// commands, the version, then one section per command — and per command of a command, as for
/// `grundy get` — with its synopsis, description, options and commands.
fn manual(mut cmd: clap::Command, w: &mut Vec<u8>) -> std::io::Result<()> {
    // built once, so that every command knows its full name ("wythoff grundy get")
    cmd.build();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(w)?;
    man.render_name_section(w)?;
    man.render_synopsis_section(w)?;
    man.render_description_section(w)?;
    man.render_options_section(w)?;
    writeln!(w, ".SH COMMANDS")?;
    command_list(&cmd, w)?;
    man.render_version_section(w)?;
    for sub in commands(&cmd) {
        command_section(&sub, w)?;
    }
    Ok(())
}

/// Every command below `cmd`, depth first, without clap's `help`.
fn commands(cmd: &clap::Command) -> Vec<clap::Command> {
    let mut all = Vec::new();
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        all.push(sub.clone());
        all.extend(commands(sub));
    }
    all
}

/// The commands right below `cmd`, each with its one-line description: their sections are on
/// this page (clap_mangen's own list would point to a page per command).
fn command_list(cmd: &clap::Command, w: &mut Vec<u8>) -> std::io::Result<()> {
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = sub.get_bin_name().unwrap_or(sub.get_name());
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        writeln!(w, ".TP\n\\fB{}\\fR\n{}", escape(name), escape(&about))?;
    }
    Ok(())
}

/// Text as roff shows it: backslashes and hyphens escaped, a leading '.' or '\'' made text.
fn escape(text: &str) -> String {
    let t = text.replace('\\', "\\e").replace('-', "\\-");
    if t.starts_with('.') || t.starts_with('\'') {
        format!("\\&{t}")
    } else {
        t
    }
}

/// The section of one command: `.SH "WYTHOFF NTH"`, then its synopsis, description, options and
/// commands as subsections.
fn command_section(sub: &clap::Command, w: &mut Vec<u8>) -> std::io::Result<()> {
    let name = sub.get_bin_name().unwrap_or(sub.get_name());
    let man = clap_mangen::Man::new(sub.clone());
    let mut body: Vec<u8> = Vec::new();
    man.render_synopsis_section(&mut body)?;
    man.render_description_section(&mut body)?;
    if sub.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut body)?;
    }
    // roff escapes a text line that starts with '.', so every line starting ".SH " is a heading
    let body = String::from_utf8_lossy(&body);
    let title = name.to_uppercase().replace('"', "");
    writeln!(w, ".SH \"{title}\"")?;
    for line in body.lines() {
        match line.strip_prefix(".SH ") {
            Some(rest) => writeln!(w, ".SS {rest}")?,
            None => writeln!(w, "{line}")?,
        }
    }
    if sub.has_subcommands() {
        writeln!(w, ".SS COMMANDS")?;
        command_list(sub, w)?;
    }
    Ok(())
}
