"""The held-out repair suites (benchmarks/data/heldout, heldout2 ... heldout6) stay well-formed.

Every task of the six suites is checked for format without running its tests (the suite loads
with fixloop's own loader, each reference fix applies and is small, kinds are the documented ones);
one task of each suite, chosen by index, runs the whole validation of benchmarks/heldout_check.py;
and the checker itself is shown to reject a task whose bug is missing. The full validation of all
30 tasks is ``python benchmarks/heldout_check.py [--suite benchmarks/data/heldout2|3|4|5|6]``. No
test here runs the repair engine on any of the suites.
"""

from __future__ import annotations

import ast
import importlib.util
import shutil
import subprocess
import sys
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
SUITES = [SUITE, SUITE2, SUITE3, SUITE4, SUITE5, SUITE6]

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
KINDS = {
    SUITE: MISSING | WRAPPERS | TOKENS | REAL,
    SUITE2: MISSING | WRAPPERS | TOKENS | REAL,
    SUITE3: MISSING3 | WRAPPERS3 | TOKENS3 | REAL3,
    SUITE4: MISSING4 | WRAPPERS4 | TOKENS4 | REAL4,
    SUITE5: MISSING5 | WRAPPERS5 | TOKENS5 | REAL5,
    SUITE6: MISSING6 | WRAPPERS6 | TOKENS6 | REAL6,
}


def _tasks(suite: Path) -> list[Path]:
    return sorted(p for p in suite.iterdir() if (p / "task.toml").is_file())


TASKS = _tasks(SUITE)
TASKS2 = _tasks(SUITE2)
TASKS3 = _tasks(SUITE3)
TASKS4 = _tasks(SUITE4)
TASKS5 = _tasks(SUITE5)
TASKS6 = _tasks(SUITE6)
ALL_TASKS = TASKS + TASKS2 + TASKS3 + TASKS4 + TASKS5 + TASKS6


@pytest.mark.parametrize("folder", SUITES, ids=[s.name for s in SUITES])
def test_the_suite_loads_with_thirty_tasks_of_the_documented_kinds(folder: Path):
    suite = load_suite(folder)
    assert len(suite.tasks) == 30
    kinds = [t.kind for t in suite.tasks]
    assert set(kinds) == KINDS[folder]
    readme = (folder / "README.md").read_text(encoding="utf-8")
    for task in suite.tasks:
        assert len(task.expected_files) == 1
        assert f"`{task.id}`" in readme, f"{task.id} is not documented in the suite README"


def test_the_second_suite_is_new_and_documented_as_held_out():
    assert not {t.name for t in TASKS} & {t.name for t in TASKS2}
    readme = (SUITE2 / "README.md").read_text(encoding="utf-8")
    assert "before any measurement" in readme and "never used for tuning" in readme
    assert "No longer held out" in readme  # tuned on since its measurement
    # the same program twice would not be a new task
    programs = {
        p.read_text(encoding="utf-8")
        for task in TASKS
        for p in heldout_check.program_files(task / "repo")
    }
    for task in TASKS2:
        for p in heldout_check.program_files(task / "repo"):
            assert p.read_text(encoding="utf-8") not in programs, f"{task.name}: {p.name}"


def test_the_third_suite_is_new_and_documented_as_held_out():
    earlier = TASKS + TASKS2
    assert not {t.name for t in earlier} & {t.name for t in TASKS3}
    readme = (SUITE3 / "README.md").read_text(encoding="utf-8")
    assert "before any measurement" in readme and "never used for tuning" in readme
    assert "did not read" in readme  # how it was written: without the engine or the other suites
    programs = {
        p.read_text(encoding="utf-8")
        for task in earlier
        for p in heldout_check.program_files(task / "repo")
    }
    for task in TASKS3:
        for p in heldout_check.program_files(task / "repo"):
            assert p.read_text(encoding="utf-8") not in programs, f"{task.name}: {p.name}"
    # the spread: 8 missing statements, 7 wrappers, 9 token changes, 6 real-history kinds
    kinds = [load_suite(SUITE3).tasks[i].kind for i in range(30)]
    assert sum(k.startswith("missing-statement") for k in kinds) == 8
    assert sum(k.startswith("wrapper") for k in kinds) == 7
    assert sum(k in TOKENS3 for k in kinds) == 9
    assert sum(k in REAL3 for k in kinds) == 6


def test_the_fourth_suite_is_new_and_documented_as_held_out():
    earlier = TASKS + TASKS2 + TASKS3
    assert not {t.name for t in earlier} & {t.name for t in TASKS4}
    readme = (SUITE4 / "README.md").read_text(encoding="utf-8")
    assert "before any measurement" in readme and "never used for tuning" in readme
    assert "did not read" in readme  # how it was written: without the engine or the other suites
    programs = {
        p.read_text(encoding="utf-8")
        for task in earlier
        for p in heldout_check.program_files(task / "repo")
    }
    for task in TASKS4:
        for p in heldout_check.program_files(task / "repo"):
            assert p.read_text(encoding="utf-8") not in programs, f"{task.name}: {p.name}"
    # the brief's spread: 9 wrappers, 9 missing statements, 7 token changes, 5 real-history kinds
    kinds = [t.kind for t in load_suite(SUITE4).tasks]
    assert sum(k.startswith("wrapper") for k in kinds) == 9
    assert sum(k.startswith("missing-statement") for k in kinds) == 9
    assert sum(k in TOKENS4 for k in kinds) == 7
    assert sum(k in REAL4 for k in kinds) == 5
    # one task per kind: each kind of the brief is here once
    assert len(set(kinds)) == 30


def test_the_fifth_suite_is_new_and_documented_as_held_out():
    earlier = TASKS + TASKS2 + TASKS3 + TASKS4
    assert not {t.name for t in earlier} & {t.name for t in TASKS5}
    readme = (SUITE5 / "README.md").read_text(encoding="utf-8")
    assert "before any measurement" in readme and "never used for tuning" in readme
    assert "did not read" in readme  # how it was written: without the engine or the other suites
    programs = {
        p.read_text(encoding="utf-8")
        for task in earlier
        for p in heldout_check.program_files(task / "repo")
    }
    for task in TASKS5:
        for p in heldout_check.program_files(task / "repo"):
            source = p.read_text(encoding="utf-8")
            assert source not in programs, f"{task.name}: {p.name}"
            # the README promises no `while` loop: a deleted step cannot make a task hang
            loops = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.While)]
            assert not loops, f"{task.name}: {p.name} has a while loop"
    # the brief's spread: 8 wrappers, 9 missing statements, 9 token changes, 4 real-history kinds
    kinds = [t.kind for t in load_suite(SUITE5).tasks]
    assert sum(k.startswith("wrapper") for k in kinds) == 8
    assert sum(k.startswith("missing-statement") for k in kinds) == 9
    assert sum(k in TOKENS5 for k in kinds) == 9
    assert sum(k in REAL5 for k in kinds) == 4
    # one task per kind: each kind of the brief is here once
    assert len(set(kinds)) == 30


def test_the_sixth_suite_is_new_and_documented_as_held_out():
    earlier = TASKS + TASKS2 + TASKS3 + TASKS4 + TASKS5
    assert not {t.name for t in earlier} & {t.name for t in TASKS6}
    readme = (SUITE6 / "README.md").read_text(encoding="utf-8")
    assert "before any measurement" in readme and "never used for tuning" in readme
    assert "did not read" in readme  # how it was written: without the engine or the other suites
    programs = {
        p.read_text(encoding="utf-8")
        for task in earlier
        for p in heldout_check.program_files(task / "repo")
    }
    for task in TASKS6:
        for p in heldout_check.program_files(task / "repo"):
            source = p.read_text(encoding="utf-8")
            assert source not in programs, f"{task.name}: {p.name}"
            loops = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.While)]
            assert not loops, f"{task.name}: {p.name} has a while loop"
            # the brief's size: a small realistic module, not a one-function snippet
            assert len(source.splitlines()) >= 40, f"{task.name}: {p.name} is under 40 lines"
    # the brief's spread: 9 wrappers, 9 missing statements, 8 token changes, 4 real-history kinds
    kinds = [t.kind for t in load_suite(SUITE6).tasks]
    assert sum(k.startswith("wrapper") for k in kinds) == 9
    assert sum(k.startswith("missing-statement") for k in kinds) == 9
    assert sum(k in TOKENS6 for k in kinds) == 8
    assert sum(k in REAL6 for k in kinds) == 4
    # one task per kind: each kind of the brief is here once
    assert len(set(kinds)) == 30


@pytest.mark.parametrize("task", ALL_TASKS, ids=[f"{t.parent.name}/{t.name}" for t in ALL_TASKS])
def test_each_task_has_a_small_reference_fix_that_applies(task: Path, tmp_path: Path):
    assert sorted((task / "repo" / "tests").glob("test_*.py"))
    assert sorted((task / "hidden" / "tests").glob("test_*.py"))
    patch = (task / "solution.patch").read_text(encoding="utf-8")
    files, changed = heldout_check.patch_stats(patch)
    assert len(files) == 1 and 0 < changed <= heldout_check.MAX_CHANGED_LINES
    lines = sum(
        len(p.read_text(encoding="utf-8").splitlines())
        for p in heldout_check.program_files(task / "repo")
    )
    assert 20 <= lines <= 80
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
    "task",
    [TASKS[7], TASKS2[11], TASKS3[20], TASKS4[13], TASKS5[17], TASKS6[23]],
    ids=lambda t: f"{t.parent.name}/{t.name}",
)
def test_one_task_passes_the_whole_validation(task: Path):
    check = heldout_check.check_task(task)
    assert check.problems == []
    assert 1 <= check.visible_failing <= 3 and check.hidden_failing_on_bug >= 1


def test_the_checker_rejects_a_task_whose_repo_already_holds_the_fix(tmp_path: Path):
    task = shutil.copytree(TASKS[0], tmp_path / TASKS[0].name)
    subprocess.run(["git", "apply", str(task / "solution.patch")], cwd=task / "repo", check=True)
    check = heldout_check.check_task(task)
    assert any("visible tests fail with the bug" in p for p in check.problems)
    assert any("does not apply" in p for p in check.problems)


def test_statement_deletions_replace_one_simple_statement_each():
    source = "def f(x):\n    y = x + 1\n    if y:\n        return y\n    return 0\n"
    out = heldout_check.statement_deletions(source)
    assert [n for n, _ in out] == [2, 4, 5]
    assert out[0][1] == "def f(x):\n    pass\n    if y:\n        return y\n    return 0\n"
