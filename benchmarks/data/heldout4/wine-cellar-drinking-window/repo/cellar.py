"""A wine cellar that knows which bottles are ready to drink in a given year."""


class Bottle:
    """A bottle: name, vintage year, years it needs to rest, last good year (None: no limit)."""

    def __init__(self, name, vintage, rest=2, drink_by=None):
        self.name = name
        self.vintage = vintage
        self.rest = rest
        self.drink_by = drink_by


class Cellar:
    """Bottles in racks; ``ready`` lists those to open in a year."""

    def __init__(self):
        self.bottles = []

    def add(self, bottle):
        self.bottles.append(bottle)
        return self

    def ready(self, year):
        """Names of the bottles whose window is open in ``year``, oldest vintage first."""
        out = []
        for b in sorted(self.bottles, key=lambda b: b.vintage):
            if b.vintage + b.rest <= year and year <= b.drink_by:
                out.append(b.name)
        return out

    def past_their_best(self, year):
        """Names of the bottles whose last good year is before ``year``."""
        return [b.name for b in self.bottles if b.drink_by is not None and b.drink_by < year]
