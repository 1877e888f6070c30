"""Grundy tables and table files: against a naive mex, the command line's files, damaged and
crafted files, refusals before allocation."""

import os

import numpy as np
import pytest

import wythoff
from conftest import naive_grundy, p_positions, published
from naive import wythoff_grundy


@pytest.mark.parametrize("a", [1, 2, 3, 7])
def test_grundy_table_equals_the_naive_mex(a):
    n = 33
    g = wythoff.grundy_table(n, a)
    assert g.shape == (n, n) and g.dtype == np.uint8
    assert g.tolist() == naive_grundy(n, a)


def test_the_triple_loop_of_the_bench_is_the_naive_mex():
    assert wythoff_grundy(40) == naive_grundy(40, 1)
    assert wythoff.grundy_table(40).tolist() == wythoff_grundy(40)


def test_grundy_table_dtype_and_zeros():
    assert wythoff.grundy_table(128).dtype == np.uint8  # 2N - 2 = 254
    assert wythoff.grundy_table(129).dtype == np.uint16
    g = wythoff.grundy_table(300, 2, threads=1)
    assert (g == g.T).all()
    p = p_positions(60, 2)
    assert ((g[:60, :60] == 0) == np.array(p)).all()
    assert (wythoff.grundy_table(300, np.int64(2), threads=3) == g).all()


def test_grundy_table_refusals():
    for n in [0, 2**20 + 1]:
        with pytest.raises(ValueError, match="side"):
            wythoff.grundy_table(n)
    with pytest.raises(ValueError, match="non-negative"):
        wythoff.grundy_table(-3)
    with pytest.raises(MemoryError, match="available"):
        wythoff.grundy_table(2**20)
    with pytest.raises(ValueError, match="threads"):
        wythoff.grundy_table(10, threads=0)


def test_published_grundy_rows():
    # A004482..A004487: rows 1..6 of the Grundy table of Wythoff's game (offset 0)
    g = wythoff.grundy_table(300)
    for row in range(1, 7):
        anum = f"A00448{row + 1}"
        terms = published(anum)[:300]
        assert g[row, : len(terms)].tolist() == terms, anum
    # A004481: the table by antidiagonals
    terms = published("A004481")
    diagonals = [int(g[x, d - x]) for d in range(40) for x in range(d + 1)]
    assert diagonals[: len(terms)] == terms


def test_grundy_at_equals_the_table():
    g = wythoff.grundy_table(200)
    for x, y in [(0, 0), (3, 5), (2, 4), (1, 11), (5, 199), (199, 5), (40, 170)]:
        assert wythoff.grundy_at(x, y) == g[x, y]
    assert wythoff.grundy_at(0, 10**50) == 10**50
    with pytest.raises(ValueError, match="non-negative"):
        wythoff.grundy_at(-1, 3)


def test_grundy_at_beyond_the_rows_swept_by_the_1_value_automaton(cli):
    # the 3,000,000-th 1-value (row about 4.85 million, past the rows swept), also found by the
    # greedy sweep of the command line
    n, x, y = map(int, cli("gvalue", 1, 3000000).split())
    assert x > 2**22 and cli("grundy", "at", x, y).strip() == "1"
    assert wythoff.grundy_at(x, y) == 1 == wythoff.grundy_at(y, x)
    with pytest.raises(ValueError, match="unknown: 2 <= G"):
        wythoff.grundy_at(x, y + 2 if cli("grundy", "at", x, y + 1).strip() == "0" else y + 1)
    # the 10^30-th: the automaton is proved for every diagonal, so the value 1; beside it on its
    # row G != 1 (a row holds one 1-value: two would be options of each other), so G >= 2 or 0
    n, x, y = map(int, cli("gvalue", 1, 10**30).split())
    assert wythoff.grundy_at(x, y) == 1 == wythoff.grundy_at(y, x)
    for yy in (y + 1, y + 2):
        if cli("grundy", "at", x, yy).strip() != "0":
            with pytest.raises(ValueError, match="unknown: 2 <= G.*lies elsewhere"):
                wythoff.grundy_at(x, yy)


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux's /proc")
def test_grundy_at_far_apart_piles_in_little_memory_or_memory_error():
    import subprocess
    import sys

    # piles of 50,000 digits beyond the rows swept: an answer (only bounds here) in linear
    # memory under a 300 MiB address-space limit; piles of 2^30000000 need about 510 MB of
    # Zeckendorf digits and square roots: MemoryError before any work, the interpreter alive
    code = """
import resource, wythoff
status = open("/proc/self/status").read().split("VmSize:")[1].split()
mapped = int(status[0]) * 1024
resource.setrlimit(resource.RLIMIT_AS, (mapped + 300 * 2**20, resource.RLIM_INFINITY))
try:
    wythoff.grundy_at(10**50000, 2 * 10**50000)
except ValueError as e:
    print("bounds:", str(e)[:22])
x = 2**30000000
try:
    wythoff.grundy_at(x, 2 * x)
except MemoryError as e:
    print("refused:", e)
print("alive")
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert "bounds: unknown: 2 <= G(1000" in r.stdout, r.stdout + r.stderr
    assert "refused: G(x, y) with a difference of 30000001 bits needs" in r.stdout, r.stdout + r.stderr
    assert r.stdout.endswith("alive\n"), r.stdout + r.stderr


def test_grundy_at_from_a_certificate(cli, tmp_path):
    cert = tmp_path / "rows.cert"
    cli("rows", 8, "-o", cert)
    far = 10**30 + 7
    for x in range(8):
        assert wythoff.grundy_at(x, far, certificate=cert) == int(cli("grundy", "at", x, far))
    with pytest.raises(wythoff.DamagedFileError):
        wythoff.grundy_at(1, 2, certificate=__file__)
    c = wythoff.open_certificate(cert)
    assert (c.a, c.rows) == (1, 8) and len(c.periods()) == 8
    # rows 1 and 2 have period 3 (A004482, A004483: a(n + 3) = a(n) + 3)
    assert c.periods()[1:3].tolist() == [3, 3]
    g = wythoff.grundy_table(300)
    for x in range(8):
        assert [c.value(x, y) for y in range(300)] == g[x].tolist()
        assert c.value(far, x) == wythoff.grundy_at(x, far, certificate=c)
    with pytest.raises(ValueError, match="certificate"):
        c.value(8, 100)
    r = wythoff.sum_analysis([(3, far), (5, far + 1)], certificate=c)
    assert r["values"] == [c.value(3, far), c.value(5, far + 1)]


def test_table_file_views(table_files):
    for (a, n), path in table_files.items():
        t = wythoff.open_table(str(path))
        assert (t.a, t.n, t.verified) == (a, n, False)
        want = wythoff.grundy_table(n, a)
        assert (t.row(n // 2) == want[n // 2]).all()
        assert t.get(n - 1, 0) == want[n - 1, 0]
        sq = t.square()
        assert t.verified
        assert sq.dtype == want.dtype and (sq == want).all()
        tri = t.triangle()
        assert not tri.flags.writeable and not tri.flags.owndata
        assert tri.size == n * (n + 1) // 2
        for x in [0, n // 3, n - 1]:
            s = x * n - x * (x - 1) // 2
            assert (tri[s : s + n - x] == want[x, x:]).all()
        with pytest.raises(ValueError):
            tri[0] = 1
        del t  # the view keeps the map alive
        assert tri[-1] == want[n - 1, n - 1]


def test_table_files_are_the_command_line_s(cli, table_files, tmp_path):
    for (a, n), path in table_files.items():
        theirs = tmp_path / f"cli{a}_{n}.bin"
        cli("grundy", n, "-a", a, "-o", theirs)
        assert theirs.read_bytes() == path.read_bytes()


def test_write_table_stops_on_ctrl_c_and_resumes(tmp_path, ctrl_c):
    import time

    path = tmp_path / "big.bin"
    ctrl_c(0.8)
    with pytest.raises(KeyboardInterrupt):
        wythoff.write_table(path, 12000, threads=2)
        time.sleep(5)  # finished before the signal (a fast machine): take it here
    if (tmp_path / "big.bin.partial").exists():
        # stopped after a checkpoint: refused without resume=True, continued with it
        with pytest.raises(ValueError, match="resume=True"):
            wythoff.write_table(path, 12000)
        t = wythoff.write_table(path, 12000, resume=True)
    elif not path.exists():
        # stopped before the first checkpoint: nothing is left behind
        assert list(tmp_path.iterdir()) == []
        t = wythoff.write_table(path, 12000)
    else:
        t = wythoff.open_table(path)
    assert t.verified and t.n == 12000
    assert (t.row(5)[:300] == wythoff.grundy_table(300)[5]).all()
    with pytest.raises(ValueError, match="exclude"):
        wythoff.write_table(path, 10, resume=True, restart=True)


def test_table_file_verify_on_open(table_files):
    t = wythoff.open_table(table_files[(1, 200)], verify=True)
    assert t.verified and "verified=True" in repr(t)
    with pytest.raises(IndexError):
        t.row(200)
    with pytest.raises(IndexError):
        t.get(-1, 0)


def _copy(path, tmp_path, name, edit):
    data = bytearray(path.read_bytes())
    edited = edit(data)
    if edited is not None:
        data = edited
    out = tmp_path / name
    out.write_bytes(bytes(data))
    return out


def test_damaged_files_raise_damaged_file_error(table_files, tmp_path):
    good = table_files[(1, 200)]

    def flip(at):
        def edit(d):
            d[at] ^= 1

        return edit

    # a payload byte: found by verify(), by square(), by the rows that hold it; not by open
    bad = _copy(good, tmp_path, "payload.bin", flip(64 + 1000))
    t = wythoff.open_table(bad)
    with pytest.raises(wythoff.DamagedFileError, match="damaged") as e:
        t.verify()
    assert e.value.filename == str(bad) and isinstance(e.value, OSError)
    assert not t.verified
    for read in [t.square, t.triangle, lambda: t.row(3), lambda: t.get(2, 100)]:
        with pytest.raises(wythoff.DamagedFileError):
            read()
    assert t.triangle(check=False).size == 200 * 201 // 2
    # header fields, the length, the magic, the kind: refused on open
    for name, edit in [
        ("a.bin", flip(16)),
        ("n.bin", flip(24)),
        ("width.bin", flip(36)),
        ("checksum.bin", flip(60)),
        ("magic.bin", flip(0)),
        ("kind.bin", flip(12)),
        ("short.bin", lambda d: d[:100]),
        ("long.bin", lambda d: d + b"\0"),
        ("empty.bin", lambda d: bytearray()),
        ("index.bin", flip(len(good.read_bytes()) - 3)),
    ]:
        with pytest.raises(wythoff.DamagedFileError) as e:
            wythoff.open_table(_copy(good, tmp_path, name, edit), verify=True)
        assert e.value.filename.endswith(name), name


def test_unreadable_files_raise_os_error(tmp_path):
    with pytest.raises(FileNotFoundError) as e:
        wythoff.open_table(tmp_path / "missing.bin")
    assert e.value.filename == str(tmp_path / "missing.bin")
    with pytest.raises(IsADirectoryError):
        wythoff.open_table(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="regular"):
        wythoff.open_table(fifo)


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux's /proc")
def test_square_is_refused_up_front_when_it_does_not_fit(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "t.bin"
    wythoff.write_table(path, 6000)  # the square: 72 MB of uint16
    code = f"""
import resource, wythoff
t = wythoff.open_table({str(path)!r})
status = open("/proc/self/status").read().split("VmSize:")[1].split()
mapped = int(status[0]) * 1024
# room for 32 MiB more: the square is refused before any of it is allocated
resource.setrlimit(resource.RLIMIT_AS, (mapped + 32 * 2**20, resource.RLIM_INFINITY))
try:
    t.square()
except MemoryError as e:
    print("refused:", e)
print("row:", t.row(5)[:4].tolist(), "verified:", t.verified)
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert "refused: the 6000 × 6000 square needs" in r.stdout, r.stdout + r.stderr
    assert "row: [5, 3, 4, 0] verified: False" in r.stdout, r.stdout + r.stderr
