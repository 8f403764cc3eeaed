"""Format counts for reports: digit grouping and units."""


def group_digits(n, sep=","):
    """``1234567`` -> ``"1,234,567"``; negative numbers keep their sign."""
    digits = str(abs(n))
    out = ""
    for i, ch in enumerate(reversed(digits)):
        if i and i % 3 == 0:
            out = sep + out
        out = out + ch
    return "-" + out if n < 0 else out


def format_count(n, unit, plural=None):
    """``"1,200 files"``, ``"1 file"``; ``plural`` defaults to ``unit + "s"``."""
    word = unit if abs(n) == 1 else (plural or unit + "s")
    return f"{group_digits(n)} {word}"


def parse_grouped(text, sep=","):
    """The inverse of :func:`group_digits`; ValueError for a misplaced separator."""
    sign = -1 if text.startswith("-") else 1
    groups = text.lstrip("-").split(sep)
    if any(len(g) != 3 for g in groups[1:]) or not 1 <= len(groups[0]) <= 3:
        raise ValueError(f"badly grouped number: {text!r}")
    return sign * int("".join(groups))
