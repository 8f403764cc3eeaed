"""File names with control characters in listings (red-team finding 11).

git tracks a name holding a newline or a tab; list_files and search_code must show such a file
on one line, its control characters escaped like the invisible ones, never split in two.
"""

from __future__ import annotations

from fixloop.tools import Tools
from fixloop.tools.text import escape_name
from fixloop.workspace import Workspace
from tools.support import FakeRunner

ODD = {"line\nbreak.py": "needle = 1\n", "tab\there.py": "needle = 2\n", "esc\x1b.py": "x = 3\n"}


def test_escape_name_keeps_a_name_on_one_line() -> None:
    assert escape_name("line\nbreak.py") == "line\\x0abreak.py"
    assert escape_name("a\tb\r.py") == "a\\x09b\\r.py"
    assert escape_name("pkg/ok.py") == "pkg/ok.py"


def test_list_files_shows_each_odd_name_on_one_line(make_repo) -> None:
    repo = make_repo({"calc.py": "def add(a, b):\n    return a + b\n", **ODD})
    out = Tools(Workspace(repo), FakeRunner()).call("list_files", {}).content
    lines = out.splitlines()
    assert "line\\x0abreak.py" in lines and "tab\\x09here.py" in lines and "esc\\x1b.py" in lines
    assert "break.py" not in lines and not any("\t" in line for line in lines)
    assert out.startswith("4 files under")


def test_search_hits_name_odd_files_on_one_line(make_repo) -> None:
    repo = make_repo({"calc.py": "def add(a, b):\n    return a + b\n", **ODD})
    out = Tools(Workspace(repo), FakeRunner()).call("search_code", {"pattern": "needle"}).content
    hits = [line for line in out.splitlines() if ":1: " in line]
    assert sorted(hits) == ["line\\x0abreak.py:1: needle = 1", "tab\\x09here.py:1: needle = 2"]
