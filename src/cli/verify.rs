//! `wythoff verify`: verification at scale, shards and merge.

use super::args::*;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use wythoff::Rules;
use wythoff::error::{Error, Result};
use wythoff::num::parse_u64;
use wythoff::output::AtomicFile;

#[derive(Args)]
pub(crate) struct VerifyArgs {
    /// Check the pairs for n < BOUND.
    #[arg(long, default_value = "1e9")]
    pub(crate) bound: String,
    /// Parameter a >= 1.
    #[arg(short = 'a', long = "a", default_value = "1")]
    pub(crate) a: String,
    /// Also check a Grundy table of this side (0: skip).
    #[arg(long, default_value = "0")]
    pub(crate) grundy: String,
    /// Also check three-pile Wythoff up to this bound (0: skip).
    #[arg(long, default_value = "0")]
    pub(crate) three: String,
    /// Run shard I of K (0 <= I < K) of the pairs range; merge the reports with --merge.
    #[arg(long, value_name = "I/K")]
    pub(crate) shard: Option<String>,
    /// Write the JSON report to FILE (atomically).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Merge the reports of all shards of one verification into one report.
    #[arg(long, num_args = 1.., value_name = "REPORT")]
    pub(crate) merge: Vec<PathBuf>,
    /// Print the JSON report on stdout instead of the summary.
    #[arg(long)]
    pub(crate) json: bool,
    /// Continue an interrupted `-o REPORT` run: chunks recorded in REPORT.partial.ckpt are not
    /// checked again.
    #[arg(long, requires = "output")]
    pub(crate) resume: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Test double: corrupt the floor formula's term at this n.
    #[arg(long, hide = true)]
    pub(crate) inject_fault: Option<u64>,
}

pub(crate) fn parse_shard(s: &str) -> Result<(u64, u64)> {
    let bad = || {
        Error::usage(format!(
            "--shard: '{s}' is not I/K with 0 <= I < K (for example 0/4)"
        ))
    };
    let (i, k) = s.split_once('/').ok_or_else(bad)?;
    let (i, k) = (
        i.trim().parse::<u64>().map_err(|_| bad())?,
        k.trim().parse::<u64>().map_err(|_| bad())?,
    );
    if k == 0 || i >= k {
        return Err(bad());
    }
    Ok((i, k))
}

pub(crate) fn verify_cmd(args: VerifyArgs) -> Result<()> {
    use wythoff::verify;
    set_threads(args.threads)?;
    let t0 = std::time::Instant::now();
    let report = if !args.merge.is_empty() {
        let parts = args
            .merge
            .iter()
            .map(|p| {
                let s = std::fs::read_to_string(p).map_err(|e| {
                    Error::usage(format!("--merge: cannot read '{}': {e}", p.display()))
                })?;
                verify::parse_report(&s)
            })
            .collect::<Result<Vec<_>>>()?;
        verify::merge(&parts)?
    } else {
        let a = parse_u64(&args.a, "-a")?;
        Rules::new(a, false)?;
        let cfg = verify::Config {
            a,
            bound: parse_u64(&args.bound, "--bound")?,
            grundy: parse_u64(&args.grundy, "--grundy")?,
            three: parse_u64(&args.three, "--three")?,
            shard: match &args.shard {
                Some(s) => parse_shard(s)?,
                None => (0, 1),
            },
            inject_fault: args.inject_fault,
        };
        let (lo, hi) = verify::shard_range(cfg.bound, cfg.shard);
        let pb = progress_bar((hi - lo) as u128, "verify");
        let ckpt = args.output.as_ref().map(|p| {
            let mut c = p.as_os_str().to_owned();
            c.push(".partial.ckpt");
            PathBuf::from(c)
        });
        if let Some(c) = &ckpt
            && !args.resume
        {
            let _ = std::fs::remove_file(c);
        }
        let r = verify::run(&cfg, &|k| pb.inc(k), ckpt.as_deref())?;
        if let Some(c) = &ckpt {
            let _ = std::fs::remove_file(c);
        }
        pb.finish_and_clear();
        r
    };
    let elapsed = t0.elapsed().as_secs_f64();
    let json = report.to_json(elapsed);
    if let Some(p) = &args.output {
        let mut f = AtomicFile::create(p)?;
        f.write_all(json.as_bytes())
            .map_err(|e| wythoff::output::io_error(p, e))?;
        f.commit()?;
    }
    if args.json {
        print!("{json}");
    } else {
        print!("{}", report.summary());
        let checked = report.checks.first().map_or(0, |c| c.checked);
        println!(
            "{:.1} s; {} at {:.2e} n/s",
            elapsed,
            report
                .checks
                .first()
                .map_or("floor = mex", |c| c.name.as_str()),
            checked as f64 / elapsed.max(1e-9)
        );
    }
    if report.ok() {
        Ok(())
    } else {
        Err(Error::Disagreement(
            "verification found a counterexample (see the report)".into(),
        ))
    }
}
