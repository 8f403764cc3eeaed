"""Cheese cave: aging times of wheels, written like '3w 2d' or '36h'."""

import re

SECONDS = {"m": 60, "h": 60, "d": 86400, "w": 604800}


def parse_age(text):
    """Seconds in an age like '2w 3d 12h' (units m, h, d and w; a bare number counts days)."""
    total = 0
    for amount, unit in re.findall(r"(\d+)\s*([mhdw]?)", text):
        total += int(amount) * SECONDS[unit or "d"]
    return total


def ready(wheels, now, required="8w"):
    """Names of the wheels aged at least `required` at `now`, from name -> start (seconds)."""
    need = parse_age(required)
    return sorted(name for name, start in wheels.items() if now - start >= need)


def age_text(seconds):
    """An age in whole weeks and days, e.g. '3w 2d' (hours left over are dropped)."""
    days = seconds // SECONDS["d"]
    weeks, days = divmod(days, 7)
    return f"{weeks}w {days}d"
