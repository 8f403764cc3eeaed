"""The maintenance logbook of a ferris wheel: the gondolas the engineers' notes mention."""

import re
from collections import Counter
from dataclasses import dataclass

GONDOLAS = 24
GONDOLA = re.compile(r"\bgondola\s+(\d)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Note:
    day: str  # "2026-05-01"
    engineer: str
    text: str

    def gondolas(self) -> list[int]:
        """Gondola numbers the note mentions, in order, each once; numbers that are not on
        the wheel are left out."""
        found: list[int] = []
        for match in GONDOLA.finditer(self.text):
            number = int(match.group(1))
            if 1 <= number <= GONDOLAS and number not in found:
                found.append(number)
        return found


class Logbook:
    """The notes, in the order they were written."""

    def __init__(self):
        self.notes: list[Note] = []

    def write(self, day: str, engineer: str, text: str) -> Note:
        """Add a note."""
        note = Note(day, engineer, text)
        self.notes.append(note)
        return note

    def mentions(self) -> Counter:
        """How many notes mention each gondola."""
        return Counter(n for note in self.notes for n in note.gondolas())

    def most_mentioned(self, k: int = 3) -> list[int]:
        """The `k` gondolas mentioned most, by count then number."""
        counts = self.mentions()
        return sorted(counts, key=lambda n: (-counts[n], n))[:k]

    def by_engineer(self) -> dict[str, int]:
        """Notes written by each engineer."""
        return dict(Counter(note.engineer for note in self.notes))

    def notes_on(self, day: str) -> list[str]:
        """The texts written on one day."""
        return [note.text for note in self.notes if note.day == day]
