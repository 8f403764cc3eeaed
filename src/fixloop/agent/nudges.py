"""The loop detector's signals turned into warnings for the model and the reason to stop.

:class:`~fixloop.agent.loopdetect.LoopDetector` says when the same failure or call comes again
and again; :class:`LoopWarnings` keeps what follows from it: a warning (counted in
``counters.loop_warnings``, said as a notice, and added to the next user message) or, after a
warning, the reason the loop stops before its next model call
(:class:`~fixloop.errors.LoopDetected`, raised by :func:`fixloop.agent.step.check_budgets`).
The loop (:mod:`.loop`) feeds it every signal and takes the pending warnings with each user
message; it never calls back into the loop.
"""

from __future__ import annotations

from typing import Any

from fixloop import prompts
from fixloop.agent.loopdetect import LoopSignal
from fixloop.events import Events
from fixloop.types import Counters


class LoopWarnings:
    """Pending loop warnings and the loop's reason to stop.

    Args:
        counters: the run's counters (``loop_warnings`` is counted here).
        events: the run's event emitter (one notice per warning).

    Attributes:
        stop: ``"loop: <what>, after a warning"`` once the detector said stop, else None.
    """

    def __init__(self, counters: Counters, events: Events) -> None:
        self.counters, self.events = counters, events
        self.stop: str | None = None
        self._pending: list[str] = []

    def on(self, signal: LoopSignal | None) -> None:
        """Take one signal of the detector (None: nothing repeated)."""
        if signal is None:
            return
        if signal.stop:
            self.stop = f"loop: {signal.what}, after a warning"
            return
        self.counters.loop_warnings += 1
        self._pending.append(prompts.LOOP_WARNING.format(what=signal.what))
        self.events.notice(f"loop warning: {signal.what}")

    def take(self) -> list[dict[str, Any]]:
        """The pending warnings as text blocks for the next user message; none pending after."""
        blocks = [{"type": "text", "text": w} for w in self._pending]
        self._pending.clear()
        return blocks
