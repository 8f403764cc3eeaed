"""fixloop.tools.dispatch: schemas, argument validation, dispatch, path refusals, counters."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fixloop.tools import TOOL_NAMES, Tools
from tools.support import edit

# --------------------------------------------------------------------------- specs, validation


def test_specs_shape(tools: Tools) -> None:
    specs = tools.specs()
    assert [s["name"] for s in specs] == list(TOOL_NAMES)
    for s in specs:
        assert s["description"]
        sch = s["input_schema"]
        assert sch["type"] == "object" and sch["additionalProperties"] is False
    by = {s["name"]: s["input_schema"] for s in specs}
    assert by["read_file"]["required"] == ["path"]
    assert set(by["read_file"]["properties"]) == {"path", "start", "end"}
    assert by["edit_file"]["required"] == ["path", "old", "new"]
    assert by["create_file"]["required"] == ["path", "content"]
    assert by["run_tests"]["required"] == [] and "target" in by["run_tests"]["properties"]
    assert by["list_files"]["properties"]["path"]["default"] == "."
    # specs are copies: a caller mutating them changes nothing
    specs[0]["input_schema"]["properties"].clear()
    assert tools.specs()[0]["input_schema"]["properties"]


@pytest.mark.parametrize(
    "name,args,problem",
    [
        ("read_file", ["calc.py"], "must be a JSON object, got array"),
        ("read_file", "calc.py", "must be a JSON object, got string"),
        ("read_file", None, "must be a JSON object, got null"),
        ("read_file", {}, "missing required argument 'path'"),
        ("read_file", {"path": "calc.py", "start": "one"}, "'start' must be integer, got string"),
        ("read_file", {"path": "calc.py", "start": True}, "'start' must be integer, got boolean"),
        ("read_file", {"path": "calc.py", "start": 0}, "'start' must be >= 1"),
        ("read_file", {"path": 7}, "'path' must be string, got integer"),
        ("edit_file", {"path": "calc.py", "old": "a", "new": "b", "force": True}, "'force'"),
        ("edit_file", {"path": "calc.py\x00", "old": "a", "new": "b"}, "NUL byte"),
        ("create_file", {"path": "n.py", "content": "x\x00"}, "NUL byte"),
        ("create_file", {"path": "n.py", "content": "\ud800"}, "lone surrogate"),
        ("search_code", {"pattern": "x", "skip": -1}, "'skip' must be >= 0"),
        ("run_tests", {"target": ["a"]}, "'target' must be string, got array"),
    ],
)
def test_invalid_args_show_problem_and_schema(ro_tools: Tools, ro_repo: Path, name, args, problem):
    tools, repo = ro_tools, ro_repo
    before = (repo / "calc.py").read_bytes()
    r = tools.call(name, args)
    assert r.is_error and r.kind == "invalid_args"
    assert problem in r.content
    assert f"Schema of {name}:" in r.content
    schema = json.loads(r.content.split(f"Schema of {name}: ", 1)[1])
    assert schema == next(s["input_schema"] for s in tools.specs() if s["name"] == name)
    assert (repo / "calc.py").read_bytes() == before
    assert not (repo / "n.py").exists()
    assert tools.tool_errors == 1


def test_float_integer_accepted(tools: Tools) -> None:
    r = tools.call("read_file", {"path": "calc.py", "start": 2.0, "end": 2})
    assert not r.is_error and "     2|    return a - b" in r.content


def test_unknown_tool_lists_tools(tools: Tools) -> None:
    r = tools.call("delete_everything", {})
    assert r.is_error and r.kind == "unknown_tool"
    assert "'delete_everything'" in r.content
    for n in TOOL_NAMES:
        assert f"- {n}: " in r.content
    assert tools.call(None, {}).kind == "unknown_tool"  # type: ignore[arg-type]


def test_invalid_call_never_runs(tools: Tools, repo: Path) -> None:
    before = (repo / "calc.py").read_bytes()
    r = tools.invalid_call("edit_file", "Expecting ',' delimiter", '{"path": "calc.py", "old"')
    assert r.is_error and r.kind == "invalid_json"
    assert "not valid JSON (Expecting ',' delimiter)" in r.content
    assert '{"path": "calc.py", "old"' in r.content
    assert "Schema" not in r.content or "schema" in r.content
    assert '"required": ["path", "old", "new"]' in r.content
    assert (repo / "calc.py").read_bytes() == before
    assert tools.tool_errors == 1
    huge = tools.invalid_call("read_file", "bad", "x" * 100_000)
    assert len(huge.content.encode()) < 2_000
    assert tools.invalid_call("nope", "bad", "{").kind == "unknown_tool"


def test_call_never_raises(tools: Tools, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(**kw):
        raise RuntimeError("disk on fire")

    monkeypatch.setitem(tools.handlers, "read_file", boom)
    r = tools.call("read_file", {"path": "calc.py"})
    assert r.is_error and r.kind == "internal_error" and "disk on fire" in r.content


# --------------------------------------------------------------------------- paths


@pytest.mark.parametrize(
    "path,reason",
    [
        ("../x.py", "leaves the workspace"),
        ("/etc/passwd", "absolute paths"),
        ("~/.bashrc", "home-directory"),
        (".git/config", "blocked"),
        ("nope.py", "no such file"),
    ],
)
def test_read_refusals(ro_tools: Tools, path: str, reason: str) -> None:
    tools = ro_tools
    r = tools.call("read_file", {"path": path})
    assert r.is_error and reason in r.content
    assert r.kind in ("path_refused", "not_found")


def test_missing_suggests_close_path(tools: Tools) -> None:
    r = tools.call("read_file", {"path": "pkg/utils.py"})
    assert r.kind == "not_found" and "Did you mean: pkg/util.py?" in r.content
    r = tools.call("read_file", {"path": "util.py"})
    assert "pkg/util.py" in r.content


def test_read_folder_is_error(tools: Tools) -> None:
    r = tools.call("read_file", {"path": "pkg"})
    assert r.is_error and "is a folder" in r.content and "list_files" in r.content


# --------------------------------------------------------------------------- protected files


@pytest.mark.parametrize(
    "path",
    [
        "tests/test_calc.py",
        "./tests/../tests/test_calc.py",
        "tests//test_calc.py",
        "Tests/test_calc.py",
        "conftest.py",
        "pkg/conftest.py",
        "pytest.ini",
        "tox.ini",
        "setup.cfg",
        "pyproject.toml",
        "test_new.py",
        "pkg/new_test.py",
        "tests/helpers.py",
        "sitecustomize.py",
        "usercustomize.py",
        "evil.pth",
        "pytest.py",
        "_pytest/__init__.py",
        "json.py",
        "src/os.py",
    ],
)
def test_protected_create_and_edit_refused_and_counted(ro_tools: Tools, ro_repo: Path, path: str):
    tools, repo = ro_tools, ro_repo
    r = tools.call("create_file", {"path": path, "content": "x = 1\n"})
    assert r.is_error and r.kind == "protected", r.content
    assert "read-only" in r.content and "recorded" in r.content
    r2 = edit(tools, path, "from calc import add", "from calc import mul")
    assert r2.is_error and r2.kind == "protected"
    assert tools.refused_test_edits == 2
    assert (repo / "tests" / "test_calc.py").read_text().startswith("from calc import add")
    assert not (repo / path).exists() or path.startswith(("tests", "./tests", "Tests"))
    assert tools.changed == []


def test_protected_through_symlink(tools: Tools, repo: Path) -> None:
    os.symlink("tests", repo / "t")
    os.symlink("tests/test_calc.py", repo / "spec.py")
    assert edit(tools, "spec.py", "add(1, 2)", "add(1, 1)").kind == "protected"
    assert tools.call("create_file", {"path": "t/x.py", "content": ""}).kind == "protected"
    assert tools.refused_test_edits == 2
    assert "add(1, 2)" in (repo / "tests" / "test_calc.py").read_text()


def test_reading_tests_is_allowed(tools: Tools) -> None:
    r = tools.call("read_file", {"path": "tests/test_calc.py"})
    assert not r.is_error and "read-only test infrastructure" in r.content
    assert tools.refused_test_edits == 0


def test_tool_error_counter(tools: Tools) -> None:
    tools.call("read_file", {"path": "calc.py"})
    assert tools.tool_errors == 0
    tools.call("read_file", {"path": "nope.py"})
    tools.call("nope", {})
    tools.invalid_call("read_file", "x", "{")
    assert tools.tool_errors == 3
