"""The gate's checkout made to look like the user's checkout (red team 3, F1, F6, F10).

:func:`fixloop.candidate.checkout_tree` writes the candidate's tree into a bare folder: no
``.git`` (a project's own ``git ls-files`` test failed there, and ``os.path.exists(".git")``
told code it was being judged) and every file written in the same second (a check that the
module's files are "all as old as each other" told it too). :func:`dress_checkout` fixes both
before the tests run:

- **mtimes**: a file whose content the candidate did not change gets the modification time of
  the same file in the user's checkout (as a user's clone keeps it); a changed file keeps
  "now", as an edited file has. Setting an mtime sets the file's ctime to "now" (a ctime cannot
  be set), so those files' ctime lies after their mtime, which no clone's files show (redteam4
  G1): the perturbed run's checkout (``keep_mtimes=False``) keeps the times it was written
  with (ctime == mtime, all files of one age), so code keyed on either shape gets two answers.
- **a git repository** holding exactly the candidate: the user's history
  (:mod:`fixloop.gate.history`: the objects of the user's branches, tags and remote-tracking
  branches, packed once per gate and copied in, with those refs, the remotes and the branch's
  tracking; shallow only where the user's own clone is) and the objects the candidate added
  (``git pack-objects`` / ``git index-pack``; the sandbox never needs the user's ``.git``).
  Without the history (a store over :data:`fixloop.gate.history.MAX_STORE_BYTES`, git
  failed) the base commit, its tree and the candidate's are copied and the base commit is the
  shallow boundary (``.git/shallow``), as before red team 3's F31 (``.git/shallow`` in every
  gate run and in no user's clone told code it was judged). The branch is the user's,
  ``info/exclude`` is the user's, and the index holds the candidate's tree with fresh stat data
  (``git update-index --refresh``), so ``git ls-files`` lists exactly the candidate's files and
  ``git status`` shows no untracked or unstaged file.

  Two shapes, so that code depending on the repository's state gets different answers in the
  first runs and the perturbed run (:mod:`fixloop.gate.runs`), as the branch a user checks out
  (committed) and the change applied to a user's tree (staged) differ:

  * ``staged=False`` (the full run, repeats, second opinion): HEAD is a new commit of the
    candidate's tree on top of the base commit, on the user's branch: ``git status`` is clean.
  * ``staged=True`` (the perturbed run): HEAD is the base commit; the candidate's changes are
    staged in the index: ``git status`` shows them as changes to be committed.

Source for the plumbing: git-pack-objects(1) (object ids on stdin), git-index-pack(1)
``--stdin``, git-read-tree(1), git-update-index(1) ``--refresh``, git-commit-tree(1),
gitrepository-layout(5) (``shallow``, ``info/exclude``), git 2.39.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from fixloop.gate.history import History
from fixloop.git import GitError, commit_identity, git

__all__ = ["dress_checkout", "tree_blobs", "try_dress_checkout", "user_branch"]


def tree_blobs(top: Path, tree: str) -> tuple[dict[str, str], set[str]]:
    """``({path: blob id}, {every object id})`` of a tree (recursive, repository-relative).

    The object ids are the tree itself, its subtrees and its blobs (gitlinks left out: a
    submodule's commit is not in this repository).

    Raises:
        fixloop.git.GitError: git failed.
    """
    out = git(top, "ls-tree", "-r", "-t", "-z", "--full-tree", tree, read_only=True).stdout
    blobs: dict[str, str] = {}
    ids = {tree}
    for entry in out.split("\0"):
        meta, _, path = entry.partition("\t")
        fields = meta.split()
        if len(fields) != 3 or fields[1] == "commit":
            continue
        ids.add(fields[2])
        if fields[1] == "blob":
            blobs[path] = fields[2]
    return blobs, ids


def _keep_mtimes(dest: Path, user_top: Path, blobs: dict[str, str], base: dict[str, str]) -> None:
    """Give each file the candidate did not change the user's checkout's mtime (best effort)."""
    for path, blob in blobs.items():
        if base.get(path) != blob:
            continue  # changed or new: "now", as an edited file
        try:
            st = os.lstat(user_top / path)
            target = dest / path
            if not target.is_symlink():
                os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))
        except OSError:
            continue


def _identity(top: Path) -> dict[str, str]:
    """The author and committer of the lookalike commit (:func:`fixloop.git.commit_identity`)."""
    name, email = commit_identity(top)
    return {
        "GIT_AUTHOR_NAME": name,
        "GIT_AUTHOR_EMAIL": email,
        "GIT_COMMITTER_NAME": name,
        "GIT_COMMITTER_EMAIL": email,
    }


def user_branch(user_top: Path | None) -> str | None:
    """The branch the user's checkout is on (None: detached, or no checkout)."""
    if user_top is None:
        return None
    cp = git(user_top, "symbolic-ref", "--short", "-q", "HEAD", check=False, read_only=True)
    name = cp.stdout.strip()
    return name if cp.returncode == 0 and name else None


def dress_checkout(
    root: Path,
    tree: str,
    base_commit: str,
    dest_top: Path,
    *,
    user_top: Path | None,
    staged: bool = False,
    history: History | None = None,
    keep_mtimes: bool = True,
) -> None:
    """Make the fresh checkout at ``dest_top`` look like a user's clone (the module's rules).

    Call it right after :func:`fixloop.candidate.checkout_tree` and before the ignored files
    and submodules are brought in (the index must hold the candidate's tree only).

    Args:
        root: a folder inside the run's git work tree (its object store has both trees).
        tree: the candidate's tree id.
        base_commit: the commit the run started from.
        dest_top: the top of the fresh checkout (holds exactly ``tree``).
        user_top: the user's repository top (mtimes, branch, ``info/exclude``); None: none.
        staged: HEAD at the base commit with the change staged (the perturbed run), else a
            commit of the change on top of it.
        history: the user's history (:func:`fixloop.gate.history.build_history`, which holds
            the base commit): installed, so the checkout is not shallow, with the user's refs
            and remotes; None: the base commit alone, as the shallow boundary.
        keep_mtimes: give unchanged files the user's mtimes (False: the perturbed run).

    Raises:
        fixloop.git.GitError: git failed (the checkout may then hold a partial ``.git``).
        OSError: a file of ``.git`` could not be written.
    """
    run_top = Path(git(root, "rev-parse", "--show-toplevel", read_only=True).stdout.strip())
    base_tree = git(run_top, "rev-parse", f"{base_commit}^{{tree}}", read_only=True).stdout.strip()
    blobs, ids = tree_blobs(run_top, tree)
    base_blobs, base_ids = (blobs, ids) if base_tree == tree else tree_blobs(run_top, base_tree)
    if user_top is not None and keep_mtimes:
        _keep_mtimes(dest_top, Path(user_top), blobs, base_blobs)
    # with the history, only what the candidate added; else the base commit and both trees
    objects = sorted(ids - base_ids if history is not None else ids | base_ids | {base_commit})
    pack = b""
    if objects:
        pack = git(
            run_top,
            "pack-objects",
            "--stdout",
            "-q",
            "--window=0",
            binary=True,
            config=("pack.compression=1",),
            input="".join(o + "\n" for o in objects).encode("ascii"),
        ).stdout
    branch = user_branch(user_top)
    dest = Path(dest_top)
    git(dest, "init", "-q", *([f"--initial-branch={branch}"] if branch else []), ".")
    gitdir = dest / ".git"
    if history is not None:
        history.install(gitdir)
    if pack:
        git(dest, "index-pack", "--stdin", binary=True, input=pack)
    if history is None:
        (gitdir / "shallow").write_text(base_commit + "\n", encoding="ascii")
    if user_top is not None:
        common = git(
            Path(user_top), "rev-parse", "--git-common-dir", check=False, read_only=True
        ).stdout.strip()
        exclude = (Path(user_top) / common / "info" / "exclude") if common else None
        if exclude is not None and exclude.is_file():
            (gitdir / "info").mkdir(exist_ok=True)
            shutil.copyfile(exclude, gitdir / "info" / "exclude")
    git(dest, "read-tree", tree)
    git(dest, "update-index", "-q", "--refresh", check=False)
    if staged or base_tree == tree:
        head = base_commit
    else:
        head = git(
            dest,
            "commit-tree",
            "--no-gpg-sign",
            tree,
            "-p",
            base_commit,
            env=_identity(run_top),
            input="fixloop: the change under test",
        ).stdout.strip()
    if branch:
        git(dest, "update-ref", f"refs/heads/{branch}", head)
    else:
        git(dest, "update-ref", "--no-deref", "HEAD", head)


def try_dress_checkout(
    root: Path,
    tree: str,
    base_commit: str | None,
    dest_top: Path,
    *,
    user_top: Path | None,
    staged: bool = False,
    history: History | None = None,
    keep_mtimes: bool = True,
) -> str:
    """:func:`dress_checkout`, its failure a sentence ("" when done; the tests run either way).

    A checkout without ``.git`` is what the gate had before; a git failure here (an object
    missing from a partial clone, a filesystem full) must not block a verdict.
    """
    if not base_commit:
        return "no base commit"
    try:
        dress_checkout(
            root,
            tree,
            base_commit,
            dest_top,
            user_top=user_top,
            staged=staged,
            history=history,
            keep_mtimes=keep_mtimes,
        )
    except (GitError, OSError) as e:
        shutil.rmtree(Path(dest_top) / ".git", ignore_errors=True)
        return str(e).splitlines()[0] if str(e) else type(e).__name__
    return ""
