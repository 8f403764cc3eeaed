"""Task suites: loading and validating a suite folder.

Format (``../shared/benchdata/README.md``)::

    SUITE/
      suite.toml        name, description; [defaults] test_cmd (default "python -m pytest -q"),
                        budgets (passed to the agent)
      TASK_ID/
        task.toml       id; kind; prompt (optional); expected_files; test_cmd (optional override)
        repo/           the project as the agent gets it: code with the bug, visible tests
        hidden/         files laid over the agent's final tree for scoring only (optional)
        solution.patch  the reference fix as a unified diff against repo/ (optional, never shown)
        overfit.patch   a plausible wrong fix (optional)

Every problem with a suite raises :class:`fixloop.errors.ConfigError` (exit code 2) with a
one-line message naming the file; nothing is run before the whole suite has loaded.
"""

from __future__ import annotations

import ast
import fnmatch
import shlex
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from fixloop.errors import ConfigError, UsageError

DEFAULT_TEST_CMD = "python -m pytest -q"
DEFAULT_PROMPT = "Make the failing tests pass."

#: Folder names inside a suite that are never tasks.
IGNORED_DIRS = frozenset({"__pycache__", ".git", ".venv", "node_modules"})


@dataclass(frozen=True)
class Task:
    """One task of a suite.

    Attributes:
        id: the task id (``task.toml`` ``id``, else the folder name); unique in the suite.
        kind: the class of bug, e.g. ``"off-by-one"`` ("" when not given).
        prompt: the task text given to the agent (the suite default when not given).
        expected_files: repository-relative POSIX paths a good fix touches (may be empty:
            then no edit counts as "outside").
        test_cmd: the test command as argv, e.g. ``["python", "-m", "pytest", "-q"]``.
        path: the task folder.
        repo_dir: ``path / "repo"``.
        hidden_dir: ``path / "hidden"``, or None when the task has no hidden files.
        solution_patch: ``path / "solution.patch"``, or None.
        overfit_patch: ``path / "overfit.patch"``, or None.
        visible_tests: test functions counted statically in ``repo/`` (see :func:`count_tests`).
        hidden_tests: test functions counted statically in ``hidden/``.
        scoring_tests: test functions in ``hidden/`` laid over ``repo/`` (a hidden file that
            replaces a visible one counts once): the least a scoring run must collect.
    """

    id: str
    kind: str
    prompt: str
    expected_files: tuple[str, ...]
    test_cmd: tuple[str, ...]
    path: Path
    repo_dir: Path
    hidden_dir: Path | None
    solution_patch: Path | None = None
    overfit_patch: Path | None = None
    visible_tests: int = 0
    hidden_tests: int = 0
    scoring_tests: int = 0


@dataclass
class Suite:
    """A loaded suite.

    Attributes:
        name: ``suite.toml`` ``name``, else the folder name.
        description: ``suite.toml`` ``description`` ("" when not given).
        path: the suite folder (resolved).
        tasks: the tasks, sorted by id.
        budgets: agent budgets from ``[defaults]`` (every key but ``test_cmd``), e.g.
            ``{"max_steps": 30}``; passed to the agent as settings.
    """

    name: str
    description: str
    path: Path
    tasks: list[Task] = field(default_factory=list)
    budgets: dict[str, Any] = field(default_factory=dict)

    def select(self, patterns: str | Sequence[str] | None) -> list[Task]:
        """The tasks whose id matches one of ``patterns`` (ids or :mod:`fnmatch` globs).

        Args:
            patterns: a comma-separated string or a sequence of patterns; None or empty
                selects every task.

        Returns:
            the matching tasks in suite order.

        Raises:
            UsageError: a pattern that matches no task (the message lists the known ids).
        """
        if not patterns:
            return list(self.tasks)
        if isinstance(patterns, str):
            patterns = [p.strip() for p in patterns.split(",")]
        patterns = [p for p in patterns if p]
        for pat in patterns:
            if not any(fnmatch.fnmatchcase(t.id, pat) for t in self.tasks):
                known = ", ".join(t.id for t in self.tasks[:20])
                raise UsageError(f"--tasks: no task matches {pat!r} (tasks: {known})")
        return [t for t in self.tasks if any(fnmatch.fnmatchcase(t.id, p) for p in patterns)]


def _read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; any error becomes one line naming the file."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _parse_test_cmd(value: Any, where: Path) -> tuple[str, ...]:
    """A ``test_cmd`` value (a shell-like string or a list of strings) as argv."""
    if isinstance(value, str):
        try:
            argv = shlex.split(value)
        except ValueError as exc:
            raise ConfigError(f"{where}: test_cmd: {exc}") from None
    elif isinstance(value, list) and all(isinstance(x, str) for x in value):
        argv = list(value)
    else:
        raise ConfigError(f"{where}: test_cmd must be a string or a list of strings")
    if not argv:
        raise ConfigError(f"{where}: test_cmd is empty")
    return tuple(argv)


def _norm_rel(rel: str) -> str:
    """A repository-relative path in POSIX form without a leading ``./``."""
    return PurePosixPath(rel.strip().replace("\\", "/")).as_posix().removeprefix("./")


def _is_test_file(name: str) -> bool:
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


def count_tests(*layers: Path | None) -> int:
    """Count test functions in the pytest test files of one or more folder layers, statically.

    Layers are laid over each other in order, as scoring lays ``hidden/`` over the agent's tree:
    a file in a later layer replaces the file with the same relative path in an earlier one.
    Counts module-level ``test*`` functions and ``test*`` methods of ``Test*`` classes in
    ``test_*.py`` / ``*_test.py`` files (pytest's default discovery rules). A function marked
    ``@pytest.mark.parametrize`` counts as the product of its parameter-list lengths when the
    lists are literals, else as one test. The result is a lower bound of what pytest collects,
    which is what the scoring check needs (collected >= visible + hidden).

    Args:
        layers: folders such as ``repo/`` then ``hidden/``; missing folders or None count 0.

    Returns:
        the number of tests (>= 0). Files that do not parse count 0.
    """
    files: dict[str, Path] = {}
    for root in layers:
        if root is None or not root.is_dir():
            continue
        for p in sorted(root.rglob("*.py")):
            rel = p.relative_to(root)
            if _is_test_file(p.name) and not any(part in IGNORED_DIRS for part in rel.parts):
                files[rel.as_posix()] = p
    return sum(_count_file(p) for _, p in sorted(files.items()))


def _count_file(p: Path) -> int:
    """Test functions in one file (see :func:`count_tests`); 0 when it does not parse."""
    try:
        tree = ast.parse(p.read_bytes())
    except (SyntaxError, ValueError):
        return 0
    total = 0
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name.startswith("test"):
                total += _param_factor(node)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and (
                    item.name.startswith("test")
                ):
                    total += _param_factor(item)
    return total


def _param_factor(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """How many tests ``@pytest.mark.parametrize`` decorators with literal lists expand to."""
    factor = 1
    for dec in fn.decorator_list:
        if not (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute)):
            continue
        if dec.func.attr != "parametrize" or len(dec.args) < 2:
            continue
        values = dec.args[1]
        if isinstance(values, ast.List | ast.Tuple):
            factor *= max(1, len(values.elts))
    return factor


def _load_task(folder: Path, defaults_cmd: tuple[str, ...]) -> Task:
    toml_path = folder / "task.toml"
    if not toml_path.is_file():
        raise ConfigError(f"{folder}: missing task.toml (every task folder needs one)")
    data = _read_toml(toml_path)
    task_id = data.get("id", folder.name)
    if not isinstance(task_id, str) or not task_id.strip():
        raise ConfigError(f"{toml_path}: id must be a non-empty string")
    kind = data.get("kind", "")
    if not isinstance(kind, str):
        raise ConfigError(f"{toml_path}: kind must be a string")
    prompt = data.get("prompt", DEFAULT_PROMPT)
    if not isinstance(prompt, str) or not prompt.strip():
        raise ConfigError(f"{toml_path}: prompt must be a non-empty string")
    expected = data.get("expected_files", [])
    if not isinstance(expected, list) or not all(isinstance(x, str) for x in expected):
        raise ConfigError(f"{toml_path}: expected_files must be a list of strings")
    test_cmd = _parse_test_cmd(data["test_cmd"], toml_path) if "test_cmd" in data else defaults_cmd
    repo = folder / "repo"
    if not repo.is_dir():
        raise ConfigError(f"{folder}: missing repo/ (the project as the agent gets it)")
    hidden = folder / "hidden"
    sol = folder / "solution.patch"
    over = folder / "overfit.patch"
    return Task(
        id=task_id.strip(),
        kind=kind,
        prompt=prompt,
        expected_files=tuple(_norm_rel(x) for x in expected),
        test_cmd=test_cmd,
        path=folder,
        repo_dir=repo,
        hidden_dir=hidden if hidden.is_dir() else None,
        solution_patch=sol if sol.is_file() else None,
        overfit_patch=over if over.is_file() else None,
        visible_tests=count_tests(repo),
        hidden_tests=count_tests(hidden),
        scoring_tests=count_tests(repo, hidden),
    )


def load_suite(path: Path | str) -> Suite:
    """Load the suite in folder ``path``.

    Every non-hidden subfolder is a task and must hold a ``task.toml`` and a ``repo/``.

    Args:
        path: the suite folder.

    Returns:
        the :class:`Suite`, tasks sorted by id.

    Raises:
        ConfigError: the folder or ``suite.toml`` is missing, a TOML file does not parse, a
            task folder lacks ``task.toml`` or ``repo/``, a field has the wrong type, two tasks
            share an id, or the suite has no task. The message is one line naming the file.
    """
    root = Path(path).expanduser()
    if not root.is_dir():
        raise ConfigError(f"{root}: suite folder not found")
    root = root.resolve()
    suite_toml = root / "suite.toml"
    if not suite_toml.is_file():
        raise ConfigError(f"{root}: missing suite.toml (not a task suite)")
    data = _read_toml(suite_toml)
    name = data.get("name", root.name)
    description = data.get("description", "")
    if not isinstance(name, str) or not isinstance(description, str):
        raise ConfigError(f"{suite_toml}: name and description must be strings")
    defaults = data.get("defaults", {})
    if not isinstance(defaults, dict):
        raise ConfigError(f"{suite_toml}: [defaults] must be a table")
    defaults_cmd = _parse_test_cmd(defaults.get("test_cmd", DEFAULT_TEST_CMD), suite_toml)
    budgets = {k: v for k, v in defaults.items() if k != "test_cmd"}
    suite = Suite(name=name, description=description, path=root, budgets=budgets)
    seen: dict[str, Path] = {}
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        if folder.name.startswith(".") or folder.name in IGNORED_DIRS:
            continue
        task = _load_task(folder, defaults_cmd)
        if task.id in seen:
            raise ConfigError(
                f"{folder / 'task.toml'}: duplicate task id {task.id!r} (also {seen[task.id]})"
            )
        seen[task.id] = folder
        suite.tasks.append(task)
    if not suite.tasks:
        raise ConfigError(f"{root}: the suite has no task folders")
    suite.tasks.sort(key=lambda t: t.id)
    return suite
