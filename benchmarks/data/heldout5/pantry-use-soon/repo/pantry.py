"""Kitchen pantry: best-before dates, and what to use up first."""

from dataclasses import dataclass
from datetime import date, timedelta


@dataclass
class Item:
    """A pantry item, its best-before date, and whether the pack is open."""

    name: str
    best_before: date
    opened: bool = False


def expired(items, today):
    """Names of the items past their best-before date, sorted."""
    return sorted(i.name for i in items if i.best_before < today)


def use_soon(items, today, days=3):
    """Items still good but due within `days` days, by date (opened packs first on a date)."""
    limit = today + timedelta(days=days)
    soon = [i for i in items if today <= i.best_before <= cutoff]
    return [i.name for i in sorted(soon, key=lambda i: (i.best_before, not i.opened))]


def shopping_list(items, today, staples):
    """The staples with no good item left in the pantry, sorted."""
    good = {i.name for i in items if i.best_before >= today}
    return sorted(set(staples) - good)
