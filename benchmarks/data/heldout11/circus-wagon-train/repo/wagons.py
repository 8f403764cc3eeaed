"""A travelling circus's wagon train: wagons coupled in a row, turned round for the trip home."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Wagon:
    name: str
    tonnes: float
    next: Wagon | None = None


class Train:
    """The wagons as a singly linked list from the front; ``size`` wagons long."""

    def __init__(self) -> None:
        self.head: Wagon | None = None
        self.size = 0

    def _wagons(self) -> list[Wagon]:
        out, node = [], self.head
        for _ in range(self.size):
            if node is None:
                break
            out.append(node)
            node = node.next
        return out

    def couple(self, name: str, tonnes: float) -> None:
        """Couple a wagon at the back."""
        wagon = Wagon(name, tonnes)
        wagons = self._wagons()
        if wagons:
            wagons[-1].next = wagon
        else:
            self.head = wagon
        self.size += 1

    def names(self) -> list[str]:
        """Wagon names from the front."""
        return [w.name for w in self._wagons()]

    def reverse(self) -> None:
        """Turn the train round: the last wagon leads and each wagon is coupled to the one before."""
        prev: Wagon | None = None
        node = self.head
        for _ in range(self.size):
            if node is None:
                break
            following = node.next
            node.next = prev
            node = following
        self.head = prev

    def tonnes_behind(self, name: str) -> float:
        """The weight pulled behind a wagon (0.0 for the last one or an unknown name)."""
        names = self.names()
        if name not in names:
            return 0.0
        return sum(w.tonnes for w in self._wagons()[names.index(name) + 1 :])
