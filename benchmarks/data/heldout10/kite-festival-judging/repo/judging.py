"""Judging at a kite festival: judges mark the kites in the air, each judge once per kite."""

from collections import defaultdict
from statistics import mean

CATEGORIES = ("design", "flight", "crowd")


class DuplicateVote(ValueError):
    """A judge marked the same kite twice."""


class Judging:
    """The marks given so far and who has marked which kite."""

    def __init__(self, judges: list[str]):
        self.judges = set(judges)
        self.scores: dict[str, list[float]] = defaultdict(list)
        self.voted: set[tuple[str, str]] = set()

    def score(self, judge: str, kite: str, marks: dict[str, float]) -> float:
        """Record one judge's marks for a kite; return their average (a missing mark is 0).

        Raises KeyError for an unknown judge or category, DuplicateVote when the judge has
        already marked this kite.
        """
        if judge not in self.judges:
            raise KeyError(judge)
        if (judge, kite) in self.voted:
            raise DuplicateVote(f"{judge} already marked {kite}")
        unknown = set(marks) - set(CATEGORIES)
        if unknown:
            raise KeyError(", ".join(sorted(unknown)))
        average = round(mean(marks.get(c, 0.0) for c in CATEGORIES), 2)
        self.scores[kite].append(average)
        return average

    def standings(self) -> list[tuple[str, float]]:
        """Kites by their mean mark, best first (ties by name)."""
        rows = [(k, round(mean(v), 2)) for k, v in self.scores.items()]
        return sorted(rows, key=lambda r: (-r[1], r[0]))

    def still_to_mark(self, kite: str) -> list[str]:
        """Judges who have not marked `kite` yet, by name."""
        return sorted(j for j in self.judges if (j, kite) not in self.voted)
