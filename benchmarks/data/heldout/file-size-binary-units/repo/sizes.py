"""Human-readable file sizes in binary units (KiB, MiB, ...), and back."""

import re

UNITS = ["B", "KiB", "MiB", "GiB", "TiB"]
_MULTIPLIERS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


def format_size(n):
    """``n`` bytes as ``"512 B"``, ``"1.5 KiB"``, ``"3.2 GiB"`` (one decimal above bytes)."""
    if n < 0:
        raise ValueError("a size cannot be negative")
    value = float(n)
    for unit in UNITS:
        if value < 1000 or unit == UNITS[-1]:
            if unit == "B":
                return f"{int(value)} B"
            return f"{value:.1f} {unit}"
        value /= 1024


def parse_size(text):
    """``"10M"``, ``"4 KiB"``, ``"512"`` -> bytes (an int)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?\s*", text)
    if not m:
        raise ValueError(f"not a size: {text!r}")
    return int(float(m.group(1)) * _MULTIPLIERS[m.group(2)])
