//! What the small checks share: whether a check runs on this shard ([`Run`]) and the word of an
//! outcome ([`pn`]).

/// How a small check is to be run: here, or not (and why).
#[derive(Clone, Copy)]
pub(super) enum Run<'r> {
    /// Run it.
    Here,
    /// Do not run it: the reason.
    Skip(&'r str),
}

/// "P" or "N".
pub(super) fn pn(p: bool) -> &'static str {
    if p { "P" } else { "N" }
}
