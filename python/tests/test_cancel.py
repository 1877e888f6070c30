"""Every long call stops when asked: an exception of its progress callback, or Ctrl-C, stops the
library's engine within one block of work (the cancellation flag of crates/core/src/cancel.rs) and is raised;
a stopped writer leaves nothing under the final name, and a stopped cube file is resumed from its
checkpoints.  The sizes are chosen so that each call, run to the end, takes far longer (tens of
seconds on a 2-core machine) than the bound on the stop."""

import os
import threading
import time

import numpy as np
import pytest

import wythoff

# seconds within which a stopped call returns: a full run of each call below takes far longer
STOPPED_WITHIN = 5


class Stop(Exception):
    pass


def stop_at_first_report(calls):
    def progress(done, total):
        calls.append((done, total))
        raise Stop("enough")

    return progress


def no_output_under(path):
    """Nothing under the final name, nor a temporary file beside it, once a writer stopped
    (a cube file's checkpoints, FILE.partial and FILE.partial.ckpt, are kept on purpose)."""
    left = [p for p in os.listdir(path.parent) if not p.startswith(path.name + ".partial")]
    return not path.exists() and left == []


CALLBACK_CALLS = {
    "line_grundy_table": lambda tmp, progress: wythoff.line_grundy_table(
        10000, game="wythoff", progress=progress
    ),
    "write_line_table": lambda tmp, progress: wythoff.write_line_table(
        tmp / "l.bin", 10000, game="wythoff", progress=progress
    ),
    "three_pile_positions": lambda tmp, progress: wythoff.three_pile_positions(
        9000, progress=progress
    ),
    "three_pile_move": lambda tmp, progress: wythoff.three_pile_move(
        9000, 9000, 9000, progress=progress
    ),
    "write_cube": lambda tmp, progress: wythoff.write_cube(tmp / "c.bin", 9000, progress=progress),
    "oeis_bfile": lambda tmp, progress: wythoff.oeis_bfile(
        "A000201", terms=10**9, progress=progress
    ),
    "oeis_bfile_path": lambda tmp, progress: wythoff.oeis_bfile(
        "A000201", terms=10**9, path=tmp / "b.txt", progress=progress
    ),
    "verify": lambda tmp, progress: wythoff.verify(10**10, progress=progress),
}


@pytest.mark.parametrize("name", sorted(CALLBACK_CALLS))
def test_an_exception_of_the_progress_callback_stops_the_call(name, tmp_path):
    calls = []
    started = time.monotonic()
    with pytest.raises(Stop, match="enough"):
        CALLBACK_CALLS[name](tmp_path, stop_at_first_report(calls))
    assert time.monotonic() - started < STOPPED_WITHIN
    # one report, made while the work was under way, and none after the exception
    assert len(calls) == 1 and calls[0][0] < calls[0][1], calls
    for out in ["l.bin", "c.bin", "b.txt"]:
        assert no_output_under(tmp_path / out), os.listdir(tmp_path)
    # the module is usable afterwards
    assert wythoff.three_pile_move(1, 2, 0) is None


def test_a_stopped_cube_file_is_resumed_from_its_checkpoints(tmp_path):
    path = tmp_path / "c.bin"
    calls = []
    with pytest.raises(Stop):
        wythoff.write_cube(path, 3000, progress=stop_at_first_report(calls))
    assert not path.exists()
    assert (tmp_path / "c.bin.partial").exists()
    with pytest.raises(ValueError, match="resume"):
        wythoff.write_cube(path, 3000)
    resumed = wythoff.write_cube(path, 3000, resume=True)
    fresh = wythoff.write_cube(tmp_path / "fresh.bin", 3000)
    assert resumed.n == fresh.n == 3000
    assert (resumed.square() == fresh.square()).all()
    assert sorted(os.listdir(tmp_path)) == ["c.bin", "fresh.bin"]


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                    reason="signals reach only the main thread")
@pytest.mark.parametrize(
    "work",
    [
        # certified rows 0..200 on demand (about half a minute)
        lambda tmp: wythoff.grundy_at(200, 10**30),
        # beyond the rows: the g-value sweep through 600000 rows
        lambda tmp: wythoff.grundy_at(600000, 600003),
        lambda tmp: wythoff.sum_analysis([(3, 5), (200, 10**30)]),
        lambda tmp: wythoff.write_certificate(tmp / "r.cert", 200),
        # the whole box below the position, 2001 × 2001 × 2001
        lambda tmp: wythoff.analyse("three-pile", [2000, 2000, 2000]),
    ],
    ids=["grundy_at_rows", "grundy_at_far", "sum_analysis", "write_certificate", "analyse"],
)
def test_ctrl_c_stops_calls_without_progress(work, ctrl_c, tmp_path):
    ctrl_c(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        work(tmp_path)
        time.sleep(STOPPED_WITHIN)
    assert time.monotonic() - started < STOPPED_WITHIN
    assert os.listdir(tmp_path) == []
    assert wythoff.grundy_at(1, 11) == 9


def test_progress_reaches_the_total_of_a_finished_call(tmp_path):
    for call, total in [
        (lambda p: wythoff.line_grundy_table(300, game="nim", progress=p), 300 * 300),
        (lambda p: wythoff.three_pile_positions(40, progress=p), 41 * 42 // 2),
        (lambda p: wythoff.oeis_bfile("A001950", terms=5000, progress=p), 5000),
        (lambda p: wythoff.verify(10**5, progress=p), 10**5),
    ]:
        calls = []
        call(lambda done, total: calls.append((done, total)))
        assert calls and calls[-1] == (total, total), calls[-3:]
        assert all(a[0] <= b[0] for a, b in zip(calls, calls[1:]))


def test_cancelled_calls_keep_np_arrays_of_later_calls_right():
    # a stopped line-game table does not disturb the next one
    with pytest.raises(Stop):
        wythoff.line_grundy_table(10000, game="nim", progress=stop_at_first_report([]))
    t = wythoff.line_grundy_table(64, game="nim")
    x = np.arange(64)
    assert (t == (x[:, None] ^ x[None, :])).all()
