"""Shared fixtures for fixloop's own tests.

- ``case`` / ``cases_of``: the project's own fixture cases under ``tests/cases/<kind>/<variant>/``
  (see ``tests/cases/README.md``); ``Case.copy`` builds a writable git repository from one.
- ``make_repo``: write files into a fresh git repository with one commit.
- every test gets a ``FIXLOOP_HOME`` under pytest's base temporary folder, never the user's
  ``~/.fixloop`` (``_no_user_fixloop_home``, autouse).
- ``private_home``: a private ``FIXLOOP_HOME`` and user config for one test (a module opts in
  with ``pytestmark = pytest.mark.usefixtures("private_home")``).
- ``calc``: a git repository copied from ``examples/calc`` (one failing test).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
CASES = Path(__file__).resolve().parent / "cases"

# the fixture repositories under cases/ and attacks/ hold tests of their own (some failing, some
# that do not even parse): they run only inside their temporary copies, never as part of this
# suite. attacks/ is listed here rather than in a conftest.py of its own: a second conftest.py
# outside a package takes over the module name "conftest" and breaks `from conftest import`.
# Every attack base repository (attacks/_base, _base_cli, _base_cheat_seq, ...) is a fixture, not a
# test module of ours: its own tests import the fixture's package and fail at collection here.
collect_ignore_glob = ["attacks/_base*"]
collect_ignore = [
    "cases",
    "attacks/variants",
    "attacks/load.py",
]


def pytest_configure(config: pytest.Config) -> None:
    """Let the subprocesses the tests start receive Ctrl-C, however pytest was started.

    A command started in the background by a non-interactive shell (``cmd &`` in a script, as
    a CI job may run ``.ci/run``) inherits SIGINT ignored (POSIX), and an ignored signal stays
    ignored across ``exec``: every ``fixloop fix`` the tests start would then ignore the SIGINT
    that the Ctrl-C tests send it, and Python installs no ``KeyboardInterrupt`` handler in a
    process that starts with SIGINT ignored. A caught signal is reset to the default on
    ``exec``, so putting Python's own handler back here (in the main process and in each xdist
    worker, which load this file too) gives every child the default disposition again.
    """
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


GIT_ENV = {
    "GIT_AUTHOR_NAME": "test",
    "GIT_AUTHOR_EMAIL": "test@example.invalid",
    "GIT_COMMITTER_NAME": "test",
    "GIT_COMMITTER_EMAIL": "test@example.invalid",
}


def git(cwd: Path, *args: str) -> str:
    """Run git in ``cwd`` with a fixed identity; return stdout. Raises CalledProcessError."""
    env = {**os.environ, **GIT_ENV}
    return subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    ).stdout


def init_repo(path: Path, *, commit: bool = True) -> Path:
    """Make ``path`` a git repository (branch ``main``) and commit everything in it."""
    git(path, "init", "-q", "-b", "main")
    if commit:
        git(path, "add", "-A")
        git(path, "commit", "-q", "-m", "initial")
    return path


@pytest.fixture(autouse=True)
def _no_user_fixloop_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test writes the user's own ``~/.fixloop``: every test's default ``FIXLOOP_HOME`` is one
    folder of this session's base temporary folder (one per xdist worker, shared by its tests, so
    caches kept there still help). A test or fixture that sets its own (``private_home``, a
    ``monkeypatch.setenv``, a subprocess's ``env``) still wins. Without it, tests that ran
    ``CodingAgent`` with no home of their own (tests/test_approve_deps.py) left their runs in the
    user's ``fixloop runs`` listing, under the repository paths of pytest's temporary folders.
    """
    monkeypatch.setenv("FIXLOOP_HOME", str(tmp_path_factory.getbasetemp() / "fixloop-home"))


@pytest.fixture
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs and caches go to ``tmp_path/home``; no user config is read (``tmp_path/xdg``)."""
    monkeypatch.setenv("FIXLOOP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("FIXLOOP_CONFIG", raising=False)


@pytest.fixture
def calc(tmp_path: Path) -> Path:
    """``examples/calc`` copied to ``tmp_path/calc`` as a git repository with one commit."""
    dest = tmp_path / "calc"
    shutil.copytree(ROOT / "examples" / "calc", dest, ignore=shutil.ignore_patterns("__pycache__"))
    return init_repo(dest)


@dataclass(frozen=True)
class Case:
    """One fixture case: ``tests/cases/<kind>/<variant>/`` with ``repo/``, ``script.json``,
    ``case.json`` and an optional ``build.py``.

    Attributes:
        kind: the kind of fault (``crlf-edit``, ``test-tamper``, ...), the folder's parent.
        variant: the variant's folder name.
        path: the case folder.
    """

    kind: str
    variant: str
    path: Path

    @property
    def id(self) -> str:
        """``kind/variant``, the pytest parameter id."""
        return f"{self.kind}/{self.variant}"

    @property
    def script(self) -> Path:
        """The scripted model's replies (``--model script:<path>``)."""
        return self.path / "script.json"

    @property
    def meta(self) -> dict[str, Any]:
        """``case.json``: what the case expects (exit code, status and kind-specific facts)."""
        return json.loads((self.path / "case.json").read_text(encoding="utf-8"))

    def calls(self) -> list[tuple[str, Any]]:
        """The (tool name, input) of every tool_use in the script, in order."""
        replies = json.loads(self.script.read_text(encoding="utf-8"))
        return [
            (b["name"], b["input"])
            for r in replies
            for b in r.get("content", [])
            if b.get("type") == "tool_use"
        ]

    def copy(self, dest: Path, *, git_init: bool = True, commit: bool = True) -> Path:
        """Copy ``repo/`` to ``dest``, run ``build.py``'s ``build(dest)`` if there is one, and
        (by default) make it a git repository on ``main`` with everything committed.

        Args:
            dest: a path that does not exist yet; its parent must be writable (``build.py`` of
                the path-escape cases writes beside it).
            git_init: False leaves a plain folder (the "not a repository" state).
            commit: False runs ``git init`` without a commit (the "no commit yet" state).

        Returns:
            ``dest``.
        """
        shutil.copytree(self.path / "repo", dest, symlinks=True)
        builder = self.path / "build.py"
        if builder.is_file():
            spec = importlib.util.spec_from_file_location(f"case_build_{id(self)}", builder)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            module.build(dest)
        if git_init:
            init_repo(dest, commit=commit)
        return dest


def case(kind: str, variant: str) -> Case:
    """The case ``tests/cases/<kind>/<variant>``. Raises FileNotFoundError if it is missing."""
    path = CASES / kind / variant
    if not (path / "repo").is_dir():
        raise FileNotFoundError(f"no fixture case {kind}/{variant} under {CASES}")
    return Case(kind, variant, path)


def cases_of(kind: str) -> list[Case]:
    """Every variant of ``kind``, sorted by name. Raises FileNotFoundError if there is none."""
    found = [case(kind, p.parent.name) for p in sorted((CASES / kind).glob("*/repo"))]
    if not found:
        raise FileNotFoundError(f"no fixture cases of kind {kind!r} under {CASES}")
    return found


def all_cases() -> list[Case]:
    """Every case of every kind, sorted by kind then variant."""
    return [case(p.parent.parent.name, p.parent.name) for p in sorted(CASES.glob("*/*/repo"))]


@pytest.fixture
def make_repo(tmp_path: Path) -> Callable[..., Path]:
    """Factory: ``make_repo({"a.py": "...", ...}, name="repo", src=None)`` -> a committed git repo.

    ``src`` copies a folder first (for example a case's ``repo/``); ``files`` are written after
    (str as UTF-8 text with bytes kept as given, bytes as they are).
    """

    def _make(
        files: Mapping[str, str | bytes] | None = None,
        *,
        name: str = "repo",
        src: Path | None = None,
        commit: bool = True,
    ) -> Path:
        root = tmp_path / name
        if src is not None:
            shutil.copytree(src, root, symlinks=True)
        else:
            root.mkdir(parents=True)
        for rel, content in (files or {}).items():
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                p.write_bytes(content)
            else:
                p.write_bytes(content.encode("utf-8"))
        return init_repo(root, commit=commit)

    return _make
