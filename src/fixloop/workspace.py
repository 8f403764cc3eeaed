"""The workspace: what the model may see and change, and byte-faithful access to it.

Path policy (every tool call goes through :meth:`Workspace.resolve`):

- A path is workspace-relative POSIX text. Absolute paths, ``~`` paths, NUL bytes and control
  characters are refused (``invalid`` / ``outside``). ``.``, ``..`` and duplicate slashes are
  normalized lexically first; a path that climbs out of the root is refused (``outside``).
- The normalized path is then resolved with the operating system (symlinks anywhere in the path,
  the final component, dangling links); a real path outside the root is refused (``outside``), a
  dangling link, a special file (fifo, socket, device) or a file with several hard links (it
  may be shared with a file outside) is refused (``not_regular``).
- Blocked paths (:data:`DEFAULT_BLOCKED`, configurable) are refused for reading and writing and
  left out of listings and searches; the check is made on both the spelled and the real path.
- Writes are checked against the workspace's :class:`EditPolicy`, on both the spelled and the
  real path (a symlink cannot smuggle a write into tests/): test infrastructure as pytest uses
  it is refused (``protected``), a new top-level module named like something the interpreter
  provides (``shadows``), and a file that is not Python source unless the user allowed it
  (``not_source``).

Name matching for blocked and protected names is case-insensitive (``Tests/``, ``CONFTEST.PY``):
on case-insensitive file systems those spell the same file, and refusing an odd spelling on a
case-sensitive one costs nothing.

This module imports only the standard library at import time (git is reached through
:mod:`fixloop.git` inside the listing methods): the repair engine's sandboxed server, which
cannot import fixloop, loads a copy of it for :func:`is_test_file`.
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
import re
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

#: Names (fnmatch globs, matched case-insensitively against every path component) that the model
#: may neither read nor write, and that listings and searches leave out: version-control data,
#: virtualenvs and caches, dependency trees, and secret-looking files.
DEFAULT_BLOCKED: tuple[str, ...] = (
    ".git",
    ".hg",
    ".svn",
    ".venv",
    "venv",
    ".tox",
    ".nox",
    "node_modules",
    "__pycache__",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    "*.egg-info",
    ".env*",
    "*.pem",
    "*.key",
    "*.p12",
    "*.pfx",
    "*.keystore",
    "id_rsa*",
    "id_dsa*",
    "id_ecdsa*",
    "id_ed25519*",
    ".ssh",
    ".gnupg",
    ".aws",
    ".netrc",
    ".pypirc",
    ".npmrc",
    ".git-credentials",
    ".dockercfg",
    "credentials.json",
)

#: Test configuration files pytest reads by itself, and fixloop's own repository config (which
#: names the test command the gate runs), protected at any depth.
TEST_CONFIG_FILES: frozenset[str] = frozenset(
    {
        "fixloop.toml",
        "conftest.py",
        "pytest.ini",
        ".pytest.ini",
        "pytest.toml",
        ".pytest.toml",
        "tox.ini",
        "setup.cfg",
        "pyproject.toml",
    }
)

#: Folder names whose whole tree is test code, at any depth (``testing/`` is pytest's own
#: layout, and where projects keep their test helpers).
TEST_DIRS: frozenset[str] = frozenset({"tests", "test", "testing"})

#: Modules Python loads by itself at start-up (protected at any depth).
STARTUP_MODULES: frozenset[str] = frozenset({"sitecustomize", "usercustomize"})

#: The test runner and the packages it imports before any test code: a top-level module or
#: package of one of these names would stand in for them.
RUNNER_MODULES: frozenset[str] = frozenset(
    {"pytest", "_pytest", "py", "pluggy", "iniconfig", "packaging", "exceptiongroup", "tomli"}
)

#: Runner names protected at any depth (a folder put on ``sys.path`` by pytest's rootdir
#: insertion could hold them; no project names its own modules so).
RUNNER_ANY_DEPTH: frozenset[str] = frozenset({"pytest", "_pytest"})

#: Folder suffixes of packaging metadata (matched casefolded): what pytest reads entry points from.
_METADATA_DIRS = (".dist-info", ".egg-info", ".egg")

#: File suffixes that make a module importable.
_MODULE_SUFFIXES = (".py", ".pyc", ".pyw", ".so", ".pyd")

_SHADOWABLE = frozenset(n.casefold() for n in sys.stdlib_module_names)
_SHADOWABLE = _SHADOWABLE | frozenset(n.casefold() for n in RUNNER_MODULES)


class PathRefused(Exception):
    """A path the model may not use.

    Attributes:
        kind: why: ``"outside"`` (leaves the workspace, absolute, ``~``), ``"blocked"`` (a
            blocked name), ``"protected"`` (a write to test infrastructure), ``"not_regular"``
            (dangling link, special file, or a directory where a file is needed),
            ``"invalid"`` (empty, NUL or control characters) or ``"missing"`` (does not exist).
        path: the path as given.
    """

    def __init__(self, kind: str, message: str, path: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path


def _norm(relpath: str) -> str:
    """Lexically normalized POSIX relative path ("" for the root); may start with "..".

    Uses ``posixpath.normpath`` semantics: ``.``, ``..`` and duplicate slashes are folded.
    """
    p = posixpath.normpath(relpath) if relpath else "."
    return "" if p == "." else p


def _parts(relpath: str) -> list[str]:
    """The casefolded components of a normalized relative path."""
    n = _norm(relpath)
    return [c.casefold() for c in n.split("/") if c and c != "."] if n else []


def _module_name(component: str) -> str | None:
    """The importable module name a file name gives (``json.py`` -> ``json``), else None."""
    for suf in _MODULE_SUFFIXES:
        if component.endswith(suf):
            # extension modules: json.cpython-311-x86_64-linux-gnu.so -> json
            return component[: -len(suf)].split(".")[0]
    return None


def is_autoload(relpath: str) -> bool:
    """True when Python or pytest would load ``relpath`` by itself, without a test importing it.

    That is: ``sitecustomize.py`` / ``usercustomize.py`` and any ``*.pth`` file at any depth;
    anything inside packaging metadata (a component ending ``.dist-info``, ``.egg-info`` or
    ``.egg``, in any case: ``Calc_Helpers.DIST-INFO``), whose entry points pytest loads; the
    root's ``__init__.py`` (it makes the root a package, which pytest imports as the parent of
    a ``tests/`` package); a module or package named ``pytest`` or ``_pytest`` at any depth;
    and a top-level module or
    package (at the root or under ``src/``, the folders on ``sys.path`` in a test run) named
    like a standard-library module (``sys.stdlib_module_names``, e.g. ``json.py``,
    ``logging/``), like the runner or a package it imports (:data:`RUNNER_MODULES`, e.g.
    ``pluggy.py``), or ``pytest_*`` (a plugin). ``relpath`` is a
    workspace-relative POSIX path in any spelling; matching is case-insensitive.
    """
    parts = _parts(relpath)
    if not parts or parts[0] == "..":
        return False
    name = parts[-1]
    if name.endswith(".pth") or parts == ["__init__.py"]:
        return True
    if any(p.endswith(_METADATA_DIRS) for p in parts[:-1]):
        return True
    mod = _module_name(name)
    if mod in STARTUP_MODULES:
        return True
    # Every component that is a package folder, plus the final module.
    names = parts[:-1] + ([mod] if mod else [])
    if any(n in RUNNER_ANY_DEPTH for n in names):
        return True
    top = parts[1:] if parts[0] == "src" and len(parts) > 1 else parts
    if len(top) > 1:
        first: str | None = top[0]  # a package folder
    else:
        first = _module_name(top[0])
    if first is None:
        return False
    return first in _SHADOWABLE or first.startswith("pytest_")


def is_test_file(relpath: str) -> bool:
    """True when ``relpath`` is test code: the one rule of what a test file is.

    Test code is anything inside a ``tests/``, ``test/`` or ``testing/`` folder at any depth
    (:data:`TEST_DIRS`), ``test_*.py`` and ``*_test.py`` files (pytest's default
    ``python_files``; ``.pyw`` too) and ``conftest.py`` at any depth. The tools and the gate
    protect it (:func:`is_protected` adds test configuration and auto-loaded files); the repair
    engine never repairs it and reads a failing test's own line from it.

    Args:
        relpath: a POSIX path relative to the project root, in any spelling (``./a//b``; a
            leading ``/`` is read as the root); matching is case-insensitive.

    Returns:
        True for test code; False for other files and for paths that climb out of the root.
    """
    parts = _parts(relpath)
    if not parts or parts[0] == "..":
        return False
    if any(p in TEST_DIRS for p in parts):
        return True
    name = parts[-1]
    if name == "conftest.py":
        return True
    return name.endswith((".py", ".pyw")) and (
        name.startswith("test_") or name[: name.rfind(".")].endswith("_test")
    )


def is_protected(relpath: str) -> bool:
    """True when ``relpath`` is test infrastructure the model's tools may not create or change.

    Protected: test code (:func:`is_test_file`: ``tests/``, ``test/`` and ``testing/`` trees,
    ``test_*.py``, ``*_test.py``, ``conftest.py``), pytest's configuration files
    (:data:`TEST_CONFIG_FILES`: ``pytest.ini``, ``tox.ini``, ``setup.cfg``, ``pyproject.toml``
    ...) at any depth, and everything :func:`is_autoload` reports. ``relpath`` is a
    workspace-relative POSIX path in any spelling (``./tests/../tests/x``, ``a//b``); matching
    is case-insensitive. Paths that climb out of the root return False (they are refused as
    outside anyway).
    """
    parts = _parts(relpath)
    if not parts or parts[0] == "..":
        return False
    if is_test_file(relpath) or parts[-1] in TEST_CONFIG_FILES:
        return True
    return is_autoload(relpath)


#: Suffixes of the files that count as Python source of the project (rule "source only").
SOURCE_SUFFIXES: tuple[str, ...] = (".py", ".pyi", ".pyw")

#: Packaging metadata (fnmatch globs, any path component): never source, whatever the suffix.
PACKAGING_GLOBS: tuple[str, ...] = ("*.dist-info", "*.egg-info", "*.egg-link", "entry_points.txt")

_PACKAGING_RX = re.compile("|".join(f"(?:{fnmatch.translate(g)})" for g in PACKAGING_GLOBS))


def is_source(relpath: str) -> bool:
    """True when ``relpath`` is Python source of the project (rule "source only").

    Source is a ``.py``/``.pyi``/``.pyw`` file outside packaging metadata (``*.dist-info``,
    ``*.egg-info``, ``*.egg-link``); data (json, yaml, csv, txt...), ``.gitignore``,
    ``.gitattributes``, config files and every other file are not. Case-insensitive.
    """
    parts = _parts(relpath)
    if not parts or parts[0] == "..":
        return False
    if any(_PACKAGING_RX.match(p) for p in parts):
        return False
    return parts[-1].endswith(SOURCE_SUFFIXES)


def _glob_match(pattern: str, rel: str) -> bool:
    """Pytest's ``fnmatch_ex``: a pattern without ``/`` matches the file name, else the path."""
    pattern = pattern.casefold()
    if "/" not in pattern:
        return fnmatch.fnmatchcase(rel.rsplit("/", 1)[-1], pattern)
    return fnmatch.fnmatchcase(rel, pattern) or fnmatch.fnmatchcase(rel, "*/" + pattern)


def _under(rel: str, folder: str) -> bool:
    return folder == "" or rel == folder or rel.startswith(folder + "/")


class EditPolicy:
    """What the model's writes may touch, beyond the path policy (DESIGN.md rule 8).

    Three rules, each named in its refusal:

    - ``tests are read-only`` (kind ``protected``): test infrastructure is what pytest uses:
      fixloop's default rule (:func:`is_protected`), files matched by the project's
      ``python_files`` (inside ``testpaths`` when set) and ``--doctest-glob`` patterns, every
      file under ``testpaths``, and what the baseline recorded (``recorded``: the modules pytest
      collected tests from, the data files the tests opened).
    - ``no shadowing`` (kind ``shadows``): a new top-level module or package, at any
      ``sys.path`` root of the run (``path_roots``), named like something the interpreter
      already provides (``shadow_names``: standard library and top-level names of installed
      distributions). Existing top-level names of the project stay editable.
    - ``source only`` (kind ``not_source``): a file that is not Python source (:func:`is_source`)
      unless it matches one of the user's ``allow_edit`` globs.

    Doctest examples are checked on content (:meth:`doctest_module` says where; the tools and the
    gate compare the examples before and after).

    Args:
        allow_edit: the user's fnmatch globs (``--allow-edit``, user config) of non-source files
            the model may create or change; matched case-insensitively against the relative
            path. The repository's config cannot add any.
        test_globs: ``python_files`` and ``--doctest-glob`` patterns (pytest's matching: without
            ``/`` against the file name, else against the path).
        test_scope: the folders ``test_globs`` apply in (``testpaths``; ``("",)`` for all).
        test_dirs: ``testpaths`` folders, protected whole.
        recorded: relative paths recorded at the baseline (collected test modules, data read).
        doctest_all: ``--doctest-modules`` is on: doctests of every module in ``test_scope``
            are collected.
        doctest_files: modules whose doctests the baseline collected.
        shadow_names: casefolded top-level names the project may not newly create.
        path_roots: the folders on ``sys.path`` in a test run, relative (``""`` the root).
        sources: where each setting came from, for refusal texts (``{"python_files":
            "pytest.ini"}``).
    """

    def __init__(
        self,
        *,
        allow_edit: Sequence[str] = (),
        test_globs: Sequence[str] = (),
        test_scope: Sequence[str] = ("",),
        test_dirs: Sequence[str] = (),
        recorded: Sequence[str] = (),
        doctest_all: bool = False,
        doctest_files: Sequence[str] = (),
        shadow_names: Sequence[str] = (),
        path_roots: Sequence[str] = ("", "src"),
        sources: dict[str, str] | None = None,
    ) -> None:
        self.allow_edit = tuple(g.casefold().strip() for g in allow_edit if g.strip())
        self.test_globs = tuple(test_globs)
        self.test_scope = tuple(_norm(d) for d in test_scope) or ("",)
        self.test_dirs = tuple(d for d in (_norm(d) for d in test_dirs) if d)
        self.recorded = frozenset(_norm(r).casefold() for r in recorded)
        self.doctest_all = doctest_all
        self.doctest_files = frozenset(_norm(r).casefold() for r in doctest_files)
        self.shadow_names = frozenset(n.casefold() for n in shadow_names)
        self.path_roots = tuple(dict.fromkeys(_norm(r) for r in path_roots))
        self.sources = dict(sources or {})

    def test_reason(self, relpath: str) -> str | None:
        """Why ``relpath`` is test infrastructure, or None when it is not."""
        parts = _parts(relpath)
        if not parts or parts[0] == "..":
            return None
        rel = "/".join(parts)
        if is_test_file(rel):
            return "a test file (tests/, test/ or testing/ folders, test_*.py, *_test.py, conftest.py)"
        if parts[-1] in TEST_CONFIG_FILES:
            return "test configuration"
        if is_autoload(rel):
            return "a file Python or pytest loads by itself"
        if rel in self.recorded:
            return "a file the tests used at the baseline (a collected test module or data it read)"
        for d in self.test_dirs:
            if _under(rel, d.casefold()):
                if d in self.path_roots and is_source(rel):
                    # a package root named in testpaths (humanize: testpaths = ["src", "tests"]
                    # for its doctests) holds the code under test, not tests: its test files
                    # are caught above and below, its doctest examples by the doctest rule
                    continue
                return f"under testpaths {d!r}" + self._src("testpaths")
        if any(_under(rel, d.casefold()) for d in self.test_scope):
            for g in self.test_globs:
                if _glob_match(g, rel):
                    return f"matched by pytest's test-file pattern {g!r}" + self._src("python_files")
        return None

    def _src(self, key: str) -> str:
        where = self.sources.get(key)
        return f" ({where})" if where else ""

    def doctest_module(self, relpath: str) -> bool:
        """True when pytest collects the doctests of the Python module ``relpath``."""
        parts = _parts(relpath)
        if not parts or parts[0] == ".." or not parts[-1].endswith(".py"):
            return False
        rel = "/".join(parts)
        if rel in self.doctest_files:
            return True
        return self.doctest_all and any(_under(rel, d.casefold()) for d in self.test_scope)

    def shadowed(self, relpath: str, exists: Callable[[str], bool] | None = None) -> str | None:
        """The name ``relpath`` would newly shadow, or None.

        A path shadows when, under one of :attr:`path_roots`, its first component (a module
        file or a package folder) is named like one of :attr:`shadow_names` and that component
        did not exist before (``exists(relative top path)``; None: assume it did not).
        """
        parts = _parts(relpath)
        if not parts or parts[0] == ".." or not self.shadow_names:
            return None
        rel = "/".join(parts)
        for r in self.path_roots:
            rc = r.casefold()
            if not _under(rel, rc):
                continue
            rest = parts[len(rc.split("/")) :] if rc else parts
            if not rest:
                continue
            first = rest[0]
            name = first if len(rest) > 1 else _module_name(first)
            if name is None or name not in self.shadow_names:
                continue
            top = (r + "/" if r else "") + first
            if exists is not None and exists(top):
                continue  # the project's own module of that name
            return name
        return None

    def allowed(self, relpath: str) -> bool:
        """True when the user's ``allow_edit`` globs name ``relpath``."""
        rel = "/".join(_parts(relpath))
        return any(fnmatch.fnmatchcase(rel, g) for g in self.allow_edit)

    def refusal(self, relpath: str, root: Path | None = None) -> PathRefused | None:
        """The refusal of a write to ``relpath`` (None when the write is allowed).

        Args:
            relpath: a normalized workspace-relative path.
            root: the workspace root (for "does this top-level name exist yet").

        Returns:
            a :class:`PathRefused` of kind ``protected``, ``shadows`` or ``not_source`` whose
            message names the rule and the path, or None.
        """
        why = self.test_reason(relpath)
        if why is not None:
            return PathRefused(
                "protected",
                f"rule 'tests are read-only': {relpath} is test infrastructure ({why}) and is "
                "read-only: change the code under test instead",
                relpath,
            )
        name = self.shadowed(
            relpath, (lambda top: os.path.lexists(os.path.join(root, top))) if root else None
        )
        if name is not None:
            return PathRefused(
                "shadows",
                f"rule 'no shadowing': {relpath} would add a top-level module {name!r}, a name "
                "the project's interpreter already provides (standard library or an installed "
                "distribution); give the new module another name",
                relpath,
            )
        if not is_source(relpath) and not self.allowed(relpath):
            return PathRefused(
                "not_source",
                f"rule 'source only': {relpath} is not Python source of the project (data, "
                "packaging metadata, .gitignore/.gitattributes or configuration); fixloop "
                "changes .py files only unless the user allows more (--allow-edit GLOB or "
                "allow_edit in the user config)",
                relpath,
            )
        return None


def _compile_globs(globs: Sequence[str]) -> re.Pattern[str] | None:
    """One regex matching any of the fnmatch ``globs`` (already casefolded), or None."""
    if not globs:
        return None
    return re.compile("|".join(f"(?:{fnmatch.translate(g)})" for g in globs))


def _in_git_work_tree(folder: Path) -> bool:
    """True when ``folder`` is inside a git work tree (its root or any folder below it).

    Asks ``git rev-parse --is-inside-work-tree``, so a subfolder of a repository (no ``.git`` of
    its own) counts, and a folder inside ``.git`` does not. False when git is missing.
    """
    from fixloop.git import GitError, git  # lazily: this module stays stdlib-only to import

    try:
        out = git(folder, "rev-parse", "--is-inside-work-tree", check=False, timeout=30)
    except GitError:
        return False
    return out.returncode == 0 and out.stdout.strip() == "true"


class Workspace:
    """The folder the model works in, with its path policy.

    Args:
        root: the workspace folder (usually the run's git worktree); resolved to its real path.
        blocked: fnmatch globs of names the model may not see or touch, matched
            case-insensitively against every component of both the spelled and the real path.
        policy: the :class:`EditPolicy` of writes (default: fixloop's default test rule and
            "source only" with nothing allowed); replaceable once the baseline has run.

    Attributes:
        root: the resolved real path of the workspace.
        blocked: the blocked globs (casefolded).
        policy: the :class:`EditPolicy` writes are checked against.
        written: the bytes of each file the tools wrote (:meth:`note_written`).
    """

    def __init__(
        self,
        root: Path,
        *,
        blocked: Sequence[str] = DEFAULT_BLOCKED,
        policy: EditPolicy | None = None,
    ) -> None:
        self.root = Path(os.path.realpath(root))
        self.policy = policy if policy is not None else EditPolicy()
        self._root_s = str(self.root)
        self.blocked = tuple(b.casefold().strip("/") for b in blocked if b.strip("/"))
        names = [b for b in self.blocked if "/" not in b]
        paths = [b for b in self.blocked if "/" in b]
        self._name_rx = _compile_globs(names)
        self._path_rx = _compile_globs(paths)
        self._name_cache: dict[str, bool] = {}
        self._blocked_cache: dict[str, bool] = {}
        self._git: bool | None = None  # inside a git work tree? (asked once, on first listing)
        #: ``{relpath: bytes}`` each tool write left (:meth:`note_written`), the last one wins
        self.written: dict[str, bytes] = {}

    def note_written(self, relpath: str, data: bytes) -> None:
        """Keep the bytes a tool just wrote to ``relpath`` (workspace-relative POSIX path).

        The candidate commit is built from these (:func:`fixloop.candidate.build_candidate`'s
        ``contents``), never from a re-read of the work tree after the tests ran.
        """
        self.written[relpath] = bytes(data)

    # ------------------------------------------------------------------ policy

    def _name_blocked(self, part: str) -> bool:
        hit = self._name_cache.get(part)
        if hit is None:
            hit = self._name_rx is not None and self._name_rx.match(part) is not None
            if len(self._name_cache) < 100_000:
                self._name_cache[part] = hit
        return hit

    def is_blocked(self, rel: str) -> bool:
        """True when the workspace-relative path ``rel`` is blocked.

        A blocked glob without ``/`` (``.env*``) matches any single component; one with ``/``
        (``data/private``) matches the whole path or any leading part of it. Matching is
        case-insensitive.
        """
        hit = self._blocked_cache.get(rel)
        if hit is None:
            hit = self._blocked(rel)
            if len(self._blocked_cache) < 200_000:  # the policy is fixed: answers stay true
                self._blocked_cache[rel] = hit
        return hit

    def _blocked(self, rel: str) -> bool:
        parts = _parts(rel)
        if any(self._name_blocked(p) for p in parts):
            return True
        if self._path_rx is not None:
            return any(self._path_rx.match("/".join(parts[:i])) for i in range(1, len(parts) + 1))
        return False

    def relpath(self, p: Path) -> str:
        """The POSIX path of ``p`` (absolute, already resolved) relative to :attr:`root`.

        Returns ``"."`` for the root itself. Raises ValueError when ``p`` is not under the root.
        """
        rel = Path(p).relative_to(self.root).as_posix()
        return rel or "."

    def _inside(self, real: str) -> bool:
        root = str(self.root)
        return real == root or real.startswith(root.rstrip("/") + "/")

    def resolve(self, rel: str, *, write: bool = False, must_exist: bool = True) -> Path:
        """Check ``rel`` against the path policy and return its resolved real path.

        Args:
            rel: a workspace-relative path as the model spelled it.
            write: the caller means to create or change the file: protected test
                infrastructure is refused, as are existing directories.
            must_exist: refuse a path that does not exist (``missing``).

        Returns:
            The absolute real path (symlinks resolved) inside :attr:`root`.

        Raises:
            PathRefused: with ``kind`` "invalid", "outside", "blocked", "protected",
                "missing" or "not_regular", and a message that says what was wrong.
        """
        if not isinstance(rel, str):
            raise PathRefused("invalid", "path must be a string", str(rel))
        if rel.strip() == "":
            raise PathRefused("invalid", "path is empty", rel)
        if "\x00" in rel:
            raise PathRefused("invalid", "path contains a NUL byte", rel)
        if any(ord(c) < 32 or ord(c) == 127 for c in rel):
            raise PathRefused("invalid", "path contains control characters", rel)
        if rel.startswith("~"):
            raise PathRefused("outside", "home-directory paths (~) are outside the workspace", rel)
        if rel.startswith("/") or os.path.isabs(rel):
            raise PathRefused(
                "outside",
                "absolute paths are not allowed: give a path relative to the workspace root",
                rel,
            )
        norm = _norm(rel)
        if norm == ".." or norm.startswith("../"):
            raise PathRefused("outside", "the path leaves the workspace", rel)
        if norm and self.is_blocked(norm):
            raise PathRefused(
                "blocked",
                "the path is blocked (version control, environment "
                "or secret-looking files are not available)",
                rel,
            )
        spelled = self.root / norm if norm else self.root
        real = os.path.realpath(spelled)
        if not self._inside(real):
            raise PathRefused(
                "outside",
                "the path resolves (through a symlink) to a place outside the workspace",
                rel,
            )
        real_rel = self.relpath(Path(real))
        if real_rel != "." and self.is_blocked(real_rel):
            raise PathRefused("blocked", "the path resolves to a blocked location", rel)
        if write:  # test infrastructure first: refused whether or not it exists
            self._refuse(rel, (norm, real_rel), tests_only=True)
        found = self._check_file(rel, spelled, real, write=write, must_exist=must_exist)
        if write:
            self._refuse(rel, (norm, real_rel), tests_only=False)
        return found

    def _refuse(self, rel: str, candidates: tuple[str, str], *, tests_only: bool) -> None:
        for candidate in dict.fromkeys(candidates):
            refusal = self.policy.refusal(candidate, self.root)
            if refusal is not None and (refusal.kind == "protected" or not tests_only):
                refusal.path = rel
                raise refusal

    def _check_file(
        self, rel: str, spelled: Path, real: str, *, write: bool, must_exist: bool
    ) -> Path:
        """The file checks of :meth:`resolve` (exists, regular, one link, not a folder)."""
        try:
            st = os.stat(real)
        except FileNotFoundError:
            if os.path.lexists(spelled) or os.path.lexists(real):
                raise PathRefused(
                    "not_regular", "the path is a dangling symbolic link", rel
                ) from None
            if must_exist:
                raise PathRefused("missing", "no such file or folder", rel) from None
            return Path(real)
        except OSError as e:
            raise PathRefused("not_regular", f"the path cannot be used ({e.strerror})", rel) from e
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
            raise PathRefused("not_regular", "not a regular file or folder", rel)
        if stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
            raise PathRefused(
                "not_regular",
                f"the file has {st.st_nlink} hard links and may be shared with a place outside "
                "the workspace",
                rel,
            )
        if write and stat.S_ISDIR(st.st_mode):
            raise PathRefused("not_regular", "the path is a folder, not a file", rel)
        return Path(real)

    # ------------------------------------------------------------------ listing

    def _git_files(self, sub: str) -> list[str] | None:
        """Tracked and untracked-not-ignored files under ``sub`` via git, or None outside git.

        Works when the root is any folder of a work tree (``fixloop fix repo/sub``): git reads
        every ``.gitignore`` from the top of the work tree down, and prints paths relative to
        the folder it runs in.
        """
        if self._git is None:
            self._git = _in_git_work_tree(self.root)
        if not self._git:
            return None
        from fixloop.git import GitError, git  # lazily: this module stays stdlib-only to import

        try:
            out = git(
                self.root,
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard",
                "--",
                sub or ".",
                check=False,
                read_only=True,
                binary=True,
                timeout=60,
            )
        except GitError:
            return None
        if out.returncode != 0:
            return None
        names = out.stdout.decode("utf-8", "surrogateescape").split("\x00")
        return sorted(set(n for n in names if n))

    def _walk_files(self, sub: str) -> Iterator[str]:
        start = self.root / sub if sub else self.root
        for dirpath, dirnames, filenames in os.walk(start, followlinks=False):
            rel_dir = Path(dirpath).relative_to(self.root).as_posix()
            rel_dir = "" if rel_dir == "." else rel_dir
            keep = []
            for d in sorted(dirnames):
                r = f"{rel_dir}/{d}" if rel_dir else d
                if not self.is_blocked(r):
                    keep.append(d)
            dirnames[:] = keep
            for f in sorted(filenames):
                yield f"{rel_dir}/{f}" if rel_dir else f

    def _usable_file(self, rel: str) -> bool:
        """True when ``rel`` (normalized) is a regular file inside the root, not blocked."""
        if self.is_blocked(rel):
            return False
        p = os.path.join(self._root_s, rel)
        try:
            st = os.lstat(p)
        except OSError:
            return False
        if stat.S_ISREG(st.st_mode):
            return st.st_nlink == 1
        if not stat.S_ISLNK(st.st_mode):
            return False
        real = os.path.realpath(p)
        try:
            rst = os.stat(real)
        except OSError:
            return False
        if not self._inside(real) or not stat.S_ISREG(rst.st_mode) or rst.st_nlink != 1:
            return False
        return not self.is_blocked(self.relpath(Path(real)))

    def iter_files(self, rel: str = ".", *, suffixes: tuple[str, ...] = ()) -> Iterator[str]:
        """Yield workspace-relative POSIX paths of the files under ``rel``, sorted.

        ``suffixes``, when given, keeps only names ending with one of them (checked before
        the file is examined: the repo map lists a large project's Python files only).

        Blocked paths, git-ignored paths (``git ls-files --cached --others --exclude-standard``
        when the root is inside a git work tree, at its top or in a subfolder; a plain walk
        otherwise), symlinks that leave the workspace or
        dangle, and special files are left out. ``rel`` may name a single file.

        Raises:
            PathRefused: when ``rel`` itself is refused by :meth:`resolve`.
        """
        real = self.resolve(rel)
        sub = self.relpath(real)
        sub = "" if sub == "." else sub
        if real.is_file():
            if self._usable_file(sub):
                yield sub
            return
        names = self._git_files(sub)
        if names is None:
            names = sorted(self._walk_files(sub))
        for name in names:
            if (not suffixes or name.endswith(suffixes)) and self._usable_file(name):
                yield name
