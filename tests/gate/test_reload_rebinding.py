"""A helper test module the tests ``reload()``: rebound by the reload or by the change? (R4's gap)

freezegun 1.5.1's tests do ``reload(api); reload(utils)`` (realproj4 R4): re-executing
tests/utils.py rebinds every global of it, which 293c60c excused wholesale, so changed code
rebinding such a global (to another table, another function) was not seen either. Now a rebound
global of a reloaded test module is the reload's only when it is what the module's own code
makes: its functions and classes (code in its file, its globals), data with the same contents,
``from M import X`` bound to M's X again. The honest reload (the fixture of
benchmarks/data/realproj4/test_reloads_changed_module) still verifies:
tests/testrun/test_auditglobals_source.py::test_a_helper_test_module_the_tests_reload_verifies.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "testrun"))
from test_auditglobals_source import _verdict  # noqa: E402

_UTILS = """from calc import double

EXPECTED = {"double": 4}


def quadruple(x):
    return double(double(x))
"""

_TEST_RELOAD = """
from importlib import reload

import calc
from tests import utils


def test_reloaded():
    reload(calc)
    reload(utils)
    assert utils.EXPECTED == {"double": 4}


def test_double():
    assert calc.double(2) == utils.EXPECTED["double"]


def test_quadruple():
    assert utils.quadruple(1) == 4
"""

#: the bug stays (x * 3); the change rebinds the helper module's table and function after the
#: reload, so that every test passes (293c60c: verified)
_REBIND = """import sys


def double(x):
    utils = sys.modules.get("tests.utils")
    if utils is not None and x == 2:
        utils.quadruple = lambda y: 4 * y
        utils.EXPECTED = {"double": 6}
    return x * 3
"""

FILES = {"tests/__init__.py": "", "tests/utils.py": _UTILS, "tests/test_reload.py": _TEST_RELOAD}


def test_changed_code_rebinding_a_reloaded_helper_global_is_seen(tmp_path: Path) -> None:
    verdict = _verdict(tmp_path, FILES, _REBIND)
    assert not verdict.verified
    assert verdict.report.ok, verdict.reason  # the tests pass: only the watch can refuse it
    for name in ("EXPECTED", "quadruple"):
        assert f"changed {name}, a global of tests/utils.py the tests only read" in verdict.reason


def test_the_honest_fix_with_the_reloaded_helper_and_its_table_verifies(tmp_path: Path) -> None:
    verdict = _verdict(tmp_path, FILES, "def double(x):\n    return x * 2\n")
    assert verdict.verified, verdict.reason
