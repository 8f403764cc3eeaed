"""Riding school: the order of the horses on a trail ride, kept as a linked list."""

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass
class Rider:
    name: str
    horse: str
    next: "Rider | None" = None


class Trail:
    """Riders in single file, from the leader (``head``) to the back (``tail``)."""

    def __init__(self) -> None:
        self.head: Rider | None = None
        self.tail: Rider | None = None
        self.size = 0

    def join(self, name: str, horse: str) -> None:
        """A rider joins at the back."""
        rider = Rider(name, horse)
        if self.tail is None:
            self.head = rider
        else:
            self.tail.next = rider
        self.tail = rider
        self.size += 1

    def _riders(self) -> Iterator[Rider]:
        rider = self.head
        for _ in range(self.size):
            assert rider is not None
            yield rider
            rider = rider.next

    def order(self) -> list[str]:
        return [r.name for r in self._riders()]

    def horses(self) -> dict[str, str]:
        return {r.name: r.horse for r in self._riders()}

    def turn_back(self) -> None:
        """Reverse the file for the way home: the last rider leads."""
        prev, rider = None, self.head
        self.tail = self.head
        for _ in range(self.size):
            assert rider is not None
            following = rider.next
            rider.next = prev
            rider = following
        self.head = prev
