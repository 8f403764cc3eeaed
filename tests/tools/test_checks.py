"""The lint and type_check tools and the edit linting (tools/checks.py), on real checkers.

The checkers run through an unsandboxed sandbox (explicitly allowed) with a real interpreter:
fixloop's own (which has ruff and mypy installed) or a fresh venv without any package (a
project with neither).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fixloop import sandbox as sb
from fixloop.testrun import TestRunner
from fixloop.tools import Caps, Tools
from fixloop.tools.checks import declared_checker, parse_mypy, parse_pyright, parse_ruff
from fixloop.workspace import Workspace

BUGGY = "import os\n\n\ndef f():\n    return undefined_x\n"
TYPED = "def f(x: int) -> str:\n    return x\n"


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory: pytest.TempPathFactory) -> str:
    """An interpreter with no packages at all (no ruff, no mypy)."""
    env = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    return str(env / "bin" / "python")


def tools_for(repo: Path, tmp_path: Path, python: str = sys.executable, **caps) -> Tools:
    box = sb.make_sandbox("none", allow_unsandboxed=True)
    runner = TestRunner(repo, box, log_dir=tmp_path / "logs", python=python)
    return Tools(Workspace(repo), runner, caps=Caps(**caps))


def test_lint_reports_file_line_code_message_with_the_projects_ruff(make_repo, tmp_path) -> None:
    repo = make_repo({"a.py": BUGGY, "b.py": "X = 1\n"})
    res = tools_for(repo, tmp_path).call("lint", {})
    assert res.kind == "ok" and not res.is_error, res.content
    lines = res.content.splitlines()
    assert lines[0].startswith("lint (the project's ruff) of '.': 2 problems in 1 file")
    assert "a.py:1:F401:`os` imported but unused" in lines
    assert "a.py:5:F821:Undefined name `undefined_x`" in lines
    clean = tools_for(repo, tmp_path).call("lint", {"path": "b.py"})
    assert clean.content == "lint (the project's ruff) of 'b.py': no problems found."


def test_lint_uses_fixloops_ruff_and_the_projects_config(make_repo, tmp_path, bare_python) -> None:
    repo = make_repo(
        {
            "a.py": "VALUE = 'a string longer than twenty characters'\n",
            "ruff.toml": "line-length = 20\n[lint]\nselect = ['E501']\n",
        }
    )
    res = tools_for(repo, tmp_path, python=bare_python).call("lint", {"path": "a.py"})
    assert not res.is_error, res.content
    assert res.content.startswith("lint (fixloop's ruff) of 'a.py': 1 problem in 1 file (E501 x1)")
    assert res.content.splitlines()[1].startswith("a.py:1:E501:Line too long")


def test_lint_caps_the_findings_and_refuses_bad_paths(make_repo, tmp_path) -> None:
    repo = make_repo({"many.py": "".join(f"import m{i}\n" for i in range(30))})
    res = tools_for(repo, tmp_path, search_hits=5).call("lint", {})
    assert "30 problems in 1 file (F401 x30); the first 5 shown:" in res.content
    assert res.content.endswith("[25 more: check a narrower path]")
    assert tools_for(repo, tmp_path).call("lint", {"path": "../x"}).kind == "path_refused"
    assert tools_for(repo, tmp_path).call("lint", {"path": "nope.py"}).kind == "not_found"
    nothing = Tools(Workspace(repo), None).call("lint", {})
    assert nothing.is_error and nothing.kind == "unavailable"


def test_type_check_without_a_declared_checker_is_a_clear_tool_error(make_repo, tmp_path) -> None:
    repo = make_repo({"a.py": TYPED})
    res = tools_for(repo, tmp_path).call("type_check", {})
    assert res.is_error and res.kind == "unavailable"
    assert "declares no type checker" in res.content and "Use lint and run_tests" in res.content


def test_type_check_runs_the_declared_mypy(make_repo, tmp_path) -> None:
    repo = make_repo({"a.py": TYPED, "pyproject.toml": "[tool.mypy]\nstrict = false\n"})
    res = tools_for(repo, tmp_path).call("type_check", {"path": "a.py"})
    assert not res.is_error, res.content
    assert res.content.splitlines()[0].startswith(
        "type_check (mypy, declared by [tool.mypy] in pyproject.toml) of 'a.py': 1 problem"
    )
    assert res.content.splitlines()[1] == (
        'a.py:2:return-value:Incompatible return value type (got "int", expected "str")'
    )


def test_type_check_declared_but_not_installed(make_repo, tmp_path, bare_python) -> None:
    repo = make_repo({"a.py": TYPED, "mypy.ini": "[mypy]\n"})
    res = tools_for(repo, tmp_path, python=bare_python).call("type_check", {})
    assert res.is_error and res.kind == "unavailable"
    assert "declares mypy (mypy.ini) but its interpreter" in res.content


def test_declared_checker_reads_configs_and_dependency_lists(tmp_path: Path) -> None:
    cases = {
        "setup.cfg": ("[mypy]\n", ("mypy", "[mypy] in setup.cfg")),
        "pyrightconfig.json": ("{}", ("pyright", "pyrightconfig.json")),
        "pyproject.toml": (
            "[project]\nname='x'\n[project.optional-dependencies]\ndev = ['pyright>=1.1']\n",
            ("pyright", "a dependency list of pyproject.toml"),
        ),
    }
    for name, (text, want) in cases.items():
        d = tmp_path / name.replace(".", "_")
        d.mkdir()
        (d / name).write_text(text)
        assert declared_checker(d) == want
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "pyproject.toml").write_text("not [ toml")
    assert declared_checker(tmp_path / "bad") is None


def test_parsers_read_each_checkers_format() -> None:
    assert [
        f.text() for f in parse_ruff("x.py:2:1: invalid-syntax: Expected `)`\nFound 1 error.\n")
    ] == ["x.py:2:syntax:Expected `)`"]
    mypy_out = 'a.py:3: error: Name "y" is not defined  [name-defined]\na.py:3: note: hint\n'
    assert [f.text() for f in parse_mypy(mypy_out)] == [
        'a.py:3:name-defined:Name "y" is not defined'
    ]
    pyright_out = (
        'noise\n{"generalDiagnostics": [{"file": "/r/a.py", "severity": "error", "message": '
        '"bad\\nmore", "range": {"start": {"line": 0}}, "rule": "reportGeneralTypeIssues"}]}'
    )
    assert [f.text() for f in parse_pyright(pyright_out) or []] == [
        "/r/a.py:1:reportGeneralTypeIssues:bad"
    ]
    assert parse_pyright("no json at all") is None


def test_edit_file_appends_the_undefined_names_it_added(make_repo) -> None:
    repo = make_repo({"a.py": "def f():\n    return old_missing\n\n\ndef g():\n    return 1\n"})
    t = Tools(Workspace(repo), None)
    bad = t.call(
        "edit_file", {"path": "a.py", "old": "    return 1\n", "new": "    return helper(1)\n"}
    )
    assert not bad.is_error
    tail = bad.content.split("\nLint after this edit: ", 1)[1]
    assert tail.startswith("1 new problem in a.py")
    assert tail.splitlines()[1] == "a.py:6:F821:Undefined name `helper`"
    assert "old_missing" not in tail  # there before the edit: not the edit's
    good = t.call("edit_file", {"path": "a.py", "old": "helper(1)", "new": "2"})
    assert not good.is_error and "Lint after this edit" not in good.content
