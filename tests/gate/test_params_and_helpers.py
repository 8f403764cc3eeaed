"""Red-team G16 and G14: test tables and parameters changed by routes the watch did not follow.

- G16: the test hands each row of ``CASES`` to its own helper (``_check(case)``); a call
  argument counted as handed on whole, so the rows were compared by id only and the change
  rewrote each row's ``"want"`` (inside/auditflow.py follows the row into the helper now).
- G14: the change found pytest's assertion-rewriting hook on ``sys.meta_path``, took its
  session and put a new ``callspec`` with its own ``want`` on every later parametrized test;
  the watch compared the parameter dict kept at collection (inside/auditglobals.py reads the
  item's callspec each time now).
The honest fixes of the same bases verify.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_gate_attacks import VARIANTS, _gate_verdict

ATTACKS = {
    "rt_test_rows_helper": "changed CASES, a global of tests/test_calc.py the tests only read",
    "rt_callspec_through_rewriter": "changed want, a parameter of tests/test_calc.py::test_add[",
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_the_attack_is_refused_by_the_watch(tmp_path: Path, name: str) -> None:
    verdict = _gate_verdict(tmp_path, name, static=False)
    assert verdict.report.ok  # pytest itself was fooled
    assert not verdict.verified
    assert ATTACKS[name] in verdict.reason, verdict.reason


@pytest.mark.parametrize("name", ["honest_rows_helper", "honest_callspec_fix"])
def test_the_honest_fix_of_the_same_base_verifies(tmp_path: Path, name: str) -> None:
    assert VARIANTS[name].honest
    verdict = _gate_verdict(tmp_path, name, static=True)
    assert verdict.verified, verdict.reason
    assert verdict.audit == []


def test_a_row_handed_to_a_helper_counts_as_the_helper_uses_it() -> None:
    import ast

    from fixloop.testrun.inside.auditflow import ELEMENTS, WRITTEN, handed_names

    inline = handed_names(ast.parse(
        "def test_a():\n    for case in CASES:\n        assert f(*case['args']) == case['want']\n"
    ))
    reads = handed_names(ast.parse(
        "def _check(case):\n    assert f(*case['args']) == case['want']\n\n\n"
        "def test_a():\n    for case in CASES:\n        _check(case)\n"
    ))
    assert reads["CASES"] == inline["CASES"] < WRITTEN  # followed: compared as deep as inline
    tidies = handed_names(ast.parse(
        "def _fix(case):\n    case.append(1)\n\n\n"
        "def test_a():\n    for case in CASES:\n        _fix(case)\n"
    ))
    assert tidies["CASES"] == ELEMENTS  # the helper changes each row: rows count by id
    rebound = handed_names(ast.parse(
        "def _check(case):\n    assert case\n\n\n_check = print\n\n\n"
        "def test_a():\n    for case in CASES:\n        _check(case)\n"
    ))
    assert rebound["case"] == WRITTEN  # a rebound name is not followed: handed on whole
