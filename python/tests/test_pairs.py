"""P-positions: nth, moves, is_p, partner and pairs against the rules (brute force), the exact
integer-square-root formula, the published sequences and the command line."""

import json

import numpy as np
import pytest

import wythoff
from conftest import legal_moves, lower, p_positions, pair, published

SIZE = 40


@pytest.mark.parametrize("a", [1, 2, 3, 5])
@pytest.mark.parametrize("misere", [False, True])
def test_outcomes_and_moves_follow_the_rules(a, misere):
    p = p_positions(SIZE, a, misere)
    for x in range(SIZE):
        for y in range(SIZE):
            assert wythoff.is_p(x, y, a, misere) == p[x][y], (x, y)
            want = sorted((u, v) for u, v in legal_moves(x, y, a) if p[u][v])
            assert wythoff.moves(x, y, a=a, misere=misere) == want, (x, y)
            if p[x][y]:
                assert wythoff.partner(x, a, misere) == y


@pytest.mark.parametrize("a", [1, 2, 3, 5])
@pytest.mark.parametrize("misere", [False, True])
def test_nth_lists_the_p_positions_in_order(a, misere):
    p = p_positions(SIZE, a, misere)
    want = sorted((x, y) for x in range(SIZE) for y in range(x, SIZE) if p[x][y])
    got = []
    n = 0
    while True:
        x, y = wythoff.nth(n, a, misere)
        if y >= SIZE:
            break
        got.append((x, y))
        n += 1
    assert got == want


@pytest.mark.parametrize("strategy", ["algebraic", "arithmetic", "recursive"])
@pytest.mark.parametrize("a", [1, 2, 7])
def test_nth_equals_the_exact_formula(strategy, a):
    far = [10**6 + 1] if strategy == "recursive" else [102334155, 10**9, 2**64 + 3]
    for n in list(range(300)) + far:
        assert wythoff.nth(n, a, strategy=strategy) == pair(n, a), n


def test_huge_n_is_exact():
    for n in [10**100, 3**500 + 1, 2**4000 - 1]:
        for strategy in ["algebraic", "arithmetic"]:
            assert wythoff.nth(n, strategy=strategy) == pair(n)
        assert wythoff.nth(n, a=3) == pair(n, 3)
    # the first n where math.floor(n * phi) is wrong (double rounding) is right here
    assert wythoff.nth(102334155)[0] == lower(102334155)
    x, y = pair(10**100)
    assert wythoff.is_p(y, x)
    assert wythoff.moves(x, y) == []
    assert wythoff.partner(y) == x
    assert (x, y) in wythoff.moves(x + 1, y + 1)


def test_integer_inputs_through_index():
    class Three:
        def __index__(self):
            return 3

    assert wythoff.nth(np.int64(10)) == (16, 26)
    assert wythoff.nth(np.uint8(10), a=np.int32(1)) == (16, 26)
    assert wythoff.nth(Three()) == (4, 7)
    assert wythoff.moves(Three(), np.int16(5)) == []
    assert wythoff.nth(True) == (1, 2)
    for bad in [1.5, "3", None, [1], np.float64(2.0)]:
        with pytest.raises(TypeError, match="integer"):
            wythoff.nth(bad)


def test_bad_input_is_a_value_error():
    with pytest.raises(ValueError, match="non-negative"):
        wythoff.nth(-1)
    with pytest.raises(ValueError, match="non-negative"):
        wythoff.moves(-1, 3)
    for a in [0, -1, 2**64]:
        with pytest.raises(ValueError, match="a must be"):
            wythoff.nth(3, a=a)
    with pytest.raises(ValueError, match="strategy"):
        wythoff.nth(3, strategy="guess")
    with pytest.raises(ValueError, match="recursive"):
        wythoff.nth(10**12, strategy="recursive")


@pytest.mark.parametrize("a", [1, 2, 4])
@pytest.mark.parametrize("misere", [False, True])
def test_pairs_arrays_equal_nth(a, misere):
    A, B = wythoff.pairs(3000, a=a, misere=misere)
    assert A.dtype == np.uint64 and B.dtype == np.uint64 and A.shape == (3000,)
    for n in list(range(50)) + list(range(50, 3000, 37)) + [2999]:
        assert (int(A[n]), int(B[n])) == wythoff.nth(n, a, misere), n
    A2, B2 = wythoff.pairs(1000, 1500, a, misere)
    assert (A2 == A[1000:1500]).all() and (B2 == B[1000:1500]).all()


def test_pairs_are_exact_near_the_top_of_uint64():
    # the largest stop whose B fits: B_n ≈ 2.618 n < 2^64
    start = 7 * 10**18 - 1000
    A, B = wythoff.pairs(start, start + 1000)
    for k in [0, 1, 499, 999]:
        assert (int(A[k]), int(B[k])) == pair(start + k)


def test_pairs_refuse_what_does_not_fit():
    assert [len(v) for v in wythoff.pairs(5, 5)] == [0, 0]
    with pytest.raises(ValueError, match="greater"):
        wythoff.pairs(6, 5)
    with pytest.raises(OverflowError, match="uint64"):
        wythoff.pairs(10**19, 10**19 + 2)
    with pytest.raises(OverflowError):
        wythoff.pairs(2**64 + 1)
    with pytest.raises(ValueError, match="non-negative"):
        wythoff.pairs(-1, 5)
    with pytest.raises(MemoryError):
        wythoff.pairs(2**60)


def test_pairs_report_progress():
    seen = []
    wythoff.pairs(2 * 10**6, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (2 * 10**6, 2 * 10**6)
    assert all(d <= t for d, t in seen)


def test_published_wythoff_sequences():
    A, B = wythoff.pairs(1, 2000)
    lo, up = published("A000201"), published("A001950")
    assert A[: len(lo)].tolist() == lo
    assert B[: len(up)].tolist() == up
    a2 = published("A001951")  # floor(n sqrt 2), offset 0: the lower numbers of a = 2
    assert wythoff.pairs(len(a2), a=2)[0].tolist() == a2


def test_the_command_line_agrees(cli):
    for n in [0, 7, 12345, 10**40]:
        assert cli("nth", n).split() == [str(v) for v in (n, *wythoff.nth(n))]
    out = json.loads(cli("move", 10, 17, "-a", 2, "--json"))
    assert [tuple(map(int, m)) for m in out["moves"]] == wythoff.moves(10, 17, a=2)
    lines = cli("pairs", 100, 400, "--misere").split("\n")
    A, B = wythoff.pairs(100, 401, misere=True)
    got = [f"{100 + k} {x} {y}" for k, (x, y) in enumerate(zip(A.tolist(), B.tolist()))]
    assert lines[:-1] == got
