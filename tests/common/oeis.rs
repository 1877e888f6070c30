//! The published OEIS terms stored in data/oeis: `ANNNNNN.txt` holds a comment line
//! `# ANNNNNN name. Offset K. (…)` and then the terms, comma-separated (the entry's %S/%T/%U
//! lines); and the b-files the binary prints, parsed to compare with them.

use std::process::Output;

/// The published terms of an entry, (offset, terms); `None` when data/oeis does not hold it.
pub fn stored(anum: &str) -> Option<(u64, Vec<u64>)> {
    let path = format!("{}/data/oeis/{anum}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).ok()?;
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    assert!(head.starts_with(&format!("# {anum} ")), "{anum}: {head}");
    let offset = head
        .split("Offset ")
        .nth(1)
        .and_then(|o| o.split('.').next())
        .unwrap_or_else(|| panic!("{anum}: no offset in {head}"))
        .parse()
        .unwrap();
    let terms = lines
        .flat_map(|l| l.split(','))
        .filter(|t| !t.trim().is_empty())
        .map(|t| t.trim().parse().unwrap())
        .collect();
    Some((offset, terms))
}

/// The published terms of an entry, (offset, terms).
pub fn published(anum: &str) -> (u64, Vec<u64>) {
    stored(anum).unwrap_or_else(|| panic!("{anum} is not in data/oeis"))
}

/// The published terms a(0), a(1), … of an entry of offset 0.
pub fn published_from_0(anum: &str) -> Vec<u64> {
    let (offset, terms) = published(anum);
    assert_eq!(offset, 0, "{anum}");
    terms
}

/// The values of a b-file printed by a successful run ([`bfile_terms`]).
pub fn bfile_values(o: &Output) -> Vec<u64> {
    assert_eq!(o.status.code(), Some(0), "{}", super::text(o));
    bfile_terms(&super::stdout(o))
}

/// The values of a b-file, its lines `n a(n)` checked to count from 0.
pub fn bfile_terms(bfile: &str) -> Vec<u64> {
    bfile
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let (n, v) = l.split_once(' ').unwrap();
            assert_eq!(n.parse::<usize>().unwrap(), i, "index");
            v.parse().unwrap()
        })
        .collect()
}
