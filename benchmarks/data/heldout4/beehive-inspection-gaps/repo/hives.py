"""A beekeeper's inspection diary: days between inspections of each hive."""


def mean_gap(days):
    """Mean days between successive inspections (``days``: sorted dates); None below two."""
    count = len(days)
    gap = None if count == 0 else (days[-1] - days[0]).days / (count - 1)
    return gap


def overdue(diary, today, every=9):
    """Hives whose last inspection is more than ``every`` days before ``today``, sorted."""
    late = []
    for hive, days in diary.items():
        if not days or (today - max(days)).days > every:
            late.append(hive)
    return sorted(late)


def report(diary):
    """{hive: mean gap rounded to 0.1 or "-"} for every hive of the diary."""
    out = {}
    for hive, days in diary.items():
        gap = mean_gap(sorted(days))
        out[hive] = "-" if gap is None else round(gap, 1)
    return out
