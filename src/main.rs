//! `wythoff` — the command line.  It only parses arguments, shows progress and prints; the
//! library does the work.
//!
//! Exit status: 0 success, 1 failure (a disagreement between strategies, a failed check, an I/O
//! error, standard output that cannot be written), 2 bad usage.  Every error is one line on
//! stderr.  A closed standard output pipe (`wythoff pairs 1e9 | head`) is the reader's choice:
//! the write fails with `BrokenPipe` (SIGPIPE is left ignored, as Rust sets it, so every write
//! error comes back as an error and temporary files are cleaned up), and the run ends quietly
//! with status 0.

mod cli;

fn main() {
    // Ctrl-C and SIGTERM remove the temporary files of open outputs.
    // a standard error that cannot be written is passed over: the exit status still tells
    let say = |e: &dyn std::fmt::Display| {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "wythoff: {e}");
    };
    if let Err(e) = wythoff::files::atomic::clean_up_on_signals() {
        say(&e);
        std::process::exit(1);
    }
    let code = match cli::main() {
        Ok(()) => 0,
        Err(e) if e.is_broken_pipe() => 0,
        Err(e) => {
            say(&e);
            e.exit_code()
        }
    };
    std::process::exit(code);
}
