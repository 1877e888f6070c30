//! `wythoff ratwyt`, `game-two`, `game-three`, `cw`: games on rationals and the Calkin–Wilf tree.

use super::args::*;
use super::json::*;
use clap::Args;
use std::io::Write;
use wythoff::error::{Error, Result};
use wythoff::num::parse_natural;
use wythoff::pairs;
use wythoff::pairs::emit::{self};
use wythoff::ratwyt::{self, Rational};

#[derive(Args)]
pub(crate) struct RatwytArgs {
    /// First rational p/q (lowest terms, any size).
    pub(crate) r1: String,
    /// Second rational.
    pub(crate) r2: String,
    /// Game I parameter t >= 1: steps s1, s2 > 0 on both with |s1 - s2| < t (t = 1: RATWYT).
    #[arg(short = 't', long = "t", default_value = "1")]
    pub(crate) t: String,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct GameTwoArgs {
    /// The rational p/q.
    pub(crate) r: String,
    /// At most t steps per move (t >= 1).
    #[arg(short = 't', long = "t")]
    pub(crate) t: String,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct GameThreeArgs {
    /// The rationals.
    #[arg(required = true, num_args = 1..)]
    pub(crate) rs: Vec<String>,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct CwArgs {
    /// A rational p/q (or use --index).
    #[arg(required_unless_present = "index")]
    pub(crate) r: Option<String>,
    /// The rational with this breadth-first index (0/1 is 0, 1/1 is 1, 1/2 is 2, ...).
    #[arg(long, value_name = "N", conflicts_with = "r")]
    pub(crate) index: Option<String>,
    /// Also print the path to the root, one rational per line (refused beyond 10^6 levels).
    #[arg(long)]
    pub(crate) path: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn ratwyt(args: RatwytArgs) -> Result<()> {
    let r1 = Rational::parse(&args.r1, "R1")?;
    let r2 = Rational::parse(&args.r2, "R2")?;
    let t = rat_t(&args.t)?;
    let (k, outcome, moves) = ratwyt::game_one(&r1, &r2, t)?;
    if args.json {
        let ms: Vec<String> = moves
            .iter()
            .map(|m| {
                format!(
                    "{{\"steps\":{},\"to\":{}}}",
                    json_ints(&m.steps),
                    json_rats(&m.to)
                )
            })
            .collect();
        println!(
            "{{\"rationals\":{},\"induced\":{},\"outcome\":\"{outcome}\",\"moves\":[{}]}}",
            json_rats(&[r1, r2]),
            json_ints(&k),
            ms.join(",")
        );
        return Ok(());
    }
    println!(
        "({r1}, {r2}) has induced integers ({}, {}): {outcome}",
        k[0], k[1]
    );
    for m in &moves {
        println!(
            "  {} step(s) on {r1} and {} on {r2} -> ({}, {})",
            m.steps[0], m.steps[1], m.to[0], m.to[1]
        );
    }
    if moves.is_empty() {
        println!("  no winning move: every move loses");
    }
    Ok(())
}

pub(crate) fn game_two(args: GameTwoArgs) -> Result<()> {
    let r = Rational::parse(&args.r, "R")?;
    let t = rat_t(&args.t)?;
    let (k, outcome, mv) = ratwyt::game_two(&r, t)?;
    if args.json {
        let m = match &mv {
            None => "null".into(),
            Some(m) => format!(
                "{{\"steps\":{},\"to\":{}}}",
                json_str(&m.steps[0]),
                json_str_rat(&m.to[0])
            ),
        };
        println!(
            "{{\"rational\":\"{r}\",\"induced\":{},\"t\":{t},\"outcome\":\"{outcome}\",\"move\":{m}}}",
            json_str(&k)
        );
    } else {
        match mv {
            None => println!("{r} (level {k}): P — level is a multiple of {}", t + 1),
            Some(m) => println!(
                "{r} (level {k}): N — do {} step(s) to {}",
                m.steps[0], m.to[0]
            ),
        }
    }
    Ok(())
}

pub(crate) fn game_three(args: GameThreeArgs) -> Result<()> {
    let rs: Vec<Rational> = args
        .rs
        .iter()
        .enumerate()
        .map(|(i, s)| Rational::parse(s, &format!("R{}", i + 1)))
        .collect::<Result<_>>()?;
    let (levels, x, outcome, mv) = ratwyt::game_three(&rs);
    if args.json {
        let m = match &mv {
            None => "null".into(),
            Some(m) => {
                let i = m.steps.iter().position(|s| *s != 0).unwrap_or(0);
                format!(
                    "{{\"component\":{i},\"steps\":{},\"to\":{}}}",
                    json_str(&m.steps[i]),
                    json_str_rat(&m.to[i])
                )
            }
        };
        println!(
            "{{\"rationals\":{},\"induced\":{},\"nim_sum\":{},\"outcome\":\"{outcome}\",\"move\":{m}}}",
            json_rats(&rs),
            json_ints(&levels),
            json_str(&x)
        );
    } else {
        let ls: Vec<String> = levels.iter().map(|l| l.to_string()).collect();
        println!("levels {}; nim-sum {x}: {outcome}", ls.join(" "));
        if let Some(m) = mv {
            let i = m.steps.iter().position(|s| *s != 0).unwrap_or(0);
            println!("  do {} step(s) on {} -> {}", m.steps[i], rs[i], m.to[i]);
        }
    }
    Ok(())
}

pub(crate) fn cw(args: CwArgs) -> Result<()> {
    let r = match (&args.r, &args.index) {
        (Some(s), _) => Rational::parse(s, "R")?,
        (None, Some(n)) => Rational::from_bfs_index(&parse_natural(n, "--index")?)?,
        _ => return Err(Error::usage("give a rational or --index N")),
    };
    let level = r.level();
    let parent = r.parent();
    let (left, right) = r.children();
    let index = r.bfs_index();
    let cf: Vec<String> = r
        .partial_quotients()
        .iter()
        .map(|q| q.to_string())
        .collect();
    let show = |o: &Option<Rational>| o.as_ref().map_or("none".to_string(), |x| x.to_string());
    if args.json {
        let q = |o: &Option<Rational>| {
            o.as_ref()
                .map_or("null".to_string(), |x| format!("\"{x}\""))
        };
        let idx = match &index {
            Ok(i) => json_str(i),
            Err(_) => "null".into(),
        };
        println!(
            "{{\"rational\":\"{r}\",\"level\":{},\"continued_fraction\":[{}],\"parent\":{},\"children\":[{},\"{right}\"],\"index\":{idx}}}",
            json_str(&level),
            cf.iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(","),
            q(&parent),
            q(&left)
        );
    } else {
        println!("rational      {r}");
        println!(
            "level         {level}   (the induced integer: sum of [{}])",
            cf.join(", ")
        );
        println!("parent        {}", show(&parent));
        println!("children      left {}, right {right}", show(&left));
        match &index {
            Ok(i) => println!("bfs index     {i}"),
            Err(e) => println!("bfs index     not shown: {e}"),
        }
    }
    if args.path {
        if level > 1_000_000u32 {
            return Err(Error::usage(format!(
                "--path: the path has {} rationals; the limit is 10^6",
                pairs::abbreviate(&level)
            )));
        }
        let mut c = r.clone();
        let mut out = std::io::stdout().lock();
        writeln!(out, "{c}").map_err(emit::write_error)?;
        while let Some(p) = c.parent() {
            writeln!(out, "{p}").map_err(emit::write_error)?;
            c = p;
        }
    }
    Ok(())
}
