"""The baseline doctor end to end (issue 13): each fixture of tests/cases/env-doctor stops with
exit 3, status ``environment``, the cause and the fix named, before any model call; and
:mod:`fixloop.doctor` on reports built by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Case, cases_of
from test_e2e import default_sandbox_args, fixloop_branches, one_json, run_cli, snapshot

from fixloop.doctor import command_problem, declared_dependencies, diagnose, own_packages
from fixloop.testrun.unittestcmd import UnittestCommand, unittest_to_pytest
from fixloop.types import FailingTest, Outcome, TestReport


@pytest.mark.parametrize("c", cases_of("env-doctor"), ids=lambda c: c.variant)
def test_environment_stops_before_the_model(c: Case, tmp_path: Path) -> None:
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    before = snapshot(repo)
    home = tmp_path / "home"
    args = ["fix", str(repo), "--model", f"script:{c.script}", *default_sandbox_args()]
    proc = run_cli([*args, "--json"], home)
    assert proc.returncode == m["exit"], proc.stderr[-3000:]
    res = one_json(proc)
    assert res["status"] == m["status"] and res["exit_code"] == m["exit"]
    env = res["environment"]
    assert env["kind"] == m["kind"], env
    for words in m["cause"]:
        assert words in env["cause"], env
    for words in m["fix"]:
        assert words in env["fix"], env
    assert "\n" not in env["cause"] and "\n" not in env["fix"]
    # no model call, nothing changed, the user's checkout untouched, no branch left
    assert res["steps"] == 0 and res["files_changed"] == [] and res["verified"] is False
    assert f"Cause: {env['cause']}" in res["summary"] and f"Fix: {env['fix']}" in res["summary"]
    assert snapshot(repo) == before and fixloop_branches(repo) == []
    # the terminal says the same (the cause and the fix, each on its own line of the report)
    term = run_cli(args, home)
    assert term.returncode == m["exit"]
    flat = " ".join((term.stdout + term.stderr).replace("│", " ").split())
    assert "environment" in flat
    assert " ".join(f"Cause: {env['cause']}".split()) in flat
    assert " ".join(f"Fix: {env['fix']}".split()) in flat


def _report(outcome: Outcome, **kw: object) -> TestReport:
    return TestReport(outcome=outcome, **kw)  # type: ignore[arg-type]


def test_usage_error_quotes_pytest_and_names_the_plugin(tmp_path: Path) -> None:
    rep = _report(
        Outcome.USAGE_ERROR,
        output="ERROR: usage: pytest.main() [options]\n"
        "pytest.main(): error: unrecognized arguments: --cov=pkg -n 2\n  inifile: setup.cfg\n",
    )
    found = diagnose(
        rep, root=tmp_path, python="/p/bin/python", test_cmd=["python", "-m", "pytest"]
    )
    assert found is not None and found.kind == "usage_error"
    assert found.cause == "pytest: error: unrecognized arguments: --cov=pkg -n 2"
    assert "pytest-cov and pytest-xdist" in found.fix and "/p/bin/python -m pip" in found.fix
    # a usage error of a target the model chose is the model's business, not the environment's
    rep.target = "tests/test_x.py::nope"
    assert diagnose(rep, root=tmp_path, python="p", test_cmd=["pytest"]) is None


def test_missing_module_only_for_own_or_declared(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "requirements-dev.txt").write_text("# dev\nPyYAML>=6\n-e .\n")
    (tmp_path / "setup.cfg").write_text("[options]\ninstall_requires =\n    requests>=2\n")
    assert {"yaml", "requests"} <= set(declared_dependencies(tmp_path))
    assert "pkg" in own_packages(tmp_path)

    def diag(msg: str) -> str | None:
        rep = _report(Outcome.COLLECTION_ERROR, collection_errors=[f"tests/t.py:1: {msg}"])
        found = diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"])
        return found.cause if found else None

    assert "'yaml'" in (diag("ModuleNotFoundError: No module named 'yaml'") or "")
    assert "setup.cfg" in (diag("ModuleNotFoundError: No module named 'requests'") or "")
    # an import of a module nobody declared, or of a module of the project that exists nowhere,
    # is a bug in the code: the model's to fix
    assert diag("ModuleNotFoundError: No module named 'jsonn'") is None
    assert diag("ModuleNotFoundError: No module named 'pkg.helperz'") is None


def test_missing_dependency_fix_names_the_extra_that_declares_it(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "lockr"\ndependencies = ["attrs"]\n'
        '[project.optional-dependencies]\ndocs = ["sphinx"]\ntests = ["pytest", "redis"]\n'
        'redis = ["redis"]\n[dependency-groups]\nlint = ["ruff"]\n'
    )
    (tmp_path / "requirements-ci.txt").write_text("tomli\n")

    def fix_for(mod: str) -> tuple[str, str]:
        rep = _report(Outcome.COLLECTION_ERROR, collection_errors=[f"No module named '{mod}'"])
        found = diagnose(rep, root=tmp_path, python="/v/bin/python", test_cmd=["pytest"])
        assert found is not None and found.kind == "missing_module"
        return found.cause, found.fix

    cause, fix = fix_for("redis")  # the first extra that lists it, not a guessed '.[test]'
    assert "pyproject.toml (extra 'tests')" in cause
    assert "/v/bin/python -m pip install -e '.[tests]'" in fix
    assert "/v/bin/python -m pip install -e .)" in fix_for("attr")[1]
    assert "pip install -e . --group lint" in fix_for("ruff")[1]
    assert "pip install -r requirements-ci.txt" in fix_for("tomli")[1]
    assert declared_dependencies(tmp_path)["sphinx"] == "pyproject.toml (extra 'docs')"


def test_unittest_command_without_pytest_is_the_environment(tmp_path: Path) -> None:
    # without pytest the plain runner runs: it finds no TestCase named unlike Test* and calls
    # no setUp, so its tally (here: nothing collected) is not the suite's
    rep = _report(
        Outcome.NO_TESTS_COLLECTED,
        notice="pytest not found in /v/bin/python (No module named 'pytest'): ran fixloop's "
        "plain runner (test_* functions in test_*.py files; no fixtures)",
    )
    found = diagnose(
        rep, root=tmp_path, python="/v/bin/python", test_cmd=["python", "-m", "unittest"]
    )
    assert found is not None and found.kind == "missing_module"
    assert "runs through pytest's unittest support" in found.cause
    # interpreter options before -m (python -W error -m unittest) do not hide the command
    for opts in (["-W", "error"], ["-Werror"], ["-X", "dev", "-B"]):
        argv = ["python", *opts, "-m", "unittest"]
        again = diagnose(rep, root=tmp_path, python="/v/bin/python", test_cmd=argv)
        assert again is not None and again.kind == "missing_module", opts
    assert "/v/bin/python -m pip install pytest" in found.fix
    # a pytest command keeps the plain runner's verdict (no tests: nothing to verify against)
    found = diagnose(
        rep, root=tmp_path, python="/v/bin/python", test_cmd=["python", "-m", "pytest"]
    )
    assert found is not None and found.kind == "no_tests"


def test_no_tests_in_a_subfolder_names_the_tests_outside_it(tmp_path: Path) -> None:
    # `fixloop fix repo/pkg` (a package folder, as a newcomer typed it for inflection 0.5.1):
    # the run's project is that folder, whose suite collects nothing; the test file sits beside it
    top = tmp_path / "repo"
    _write(top, {"pkg/__init__.py": "", "test_pkg.py": "", ".venv/lib/test_x.py": ""})
    rep = _report(Outcome.NO_TESTS_COLLECTED)
    argv = ["python", "-m", "pytest"]
    found = diagnose(rep, root=top / "pkg", python="py", test_cmd=argv, top=top, repo=Path("/r"))
    assert found is not None and found.kind == "no_tests"
    assert "the folder pkg of the repository" in found.fix
    assert "test files such as test_pkg.py are outside it" in found.fix
    assert "run fixloop on the repository (/r)" in found.fix
    # no test file outside the folder (a virtual environment's do not count): the usual fix
    (top / "test_pkg.py").unlink()
    alone = diagnose(rep, root=top / "pkg", python="py", test_cmd=argv, top=top, repo=top)
    assert alone is not None and alone.fix.startswith("point the test command at the tests")
    # PATH was the repository itself: nothing to say about other folders
    (top / "tests").mkdir()
    (top / "tests" / "test_a.py").write_text("")
    whole = diagnose(rep, root=top, python="py", test_cmd=argv)
    assert whole is not None and whole.fix.startswith("point the test command at the tests")


def test_unittest_load_tests_module_is_unreadable(tmp_path: Path) -> None:
    # idna 3.10: tests/test_idna_uts46.py makes ~6,200 tests in load_tests; pytest's unittest
    # support ignores the protocol, so they would never run behind `python -m unittest`
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_plain.py").write_text("import unittest\n")
    rep = _report(Outcome.FAILED, collected=3, failed=1, failing=[FailingTest("t::a", "x")])

    def diag(argv: list[str]) -> str | None:
        found = diagnose(rep, root=tmp_path, python="py", test_cmd=argv)
        return f"{found.kind}: {found.cause} / {found.fix}" if found else None

    assert diag(["python", "-m", "unittest"]) is None
    (tmp_path / "tests" / "test_made.py").write_text(
        "import unittest\n\ndef load_tests(loader, tests, pattern):\n    return tests\n"
    )
    found = diag(["python", "-m", "unittest"]) or ""
    assert found.startswith("unreadable: tests/test_made.py defines load_tests")
    assert (diag(["python", "-W", "error", "-m", "unittest"]) or "").startswith("unreadable:")
    assert "--ignore=tests/test_made.py" in found
    assert diag(["python", "-m", "unittest", "discover", "-p", "test_plain.py"]) is None
    assert diag(["python", "-m", "pytest"]) is None  # pytest's own collection: no unittest rule


def test_ignored_file_of_the_checkout_is_named(tmp_path: Path) -> None:
    src, run = tmp_path / "src", tmp_path / "run"
    for d in (src, run):
        (d / "pkg").mkdir(parents=True)
        (d / "pkg" / "__init__.py").write_text("from pkg._version import v\n")
    (src / "pkg" / "_version.py").write_text("v = '1'\n")
    rep = _report(
        Outcome.COLLECTION_ERROR, collection_errors=["t.py:1: No module named 'pkg._version'"]
    )
    found = diagnose(rep, root=run, python="py", test_cmd=["pytest"], source=src)
    assert found is not None and "pkg/_version.py is in your checkout but not in git" in found.cause


def test_permission_and_unreadable(tmp_path: Path) -> None:
    rep = _report(
        Outcome.FAILED,
        collected=2,
        failed=1,
        failing=[FailingTest("t.py::w", "OSError: [Errno 30] Read-only file system: '/x'")],
    )
    found = diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"])
    assert found is not None and found.kind == "permission" and "t.py::w" in found.cause
    rep = _report(
        Outcome.FAILED, collected=2, failed=1, failing=[FailingTest("t.py::a", "assert 1 == 2")]
    )
    assert diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"]) is None
    found = diagnose(rep, root=tmp_path, python="py", test_cmd=["make", "test"], reads_counts=False)
    assert found is not None and found.kind == "unreadable" and "make test" in found.cause


def test_command_problem(tmp_path: Path) -> None:
    assert command_problem(["python", "-m", "pytest"], "/bin/sh") is None
    assert command_problem(["sh", "-c", "true"], "py") is None
    found = command_problem(["./run.sh"], "py")
    assert found is not None and found.kind == "command_not_found" and "./run.sh" in found.cause
    assert command_problem(["./run.sh"], "py", host_path=False) is None


# --------------------------------------------------------------------------------------------
# unittest test commands run through pytest's unittest support
# --------------------------------------------------------------------------------------------


def test_unittest_command_is_counted_and_verified(tmp_path: Path) -> None:
    c = cases_of("unittest-command")[0]
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{c.script}", *default_sandbox_args()],
        tmp_path / "home",
    )
    res = one_json(proc)
    assert (proc.returncode, res["status"]) == (m["exit"], m["status"]), proc.stderr[-3000:]
    assert res["files_changed"] == ["initials.py"]
    events = [json.loads(x) for x in Path(res["trajectory"]).read_text().splitlines()]
    base = next(e["report"] for e in events if e["type"] == "baseline")
    assert base["collected"] == m["collected"]
    assert sorted(f["id"] for f in base["failing"]) == m["baseline_failing"]
    # the model's run_tests on one file ran that file's tests only, counted
    tests = [
        e["report"] for e in events if e["type"] == "test_report" and e.get("source") != "gate"
    ]
    assert tests and tests[0]["collected"] == 3 and tests[0]["outcome"] == "passed"


def test_unittest_translation() -> None:
    assert unittest_to_pytest([]) == (["-o", "python_files=test*.py"], ["."])
    assert unittest_to_pytest(["discover", "-s", "tests", "-t", ".", "-p", "t_*.py", "-v"]) == (
        ["-o", "python_files=t_*.py"],
        ["tests"],
    )
    assert unittest_to_pytest(["discover", "src", "spec_*.py"]) == (
        ["-o", "python_files=spec_*.py"],
        ["src"],
    )
    assert unittest_to_pytest(["tests.test_a.TestA.test_b", "tests.test_c", "-k", "fast"]) == (
        ["-k", "fast", "-o", "python_files=*.py"],
        ["tests/test_a.py::TestA::test_b", "tests/test_c.py"],
    )
    with pytest.raises(UnittestCommand):
        unittest_to_pytest(["discover", "--bogus"])
    with pytest.raises(UnittestCommand):
        unittest_to_pytest(["-k", "*fast*"])


def test_pytest_deprecation_stopping_collection_is_the_environment(tmp_path: Path) -> None:
    """pytest's own deprecation warning made an error by the project stops collection: the test
    files or the pytest configuration would have to change (the user's, never the model's)."""
    err = (
        "tests/test_a.py:1: pytest.PytestRemovedIn10Warning: Passing a non-Collection iterable "
        "to parametrize is deprecated."
    )
    rep = _report(Outcome.COLLECTION_ERROR, collection_errors=[err])
    found = diagnose(rep, root=tmp_path, python="/p/bin/python", test_cmd=["pytest"])
    assert found is not None and found.kind == "pytest_too_new"
    assert "PytestRemovedIn10Warning: Passing a non-Collection iterable" in found.cause
    assert "/p/bin/python -m pip install 'pytest<9'" in found.fix
    rep.collection_errors = ["t.py:1: _pytest.warning_types.PytestDeprecationWarning: old hook"]
    found = diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"])
    assert found is not None and "an older pytest" in found.fix
    # the same words in a failing test (not a stopped collection) are left to the model
    rep = _report(
        Outcome.FAILED,
        collected=1,
        failed=1,
        failing=[FailingTest("t.py::a", err.split(": ", 1)[1])],
    )
    assert diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"]) is None


_COLLECT_WARNING = (
    "tests/test_b.py::TestSuite - pytest.PytestCollectionWarning: cannot collect test class "
    "'TestSuite' because it has a __init__ constructor (from: tests/test_b.py)"
)


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_pytest_warning_made_an_error_by_the_tests_is_the_environment(tmp_path: Path) -> None:
    """pytest's collection warning about a test file, made an error by a filter the tests or
    the test configuration set, stops collection whatever the code does: the user's to mend.
    A module-level filter is named before one inside a test function (catch_warnings undoes it)."""
    rep = _report(Outcome.COLLECTION_ERROR, collection_errors=[_COLLECT_WARNING])
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "def f():\n    return 1\n",
            "tests/test_a.py": "import warnings\ndef test_a():\n"
            "    with warnings.catch_warnings():\n        warnings.simplefilter('error')\n",
            "tests/test_legacy.py": "import warnings\nwarnings.simplefilter('error')\n",
        },
    )
    found = diagnose(rep, root=tmp_path, python="py", test_cmd=["python", "-m", "pytest"])
    assert found is not None and found.kind == "pytest_warning"
    assert "at import of tests/test_legacy.py" in found.cause
    assert "PytestCollectionWarning: cannot collect test class 'TestSuite'" in found.cause
    assert "ignore::pytest.PytestCollectionWarning" in found.fix
    # the configuration's filterwarnings = error (a linelist: other entries on other lines)
    (tmp_path / "tests/test_legacy.py").unlink()
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nfilterwarnings =\n    ignore:an error occurred:UserWarning\n    error\n"
    )
    found = diagnose(rep, root=tmp_path, python="py", test_cmd=["python", "-m", "pytest"])
    assert found is not None and "filterwarnings = error in pytest.ini" in found.cause
    # the test command's -W error
    (tmp_path / "pytest.ini").write_text("[pytest]\nfilterwarnings =\n    ignore:an error:U\n")
    found = diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest", "-W", "error"])
    assert found is not None and "`-W error` in the test command" in found.cause
    # only a nested filter left: still named
    found = diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"])
    assert found is not None and "in tests/test_a.py" in found.cause


def test_pytest_warning_made_an_error_by_the_code_is_the_models(tmp_path: Path) -> None:
    """The same stopped collection with the error filter set only by the code under test is a
    fault a change can mend; a failing test quoting the warning is the model's too."""
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "import warnings\nwarnings.simplefilter('error')\n",
            "tests/test_a.py": "from pkg import f\n",
            "pytest.ini": "[pytest]\nfilterwarnings =\n    ignore:an error occurred:UserWarning\n",
        },
    )
    rep = _report(Outcome.COLLECTION_ERROR, collection_errors=[_COLLECT_WARNING])
    assert diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"]) is None
    (tmp_path / "tests/conftest.py").write_text("import warnings\nwarnings.simplefilter('error')\n")
    failing = _report(
        Outcome.FAILED,
        collected=1,
        failed=1,
        failing=[FailingTest("tests/test_a.py::t", _COLLECT_WARNING.split(" - ", 1)[1])],
    )
    assert diagnose(failing, root=tmp_path, python="py", test_cmd=["pytest"]) is None
    assert diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"]) is not None


def test_pytest_stopped_on_a_read_only_copy_of_an_ignored_report(tmp_path: Path) -> None:
    # arrow 1.3.0: addopts --cov-report=xml, and coverage.xml (git-ignored) left in the checkout
    # by the user's last pytest run is copied read-only into the run's tree: pytest-cov's report
    # at the end of every run stops pytest (exit 3), whatever the change
    src, run = tmp_path / "src", tmp_path / "run"
    src.mkdir()
    run.mkdir()
    (src / "coverage.xml").write_text("<coverage/>")
    (run / "coverage.xml").write_text("<coverage/>")
    (run / "coverage.xml").chmod(0o444)
    tail = (
        'INTERNALERROR>     outfile = open(output_path, "w", encoding="utf-8")\n'
        "INTERNALERROR> PermissionError: [Errno 13] Permission denied: 'coverage.xml'\n"
    )
    rep = _report(
        Outcome.INTERNAL_ERROR,
        collected=3,
        passed=2,
        failed=1,
        output="== 1 failed, 2 passed ==\n" + tail,
        failing=[FailingTest("t.py::a", "assert 1 == 2")],
    )
    found = diagnose(rep, root=run, python="py", test_cmd=["pytest"], source=src)
    assert found is not None and found.kind == "permission"
    assert "cannot write coverage.xml" in found.cause and "git-ignored" in found.cause
    assert f"delete {src / 'coverage.xml'}" in found.fix
    # the same stop on a file that is not such a copy: still the environment, said plainly
    (run / "coverage.xml").chmod(0o644)
    found = diagnose(rep, root=run, python="py", test_cmd=["pytest"], source=src)
    assert found is not None and found.kind == "permission"
    assert found.cause == (
        "pytest stopped with an internal error: PermissionError: [Errno 13] Permission denied: "
        "'coverage.xml'"
    )
    # another internal error (a conftest hook calling the code under test) is the model's
    rep.output = "INTERNALERROR> ZeroDivisionError: division by zero\n"
    assert diagnose(rep, root=run, python="py", test_cmd=["pytest"], source=src) is None
    # a test that rewrites a read-only copy is named with the file, by its absolute path too
    (run / "coverage.xml").chmod(0o444)
    rep = _report(
        Outcome.FAILED,
        collected=2,
        failed=1,
        failing=[
            FailingTest(
                "t.py::w", f"PermissionError: [Errno 13] Permission denied: '{src}/coverage.xml'"
            )
        ],
    )
    found = diagnose(rep, root=run, python="py", test_cmd=["pytest"], source=src)
    assert found is not None and "t.py::w cannot write coverage.xml" in found.cause


def test_own_package_missing_only_in_a_child_process_is_a_failing_test(tmp_path: Path) -> None:
    # babel 2.17.0: test_setuptools_commands runs `python setup.py init_catalog` in a temporary
    # folder; the child imports babel through the user's editable install, which the baseline's
    # sandbox does not show. 7,339 tests that import babel passed: the suite runs
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    child = "CalledProcessError: ... returned non-zero exit status 1"
    rep = _report(
        Outcome.FAILED,
        collected=3,
        passed=2,
        failed=1,
        output="E   ModuleNotFoundError: No module named 'pkg'\n",
        failing=[FailingTest("tests/t.py::test_cli", child)],
    )
    assert diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"]) is None
    # the same words where the test process itself cannot import it: the environment
    rep = _report(
        Outcome.COLLECTION_ERROR,
        collected=1,
        passed=1,
        collection_errors=["tests/t.py:1: ModuleNotFoundError: No module named 'pkg'"],
    )
    found = diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"])
    assert found is not None and found.kind == "missing_module" and "'pkg'" in found.cause
    rep = _report(
        Outcome.FAILED,
        collected=1,
        failed=1,
        failing=[FailingTest("tests/t.py::a", "ModuleNotFoundError: No module named 'pkg'")],
    )
    found = diagnose(rep, root=tmp_path, python="py", test_cmd=["pytest"])
    assert found is not None and found.kind == "missing_module"
