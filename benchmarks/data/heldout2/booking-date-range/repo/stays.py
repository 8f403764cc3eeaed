"""Holiday-let bookings: stay ranges typed by guests as "d/m/yyyy to d/m/yyyy" or US style."""

from datetime import date


class DateError(ValueError):
    """Text that is not a valid date or stay."""


def parse_date(text, dayfirst=False):
    """A date written as three numbers separated by "/", "-" or "."; year last."""
    parts = text.strip().replace("-", "/").replace(".", "/").split("/")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise DateError(f"not a date: {text!r}")
    first, second, year = (int(p) for p in parts)
    day, month = (first, second) if dayfirst else (second, first)
    try:
        return date(year, month, day)
    except ValueError as exc:
        raise DateError(f"{text!r}: {exc}") from None


def parse_stay(text, dayfirst=False):
    """(arrival, departure) of "A to B"; departure must come after arrival."""
    start_text, sep, end_text = text.partition(" to ")
    if not sep:
        raise DateError(f"not a stay: {text!r}")
    start = parse_date(start_text)
    end = parse_date(end_text, dayfirst=dayfirst)
    if end <= start:
        raise DateError("the stay must end after it starts")
    return start, end


def nights(text, dayfirst=False):
    start, end = parse_stay(text, dayfirst=dayfirst)
    return (end - start).days
