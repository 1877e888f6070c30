//! `wythoff cw`: a rational's place in the Calkin–Wilf tree — level, parent, children,
//! breadth-first index — and its path to the root.

use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::Args;
use rug::Integer;
use wythoff::error::{Error, Result};
use wythoff::pairs;
use wythoff::ratwyt::Rational;

/// The highest level whose path `cw --path` prints (10^6 + 1 rationals).
const MAX_PATH: u32 = 1_000_000;

/// The number of rationals on the path from a rational of this level to the root: the rational,
/// then one per step up, down to 0/1 (level 0).
fn path_length(level: &Integer) -> Integer {
    Integer::from(level + 1u32)
}

#[derive(Args)]
pub(crate) struct CwArgs {
    /// A rational p/q (or use --index).
    #[arg(required_unless_present = "index", value_parser = rational,
          allow_hyphen_values = true)]
    pub(crate) r: Option<Rational>,
    /// The rational with this breadth-first index (0/1 is 0, 1/1 is 1, 1/2 is 2, ...).
    #[arg(long, value_name = "N", conflicts_with = "r", value_parser = index,
          allow_hyphen_values = true)]
    pub(crate) index: Option<Integer>,
    /// Also give the path to the root, one rational per line, streamed (with --json: a "path"
    /// array); refused beyond level 10^6 (10^6 + 1 rationals).
    #[arg(long)]
    pub(crate) path: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cw(args: CwArgs) -> Result<()> {
    let r = match (args.r, &args.index) {
        (Some(r), _) => r,
        (None, Some(n)) => Rational::from_bfs_index(n).map_err(|e| match e {
            Error::Domain(m) => Error::Domain(format!("--index: {m}")),
            e => e,
        })?,
        (None, None) => return Err(Error::usage("give a rational R or --index N")),
    };
    // one pass of the continued fraction gives both (the level is the sum of the quotients)
    let cf = r.partial_quotients();
    let level: Integer = cf.iter().sum();
    // the path is refused before anything is printed
    if args.path && level > MAX_PATH {
        return Err(Error::usage(format!(
            "--path: the path lists {} rationals (level {} down to 0/1); the limit is level 10^6",
            pairs::abbreviate(&path_length(&level)),
            pairs::abbreviate(&level)
        )));
    }
    let parent = r.parent();
    let (left, right) = r.children();
    let index = r.bfs_index();
    let mut out = Out::new();
    if args.json {
        out.json(&json::Cw {
            rational: json::rat(&r),
            level: json::s(&level),
            continued_fraction: json::all(&cf),
            parent: parent.as_ref().map(json::rat),
            children: [left.as_ref().map(json::rat), Some(json::rat(&right))],
            index: index.as_ref().ok().map(json::s),
            path: args.path.then(|| json::PathToRoot(r.clone())),
        })?;
        return out.finish();
    }
    let show = |o: &Option<Rational>| o.as_ref().map_or("none".to_string(), |x| x.to_string());
    let cf: Vec<String> = cf.iter().map(|q| q.to_string()).collect();
    outln!(out, "rational      {r}")?;
    outln!(
        out,
        "level         {level}   (the induced integer: sum of [{}])",
        cf.join(", ")
    )?;
    outln!(out, "parent        {}", show(&parent))?;
    outln!(out, "children      left {}, right {right}", show(&left))?;
    match &index {
        Ok(i) => outln!(out, "bfs index     {i}")?,
        Err(e) => outln!(out, "bfs index     not shown: {e}")?,
    }
    if args.path {
        let mut c = Some(r);
        while let Some(p) = c {
            outln!(out, "{p}")?;
            c = p.parent();
        }
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_lists_the_rational_and_every_ancestor() {
        // counted on the tree itself: 3/5 → 3/2 → 1/2 → 1/1 → 0/1
        let mut n = 0u32;
        let mut c = Some("3/5".parse::<Rational>().unwrap());
        while let Some(r) = c {
            n += 1;
            c = r.parent();
        }
        assert_eq!(path_length(&Integer::from(4)), n);
        assert_eq!(path_length(&Integer::from(MAX_PATH)), 1_000_001);
    }
}
