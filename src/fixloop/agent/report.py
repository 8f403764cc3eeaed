"""The texts of a run's reports: the full-suite report a model sees (:func:`report_text`) and
the honest final summary of a run (:func:`summarize`).
"""

from __future__ import annotations

from fixloop.types import RunResult, RunStatus, TestReport


def report_text(report: TestReport, *, limit_ids: int = 20) -> str:
    """The text a model sees for a full-suite report: tally, failing ids with reasons, output."""
    lines = [f"Result: {report.tally()}, {report.collected} collected."]
    if report.notice:
        lines.append(f"Note: {report.notice}")
    for ce in report.collection_errors[:limit_ids]:
        lines.append(f"Collection error: {ce}")
    if report.failing:
        lines.append("Failing tests:")
        for f in report.failing[:limit_ids]:
            lines.append(f"  {f.id}" + (f" - {f.reason}" if f.reason else ""))
        if len(report.failing) > limit_ids:
            lines.append(f"  ... and {len(report.failing) - limit_ids} more")
    if report.output:
        lines.append("Output:")
        lines.append(report.output)
    if report.log_path:
        lines.append(f"(full log: {report.log_path})")
    return "\n".join(lines)


def summarize(
    result: RunResult,
    *,
    edits: int,
    baseline: TestReport | None,
    user_changes: list[str] | None = None,
    in_place: bool = False,
) -> str:
    """The honest final report text of a run, for every ending.

    Says: verified or not and why it stopped; what was tried (edits, test runs, verifications);
    which tests still fail; files changed; where the change is (branch, commit) and how to review
    it; tokens and cost; uncommitted user changes that the run did not include.

    Args:
        result: the run's result with the git fields filled.
        edits: the number of successful edits and creates.
        baseline: the baseline report (how many failed at the start).
        user_changes: ``git status --porcelain`` lines of the user's checkout not included.
        in_place: True when the run worked in the user's checkout (``--in-place``).
    """
    lines: list[str] = []
    if result.status == RunStatus.NOTHING_TO_FIX:
        lines.append("Nothing to fix: every test passed before any change (no model call made).")
    elif result.verified:
        lines.append("VERIFIED: the harness ran the full test suite itself and every test passed.")
    else:
        lines.append(f"NOT VERIFIED ({result.status.value}): the failing tests were not all fixed.")
    if result.stop_reason:
        label = "Gate" if result.verified else "Stopped because"
        lines.append(f"{label}: {result.stop_reason}")
    if baseline is not None and result.status != RunStatus.NOTHING_TO_FIX:
        lines.append(f"At the start: {baseline.tally()}.")
    if result.status != RunStatus.NOTHING_TO_FIX:
        lines.append(
            f"Tried: {result.steps} model steps, {edits} edits, {result.test_runs} test runs, "
            f"{result.verifications} gate verifications."
        )
    if result.failing_tests:
        shown = ", ".join(result.failing_tests[:8])
        more = f" (+{len(result.failing_tests) - 8} more)" if len(result.failing_tests) > 8 else ""
        lines.append(f"Still failing: {shown}{more}")
    if result.files_changed:
        lines.append(f"Files changed: {', '.join(result.files_changed)}")
    elif result.status != RunStatus.NOTHING_TO_FIX:
        lines.append("Files changed: none")
    c = result.counters
    flags = [
        f"{n} {label}"
        for n, label in (
            (c.refused_test_edits, "refused test edits"),
            (c.tamper_detected, "tampered files restored"),
            (c.false_success_claims, "false success claims"),
            (c.loop_warnings, "loop warnings"),
            (c.tool_errors, "tool errors"),
            (c.truncated_replies, "replies cut at the output limit"),
        )
        if n
    ]
    if flags:
        lines.append("Counters: " + ", ".join(flags))
    if result.branch and result.files_changed:
        if in_place:
            lines.append(
                f"The change is uncommitted on branch {result.branch} in your checkout: review "
                "with `git diff`."
            )
        else:
            kind = "commit" if result.verified else "work-in-progress commit"
            lines.append(
                f"The change is a {kind} {(result.head_commit or '')[:12]} on branch "
                f"{result.branch}: review with `git diff {(result.base_commit or '')[:12]} "
                f"{result.branch}`, merge with `git merge {result.branch}`."
            )
    u = result.usage
    cost = "unknown" if u.cost_usd is None else f"${u.cost_usd:.4f}"
    if u.price_unknown and u.cost_usd is not None:
        cost += " (too low: the model has no price; its calls count as $0)"
    lines.append(f"Tokens: {u.input_tokens} in, {u.output_tokens} out; cost {cost}.")
    if user_changes:
        lines.append(
            f"Not included: {len(user_changes)} uncommitted change(s) in your checkout "
            "(fixloop worked from the HEAD commit)."
        )
    if result.trajectory:
        lines.append(f"Trajectory: {result.trajectory}")
    return "\n".join(lines)
