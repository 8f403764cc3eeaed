"""Amateur boxing tournament: weigh-in and weight divisions."""


class WeighIn:
    """The weigh-in of one tournament; `allowance_kg` is taken off for kit on the scale."""

    def __init__(self, allowance_kg=0.0):
        self.allowance_kg = allowance_kg
        self.records = []

    def division(self, kg):
        """The division for a weight, each limit included: 51, 57, 63.5, 71 and 80 kg."""
        kg = kg - self.allowance_kg
        if kg <= 51:
            return "flyweight"
        elif kg < 57:
            return "featherweight"
        elif kg <= 63.5:
            return "lightweight"
        elif kg <= 71:
            return "welterweight"
        elif kg <= 80:
            return "middleweight"
        return "heavyweight"

    def record(self, name, kg):
        """Weigh a boxer in; returns and keeps (name, division)."""
        entry = (name, self.division(kg))
        self.records.append(entry)
        return entry

    def roster(self, division):
        """Names weighed into a division, in weigh-in order."""
        return [name for name, d in self.records if d == division]
