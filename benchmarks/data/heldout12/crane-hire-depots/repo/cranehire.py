"""Crane hire: cranes out on hire from each depot, and checking them back in."""

from __future__ import annotations

import threading
from collections import Counter


class UnknownCrane(KeyError):
    """The crane is not out on hire."""


class Fleet:
    """Cranes standing in each depot's yard and those out on hire."""

    def __init__(self, depots: dict[str, list[str]]) -> None:
        self.yard = {depot: list(cranes) for depot, cranes in depots.items()}
        self.on_hire: dict[str, str] = {}  # crane -> its home depot
        self.out: Counter[str] = Counter()  # depot -> its cranes out on hire
        self._lock = threading.Lock()

    def hire_out(self, depot: str) -> str:
        """Hire out the first crane standing at ``depot``."""
        with self._lock:
            if not self.yard[depot]:
                raise LookupError(f"no crane left at {depot}")
            crane = self.yard[depot].pop(0)
            self.on_hire[crane] = depot
            self.out[depot] += 1
        return crane

    def check_in(self, crane: str) -> str:
        """A crane comes back to its home depot; returns the depot."""
        with self._lock:
            if crane not in self.on_hire:
                raise UnknownCrane(crane)
            depot = self.on_hire.pop(crane)
            self.yard[depot].append(crane)
        return depot

    def out_from(self, depot: str) -> int:
        return self.out[depot]

    def busiest(self) -> str | None:
        """The depot with the most cranes out (None when every crane is home)."""
        depot, count = max(self.out.items(), key=lambda kv: kv[1], default=(None, 0))
        return depot if count else None

    def standing(self) -> dict[str, int]:
        """Cranes in each yard now."""
        return {depot: len(cranes) for depot, cranes in self.yard.items()}
