"""The tool calls of the fixture cases in tests/cases (CRLF edits, tabs, binary files, huge reads,
path escape, malformed tool calls) run through Tools directly.

Each case's ``script.json`` tool calls run, in order, on a temporary git copy of the case's
repository; the tests assert what its ``case.json`` and the kind ask of the tools (bytes on disk,
the text the model gets back). Every variant of a kind runs; a few more inputs of a kind are built
inline.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from conftest import Case, case, cases_of

from fixloop.tools import Caps, Tools
from fixloop.types import ToolResult
from fixloop.workspace import EditPolicy, Workspace


def run_script(tools: Tools, calls: list[tuple[str, Any]]) -> list[ToolResult]:
    return [tools.call(name, args) for name, args in calls]


def variants(kind: str) -> Any:
    return pytest.mark.parametrize("c", cases_of(kind), ids=lambda c: c.variant)


# --------------------------------------------------------------------------- CRLF and encodings


@variants("crlf-edit")
def test_crlf_edit_keeps_every_other_byte(c: Case, tmp_path: Path) -> None:
    m = c.meta
    root = c.copy(tmp_path / "repo")
    before = (root / m["file"]).read_bytes()
    t = Tools(Workspace(root), None)
    read, edit = run_script(t, c.calls())
    assert not read.is_error and "\r" not in read.content
    if b"\r\n" in before:
        assert "CRLF" in read.content  # the model is told what the file's endings are
    assert not edit.is_error, edit.content
    assert edit.changed_path == m["file"]
    after = (root / m["file"]).read_bytes()
    assert after == before.replace(m["bug"].encode(), m["fix"].encode())
    assert after.count(b"\r\n") == before.count(b"\r\n")


@pytest.mark.parametrize(
    "raw",
    [
        b"def balance(opening, entries):\r\n    total = opening\n    for amount in entries:\r\n"
        b"        total -= amount\r\n    return total\n",  # LF lines beside the edited CRLF ones
        b"\xef\xbb\xbfdef balance(opening, entries):\n    total = opening\n    for amount in "
        b"entries:\n        total -= amount\n    return total\n",  # BOM + LF
        b"def balance(opening, entries):\r\n    total = opening\r\n    for amount in entries:"
        b"\r\n        total -= amount\r\n    return total",  # no final newline
    ],
)
def test_crlf_edit_more_endings(tmp_path: Path, raw: bytes) -> None:
    c = case("crlf-edit", "ledger")
    root = c.copy(tmp_path / "repo")
    (root / "ledger.py").write_bytes(raw)
    t = Tools(Workspace(root), None)
    _read, edit = run_script(t, c.calls())
    assert not edit.is_error, edit.content
    assert (root / "ledger.py").read_bytes() == raw.replace(b"total -= amount", b"total += amount")


# --------------------------------------------------------------------------- tabs and whitespace


@variants("tabs-whitespace")
def test_whitespace_mismatch_refused_with_visible_whitespace(c: Case, tmp_path: Path) -> None:
    m = c.meta
    root = c.copy(tmp_path / "repo")
    before = (root / m["file"]).read_bytes()
    t = Tools(Workspace(root), None)
    (res,) = run_script(t, c.calls())
    assert res.is_error and res.kind == "no_match", res.content
    for shown in m["shown"]:  # the candidate, its whitespace made visible, and where it is
        assert shown in res.content, res.content
    assert m["why"] in res.content
    assert (root / m["file"]).read_bytes() == before
    assert t.changed == []
    # the retry with the exact text works and touches nothing else
    r = t.call("edit_file", {"path": m["file"], "old": m["exact_old"], "new": m["exact_new"]})
    assert not r.is_error, r.content
    after = (root / m["file"]).read_bytes()
    assert after == before.replace(m["exact_old"].encode(), m["exact_new"].encode(), 1)


def test_whitespace_trailing_spaces_visible(tmp_path: Path) -> None:
    root = case("tabs-whitespace", "tab-indent").copy(tmp_path / "repo")
    t = Tools(Workspace(root), None)
    r = t.call("edit_file", {"path": "levels.py", "old": '\t\treturn "high"\n', "new": "x"})
    assert r.is_error and '\u2192\u2192return "high"\u00b7\u00b7' in r.content, r.content


# --------------------------------------------------------------------------- binary files


@variants("binary-files")
def test_binary_files_read_search_edit(c: Case, tmp_path: Path) -> None:
    m = c.meta
    root = c.copy(tmp_path / "repo")
    (read_call, _), _search, (_, edit_args) = c.calls()
    read_path = c.calls()[0][1]["path"]
    edited = root / edit_args["path"]
    blob = edited.read_bytes()
    size = (root / read_path).stat().st_size
    t = Tools(Workspace(root, policy=EditPolicy(allow_edit=["*"])), None)  # data the user allowed
    read, search, edit = run_script(t, c.calls())
    assert read_call == "read_file"
    assert read.kind == "binary"
    assert read.content == f"{read_path}: binary file, {size:,} bytes; not shown."
    assert "\x00" not in read.content and "PNG" not in read.content
    assert f"skipped {m['skipped']} binary file(s)" in search.content, search.content
    assert m["hit"] in search.content
    assert Path(edit_args["path"]).name not in search.content
    assert edit.is_error and edit.kind == "binary"
    assert edited.read_bytes() == blob and t.changed == []


# --------------------------------------------------------------------------- huge reads


def test_huge_read_generated_capped(tmp_path: Path) -> None:
    c = case("huge-read", "generated")
    root = c.copy(tmp_path / "repo")
    caps = Caps()
    t = Tools(Workspace(root), None, caps=caps)
    results = run_script(t, c.calls())
    for r in results:
        assert len(r.content.encode()) <= caps.result_bytes
        assert not r.is_error
    catalog, table, search = results
    size = (root / "catalog.json").stat().st_size
    assert size > 2_000_000
    assert f"1 lines, {size:,} bytes" in catalog.content and "cut" in catalog.content
    assert "search_code(" in catalog.content  # how to look inside instead
    n_lines = len((root / "table.py").read_bytes().splitlines())
    assert n_lines > 50_000
    assert f"of {n_lines:,}" in table.content and "start=" in table.content
    assert "hit(s)" in search.content and "skip=" in search.content
    total = int(search.content.split(" hit(s)")[0].replace(",", ""))
    assert total == 20_000


def test_huge_read_wide_lines_capped(tmp_path: Path) -> None:
    c = case("huge-read", "wide-lines")
    root = c.copy(tmp_path / "repo")
    caps = Caps()
    t = Tools(Workspace(root), None, caps=caps)
    banner, search, listing = run_script(t, c.calls())
    for r in (banner, search, listing):
        assert not r.is_error, r.content
        assert len(r.content.encode()) <= caps.result_bytes
    assert "cut" in banner.content and "==" in banner.content
    assert search.content.startswith("2,400 hit(s) in 300 file(s)"), search.content[:200]
    assert "bands/band_000.py" in listing.content


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


ESCAPE = case("path-escape", "settings")


@pytest.fixture
def case10(tmp_path: Path) -> tuple[Path, Path]:
    return ESCAPE.copy(tmp_path / "repo"), tmp_path


def _outside_state(tmp: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(tmp)): p.read_bytes()
        for p in tmp.rglob("*")
        if p.is_file() and "repo" not in p.relative_to(tmp).parts
    }


def test_path_escape_every_call_refused(case10: tuple[Path, Path]) -> None:
    root, tmp = case10
    m = ESCAPE.meta
    before = _outside_state(tmp)
    t = Tools(Workspace(root), None)
    results = run_script(t, ESCAPE.calls())
    assert len(results) == len(m["reasons"])
    for r, reason in zip(results, m["reasons"], strict=True):
        assert r.is_error and reason in r.content, (reason, r.content)
        for secret in m["secrets"]:
            assert secret not in r.content
        assert "root:" not in r.content
    assert _outside_state(tmp) == before
    assert not (root / "missing-target").exists()
    assert t.changed == []


def test_path_escape_listing_and_search_leak_nothing(case10: tuple[Path, Path]) -> None:
    root, _tmp = case10
    t = Tools(Workspace(root), None)
    listing = t.call("list_files", {}).content
    for name in ("outside", "readme-link.md", "broken-link", ".env", ".git/"):
        assert name not in listing
    assert "settings.py" in listing
    for pattern in ("VAULT", "SIBLING", "SERVICE_TOKEN", "fake-token"):
        r = t.call("search_code", {"pattern": pattern})
        assert r.content.startswith("No matches"), r.content
    assert t.call("search_code", {"pattern": "x", "path": "outside"}).is_error
    assert t.call("list_files", {"path": "outside"}).is_error
    assert t.call("run_tests", {"target": "outside/vault.txt"}).is_error


@pytest.mark.parametrize(
    "path",
    [
        "outside/../../sibling-secret.txt",
        "./outside/vault.txt",
        "outside//vault.txt",
        "settings.py/../../sibling-secret.txt",
        "relay/vault.txt",
        "~nobody/.profile",
        ".env.local",
        ".git/config",
        "nested/.git/HEAD",
        "tests/../../vault/vault.txt",
    ],
)
def test_path_escape_more_spellings(case10: tuple[Path, Path], path: str) -> None:
    root, tmp = case10
    os.symlink("outside", root / "relay")  # a link to a link that leaves
    before = _outside_state(tmp)
    t = Tools(Workspace(root), None)
    for name, args in [
        ("read_file", {"path": path}),
        ("edit_file", {"path": path, "old": "V", "new": "x"}),
        ("create_file", {"path": path, "content": "x"}),
        ("list_files", {"path": path}),
    ]:
        r = t.call(name, args)
        assert r.is_error, (name, path)
        assert "VAULT" not in r.content and "SIBLING" not in r.content
    assert _outside_state(tmp) == before


def test_path_escape_lexical_climb_back_in(case10: tuple[Path, Path]) -> None:
    root, _ = case10
    t = Tools(Workspace(root), None)
    # a path that climbs through the link lexically back into the repo names settings.py
    r = t.call("read_file", {"path": "outside/../settings.py"})
    assert not r.is_error and '"2.3"' in r.content


# --------------------------------------------------------------------------- malformed calls

MALFORMED = case("malformed-tool-calls", "tally")


def test_malformed_calls_validated(tmp_path: Path) -> None:
    m = MALFORMED.meta
    root = MALFORMED.copy(tmp_path / "repo")
    before = (root / m["file"]).read_bytes()
    t = Tools(Workspace(root), None)
    calls = MALFORMED.calls()
    n = len(m["errors"])
    results = run_script(t, calls[:n])
    assert [r.kind for r in results] == ["unknown_tool"] + ["invalid_args"] * (n - 1)
    for r, expected in zip(results, m["errors"], strict=True):
        assert expected in r.content, (expected, r.content)
    assert "read_file" in results[0].content  # the unknown tool's answer lists the real ones
    for r, (name, _args) in zip(results[1:], calls[1:n], strict=True):
        assert f"Schema of {name}:" in r.content
    assert (root / m["file"]).read_bytes() == before  # nothing malformed ran
    assert sorted(p.name for p in root.iterdir()) == [".git", "tally.py", "tests"]
    assert t.tool_errors == n
    # the two-call reply: both run, in order; the edit is the real fix
    read, edit = run_script(t, calls[n : n + 2])
    assert not read.is_error and m["bug"] in read.content
    assert not edit.is_error
    assert (root / m["file"]).read_bytes() == before.replace(m["bug"].encode(), m["fix"].encode())


@pytest.mark.parametrize(
    "args",
    [
        {"path": "tally.py", "start": 2.5},
        {"path": "tally.py", "start": None},
        {"path": ["tally.py"]},
        {"path": {"name": "tally.py"}},
        {"path": "tally.py", "end": "3"},
        {"path": "tally.py", "mode": "r", "lines": 2},
        {"path": "tally\x00.py"},
        {"path": True},
    ],
)
def test_malformed_read_file_arguments(tmp_path: Path, args: dict[str, Any]) -> None:
    root = MALFORMED.copy(tmp_path / "repo")
    t = Tools(Workspace(root), None)
    r = t.call("read_file", args)
    assert r.is_error and r.kind == "invalid_args" and "Schema of read_file:" in r.content
