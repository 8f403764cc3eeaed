"""Hop counts between the routers of a small network (links are bidirectional)."""

from collections import deque


class Network:
    def __init__(self, links=()):
        self._links = {}
        for a, b in links:
            self.link(a, b)

    def link(self, a, b):
        self._links.setdefault(a, set()).add(b)
        self._links.setdefault(b, set()).add(a)

    def routers(self):
        return sorted(self._links)

    def neighbours(self, router):
        return sorted(self._links.get(router, ()))

    def hops(self, src, dst):
        """The fewest links from ``src`` to ``dst``; None when ``dst`` cannot be reached."""
        if src == dst:
            return 0
        seen = {src}
        queue = deque([(src, 0)])
        while True:
            router, dist = queue.popleft()
            for nxt in self.neighbours(router):
                if nxt == dst:
                    return dist + 1
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append((nxt, dist + 1))
        return None

    def reachable(self, src):
        return [r for r in self.routers() if r != src and self.hops(src, r) is not None]
