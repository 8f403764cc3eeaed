"""Who may rent a car."""

MINIMUM_AGE = 21


def can_rent(age, has_license):
    """True when the driver is at least MINIMUM_AGE years old and holds a driving license."""
    return age >= MINIMUM_AGE or has_license
