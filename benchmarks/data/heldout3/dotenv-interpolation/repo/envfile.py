"""Read .env files: KEY=value lines, comments, and ${NAME} references to earlier values."""

import re

LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")
REFERENCE = re.compile(r"\$\{([A-Z]+)\}")


def _expand(value, known):
    """``value`` with each ``${NAME}`` replaced by ``known[NAME]``; KeyError for an unknown name."""
    return REFERENCE.sub(lambda m: known[m.group(1)], value)


def parse(text, environ=None):
    """The variables of a .env file, in order, with references expanded.

    A reference names an earlier key of the file or a variable of ``environ``. Blank lines
    and lines starting with ``#`` are skipped; ValueError for any other line without ``=``.
    """
    values = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = LINE.match(line)
        if not match:
            raise ValueError(f"line {number}: expected KEY=value")
        key, value = match.groups()
        values[key] = _expand(value.strip().strip('"'), {**(environ or {}), **values})
    return values
