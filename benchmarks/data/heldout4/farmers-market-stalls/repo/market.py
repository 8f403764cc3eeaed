"""Stall numbers at a farmers market: vendors get stalls in alphabetical order."""

from itertools import count

FIRST_STALL = 1


def assign(vendors, closed=()):
    """{vendor: stall} with stalls counted from FIRST_STALL, skipping ``closed`` stalls.

    Vendors get their stalls in alphabetical order of name, whatever the order of ``vendors``.
    """
    stalls = {}
    numbers = (number for number in count(FIRST_STALL) if number not in closed)
    for vendor in vendors:
        stalls[vendor] = next(numbers)
    return stalls


def stall_map(stalls):
    """Lines ``"<stall>: <vendor>"`` in stall order."""
    return [f"{number}: {vendor}" for vendor, number in sorted(stalls.items(), key=lambda kv: kv[1])]


def fee(stalls, vendor, per_stall=15):
    """The day's fee of ``vendor`` (0 when it has no stall)."""
    return per_stall if vendor in stalls else 0
