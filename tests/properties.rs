//! Property tests: the three strategies agree on random parameters and on numbers of up to
//! thousands of digits; every winning move is legal and lands on a P-position; a P-position has no
//! winning move.

use proptest::prelude::*;
use rug::Integer;
use wythoff::{Outcome, Rules, Solver, Strategy};

fn big(digits: &str) -> Integer {
    Integer::from_str_radix(digits, 10).unwrap()
}

fn a_param() -> impl proptest::strategy::Strategy<Value = u64> {
    prop_oneof![
        1u64..=12,
        13u64..=1000,
        Just(1u64 << 27),
        Just((1u64 << 28) + 3),
        Just(u64::MAX)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    #[test]
    fn algebraic_and_arithmetic_agree_on_huge_n(
        a in a_param(), misere in any::<bool>(), digits in "[1-9][0-9]{0,1500}"
    ) {
        let rules = Rules::new(a, misere).unwrap();
        let n = big(&digits);
        let x = Solver::new(rules, Strategy::Algebraic).nth(&n).unwrap();
        let y = Solver::new(rules, Strategy::Arithmetic).nth(&n).unwrap();
        prop_assert_eq!(x, y);
    }

    #[test]
    fn all_three_agree_on_small_n(a in 1u64..=40, misere in any::<bool>(), n in 0u64..20_000) {
        let rules = Rules::new(a, misere).unwrap();
        let n = Integer::from(n);
        let r = Solver::new(rules, Strategy::Recursive).nth(&n).unwrap();
        prop_assert_eq!(&r, &Solver::new(rules, Strategy::Algebraic).nth(&n).unwrap());
        prop_assert_eq!(&r, &Solver::new(rules, Strategy::Arithmetic).nth(&n).unwrap());
    }

    #[test]
    fn moves_are_legal_winning_and_agree(
        a in a_param(), misere in any::<bool>(),
        xd in "[0-9]{1,600}", yd in "[0-9]{1,600}"
    ) {
        let rules = Rules::new(a, misere).unwrap();
        let (x, y) = (big(&xd), big(&yd));
        let alg = Solver::new(rules, Strategy::Algebraic);
        let ari = Solver::new(rules, Strategy::Arithmetic);
        let moves = alg.winning_moves(&x, &y).unwrap();
        prop_assert_eq!(&moves, &ari.winning_moves(&x, &y).unwrap());
        let outcome = alg.outcome(&x, &y).unwrap();
        prop_assert_eq!(outcome, ari.outcome(&x, &y).unwrap());
        if outcome == Outcome::P {
            prop_assert!(moves.is_empty());
        } else {
            prop_assert!(!moves.is_empty() || (misere && x == 0 && y == 0));
        }
        for (u, v) in &moves {
            prop_assert!(rules.is_legal_move(&x, &y, u, v));
            prop_assert_eq!(alg.outcome(u, v).unwrap(), Outcome::P);
        }
    }

    #[test]
    fn moves_from_near_p_positions(a in 1u64..=20, misere in any::<bool>(), nd in "[1-9][0-9]{0,300}", dx in 0u32..4, dy in 0u32..4) {
        // Positions next to a P-position exercise every branch of the move rule.
        let rules = Rules::new(a, misere).unwrap();
        let alg = Solver::new(rules, Strategy::Algebraic);
        let ari = Solver::new(rules, Strategy::Arithmetic);
        let (p, q) = alg.nth(&big(&nd)).unwrap();
        let (x, y) = (p + dx, q + dy);
        let moves = alg.winning_moves(&y, &x).unwrap();
        prop_assert_eq!(&moves, &ari.winning_moves(&y, &x).unwrap());
        for (u, v) in &moves {
            prop_assert!(rules.is_legal_move(&y, &x, u, v));
            prop_assert_eq!(ari.outcome(u, v).unwrap(), Outcome::P);
        }
        prop_assert_eq!(moves.is_empty(), alg.outcome(&y, &x).unwrap() == Outcome::P);
        if dx == 0 && dy == 0 {
            prop_assert!(moves.is_empty());
        }
    }
}
