"""Validate the held-out repair suite (benchmarks/data/heldout/), or any suite of the same format.

For every task (``task.toml``, ``repo/``, ``hidden/``, ``solution.patch``; see
benchmarks/data/heldout/README.md) this script checks, each time in a fresh temporary copy:

1. the program is 20-80 lines (the ``.py`` files of ``repo/`` outside ``tests/``);
2. with the bug, 1-3 visible tests fail and at least 2 pass;
3. with the bug, at least one hidden test fails (the hidden tests add evidence);
4. ``solution.patch`` applies (``git apply``), touches one file and changes at most
   ``MAX_CHANGED_LINES`` lines (added plus removed);
5. with the reference fix, every visible and hidden test passes;
6. when the task has an ``overfit.patch`` (a plausible wrong fix), it passes the visible tests and
   fails the hidden ones;
7. with ``--deletions``: deleting any one statement of the buggy program (replacing it by
   ``pass``) does not make both the visible and the hidden tests pass, i.e. the bug is not fixed by
   deleting code. This runs the tests once per statement, so it is off by default.

It prints one row per task and exits 1 when any task has a problem (listed under the table), 0
otherwise (also when the suite folder is absent, with a message). The tests run with this
interpreter (``python -m pytest``), not through fixloop's sandbox: the tasks are this project's own
code, written for the suite.

Usage::

    python benchmarks/heldout_check.py [--suite DIR] [--tasks a,b] [--jobs N] [--deletions]
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SUITE = ROOT / "benchmarks" / "data" / "heldout"
MAX_CHANGED_LINES = 4
PROGRAM_LINES = (20, 80)
VISIBLE_FAILING = (1, 3)
MIN_VISIBLE_PASSING = 2
RUN_TIMEOUT_S = 120.0


@dataclass
class TestRun:
    """Outcome of one pytest run: test ids by outcome (``failed`` includes errors)."""

    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    detail: str = ""

    @property
    def collected(self) -> int:
        """Tests that ran (passed + failed)."""
        return len(self.passed) + len(self.failed)


@dataclass
class TaskCheck:
    """One task's checks; ``problems`` is empty when the task is well-formed."""

    task: str
    kind: str = "?"
    program_lines: int = 0
    visible_failing: int = 0
    visible_passing: int = 0
    hidden_failing_on_bug: int = 0
    fixed_passing: int = 0
    fixed_total: int = 0
    changed_lines: int = 0
    overfit: str = "-"
    deletions: str = "-"
    problems: list[str] = field(default_factory=list)


def run_pytest(tree: Path, targets: list[str], log: Path) -> TestRun:
    """Run ``python -m pytest`` on ``targets`` inside ``tree`` and read its JUnit XML ``log``."""
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts="]
    argv += [f"--junitxml={log}", *targets]
    # the tasks need no plugin: not loading the installed ones makes each run several times faster
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    env.pop("PYTHONPATH", None)
    try:
        proc = subprocess.run(
            argv, cwd=tree, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S
        )
    except subprocess.TimeoutExpired:
        return TestRun(detail=f"pytest timed out after {RUN_TIMEOUT_S:.0f} s")
    run = TestRun(detail=proc.stdout[-400:])
    if not log.is_file():
        run.failed.append("<no junit xml>")
        return run
    for case in ET.parse(log).getroot().iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}"
        if case.find("skipped") is not None:
            run.failed.append(name + " (skipped)")
        elif case.find("failure") is not None or case.find("error") is not None:
            run.failed.append(name)
        else:
            run.passed.append(name)
    return run


def patch_stats(patch: str) -> tuple[set[str], int]:
    """The files a unified diff touches and its number of added plus removed lines."""
    files: set[str] = set()
    changed = 0
    for line in patch.splitlines():
        if line.startswith("+++ "):
            files.add(line[4:].split("\t")[0].removeprefix("b/"))
        elif line.startswith("--- "):
            continue
        elif line.startswith(("+", "-")):
            changed += 1
    return files, changed


def apply_patch(tree: Path, patch: Path) -> str:
    """Apply ``patch`` to ``tree`` with ``git apply``; return its error text ('' on success)."""
    proc = subprocess.run(
        ["git", "apply", "--whitespace=nowarn", str(patch.resolve())],
        cwd=tree,
        capture_output=True,
        text=True,
    )
    return "" if proc.returncode == 0 else (proc.stderr.strip() or "git apply failed")


def program_files(repo: Path) -> list[Path]:
    """The task program's ``.py`` files: those of ``repo`` outside ``tests/``."""
    return sorted(p for p in repo.rglob("*.py") if "tests" not in p.relative_to(repo).parts)


def statement_deletions(source: str) -> list[tuple[int, str]]:
    """Each single statement of ``source`` replaced by ``pass``: (line number, new source) pairs.

    Only simple statements (no ``def``/``class``/``if``... blocks) on their own lines are
    replaced, so every result parses when ``source`` does.
    """
    lines = source.splitlines(keepends=True)
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.stmt) or isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)
        ):
            continue
        if hasattr(node, "body") or node.end_lineno is None:
            continue
        first, last = node.lineno - 1, node.end_lineno - 1
        indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
        if lines[first][len(indent) :].rstrip() == "pass":
            continue
        new = lines[:first] + [indent + "pass\n"] + lines[last + 1 :]
        out.append((node.lineno, "".join(new)))
    return sorted(out)


def _test_files(tree: Path) -> list[str]:
    return sorted(str(p.relative_to(tree)) for p in tree.rglob("test_*.py"))


def _copy_with(task: Path, dest: Path, hidden: bool) -> Path:
    shutil.copytree(task / "repo", dest)
    if hidden and (task / "hidden").is_dir():
        shutil.copytree(task / "hidden", dest, dirs_exist_ok=True)
    return dest


def _check_deletions(task: Path, tmp: Path, check: TaskCheck, targets: list[str]) -> None:
    fixes = []
    tried = 0
    for path in program_files(task / "repo"):
        rel = path.relative_to(task / "repo")
        for lineno, source in statement_deletions(path.read_text(encoding="utf-8")):
            tried += 1
            tree = _copy_with(task, tmp / f"del-{tried}", hidden=True)
            (tree / rel).write_text(source, encoding="utf-8")
            run = run_pytest(tree, targets, tmp / f"del-{tried}.xml")
            if not run.failed and run.collected:
                fixes.append(f"{rel}:{lineno}")
    check.deletions = f"{tried} ok" if not fixes else f"FIXED BY {len(fixes)}"
    if fixes:
        check.problems.append(f"deleting one statement passes every test: {', '.join(fixes)}")


def check_task(task: Path, deletions: bool = False) -> TaskCheck:
    """Run the checks of the module docstring on one task folder.

    Args:
        task: the task folder (holding ``task.toml``, ``repo/``, ``hidden/``, ``solution.patch``).
        deletions: also run check 7 (one test run per statement of the program).

    Returns:
        the :class:`TaskCheck`; its ``problems`` name every failed check.
    """
    check = TaskCheck(task=task.name)
    try:
        meta = tomllib.loads((task / "task.toml").read_text(encoding="utf-8"))
        check.kind = str(meta.get("kind", "?"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        check.problems.append(f"task.toml: {exc}")
        return check
    for name in ("repo/tests", "hidden/tests", "solution.patch"):
        if not (task / name).exists():
            check.problems.append(f"missing {name}")
    if check.problems:
        return check

    lines = sum(
        len(p.read_text(encoding="utf-8").splitlines()) for p in program_files(task / "repo")
    )
    check.program_lines = lines
    if not PROGRAM_LINES[0] <= lines <= PROGRAM_LINES[1]:
        check.problems.append(
            f"program has {lines} lines, not {PROGRAM_LINES[0]}-{PROGRAM_LINES[1]}"
        )

    files, changed = patch_stats((task / "solution.patch").read_text(encoding="utf-8"))
    check.changed_lines = changed
    if len(files) != 1 or not 0 < changed <= MAX_CHANGED_LINES:
        check.problems.append(
            f"reference fix touches {len(files)} files and {changed} lines "
            f"(want 1 file, 1-{MAX_CHANGED_LINES} lines)"
        )

    with tempfile.TemporaryDirectory(prefix=f"heldout-{task.name}-") as tmp_name:
        tmp = Path(tmp_name)
        buggy = _copy_with(task, tmp / "buggy", hidden=True)
        vis = run_pytest(buggy, _test_files(task / "repo"), tmp / "buggy-visible.xml")
        hid = run_pytest(buggy, _test_files(task / "hidden"), tmp / "buggy-hidden.xml")
        check.visible_failing, check.visible_passing = len(vis.failed), len(vis.passed)
        check.hidden_failing_on_bug = len(hid.failed)
        lo, hi = VISIBLE_FAILING
        if not lo <= check.visible_failing <= hi:
            check.problems.append(
                f"{check.visible_failing} visible tests fail with the bug, want {lo}-{hi}"
            )
        if check.visible_passing < MIN_VISIBLE_PASSING:
            check.problems.append(
                f"{check.visible_passing} visible tests pass with the bug, want >= {MIN_VISIBLE_PASSING}"
            )
        if not hid.failed:
            check.problems.append("no hidden test fails with the bug")

        fixed = _copy_with(task, tmp / "fixed", hidden=True)
        err = apply_patch(fixed, task / "solution.patch")
        if err:
            check.problems.append(f"solution.patch does not apply: {err}")
            return check
        every = ["tests"]
        full = run_pytest(fixed, every, tmp / "fixed.xml")
        check.fixed_passing, check.fixed_total = len(full.passed), full.collected
        expected = vis.collected + hid.collected
        if full.failed or full.collected < expected:
            check.problems.append(
                f"with the reference fix {len(full.failed)} tests fail, {full.collected} of "
                f"{expected} ran: {', '.join(full.failed[:3])}"
            )

        if (task / "overfit.patch").is_file():
            over = _copy_with(task, tmp / "overfit", hidden=False)
            err = apply_patch(over, task / "overfit.patch")
            over_vis = run_pytest(over, ["tests"], tmp / "overfit-visible.xml") if not err else None
            shutil.copytree(task / "hidden", over, dirs_exist_ok=True)
            over_all = run_pytest(over, every, tmp / "overfit-all.xml") if not err else None
            if err or over_vis is None or over_all is None:
                check.problems.append(f"overfit.patch does not apply: {err}")
            elif over_vis.failed or not over_all.failed:
                check.problems.append(
                    "overfit.patch must pass the visible tests and fail hidden ones"
                )
                check.overfit = "BAD"
            else:
                check.overfit = f"caught ({len(over_all.failed)})"

        if deletions:
            _check_deletions(task, tmp, check, every)
    return check


def select(suite: Path, ids: str) -> list[Path]:
    """The suite's task folders (those with a ``task.toml``), sorted; only ``ids`` when given."""
    tasks = sorted(p for p in suite.iterdir() if (p / "task.toml").is_file())
    if ids:
        wanted = {t.strip() for t in ids.split(",") if t.strip()}
        unknown = wanted - {t.name for t in tasks}
        if unknown:
            raise SystemExit(f"heldout_check: no such task: {', '.join(sorted(unknown))}")
        tasks = [t for t in tasks if t.name in wanted]
    return tasks


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit code (1 when any task has a problem)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", type=Path, default=DEFAULT_SUITE, help="suite folder")
    ap.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    ap.add_argument("--jobs", type=int, default=1, help="tasks checked in parallel")
    ap.add_argument("--deletions", action="store_true", help="also try deleting each statement")
    args = ap.parse_args(argv)
    if not args.suite.is_dir():
        print(f"heldout_check: no suite at {args.suite}; nothing to check")
        return 0
    tasks = select(args.suite, args.tasks)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        checks = list(pool.map(lambda t: check_task(t, deletions=args.deletions), tasks))

    head = f"{'task':28} {'kind':32} {'lines':>5} {'vis fail/pass':>13} {'hid fail':>8} {'fixed':>7} {'diff':>4} {'overfit':>10} {'deletions':>10}  ok"
    print(head)
    print("-" * len(head))
    for c in checks:
        print(
            f"{c.task:28} {c.kind:32} {c.program_lines:5} "
            f"{f'{c.visible_failing}/{c.visible_passing}':>13} {c.hidden_failing_on_bug:8} "
            f"{f'{c.fixed_passing}/{c.fixed_total}':>7} {c.changed_lines:4} {c.overfit:>10} "
            f"{c.deletions:>10}  {'ok' if not c.problems else 'BAD'}"
        )
    bad = [c for c in checks if c.problems]
    for c in bad:
        for p in c.problems:
            print(f"{c.task}: {p}")
    print(f"\n{len(checks)} tasks checked, {len(bad)} with problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
