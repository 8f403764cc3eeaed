"""The test command and the project's interpreter, as data (no test runs here).

Split from :mod:`fixloop.testrun.runner` (issue 10): :func:`discover_python` / :func:`find_python`
find the project's interpreter in one documented order, :func:`parse_test_cmd` and
:func:`pytest_args` read the test command, :func:`git_entries` names the ``.git`` entries a
writable run keeps read-only. :mod:`fixloop.testrun.runner` re-exports every name.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from fixloop.errors import ConfigError
from fixloop.testrun.unittestcmd import UnittestCommand, is_unittest, unittest_to_pytest

#: The default test command; ``python`` means the project interpreter.
DEFAULT_TEST_CMD: tuple[str, ...] = ("python", "-m", "pytest")

_PYTHON_WORDS = ("python", "python3")


# --------------------------------------------------------------------------------------------
# Interpreter and command
# --------------------------------------------------------------------------------------------


#: The folders, in order, searched for a project virtualenv inside a checkout.
VENV_DIRS = (".venv", "venv")


def discover_python(
    root: Path,
    configured: str | None = None,
    *,
    checkouts: Sequence[Path] = (),
    env: Mapping[str, str] | None = None,
) -> tuple[str, str]:
    """The project's interpreter and where it came from, in the one documented order.

    1. ``configured`` (``--python`` or ``python =`` in a config): always wins. A relative path
       is taken from the first checkout folder where it exists (else from the current folder).
    2. ``.venv/bin/python``, then ``venv/bin/python`` in each folder of ``checkouts`` (the
       folder the user named, then its repository top: where the user keeps the virtualenv,
       which a fresh worktree does not have), then in ``root``.
    3. ``$VIRTUAL_ENV/bin/python`` (an activated virtualenv).
    4. fixloop's own interpreter (``sys.executable``).

    The path is made absolute but symlinks are kept (a venv's python must be called through
    the venv). The interpreter is never run here.

    Args:
        root: the run's tree (the worktree), searched after ``checkouts``.
        configured: an interpreter path or a bare name looked up on PATH, or None.
        checkouts: the user's folders, searched first.
        env: the environment for ``VIRTUAL_ENV`` (default ``os.environ``).

    Returns:
        ``(path, origin)``: the interpreter and a few words saying how it was found.

    Raises:
        ConfigError: ``configured`` names an interpreter that does not exist.
    """
    env = os.environ if env is None else env
    folders = list(dict.fromkeys(Path(os.path.abspath(c)) for c in (*checkouts, root)))
    if configured:
        if "/" in configured:
            p = Path(configured).expanduser()
            if not p.is_absolute():
                p = next((f / p for f in folders if (f / p).exists()), p)
            if not p.exists():
                raise ConfigError(f"configured python {configured!r} does not exist")
            return os.path.abspath(p), "configured"
        found = shutil.which(configured)
        if not found:
            raise ConfigError(f"configured python {configured!r} is not on PATH")
        return found, "configured"
    for folder in folders:
        for name in VENV_DIRS:
            venv = folder / name / "bin" / "python"
            if venv.exists():
                return os.path.abspath(venv), f"{name}/ in {folder}"
    active = env.get("VIRTUAL_ENV")
    if active and (Path(active) / "bin" / "python").exists():
        return os.path.abspath(Path(active) / "bin" / "python"), "$VIRTUAL_ENV"
    return sys.executable, "fixloop's own interpreter"


def find_python(
    root: Path, configured: str | None = None, *, checkouts: Sequence[Path] = ()
) -> str:
    """The project's interpreter (:func:`discover_python` without the origin).

    Raises:
        ConfigError: ``configured`` names an interpreter that does not exist.
    """
    return discover_python(root, configured, checkouts=checkouts)[0]


def git_entries(root: Path) -> list[Path]:
    """The ``.git`` entries of a tree: its own and those of the submodules ``.gitmodules`` names.

    Returns:
        Existing paths (files or folders), the tree's own first.
    """
    out = [root / ".git"]
    try:
        text = (root / ".gitmodules").read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    for m in re.finditer(r"^\s*path\s*=\s*(.+?)\s*$", text, re.M):
        rel = m.group(1).strip()
        if rel and not rel.startswith("/") and ".." not in rel.split("/"):
            out.append(root / rel / ".git")
    return [p for p in out if os.path.lexists(p)]


def parse_test_cmd(cmd: str | Sequence[str] | None) -> list[str]:
    """The test command as argv: a list as given, a string split with :func:`shlex.split`.

    Raises:
        ConfigError: an empty command.
    """
    if cmd is None:
        return list(DEFAULT_TEST_CMD)
    argv = shlex.split(cmd) if isinstance(cmd, str) else [str(a) for a in cmd]
    if not argv:
        raise ConfigError("the test command is empty")
    return argv


#: Interpreter options a test command may put before ``-m pytest`` (kept on the run's
#: interpreter): flags, and the two that take a value (``-W error``, ``-Werror``, ``-X dev``).
_INTERPRETER_FLAGS = frozenset({"-b", "-bb", "-B", "-d", "-E", "-O", "-OO", "-q", "-s", "-u", "-v"})
_INTERPRETER_VALUED = ("-W", "-X")


def interpreter_options(argv: Sequence[str]) -> tuple[list[str], list[str]] | None:
    """``(options, rest)`` of a ``python [options] -m MODULE ...`` command, else None.

    ``python -W error -m pytest -q`` gives ``(["-W", "error"], ["-m", "pytest", "-q"])``. Only
    the options in :data:`_INTERPRETER_FLAGS` and ``-W``/``-X`` with their value are read; any
    other (``-c``, ``-I``, a script) makes the command not one of these (None), as before.
    """
    if not argv or not os.path.basename(argv[0]).startswith("python"):
        return None
    opts: list[str] = []
    i = 1
    while i < len(argv) and argv[i] != "-m":
        a = argv[i]
        if a in _INTERPRETER_FLAGS:
            opts.append(a)
        elif a in _INTERPRETER_VALUED and i + 1 < len(argv):
            opts += [a, argv[i + 1]]
            i += 1
        elif a[:2] in _INTERPRETER_VALUED and len(a) > 2:
            opts.append(a)
        else:
            return None
        i += 1
    if i + 1 >= len(argv):
        return None
    return opts, list(argv[i:])


def module_command(argv: Sequence[str]) -> list[str]:
    """``argv`` without the interpreter options before ``-m`` (:func:`interpreter_options`)."""
    split = interpreter_options(argv)
    return [argv[0], *split[1]] if split is not None else list(argv)


def _pytest_parts(argv: Sequence[str]) -> tuple[list[str], list[str]] | None:
    """``(options, paths)`` of pytest when ``argv`` runs pytest, else None.

    A ``python -m unittest ...`` command runs through pytest's unittest support
    (:func:`fixloop.testrun.unittestcmd.unittest_to_pytest`): its start folder or named tests are
    the paths, used when no target of the caller's replaces them. A pytest command keeps all its
    arguments as options (paths included, as before).

    Interpreter options before ``-m`` (``python -W error -m pytest``) are left out here; the
    runner keeps them on its interpreter (:func:`interpreter_options`).

    Raises:
        UnittestCommand: a unittest option with no pytest spelling.
    """
    argv = module_command(argv)
    if is_unittest(argv):
        return unittest_to_pytest(argv[3:])
    base = os.path.basename(argv[0])
    if base in ("pytest", "py.test"):
        return list(argv[1:]), []
    if base.startswith("python") and len(argv) >= 3 and argv[1] == "-m" and argv[2] == "pytest":
        return list(argv[3:]), []
    return None


def _pytest_extra(argv: Sequence[str]) -> list[str] | None:
    """Arguments after ``pytest`` when ``argv`` runs pytest (or unittest through it), else None."""
    try:
        parts = _pytest_parts(argv)
    except UnittestCommand:
        return None
    return None if parts is None else parts[0] + parts[1]


def pytest_args(cmd: str | Sequence[str] | None) -> list[str]:
    """The arguments the test command ``cmd`` passes to pytest ([] when it does not run pytest).

    Raises:
        ConfigError: an empty command.
    """
    return _pytest_extra(parse_test_cmd(cmd)) or []
