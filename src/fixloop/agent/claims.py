"""The gate's side of the loop: each claim of being done goes to the gate, which is recorded.

:class:`Claims` counts verifications and restored files, remembers the last rejection and the
number of edits the gate last saw (a claim repeated without a change since a rejection is not sent
to the gate again), and emits the ``test_report`` and ``gate_verdict`` events. It returns the
verdict; the loop decides what follows. The loop (:mod:`.loop`) also calls :func:`screen` (a
give-up or a repeated claim stops the run before the gate) and :func:`rejection_message` (what the
model is told after a rejection, or the stop when no verification is left).
"""

from __future__ import annotations

from typing import Any

from fixloop import errors, prompts, render
from fixloop.events import Events
from fixloop.protocols import TestReportEvent, Verifier
from fixloop.types import Counters, Verdict


class Claims:
    """Sends claims to the gate and keeps its record.

    Args:
        gate: the :class:`~fixloop.protocols.Verifier`.
        events: the run's event emitter.

    Attributes:
        verifications: gate runs that reached a verdict so far (one stopped while it ran, by
            Ctrl-C or a halt, is not counted: it checked nothing).
        in_gate: True from the start of a gate run until its verdict; still True after one that
            did not finish (an interrupt or a halt raised out of it).
        tamper_detected: protected files restored, auto-loaded files deleted, suspicious
            constructs found and audit findings of the gate's watched runs, over all verdicts.
        verified_edits: the edit count when the gate last ran.
        last_rejected: the reason of the gate's last rejection, "" after a pass.
    """

    def __init__(self, gate: Verifier, events: Events) -> None:
        self.gate, self.events = gate, events
        self.verifications = self.tamper_detected = self.verified_edits = 0
        self.last_rejected = ""
        self.in_gate = False

    def verify(self, claim: str, edits: int) -> Verdict:
        """Have the gate check the work now.

        ``claim`` is the model's text ("" for the harness's own final check), ``edits`` the edit
        count so far.
        """
        self.in_gate = True
        verdict = self.gate.verify()  # a KeyboardInterrupt here leaves in_gate set
        self.in_gate = False
        self.verifications += 1
        self.tamper_detected += (
            len(verdict.tampered)
            + len(verdict.new_autoload)
            + len(verdict.suspicious)
            + len(getattr(verdict, "audit", ()))  # test doubles may not carry it
        )
        self.verified_edits = edits
        self.last_rejected = "" if verdict.verified else verdict.reason
        report = verdict.report.to_dict()
        self.events.emit("test_report", TestReportEvent(report=report, source="gate"))
        self.events.emit("gate_verdict", {"claim": claim, **verdict.to_dict()})
        return verdict

    def repeated(self, edits: int) -> bool:
        """True when the gate rejected the last claim and nothing changed since."""
        return bool(self.last_rejected) and edits == self.verified_edits


def rejection_details(verdict: Verdict) -> str:
    """Say what the model is told about a rejected claim.

    The reason, the gate's report, and the protected files that were restored.
    """
    details = verdict.reason + "\n" + render.for_model(verdict.report)
    if verdict.tampered or verdict.new_autoload:
        details += (
            "\nProtected files you changed or created were restored to the base commit: "
            + ", ".join(verdict.tampered + verdict.new_autoload)
        )
    return details


def claim_text(blocks: list[dict[str, Any]]) -> str:
    """The text of a reply without tool calls: its text blocks joined by spaces, stripped."""
    return " ".join(b.get("text", "") for b in blocks if b["type"] == "text").strip()


def screen(claim: str, record: Claims, edits: int, counters: Counters) -> None:
    """Stop the run for a claim that does not go to the gate.

    Args:
        claim: the reply's text (:func:`claim_text`).
        record: the run's :class:`Claims`.
        edits: the edit count so far.
        counters: the run's counters (``false_success_claims`` counts a repeated claim).

    Raises:
        fixloop.errors.GaveUp: the model gave up (``CANNOT FIX:``, :func:`fixloop.prompts.is_give_up`).
        fixloop.errors.ClaimRejected: the model claimed success again without changing anything
            since the gate rejected its last claim (the gate would give the same verdict).
    """
    if prompts.is_give_up(claim):
        raise errors.GaveUp(f"the model gave up: {give_up_text(claim)}")
    if record.repeated(edits):
        counters.false_success_claims += 1
        raise errors.ClaimRejected(
            "the model claimed success again without changing anything since the gate "
            f"rejected its last claim ({record.last_rejected})"
        )


#: The most lines and characters per line of a give-up message kept in the run's stop reason
#: (the whole message stays in the trajectory's ``model_call`` event).
GIVE_UP_LINES, GIVE_UP_LINE_CHARS = 16, 1000


def give_up_text(
    claim: str, max_lines: int = GIVE_UP_LINES, line_chars: int = GIVE_UP_LINE_CHARS
) -> str:
    """A give-up message as the stop reason keeps it: whole lines, whole items, never a word cut.

    A message of more than ``max_lines`` non-blank lines keeps its first ``max_lines - 2`` and
    its last line (where a message's conclusion and notes go), with a line saying how many were
    left out between them. A line longer than ``line_chars`` is cut after its last whole item
    (``"; "``-separated; else its last whole word) that fits, then ``" …"``.

    Args:
        claim: the model's reply text (starting ``CANNOT FIX:``).
        max_lines: the most lines kept (at least 3).
        line_chars: the most characters of one kept line.

    Returns:
        The text, lines joined by newlines; the whole message is in the trajectory.
    """
    lines = [line.rstrip() for line in claim.strip().splitlines() if line.strip()]
    if len(lines) > max_lines:
        left_out = len(lines) - (max_lines - 1)
        gap = f"… ({left_out} line(s) left out: the whole message is in the trajectory)"
        lines = [*lines[: max_lines - 2], gap, lines[-1]]
    return "\n".join(_whole_items(line, line_chars) for line in lines)


def _whole_items(line: str, limit: int) -> str:
    if len(line) <= limit:
        return line
    head = line[: limit - 2]
    for sep in ("; ", " "):
        at = head.rfind(sep)
        if at > limit // 3:
            return head[:at].rstrip(" ;,") + " …"
    return head + " …"


def rejection_message(verdict: Verdict, left: int) -> str:
    """What the model is told after the gate rejected its claim.

    Args:
        verdict: the gate's rejecting verdict.
        left: verifications left in the budget.

    Returns:
        the text of the next user message (:func:`rejection_details` and ``left``), headed
        "the tests do NOT all pass" only when the gate's full run did not pass.

    Raises:
        fixloop.errors.ClaimRejected: no verifications are left (``left <= 0``).
    """
    if left <= 0:
        raise errors.ClaimRejected(
            f"the gate rejected the claim and no verifications are left: {verdict.reason}"
        )
    template = prompts.GATE_REJECTED_PASSING if verdict.report.ok else prompts.GATE_REJECTED
    return template.format(details=rejection_details(verdict), left=left)
