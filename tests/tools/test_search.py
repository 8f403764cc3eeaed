"""fixloop.tools.search: search_code hits, narrowing, paging and caps."""

from __future__ import annotations

import pytest

from fixloop.tools import Caps, Tools
from fixloop.workspace import Workspace

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


def test_search_deadline_stops_backtracking_and_keeps_hits(make_repo) -> None:
    """Issue 20: '(a|aa)+$' grows ~1.6x per character; the search stops at its deadline."""
    root = make_repo(
        {
            "a_first.py": "x = 'aa'\naa\n",  # a hit before the slow file
            "b_slow.txt": "a" * 200 + "b\n",  # hours of backtracking without a limit
            "c_after.py": "aa\n",  # never reached
        }
    )
    t = Tools(Workspace(root), None, caps=Caps(search_seconds=0.3))
    r = t.call("search_code", {"pattern": "(a|aa)+$"})
    assert r.is_error and r.kind == "timeout"
    assert "0.3 s time limit ran out" in r.content
    assert "'b_slow.txt' (file 2 of 3)" in r.content and "incomplete" in r.content
    assert "a_first.py:2: aa" in r.content  # the hit found before is kept
    assert "c_after.py" not in r.content
    assert "more than 1 hit(s)" in r.content  # never presented as the full count
    assert t.tool_errors == 1


def test_search_deadline_with_no_hits_says_it_ran_out(make_repo) -> None:
    root = make_repo({"slow.txt": "a" * 200 + "b\n"})
    r = Tools(Workspace(root), None, caps=Caps(search_seconds=0.2)).call(
        "search_code", {"pattern": "(a|aa)+$"}
    )
    assert r.is_error and r.kind == "timeout"
    assert r.content.startswith("Error: search_code stopped: its 0.2 s time limit ran out")
    assert "No hits before that in 1 file(s)" in r.content
    assert "No matches" not in r.content  # an incomplete search is never reported as empty


def test_search_within_deadline_is_unchanged(tools: Tools) -> None:
    r = tools.call("search_code", {"pattern": r"(a|aa)+\b"})
    assert not r.is_error and r.kind == "ok" and "time limit" not in r.content
