"""The baseline doctor's ``permission`` kind: the test run may not write where it writes.

A test that fails on ``[Errno 30] Read-only file system`` or ``[Errno 13] Permission denied``, a
collection that stops on one, or pytest itself stopping on one (``INTERNALERROR``, exit 3: a
plugin writing its report at the end of the run, such as pytest-cov's ``--cov-report=xml``
writing ``coverage.xml``) cannot be mended by a change to the code under test. When the file
named is a read-only copy of a git-ignored file of the user's checkout (the run's tree gets those
read-only, :mod:`fixloop.runtree`: a report an earlier run left, as arrow 1.3.0's ``coverage.xml``
after one bare ``pytest``), the cause names it and the fix says to delete it.
"""

from __future__ import annotations

import re
import stat
from pathlib import Path

from fixloop.types import EnvironmentProblem, Outcome, TestReport

__all__ = ["permission_problem"]

_PERMISSION = re.compile(
    r"(?:[\w.]*Error: )?\[Errno (?:30|13)\] (?:Read-only file system|Permission denied)[^\n]*"
)
#: pytest's own stop on such an error, and the error's text.
_INTERNAL_PERMISSION = re.compile(
    r"^INTERNALERROR>\s*((?:[\w.]*Error: )?\[Errno (?:30|13)\] "
    r"(?:Read-only file system|Permission denied)[^\n]*)",
    re.M,
)


def _read_only_copy(error: str, root: Path, source: Path) -> str | None:
    """The run-tree path of a read-only file the error names, when it is one (else None).

    The run's tree gets the checkout's git-ignored files as read-only copies
    (:mod:`fixloop.runtree`); a test run that rewrites one of them (a report left by an earlier
    run) fails on it. ``error`` ends like ``Permission denied: 'coverage.xml'``; a relative
    name is the run tree's (the tests' working folder), an absolute one may also be spelled at
    the user's checkout (``source``: bubblewrap shows the run's tree there).
    """
    m = re.search(r": '([^'\n]+)'", error)
    if not m:
        return None
    named = Path(m.group(1))
    rels: list[Path] = []
    if not named.is_absolute():
        rels.append(named)
    else:
        for top in (root, source):
            try:
                rels.append(named.relative_to(top))
            except ValueError:
                continue
    for rel in rels:
        path = root / rel
        try:
            st = path.lstat()
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(st.st_mode) and not st.st_mode & 0o222:
            return rel.as_posix()
    return None


def _read_only_problem(who: str, error: str, rel: str, source: Path) -> EnvironmentProblem:
    return EnvironmentProblem(
        kind="permission",
        cause=f"{who} cannot write {rel}: {error} ({rel} is a git-ignored file of your checkout, "
        "which fixloop copies into the run's tree read-only; the test run writes it anew, as a "
        "coverage or test report left by an earlier run)",
        fix=f"delete {source / rel} from your checkout (the tests write it again), or write that "
        "report elsewhere (a folder such as build/ or htmlcov/, which fixloop does not copy)",
    )


def permission_problem(
    report: TestReport, text: str, root: Path, source: Path
) -> EnvironmentProblem | None:
    """The ``permission`` kind: the test run may not write where it writes.

    Args:
        report: the baseline's report.
        text: its texts (output, reasons, the log's head).
        root: the run's tree.
        source: the user's checkout (the same folder when the run has no worktree).

    Returns:
        the problem, or None when no test, no collection and no pytest stop names one.
    """
    if report.ok:
        return None
    for f in report.failing:
        m = _PERMISSION.search(f.reason or "")
        if m:
            rel = _read_only_copy(m.group(0), root, source)
            if rel is not None:
                return _read_only_problem(f.id, m.group(0).strip(), rel, source)
            return EnvironmentProblem(
                kind="permission",
                cause=f"{f.id} cannot write where it writes: {m.group(0).strip()}",
                fix="in fixloop's sandbox the tests may write only in the project's tree and "
                "temporary folders; make the test write under tmp_path (or the project tree)",
            )
    if report.outcome == Outcome.INTERNAL_ERROR:
        # pytest itself stopped (exit 3), e.g. a plugin's report at the end of the run: no
        # change to the code can make such a run pass
        im = _INTERNAL_PERMISSION.search(text)
        if im:
            error = im.group(1).strip()
            rel = _read_only_copy(error, root, source)
            if rel is not None:
                return _read_only_problem(
                    "pytest (a plugin, at the end of the run)", error, rel, source
                )
            return EnvironmentProblem(
                kind="permission",
                cause=f"pytest stopped with an internal error: {error}",
                fix="in fixloop's sandbox the test run may write only in the project's tree and "
                "temporary folders; point the plugin's output (a coverage or test report) there",
            )
    m = _PERMISSION.search("\n".join(report.collection_errors)) or (
        _PERMISSION.search(text) if report.collected == 0 else None
    )
    if m:
        return EnvironmentProblem(
            kind="permission",
            cause=f"the suite cannot start: {m.group(0).strip()}",
            fix="in fixloop's sandbox the tests may write only in the project's tree and "
            "temporary folders; make the code that runs at import write under a temporary folder",
        )
    return None
