"""The gate's side of the loop: each claim of being done goes to the gate, which is recorded.

:class:`Claims` counts verifications and restored files, remembers the last rejection and the
number of edits the gate last saw (a claim repeated without a change since a rejection is not sent
to the gate again), and emits the ``test_report`` and ``gate_verdict`` events. It returns the
verdict; the loop decides what follows.
"""

from __future__ import annotations

from fixloop import render
from fixloop.events import Events
from fixloop.protocols import TestReportEvent, Verifier
from fixloop.types import Verdict


class Claims:
    """Sends claims to the gate and keeps its record.

    Args:
        gate: the :class:`~fixloop.protocols.Verifier`.
        events: the run's event emitter.

    Attributes:
        verifications: gate runs so far.
        tamper_detected: protected files restored, auto-loaded files deleted, suspicious
            constructs found and audit findings of the gate's watched runs, over all verdicts.
        verified_edits: the edit count when the gate last ran.
        last_rejected: the reason of the gate's last rejection, "" after a pass.
    """

    def __init__(self, gate: Verifier, events: Events) -> None:
        self.gate, self.events = gate, events
        self.verifications = self.tamper_detected = self.verified_edits = 0
        self.last_rejected = ""

    def verify(self, claim: str, edits: int) -> Verdict:
        """Have the gate check the work now.

        ``claim`` is the model's text ("" for the harness's own final check), ``edits`` the edit
        count so far.
        """
        self.verifications += 1
        verdict = self.gate.verify()
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
