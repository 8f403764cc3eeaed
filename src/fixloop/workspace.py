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

The rules themselves live beside it, and every public name of them is re-exported here:
:mod:`fixloop.pathrules` (the one rule of what a test file is, what is protected, auto-loaded or
source, :class:`PathRefused`) and :mod:`fixloop.editpolicy` (the project's :class:`EditPolicy`).
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path

from fixloop.editpolicy import EditPolicy
from fixloop.git import GitError, git
from fixloop.pathrules import (
    PACKAGING_GLOBS,
    RUNNER_ANY_DEPTH,
    RUNNER_MODULES,
    SOURCE_SUFFIXES,
    STARTUP_MODULES,
    TEST_CONFIG_FILES,
    TEST_DIRS,
    PathRefused,
    _norm,
    _parts,
    is_autoload,
    is_protected,
    is_source,
    is_test_file,
)

__all__ = [
    "DEFAULT_BLOCKED",
    "PACKAGING_GLOBS",
    "RUNNER_ANY_DEPTH",
    "RUNNER_MODULES",
    "SOURCE_SUFFIXES",
    "STARTUP_MODULES",
    "TEST_CONFIG_FILES",
    "TEST_DIRS",
    "EditPolicy",
    "PathRefused",
    "Workspace",
    "is_autoload",
    "is_protected",
    "is_source",
    "is_test_file",
]

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
