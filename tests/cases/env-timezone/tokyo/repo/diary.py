"""Diary entries dated in the writer's own time zone."""

import datetime as dt


def entry_date(epoch_s: float) -> str:
    """The local calendar date of a timestamp (ISO format)."""
    return dt.datetime.fromtimestamp(epoch_s).date().isoformat()


def words(text: str) -> int:
    """The number of words in an entry."""
    return len(text.split(" ")) - 1
