"""Static tie-breakers of the plausible patches: names the failing tests replace, deletions last."""

from __future__ import annotations

from pathlib import Path

from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import rank_plausible
from fixloop.repair.rank_intent import (
    changed_subtree,
    is_deletion,
    patched_names,
    reads_patched,
    same_kind_of_site,
)

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


PASSES = (
    "def valid(passes, day):\n"
    "    return [p.owner for p in passes if p.start <= day and p.end >= day]\n"
)


def test_a_guard_of_the_one_comparison_beats_the_same_guard_of_the_whole_condition() -> None:
    """Same template, same line, same score, same inserted length: the narrower subtree first."""
    narrow = Candidate(
        "p.py",
        PASSES.replace("p.end >= day", "(p.end is None or p.end >= day)"),
        "wrap-none-guard",
        "narrow",
        2,
        0.4,
        0.4,
        old_source=PASSES,
    )
    wide = Candidate(
        "p.py",
        PASSES.replace("p.start <= day and", "p.end is None or p.start <= day and"),
        "wrap-none-guard",
        "wide",
        2,
        0.4,
        0.4,
        old_source=PASSES,
    )
    assert 0 < changed_subtree(narrow) < changed_subtree(wide)
    assert wide.diff_chars <= narrow.diff_chars  # the characters would pick the wide one
    flat: dict = {"tests": {}}
    for given in ([wide, narrow], [narrow, wide]):
        ordered, _ = rank_plausible(given, flat, [], lambda c: flat)
        assert [c.description for c in ordered] == ["narrow", "wide"]
    # a higher screening score still goes first: the subtree only breaks the score's ties
    wide.score = 0.5
    ordered, _ = rank_plausible([narrow, wide], flat, [], lambda c: flat)
    assert [c.description for c in ordered] == ["wide", "narrow"]
    assert changed_subtree(Candidate("p.py", PASSES, "t", "t", 1, 0.1, old_source=PASSES)) == 0


STORE = (
    "class Store:\n"
    "    def out(self):\n"
    "        return [x for x in self.loans if x.back]\n"
    "\n"
    "    def lend(self, x):\n"
    "        self.loans.append(x)\n"
    "        return x\n"
)
GRID = "def table(n):\n    d = [[0] * n for _ in range(n)]\n    d[0][1] = 0\n    d[1][0] = 0\n"


def test_a_completion_goes_first_only_where_its_sibling_edit_replaces_the_same_kind_of_code() -> (
    None
):
    half = Candidate(
        "s.py", STORE.replace("if x.back", "if not x.back"), "wrap-not", "h", 3, 0.3, 0.3, STORE
    )
    whole = Candidate(
        "s.py",
        half.new_source.replace("return x\n", "return not x\n"),
        "wrap-not+sibling",
        "w",
        3,
        0.3,
        0.3,
        STORE,
    )
    whole.completes = half.key
    assert not same_kind_of_site(half, whole)  # an attribute test, then a whole object
    flat: dict = {"tests": {}}
    ordered, _ = rank_plausible([half, whole], flat, [], lambda c: flat)
    assert ordered == [half, whole]
    # the same edit of two constants: the completion goes before its half fix
    g_half = Candidate(
        "g.py", GRID.replace("d[0][1] = 0", "d[0][1] = 1"), "c", "h", 3, 0.3, 0.3, GRID
    )
    g_whole = Candidate(
        "g.py",
        g_half.new_source.replace("d[1][0] = 0", "d[1][0] = 1"),
        "c+sibling",
        "w",
        3,
        0.3,
        0.3,
        GRID,
    )
    g_whole.completes = g_half.key
    assert same_kind_of_site(g_half, g_whole)
    ordered, _ = rank_plausible([g_half, g_whole], flat, [], lambda c: flat)
    assert ordered == [g_whole, g_half]


PRIME = "def is_prime(n):\n    if n < 2 and n % 2 == 0:\n        return False\n    return True\n"


def test_the_best_scored_plausible_patch_is_traced_even_past_the_size_limit() -> None:
    """Six one-token patches smaller than the fix must not keep the search's best from the judge."""
    small = [
        Candidate(
            "p.py", PRIME.replace("n < 2", f"n < {k}"), "const", f"2 -> {k}", 2, 0.1, 0.1, PRIME
        )
        for k in (3, 4, 5, 6, 7, 8)
    ]
    fix = Candidate("p.py", PRIME.replace(" and ", " or "), "boolop", "fix", 2, 0.7, 0.7, PRIME)
    traced: list[str] = []
    flat: dict = {"tests": {"t": {"outcome": "passed", "lines": [["p.py", 2]]}}}

    def trace(c: Candidate) -> dict:
        traced.append(c.description)
        return flat

    ordered, _ = rank_plausible([*small, fix], flat, [], trace, limit=6)
    assert "fix" in traced and len(traced) == 6
    assert ordered[0] is fix  # traced and tied: the screening score decides
