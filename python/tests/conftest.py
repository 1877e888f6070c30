"""Shared helpers of the Python tests: independent computations written here in plain Python
(the rules of the game, a naive mex, exact integer square roots), the published terms in
data/oeis, and the command line's binary (skipped, with the reason, where it is not built)."""

import os
import shutil
import subprocess
from math import isqrt
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def lower(n, a=1):
    """A_n = floor(n * alpha), alpha = (2 - a + sqrt(a^2 + 4)) / 2, by an exact integer square
    root: floor((m + sqrt(D)) / 2) = (m + isqrt(D)) // 2 for integers m and D >= 0."""
    return (n * (2 - a) + isqrt(n * n * (a * a + 4))) // 2


def pair(n, a=1):
    """The n-th P-position (A_n, B_n) of normal play, B_n = A_n + a n."""
    x = lower(n, a)
    return x, x + a * n


def legal_moves(x, y, a):
    """Every position reachable from (x, y) by the rules: any number from one pile, or k and l
    from both with |k - l| < a."""
    for u in range(x):
        yield u, y
    for v in range(y):
        yield x, v
    for k in range(1, x + 1):
        for l in range(1, y + 1):
            if abs(k - l) < a:
                yield x - k, y - l


def p_positions(size, a=1, misere=False):
    """P[x][y] for 0 <= x, y < size, from the rules alone (brute force).  In misère play the
    player who cannot move wins: (0, 0) is an N-position."""
    p = [[False] * size for _ in range(size)]
    for s in range(2 * size - 1):
        for x in range(max(0, s - size + 1), min(s, size - 1) + 1):
            y = s - x
            options = list(legal_moves(x, y, a))
            if not options:
                p[x][y] = not misere
            else:
                p[x][y] = not any(p[u][v] for u, v in options)
    return p


def naive_grundy(size, a=1):
    """G[x][y] by a plain mex over the options (the triple loop)."""
    g = [[0] * size for _ in range(size)]
    for x in range(size):
        for y in range(size):
            seen = {g[u][v] for u, v in legal_moves(x, y, a)}
            m = 0
            while m in seen:
                m += 1
            g[x][y] = m
    return g


def published(anum):
    """The terms of data/oeis/ANUM.txt (the published %S/%T/%U lines)."""
    text = (REPO / "data" / "oeis" / f"{anum}.txt").read_text()
    body = ",".join(line for line in text.splitlines() if not line.startswith("#"))
    return [int(t) for t in body.split(",") if t.strip()]


def published_anums():
    return sorted(p.stem for p in (REPO / "data" / "oeis").glob("A*.txt"))


def _binary():
    given = os.environ.get("WYTHOFF_BIN")
    candidates = [Path(given)] if given else []
    candidates.append(REPO / "target" / "release" / "wythoff")
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    found = shutil.which("wythoff")
    return Path(found) if found else None


@pytest.fixture(scope="session")
def cli():
    """Runs the command line's binary and returns its stdout; skips where it is not built."""
    binary = _binary()
    if binary is None:
        pytest.skip("the wythoff binary is not built (cargo build --release), nor WYTHOFF_BIN set")

    def run(*args):
        r = subprocess.run(
            [str(binary), *map(str, args)], capture_output=True, text=True, timeout=600
        )
        assert r.returncode == 0, f"wythoff {' '.join(map(str, args))}: {r.stderr}"
        return r.stdout

    return run


@pytest.fixture
def ctrl_c():
    """A function that sends SIGINT to this process after `seconds` (a timer thread), with
    Python's own handler installed meanwhile: a shell that starts a job in the background
    starts it with SIGINT ignored, and Python then installs no handler of its own."""
    import signal
    import threading

    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    timers = []

    def after(seconds):
        t = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
        timers.append(t)
        t.start()

    yield after
    for t in timers:
        t.cancel()
    signal.signal(signal.SIGINT, before)


@pytest.fixture(scope="session")
def table_files(tmp_path_factory):
    """Grundy table files written by wythoff.write_table: {(a, n): path}."""
    import wythoff

    d = tmp_path_factory.mktemp("tables")
    out = {}
    for a, n in [(1, 20), (1, 200), (2, 150), (3, 1)]:
        p = d / f"t{a}_{n}.bin"
        wythoff.write_table(p, n, a)
        out[(a, n)] = p
    return out
