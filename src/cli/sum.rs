//! `wythoff sum`: a disjunctive sum of positions — the Grundy value of each component, the
//! nim-sum, the outcome and a winning move.

use super::args::*;
use super::certificate::read_certificate;
use super::json;
use super::out::{Out, outln};
use clap::Args;
use std::path::PathBuf;
use wythoff::Rules;
use wythoff::error::{Error, Result};
use wythoff::num::parse_natural;
use wythoff::pairs::Position;

#[derive(Args)]
pub(crate) struct SumArgs {
    /// The components, each as X,Y.
    #[arg(required = true, num_args = 1.., value_name = "X,Y")]
    pub(crate) components: Vec<String>,
    /// Parameter a >= 1 (with --certificate: the certificate's a, the default).
    #[arg(short = 'a', value_parser = parameter, allow_hyphen_values = true)]
    pub(crate) a: Option<u64>,
    /// Certified rows (`rows X -o CERT`): components whose smaller pile is one of its rows are
    /// answered from it at any column.
    #[arg(long, value_name = "CERT")]
    pub(crate) certificate: Option<PathBuf>,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn sum(args: SumArgs) -> Result<()> {
    let cert = args
        .certificate
        .as_deref()
        .map(read_certificate)
        .transpose()?;
    let a = match (&cert, args.a) {
        (Some(c), Some(a)) if a != c.a => {
            return Err(Error::usage(format!(
                "-a {a}: the certificate '{}' holds rows for a = {}",
                args.certificate.clone().unwrap_or_default().display(),
                c.a
            )));
        }
        (Some(c), _) => c.a,
        (None, a) => a.unwrap_or(1),
    };
    Rules::new(a, false)?;
    let mut ps: Vec<Position> = Vec::new();
    for (i, c) in args.components.iter().enumerate() {
        let what = format!("component {}", i + 1);
        let (x, y) = c.split_once(',').ok_or_else(|| {
            Error::usage(format!(
                "{what}: '{c}' is not a position X,Y (for example 3,5)"
            ))
        })?;
        ps.push((parse_natural(x, &what)?, parse_natural(y, &what)?));
    }
    if cert.is_none() && a == 1 {
        let far = ps
            .iter()
            .filter(|(x, y)| x.max(y) >= &wythoff::sums::TABLE_LIMIT);
        if let Some(lo) = far.map(|(x, y)| x.min(y)).max() {
            super::at::announce_sweep(lo);
        }
    }
    let r = wythoff::sums::analyse(a, cert, &ps, &wythoff::Context::new(2))?;
    let outcome = if r.nim_sum == 0 { "P" } else { "N" };
    let mut out = Out::new();
    if args.json {
        out.json(&json::Sum {
            a: a.to_string(),
            components: (ps.iter().zip(&r.values))
                .map(|(p, g)| json::SumComponent {
                    position: json::pair(p),
                    grundy: g.to_string(),
                })
                .collect(),
            nim_sum: r.nim_sum.to_string(),
            outcome,
            mv: r.winning.as_ref().map(|(i, to)| json::SumMove {
                component: *i + 1,
                to: json::pair(to),
            }),
        })?;
    } else {
        for (p, g) in ps.iter().zip(&r.values) {
            outln!(out, "({}, {}): G = {g}", p.0, p.1)?;
        }
        outln!(out, "nim-sum {}: {outcome}", r.nim_sum)?;
        if let Some((i, to)) = &r.winning {
            outln!(
                out,
                "winning move: component {} ({}, {}) -> ({}, {})",
                i + 1,
                ps[*i].0,
                ps[*i].1,
                to.0,
                to.1
            )?;
        }
    }
    out.finish()
}
