"""Approval gates (``--approve POLICY``): a person says yes before a change is kept.

POLICY is ``never`` (the default) or a comma-separated set of:

- ``commit``: ask before the run's branch commit (the session asks; a refusal leaves the work
  uncommitted in the worktree, which is then kept);
- ``edits``: ask before each edit is kept (``edit_file``, ``create_file``, ``replace_symbol``),
  showing its diff;
- ``deps``: ask before a change to a dependency file (:func:`is_dependency_file`:
  ``requirements*.txt``, ``constraints*.txt``, ``Pipfile``, lock files), which is refused
  otherwise (the "source only" rule). An approved dependency file joins the run's ``allow_edit``
  for the rest of the run, so the gate accepts it too. ``pyproject.toml`` stays test
  configuration (read-only to the model whatever the policy).

An edit is asked about after the tool made it (so the diff is the real one) and before the loop
goes on: a refusal restores the file's exact bytes (a created file is removed) and the model gets
a tool error with the person's words (kind ``refused_by_person``). Every question and answer is an
``approval`` event in the trajectory. fixloop never pushes, merges or touches other branches,
whatever the policy.
"""

from __future__ import annotations

import difflib
import fnmatch
import glob
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from fixloop.errors import UsageError
from fixloop.person import Decision, Person
from fixloop.types import ToolResult
from fixloop.workspace import Workspace

POLICIES = ("never", "commit", "edits", "deps")
#: The tools that write files (each call's ``path`` is the file).
WRITE_TOOLS = ("edit_file", "create_file", "replace_symbol")
#: Dependency files (fnmatch on the file name, case-insensitive).
DEPENDENCY_NAMES = (
    "requirements*.txt",
    "requirements*.in",
    "constraints*.txt",
    "pipfile",
    "pipfile.lock",
    "poetry.lock",
    "uv.lock",
    "pdm.lock",
    "pylock*.toml",
)


def parse_policy(text: str | None) -> frozenset[str]:
    """The set of things to ask about; empty for ``never``.

    Raises:
        UsageError: an unknown word, or ``never`` with another.
    """
    words = {w.strip().lower() for w in (text or "never").split(",") if w.strip()} or {"never"}
    unknown = sorted(words - set(POLICIES))
    if unknown:
        raise UsageError(
            f"--approve: unknown {', '.join(map(repr, unknown))}; use never or a comma-separated "
            "set of commit, edits, deps"
        )
    if "never" in words and len(words) > 1:
        raise UsageError("--approve never cannot be combined with commit, edits or deps")
    return frozenset(words - {"never"})


def is_dependency_file(relpath: str) -> bool:
    """True for a file that pins or lists the project's dependencies (see DEPENDENCY_NAMES)."""
    parts = relpath.replace("\\", "/").strip("/").split("/")
    name = parts[-1].casefold()
    if len(parts) > 1 and parts[-2].casefold() == "requirements" and name.endswith(".txt"):
        return True
    return any(fnmatch.fnmatchcase(name, pat) for pat in DEPENDENCY_NAMES)


def _text(data: bytes | None) -> list[str]:
    if data is None:
        return []
    return data.decode("utf-8", "replace").splitlines(keepends=True)


class Approver:
    """Asks a person before changes are kept (see the module docstring).

    Args:
        policy: from :func:`parse_policy` (not empty).
        person: who is asked.
        emit: ``emit(type, data)`` for the ``approval`` events, or None.

    Attributes:
        asked: approvals asked so far; ``refused``: how many were refused.
    """

    def __init__(
        self,
        policy: frozenset[str],
        person: Person,
        emit: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        self.policy, self.person, self.emit = policy, person, emit
        self.asked = self.refused = 0

    @property
    def asks_commit(self) -> bool:
        """True when the branch commit needs the person's yes."""
        return "commit" in self.policy

    def _decide(self, what: str, path: str | None, diff: str) -> Decision:
        self.asked += 1
        decision = self.person.confirm(what, diff)
        self.refused += not decision.approved
        if self.emit is not None:
            data = {"what": what, "path": path, "approved": decision.approved}
            self.emit("approval", {**data, "words": decision.words})
        return decision

    def confirm_commit(self, diff: str) -> Decision:
        """Ask before the branch commit (the session calls this when :attr:`asks_commit`)."""
        return self._decide("the commit on the run's branch", None, diff)

    def guard(
        self, ws: Workspace, tool: str, args: Mapping[str, Any], run: Callable[[], ToolResult]
    ) -> ToolResult:
        """Run one tool call, asking the person before its change is kept when the policy says.

        Args:
            ws: the workspace (its policy gets an approved dependency file's path).
            tool: the tool's name.
            args: its checked arguments (``path`` for a write).
            run: runs the call.

        Returns:
            the call's result; or, when the person refused, an error result (kind
            ``refused_by_person``) with their words, the file restored.
        """
        rel = args.get("path") if tool in WRITE_TOOLS else None
        if not isinstance(rel, str):
            return run()
        dep = is_dependency_file(rel)
        if not ("edits" in self.policy or (dep and "deps" in self.policy)):
            return run()
        granted = None
        if dep and not ws.policy.allowed(rel):
            granted = glob.escape(rel.replace("\\", "/").strip("/")).casefold()
            ws.policy.allow_edit = (*ws.policy.allow_edit, granted)
        try:
            target = ws.resolve(rel, write=True, must_exist=False)
            before = target.read_bytes() if target.is_file() else None
            mode = target.stat().st_mode if target.is_file() else None
        except Exception:  # noqa: BLE001 - the tool itself says what is wrong with the path
            target, before, mode = None, None, None
        res = run()
        if target is None or res.is_error or not res.changed_path:
            self._revoke(ws, granted)
            return res
        after = target.read_bytes() if target.is_file() else None
        diff = "".join(
            difflib.unified_diff(_text(before), _text(after), f"a/{rel}", f"b/{rel}", n=3)
        )
        try:
            decision = self._decide(f"{tool} {rel}", rel, diff)
        except EOFError:  # the terminal went away: nobody approved it
            decision = Decision(False, "no answer (the terminal closed)")
        except KeyboardInterrupt:  # Ctrl-C: the run ends; an unapproved change is not kept
            self._restore(target, before, mode)
            self._revoke(ws, granted)
            raise
        if decision.approved:
            return res
        self._restore(target, before, mode)
        self._revoke(ws, granted)
        said = f": {decision.words}" if decision.words else " (no reason given)"
        return ToolResult(
            f"Error: the person refused this change to {rel}{said}. The file is as it was "
            "before the call; take their words into account.",
            is_error=True,
            kind="refused_by_person",
        )

    @staticmethod
    def _restore(target: Path, before: bytes | None, mode: int | None) -> None:
        if before is None:
            target.unlink(missing_ok=True)
        else:
            target.write_bytes(before)
            if mode is not None:
                os.chmod(target, mode & 0o7777)

    @staticmethod
    def _revoke(ws: Workspace, granted: str | None) -> None:
        if granted is not None:
            ws.policy.allow_edit = tuple(g for g in ws.policy.allow_edit if g != granted)
