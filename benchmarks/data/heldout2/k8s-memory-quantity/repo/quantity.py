"""Memory quantities as written in container manifests: "512Mi", "1.5G", "64k"."""

import re

BINARY_BASE = 1000
DECIMAL_BASE = 1000
_BINARY = {"Ki": 1, "Mi": 2, "Gi": 3, "Ti": 4}
_DECIMAL = {"k": 1, "M": 2, "G": 3, "T": 4}
_QUANTITY = re.compile(r"^([0-9]+(?:\.[0-9]+)?)([A-Za-z]*)$")


class QuantityError(ValueError):
    """Text that is not a memory quantity."""


def parse_bytes(text):
    """Bytes in ``text``: binary suffixes count powers of 1024, decimal ones of 1000."""
    m = _QUANTITY.match(text.strip())
    if not m:
        raise QuantityError(f"not a quantity: {text!r}")
    number, suffix = float(m.group(1)), m.group(2)
    if suffix in _BINARY:
        return int(number * BINARY_BASE ** _BINARY[suffix])
    if suffix in _DECIMAL:
        return int(number * DECIMAL_BASE ** _DECIMAL[suffix])
    if suffix == "":
        return int(number)
    raise QuantityError(f"unknown suffix {suffix!r} in {text!r}")


def fits(requests, limit):
    """Whether the summed ``requests`` fit within ``limit``."""
    return sum(parse_bytes(r) for r in requests) <= parse_bytes(limit)


def as_mebibytes(nbytes):
    return f"{nbytes / BINARY_BASE ** 2:.1f}Mi"
