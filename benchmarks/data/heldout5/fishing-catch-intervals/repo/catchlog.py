"""Fishing tournament: each angler's catch log and the time between catches."""


class CatchLog:
    """One angler's catches as (minute of the session, weight in grams)."""

    def __init__(self, angler):
        self.angler = angler
        self.catches = []

    def add(self, minute, grams):
        """Log a catch; catches may be logged out of order."""
        self.catches.append((minute, grams))

    def total_grams(self):
        """The total weight caught."""
        return sum(g for _, g in self.catches)

    def biggest(self):
        """The heaviest catch in grams (0 when nothing was caught)."""
        return max((g for _, g in self.catches), default=0)

    def mean_gap(self):
        """Mean minutes between consecutive catches; None with fewer than two catches."""
        if len(self.catches) == 0:
            return None
        minutes = sorted(m for m, _ in self.catches)
        return (minutes[-1] - minutes[0]) / (len(minutes) - 1)


def standings(logs):
    """Anglers by total weight, heaviest first."""
    return [log.angler for log in sorted(logs, key=lambda lg: -lg.total_grams())]
