"""The examples of doc/python.md run as written: each ```python block of `>>>` lines is a
doctest, all blocks in one namespace, in order."""

import doctest
import re

import pytest

from conftest import REPO

DOC = REPO / "doc" / "python.md"


def blocks():
    text = DOC.read_text()
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_tour_has_examples():
    assert len(blocks()) >= 5 and all(">>>" in b for b in blocks())


def test_the_examples_of_the_guide_run():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {}
    for k, block in enumerate(blocks()):
        test = parser.get_doctest(block, globs, f"doc/python.md block {k + 1}", str(DOC), 0)
        runner.run(test, out=lambda s: pytest.fail(s), clear_globs=False)
        globs = test.globs
    assert runner.summarize(verbose=False).failed == 0


def test_the_package_docstring_runs():
    import wythoff

    assert doctest.testmod(wythoff, optionflags=doctest.ELLIPSIS).failed == 0


def test_the_package_ships_its_stubs_and_marker():
    from importlib import resources

    import wythoff

    files = {p.name for p in resources.files("wythoff").iterdir()}
    assert {"py.typed", "_wythoff.pyi", "__init__.py", "_errors.py"} <= files, files
    # every public name has a stub and a docstring
    stubs = (resources.files("wythoff") / "_wythoff.pyi").read_text()
    for name in wythoff.__all__:
        if name != "DamagedFileError":
            assert f"def {name}(" in stubs or f"class {name}" in stubs, name
        assert getattr(wythoff, name).__doc__, name
