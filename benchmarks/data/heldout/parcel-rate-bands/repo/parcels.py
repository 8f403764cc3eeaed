"""Parcel postage by weight band ("up to and including" each limit)."""

BANDS = [(1.0, 4.50), (5.0, 8.90), (20.0, 15.00)]
OVERWEIGHT_PER_KG = 1.20


def postage(weight_kg):
    """Postage in euros for a parcel of ``weight_kg``."""
    if weight_kg <= 0:
        raise ValueError("a parcel has a positive weight")
    if weight_kg <= BANDS[0][0]:
        return BANDS[0][1]
    elif weight_kg < BANDS[1][0]:
        return BANDS[1][1]
    elif weight_kg <= BANDS[2][0]:
        return BANDS[2][1]
    extra = weight_kg - BANDS[2][0]
    return round(BANDS[2][1] + OVERWEIGHT_PER_KG * -(-extra // 1), 2)


def total_postage(weights):
    """Postage of several parcels sent separately."""
    return round(sum(postage(w) for w in weights), 2)


def cheapest_split(weight_kg, parts):
    """Postage when ``weight_kg`` is split into ``parts`` equal parcels."""
    return total_postage([weight_kg / parts] * parts)
