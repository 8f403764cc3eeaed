"""Flaky is not fixed (issue 11, shared case 35): the baseline's failing tests run once more
before any model call (status ``flaky`` when they pass), the gate runs them ``gate_repeats``
times and needs every run to pass, and a run that changed nothing is never verified.

The first kind of flaky test (by name) runs through the CLI; the others run where the check is
made, :func:`fixloop.session.flaky_problem` on the real runner's baseline in the sandbox.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_e2e import default_sandbox_args, init_repo, one_json, run_cli
from test_gate import BASELINE, FakeRunner, passing, repo

from fixloop.gate import Gate
from fixloop.sandbox import make_sandbox
from fixloop.session import flaky_problem
from fixloop.testrun import TestRunner
from fixloop.types import FailingTest, Outcome, TestReport

# Three ways a test fails once and then passes with no change: each leaves a mark in the run
# tree on its first run (writable for the tests since issue 13) and passes when it finds it.
FLAKY = {
    "mark-beside-the-test": (
        "from pathlib import Path\n\n\ndef test_warm_cache():\n"
        "    mark = Path(__file__).with_name('.warm')\n"
        "    if not mark.exists():\n        mark.write_text('1')\n        assert False, 'cold'\n"
    ),
    "counter-file": (
        "from pathlib import Path\n\n\ndef test_retry_budget():\n"
        "    p = Path(__file__).parent / 'attempts.txt'\n"
        "    n = int(p.read_text()) if p.exists() else 0\n"
        "    p.write_text(str(n + 1))\n    assert n >= 1\n"
    ),
    "folder-created-late": (
        "import os\n\n\ndef test_spool_exists():\n"
        "    d = os.path.join(os.path.dirname(__file__), 'spool')\n"
        "    ok = os.path.isdir(d)\n    os.makedirs(d, exist_ok=True)\n    assert ok\n"
    ),
}


def _flaky_repo(root: Path, name: str) -> Path:
    (root / "tests").mkdir(parents=True)
    (root / "app.py").write_text("VALUE = 1\n")
    (root / "tests" / f"test_{name.replace('-', '_')}.py").write_text(FLAKY[name])
    return init_repo(root)


@pytest.mark.parametrize("name", sorted(FLAKY)[:1])
def test_a_failure_that_goes_away_by_itself_stops_the_run_as_flaky(
    tmp_path: Path, name: str
) -> None:
    root = _flaky_repo(tmp_path / "repo", name)
    script = tmp_path / "script.json"
    reply = {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Done."}]}
    script.write_text(json.dumps([reply]), encoding="utf-8")
    proc = run_cli(
        ["fix", str(root), "--model", f"script:{script}", "--json", *default_sandbox_args()],
        tmp_path,
    )
    out = one_json(proc)
    assert proc.returncode == 1 and out["status"] == "flaky", out["stop_reason"]
    assert out["steps"] == 0 and not out["verified"] and out["verified_commit"] is None
    assert "passed when run again with no change" in out["stop_reason"]


@pytest.mark.parametrize("name", sorted(FLAKY)[1:])
def test_a_failure_that_goes_away_by_itself_is_flaky_at_the_runner(
    tmp_path: Path, name: str
) -> None:
    """The other kinds: the real runner (a writable tree, as a run's) fails the test once at
    the baseline, and flaky_problem's re-run with no change finds it passing."""
    root = _flaky_repo(tmp_path / "repo", name)
    box = make_sandbox("none", allow_unsandboxed=True) if default_sandbox_args() else None
    runner = TestRunner(root, box or make_sandbox("auto"), log_dir=tmp_path / "logs", writable=True)
    baseline = runner.run("", pristine=True)
    assert len(baseline.failing_ids) == 1, baseline.output[-2000:]
    assert "passed when run again with no change" in (flaky_problem(runner, baseline) or "")


class Rerun:
    """Returns the given reports in turn (the last one again once they run out)."""

    def __init__(self, *reports: TestReport) -> None:
        self.reports, self.calls = list(reports), []

    def run(self, target="", **kw):
        self.calls.append(target)
        return self.reports[min(len(self.calls), len(self.reports)) - 1]


_IDS = ["tests/test_m.py::test_a", "tests/test_m.py::test_b"]


def test_flaky_problem_reruns_only_the_baseline_failures() -> None:
    """Alone, then with the rest of their files (both pass: flaky)."""
    runner = Rerun(passing(1), TestReport(Outcome.PASSED, collected=2, passed=2, ran_ids=_IDS))
    assert "flaky" in (flaky_problem(runner, BASELINE) or "")
    assert runner.calls == [["tests/test_m.py::test_b"], ["tests/test_m.py"]]
    assert flaky_problem(Rerun(BASELINE), BASELINE) is None
    assert flaky_problem(Rerun(passing()), TestReport(Outcome.INTERNAL_ERROR)) is None


def test_a_failure_that_comes_back_with_its_file_is_not_flaky() -> None:
    """Red team 3 F29: the failing test passes alone and fails after test_a (a state leak)."""
    again = TestReport(
        Outcome.FAILED, collected=2, passed=1, failed=1, ran_ids=_IDS,
        failing=[FailingTest("tests/test_m.py::test_b")],
    )  # fmt: skip
    runner = Rerun(passing(1), again)
    assert flaky_problem(runner, BASELINE) is None
    assert runner.calls == [["tests/test_m.py::test_b"], ["tests/test_m.py"]]


def test_a_state_leak_between_tests_of_a_file_reaches_the_model(tmp_path: Path) -> None:
    """Red team 3 F29 through the CLI: clear() empties a copy, so test_starts_empty fails after
    test_put_then_get and passes alone; the run stopped "flaky" before the model's first step."""
    root = tmp_path / "repo"
    (root / "tests").mkdir(parents=True)
    (root / "store.py").write_text(
        "_ITEMS = {}\n\n\ndef put(key, value):\n    _ITEMS[key] = value\n\n\n"
        "def size():\n    return len(_ITEMS)\n\n\ndef clear():\n    _ITEMS.copy().clear()\n"
    )
    (root / "tests" / "test_store.py").write_text(
        "import store\n\n\ndef test_put():\n    store.put('a', 1)\n    store.clear()\n\n\n"
        "def test_starts_empty():\n    assert store.size() == 0\n"
    )
    init_repo(root)
    script = tmp_path / "script.json"
    reply = {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Done."}]}
    script.write_text(json.dumps([reply]), encoding="utf-8")
    proc = run_cli(
        ["fix", str(root), "--model", f"script:{script}", "--json", *default_sandbox_args()],
        tmp_path,
    )
    out = one_json(proc)
    assert out["status"] != "flaky", out["stop_reason"]
    assert out["steps"] >= 1  # the model was asked


def _changed(root: Path) -> None:
    (root / "m.py").write_text("def f():\n    return 2\n")


def test_gate_needs_every_repeat_to_pass(make_repo) -> None:
    root, iso = repo(make_repo)
    _changed(root)
    runner = FakeRunner(root, passing(), passing(), BASELINE)
    v = Gate(iso, None, runner, BASELINE).verify()
    assert not v.verified and "not on run 3 of 3" in v.reason and len(runner.calls) == 4
    # the last run is the perturbed one: another checkout, named as the user's, elsewhere;
    # failing alone, its tests ran once more there with the rest of their file (F12)
    assert runner.calls[3][0] == ("tests/test_m.py",) and runner.roots[3] == runner.roots[2]
    assert runner.roots[1] == runner.roots[0] and runner.roots[2] != runner.roots[0]
    assert runner.roots[2].name == Path(iso.root).name
    assert "depends on where and how the tests run" in v.reason
    one = FakeRunner(root, passing())
    # repeats=1: no repeat, but the perturbed run still comes (it is not a repeat)
    assert Gate(iso, None, one, BASELINE, repeats=1).verify().verified and len(one.calls) == 2
    assert one.roots[1] != one.roots[0]


def test_gate_refuses_no_change_and_an_exhausted_budget(make_repo) -> None:
    root, iso = repo(make_repo)
    runner = FakeRunner(root, passing())
    v = Gate(iso, None, runner, BASELINE).verify()
    assert not v.verified and v.reason.startswith("nothing changed") and runner.calls == []
    _changed(root)
    late = Gate(iso, None, runner, BASELINE, deadline=10.0, clock=lambda: 11.0).verify()
    assert not late.verified and "budget ran out" in late.reason and runner.calls == []
    capped = FakeRunner(root, passing())
    seen: list = []
    capped.run = lambda target="", **kw: seen.append(kw["wall_s"]) or passing()  # type: ignore
    Gate(iso, None, capped, BASELINE, deadline=100.0, clock=lambda: 58.0).verify()
    assert seen and all(w == pytest.approx(42.0) for w in seen)
