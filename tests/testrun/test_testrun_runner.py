"""Tests of fixloop.testrun.runner: outcome classes, pristine mode, the plain runner (inside/),
the interpreter and the test command."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fixloop import sandbox as sb
from fixloop.errors import ConfigError
from fixloop.testrun import (
    TestRunner,
    collection_error_locations,
    discover_python,
    find_python,
    parse_test_cmd,
    read_junit,
    scan_output,
)
from fixloop.testrun.inside import plainrunner as _plainrunner
from fixloop.types import Limits, Outcome


@pytest.fixture(scope="module")
def box() -> sb.Sandbox:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    return sb.BwrapSandbox()


@pytest.fixture
def runner_for(box, tmp_path):
    def _make(root: Path, **kw) -> TestRunner:
        kw.setdefault("limits", Limits(wall_s=60))
        return TestRunner(root, box, log_dir=tmp_path / "logs", python=sys.executable, **kw)

    return _make


CALC = "def add(a, b):\n    return a - b\n\ndef mul(a, b):\n    return a * b\n"
CALC_TESTS = (
    "from calc import add, mul\n\n"
    "def test_add():\n    assert add(2, 3) == 5\n\n"
    "def test_mul():\n    assert mul(2, 3) == 6\n\n"
    "class TestMore:\n    def test_add_zero(self):\n        assert add(1, 0) == 1\n"
)


# ------------------------------------------------------------------------------------------
# Outcome classes on fixtures of our own
# ------------------------------------------------------------------------------------------


def test_failed_run_reads_junit_ids_reasons_and_counts(make_repo, runner_for):
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": CALC_TESTS})
    rep = runner_for(repo).run()
    assert rep.outcome == Outcome.FAILED and not rep.ok
    assert (rep.collected, rep.passed, rep.failed) == (3, 2, 1)
    assert rep.failing_ids == ["tests/test_calc.py::test_add"]
    assert rep.failing[0].reason.startswith("AssertionError: assert -1 == 5")
    assert rep.log_path and not rep.log_path.startswith(str(repo))
    assert "E       assert -1 == 5" in rep.output


def test_skipped_tests_are_named_by_node_id(make_repo, runner_for):
    # the gate compares these ids with the baseline's (a skip swapped for another keeps the count)
    tests = CALC_TESTS + (
        "\nimport pytest\n\n@pytest.mark.skip(reason='later')\ndef test_later():\n    pass\n"
    )
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": tests})
    rep = runner_for(repo).run()
    assert rep.skipped == 1 and rep.skipped_ids == ["tests/test_calc.py::test_later"]


def test_class_test_ids_and_signature_stable_and_specific(make_repo, runner_for):
    tests = CALC_TESTS.replace("assert add(1, 0) == 1", "assert add(1, 1) == 2")
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": tests})
    runner = runner_for(repo)
    a, b = runner.run(), runner.run()
    assert "tests/test_calc.py::TestMore::test_add_zero" in a.failing_ids
    assert a.signature == b.signature and a.signature.startswith("failed:")
    (repo / "calc.py").write_text(CALC.replace("a * b", "a * b + 1").replace("a - b", "a + b"))
    c = runner.run()
    assert c.failing_ids == ["tests/test_calc.py::test_mul"]
    assert c.signature != a.signature


def test_passing_run_is_ok(make_repo, runner_for):
    repo = make_repo({"calc.py": CALC.replace("a - b", "a + b"), "tests/test_calc.py": CALC_TESTS})
    rep = runner_for(repo).run()
    assert rep.outcome == Outcome.PASSED and rep.ok and rep.collected == 3
    assert rep.signature.startswith("passed:") and rep.failing == []


def test_import_error_is_a_collection_error_with_location(make_repo, runner_for):
    repo = make_repo(
        {
            "pkg/__init__.py": "",
            "pkg/core.py": "import json\n\nVALUE = json.loads('{')\n",
            "tests/test_core.py": "from pkg.core import VALUE\n\ndef test_v():\n    assert VALUE\n",
        }
    )
    rep = runner_for(repo).run()
    assert rep.outcome == Outcome.COLLECTION_ERROR and rep.collected == 0
    assert rep.collection_errors and rep.collection_errors[0].startswith("pkg/core.py:3: ")
    assert "JSONDecodeError" in rep.collection_errors[0]
    assert "pkg/core.py:3" in rep.output


def test_empty_suite_is_no_tests_collected_never_ok(make_repo, runner_for):
    repo = make_repo({"tests/test_nothing.py": "X = 1\n"})
    rep = runner_for(repo).run()
    assert rep.outcome == Outcome.NO_TESTS_COLLECTED and not rep.ok
    assert "no tests collected: check the target" in rep.output


def test_option_like_target_refused_before_running(make_repo, runner_for):
    repo = make_repo({"tests/test_a.py": "def test_a():\n    pass\n"})
    runner = runner_for(repo)
    for target in ("-k nothing", "--collect-only", "tests/test_a.py\n-x"):
        rep = runner.run(target)
        assert rep.outcome == Outcome.USAGE_ERROR and rep.log_path is None
        assert "target refused" in rep.output
    assert not (runner.log_dir.exists() and any(runner.log_dir.iterdir()))


def test_target_naming_no_test_is_usage_error(make_repo, runner_for):
    repo = make_repo({"tests/test_a.py": "def test_a():\n    pass\n"})
    rep = runner_for(repo).run("tests/test_a.py::test_missing")
    assert rep.outcome == Outcome.USAGE_ERROR
    assert "names no existing test" in rep.output


def test_timeout_names_the_running_test_and_failures_so_far(make_repo, runner_for):
    repo = make_repo(
        {
            "tests/test_h.py": "def test_a_fails():\n    assert 1 == 2\n\n"
            "def test_b_hangs():\n    while True:\n        pass\n",
        }
    )
    # the wall limit must leave pytest time to start on a loaded machine: scale it from a
    # warm-up run of the quick test (no assertion depends on timing)
    warm = runner_for(repo).run("tests/test_h.py::test_a_fails")
    wall = max(4, round(3 * warm.duration_s))
    rep = runner_for(repo, limits=Limits(wall_s=wall)).run()
    assert rep.outcome == Outcome.TIMED_OUT and not rep.ok
    assert rep.output.startswith(f"timed out after {wall} s")
    assert "still running: tests/test_h.py::test_b_hangs" in rep.output
    assert "failed before that: tests/test_h.py::test_a_fails" in rep.output
    assert rep.failing_ids == ["tests/test_h.py::test_a_fails"]


def test_forced_exit_zero_with_failures_is_not_a_pass(make_repo, runner_for):
    repo = make_repo(
        {
            "conftest.py": "def pytest_sessionfinish(session, exitstatus):\n"
            "    session.exitstatus = 0\n",
            "tests/test_a.py": "def test_a():\n    assert 1 == 2\n",
        }
    )
    rep = runner_for(repo).run(pristine=True)
    assert rep.outcome == Outcome.FAILED and not rep.ok
    assert rep.failing_ids == ["tests/test_a.py::test_a"]


def test_signal_kill_is_interrupted(make_repo, runner_for):
    repo = make_repo(
        {"tests/test_k.py": "import os\n\ndef test_k():\n    os.kill(os.getpid(), 9)\n"}
    )
    rep = runner_for(repo).run()
    assert rep.outcome == Outcome.INTERRUPTED
    assert "SIGKILL" in rep.notice


def test_configured_command_extra_args_kept(make_repo, runner_for):
    repo = make_repo({"calc.py": CALC.replace("a * b", "0"), "tests/test_calc.py": CALC_TESTS})
    rep = runner_for(repo, test_cmd="python -m pytest -x").run()
    assert rep.outcome == Outcome.FAILED and rep.failed == 1


def test_non_pytest_command_is_never_ok(make_repo, runner_for):
    repo = make_repo({"run.py": "print('all good')\n"})
    rep = runner_for(repo, test_cmd=["python", "run.py"]).run()
    assert rep.outcome == Outcome.PASSED and not rep.ok
    assert "never counted as a pass" in rep.notice and "all good" in rep.output


def test_other_root_and_log_dir_outside(make_repo, runner_for, tmp_path, box):
    repo = make_repo({"tests/test_a.py": "def test_a():\n    assert False\n"})
    other = make_repo({"tests/test_a.py": "def test_a():\n    assert True\n"}, name="other")
    runner = runner_for(repo)
    assert runner.run(root=other).ok
    assert runner.run().outcome == Outcome.FAILED
    with pytest.raises(ConfigError, match="outside the workspace"):
        TestRunner(repo, box, log_dir=repo / "logs")


# ------------------------------------------------------------------------------------------
# Pristine mode
# ------------------------------------------------------------------------------------------

SHADOWS = {
    "pytest.py": "import sys\nprint('1 passed')\nsys.exit(0)\n",
    "_pytest/__init__.py": "raise SystemExit(0)\n",
    "sitecustomize.py": "import sys\nsys.exit(0)\n",
    "json.py": "raise SystemExit(0)\n",
    "flat.py": "def f():\n    return 1\n",
    "tests/test_flat.py": "import json\nfrom flat import f\n\n"
    "def test_f():\n    assert f() == json.loads('2')\n\ndef test_ok():\n    assert f() == 1\n",
}


def test_pristine_runs_the_real_pytest_despite_shadows(make_repo, runner_for):
    repo = make_repo(SHADOWS)
    runner = runner_for(repo)
    rep = runner.run(pristine=True)
    assert rep.outcome == Outcome.FAILED, rep.output
    assert rep.failing_ids == ["tests/test_flat.py::test_f"] and rep.passed == 1
    normal = runner.run()
    assert not normal.ok  # the shadow fools a normal run, but never into a pass


def test_pristine_keeps_root_imports_like_python_m_pytest(make_repo, runner_for):
    repo = make_repo(
        {
            "flat.py": "X = 3\n",
            "tests/test_x.py": "import flat\n\ndef test_x():\n    assert flat.X == 3\n",
        }
    )
    assert runner_for(repo).run(pristine=True).ok


# ------------------------------------------------------------------------------------------
# Plain runner (no pytest in the project interpreter)
# ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bare_venv(tmp_path_factory) -> Path:
    venv = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    return venv


def test_plain_runner_when_pytest_is_missing(make_repo, box, bare_venv, tmp_path):
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": CALC_TESTS})
    runner = TestRunner(
        repo,
        box,
        python=str(bare_venv / "bin" / "python"),
        log_dir=tmp_path / "logs",
        limits=Limits(wall_s=60),
    )
    rep = runner.run()
    assert "pytest not found" in rep.notice and "pytest not found" in rep.output
    assert rep.outcome == Outcome.FAILED and (rep.passed, rep.failed) == (2, 1)
    assert rep.failing_ids == ["tests/test_calc.py::test_add"]
    assert "E   AssertionError" in rep.output and "short test summary info" in rep.output
    assert runner.run("tests/test_calc.py::TestMore").ok


@pytest.mark.parametrize("kind", ["pytest", "plain"])
def test_progress_file_closed_no_resource_warning_under_warnings_as_errors(
    make_repo, box, bare_venv, tmp_path, kind
):
    # A project whose tests turn warnings into errors, run with ResourceWarning an error for
    # the whole interpreter too: fixloop's progress file (the plugin's, or the plain runner's
    # when pytest is missing) used to stay open until exit, "Exception ignored in ... unclosed
    # file ... progress.jsonl" in the run's output.
    repo = make_repo(
        {
            "calc.py": CALC.replace("a - b", "a + b"),
            "tests/test_calc.py": CALC_TESTS,
            "pytest.ini": "[pytest]\nfilterwarnings =\n    error\n",
        }
    )
    python = sys.executable if kind == "pytest" else str(bare_venv / "bin" / "python")
    runner = TestRunner(
        repo,
        box,
        python=python,
        log_dir=tmp_path / "logs",
        limits=Limits(wall_s=60),
        env={"PYTHONWARNINGS": "error::ResourceWarning"},
    )
    for pristine in (False, True):
        rep = runner.run(pristine=pristine)
        assert rep.outcome == Outcome.PASSED and rep.passed == 3, rep.output
        assert "ResourceWarning" not in rep.output and "unclosed file" not in rep.output
        assert ("pytest not found" in rep.output) == (kind == "plain")


def _plain(root: Path, tmp_path: Path, target: str = "") -> tuple[int, dict]:
    junit = tmp_path / "plain.xml"
    rc = _plainrunner.main(
        {
            "root": str(root),
            "targets": [target] if target else [],
            "junit": str(junit),
            "progress": None,
        }
    )
    return rc, {"junit": read_junit(junit)}


def test_plain_runner_collection_error_and_exit_codes(tmp_path, capsys, monkeypatch):
    root = tmp_path / "p"
    (root / "tests").mkdir(parents=True)
    (root / "shapes.py").write_text("def f(x)\n    return x\n")
    (root / "tests" / "test_s.py").write_text("from shapes import f\n\ndef test_f():\n    pass\n")
    monkeypatch.setattr(sys, "path", [str(root), *sys.path])
    rc, info = _plain(root, tmp_path)
    out = capsys.readouterr().out
    assert rc == 2 and "ERROR collecting tests/test_s.py" in out
    locs = collection_error_locations(scan_output(out.splitlines()).sections, str(root))
    assert locs[0].startswith("shapes.py:1: SyntaxError")
    rc, _ = _plain(root, tmp_path, "tests/missing.py")
    assert rc == 4
    (root / "tests" / "test_s.py").write_text("X = 1\n")
    rc, _ = _plain(root, tmp_path)
    assert rc == 5
    sys.modules.pop("shapes", None)
    sys.modules.pop("test_s", None)


# ------------------------------------------------------------------------------------------
# Pure helpers
# ------------------------------------------------------------------------------------------


def _fake_venv(folder: Path, name: str) -> str:
    py = folder / name / "bin" / "python"
    py.parent.mkdir(parents=True)
    py.symlink_to(sys.executable)
    return str(py)


def test_find_python(tmp_path, monkeypatch):
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    assert find_python(tmp_path) == sys.executable
    assert find_python(tmp_path, sys.executable) == sys.executable
    with pytest.raises(ConfigError):
        find_python(tmp_path, str(tmp_path / "nope" / "python"))
    with pytest.raises(ConfigError):
        find_python(tmp_path, "no-such-python-xyz")
    venv_py = _fake_venv(tmp_path, ".venv")
    assert find_python(tmp_path) == venv_py
    # an explicit interpreter wins over discovery
    assert find_python(tmp_path, sys.executable) == sys.executable


def test_discover_python_order(tmp_path):
    """configured > .venv, venv in the user's checkout (then the run tree) > $VIRTUAL_ENV > own."""
    run_tree, checkout, active = tmp_path / "wt", tmp_path / "user", tmp_path / "active"
    for d in (run_tree, checkout, active):
        d.mkdir()
    act = _fake_venv(active, "env")
    env = {"VIRTUAL_ENV": str(active / "env")}
    assert discover_python(run_tree, env={}) == (sys.executable, "fixloop's own interpreter")
    assert discover_python(run_tree, env=env) == (act, "$VIRTUAL_ENV")
    plain = _fake_venv(checkout, "venv")
    assert discover_python(run_tree, checkouts=[checkout], env=env)[0] == plain
    dot = _fake_venv(checkout, ".venv")  # .venv before venv
    py, origin = discover_python(run_tree, checkouts=[checkout], env=env)
    assert (py, origin) == (dot, f".venv/ in {checkout}")
    # a relative configured path is taken from the checkout, and wins
    assert discover_python(run_tree, "venv/bin/python", checkouts=[checkout], env=env) == (
        plain,
        "configured",
    )
    with pytest.raises(ConfigError, match="does not exist"):
        discover_python(run_tree, "nothere/bin/python", checkouts=[checkout], env=env)


def test_parse_test_cmd():
    assert parse_test_cmd(None) == ["python", "-m", "pytest"]
    assert parse_test_cmd("python -m pytest -k 'a and b'") == [
        "python",
        "-m",
        "pytest",
        "-k",
        "a and b",
    ]
    assert parse_test_cmd(["pytest", "-x"]) == ["pytest", "-x"]
    with pytest.raises(ConfigError):
        parse_test_cmd("   ")


def test_collect_lists_node_ids(make_repo, runner_for):
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": CALC_TESTS})
    ids = runner_for(repo).collect()
    assert ids == [
        "tests/test_calc.py::test_add",
        "tests/test_calc.py::test_mul",
        "tests/test_calc.py::TestMore::test_add_zero",
    ]


def test_report_is_json_ready(make_repo, runner_for):
    repo = make_repo({"tests/test_a.py": "def test_a():\n    pass\n"})
    rep = runner_for(repo).run()
    d = json.loads(json.dumps(rep.to_dict()))
    assert d["outcome"] == "passed" and d["collected"] == 1
    assert os.path.isfile(d["log_path"])
