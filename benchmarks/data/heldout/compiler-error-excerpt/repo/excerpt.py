"""Show a compiler error with the offending source line and a caret under the column."""


def _line_at(source, index):
    """Line number ``index`` (0-based) of ``source``, without its newline."""
    lines = source.splitlines()
    if not 0 <= index < len(lines):
        raise IndexError(f"no line {index + 1}: the source has {len(lines)}")
    return lines[index]


def caret(column):
    """A caret under 1-based ``column``."""
    return " " * (column - 1) + "^"


def show_error(source, filename, lineno, column, message):
    """The message block for an error at 1-based ``lineno`` and ``column``."""
    text = _line_at(source, lineno)
    prefix = f"{lineno} | "
    return "\n".join(
        [
            f"{filename}:{lineno}:{column}: error: {message}",
            prefix + text,
            " " * len(prefix) + caret(column),
        ]
    )


def context(source, lineno, radius=1):
    """The lines around 1-based ``lineno`` as ``(number, text)`` pairs."""
    total = len(source.splitlines())
    first = max(0, lineno - 1 - radius)
    last = min(total - 1, lineno - 1 + radius)
    return [(i + 1, _line_at(source, i)) for i in range(first, last + 1)]
