"""Filter flight search results by the traveller's limits."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Offer:
    """One itinerary: carrier code, price in whole euros, number of stops, total minutes."""

    carrier: str
    price: int
    stops: int
    minutes: int


def acceptable(offer, max_price=None, max_stops=None):
    """True when ``offer`` is within both limits; a limit given as None does not apply."""
    cheap_enough = max_price is None or offer.price <= max_price
    few_stops = offer.stops <= max_stops
    return cheap_enough and few_stops


def search(offers, max_price=None, max_stops=None):
    """The acceptable offers, cheapest first, then shortest."""
    found = [o for o in offers if acceptable(o, max_price, max_stops)]
    return sorted(found, key=lambda o: (o.price, o.minutes))


def carriers(offers, max_price=None, max_stops=None):
    """The carriers with at least one acceptable offer, sorted."""
    return sorted({o.carrier for o in search(offers, max_price, max_stops)})
