"""The repo map (tools/mapscan.py, tools/repomap.py) and the ``repo_map`` tool (tools/outline.py).

The ranking is checked on examples/shop with the report of a real test run (the buggy
``add_tax`` within the map's first 10 lines) and on a small project where the failing test's
traceback points into a file that few others mention.
"""

from __future__ import annotations

import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from conftest import init_repo

from fixloop import sandbox as sb
from fixloop.testrun import TestRunner
from fixloop.tools import Caps, Tools, mapscan
from fixloop.tools.mapscan import MapCache, outline, scan
from fixloop.tools.repomap import RepoMap, estimate_tokens
from fixloop.types import FailingTest, Outcome, TestReport
from fixloop.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]


def test_scan_reads_defs_with_lines_and_indents_and_the_names_mentioned() -> None:
    src = (
        b"def a():\n  pass\nclass B(Base):\n    def c(self): x = helper()\n\nasync def d(): pass\n"
    )
    t = scan(src)
    assert t.defs == (
        ("a", "def", 1, 0),
        ("B", "class", 3, 0),
        ("c", "def", 4, 4),
        ("d", "def", 6, 0),
    )
    assert {"helper", "Base", "x"} <= t.refs and "self" not in t.refs and "def" not in t.refs


def test_outline_signatures_methods_and_no_nested_functions() -> None:
    src = (
        b"import typing\n\n@decorator\ndef f(a: int, *args, b=2, **kw) -> str:\n"
        b"    def inner():\n        pass\n    return ''\n\n"
        b"class Cart(Base, metaclass=Meta):\n    async def total(self, tax: float = 0.0) -> float:\n"
        b"        return 0.0\n\nif typing.TYPE_CHECKING:\n    def g(): ...\n"
    )
    entries, note = outline(src)
    assert note == ""
    assert [(e.line, e.depth, e.name, e.text) for e in entries] == [
        (4, 0, "f", "def f(a: int, *args, b=2, **kw) -> str"),
        (9, 0, "Cart", "class Cart(Base, metaclass=Meta)"),
        (10, 1, "Cart.total", "async def total(self, tax: float=0.0) -> float"),
        (14, 0, "g", "def g()"),
    ]


def test_a_file_that_does_not_parse_keeps_its_outline_from_def_lines() -> None:
    src = b"class A:\n    def ok(self, x):\n        return x +\n\ndef after(y):\n    pass\n"
    entries, note = outline(src)
    assert "does not parse at line 3" in note
    assert [(e.name, e.depth, e.text) for e in entries] == [
        ("A", 0, "class A"),
        ("A.ok", 1, "def ok(self, x)"),
        ("after", 0, "def after(y)"),
    ]


def test_cache_is_keyed_by_content_and_survives_across_objects(tmp_path: Path, monkeypatch) -> None:
    db = tmp_path / "home" / "cache" / "repomap.sqlite3"
    data = {mapscan.content_hash(b"def f(): pass\n"): b"def f(): pass\n"}
    first = MapCache(db).tags(data)
    assert db.is_file()

    def no_scan(_data: bytes) -> None:
        raise AssertionError("scanned again: the cache was not used")

    monkeypatch.setattr(mapscan, "scan", no_scan)
    assert MapCache(db).tags(data) == first  # a new object (a new run): read from the file
    other = {mapscan.content_hash(b"def g(): pass\n"): b"def g(): pass\n"}
    with pytest.raises(AssertionError, match="scanned again"):
        MapCache(db).tags(other)  # new content is scanned


def test_a_broken_cache_file_is_skipped_and_the_map_still_builds(tmp_path: Path) -> None:
    db = tmp_path / "repomap.sqlite3"
    db.write_bytes(b"this is not a database" * 100)
    cache = MapCache(db)
    got = cache.tags({"k": b"def f(): pass\n"})
    assert got["k"].defs == (("f", "def", 1, 0),)
    with pytest.raises(sqlite3.DatabaseError):
        sqlite3.connect(db).execute("SELECT * FROM tags").fetchall()  # untouched, still broken


def _shop_report(repo: Path, tmp_path: Path) -> TestReport:
    box = sb.make_sandbox("none", allow_unsandboxed=True)
    return TestRunner(repo, box, log_dir=tmp_path / "logs", python=sys.executable).run("")


def test_shop_map_shows_the_buggy_function_in_its_first_ten_lines(tmp_path: Path) -> None:
    repo = tmp_path / "shop"
    shutil.copytree(ROOT / "examples" / "shop", repo)
    init_repo(repo)
    report = _shop_report(repo, tmp_path)
    assert report.outcome == Outcome.FAILED and report.failing
    text = RepoMap(Workspace(repo), MapCache(None)).render(report, 1000)
    head = text.splitlines()[:10]
    assert any("def add_tax(amount: float, rate: float) -> float" in line for line in head), text
    assert "relevance to the failing tests" in head[0]
    assert "tests/test_pricing.py" not in text  # test files feed the ranking, are not shown


PROJECT = {
    "app/__init__.py": "",
    "app/core.py": "def helper(x):\n    return x\n\n\ndef used_everywhere(v):\n    return helper(v)\n",
    "app/deep/__init__.py": "",
    "app/deep/money.py": "def convert_cents(amount):\n    return int(amount * 10)\n",
    **{
        f"app/m{i}.py": f"from app.core import used_everywhere\n\n\ndef f{i}():\n"
        f"    return used_everywhere({i})\n"
        for i in range(8)
    },
    "tests/test_money.py": "from app.deep.money import convert_cents\n\n\n"
    "def test_cents():\n    assert convert_cents(1.5) == 150\n",
}


def _report_for_money() -> TestReport:
    output = (
        "tests/test_money.py:5: in test_cents\n    assert convert_cents(1.5) == 150\n"
        "E   assert 15 == 150\nE    +  where 15 = convert_cents(1.5)\n"
    )
    return TestReport(
        Outcome.FAILED,
        collected=1,
        failed=1,
        failing=[FailingTest("tests/test_money.py::test_cents", "assert 15 == 150")],
        output=output,
    )


def test_failing_tests_rank_first_references_second(make_repo) -> None:
    repo = make_repo(PROJECT)
    rmap = RepoMap(Workspace(repo), MapCache(None))
    focused = rmap.render(_report_for_money(), 1000).splitlines()
    assert focused[1] == "app/deep/money.py:" and "def convert_cents(amount)" in focused[2]
    unfocused = rmap.render(None, 1000).splitlines()
    assert "ranked by references" in unfocused[0]
    assert unfocused[1] == "app/core.py:"  # used_everywhere: referenced by 8 files
    assert "def used_everywhere(v)" in "\n".join(unfocused[2:4])


def test_the_budget_cuts_the_map_and_zero_turns_it_off(make_repo) -> None:
    repo = make_repo(PROJECT)
    rmap = RepoMap(Workspace(repo), MapCache(None))
    whole = rmap.render(None, 10_000)
    small = rmap.render(None, 60)
    assert estimate_tokens(small) <= 60 < estimate_tokens(whole)
    assert small.splitlines()[1] == "app/core.py:"
    assert rmap.render(None, 0) == ""
    tools = Tools(Workspace(repo), None, caps=Caps(repo_map_tokens=0))
    assert tools.opening(_report_for_money()) == ""
    assert "convert_cents" in Tools(Workspace(repo), None).opening(_report_for_money())


def test_the_map_follows_edits(make_repo) -> None:
    repo = make_repo(PROJECT)
    tools = Tools(Workspace(repo), None)
    assert "def convert_cents(amount)" in tools.opening(_report_for_money())
    res = tools.call(
        "edit_file",
        {
            "path": "app/deep/money.py",
            "old": "def convert_cents(amount):",
            "new": "def convert_cents(amount, rate=100):",
        },
    )
    assert not res.is_error, res.content
    assert "def convert_cents(amount, rate=100)" in tools.opening(_report_for_money())


# ------------------------------------------------------------------ the repo_map tool


def test_repo_map_tool_outlines_a_folder_and_a_file(make_repo) -> None:
    repo = make_repo(PROJECT)
    t = Tools(Workspace(repo), None)
    res = t.call("repo_map", {"path": "app/deep"})
    assert res.kind == "ok" and not res.is_error
    assert res.content.splitlines() == [
        "Outline of 'app/deep': 2 Python files:",
        "app/deep/__init__.py:",
        "        (no classes or functions)",
        "app/deep/money.py:",
        "     1|def convert_cents(amount)",
    ]
    one = t.call("repo_map", {"path": "app/core.py"})
    assert "     5|def used_everywhere(v)" in one.content
    whole = t.call("repo_map", {})
    assert "Outline of the repository: 13 Python files:" in whole.content


def test_repo_map_tool_pages_a_long_outline(make_repo) -> None:
    files = {
        f"pkg/mod{i:02d}.py": "".join(f"def fn_{j}(a, b):\n    pass\n" for j in range(30))
        for i in range(20)
    }
    repo = make_repo(files)
    t = Tools(Workspace(repo), None, caps=Caps(result_bytes=4_000))
    res = t.call("repo_map", {"path": "pkg"})
    assert not res.is_error and len(res.content.encode()) <= 4_000
    assert "the first " in res.content.splitlines()[0]
    assert "more files not shown: call repo_map with one of their folders" in res.content


@pytest.mark.parametrize(
    ("path", "kind", "words"),
    [
        ("web/app.js", "not_python", "not a Python source file"),
        ("nowhere/x.py", "not_found", "no such file or folder"),
        ("../outside", "path_refused", "outside"),
        ("web", "no_match", "no Python files under 'web'"),
    ],
)
def test_repo_map_tool_bad_input_is_a_clear_tool_error(make_repo, path, kind, words) -> None:
    repo = make_repo({"web/app.js": "function f() { return 1 }\n", "a.py": "def f(): pass\n"})
    res = Tools(Workspace(repo), None).call("repo_map", {"path": path})
    assert res.is_error and res.kind == kind, res.content
    assert res.content.startswith("Error: ") and words in res.content
    bad = Tools(Workspace(repo), None).call("repo_map", {"path": 3})
    assert bad.kind == "invalid_args"
