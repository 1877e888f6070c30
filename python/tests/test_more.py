"""Sums, three piles, RATWYT and Calkin–Wilf, the catalogue's b-files and the verify report,
against independent computations and the published terms."""

from fractions import Fraction
from itertools import product
from math import floor

import numpy as np
import pytest

import wythoff
from conftest import naive_grundy, published, published_anums


@pytest.mark.parametrize("anum", published_anums())
def test_catalogue_equals_the_published_terms(anum):
    terms = published(anum)
    assert wythoff.oeis_bfile(anum, terms=len(terms)) == terms


def test_bfile_written_to_a_file(tmp_path):
    p = tmp_path / "b000201.txt"
    assert wythoff.oeis_bfile("a201", terms=5, path=p) is None
    assert p.read_text() == "1 1\n2 3\n3 4\n4 6\n5 8\n"
    assert [x.name for x in tmp_path.iterdir()] == ["b000201.txt"]
    with pytest.raises(ValueError, match="catalogue"):
        wythoff.oeis_bfile("A999999")
    missing = tmp_path / "no" / "b.txt"
    for write in [
        lambda p: wythoff.oeis_bfile("A000201", terms=3, path=p),
        lambda p: wythoff.write_table(p, 5),
        lambda p: wythoff.write_line_table(p, 5, game="nim"),
    ]:
        with pytest.raises(FileNotFoundError) as e:
            write(missing)
        assert e.value.filename == str(missing)
        with pytest.raises(IsADirectoryError):
            write(tmp_path)


def test_sums_equal_the_nim_sum_of_naive_values():
    g = naive_grundy(24)
    for comps in [[(1, 2)], [(3, 5), (2, 4)], [(7, 9), (1, 11), (0, 4)], [(10, 20), (23, 1)]]:
        r = wythoff.sum_analysis(comps)
        values = [g[x][y] for x, y in comps]
        nim = 0
        for v in values:
            nim ^= v
        assert r["values"] == values and r["nim_sum"] == nim
        assert r["outcome"] == ("P" if nim == 0 else "N")
        if nim == 0:
            assert r["move"] is None
        else:
            i, (u, v) = r["move"]
            after = values[:]
            after[i] = g[u][v]
            rest = 0
            for w in after:
                rest ^= w
            assert rest == 0


def _three_pile_p(size):
    """P-positions of three-pile Wythoff (one pile, any two equally, or all three equally)
    from the rules, for piles below `size`."""
    p = {}
    for s in range(3 * size):
        for x, y, z in product(range(size), repeat=3):
            if x + y + z != s:
                continue
            options = []
            for k in range(1, max(x, y, z) + 1):
                for dx, dy, dz in product((0, 1), repeat=3):
                    if (dx, dy, dz) == (0, 0, 0):
                        continue
                    if x >= k * dx and y >= k * dy and z >= k * dz:
                        options.append((x - k * dx, y - k * dy, z - k * dz))
            p[(x, y, z)] = not any(p[o] for o in options)
    return p


def test_three_pile_moves_follow_the_rules():
    size = 9
    p = _three_pile_p(size)
    for pos, is_p in p.items():
        mv = wythoff.three_pile_move(*pos)
        if is_p:
            assert mv is None, pos
        else:
            assert mv is not None and p[mv], pos
            diffs = {a - b for a, b in zip(pos, mv)} - {0}
            assert len(diffs) == 1 and min(diffs) > 0, (pos, mv)


def test_three_pile_positions_are_the_p_positions(cli):
    size = 9
    p = _three_pile_p(size)
    want = sorted(
        (pos for pos, is_p in p.items() if is_p and pos[0] <= pos[1] <= pos[2]),
        key=lambda q: (sum(q), q[0], q[1]),
    )
    got = wythoff.three_pile_positions(size - 1)
    assert got.dtype == np.uint64 and got.shape == (len(want), 3)
    assert [tuple(q) for q in got.tolist()] == want
    text = cli("three", 60, "--print").split("\n")
    assert [" ".join(map(str, q)) for q in wythoff.three_pile_positions(60).tolist()] == text[:-1]


def test_cube_files_hold_the_p_positions(tmp_path, cli):
    size = 9
    n = size - 1
    p = _three_pile_p(size)
    path = tmp_path / "c.bin"
    cube = wythoff.write_cube(path, n)
    assert cube.n == n and cube.verified
    sq = cube.square()
    assert sq.dtype == np.int64 and sq.shape == (size, size)
    for y in range(size):
        for z in range(size):
            xs = [x for x in range(size) if p[(x, y, z)]]
            assert len(xs) <= 1
            want = xs[0] if xs else None
            assert cube.partner(y, z) == want, (y, z)
            assert sq[y, z] == (-1 if want is None else want), (y, z)
    assert cube.partner(size, 0) is None
    # the command line writes the same file, byte for byte
    other = tmp_path / "cli.bin"
    cli("three", n, "--cube", str(other))
    assert other.read_bytes() == path.read_bytes()
    # a damaged file is refused on open; a missing one is an OSError with its name
    data = bytearray(path.read_bytes())
    data[-3] ^= 1
    bad = tmp_path / "bad.bin"
    bad.write_bytes(bytes(data))
    with pytest.raises(wythoff.DamagedFileError):
        wythoff.open_cube(bad)
    with pytest.raises(OSError) as e:
        wythoff.open_cube(tmp_path / "missing.bin")
    assert e.value.filename is not None
    with pytest.raises(ValueError):
        wythoff.write_cube(tmp_path / "x.bin", 5, resume=True, restart=True)
    with pytest.raises(ValueError):
        wythoff.write_cube(tmp_path / "y.bin", -1)


def test_calkin_wilf_by_newmans_recurrence():
    q = Fraction(1)
    for n in range(1, 500):
        assert wythoff.calkin_wilf(n) == q
        assert wythoff.calkin_wilf_index(q) == n
        q = 1 / (2 * floor(q) - q + 1)
    big = 10**60 + 17
    assert wythoff.calkin_wilf_index(wythoff.calkin_wilf(big)) == big
    with pytest.raises(TypeError, match="rational"):
        wythoff.calkin_wilf_index("1/2")


def test_ratwyt_is_wythoff_on_the_levels():
    # RATWYT: the rationals' levels in the tree (sums of partial quotients) play Wythoff's game
    for r1, r2 in [(Fraction(1, 2), 3), (Fraction(3, 5), Fraction(7, 2)), (0, 0), (2, 1)]:
        r = wythoff.ratwyt(r1, r2)
        k1, k2 = r["levels"]
        assert r["outcome"] == ("P" if wythoff.is_p(k1, k2) else "N")
        assert (r["moves"] == []) == (r["outcome"] == "P")
        for to in r["moves"]:
            levels = wythoff.ratwyt(*to)["levels"]
            assert tuple(levels) in wythoff.moves(k1, k2)


def _level(r):
    """The level of a non-negative rational in the Calkin–Wilf tree: the sum of its partial
    quotients (Euclid's algorithm), 0 for 0."""
    p, q, k = Fraction(r).numerator, Fraction(r).denominator, 0
    while q:
        k += p // q
        p, q = q, p % q
    return k


def test_games_two_and_three_follow_their_rules():
    # Game II: a move does 1..t steps on one rational, i.e. lowers its level by 1..t
    for t in [1, 2, 5]:
        size = 40
        p = [False] * size
        for k in range(size):
            p[k] = not any(p[k - s] for s in range(1, min(t, k) + 1))
        for n in range(1, 60):
            r = wythoff.calkin_wilf(n)
            k = _level(r)
            g = wythoff.ratwyt_game_two(r, t)
            assert g["level"] == k and g["outcome"] == ("P" if p[k] else "N")
            if g["move"] is not None:
                (to,) = g["move"]
                assert 1 <= g["steps"][0] <= t and p[_level(to)] and _level(to) == k - g["steps"][0]
    # Game III: steps on one of several rationals lower one level: Nim on the levels
    size = 12
    p = {}
    for pos in sorted(product(range(size), repeat=3), key=sum):
        opts = [pos[:i] + (v,) + pos[i + 1:] for i in range(3) for v in range(pos[i])]
        p[pos] = not any(p[o] for o in opts)
    for n1, n2, n3 in [(1, 2, 3), (5, 9, 12), (7, 7, 1), (30, 31, 2), (40, 41, 42)]:
        rs = [wythoff.calkin_wilf(n) for n in (n1, n2, n3)]
        levels = tuple(_level(r) for r in rs)
        if max(levels) >= size:
            continue
        g = wythoff.ratwyt_game_three(rs)
        assert tuple(g["levels"]) == levels and g["outcome"] == ("P" if p[levels] else "N")
        if g["move"] is not None:
            after = tuple(_level(r) for r in g["move"])
            assert p[after] and sum(levels) - sum(after) == sum(g["steps"])


def test_verify_report_as_dict():
    r = wythoff.verify(10_000, grundy=64, three=20)
    assert r["ok"] is True
    names = [c["name"] for c in r["checks"]]
    assert len(names) >= 5 and all(c["status"] in ("ok", "skipped") for c in r["checks"])
    # integers are decimal strings in the JSON report (exact beyond 2^53)
    assert int(r["config"]["bound"]) == 10_000
    assert int(wythoff.verify(100, a=3)["config"]["a"]) == 3
    with pytest.raises(ValueError):
        wythoff.verify(0)


def _line_naive(size, rules):
    """G of a line game by a plain mex: a move takes i·(p, q), i >= 1, from (x, y)."""
    g = [[0] * size for _ in range(size)]
    for x in range(size):
        for y in range(size):
            seen = set()
            for p, q in rules:
                i = 1
                while x - i * p >= 0 and y - i * q >= 0:
                    seen.add(g[x - i * p][y - i * q])
                    i += 1
            m = 0
            while m in seen:
                m += 1
            g[x][y] = m
    return g


def test_line_games_equal_a_naive_mex():
    for rules in [[(1, 0), (0, 1)], [(1, 0), (0, 1), (1, 1)], [(1, 0), (0, 1), (1, 2), (2, 1)],
                  [(1, 0), (1, 1), (2, 3)]]:
        text = ":".join(f"{p},{q}" for p, q in rules)
        t = wythoff.line_grundy_table(30, rules=text)
        assert t.dtype == np.uint32 and t.tolist() == _line_naive(30, rules), text
    assert (wythoff.line_grundy_table(50, game="wythoff") == wythoff.grundy_table(50)).all()
    with pytest.raises(ValueError, match="unknown game"):
        wythoff.line_grundy_table(5, game="chess")
    with pytest.raises(ValueError, match="one of them"):
        wythoff.line_grundy_table(5)


def test_maharaja_nim_by_name_equals_a_naive_mex(tmp_path):
    # Maharaja Nim (Larsson and Wästlund, 2014): Wythoff's moves and the knight's (1, 2), (2, 1)
    n = 40
    g = [[0] * n for _ in range(n)]
    for x in range(n):
        for y in range(n):
            options = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
            options += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
            options += [(a, b) for a, b in ((x - 1, y - 2), (x - 2, y - 1)) if a >= 0 and b >= 0]
            seen = {g[a][b] for a, b in options}
            g[x][y] = next(m for m in range(n * 4) if m not in seen)
    t = wythoff.line_grundy_table(n, game="maharaja")
    assert t.tolist() == g
    assert (wythoff.line_grundy_table(n, rules="1,0:0,1:1,1:j1,2:j2,1") == t).all()
    assert g[1][3] == 0 and g[1][2] != 0  # (1, 3) is a P-position, (1, 2) jumps to (0, 0)
    f = wythoff.write_line_table(tmp_path / "m.bin", n, game="maharaja")
    assert f.rules_text == "1,0:0,1:1,1:j1,2:j2,1" and (f.square() == t).all()


def test_line_table_files(tmp_path, cli):
    rules = "1,0:1,1:2,3"  # not symmetric: the file holds the whole square
    path = tmp_path / "lines.bin"
    t = wythoff.write_line_table(path, 100, rules=rules)
    assert t.verified and t.rules == [(1, 0), (1, 1), (2, 3)] and t.n == 100
    want = wythoff.line_grundy_table(100, rules=rules)
    assert (want != want.T).any()
    t = wythoff.open_line_table(path)
    assert not t.verified
    assert (t.row(7) == want[7]).all() and t.get(7, 3) == want[7, 3]
    sq = t.square()
    assert t.verified and not sq.flags.writeable and not sq.flags.owndata
    assert (sq == want).all()
    theirs = tmp_path / "cli.bin"
    cli("grundy", 100, "--rules", rules, "-o", theirs)
    assert theirs.read_bytes() == path.read_bytes()
    data = bytearray(path.read_bytes())
    data[-100] ^= 1
    (tmp_path / "bad.bin").write_bytes(bytes(data))
    bad = wythoff.open_line_table(tmp_path / "bad.bin")
    with pytest.raises(wythoff.DamagedFileError):
        bad.verify()
    with pytest.raises(wythoff.DamagedFileError):
        wythoff.open_line_table(__file__)
    with pytest.raises(wythoff.DamagedFileError, match="kind"):
        wythoff.open_table(path)
