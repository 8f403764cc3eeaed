"""Boats queueing at a canal lock: a singly linked queue, locked through front first."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(eq=False)
class Boat:
    name: str
    length_m: float
    next: Boat | None = None


class LockQueue:
    def __init__(self, chamber_m: float) -> None:
        self.chamber_m = chamber_m
        self.head: Boat | None = None
        self.tail: Boat | None = None
        self.waiting = 0

    def arrive(self, *boats: Boat) -> None:
        """Append the boats at the back of the queue, in the order given."""
        for boat in boats:
            if boat.length_m > self.chamber_m:
                raise ValueError(f"{boat.name} is longer than the lock")
            boat.next = None
            if self.tail is None:
                self.head = boat
            else:
                self.tail.next = boat
            self.waiting += 1

    def front(self) -> str | None:
        return self.head.name if self.head else None

    def next_locking(self) -> list[Boat]:
        """Take the boats from the front that fit in the chamber together, in queue order."""
        taken: list[Boat] = []
        room = self.chamber_m
        while self.head is not None and self.head.length_m <= room:
            boat = self.head
            room -= boat.length_m
            self.head = boat.next
            boat.next = None
            taken.append(boat)
            self.waiting -= 1
        if self.head is None:
            self.tail = None
        return taken
