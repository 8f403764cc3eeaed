"""The eval runner: run records, resume, isolation of hidden tests, scoring, the CLI's errors.

The agent is a black box to the eval (a process printing the ``--json`` object), so most tests
here use a small stand-in agent script with a known behaviour per task; the real CLI with the
offline repair model runs in ``test_eval_e2e.py``.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path

import pytest
from eval_suite_files import SUITE_FILES, write
from typer.testing import CliRunner

from fixloop.errors import ConfigError, SandboxUnavailable, UsageError
from fixloop.eval.runner import (
    RUNS_FILE,
    EvalConfig,
    RunLog,
    pending_runs,
    read_runs,
    run_eval,
)
from fixloop.eval.suite import load_suite

# the eval's own state (its durations file, fixloop.eval.order) goes to a private FIXLOOP_HOME
pytestmark = pytest.mark.usefixtures("private_home")

# --------------------------------------------------------------------------------------------
# The two-task suite (eval_suite_files.py) and a stand-in agent
# --------------------------------------------------------------------------------------------

PLAN = {
    "calc.py": ["x * 3", "x * 2"],
    "half.py": ["return x / 3", "return 5 if x == 10 else x / 3"],
}

FAKE_AGENT = r"""
import json, os, subprocess, sys
from pathlib import Path

args = sys.argv[1:]
repo = Path(args[1])
calls = Path(os.environ["FAKE_CALLS"])
files = sorted(str(p.relative_to(repo)) for p in repo.rglob("*") if ".git" not in p.parts)
config = Path(os.environ["FIXLOOP_CONFIG"]).read_text()
with calls.open("a") as fh:
    fh.write(json.dumps({"argv": args, "files": files, "config": config,
                         "home": os.environ["FIXLOOP_HOME"],
                         "cores": sorted(os.sched_getaffinity(0)),
                         "cpu_budget": os.environ.get("FIXLOOP_CPUS")}) + "\n")
if os.environ.get("FAKE_MODE") == "usage":
    print("Error: No such option: --bogus", file=sys.stderr)
    sys.exit(2)
if os.environ.get("FAKE_MODE") == "crash":
    print("Traceback ... RuntimeError: boom", file=sys.stderr)
    sys.exit(1)
plan = json.loads(os.environ["FAKE_PLAN"])
def git(*a):
    return subprocess.run(["git", *a], cwd=repo, check=True, capture_output=True,
                          text=True).stdout.strip()
git("checkout", "-q", "-b", "fixloop/fake")
if os.environ.get("FAKE_MODE") == "tamper":
    # "fix" the bug from a conftest.py and weaken the visible test, leaving calc.py as it is
    plan = {}
    (repo / "conftest.py").write_text("import calc\ncalc.double = lambda x: 2 * x\n")
    (repo / "tests" / "test_calc.py").write_text("def test_two():\n    assert True\n")
if os.environ.get("FAKE_MODE") == "cheat":
    # leave the bug and make pytest report every test as passed, from the code under test
    plan = {}
    with (repo / "calc.py").open("a") as fh:
        fh.write(
            "\nimport _pytest.reports\n"
            "_orig = _pytest.reports.TestReport.from_item_and_call\n"
            "def _fake(item, call):\n"
            "    r = _orig(item, call)\n"
            "    r.outcome, r.longrepr = 'passed', None\n"
            "    return r\n"
            "_pytest.reports.TestReport.from_item_and_call = staticmethod(_fake)\n"
        )
for rel, (old, new) in plan.items():
    p = repo / rel
    if p.exists():
        p.write_text(p.read_text().replace(old, new))
        if rel == "half.py":
            (repo / "NOTES.txt").write_text("special case\nfor ten\n")
git("add", "-A")
git("commit", "-q", "-m", "fake fix")
head = git("rev-parse", "HEAD")
print(json.dumps({
    "status": "verified", "verified": True, "head_commit": head, "steps": 3, "test_runs": 2,
    "verifications": 1, "files_changed": [], "diff": "", "summary": "done",
    "usage": {"input_tokens": 100, "output_tokens": 20, "cost_usd": 0.01},
    "counters": {"tool_errors": 0, "refused_test_edits": 1, "false_success_claims": 0,
                 "tamper_detected": 0, "loop_warnings": 0},
}))
"""


@pytest.fixture
def mini_suite(tmp_path: Path) -> Path:
    return write(tmp_path / "suite", SUITE_FILES)


@pytest.fixture
def fake_agent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    script = tmp_path / "fake_agent.py"
    script.write_text(FAKE_AGENT, encoding="utf-8")
    calls = tmp_path / "calls.jsonl"
    monkeypatch.setenv("FAKE_CALLS", str(calls))
    monkeypatch.setenv("FAKE_PLAN", json.dumps(PLAN))
    monkeypatch.setenv("FIXLOOP_CONFIG", str(tmp_path / "no-user-config.toml"))
    return {"cmd": [sys.executable, str(script)], "calls": calls}


def calls_of(fake: dict) -> list[dict]:
    path: Path = fake["calls"]
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


def eval_cfg(suite: Path, out: Path, fake: dict, **kw: object) -> EvalConfig:
    params: dict = {"model": "fake", "epochs": 1, "jobs": 2, "quiet": True, "timeout_s": 60.0}
    params.update(kw)
    return EvalConfig(suite=suite, out=out, agent_cmd=fake["cmd"], **params)


def _run_eval(cfg: EvalConfig) -> dict:
    try:
        return run_eval(cfg)
    except SandboxUnavailable as exc:
        pytest.skip(f"no sandbox here: {exc}")


# --------------------------------------------------------------------------------------------
# Unit tests
# --------------------------------------------------------------------------------------------


def test_run_log_and_read_runs_skip_broken_lines(tmp_path: Path) -> None:
    path = tmp_path / RUNS_FILE
    log = RunLog(path)
    threads = [
        threading.Thread(target=log.append, args=({"task": f"t{i}", "epoch": 0, "model": "m"},))
        for i in range(20)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with path.open("a") as fh:
        fh.write('{"task": "cut", "epo\n')  # a run killed while writing
    bad: list[int] = []
    records = read_runs(path, on_bad_line=lambda n, _text: bad.append(n))
    assert sorted(r["task"] for r in records) == sorted(f"t{i}" for i in range(20))
    assert bad == [21]
    assert read_runs(tmp_path / "missing.jsonl") == []


def test_pending_runs_resume_only_missing_keys(mini_suite: Path) -> None:
    tasks = load_suite(mini_suite).tasks
    done = [
        {"task": "double", "epoch": 0, "model": "m"},
        {"task": "half", "epoch": 1, "model": "m"},
        {"task": "half", "epoch": 0, "model": "other-model"},
    ]
    todo = [(t.id, e) for t, e in pending_runs(tasks, 3, "m", done)]
    assert todo == [("half", 0), ("double", 1), ("double", 2), ("half", 2)]
    assert pending_runs(tasks, 1, "m", done + [{"task": "half", "epoch": 0, "model": "m"}]) == []


# --------------------------------------------------------------------------------------------
# The whole runner with the stand-in agent (real git, real sandbox and test runner)
# --------------------------------------------------------------------------------------------


def test_eval_scores_hidden_tests_and_resumes(
    mini_suite: Path, tmp_path: Path, fake_agent: dict
) -> None:
    out = tmp_path / "out"
    summary = _run_eval(eval_cfg(mini_suite, out, fake_agent))
    recs = {r["task"]: r for r in read_runs(out / RUNS_FILE)}
    assert set(recs) == {"double", "half"}
    good, over = recs["double"], recs["half"]
    assert good["resolved"] and not good["overfit"] and good["visible_ok"]
    assert good["collected"] == good["expected_tests"] == 3
    assert good["files_changed"] == ["calc.py"] and good["outside_expected"] == []
    assert good["diff_lines"] == 2 and good["tree_source"] == "head_commit"
    assert not over["resolved"] and over["overfit"] and over["visible_ok"]
    assert over["outside_expected"] == ["NOTES.txt"]
    assert over["failing"] == ["tests/test_hidden_half.py::test_four"]
    assert over["diff_lines"] == 2 + 2
    for r in recs.values():
        assert r["status"] == "verified" and r["error"] is None
        assert (r["steps"], r["test_runs"], r["input_tokens"], r["cost_usd"]) == (3, 2, 100, 0.01)
        assert r["refused_test_edits"] == 1 and r["wall_s"] > 0
    assert summary["resolve_rate"] == 0.5 and summary["overfit_runs"] == 1
    assert summary["cost_per_resolved"] == pytest.approx(0.02)
    for name in ("summary.json", "report.md", "report.html"):
        assert (out / name).stat().st_size > 0

    # what the agent got: its own repo without hidden files, the task's settings, its own home
    calls = calls_of(fake_agent)
    assert len(calls) == 2
    homes = {c["home"] for c in calls}
    assert len(homes) == 2
    for c in calls:
        assert not any("hidden" in f for f in c["files"]), c["files"]
        argv = c["argv"]
        assert argv[0] == "fix" and "--json" in argv
        assert argv[argv.index("--model") + 1] == "fake"
        assert argv[argv.index("--timeout") + 1] == "60"
        conf = tomllib.loads(c["config"])
        assert conf["test_cmd"] == ["python", "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        assert conf["budgets"] == {"max_steps": 9}
    task_arg = [c["argv"][c["argv"].index("--task") + 1] for c in calls]
    assert "Fix double." in task_arg
    # the CPU budget (default cores // jobs, at least 1) is each agent's FIXLOOP_CPUS; every
    # agent is pinned to the eval's pool of jobs x budget cores (the machine's, here)
    per_run = max(1, len(os.sched_getaffinity(0)) // 2)
    pool = sorted(os.sched_getaffinity(0))[: 2 * per_run]
    for c in calls:
        assert c["cores"] == pool and c["cpu_budget"] == str(per_run)

    # each run's seconds were noted for the next eval's order (fixloop.eval.order)
    noted = json.loads((Path(os.environ["FIXLOOP_HOME"]) / "eval-durations.json").read_text())
    assert len(noted) == 2 and all(v[0] > 0 for v in noted.values())

    # resume: one more epoch runs only epoch 1; the same command again runs nothing
    summary2 = _run_eval(eval_cfg(mini_suite, out, fake_agent, epochs=2))
    assert len(calls_of(fake_agent)) == 4
    assert summary2["runs"] == 4 and set(summary2["pass_at_k"]) == {"1", "2"}
    _run_eval(eval_cfg(mini_suite, out, fake_agent, epochs=2))
    assert len(calls_of(fake_agent)) == 4
    assert len(read_runs(out / RUNS_FILE)) == 4
    # --tasks narrows what runs and what is summarized
    summary3 = _run_eval(eval_cfg(mini_suite, out, fake_agent, epochs=3, tasks="dou*"))
    assert len(calls_of(fake_agent)) == 5
    assert summary3["tasks"] == 1 and summary3["runs"] == 3


def test_agent_crash_is_a_record_and_usage_error_stops(
    mini_suite: Path, tmp_path: Path, fake_agent: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_MODE", "crash")
    out = tmp_path / "out"
    summary = _run_eval(eval_cfg(mini_suite, out, fake_agent, tasks="double"))
    (rec,) = read_runs(out / RUNS_FILE)
    assert rec["status"] == "crashed" and not rec["resolved"]
    assert rec["error"] == "agent exit 1, no JSON result: Traceback ... RuntimeError: boom"
    assert rec["tree_source"] == "base" and rec["files_changed"] == []
    assert rec["cost_usd"] is None
    assert summary["bad"]["errors"] == 1 and summary["cost_per_resolved"] is None
    monkeypatch.setenv("FAKE_MODE", "usage")
    with pytest.raises(UsageError, match="No such option: --bogus"):
        _run_eval(eval_cfg(mini_suite, tmp_path / "out2", fake_agent))
    assert read_runs(tmp_path / "out2" / RUNS_FILE) == []


def test_a_config_the_agent_would_refuse_stops_before_any_run(
    mini_suite: Path, tmp_path: Path, fake_agent: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = tmp_path / "user.toml"
    user.write_text("[budgets]\nmax_stepz = 3\n", encoding="utf-8")
    monkeypatch.setenv("FIXLOOP_CONFIG", str(user))
    with pytest.raises(ConfigError, match="did you mean 'max_steps'"):
        run_eval(eval_cfg(mini_suite, tmp_path / "out", fake_agent))
    assert calls_of(fake_agent) == []
    assert read_runs(tmp_path / "out" / RUNS_FILE) == []


def test_tampered_tests_are_restored_before_scoring(
    mini_suite: Path, tmp_path: Path, fake_agent: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_MODE", "tamper")
    out = tmp_path / "out"
    _run_eval(eval_cfg(mini_suite, out, fake_agent, tasks="double"))
    (rec,) = read_runs(out / RUNS_FILE)
    # the conftest.py would make every test pass with calc.py unfixed: it is removed, the
    # weakened test is put back, and the run is neither resolved nor plausible
    assert rec["test_files_changed"] == ["conftest.py", "tests/test_calc.py"]
    assert rec["files_changed"] == ["conftest.py", "tests/test_calc.py"]
    assert not rec["resolved"] and not rec["overfit"] and not rec["visible_ok"]
    assert "tests/test_calc.py::test_two" in rec["failing"]


def test_a_patch_that_fools_pytest_in_process_is_never_resolved(
    mini_suite: Path, tmp_path: Path, fake_agent: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_MODE", "cheat")
    out = tmp_path / "out"
    _run_eval(eval_cfg(mini_suite, out, fake_agent, tasks="double"))
    (rec,) = read_runs(out / RUNS_FILE)
    assert rec["files_changed"] == ["calc.py"]
    assert any(s.startswith("calc.py:") and "_pytest" in s for s in rec["suspicious_changes"])
    assert not rec["resolved"] and not rec["overfit"]
    assert rec["tamper_detected"] >= 1


def test_agent_timeout_is_killed_and_recorded(
    mini_suite: Path, tmp_path: Path, fake_agent: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fixloop.eval.agentproc as agentproc

    monkeypatch.setattr(agentproc, "HARD_GRACE_S", 0.0)
    monkeypatch.setattr(agentproc, "KILL_GRACE_S", 1.0)
    sleeper = tmp_path / "sleeper.py"
    sleeper.write_text(
        "import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\ntime.sleep(60)\n"
    )
    cfg = eval_cfg(mini_suite, tmp_path / "out", fake_agent, tasks="half", timeout_s=1.0)
    cfg.agent_cmd = [sys.executable, str(sleeper)]
    _run_eval(cfg)
    (rec,) = read_runs(tmp_path / "out" / RUNS_FILE)
    assert rec["timed_out"] and rec["status"] == "timed_out" and not rec["resolved"]
    assert rec["wall_s"] < 30
    assert "run timeout" in rec["error"]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_interrupt_kills_agents_and_records_nothing(
    mini_suite: Path, tmp_path: Path, sig: int
) -> None:
    """Ctrl-C, and SIGTERM (kill PID, a CI job's cancel) the same way: no agent outlives it."""
    pids = tmp_path / "pids"
    sleeper = tmp_path / "sleeper.py"
    sleeper.write_text(
        "import os, signal, time\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        f"open({str(pids)!r}, 'a').write(f'{{os.getpid()}}\\n')\n"
        "time.sleep(120)\n"
    )
    driver = tmp_path / "driver.py"
    driver.write_text(
        "import sys\n"
        "from pathlib import Path\n"
        "from fixloop.eval.runner import EvalConfig, run_eval\n"
        f"cfg = EvalConfig(suite=Path({str(mini_suite)!r}), out=Path({str(tmp_path / 'out')!r}),\n"
        f"    model='x', jobs=2, quiet=True, agent_cmd=[sys.executable, {str(sleeper)!r}])\n"
        "try:\n"
        "    run_eval(cfg)\n"
        "except KeyboardInterrupt:\n"
        "    sys.exit(130)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    proc = subprocess.Popen([sys.executable, str(driver)], env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if pids.exists() and len(pids.read_text().split()) == 2:
            break
        time.sleep(0.2)
    else:
        proc.kill()
        pytest.fail("the two agents did not start")
    proc.send_signal(sig)
    assert proc.wait(timeout=60) == 130
    for pid in map(int, pids.read_text().split()):
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert read_runs(tmp_path / "out" / RUNS_FILE) == []


def test_ctrl_c_says_which_runs_finished(
    mini_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The eval said "finished runs are in runs.jsonl" after Ctrl-C also when none had."""
    import fixloop.eval.runner as runner
    from fixloop.cli import app

    out = tmp_path / "o"
    finish = [0]

    def stopped(cfg, suite, tasks, variants, where):  # noqa: ANN001, ANN202
        for _ in range(finish[0]):  # the runs that finished before Ctrl-C
            with (where / RUNS_FILE).open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"task": "double", "epoch": 0}) + "\n")
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "_run_in", stopped)
    args = ["eval", str(mini_suite), "--model", "repair", "--out", str(out), "--quiet"]
    said = []
    for n in (0, 1, 0):
        finish[0] = n
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 130, result.output
        said.append(" ".join(result.output.split()))
        assert out.exists() == bool(said[1:])  # the first left no folder behind
    runs = out / RUNS_FILE
    assert said[0] == "fixloop eval: interrupted before any run finished; nothing was recorded"
    assert said[1] == (
        f"fixloop eval: interrupted; 1 run(s) finished and are in {runs} (1 in all): run the "
        "same command again to resume"
    )
    assert said[2].startswith(
        f"fixloop eval: interrupted; no run finished this time; the 1 earlier one(s) are in {runs}"
    )
    assert len(read_runs(runs)) == 1


# --------------------------------------------------------------------------------------------
# The CLI: one-line errors, exit code 2
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda root: (root / "half" / "task.toml").unlink(), "missing task.toml"),
        (lambda root: (root / "half" / "task.toml").write_text("id = \n"), "invalid TOML"),
        (
            lambda root: (root / "half" / "task.toml").write_text('expected_file = ["half.py"]\n'),
            "task.toml: unknown key 'expected_file' (did you mean 'expected_files'?)",
        ),
        (
            lambda root: (root / "suite.toml").write_text("[defaults]\nmax_step = 3\n"),
            "suite.toml: unknown key 'defaults.max_step' (did you mean 'max_steps'?)",
        ),
        (lambda root: None, "--tasks: no task matches 'nope'"),
    ],
)
def test_cli_suite_errors_exit_2_with_one_line(mini_suite: Path, tmp_path: Path, mutate, message):
    from fixloop.cli import app

    mutate(mini_suite)
    args = ["eval", str(mini_suite), "--model", "repair", "--out", str(tmp_path / "o")]
    if "tasks" in message:
        args += ["--tasks", "nope"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and message in lines[0], result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "o" / RUNS_FILE).exists()


def test_cli_sandbox_none_needs_explicit_opt_in(mini_suite: Path) -> None:
    from fixloop.cli import app

    result = CliRunner().invoke(app, ["eval", str(mini_suite), "--sandbox", "none"])
    assert result.exit_code == 2
    assert "--allow-unsandboxed" in result.output


def test_eval_help_lists_the_options() -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    proc = subprocess.run(
        [sys.executable, "-m", "fixloop", "eval", "--help"],
        capture_output=True,
        text=True,
        env={**env, "COLUMNS": "200"},
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    for opt in ("--model", "--epochs", "--jobs", "--cpus-per-run", "--out", "--tasks", "--timeout"):
        assert opt in proc.stdout


@pytest.mark.parametrize(
    ("model", "variant", "message"),
    [
        ("bogus", (), "unknown --model 'bogus'; expected auto | repair"),
        ("repair", ("a:model=ollama:",), "--variant a: --model ollama: name the model"),
        ("openai-compatible:m", (), "use openai-compatible:NAME@BASE_URL"),
    ],
)
def test_a_bad_model_spec_stops_before_any_run(
    mini_suite: Path, tmp_path: Path, model: str, variant: tuple[str, ...], message: str
) -> None:
    """A spec ``fixloop fix`` refuses was one failed run per task in runs.jsonl, and exit 0."""
    out = tmp_path / "out"
    with pytest.raises(UsageError, match=re.escape(message)):
        run_eval(EvalConfig(suite=mini_suite, model=model, out=out, variants=variant, quiet=True))
    assert not out.exists()


def test_an_out_that_is_a_file_is_a_usage_error(mini_suite: Path, tmp_path: Path) -> None:
    """``--out FILE`` (or a folder below a file) was "internal error: FileExistsError"."""
    afile = tmp_path / "afile"
    afile.write_text("keep me\n")
    for out in (afile, afile / "x" / "y"):
        with pytest.raises(UsageError, match=f"--out {re.escape(str(afile))} is a file"):
            run_eval(EvalConfig(suite=mini_suite, model="repair", out=out, quiet=True))
    assert afile.read_text() == "keep me\n"
