"""Fewest stops between two stations of a metro network."""

from collections import deque


def network(lines):
    """Adjacency sets from ``{line name: [station, ...]}`` (consecutive stations connect)."""
    adj = {}
    for stations in lines.values():
        for a, b in zip(stations, stations[1:]):
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)
    return adj


def fewest_stops(adj, src, dst):
    """The number of stops from ``src`` to ``dst``, or None when it cannot be reached."""
    if src == dst:
        return 0
    dist = {src: 0}
    queue = deque([src])
    while True:
        station = queue.popleft()
        for nxt in sorted(adj.get(station, ())):
            if nxt in dist:
                continue
            dist[nxt] = dist[station] + 1
            if nxt == dst:
                return dist[nxt]
            queue.append(nxt)
    return None


def reachable(adj, src):
    """Every station reachable from ``src``, itself included."""
    return {s for s in adj if fewest_stops(adj, src, s) is not None} | {src}
