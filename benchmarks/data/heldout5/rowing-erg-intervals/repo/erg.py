"""Rowing machine: the metres of an interval workout, and 500 m split times."""


class Workout:
    """Strokes are logged in metres; `end_interval` closes the interval being rowed."""

    def __init__(self, name):
        self.name = name
        self.current = 0.0
        self.intervals = []
        self.total = 0.0

    def stroke(self, metres):
        """Log one stroke's distance."""
        self.current += metres
        self.total += metres

    def end_interval(self):
        """Close the interval: record its metres; the next interval starts from zero."""
        self.intervals.append(self.current)

    def best(self):
        """The longest interval in metres (0.0 before the first one)."""
        return max(self.intervals, default=0.0)


def split_500(metres, seconds):
    """Time per 500 m as 'm:ss.s' for `metres` rowed in `seconds`."""
    per = seconds * 500 / metres
    minutes, secs = divmod(per, 60)
    return f"{int(minutes)}:{secs:04.1f}"
