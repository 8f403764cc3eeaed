"""Postage for parcels by weight band and destination zone."""

ZONE_FACTOR = {"domestic": 1.0, "eu": 1.6, "world": 2.4}
BASE_CENTS = {"small": 450, "medium": 790, "large": 1590}


class Unshippable(Exception):
    """A parcel the postal service does not take."""


def band(weight_kg):
    """Weight band: up to and including 1 kg, 5 kg and 20 kg; heavier goes as freight."""
    if weight_kg <= 0:
        raise Unshippable("weight must be positive")
    if weight_kg <= 1:
        return "small"
    elif weight_kg < 5:
        return "medium"
    elif weight_kg <= 20:
        return "large"
    raise Unshippable(f"{weight_kg} kg goes as freight")


def postage_cents(weight_kg, zone="domestic"):
    if zone not in ZONE_FACTOR:
        raise Unshippable(f"no service to {zone}")
    return round(BASE_CENTS[band(weight_kg)] * ZONE_FACTOR[zone])


def label(weight_kg, zone="domestic"):
    return f"{band(weight_kg).upper()} {zone} {postage_cents(weight_kg, zone) / 100:.2f}"
