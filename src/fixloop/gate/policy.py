"""What the change is, and which of the write rules it breaks (the gate's view of a claim).

:class:`ChangePolicy` is a part of :class:`fixloop.gate.Gate` (its base class): it reads the
change against the base commit (git in the worktree through :class:`fixloop.basediff.BaseDiff`,
``git diff --name-only <base>`` for tracked files and ``git ls-files --others`` for new ones,
ignored files included, blocked folders such as ``.venv`` left out, so it does not depend on the
tools having refused anything) together with the bytes the tools wrote
(``Workspace.written``), and from that:

- restores every protected file and deletes new auto-loaded ones
  (:meth:`~ChangePolicy.restore_protected`);
- names what the tools would have refused (:meth:`~ChangePolicy.policy_findings`, the
  workspace's :class:`~fixloop.workspace.EditPolicy`);
- builds the candidate tree (:meth:`~ChangePolicy.candidate`, its rule
  :meth:`~ChangePolicy.refusal`);
- hands the changed code to the static scan (:mod:`fixloop.tamper`) and the lines it added to
  the audit hook (:mod:`fixloop.testrun.audit`).

Only :class:`fixloop.gate.Gate` uses it; its attributes are set by ``Gate.__init__``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from fixloop import workspace as ws
from fixloop.basediff import BaseDiff
from fixloop.candidate import Candidate, build_candidate
from fixloop.gate import rundeps
from fixloop.tamper import Finding, scan_paths
from fixloop.testinfra import doctest_examples_removed
from fixloop.testrun.audit import watch_lines
from fixloop.vcs import is_byproduct

#: a predicate on a workspace-relative POSIX path
PathRule = Callable[[str], bool]


class ChangePolicy:
    """The change against the base commit and the rules it must keep (a base of the Gate).

    Attributes (set by :class:`fixloop.gate.Gate`):
        root: the worktree's top; base: the base commit; changes: its
            :class:`~fixloop.basediff.BaseDiff`; workspace: the
            :class:`~fixloop.workspace.Workspace` or None; last_candidate: the
            :class:`~fixloop.candidate.Candidate` of the latest :meth:`candidate` (None before).
    """

    root: Path
    base: str
    changes: BaseDiff
    workspace: ws.Workspace | None
    last_candidate: Candidate | None
    _is_protected: PathRule
    _is_autoload: PathRule
    _changed: Callable[[], Sequence[str]] | None
    #: paths the run's tree got beyond the commit (``RunTreeExtras.ignored``): never deleted
    brought: frozenset[str] = frozenset()

    def _policy_protected(self, rel: str) -> bool:
        assert self.workspace is not None
        return self.workspace.policy.test_reason(rel) is not None

    def policy_findings(self, paths: Sequence[str]) -> list[str]:
        """What in ``paths`` the tools would have refused (rule-named strings; [] when clean).

        Checked against the workspace's :class:`~fixloop.workspace.EditPolicy`, on the paths
        that enter the candidate (:meth:`changed_paths`): a new top-level module shadowing what
        the interpreter provides (``no shadowing``); a file that is not Python source, packaging
        metadata and ``.gitignore``/``.gitattributes`` included (``source only``; the user's
        ``allow_edit`` globs are honoured); a removed or changed doctest example in a module
        whose doctests pytest collects (``tests are read-only``). Protected paths are left to
        :meth:`restore_protected` and the candidate's own rule.
        """
        if self.workspace is None:
            return []
        policy = self.workspace.policy
        out: list[str] = []
        for rel in paths:
            if self._is_protected(rel) or self._blocked(rel):
                continue
            base = self.changes.base_bytes(rel)
            if base is None and (name := policy.shadowed(rel, self.changes.in_base)) is not None:
                out.append(f"no shadowing: {rel} (shadows {name!r})")
                continue
            if not ws.is_source(rel) and not policy.allowed(rel):
                out.append(f"source only: {rel} is not Python source")
                continue
            if base is None or not policy.doctest_module(rel):
                continue
            new = self._new_bytes(rel)
            if new is not None:
                gone = doctest_examples_removed(base, new)
                if gone:
                    out.append(
                        f"tests are read-only: {rel} changes the doctest example "
                        f"`>>> {gone[0][1].strip()[:80]}`"
                    )
        return out

    def _blocked(self, rel: str) -> bool:
        if self.workspace is None:
            return rel.split("/", 1)[0] in {".git", ".venv", "venv", "node_modules"}
        try:
            return self.workspace.is_blocked(rel)
        except Exception:  # noqa: BLE001 - a policy error must not hide a tampered file
            return False

    def restore_protected(self) -> tuple[list[str], list[str]]:
        """Undo every change to protected files since the base commit.

        Returns:
            ``(tampered, new_autoload)``: changed or deleted tracked protected files (restored to
            their base bytes), new protected files (deleted) in ``tampered``; new auto-loaded files
            (deleted) in ``new_autoload``. A test run's by-products
            (:func:`fixloop.vcs.is_byproduct`: ``.hypothesis/``, caches, bytecode) are left
            alone and named nowhere, even where the baseline's tests read them: they never
            enter the commit. So are (:meth:`_kept`) the files the baseline's own run wrote
            (``RunRecord.data_written``: a test's output in its data folder), the ignored
            files the run's tree was given (:attr:`brought`: ``RunTreeExtras``' copies of the
            user's ignored data, which the baseline's tests read) and any other git-ignored
            file that is neither Python source, test configuration nor auto-loaded: none of
            them can enter the candidate (the commit takes no ignored file; each gate checkout
            gets fresh copies of the user's), and deleting them broke the model's next runs and
            called an honest change "tampered" (realproj2 F22, babel's locale data).
        """
        tampered: list[str] = []
        new_autoload: list[str] = []
        for rel in self.changes.changed_tracked():
            # a test run's by-product (.hypothesis/, .pytest_cache/, bytecode) never enters the
            # commit (:meth:`refusal`), even where the baseline's tests read it: no tampering
            if self._is_protected(rel) and not is_byproduct(rel):
                self.changes.restore(rel)
                tampered.append(rel)
        untracked = self.changes.untracked()
        visible = set(self.changes.untracked(ignored_too=False)) if untracked else set()
        for rel in untracked:
            if self._blocked(rel) or self._kept(rel, ignored=rel not in visible):
                continue
            autoload = self._is_autoload(rel)
            if not (autoload or (self._is_protected(rel) and not is_byproduct(rel))):
                continue
            p = self.root / rel
            if p.is_symlink() or p.is_file():
                p.unlink()
            (new_autoload if autoload else tampered).append(rel)
        return tampered, new_autoload

    def _kept(self, rel: str, *, ignored: bool) -> bool:
        """Whether the new file ``rel`` is left alone by :meth:`restore_protected`.

        Kept: what the baseline's own run wrote (its record's ``data_written``); for a
        git-ignored file also what the run's tree was given (:attr:`brought`) and any file that
        is not Python source (``.py``/``.pyi``/``.pyw``), test configuration
        (:data:`fixloop.pathrules.TEST_CONFIG_FILES`) or auto-loaded.
        """
        rec = getattr(getattr(self, "baseline", None), "record", None)
        if rec is not None and rel in rec.data_written:
            return True
        if not ignored:
            return False
        if rel in self.brought:
            return True
        name = rel.rsplit("/", 1)[-1].casefold()
        code = ws.is_source(rel) or name in ws.TEST_CONFIG_FILES or self._is_autoload(rel)
        return not code

    def _old_text(self, rel: str) -> str | None:
        data = self.changes.base_bytes(rel)
        return data.decode("utf-8", "replace") if data is not None else None

    def _new_bytes(self, rel: str) -> bytes | None:
        """What the change holds at ``rel``: the tools' bytes when they wrote it, else the disk's."""
        written = self.workspace.written if self.workspace is not None else {}
        if rel in written:
            return written[rel]
        path = self.root / rel
        if path.is_symlink() or not path.is_file():  # as read_text: a regular file only
            return None
        return path.read_bytes()

    def _new_text(self, rel: str) -> str | None:
        data = self._new_bytes(rel)
        return None if data is None else data.decode("utf-8", "replace")

    def _changed_code(self) -> list[str]:
        written = list(self.workspace.written) if self.workspace is not None else []
        disk = self.changes.changed_tracked() + self.changes.untracked(ignored_too=False)
        return list(dict.fromkeys(disk + written))

    def watched_lines(self) -> dict[str, list[int]]:
        """The lines the change added or modified in the code under test.

        ``{relpath: [line, ...]}``: the lines the change added or modified in the code under test
        (protected and blocked files left out), for the audit hook.
        """
        return watch_lines(
            self._changed_code(),
            self._old_text,
            self._new_text,
            lambda rel: self._is_protected(rel) or self._blocked(rel),
        )

    def scan_code_changes(self) -> list[Finding]:
        """Scan every changed or new non-protected ``.py`` file for test-machinery constructs.

        Returns:
            the :class:`fixloop.tamper.Finding` list over all changed files (empty when clean),
            without those naming a test-runner dependency the project declares itself
            (:mod:`fixloop.gate.rundeps`).
        """
        found = scan_paths(
            self._changed_code(),
            self._old_text,
            self._new_text,
            lambda rel: self._is_protected(rel) or self._blocked(rel),
        )
        if not found:
            return found
        return rundeps.excused(found, rundeps.declared_runtime(self._old_text))

    def changed_paths(self) -> list[str]:
        """The paths that may enter the candidate (see ``changed`` in the Gate's docstring)."""
        if self._changed is not None:
            return list(self._changed())
        disk = self.changes.changed_tracked() + self.changes.untracked(ignored_too=False)
        return [rel for rel in disk if not is_byproduct(rel)]  # what the tests left is no change

    def refusal(self, rel: str) -> str | None:
        """Why ``rel`` may not enter the commit, or None (the candidate's rule)."""
        if self._blocked(rel):
            return "a blocked path"
        if self._is_autoload(rel):
            return "loaded by Python or pytest by itself"
        if is_byproduct(rel):
            return "a test run's by-product (caches, bytecode, .hypothesis/, coverage data)"
        if self._is_protected(rel):
            return "protected test infrastructure"
        return None

    def candidate(self) -> Candidate:
        """Build the candidate tree from :meth:`changed_paths` (nothing on disk changes)."""
        written = self.workspace.written if self.workspace is not None else None
        cand = build_candidate(
            self.root, self.base, self.changed_paths(), refuse=self.refusal, contents=written
        )
        self.last_candidate = cand
        return cand
