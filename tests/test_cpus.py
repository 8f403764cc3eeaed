"""fixloop.cpus: the CPU budget of a run, the cores of parallel eval jobs, pinning."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fixloop import cpus
from fixloop.repair.screen import WarmScreener


def test_core_slots_are_disjoint_while_cores_last_then_wrap() -> None:
    assert cpus.core_slots(2, 1, [0, 1]) == [[0], [1]]
    assert cpus.core_slots(2, 2, [0, 1, 2, 3]) == [[0, 1], [2, 3]]
    assert cpus.core_slots(3, 1, [4, 5]) == [[4], [5], [4]]  # more jobs than cores: shared
    assert cpus.core_slots(1, 8, [0, 1]) == [[0, 1]]  # a budget above the cores is capped
    with pytest.raises(ValueError):
        cpus.core_slots(0, 1, [0])


def test_eval_cores_is_the_pool_of_every_job_budget() -> None:
    assert cpus.eval_cores(2, 1, [0, 1]) == [0, 1]  # two runs share both cores
    assert cpus.eval_cores(1, 1, [0, 1]) == [0]  # --jobs 1 --cpus-per-run 1: one core
    assert cpus.eval_cores(2, 2, [0, 1, 2, 3, 4, 5, 6, 7]) == [0, 1, 2, 3]
    assert cpus.eval_cores(3, 2, [5, 6, 7]) == [5, 6, 7]  # over the cores: all of them
    with pytest.raises(ValueError):
        cpus.eval_cores(1, 0, [0])


def test_cpu_budget_follows_the_env_capped_by_usable_cores(monkeypatch) -> None:
    n = len(cpus.usable_cpus())
    monkeypatch.setenv(cpus.ENV, "1")
    assert cpus.cpu_budget() == 1
    monkeypatch.setenv(cpus.ENV, str(n + 50))
    assert cpus.cpu_budget() == n
    for bad in ("0", "-3", "two", ""):
        monkeypatch.setenv(cpus.ENV, bad)
        assert cpus.cpu_budget() == n


def test_pin_is_inherited_by_the_children_started_after() -> None:
    core = cpus.usable_cpus()[-1]
    code = (
        "import os, subprocess, sys, time; time.sleep(0.3); "
        "print(subprocess.run([sys.executable, '-c', 'import os; "
        "print(sorted(os.sched_getaffinity(0)))'], capture_output=True, text=True).stdout)"
    )
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert cpus.pin(p.pid, [core])
    out, _ = p.communicate(timeout=60)
    assert out.strip() == str([core])


def test_screening_workers_follow_the_cpu_budget(tmp_path: Path, monkeypatch) -> None:
    """The repair engine's screening workers: min(4, the run's budget), not the machine's."""

    def screener() -> WarmScreener:
        return WarmScreener(None, tmp_path / "work", tmp_path / "engine", python=sys.executable)

    monkeypatch.setenv(cpus.ENV, "1")
    assert screener().workers == 1
    monkeypatch.delenv(cpus.ENV)
    assert screener().workers == min(4, len(os.sched_getaffinity(0)))
    assert (
        WarmScreener(
            None, tmp_path / "w2", tmp_path / "e2", python=sys.executable, workers=3
        ).workers
        == 3
    )


def test_local_runs_and_their_scoring_thread_stay_in_the_eval_pool(monkeypatch) -> None:
    """--jobs 1 --cpus-per-run 1: the agent AND the eval's thread running it (the hidden-test
    scoring, the page) use one core; the eval's main thread keeps its cores."""
    from fixloop.eval import localexec

    seen: list[dict] = []

    def fake_run_spec(spec, params, *, sandbox, registry, cores, cpu_budget):
        seen.append(
            {"thread": sorted(os.sched_getaffinity(0)), "cores": cores, "budget": cpu_budget}
        )
        return {"task": spec}

    monkeypatch.setattr(localexec, "run_spec", fake_run_spec)
    before = sorted(os.sched_getaffinity(0))
    got: list[dict] = []
    localexec.run_local(
        ["a", "b"], None, sandbox=None, jobs=1, cpus_per_run=1, on_record=got.append
    )  # type: ignore[arg-type]
    first = cpus.usable_cpus()[:1]
    assert [r["task"] for r in got] == ["a", "b"]
    assert seen == [{"thread": first, "cores": first, "budget": 1}] * 2
    assert sorted(os.sched_getaffinity(0)) == before


def test_slot_pinning_keeps_each_job_on_its_own_core(monkeypatch) -> None:
    """FIXLOOP_EVAL_PIN=slot: two jobs on two cores, each pool thread (and its runs) on one core
    of its own; the default (pool) gives every run both cores."""
    import threading
    import time

    from fixloop.eval import localexec

    usable = cpus.usable_cpus()
    if len(usable) < 2:
        pytest.skip("needs 2 usable cores")
    seen: list[tuple[str, list[int], list[int]]] = []

    def fake_run_spec(spec, params, *, sandbox, registry, cores, cpu_budget):
        time.sleep(0.2)  # both pool threads take a run
        seen.append((threading.current_thread().name, sorted(os.sched_getaffinity(0)), cores))
        return {"task": spec}

    monkeypatch.setattr(localexec, "run_spec", fake_run_spec)
    monkeypatch.setenv(cpus.PIN_ENV, " Slot ")
    assert cpus.pin_mode() == "slot"
    localexec.run_local(
        list("abcd"), None, sandbox=None, jobs=2, cpus_per_run=1, on_record=lambda r: None
    )  # type: ignore[arg-type]
    by_thread: dict[str, set[tuple[int, ...]]] = {}
    for name, affinity, cores in seen:
        assert affinity == cores and len(cores) == 1
        by_thread.setdefault(name, set()).add(tuple(cores))
    assert len(by_thread) == 2
    assert all(len(v) == 1 for v in by_thread.values())  # a thread keeps its slot
    assert set().union(*by_thread.values()) == {(usable[0],), (usable[1],)}
    seen.clear()
    monkeypatch.setenv(cpus.PIN_ENV, "pool")
    localexec.run_local(
        list("ab"), None, sandbox=None, jobs=2, cpus_per_run=1, on_record=lambda r: None
    )  # type: ignore[arg-type]
    assert [s[2] for s in seen] == [usable[:2]] * 2
