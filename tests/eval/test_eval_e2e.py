"""End to end: ``fixloop eval examples/suite --tasks A,B --model repair --epochs 2 --jobs 2``
through the real CLI, the real agent processes, the offline repair engine, the sandbox and the
test runner.

Two of the six example tasks run (``--tasks``): every code path of the eval (two parallel jobs,
two epochs, pass@k, resume, the four output files) is exercised by two tasks as well as by six, at
a third of the cost. Each example task is checked on its own (its visible tests fail on the bug,
its reference patch passes visible and hidden tests) in ``test_eval_suite.py``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fixloop.eval.metrics import summarize
from fixloop.eval.suite import load_suite

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "suite"
#: Two quick tasks of different kinds of bug, both within the offline engine's reach.
TASKS = ("fahrenheit-sign", "grade-boundary")


def run_cli(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH")) if p
        ),
        "FIXLOOP_HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg"),  # no user config
        "COLUMNS": "160",
    }
    env.pop("FIXLOOP_CONFIG", None)
    for key in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        env.pop(key, None)
    return subprocess.run(
        [sys.executable, "-m", "fixloop", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=1500,
    )


@pytest.mark.timeout(1800)
def test_eval_example_suite_with_repair_model(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["eval", str(EXAMPLES), "--tasks", ",".join(TASKS)]
    args += ["--model", "repair", "--epochs", "2", "--jobs", "2"]
    proc = run_cli([*args, "--out", str(out)], tmp_path)
    if proc.returncode == 3:
        pytest.skip(f"environment cannot run the eval: {proc.stderr.strip()[-300:]}")
    assert proc.returncode == 0, proc.stderr[-3000:]

    tasks = [t for t in load_suite(EXAMPLES).tasks if t.id in TASKS]
    assert sorted(t.id for t in tasks) == sorted(TASKS)
    records = [json.loads(x) for x in (out / "runs.jsonl").read_text().splitlines()]
    assert sorted((r["task"], r["epoch"]) for r in records) == sorted(
        (t.id, e) for t in tasks for e in (0, 1)
    )
    for r in records:
        assert r["model"] == "repair"
        assert r["error"] is None, r
        assert r["status"] in {"verified", "not_fixed", "budget_exhausted"}
        assert r["cost_usd"] == 0.0  # the offline engine costs nothing
        assert r["overfit"] == (r["visible_ok"] and not r["resolved"])
        if r["resolved"]:
            assert r["visible_ok"] and r["collected"] >= r["expected_tests"]
            assert r["files_changed"] and r["diff_lines"] >= 1
        assert r["test_files_changed"] == []  # the gate keeps tests untouched
        # the scoring runs' limits come from the agent's baseline (tiny suites: the floors)
        assert r["score_limits"]["source"] == "baseline"
        assert r["score_limits"]["per_test_s"] <= r["score_limits"]["test_run_s"]

    summary = json.loads((out / "summary.json").read_text())
    want = summarize(records, epochs=2)
    assert summary["resolve_rate"] == pytest.approx(want["resolve_rate"])
    assert summary["pass_at_k"] == pytest.approx(want["pass_at_k"])
    assert summary["runs"] == 4 and summary["missing_runs"] == 0
    assert summary["tasks"] == len(TASKS)
    # one-line bugs of common kinds: the offline engine resolves at least some of them
    assert summary["resolved_runs"] >= 1
    html = (out / "report.html").read_text()
    for chart in ("chart-resolve", "chart-cost", "chart-bad"):
        assert f'id="{chart}"' in html
    # each run links to its own trajectory page, written beside its trajectory
    links = re.findall(r'<a class="page" href="([^"]+)">', html)
    assert sorted(links) == sorted(
        f"runs/repair/{r['task']}/e{r['epoch']}/trajectory.html" for r in records
    )
    for link in links:
        page = (out / link).read_text()
        assert 'id="steps"' in page and "Content-Security-Policy" in page
    assert "resolve rate" in (out / "report.md").read_text()
    # the terminal table on stdout, the progress on stderr
    for t in tasks:
        assert t.id in proc.stdout
    assert "resolve rate" in proc.stdout

    # the same command again resumes: nothing runs, the outputs are rewritten
    again = run_cli([*args, "--out", str(out)], tmp_path)
    assert again.returncode == 0, again.stderr[-2000:]
    assert "4 of 4 runs already done" in again.stderr
    assert len((out / "runs.jsonl").read_text().splitlines()) == 4
