"""An astronomy club's observing log: the catalogue objects named in the notes, and counts."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

# Messier (M 1-110) and NGC (1-7840) numbers as members write them: "M31", "M 42", "NGC 891"
OBJECT = re.compile(r"\b(M|NGC) ?(\d{1,3})\b")


@dataclass
class Note:
    observer: str
    night: str  # ISO date
    text: str

    def objects(self) -> list[str]:
        return [f"{cat} {num}" for cat, num in OBJECT.findall(self.text)]


@dataclass
class Log:
    club: str
    notes: list[Note] = field(default_factory=list)

    def add(self, observer: str, night: str, text: str) -> Note:
        note = Note(observer, night, text)
        self.notes.append(note)
        return note

    def tally(self) -> Counter[str]:
        return Counter(obj for note in self.notes for obj in note.objects())

    def first_seen(self) -> dict[str, str]:
        """Each object with the night it was first logged."""
        out: dict[str, str] = {}
        for note in sorted(self.notes, key=lambda n: n.night):
            for obj in note.objects():
                out.setdefault(obj, note.night)
        return out

    def by_observer(self, observer: str) -> list[str]:
        return sorted({o for n in self.notes if n.observer == observer for o in n.objects()})
