"""Watering plan for greenhouse beds: how many litres each bed needs today."""

LITRES_PER_POINT = 0.5


class Bed:
    """One bed: its name, the target soil moisture and the last reading (both in percent)."""

    def __init__(self, name, target, reading):
        self.name = name
        self.target = target
        self.reading = reading

    def litres_needed(self):
        """Litres to pour: LITRES_PER_POINT per moisture point below the target, else 0."""
        missing = self.target - self.reading
        return missing * LITRES_PER_POINT


def plan(beds):
    """The beds that need water as (name, litres), thirstiest first, and the total litres."""
    needs = [(bed.name, bed.litres_needed()) for bed in beds]
    thirsty = [need for need in needs if need[1] > 0]
    thirsty.sort(key=lambda need: -need[1])
    total = sum(litres for _, litres in needs)
    return thirsty, total


def driest(beds):
    """The name of the bed furthest below its target (None for no beds)."""
    if not beds:
        return None
    return max(beds, key=lambda bed: bed.target - bed.reading).name
