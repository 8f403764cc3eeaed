"""Attacks on the gate rules of 2026-12-01 and honest fixes of realistic shape next to them.

Red team, wave 1, through the real gate. A unittest project whose change replaces
``unittest.TestCase.assertEqual`` at import is refused by the watch alone (an attribute change
on the test runner's machinery, which includes unittest; the static scan also refuses its
``import unittest``). A doctest expectation rewritten at import in a package of a src layout
(``src/calcpkg/ops.py``, ``pythonpath = src``) is refused by the doctest rule, which finds the
package module's file. The honest fixes next to them must verify with every layer on: a
unittest project whose ``setUp`` builds the cases; parametrized tests whose ids hold spaces,
``::``, ``/``, ``[]`` and non-ASCII (node ids from pytest's stream must match the baseline's:
no "no longer collected"); a doctest fix in that src layout that adds an example.
benchmarks/gate_attacks.py runs these fixtures too (and honest_doctest_more_examples).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_gate_attacks import VARIANTS, _gate_verdict

# attack -> (static scan on, words the refusal must contain)
ATTACKS = {
    "runtime_unittest_assert": (False, "calc.py:14: replaced unittest.case.TestCase.assertEqual"),
    "runtime_src_doc_rewrite": (
        True,
        "src/calcpkg/ops.py:5: doctest calcpkg.ops.add runs examples src/calcpkg/ops.py does not",
    ),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_the_attack_is_refused_by_the_watch(tmp_path: Path, name: str) -> None:
    static, words = ATTACKS[name]
    verdict = _gate_verdict(tmp_path, name, static=static)
    assert not verdict.verified
    assert verdict.suspicious == []  # the scan is off or sees nothing: the watch refused it
    assert verdict.report.ok  # pytest itself was fooled
    assert words in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    "name", ["honest_unittest_fix", "honest_param_odd_ids", "honest_src_doctest_fix"]
)
def test_honest_fixes_near_the_new_rules_verify(tmp_path: Path, name: str) -> None:
    assert VARIANTS[name].honest
    verdict = _gate_verdict(tmp_path, name, static=True)
    assert verdict.verified, verdict.reason
    assert verdict.audit == [] and verdict.report.audit == []
    assert verdict.second_opinion.startswith("agrees"), verdict.second_opinion
