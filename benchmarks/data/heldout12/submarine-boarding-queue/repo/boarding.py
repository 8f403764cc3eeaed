"""Submarine tours: the boarding queue, a linked list kept in ticket-time order."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Party:
    name: str
    ticket: str  # departure on the ticket, "HH:MM"
    size: int
    next: Party | None = None


class BoardingQueue:
    """Parties waiting on the pier, the earliest ticket at the head."""

    def __init__(self) -> None:
        self.head: Party | None = None
        self.size = 0

    def insert(self, party: Party) -> None:
        """Queue ``party`` behind every party with the same or an earlier ticket time."""
        prev, node = None, self.head
        for _ in range(self.size):
            if node is None or node.ticket > party.ticket:
                break
            node = node.next
        party.next = node
        if prev is None:
            self.head = party
        else:
            prev.next = party
        self.size += 1

    def names(self) -> list[str]:
        out, node = [], self.head
        for _ in range(self.size):
            if node is None:
                break
            out.append(node.name)
            node = node.next
        return out

    def board(self, seats: int) -> list[str]:
        """Board parties from the head while they fit in ``seats``; nobody jumps ahead."""
        boarded = []
        for _ in range(self.size):
            if self.head is None or self.head.size > seats:
                break
            seats -= self.head.size
            boarded.append(self.head.name)
            self.head = self.head.next
            self.size -= 1
        return boarded
