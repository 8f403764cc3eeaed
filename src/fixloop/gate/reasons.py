"""The sentences of the gate's verdicts (``Verdict.reason``), one function per outcome.

:class:`fixloop.gate.Gate` picks which check decides a claim; this module says it in words for
the model, the terminal and the transcript (they all show ``Verdict.reason`` as is). Each
function returns one sentence (lists cut to their first five items); none decides anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from fixloop import render
from fixloop.candidate import Candidate
from fixloop.targets import STILL_FAILING
from fixloop.types import Outcome, TestReport

#: a candidate tree equal to the base commit
NOTHING_CHANGED = (
    "nothing changed: the commit would equal the base, and a run that changed "
    "nothing is never verified (if the failing tests pass now, they are flaky)"
)
#: the run's deadline passed before the gate's first test run
OUT_OF_TIME = "the run's wall-clock budget ran out before the gate could run the tests"

_TAMPERED = "tampered: while the tests ran, the changed code reached into the test run: "
_HANDS_OFF = " (write the fix without touching the test runner)"
_SCAN = (
    "the change to the code under test reaches into the test machinery, so its results "
    "cannot be trusted: "
)


def suite_failed(report: TestReport) -> str:
    """The full suite's run in the checkout was not ``ok`` (failed, errored or collected none)."""
    if report.outcome == Outcome.PASSED:
        return "the suite collected no tests"
    reason = f"the full suite did not pass: {render.tally(report)}"
    if ids := report.failing_ids:
        reason += f"; failing: {render.id_list(ids, 5)}"
    return reason


def fewer_collected(report: TestReport, baseline: TestReport) -> str:
    """The suite collected fewer tests than the baseline did."""
    return (
        f"the suite collected {report.collected} tests, fewer than the baseline's "
        f"{baseline.collected}: tests may not be removed"
    )


#: How many ids a "no longer collected" refusal names.
GONE_SHOWN = 10


def missing_ids(report: TestReport, baseline: TestReport) -> list[str]:
    """The ids that ran at the baseline and are missing from ``report`` (twice when two are).

    A test counts as present when it ran or was skipped (skips have their own checks); an id
    two tests share counts twice (:attr:`TestReport.ran_ids`).
    """
    have = Counter(report.ran_ids) + Counter(report.skipped_ids)
    gone: list[str] = []
    for tid, n in Counter(baseline.ran_ids).items():
        gone += [tid] * max(0, n - have[tid])
    return gone


def no_longer_collected(
    report: TestReport, baseline: TestReport, excused: Sequence[str] = ()
) -> str:
    """Tests that ran at the baseline and are missing from this run (named; at most 10), or "".

    The collected count alone misses a test that vanished while another appeared: a parametrize
    id computed from a value the change altered, a test deselected or left uncollected by
    changed code a conftest imports, a module skipped at collection. Ids are compared with the
    checkout's folder replaced (``<tree>``), so tests that name their folder are the same test
    in both trees (:func:`missing_ids`). ``excused``: missing ids that are not the change's
    doing (each once): ids that change at every collection of the base commit
    (:func:`fixloop.gate.unstable.unstable_pairs`).
    """
    gone = list((Counter(missing_ids(report, baseline)) - Counter(excused)).elements())
    if not gone:
        return ""
    shown = render.id_list(list(dict.fromkeys(gone)), GONE_SHOWN)
    return (
        f"no longer collected: {shown} ({len(gone)} test{'s' if len(gone) != 1 else ''} that "
        "ran at the baseline did not run now): a test the change makes uncollectable, "
        "renames or deselects is not a passing test; a parametrize id computed from a value "
        "the change alters counts as a missing test too, so keep the values tests are "
        "parametrized with"
    )


def unstable_note(pairs: Sequence[tuple[str, str]]) -> str:
    """``"; ..."`` naming the missing ids excused as unstable ("" when none)."""
    if not pairs:
        return ""
    one = f"{pairs[0][0]} as {pairs[0][1]}"
    more = f" (+{len(pairs) - 1} more)" if len(pairs) > 1 else ""
    return (
        f"; {len(pairs)} test id(s) of the baseline change at every collection of the base "
        f"commit and ran under their new id: {one}{more}"
    )


def shared_ids(report: TestReport) -> str:
    """``"; ..."`` naming the ids that more than one test of ``report`` shares ("" when none).

    Pytest's node ids are unique; a run read from JUnit XML alone (no result stream, e.g. in a
    container) can name two tests alike. Each still counts by itself (a failing one fails the
    run, a missing one is missing), so a pass never hides a failure; the verdict says so.
    """
    twice = [i for i, n in Counter(report.ran_ids + report.skipped_ids).items() if n > 1]
    if not twice:
        return ""
    return (
        f"; {len(twice)} test id(s) name more than one test ({render.id_list(twice, 3)}): "
        "each test was judged by itself, the worst outcome counting"
    )


def more_skipped(report: TestReport, baseline: TestReport) -> str:
    """The suite skipped more tests than a baseline that ran."""
    return (
        f"{report.skipped} tests were skipped, more than the baseline's {baseline.skipped}: "
        "tests may not be skipped"
    )


def newly_skipped(
    report: TestReport, baseline: TestReport, renamed: Mapping[str, str] | None = None
) -> str:
    """Tests that ran at the baseline are skipped now (named; at most 5), or "" when none are.

    Counts alone miss a swap: one test skipped by the change while another the baseline skipped
    runs again keeps the skipped count equal. ``renamed``: an id of this run -> the baseline's
    id it stands for (unstable ids, :func:`fixloop.gate.unstable.unstable_pairs`).
    """
    before = set(baseline.skipped_ids)
    names = renamed or {}
    new = [t for t in dict.fromkeys(report.skipped_ids) if names.get(t, t) not in before]
    if not new:
        return ""
    more = f" (+{len(new) - 5} more)" if len(new) > 5 else ""
    return (
        f"{', '.join(new[:5])}{more} ran at the baseline and {'is' if len(new) == 1 else 'are'} "
        "skipped now: tests may not be skipped"
    )


def refused(findings: list[str]) -> str:
    """The change holds what the tools refuse (policy and auto-load findings)."""
    return (
        "the change holds what the tools refuse, put there another way: "
        + "; ".join(findings[:5])
        + (f" (+{len(findings) - 5} more)" if len(findings) > 5 else "")
    )


def suspicious(findings: list[str]) -> str:
    """The static scan (:mod:`fixloop.tamper`) found a way into the test machinery."""
    return _SCAN + "; ".join(findings[:5]) + _HANDS_OFF


def tampered(audit: list[str], *, also: str = "") -> str:
    """The audit hook saw the changed code reach into the run; ``also``: the other reason."""
    if also:
        return _TAMPERED + "; ".join(audit[:5]) + f"; and {also}"
    return _TAMPERED + "; ".join(audit[:5]) + _HANDS_OFF


def lead(reason: str, audit: list[str], scan: list[str]) -> str:
    """``reason`` with the watch's findings first and the scan's named, whichever check decided.

    A claim refused for another reason (the suite failed: the trick had no effect in the
    sandbox) still says what the static scan found, so a reviewer sees the attempt.
    """
    if scan and not reason.startswith(_SCAN):
        reason += "; and " + _SCAN + "; ".join(scan[:5])
    if audit and not reason.startswith("tampered"):
        reason = tampered(audit, also=reason)
    return reason


def tampered_in_second_opinion(audit: list[str]) -> str:
    """The audit hook saw the changed code reach into fixloop's own runner's re-run."""
    return (
        "tampered: while fixloop's own runner re-ran the failing tests, the changed "
        "code reached into the test run: " + "; ".join(audit[:5])
    )


def disagreement(second: str) -> str:
    """Pytest passed, fixloop's own runner did not (``second``: its summary)."""
    return (
        "pytest reported a pass, but fixloop's own runner, which judges each test by "
        "its function alone, disagrees: " + second
    )


def passed(
    report: TestReport, baseline: TestReport, second: str, still: list[str] | None = None
) -> str:
    """Every check passed; ``second``: the second opinion's summary or "".

    ``still``: the baseline's failing tests that are not targets and still fail
    (:meth:`fixloop.targets.Targets.still_failing`); the suite passed but for them.
    """
    what = "the full suite passed" if not still else "every target passed"
    reason = f"{what}: {render.tally(report)}, {report.collected} collected (baseline {baseline.collected})"
    if still:
        reason += f"; {STILL_FAILING}: {render.id_list(still, 5)}"
    return reason + (f"; second opinion {second}" if second else "")


def notes(tampered: list[str], new_autoload: list[str], cand: Candidate) -> str:
    """What the verification did beside judging, as ``"; ..."`` clauses ("" when nothing).

    The protected files it restored or deleted, the paths it left out of the commit, and the
    paths whose bytes on disk no longer match what the tools wrote (the commit holds the
    tools' bytes).
    """
    out = ""
    if tampered or new_autoload:
        out += f"; restored protected files: {', '.join(tampered + new_autoload)}"
    if cand.left_out:
        out += f"; left out of the commit: {cand.left_out_text()}"
    if cand.drift:
        out += (
            "; the work tree no longer holds what the tools wrote to "
            + ", ".join(cand.drift[:5])
            + " (a test run rewrote it): the commit holds the tools' bytes"
        )
    return out
