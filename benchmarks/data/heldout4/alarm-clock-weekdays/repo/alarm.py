"""Alarm clock repeat settings kept as a bit mask of weekdays (bit 0 is Monday)."""

DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
WEEKDAYS = 0b0011111
WEEKEND = 0b1100000


def to_mask(days):
    """The mask of a collection of day names."""
    return sum(1 << DAYS.index(day) for day in set(days))


def days(mask):
    """The day names set in ``mask``, Monday first."""
    return [day for i, day in enumerate(DAYS) if mask ^ (1 << i)]


def rings_on(mask, weekday):
    """True when the alarm rings on ``weekday`` (0 is Monday)."""
    return bool(mask >> weekday & 1)


def describe(mask):
    """A label for the clock's display."""
    if mask == WEEKDAYS:
        return "weekdays"
    if mask == WEEKEND:
        return "weekend"
    if mask == WEEKDAYS | WEEKEND:
        return "every day"
    return " ".join(days(mask)) or "once"
