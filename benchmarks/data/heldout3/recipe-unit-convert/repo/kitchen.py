"""Convert recipe quantities between kitchen units of volume."""

MILLILITRES = {"ml": 1.0, "l": 1000.0, "tsp": 4.92892, "tbsp": 14.7868, "cup": 236.588}
METRIC = {"ml", "l"}


def _convert(amount, source, target):
    """``amount`` in unit ``source`` expressed in unit ``target``."""
    return amount * MILLILITRES[source] / MILLILITRES[target]


def convert(amount, source, target):
    """``amount`` converted from ``source`` to ``target``; ValueError naming an unknown unit."""
    for unit in (source, target):
        if unit not in MILLILITRES:
            raise ValueError(f"unknown unit: {unit}")
    return _convert(amount, source, target)


def to_metric(amount, unit):
    """(amount, unit) in millilitres, or in litres from 1000 ml on, rounded to 0.1.

    Metric quantities are returned unchanged.
    """
    if unit in METRIC:
        return amount, unit
    ml = _convert(amount, "ml", unit)
    if ml >= 1000:
        return round(_convert(ml, "ml", "l"), 1), "l"
    return round(ml, 1), "ml"


def scale(ingredients, factor):
    """Each (name, amount, unit) with its amount multiplied by ``factor``."""
    return [(name, amount * factor, unit) for name, amount, unit in ingredients]
