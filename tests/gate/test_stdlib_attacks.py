"""Attacks through the standard library the tests rely on, and honest fixes near today's rules.

Red team of 2026-12-01 (wave 1). A unittest project whose change replaces
``unittest.TestCase.assertEqual`` at import is refused by the watch alone (the static scan also
refuses its ``import unittest``) (an attribute change on the
test runner's machinery, which includes unittest). Next to it, honest fixes of realistic shape
near the new gate rules must verify with every layer on: a unittest project whose ``setUp``
builds the cases, parametrized tests whose ids hold spaces, ``::``, ``/``, ``[]`` and non-ASCII
(node ids from pytest's stream must match the baseline's, no "no longer collected"), and a
doctest fix that adds examples to the docstrings it fixes (the doctest rule reads the file's
literal docstrings; benchmarks/gate_attacks.py only, like every fixture here).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_gate_attacks import VARIANTS, _gate_verdict


def test_a_replaced_unittest_assertion_is_refused(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "runtime_unittest_assert", static=False)
    assert not verdict.verified  # the scan also refuses its 'import unittest'; the watch alone:
    assert verdict.report.ok  # pytest itself was fooled
    assert "calc.py:14: replaced unittest.case.TestCase.assertEqual" in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    "name", ["honest_unittest_fix", "honest_param_odd_ids"]
)
def test_honest_fixes_near_the_new_rules_verify(tmp_path: Path, name: str) -> None:
    assert VARIANTS[name].honest
    verdict = _gate_verdict(tmp_path, name, static=True)
    assert verdict.verified, verdict.reason
    assert verdict.audit == [] and verdict.report.audit == []
    assert verdict.second_opinion.startswith("agrees"), verdict.second_opinion
