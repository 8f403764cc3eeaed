"""One renderer for test reports and run results: one function per audience, same pieces.

A test report (:class:`~fixloop.types.TestReport`, or its ``to_dict()`` form as the trajectory
stores it) is said the same way everywhere, built from three pieces:

- :func:`tally`: ``"3 passed, 1 failed, 2 errors, 1 skipped (failed)"``;
- :func:`id_list`: ``"a, b, c (+4 more)"`` for failing test ids;
- :func:`one_line`: the first line of a text, cut, with ``" …"`` when anything was left out.

The audiences:

- the model (:func:`for_model`): the text ``run_tests`` returns, the baseline in the first
  prompt and the report after a rejected claim;
- the terminal (:func:`for_terminal`): rich markup lines under a live display's heading;
- the transcript of ``fixloop show`` (:func:`transcript`, :func:`transcript_report`);
- the final summary of a run (:func:`summary`), which the CLI's panel, ``--json`` and the API
  return as ``RunResult.summary``.

The eval scores with :func:`tally` too (``tally`` and ``visible_tally`` of a record).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.markup import escape

from fixloop.types import RunResult, RunStatus, TestReport

#: A report as a :class:`TestReport` or as the dict of an event (``TestReport.to_dict()``).
ReportLike = TestReport | Mapping[str, Any]

_COUNTS = ("passed", "failed", "errors", "skipped")


# --------------------------------------------------------------------------------------------
# Pieces
# --------------------------------------------------------------------------------------------


def _get(rep: ReportLike, key: str, default: Any = None) -> Any:
    if isinstance(rep, TestReport):
        value = getattr(rep, key, default)
        return value.value if key == "outcome" else value
    return rep.get(key, default)


def plan_lines(result: Mapping[str, Any]) -> list[str]:
    """The plan's steps, one a line, from an ``update_plan`` tool result (at most 20), else [].

    Args:
        result: a ``tool_result`` event's data (``name``, ``is_error``, ``content``); the
            content's first line is the heading (``Plan updated (0/2 done):``), the steps follow.
    """
    if result.get("name") != "update_plan" or result.get("is_error"):
        return []
    return str(result.get("content", "")).splitlines()[1:21]


def one_line(text: Any, limit: int = 160) -> str:
    """The first line of ``text``, at most ``limit`` characters, ``" …"`` when cut.

    A line cut at the limit ends after its last whole word when one ends in the last quarter
    of the limit (else mid-word: a long token).

    Args:
        text: a string; anything else is shown as JSON (``repr`` for what JSON cannot hold).
        limit: the most characters kept of the first line.

    Returns:
        One line without a newline; ``""`` for blank text.
    """
    s = text if isinstance(text, str) else json.dumps(text, ensure_ascii=False, default=repr)
    s = s.strip()
    first = s.split("\n", 1)[0]
    cut = "\n" in s
    if len(first) > limit:
        first, cut = first[: limit - 1], True
        space = first.rfind(" ")
        if space >= limit * 3 // 4:  # end at a whole word when one ends near the limit
            first = first[:space].rstrip(" ;,")
    return first + (" …" if cut else "")


def tally(rep: ReportLike) -> str:
    """A report's counts on one line: ``"3 passed, 1 failed, 2 errors, 1 skipped (failed)"``.

    ``passed`` and ``failed`` are always said, ``errors`` and ``skipped`` when not zero, the
    tests the per-test limit stopped (``"1 hung: tests/test_a.py::test_loop"``) when there are
    any, the outcome in parentheses when the report has one, with the exit code when no failing
    test explains an outcome other than passed (``"12 passed, 0 failed (failed, exit 1)"``: a
    coverage threshold, a plugin's session hook, a crash).
    """
    parts = [f"{_get(rep, 'passed') or 0} passed", f"{_get(rep, 'failed') or 0} failed"]
    for key in _COUNTS[2:]:
        if n := _get(rep, key):
            parts.append(f"{n} {key}")
    if hung := _get(rep, "hung"):  # stopped by the per-test limit (also counted as failed)
        parts.append(f"{len(hung)} hung: {id_list([str(h) for h in hung], 3)}")
    outcome = _get(rep, "outcome")
    rc = _get(rep, "returncode")
    unexplained = not _get(rep, "failed") and not _get(rep, "errors")
    if outcome and outcome != "passed" and rc is not None and unexplained:
        outcome = f"{outcome}, exit {rc}"
    return ", ".join(parts) + (f" ({outcome})" if outcome else "")


def failing_ids(rep: ReportLike) -> list[str]:
    """The node ids of a report's failing tests, in run order (``"?"`` for a nameless entry)."""
    out = []
    for f in _get(rep, "failing") or []:
        if isinstance(f, Mapping):
            out.append(str(f.get("id", "?")))
        else:
            out.append(str(getattr(f, "id", f)))
    return out


def id_list(ids: Sequence[str], limit: int) -> str:
    """``ids[:limit]`` joined by commas, then ``" (+N more)"`` for the rest."""
    more = f" (+{len(ids) - limit} more)" if len(ids) > limit else ""
    return ", ".join(ids[:limit]) + more


def collection_error_lines(errors: Any, limit: int = 3) -> list[str]:
    """The first ``limit`` collection errors ("file:line: message") as one short line each.

    Args:
        errors: a report's ``collection_errors`` (anything else counts as none).
        limit: how many to show; ``"(+N more)"`` follows when there are more.
    """
    errs = [str(e) for e in errors or [] if str(e).strip()] if isinstance(errors, list) else []
    lines = [one_line(e, 160) for e in errs[:limit]]
    if len(errs) > limit:
        lines.append(f"(+{len(errs) - limit} more)")
    return lines


# --------------------------------------------------------------------------------------------
# The model
# --------------------------------------------------------------------------------------------


def for_model(
    report: TestReport, *, target: str = "", room_bytes: int | None = None, limit_ids: int = 20
) -> str:
    """A test report as the model reads it.

    Layout: ``"<tally>; <n> collected [<target>]"``, ``"failing: <ids>"``, one line per
    collection error, the captured output (cut in the middle to fit, the cut naming the full
    log), then the runner's notice.

    Args:
        report: the report.
        target: the target that ran, shown in brackets ("" for the whole suite: not shown).
        room_bytes: the most UTF-8 bytes of the whole text (the tool result cap); None: no cut
            beyond the runner's own capping of the output.
        limit_ids: the most failing ids and collection errors named.

    Returns:
        The text (tool-layer escaping of invisible characters is the caller's).
    """
    head = [f"{tally(report)}; {report.collected} collected" + (f" [{target}]" if target else "")]
    if ids := failing_ids(report):
        head.append(f"failing: {id_list(ids, limit_ids)}")
    head += [f"collection error: {one_line(e, 300)}" for e in report.collection_errors[:limit_ids]]
    top = "\n".join(head) + "\n"
    tail = f"\n{report.notice}" if report.notice else ""
    body = report.output or ""
    if room_bytes is not None:
        room = room_bytes - len((top + tail).encode("utf-8")) - 200
        raw = body.encode("utf-8")
        if len(raw) > room:
            keep = max(room // 2, 0)
            note = f"\n[… output cut: {len(raw):,} bytes in all; full log: {report.log_path}]\n"
            body = (
                raw[: max(keep - len(note), 0)].decode("utf-8", "ignore")
                + note
                + raw[len(raw) - keep :].decode("utf-8", "ignore")
            )
    return top + body + tail


# --------------------------------------------------------------------------------------------
# The terminal
# --------------------------------------------------------------------------------------------


def for_terminal(rep: ReportLike, *, indent: str = "  ", show_failing: int = 0) -> list[str]:
    """Rich markup lines that go under a report's heading in the live display.

    Args:
        rep: the report (or its event dict).
        indent: put before each line.
        show_failing: how many failing ids to name (0: none; the baseline names 5).

    Returns:
        The collection errors (first 3), then the failing ids; markup in the texts escaped.
    """
    lines = []
    if errs := collection_error_lines(_get(rep, "collection_errors")):
        lines.append(f"{indent}[red]collection errors[/]:")
        lines += [f"{indent}  {escape(e)}" for e in errs]
    if show_failing and (ids := failing_ids(rep)):
        lines.append(f"{indent}failing: {escape(id_list(ids, show_failing))}")
    return lines


# --------------------------------------------------------------------------------------------
# The transcript
# --------------------------------------------------------------------------------------------

_PAD = " " * 11


def _as_dict(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, Mapping) else {}


def transcript_report(rep: ReportLike, *, show_failing: int = 0) -> list[str]:
    """The lines under a report's line in a transcript: failing ids, notice, collection errors.

    Args:
        rep: the report (or its event dict).
        show_failing: how many failing ids to name (0: none).
    """
    lines = []
    if show_failing and (ids := failing_ids(rep)):
        lines.append(f"{_PAD}failing: {id_list(ids, show_failing)}")
    if notice := _get(rep, "notice"):
        lines.append(f"{_PAD}note: {one_line(notice, 200)}")
    for ce in (_get(rep, "collection_errors") or [])[:5]:
        lines.append(f"{_PAD}collection error: {one_line(ce, 200)}")
    return lines


def transcript(events: Iterable[Mapping[str, Any]]) -> str:
    r"""A readable plain-text transcript of a run, for ``fixloop show RUN``.

    One block per step (model call): the model's text (first line), each tool call with its
    arguments on one line and the first line of its result, test tallies, gate verdicts, notices,
    and the final status. Unknown event types are shown by type and time only.

    Args:
        events: the run's events as :func:`fixloop.trajectory.read_trajectory` gives them.

    Returns:
        The transcript, lines joined with ``\n`` (no trailing newline).
    """
    out: list[str] = []
    step = 0
    ended = False
    for ev in events:
        kind = ev.get("type", "?")
        t = ev.get("t")
        ts = f"[{t:7.1f}s]" if isinstance(t, int | float) else "[      ?]"
        rep = _as_dict(ev.get("report")) or ev
        if kind == "run_start":
            out.append(
                f"{ts} run {ev.get('run_id', '?')} started {ev.get('started_at', '')}".rstrip()
            )
            for key in ("model", "repo", "branch", "base_commit", "task"):
                if ev.get(key):
                    out.append(f"{_PAD}{key}: {one_line(ev[key], 120)}")
        elif kind == "baseline":
            out.append(f"{ts} baseline: {tally(rep)}")
            out.extend(transcript_report(rep, show_failing=10))
        elif kind == "model_call":
            step += 1
            usage = ev.get("usage") or {}
            lat = ev.get("latency_s")
            lat_s = f", {lat:.1f}s" if isinstance(lat, int | float) else ""
            out.append(
                f"{ts} step {step}: model call ({usage.get('input_tokens', 0)} in / "
                f"{usage.get('output_tokens', 0)} out tokens{lat_s})"
            )
            reply = ev.get("reply") or {}
            for block in reply.get("content") or []:
                if isinstance(block, dict) and block.get("type") == "text" and block.get("text"):
                    out.append(f"{_PAD}says: {one_line(block['text'])}")
            stop = reply.get("stop_reason")
            if stop and stop != "tool_use":
                out.append(f"{_PAD}stop: {stop}")
        elif kind == "tool_call":
            out.append(f"{ts}   -> {ev.get('name')} {one_line(ev.get('input', {}), 200)}")
        elif kind == "tool_result":
            tag = "error" if ev.get("is_error") else (ev.get("kind") or "ok")
            out.append(f"{ts}   <- {tag}: {one_line(ev.get('content', ''))}")
            out.extend(f"{_PAD}  {line}" for line in plan_lines(ev))
        elif kind == "test_report":
            out.append(f"{ts}   tests ({rep.get('target') or 'all'}): {tally(rep)}")
            out.extend(transcript_report(rep))
        elif kind == "gate_verdict":
            line = f"{ts} gate: {'VERIFIED' if ev.get('verified') else 'REJECTED'}"
            if ev.get("reason"):
                line += f" ({one_line(ev['reason'], 200)})"
            out.append(line)
            if suite := _as_dict(ev.get("report")):
                out.append(f"{_PAD}suite: {tally(suite)}")
            for key in ("tampered", "new_autoload"):
                if ev.get(key):
                    out.append(f"{_PAD}{key}: {', '.join(map(str, ev[key]))}")
        elif kind == "explore":
            out.extend(_explore_lines(ts, ev))
        elif kind == "question":
            out.append(f"{ts}   ask_human (step {ev.get('step')}): {one_line(ev.get('question'))}")
            said = "no person available" if ev.get("no_person") else one_line(ev.get("answer"))
            out.append(f"{_PAD}  answer: {said}")
        elif kind == "approval":
            verdict = "approved" if ev.get("approved") else "refused"
            words = f": {one_line(ev['words'], 200)}" if ev.get("words") else ""
            out.append(f"{ts}   approval of {ev.get('what')}: {verdict}{words}")
        elif kind == "notice":
            text = ev.get("message") or ev.get("text") or ev.get("notice") or ""
            out.append(f"{ts} notice: {one_line(text, 200)}")
        elif kind == "run_end":
            ended = True
            out.extend(_transcript_end(ts, _as_dict(ev.get("result")) or ev))
        else:
            out.append(f"{ts} {kind}")
    if not ended:
        out.append("(no run_end: the run is incomplete: still running, or it was killed)")
    return "\n".join(out)


def _explore_lines(ts: str, ev: Mapping[str, Any]) -> list[str]:
    """An ``explore`` event under its step: the question, the helper's calls, usage, summary."""
    usage = ev.get("usage") or {}
    cost = usage.get("cost_usd")
    cost_s = f", ${cost:.4f}" if isinstance(cost, int | float) else ""
    out = [
        f"{ts}   explore (step {ev.get('step')}): {one_line(ev.get('question', ''), 200)}",
        f"{_PAD}  helper: {len(ev.get('calls') or [])} tool call(s), "
        f"{usage.get('input_tokens', 0)} in / {usage.get('output_tokens', 0)} out tokens"
        f"{cost_s}; {ev.get('ended', '')}",
    ]
    for call in ev.get("calls") or []:
        tag = "error" if call.get("is_error") else "ok"
        out.append(
            f"{_PAD}  {call.get('step')}. {call.get('name')} {one_line(call.get('input', {}), 120)}"
            f" <- {tag}: {one_line(call.get('result', ''), 120)}"
        )
    if ev.get("summary"):
        out.append(f"{_PAD}  summary: {one_line(ev['summary'], 300)}")
    return out


def _transcript_end(ts: str, res: Mapping[str, Any]) -> list[str]:
    out = [f"{ts} end: {res.get('status', '?')} (verified: {res.get('verified')})"]
    if res.get("stop_reason"):
        out.append(f"{_PAD}stopped: {one_line(res['stop_reason'], 200)}")
    if res.get("summary"):
        out.append(f"{_PAD}summary: {one_line(res['summary'], 200)}")
    if res.get("failing_tests"):
        out.append(f"{_PAD}still failing: {id_list(list(res['failing_tests']), 10)}")
    if res.get("still_failing_not_target"):
        out.append(
            f"{_PAD}still failing, not a target: "
            f"{id_list(list(res['still_failing_not_target']), 10)}"
        )
    if res.get("files_changed"):
        out.append(f"{_PAD}files changed: {', '.join(res['files_changed'])}")
    if res.get("branch"):
        out.append(f"{_PAD}branch: {res['branch']}")
    if usage := res.get("usage") or {}:
        cost = usage.get("cost_usd")
        cost_s = f"${cost:.4f}" if isinstance(cost, int | float) else "unknown cost"
        out.append(
            f"{_PAD}usage: {usage.get('input_tokens', 0)} in / "
            f"{usage.get('output_tokens', 0)} out tokens, {cost_s}"
        )
    return out


# --------------------------------------------------------------------------------------------
# The final summary
# --------------------------------------------------------------------------------------------


def summary(
    result: RunResult,
    *,
    edits: int,
    baseline: TestReport | None,
    user_changes: list[str] | None = None,
    in_place: bool = False,
) -> str:
    r"""The honest final report text of a run, for every ending.

    Says: verified or not and why it stopped; what was tried (edits, test runs, verifications);
    which tests still fail; files changed; where the change is (branch, commit) and how to review
    it; tokens and cost; uncommitted user changes that the run did not include.

    Args:
        result: the run's result with the git fields filled.
        edits: the number of successful edits and creates.
        baseline: the baseline report (how many failed at the start).
        user_changes: ``git status --porcelain`` lines of the user's checkout not included.
        in_place: True when the run worked in the user's checkout (``--in-place``).

    Returns:
        Lines joined with ``\n``.
    """
    nothing = result.status == RunStatus.NOTHING_TO_FIX
    lines: list[str] = []
    if nothing:
        lines.append("Nothing to fix: every test passed before any change (no model call made).")
        if user_changes:  # the failures the user sees may be in what the run did not take
            lines.append(
                "That is the HEAD commit: your uncommitted changes "
                f"({id_list(list(user_changes), 3)}) were not tested; if the failing tests you "
                "see come from them, commit them (on a branch of your own if you like) and run "
                "fixloop again."
            )
    elif result.status == RunStatus.FLAKY:
        lines.append(
            "FLAKY: the failing tests passed when run again with no change, so there is nothing "
            "a change could be verified against (no model call made)."
        )
    elif result.status == RunStatus.ENVIRONMENT and result.environment is not None:
        env = result.environment
        lines.append(
            "ENVIRONMENT PROBLEM: the test suite cannot run as it should; stopped before any "
            "model call."
        )
        lines.append(f"Cause: {env.cause}")
        lines.append(f"Fix: {env.fix}")
        if baseline is not None:
            lines.append(f"At the start: {tally(baseline)}.")
        lines.append(f"Trajectory: {result.trajectory}")
        return "\n".join(lines)
    elif result.verified:
        # in place no commit is made: the gate checks out the exact tree of the checkout's files
        what = "the exact tree of your checkout's change" if in_place else "the run's commit"
        passed = (
            ": every target passed and no test that passed before fails."
            if result.targets
            else ", and every test passed."
        )
        lines.append(
            f"VERIFIED: the harness checked out {what} in a fresh folder, ran the full test "
            f"suite there itself{passed}"
        )
    elif result.status == RunStatus.INTERRUPTED:
        lines.append(
            "INTERRUPTED (Ctrl-C): the run stopped before a verdict; the gate did not check the "
            "work, so it is neither verified nor known to fail."
        )
    else:
        lines.append(f"NOT VERIFIED ({result.status.value}): the failing tests were not all fixed.")
    if result.stop_reason:
        label = "Gate" if result.verified else "Stopped because"
        lines.append(f"{label}: {result.stop_reason}")
    if baseline is not None and not nothing:
        lines.append(f"At the start: {tally(baseline)}.")
    if not nothing:
        lines.append(
            f"Tried: {counted(result.steps, 'model step')}, {counted(edits, 'edit')}, "
            f"{counted(result.test_runs, 'test run')}, "
            f"{counted(result.verifications, 'gate verification')}."
        )
    if result.targets:
        lines.append(f"Targets: {id_list(result.targets, 8)}")
    if result.failing_tests:
        # an interrupt before any test run of the model or the gate: the list is the baseline's
        ran_since = result.test_runs > 0 or result.verifications > 0
        label = (
            "Still failing"
            if result.status != RunStatus.INTERRUPTED
            else "Failing in the last test run"
            if ran_since
            else "Failing at the start (no test ran since)"
        )
        lines.append(f"{label}: {id_list(result.failing_tests, 8)}")
    if result.still_failing_not_target:
        lines.append(f"Still failing, not a target: {id_list(result.still_failing_not_target, 8)}")
    if result.files_changed:
        lines.append(f"Files changed: {', '.join(result.files_changed)}")
    elif not nothing:
        lines.append("Files changed: none")
    c = result.counters
    flags = [
        counted(n, one, many)
        for n, one, many in (
            (c.refused_test_edits, "refused test edit", ""),
            (c.tamper_detected, "tampered file restored", "tampered files restored"),
            (c.false_success_claims, "false success claim", ""),
            (c.loop_warnings, "loop warning", ""),
            (c.tool_errors, "tool error", ""),
            (
                c.truncated_replies,
                "reply cut at the output limit",
                "replies cut at the output limit",
            ),
        )
        if n
    ]
    if flags:
        lines.append("Counters: " + ", ".join(flags))
    if (result.branch or in_place) and result.files_changed:
        lines.append(_where(result, in_place))
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


def counted(n: int, one: str, many: str = "") -> str:
    """``n`` and the noun in its number: ``"1 edit"``, ``"2 edits"``, ``"0 edits"``.

    Args:
        n: the count.
        one: the singular phrase.
        many: the plural phrase (default: ``one`` with an ``s``).
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"


def interrupted_line(result: RunResult | None) -> str:
    """What became of the work when Ctrl-C stopped a run: one true sentence.

    Args:
        result: the interrupted run's result (git fields filled), or None when the run had
            not started.
    """
    if result is None:
        return "stopped before the run started; nothing was changed"
    if result.head_commit and result.branch:
        return (
            f"the work so far ({len(result.files_changed)} file(s)) is committed on {result.branch}"
        )
    if result.files_changed:  # in-place: left uncommitted where it was made
        return (
            f"the work so far ({len(result.files_changed)} file(s)) is left uncommitted in "
            "your checkout"
        )
    return "nothing was changed, so no branch was kept"


def checkout_place(branch: str | None, base_commit: str | None) -> str:
    """Where an in-place run's checkout stands: ``"branch main"`` or ``"a detached HEAD at <commit>"``.

    Args:
        branch: the checkout's branch; "" or None on a detached HEAD (no branch at all).
        base_commit: the commit the checkout is at (its first 12 digits are shown).
    """
    if branch:
        return f"branch {branch}"
    return f"a detached HEAD at {(base_commit or '')[:12]}"


def _where(result: RunResult, in_place: bool) -> str:
    if in_place:
        return (
            "The change is uncommitted in your checkout (on "
            f"{checkout_place(result.branch, result.base_commit)}, which it never left)"
            f"{'' if result.verified else ', not verified by the gate'}: review "
            "with `git diff`, keep it with `git commit`, drop it with `git restore .`."
        )
    review = f"`git diff {(result.base_commit or '')[:12]} {result.branch}`"
    if not result.verified:  # never offered for merging as if the gate had checked it
        return (
            f"The work so far is a work-in-progress commit {(result.head_commit or '')[:12]} on "
            f"branch {result.branch}, not verified by the gate: review it with {review} and "
            "check it yourself before you use any of it."
        )
    return (
        f"The change is a commit {(result.head_commit or '')[:12]} on branch "
        f"{result.branch}: review with {review}, merge with `git merge {result.branch}`."
    )
