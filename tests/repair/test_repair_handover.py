"""The run's deadline in the repair engine (issue 19, realproj6): the analysis hands its patch
over while the gate can still run.

The budgets are read on the port's clock: a fixed clock here, so each cut is an exact number
and no assertion depends on how long anything took.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from test_e2e import default_sandbox_args
from test_repair_engine import CALC, CALC_TESTS, FAILING, fake_generator

from fixloop.api import CodingAgent
from fixloop.models.repair import RepairModel, port_from_context
from fixloop.repair import RepairEngine, RepairPort
from fixloop.repair.budgets import TRACE_MIN_S, rescaled_budget, trace_limits
from fixloop.repair.handover import (
    GATE_OVERHEAD_S,
    GATE_SUITES,
    JUDGE_SHARE,
    gate_reserve,
    handover_left,
    judge_room,
    past_budget,
    second_room,
    within_deadline,
)
from fixloop.types import Limits, ModelContext, RepairBudget, RunStatus

NOW = 1000.0


def _port(deadline: float | None, baseline_s: float = 10.0, **kw: Any) -> RepairPort:
    return RepairPort(
        root=Path("."),
        scratch_dir=Path("."),
        runner=None,  # type: ignore[arg-type]
        python=sys.executable,
        baseline_seconds=baseline_s,
        deadline=deadline,
        clock=lambda: NOW,
        **kw,
    )


def test_the_gate_keeps_its_suites_and_overhead() -> None:
    port = _port(NOW + 500.0, baseline_s=40.0)
    assert gate_reserve(port) == GATE_OVERHEAD_S + GATE_SUITES * 40.0 == 150.0
    assert handover_left(port) == 350.0
    assert handover_left(_port(None)) is None


def test_without_a_deadline_every_budget_is_the_engines_own() -> None:
    port = _port(None)
    notes: list[str] = []
    assert within_deadline(port, 10_000.0, {"seconds": 3.0}, notes) == 10_000.0
    assert past_budget(port, 77.0) == 77.0 and judge_room(port, notes) and notes == []
    wall, _ = trace_limits(_port(None, limits=Limits(wall_s=100.0)))
    assert wall == 3.0 * 100.0  # trace_factor x the run's limit, as before


def test_a_budget_the_deadline_leaves_room_for_is_kept() -> None:
    port = _port(NOW + 1000.0)  # 940 s left before the hand-over point
    notes: list[str] = []
    assert within_deadline(port, 300.0, {"seconds": 5.0}, notes) == 300.0 and notes == []


def test_a_budget_past_the_deadline_is_cut_and_the_judge_keeps_its_share() -> None:
    port = _port(NOW + 60.0 + 400.0)  # reserve 60 s, 400 s left
    notes: list[str] = []
    # the judge keeps 3 traced runs of 20 s (less than its 25% share)
    assert within_deadline(port, 10_000.0, {"seconds": 20.0}, notes) == 400.0 - 60.0
    assert notes and "by the run's deadline" in notes[0] and "60 s" in notes[0]
    # traced runs dearer than the share: the share
    assert within_deadline(port, 10_000.0, {"seconds": 90.0}) == 400.0 * (1 - JUDGE_SHARE)
    # no spectrum (the rescaled budget): the share
    assert within_deadline(port, 10_000.0) == 400.0 * (1 - JUDGE_SHARE)


def test_past_the_hand_over_point_nothing_more_is_screened_or_judged() -> None:
    port = _port(NOW + 60.0 - 5.0)  # 5 s past the hand-over point
    notes: list[str] = []
    assert within_deadline(port, 50.0, {"seconds": 1.0}, notes) == 0.0
    assert past_budget(port, 12.0) == 0.0
    assert not judge_room(port, notes) and "not compared" in notes[-1]
    assert past_budget(_port(NOW + 60.0 + 8.0), 12.0) == 8.0  # what is left, no more


def test_a_search_that_found_nothing_may_go_on_to_the_hand_over_point() -> None:
    notes: list[str] = []
    assert second_room(_port(None), {"seconds": 5.0}, notes) == 0.0 and notes == []
    port = _port(NOW + 60.0 + 1000.0)  # 1,000 s left: 3 traced runs of 20 s kept for the judge
    assert second_room(port, {"seconds": 20.0}, notes) == 1000.0 - 60.0
    assert notes and "to the run's deadline" in notes[0]
    assert second_room(_port(NOW + 30.0), {"seconds": 1.0}) == 0.0  # past the hand-over point


def test_traced_runs_take_at_most_half_of_what_is_left() -> None:
    limits = Limits(wall_s=100.0)
    assert trace_limits(_port(NOW + 60.0 + 100.0, limits=limits))[0] == 50.0
    assert trace_limits(_port(NOW + 60.0 + 10_000.0, limits=limits))[0] == 300.0
    assert trace_limits(_port(NOW, limits=limits))[0] == TRACE_MIN_S  # past: the floor


def test_the_rescaled_budget_is_cut_too() -> None:
    b = RepairBudget()
    far, near = _port(NOW + 100_000.0), _port(NOW + 60.0 + 200.0)
    assert rescaled_budget(far, [9.0], 20.0, 1) == b.max_s + 2 * 20.0
    assert rescaled_budget(near, [9.0], 20.0, 1) == 200.0 * (1 - JUDGE_SHARE)
    assert rescaled_budget(near, [], 20.0, 1) == b.min_s


def test_the_adapter_puts_the_runs_deadline_in_the_port(tmp_path: Path) -> None:
    class Runner:
        python = sys.executable

    ctx = ModelContext(
        root=tmp_path, task="", sandbox=None, runner=Runner(), scratch_dir=tmp_path, deadline=123.5
    )  # type: ignore[arg-type]
    assert port_from_context(ctx).deadline == 123.5
    assert port_from_context(ModelContext(tmp_path, "", None, Runner(), tmp_path)).deadline is None  # type: ignore[arg-type]


@pytest.fixture
def calc_repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "tests").mkdir(parents=True)
    (root / "calc.py").write_text(CALC)
    (root / "tests" / "test_calc.py").write_text(CALC_TESTS)
    return root


def _engine_port(root: Path, tmp_path: Path, deadline: float) -> RepairPort:
    from fixloop.sandbox import make_sandbox

    return RepairPort(
        root=root,
        scratch_dir=tmp_path / "scratch",
        runner=make_sandbox("none", allow_unsandboxed=True),
        python=sys.executable,
        limits=Limits(wall_s=120.0),
        deadline=deadline,
        clock=lambda: NOW,
    )


def test_a_given_budget_is_cut_to_the_deadline_and_the_plausible_patch_handed_over(
    tmp_path: Path, calc_repo: Path
) -> None:
    # a screening budget of 10,000 s in a run whose deadline leaves 300 s after the gate's
    port = _engine_port(calc_repo, tmp_path, NOW + GATE_OVERHEAD_S + 300.0)
    an = RepairEngine(generator=fake_generator, time_budget_s=10_000).analyze(port)
    assert an.failing == FAILING
    assert 300.0 * (1 - JUDGE_SHARE) <= an.budget_s < 300.0
    assert any("by the run's deadline" in n for n in an.notes), an.notes
    assert [(c.line, c.description) for c in an.plausible][:1] == [(6, "'+' -> '-'")]


def test_past_the_hand_over_point_the_engine_screens_nothing(
    tmp_path: Path, calc_repo: Path
) -> None:
    port = _engine_port(calc_repo, tmp_path, NOW + GATE_OVERHEAD_S - 1.0)
    an = RepairEngine(generator=fake_generator, time_budget_s=10_000).analyze(port)
    assert an.tried == [] and an.plausible == []
    assert an.budget_s == 0.0 or not an.failing  # cut to nothing, or no spectrum in 5 s


@pytest.mark.usefixtures("private_home")
def test_the_session_passes_the_runs_deadline_and_the_gate_verifies(make_repo: Any) -> None:
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": CALC_TESTS})
    sandbox_kw: dict[str, Any] = (
        {"sandbox": "none", "allow_unsandboxed": True} if "none" in default_sandbox_args() else {}
    )
    model = RepairModel(generator=fake_generator, time_budget_s=100_000)
    result = CodingAgent(model, repo, max_wall_s=900, **sandbox_kw).run()
    an = model.analysis
    assert an is not None and an.budget_s < 900  # the run's deadline cut the 100,000 s
    assert any("by the run's deadline" in n for n in an.notes), an.notes
    assert result.status == RunStatus.VERIFIED, result.stop_reason
