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

__all__ = ["ResultStream", "stream_disagreement"]

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
