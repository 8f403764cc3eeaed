"""fixloop.tools: every rule, asserting the bytes on disk and the text the model gets back."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from conftest import init_repo

from fixloop.tools import TOOL_NAMES, Caps, Tools, escape_text, is_binary
from fixloop.types import FailingTest, Outcome, TestReport
from fixloop.workspace import Workspace


class FakeRunner:
    """Stands in for testrun.TestRunner: records targets, returns a fixed report."""

    def __init__(self, report: TestReport | None = None, exc: Exception | None = None) -> None:
        self.report = report or TestReport(Outcome.PASSED, collected=2, passed=2, output="ok\n")
        self.exc = exc
        self.targets: list[str] = []

    def run(self, target: str = "") -> TestReport:
        self.targets.append(target)
        if self.exc is not None:
            raise self.exc
        return self.report


FILES = {
    "calc.py": "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n",
    "pkg/__init__.py": "",
    "pkg/util.py": "VALUE = 1\n",
    "tests/test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n",
}


@pytest.fixture
def repo(make_repo) -> Path:
    return make_repo(FILES)


@pytest.fixture(scope="module")
def ro_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One repository shared by tests that must not change it (refusals, validation)."""
    root = tmp_path_factory.mktemp("ro") / "repo"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return init_repo(root)


@pytest.fixture
def ro_tools(ro_repo: Path) -> Tools:
    return Tools(Workspace(ro_repo), FakeRunner())


@pytest.fixture
def tools(repo: Path) -> Tools:
    return Tools(Workspace(repo), FakeRunner())


def edit(t: Tools, path: str, old: str, new: str):
    return t.call("edit_file", {"path": path, "old": old, "new": new})


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

    monkeypatch.setattr(tools, "_t_read_file", boom)
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


# --------------------------------------------------------------------------- read_file


def test_read_numbered_lines(tools: Tools) -> None:
    r = tools.call("read_file", {"path": "calc.py"})
    assert r.kind == "ok" and not r.is_error
    assert r.content.splitlines() == [
        "calc.py: 6 lines, 66 bytes",
        "     1|def add(a, b):",
        "     2|    return a - b",
        "     3|",
        "     4|",
        "     5|def mul(a, b):",
        "     6|    return a * b",
    ]


def test_read_range_and_paging(make_repo) -> None:
    root = make_repo({"m.py": "".join(f"x{i} = {i}\n" for i in range(1, 501))})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "m.py", "start": 10, "end": 12})
    lines = r.content.splitlines()
    assert lines[1:4] == ["    10|x10 = 10", "    11|x11 = 11", "    12|x12 = 12"]
    assert "Next: read_file(path='m.py', start=13)" in lines[-1]
    r = t.call("read_file", {"path": "m.py"})
    assert "   200|x200 = 200" in r.content and "   201|" not in r.content
    assert "showing lines 1-200 of 500" in r.content and "start=201" in r.content
    r = t.call("read_file", {"path": "m.py", "start": 1, "end": 100000})
    assert "at most 200 lines per call" in r.content
    r = t.call("read_file", {"path": "m.py", "start": 495})
    assert "   500|x500 = 500" in r.content and "Next" not in r.content
    r = t.call("read_file", {"path": "m.py", "start": 501})
    assert r.is_error and "past the end" in r.content and "500 lines" in r.content
    r = t.call("read_file", {"path": "m.py", "start": 20, "end": 10})
    assert r.is_error and "before start" in r.content


def test_read_crlf_bom_latin1_notes(make_repo) -> None:
    root = make_repo(
        {
            "crlf.py": b"a = 1\r\nb = 2\r\n",
            "mixed.py": b"a = 1\r\nb = 2\n",
            "bom.py": b"\xef\xbb\xbfa = 1\n",
            "latin.txt": b"caf\xe9 au lait\n",
            "empty.py": b"",
        }
    )
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "crlf.py"})
    assert "(CRLF line endings)" in r.content and "     1|a = 1\n     2|b = 2" in r.content
    assert "\r" not in r.content
    assert "mixed CRLF/LF line endings" in t.call("read_file", {"path": "mixed.py"}).content
    r = t.call("read_file", {"path": "bom.py"})
    assert "UTF-8 BOM" in r.content and "     1|a = 1" in r.content and "\ufeff" not in r.content
    r = t.call("read_file", {"path": "latin.txt"})
    assert "not valid UTF-8" in r.content and "     1|caf\\xe9 au lait" in r.content
    assert "empty file" in t.call("read_file", {"path": "empty.py"}).content


def test_read_binary(make_repo) -> None:
    root = make_repo({"img.png": b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "blob": b"ab\x00cd"})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "img.png"})
    assert r.content == "img.png: binary file, 264 bytes; not shown." and r.kind == "binary"
    assert "binary file, 5 bytes" in t.call("read_file", {"path": "blob"}).content


def test_is_binary_heuristic() -> None:
    assert is_binary(b"x\x00y")
    assert is_binary(b"%PDF-1.4 text-looking")
    assert is_binary(bytes([1, 2, 3, 4, 5, 6, 0xFF, 0xFE] * 100))
    assert not is_binary("naïve café\n".encode())
    assert not is_binary(b"caf\xe9\n" * 100)  # latin-1 text
    assert not is_binary(("é" * 5000).encode())  # a multi-byte char cut at the 8,000 boundary


def test_read_huge_line_capped(make_repo) -> None:
    big = '{"rows": [' + ", ".join(f'{{"id": {i}}}' for i in range(100_000)) + "]}\n"
    root = make_repo({"data.json": big})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "data.json"})
    assert len(r.content.encode()) <= Caps().result_bytes
    assert len(r.content.encode()) < Caps().line_bytes + 400
    assert f"line 1 cut: {len(big.encode()) - 1:,} bytes" in r.content
    assert "search_code(pattern=..., path='data.json')" in r.content
    assert f"1 lines, {len(big.encode()):,} bytes" in r.content


def test_read_huge_line_of_invisible_chars(make_repo) -> None:
    root = make_repo({"z.txt": "\u200b" * 100_000 + "\n"})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "z.txt"})
    assert "\u200b" not in r.content and "\\u200b" in r.content
    assert "line 1 cut: 300,000 bytes" in r.content
    assert len(r.content.encode()) < Caps().line_bytes + 400


def test_read_many_long_lines_byte_capped(make_repo) -> None:
    root = make_repo({"wide.py": "".join(f"x{i} = '{'y' * 1500}'\n" for i in range(200))})
    t = Tools(Workspace(root), None)
    r = t.call("read_file", {"path": "wide.py"})
    size = len(r.content.encode())
    assert size <= 20_000
    assert "result cut at 20,000 bytes" in r.content
    last = [ln for ln in r.content.splitlines() if ln[:6].strip().isdigit()][-1]
    n = int(last.split("|")[0])
    assert f"Next: read_file(path='wide.py', start={n + 1})" in r.content


def test_custom_caps(make_repo) -> None:
    root = make_repo({"m.py": "".join(f"v{i} = {i}\n" for i in range(50))})
    t = Tools(Workspace(root), None, caps=Caps(read_lines=5, result_bytes=1_000))
    r = t.call("read_file", {"path": "m.py"})
    assert "     5|v4 = 4" in r.content and "     6|" not in r.content
    assert "start=6" in r.content


# --------------------------------------------------------------------------- escaping


def test_invisible_unicode_escaped_everywhere(make_repo) -> None:
    src = 'ok = "safe"\nadmin = "user\u202e \u2066"  # \u200b\U000e0041 tag\n'
    root = make_repo({"trojan.py": src, "name\u202efdp.py": "z = 1\n"})
    t = Tools(Workspace(root), None)
    for r in (
        t.call("read_file", {"path": "trojan.py"}),
        t.call("search_code", {"pattern": "admin"}),
        t.call("list_files", {}),
    ):
        for ch in "\u202e\u2066\u200b\U000e0041":
            assert ch not in r.content
    r = t.call("read_file", {"path": "trojan.py"})
    assert '     2|admin = "user\\u202e \\u2066"  # \\u200b\\U000e0041 tag' in r.content
    assert "name\\u202efdp.py" in t.call("list_files", {}).content
    r = t.call("read_file", {"path": "name\\u202efdp.py"})  # the name as the model saw it
    assert not r.is_error and "     1|z = 1" in r.content


def test_escape_text_rules() -> None:
    assert escape_text("a\tb\nc") == "a\tb\nc"
    assert escape_text("x\ry\x1b[31m") == "x\\ry\\x1b[31m"
    assert escape_text("caf\udce9") == "caf\\xe9"
    assert escape_text("non\u00a0breaking") == "non\\xa0breaking"
    assert escape_text("naïve — ok ✓ 日本") == "naïve — ok ✓ 日本"
    assert escape_text("\ufe0f\u3164") == "\\ufe0f\\u3164"


def test_edit_accepts_escaped_invisible_chars(make_repo) -> None:
    root = make_repo({"t.py": 'x = "a\u200bb"\n'})
    t = Tools(Workspace(root), None)
    r = edit(t, "t.py", 'x = "a\\u200bb"', 'x = "ab"')
    assert not r.is_error, r.content
    assert (root / "t.py").read_bytes() == b'x = "ab"\n'


def test_literal_backslash_u_text_still_matches_exactly(make_repo) -> None:
    root = make_repo({"t.py": 'x = "\\u200b"\n'})  # the file holds backslash-u text
    t = Tools(Workspace(root), None)
    r = edit(t, "t.py", 'x = "\\u200b"', 'x = "\\u00a0"')
    assert not r.is_error
    assert (root / "t.py").read_bytes() == b'x = "\\u00a0"\n'


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
    t = Tools(Workspace(root), None)
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
    t = Tools(Workspace(root), None)
    assert not edit(t, "notes.txt", "def f():", "def f(:").is_error


def test_edit_binary_refused(make_repo) -> None:
    raw = b"header\x00\x01\x02needle\x00tail"
    root = make_repo({"blob.dat": raw})
    t = Tools(Workspace(root), None)
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
    assert r.is_error and "compiled or binary modules" in r.content
    assert not (repo / path).exists()


def test_create_blocked_refused(tools: Tools, repo: Path) -> None:
    r = tools.call("create_file", {"path": ".env.local", "content": "K=v\n"})
    assert r.is_error and "blocked" in r.content
    assert not (repo / ".env.local").exists()


# --------------------------------------------------------------------------- list_files


def test_list_files(tools: Tools, repo: Path) -> None:
    (repo / ".env").write_text("K=v\n")
    r = tools.call("list_files", {})
    lines = r.content.splitlines()
    assert lines[0] == "4 files under the repository ([read-only] = test infrastructure):"
    assert lines[1:] == [
        "calc.py",
        "pkg/__init__.py",
        "pkg/util.py",
        "tests/test_calc.py [read-only]",
    ]
    r = tools.call("list_files", {"path": "pkg"})
    assert r.content.splitlines()[1:] == ["pkg/__init__.py", "pkg/util.py"]


def test_list_files_capped(make_repo) -> None:
    files = {f"d{i % 3}/f{i:04d}.py": "" for i in range(40)}
    root = make_repo(files)
    t = Tools(Workspace(root), None, caps=Caps(list_entries=10))
    r = t.call("list_files", {})
    assert "showing 10 of 40 files" in r.content
    assert "list_files(path='<folder>')" in r.content
    assert "Folders: d0/ (14), d1/ (13), d2/ (13)" in r.content


def test_list_files_refusals(tools: Tools) -> None:
    assert tools.call("list_files", {"path": ".git"}).is_error
    assert tools.call("list_files", {"path": "../"}).is_error


# --------------------------------------------------------------------------- search_code


def test_search_basic(tools: Tools) -> None:
    r = tools.call("search_code", {"pattern": r"def \w+\(a"})
    assert r.content.splitlines() == [
        "2 hit(s) in 1 file(s):",
        "calc.py:1: def add(a, b):",
        "calc.py:5: def mul(a, b):",
    ]


def test_search_narrowing(tools: Tools) -> None:
    r = tools.call("search_code", {"pattern": "add", "path": "tests"})
    assert all(ln.startswith("tests/") for ln in r.content.splitlines()[1:])
    r = tools.call("search_code", {"pattern": "VALUE|add", "glob": "pkg/*.py"})
    assert r.content.splitlines()[1:] == ["pkg/util.py:1: VALUE = 1"]
    r = tools.call("search_code", {"pattern": "value", "ignore_case": True, "glob": "**/*.py"})
    assert "pkg/util.py:1: VALUE = 1" in r.content
    r = tools.call("search_code", {"pattern": "zzz_nothing"})
    assert not r.is_error and r.content.startswith("No matches for 'zzz_nothing' in 4 file(s)")


def test_search_invalid_regex(tools: Tools) -> None:
    r = tools.call("search_code", {"pattern": "foo("})
    assert r.is_error and r.kind == "invalid_regex" and "missing )" in r.content
    assert tools.call("search_code", {"pattern": ""}).is_error


@pytest.mark.parametrize(
    "pattern", [r"(a+)+$", r"(\w*)*x", r"(?:a|b+)*c", r"((ab)*)+", r"(.*a){2,}"]
)
def test_search_refuses_catastrophic_patterns(ro_tools: Tools, pattern: str) -> None:
    r = ro_tools.call("search_code", {"pattern": pattern})
    assert r.is_error and r.kind == "invalid_regex" and "exponential" in r.content


@pytest.mark.parametrize("pattern", [r"a+b+", r"(ab)+", r"def \w+\(", r"(a|b)*c", r"x{2,5}"])
def test_search_allows_ordinary_repeats(ro_tools: Tools, pattern: str) -> None:
    assert not ro_tools.call("search_code", {"pattern": pattern}).is_error


def test_search_skips_binary_ignored_blocked(make_repo) -> None:
    root = make_repo(
        {
            "a.py": "needle = 1\n",
            "blob.bin": b"needle\x00needle",
            ".gitignore": "build/\n",
        }
    )
    (root / "build").mkdir()
    (root / "build" / "gen.py").write_text("needle\n")
    (root / ".env").write_text("needle=secret\n")
    (root / "node_modules").mkdir()
    (root / "node_modules" / "x.js").write_text("needle\n")
    t = Tools(Workspace(root), None)
    r = t.call("search_code", {"pattern": "needle"})
    assert r.content.splitlines() == [
        "1 hit(s) in 1 file(s) (skipped 1 binary file(s)):",
        "a.py:1: needle = 1",
    ]


def test_search_capped_and_paged(make_repo) -> None:
    root = make_repo(
        {"big.py": "".join(f"def f{i}(x):\n    return x + {i}\n" for i in range(3000))}
    )
    t = Tools(Workspace(root), None)
    r = t.call("search_code", {"pattern": "return x"})
    lines = r.content.splitlines()
    assert lines[0] == "3,000 hit(s) in 1 file(s):"
    assert lines[1] == "big.py:2:     return x + 0" and len(lines) == 102
    assert "showing hits 1-100 of 3,000" in lines[-1]
    assert "search_code(pattern='return x', skip=100)" in lines[-1]
    r = t.call("search_code", {"pattern": "return x", "skip": 100})
    assert r.content.splitlines()[1] == "big.py:202:     return x + 100"
    r = t.call("search_code", {"pattern": "return x", "skip": 5000})
    assert "past the last hit" in r.content


def test_search_long_line_windowed(make_repo) -> None:
    line = "a" * 50_000 + "NEEDLE" + "b" * 50_000
    root = make_repo({"one.txt": line + "\n"})
    t = Tools(Workspace(root), None)
    r = t.call("search_code", {"pattern": "NEEDLE"})
    assert "NEEDLE" in r.content
    assert "column 50,001 of a 100,006-byte line" in r.content
    assert len(r.content.encode()) < Caps().line_bytes + 300


def test_search_count_limit(make_repo) -> None:
    root = make_repo({"m.txt": "x\n" * 500})
    t = Tools(Workspace(root), None, caps=Caps(search_count_limit=50))
    r = t.call("search_code", {"pattern": "x"})
    assert r.content.startswith("more than 50 hit(s)")


def test_search_skips_large_files(make_repo) -> None:
    root = make_repo({"big.txt": "needle\n" * 100, "small.txt": "needle\n"})
    t = Tools(Workspace(root), None, caps=Caps(search_file_bytes=100))
    r = t.call("search_code", {"pattern": "needle"})
    assert "skipped 1 file(s) over 100 bytes" in r.content and "small.txt:1:" in r.content


def test_search_crlf_and_anchors(make_repo) -> None:
    root = make_repo({"w.py": b"a = 1\r\nb = 2\r\n"})
    t = Tools(Workspace(root), None)
    r = t.call("search_code", {"pattern": "^b = 2$"})
    assert r.content.splitlines()[1:] == ["w.py:2: b = 2"]


def test_every_result_within_cap(make_repo) -> None:
    root = make_repo({f"f{i}.py": ("x = '" + "é" * 3000 + "'\n") * 20 for i in range(5)})
    t = Tools(Workspace(root), None)
    for name, args in [
        ("read_file", {"path": "f0.py"}),
        ("search_code", {"pattern": "x"}),
        ("list_files", {}),
        ("edit_file", {"path": "f0.py", "old": "x", "new": "y"}),
    ]:
        assert len(t.call(name, args).content.encode()) <= Caps().result_bytes


# --------------------------------------------------------------------------- run_tests


@pytest.mark.parametrize(
    "target,want",
    [
        ("", ""),
        ("tests", "tests"),
        ("./tests/", "tests"),
        ("tests/test_calc.py", "tests/test_calc.py"),
        ("tests/test_calc.py::test_add", "tests/test_calc.py::test_add"),
        ("tests/test_calc.py::TestX::test_m", "tests/test_calc.py::TestX::test_m"),
        ("tests/test_calc.py::test_add[1-2]", "tests/test_calc.py::test_add[1-2]"),
        ("tests/test_calc.py::test_add[a b/c.d]", "tests/test_calc.py::test_add[a b/c.d]"),
        (".", ""),
        ("tests/test_calc.py::test_add[a::b]", "tests/test_calc.py::test_add[a::b]"),
        ("tests/test_calc.py::T::test_add[x]", "tests/test_calc.py::T::test_add[x]"),
    ],
)
def test_run_tests_valid_targets(ro_repo: Path, target: str, want: str) -> None:
    repo = ro_repo
    runner = FakeRunner()
    t = Tools(Workspace(repo), runner)
    assert t.validate_target(target) is None
    r = t.call("run_tests", {"target": target})
    assert not r.is_error, r.content
    assert runner.targets == [want]
    assert r.kind == "tests" and r.test_report is runner.report


@pytest.mark.parametrize(
    "target,msg",
    [
        ("-x", "command-line option"),
        ("--co", "command-line option"),
        ("@args.txt", "command-line option"),
        ("tests; rm -rf /", "shell-like"),
        ("tests && echo", "shell-like"),
        ("$(whoami)", "shell-like"),
        ("`id`", "shell-like"),
        ("tests | cat", "shell-like"),
        ("tests/test_calc.py\nx", "control characters"),
        ("tests/test_nope.py", "no such file"),
        ("tests/test_calc.py tests", "spaces"),
        ("tests/*.py", "glob"),
        ("../elsewhere", "leaves the workspace"),
        ("/etc", "absolute"),
        (".git", "blocked"),
        ("tests::test_add", "needs a .py file"),
        ("tests/test_calc.py::", "not a test name"),
        ("tests/test_calc.py::test add", "not a test name"),
        ("tests/test_calc.py::1abc", "not a test name"),
    ],
)
def test_run_tests_bad_targets_refused_before_running(ro_repo: Path, target: str, msg: str):
    repo = ro_repo
    runner = FakeRunner()
    t = Tools(Workspace(repo), runner)
    assert msg in (t.validate_target(target) or "")
    r = t.call("run_tests", {"target": target})
    assert r.is_error and r.kind == "invalid_target" and msg in r.content
    assert "Nothing was run" in r.content
    assert runner.targets == []


def test_run_tests_result_text(repo: Path) -> None:
    rep = TestReport(
        Outcome.FAILED,
        collected=3,
        passed=2,
        failed=1,
        failing=[FailingTest("tests/test_calc.py::test_add", "assert -1 == 3")],
        output="F..\nE   assert -1 == 3\n",
        notice="note: plain runner",
    )
    t = Tools(Workspace(repo), FakeRunner(rep))
    r = t.call("run_tests", {})
    assert not r.is_error and r.kind == "tests" and r.test_report is rep
    assert r.content == (
        "2 passed, 1 failed (failed); 3 collected\n"
        "failing: tests/test_calc.py::test_add\n"
        "F..\nE   assert -1 == 3\n\n"
        "note: plain runner"
    )


def test_run_tests_no_tests_is_error(repo: Path) -> None:
    for rep in (
        TestReport(Outcome.NO_TESTS_COLLECTED, output="no tests ran"),
        TestReport(Outcome.PASSED, collected=0),
    ):
        t = Tools(Workspace(repo), FakeRunner(rep))
        r = t.call("run_tests", {"target": "pkg"})
        assert r.is_error and r.kind == "no_tests"
        assert "no tests collected: check the target" in r.content
        assert "not a pass" in r.content


def test_run_tests_usage_error_is_error(repo: Path) -> None:
    rep = TestReport(Outcome.USAGE_ERROR, output="ERROR: not found: tests/test_calc.py::nope")
    r = Tools(Workspace(repo), FakeRunner(rep)).call(
        "run_tests", {"target": "tests/test_calc.py::nope"}
    )
    assert r.is_error and r.kind == "usage_error" and "not found" in r.content
    assert r.test_report is rep


def test_run_tests_huge_output_capped(repo: Path) -> None:
    out = "HEAD\n" + "".join(f"line {i}\n" for i in range(50_000)) + "TAIL summary\n"
    rep = TestReport(Outcome.FAILED, collected=1, failed=1, output=out, log_path="/logs/x.log")
    t = Tools(Workspace(repo), FakeRunner(rep))
    r = t.call("run_tests", {})
    assert len(r.content.encode()) <= Caps().result_bytes
    assert "HEAD" in r.content and "TAIL summary" in r.content
    assert "output cut" in r.content and "/logs/x.log" in r.content


def test_run_tests_without_runner_or_failing_runner(repo: Path) -> None:
    r = Tools(Workspace(repo), None).call("run_tests", {})
    assert r.is_error and r.kind == "unavailable"
    t = Tools(Workspace(repo), FakeRunner(exc=OSError("sandbox gone")))
    r = t.call("run_tests", {})
    assert r.is_error and r.kind == "runner_error" and "sandbox gone" in r.content


def test_tool_error_counter(tools: Tools) -> None:
    tools.call("read_file", {"path": "calc.py"})
    assert tools.tool_errors == 0
    tools.call("read_file", {"path": "nope.py"})
    tools.call("nope", {})
    tools.invalid_call("read_file", "x", "{")
    assert tools.tool_errors == 3


def test_read_only_file_mode_kept(make_repo) -> None:
    root = make_repo({"ro.py": "v = 1\n"})
    (root / "ro.py").chmod(0o444)
    t = Tools(Workspace(root), None)
    assert not edit(t, "ro.py", "v = 1", "v = 2").is_error
    assert (root / "ro.py").read_text() == "v = 2\n"
    assert stat.S_IMODE((root / "ro.py").stat().st_mode) == 0o444
