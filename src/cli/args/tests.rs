//! The value parsers against the number syntax and their messages.

use super::*;

#[test]
fn parsers_accept_the_number_syntax_and_name_the_kind() {
    assert_eq!(threads("1e3").unwrap(), 1000);
    assert_eq!(threads("2^10").unwrap(), 1024);
    for bad in ["0", "1025", "1e6", "-1", "x"] {
        let e = threads(bad).unwrap_err().to_string();
        assert!(e.contains("number of threads from 1 to 1024"), "{bad}: {e}");
    }
    assert_eq!(parameter("1").unwrap(), 1);
    assert!(
        parameter("0")
            .unwrap_err()
            .to_string()
            .contains("parameter")
    );
    assert!(
        parameter("-3")
            .unwrap_err()
            .to_string()
            .contains("negative")
    );
    assert!(pile("-3").unwrap_err().to_string().contains("pile size"));
    assert!(index("-3").unwrap_err().to_string().contains("index"));
    assert!(
        rational("-3/2")
            .unwrap_err()
            .to_string()
            .contains("rational")
    );
    assert_eq!(index_u64("18446744073709551615").unwrap(), u64::MAX);
    assert!(
        index_u64("2^64")
            .unwrap_err()
            .to_string()
            .contains("out of range")
    );
    assert_eq!(coord("3..7").unwrap(), Coord::Range(3, 7));
    assert_eq!(coord("1e2").unwrap(), Coord::One(100));
    assert_eq!(coord("5..5").unwrap().bounds(), (5, 5));
    assert!(coord("7..3").is_err());
    assert!(coord("-1").is_err());
    assert!(coord("2^64").is_err());
}

#[test]
fn only_a_refusal_of_the_input_is_named_as_usage() {
    use wythoff::error::Error;
    let e = naming_input("N")(Error::domain("side 0"));
    assert_eq!((e.to_string().as_str(), e.exit_code()), ("N: side 0", 2));
    let e = naming_input("--rules")(Error::usage("rule 1"));
    assert_eq!(
        (e.to_string().as_str(), e.exit_code()),
        ("--rules: rule 1", 2)
    );
    // a failure of the run keeps its class and its words
    for e in [
        Error::internal("thread pool"),
        Error::Cancelled,
        Error::damaged("a checksum"),
        Error::file("/t", std::io::Error::from_raw_os_error(28)),
    ] {
        let words = e.to_string();
        let named = naming_input("N")(e);
        assert_eq!((named.to_string(), named.exit_code()), (words, 1));
    }
}
