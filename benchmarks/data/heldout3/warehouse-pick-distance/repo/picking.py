"""Plan a picker's walk through a warehouse laid out as a grid of (aisle, bay) cells."""


def distance(a, b):
    """Walking distance between cells ``a`` and ``b``: moves go along the grid only."""
    return abs(a[0] - b[0]) + (a[1] - b[1])


def pick_route(start, cells):
    """The ``cells`` in visiting order: always the nearest next, ties to the smaller cell."""
    route = []
    here = start
    left = list(cells)
    for _ in range(len(left)):
        nearest = min(left, key=lambda cell: (distance(here, cell), cell))
        left.remove(nearest)
        route.append(nearest)
        here = nearest
    return route


def route_length(start, route, back_to_start=True):
    """The walking distance along ``route`` from ``start``, and back when asked."""
    total = 0
    here = start
    for cell in route:
        total += distance(here, cell)
        here = cell
    if back_to_start:
        total += distance(here, start)
    return total
