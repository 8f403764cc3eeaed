"""Cave survey: passages between survey stations, and what is reachable from a station."""


def build(passages):
    """Adjacency lists from (a, b) passages, which go both ways; neighbours keep input order."""
    graph = {}
    for a, b in passages:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, []).append(a)
    return graph


def reachable(passages, start):
    """Stations reachable from `start`, in depth-first order, each listed once."""
    graph = build(passages)
    seen = set()
    order = []

    def visit(station):
        if station in seen:
            return
        order.append(station)
        for nxt in graph.get(station, []):
            visit(nxt)

    visit(start)
    return order


def dead_ends(passages):
    """Stations with a single passage, sorted."""
    return sorted(s for s, near in build(passages).items() if len(near) == 1)
