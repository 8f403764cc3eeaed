"""The commit a run hands over, built from the model's edits alone, and its fresh checkout.

The gate judges a commit, not a folder (../shared/DESIGN.md, rule 8). A worktree can hold things
a commit does not: files the tests left behind, caches, files that a ``.gitignore`` (the
repository's or one the model wrote) hides from ``git add``. So:

- :func:`build_candidate` stages only the paths the tools changed (``Tools.changed``) on top of
  the base commit in a private index (``GIT_INDEX_FILE`` + ``git read-tree`` + ``git
  update-index --add`` + ``git write-tree``; never ``git add -A``). A changed path is left out,
  with its reason, when it is ignored by git's rules (a file the model created that a
  ``.gitignore`` matches, e.g. a self-ignoring ``.gitignore`` and the plugin beside it), when the
  caller's rule refuses it (protected test infrastructure, blocked folders), or when it is no
  longer a regular file.
- :func:`checkout_tree` writes exactly that tree into a new, empty folder (a private index and
  ``git checkout-index -a --prefix``: no worktree registration, no ``export-ignore``); the gate
  runs the suite there, writable, and :func:`remove_tree` throws it away after.
- :func:`commit_tree` makes the branch's commit from the same tree (``git commit-tree``), so
  what the gate checked is what the branch holds.

Source for the plumbing: git-read-tree(1), git-update-index(1) ``--add --remove -z --stdin``,
git-write-tree(1), git-checkout-index(1) ``--prefix``, git-check-ignore(1), git-commit-tree(1),
git(1) ``GIT_INDEX_FILE`` (git 2.39).
"""

from __future__ import annotations

import os
import posixpath
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from fixloop.git import GitError, git

__all__ = [
    "Candidate",
    "build_candidate",
    "checkout_tree",
    "commit_tree",
    "remove_tree",
    "repo_top",
    "tree_diff",
]

#: ``refuse(path) -> why | None``: a rule keeping a workspace-relative path out of the commit.
Refusal = Callable[[str], str | None]


@dataclass(frozen=True)
class Candidate:
    """The tree a run would hand over.

    Attributes:
        tree: the full hash of the candidate's root tree (the whole repository).
        base_tree: the base commit's root tree; equal to ``tree`` when nothing changed.
        changed: workspace-relative paths whose content in ``tree`` differs from the base.
        left_out: ``(path, why)`` for each tool-changed path that did not enter the tree.
        drift: paths whose bytes in the work tree are no longer what the tools wrote (a test
            run rewrote or removed them); the tree holds the tools' bytes.
    """

    tree: str
    base_tree: str
    changed: list[str] = field(default_factory=list)
    left_out: list[tuple[str, str]] = field(default_factory=list)
    drift: list[str] = field(default_factory=list)

    @property
    def unchanged(self) -> bool:
        """True when the candidate's tree is the base commit's (the run changed nothing)."""
        return self.tree == self.base_tree

    def left_out_text(self, limit: int = 5) -> str:
        """``"path (why), ..."`` for a reason line ("" when nothing was left out)."""
        items = [f"{p} ({why})" for p, why in self.left_out[:limit]]
        more = len(self.left_out) - limit
        return ", ".join(items) + (f" (+{more} more)" if more > 0 else "")


def repo_top(root: Path) -> tuple[Path, str]:
    """The top of the git checkout holding ``root``, and ``root``'s path inside it.

    Returns:
        ``(top, subpath)``: ``subpath`` is POSIX, "" at the top.

    Raises:
        fixloop.git.GitError: ``root`` is not inside a git work tree.
    """
    top = Path(git(root, "rev-parse", "--show-toplevel", read_only=True).stdout.strip())
    prefix = git(root, "rev-parse", "--show-prefix", read_only=True).stdout.strip().rstrip("/")
    return top, prefix


def _norm(rel: str) -> str | None:
    p = posixpath.normpath(rel.replace("\\", "/")).lstrip("/")
    if p in ("", ".", "..") or p.startswith("../"):
        return None
    return p


def _ignored(top: Path, full: list[str]) -> set[str]:
    """The repository-relative paths of ``full`` that git's ignore rules match.

    Tracked paths are never ignored. Rules come from the work tree as it is now: ``.gitignore``
    files the model wrote count, so a self-ignoring one hides itself and its neighbours.
    """
    if not full:
        return set()
    data = "".join(p + "\0" for p in full)
    cp = git(top, "check-ignore", "-z", "--stdin", check=False, read_only=True, input=data)
    if cp.returncode not in (0, 1):  # 1: nothing ignored
        lines = cp.stderr.strip().splitlines()
        raise GitError(
            f"git check-ignore failed: {lines[0] if lines else cp.returncode}",
            argv=["check-ignore"],
            returncode=cp.returncode,
            stderr=cp.stderr,
        )
    return {p for p in cp.stdout.split("\0") if p}


def build_candidate(
    root: Path,
    base_commit: str,
    paths: Iterable[str],
    *,
    refuse: Refusal | None = None,
    contents: Mapping[str, bytes] | None = None,
) -> Candidate:
    """Stage the tool-changed ``paths`` on top of ``base_commit`` and write the tree.

    Args:
        root: the workspace (a folder inside the run's git work tree).
        base_commit: the commit the run started from.
        paths: workspace-relative POSIX paths the tools created or edited, in any order.
        refuse: ``refuse(path) -> why | None``: a rule that keeps a path out of the commit
            (the gate's: protected test infrastructure, blocked folders).
        contents: ``{path: bytes}`` the tools wrote (:attr:`fixloop.workspace.Workspace.written`):
            those paths enter the tree with these bytes (``git hash-object -w --stdin``), not
            with what the work tree holds now, so a test run that rewrote a file cannot change
            the commit; a difference is named in ``drift``. Other paths are read from the work
            tree.

    Returns:
        a :class:`Candidate`; nothing in the work tree, the real index or any ref changes.

    Raises:
        fixloop.git.GitError: git failed (the gate cannot decide without it).
    """
    top, sub = repo_top(root)
    prefix = f"{sub}/" if sub else ""
    base_tree = git(top, "rev-parse", f"{base_commit}^{{tree}}", read_only=True).stdout.strip()
    in_base = set(
        p
        for p in git(
            top, "ls-tree", "-r", "-z", "--name-only", base_commit, read_only=True
        ).stdout.split("\0")
        if p
    )
    left_out: list[tuple[str, str]] = []
    drift: list[str] = []
    keep: list[str] = []  # repository-relative
    seen: set[str] = set()
    for rel in paths:
        p = _norm(rel)
        if p is None or p in seen:
            continue
        seen.add(p)
        why = refuse(p) if refuse is not None else None
        if why:
            left_out.append((p, why))
            continue
        if contents is not None and p in contents:
            if _disk_bytes(top / (prefix + p)) != contents[p]:
                drift.append(p)
            keep.append(prefix + p)
            continue
        try:
            st = os.lstat(top / (prefix + p))
        except OSError:
            left_out.append((p, "no longer exists"))
            continue
        if not stat.S_ISREG(st.st_mode):
            left_out.append((p, "not a regular file"))
            continue
        keep.append(prefix + p)
    ignored = _ignored(top, [p for p in keep if p not in in_base])
    for full in [p for p in keep if p in ignored]:
        left_out.append((full[len(prefix) :], "git-ignored"))
    keep = [p for p in keep if p not in ignored]
    with tempfile.TemporaryDirectory(prefix="fixloop-cand-") as tmp:
        env = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
        git(top, "read-tree", base_commit, env=env)
        written = {prefix + p: b for p, b in (contents or {}).items()}
        from_disk = [p for p in keep if p not in written]
        if from_disk:
            data = "".join(p + "\0" for p in from_disk)
            git(top, "update-index", "--add", "-z", "--stdin", env=env, input=data)
        info = [_index_line(top, env, full, written[full]) for full in keep if full in written]
        if info:
            git(top, "update-index", "--add", "-z", "--index-info", env=env, input="".join(info))
        tree = git(top, "write-tree", env=env).stdout.strip()
    changed: list[str] = []
    if tree != base_tree:
        out = git(
            top, "diff-tree", "-r", "--no-renames", "--name-only", "-z", base_tree, tree
        ).stdout
        changed = [p[len(prefix) :] for p in out.split("\0") if p and p.startswith(prefix)]
    return Candidate(
        tree=tree, base_tree=base_tree, changed=changed, left_out=left_out, drift=drift
    )


def _disk_bytes(path: Path) -> bytes | None:
    """A regular file's bytes (None when missing, a link or not a regular file)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        return path.read_bytes()
    except OSError:
        return None


def _index_line(top: Path, env: dict[str, str], full: str, data: bytes) -> str:
    """One ``--index-info -z`` record staging ``data`` at ``full`` (the base's mode, or 100644).

    The blob is written with ``git hash-object -w --stdin --path=PATH`` (git-hash-object(1):
    the path's attributes pick the clean filters, as ``update-index --add`` of the file would);
    the mode of
    the path in the private index (the base's) is kept, so an executable stays executable.
    """
    blob = (
        git(top, "hash-object", "-w", "--stdin", f"--path={full}", binary=True, input=data)
        .stdout.decode("ascii")
        .strip()
    )
    cur = git(top, "ls-files", "-s", "-z", "--", full, env=env, read_only=True).stdout
    mode = cur.split(" ", 1)[0] if cur.startswith(("100644", "100755")) else "100644"
    return f"{mode} {blob}\t{full}\0"


def checkout_tree(root: Path, tree: str, dest: Path) -> Path:
    """Write exactly ``tree`` into ``dest`` (created; must not exist).

    Args:
        root: any folder inside the run's git work tree (for the object store).
        tree: a tree hash (a :class:`Candidate`'s ``tree``).
        dest: the new folder.

    Returns:
        the folder matching ``root`` inside ``dest`` (``dest/<subpath>``): where the tests run.

    Raises:
        FileExistsError: ``dest`` exists.
        fixloop.git.GitError: git failed.
    """
    top, sub = repo_top(root)
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=False)
    with tempfile.TemporaryDirectory(prefix="fixloop-co-") as tmp:
        env = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
        git(top, "read-tree", tree, env=env)
        git(top, "checkout-index", "-a", "-f", f"--prefix={os.path.realpath(dest)}/", env=env)
    return dest / sub if sub else dest


def remove_tree(path: Path) -> None:
    """Delete a scratch checkout, whatever the tests did to its permissions (best effort)."""

    def _fix(func: Callable[..., object], p: str, _exc: object) -> None:
        try:
            os.chmod(os.path.dirname(p) or ".", 0o700)
            if not os.path.islink(p) and os.path.isdir(p):
                os.chmod(p, 0o700)
            func(p)
        except OSError:
            pass

    if Path(path).exists() or Path(path).is_symlink():
        shutil.rmtree(path, onerror=_fix)


def commit_tree(root: Path, tree: str, parent: str, message: str) -> str:
    """Make a commit of ``tree`` with parent ``parent`` (no ref moves); returns its hash.

    The user's identity is used, or ``fixloop <fixloop@localhost>`` when none is configured;
    commits are never signed (no prompt for a key).

    Raises:
        fixloop.git.GitError: git failed.
    """
    top, _ = repo_top(root)
    name = git(top, "config", "user.name", check=False, read_only=True).stdout.strip()
    email = git(top, "config", "user.email", check=False, read_only=True).stdout.strip()
    env = {}
    if not name or not email:
        env = {
            "GIT_AUTHOR_NAME": "fixloop",
            "GIT_AUTHOR_EMAIL": "fixloop@localhost",
            "GIT_COMMITTER_NAME": "fixloop",
            "GIT_COMMITTER_EMAIL": "fixloop@localhost",
        }
    cp = git(
        top, "commit-tree", "--no-gpg-sign", tree, "-p", parent, env=env, input=message or "fixloop"
    )
    return cp.stdout.strip()


def tree_diff(root: Path, base_tree: str, tree: str) -> str:
    """The unified diff from ``base_tree`` to ``tree`` under ``root``'s folder.

    Paths are repository-relative (``a/``, ``b/``: applies with ``git apply`` at the top);
    "" when the trees are equal.

    Raises:
        fixloop.git.GitError: git failed.
    """
    if base_tree == tree:
        return ""
    top, sub = repo_top(root)
    return git(
        top,
        "-c",
        "diff.noprefix=false",
        "diff",
        "--no-color",
        "--no-ext-diff",
        "--src-prefix=a/",
        "--dst-prefix=b/",
        base_tree,
        tree,
        "--",
        sub or ".",
        read_only=True,
    ).stdout
