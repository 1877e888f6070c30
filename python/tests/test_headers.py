"""Damaged headers are refused on opening by every opener, whatever is read after; a parameter a
that disagrees with a certificate's is refused as the command line refuses it."""

import subprocess

import pytest

import wythoff
from conftest import REPO, _binary, naive_grundy

GOLDEN = REPO / "data" / "golden"


def _flipped(src, dst, byte, bit):
    """A copy of the file `src` at `dst` with one bit of byte `byte` (from the end if negative)
    flipped."""
    data = bytearray(src.read_bytes())
    data[byte] ^= 1 << bit
    dst.write_bytes(bytes(data))
    return dst


def _refused(open_, path, says="is damaged"):
    with pytest.raises(wythoff.DamagedFileError, match=says) as e:
        open_(path)
    assert e.value.filename == str(path)
    assert isinstance(e.value, OSError) and len(str(e.value).splitlines()) == 1


def test_a_flipped_bit_of_a_table_header_is_refused_on_open(tmp_path):
    good = tmp_path / "t.bin"
    wythoff.write_table(good, 40)
    assert wythoff.open_table(good).a == 1
    says = "its header and band index do not match the checksum in its header"
    # a: bit 32 (a = 2**32 + 1, the header still well formed), bit 1 (a = 3); the checksum; an
    # entry of the band index
    for byte, bit in [(20, 0), (16, 1), (60, 5), (-1, 7)]:
        bad = _flipped(good, tmp_path / f"bad{byte}.bin", byte, bit)
        _refused(wythoff.open_table, bad, says)
        _refused(lambda p: wythoff.open_table(p, verify=True), bad, says)
        # the verify report's table: refused before any work
        _refused(lambda p: wythoff.verify(10, table=str(p)), bad, says)


def test_a_flipped_bit_of_a_line_table_header_is_refused_on_open(tmp_path):
    good = tmp_path / "l.bin"
    wythoff.write_line_table(good, 40, rules="1,0:0,1:1,1:3,1")
    assert wythoff.open_line_table(good).rules == [(1, 0), (0, 1), (1, 1), (3, 1)]
    says = "its header, rules and band index do not match the checksum in its header"
    # the rule 3,1 (bytes 88..96) made 7,1, a rule list of another game; the checksum; the index
    for byte, bit in [(88, 2), (63, 0), (-8, 1)]:
        bad = _flipped(good, tmp_path / f"bad{byte}.bin", byte, bit)
        _refused(wythoff.open_line_table, bad, says)


def test_a_flipped_bit_of_a_cube_or_certificate_header_is_refused_on_open(tmp_path):
    cube = tmp_path / "c.bin"
    wythoff.write_cube(cube, 20)
    _refused(wythoff.open_cube, _flipped(cube, tmp_path / "c41.bin", 41, 3), "checksum")
    cert = tmp_path / "r.cert"
    wythoff.write_certificate(cert, 4)
    # a (1 made 3), the checksum
    for byte, bit in [(16, 1), (75, 4)]:
        bad = _flipped(cert, tmp_path / f"r{byte}.cert", byte, bit)
        _refused(wythoff.open_certificate, bad, "checksum")
        with pytest.raises(wythoff.DamagedFileError, match="is damaged"):
            wythoff.sum_analysis([(3, 100)], certificate=bad)
        with pytest.raises(wythoff.DamagedFileError, match="is damaged"):
            wythoff.grundy_at(3, 100, certificate=bad)


@pytest.mark.parametrize(
    "name, open_",
    [
        ("grundy_a1_40.v2.bin", wythoff.open_table),
        ("line_24.v1.bin", wythoff.open_line_table),
    ],
)
def test_a_file_of_an_earlier_version_is_checked_whole_on_open(tmp_path, name, open_):
    # one checksum covers the header with the whole payload: opening checks them together
    t = open_(GOLDEN / name)
    assert t.verified and t.version == 1 + name.endswith(".v2.bin")
    # its checksum, or a value: refused on open, as damage
    for byte, bit in [(60, 2), (-1, 0)]:
        _refused(open_, _flipped(GOLDEN / name, tmp_path / name, byte, bit), "is damaged")


def test_a_relabelled_legacy_table_is_refused_on_open(tmp_path):
    # a = 1 made 3 in a version 2 file: well formed, refused on open, not read as a = 3
    bad = _flipped(GOLDEN / "grundy_a1_40.v2.bin", tmp_path / "a3.bin", 16, 1)
    _refused(wythoff.open_table, bad, "its header and payload do not match the checksum")


def test_sum_analysis_refuses_an_a_other_than_the_certificates(tmp_path):
    path = tmp_path / "a3.cert"
    cert = wythoff.write_certificate(path, 4, a=3)
    assert cert.a == 3
    comps = [(1, 5), (2, 7), (3, 30)]
    g = naive_grundy(40, a=3)
    want = [g[x][y] for x, y in comps]
    # the certificate's a, given or left out: its values
    for kw in [{}, {"a": 3}]:
        for c in [cert, path, str(path)]:
            assert wythoff.sum_analysis(comps, certificate=c, **kw)["values"] == want
    # another a, 1 included: refused, naming both, whether the certificate is an object or a path
    for a in [1, 2, 4]:
        for c in [cert, path]:
            with pytest.raises(ValueError) as e:
                wythoff.sum_analysis(comps, a=a, certificate=c)
            assert str(e.value) == f"a = {a}: the certificate '{path}' holds rows for a = 3"
    # without a certificate, a is the game's parameter (1 when left out)
    assert wythoff.sum_analysis(comps, a=3)["values"] == want
    g1 = naive_grundy(40)
    assert wythoff.sum_analysis(comps)["values"] == [g1[x][y] for x, y in comps]
    # the command line refuses the same mix in the same words, its flag named as -a
    binary = _binary()
    if binary is None:
        pytest.skip("the wythoff binary is not built (cargo build --release), nor WYTHOFF_BIN set")
    r = subprocess.run(
        [str(binary), "sum", "1,5", "-a", "2", "--certificate", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert r.stderr.strip().endswith(f"-a 2: the certificate '{path}' holds rows for a = 3")
