"""The gate's check of ``pyproject.toml`` under ``--approve deps`` (issue 16).

``pyproject.toml`` is test configuration: the gate restores it to the base commit's bytes like
every protected file (:meth:`fixloop.gate.policy.ChangePolicy.restore_protected`). Under
``--approve deps`` the person may approve a dependency-only change to it at the tool
(:mod:`fixloop.tools.approval`), and :class:`ApprovedManifests` lets exactly that change into
the commit. A ``pyproject.toml`` is accepted when all of these hold:

- the person approved these exact bytes (``Approver.manifests``);
- they are what enters the commit (the tools' written bytes, else the work tree's);
- against the **base commit's** file they are a dependency-only change
  (:func:`fixloop.depfiles.check_manifest`, the rule the tool side applies, applied here again
  so that nothing written behind the tools' back and no slip of the tool side gets a pytest
  setting in).

Any other change to a ``pyproject.toml`` under ``deps`` (not approved, approved bytes since
changed, or not dependency-only) is restored like before and refuses the claim, the finding
naming the key (:meth:`ApprovedManifests.manifest_findings`). Without ``deps`` (``manifests``
None) nothing here applies and the gate behaves as it always did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fixloop.depfiles import check_manifest, is_manifest
from fixloop.gate.policy import ChangePolicy, PathRule


class ApprovedManifests(ChangePolicy):
    """Approved dependency-only ``pyproject.toml`` changes (a base of :class:`fixloop.gate.Gate`).

    A :class:`~fixloop.gate.policy.ChangePolicy` (its view of the change: the base bytes, the
    commit's bytes, blocked paths) that also knows what the person approved.

    Attributes (set by the Gate):
        manifests: ``{workspace-relative path: approved bytes}`` (the live mapping of
            :attr:`fixloop.tools.approval.Approver.manifests`), or None without ``--approve
            deps``.
    """

    manifests: Mapping[str, bytes] | None

    def _changed_manifests(self, written: Sequence[str]) -> list[str]:
        disk = self.changes.changed_tracked() + self.changes.untracked()
        return [p for p in dict.fromkeys([*disk, *written]) if is_manifest(p)]

    def _protected_unless_approved(self, rule: PathRule) -> PathRule:
        """``rule`` (is this path protected?) with the accepted ``pyproject.toml`` files let through."""
        return lambda rel: rule(rel) and not self.manifest_accepted(rel)

    def manifest_accepted(self, rel: str) -> bool:
        """True when ``rel`` is an approved, dependency-only ``pyproject.toml`` (see the module)."""
        if self.manifests is None or not is_manifest(rel) or rel not in self.manifests:
            return False
        new = self._new_bytes(rel)
        if new is None or new != self.manifests[rel]:
            return False
        return check_manifest(self.changes.base_bytes(rel), new).ok

    def manifest_findings(self, written: Sequence[str] = ()) -> list[str]:
        """The changed ``pyproject.toml`` files the commit may not hold, one finding each.

        Call before the protected files are restored (it reads the change as it stands).

        Args:
            written: the paths the tools wrote (:attr:`fixloop.workspace.Workspace.written`),
                beside git's view of the work tree.

        Returns:
            ``"dependency changes only: PATH: WHY"`` strings naming the key that is not a
            dependency list (or why the file cannot be checked, or that the person did not
            approve it); [] without ``--approve deps``.
        """
        if self.manifests is None:
            return []
        out: list[str] = []
        for rel in self._changed_manifests(written):
            if self._blocked(rel) or self.manifest_accepted(rel):
                continue
            new = self._new_bytes(rel)
            check = check_manifest(self.changes.base_bytes(rel), new)
            if not check.ok:
                why = check.why()
            elif rel in self.manifests:
                why = "its bytes are not the ones the person approved"
            else:
                why = "the person did not approve this change"
            out.append(f"dependency changes only: {rel} (restored): {why}")
        return out


def note(findings: list[str], reason: str) -> str:
    """A ``"; ..."`` clause naming the findings when ``reason`` does not already (else "")."""
    missing = [f for f in findings if f not in reason]
    return f"; {'; '.join(missing)}" if missing else ""
