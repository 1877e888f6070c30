"""Row certificates as arrays: the preperiods and periods of the rows, and a row G(x, start..stop)
from the stored values and the period, against a plain mex written here and against the
certificate's own single values, for certificates written by the package, by the command line
and kept in data/golden."""

import numpy as np
import pytest

import wythoff
from conftest import REPO, naive_grundy
from naive import wythoff_grundy

GOLDEN = REPO / "data" / "golden"


@pytest.fixture(scope="module")
def cert8_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("cert") / "rows8.cert"
    c = wythoff.write_certificate(path, 8)
    assert (c.a, c.rows) == (1, 8)
    return path


@pytest.fixture(scope="module")
def cert8(cert8_path):
    return wythoff.open_certificate(cert8_path)


def test_written_certificate_is_the_command_lines(cert8_path, cert8):
    # data/golden/rows_a1_8.cert is `wythoff rows 8 -o CERT` with its default budgets
    assert cert8_path.read_bytes() == (GOLDEN / "rows_a1_8.cert").read_bytes()
    golden = wythoff.open_certificate(GOLDEN / "rows_a1_8.cert")
    assert cert8.joint == golden.joint
    assert (cert8.preperiods() == golden.preperiods()).all()
    assert (cert8.periods() == golden.periods()).all()


def test_preperiods_and_periods_are_arrays(cert8):
    pre, per = cert8.preperiods(), cert8.periods()
    assert pre.dtype == per.dtype == np.uint64 and pre.shape == per.shape == (8,)
    # rows 0..4: (y0, p) = (0, 1), (0, 3), (0, 3), (8, 6), (9, 12) (doc/rows.md; rows 1..4 agree
    # with OEIS A004482-A004485)
    assert list(zip(pre[:5].tolist(), per[:5].tolist())) == [
        (0, 1), (0, 3), (0, 3), (8, 6), (9, 12)
    ]
    assert cert8.prefix_stored().dtype == np.bool_ and cert8.prefix_stored().all()
    mu, lam = cert8.joint
    assert (pre <= mu).all() and all(lam % int(p) == 0 for p in per)


def test_rows_equal_a_plain_mex_and_single_values(cert8):
    n = 150
    g = wythoff_grundy(n)
    for x in range(8):
        row = cert8.row(x, n)
        assert row.dtype == np.uint64 and row.shape == (n,)
        assert row.tolist() == g[x]
        assert row.tolist() == [cert8.value(x, y) for y in range(n)]
        assert cert8.row(x, 0).shape == (0,)
        # a window far out, from the period
        far = 10**18
        window = cert8.row(x, far + 40, start=far)
        assert window.tolist() == [cert8.value(x, y) for y in range(far, far + 40)]
        # the additive period: G(x, y + p) = G(x, y) + p from the preperiod on
        y0, p = int(cert8.preperiods()[x]), int(cert8.periods()[x])
        assert (row[y0 + p : n] == row[y0 : n - p] + p).all()


def test_a_certificate_of_a_2_against_the_plain_mex():
    c = wythoff.open_certificate(GOLDEN / "rows_a2_6.cert")
    assert (c.a, c.rows) == (2, 6)
    n = 40
    g = naive_grundy(n, a=2)
    for x in range(6):
        assert c.row(x, n).tolist() == g[x]


def test_rows_without_their_values_below_the_preperiod():
    c = wythoff.open_certificate(GOLDEN / "rows_a1_8_prefix100.cert")
    stored = c.prefix_stored()
    pre = c.preperiods()
    missing = [x for x in range(c.rows) if not stored[x]]
    assert missing, "this certificate keeps some rows without their prefix"
    g = wythoff_grundy(120)
    for x in range(c.rows):
        y0 = int(pre[x])
        if stored[x]:
            assert c.row(x, 120).tolist() == g[x]
        else:
            with pytest.raises(ValueError, match="not stored"):
                c.row(x, 120)
            assert c.row(x, 120, start=y0).tolist() == g[x][y0:]


def test_single_values_below_a_preperiod_not_stored_come_from_a_table():
    # as sum_analysis does: both piles below 8192, so a table gives them, in either order, for
    # value, grundy_at and the command line alike (one evaluator in the library)
    path = GOLDEN / "rows_a1_8_prefix100.cert"
    c = wythoff.open_certificate(path)
    stored, pre = c.prefix_stored(), c.preperiods()
    g = wythoff_grundy(120)
    for x in range(c.rows):
        if stored[x]:
            continue
        for y in range(int(pre[x]) + 3):
            assert c.value(x, y) == c.value(y, x) == g[x][y], (x, y)
            assert wythoff.grundy_at(y, x, certificate=c) == g[x][y], (x, y)
        assert wythoff.sum_analysis([(x, 5)], certificate=path)["values"] == [g[x][5]]


def test_bad_rows_are_refused_before_any_work(cert8):
    with pytest.raises(IndexError, match="rows 0..7"):
        cert8.row(8, 10)
    with pytest.raises(ValueError, match="beyond stop"):
        cert8.row(0, 5, start=6)
    with pytest.raises(MemoryError):
        cert8.row(1, 2**62)
    with pytest.raises(OverflowError):
        cert8.row(1, 2**64)
    # values past 2^64 - 1 near the top of the columns
    start, stop = 2**64 - 60, 2**64 - 1
    want = [cert8.value(7, y) for y in range(start, stop)]
    if max(want) > 2**64 - 1:
        with pytest.raises(ValueError, match="2\\^64"):
            cert8.row(7, stop, start=start)
    else:
        assert cert8.row(7, stop, start=start).tolist() == want
    with pytest.raises(ValueError):
        cert8.row(-1, 5)
