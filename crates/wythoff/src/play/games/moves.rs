//! Reading a move as the person types it — the position it leads to — and checking it against
//! the rules of the game being played, with one line saying why a refused move is refused.

use super::{Engine, PlayedGame, State, mismatch, small};
use crate::num::natural;
use crate::registry;
use rug::Integer;

impl PlayedGame {
    /// Reads a move typed as the position it leads to (`X Y`, `X Y Z`, or `K X Y` for component
    /// K of a sum; commas and parentheses allowed) and checks it against the rules.  The error
    /// is one line saying why the move is refused.
    pub fn parse_move(&self, s: &State, text: &str) -> std::result::Result<State, String> {
        let cleaned: String = text
            .chars()
            .map(|c| if "(),:;".contains(c) { ' ' } else { c })
            .collect();
        let mut nums = Vec::new();
        for w in cleaned.split_whitespace() {
            match natural(w) {
                Ok(v) => nums.push(v),
                Err(_) => {
                    return Err(format!(
                        "'{w}' is not a command or a pile size ({}; type help for the commands)",
                        self.move_syntax(s)
                    ));
                }
            }
        }
        match s {
            State::Pair(x, y) => {
                let [u, v] = <[Integer; 2]>::try_from(nums)
                    .map_err(|n| format!("{} numbers: {}", n.len(), self.move_syntax(s)))?;
                pair_move(self.rules.a(), (x, y), (&u, &v), "")?;
                Ok(State::Pair(u, v))
            }
            State::Three(p) => {
                let q = <[Integer; 3]>::try_from(nums)
                    .map_err(|n| format!("{} numbers: {}", n.len(), self.move_syntax(s)))?;
                let q = three_move(p, &q)?;
                Ok(State::Three(q))
            }
            State::Nheap(h) => {
                if nums.len() != h.len() {
                    return Err(format!("{} numbers: {}", nums.len(), self.move_syntax(s)));
                }
                Ok(State::Nheap(nheap_move(h, &nums)?))
            }
            State::Game(h) => {
                if nums.len() != h.len() {
                    return Err(format!("{} numbers: {}", nums.len(), self.move_syntax(s)));
                }
                let Engine::Registry(g) = &self.engine else {
                    return Err(mismatch(s).to_string());
                };
                Ok(State::Game(registry_move(g.as_ref(), h, &nums)?))
            }
            State::Sum(cs) => {
                let [k, u, v] = <[Integer; 3]>::try_from(nums)
                    .map_err(|n| format!("{} numbers: {}", n.len(), self.move_syntax(s)))?;
                let i = k
                    .to_usize()
                    .filter(|&k| (1..=cs.len()).contains(&k))
                    .ok_or_else(|| {
                        format!(
                            "there is no component {k}: the components are numbered 1 to {}",
                            cs.len()
                        )
                    })?
                    - 1;
                let (x, y) = (Integer::from(cs[i].0), Integer::from(cs[i].1));
                let at = format!(" of component {}", i + 1);
                pair_move(self.rules.a(), (&x, &y), (&u, &v), &at)?;
                let mut next = cs.clone();
                // both are at most the old piles, which are u64
                next[i] = (
                    small(&u).map_err(|e| e.to_string())?,
                    small(&v).map_err(|e| e.to_string())?,
                );
                Ok(State::Sum(next))
            }
        }
    }

    /// How a move is typed in this game, with an example of as many numbers as the position
    /// has heaps.
    pub fn move_syntax(&self, s: &State) -> String {
        let pair = "type the position your move leads to as X Y, for example 3 5";
        let three = "type the position your move leads to as X Y Z, for example 1 2 3";
        match s {
            State::Pair(..) => pair.into(),
            State::Three(..) => three.into(),
            State::Sum(..) => {
                "type the component K and the position it moves to as K X Y, for example 2 3 5"
                    .into()
            }
            State::Nheap(h) => per_heap(h.len()),
            State::Game(h) => match h.len() {
                2 => pair.into(),
                3 => three.into(),
                n => per_heap(n),
            },
        }
    }
}

/// Checks the move h → q in a game of the registry: no heap grows, at least one counter is
/// taken, and q is one of the positions the game's moves reach from h
/// ([`registry::Game::is_move`]).
fn registry_move(
    g: &dyn registry::Game,
    h: &[u64],
    q: &[Integer],
) -> std::result::Result<Vec<u64>, String> {
    let out = shrunk(h, q)?;
    if out == h {
        return Err("a move must take at least one counter".into());
    }
    if !g.is_move(h, &out) {
        let taken: Vec<String> = h
            .iter()
            .zip(&out)
            .map(|(a, b)| (a - b).to_string())
            .collect();
        return Err(format!(
            "not a move of {}: taking ({}) is none of its moves (type help for the rules)",
            g.name(),
            taken.join(", ")
        ));
    }
    Ok(out)
}

/// Checks the two-pile move (x, y) → (u, v) under parameter a; `at` names the component.
fn pair_move(
    a: u64,
    (x, y): (&Integer, &Integer),
    (u, v): (&Integer, &Integer),
    at: &str,
) -> std::result::Result<(), String> {
    for (name, old, new) in [("first", x, u), ("second", y, v)] {
        if new > old {
            return Err(format!(
                "piles only shrink: the {name} pile{at} has {old} counter{}, not {new}",
                if *old == 1 { "" } else { "s" }
            ));
        }
    }
    if u == x && v == y {
        return Err(format!("a move must take at least one counter{at}"));
    }
    if u != x && v != y {
        let k = Integer::from(x - u);
        let l = Integer::from(y - v);
        if Integer::from(&k - &l).abs() >= a {
            return Err(if a == 1 {
                format!(
                    "taking from both piles{at} takes the same number from each (you took {k} and {l})"
                )
            } else {
                format!(
                    "taking k and l from both piles{at} needs |k - l| < {a} (you took {k} and {l})"
                )
            });
        }
    }
    Ok(())
}

/// Checks the three-pile move p → q: the piles that change lose the same positive amount.
fn three_move(p: &[u64; 3], q: &[Integer; 3]) -> std::result::Result<[u64; 3], String> {
    let names = ["first", "second", "third"];
    let mut out = [0u64; 3];
    for i in 0..3 {
        match q[i].to_u64().filter(|&v| v <= p[i]) {
            Some(v) => out[i] = v,
            None => {
                return Err(format!(
                    "piles only shrink: the {} pile has {} counter{}, not {}",
                    names[i],
                    p[i],
                    if p[i] == 1 { "" } else { "s" },
                    q[i]
                ));
            }
        }
    }
    let taken: Vec<u64> = (0..3).map(|i| p[i] - out[i]).collect();
    let moved: Vec<u64> = taken.iter().copied().filter(|&t| t > 0).collect();
    if moved.is_empty() {
        return Err("a move must take at least one counter".into());
    }
    if moved.iter().any(|&t| t != moved[0]) {
        return Err(format!(
            "the piles you take from each lose the same number (you took {}, {} and {})",
            taken[0], taken[1], taken[2]
        ));
    }
    Ok(out)
}

/// The heaps `q` of a move from `h`, each at most its old size (as u64); else why not.
fn shrunk(h: &[u64], q: &[Integer]) -> std::result::Result<Vec<u64>, String> {
    let mut out = Vec::with_capacity(h.len());
    for (i, (&old, new)) in h.iter().zip(q).enumerate() {
        match new.to_u64().filter(|&v| v <= old) {
            Some(v) => out.push(v),
            None => {
                return Err(format!(
                    "piles only shrink: heap {} has {old} counter{}, not {new}",
                    i + 1,
                    if old == 1 { "" } else { "s" }
                ));
            }
        }
    }
    Ok(out)
}

/// How a move of `n` heaps is typed: one number per heap, the example 1 2 … n.
fn per_heap(n: usize) -> String {
    let example: Vec<String> = (1..=n.max(1)).map(|i| i.to_string()).collect();
    format!(
        "type the position your move leads to as one number per heap, for example {}",
        example.join(" ")
    )
}

/// Checks the N-heap move h → q: no heap grows, and what is taken is a move of N-heap Wythoff
/// ([`crate::nheap::is_move`]).
fn nheap_move(h: &[u64], q: &[Integer]) -> std::result::Result<Vec<u64>, String> {
    let out = shrunk(h, q)?;
    let taken: Vec<u64> = h.iter().zip(&out).map(|(a, b)| a - b).collect();
    if taken.iter().all(|&t| t == 0) {
        return Err("a move must take at least one counter".into());
    }
    if !crate::nheap::is_move(&taken) {
        let mut list: Vec<String> = taken.iter().map(u64::to_string).collect();
        let last = list.pop().unwrap_or_default();
        let nim = taken.iter().fold(0, |acc, &t| acc ^ t);
        return Err(format!(
            "taking from several heaps needs amounts whose nim-sum is 0 (you took {} and \
             {last}: nim-sum {nim})",
            list.join(", ")
        ));
    }
    Ok(out)
}
