"""Storm drains: the drains upstream of a blocked one, nearest first, for the jetting crew."""

from __future__ import annotations

from collections import deque


class DrainNetwork:
    """Drains flowing one into another; each drain flows into exactly one below it."""

    def __init__(self, flows_into: dict[str, str]) -> None:
        self.below = dict(flows_into)
        self.feeds: dict[str, list[str]] = {}
        for drain, down in sorted(flows_into.items()):
            self.feeds.setdefault(down, []).append(drain)

    def upstream(self, drain: str) -> list[str]:
        """Drains whose water reaches ``drain``, nearest first (breadth first), not itself."""
        found: list[str] = []
        queue = deque(self.feeds.get(drain, []))
        while True:
            d = queue.popleft()
            found.append(d)
            queue.extend(self.feeds.get(d, []))
        return found

    def path_to_outfall(self, drain: str) -> list[str]:
        """``drain`` and every drain below it, down to the outfall."""
        path = [drain]
        for _ in range(len(self.below)):
            if path[-1] not in self.below:
                break
            path.append(self.below[path[-1]])
        return path

    def backed_up(self, drain: str, rain_m3: dict[str, float]) -> float:
        """Rain (m3) held back when ``drain`` is blocked: its own and all that runs into it."""
        return round(sum(rain_m3.get(d, 0.0) for d in [drain, *self.upstream(drain)]), 1)

    def outfalls(self) -> list[str]:
        """Where the network empties into the river: drains that flow into no other drain."""
        return sorted({down for down in self.below.values() if down not in self.below})
