"""``fixloop doctor [PATH]`` (issue 13): the baseline checks without a model, on tiny repositories.

Each check runs the real command (``python -m fixloop doctor``) on a committed copy of a fixture
and asserts the verdict, the exit code (0 ready, 3 an environment problem), the ``--json`` object,
and that the user's checkout is untouched with no branch left behind.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import case, init_repo
from test_e2e import default_sandbox_args, fixloop_branches, run_cli, snapshot

ROOT = Path(__file__).resolve().parents[1]

JSON_KEYS = {
    "path",
    "python",
    "python_origin",
    "test_cmd",
    "plugins",
    "sandbox",
    "tally",
    "environment",
    "log",
    "notices",
    "verdict",
    "exit_code",
}


def doctor(repo: Path, home: Path, *extra: str) -> tuple[dict, str]:
    """Run the doctor twice (``--json`` and the terminal text); return the object and the text."""
    args = ["doctor", str(repo), *default_sandbox_args(), *extra]
    proc = run_cli([*args, "--json"], home)
    out = proc.stdout.strip()
    assert out and "\n" not in out, (proc.stdout, proc.stderr[-2000:])
    obj = json.loads(out)
    assert set(obj) == JSON_KEYS and obj["exit_code"] == proc.returncode
    text = run_cli(args, home)
    assert text.returncode == proc.returncode, text.stderr[-2000:]
    return obj, text.stdout


def test_ready_project(tmp_path: Path) -> None:
    repo = tmp_path / "calc"
    shutil.copytree(ROOT / "examples" / "calc", repo, ignore=shutil.ignore_patterns("__pycache__"))
    init_repo(repo)
    before = snapshot(repo)
    obj, text = doctor(repo, tmp_path / "home")
    assert obj["verdict"] == "ready" and obj["exit_code"] == 0 and obj["environment"] is None
    t = obj["tally"]
    assert t["collected"] == t["passed"] + t["failed"] + t["errors"] + t["skipped"] > 0
    assert t["failed"] >= 1 and t["duration_s"] > 0  # calc's bug: ready for `fixloop fix`
    assert obj["test_cmd"][:3] == ["python", "-m", "pytest"]
    assert Path(obj["python"]).name.startswith("python") and obj["python_origin"]
    assert obj["sandbox"] in ("bwrap", "none")
    assert all(len(p) == 2 for p in obj["plugins"])
    for label in ("python:", "tests:", "plugins:", "sandbox:", "baseline:", "verdict:  ready"):
        assert label in text, text
    assert f"{t['passed']} passed, {t['failed']} failed" in text
    # never touches the user's checkout, leaves no branch
    assert snapshot(repo) == before and fixloop_branches(repo) == []


@pytest.mark.parametrize(
    ("variant", "kind", "words"),
    [
        ("missing-dependency", "missing_module", "quantitykit_units_nowhere"),
        ("plugin-option", "usage_error", "unrecognized arguments: --reruns=2"),
        ("no-tests", "no_tests", "collected no tests"),
    ],
)
def test_environment_problem(variant: str, kind: str, words: str, tmp_path: Path) -> None:
    repo = case("env-doctor", variant).copy(tmp_path / "repo")
    before = snapshot(repo)
    obj, text = doctor(repo, tmp_path / "home")
    assert obj["verdict"] == "environment" and obj["exit_code"] == 3
    env = obj["environment"]
    assert env["kind"] == kind and words in env["cause"] and env["fix"]
    assert f"Cause: {env['cause']}" in text and f"Fix: {env['fix']}" in text
    assert f"verdict:  environment problem ({kind})" in text
    assert snapshot(repo) == before and fixloop_branches(repo) == []


def test_a_file_is_not_a_folder(tmp_path: Path) -> None:
    repo = tmp_path / "calc"
    shutil.copytree(ROOT / "examples" / "calc", repo, ignore=shutil.ignore_patterns("__pycache__"))
    init_repo(repo)
    for command in ("doctor", "fix"):
        proc = run_cli([command, str(repo / "calc.py")], tmp_path / "home")
        assert proc.returncode == 2
        assert "is a file, not a folder: give the project's folder" in proc.stderr
        assert "no such folder" not in proc.stderr and "Traceback" not in proc.stderr


def test_doctor_says_the_baseline_with_the_one_tally_writer() -> None:
    """``doctor_lines`` words the baseline's counts with ``render.tally`` (as the run's display
    and transcript do): zero counts other than passed/failed left out, the tests the per-test
    limit stopped named, then the collected count and the seconds."""
    from fixloop import render
    from fixloop.checkup import DoctorReport, doctor_lines

    tally = {
        "collected": 6,
        "passed": 3,
        "failed": 2,
        "errors": 0,
        "skipped": 1,
        "outcome": "failed",
        "duration_s": 4.24,
        "hung": ["tests/test_a.py::test_loop"],
    }
    report = DoctorReport("p", "/usr/bin/python3", "PATH", ["python", "-m", "pytest"], tally=tally)
    (line,) = [x for x in doctor_lines(report) if x.startswith("baseline:")]
    assert line == f"baseline: {render.tally(tally)}; 6 collected in 4.2 s"
    assert line == (
        "baseline: 3 passed, 2 failed, 1 skipped, 1 hung: tests/test_a.py::test_loop (failed); "
        "6 collected in 4.2 s"
    )
    assert "verdict:  ready: the suite runs; its failing tests" in doctor_lines(report)[-1]
    report.tally = None
    assert "baseline: not run (stopped before it)" in doctor_lines(report)


@pytest.mark.parametrize("where", ["not a repository", "bad option value"])
def test_an_error_prints_the_doctors_keys(tmp_path: Path, where: str) -> None:
    """An error before the baseline prints the doctor's object (``verdict`` "error", the message
    in ``error``), not a ``fixloop fix`` run's object, which had no ``verdict`` key."""
    folder = tmp_path / "plain"
    folder.mkdir()
    extra = ["--sandbox", "bogus"] if where == "bad option value" else []
    if extra:
        shutil.copytree(ROOT / "examples" / "calc", folder, dirs_exist_ok=True)
        init_repo(folder)
    proc = run_cli(["doctor", str(folder), "--json", *extra], tmp_path / "home")
    assert proc.returncode == 2
    obj = json.loads(proc.stdout)
    assert set(obj) == JSON_KEYS | {"error"} and obj["verdict"] == "error"
    assert obj["exit_code"] == 2 and obj["tally"] is None and obj["path"] == str(folder)
    assert obj["error"] and proc.stderr.strip().endswith(obj["error"])
    assert "steps" not in obj and "branch" not in obj
