//! serde for integers written as JSON decimal strings: every integer of a report or file that can
//! exceed 2^53 (where a JSON number stops being exact in most readers) is written as its digits
//! in a string, and read back strictly — ASCII digits only, no sign, no spaces, within u64.
//!
//! Use with `#[serde(with = "crate::decimal_string")]` on a `u64` (serialize also takes any
//! integer, e.g. a u128 sum, through `serialize_with`), `with = "crate::decimal_string::option"`
//! on an `Option<u64>` (`null` for `None`) and `with = "crate::decimal_string::pair"` on a
//! `(u64, u64)` (a two-element array).  Cost: one formatting or parse per value.

use serde::{Deserialize, Deserializer, Serializer, de::Error};
use std::fmt::Display;

/// Writes the decimal string of `v`.
pub fn serialize<S: Serializer, T: Display>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

/// Reads a decimal string of digits only.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let s = String::deserialize(d)?;
    parse_or_say::<D::Error>(&s)
}

/// Digits only, within u64: `None` for anything else (empty, a sign, spaces, too large).
pub fn parse(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// [`parse`], with serde's error naming the text.
fn parse_or_say<E: Error>(s: &str) -> Result<u64, E> {
    parse(s).ok_or_else(|| E::custom(format!("'{s}' is not an integer 0..2^64-1")))
}

/// The same for `Option<u64>`: the decimal string, or `null` for `None`.
pub mod option {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the decimal string or null.
    pub fn serialize<S: Serializer>(v: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => s.collect_str(v),
            None => s.serialize_none(),
        }
    }

    /// Reads a decimal string or null.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|s| super::parse_or_say(&s))
            .transpose()
    }
}

/// The same for a pair `(u64, u64)`: an array of two decimal strings.
pub mod pair {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes `["u", "v"]`.
    pub fn serialize<S: Serializer>(v: &(u64, u64), s: S) -> Result<S::Ok, S::Error> {
        [v.0.to_string(), v.1.to_string()].serialize(s)
    }

    /// Reads `["u", "v"]`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(u64, u64), D::Error> {
        let [u, v] = <[String; 2]>::deserialize(d)?;
        Ok((super::parse_or_say(&u)?, super::parse_or_say(&v)?))
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct All {
        #[serde(with = "super")]
        n: u64,
        #[serde(with = "super::option")]
        o: Option<u64>,
        #[serde(with = "super::pair")]
        p: (u64, u64),
    }

    #[test]
    fn integers_round_trip_as_strings_and_anything_else_is_refused() {
        let all = All {
            n: u64::MAX,
            o: None,
            p: (0, 1 << 60),
        };
        let text = serde_json::to_string(&all).unwrap();
        assert_eq!(
            text,
            r#"{"n":"18446744073709551615","o":null,"p":["0","1152921504606846976"]}"#
        );
        assert_eq!(serde_json::from_str::<All>(&text).unwrap(), all);
        let with_o = r#"{"n":"0","o":"7","p":["1","2"]}"#;
        assert_eq!(serde_json::from_str::<All>(with_o).unwrap().o, Some(7));
        for bad in [
            r#"{"n":"18446744073709551616","o":null,"p":["0","0"]}"#,
            r#"{"n":"+1","o":null,"p":["0","0"]}"#,
            r#"{"n":" 1","o":null,"p":["0","0"]}"#,
            r#"{"n":"","o":null,"p":["0","0"]}"#,
            r#"{"n":1,"o":null,"p":["0","0"]}"#,
            r#"{"n":"1","o":"-1","p":["0","0"]}"#,
            r#"{"n":"1","o":null,"p":["0"]}"#,
            r#"{"n":"1","o":null,"p":["0","0","0"]}"#,
            r#"{"n":"1","o":null,"p":["0","x"]}"#,
        ] {
            assert!(serde_json::from_str::<All>(bad).is_err(), "{bad}");
        }
    }
}
