"""The tool calls of ../shared/cases 01, 02, 03, 04, 10 and 11 run through Tools directly.

Each case's ``script.json`` tool calls run, in order, on a temporary git copy of the case's
repository; the tests assert what CASE.md asks of the tools (bytes on disk, the text the model
gets back). Each kind is also tried on variants of the input built here (other endings, other
whitespace, other escapes), since other inputs of the same kind will be tried.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import init_repo

from fixloop.tools import Caps, Tools
from fixloop.types import ToolResult
from fixloop.workspace import Workspace


def case_repo(shared: Path, case: str, dest: Path) -> Path:
    """A writable git copy of ``cases/<case>/repo`` at ``dest``."""
    shutil.copytree(shared / "cases" / case / "repo", dest, symlinks=True)
    for dirpath, dirnames, filenames in os.walk(dest):
        for n in dirnames + filenames:
            p = Path(dirpath) / n
            if not p.is_symlink():
                p.chmod(p.stat().st_mode | 0o200)
    Path(dest).chmod(0o755)
    return init_repo(dest)


def script_calls(shared: Path, case: str) -> list[tuple[str, Any]]:
    """The (name, input) of every tool_use in the case's script, in order."""
    replies = json.loads((shared / "cases" / case / "script.json").read_text())
    return [
        (b["name"], b["input"])
        for r in replies
        for b in r["content"]
        if b.get("type") == "tool_use"
    ]


def run_script(tools: Tools, calls: list[tuple[str, Any]]) -> list[ToolResult]:
    return [tools.call(name, args) for name, args in calls]


# --------------------------------------------------------------------------- 01 CRLF


def test_case01_crlf_edit(shared_dir: Path, tmp_path: Path) -> None:
    root = case_repo(shared_dir, "01-crlf-edit", tmp_path / "repo")
    before = (root / "calc.py").read_bytes()
    assert b"\r\n" in before
    t = Tools(Workspace(root), None)
    read, edit = run_script(t, script_calls(shared_dir, "01-crlf-edit"))
    assert not read.is_error and "\r" not in read.content and "CRLF" in read.content
    assert not edit.is_error and edit.changed_path == "calc.py"
    after = (root / "calc.py").read_bytes()
    assert after == before.replace(b"return a - b", b"return a + b")
    assert after.count(b"\n") == after.count(b"\r\n")


@pytest.mark.parametrize(
    "raw",
    [
        b"def add(a, b):\r\n    return a - b\r\n\r\n\r\ndef mul(a, b):\n    return a * b\n",  # mixed
        b"\xef\xbb\xbfdef add(a, b):\r\n    return a - b\r\n",  # BOM + CRLF
        b"def add(a, b):\n    return a - b\n",  # plain LF
        b"# caf\xe9\r\ndef add(a, b):\r\n    return a - b\r\n",  # latin-1 + CRLF
    ],
)
def test_case01_kind_variants(shared_dir: Path, tmp_path: Path, raw: bytes) -> None:
    root = case_repo(shared_dir, "01-crlf-edit", tmp_path / "repo")
    (root / "calc.py").write_bytes(raw)
    t = Tools(Workspace(root), None)
    _read, edit = run_script(t, script_calls(shared_dir, "01-crlf-edit"))
    assert not edit.is_error, edit.content
    assert (root / "calc.py").read_bytes() == raw.replace(b"return a - b", b"return a + b")


# --------------------------------------------------------------------------- 02 tabs


def test_case02_tabs_refused_with_visible_whitespace(shared_dir: Path, tmp_path: Path) -> None:
    root = case_repo(shared_dir, "02-tabs-whitespace", tmp_path / "repo")
    before = (root / "grades.py").read_bytes()
    t = Tools(Workspace(root), None)
    (res,) = run_script(t, script_calls(shared_dir, "02-tabs-whitespace"))
    assert res.is_error and res.kind == "no_match"
    assert "→if score > 90:" in res.content  # the candidate, its tab made visible
    assert "line" in res.content and "2" in res.content
    assert "tabs" in res.content
    assert (root / "grades.py").read_bytes() == before
    assert t.changed == []


def test_case02_trailing_spaces_visible_and_exact_retry_works(
    shared_dir: Path, tmp_path: Path
) -> None:
    root = case_repo(shared_dir, "02-tabs-whitespace", tmp_path / "repo")
    before = (root / "grades.py").read_bytes()
    t = Tools(Workspace(root), None)
    r = t.call("edit_file", {"path": "grades.py", "old": '\t\treturn "A"\n', "new": "x"})
    assert r.is_error and '→→return "A"···' in r.content
    # the retry with the exact text works and touches nothing else
    r = t.call(
        "edit_file", {"path": "grades.py", "old": "\tif score > 90:", "new": "\tif score >= 90:"}
    )
    assert not r.is_error
    assert (root / "grades.py").read_bytes() == before.replace(b"> 90", b">= 90")


def test_case02_kind_spaces_file_tab_old(tmp_path: Path, make_repo) -> None:
    raw = b"def grade(score):\n    if score > 90:  \n        return 'A'\n"
    root = make_repo({"g.py": raw})
    t = Tools(Workspace(root), None)
    r = t.call("edit_file", {"path": "g.py", "old": "\tif score > 90:", "new": "\tif score >= 90:"})
    assert r.is_error and "    if score > 90:··" in r.content
    assert "spaces where your old uses tabs" in r.content
    assert (root / "g.py").read_bytes() == raw


# --------------------------------------------------------------------------- 03 binary


def test_case03_binary_files(shared_dir: Path, tmp_path: Path) -> None:
    root = case_repo(shared_dir, "03-binary-files", tmp_path / "repo")
    blob = (root / "assets" / "blob.dat").read_bytes()
    size = (root / "assets" / "logo.png").stat().st_size
    t = Tools(Workspace(root), None)
    read, search, edit = run_script(t, script_calls(shared_dir, "03-binary-files"))
    assert read.content == f"assets/logo.png: binary file, {size} bytes; not shown."
    assert "\x00" not in read.content and "PNG" not in read.content
    assert "skipped 2 binary file(s)" in search.content
    assert "finder.py:1: def needle():" in search.content and "blob.dat" not in search.content
    assert edit.is_error and edit.kind == "binary"
    assert (root / "assets" / "blob.dat").read_bytes() == blob


# --------------------------------------------------------------------------- 04 huge reads


def test_case04_huge_reads_capped(shared_dir: Path, tmp_path: Path) -> None:
    root = case_repo(shared_dir, "04-huge-read", tmp_path / "repo")
    caps = Caps()
    t = Tools(Workspace(root), None, caps=caps)
    results = run_script(t, script_calls(shared_dir, "04-huge-read"))
    for r in results:
        assert len(r.content.encode()) <= caps.result_bytes
        assert not r.is_error
    data_json, big, search = results
    size = (root / "data.json").stat().st_size
    assert f"1 lines, {size:,} bytes" in data_json.content and "cut" in data_json.content
    assert "search_code(" in data_json.content
    n_lines = len((root / "big_module.py").read_bytes().splitlines())
    assert f"of {n_lines:,}" in big.content and "start=201" in big.content
    assert "hit(s)" in search.content and "skip=100" in search.content
    total = int(search.content.split(" hit(s)")[0].replace(",", ""))
    assert total > 10_000


def test_case04_kind_many_files_and_wide_lines(make_repo) -> None:
    files = {
        f"m{i:03d}.py": "".join(f"v = {'x' * 300}  # {j}\n" for j in range(50)) for i in range(60)
    }
    root = make_repo(files)
    t = Tools(Workspace(root), None)
    for name, args in [
        ("search_code", {"pattern": "v = "}),
        ("list_files", {}),
        ("read_file", {"path": "m000.py"}),
    ]:
        r = t.call(name, args)
        assert len(r.content.encode()) <= Caps().result_bytes
    r = t.call("search_code", {"pattern": "v = "})
    assert r.content.startswith("3,000 hit(s) in 60 file(s)")


# --------------------------------------------------------------------------- 10 path escape


@pytest.fixture
def case10(shared_dir: Path, tmp_path: Path) -> tuple[Path, Path]:
    root = case_repo(shared_dir, "10-path-escape", tmp_path / "repo")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("SECRET-IN-FOLDER-7d1\n")
    (tmp_path / "outside-secret.txt").write_text("SECRET-FILE-93b\n")
    os.symlink(outside, root / "escape")
    os.symlink("../outside-secret.txt", root / "notes.md")
    os.symlink("nowhere", root / "dangling")
    (root / ".env").write_text("API_KEY=not-a-real-key\n")
    return root, tmp_path


def _outside_state(tmp: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(tmp)): p.read_bytes()
        for p in tmp.rglob("*")
        if p.is_file() and "repo" not in p.relative_to(tmp).parts
    }


def test_case10_every_call_refused(shared_dir: Path, case10: tuple[Path, Path]) -> None:
    root, tmp = case10
    before = _outside_state(tmp)
    t = Tools(Workspace(root), None)
    results = run_script(t, script_calls(shared_dir, "10-path-escape"))
    assert len(results) == 9
    assert all(r.is_error for r in results)
    reasons = [r.content for r in results]
    assert "leaves the workspace" in reasons[0]
    assert "absolute" in reasons[1]
    assert "outside the workspace" in reasons[2] and "outside the workspace" in reasons[3]
    assert "outside the workspace" in reasons[4]
    assert "blocked" in reasons[5] and "blocked" in reasons[6]
    assert "home-directory" in reasons[7]
    assert "dangling" in reasons[8]
    for text in reasons:
        assert "SECRET" not in text and "not-a-real-key" not in text and "root:" not in text
    assert _outside_state(tmp) == before
    assert not (root / "nowhere").exists()
    assert t.changed == []


def test_case10_listing_and_search_leak_nothing(case10: tuple[Path, Path]) -> None:
    root, _tmp = case10
    t = Tools(Workspace(root), None)
    listing = t.call("list_files", {}).content
    for name in ("escape", "notes.md", "dangling", ".env", ".git/"):
        assert name not in listing
    for pattern in ("SECRET", "API_KEY", "not-a-real-key"):
        r = t.call("search_code", {"pattern": pattern})
        assert r.content.startswith("No matches")
    assert t.call("search_code", {"pattern": "x", "path": "escape"}).is_error
    assert t.call("list_files", {"path": "escape"}).is_error
    assert t.call("run_tests", {"target": "escape/secret.txt"}).is_error


@pytest.mark.parametrize(
    "path",
    [
        "escape/../../outside-secret.txt",
        "./escape/secret.txt",
        "escape//secret.txt",
        "pkg.py/../../outside-secret.txt",
        "chain/secret.txt",
        "~root/.bashrc",
        ".env.production",
        ".git/HEAD",
        "sub/.git/config",
    ],
)
def test_case10_kind_variants(case10: tuple[Path, Path], path: str) -> None:
    root, tmp = case10
    os.symlink("escape", root / "chain")  # a link to a link that leaves
    before = _outside_state(tmp)
    t = Tools(Workspace(root), None)
    for name, args in [
        ("read_file", {"path": path}),
        ("edit_file", {"path": path, "old": "S", "new": "x"}),
        ("create_file", {"path": path, "content": "x"}),
        ("list_files", {"path": path}),
    ]:
        r = t.call(name, args)
        assert r.is_error, (name, path)
        assert "SECRET" not in r.content
    assert _outside_state(tmp) == before


def test_case10_parent_dir_link_and_escape_back_in(case10: tuple[Path, Path]) -> None:
    root, _ = case10
    t = Tools(Workspace(root), None)
    # a path that climbs through the link lexically back into the repo names pkg.py
    r = t.call("read_file", {"path": "escape/../pkg.py"})
    assert not r.is_error and '"1.0"' in r.content


# --------------------------------------------------------------------------- 11 malformed


def test_case11_argument_validation(shared_dir: Path, tmp_path: Path) -> None:
    root = case_repo(shared_dir, "11-malformed-tool-calls", tmp_path / "repo")
    before = (root / "counter.py").read_bytes()
    t = Tools(Workspace(root), None)
    calls = script_calls(shared_dir, "11-malformed-tool-calls")
    results = run_script(t, calls[:6])
    assert [r.kind for r in results] == ["unknown_tool"] + ["invalid_args"] * 5
    unknown, as_list, missing, wrong_type, extra, nul = (r.content for r in results)
    assert "'delete_everything'" in unknown and "read_file" in unknown
    assert "got array" in as_list
    assert "missing required argument 'path'" in missing
    assert "'start' must be integer, got string" in wrong_type
    assert "'force'" in extra
    assert "NUL" in nul
    for r, (name, _args) in zip(results[1:], calls[1:6], strict=True):
        assert f"Schema of {name}:" in r.content
    assert (root / "counter.py").read_bytes() == before  # nothing malformed ran
    assert t.tool_errors == 6
    # the two-call reply: both run, in order; the edit is the real fix
    read, edit = run_script(t, calls[6:8])
    assert not read.is_error and "x + 2" in read.content
    assert not edit.is_error
    assert (root / "counter.py").read_bytes() == before.replace(b"x + 2", b"x + 1")


@pytest.mark.parametrize(
    "args",
    [
        {"path": "counter.py", "start": 1.5},
        {"path": "counter.py", "start": None},
        {"path": ["counter.py"]},
        {"path": {"p": 1}},
        {"path": "counter.py", "end": "10"},
        {"path": "counter.py", "extra": 1, "more": 2},
        {"path": "\x00"},
    ],
)
def test_case11_kind_variants(shared_dir: Path, tmp_path: Path, args: dict[str, Any]) -> None:
    root = case_repo(shared_dir, "11-malformed-tool-calls", tmp_path / "repo")
    t = Tools(Workspace(root), None)
    r = t.call("read_file", args)
    assert r.is_error and r.kind == "invalid_args" and "Schema of read_file:" in r.content
