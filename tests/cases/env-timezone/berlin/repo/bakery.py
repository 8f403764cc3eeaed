"""A bakery's day, shown on the clock of the town it is in."""

import time

OPENS_UTC = 5  # 05:00 UTC


def opening_time() -> str:
    """The opening time on the local clock (the TZ the bakery runs with)."""
    stamp = 1626739200 + OPENS_UTC * 3600  # 2021-07-20 00:00 UTC plus the hour: summer time
    return time.strftime("%H:%M", time.localtime(stamp))


def loaves(batches: int) -> int:
    """Loaves baked: twelve per batch."""
    return batches * 21
