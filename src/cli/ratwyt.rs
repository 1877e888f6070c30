//! `wythoff ratwyt`, `game-two`, `game-three`: the games on rationals (the Calkin–Wilf tree
//! itself is `cw`, [`super::cw`]).

use super::args::*;
use super::json;
use super::out::{Out, outln};
use clap::Args;
use rug::Integer;
use wythoff::error::{Error, Result};
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
