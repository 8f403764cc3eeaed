"""Turn a service's status samples into intervals and summarize them."""


def intervals(samples):
    """Maximal runs of one status as ``(start, end, status)`` tuples.

    ``samples`` is a list of ``(timestamp, status)`` sorted by time; ``end`` is the
    timestamp of the run's last sample. ValueError when the samples go back in time.
    """
    if not samples:
        return []
    out = []
    start, status = samples[0]
    last = start
    for ts, st in samples[1:]:
        if ts < last:
            raise ValueError(f"sample at {ts} is older than {last}")
        if st == status:
            last = ts
            continue
        out.append((start, last, status))
        start, last, status = ts, ts, st
    return out


def outages(samples):
    """How many separate runs of status ``"down"`` the samples hold."""
    count = 0
    previous = None
    for _, status in samples:
        if status == "down" and previous != "down":
            count += 1
        previous = status
    return count


def longest(samples, status):
    """The longest run of ``status`` as ``(start, end)``, or None."""
    runs = [(s, e) for s, e, st in intervals(samples) if st == status]
    if not runs:
        return None
    return max(runs, key=lambda r: r[1] - r[0])
