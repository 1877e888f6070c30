"""Long work releases the GIL, stops on Ctrl-C (KeyboardInterrupt) and on an exception of the
progress callback; no bad input reaches a Rust panic."""

import threading
import time

import pytest

import wythoff


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                    reason="signals reach only the main thread")
@pytest.mark.parametrize(
    "work",
    [
        lambda: wythoff.grundy_table(16000, threads=2),
        lambda: wythoff.pairs(10**8),
    ],
    ids=["grundy_table", "pairs"],
)
def test_ctrl_c_stops_long_work(work, ctrl_c):
    ctrl_c(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        work()
        # finished before the signal came (a fast machine): wait for it here
        time.sleep(5)
    assert time.monotonic() - started < 5
    # the module is usable afterwards
    assert wythoff.grundy_table(4).tolist()[1] == [1, 2, 0, 4]


class Stop(Exception):
    pass


def test_an_exception_of_the_progress_callback_stops_the_work():
    calls = []

    def progress(done, total):
        calls.append(done)
        raise Stop("enough")

    with pytest.raises(Stop, match="enough"):
        wythoff.grundy_table(12000, progress=progress)
    assert len(calls) == 1


def test_other_threads_run_while_a_table_is_computed():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    try:
        wythoff.grundy_table(5000)
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 5


def _is_panic(e):
    return type(e).__name__ == "PanicException"


BAD_CALLS = [
    lambda: wythoff.nth(-(10**100)),
    lambda: wythoff.nth(2**64, a=2**64 - 1),
    lambda: wythoff.nth(10**30, a=2**64 - 1, misere=True),
    lambda: wythoff.moves(2**70, 0, a=2**64 - 1, misere=True),
    lambda: wythoff.moves(0, 0, misere=True),
    lambda: wythoff.is_p(-1, -1),
    lambda: wythoff.partner(10**200, a=12345),
    lambda: wythoff.pairs(2**64 - 1, 2**64),
    lambda: wythoff.pairs(0, 1, a=2**64 - 1),
    lambda: wythoff.pairs(2**64 - 2, 2**64 - 1, a=2**64 - 1, misere=True),
    lambda: wythoff.pairs(1.0),
    lambda: wythoff.grundy_table(1, a=2**64 - 1),
    lambda: wythoff.grundy_table(2**64),
    lambda: wythoff.grundy_table(3, threads=-1),
    lambda: wythoff.grundy_at(2**64, 2**65),
    lambda: wythoff.grundy_at(300, 301),
    lambda: wythoff.open_table(""),
    lambda: wythoff.open_table("\0"),
    lambda: wythoff.three_pile_move(2**64, 0, 0),
    lambda: wythoff.three_pile_move(10**6, 10**6, 10**6),
    lambda: wythoff.calkin_wilf(0),
    lambda: wythoff.calkin_wilf(-5),
    lambda: wythoff.calkin_wilf_index(0),
    lambda: wythoff.ratwyt(-1, 2),
    lambda: wythoff.ratwyt(1, 2, t=0),
    lambda: wythoff.oeis_bfile("A999999"),
    lambda: wythoff.oeis_bfile("A000201", terms=2**64),
    lambda: wythoff.oeis_bfile("A000201", terms=3, path="/nonexistent/dir/b.txt"),
    lambda: wythoff.sum_analysis([]),
    lambda: wythoff.sum_analysis([(1, -2)]),
    lambda: wythoff.verify(0),
    lambda: wythoff.verify(10, a=0),
    lambda: wythoff.verify(10, table="/nonexistent.bin"),
    lambda: wythoff.line_grundy_table(0, game="nim"),
    lambda: wythoff.line_grundy_table(2**17, game="nim"),
    lambda: wythoff.line_grundy_table(5, rules="0,0"),
    lambda: wythoff.line_grundy_table(5, rules="1,x:"),
    lambda: wythoff.line_grundy_table(5, rules="", game="nim"),
    lambda: wythoff.write_table("/nonexistent/dir/t.bin", 10),
    lambda: wythoff.write_table("/dev/null", 10),
    lambda: wythoff.grundy_at(1, 2, certificate="/etc/passwd"),
    lambda: wythoff.sum_analysis([(0, 0)], certificate="/nonexistent"),
]


@pytest.mark.parametrize("call", BAD_CALLS, ids=range(len(BAD_CALLS)))
def test_bad_input_raises_an_exception_never_a_panic(call):
    try:
        call()
    except Exception as e:  # noqa: BLE001 - any ordinary exception is the point
        assert not _is_panic(e)
    except BaseException as e:  # PanicException derives from BaseException
        pytest.fail(f"{type(e).__name__}: {e}")
