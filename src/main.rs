//! `wythoff` — the command line.  It only parses arguments, shows progress and prints; the
//! library does the work.  Exit status: 0 success, 1 failure (including a disagreement between
//! strategies), 2 bad usage.

mod cli;

fn main() {
    // Die quietly on a closed pipe (`wythoff pairs 1e9 | head`), like other Unix tools.
    // SAFETY: setting a signal disposition to its default before any threads exist.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // Ctrl-C and SIGTERM remove the temporary files of open outputs.
    if let Err(e) = wythoff::artifact::atomic::clean_up_on_signals() {
        eprintln!("wythoff: {e}");
        std::process::exit(1);
    }
    let code = match cli::main() {
        Ok(()) => 0,
        Err(e) => {
            if e.to_string() == "broken pipe" {
                0
            } else {
                eprintln!("wythoff: {e}");
                e.exit_code()
            }
        }
    };
    std::process::exit(code);
}
