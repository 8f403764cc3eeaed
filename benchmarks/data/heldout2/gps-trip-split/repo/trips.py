"""Split a vehicle's GPS fixes into trips wherever the tracker was silent for too long."""

import math
from dataclasses import dataclass

EARTH_RADIUS_KM = 6371.0


@dataclass(frozen=True)
class Fix:
    t: int  # seconds since the epoch
    lat: float
    lon: float


def distance_km(a, b):
    """Great-circle distance between two fixes (haversine formula)."""
    p1, p2 = math.radians(a.lat), math.radians(b.lat)
    dp = p2 - p1
    dl = math.radians(b.lon - a.lon)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def split_trips(fixes, max_gap_s=300):
    """The fixes sorted by time and grouped into trips (lists of fixes)."""
    trips = []
    current = []
    for fix in sorted(fixes, key=lambda f: f.t):
        if current and fix.t - current[-1].t > max_gap_s:
            trips.append(current)
            current = []
        current.append(fix)
    return trips


def trip_length_km(trip):
    total = 0.0
    for a, b in zip(trip, trip[1:]):
        total += distance_km(a, b)
    return total
