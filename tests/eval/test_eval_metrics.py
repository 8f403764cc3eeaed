"""Eval metrics on hand-made run records: pass@k, resolve rate, cost per resolved, bad behaviour."""

from __future__ import annotations

import math

import pytest

from fixloop.eval.metrics import (
    bad_behaviour_counts,
    comb_pass_at_k,
    latest_records,
    pass_at_k,
    summarize,
    task_metrics,
)


def rec(task: str, epoch: int, resolved: bool, **kw: object) -> dict:
    return {"task": task, "epoch": epoch, "model": "m", "resolved": resolved, **kw}


@pytest.mark.parametrize(
    ("n", "c", "k", "expected"),
    [
        (2, 1, 1, 0.5),  # one of two runs right: a single draw is right half the time
        (2, 1, 2, 1.0),  # both drawn: the right one is among them
        (2, 0, 1, 0.0),
        (2, 2, 1, 1.0),
        (3, 1, 1, 1 / 3),
        (3, 1, 2, 2 / 3),  # 1 - C(2,2)/C(3,2) = 1 - 1/3
        (4, 2, 2, 5 / 6),  # 1 - C(2,2)/C(4,2) = 1 - 1/6
        (5, 1, 3, 3 / 5),  # 1 - C(4,3)/C(5,3) = 1 - 4/10
        (10, 3, 5, 1 - 21 / 252),  # 1 - C(7,5)/C(10,5)
    ],
)
def test_pass_at_k_hand_computed(n: int, c: int, k: int, expected: float) -> None:
    assert pass_at_k(n, c, k) == pytest.approx(expected, abs=1e-12)


def test_pass_at_k_matches_the_binomial_formula_everywhere_small() -> None:
    for n in range(1, 13):
        for c in range(n + 1):
            for k in range(1, n + 1):
                want = 1 - math.comb(n - c, k) / math.comb(n, k)
                assert pass_at_k(n, c, k) == pytest.approx(want, abs=1e-12), (n, c, k)
                assert comb_pass_at_k(n, c, k) == pytest.approx(want, abs=1e-12)


def test_pass_at_1_is_the_fraction_correct_and_k_is_monotone() -> None:
    for n in (1, 5, 20):
        for c in range(n + 1):
            assert pass_at_k(n, c, 1) == pytest.approx(c / n)
            values = [pass_at_k(n, c, k) for k in range(1, n + 1)]
            assert values == sorted(values)


def test_pass_at_k_stable_for_large_n() -> None:
    # math.comb(1000, 500) overflows a float; the product form does not need it.
    value = pass_at_k(1000, 10, 500)
    assert 0.99 < value <= 1.0
    assert pass_at_k(1000, 1, 1) == pytest.approx(0.001)


@pytest.mark.parametrize(("n", "c", "k"), [(0, 0, 1), (2, 3, 1), (2, 1, 0), (2, 1, 3), (2, -1, 1)])
def test_pass_at_k_rejects_bad_arguments(n: int, c: int, k: int) -> None:
    with pytest.raises(ValueError):
        pass_at_k(n, c, k)


def test_summarize_hand_made_suite() -> None:
    records = [
        rec("a", 0, True, cost_usd=0.10, steps=4, wall_s=2.0),
        rec("a", 1, False, cost_usd=0.30, steps=8, wall_s=4.0, overfit=True),
        rec("b", 0, False, cost_usd=0.20, steps=10, wall_s=6.0, refused_test_edits=2),
        rec("b", 1, False, cost_usd=0.20, steps=10, wall_s=6.0, false_success_claims=1),
        rec("c", 0, True, cost_usd=0.05, steps=2, wall_s=1.0, outside_expected=["x.py"]),
        rec("c", 1, True, cost_usd=0.05, steps=2, wall_s=1.0, tamper_detected=1),
    ]
    s = summarize(records, epochs=2)
    assert s["runs"] == 6 and s["tasks"] == 3 and s["resolved_runs"] == 3
    assert s["resolve_rate"] == pytest.approx(0.5)
    # pass@1: a 1/2, b 0/2, c 2/2 -> mean 0.5; pass@2: a 1, b 0, c 1 -> 2/3
    assert s["pass_at_k"]["1"] == pytest.approx(0.5)
    assert s["pass_at_k"]["2"] == pytest.approx(2 / 3)
    assert s["pass_at_k_tasks"] == {"1": 3, "2": 3}
    # epoch 0: a, c resolved of 3; epoch 1: c of 3
    assert s["epoch_resolve_rates"] == {"0": pytest.approx(2 / 3), "1": pytest.approx(1 / 3)}
    assert s["mean_over_epochs"] == pytest.approx(0.5)
    assert s["std_over_epochs"] == pytest.approx(1 / 6)
    assert s["cost_usd"] == pytest.approx(0.90)
    assert s["cost_per_resolved"] == pytest.approx(0.30)
    assert s["overfit_runs"] == 1
    assert s["bad"] == {
        "outside_expected_runs": 1,
        "refused_test_edits": 2,
        "false_success_claims": 1,
        "tamper_detected": 1,
        "overfit": 1,
        "timed_out": 0,
        "errors": 0,
    }
    assert s["per_task"]["a"]["pass_at_k"] == {"1": 0.5, "2": 1.0}
    assert s["per_task"]["c"]["mean_cost_usd"] == pytest.approx(0.05)
    assert s["mean_steps"] == pytest.approx(6.0)


def test_cost_unknown_or_nothing_resolved_gives_none() -> None:
    unknown = [rec("a", 0, True, cost_usd=0.1), rec("a", 1, True, cost_usd=None)]
    s = summarize(unknown)
    assert s["cost_usd"] is None and s["cost_per_resolved"] is None
    assert task_metrics(unknown)["mean_cost_usd"] is None
    none_resolved = [rec("a", 0, False, cost_usd=0.1)]
    assert summarize(none_resolved)["cost_per_resolved"] is None
    assert summarize(none_resolved)["cost_usd"] == pytest.approx(0.1)


def test_pass_at_k_only_over_tasks_with_enough_runs() -> None:
    # an interrupted eval: task b has one run only
    records = [rec("a", 0, False), rec("a", 1, True), rec("b", 0, True)]
    s = summarize(records, epochs=2)
    assert s["pass_at_k"]["1"] == pytest.approx((0.5 + 1.0) / 2)
    assert s["pass_at_k"]["2"] == pytest.approx(1.0)
    assert s["pass_at_k_tasks"] == {"1": 2, "2": 1}
    assert summarize([], epochs=2)["pass_at_k"] == {"1": None, "2": None}


def test_latest_record_per_key_wins() -> None:
    records = [rec("a", 0, False), rec("a", 0, True), rec("a", 1, False)]
    latest = latest_records(records)
    assert [(r["epoch"], r["resolved"]) for r in latest] == [(0, True), (1, False)]
    assert summarize(records)["runs"] == 2


def test_bad_behaviour_counts_errors_and_timeouts() -> None:
    records = [
        rec("a", 0, False, error="timed out after 5 s", timed_out=True),
        rec("a", 1, False, error="agent exit 3, no JSON result"),
        rec("b", 0, True, error=None, outside_expected=[]),
    ]
    counts = bad_behaviour_counts(records)
    assert counts["timed_out"] == 1 and counts["errors"] == 2
    assert counts["outside_expected_runs"] == 0
