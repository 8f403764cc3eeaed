"""Short codes for numeric link ids, in base 62 (digits, then a-z, then A-Z)."""

import string

ALPHABET = string.digits + string.ascii_lowercase + string.ascii_uppercase
BASE = len(ALPHABET)


def encode(n, width=0):
    """The code of id ``n`` (a non-negative int), left-padded with ``"0"`` to ``width``."""
    if n < 0:
        raise ValueError("ids are non-negative")
    if n == 0:
        return "".rjust(width, "0")
    chars = []
    while n:
        n, r = divmod(n, BASE)
        chars.append(ALPHABET[r])
    return "".join(reversed(chars)).rjust(width, "0")


def decode(code):
    """The id of a code; ValueError for a character outside the alphabet."""
    n = 0
    for ch in code:
        index = ALPHABET.find(ch)
        if index < 0:
            raise ValueError(f"bad character {ch!r} in {code!r}")
        n = n * BASE + index
    return n


def link(base_url, n):
    """The short link of id ``n`` under ``base_url``."""
    return base_url.rstrip("/") + "/" + encode(n)
