"""wythoff.games and wythoff.analyse: the registry of games, against a brute force over the
moves written here from each game's rules (plain Python, no engine)."""

import itertools
from functools import lru_cache

import pytest

import wythoff


def wythoff_moves(a):
    def moves(p):
        x, y = p
        out = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
        out += [(x - k, y - l) for k in range(1, x + 1) for l in range(1, y + 1) if abs(k - l) < a]
        return out
    return moves


def queen_in_a_cube(p):
    out = []
    for mask in range(1, 8):
        on = [i for i in range(3) if mask >> i & 1]
        for k in range(1, min(p[i] for i in on) + 1):
            out.append(tuple(p[i] - k if i in on else p[i] for i in range(3)))
    return out


def nim_sum_moves(p):
    out = []
    for take in itertools.product(*(range(h + 1) for h in p)):
        nonzero = sum(1 for t in take if t)
        xor = 0
        for t in take:
            xor ^= t
        if nonzero == 1 or (nonzero and xor == 0):
            out.append(tuple(h - t for h, t in zip(p, take)))
    return out


def brute(moves, misere=False):
    @lru_cache(maxsize=None)
    def is_p(p):
        options = moves(p)
        if misere and not options:
            return False
        return not any(is_p(q) for q in options)

    def analyse(p):
        p = tuple(p)
        wins = sorted(set(q for q in moves(p) if is_p(q)))
        return ("P" if is_p(p) else "N", wins)

    return analyse


@pytest.mark.parametrize(
    "game,moves,misere,box",
    [
        ("wythoff", wythoff_moves(1), False, [range(14), range(14)]),
        ("fraenkel-3", wythoff_moves(3), False, [range(14), range(14)]),
        ("misere-fraenkel-2", wythoff_moves(2), True, [range(12), range(12)]),
        ("three-pile", queen_in_a_cube, False, [range(6), range(6), range(6)]),
        ("nheap", nim_sum_moves, False, [range(5), range(5), range(5)]),
    ],
)
def test_analyse_is_the_brute_force_of_the_rules(game, moves, misere, box):
    want = brute(moves, misere)
    for p in itertools.product(*box):
        outcome, wins = wythoff.analyse(game, list(p))
        assert (outcome, [tuple(m) for m in wins]) == want(p), (game, p)
        assert all(type(v) is int for m in wins for v in m)


def test_big_positions_and_errors():
    # (A_n, B_n) of n = 10^40 is a P-position; one more counter in the larger pile is not
    a, b = wythoff.nth(10**40)
    assert wythoff.analyse("wythoff", [a, b]) == ("P", [])
    outcome, wins = wythoff.analyse("wythoff", [a, b + 1])
    assert outcome == "N" and (a, b) in [tuple(m) for m in wins]
    assert any(pattern.startswith("wythoff") for pattern, _ in wythoff.games())
    with pytest.raises(ValueError, match="no game is named 'chess'"):
        wythoff.analyse("chess", [1, 2])
    with pytest.raises(ValueError, match="2 heaps, not 3"):
        wythoff.analyse("wythoff", [1, 2, 3])
    with pytest.raises(ValueError, match="up to 2000"):
        wythoff.analyse("three-pile", [1, 2, 3000])
