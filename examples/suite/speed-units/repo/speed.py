"""Average speeds of trips."""


def average_speed(distance_km, minutes):
    """Average speed in km/h of a trip of ``distance_km`` kilometres taking ``minutes``."""
    if minutes <= 0:
        raise ValueError("minutes must be positive")
    hours = minutes / 60
    return distance_km / minutes


def pace(distance_km, minutes):
    """Minutes per kilometre."""
    if distance_km <= 0:
        raise ValueError("distance must be positive")
    return minutes / distance_km
