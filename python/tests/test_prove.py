"""wythoff.prove: verdicts and counterexamples against brute force from the rules, errors as
exceptions, and the same answers as the command line."""

import math

import pytest

import wythoff
from conftest import REPO, p_positions

WALNUT = REPO / "data" / "walnut"


def test_a_false_statement_gives_the_least_counterexample_as_python_ints():
    holds, cx = wythoff.prove("A x,y x+y != 7")
    assert holds is False
    assert cx == {"x": 0, "y": 7}
    assert all(type(v) is int for v in cx.values())


def test_true_statements_and_false_ones_without_a_universal_block():
    assert wythoff.prove("A x E y y = x + 1") == (True, None)
    assert wythoff.prove("E x x + x = 7") == (False, None)


def test_the_counterexample_is_a_cell_the_rules_confirm():
    # "every N-position has a P-position below it in its column" is false; the least (x, y)
    # where it fails is an N-position of the rules with no P-position (u, y), u < x
    holds, cx = wythoff.prove("A x,y ~P(x,y) => E u u < x & P(u,y)")
    assert not holds
    p = p_positions(20, 1, False)
    x, y = cx["x"], cx["y"]
    assert not p[x][y]
    assert not any(p[u][y] for u in range(x))
    # and it is the least such cell, first x then y
    for x2 in range(20):
        for y2 in range(20):
            if (x2, y2) < (x, y):
                assert p[x2][y2] or any(p[u][y2] for u in range(x2))


def test_the_theorems_sentences_hold():
    assert wythoff.prove("A x,y (~P(x,y) & ~one(x,y)) => ((E u u < x & one(u,y)) | "
                         "(E v v < y & one(x,v)) | (E u,v u < x & u + y = v + x & one(u,v)))") \
        == (True, None)


@pytest.mark.parametrize(
    "statement, words",
    [
        ("A x x <", "character 8"),
        ("A x Q(x)", "unknown predicate 'Q'"),
        ("A x P(x)", "takes 2 arguments, not 1"),
        ("A x x < y", "the variable 'y' is free"),
    ],
)
def test_bad_statements_are_value_errors(statement, words):
    with pytest.raises(ValueError, match=words):
        wythoff.prove(statement)


def test_the_state_cap_is_a_runtime_error_not_a_verdict():
    with pytest.raises(RuntimeError, match="state cap"):
        wythoff.prove("A x,y P(x,y) => x + y != 4", max_states=5)


def test_the_memory_cap_is_a_runtime_error_not_a_verdict():
    with pytest.raises(RuntimeError, match="memory cap"):
        wythoff.prove("A n,x lower(n,x) => 144*x <= 233*n", max_memory=1 << 20)
    with pytest.raises(ValueError, match="max_memory"):
        wythoff.prove("A x x = x", max_memory=1000)
    # the statements of a researcher, with coefficients and with move under a quantifier
    holds, cx = wythoff.prove("A n,x lower(n,x) => 13*x <= 21*n")
    # the least n with 13*floor(n*phi) > 21*n, floor(n*phi) = (n + isqrt(5*n*n)) // 2
    least = next(n for n in range(1000) if 13 * ((n + math.isqrt(5 * n * n)) // 2) > 21 * n)
    assert (holds, cx) == (False, {"n": least, "x": (least + math.isqrt(5 * least * least)) // 2})
    assert wythoff.prove("A x,y,u,v (one(x,y) & move(x,y,u,v)) => ~one(u,v)") == (True, None)


def test_the_generalized_game_reads_its_own_numeration():
    # a = 2: the P-positions (0, 0), (1, 3), (2, 6), (4, 10), ... by backward induction
    p = p_positions(12, 2, False)
    assert p[1][3] and p[4][10] and not p[2][5]
    assert [(x, y) for x in range(12) for y in range(12) if p[x][y] and x + y == 14] == [(4, 10), (10, 4)]
    assert wythoff.prove("P(1,3) & P(4,10) & ~P(2,5)", a=2) == (True, None)
    holds, cx = wythoff.prove("A x,y P(x,y) => x + y != 14", a=2)
    assert holds is False and cx == {"x": 4, "y": 10}
    with pytest.raises(ValueError, match="a = 1\\) only"):
        wythoff.prove("A x one(x,x)", a=2)
    with pytest.raises(ValueError, match="a = 10"):
        wythoff.prove("A x x = x", a=10)


def test_predicates_read_from_walnut_files_decide_as_arithmetic_says(tmp_path):
    # Walnut's own automaton of x + y = z is this procedure's addition
    add = {"add": WALNUT / "add.txt"}
    assert wythoff.prove("A x,y,z add(x,y,z) <=> x + y = z", predicates=add) == (True, None)
    # the least (x, y, z) where x + y = z and x + z = y differ, by enumeration
    least = next((x, y, z) for x in range(5) for y in range(5) for z in range(5)
                 if (x + y == z) != (x + z == y))
    assert wythoff.prove("A x,y,z $add(x,y,z) <=> x + z = y", predicates=add) \
        == (False, dict(zip("xyz", least)))
    # the n >= 1 whose Zeckendorf word ends in an even number of 0s: the lower Wythoff numbers
    even = {"evenzeros": str(WALNUT / "evenzeros.txt")}
    assert wythoff.prove("A x evenzeros(x) <=> E n n >= 1 & lower(n,x)", predicates=even) \
        == (True, None)
    # a hand-written x = y, against the P-positions of the rules: on the diagonal only (0, 0)
    same = tmp_path / "same.txt"
    same.write_text("msd_fib msd_fib\n\n0 1\n0 0 -> 0\n1 1 -> 0\n")
    p = p_positions(40, 1, False)
    assert [x for x in range(40) if p[x][x]] == [0]
    assert wythoff.prove("A x,y (same(x,y) & P(x,y)) => x = 0", predicates={"same": same}) \
        == (True, None)
    holds, cx = wythoff.prove("A x,y same(x,y) => x + y != 10", predicates={"same": same})
    assert (holds, cx) == (False, {"x": 5, "y": 5})
    # with a = 2, Walnut's msd_ost2
    assert wythoff.prove("A x,y,z add(x,y,z) <=> x + y = z", a=2,
                         predicates={"add": WALNUT / "add_ost2.txt"}) == (True, None)


@pytest.mark.parametrize(
    "name, text, words",
    [
        ("Q", "lsd_fib\n0 1\n0 -> 0\n", "line 1: input 1 is in 'lsd_fib'"),
        ("Q", "msd_fib\n0 1\n2 -> 0\n", "line 3: the digit '2'"),
        ("Q", "msd_fib\n0 1\n0 -> 5\n", "line 3: the target state 5 is never declared"),
        ("Q", "", "the file is empty"),
        ("Q", "msd_fib\n0 0\n1 -> 1\n1 1\n", "accepts the digits 1 but not 01"),
        ("P", "msd_fib\n0 1\n0 -> 0\n", "'P' is already defined"),
    ],
)
def test_bad_predicate_files_are_value_errors(tmp_path, name, text, words):
    f = tmp_path / "bad.txt"
    f.write_text(text)
    with pytest.raises(ValueError, match=f"predicates\\['{name}'\\]: .*{words}"):
        wythoff.prove("A x x = x", predicates={name: f})


def test_an_unreadable_predicate_file_is_a_value_error_naming_it(tmp_path):
    missing = tmp_path / "missing.txt"
    with pytest.raises(ValueError, match="cannot read .*missing.txt"):
        wythoff.prove("A x x = x", predicates={"Q": missing})
