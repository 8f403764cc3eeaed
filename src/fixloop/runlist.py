"""The recorded runs as ``fixloop runs`` lists them: each with its branch if it still exists.

A run's branch is asked of git when its repository is known and still there; otherwise it is
taken from the trajectory's ``run_end`` (a branch exists only when the run committed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fixloop.errors import FixloopError
from fixloop.trajectory import _last_complete_line, _load, list_runs


def _run_end(path: str | None) -> dict[str, Any]:
    """The ``run_end`` event of a trajectory file ({} when the run has none)."""
    try:
        end = _load(_last_complete_line(Path(str(path))))
    except OSError:
        return {}
    return end if end.get("type") == "run_end" else {}


def _fixloop_branches(repo: str, cache: dict[str, set[str] | None]) -> set[str] | None:
    """The ``fixloop/*`` branches that exist in ``repo`` (None when git cannot tell)."""
    if repo not in cache:
        from fixloop.vcs import git

        try:
            cp = git(
                Path(repo),
                "for-each-ref",
                "--format=%(refname:short)",
                "refs/heads/fixloop/",
                check=False,
                read_only=True,
            )
            cache[repo] = set(cp.stdout.split()) if cp.returncode == 0 else None
        except (FixloopError, OSError):
            cache[repo] = None
    return cache[repo]


def existing_branch(item: dict[str, Any], cache: dict[str, set[str] | None]) -> str | None:
    """The run's branch if it is still there (``cache`` holds each repository's branches)."""
    end = _run_end(item.get("path"))
    branch = (end.get("branch") if end else item.get("branch")) or None
    if not branch:
        return None
    repo = item.get("repo")
    if repo and not Path(str(repo)).is_dir():
        return None  # the repository is gone, and its branches with it
    refs = _fixloop_branches(str(repo), cache) if repo else None
    if refs is not None:
        return branch if branch in refs else None
    return branch if end.get("head_commit") else None


def runs_with_branches(base: Path | None = None) -> list[dict[str, Any]]:
    """The recorded runs with the branches that still exist.

    The recorded runs (:func:`fixloop.trajectory.list_runs`, oldest first), each ``branch`` replaced
    by the branch that still exists, or None.
    """
    items = list_runs(base)
    cache: dict[str, set[str] | None] = {}
    for item in items:
        item["branch"] = existing_branch(item, cache)
    return items
