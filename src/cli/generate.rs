//! `wythoff generate`: the default job ([`wythoff::job`]) — the arguments parsed into its sizes,
//! one call, and the files it wrote printed.

use super::arg_groups::*;
use super::args::*;
use super::out::{Out, outln};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use wythoff::error::{Error, Result};
use wythoff::job::{self, Event, Input, JobError, Sizes};

#[derive(Args)]
pub(crate) struct GenerateArgs {
    /// Output directory.
    #[arg(long, default_value = "out")]
    pub(crate) out: PathBuf,
    /// Make everything bigger by this factor S >= 1 (pairs, terms, bounds; the Grundy table by
    /// the square root of S).
    #[arg(long, value_name = "S", default_value = "1", value_parser = parameter,
          allow_hyphen_values = true, conflicts_with = "quick")]
    pub(crate) scale: u64,
    /// A small preset of every output (a few seconds; what the tests run end to end).
    #[arg(long)]
    pub(crate) quick: bool,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
}

/// The library's refusal with the flag of the input it concerns.
fn named(e: JobError) -> Error {
    match e {
        JobError::Refused(r) => {
            let flag = match r.input {
                Input::Folder => "--out",
                Input::Scale => "--scale",
            };
            Error::usage(format!("{flag}: {}", r.message))
        }
        e => e.into(),
    }
}

pub(crate) fn generate(args: GenerateArgs) -> Result<()> {
    let threads = args.threads.install()?;
    let sizes = if args.quick {
        Sizes::QUICK
    } else {
        Sizes::scaled(args.scale).map_err(named)?
    };
    let progress = |e: Event<'_>| match e {
        // progress on stderr, best effort: a closed stderr does not stop the job
        Event::Wrote { file, seconds } => {
            let _ = writeln!(
                std::io::stderr(),
                "wythoff generate: wrote {file} ({seconds:.0} s)"
            );
        }
    };
    let done = job::run(&args.out, sizes, threads, &progress).map_err(named)?;
    let mut out = Out::new();
    outln!(
        out,
        "wythoff generate: wrote {} files into {} in {:.1} s:",
        done.files.len(),
        args.out.display(),
        done.seconds
    )?;
    for f in &done.files {
        let name = f
            .path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        outln!(out, "  {name:<26} {:>9}  {}", size(f.bytes), f.what)?;
    }
    out.finish()?;
    if done.failed() {
        return Err(Error::Disagreement(
            "the verification report found a counterexample (see verify.json)".into(),
        ));
    }
    Ok(())
}

/// A file size in words: bytes below 10^4, kB below 10^7, else MB.
fn size(b: u64) -> String {
    match b {
        0..=9_999 => format!("{b} B"),
        10_000..=9_999_999 => format!("{} kB", b / 1000),
        _ => format!("{} MB", b / 1_000_000),
    }
}
