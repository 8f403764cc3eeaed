"""What the user's checkout has that git does not, brought into the run's tree (issue 13).

A run works in a fresh worktree of the HEAD commit (:mod:`fixloop.vcs`), which lacks two things
the project's code may need:

- **Ignored files the code needs**: a generated ``src/pkg/_version.py``, compiled ``.mo``
  catalogues, an extension module built in place. :func:`ignored_files` lists the checkout's
  git-ignored files (``git ls-files --others --ignored --exclude-standard --directory``, read
  only) and keeps those that are not :data:`SKIP_DIRS` (virtualenvs, any folder holding a
  ``pyvenv.cfg``, caches, ``node_modules``, build output, ``.git``), not :data:`SKIP_FILES`
  (bytecode, coverage data) and not :data:`SECRET_FILES` (``.env*``, keys, ``id_rsa*``,
  credentials, ``.netrc``...), never through a symbolic link, within :data:`MAX_FILES` files,
  :data:`MAX_FILE_BYTES` each and :data:`MAX_TOTAL_BYTES` in all. :func:`copy_ignored` copies
  them with the checkout's mode and mtime, writable as in the user's checkout (a project that
  rewrites its own ignored cache, counter or local database works; they used to be read-only,
  0444, and such a project could never be fixed: red team 3, F15). Each gate checkout gets fresh
  copies; the user's files are never written. They never enter the commit: the commit holds the
  tools' edits only, and the workspace hides git-ignored files from the model.
- **Git submodules**: each gitlink of the base commit (its name and path from ``.gitmodules`` at
  that commit) is cloned from the user's own checkout of it (``git clone --no-checkout`` of the
  local folder, ``protocol.file.allow=always``; nothing is fetched from a network and nothing is
  written into the user's repository or its config) and its recorded commit checked out
  detached. A submodule the checkout does not have, or whose recorded commit its clone lacks,
  is an :class:`~fixloop.types.EnvironmentProblem` of kind ``submodule``: the run stops before
  the model (exit 3) with the cause and the fix. Nested submodules are not checked out.

:func:`prepare_run_tree` does both for a run's worktree and returns a :class:`RunTreeExtras`,
whose :meth:`RunTreeExtras.apply` the gate calls on each fresh checkout of a candidate, so the
gate's tests see the same world.
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from fixloop.git import GitError, git
from fixloop.protocols import Isolation
from fixloop.types import EnvironmentProblem

__all__ = [
    "MAX_FILES",
    "MAX_FILE_BYTES",
    "MAX_TOTAL_BYTES",
    "RunTreeExtras",
    "Submodule",
    "checkout_submodules",
    "copy_ignored",
    "ignored_files",
    "prepare_run_tree",
    "submodules",
]

#: Folder names never copied (virtualenvs, caches, other tools' trees, build output).
SKIP_DIRS: tuple[str, ...] = (
    ".git",
    ".hg",
    ".svn",
    ".venv",
    "venv",
    ".env",
    "env",
    ".tox",
    ".nox",
    ".direnv",
    "node_modules",
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    ".cache",
    ".eggs",
    "*.egg-info",
    "build",
    "dist",
    "htmlcov",
    ".idea",
    ".vscode",
    "site-packages",
)
#: File names never copied: bytecode and test-run data.
SKIP_FILES: tuple[str, ...] = ("*.pyc", "*.pyo", ".coverage", ".coverage.*", ".DS_Store")
#: File names never copied because they look like secrets.
SECRET_FILES: tuple[str, ...] = (
    ".env",
    ".env.*",
    "*.env",
    "*.pem",
    "*.key",
    "*.p12",
    "*.pfx",
    "*.jks",
    "*.kdbx",
    "id_rsa*",
    "id_dsa*",
    "id_ecdsa*",
    "id_ed25519*",
    "*credential*",
    "*secret*",
    ".netrc",
    ".pypirc",
    ".npmrc",
    ".htpasswd",
)
#: At most this many ignored files are copied.
MAX_FILES = 2000
#: An ignored file larger than this (bytes) is not copied.
MAX_FILE_BYTES = 8 * 1024 * 1024
#: At most this many bytes of ignored files are copied in all.
MAX_TOTAL_BYTES = 64 * 1024 * 1024


def _match(name: str, globs: tuple[str, ...]) -> bool:
    low = name.lower()
    return any(fnmatch.fnmatchcase(low, g) for g in globs)


def _skip_dir(path: Path) -> bool:
    return _match(path.name, SKIP_DIRS) or (path / "pyvenv.cfg").exists()


def _skip_file(name: str) -> str | None:
    if _match(name, SECRET_FILES):
        return "secret"
    if _match(name, SKIP_FILES):
        return "junk"
    return None


@dataclass
class IgnoredFiles:
    """The ignored files chosen for copying, and what was left behind.

    Attributes:
        paths: repository-relative POSIX paths to copy, sorted.
        secrets: paths left out because they look like secrets.
        capped: paths left out by the caps (count, size of one file, total size).
    """

    paths: list[str] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)
    capped: list[str] = field(default_factory=list)


def ignored_files(top: Path) -> IgnoredFiles:
    """The git-ignored files of a checkout that a run's tree should have (the rule above).

    Args:
        top: the checkout's top folder (the user's repository).

    Returns:
        the :class:`IgnoredFiles`; empty when git cannot list them.
    """
    out = IgnoredFiles()
    try:
        cp = git(
            top,
            "ls-files",
            "-z",
            "--others",
            "--ignored",
            "--exclude-standard",
            "--directory",
            read_only=True,
        )
    except GitError:
        return out
    candidates: list[str] = []
    for entry in sorted(e for e in cp.stdout.split("\0") if e):
        rel = entry.rstrip("/")
        parts = PurePosixPath(rel).parts
        if any(_match(p, SKIP_DIRS) for p in parts[:-1] if p):
            continue
        full = top / rel
        if full.is_symlink():
            continue
        if entry.endswith("/") or full.is_dir():
            if _skip_dir(full):
                continue
            for base, dirs, files in os.walk(full):
                dirs[:] = sorted(d for d in dirs if not _skip_dir(Path(base) / d))
                for name in sorted(files):
                    candidates.append((Path(base) / name).relative_to(top).as_posix())
        else:
            candidates.append(rel)
    total = 0
    for rel in candidates:
        full = top / rel
        why = _skip_file(PurePosixPath(rel).name)
        if why == "secret":
            out.secrets.append(rel)
            continue
        if why is not None:
            continue
        try:
            st = full.lstat()
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        too_many = len(out.paths) >= MAX_FILES or total + st.st_size > MAX_TOTAL_BYTES
        if st.st_size > MAX_FILE_BYTES or too_many:
            out.capped.append(rel)
            continue
        out.paths.append(rel)
        total += st.st_size
    return out


def copy_ignored(src_top: Path, dest_top: Path, paths: list[str]) -> list[str]:
    """Copy ``paths`` from ``src_top`` to ``dest_top``; return those copied.

    Each copy keeps the source's permission bits and times (``shutil.copy2``) and is writable by
    its owner, as the file is in the user's checkout. A path that already exists in ``dest_top``
    (git holds it there) or cannot be read is skipped.
    """
    done: list[str] = []
    for rel in paths:
        src, dest = src_top / rel, dest_top / rel
        if dest.exists() or dest.is_symlink():
            continue
        try:
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest, follow_symlinks=False)
            os.chmod(dest, stat.S_IMODE(os.lstat(dest).st_mode) | stat.S_IWUSR)
        except OSError:
            continue
        done.append(rel)
    return done


@dataclass(frozen=True)
class Submodule:
    """One git submodule of a commit: its name, path (repository-relative) and commit."""

    name: str
    path: str
    commit: str


def submodules(top: Path, commit: str) -> list[Submodule]:
    """The submodules recorded in ``commit`` (gitlinks, named by its ``.gitmodules``).

    Raises:
        fixloop.git.GitError: git failed to read the commit.
    """
    out = git(top, "ls-tree", "-r", "-z", "--full-tree", commit, read_only=True).stdout
    links: dict[str, str] = {}
    for entry in out.split("\0"):
        meta, _, path = entry.partition("\t")
        fields = meta.split()
        if len(fields) == 3 and fields[0] == "160000":
            links[path] = fields[2]
    if not links:
        return []
    names: dict[str, str] = {}
    cp = git(
        top,
        "config",
        "--blob",
        f"{commit}:.gitmodules",
        "--get-regexp",
        r"^submodule\..*\.path$",
        check=False,
        read_only=True,
    )
    for line in cp.stdout.splitlines():
        key, _, value = line.partition(" ")
        names[value.strip()] = key[len("submodule.") : -len(".path")]
    return [Submodule(names.get(p, p), p, sha) for p, sha in sorted(links.items())]


def checkout_submodules(
    src_top: Path, dest_top: Path, subs: list[Submodule]
) -> EnvironmentProblem | None:
    """Check out each submodule in ``dest_top`` from the user's checkout of it at ``src_top``.

    Returns:
        None when every one is in place; else the problem (kind ``submodule``) with its cause
        and fix, for the first that could not be checked out.
    """
    for sub in subs:
        src, dest = src_top / sub.path, dest_top / sub.path
        if not (src / ".git").exists():
            return EnvironmentProblem(
                kind="submodule",
                cause=f"the git submodule {sub.path!r} is not checked out in your checkout "
                f"{src_top}, and fixloop takes submodules from there (never from a network)",
                fix=f"run `git -C {src_top} submodule update --init {sub.path}`, then run "
                "fixloop again",
            )
        if dest.exists() and any(dest.iterdir()):
            continue  # already there
        try:
            if dest.exists():
                dest.rmdir()
            git(
                dest_top,
                "clone",
                "--quiet",
                "--no-checkout",
                str(src),
                str(dest),
                config=("protocol.file.allow=always",),
            )
            git(dest, "checkout", "--quiet", "--detach", sub.commit)
        except (GitError, OSError) as e:
            return EnvironmentProblem(
                kind="submodule",
                cause=f"the git submodule {sub.path!r} at commit {sub.commit[:12]} cannot be "
                f"checked out from your checkout's clone of it ({str(e).splitlines()[0]})",
                fix=f"run `git -C {src_top} submodule update --init {sub.path}` so your "
                "clone has the commit the HEAD commit records, then run fixloop again",
            )
    return None


@dataclass
class RunTreeExtras:
    """What a run's tree got from the user's checkout beyond the commit.

    Attributes:
        source: the user's repository top.
        ignored: repository-relative paths of the ignored files copied.
        secrets: ignored files left out because they look like secrets.
        capped: ignored files left out by the caps.
        submodules: the submodules checked out.
        problem: the submodule problem that stops the run, or None.
    """

    source: Path
    ignored: list[str] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)
    capped: list[str] = field(default_factory=list)
    submodules: list[Submodule] = field(default_factory=list)
    problem: EnvironmentProblem | None = None

    def apply(self, dest_top: Path) -> None:
        """Bring the same files into another tree of the same commit (the gate's checkout).

        Args:
            dest_top: the top of the fresh checkout.
        """
        if self.submodules:
            checkout_submodules(self.source, dest_top, self.submodules)
        copy_ignored(self.source, dest_top, self.ignored)

    def notices(self) -> list[str]:
        """Lines for the start of the run: what was brought in and what was left out."""
        out: list[str] = []
        if self.ignored:
            shown = ", ".join(self.ignored[:5]) + (" ..." if len(self.ignored) > 5 else "")
            out.append(
                f"{len(self.ignored)} git-ignored file(s) of your checkout copied into "
                f"the run's tree (never committed): {shown}"
            )
        if self.capped:
            out.append(
                f"{len(self.capped)} git-ignored file(s) not copied (over {MAX_FILES} files, "
                f"{MAX_FILE_BYTES // 2**20} MiB each or {MAX_TOTAL_BYTES // 2**20} MiB in all): "
                + ", ".join(self.capped[:3])
            )
        if self.submodules:
            out.append(
                "submodule(s) checked out from your checkout's clones: "
                + ", ".join(f"{s.path} at {s.commit[:12]}" for s in self.submodules)
            )
        return out


def prepare_run_tree(iso: Isolation) -> RunTreeExtras:
    """Bring the checkout's needed ignored files and the submodules into a run's worktree.

    In-place runs work in the checkout itself: nothing to bring.

    Args:
        iso: the run's isolation (``repo``: the user's checkout; ``worktree``: the run's tree).

    Returns:
        the :class:`RunTreeExtras` (``problem`` set when a submodule cannot be checked out).
    """
    extras = RunTreeExtras(source=Path(iso.repo))
    if iso.in_place:
        return extras
    try:
        subs = submodules(Path(iso.repo), iso.base_commit)
    except GitError:
        subs = []
    if subs:
        extras.problem = checkout_submodules(Path(iso.repo), Path(iso.worktree), subs)
        if extras.problem is None:
            extras.submodules = subs
    found = ignored_files(Path(iso.repo))
    extras.secrets, extras.capped = found.secrets, found.capped
    extras.ignored = copy_ignored(Path(iso.repo), Path(iso.worktree), found.paths)
    return extras
