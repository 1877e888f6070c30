//! Every command example in doc/guide.md is run, and where the guide shows output, that output
//! is compared (the machinery, and what it checks: tests/common/examples.rs).

mod common;

use common::examples;

use examples::{Check, Minimums, Substitution, checksum_to_1e7, mex_checksum};

/// The guide's examples too heavy for the test suite, what runs instead, and why (sizes and times
/// of doc/performance.md and doc/guide.md, on a 2-core machine).
const SUBSTITUTIONS: &[Substitution] = &[
    Substitution {
        example: "pairs 0 1e9 --checksum",
        run: &["pairs 0 1e7 --checksum"],
        why: "10^9 pairs take 0.3 s alone but 20 s on the shared 2-core machine; 1e9 -> 1e7, \
              the checksum at 10^7 computed here by the mex recursion",
        check: Check::Independent(checksum_to_1e7),
    },
    Substitution {
        example: "grundy 65536 -o out/g65536.bin",
        run: &["grundy 256 -o out/g65536.bin"],
        why: "a 6.4 GB file and 104 s; 65536 -> 256 under the same name, so the `grundy get` \
              and `grundy --check` examples that follow read it unchanged (their cells, row 3, \
              columns 0..10, lie inside; G does not depend on N, so their shown output is \
              compared literally)",
        check: Check::Success,
    },
    // The verify section. Exit status 0 means every check that ran passed (doc/guide.md, verify).
    Substitution {
        example: "verify --bound 1e10",
        run: &["verify --bound 1e5"],
        why: "28-30 s on the 2-core machine; 1e10 -> 1e5 runs every check over a smaller range",
        check: Check::Success,
    },
    Substitution {
        example: "verify --bound 1e6 --grundy 2048 --three 200 --json",
        run: &["verify --bound 1e5 --grundy 2048 --three 200 --json"],
        why: "9 s here (floor = numeration in arbitrary precision at every n < 10^6); \
              1e6 -> 1e5, the Grundy and three-pile checks unchanged",
        check: Check::Success,
    },
    Substitution {
        example: "verify --bound 1e12 --shard 3/8 -o s3.json",
        run: &[
            "verify --bound 1e5 --shard 0/8 -o s0.json",
            "verify --bound 1e5 --shard 1/8 -o s1.json",
            "verify --bound 1e5 --shard 2/8 -o s2.json",
            "verify --bound 1e5 --shard 3/8 -o s3.json",
            "verify --bound 1e5 --shard 4/8 -o s4.json",
            "verify --bound 1e5 --shard 5/8 -o s5.json",
            "verify --bound 1e5 --shard 6/8 -o s6.json",
            "verify --bound 1e5 --shard 7/8 -o s7.json",
        ],
        why: "1e12 is hours; 1e12 -> 1e5, and all eight shards, which the merge example reads",
        check: Check::Success,
    },
    Substitution {
        example: "verify --merge s0.json s1.json … s7.json -o all.json",
        run: &[
            "verify --merge s0.json s1.json s2.json s3.json s4.json s5.json s6.json s7.json \
                -o all.json",
        ],
        why: "the ellipsis spelled out (the shards of the example before, at its smaller size)",
        check: Check::Success,
    },
    Substitution {
        example: "verify --bound 1e12 -o r.json --resume",
        run: &["verify --bound 1e5 -o r.json --restart"],
        why: "1e12 -> 1e5; no killed run precedes it, and --resume with nothing to resume is \
              refused, so the run starts afresh with --restart (resuming a killed run is tested in \
              tests/verify_checkpoint.rs, the refusal in tests/resumable.rs)",
        check: Check::Success,
    },
    Substitution {
        example: "verify --conjectures --bound 1e11",
        run: &["verify --conjectures --bound 1e6"],
        why: "420 s on the 2-core machine; 1e11 -> 1e6 runs all three checks over a smaller \
              range (tests/conjectures.rs checks them against independent computations)",
        check: Check::Success,
    },
];

#[test]
fn every_guide_example_runs_and_shows_what_the_guide_shows() {
    examples::run_document(
        "doc/guide.md",
        SUBSTITUTIONS,
        Minimums {
            found: 67,
            compared: 23,
            bfiles: 7,
        },
    );
}

#[test]
fn the_independent_checksum_is_right_where_the_guide_gives_it_in_full() {
    // The mex recursion against the guide's small example, `pairs 3`:
    // pairs 0..3 are (0,0), (1,2), (3,5), (4,7).
    assert_eq!(
        mex_checksum(3),
        format!(
            "count=4 sum_A={} sum_B={} sum_nA={} (sums mod 2^64)",
            1 + 3 + 4,
            2 + 5 + 7,
            1 + 2 * 3 + 3 * 4
        )
    );
}
