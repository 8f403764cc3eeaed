"""``--attempts N --jobs J``: independent attempts chosen by the tests (fixloop.attempts).

End to end through the real CLI on a copy of examples/calc, one scripted model per attempt
(tests/scripts/attempts/*.json: each reply costs $0.25 in its recorded usage), and unit tests of
the parts: diff size, the choice, the shared budget, the engine's seeded search order, the
models of the attempts.
"""

from __future__ import annotations

import shutil
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import git
from test_e2e import default_sandbox_args, fixloop_branches, one_json, run_cli, snapshot

from fixloop.agent.budgets import SharedBudget
from fixloop.api import CodingAgent
from fixloop.attempts import Attempt, attempt_models, choose_winner, diff_size
from fixloop.config import load_settings
from fixloop.errors import UsageError
from fixloop.repair.candidate import Candidate
from fixloop.repair.engine import order_candidates
from fixloop.session import EXIT_INTERRUPTED, INTERRUPTED, RunInterrupted, conclude
from fixloop.types import RunResult, RunStatus

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "tests" / "scripts" / "attempts"


def scripts(*names: str) -> str:
    return "script:" + ",".join(str(SCRIPTS / f"{n}.json") for n in names)


@pytest.fixture
def sandbox_args() -> list[str]:
    return list(default_sandbox_args())


# ---- end to end ---------------------------------------------------------------------------


def test_the_smallest_verified_diff_wins(calc: Path, tmp_path: Path, sandbox_args) -> None:
    before = snapshot(calc)
    proc = run_cli(
        ["fix", str(calc), "--json", "--attempts", "3", "--jobs", "2", "--all-attempts"]
        + ["--model", scripts("calc_long_fix", "calc_short_fix", "calc_wrong_fix")]
        + sandbox_args,
        tmp_path / "home",
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = one_json(proc)
    att = res["attempts"]
    assert [a["index"] for a in att] == [1, 2, 3]
    assert [a["status"] for a in att] == ["verified", "verified", "not_fixed"]
    assert [a["won"] for a in att] == [False, True, False]
    assert [(a["diff_lines"], a["diff_files"]) for a in att] == [(4, 1), (2, 1), (2, 1)]
    assert att[2]["failing_tests"] == [
        "tests/test_calc.py::test_add",
        "tests/test_calc.py::test_add_negative",
    ]
    # the run's result is the winner's; only its branch is left; cost is the whole run's
    assert res["status"] == "verified" and res["branch"] == att[1]["branch"]
    assert "+    return a + b" in res["diff"]
    assert fixloop_branches(calc) == [att[1]["branch"]]
    assert att[0]["branch"] is None and att[2]["branch"] is None
    assert res["usage"]["cost_usd"] == pytest.approx(1.5)
    assert [a["cost_usd"] for a in att] == [0.5, 0.5, 0.5]
    assert len({a["run_id"] for a in att}) == 3
    assert "Winner: attempt 2" in res["summary"]
    assert snapshot(calc) == before


def test_once_one_wins_the_queued_attempts_do_not_start(
    calc: Path, tmp_path: Path, sandbox_args
) -> None:
    proc = run_cli(
        ["fix", str(calc), "--json", "--attempts", "2", "--jobs", "1", "--keep-attempts"]
        + ["--model", scripts("calc_long_fix", "calc_short_fix")]
        + sandbox_args,
        tmp_path / "home",
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = one_json(proc)
    first, second = res["attempts"]
    assert first["won"] and first["status"] == "verified"
    assert second["status"] == "not_started" and second["steps"] == 0
    assert second["stopped"] == "not started: attempt 1 verified a fix"
    assert fixloop_branches(calc) == [first["branch"]]  # the unstarted one made no branch


def test_none_verifies_each_attempt_reports_its_failing_tests(
    calc: Path, tmp_path: Path, sandbox_args
) -> None:
    proc = run_cli(
        ["fix", str(calc), "--json", "--attempts", "2", "--jobs", "2"]
        + ["--model", scripts("calc_wrong_fix", "calc_give_up")]
        + sandbox_args,
        tmp_path / "home",
    )
    assert proc.returncode == 1, proc.stderr[-3000:]
    res = one_json(proc)
    assert res["status"] == "not_fixed" and res["verified"] is False
    wrong, gave_up = res["attempts"]
    failing = ["tests/test_calc.py::test_add", "tests/test_calc.py::test_add_negative"]
    assert wrong["failing_tests"] == failing and gave_up["failing_tests"] == failing
    assert not wrong["won"] and not gave_up["won"]
    # nothing merged: the wrong attempt's work stays on its own branch, the base is unchanged
    assert wrong["branch"] and fixloop_branches(calc) == [wrong["branch"]]
    assert gave_up["branch"] is None  # it changed nothing
    assert "a * b" in git(calc, "show", f"{wrong['branch']}:calc.py")
    assert "return a - b" in (calc / "calc.py").read_text()
    assert "No attempt was verified" in res["summary"]


def test_the_cost_budget_is_the_whole_runs(calc: Path, tmp_path: Path, sandbox_args) -> None:
    # each attempt alone stays under $0.60; the first spends $0.50, so the second is stopped
    # after one call and the third never starts
    proc = run_cli(
        ["fix", str(calc), "--json", "--attempts", "3", "--jobs", "1", "--max-cost", "0.6"]
        + ["--model", scripts("calc_wrong_fix", "calc_give_up", "calc_short_fix")]
        + sandbox_args,
        tmp_path / "home",
    )
    assert proc.returncode == 1, proc.stderr[-3000:]
    res = one_json(proc)
    first, second, third = res["attempts"]
    assert first["steps"] == 2 and first["cost_usd"] == 0.5
    assert second["status"] == "budget_exhausted" and second["steps"] == 1
    assert "cost budget of the whole run used up" in second["stop_reason"]
    assert third["status"] == "not_started" and third["steps"] == 0
    assert "cost budget of the whole run" in third["stopped"]
    assert res["usage"]["cost_usd"] == pytest.approx(0.75)


def test_script_count_must_match_the_attempts(calc: Path, tmp_path: Path) -> None:
    proc = run_cli(
        ["fix", str(calc), "--json", "--attempts", "3"]
        + ["--model", scripts("calc_long_fix", "calc_short_fix")],
        tmp_path / "home",
    )
    assert proc.returncode == 2
    res = one_json(proc)
    assert "2 scripts for 3 attempt(s)" in res["summary"]
    assert fixloop_branches(calc) == []


# ---- parts --------------------------------------------------------------------------------


def test_diff_size_counts_changed_lines_and_files() -> None:
    diff = (
        "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"
        "diff --git a/y.py b/y.py\nnew file mode 100644\n--- /dev/null\n+++ b/y.py\n@@ -0,0 +1 @@\n+z\n"
    )
    assert diff_size(diff) == (3, 2)
    assert diff_size("") == (0, 0)


def _done(index: int, verified: bool, diff: str) -> Attempt:
    a = Attempt(index, model=lambda *a: {})
    a.result = RunResult(RunStatus.VERIFIED if verified else RunStatus.NOT_FIXED, verified)
    a.result.diff = diff
    return a


def test_choose_winner_smallest_lines_then_files_then_earliest() -> None:
    one_file_3 = "diff --git a/x b/x\n-a\n+b\n+c\n"
    two_files_2 = "diff --git a/x b/x\n-a\ndiff --git a/y b/y\n+b\n"
    one_file_2 = "diff --git a/x b/x\n-a\n+b\n"
    assert choose_winner([_done(1, True, one_file_3), _done(2, True, two_files_2)]).index == 2
    assert choose_winner([_done(1, True, two_files_2), _done(2, True, one_file_2)]).index == 2
    assert choose_winner([_done(1, True, one_file_2), _done(2, True, one_file_2)]).index == 1
    assert choose_winner([_done(1, False, ""), _done(2, True, one_file_3)]).index == 2
    assert choose_winner([_done(1, False, ""), _done(2, False, "")]) is None


def test_shared_budget_counts_every_attempt_and_cancels() -> None:
    now = [0.0]
    shared = SharedBudget(max_cost_usd=1.0, max_tokens=1000, max_wall_s=60, clock=lambda: now[0])
    shared.add({"input_tokens": 100, "output_tokens": 50, "cost_usd": 0.6})
    assert shared.stop() is None
    shared.add({"input_tokens": 10, "output_tokens": 5, "cost_usd": 0.4})
    assert "cost budget of the whole run" in (shared.stop() or "")
    tokens = SharedBudget(max_cost_usd=9, max_tokens=100, max_wall_s=60, clock=lambda: now[0])
    tokens.add({"input_tokens": 60, "output_tokens": 40})
    assert "token budget of the whole run" in (tokens.stop() or "")
    wall = SharedBudget(max_cost_usd=9, max_tokens=100, max_wall_s=60, clock=lambda: now[0])
    now[0] = 61.0
    assert "wall-time budget of the whole run" in (wall.stop() or "")
    assert wall.cancelled is None
    wall.cancel("first")
    wall.cancel("second", interrupt=True)
    assert wall.cancelled == ("first", False)


def _cands(n: int) -> list[Candidate]:
    return [
        Candidate(
            path="m.py",
            new_source=f"x = {i}\n",
            template="t",
            description=f"c{i}",
            line=i,
            prior=1.0,
            score=1.0 - i / 100,
            old_source="x = 0\n",
        )
        for i in range(n)
    ]


def test_the_engine_seed_changes_the_search_order_and_seed_0_keeps_it() -> None:
    cands = _cands(30)
    plain = [c.description for c in order_candidates(cands)]
    assert [c.description for c in order_candidates(cands, seed=0)] == plain
    one = [c.description for c in order_candidates(cands, seed=1)]
    assert one != plain and sorted(one) == sorted(plain)
    assert [c.description for c in order_candidates(cands, seed=1)] == one  # reproducible
    assert [c.description for c in order_candidates(cands, seed=2)] != one


def test_attempt_models_give_each_attempt_its_own_sampling(tmp_path: Path) -> None:
    settings, _ = load_settings(None, {})
    made = attempt_models("repair", settings, 3)
    assert [m.engine.seed for m, _ in made] == [0, 1, 2]  # type: ignore[attr-defined]
    assert [s["seed"] for _, s in made] == [0, 1, 2]
    assert len({id(m) for m, _ in made}) == 3
    folder = tmp_path / "scripts"
    folder.mkdir()
    for name in ("b_short", "a_long"):
        shutil.copy(SCRIPTS / f"calc_{name.split('_')[1]}_fix.json", folder / f"{name}.json")
    by_folder = attempt_models(f"script:{folder}", settings, 2)
    assert [Path(s["script"]).name for _, s in by_folder] == ["a_long.json", "b_short.json"]
    same = attempt_models(scripts("calc_short_fix"), settings, 2)
    assert [Path(s["script"]).name for _, s in same] == ["calc_short_fix.json"] * 2
    with pytest.raises(UsageError, match="2 scripts for 3"):
        attempt_models(scripts("calc_long_fix", "calc_short_fix"), settings, 3)
    with pytest.raises(UsageError, match="one per attempt"):
        attempt_models(lambda *a: {}, settings, 2)


# ---- Ctrl-C --------------------------------------------------------------------------------


def _attempt_model(*, interrupt: bool, edited: threading.Event) -> Callable[..., dict[str, Any]]:
    """One attempt's model: fixes calc, then reads calc.py until the run stops it.

    Its second call means its edit was made: without ``interrupt`` it sets ``edited``; with
    ``interrupt`` it waits for ``edited`` (the other attempt's edit) and sends SIGINT to the
    main thread, as Ctrl-C at the terminal does.
    """
    calls = 0
    edit = {
        "type": "tool_use",
        "name": "edit_file",
        "input": {
            "path": "calc.py",
            "old": "def add(a, b):\n    return a - b\n",
            "new": "def add(a, b):\n    return a + b\n",
        },
    }
    read = {"type": "tool_use", "name": "read_file", "input": {"path": "calc.py"}}

    def model(system: str, messages: list[dict], tools: list[dict]) -> dict[str, Any]:
        nonlocal calls
        calls += 1
        if calls == 2 and not interrupt:
            edited.set()
        if calls == 2 and interrupt:
            assert edited.wait(120), "the other attempt never made its edit"
            main = threading.main_thread().ident
            assert main is not None
            signal.pthread_kill(main, signal.SIGINT)
        time.sleep(0.05)  # the reads go on at a human pace until the shared budget stops them
        block = edit if calls == 1 else read
        return {"stop_reason": "tool_use", "content": [block], "usage": {}}

    return model


@pytest.mark.usefixtures("private_home")
def test_ctrl_c_ends_every_attempt_once_with_its_work_committed(calc: Path) -> None:
    """Ctrl-C while two attempts run: the one handler stops both, each session commits its
    work (WIP) on its branch, and RunInterrupted carries the combined result (exit 130)."""
    sandbox = default_sandbox_args()
    kw: dict[str, Any] = {"sandbox": "none", "allow_unsandboxed": True} if "none" in sandbox else {}
    edited = threading.Event()
    agent = CodingAgent(
        [
            _attempt_model(interrupt=True, edited=edited),
            _attempt_model(interrupt=False, edited=edited),
        ],
        calc,
        attempts=2,
        jobs=2,
        **kw,
    )
    with pytest.raises(RunInterrupted) as info:
        agent.run()
    ending = conclude(lambda: (_ for _ in ()).throw(info.value))
    assert ending.code == EXIT_INTERRUPTED and ending.result is info.value.result
    result = info.value.result
    assert result is agent.result and result.stop_reason == INTERRUPTED
    assert [a["stopped"] for a in result.attempts] == [INTERRUPTED, INTERRUPTED], [(a["status"], a["stop_reason"], a["steps"], a["wall_s"]) for a in result.attempts]
    for rec in result.attempts:
        branch = rec["branch"]
        assert branch and "fixloop WIP" in git(calc, "log", "-1", "--format=%s", branch)
        assert "return a + b" in git(calc, "show", f"{branch}:calc.py")


@pytest.mark.usefixtures("private_home")
def test_ctrl_c_during_an_attempts_final_check_stops_its_gate(
    calc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race of the test above (1 run in 8 failed): the other attempt's reads hit the loop
    detector before the Ctrl-C, its final check (the gate) began in its own thread, which never
    sees the interrupt, and the gate went on and verified after it; that attempt then counted
    as not stopped, and as the winner. Here the Ctrl-C always lands while that gate waits to
    start: the attempt's commands are halted, so the gate cannot verify."""
    from fixloop import attempts as attempts_mod
    from fixloop.gate import Gate

    sandbox = default_sandbox_args()
    kw: dict[str, Any] = {"sandbox": "none", "allow_unsandboxed": True} if "none" in sandbox else {}
    verifying, killed = threading.Event(), threading.Event()
    original_verify, original_kill = Gate.verify, attempts_mod.kill_all_children

    def verify(self: Gate) -> Any:
        verifying.set()  # the final check began (no claim is ever made here)
        assert killed.wait(120), "the Ctrl-C was never handled"
        return original_verify(self)

    def kill_all() -> None:
        original_kill()
        killed.set()

    monkeypatch.setattr(Gate, "verify", verify)
    monkeypatch.setattr(attempts_mod, "kill_all_children", kill_all)
    interrupter = _attempt_model(interrupt=False, edited=threading.Event())  # edit, then reads
    calls = 0

    def first(system: str, messages: list[dict], tools: list[dict]) -> dict[str, Any]:
        nonlocal calls
        calls += 1
        if calls == 2:  # its edit is made
            assert verifying.wait(120), "the other attempt never reached its final check"
            main = threading.main_thread().ident
            assert main is not None
            signal.pthread_kill(main, signal.SIGINT)
        return interrupter(system, messages, tools)

    looping = _attempt_model(interrupt=False, edited=threading.Event())  # reads until the loop stop
    agent = CodingAgent([first, looping], calc, attempts=2, jobs=2, **kw)
    with pytest.raises(RunInterrupted) as info:
        agent.run()
    result = info.value.result
    second = result.attempts[1]
    assert second["stop_reason"].startswith("loop: ")
    assert second["stop_reason"].endswith(f"; final check stopped: {INTERRUPTED}")
    assert not second["verified"] and not second["won"]
    assert [a["stopped"] for a in result.attempts] == [INTERRUPTED, INTERRUPTED]
    for rec in result.attempts:
        assert rec["branch"] and "fixloop WIP" in git(calc, "log", "-1", "--format=%s", rec["branch"])


@pytest.mark.usefixtures("private_home")
def test_ctrl_c_during_an_attempts_baseline_ends_it_interrupted(
    calc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while an attempt's baseline is about to run: its halted command raises the run's
    stop, which the session ends as that stop (interrupted, work kept), not as an error of its
    own ("Interrupted: ..." with status error)."""
    from fixloop import attempts as attempts_mod
    from fixloop import session as session_mod

    sandbox = default_sandbox_args()
    kw: dict[str, Any] = {"sandbox": "none", "allow_unsandboxed": True} if "none" in sandbox else {}
    in_baseline, killed = threading.Event(), threading.Event()
    original_baseline, original_kill = session_mod.run_baseline, attempts_mod.kill_all_children
    lock, callers = threading.Lock(), []

    def run_baseline(runner: Any) -> Any:
        with lock:
            callers.append(threading.current_thread().name)
            second = len(callers) == 2
        if second:  # the later attempt waits here until the Ctrl-C was handled
            in_baseline.set()
            assert killed.wait(120), "the Ctrl-C was never handled"
        return original_baseline(runner)

    def kill_all() -> None:
        original_kill()
        killed.set()

    monkeypatch.setattr(session_mod, "run_baseline", run_baseline)
    monkeypatch.setattr(attempts_mod, "kill_all_children", kill_all)
    sent = threading.Event()

    def signalling(reads: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
        # both attempts' models: the one whose baseline ran (the first to be called) presses
        # Ctrl-C once the other one waits at its baseline
        def model(system: str, messages: list[dict], tools: list[dict]) -> dict[str, Any]:
            with lock:
                press = not sent.is_set()
                sent.set()
            if press:
                assert in_baseline.wait(120), "the other attempt never reached its baseline"
                main = threading.main_thread().ident
                assert main is not None
                signal.pthread_kill(main, signal.SIGINT)
            return reads(system, messages, tools)

        return model

    models = [
        signalling(_attempt_model(interrupt=False, edited=threading.Event())) for _ in range(2)
    ]
    agent = CodingAgent(models, calc, attempts=2, jobs=2, **kw)
    with pytest.raises(RunInterrupted) as info:
        agent.run()
    records = info.value.result.attempts
    assert [a["stopped"] for a in records] == [INTERRUPTED, INTERRUPTED]
    late = next(a for a in records if a["steps"] == 0)
    assert late["stop_reason"] == INTERRUPTED and late["status"] == "stopped", late
