"""The held-out repair suites (benchmarks/data/heldout, heldout2, ...) stay well-formed.

Each suite is one row of ``HELD`` (its kinds, what its README and its brief promise), and every
check runs on every row: each task is checked for format without running its tests (the suite
loads with fixloop's own loader, each reference fix applies and is small, each program has the
size and shape its README promises, kinds are the documented ones); each later suite is new (no
task name, no program of an earlier one) and says how it was written; one task of each suite,
chosen by index, runs the whole validation of benchmarks/heldout_check.py; and the checker itself
is shown to reject a task whose bug is missing. The full validation of all 30 tasks is ``python
benchmarks/heldout_check.py [--suite benchmarks/data/heldoutN]``. No test here runs the repair
engine on any of the suites.
"""

from __future__ import annotations

import ast
import importlib.util
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from fixloop.eval.suite import load_suite

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT / "benchmarks" / "data" / "heldout"
# the second held-out suite: written before any measurement, measured last (its README)
SUITE2 = ROOT / "benchmarks" / "data" / "heldout2"
# the third: written without reading the engine or the first two suites' tasks (its README)
SUITE3 = ROOT / "benchmarks" / "data" / "heldout3"
# the fourth: written after heldout3 was measured, by a helper that never read the engine (README)
SUITE4 = ROOT / "benchmarks" / "data" / "heldout4"
# the fifth: written after heldout4 was measured, by a helper that never read the engine (README)
SUITE5 = ROOT / "benchmarks" / "data" / "heldout5"
# the sixth: written after heldout5 was measured, by a helper that never read the engine (README)
SUITE6 = ROOT / "benchmarks" / "data" / "heldout6"
# the seventh: written after heldout6 was measured, by a helper that never read the engine (README)
SUITE7 = ROOT / "benchmarks" / "data" / "heldout7"
# the eighth: written after heldout7 was measured, by a helper that never read the engine (README)
SUITE8 = ROOT / "benchmarks" / "data" / "heldout8"
# the ninth: written after heldout8 was measured, by a helper that never read the engine (README);
# measured once on 2026-12-03 (03:17 UTC), known since: a tuning set like heldout7 and heldout8
SUITE9 = ROOT / "benchmarks" / "data" / "heldout9"
# the tenth: written after heldout9 was measured, by a helper that never read the engine (README);
# measured once on 2026-12-03 (06:21 UTC), known since: a tuning set like heldout7 ... heldout9
SUITE10 = ROOT / "benchmarks" / "data" / "heldout10"
# the eleventh: written after heldout10 was measured, by a helper that never read the engine (README);
# measured once on 2026-12-03 (08:04 UTC, at 8fa33cb), known since: a tuning set like heldout7 ... 10
SUITE11 = ROOT / "benchmarks" / "data" / "heldout11"
# the twelfth: written after heldout11 was measured, by a helper that never read the engine (README);
# measured once on 2026-12-03 (10:48 UTC, at c31e79c), known since: a tuning set like heldout7 ... 11
SUITE12 = ROOT / "benchmarks" / "data" / "heldout12"

_spec = importlib.util.spec_from_file_location(
    "heldout_check", ROOT / "benchmarks" / "heldout_check.py"
)
assert _spec is not None and _spec.loader is not None
heldout_check = importlib.util.module_from_spec(_spec)
sys.modules["heldout_check"] = heldout_check
_spec.loader.exec_module(heldout_check)

MISSING = {
    "missing-statement-counter",
    "missing-statement-set-add",
    "missing-statement-push",
    "missing-statement-guard",
    "missing-statement-final-append",
    "missing-statement-pointer-update",
}
WRAPPERS = {
    "wrapper-max-zero",
    "wrapper-abs",
    "wrapper-len",
    "wrapper-not",
    "wrapper-or-default",
    "wrapper-is-none-or",
}
TOKENS = {
    "two-token-comparison",
    "constant-related",
    "returned-string-literal",
    "empty-list-to-list-of-empty",
    "swapped-arguments",
    "index-minus-one-in-call",
    "wrong-bitwise-operator",
    "loop-condition-queue",
    "string-operand-order",
    "slice-added",
    "comparison-in-elif",
}
REAL = {
    "wrong-name-in-scope",
    "missing-keyword-argument",
    "separator-constant",
    "regex-anchor",
    "missing-none-guard",
    "argument-to-wrong-call",
}

# the third suite's kinds: issue 19's list as the coordinator spread it (8 missing statements,
# 7 wrappers, 9 one- or two-token changes, 6 real-history kinds)
MISSING3 = MISSING | {"missing-statement-accumulator-reset", "missing-statement-early-return"}
WRAPPERS3 = (WRAPPERS - {"wrapper-max-zero"}) | {"wrapper-min-cap", "wrapper-round"}
TOKENS3 = TOKENS - {"empty-list-to-list-of-empty", "loop-condition-queue", "wrong-bitwise-operator"}
TOKENS3 |= {"wrong-arithmetic-operator"}
REAL3 = (REAL - {"regex-anchor"}) | {"regex-too-narrow"}
# the fourth suite's kinds: the coordinator's brief of 2026-12-02 (9 wrappers, 9 missing
# statements, 7 one- or two-token changes, 5 real-history kinds)
WRAPPERS4 = WRAPPERS | {"wrapper-min-cap", "wrapper-round", "wrapper-sorted"}
MISSING4 = MISSING3 | {"missing-statement-none-guard"}
TOKENS4 = {
    "two-token-comparison",
    "string-operand-order",
    "slice-added",
    "index-minus-one-in-call",
    "constant-related",
    "wrong-bitwise-operator",
    "loop-condition-queue",
}
REAL4 = REAL - {"missing-none-guard"}
# the fifth suite's kinds: the coordinator's brief of 2026-12-02 for heldout5 (8 wrappers, 9
# missing statements, 9 one- or two-token changes, 4 real-history kinds)
WRAPPERS5 = WRAPPERS | {"wrapper-min-cap", "wrapper-round"}
MISSING5 = MISSING4
TOKENS5 = {
    "comparison-in-elif",
    "returned-string-literal",
    "empty-list-to-list-of-empty",
    "swapped-arguments",
    "two-token-comparison",
    "string-operand-order",
    "slice-added",
    "index-minus-one-in-call",
    "constant-related",
}
REAL5 = {
    "wrong-name-in-scope",
    "missing-keyword-argument",
    "separator-constant",
    "regex-too-narrow",
}
# the sixth suite's kinds: the coordinator's brief of 2026-12-02 for heldout6 (9 wrappers, 9
# missing statements, 8 one- or two-token changes, 4 real-history kinds)
WRAPPERS6 = WRAPPERS5 | {"wrapper-str"}
MISSING6 = (MISSING5 - {"missing-statement-none-guard", "missing-statement-early-return"}) | {
    "missing-statement-cache-store",
    "missing-statement-break",
}
TOKENS6 = {
    "comparison-operator",
    "slice-off-by-one",
    "wrong-arithmetic-operator",
    "swapped-arguments",
    "wrong-constant-default",
    "string-literal-dict-key",
    "boolean-connector",
    "two-token-comparison",
}
REAL6 = {"wrong-name-in-scope", "missing-keyword-argument", "regex-anchor", "separator-constant"}
# the seventh suite's kinds: the coordinator's brief of 2026-12-02 for heldout7 (9 wrappers, 9
# missing statements, 8 one- or two-token changes, 4 real-history kinds)
WRAPPERS7 = WRAPPERS6
MISSING7 = MISSING6
TOKENS7 = {
    "comparison-in-elif",
    "constant-related",
    "returned-string-literal",
    "empty-list-to-list-of-empty",
    "swapped-arguments",
    "index-minus-one-in-call",
    "two-token-comparison",
    "slice-added",
}
REAL7 = {
    "wrong-name-in-scope",
    "missing-keyword-argument",
    "separator-constant",
    "missing-none-guard",
}
# the eighth suite's kinds: the coordinator's brief of 2026-12-02 for heldout8 (9 wrappers, 9
# missing statements, 8 of issue 19's ten one- or two-token changes, 4 real-history kinds)
WRAPPERS8 = WRAPPERS7
MISSING8 = MISSING7
TOKENS8 = {
    "comparison-in-elif",
    "constant-related",
    "swapped-arguments",
    "index-minus-one-in-call",
    "two-token-comparison",
    "string-operand-order",
    "wrong-bitwise-operator",
    "loop-condition-queue",
}
REAL8 = {
    "wrong-name-in-scope",
    "missing-keyword-argument",
    "argument-to-wrong-call",
    "regex-too-narrow",
}
# the ninth suite's kinds: the coordinator's brief of 2026-12-02 for heldout9 (9 wrappers, 9
# missing statements, 8 of issue 19's ten one- or two-token changes but not heldout8's 8, 4
# real-history kinds, the regex one anchored wrongly this time)
WRAPPERS9 = WRAPPERS8
MISSING9 = MISSING8
TOKENS9 = {
    "comparison-in-elif",
    "constant-related",
    "returned-string-literal",
    "empty-list-to-list-of-empty",
    "swapped-arguments",
    "string-operand-order",
    "wrong-bitwise-operator",
    "loop-condition-queue",
}
REAL9 = {
    "wrong-name-in-scope",
    "missing-keyword-argument",
    "argument-to-wrong-call",
    "regex-anchor",
}
# the tenth suite's kinds: the coordinator's brief of 2026-12-03 for heldout10 (9 wrappers, 9
# missing statements with an early return instead of heldout9's break, 8 of issue 19's eleven one-
# or two-token changes but not heldout9's 8, 4 real-history kinds unlike heldout9's)
WRAPPERS10 = WRAPPERS9
MISSING10 = (MISSING9 - {"missing-statement-break"}) | {"missing-statement-early-return"}
TOKENS10 = {
    "comparison-in-elif",
    "constant-related",
    "returned-string-literal",
    "empty-list-to-list-of-empty",
    "index-minus-one-in-call",
    "two-token-comparison",
    "wrong-bitwise-operator",
    "slice-added",
}
REAL10 = {
    "wrong-name-in-scope",
    "separator-constant",
    "regex-too-narrow",
    "missing-none-guard",
}

# the eleventh suite's kinds: the coordinator's brief of 2026-12-03 for heldout11 (9 wrappers, 9
# missing statements with a break again instead of heldout10's early return, 8 of issue 19's eleven
# one- or two-token changes with swapped arguments and string operand order, 4 real-history kinds
# unlike heldout10's three: a missing keyword argument, an argument to the wrong call, a regex
# anchored wrongly)
WRAPPERS11 = WRAPPERS10
MISSING11 = MISSING9
TOKENS11 = {
    "comparison-in-elif",
    "constant-related",
    "swapped-arguments",
    "string-operand-order",
    "index-minus-one-in-call",
    "two-token-comparison",
    "wrong-bitwise-operator",
    "slice-added",
}
REAL11 = {
    "wrong-name-in-scope",
    "missing-keyword-argument",
    "argument-to-wrong-call",
    "regex-anchor",
}

# the twelfth suite's kinds: the coordinator's brief of 2026-12-03 for heldout12 (9 wrappers, 9
# missing statements with heldout10's early return again, 8 of issue 19's eleven one- or two-token
# changes with the three heldout11 left out (returned string literal, [] to [[]], while True to
# while queue), 4 real-history kinds: a separator constant, a regex too narrow, a None guard and an
# argument to the wrong call)
WRAPPERS12 = WRAPPERS11
MISSING12 = MISSING10
TOKENS12 = {
    "comparison-in-elif",
    "constant-related",
    "returned-string-literal",
    "empty-list-to-list-of-empty",
    "swapped-arguments",
    "index-minus-one-in-call",
    "loop-condition-queue",
    "slice-added",
}
REAL12 = {
    "separator-constant",
    "regex-too-narrow",
    "missing-none-guard",
    "argument-to-wrong-call",
}


@dataclass(frozen=True)
class Held:
    """One held-out suite and what its README and the brief it was written to promise.

    Attributes:
        folder: the suite's folder.
        kinds: the task kinds it has, exactly.
        readme: phrases its README holds (how it was written and used).
        spread: how many tasks of each group (``missing``, ``wrapper``, ``token``, ``real``);
            empty: none promised.
        tokens, real: the kinds counted as one- or two-token changes and as real-history kinds.
        one_per_kind: every task has a kind of its own.
        no_while: no program has a ``while`` loop (a deleted step cannot make a task hang).
        min_lines: the fewest lines a program has (0: any; the brief's "small realistic module").
        check: the index of the task that runs the whole validation.
    """

    folder: Path
    kinds: frozenset[str]
    readme: tuple[str, ...] = ()
    spread: dict[str, int] = field(default_factory=dict)
    tokens: frozenset[str] = frozenset()
    real: frozenset[str] = frozenset()
    one_per_kind: bool = False
    no_while: bool = False
    min_lines: int = 0
    check: int = 0

    @property
    def tasks(self) -> list[Path]:
        """The suite's task folders, by name."""
        return sorted(p for p in self.folder.iterdir() if (p / "task.toml").is_file())

    def group(self, kind: str) -> str:
        """The group of the spread a kind counts in ("" when none)."""
        if kind.startswith("missing-statement"):
            return "missing"
        if kind.startswith("wrapper"):
            return "wrapper"
        return "token" if kind in self.tokens else "real" if kind in self.real else ""


HELD_OUT = ("before any measurement", "never used for tuning")
NO_ENGINE = (*HELD_OUT, "did not read")  # written without the engine or the other suites' tasks
HELD = [
    Held(SUITE, frozenset(MISSING | WRAPPERS | TOKENS | REAL), check=7),
    Held(
        SUITE2,
        frozenset(MISSING | WRAPPERS | TOKENS | REAL),
        (*HELD_OUT, "No longer held out"),  # tuned on since its measurement
        check=11,
    ),
    Held(
        SUITE3,
        frozenset(MISSING3 | WRAPPERS3 | TOKENS3 | REAL3),
        NO_ENGINE,
        {"missing": 8, "wrapper": 7, "token": 9, "real": 6},
        frozenset(TOKENS3),
        frozenset(REAL3),
        check=20,
    ),
    Held(
        SUITE4,
        frozenset(MISSING4 | WRAPPERS4 | TOKENS4 | REAL4),
        NO_ENGINE,
        {"wrapper": 9, "missing": 9, "token": 7, "real": 5},
        frozenset(TOKENS4),
        frozenset(REAL4),
        one_per_kind=True,
        check=13,
    ),
    Held(
        SUITE5,
        frozenset(MISSING5 | WRAPPERS5 | TOKENS5 | REAL5),
        NO_ENGINE,
        {"wrapper": 8, "missing": 9, "token": 9, "real": 4},
        frozenset(TOKENS5),
        frozenset(REAL5),
        one_per_kind=True,
        no_while=True,
        check=17,
    ),
    Held(
        SUITE6,
        frozenset(MISSING6 | WRAPPERS6 | TOKENS6 | REAL6),
        NO_ENGINE,
        {"wrapper": 9, "missing": 9, "token": 8, "real": 4},
        frozenset(TOKENS6),
        frozenset(REAL6),
        one_per_kind=True,
        no_while=True,
        min_lines=40,
        check=23,
    ),
    Held(
        SUITE7,
        frozenset(MISSING7 | WRAPPERS7 | TOKENS7 | REAL7),
        NO_ENGINE,
        {"wrapper": 9, "missing": 9, "token": 8, "real": 4},
        frozenset(TOKENS7),
        frozenset(REAL7),
        one_per_kind=True,
        min_lines=40,
        check=9,
    ),
    Held(
        SUITE8,
        frozenset(MISSING8 | WRAPPERS8 | TOKENS8 | REAL8),
        NO_ENGINE,
        {"wrapper": 9, "missing": 9, "token": 8, "real": 4},
        frozenset(TOKENS8),
        frozenset(REAL8),
        one_per_kind=True,
        min_lines=40,
        check=20,
    ),
    Held(  # measured once (2026-12-03 03:17 UTC): known, a tuning set since
        SUITE9,
        frozenset(MISSING9 | WRAPPERS9 | TOKENS9 | REAL9),
        NO_ENGINE,
        {"wrapper": 9, "missing": 9, "token": 8, "real": 4},
        frozenset(TOKENS9),
        frozenset(REAL9),
        one_per_kind=True,
        min_lines=40,
        check=26,
    ),
    Held(  # measured once (2026-12-03 06:21 UTC): known, a tuning set since
        SUITE10,
        frozenset(MISSING10 | WRAPPERS10 | TOKENS10 | REAL10),
        NO_ENGINE,
        {"wrapper": 9, "missing": 9, "token": 8, "real": 4},
        frozenset(TOKENS10),
        frozenset(REAL10),
        one_per_kind=True,
        no_while=True,
        min_lines=40,
        check=15,
    ),
    Held(  # measured once (2026-12-03 08:04 UTC): known, a tuning set since
        SUITE11,
        frozenset(MISSING11 | WRAPPERS11 | TOKENS11 | REAL11),
        NO_ENGINE,
        {"wrapper": 9, "missing": 9, "token": 8, "real": 4},
        frozenset(TOKENS11),
        frozenset(REAL11),
        one_per_kind=True,
        no_while=True,
        min_lines=40,
        check=19,
    ),
    Held(  # measured once (2026-12-03 10:48 UTC): known, a tuning set since; one while loop, by
        # its kind (loop-condition-queue)
        SUITE12,
        frozenset(MISSING12 | WRAPPERS12 | TOKENS12 | REAL12),
        NO_ENGINE,
        {"wrapper": 9, "missing": 9, "token": 8, "real": 4},
        frozenset(TOKENS12),
        frozenset(REAL12),
        one_per_kind=True,
        min_lines=40,
        check=22,
    ),
]
ALL_TASKS = [t for held in HELD for t in held.tasks]
HELD_OF = {held.folder: held for held in HELD}  # a task's suite row, by the task's parent folder


@pytest.mark.parametrize("held", HELD, ids=[h.folder.name for h in HELD])
def test_the_suite_loads_with_thirty_tasks_of_the_documented_kinds(held: Held):
    suite = load_suite(held.folder)
    assert len(suite.tasks) == 30
    kinds = [t.kind for t in suite.tasks]
    assert set(kinds) == held.kinds
    readme = (held.folder / "README.md").read_text(encoding="utf-8")
    for task in suite.tasks:
        assert len(task.expected_files) == 1
        assert f"`{task.id}`" in readme, f"{task.id} is not documented in the suite README"


@pytest.mark.parametrize("at", range(1, len(HELD)), ids=[h.folder.name for h in HELD[1:]])
def test_each_later_suite_is_new_and_documented_as_held_out(at: int):
    held, earlier = HELD[at], [t for h in HELD[:at] for t in h.tasks]
    assert not {t.name for t in earlier} & {t.name for t in held.tasks}
    readme = (held.folder / "README.md").read_text(encoding="utf-8")
    for phrase in held.readme:
        assert phrase in readme, f"{held.folder.name}/README.md: {phrase!r}"
    # the same program twice would not be a new task
    programs = {
        p.read_text(encoding="utf-8")
        for task in earlier
        for p in heldout_check.program_files(task / "repo")
    }
    for task in held.tasks:
        for p in heldout_check.program_files(task / "repo"):
            assert p.read_text(encoding="utf-8") not in programs, f"{task.name}: {p.name}"
    # the brief's spread of kinds
    kinds = [t.kind for t in load_suite(held.folder).tasks]
    if held.spread:
        counts = {g: sum(held.group(k) == g for k in kinds) for g in held.spread}
        assert counts == held.spread
    if held.one_per_kind:  # each kind of the brief is here once
        assert len(set(kinds)) == 30


@pytest.mark.parametrize("task", ALL_TASKS, ids=[f"{t.parent.name}/{t.name}" for t in ALL_TASKS])
def test_each_task_has_a_small_reference_fix_that_applies(task: Path, tmp_path: Path):
    assert sorted((task / "repo" / "tests").glob("test_*.py"))
    assert sorted((task / "hidden" / "tests").glob("test_*.py"))
    patch = (task / "solution.patch").read_text(encoding="utf-8")
    files, changed = heldout_check.patch_stats(patch)
    assert len(files) == 1 and 0 < changed <= heldout_check.MAX_CHANGED_LINES
    # the program: heldout_check's size for all suites, and what the task's README promises
    held, lines = HELD_OF[task.parent], 0
    for p in heldout_check.program_files(task / "repo"):
        source = p.read_text(encoding="utf-8")
        if held.no_while:  # the README promises it: a deleted step cannot make a task hang
            loops = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.While)]
            assert not loops, f"{task.name}: {p.name} has a while loop"
        file_lines = len(source.splitlines())  # a small realistic module, not a snippet
        assert file_lines >= held.min_lines, f"{task.name}: {p.name} is under {held.min_lines}"
        lines += file_lines
    low, high = heldout_check.PROGRAM_LINES
    assert low <= lines <= high, f"{task.name}: {lines} program lines"
    tree = shutil.copytree(task / "repo", tmp_path / "repo")
    assert heldout_check.apply_patch(tree, task / "solution.patch") == ""
    if (task / "overfit.patch").is_file():  # a plausible wrong fix, caught by the hidden tests
        wrong = shutil.copytree(task / "repo", tmp_path / "overfit")
        assert heldout_check.apply_patch(wrong, task / "overfit.patch") == ""
    # the fix changes the program (the repo holds the bug, not the fixed code)
    assert (tree / next(iter(files))).read_text(encoding="utf-8") != (
        task / "repo" / next(iter(files))
    ).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "task", [h.tasks[h.check] for h in HELD], ids=lambda t: f"{t.parent.name}/{t.name}"
)
def test_one_task_passes_the_whole_validation(task: Path):
    check = heldout_check.check_task(task)
    assert check.problems == []
    assert 1 <= check.visible_failing <= 3 and check.hidden_failing_on_bug >= 1


def test_the_checker_rejects_a_task_whose_repo_already_holds_the_fix(tmp_path: Path):
    first = HELD[0].tasks[0]
    task = shutil.copytree(first, tmp_path / first.name)
    subprocess.run(["git", "apply", str(task / "solution.patch")], cwd=task / "repo", check=True)
    check = heldout_check.check_task(task)
    assert any("visible tests fail with the bug" in p for p in check.problems)
    assert any("does not apply" in p for p in check.problems)


def test_statement_deletions_replace_one_simple_statement_each():
    source = "def f(x):\n    y = x + 1\n    if y:\n        return y\n    return 0\n"
    out = heldout_check.statement_deletions(source)
    assert [n for n, _ in out] == [2, 4, 5]
    assert out[0][1] == "def f(x):\n    pass\n    if y:\n        return y\n    return 0\n"
