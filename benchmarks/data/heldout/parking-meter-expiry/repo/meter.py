"""A parking meter: paying buys time, the display counts down."""


class Meter:
    """Time paid for at ``cents_per_hour``, capped at ``max_hours`` ahead of now.

    Times are seconds since the epoch (ints).
    """

    def __init__(self, cents_per_hour, max_hours=2):
        if cents_per_hour <= 0:
            raise ValueError("the rate must be positive")
        self.cents_per_hour = cents_per_hour
        self.max_hours = max_hours
        self.paid_until = 0

    def pay(self, now, cents):
        """Add the time ``cents`` buy, starting now if the meter had run out."""
        bought = cents * 3600 // self.cents_per_hour
        start = max(now, self.paid_until)
        self.paid_until = min(start + bought, now + self.max_hours * 3600)
        return self.paid_until

    def seconds_left(self, now):
        """Seconds of paid time left at ``now`` (0 once it ran out)."""
        return self.paid_until - now

    def display(self, now):
        """``H:MM:SS`` of the time left, as the meter's screen shows it."""
        left = self.seconds_left(now)
        hours, rest = divmod(left, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}"

    def overdue(self, now, grace=300):
        """True when the paid time ran out more than ``grace`` seconds ago."""
        return now - self.paid_until > grace
