"""fixloop.tools.edit: edit_file and create_file, asserting the bytes on disk."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from fixloop.tools import Tools
from fixloop.workspace import EditPolicy, Workspace
from tools.support import edit

# --------------------------------------------------------------------------- edit_file


def test_edit_exact_bytes(tools: Tools, repo: Path) -> None:
    r = edit(tools, "calc.py", "return a - b", "return a + b")
    assert not r.is_error and r.kind == "ok" and r.changed_path == "calc.py"
    assert (repo / "calc.py").read_bytes() == (
        b"def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n    return a * b\n"
    )
    assert r.content.startswith("Edited calc.py: replaced line 2 (66 -> 66 bytes)")
    assert "     2|    return a + b" in r.content
    assert tools.changed == ["calc.py"]
    edit(tools, "calc.py", "return a * b", "return b * a")
    assert tools.changed == ["calc.py"]


def test_edit_crlf_file_with_lf_old(make_repo) -> None:
    raw = b"def add(a, b):\r\n    return a - b\r\n\r\n\r\ndef mul(a, b):\r\n    return a * b\r\n"
    root = make_repo({"calc.py": raw})
    t = Tools(Workspace(root), None)
    r = edit(
        t, "calc.py", "def add(a, b):\n    return a - b\n", "def add(a, b):\n    return a + b\n"
    )
    assert not r.is_error, r.content
    assert (root / "calc.py").read_bytes() == raw.replace(b"a - b", b"a + b")


def test_edit_crlf_insert_lines_written_crlf(make_repo) -> None:
    raw = b"a = 1\r\nb = 2\r\n"
    root = make_repo({"m.py": raw})
    t = Tools(Workspace(root), None)
    assert not edit(t, "m.py", "a = 1", "a = 1\nc = 3\nd = 4").is_error
    assert (root / "m.py").read_bytes() == b"a = 1\r\nc = 3\r\nd = 4\r\nb = 2\r\n"


def test_edit_crlf_old_sent_with_crlf(make_repo) -> None:
    root = make_repo({"m.py": b"a = 1\r\nb = 2\r\n"})
    t = Tools(Workspace(root), None)
    assert not edit(t, "m.py", "a = 1\r\nb = 2", "a = 1\r\nb = 3").is_error
    assert (root / "m.py").read_bytes() == b"a = 1\r\nb = 3\r\n"


def test_edit_mixed_endings_keeps_each_line(make_repo) -> None:
    raw = b"a = 1\r\nb = 2\nc = 3\r\nd = 4\n"
    root = make_repo({"m.py": raw})
    t = Tools(Workspace(root), None)
    assert not edit(t, "m.py", "c = 3\nd = 4", "c = 30\nd = 40").is_error
    assert (root / "m.py").read_bytes() == b"a = 1\r\nb = 2\nc = 30\r\nd = 40\n"
    assert not edit(t, "m.py", "b = 2", "b = 2\nb2 = 22").is_error
    assert (root / "m.py").read_bytes() == b"a = 1\r\nb = 2\nb2 = 22\nc = 30\r\nd = 40\n"


def test_edit_cr_only_file(make_repo) -> None:
    raw = b"a = 1\rb = 2\rc = 3\r"
    root = make_repo({"mac.py": raw})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "mac.py"})
    assert "(CR line endings)" in r.content and "     3|c = 3" in r.content
    assert not edit(t, "mac.py", "b = 2\n", "b = 20\nb2 = 21\n").is_error
    assert (root / "mac.py").read_bytes() == b"a = 1\rb = 20\rb2 = 21\rc = 3\r"
    assert "mac.py:2: b = 20" in t.call("search_code", {"pattern": "^b = 20$"}).content


def test_edit_keeps_bom_and_crlf(make_repo) -> None:
    raw = b"\xef\xbb\xbfx = 1\r\ny = 2\r\n"
    root = make_repo({"m.py": raw})
    t = Tools(Workspace(root), None)
    assert not edit(t, "m.py", "y = 2\n", "y = 3\n").is_error
    assert (root / "m.py").read_bytes() == b"\xef\xbb\xbfx = 1\r\ny = 3\r\n"


def test_edit_keeps_tabs_and_trailing_spaces_elsewhere(make_repo) -> None:
    raw = b'def grade(score):\n\tif score > 90:\n\t\treturn "A"   \n\treturn "B"\n'
    root = make_repo({"grades.py": raw})
    t = Tools(Workspace(root), None)
    assert not edit(t, "grades.py", "\tif score > 90:", "\tif score >= 90:").is_error
    assert (root / "grades.py").read_bytes() == raw.replace(b"> 90", b">= 90")


def test_edit_latin1_file_keeps_other_bytes(make_repo) -> None:
    raw = b"# -*- coding: latin-1 -*-\nname = 'caf\xe9'\nn = 1\n"
    root = make_repo({"m.py": raw})
    t = Tools(Workspace(root), None)
    assert not edit(t, "m.py", "n = 1", "n = 2").is_error
    assert (root / "m.py").read_bytes() == raw.replace(b"n = 1", b"n = 2")
    # non-ASCII new text would mix encodings: refused cleanly
    r = edit(t, "m.py", "n = 2", "n = 'é'")
    assert r.is_error and r.kind == "encoding"
    assert (root / "m.py").read_bytes() == raw.replace(b"n = 1", b"n = 2")
    # the escaped byte as read_file shows it is accepted in old
    r = edit(t, "m.py", "name = 'caf\\xe9'", "name = 'cafe'")
    assert not r.is_error, r.content
    assert (root / "m.py").read_bytes() == b"# -*- coding: latin-1 -*-\nname = 'cafe'\nn = 2\n"


def test_edit_non_ascii_utf8(make_repo) -> None:
    root = make_repo({"m.py": "s = 'naïve'\nt = '日本'\n"})
    t = Tools(Workspace(root), None)
    assert not edit(t, "m.py", "t = '日本'", "t = '日本語'").is_error
    assert (root / "m.py").read_text("utf-8") == "s = 'naïve'\nt = '日本語'\n"


def test_edit_keeps_mode_and_is_atomic(make_repo) -> None:
    root = make_repo({"run.py": "#!/usr/bin/env python\nprint(1)\n"})
    (root / "run.py").chmod(0o751)
    t = Tools(Workspace(root), None)
    assert not edit(t, "run.py", "print(1)", "print(2)").is_error
    assert stat.S_IMODE((root / "run.py").stat().st_mode) == 0o751
    assert sorted(p.name for p in root.iterdir() if p.name != ".git") == ["run.py"]


def test_edit_through_inner_symlink_keeps_link(make_repo) -> None:
    root = make_repo({"pkg/real.py": "v = 1\n"})
    os.symlink("pkg/real.py", root / "alias.py")
    t = Tools(Workspace(root), None)
    r = edit(t, "alias.py", "v = 1", "v = 2")
    assert not r.is_error and r.changed_path == "pkg/real.py"
    assert os.path.islink(root / "alias.py")
    assert (root / "pkg" / "real.py").read_text() == "v = 2\n"


def test_edit_miss_tabs_shown(make_repo) -> None:
    raw = b'def grade(score):\n\tif score > 90:\n\t\treturn "A"   \n\treturn "B"\n'
    root = make_repo({"grades.py": raw})
    t = Tools(Workspace(root), None)
    r = edit(t, "grades.py", "    if score > 90:", "    if score >= 90:")
    assert r.is_error and r.kind == "no_match"
    assert "differs only in whitespace" in r.content
    assert "       2|→if score > 90:" in r.content
    assert "        |    if score > 90:" in r.content
    assert "indents with tabs (→) where your old uses spaces" in r.content
    assert (root / "grades.py").read_bytes() == raw
    r = edit(t, "grades.py", '\t\treturn "A"\n', '\t\treturn "A+"\n')
    assert r.is_error and '       3|→→return "A"···' in r.content
    assert "trailing whitespace" in r.content
    assert (root / "grades.py").read_bytes() == raw


def test_edit_miss_nearest_candidate(tools: Tools, repo: Path) -> None:
    r = edit(tools, "calc.py", "    return a - c\n", "    return a + c\n")
    assert r.is_error and r.kind == "no_match"
    assert "Nearest candidate" in r.content and "       2|    return a - b" in r.content
    r = edit(tools, "calc.py", "completely unrelated zzz qqq", "x")
    assert r.is_error and "No similar lines" in r.content


def test_edit_multiple_matches_line_numbers(make_repo) -> None:
    root = make_repo({"m.py": "x = 0\ny = 1\nx = 0\n\nx = 0\n"})
    t = Tools(Workspace(root), None)
    r = edit(t, "m.py", "x = 0", "x = 1")
    assert r.is_error and r.kind == "multiple_matches"
    assert "matches 3 times" in r.content and "lines 1, 3, 5" in r.content
    assert (root / "m.py").read_text() == "x = 0\ny = 1\nx = 0\n\nx = 0\n"
    assert not edit(t, "m.py", "y = 1\nx = 0", "y = 1\nx = 9").is_error
    assert (root / "m.py").read_text() == "x = 0\ny = 1\nx = 9\n\nx = 0\n"


def test_edit_overlapping_matches_count(make_repo) -> None:
    root = make_repo({"m.txt": "aaa\n"})
    t = Tools(Workspace(root, policy=EditPolicy(allow_edit=["*.txt"])), None)
    assert edit(t, "m.txt", "aa", "b").kind == "multiple_matches"


@pytest.mark.parametrize(
    "old,new,msg", [("", "x", "old is empty"), ("return a - b", "return a - b", "the same")]
)
def test_edit_degenerate(tools: Tools, old: str, new: str, msg: str) -> None:
    r = edit(tools, "calc.py", old, new)
    assert r.is_error and msg in r.content


def test_edit_syntax_guard(tools: Tools, repo: Path) -> None:
    before = (repo / "calc.py").read_bytes()
    r = edit(tools, "calc.py", "return a - b", "return a +")
    assert r.is_error and r.kind == "syntax_error"
    assert "syntax error at line 2: invalid syntax" in r.content
    assert "was not changed" in r.content
    assert (repo / "calc.py").read_bytes() == before
    r = edit(tools, "calc.py", "def mul(a, b):", "def mul(a, b)")
    assert r.is_error and "line 5" in r.content and "expected ':'" in r.content


def test_syntax_guard_lets_broken_file_be_fixed(make_repo) -> None:
    root = make_repo({"m.py": "def f(:\n    return 1\n"})
    t = Tools(Workspace(root), None)
    assert not edit(t, "m.py", "return 1", "return 2").is_error  # still broken, was broken
    assert not edit(t, "m.py", "def f(:", "def f():").is_error
    assert (root / "m.py").read_text() == "def f():\n    return 2\n"


def test_syntax_guard_only_for_python(make_repo) -> None:
    root = make_repo({"notes.txt": "def f():\n"})
    t = Tools(Workspace(root, policy=EditPolicy(allow_edit=["notes.txt"])), None)
    assert not edit(t, "notes.txt", "def f():", "def f(:").is_error


def test_edit_binary_refused(make_repo) -> None:
    raw = b"header\x00\x01\x02needle\x00tail"
    root = make_repo({"blob.dat": raw})
    t = Tools(Workspace(root, policy=EditPolicy(allow_edit=["*.dat"])), None)
    r = edit(t, "blob.dat", "needle", "x")
    assert r.is_error and r.kind == "binary" and "binary file (20 bytes)" in r.content
    assert (root / "blob.dat").read_bytes() == raw


def test_edit_utf16_refused(make_repo) -> None:
    raw = "x = 1\n".encode("utf-16")
    root = make_repo({"u.py": raw})
    t = Tools(Workspace(root), None)
    assert edit(t, "u.py", "x = 1", "x = 2").kind == "binary"
    assert (root / "u.py").read_bytes() == raw


def test_edit_outside_refused(tools: Tools, repo: Path, tmp_path: Path) -> None:
    (tmp_path / "victim.py").write_text("v = 1\n")
    os.symlink(tmp_path / "victim.py", repo / "v.py")
    r = edit(tools, "v.py", "v = 1", "v = 2")
    assert r.is_error and "outside the workspace" in r.content
    assert (tmp_path / "victim.py").read_text() == "v = 1\n"
    assert tools.refused_test_edits == 0


# --------------------------------------------------------------------------- create_file


def test_create_file(tools: Tools, repo: Path) -> None:
    r = tools.call("create_file", {"path": "pkg/new/mod.py", "content": "A = 1\r\nB = 2\n"})
    assert not r.is_error and r.changed_path == "pkg/new/mod.py"
    assert r.content == "Created pkg/new/mod.py (2 lines, 13 bytes)."
    p = repo / "pkg" / "new" / "mod.py"
    assert p.read_bytes() == b"A = 1\r\nB = 2\n"
    assert stat.S_IMODE(p.stat().st_mode) == 0o644
    assert tools.changed == ["pkg/new/mod.py"]


def test_create_existing_refused(tools: Tools, repo: Path) -> None:
    r = tools.call("create_file", {"path": "calc.py", "content": "x = 1\n"})
    assert r.is_error and r.kind == "exists" and "use edit_file" in r.content
    assert (repo / "calc.py").read_text().startswith("def add")
    r = tools.call("create_file", {"path": "pkg", "content": ""})
    assert r.is_error and "folder" in r.content


def test_create_syntax_error_refused(tools: Tools, repo: Path) -> None:
    r = tools.call("create_file", {"path": "bad.py", "content": "def f(:\n"})
    assert r.is_error and r.kind == "syntax_error" and "line 1" in r.content
    assert not (repo / "bad.py").exists()


def test_create_dangling_and_escape_refused(tools: Tools, repo: Path, tmp_path: Path) -> None:
    os.symlink("nowhere.py", repo / "dangle.py")
    r = tools.call("create_file", {"path": "dangle.py", "content": "x = 1\n"})
    assert r.is_error and "dangling" in r.content
    assert not (repo / "nowhere.py").exists()
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(out, repo / "esc")
    r = tools.call("create_file", {"path": "esc/x.py", "content": "x = 1\n"})
    assert r.is_error and "outside" in r.content
    assert list(out.iterdir()) == []
    r = tools.call("create_file", {"path": "dir/", "content": ""})
    assert r.is_error and "names a folder" in r.content


def test_create_under_file_refused(tools: Tools) -> None:
    r = tools.call("create_file", {"path": "calc.py/x.py", "content": ""})
    assert r.is_error


@pytest.mark.parametrize("path", ["calc2.pyc", "pkg/fast.cpython-311-x86_64-linux-gnu.so", "m.pyd"])
def test_create_compiled_module_refused(tools: Tools, repo: Path, path: str) -> None:
    r = tools.call("create_file", {"path": path, "content": "x"})
    assert r.is_error and r.kind == "not_source" and "rule 'source only'" in r.content
    assert not (repo / path).exists()
    tools.workspace.policy = EditPolicy(allow_edit=["*"])  # allowed data, still no compiled module
    r = tools.call("create_file", {"path": path, "content": "x"})
    assert r.is_error and "compiled or binary modules" in r.content
    assert not (repo / path).exists()


def test_create_blocked_refused(tools: Tools, repo: Path) -> None:
    r = tools.call("create_file", {"path": ".env.local", "content": "K=v\n"})
    assert r.is_error and "blocked" in r.content
    assert not (repo / ".env.local").exists()


def test_read_only_file_mode_kept(make_repo) -> None:
    root = make_repo({"ro.py": "v = 1\n"})
    (root / "ro.py").chmod(0o444)
    t = Tools(Workspace(root), None)
    assert not edit(t, "ro.py", "v = 1", "v = 2").is_error
    assert (root / "ro.py").read_text() == "v = 2\n"
    assert stat.S_IMODE((root / "ro.py").stat().st_mode) == 0o444
