"""The waiting room of a dental practice: patients in arrival order, called in by the dentists."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass
class Patient:
    name: str
    arrived: datetime
    urgent: bool = False


@dataclass
class WaitingRoom:
    queue: list[Patient] = field(default_factory=list)
    seen: list[tuple[str, str]] = field(default_factory=list)  # (dentist, patient)

    def check_in(self, patient: Patient) -> int:
        """Add a patient, urgent ones before the others; returns the 1-based board position."""
        if patient.urgent:
            at = sum(1 for p in self.queue if p.urgent)
            self.queue.insert(at, patient)
            return at + 1
        self.queue.append(patient)
        return len(self.queue)

    def board(self) -> list[str]:
        return [f"{i}. {p.name}" for i, p in enumerate(self.queue, start=1)]

    def call(self, dentist: str, position: int = 1) -> Patient:
        """Call in the patient at the 1-based ``position`` of the board (the next by default)."""
        if not 1 <= position <= len(self.queue):
            raise IndexError(f"no patient at position {position}")
        patient = self.queue.pop(position)
        self.seen.append((dentist, patient.name))
        return patient

    def waited_minutes(self, now: datetime) -> dict[str, int]:
        return {p.name: int((now - p.arrived).total_seconds() // 60) for p in self.queue}
