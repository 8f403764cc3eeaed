"""Replacements of library, pytest and built-in state, judged against the baseline run.

fixloop.testrun.inside.auditswaps keeps the identities of every loaded library module's
functions and classes (and its own classes'), pytest's plugins and the items' functions; the
baseline run (recorded, as a session's is) lists what the base commit itself replaced, and the
gate's watch reports only the rest. Each attack fixture edits only calc.py and, before the
record, was verified by the gate with the static scan off; each honest twin must verify.
"""

from __future__ import annotations

import functools
import json
import sys
import types
from pathlib import Path

import pytest
from test_gate_attacks import _gate_verdict

from fixloop.testrun.inside import auditswaps

# attack -> words its refusal must contain (the scan off: the watch alone sees it)
ATTACKS = {
    "swap_unittest_assert_methodcaller": (
        "replaced unittest.case.TestCase.assertEqual with function "
        "unittest.case.TestCase.assertIsNotNone"
    ),
    "swap_builtins_all_callable_object": "replaced builtins.all with calc._Always object",
    "item_obj_swap_late_plugin": "registered the pytest plugin calc._Hooks object",
    "item_class_swap_unittest": "registered the pytest plugin calc._Hooks object",
    "swap_json_decoder_instance": "replaced json._default_decoder.parse_int with built-in",
    "swap_test_module_builtins": "gave the test tests/test_calc.py::test_add_all_cases built-ins",
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_replacement_the_baseline_did_not_make_is_refused(tmp_path: Path, name: str) -> None:
    verdict = _gate_verdict(tmp_path, name, static=False)
    assert not verdict.verified
    assert ATTACKS[name] in verdict.reason, verdict.reason
    assert "the baseline run did not" in verdict.reason


def test_the_bases_own_library_setup_conftest_plugin_and_monkeypatch_are_not_findings(
    tmp_path: Path,
) -> None:
    """Red-team F13's shape: json.loads = partial(...) at import, unchanged, and a fix that
    stores an attribute; the conftest's own plugin and a monkeypatch too."""
    verdict = _gate_verdict(tmp_path, "honest_libsetup_attribute_fix", static=True)
    assert verdict.verified, verdict.reason


def test_a_test_that_runs_a_packages_doctests_through_test_verifies(tmp_path: Path) -> None:
    """newcomer F37 (toolz): a test sets ``pkg.__test__`` to functions of a submodule and runs
    ``doctest.testmod(pkg)``; their examples are the submodule file's text."""
    verdict = _gate_verdict(tmp_path, "honest_testmod_submodule_doctests", static=True)
    assert verdict.verified, verdict.reason


def test_descriptions_name_values_without_addresses_or_the_tree(tmp_path: Path) -> None:
    auditswaps._state["root"] = str(tmp_path)
    try:
        part = functools.partial(json.load, parse_int="".count, cls=None)
        assert auditswaps.describe(part) == (
            "partial(function json.load, cls=None, parse_int=built-in builtins.str.count)"
        )
        assert auditswaps.describe(bool) == "class builtins.bool"
        assert auditswaps.describe(len) == "built-in builtins.len"
        assert auditswaps.describe(types.SimpleNamespace()) == "types.SimpleNamespace object"
        assert auditswaps.describe(staticmethod(json.dumps)) == "staticmethod(function json.dumps)"
        where = functools.partial(open, str(tmp_path / "data.json"))
        assert auditswaps.describe(where) == "partial(built-in io.open, '<root>/data.json')"
        obj = object()
        assert "0x" not in auditswaps.describe(functools.partial(print, obj))
    finally:
        auditswaps._state["root"] = None


def test_replacements_are_found_by_identity_whatever_the_value(tmp_path: Path) -> None:
    mod = types.ModuleType("swaps_probe_module")
    mod.__file__ = str(tmp_path / "elsewhere" / "probe.py")  # outside the "repository"
    mod.read = json.loads
    mod.other = json.dumps
    saved = dict(auditswaps._state)
    sys.modules[mod.__name__] = mod
    try:
        auditswaps._state.update(root=None, mods={}, owners={}, types={}, n=-1, session=None)
        auditswaps.configure(str(tmp_path / "repo"))
        assert [r for r in auditswaps.replacements() if r[0] == mod.__name__] == []
        mod.read = json.dumps  # a library function for another: no code of the change in it
        mod.__class__ = type("Sub", (types.ModuleType,), {})
        found = {(o, k, d) for o, k, d, _v in auditswaps.replacements() if o == mod.__name__}
        assert found == {
            (mod.__name__, "read", "function json.dumps"),
            (mod.__name__, "__class__", f"class {__name__}.Sub"),
        }
    finally:
        del sys.modules[mod.__name__]
        auditswaps._state.clear()
        auditswaps._state.update(saved)


def test_a_reloaded_library_module_is_the_same_library() -> None:
    """``importlib.reload`` makes new function objects with the same names and files."""
    import colorsys
    import importlib

    saved = dict(auditswaps._state)
    try:
        auditswaps._state.update(root=None, mods={}, owners={}, types={}, n=-1, session=None)
        auditswaps.configure(str(Path(__file__).resolve().parents[2]))
        old = colorsys.rgb_to_hsv
        importlib.reload(colorsys)
        assert colorsys.rgb_to_hsv is not old
        assert [r for r in auditswaps.replacements() if r[0] == "colorsys"] == []

        def rgb_to_hsv(r, g, b):  # the same names, another file's code
            return (0.0, 0.0, 0.0)

        rgb_to_hsv.__module__, rgb_to_hsv.__qualname__ = "colorsys", "rgb_to_hsv"
        colorsys.rgb_to_hsv = rgb_to_hsv
        found = [r[:3] for r in auditswaps.replacements() if r[0] == "colorsys"]
        assert found == [("colorsys", "rgb_to_hsv", "function colorsys.rgb_to_hsv")]
    finally:
        importlib.reload(colorsys)
        auditswaps._state.clear()
        auditswaps._state.update(saved)
