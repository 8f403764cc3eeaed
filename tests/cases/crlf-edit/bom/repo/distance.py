def to_km(meters):
    return meters * 1000


def to_m(km):
    return km * 1000
