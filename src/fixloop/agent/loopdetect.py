"""Loop detection: the same failure, or the same call with the same result, again and again.

The same failure signature three times in a row, or the same tool call with the same result three
times, earns one warning; a repeat after the warning is a stop. :class:`LoopDetector` returns
these decisions; the loop acts on them (it tells the model, counts the warning, stops).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from fixloop.types import TestReport

REPEATS = 3


@dataclass
class LoopSignal:
    """A decision of the detector.

    Attributes:
        what: what repeated, as a phrase ("the tests failed the same way 3 times in a row").
        stop: False for the first time (a warning), True for a repeat after the warning.
    """

    what: str
    stop: bool


def stable_json(value: Any) -> str:
    """``value`` as JSON with sorted keys (``repr`` for what JSON cannot hold)."""
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):
        return repr(value)


def _digest(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def _short(value: Any, limit: int = 60) -> str:
    text = stable_json(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class LoopDetector:
    """Watches test reports and tool calls for repetition."""

    def __init__(self) -> None:
        self._sig_last: str | None = None
        self._sig_count = 0
        self._sig_warned = False
        self._call_counts: dict[str, int] = {}
        self._call_warned: set[str] = set()

    def report(self, report: TestReport) -> LoopSignal | None:
        """Watch one test report (a passing one resets the count).

        Returns:
            a :class:`LoopSignal` at the third same failure in a row and after, else None.
        """
        if report.ok or not report.signature:
            self._sig_last, self._sig_count, self._sig_warned = None, 0, False
            return None
        if report.signature == self._sig_last:
            self._sig_count += 1
        else:
            self._sig_last, self._sig_count, self._sig_warned = report.signature, 1, False
        if self._sig_count < REPEATS:
            return None
        what = f"the tests failed the same way {self._sig_count} times in a row"
        warned, self._sig_warned = self._sig_warned, True
        return LoopSignal(what, stop=warned)

    def call(self, name: Any, args: Any, content: str) -> LoopSignal | None:
        """Watch one tool call and its result text.

        Returns:
            a :class:`LoopSignal` at the third same call with the same result and after, else
            None.
        """
        key = _digest(stable_json(name), stable_json(args), content)
        n = self._call_counts.get(key, 0) + 1
        self._call_counts[key] = n
        if n < REPEATS:
            return None
        what = f"the call {name}({_short(args)}) gave the same result {n} times"
        warned = key in self._call_warned
        self._call_warned.add(key)
        return LoopSignal(what, stop=warned)
