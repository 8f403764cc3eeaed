import quantitykit_units_nowhere as units


def to_metres(value, unit):
    """A length in metres."""
    return value / units.FACTORS[unit]
