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

``suite.toml`` and every ``task.toml`` are validated by pydantic models (:class:`SuiteToml`,
:class:`TaskToml`) that reject unknown keys: a typo such as ``expected_file`` would otherwise turn a
metric off without a word. ``[defaults]`` holds ``test_cmd`` and flat budget keys, each a field of
one section of :class:`fixloop.config.Settings` (``max_steps``, ``max_cost_usd``,
``test_timeout_s``...), checked with that field's type and bounds.

Every problem with a suite raises :class:`fixloop.errors.ConfigError` (exit code 2) with a
one-line message naming the file, the key and, for an unknown key, the nearest valid one
(:func:`difflib.get_close_matches`), e.g. ``task.toml: unknown key 'expected_file' (did you mean
'expected_files'?)``. Nothing is run before the whole suite has loaded.
"""

from __future__ import annotations

import ast
import copy
import difflib
import fnmatch
import functools
import shlex
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, field_validator

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


def _split_test_cmd(value: Any) -> Any:
    """A ``test_cmd`` value as argv: a string is split like a shell would; a list is kept."""
    if isinstance(value, str):
        try:
            value = shlex.split(value)
        except ValueError as exc:
            raise ValueError(f"cannot split the command: {exc}") from None
    if not isinstance(value, list):
        raise ValueError("must be a string or a list of strings")
    if not value:
        raise ValueError("the test command is empty")
    return value


class _TomlModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class TaskToml(_TomlModel):
    """The keys of a ``task.toml``; any other key is an error.

    Attributes:
        id: the task id (None: the folder name); non-empty, surrounding blanks dropped.
        kind: the class of bug, e.g. ``"off-by-one"``.
        prompt: the task text for the agent; non-empty.
        expected_files: repository-relative paths a good fix touches.
        test_cmd: the task's test command as argv (a string is split like a shell would), or
            None for the suite's.
    """

    id: str | None = None
    kind: str = ""
    prompt: str = DEFAULT_PROMPT
    expected_files: list[str] = Field(default_factory=list)
    test_cmd: list[str] | None = None

    @field_validator("id", "prompt")
    @classmethod
    def _not_blank(cls, v: str | None) -> str | None:
        if v is not None and not v.strip():
            raise ValueError("must be a non-empty string")
        return v

    _split = field_validator("test_cmd", mode="before")(_split_test_cmd)


def _settings_sections() -> dict[str, type[BaseModel]]:
    """The sections of :class:`fixloop.config.Settings` (name -> model), e.g. ``budgets``."""
    from fixloop.config import Settings

    out: dict[str, type[BaseModel]] = {}
    for name, info in Settings.model_fields.items():
        ann = info.annotation
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            out[name] = ann
    return out


@functools.cache
def _budget_fields() -> dict[str, tuple[str, Any]]:
    """Flat budget key -> (settings section, its pydantic FieldInfo); unique names only."""
    from fixloop.config import Settings

    seen: dict[str, list[tuple[str, Any]]] = {}
    for section, model in _settings_sections().items():
        for name, info in model.model_fields.items():
            seen.setdefault(name, []).append((section, info))
    return {
        name: found[0]
        for name, found in seen.items()
        if len(found) == 1 and name not in Settings.model_fields
    }


def settings_section(key: str) -> str | None:
    """The settings section (``budgets``, ``timeouts``, ``caps``, ``limits``) holding ``key``.

    Args:
        key: a flat key such as ``max_steps``.

    Returns:
        the section name, or None when no single section has a field of that name.
    """
    found = _budget_fields().get(key)
    return found[0] if found else None


@functools.cache
def _defaults_model() -> type[BaseModel]:
    """The model of ``[defaults]``: ``test_cmd`` plus every flat budget key with its bounds."""
    fields: dict[str, Any] = {
        name: (info.annotation, copy.deepcopy(info))
        for name, (_section, info) in _budget_fields().items()
    }
    model = create_model(  # type: ignore[call-overload]
        "SuiteDefaults",
        __base__=_TomlModel,
        __validators__={
            "_split": field_validator("test_cmd", mode="before")(_split_test_cmd),
        },
        test_cmd=(list[str], Field(default_factory=lambda: shlex.split(DEFAULT_TEST_CMD))),
        **fields,
    )
    return model


class SuiteToml(_TomlModel):
    """The keys of a ``suite.toml``; any other key is an error.

    Attributes:
        name: the suite's name (None: the folder name).
        description: one paragraph about the suite.
        defaults: the ``[defaults]`` table as a plain dict (validated by
            :func:`_defaults_model`: ``test_cmd`` and flat budget keys).
    """

    name: str | None = None
    description: str = ""
    defaults: dict[str, Any] = Field(default_factory=dict)


def _error_line(path: Path, exc: ValidationError, model: type[BaseModel], prefix: str = "") -> str:
    """One line for the first errors of ``exc``: the file, the key, the nearest valid key."""
    parts: list[str] = []
    errors = exc.errors()
    for err in errors[:3]:
        loc = [str(x) for x in err.get("loc", ())]
        key = prefix + ".".join(loc)
        if err.get("type") == "extra_forbidden":
            close = difflib.get_close_matches(loc[-1] if loc else "", list(model.model_fields), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            if not hint and prefix and loc and loc[-1] in _settings_sections():
                hint = (
                    f" (put its keys straight into [defaults], e.g. {next(iter(_budget_fields()))})"
                )
            parts.append(f"unknown key {key!r}{hint}")
        else:
            msg = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
            parts.append(f"key {key!r}: {msg}")
    more = f" (+{len(errors) - 3} more)" if len(errors) > 3 else ""
    return f"{path}: " + "; ".join(parts) + more


def _validate(path: Path, model: type[BaseModel], data: Any, prefix: str = "") -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(_error_line(path, exc, model, prefix)) from None


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
    spec: TaskToml = _validate(toml_path, TaskToml, _read_toml(toml_path))
    test_cmd = tuple(spec.test_cmd) if spec.test_cmd is not None else defaults_cmd
    repo = folder / "repo"
    if not repo.is_dir():
        raise ConfigError(f"{folder}: missing repo/ (the project as the agent gets it)")
    hidden = folder / "hidden"
    sol = folder / "solution.patch"
    over = folder / "overfit.patch"
    return Task(
        id=(spec.id if spec.id is not None else folder.name).strip(),
        kind=spec.kind,
        prompt=spec.prompt,
        expected_files=tuple(_norm_rel(x) for x in spec.expected_files),
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
            task folder lacks ``task.toml`` or ``repo/``, a key is unknown (the nearest valid
            one is suggested), a value has the wrong type or is out of bounds, two tasks share
            an id, or the suite has no task. The message is one line naming the file and key.
    """
    root = Path(path).expanduser()
    if not root.is_dir():
        raise ConfigError(f"{root}: suite folder not found")
    root = root.resolve()
    suite_toml = root / "suite.toml"
    if not suite_toml.is_file():
        raise ConfigError(f"{root}: missing suite.toml (not a task suite)")
    spec: SuiteToml = _validate(suite_toml, SuiteToml, _read_toml(suite_toml))
    defaults = _validate(suite_toml, _defaults_model(), spec.defaults, prefix="defaults.")
    defaults_cmd = tuple(defaults.test_cmd)
    budgets = defaults.model_dump(exclude_unset=True, exclude={"test_cmd"})
    name = spec.name if spec.name is not None else root.name
    suite = Suite(name=name, description=spec.description, path=root, budgets=budgets)
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
