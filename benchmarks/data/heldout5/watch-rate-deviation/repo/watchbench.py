"""A watchmaker's bench: the daily rate of mechanical watches from timing readings."""


def daily_rate(readings):
    """Seconds gained per day from (day, offset in seconds) readings, first to last.

    A positive rate means the watch runs fast; fewer than two readings give 0.0.
    """
    if len(readings) < 2:
        return 0.0
    (d0, s0), (d1, s1) = readings[0], readings[-1]
    return (s1 - s0) / (d1 - d0)


def within_spec(rate, tolerance=6.0):
    """True when a daily rate lies within plus or minus `tolerance` seconds."""
    return -tolerance <= rate <= tolerance


def rate_label(rate):
    """A rate for the customer: '3.5 s/day fast', '2.0 s/day slow' or 'on time'."""
    if rate == 0:
        return "on time"
    direction = "fast" if rate > 0 else "slow"
    return f"{rate:.1f} s/day {direction}"


def bench_report(watches):
    """One line 'name: label' per watch, for a dict name -> readings, sorted by name."""
    return [f"{name}: {rate_label(daily_rate(r))}" for name, r in sorted(watches.items())]
