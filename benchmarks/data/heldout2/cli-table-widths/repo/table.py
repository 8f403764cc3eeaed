"""Render rows as a plain-text table with aligned columns (numbers right-aligned)."""


def cell_text(value, precision=2):
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{precision}f}"
    return str(value)


def is_numeric(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def column_widths(headers, rows):
    """Width of each column: its longest header or cell text."""
    widths = [len(h) for h in headers]
    for row in rows:
        for i, value in enumerate(row):
            widths[i] = max(widths[i], cell_text(value))
    return widths


def render(headers, rows):
    widths = column_widths(headers, rows)
    numeric = [bool(rows) and all(is_numeric(r[i]) for r in rows) for i in range(len(headers))]

    def line(cells):
        parts = []
        for i, text in enumerate(cells):
            parts.append(text.rjust(widths[i]) if numeric[i] else text.ljust(widths[i]))
        return "  ".join(parts).rstrip()

    out = [line(list(headers)), "  ".join("-" * w for w in widths)]
    out += [line([cell_text(v) for v in row]) for row in rows]
    return "\n".join(out)
