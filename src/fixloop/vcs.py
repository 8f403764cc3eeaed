"""Git isolation: each run works on its own branch, and the user's checkout is never touched.

Default mode (:func:`isolate`): ``git worktree add`` a new branch ``fixloop/<run-id>`` from the
HEAD commit into a folder outside the user's repository (``$FIXLOOP_HOME/worktrees/<run-id>``,
default ``~/.fixloop/worktrees``). The user's working tree, index, HEAD and ``git status`` stay
byte-identical; uncommitted changes in the user's checkout are reported as not included.
:meth:`Isolation.finish` commits whatever the run changed on the branch (verified or work in
progress), so nothing is lost; :meth:`Isolation.review_hint` says how to review and merge.

``in_place=True``: refuses a dirty tree and works in the user's checkout on the branch it is
on (no branch is made, the checkout is never switched); the change is left uncommitted there for
review (``finish`` commits nothing).

Every git command runs through :func:`fixloop.git.git`: the user's hooks never run, no
optional locks for read-only commands, no inherited ``GIT_DIR``-style variables.
Commits use the user's identity, or ``fixloop <fixloop@localhost>`` when none is configured.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fixloop import render
from fixloop.errors import GitStateError, NotWritable, UsageError
from fixloop.git import commit_identity, git
from fixloop.trajectory import fixloop_home
from fixloop.writable import checkout_problem, git_dir_problem

BRANCH_PREFIX = "fixloop/"

#: Files test runs leave behind; never part of a run's diff or commit.
JUNK_PATTERNS: tuple[str, ...] = (
    "__pycache__",
    "*.pyc",
    "*.pyo",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    ".coverage",
    ".coverage.*",
)


def is_byproduct(rel: str) -> bool:
    """True when the repository-relative POSIX path ``rel`` is a test run's by-product.

    A by-product is a file that test runs leave behind (:data:`JUNK_PATTERNS`: bytecode,
    ``.pytest_cache``, hypothesis's example database ``.hypothesis``, coverage data): any
    component of ``rel`` matches one of the patterns (``fnmatch``, case-sensitive as git's
    pathspecs are). Such files never enter a run's diff or commit, so they are never a change
    of the run nor tampering by it.
    """
    parts = [p for p in rel.split("/") if p and p != "."]
    return any(fnmatch.fnmatchcase(part, pat) for part in parts for pat in JUNK_PATTERNS)


def _pathspecs(subpath: str) -> list[str]:
    base = subpath or "."
    specs = [base]
    for pat in JUNK_PATTERNS:
        specs.append(f":(exclude,glob)**/{pat}")
        if "*" not in pat:  # a folder name: everything inside it, too
            specs.append(f":(exclude,glob)**/{pat}/**")
    return specs


def _status_paths(top: Path) -> list[str]:
    """Uncommitted paths (modified, staged, deleted, untracked; not ignored), repo-relative."""
    cp = git(top, "status", "--porcelain=v1", "-z", "--untracked-files=all", read_only=True)
    out: list[str] = []
    entries = cp.stdout.split("\0")
    i = 0
    while i < len(entries):
        e = entries[i]
        i += 1
        if len(e) < 4:
            continue
        xy, path = e[:2], e[3:]
        if "R" in xy or "C" in xy:
            i += 1  # the source path of a rename follows
        out.append(path)
    return out


@dataclass
class Isolation:
    """Where a run works and how its change is kept.

    Attributes:
        repo: the user's repository top-level folder (resolved).
        root: the workspace: the target folder inside the worktree (the same subfolder of the
            repository the user named), or inside the user's checkout in in-place mode.
        worktree: the top-level of the checkout the run works in (the new worktree; the user's
            repository in in-place mode).
        subpath: the target folder relative to the repository top, POSIX, "" for the top.
        source: the folder the user named (resolved), e.g. to find its ``.venv``.
        branch: the run's branch, ``fixloop/<run-id>`` (``-2``, ``-3``... when taken); in
            in-place mode the user's own branch, left as it is, or "" on a detached HEAD (the
            checkout is on no branch: its commit is ``base_commit``).
        base_commit: the full hash of the commit the branch starts from (the user's HEAD).
        in_place: True in ``--in-place`` mode.
        uncommitted: repo-relative paths the user had not committed (not included in the run).
        original_head: the user's branch name before the run, or the commit hash if detached.
        head_commit: the branch's last commit made by :meth:`finish`, or None.
    """

    repo: Path
    root: Path
    worktree: Path
    subpath: str
    source: Path
    branch: str
    base_commit: str
    in_place: bool = False
    uncommitted: list[str] = field(default_factory=list)
    original_head: str = ""
    head_commit: str | None = None

    # -- staging in a private index: never disturbs any real index --------------------------

    def _with_private_index(self, *commands: Sequence[str]) -> list[str]:
        """Run git commands against a temporary index of the worktree's files.

        Stage the worktree's files (under the subpath, junk excluded) in a temporary index and run
        each ``commands`` against it; return their stdouts.
        """
        real = git(self.worktree, "rev-parse", "--git-path", "index", read_only=True).stdout
        real_index = (self.worktree / real.strip()).resolve()
        with tempfile.TemporaryDirectory(prefix="fixloop-idx-") as tmp:
            idx = Path(tmp) / "index"
            env = {"GIT_INDEX_FILE": str(idx)}
            if real_index.is_file():
                shutil.copyfile(real_index, idx)  # keeps the stat cache: no rehash of every file
            else:
                git(self.worktree, "read-tree", self.base_commit, env=env)
            git(self.worktree, "add", "-A", "--", *_pathspecs(self.subpath), env=env)
            return [git(self.worktree, *c, env=env).stdout for c in commands]

    def diff(self) -> str:
        """The run's change as a unified diff of the worktree's files against the base commit.

        New (untracked) files are included; git-ignored files and test-run junk
        (:data:`JUNK_PATTERNS`) are not. Paths are repository-relative (``a/<path>``), so the
        diff applies with ``git apply`` at the repository top. Empty string when nothing changed.
        """
        (out,) = self._with_private_index(
            (
                "-c",
                "diff.noprefix=false",
                "diff",
                "--cached",
                "--no-color",
                "--no-ext-diff",
                "--src-prefix=a/",
                "--dst-prefix=b/",
                self.base_commit,
                "--",
                *_pathspecs(self.subpath),
            )
        )
        return out

    def files_changed(self) -> list[str]:
        """Workspace-relative POSIX paths added, modified or deleted since the base commit."""
        (out,) = self._with_private_index(
            (
                "diff",
                "--cached",
                "--name-only",
                "--no-renames",
                "-z",
                self.base_commit,
                "--",
                *_pathspecs(self.subpath),
            )
        )
        prefix = f"{self.subpath}/" if self.subpath else ""
        paths = [p for p in out.split("\0") if p]
        return [p[len(prefix) :] if p.startswith(prefix) else p for p in paths]

    def base_bytes(self, relpath: str) -> bytes | None:
        """The bytes of a workspace-relative file at the base commit, or None.

        None when the file did not exist there or is not a regular file. Used by the gate to check and restore protected files.
        """
        rel = posixpath.normpath(relpath.replace("\\", "/")).lstrip("/")
        if rel.startswith("../") or rel in ("..", "."):
            return None
        full = f"{self.subpath}/{rel}" if self.subpath else rel
        cp = git(
            self.worktree,
            "cat-file",
            "blob",
            f"{self.base_commit}:{full}",
            check=False,
            binary=True,
        )
        return cp.stdout if cp.returncode == 0 else None

    def base_files(self) -> list[str]:
        """Workspace-relative POSIX paths of every file in the base commit under the subpath."""
        args = ["ls-tree", "-r", "--name-only", "-z", "--full-tree", self.base_commit]
        if self.subpath:
            args += ["--", self.subpath]
        out = git(self.worktree, *args, read_only=True).stdout
        prefix = f"{self.subpath}/" if self.subpath else ""
        return [p[len(prefix) :] for p in out.split("\0") if p and p.startswith(prefix)]

    # -- ending a run --------------------------------------------------------------------------

    def _identity(self) -> list[str]:
        name, email = commit_identity(self.worktree)
        return [
            "-c",
            "commit.gpgsign=false",
            "-c",
            f"user.name={name}",
            "-c",
            f"user.email={email}",
        ]

    def finish(self, message: str) -> str | None:
        """Commit every change the run made in the worktree on the run's branch.

        Args:
            message: the commit message (the caller says "verified" or "work in progress").

        Returns:
            the full hash of the branch's head commit when the branch holds a change (a commit
            beyond the base), else None. In in-place mode nothing is committed and None is
            returned: the change stays uncommitted in the user's checkout for review.

        Raises:
            GitStateError: git failed to commit.
        """
        if self.in_place:
            return None
        git(self.worktree, "add", "-A", "--", *_pathspecs(self.subpath))
        staged = git(self.worktree, "diff", "--cached", "--quiet", check=False)
        if staged.returncode == 1:
            git(
                self.worktree,
                *self._identity(),
                "commit",
                "--no-verify",
                "--no-gpg-sign",
                "-q",
                "-m",
                message or "fixloop: work in progress",
            )
        head = git(self.worktree, "rev-parse", "HEAD", read_only=True).stdout.strip()
        self.head_commit = head if head != self.base_commit else None
        return self.head_commit

    def point_branch(self, commit: str) -> None:
        """Make the run's branch point at ``commit``; the worktree's index follows.

        ``commit`` is a child of the base made with :func:`fixloop.candidate.commit_tree`; the
        worktree's files stay as they are. Sets :attr:`head_commit`.

        Raises:
            GitStateError: in-place mode (the user's checkout is never moved), or git failed
                (for instance the branch moved since the run began).
        """
        if self.in_place:
            raise GitStateError("in-place runs leave their change uncommitted")
        current = git(self.worktree, "rev-parse", "HEAD", read_only=True).stdout.strip()
        git(self.worktree, "update-ref", f"refs/heads/{self.branch}", commit, current)
        git(self.worktree, "read-tree", "HEAD")  # the index follows; no file is touched
        self.head_commit = commit

    def remove_worktree(self, *, force: bool = False) -> None:
        """Delete the worktree folder; the branch (and its commits) stay in the repository.

        Does nothing in in-place mode or when the worktree is already gone.

        Raises:
            GitStateError: the worktree has changes :meth:`finish` has not committed (unless
                ``force``), or git failed.
        """
        if self.in_place or not self.worktree.exists():
            return
        if not force:
            git(self.worktree, "add", "-A", "--", *_pathspecs(self.subpath))
            if git(self.worktree, "diff", "--cached", "--quiet", "HEAD", check=False).returncode:
                raise GitStateError(
                    f"worktree {self.worktree} has uncommitted changes; call finish() first"
                )
        git(self.repo, "worktree", "remove", "--force", str(self.worktree))
        git(self.repo, "worktree", "prune", check=False)

    def review_hint(self) -> str:
        """How to review, merge and clean up the run's change (a few lines of shell commands)."""
        repo = str(self.repo)
        base = self.base_commit[:12]
        if self.in_place:
            return "\n".join(
                [
                    f"The change is uncommitted in your checkout {repo}, on "
                    f"{render.checkout_place(self.branch, self.base_commit)}.",
                    f"  review:   git -C {repo} diff",
                    f"  keep:     git -C {repo} commit -am 'fix failing tests'",
                    f"  drop:     git -C {repo} restore .",
                ]
            )
        lines = []
        if self.head_commit is None:
            lines.append(f"No change was committed; branch {self.branch} equals the base {base}.")
        else:
            lines += [
                f"The change is committed on branch {self.branch} (base {base}).",
                f"  review:   git -C {repo} diff {base}..{self.branch}",
                f"  merge:    git -C {repo} merge {self.branch}",
            ]
        if self.worktree.exists():
            lines.append(f"  worktree: {self.worktree}")
            lines.append(f"  clean up: git -C {repo} worktree remove --force {self.worktree}")
        lines.append(f"  drop:     git -C {repo} branch -D {self.branch}")
        return "\n".join(lines)


def _unique_branch(top: Path, run_id: str) -> str:
    base = f"{BRANCH_PREFIX}{run_id}"
    if git(top, "check-ref-format", "--branch", base, check=False).returncode != 0:
        raise UsageError(f"run id {run_id!r} does not make a valid git branch name")
    name, n = base, 1
    while (
        git(top, "rev-parse", "--verify", "-q", f"refs/heads/{name}", check=False).returncode == 0
    ):
        n += 1
        name = f"{base}-{n}"
    return name


def _unique_dir(parent: Path, name: str) -> Path:
    d, n = parent / name, 1
    while d.exists():
        n += 1
        d = parent / f"{name}-{n}"
    return d


def _safe_dirname(run_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", run_id) or "run"


def folder_problem(src: Path, given: Path | str) -> None:
    """Refuse a PATH that is not a folder, saying what it is.

    Raises:
        UsageError: ``src`` is a file ("is a file, not a folder: give the project's folder") or
            does not exist ("no such folder").
    """
    if src.is_dir():
        return
    if src.exists():
        raise UsageError(f"{given} is a file, not a folder: give the project's folder")
    raise UsageError(f"{given}: no such folder")


#: git's refusal of a repository another user owns (its ``safe.directory`` check, git 2.35.2+;
#: fixloop runs git with ``LC_ALL=C``, so the words are these).
_DUBIOUS_RE = re.compile(r"detected dubious ownership in repository at '([^'\n]*)'")


def _not_a_repository(src: Path, stderr: str) -> str:
    """The one-line message for a folder git does not open as a repository.

    Args:
        src: the folder the user named.
        stderr: git's error output of ``rev-parse --show-toplevel`` there.

    Returns:
        "not inside a git repository" with how to make one; or, when git refused a repository
        owned by another user ("dubious ownership": files unpacked as root keep the archive's
        owner), that refusal and its two fixes: ``git init`` there would not help.
    """
    m = _DUBIOUS_RE.search(stderr or "")
    if m is not None:
        repo = m.group(1)
        return (
            f"git refuses the repository at {repo}: it is owned by another user than the one "
            "running fixloop (git's safe.directory check; files unpacked as root keep the "
            f'archive\'s owner); make it yours (`chown -R "$(id -u):$(id -g)" {repo}`) or trust '
            f"it (`git config --global --add safe.directory {repo}`)"
        )
    return (
        f"{src} is not inside a git repository; fixloop works on a branch, so run "
        "`git init && git add -A && git commit -m initial` there first"
    )


#: The lock file descriptors of this process's in-place runs, by checkout top folder.
_IN_PLACE_LOCKS: dict[Path, int] = {}


def lock_checkout(top: Path, run_id: str) -> None:
    """Take the in-place lock of the checkout ``top`` for the run ``run_id``.

    Two ``--in-place`` runs in one checkout edited the same files at once (the second started
    while the first's tree was still clean; it ended "not fixed" over the first's edits). The
    lock is an exclusive ``flock`` on ``$FIXLOOP_HOME/locks/<hash of top>.lock`` (nothing is
    written into the repository), released by :func:`unlock_checkout` or when the process
    ends, however it ends. The file holds the run id, for the second run's message.

    Raises:
        GitStateError: another run holds the lock (its run id named).
    """
    import fcntl
    import hashlib
    import os

    folder = fixloop_home() / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    name = hashlib.sha256(str(top).encode("utf-8", "surrogateescape")).hexdigest()[:24]
    fd = os.open(folder / f"{name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(fd, 200).decode("utf-8", "replace").strip() or "unknown"
        os.close(fd)
        raise GitStateError(
            f"another fixloop run ({holder}) is working in place in {top}; wait for it to "
            "end, or run without --in-place (a worktree of its own)"
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, run_id.encode())
    _IN_PLACE_LOCKS[top] = fd


def unlock_checkout(top: Path) -> None:
    """Release this process's in-place lock of ``top`` (:func:`lock_checkout`); none: no-op."""
    import os

    fd = _IN_PLACE_LOCKS.pop(top, None)
    if fd is not None:
        os.close(fd)  # closing the descriptor releases the flock


def isolate(
    path: Path | str,
    run_id: str,
    *,
    in_place: bool = False,
    worktrees_dir: Path | None = None,
) -> Isolation:
    """Prepare the run's working copy on a new branch ``fixloop/<run-id>``.

    Args:
        path: the folder to work on: a repository top or any folder inside it.
        run_id: the run id (see :func:`fixloop.trajectory.new_run_id`).
        in_place: work in the user's checkout, on the branch it is on, instead of making a
            worktree (no branch is made); refuses a dirty tree.
        worktrees_dir: where worktrees go (default ``fixloop_home()/worktrees``).

    Returns:
        an :class:`Isolation`; ``root`` is the folder the run works in.

    Raises:
        UsageError: ``path`` is not an existing folder (a file: says so), or the run id is not
            a valid branch name.
        GitStateError: not a git repository, no commit yet, the folder is not in the HEAD commit,
            in-place with uncommitted changes, or git failed. Each message is one line.
        NotWritable: the checkout (in-place) or the git directory (else) cannot be written
            (:mod:`fixloop.writable`; exit code 3), before anything was written.
    """
    src = Path(path).expanduser()
    folder_problem(src, path)
    src = src.resolve()
    top_cp = git(src, "rev-parse", "--show-toplevel", check=False, read_only=True)
    if top_cp.returncode != 0 or not top_cp.stdout.strip():
        raise GitStateError(_not_a_repository(src, top_cp.stderr))
    top = Path(top_cp.stdout.strip()).resolve()
    head = git(top, "rev-parse", "--verify", "-q", "HEAD^{commit}", check=False, read_only=True)
    if head.returncode != 0 or not head.stdout.strip():
        raise GitStateError(
            f"the repository {top} has no commit yet; commit your files first "
            "(`git add -A && git commit -m initial`)"
        )
    base = head.stdout.strip()
    subpath = src.relative_to(top).as_posix() if src != top else ""
    if subpath == ".":
        subpath = ""
    if subpath:
        kind = git(top, "cat-file", "-t", f"{base}:{subpath}", check=False, read_only=True)
        if kind.stdout.strip() != "tree":
            raise GitStateError(
                f"{subpath}/ has no committed files at HEAD; fixloop works on committed code, "
                "so commit it first"
            )
    sym = git(top, "symbolic-ref", "-q", "--short", "HEAD", check=False, read_only=True)
    detached = sym.returncode != 0  # HEAD is a commit, not a branch
    original = base if detached else sym.stdout.strip()
    uncommitted = _status_paths(top)

    if in_place:
        lock_checkout(top, run_id)  # before the clean check: a second run names the first
        if uncommitted:
            unlock_checkout(top)
            shown = ", ".join(uncommitted[:3]) + (" ..." if len(uncommitted) > 3 else "")
            raise GitStateError(
                f"--in-place needs a clean working tree; {len(uncommitted)} uncommitted "
                f"path(s) ({shown}): commit or stash them, or run without --in-place"
            )
        if why := checkout_problem(top, top / subpath if subpath else top):
            unlock_checkout(top)
            raise NotWritable(
                f"your checkout is not writable: {why}; --in-place edits the files there: make "
                "it writable, or run without --in-place"
            )
        # the checkout stays on the branch it is on: the change is left uncommitted there
        return Isolation(
            repo=top,
            root=top / subpath if subpath else top,
            worktree=top,
            subpath=subpath,
            source=src,
            branch="" if detached else original,  # a commit is no branch: never shown as one
            base_commit=base,
            in_place=True,
            uncommitted=[],
            original_head=original,
        )

    if why := git_dir_problem(top):
        raise NotWritable(
            f"the repository's .git is not writable ({why}): fixloop needs to create a branch "
            "there (and a worktree's record); make it writable, or work on a writable copy"
        )
    branch = _unique_branch(top, run_id)
    parent = Path(worktrees_dir) if worktrees_dir is not None else fixloop_home() / "worktrees"
    parent.mkdir(parents=True, exist_ok=True)
    wt = _unique_dir(parent.resolve(), _safe_dirname(run_id))
    try:
        wt.relative_to(top)
    except ValueError:
        pass
    else:
        raise GitStateError(
            f"the worktree folder {wt} would be inside the repository {top}; set FIXLOOP_HOME "
            "to a folder outside it"
        )
    git(top, "worktree", "add", "-q", "-b", branch, str(wt), base)
    return Isolation(
        repo=top,
        root=wt / subpath if subpath else wt,
        worktree=wt,
        subpath=subpath,
        source=src,
        branch=branch,
        base_commit=base,
        in_place=False,
        uncommitted=uncommitted,
        original_head=original,
    )
