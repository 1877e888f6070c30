//! Bounded fuzzing (proptest) of everything that reads user input or files: the number parser,
//! the rational parser, the binary header of pairs and word files, the checkpoint log, the
//! verification report, row certificates, g-value files and Grundy table files (also crafted ones
//! whose checksum
//! matches whatever they hold, read by every library reader of tables).  Each must answer with a
//! value or a typed error — never a panic, a hang or a wrong round trip.  The table header parser
//! is also fuzzed in crates/files/src/table.rs.  A long run:
//! `PROPTEST_CASES=100000 cargo test --release --test fuzz`.

mod common;

use proptest::prelude::*;
use wythoff::files::certificate::Certificate;
use wythoff::files::checkpoint::Log;
use wythoff::files::header::Kind;
use wythoff::files::pairs::{HEADER_LEN, Header};
use wythoff::grundy::TableFile;
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
    fn g_value_headers_are_refused_or_round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..100)) {
        use wythoff::files::gvalues::GHeader;
        if let Ok(h) = GHeader::from_bytes(&bytes) {
            prop_assert_eq!(GHeader::from_bytes(&h.to_bytes()).unwrap(), h);
        }
    }

    #[test]
    fn edited_or_cut_g_value_files_are_refused_or_read_whole(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        cut in any::<prop::sample::Index>(),
        do_cut in any::<bool>(),
    ) {
        let good = gvalue_bytes();
        let mut b = good.clone();
        for (i, v) in &edits {
            let k = i.index(b.len());
            b[k] = *v;
        }
        if do_cut {
            b.truncate(cut.index(b.len() + 1));
        }
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("g.bin");
        std::fs::write(&p, &b).unwrap();
        let mut n = 0u64;
        if let Ok(h) = wythoff::files::gvalues::read(&p, &mut |_, _| n += 1) {
            // read whole only when nothing changed
            prop_assert_eq!(n, h.count);
            prop_assert_eq!(&b, good);
        }
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
        let _ = wythoff::files::resumable::Resumable::open(
            wythoff::files::resumable::Files::at_end(&dir.path().join("x"), &[]),
            "params",
            wythoff::files::Partial::Resume,
            "test",
            &|r| r.len().to_string(),
        );
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
            let h = wythoff::files::certificate::checksum(&b[..72], &b[80..]);
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
    fn mutated_table_files_are_refused_or_read_without_panic(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        header_only in any::<bool>(),
        cut in any::<prop::sample::Index>(),
        seal in any::<bool>(),
        old in any::<bool>(),
    ) {
        let mut b = table_bytes().clone();
        for (at, with) in edits {
            let i = if header_only { at.index(64) } else { at.index(b.len()) };
            b[i] = with;
        }
        if old {
            // as a version 1 file would be: refused whatever it holds
            b[8..12].copy_from_slice(&1u32.to_le_bytes());
        }
        if seal && b.len() >= 64 {
            // a crafted file: the checksums match whatever the header and payload say
            if b[8..12] == 3u32.to_le_bytes() {
                common::seal_v3(&mut b);
            } else {
                let h = wythoff::files::table::checksum(&b[..56], &b[64..]);
                b[56..64].copy_from_slice(&h.to_le_bytes());
            }
        }
        let n = if cut.index(4) == 0 { cut.index(b.len() + 1) } else { b.len() };
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.bin");
        std::fs::write(&p, &b[..n]).unwrap();
        match TableFile::open(&p) {
            Ok(t) => {
                prop_assert!(!old);
                prop_assert_eq!(t.verify(), seal && n == b.len() || b == *table_bytes());
                let side = t.header.n;
                for (x, y) in [(0, 0), (3, 17), (side - 1, side - 1), (side, 0), (0, u64::MAX)] {
                    prop_assert_eq!(t.get(x, y).is_some(), x < side && y < side);
                }
                let _ = wythoff::grundy::check_with(t.payload(), t.layout(), t.header.a, Some(t.verify()), &wythoff::Context::serial());
                let _ = wythoff::verify::table::measure(t.payload(), t.layout());
                for anum in ["A047708", "A048850", "A004482"] {
                    let e = wythoff::oeis::entry(anum).unwrap();
                    let _ = wythoff::oeis::table_terms(e, None, &p);
                    let _ = wythoff::oeis::table_terms(e, Some(1000), &p);
                }
                let _ = wythoff::oeis::table_antidiagonals(None, &p);
            }
            Err(e) => {
                if old && n >= 64 && b[12..16] == 3u32.to_le_bytes() && b[0..8] == *b"WYTHOFF\0" {
                    prop_assert!(e.to_string().contains("format version 1"), "{}", e);
                }
            }
        }
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
        let p = wythoff::grundy::rows::periods(8, 1 << 20, &wythoff::Context::serial()).unwrap();
        Certificate::from_periods(&p, 1, 1 << 20)
            .unwrap()
            .to_bytes()
            .to_vec()
    })
}

/// A g-value file (the first 20 values of 3) as `gvalue 3 --count 20 -o` writes it, made once.
fn gvalue_bytes() -> &'static Vec<u8> {
    static B: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    B.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("g.bin");
        common::run_ok(&["gvalue", "3", "--count", "20", "-o", common::s(&p)]);
        std::fs::read(&p).unwrap()
    })
}

/// A table file (N = 24, a = 1) as the engine writes it, made once.
fn table_bytes() -> &'static Vec<u8> {
    static B: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    B.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.bin");
        let spec = wythoff::grundy::Spec::new(1, 24).unwrap();
        let refuse = wythoff::grundy::Partial::Refuse;
        let ctx = wythoff::Context::serial();
        wythoff::grundy::write_table(spec, &p, refuse, &|_| {}, None, &ctx).unwrap();
        std::fs::read(&p).unwrap()
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
