"""How a run ends: its work committed on the branch, the worktree removed, ``run_end`` written.

:func:`finish` is what :meth:`fixloop.session.RunSession.__exit__` calls once, whatever ended the
run (a verdict, a stop, Ctrl-C, an error): it commits the tools' changes on the run's branch
(:func:`commit_work`: the tree built from the tools' changed paths, the gate's own rule; verified
only when it is the very tree the gate checked), removes the worktree once the branch holds the
work, fills the result's git fields and summary, and writes ``run_end``. :func:`undo_isolation`
takes a run's isolation back before anything ran (the sandbox could not start).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from fixloop import render, vcs
from fixloop.candidate import build_candidate, commit_tree, tree_diff
from fixloop.person import Decision
from fixloop.prompts import DEFAULT_TASK
from fixloop.protocols import Isolation
from fixloop.types import RunResult, RunStatus

if TYPE_CHECKING:
    from fixloop.session import RunSession

__all__ = ["commit_work", "finish", "undo_isolation"]


def commit_work(session: RunSession, result: RunResult) -> list[str]:
    """Commit the tools' changes on the run's branch; fill the git fields; return notes.

    The commit's tree is built from the tools' changed paths alone
    (:func:`fixloop.candidate.build_candidate`, the gate's own rule), never ``git add -A``.
    A verified run's tree must be the very tree the gate checked; the commit made from it
    is ``verified_commit`` (= ``head_commit``). In-place mode commits nothing.

    Args:
        session: the run's session (its isolation, tools, gate and task).
        result: the run's result; ``files_changed``, ``diff``, ``head_commit`` and
            ``verified_commit`` are filled, ``verified`` withdrawn if the tree differs.

    Returns:
        notes for the summary (what was left out of the commit).
    """
    iso, notes = session.iso, []
    refuse = session.gate.refusal if session.gate is not None else None
    changed = list(session.tools.changed) if session.tools is not None else []
    written = session.tools.workspace.written if session.tools is not None else None
    cand = build_candidate(iso.root, iso.base_commit, changed, refuse=refuse, contents=written)
    if cand.drift:
        notes.append(
            "the work tree no longer holds what the tools wrote to "
            + ", ".join(cand.drift[:5])
            + " (a test run rewrote it); the commit holds the tools' bytes"
        )
    result.files_changed = list(cand.changed)
    result.diff = tree_diff(iso.root, cand.base_tree, cand.tree)
    checked = session.gate.last_candidate if session.gate is not None else None
    if result.verified and (checked is None or checked.tree != cand.tree):
        result.verified, result.status = False, RunStatus.ERROR
        result.stop_reason = (
            "the change differs from the tree the gate verified; not verified "
            f"({result.stop_reason})"
        )
    if cand.left_out and not result.verified:
        notes.append(f"left out of the commit: {cand.left_out_text()}")
    if iso.in_place or cand.unchanged:
        result.head_commit = None
        return notes
    if session.approver is not None and session.approver.asks_commit:  # --approve commit
        decision = Decision(True)
        try:
            decision = session.approver.confirm_commit(result.diff)
        except KeyboardInterrupt:  # the run ends as interrupted, with the work committed
            session.interrupt_after = True
        except EOFError:
            decision = Decision(False, "no answer (the terminal closed)")
        if not decision.approved:
            result.head_commit = result.verified_commit = None
            said = f": {decision.words}" if decision.words else ""
            notes.append(
                f"the person refused the commit{said}; the work stays uncommitted in the "
                f"worktree {iso.root}"
            )
            return notes
    head = commit_tree(iso.root, cand.tree, iso.base_commit, commit_message(session.task, result))
    iso.point_branch(head)
    result.head_commit = head
    result.verified_commit = head if result.verified else None
    return notes


def finish(session: RunSession, result: RunResult) -> None:
    """Commit the work on the branch, fill the git fields and the summary, write ``run_end``.

    Args:
        session: the run's session.
        result: the run's result (becomes ``session.result``).
    """
    iso = session.iso
    if session.warm is not None:
        session.warm.close()
    result.model, result.run_id = session.model_name, session.run_id
    result.trajectory = str(session.trajectory.path)
    result.branch, result.base_commit = iso.branch or None, iso.base_commit  # "": detached
    notes: list[str] = []
    try:
        notes += commit_work(session, result)
    except Exception as e:  # noqa: BLE001 - the report must still be written
        result.verified, result.verified_commit = False, None
        if result.status == RunStatus.VERIFIED:
            result.status = RunStatus.ERROR
        notes.append(f"could not commit the work on {iso.branch}: {e}")
    result.worktree = str(iso.root)
    # The branch holds the work (or equals the base): the worktree folder can go, so the
    # user can check the branch out and nothing piles up under FIXLOOP_HOME.
    removable = result.head_commit is not None or not result.files_changed
    if not iso.in_place and not session.keep_worktree and removable:
        try:
            iso.remove_worktree(force=True)
            result.worktree = None
            if result.head_commit is None and iso.branch:  # an empty branch is clutter: drop it
                vcs.git(iso.repo, "branch", "-D", iso.branch, check=False)
                result.branch = None
        except Exception as e:  # noqa: BLE001
            notes.append(f"could not remove the worktree {iso.worktree}: {e}")
    result.wall_s = round(time.monotonic() - session.t0, 3)
    result.summary = render.summary(
        result,
        edits=session.agent.edits if session.agent is not None else 0,
        baseline=session.baseline,
        user_changes=list(iso.uncommitted),
        in_place=iso.in_place,
    )
    if notes:
        result.summary += "\n" + "\n".join(notes)
    session.result = result
    try:
        session.trajectory.write("run_end", **result.to_dict())
    finally:
        session.trajectory.close()
        if iso.in_place:
            vcs.unlock_checkout(iso.repo)


def commit_message(task: str, result: RunResult) -> str:
    """The message of the run's commit: ``fixloop: <task>`` or ``fixloop WIP: ...``."""
    line = (task or "").strip().split("\n", 1)[0]
    headline = (line if len(line) <= 72 else line[:71] + "…") or DEFAULT_TASK
    if result.verified:
        return f"fixloop: {headline}\n\nVerified by the harness: {result.stop_reason}"
    failing = ", ".join(result.failing_tests[:10]) or "unknown"
    return (
        f"fixloop WIP: {headline} (not verified)\n\n"
        f"Status: {result.status.value}. Stopped: {result.stop_reason}\n"
        f"Still failing: {failing}"
    )


def undo_isolation(iso: Isolation) -> None:
    """Remove a run's worktree and branch before anything ran (in-place: nothing was made)."""
    if iso.in_place:
        vcs.unlock_checkout(iso.repo)
        return  # the checkout never left its branch and no branch was made
    try:
        iso.remove_worktree(force=True)
        if iso.branch:  # the doctor's copy of a read-only repository made none
            vcs.git(iso.repo, "branch", "-D", iso.branch, check=False)
    except Exception:  # noqa: BLE001 - best effort; the original error is what matters
        pass
