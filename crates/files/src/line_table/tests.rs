//! Unit tests of the line-game table file.

use super::*;
use crate::header::{Damage, FileError, HeaderError};

fn rules(s: &str) -> LineRules {
    LineRules::parse(s).unwrap()
}

#[test]
fn header_round_trips_and_sizes_are_exact() {
    for (r, n) in [("1,0:0,1", 1u64), ("3,2", 300), ("1,0:1,1:3,2:0,1", 65536)] {
        let h = LineHeader::new(&rules(r), n).unwrap();
        let b = h.to_bytes();
        assert_eq!(b.len() as u64, h.header_len());
        assert_eq!(LineHeader::from_bytes(&b), Ok(h.clone()));
        assert_eq!(h.payload_len, n * n * u64::from(h.width));
    }
    // Nim at N = 129: values up to 2·128 = 256 need two bytes; at N = 128, 254 fits one
    assert_eq!(width_for(&rules("1,0:0,1"), 128), 1);
    assert_eq!(width_for(&rules("1,0:0,1"), 129), 2);
}

#[test]
fn every_bad_field_is_named() {
    let good = LineHeader::new(&rules("1,0:2,1:0,1"), 100)
        .unwrap()
        .to_bytes();
    let with = |o: usize, bytes: &[u8]| {
        let mut h = good.clone();
        h[o..o + bytes.len()].copy_from_slice(bytes);
        LineHeader::from_bytes(&h)
    };
    let is = |r: Result<LineHeader, HeaderError>, says: &str| {
        let e = r.unwrap_err().to_string();
        assert!(e.contains(says), "{e} lacks {says}");
    };
    is(LineHeader::from_bytes(&good[..70]), "shorter");
    is(with(0, b"WYTHOFX"), "magic");
    is(with(8, &3u32.to_le_bytes()), "version 3");
    is(with(12, &3u32.to_le_bytes()), "kind 3");
    is(with(32, &1u32.to_le_bytes()), "layout 1");
    is(with(16, &0u64.to_le_bytes()), "N = 0");
    is(with(16, &(1u64 << 17).to_le_bytes()), "1 to 65536 rows");
    is(with(24, &0u32.to_le_bytes()), "0 rules");
    is(with(24, &17u32.to_le_bytes()), "17 rules");
    is(with(24, &4u32.to_le_bytes()), "shorter");
    is(with(28, &2u32.to_le_bytes()), "value width 2");
    is(with(36, &[1]), "reserved");
    is(with(48, &0u64.to_le_bytes()), "band height 0");
    // version 1: offset 48 is reserved, and the index is not counted in the length
    let mut v1 = good.clone();
    v1[8..12].copy_from_slice(&1u32.to_le_bytes());
    is(LineHeader::from_bytes(&v1), "reserved");
    v1[48..56].copy_from_slice(&[0; 8]);
    let h1 = LineHeader::from_bytes(&v1).unwrap();
    assert_eq!((h1.version, h1.band, h1.bands()), (1, 0, 0));
    assert_eq!(
        h1.file_len(),
        Some(64 + 24 + 100 * 100 * u64::from(h1.width))
    );
    is(with(40, &7u64.to_le_bytes()), "payload length 7");
    // the rules: a step past 64, the null move, a repeat
    is(with(64, &65u32.to_le_bytes()), "above 64");
    is(with(72, &[0; 8]), "0,0 is not a move");
    is(with(72, &[1, 0, 0, 0, 0, 0, 0, 0]), "repeats rule 1");
}

#[test]
fn written_files_read_back_and_edits_are_caught() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.bin");
    // N = 140: bands of rows 0..64, 64..128 and 128..140
    let n = 140usize;
    // values of every size the width holds (the file does not care whether they are a Grundy table)
    let r = rules("1,0:3,2:0,1");
    let limit = 1u64 << (8 * width_for(&r, n as u64));
    let value = |x: usize, y: usize| ((x as u64 * 7919 + y as u64 * 104_729) % limit) as u32;
    let data: Vec<u32> = (0..n * n).map(|i| value(i / n, i % n)).collect();
    let mut bytes = Vec::new();
    let h = write(&r, n, &data, &mut bytes).unwrap();
    // independent of `write`: each band's bytes hashed, then the header, rules and index
    let (w, start) = (h.width as usize, 64 + 24);
    let x = xxhash_rust::xxh3::xxh3_64;
    let row = |r: usize| start + r * n * w;
    let index = [(0, 64), (64, 128), (128, 140)]
        .map(|(r0, r1)| x(&bytes[row(r0)..row(r1)]).to_le_bytes())
        .concat();
    assert_eq!(bytes.len(), row(n) + 24);
    assert_eq!(&bytes[row(n)..], &index[..]);
    let covered = [&bytes[..56], &bytes[64..start], &index[..]].concat();
    assert_eq!(h.checksum, x(&covered));
    std::fs::write(&p, &bytes).unwrap();
    let f = LineTableFile::open(&p).unwrap();
    assert!(f.verify());
    for x in 0..n as u64 {
        for y in 0..n as u64 {
            assert_eq!(f.get(x, y), Some(value(x as usize, y as usize)));
        }
    }
    assert_eq!(f.get(n as u64, 0), None);
    // a value of row 100 changed: band 1 refused naming rows 64 to 127, bands 0 and 2 read
    let mut b = bytes.clone();
    b[row(100) + 3 * w] ^= 1;
    std::fs::write(&p, &b).unwrap();
    let f = LineTableFile::open(&p).unwrap();
    assert_eq!(f.get_checked(5, 7).unwrap(), Some(value(5, 7)));
    assert_eq!(f.get_checked(139, 0).unwrap(), Some(value(139, 0)));
    assert!(matches!(
        f.get_checked(64, 0),
        Err(FileError::Damaged {
            damage: Damage::Band {
                first: 64,
                last: 127
            },
            ..
        })
    ));
    assert!(!f.verify());
    // a rule changed to another valid one (3,2 → 2,3): well formed, refused by the checksum
    let mut b = bytes.clone();
    b[72..80].copy_from_slice(&[2, 0, 0, 0, 3, 0, 0, 0]);
    std::fs::write(&p, &b).unwrap();
    assert!(matches!(
        LineTableFile::open(&p),
        Err(FileError::Damaged {
            damage: Damage::Index { .. },
            ..
        })
    ));
    // a truncated file and trailing bytes
    std::fs::write(&p, &bytes[..bytes.len() - 1]).unwrap();
    assert!(LineTableFile::open(&p).is_err());
    std::fs::write(&p, [&bytes[..], &[0]].concat()).unwrap();
    assert!(LineTableFile::open(&p).is_err());
}

#[test]
fn files_of_arbitrary_bytes_are_refused_or_read_without_panic() {
    use proptest::prelude::*;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.bin");
    let good = LineHeader::new(&rules("1,0:0,1"), 3).unwrap().to_bytes();
    proptest!(ProptestConfig::with_cases(64), |(
        tail in proptest::collection::vec(any::<u8>(), 0..40),
        at in 0usize..80,
        v in any::<u64>(),
    )| {
        let mut bytes = good.clone();
        bytes.extend_from_slice(&tail);
        let end = (at + 8).min(bytes.len());
        if at < end {
            let k = end - at;
            bytes[at..end].copy_from_slice(&v.to_le_bytes()[..k]);
        }
        std::fs::write(&p, &bytes).unwrap();
        if let Ok(t) = LineTableFile::open(&p) {
            let n = t.header.n;
            prop_assert_eq!(t.payload().len() as u64, n * n * u64::from(t.header.width));
            prop_assert!(t.get(n - 1, n - 1).is_some() && t.get(n, 0).is_none());
            let _ = t.verify();
        }
    });
}

#[test]
fn a_jump_is_bit_31_of_its_p_word_and_rays_are_written_as_before() {
    // rays: each word is p or q itself, written out by hand
    let ray = LineHeader::new(&rules("1,0:0,1:1,1"), 10)
        .unwrap()
        .to_bytes();
    assert_eq!(
        &ray[64..],
        &[
            1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0
        ]
    );
    // Maharaja Nim: the jumps 1,2 and 2,1 have bit 31 of their p word set
    let m = LineHeader::new(&rules("1,0:0,1:1,1:j1,2:j2,1"), 10).unwrap();
    let b = m.to_bytes();
    assert_eq!(&b[64..88], &ray[64..]);
    assert_eq!(
        &b[88..],
        &[1, 0, 0, 0x80, 2, 0, 0, 0, 2, 0, 0, 0x80, 1, 0, 0, 0]
    );
    let back = LineHeader::from_bytes(&b).unwrap();
    assert_eq!(back, m);
    assert_eq!(back.rules.rules()[3], Rule::jump(1, 2));
    // the flag cleared: the ray 1,2, another game (the width stays 1 byte at N = 10)
    let mut r = b.clone();
    r[91] = 0;
    assert_eq!(
        LineHeader::from_bytes(&r).unwrap().rules.to_string(),
        "1,0:0,1:1,1:1,2:j2,1"
    );
    let is = |bytes: &[u8], says: &str| {
        let e = LineHeader::from_bytes(bytes).unwrap_err().to_string();
        assert!(e.contains(says), "{e} lacks {says}");
    };
    // the flag in a q word, any other high bit, a jump of a ray's move, a repeated jump
    let mut d = b.clone();
    d[95] = 0x80;
    is(&d, "above 64");
    let mut d = b.clone();
    d[91] = 0x40;
    is(&d, "above 64");
    let mut d = b.clone();
    d[88..96].copy_from_slice(&[1, 0, 0, 0x80, 1, 0, 0, 0]);
    is(&d, "a move of the ray 1,1");
    let mut d = b.clone();
    d[96..104].copy_from_slice(&[1, 0, 0, 0x80, 2, 0, 0, 0]);
    is(&d, "repeats rule 4");
    let mut d = b.clone();
    d[88..96].copy_from_slice(&[0, 0, 0, 0x80, 0, 0, 0, 0]);
    is(&d, "0,0 is not a move");
}

#[test]
fn a_file_of_a_game_with_jumps_reads_back_and_its_flag_is_under_the_checksum() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("m.bin");
    let n = 70usize;
    let r = rules("1,0:0,1:1,1:j1,2:j2,1");
    let data: Vec<u32> = (0..n * n).map(|i| (i % 200) as u32).collect();
    let mut bytes = Vec::new();
    write(&r, n, &data, &mut bytes).unwrap();
    std::fs::write(&p, &bytes).unwrap();
    let f = LineTableFile::open(&p).unwrap();
    assert!(f.verify());
    assert_eq!(f.header.rules, r);
    assert_eq!(f.get(69, 1), Some(data[69 * n + 1]));
    // the jump flag of rule 4 cleared: still well formed (the ray 1,2), refused by the checksum
    let mut b = bytes.clone();
    b[91] = 0;
    std::fs::write(&p, &b).unwrap();
    assert!(matches!(
        LineTableFile::open(&p),
        Err(FileError::Damaged {
            damage: Damage::Index { .. },
            ..
        })
    ));
}
