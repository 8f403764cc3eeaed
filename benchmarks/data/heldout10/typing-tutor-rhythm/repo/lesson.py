"""A typing tutor's lesson statistics: speed, accuracy and how even the rhythm is."""

import statistics
from dataclasses import dataclass, field


@dataclass
class Attempt:
    """One try at typing `target`: the keys pressed and when (ms after the start)."""

    target: str
    typed: str = ""
    key_times_ms: list[int] = field(default_factory=list)

    def press(self, char: str, at_ms: int) -> None:
        """Record one key press."""
        self.typed += char
        self.key_times_ms.append(at_ms)

    @property
    def gaps(self) -> list[int]:
        """Milliseconds between one key press and the next."""
        return [b - a for a, b in zip(self.key_times_ms, self.key_times_ms[1:])]

    @property
    def rhythm(self) -> float:
        """Standard deviation of the gaps in ms (0.0 until there are two gaps to compare)."""
        gaps = self.gaps
        return 0.0 if len(gaps) == 0 else round(statistics.stdev(gaps), 1)

    def accuracy(self) -> float:
        """Percent of the target's characters typed right, in place."""
        right = sum(a == b for a, b in zip(self.typed, self.target))
        return round(100 * right / len(self.target), 1)

    def wpm(self) -> float:
        """Words (five characters) a minute between the first and the last key press."""
        if len(self.key_times_ms) < 2:
            return 0.0
        minutes = (self.key_times_ms[-1] - self.key_times_ms[0]) / 60000
        return round(len(self.typed) / 5 / minutes, 1)


def lesson_report(attempts: list[Attempt]) -> dict[str, float]:
    """Best speed, mean accuracy and the most even rhythm of a lesson's attempts."""
    return {
        "best_wpm": max(a.wpm() for a in attempts),
        "accuracy": round(statistics.mean(a.accuracy() for a in attempts), 1),
        "rhythm": min(a.rhythm for a in attempts),
    }
