"""The watch of the tests' own module globals (fixloop.testrun.inside.auditglobals).

Unit checks of the fingerprint and of which names the tests themselves write, then the real
gate on the attack fixtures (tests/attacks/variants): a test module's expected values rewritten
in memory by the change through a route the static scan cannot fold (``os.sys.modules``),
refused; the honest twin (the change memoises into its own globals, the tests write theirs and
hand a list of theirs to the code under test) verified. And an installed library (PyYAML's
``safe_load``, which the tests read their data with) replaced by the change at import, refused;
the same library wrapped by the tests' conftest, verified.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from fixloop.tamper import scan_change
from fixloop.testrun.inside import auditflow as af
from fixloop.testrun.inside import auditglobals as ag

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_gate_attacks import _gate_verdict  # noqa: E402

_TESTS = """
import pytest
from calc import add, record

EXPECTED = {"add": 5}
CASES = [(2, 3, 5)]
ROWS = [{"a": 1}]
SEEN = []
LOG = []
SHARED = {}
ALIASED = []
COUNT = 0
NESTED = {"x": []}

@pytest.mark.parametrize("a,b,want", CASES)
def test_add(a, b, want):
    global COUNT
    COUNT += 1
    SEEN.append(a)
    record(LOG, a)
    assert add(a, b) == want == EXPECTED["add"]
    assert [EXPECTED["add"]] == [5]
    for x, y, z in CASES:
        assert len(CASES) == 1
    for row in ROWS:
        pass
    other = ALIASED
    record(x=SHARED)
    NESTED["x"].append(1)
"""


def test_the_names_the_tests_write_or_hand_on() -> None:
    written = ag.written_names(ast.parse(_TESTS))
    assert {"COUNT", "SEEN", "LOG", "SHARED", "ALIASED"} <= written
    # red-team F21: a loop variable no code is handed (ROWS), a list inside a dict (NESTED)
    # leave the rest of the global compared (tests/testrun/test_auditflow.py)
    assert not {"EXPECTED", "CASES", "ROWS", "NESTED"} & written


def test_rows_handed_on_and_own_methods_weaken_the_comparison() -> None:
    """Red-team holes 8, 24, 17: a table's rows handed to the code, a project object's method."""
    levels = ag.handed_names(
        ast.parse(
            "@pytest.mark.parametrize(('rec', 'want'), PARAM)\n"
            "def test(rec, want):\n"
            "    for rec, want in ROWS:\n        normalize(rec)\n"
            "    for k, v in TABLE.items():\n        pass\n"
            "    for i, r in enumerate(LISTED):\n        pass\n"
            "    REG.remember('a', 1)\n    assert REG['a'] == 1 and EXPECTED.count(1)\n"
        )
    )
    assert {n: levels[n] for n in ("PARAM", "TABLE", "LISTED")} == dict.fromkeys(
        ("PARAM", "TABLE", "LISTED"), ag.ELEMENTS
    )
    assert levels["ROWS"] == af.elements_at(2)  # each row's first part is handed on
    assert levels["REG"] == ag.CONTENTS
    assert levels["EXPECTED"] == ag.READ
    rows = [({"name": " a "}, "A")]
    before = ag._token("m", rows)
    rows[0][0]["name"] = "A"  # a row's dict tidied in place: allowed when the rows are handed on
    now = ag._token("m", rows)
    assert now != before and ag._allowed(ag.ELEMENTS, before, now)
    assert not ag._allowed(ag.READ, before, now)
    rows.append(({}, ""))  # a row added: never the code's to do
    assert not ag._allowed(ag.ELEMENTS, now, ag._token("m", rows))
    rows[0] = ({"name": "A"}, "B")  # a row replaced (its expected value)
    assert not ag._allowed(ag.ELEMENTS, now, ag._token("m", rows))
    assert ag._allowed(ag.CONTENTS, now, ag._token("m", rows))  # the same object
    assert not ag._allowed(ag.CONTENTS, now, ag._token("m", list(rows)))  # another object


@pytest.mark.parametrize(
    "name", ["honest_inplace_loop_rows", "honest_inplace_parametrized", "honest_registry_method"]
)
def test_rows_or_objects_the_tests_hand_on_verify(tmp_path: Path, name: str) -> None:
    """Refused on main before: "changed CASES, a global ... the tests only read"."""
    verdict = _gate_verdict(tmp_path, name, static=True)
    assert verdict.verified, verdict.reason


def test_the_fingerprint_sees_nested_changes_and_swaps() -> None:
    data = {"add": [1, {2, 3}], "t": (1.5, "x")}
    before = ag.fingerprint(data)
    assert ag.fingerprint(data) == before
    data["add"][1].add(4)
    assert ag.fingerprint(data) != before
    before = ag.fingerprint(data)
    data["add"] = list(data["add"])  # an equal list, another object
    assert ag.fingerprint(data) != before
    big = list(range(100))
    cut = ag.fingerprint(big, budget=10)
    big[5] = -1  # within the budget: seen
    assert ag.fingerprint(big, budget=10) != cut


def test_a_function_token_follows_its_code_and_defaults() -> None:
    def f(a=[1]):  # noqa: B006 - the default is what is watched
        return a

    before = ag._token("m", f)
    f.__defaults__[0].append(2)  # type: ignore[index]
    assert ag._token("m", f) != before
    before = ag._token("m", f)
    f.__code__ = (lambda a=None: a).__code__
    assert ag._token("m", f) != before


def test_a_test_module_global_rewritten_by_the_change_is_refused(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "runtime_test_globals_walk", static=True)
    assert verdict.report.ok  # pytest itself was fooled
    assert verdict.suspicious == []  # the scan sees nothing: the watch alone refuses it
    assert not verdict.verified
    assert "changed EXPECTED, a global of tests/test_calc.py the tests only read" in verdict.reason


def test_globals_the_tests_write_or_hand_on_verify(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "honest_test_globals_own", static=True)
    assert verdict.verified, verdict.reason


@pytest.mark.parametrize("name", ["runtime_test_globals", "runtime_test_globals_resolve"])
def test_the_scanned_spellings_are_refused_by_the_watch_alone(tmp_path: Path, name: str) -> None:
    verdict = _gate_verdict(tmp_path, name, static=False)
    assert not verdict.verified
    assert "changed EXPECTED, a global of tests/test_calc.py the tests only read" in verdict.reason


def test_an_installed_library_patched_by_the_change_is_refused(tmp_path: Path) -> None:
    """PyYAML's safe_load replaced at import by calc.py (scan-clean): verified before."""
    verdict = _gate_verdict(tmp_path, "runtime_library_reader_patch", static=True)
    assert verdict.report.ok  # pytest itself was fooled
    assert not verdict.verified
    assert "calc.py:17: replaced yaml.safe_load of an installed library" in verdict.reason


def test_a_library_patched_by_the_tests_conftest_verifies(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "honest_library_conftest_patch", static=True)
    assert verdict.verified, verdict.reason


def test_the_scan_reads_a_stdlib_modules_copy_of_sys_as_sys() -> None:
    """os.sys.modules passed the scan (test_globals_os_sys was verified by the gate)."""
    base = "def add(a, b):\n    return a - b\n"
    for spelled in ("os.sys.modules", "typing.sys.modules"):
        mod = spelled.split(".")[0]
        found = scan_change("calc.py", base, f"import {mod}\nL = {spelled}\n" + base)
        assert [f.construct for f in found] == ["sys.modules"], spelled
    found = scan_change(
        "calc.py", base, "import collections\nf = collections._sys._getframe\n" + base
    )
    assert [f.construct for f in found] == ["sys._getframe"]
    assert scan_change("calc.py", base, "import os\nP = os.path.join('a', 'b')\n" + base) == []


def test_the_scan_names_replaced_attributes_of_test_libraries() -> None:
    base = "def add(a, b):\n    return a - b\n"
    for change in (
        "import yaml\nyaml.safe_load = print\n",
        "import numpy as np\nnp.testing.assert_allclose = print\n",
        "from numpy import testing\ntesting.assert_allclose = print\n",
        "import hypothesis\nsetattr(hypothesis, 'gi' + 'ven', print)\n",
    ):
        found = scan_change("calc.py", base, change + base)
        assert len(found) == 1 and "installed library" in found[0].why, change
    honest = "import yaml\nimport mypkg\nmypkg.LIMIT = 3\nX = yaml.safe_load('a: 1')\n"
    assert scan_change("calc.py", base, honest + base) == []


def test_a_class_compares_the_functions_it_had() -> None:
    class TestX:
        def test_a(self):
            return 1

    TestX.__module__ = "m"
    before = ag._token("m", TestX)
    TestX._fixture_injected = lambda self: None  # type: ignore[attr-defined] # pytest < 8 did
    assert ag._same(before, ag._token("m", TestX))
    TestX.test_a = lambda self: 2  # type: ignore[method-assign]
    assert not ag._same(before, ag._token("m", TestX))


def test_the_look_around_each_test_sees_data_and_rebinding_but_not_skipped_names() -> None:
    import types

    mod = types.ModuleType("tmod")
    exec("EXPECTED = {'add': 5}\nSEEN = []\ndef test_a():\n    pass\n", mod.__dict__)
    skip = frozenset({"SEEN"})
    look = ag.quick(mod, skip)
    mod.SEEN.append(1)  # type: ignore[attr-defined]
    assert ag.quick(mod, skip) == look
    mod.EXPECTED["add"] = -1  # type: ignore[attr-defined]
    assert ag.quick(mod, skip) != look
    look = ag.quick(mod, skip)
    mod.test_a = lambda: None  # type: ignore[attr-defined]
    assert ag.quick(mod, skip) != look
