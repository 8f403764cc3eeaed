"""A church bell tower's practice book: who came to practice night, and the band's turnout."""

from __future__ import annotations

from collections import Counter
from datetime import date


def _percent(part: int, whole: int) -> float:
    """``part`` as a percentage of ``whole``, one decimal (0.0 when ``whole`` is 0)."""
    return round(100 * part / whole, 1) if whole else 0.0


class PracticeBook:
    """The tower's ringers and the practices each came to."""

    def __init__(self, ringers: list[str]) -> None:
        self.ringers = ringers
        self.practices: dict[date, set[str]] = {}

    def record(self, night: date, present: list[str]) -> None:
        """Record one practice night (unknown ringers raise ``KeyError``)."""
        for name in present:
            if name not in self.ringers:
                raise KeyError(name)
        self.practices[night] = set(present)

    def turnout(self, night: date) -> float:
        """The share of the band that came on one night, in percent."""
        return _percent(len(self.practices[night]), len(self.ringers))

    def attendance(self) -> dict[str, float]:
        """Each ringer's attendance over all recorded practices, in percent."""
        came = Counter(name for present in self.practices.values() for name in present)
        return {name: _percent(len(self.practices), came[name]) for name in self.ringers}

    def can_ring(self, night: date, bells: int) -> bool:
        """True when enough ringers came to ring all ``bells``."""
        return len(self.practices.get(night, ())) >= bells

    def regulars(self, at_least: float = 75.0) -> list[str]:
        """Ringers who came to at least ``at_least`` percent of practices, by name."""
        return sorted(n for n, pct in self.attendance().items() if pct >= at_least)
