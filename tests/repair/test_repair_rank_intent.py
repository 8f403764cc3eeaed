"""Static tie-breakers of the plausible patches: names the failing tests replace, deletions last."""

from __future__ import annotations

from pathlib import Path

from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import rank_plausible
from fixloop.repair.rank_intent import is_deletion, patched_names, reads_patched

# a program of our own: a log file's path built with a hard-wired separator
LOGS = (
    "import os\n"
    "\n"
    "\n"
    "class Shelf:\n"
    "    def __init__(self, name):\n"
    "        self.name = name\n"
    "\n"
    "    def log_path(self, day):\n"
    '        return f"{self.name}/{day:03d}.log"\n'
)

TESTS = (
    "import os\n"
    "import shelves\n"
    "from unittest import mock\n"
    "\n"
    "\n"
    "def test_path_follows_the_platform(monkeypatch):\n"
    '    monkeypatch.setattr(shelves.os, "sep", "|")\n'
    '    assert shelves.Shelf("a").log_path(4) == "a|004.log"\n'
    "\n"
    "\n"
    "def test_dotted_forms():\n"
    '    with mock.patch("shelves.LIMIT", 3), mock.patch.object(os, "linesep", "x"):\n'
    "        pass\n"
    "\n"
    "\n"
    "def test_plain():\n"
    '    setattr(shelves, "unrelated_here", 1)\n'
    "\n"
    "\n"
    "class TestGroup:\n"
    "    def test_in_class(self, monkeypatch):\n"
    '        monkeypatch.setattr("shelves.os.altsep", "+")\n'
)


def _tree(tmp_path: Path) -> Path:
    (tmp_path / "tests").mkdir()
    (tmp_path / "shelves.py").write_text(LOGS)
    (tmp_path / "tests" / "test_shelves.py").write_text(TESTS)
    return tmp_path


def test_names_replaced_by_the_failing_tests_only(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    f = "tests/test_shelves.py::"
    assert patched_names(root, [f + "test_path_follows_the_platform"]) == {"sep"}
    assert patched_names(root, [f + "test_dotted_forms"]) == {"LIMIT", "linesep"}
    assert patched_names(root, [f + "TestGroup::test_in_class[x]"]) == {"altsep"}
    assert patched_names(root, [f + "test_plain"]) == {"unrelated_here"}
    assert patched_names(root, ["tests/missing.py::t", "no-separator"]) == frozenset()


def _cand(new: str, template: str, score: float = 0.5) -> Candidate:
    return Candidate("shelves.py", new, template, template, 9, score, score, old_source=LOGS)


def test_a_patch_reading_the_replaced_name_beats_the_copied_value() -> None:
    reads = _cand(LOGS.replace("}/{", "}{os.sep}{"), "separator-constant", score=0.2)
    copies = _cand(LOGS.replace("}/{", "}|{"), "string-common", score=0.9)
    assert reads_patched(reads, frozenset({"sep"}))
    assert not reads_patched(copies, frozenset({"sep"}))
    assert not reads_patched(reads, frozenset())
    flat: dict = {"tests": {}}
    # without the tests' evidence the higher screening score goes first
    ordered, _ = rank_plausible([copies, reads], flat, [], lambda c: flat)
    assert [c.template for c in ordered] == ["string-common", "separator-constant"]
    ordered, _ = rank_plausible(
        [copies, reads], flat, [], lambda c: flat, patched=frozenset({"sep"})
    )
    assert [c.template for c in ordered] == ["separator-constant", "string-common"]


ROUNDED = (
    "import statistics\n"
    "\n"
    "\n"
    "def spread(xs, ref):\n"
    "    return round(statistics.fmean(x - ref for x in xs), 2)\n"
)


def test_a_deletion_goes_after_a_replacement_of_the_same_size() -> None:
    dropped = Candidate(
        "s.py",
        ROUNDED.replace(", 2)", ")"),
        "call-drop-arg",
        "drop argument 2",
        5,
        0.9,
        0.9,
        old_source=ROUNDED,
    )
    wrapped = Candidate(
        "s.py",
        ROUNDED.replace("x - ref for", "abs(x - ref) for"),
        "wrap-abs",
        "abs",
        5,
        0.3,
        0.3,
        old_source=ROUNDED,
    )
    assert is_deletion(dropped) and not is_deletion(wrapped)
    assert dropped.diff_lines == wrapped.diff_lines
    flat: dict = {"tests": {}}
    ordered, _ = rank_plausible([dropped, wrapped], flat, [], lambda c: flat)
    assert [c.template for c in ordered] == ["wrap-abs", "call-drop-arg"]
    # a smaller deletion still goes before a bigger replacement: it ranks among same-sized patches
    two_lines = ROUNDED.replace(
        "    return round(statistics.fmean(x - ref for x in xs), 2)\n",
        "    gaps = [abs(x - ref) for x in xs]\n    return round(statistics.fmean(gaps), 2)\n",
    )
    bigger = Candidate("s.py", two_lines, "wrap-abs", "abs", 5, 0.3, 0.3, old_source=ROUNDED)
    assert bigger.diff_lines > dropped.diff_lines
    ordered, _ = rank_plausible([bigger, dropped], flat, [], lambda c: flat)
    assert [c.template for c in ordered] == ["call-drop-arg", "wrap-abs"]
