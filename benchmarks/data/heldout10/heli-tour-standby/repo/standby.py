"""Standby list of a helicopter sightseeing tour: a linked queue of parties waiting for seats."""

from dataclasses import dataclass


@dataclass
class Party:
    name: str
    seats: int
    next: "Party | None" = None


class Standby:
    """Parties in the order they joined; a flight boards the first ones that fit."""

    def __init__(self):
        self.head: Party | None = None
        self.size = 0

    def parties(self) -> list[Party]:
        """The parties in order."""
        out, node = [], self.head
        for _ in range(self.size):
            out.append(node)
            node = node.next
        return out

    def join(self, name: str, seats: int) -> None:
        """Put a party at the end of the list."""
        party = Party(name, seats)
        if self.head is None:
            self.head = party
        else:
            self.parties()[-1].next = party
        self.size += 1

    def leave(self, name: str) -> Party:
        """Take the named party off the list; raises KeyError when it is not on it."""
        prev, node = None, self.head
        for _ in range(self.size):
            if node.name == name:
                if prev is None:
                    self.head = node.next
                else:
                    prev.next = node.next
                node.next = None
                self.size -= 1
                return node
            node = node.next
        raise KeyError(name)

    def board(self, free_seats: int) -> list[str]:
        """Board parties in order while seats are free; a party that does not fit keeps its
        place. Return the names boarded."""
        boarded = []
        for party in self.parties():
            if party.seats <= free_seats:
                self.leave(party.name)
                free_seats -= party.seats
                boarded.append(party.name)
        return boarded

    def board_list(self) -> list[str]:
        """The printed list: name and seats."""
        return [f"{p.name} ({p.seats})" for p in self.parties()]
