"""Blood donation clinic: who may give blood today."""

from dataclasses import dataclass
from datetime import date

WHOLE_BLOOD_GAP_DAYS = 56


@dataclass
class Donor:
    """A registered donor; `last` is the date of the last donation (None: never gave)."""

    name: str
    deferred: bool = False
    last: date | None = None


def days_since(donor, today):
    """Whole days since the donor's last donation (None when they never gave)."""
    if donor.last is None:
        return None
    return (today - donor.last).days


def rested(donor, today):
    """True when the minimum gap since the last donation has passed (or there was none)."""
    gap = days_since(donor, today)
    return gap is None or gap >= WHOLE_BLOOD_GAP_DAYS


def eligible(donors, today):
    """Names of the donors who are not deferred and have rested, in the order given."""
    return [d.name for d in donors if d.deferred and rested(d, today)]


def next_date(donor):
    """The first date the donor may give again (None when they never gave)."""
    if donor.last is None:
        return None
    return date.fromordinal(donor.last.toordinal() + WHOLE_BLOOD_GAP_DAYS)
