"""Shared helpers of the Python tests: independent computations written here in plain Python
(the rules of the game, a naive mex, exact integer square roots), the published terms in
data/oeis, and the command line's binary (skipped, with the reason, where it is not built)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from naive import legal_moves, lower, naive_grundy, p_positions, pair  # noqa: F401 (re-exported)

REPO = Path(__file__).resolve().parents[2]


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
