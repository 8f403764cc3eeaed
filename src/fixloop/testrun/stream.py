"""Per-test results as they happen, over a pipe, and their agreement with the JUnit file.

fixloop's pytest plugin (:mod:`fixloop.testrun.inside.pytest_plugin`) writes one JSON line per
test phase, and one ``finish`` line with pytest's exit status, to a descriptor the sandboxed
process inherited (:class:`ResultStream`, the write end of a pipe the harness drains from a
thread while the tests run). Each line is outside the sandbox the moment it is written, so code
that runs later (an ``atexit`` hook, a finalizer at interpreter teardown) cannot take it back.

:func:`stream_disagreement` then asks the three witnesses to agree: the stream, the JUnit XML
file (which the code under test can rewrite, replace or delete) and the exit code. A failure is
sticky in the stream (a forged "passed" line cannot hide a real "failed" one), so a green JUnit
file or a forced exit 0 over failing tests is a disagreement, and a disagreement is never a
pass. Where the sandbox cannot pass descriptors (containers) there is no stream and only the
JUnit file and the exit code are compared (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from fixloop.testrun.audit import AuditChannel
from fixloop.testrun.junit import Case, cases_from_progress, parse_progress

__all__ = ["ResultStream", "stream_cases", "stream_disagreement"]

_BAD = ("failed", "error")


class ResultStream(AuditChannel):
    """A pipe the test process writes its per-test lines to, drained by a thread.

    The same mechanics as :class:`fixloop.testrun.audit.AuditChannel` (capped buffer, the
    harness's write end closed once the process started); :meth:`records` parses the lines.
    """

    def records(self) -> list[dict]:
        """Close the write end, wait for the end of the stream, parse its lines."""
        self.close_write()
        self._thread.join(self.timeout_s)
        return parse_progress(bytes(self._buf))


def stream_cases(stream: Sequence[dict], junit_cases: Sequence[Case]) -> list[Case] | None:
    """The run's test cases named by pytest's own node ids, from the stream.

    JUnit XML names a test by ``classname`` and ``name`` (and the file the function is defined
    in), which is not unique: a method inherited by test classes in other modules, or tests of
    different files with the same ``classname.name``, become one id there. The stream carries
    each report's ``nodeid``, so its cases are the run's tests; the JUnit file only adds what
    the stream does not carry (the failure's text, the duration, the file), matched by id first
    and then in run order, and its collection errors.

    Args:
        stream: the run's streamed records.
        junit_cases: the JUnit file's cases ([] when it wrote none).

    Returns:
        the cases, or None when the stream has no per-test lines (a run of the plain runner,
        a process that never reached its tests): the caller keeps the JUnit cases then.
    """
    if any(p.get("e") == "plain" for p in stream):
        return None
    streamed = cases_from_progress(stream)
    if not streamed:
        return None
    written = [c for c in junit_cases if c.kind != "collect_error"]
    by_id: dict[str, list[Case]] = {}
    for c in written:
        by_id.setdefault(c.id, []).append(c)
    used: set[int] = set()
    unmatched: list[Case] = []
    for c in streamed:
        twins = by_id.get(c.id)
        if twins:
            j = twins.pop(0)
            used.add(id(j))
            _fill(c, j)
        else:
            unmatched.append(c)
    rest = [j for j in written if id(j) not in used]
    for c, j in zip(unmatched, rest, strict=False):  # run order, as pytest wrote both
        _fill(c, j)
    for c in streamed:
        if not c.file:
            c.file = c.id.split("::", 1)[0]
    return streamed + [c for c in junit_cases if c.kind == "collect_error"]


def _fill(case: Case, written: Case) -> None:
    """What the JUnit case adds to the streamed one (text, duration, file); its kind never."""
    if case.kind == written.kind:
        case.message = written.message or case.message
        case.text = written.text
    case.seconds = written.seconds
    case.file = written.file or case.file


def stream_disagreement(stream: Sequence[dict], cases: Sequence[Case], rc: int) -> str | None:
    """Why the stream, the JUnit cases and the exit code do not tell the same story, or None.

    Args:
        stream: the streamed records (``e``: ``start``, ``report``, ``collect_error``,
            ``finish``, ``plain``).
        cases: the JUnit file's cases.
        rc: the process's exit code.

    Returns:
        a sentence, or None when they agree: the session finished with ``rc``; the number of
        tests, of failing ones and of skipped ones are equal. Runs of fixloop's plain runner
        (no pytest) stream no per-test lines and are not compared.
    """
    if any(p.get("e") == "plain" for p in stream):
        return None
    finish = [p for p in stream if p.get("e") == "finish"]
    if not finish:
        return (
            "the test process never reported the end of its session over fixloop's stream "
            f"(exit code {rc})"
        )
    announced = finish[-1].get("rc")
    if announced != rc:
        return f"the session ended with exit status {announced} but the process exited {rc}"
    streamed = cases_from_progress(stream)
    written = [c for c in cases if c.kind != "collect_error"]

    def counts(cs: Sequence[Case]) -> tuple[int, int, int]:
        bad = sum(1 for c in cs if c.kind in _BAD)
        return len(cs), bad, sum(1 for c in cs if c.kind == "skipped")

    s, w = counts(streamed), counts(written)
    if s != w:
        failing = ", ".join([c.id for c in streamed if c.kind in _BAD][:5]) or "none"
        return (
            f"the JUnit file says {w[0]} tests, {w[1]} failing, {w[2]} skipped, but the tests "
            f"as they ran said {s[0]}, {s[1]} failing ({failing}), {s[2]} skipped"
        )
    return None
