"""Plant drawings from L-system strings: a turtle on a grid, with branch brackets."""

HEADINGS = [(0, 1), (1, 0), (0, -1), (-1, 0)]  # north, east, south, west


def expand(axiom, rules, generations):
    """Apply the rewriting `rules` (character -> string) to `axiom` `generations` times."""
    text = axiom
    for _ in range(generations):
        text = "".join(rules.get(ch, ch) for ch in text)
    return text


def trace(program):
    """Grid cells a turtle visits, starting at (0, 0) facing north.

    'F' moves one cell, '+' turns right, '-' turns left, '[' saves the position and heading,
    ']' goes back to the last saved one. Returns (cells in visiting order, deepest nesting).
    """
    x, y, heading = 0, 0, 0
    stack = []
    cells = [(0, 0)]
    depth = deepest = 0
    for ch in program:
        if ch == "[":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == "]":
            x, y, heading = stack.pop()
            depth -= 1
        elif ch == "F":
            dx, dy = HEADINGS[heading]
            x, y = x + dx, y + dy
            cells.append((x, y))
        elif ch == "+":
            heading = (heading + 1) % 4
        elif ch == "-":
            heading = (heading - 1) % 4
    return cells, deepest


def extent(cells):
    """Bounding box (min x, min y, max x, max y) of the cells."""
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs), min(ys), max(xs), max(ys)
