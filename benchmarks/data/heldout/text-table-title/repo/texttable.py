"""Render rows as a fixed-width text table with an optional centred title."""


def column_widths(header, rows):
    """The width of each column: its longest cell, header included."""
    widths = [len(h) for h in header]
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"row {row!r} has {len(row)} cells, expected {len(header)}")
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(str(cell)))
    return widths


def render_row(cells, widths):
    """One line: cells left-aligned in their columns, separated by `` | ``."""
    return " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()


def render(header, rows, title=None):
    """The table as a string of lines joined by newlines."""
    widths = column_widths(header, rows)
    total = sum(widths) + 3 * (len(widths) - 1)
    lines = []
    if title:
        pad = max(0, (total - title) // 2)
        lines.append(" " * pad + title)
    lines.append(render_row(header, widths))
    lines.append("-+-".join("-" * w for w in widths))
    lines.extend(render_row(row, widths) for row in rows)
    return "\n".join(lines)
