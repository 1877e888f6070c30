//! Bounded fuzzing (proptest) of everything that reads user input or files: the number parser,
//! the rational parser, the binary header of pairs and word files, the checkpoint log, the
//! verification report and row certificates.  Each must answer with a value or a typed error — never a panic, a hang
//! or a wrong round trip.  The Grundy table header and payload reader are fuzzed in
//! tests/grundy_files.rs.  A long run: `PROPTEST_CASES=100000 cargo test --release --test fuzz`.

use proptest::prelude::*;
use wythoff::artifact::checkpoint::Log;
use wythoff::artifact::header::{HEADER_LEN, Header, Kind};
use wythoff::grundy::rows::certificate::Certificate;
use wythoff::num::natural;
use wythoff::ratwyt::Rational;

/// Strings made of the characters the parsers care about, so that near-misses are common.
fn number_like() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('0'),
            Just('1'),
            Just('9'),
            Just('e'),
            Just('E'),
            Just('^'),
            Just('-'),
            Just('+'),
            Just('_'),
            Just('/'),
            Just(' '),
            Just('.'),
            any::<char>()
        ],
        0..40,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn numbers_parse_or_fail_cleanly(s in number_like()) {
        if let Ok(v) = natural(&s) {
            // A plain decimal answer reads back as itself.
            prop_assert_eq!(natural(&v.to_string()).unwrap(), v);
        }
    }

    #[test]
    fn decimal_numbers_are_read_exactly(v in any::<u128>()) {
        prop_assert_eq!(natural(&v.to_string()).unwrap(), v);
        let negative = format!("-{v}");
        prop_assert!(natural(&negative).is_err());
    }

    #[test]
    fn rationals_parse_or_fail_cleanly(s in number_like()) {
        if let Ok(r) = s.parse::<Rational>() {
            prop_assert_eq!(r.to_string().parse::<Rational>().unwrap(), r);
        }
    }

    #[test]
    fn binary_headers_are_refused_or_round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        if let Ok(h) = Header::from_bytes(&bytes) {
            prop_assert!(matches!(h.kind, Kind::Pairs | Kind::Word));
            prop_assert_eq!(Header::from_bytes(&h.to_bytes()).unwrap(), h);
        }
    }

    #[test]
    fn mutated_headers_never_panic(at in 0..HEADER_LEN, with in any::<u8>()) {
        let h = Header {
            kind: Kind::Pairs, a: 1, misere: false, width: 8, start: 0, stop: 9,
            records: 10, first_value: 0, checksum: 7,
        };
        let mut b = h.to_bytes();
        b[at] = with;
        let _ = Header::from_bytes(&b);
    }

    #[test]
    fn checkpoint_logs_of_any_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.ckpt");
        std::fs::write(&p, &bytes).unwrap();
        if let Ok((params, records)) = Log::read(&p) {
            prop_assert!(!params.contains('\n'));
            prop_assert!(records.iter().all(|r| !r.contains('\n')));
        }
        let _ = Log::resume(&p, "params");
    }

    #[test]
    fn certificates_of_any_bytes_are_refused_or_round_trip(
        bytes in proptest::collection::vec(any::<u8>(), 0..300)
    ) {
        if let Ok(c) = Certificate::from_bytes(&bytes) {
            prop_assert_eq!(Certificate::from_bytes(c.to_bytes()).unwrap(), c);
        }
    }

    #[test]
    fn mutated_certificates_never_panic(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        cut in any::<prop::sample::Index>(),
        fix_checksum in any::<bool>(),
    ) {
        let mut b = certificate_bytes().clone();
        for (at, with) in edits {
            let i = at.index(b.len());
            b[i] = with;
        }
        if fix_checksum && b.len() >= 80 {
            // a crafted file: the checksum matches whatever the payload says
            let h = wythoff::grundy::rows::certificate::checksum(&b[..72], &b[80..]);
            b[72..80].copy_from_slice(&h.to_le_bytes());
        }
        if let Ok(c) = Certificate::from_bytes(&b) {
            // every value it gives, near and far, comes without a panic
            for x in 0..c.x() {
                for y in [0u64, 1, 7, 1000, u64::MAX] {
                    let _ = c.value(&rug::Integer::from(x), &rug::Integer::from(y));
                }
                let _ = c.column_of(&rug::Integer::from(x), &rug::Integer::from(50), &rug::Integer::from(1u64 << 40));
            }
        }
        let n = cut.index(b.len() + 1);
        let _ = Certificate::from_bytes(&b[..n]);
    }

    #[test]
    fn reports_of_any_text_never_panic(s in "\\PC{0,300}") {
        let _ = wythoff::verify::parse_report(&s);
    }
}

/// A real certificate (rows 0..7, a = 1), made once.
fn certificate_bytes() -> &'static Vec<u8> {
    static B: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    B.get_or_init(|| {
        let p = wythoff::grundy::rows::periods(8, 1 << 20, &|_| {}).unwrap();
        Certificate::from_periods(&p, 1, 1 << 20)
            .unwrap()
            .to_bytes()
            .to_vec()
    })
}

#[test]
fn pathological_inputs_are_refused_quickly() {
    let dashes = "-".repeat(1_000_000);
    assert!(natural(&dashes).is_err());
    assert!(natural(&format!("{dashes}5")).is_err());
    assert!(natural("9^99999999999").is_err());
    assert!(natural("1e99999999999").is_err());
    assert!("1/0".parse::<Rational>().is_err());
    assert!("2/4".parse::<Rational>().is_err());
}
