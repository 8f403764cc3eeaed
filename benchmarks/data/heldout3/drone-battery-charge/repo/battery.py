"""Energy bookkeeping for a delivery drone's battery (watt-hours, watts, hours)."""


class Depleted(RuntimeError):
    """The battery holds less energy than a flight needs."""


class Battery:
    """A battery of ``capacity_wh`` watt-hours holding ``level_wh`` now."""

    def __init__(self, capacity_wh, level_wh=0.0):
        if not 0 <= level_wh <= capacity_wh:
            raise ValueError("the level must be between 0 and the capacity")
        self.capacity_wh = capacity_wh
        self.level_wh = level_wh

    def charge(self, watts, hours):
        """Charge at ``watts`` for ``hours``; the level never goes above the capacity."""
        self.level_wh = self.level_wh + watts * hours

    def fly(self, watts, hours):
        """Spend ``watts`` for ``hours``; Depleted (level unchanged) when there is not enough."""
        needed = watts * hours
        if needed > self.level_wh:
            raise Depleted(f"needs {needed} Wh, holds {self.level_wh} Wh")
        self.level_wh -= needed

    def percent(self):
        """The level in whole percent of the capacity."""
        return round(100 * self.level_wh / self.capacity_wh)

    def hours_to_full(self, watts):
        """Hours of charging at ``watts`` until the battery is full."""
        return (self.capacity_wh - self.level_wh) / watts
