//! The progress bars of long commands, on standard error.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar on stderr, drawn only when stderr is a terminal and the job is large.
pub(crate) fn progress_bar(total: u128, label: &str) -> ProgressBar {
    if total < 50_000_000 {
        return ProgressBar::hidden();
    }
    bar(total, label)
}

/// A progress bar of `total` steps on standard error, drawn only when it is a terminal, however
/// small the total (for work whose steps are long, such as the columns of the N-heap slices).
pub(crate) fn bar(total: u128, label: &str) -> ProgressBar {
    let pb = ProgressBar::with_draw_target(
        Some(total.min(u64::MAX as u128) as u64),
        ProgressDrawTarget::stderr(),
    );
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{bar:40}] {percent}% {per_sec} ETA {eta}")
    {
        pb.set_style(style.progress_chars("=> "));
    }
    pb.set_message(label.to_string());
    pb
}
