"""Learned template factors: the formula, the file, and their use in the ranking."""

from __future__ import annotations

import json
from pathlib import Path

from fixloop.repair import priors
from fixloop.repair.templates import generate_candidates


def test_precise_templates_rise_flooding_ones_fall_unseen_stay() -> None:
    f = priors.factors_from_counts(
        {
            "precise": {"fixed": 40, "candidates": 50},
            "flood": {"fixed": 2, "candidates": 400},
            "rare": {"fixed": 1, "candidates": 2},
            "never-injected": {"fixed": 0, "candidates": 300},
            "delete-statement": {"fixed": 40, "candidates": 50},
        }
    )
    assert f["precise"] > 1.0 > f["flood"]
    assert priors.LO <= f["flood"] and f["precise"] <= priors.HI
    assert abs(f["rare"] - 1.0) < 0.2  # little evidence: near the hand-set prior
    assert f["never-injected"] == 1.0  # no bug of its kind was injected: no evidence
    assert f["delete-statement"] == 1.0  # deletions never rise
    assert priors.factors_from_counts({}) == {}


def test_missing_or_broken_file_means_hand_priors(tmp_path: Path) -> None:
    assert priors.learned_factors(str(tmp_path / "absent.json")) == {}
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert priors.learned_factors(str(bad)) == {}
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"templates": {"binop": {"factor": 9.0}}}), encoding="utf-8")
    assert priors.learned_factors(str(good)) == {"binop": priors.HI}  # clipped


def test_factors_reorder_candidates() -> None:
    source = "def f(a, b):\n    return a - b < 3\n"
    plain = generate_candidates(source, "m.py", {2: 1.0}, factors={})
    first = plain[0].template
    boosted = generate_candidates(source, "m.py", {2: 1.0}, factors={first: 0.01})
    assert boosted[0].template != first
    assert {c.new_source for c in plain} == {c.new_source for c in boosted}
