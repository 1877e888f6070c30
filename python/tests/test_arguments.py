"""Arguments as Python passes them: paths as str, bytes (a non-UTF-8 name included) or
os.PathLike, as os.fsencode takes them; integer arguments whose every refusal names the argument;
a progress that is not callable; NumPy's bool, which, unlike Python's, is not an integer. And a
period budget chosen too small, which is bad input (ValueError), not a bug (RuntimeError)."""

import os

import numpy as np
import pytest

import wythoff
from conftest import naive_grundy


class BytesPathLike:
    def __init__(self, b):
        self.b = b

    def __fspath__(self):
        return self.b


def names(tmp_path):
    """The same kind of file name four ways: str, bytes, a non-UTF-8 bytes name, os.PathLike of
    bytes."""
    base = os.fsencode(tmp_path)
    return {
        "str": str(tmp_path / "f"),
        "bytes": base + b"/f-bytes",
        "non-utf8": base + b"/f-\xff\xfe",
        "pathlike": BytesPathLike(base + b"/f-like"),
    }


@pytest.mark.parametrize("kind", ["str", "bytes", "non-utf8", "pathlike"])
def test_every_path_argument_takes_str_bytes_and_pathlike(tmp_path, kind):
    p = names(tmp_path)[kind]
    raw = os.fsencode(p)
    c = wythoff.write_certificate(_with(p, ".cert"), 4)
    cert = raw + b".cert"
    assert os.path.isfile(cert)
    assert wythoff.open_certificate(cert).rows == c.rows == 4
    assert wythoff.grundy_at(3, 10**20, certificate=cert) == c.value(3, 10**20)
    assert wythoff.sum_analysis([(3, 10**20)], certificate=cert)["values"] == [c.value(3, 10**20)]
    t = wythoff.write_table(_with(p, ".bin"), 20)
    assert os.path.isfile(raw + b".bin") and t.n == 20
    assert wythoff.open_table(raw + b".bin").row(3).tolist() == naive_grundy(20)[3]
    if kind != "non-utf8":  # the verify report names its table as text (the test below)
        assert wythoff.verify(100, table=_with(p, ".bin"))["ok"]
    lt = wythoff.write_line_table(_with(p, ".lines"), 10, game="nim")
    assert wythoff.open_line_table(raw + b".lines").get(2, 3) == lt.get(2, 3) == 1
    wythoff.write_cube(_with(p, ".cube"), 5)
    assert wythoff.open_cube(raw + b".cube").partner(1, 2) == 0
    wythoff.oeis_bfile("A000201", terms=3, path=_with(p, ".txt"))
    with open(raw + b".txt") as f:
        assert f.read() == "1 1\n2 3\n3 4\n"


def _with(p, suffix):
    """p with suffix appended, in p's own kind (str, bytes or os.PathLike)."""
    if isinstance(p, BytesPathLike):
        return BytesPathLike(p.b + suffix.encode())
    if isinstance(p, bytes):
        return p + suffix.encode()
    return p + suffix


def test_an_error_names_a_non_utf8_file_as_os_fsdecode_does(tmp_path):
    missing = os.fsencode(tmp_path) + b"/no-\xff.cert"
    with pytest.raises(FileNotFoundError) as e:
        wythoff.open_certificate(missing)
    assert os.fsencode(e.value.filename) == missing
    bad = os.fsencode(tmp_path) + b"/bad-\xff.cert"
    with open(bad, "wb") as f:
        f.write(b"not a certificate")
    with pytest.raises(wythoff.DamagedFileError) as e:
        wythoff.open_certificate(bad)
    assert os.fsencode(e.value.filename) == bad


def test_verify_names_a_table_whose_name_is_not_utf8(tmp_path):
    path = os.fsencode(tmp_path) + b"/t-\xff.bin"
    wythoff.write_table(path, 20)
    with pytest.raises(ValueError, match="table: .*UTF-8"):
        wythoff.verify(100, table=path)


@pytest.mark.parametrize(
    "call",
    [
        lambda: wythoff.write_certificate(3, 3),
        lambda: wythoff.open_certificate(3),
        lambda: wythoff.write_table(3.0, 8),
        lambda: wythoff.open_table(None),
        lambda: wythoff.open_line_table(3),
        lambda: wythoff.open_cube(3),
        lambda: wythoff.write_cube(["x"], 3),
        lambda: wythoff.oeis_bfile("A000201", terms=3, path=3),
    ],
)
def test_a_path_of_a_wrong_type_names_the_argument_and_what_is_accepted(call):
    with pytest.raises(TypeError, match=r"'path': expected a path \(str, bytes or os\.PathLike\)"):
        call()


def test_a_certificate_of_a_wrong_type_says_what_is_accepted():
    with pytest.raises(TypeError, match="certificate must be a RowCertificate or a path .*got int"):
        wythoff.grundy_at(1, 2, certificate=3)
    with pytest.raises(TypeError, match="certificate must be .*got float"):
        wythoff.sum_analysis([(1, 2)], certificate=1.5)
    with pytest.raises(TypeError, match="table'?: expected a path"):
        wythoff.verify(10, table=3)


def test_no_period_within_max_columns_is_a_value_error_naming_it(tmp_path):
    p = tmp_path / "r.cert"
    for rows, cols in [(3, 0), (8, 5), (8, 92)]:
        said = f"max_columns = {cols}: no period found within {cols} columns"
        with pytest.raises(ValueError, match=said):
            wythoff.write_certificate(p, rows, max_columns=cols)
        assert not p.exists()
    # enough columns: rows 0..7 repeat from μ = 93 with λ = 24 (doc/python.md)
    assert wythoff.write_certificate(p, 8, max_columns=93 + 2 * 24).joint == (93, 24)


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda p, v: wythoff.write_certificate(p, 3, max_columns=v), "max_columns"),
        (lambda p, v: wythoff.grundy_table(3, threads=v), "threads"),
        (lambda p, v: wythoff.write_table(p, 3, threads=v), "threads"),
        (lambda p, v: wythoff.line_grundy_table(3, game="nim", threads=v), "threads"),
        (lambda p, v: wythoff.write_line_table(p, 3, game="nim", threads=v), "threads"),
        (lambda p, v: wythoff.verify(v), "bound"),
        (lambda p, v: wythoff.verify(10, grundy=v), "grundy"),
        (lambda p, v: wythoff.verify(10, three=v), "three"),
    ],
)
def test_integer_arguments_name_themselves_in_every_refusal(tmp_path, call, name):
    p = tmp_path / "f"
    with pytest.raises(ValueError, match=f"^{name} must be non-negative, got -1$"):
        call(p, -1)
    beyond = f"^{name} = 18446744073709551616 is beyond 2\\*\\*64 - 1$"
    with pytest.raises(OverflowError, match=beyond):
        call(p, 2**64)
    with pytest.raises(TypeError, match=f"'{name}'.*got str"):
        call(p, "1")
    assert not p.exists()


def test_threads_zero_is_refused():
    with pytest.raises(ValueError, match="threads must be at least 1"):
        wythoff.grundy_table(3, threads=0)
    assert wythoff.grundy_table(3, threads=np.int64(1)).tolist() == naive_grundy(3)


@pytest.mark.parametrize(
    "call",
    [
        lambda p: wythoff.grundy_table(5, progress=3),
        lambda p: wythoff.pairs(10, progress="x"),
        lambda p: wythoff.write_table(p, 5, progress=3),
        lambda p: wythoff.line_grundy_table(5, game="nim", progress=3),
        lambda p: wythoff.three_pile_positions(5, progress=3),
        lambda p: wythoff.oeis_bfile("A000201", terms=3, progress=3),
        lambda p: wythoff.verify(10, progress=3),
    ],
)
def test_a_progress_that_is_not_callable_is_named(tmp_path, call):
    with pytest.raises(TypeError, match=r"^progress must be callable or None, got (int|str)$"):
        call(tmp_path / "f")
    assert not (tmp_path / "f").exists()


def test_numpy_bool_is_not_an_integer_as_for_numpy_but_python_bool_is(tmp_path):
    c = wythoff.write_certificate(tmp_path / "b.cert", 3)
    # Python's bool is an int (True == 1), so it is accepted as one
    assert c.row(True, 5).tolist() == c.row(1, 5).tolist()
    assert wythoff.nth(True) == wythoff.nth(1)
    with pytest.raises(TypeError, match=r"got fractions\.Fraction"):
        wythoff.nth(__import__("fractions").Fraction(1, 2))
    # NumPy's bool is an integer exactly where NumPy's own operator.index takes it: older NumPy
    # (with a DeprecationWarning) does, NumPy 2.x refuses it, and so does the message here
    import operator
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            operator.index(np.bool_(True))
            numpy_takes_it = True
        except TypeError:
            numpy_takes_it = False
        if numpy_takes_it:
            assert c.row(np.bool_(True), 5).tolist() == c.row(1, 5).tolist()
            assert wythoff.nth(np.True_) == wythoff.nth(1)
            return
    with pytest.raises(TypeError, match=r"got numpy\.bool_? \(NumPy's bool is not an integer"):
        c.row(np.bool_(True), 5)
    with pytest.raises(TypeError, match=r"numpy\.bool"):
        wythoff.nth(np.True_)
