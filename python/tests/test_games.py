"""wythoff.games, wythoff.analyse and wythoff.game_moves: every game of the registry (its boxes,
wythoff.game_samples(), which every family declares) against a brute force written here over
the game's moves; and those moves against the rules written here (plain Python, no engine)."""

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


def corner(sides):
    """A corner of a registry's box (closed under moves, as every box from 0): two heaps up to
    16, more heaps up to 5."""
    most = 16 if len(sides) == 2 else 5
    return [min(s, most) for s in sides]


SAMPLES = wythoff.game_samples()


def test_every_family_has_a_sample():
    assert len(SAMPLES) >= len(wythoff.games())
    for game, sides, misere in SAMPLES:
        assert wythoff.analyse(game, [0] * len(sides))[0] == ("N" if misere else "P"), game


@pytest.mark.parametrize(
    "game,sides,misere",
    SAMPLES,
    ids=[f"{g}-{'x'.join(map(str, s))}" for g, s, _ in SAMPLES],
)
def test_analyse_is_the_brute_force_of_the_moves(game, sides, misere):
    want = brute(lambda p: wythoff.game_moves(game, list(p)), misere)
    for p in itertools.product(*(range(s + 1) for s in corner(sides))):
        outcome, wins = wythoff.analyse(game, list(p))
        assert (outcome, [tuple(m) for m in wins]) == want(p), (game, p)
        assert all(type(v) is int for m in wins for v in m)


@pytest.mark.parametrize(
    "game,moves,box",
    [
        ("wythoff", wythoff_moves(1), [range(10), range(10)]),
        ("fraenkel-3", wythoff_moves(3), [range(10), range(10)]),
        ("misere-fraenkel-2", wythoff_moves(2), [range(8), range(8)]),
        ("three-pile", queen_in_a_cube, [range(5), range(5), range(5)]),
        ("nheap", nim_sum_moves, [range(4), range(4), range(4)]),
    ],
)
def test_the_moves_are_the_rules(game, moves, box):
    for p in itertools.product(*box):
        assert sorted(wythoff.game_moves(game, list(p))) == sorted(set(moves(p))), (game, p)


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
    with pytest.raises(ValueError, match="more than 1000000 moves"):
        wythoff.game_moves("wythoff", [10**6, 10**6])
    with pytest.raises(ValueError, match="2 heaps, not 1"):
        wythoff.game_moves("wythoff", [5])
    with pytest.raises(ValueError, match="no game is named 'chess'"):
        wythoff.game_moves("chess", [1, 2])
