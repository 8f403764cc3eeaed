"""The one way fixloop runs git: :func:`git`.

Plain ``git`` through :mod:`subprocess`, not GitPython or pygit2: fixloop runs about a dozen
porcelain and plumbing commands (worktree, status, diff, ls-files, cat-file, archive, commit)
and must behave exactly as the user's own git does on the same repository (its config,
attributes, worktree layout). GitPython shells out to that same ``git`` binary for most of
these anyway (a dependency and a layer without removing the need for git on PATH); pygit2 is
libgit2, a second implementation with its own differences and a compiled dependency. One
function keeps the safety settings in one place:

- ``core.hooksPath=/dev/null`` and ``core.fsmonitor=false``: the repository's hooks and its
  fsmonitor command never run (a repository's content is data, never code fixloop executes);
- the location variables (``GIT_DIR``, ``GIT_WORK_TREE``, ``GIT_INDEX_FILE`` ...) and
  ``GIT_EXTERNAL_DIFF`` of the calling environment are dropped, so git works on ``cwd`` and
  nothing else; ``GIT_TERMINAL_PROMPT=0`` (never waits for a password), ``LC_ALL=C`` (messages
  fixloop can read);
- stdin closed; ``read_only=True`` sets ``GIT_OPTIONAL_LOCKS=0`` so status-like commands never
  write the index of a checkout someone else is using.

Source for the options and variables: git(1), git-config(1) ``core.hooksPath``,
``core.fsmonitor``; git(1) "ENVIRONMENT VARIABLES" (git 2.39).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal, overload

from fixloop.errors import GitStateError

__all__ = ["GitError", "commit_identity", "git", "git_env"]

#: Variables that would point git at another repository, index or work tree than ``cwd``'s.
GIT_LOCATION_VARS = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_PREFIX",
    "GIT_NAMESPACE",
)

#: ``-c`` settings every git command gets.
SAFE_CONFIG = ("core.hooksPath=/dev/null", "core.fsmonitor=false")


class GitError(GitStateError):
    """A git command failed (or git is missing).

    Attributes:
        argv: the git arguments (after ``git`` and its ``-c`` settings).
        returncode: git's exit code (None when git could not be started).
        stderr: git's error output, decoded.
    """

    def __init__(
        self, message: str, *, argv: Sequence[str], returncode: int | None, stderr: str
    ) -> None:
        super().__init__(message)
        self.argv = list(argv)
        self.returncode = returncode
        self.stderr = stderr


def git_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment git runs with: the caller's, without the location variables.

    Args:
        extra: variables added last (identity for a commit, ``GIT_OPTIONAL_LOCKS`` ...).

    Returns:
        A new dict (``GIT_TERMINAL_PROMPT=0``, ``LC_ALL=C``, no ``GIT_EXTERNAL_DIFF``).
    """
    env = {k: v for k, v in os.environ.items() if k not in GIT_LOCATION_VARS}
    env["GIT_TERMINAL_PROMPT"] = "0"
    env["LC_ALL"] = "C"
    env.pop("GIT_EXTERNAL_DIFF", None)
    if extra:
        env.update(extra)
    return env


@overload
def git(
    cwd: Path,
    *args: str,
    check: bool = ...,
    env: Mapping[str, str] | None = ...,
    read_only: bool = ...,
    binary: Literal[False] = ...,
    config: Sequence[str] = ...,
    timeout: float | None = ...,
    input: str | None = ...,
) -> subprocess.CompletedProcess[str]: ...


@overload
def git(
    cwd: Path,
    *args: str,
    check: bool = ...,
    env: Mapping[str, str] | None = ...,
    read_only: bool = ...,
    binary: Literal[True],
    config: Sequence[str] = ...,
    timeout: float | None = ...,
    input: bytes | None = ...,
) -> subprocess.CompletedProcess[bytes]: ...


def git(
    cwd: Path,
    *args: str,
    check: bool = True,
    env: Mapping[str, str] | None = None,
    read_only: bool = False,
    binary: bool = False,
    config: Sequence[str] = (),
    timeout: float | None = None,
    input: str | bytes | None = None,
) -> subprocess.CompletedProcess[str] | subprocess.CompletedProcess[bytes]:
    """Run ``git -c core.hooksPath=/dev/null -c core.fsmonitor=false [-c CONFIG] ARGS`` in ``cwd``.

    Args:
        cwd: the working directory.
        args: git arguments.
        check: raise :class:`GitError` on a non-zero exit.
        env: extra environment variables (see :func:`git_env`).
        read_only: set ``GIT_OPTIONAL_LOCKS=0`` so status-like commands never write the index.
        binary: return stdout/stderr as bytes (file contents, NUL-separated path lists);
            otherwise text (UTF-8, undecodable bytes kept as surrogate escapes).
        config: extra ``-c NAME=VALUE`` settings (e.g. ``commit.gpgsign=false``).
        timeout: seconds before git is killed (None: no limit).
        input: what git reads on stdin (text or bytes, as ``binary``); None: stdin closed.

    Returns:
        The completed process (``stdout``, ``stderr``, ``returncode``).

    Raises:
        GitError: git is missing, could not start or did not finish within ``timeout``; or it
            failed and
            ``check`` is true (the message names the subcommand and git's first error line).
    """
    extra = dict(env or {})
    if read_only:
        extra["GIT_OPTIONAL_LOCKS"] = "0"
    argv = ["git"]
    for setting in (*SAFE_CONFIG, *config):
        argv += ["-c", setting]
    argv += args
    text_opts: dict[str, object] = (
        {} if binary else {"text": True, "encoding": "utf-8", "errors": "surrogateescape"}
    )
    try:
        cp = subprocess.run(
            argv,
            cwd=cwd,
            env=git_env(extra),
            capture_output=True,
            **({"input": input} if input is not None else {"stdin": subprocess.DEVNULL}),
            timeout=timeout,
            **text_opts,  # type: ignore[call-overload]
        )
    except FileNotFoundError as e:
        if shutil.which("git") is None:
            message = "git is not installed (fixloop needs git on PATH)"
        else:  # the working folder is gone
            message = f"git could not start: {e}"
        raise GitError(message, argv=args, returncode=None, stderr="") from None
    except OSError as e:  # cwd gone or unreadable, too many open files ...
        raise GitError(f"git could not start: {e}", argv=args, returncode=None, stderr="") from None
    except subprocess.TimeoutExpired:
        raise GitError(
            f"git {args[0] if args else ''} did not finish within {timeout} s",
            argv=args,
            returncode=None,
            stderr="",
        ) from None
    if check and cp.returncode != 0:
        err = cp.stderr if isinstance(cp.stderr, str) else cp.stderr.decode("utf-8", "replace")
        out = cp.stdout if isinstance(cp.stdout, str) else cp.stdout.decode("utf-8", "replace")
        lines = (err.strip() or out.strip() or f"exit code {cp.returncode}").splitlines()
        raise GitError(
            f"git {args[0] if args else ''} failed: {lines[0] if lines else ''}",
            argv=args,
            returncode=cp.returncode,
            stderr=err,
        )
    return cp


def commit_identity(top: Path) -> tuple[str, str]:
    """``(name, email)`` for a commit fixloop makes in the repository at ``top``.

    The user's ``user.name`` and ``user.email`` as git reads them there (local, then global
    config), or ``("fixloop", "fixloop@localhost")`` when either is unset, so that a commit
    never fails on a machine with no identity configured.
    """
    name = git(top, "config", "user.name", check=False, read_only=True).stdout.strip()
    email = git(top, "config", "user.email", check=False, read_only=True).stdout.strip()
    if name and email:
        return name, email
    return "fixloop", "fixloop@localhost"
