//! JSON rendering helpers.

use rug::Integer;
use wythoff::pairs::Position;
use wythoff::ratwyt::Rational;

pub(crate) fn json_str(v: &Integer) -> String {
    format!("\"{v}\"")
}

pub(crate) fn json_pair(p: &Position) -> String {
    format!("[{},{}]", json_str(&p.0), json_str(&p.1))
}

pub(crate) fn json_rats(rs: &[Rational]) -> String {
    let v: Vec<String> = rs.iter().map(|r| format!("\"{r}\"")).collect();
    format!("[{}]", v.join(","))
}

pub(crate) fn json_ints(v: &[Integer]) -> String {
    let v: Vec<String> = v.iter().map(json_str).collect();
    format!("[{}]", v.join(","))
}

pub(crate) fn json_str_rat(r: &Rational) -> String {
    format!("\"{r}\"")
}
