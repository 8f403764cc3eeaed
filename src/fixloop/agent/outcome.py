"""The run's final report from the loop: the :class:`~fixloop.types.RunResult` it returns.

The loop (:mod:`.loop`) calls :func:`build_result` once, when the gate verified a claim or a stop
ended the run (:meth:`fixloop.agent.loop.Agent.end`). The caller (:mod:`fixloop.session`) adds the
git fields and the summary.
"""

from __future__ import annotations

from fixloop.types import Counters, RunResult, RunStatus, TestReport, Usage


def build_result(
    status: RunStatus,
    verified: bool,
    reason: str,
    *,
    counters: Counters,
    tool_errors: int,
    tamper_detected: int,
    refused_test_edits: int,
    steps: int,
    test_runs: int,
    verifications: int,
    report: TestReport | None,
    usage: Usage,
    model: str,
    wall_s: float,
) -> RunResult:
    """Finish the counters and assemble the loop's :class:`RunResult`.

    Args:
        status: how the run ended.
        verified: True when the gate verified the work.
        reason: why the run ended (the stop's reason or the gate's).
        counters: the run's counters; ``tool_errors``, ``tamper_detected`` and
            ``refused_test_edits`` are set on it in place.
        tool_errors: tool calls answered with an error (negative counts become 0).
        tamper_detected: the gate's count (:attr:`fixloop.agent.claims.Claims.tamper_detected`).
        refused_test_edits: refused edits of protected files (the larger of the loop's and the
            tool box's counts).
        steps: model calls.
        test_runs: ``run_tests`` runs.
        verifications: gate runs.
        report: the last test report (the gate's or a tool run's); its failing tests are
            reported unless ``verified``.
        usage: the token and cost totals.
        model: the model's name.
        wall_s: seconds the run took (rounded to milliseconds here).

    Returns:
        the :class:`RunResult`.
    """
    counters.tool_errors = max(tool_errors, 0)
    counters.tamper_detected = tamper_detected
    counters.refused_test_edits = refused_test_edits
    return RunResult(
        status=status,
        verified=verified,
        steps=steps,
        test_runs=test_runs,
        verifications=verifications,
        failing_tests=[] if verified or report is None else list(report.failing_ids),
        usage=usage,
        counters=counters,
        stop_reason=reason,
        model=model,
        wall_s=round(wall_s, 3),
    )
