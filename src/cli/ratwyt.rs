//! `wythoff ratwyt`, `game-two`, `game-three`, `cw`: games on rationals and the Calkin–Wilf tree.

use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::Args;
use rug::Integer;
use wythoff::error::{Error, Result};
use wythoff::pairs;
use wythoff::ratwyt::{self, Rational};

#[derive(Args)]
pub(crate) struct RatwytArgs {
    /// First rational p/q (lowest terms, p and q of at most 100000 digits).
    #[arg(value_parser = rational, allow_hyphen_values = true)]
    pub(crate) r1: Rational,
    /// Second rational.
    #[arg(value_parser = rational, allow_hyphen_values = true)]
    pub(crate) r2: Rational,
    /// Game I parameter t >= 1: steps s1, s2 > 0 on both with |s1 - s2| < t (t = 1: RATWYT).
    #[arg(short = 't', long = "t", default_value = "1", value_parser = parameter,
          allow_hyphen_values = true)]
    pub(crate) t: u64,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct GameTwoArgs {
    /// The rational p/q.
    #[arg(value_parser = rational, allow_hyphen_values = true)]
    pub(crate) r: Rational,
    /// At most t steps per move (t >= 1).
    #[arg(short = 't', long = "t", value_parser = parameter, allow_hyphen_values = true)]
    pub(crate) t: u64,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct GameThreeArgs {
    /// The rationals.
    #[arg(required = true, num_args = 1.., value_parser = rational,
          allow_negative_numbers = true)]
    pub(crate) rs: Vec<Rational>,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

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

pub(crate) fn ratwyt(args: RatwytArgs) -> Result<()> {
    let (r1, r2, t) = (args.r1, args.r2, args.t);
    let (k, outcome, moves) = ratwyt::game_one(&r1, &r2, t)?;
    let mut out = Out::new();
    if args.json {
        out.json(&json::Ratwyt {
            t: json::s(t),
            rationals: vec![json::rat(&r1), json::rat(&r2)],
            induced: json::all(&k),
            outcome: outcome.to_string(),
            moves: moves
                .iter()
                .map(|m| json::RatMove {
                    steps: json::all(&m.steps),
                    to: json::all(&m.to),
                })
                .collect(),
        })?;
        return out.finish();
    }
    let [k1, k2] = &k[..] else {
        return Err(Error::internal(
            "game_one gave other than two induced integers",
        ));
    };
    outln!(
        out,
        "({r1}, {r2}) has induced integers ({k1}, {k2}): {outcome}"
    )?;
    for m in &moves {
        if let ([s1, s2], [t1, t2]) = (&m.steps[..], &m.to[..]) {
            outln!(
                out,
                "  {s1} step(s) on {r1} and {s2} on {r2} -> ({t1}, {t2})"
            )?;
        }
    }
    if moves.is_empty() {
        outln!(out, "  no winning move: every move loses")?;
    }
    out.finish()
}

pub(crate) fn game_two(args: GameTwoArgs) -> Result<()> {
    let (r, t) = (args.r, args.t);
    let (k, outcome, mv) = ratwyt::game_two(&r, t)?;
    let one = |m: &ratwyt::RatMove| match (m.steps.first(), m.to.first()) {
        (Some(s), Some(to)) => Ok((s.clone(), to.clone())),
        _ => Err(Error::internal("game_two gave an empty move")),
    };
    let mv = mv.as_ref().map(one).transpose()?;
    let mut out = Out::new();
    if args.json {
        out.json(&json::GameTwo {
            t: json::s(t),
            rational: json::rat(&r),
            induced: json::s(&k),
            outcome: outcome.to_string(),
            to: mv.map(|(s, to)| json::StepMove {
                steps: json::s(s),
                to: json::rat(&to),
            }),
        })?;
    } else {
        match mv {
            None => outln!(
                out,
                "{r} (level {k}): P — level is a multiple of {}",
                Integer::from(t) + 1u32
            )?,
            Some((s, to)) => outln!(out, "{r} (level {k}): N — do {s} step(s) to {to}")?,
        }
    }
    out.finish()
}

pub(crate) fn game_three(args: GameThreeArgs) -> Result<()> {
    let rs = args.rs;
    let (levels, x, outcome, mv) = ratwyt::game_three(&rs);
    // the component a move touches: the one with a non-zero step count
    let mv = match &mv {
        None => None,
        Some(m) => {
            let i = m
                .steps
                .iter()
                .position(|s| *s != 0)
                .ok_or_else(|| Error::internal("game_three gave a move of no steps"))?;
            match (m.steps.get(i), m.to.get(i), rs.get(i)) {
                (Some(s), Some(to), Some(from)) => Some((i, s.clone(), to.clone(), from)),
                _ => return Err(Error::internal("game_three gave a malformed move")),
            }
        }
    };
    let mut out = Out::new();
    if args.json {
        out.json_versioned(
            json::GAME_THREE_VERSION,
            &json::GameThree {
                rationals: json::all(&rs),
                induced: json::all(&levels),
                nim_sum: json::s(&x),
                outcome: outcome.to_string(),
                to: mv.map(|(i, s, to, _)| json::ComponentMove {
                    component: i + 1,
                    steps: json::s(s),
                    to: json::rat(&to),
                }),
            },
        )?;
    } else {
        let ls: Vec<String> = levels.iter().map(|l| l.to_string()).collect();
        outln!(out, "levels {}; nim-sum {x}: {outcome}", ls.join(" "))?;
        if let Some((_, s, to, from)) = mv {
            outln!(out, "  do {s} step(s) on {from} -> {to}")?;
        }
    }
    out.finish()
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
