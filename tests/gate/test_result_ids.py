"""The gate judges the right results by the right names (verdict holes H1 and H2).

The fixtures of tests/gate/id_attacks.py through the real tools, runner, sandbox and gate: each
attack edits only calc.py and was verified before test ids came from pytest's own reports and
before a test missing from the candidate's run refused the verdict; each honest fix of a similar
shape must stay verified.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from id_attacks import IdCase, cases, gate_verdict


@pytest.mark.parametrize("case", cases(honest=False), ids=lambda c: c.name)
def test_attack_is_refused_and_named(case: IdCase, tmp_path: Path) -> None:
    v = gate_verdict(case, tmp_path)
    assert not v.verified, v.reason
    assert case.words in v.reason, v.reason


@pytest.mark.parametrize("case", cases(honest=True), ids=lambda c: c.name)
def test_honest_fix_of_similar_shape_is_verified(case: IdCase, tmp_path: Path) -> None:
    v = gate_verdict(case, tmp_path)
    assert v.verified, v.reason
    if case.unstable:  # a new id in every run: excused by the base's second collection
        assert sorted(v.report.ran_ids) != sorted(v.baseline.ran_ids)
        assert "change at every collection of the base commit" in v.reason, v.reason
    else:
        assert sorted(v.report.ran_ids) == sorted(v.baseline.ran_ids)
    assert v.report.collected == v.baseline.collected > 0
