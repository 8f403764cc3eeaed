"""A farm's irrigation channels: which fields a sluice gate can water, and how far away."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field


@dataclass
class Network:
    channels: dict[str, list[str]] = field(default_factory=dict)  # node -> downstream nodes
    closed: set[str] = field(default_factory=set)

    def connect(self, upstream: str, downstream: str) -> None:
        self.channels.setdefault(upstream, []).append(downstream)
        self.channels.setdefault(downstream, [])

    def close(self, gate: str) -> None:
        if gate not in self.channels:
            raise KeyError(gate)
        self.closed.add(gate)

    def hops(self, source: str, target: str) -> int | None:
        """The fewest channel sections from ``source`` to ``target``; None when water cannot
        get there (downstream only, never through a closed gate)."""
        if source in self.closed:
            return None
        seen = {source}
        queue = deque([(source, 0)])
        while True:
            node, dist = queue.popleft()
            if node == target:
                return dist
            for nxt in self.channels.get(node, []):
                if nxt not in seen and nxt not in self.closed:
                    seen.add(nxt)
                    queue.append((nxt, dist + 1))
        return None

    def watered(self, source: str, fields: list[str]) -> list[str]:
        return [f for f in fields if self.hops(source, f) is not None]
