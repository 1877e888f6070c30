"""Speed of the Python package, in one run (scripts/python-bench): the call overhead of nth, 10^7
pairs into NumPy against the command line writing them, and a Grundy table against a plain
Python mex and pycgt (exact canonical forms, pure Python) at the sizes they can do.  Each figure
is the median of three runs (one run where the row says so).  Prints a Markdown table."""

import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit

import wythoff

# the plain Python mex of the tests (python/tests/naive.py): the triple loop over the options
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"))
from naive import wythoff_grundy as naive_mex_table  # noqa: E402

BIN = os.environ.get("WYTHOFF_BIN", "")


def median_time(f, runs=3):
    return statistics.median(times_of(f, runs))


def best_time(f, runs=5):
    """The least of `runs` runs: the figure least disturbed by other work on a shared machine."""
    return min(times_of(f, runs))


def times_of(f, runs):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return times


def cli(*args, stdout=subprocess.DEVNULL):
    subprocess.run([BIN, *map(str, args)], stdout=stdout, check=True)


def pycgt_table(n):
    """Each position built from its options as an exact game, its value read as a nimber."""
    import pycgt

    games = [[None] * n for _ in range(n)]
    values = [[0] * n for _ in range(n)]
    stars = [pycgt.nimber(k) for k in range(2 * n)]
    for x in range(n):
        for y in range(n):
            opts = [games[u][y] for u in range(x)] + [games[x][v] for v in range(y)]
            opts += [games[x - k][y - k] for k in range(1, min(x, y) + 1)]
            games[x][y] = pycgt.game(opts, opts)
            values[x][y] = stars.index(games[x][y])
    return values


def row(task, seconds, note=""):
    print(f"| {task} | {seconds:.4g} | {note} |", flush=True)


def main():
    quick = os.environ.get("QUICK") == "1"
    print(f"Python {sys.version.split()[0]}, wythoff {wythoff.__version__}, "
          f"{os.cpu_count()} cores\n")
    print("| task | time (s) | note |")
    print("|---|---|---|")

    # call overhead
    calls = 200_000
    per = min(timeit.repeat(lambda: wythoff.nth(12345), number=calls, repeat=3)) / calls
    row(f"`wythoff.nth(12345)`, one call (best of 3 × {calls} calls)", per,
        f"{per * 1e6:.2f} µs a call")
    big = 10**1000
    per_big = min(timeit.repeat(lambda: wythoff.nth(big), number=2000, repeat=3)) / 2000
    row("`wythoff.nth(10**1000)`, one call", per_big, f"{per_big * 1e6:.1f} µs a call")
    if BIN:
        t = median_time(lambda: cli("nth", 12345))
        row("`wythoff nth 12345`, one process", t, f"{t / per:.0f}× the Python call")

    # 10^7 pairs
    n = 10**7
    t_np = median_time(lambda: wythoff.pairs(n))
    row("`wythoff.pairs(10**7)`: two uint64 arrays", t_np, f"{n / t_np:.3g} pairs/s")
    if BIN:
        t_text = median_time(lambda: cli("pairs", 0, n - 1))
        row("`wythoff pairs 0 9999999 > /dev/null` (text)", t_text,
            f"{t_text / t_np:.1f}× the arrays")
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "p.bin")
            t_bin = median_time(lambda: cli("pairs", 0, n - 1, "--format", "binary", "-o", out))
        row("`wythoff pairs 0 9999999 --format binary -o FILE`", t_bin,
            f"{t_bin / t_np:.1f}× the arrays")
        def parsed():
            text = subprocess.run([BIN, "pairs", "0", str(10**6 - 1)], capture_output=True,
                                  text=True, check=True).stdout
            return [tuple(map(int, line.split()[1:])) for line in text.splitlines()]

        t_parse = median_time(parsed)
        t_np6 = median_time(lambda: wythoff.pairs(10**6))
        row("10^6 pairs: the command line's text parsed in Python", t_parse,
            f"{t_parse / t_np6:.0f}× `wythoff.pairs(10**6)`, {t_np6:.3g} s")

    # Grundy tables (after one call that starts what a first call starts); the small ones are
    # the best of 5 runs, as the baselines' ratios are taken against them
    wythoff.grundy_table(16)
    ours = {}
    for side in [32, 64, 128, 256, 2048] + ([] if quick else [8192]):
        t = best_time(lambda: wythoff.grundy_table(side)) if side <= 256 else \
            median_time(lambda: wythoff.grundy_table(side))
        ours[side] = t
        how = "best of 5" if side <= 256 else "median of 3"
        row(f"`wythoff.grundy_table({side})` ({how})", t, f"{side * side / t:.3g} cells/s")
    for side in [64] + ([] if quick else [128, 256]):
        t = median_time(lambda: naive_mex_table(side), runs=1)
        row(f"plain Python mex, {side} × {side} (one run)", t, f"{t / ours[side]:.0f}× wythoff")
    try:
        import pycgt  # noqa: F401
    except ImportError:
        print("| pycgt | skipped | not installed (pip install pycgt) |")
    else:
        for side in [32] + ([] if quick else [64]):
            t = median_time(lambda: pycgt_table(side), runs=1)
            assert pycgt_table(16) == naive_mex_table(16)
            row(f"pycgt, {side} × {side} from the options (one run)", t,
                f"{t / ours[side]:.0f}× wythoff")


if __name__ == "__main__":
    main()
