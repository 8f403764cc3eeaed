"""Approval gates (``--approve POLICY``): a person says yes before a change is kept.

POLICY is ``never`` (the default) or a comma-separated set of:

- ``commit``: ask before the run's branch commit (the session asks; a refusal leaves the work
  uncommitted in the worktree, which is then kept);
- ``edits``: ask before each edit is kept (``edit_file``, ``create_file``, ``replace_symbol``),
  showing its diff;
- ``deps``: ask before a change to a dependency file (:func:`is_dependency_file`:
  ``requirements*.txt``, ``constraints*.txt``, ``Pipfile``, lock files), which is refused
  otherwise (the "source only" rule). An approved dependency file joins the run's ``allow_edit``
  for the rest of the run, so the gate accepts it too. ``pyproject.toml`` is test
  configuration, read-only whatever else the policy says; under ``deps`` one tool call may
  write it (the path opened for that call only, unless it is test code, under ``testpaths`` or
  read by the tests at the baseline), and the change is kept only when it is dependency-only
  (:func:`fixloop.depfiles.check_manifest`, against the file before the call: otherwise it is
  undone before anyone is asked and the model's error names the key that is not a dependency
  list) and the person says yes. The approved bytes go to :attr:`Approver.manifests`, which the
  gate checks again against the base commit (:mod:`fixloop.gate.manifests`).

Nothing is installed from an approved dependency change: the model's result and the person's
question say that the tests keep running in the existing environment.

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
import posixpath
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from fixloop.depfiles import DEPENDENCY_KEYS_TEXT, NOT_INSTALLED, check_manifest, is_manifest
from fixloop.errors import UsageError
from fixloop.person import Decision, Person
from fixloop.types import ToolResult
from fixloop.workspace import EditPolicy, PathRefused, Workspace, is_test_file

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


def make_approver(
    policy: frozenset[str],
    person: Person | None,
    emit: Callable[[str, dict[str, Any]], None] | None = None,
) -> Approver | None:
    """The run's :class:`Approver`, or None when the policy is empty or nobody can be asked.

    Args:
        policy: from :func:`parse_policy`.
        person: who is asked (None: no person, so nothing to ask).
        emit: ``emit(type, data)`` for the ``approval`` events, or None.
    """
    if not policy or person is None:
        return None
    return Approver(policy, person, emit)


def deps_note(approver: Approver | None) -> str:
    """What the model's task adds under ``deps`` ("" otherwise).

    Which dependency changes the person may approve, and that nothing is installed from them.
    """
    if approver is None or "deps" not in approver.policy:
        return ""
    return (
        "\n\nDependency changes (--approve deps): the person may approve a change to a "
        "dependency file (requirements*.txt, constraints*.txt, Pipfile, lock files) or to the "
        f"dependency lists of pyproject.toml ({DEPENDENCY_KEYS_TEXT}); every other part of "
        f"pyproject.toml stays read-only. If you change one, {NOT_INSTALLED}."
    )


class Approver:
    """Asks a person before changes are kept (see the module docstring).

    Args:
        policy: from :func:`parse_policy` (not empty).
        person: who is asked.
        emit: ``emit(type, data)`` for the ``approval`` events, or None.

    Attributes:
        asked: approvals asked so far; ``refused``: how many were refused.
        manifests: under ``deps``, ``{workspace-relative path: bytes}`` of each
            ``pyproject.toml`` the person approved (the latest approval wins), for the gate;
            None without ``deps`` (the gate then keeps every ``pyproject.toml`` as it was).
    """

    def __init__(
        self,
        policy: frozenset[str],
        person: Person,
        emit: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        self.policy, self.person, self.emit = policy, person, emit
        self.asked = self.refused = 0
        self.manifests: dict[str, bytes] | None = {} if "deps" in policy else None

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
            ws: the workspace (its policy gets an approved dependency file's path; for a
                ``pyproject.toml`` under ``deps``, it is swapped for the call's duration).
            tool: the tool's name.
            args: its checked arguments (``path`` for a write).
            run: runs the call.

        Returns:
            the call's result; or, when the person refused, an error result (kind
            ``refused_by_person``) with their words, the file restored; or, for a
            ``pyproject.toml`` change that is not dependency-only, an error result (kind
            ``not_dependency_only``) naming the key, the file restored, nobody asked.
        """
        rel = args.get("path") if tool in WRITE_TOOLS else None
        if not isinstance(rel, str):
            return run()
        manifest = "deps" in self.policy and is_manifest(rel) and _may_open(ws.policy, rel)
        dep = manifest or is_dependency_file(rel)
        if not ("edits" in self.policy or (dep and "deps" in self.policy)):
            return run()
        granted = None
        if dep and not manifest and not ws.policy.allowed(rel):
            granted = glob.escape(rel.replace("\\", "/").strip("/")).casefold()
            ws.policy.allow_edit = (*ws.policy.allow_edit, granted)
        kept = ws.policy
        if manifest:  # this one call may write it; the rule and the person decide after
            ws.policy = _OpenedManifest(kept, rel)
        try:
            return self._guarded(ws, tool, rel, run, granted, manifest=manifest)
        finally:
            ws.policy = kept

    def _guarded(
        self,
        ws: Workspace,
        tool: str,
        rel: str,
        run: Callable[[], ToolResult],
        granted: str | None,
        *,
        manifest: bool,
    ) -> ToolResult:
        """:meth:`guard` once the call's path is open: snapshot, run, check, ask, keep or undo."""
        try:
            target = ws.resolve(rel, write=True, must_exist=False)
            before = target.read_bytes() if target.is_file() else None
            mode = target.stat().st_mode if target.is_file() else None
            snap = _Snapshot(ws, ws.relpath(target), target, before, mode)
        except Exception:  # noqa: BLE001 - the tool itself says what is wrong with the path
            snap = None
        res = run()
        if snap is None or res.is_error or not res.changed_path:
            self._revoke(ws, granted)
            return res
        after = snap.target.read_bytes() if snap.target.is_file() else None
        if manifest:
            check = check_manifest(before, after)
            if not check.ok:
                snap.restore()
                return ToolResult(
                    f"Error: rule 'dependency changes only': under --approve deps, {rel} may "
                    f"change only in its dependency lists ({DEPENDENCY_KEYS_TEXT}), and this "
                    f"call's change is refused: {check.why()}. {rel} is test and project "
                    "configuration otherwise. The file is as it was before the call and the "
                    "person was not asked; change only the dependency lists (or fix the code "
                    "instead).",
                    is_error=True,
                    kind="not_dependency_only",
                )
        diff = "".join(
            difflib.unified_diff(_text(before), _text(after), f"a/{rel}", f"b/{rel}", n=3)
        )
        if manifest:
            keys = ", ".join(check.dependencies) or "no value changed: comments or layout"
            diff = f"# dependency lists only ({keys}); {NOT_INSTALLED}\n{diff}"
        elif "deps" in self.policy and is_dependency_file(rel):
            diff = f"# a dependency file; {NOT_INSTALLED}\n{diff}"
        try:
            decision = self._decide(f"{tool} {rel}", rel, diff)
        except EOFError:  # the terminal went away: nobody approved it
            decision = Decision(False, "no answer (the terminal closed)")
        except KeyboardInterrupt:  # Ctrl-C: the run ends; an unapproved change is not kept
            snap.restore()
            self._revoke(ws, granted)
            raise
        if decision.approved:
            if manifest and self.manifests is not None and after is not None:
                self.manifests[snap.key] = after
            if "deps" in self.policy and (manifest or is_dependency_file(rel)):
                res.content += f"\nThe person approved this dependency change; {NOT_INSTALLED}."
            return res
        snap.restore()
        self._revoke(ws, granted)
        said = f": {decision.words}" if decision.words else " (no reason given)"
        return ToolResult(
            f"Error: the person refused this change to {rel}{said}. The file is as it was "
            "before the call; take their words into account.",
            is_error=True,
            kind="refused_by_person",
        )

    @staticmethod
    def _revoke(ws: Workspace, granted: str | None) -> None:
        if granted is not None:
            ws.policy.allow_edit = tuple(g for g in ws.policy.allow_edit if g != granted)


class _Snapshot:
    """A file before a tool call: its bytes, mode and the tools' record of it, to undo the call.

    Args:
        ws: the workspace (its :attr:`~fixloop.workspace.Workspace.written` record).
        key: the workspace-relative path the tools record the file under.
        target: the file's real path.
        before: its bytes (None: it did not exist); mode: its ``st_mode`` (None likewise).
    """

    def __init__(
        self, ws: Workspace, key: str, target: Path, before: bytes | None, mode: int | None
    ) -> None:
        self.ws, self.key, self.target, self.before, self.mode = ws, key, target, before, mode
        self.recorded = key in ws.written
        self.written = ws.written.get(key)

    def restore(self) -> None:
        """Put the file's bytes and mode back, and the tools' record of it (the commit's bytes)."""
        if self.before is None:
            self.target.unlink(missing_ok=True)
        else:
            self.target.write_bytes(self.before)
            if self.mode is not None:
                os.chmod(self.target, self.mode & 0o7777)
        if self.written is not None:
            self.ws.written[self.key] = self.written
        elif not self.recorded:
            self.ws.written.pop(self.key, None)


def _key(rel: str) -> str:
    """``rel`` normalized and casefolded as the workspace's policy matches it."""
    return "/".join(
        c.casefold() for c in posixpath.normpath(rel or ".").split("/") if c not in ("", ".")
    )


def _may_open(policy: EditPolicy, rel: str) -> bool:
    """True when only "test configuration" keeps ``rel`` (a ``pyproject.toml``) read-only.

    Test code (``tests/pyproject.toml``), a file under ``testpaths`` and a file the tests read at
    the baseline stay read-only whatever the policy.
    """
    key = _key(rel)
    if not key or key.startswith("..") or is_test_file(key) or key in policy.recorded:
        return False
    return not any(
        key == d.casefold() or key.startswith(d.casefold() + "/") for d in policy.test_dirs
    )


class _OpenedManifest(EditPolicy):
    """The workspace's policy with one ``pyproject.toml`` writable, for one tool call.

    A copy of ``inner`` (same attributes) whose :meth:`refusal` lets ``rel`` through and asks
    ``inner`` about every other path.
    """

    def __init__(self, inner: EditPolicy, rel: str) -> None:
        self.__dict__.update(inner.__dict__)
        self.inner = inner
        self.opened = _key(rel)

    def refusal(self, relpath: str, root: Path | None = None) -> PathRefused | None:
        """None for the opened path, else ``inner``'s refusal (see :meth:`EditPolicy.refusal`)."""
        if _key(relpath) == self.opened:
            return None
        return self.inner.refusal(relpath, root)
